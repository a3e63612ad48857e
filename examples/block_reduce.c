/* Block sum reduction from C: each block sums its slice of x through warp shuffles and
 * shared memory and writes one partial sum; the host adds the partials.
 * Run: ./build/examples/block_reduce */
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                            \
  do {                                                                                         \
    fly_status s_ = (call);                                                                    \
    if (s_ != FLY_OK) {                                                                        \
      fprintf(stderr, "%s failed: %s: %s\n", #call, fly_status_name(s_),                       \
              fly_last_error_message());                                                       \
      return 1;                                                                                \
    }                                                                                          \
  } while (0)

enum { BLOCK = 256, WAVE = 64 }; /* gfx942, the default arch the cpu target emulates */

/* The sum over the wave of v, by butterfly shuffles. */
static fly_value_t *wave_sum(fly_kernel_t *k, fly_value_t *v) {
  fly_value_t *width = fly_const_int(k, FLY_I32, WAVE);
  for (int offset = WAVE / 2; offset > 0; offset /= 2)
    v = fly_binary(k, FLY_ADD, v,
                   fly_shuffle(k, FLY_SHUFFLE_XOR, v, fly_const_int(k, FLY_I32, offset), width));
  return v;
}

static int build(fly_module_t *module) {
  fly_kernel_t *k;
  CHECK(fly_kernel_create(module, "block_reduce", &k));
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *partial = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_value_t *smem = fly_shared_tensor(k, FLY_F32, BLOCK / WAVE, 16);

  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *bid = fly_gpu_index(k, FLY_BLOCK_IDX, 0);
  fly_value_t *i = fly_binary(k, FLY_ADD, fly_binary(k, FLY_MUL, bid, fly_const_int(k, FLY_I32, BLOCK)), tid);
  fly_value_t *v = fly_load(k, x, &i, 1, fly_compare(k, FLY_LT, i, n));
  v = wave_sum(k, v);

  /* Lane 0 of each wave parks its sum in shared memory. */
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_value_t *wave_id = fly_binary(k, FLY_DIV, tid, fly_const_int(k, FLY_I32, WAVE));
  fly_value_t *lane = fly_binary(k, FLY_REM, tid, fly_const_int(k, FLY_I32, WAVE));
  fly_store(k, smem, v, &wave_id, 1, fly_compare(k, FLY_EQ, lane, zero));
  fly_barrier(k);

  /* Thread 0 adds the waves' sums. */
  fly_if_begin(k, fly_compare(k, FLY_EQ, tid, zero), NULL, 0);
  fly_value_t *init = fly_const_float(k, FLY_F32, 0.0);
  fly_value_t *acc;
  fly_value_t *w = fly_for_begin(k, zero, fly_const_int(k, FLY_I32, BLOCK / WAVE),
                                 fly_const_int(k, FLY_I32, 1), &init, 1, &acc);
  fly_value_t *next = fly_binary(k, FLY_ADD, acc, fly_load(k, smem, &w, 1, NULL));
  fly_value_t *total;
  fly_for_end(k, &next, 1, &total);
  fly_store(k, partial, total, &bid, 1, NULL);
  fly_if_end(k, NULL, 0, NULL);
  CHECK(fly_kernel_finish(k));
  return 0;
}

int main(void) {
  fly_module_t *module;
  CHECK(fly_module_create(&module));
  if (build(module))
    return 1;
  /* Host arrays: the cpu target, also where a GPU is present. */
  fly_compiled_t *compiled;
  fly_compile_options_t options = {sizeof(options), "cpu", NULL, 2, NULL, 0};
  CHECK(fly_compile(module, &options, &compiled));

  const int sizes[] = {1, 255, 256, 1000, 4099};
  int failures = 0;
  for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); ++s) {
    int n = sizes[s], blocks = (n + BLOCK - 1) / BLOCK;
    float *x = malloc(n * sizeof(float)), *partial = malloc(blocks * sizeof(float));
    double expect = 0;
    srand(7 + n);
    for (int j = 0; j < n; ++j) {
      x[j] = (float)rand() / (float)RAND_MAX - 0.5f;
      expect += x[j];
    }
    int64_t xs[1] = {n}, ps[1] = {blocks};
    DLTensor tx = {x, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, xs, NULL, 0};
    DLTensor tp = {partial, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, ps, NULL, 0};
    fly_arg_t args[3] = {{FLY_ARG_DLTENSOR, &tx, 0, 0}, {FLY_ARG_DLTENSOR, &tp, 0, 0},
                         {FLY_ARG_INT, NULL, n, 0}};
    fly_launch_config_t config = {sizeof(config), {(uint32_t)blocks, 1, 1}, {BLOCK, 1, 1}, 0, NULL};
    CHECK(fly_launch(compiled, "block_reduce", &config, args, 3));
    double got = 0;
    for (int b = 0; b < blocks; ++b)
      got += partial[b];
    int bad = fabs(got - expect) > 1e-3 * (1 + fabs(expect));
    failures += bad;
    printf("n=%5d blocks=%2d sum=%.6f expected=%.6f %s\n", n, blocks, got, expect, bad ? "WRONG" : "");
    free(x);
    free(partial);
  }
  fly_compiled_destroy(compiled);
  fly_module_destroy(module);
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
