/* Vector add from C: build the kernel op by op, compile it, launch it on DLPack tensors, then
 * again through a prepared launch, and check the results. Run: ./build/examples/vector_add */
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <stdint.h>
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

static DLTensor vector(float *data, int64_t *shape) {
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  return t;
}

int main(void) {
  fly_module_t *module;
  fly_kernel_t *k;
  CHECK(fly_module_create(&module));
  CHECK(fly_kernel_create(module, "vector_add", &k));

  /* c[i] = a[i] + b[i] for i = block_idx.x * block_dim.x + thread_idx.x < n */
  fly_value_t *a = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *b = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *c = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_value_t *i = fly_binary(k, FLY_ADD,
                              fly_binary(k, FLY_MUL, fly_gpu_index(k, FLY_BLOCK_IDX, 0),
                                         fly_gpu_index(k, FLY_BLOCK_DIM, 0)),
                              fly_gpu_index(k, FLY_THREAD_IDX, 0));
  fly_value_t *inside = fly_compare(k, FLY_LT, i, n);
  fly_value_t *sum = fly_binary(k, FLY_ADD, fly_load(k, a, &i, 1, inside), fly_load(k, b, &i, 1, inside));
  fly_store(k, c, sum, &i, 1, inside);
  CHECK(fly_kernel_finish(k));

  /* Host arrays: the cpu target, also where a GPU is present (there the Python examples
   * launch on torch tensors). */
  fly_compiled_t *compiled;
  fly_compile_options_t options = {sizeof(options), "cpu", NULL, 2, NULL, 0};
  CHECK(fly_compile(module, &options, &compiled));

  enum { N = 1000 };
  float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float)), *z = malloc(N * sizeof(float));
  for (int j = 0; j < N; ++j) {
    x[j] = (float)j;
    y[j] = 0.5f * (float)j;
    z[j] = -1.0f;
  }
  int64_t shape[1] = {N};
  DLTensor ta = vector(x, shape), tb = vector(y, shape), tc = vector(z, shape);
  fly_arg_t args[4] = {{FLY_ARG_DLTENSOR, &ta, 0, 0},
                       {FLY_ARG_DLTENSOR, &tb, 0, 0},
                       {FLY_ARG_DLTENSOR, &tc, 0, 0},
                       {FLY_ARG_INT, NULL, N, 0}};
  fly_launch_config_t config = {sizeof(fly_launch_config_t), {(N + 255) / 256, 1, 1}, {256, 1, 1}, 0, NULL};
  CHECK(fly_launch(compiled, "vector_add", &config, args, 4));

  int wrong = 0;
  for (int j = 0; j < N; ++j)
    wrong += z[j] != 1.5f * (float)j;

  /* Repeated launches: a prepared launch binds the kernel once. Its slot form takes each
   * tensor as data, extent and stride, and each scalar in the low bytes of a slot: c = a + c,
   * three times. */
  fly_prepared_t *prepared;
  CHECK(fly_prepare_launch(compiled, "vector_add", &prepared));
  uint64_t slots[10] = {(uintptr_t)x, N, 1, (uintptr_t)z, N, 1, (uintptr_t)z, N, 1, N};
  for (int r = 0; r < 3; ++r)
    CHECK(fly_prepared_launch_slots(prepared, &config, slots, 10));
  fly_prepared_destroy(prepared);
  for (int j = 0; j < N; ++j)
    wrong += z[j] != 4.5f * (float)j;
  printf("vector_add on %s (%s): %d elements, %d wrong\n", fly_compiled_target(compiled),
         fly_compiled_arch(compiled), N, wrong);
  fly_compiled_destroy(compiled);
  fly_module_destroy(module);
  free(x);
  free(y);
  free(z);
  if (wrong)
    return 1;
  printf("ok\n");
  return 0;
}
