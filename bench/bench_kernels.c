/* Kernel benchmarks on the cpu target (not a test): compile time, launch overhead, vector-add
 * bandwidth. Run: ./build/bench/bench_kernels */
#define _POSIX_C_SOURCE 199309L
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what) {
  fprintf(stderr, "%s: %s\n", what, fly_last_error_message());
  exit(1);
}

/* c[i] = a[i] + b[i]; `salt` makes each module's IR distinct so no cache is hit. */
static fly_module_t *vector_add(int salt) {
  fly_module_t *m;
  fly_kernel_t *k;
  if (fly_module_create(&m) || fly_kernel_create(m, "vector_add", &k))
    die("create");
  fly_value_t *a = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *b = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *c = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_value_t *i = fly_binary(k, FLY_ADD,
                              fly_binary(k, FLY_MUL, fly_gpu_index(k, FLY_BLOCK_IDX, 0),
                                         fly_gpu_index(k, FLY_BLOCK_DIM, 0)),
                              fly_gpu_index(k, FLY_THREAD_IDX, 0));
  i = fly_binary(k, FLY_ADD, i, fly_const_int(k, FLY_I32, salt * 0));
  fly_const_int(k, FLY_I64, salt);
  fly_value_t *in = fly_compare(k, FLY_LT, i, n);
  fly_store(k, c, fly_binary(k, FLY_ADD, fly_load(k, a, &i, 1, in), fly_load(k, b, &i, 1, in)),
            &i, 1, in);
  if (fly_kernel_finish(k))
    die("finish");
  return m;
}

int main(void) {
  printf("| cpu target (this machine)                 | value        |\n");
  printf("|-------------------------------------------|--------------|\n");
  /* Compile: the first one pays LLVM's one-time set-up; then fresh IR each time. */
  fly_compiled_t *c;
  double t0 = now();
  fly_module_t *m0 = vector_add(0);
  if (fly_compile(m0, NULL, &c))
    die("compile");
  printf("| first compile in the process (vector_add) | %9.2f ms |\n", (now() - t0) * 1e3);
  fly_compiled_destroy(c);
  const int reps = 10;
  t0 = now();
  for (int r = 1; r <= reps; ++r) {
    fly_module_t *m = vector_add(r);
    if (fly_compile(m, NULL, &c))
      die("compile");
    fly_compiled_destroy(c);
    fly_module_destroy(m);
  }
  printf("| compile, new IR (vector_add)              | %9.2f ms |\n", (now() - t0) * 1e3 / reps);
  t0 = now();
  for (int r = 0; r < 1000; ++r) {
    if (fly_compile(m0, NULL, &c))
      die("compile");
    fly_compiled_destroy(c);
  }
  printf("| compile, in-memory cache hit              | %9.2f us |\n", (now() - t0) * 1e3);
  if (fly_compile(m0, NULL, &c))
    die("compile");

  /* Launch overhead: one block of one thread. */
  enum { N = 1 << 24 };
  float *a = malloc(N * sizeof(float)), *b = malloc(N * sizeof(float)), *d = malloc(N * sizeof(float));
  for (int j = 0; j < N; ++j) {
    a[j] = 1.0f;
    b[j] = 2.0f;
    d[j] = 0.0f;
  }
  int64_t shape[1] = {N};
  DLTensor ta = {a, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor tb = {b, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor td = {d, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_arg_t args[4] = {{FLY_ARG_DLTENSOR, &ta, 0, 0}, {FLY_ARG_DLTENSOR, &tb, 0, 0},
                       {FLY_ARG_DLTENSOR, &td, 0, 0}, {FLY_ARG_INT, NULL, 1, 0}};
  fly_launch_config_t one = {sizeof(one), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  const int launches = 20000;
  t0 = now();
  for (int r = 0; r < launches; ++r)
    if (fly_launch(c, "vector_add", &one, args, 4))
      die("launch");
  printf("| launch overhead (1 block x 1 thread)      | %9.2f us |\n", (now() - t0) * 1e6 / launches);
  /* A small grid: blocks over every core (no work: n = 1, the other threads are predicated). */
  fly_launch_config_t small = {sizeof(small), {16, 1, 1}, {64, 1, 1}, 0, NULL};
  t0 = now();
  for (int r = 0; r < launches; ++r)
    if (fly_launch(c, "vector_add", &small, args, 4))
      die("launch");
  printf("| launch overhead (16 blocks x 64 threads)  | %9.2f us |\n", (now() - t0) * 1e6 / launches);

  /* Bandwidth: 3 x 4 bytes per element, 2^24 elements. */
  args[3].i = N;
  fly_launch_config_t full = {sizeof(full), {N / 256, 1, 1}, {256, 1, 1}, 0, NULL};
  if (fly_launch(c, "vector_add", &full, args, 4))
    die("launch");
  const int passes = 5;
  t0 = now();
  for (int r = 0; r < passes; ++r)
    if (fly_launch(c, "vector_add", &full, args, 4))
      die("launch");
  double s = (now() - t0) / passes;
  printf("| vector_add 2^24 f32: time per launch      | %9.2f ms |\n", s * 1e3);
  printf("| vector_add 2^24 f32: bandwidth            | %7.2f GB/s |\n", 12.0 * N / s / 1e9);
  if (d[N - 1] != 3.0f)
    die("wrong result");
  fly_compiled_destroy(c);
  fly_module_destroy(m0);
  free(a);
  free(b);
  free(d);
  return 0;
}
