/* A tiled copy from C: the kernel takes a 24 x 120 matrix whose layout is static (fixed when
 * the parameter is declared), each block its 8 x 24 tile (zipped_divide, slice), each of 4
 * threads its 8 values of every 4 x 8 piece (a raked thread-value layout and a 128-bit copy
 * atom), and the data goes through registers. Run: ./build/examples/tiled_copy */
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    fly_status s_ = (call);                                                                        \
    if (s_ != FLY_OK) {                                                                            \
      fprintf(stderr, "%s failed: %s: %s\n", #call, fly_status_name(s_),                           \
              fly_last_error_message());                                                           \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

enum { M = 24, N = 120 };

int main(void) {
  fly_module_t *module;
  fly_kernel_t *k;
  CHECK(fly_module_create(&module));
  CHECK(fly_kernel_create(module, "tiled_copy", &k));

  int64_t shape[2] = {M, N}, stride[2] = {N, 1};
  fly_value_t *a = fly_kernel_tensor_param_spec(k, FLY_F32, 2, shape, stride, 16);
  fly_value_t *b = fly_kernel_tensor_param_spec(k, FLY_F32, 2, shape, stride, 16);

  /* This block's tile: (8,24) tiles of the matrix, indexed by block_idx.x. */
  fly_value_t *bid = fly_gpu_index(k, FLY_BLOCK_IDX, 0);
  fly_value_t *which = fly_kernel_int_tuple(k, "(_,?)", &bid, 1);
  fly_value_t *ta = fly_kernel_slice(
      k, fly_kernel_layout_tiler_op(k, FLY_TILER_ZIPPED_DIVIDE, a, "(8:1,24:1)"), which);
  fly_value_t *tb = fly_kernel_slice(
      k, fly_kernel_layout_tiler_op(k, FLY_TILER_ZIPPED_DIVIDE, b, "(8:1,24:1)"), which);

  /* Threads (4,1):(1,1), values (1,8):(1,1), raked: thread t holds row t of a 4 x 8 piece. */
  fly_layout_t *thr, *vals, *tv;
  CHECK(fly_layout_parse("(4,1):(1,1)", &thr));
  CHECK(fly_layout_parse("(1,8):(1,1)", &vals));
  CHECK(fly_layout_binary(FLY_LAYOUT_RAKED_PRODUCT, thr, vals, &tv));
  fly_value_t *atom = fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, 128, FLY_F32);
  fly_value_t *tiled = fly_kernel_tiled_copy(k, atom, fly_kernel_layout_from_host(k, tv), "(4,8)");
  fly_layout_destroy(thr);
  fly_layout_destroy(vals);
  fly_layout_destroy(tv);

  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *src = fly_kernel_tiled_copy_partition(k, tiled, tid, ta, 1);
  fly_value_t *dst = fly_kernel_tiled_copy_partition(k, tiled, tid, tb, 0);
  fly_value_t *frag = fly_kernel_make_fragment(k, src, FLY_F32);
  fly_kernel_copy(k, atom, src, frag, NULL);
  fly_kernel_copy(k, atom, frag, dst, NULL);
  char *text;
  CHECK(fly_kernel_value_to_string(k, src, &text));
  printf("each thread's part of the source: %s\n", text);
  fly_string_free(text);
  CHECK(fly_kernel_finish(k));

  fly_compiled_t *compiled;
  fly_compile_options_t options = {sizeof(options), "cpu", NULL, 2, NULL, 0};
  CHECK(fly_compile(module, &options, &compiled));

  float *x = aligned_alloc(16, M * N * sizeof(float)),
        *y = aligned_alloc(16, M * N * sizeof(float));
  for (int j = 0; j < M * N; ++j) {
    x[j] = (float)j;
    y[j] = -1.0f;
  }
  int64_t dims[2] = {M, N};
  DLTensor dx = {x, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, dims, NULL, 0};
  DLTensor dy = {y, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, dims, NULL, 0};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &dx, 0, 0}, {FLY_ARG_DLTENSOR, &dy, 0, 0}};
  fly_launch_config_t config = {sizeof(config), {(M / 8) * (N / 24), 1, 1}, {4, 1, 1}, 0, NULL};
  CHECK(fly_launch(compiled, "tiled_copy", &config, args, 2));
  int wrong = 0;
  for (int j = 0; j < M * N; ++j)
    wrong += y[j] != x[j];

  /* The layout is part of the kernel: a matrix of another shape is refused, not misread. */
  int64_t other[2] = {M, N / 2};
  dx.shape = dy.shape = other;
  fly_status s = fly_launch(compiled, "tiled_copy", &config, args, 2);
  printf("a %dx%d matrix: %s (%s)\n", M, N / 2, fly_status_name(s), fly_last_error_message());
  wrong += s != FLY_ERROR_LAUNCH;

  free(x);
  free(y);
  fly_compiled_destroy(compiled);
  fly_module_destroy(module);
  printf(wrong ? "wrong\n" : "ok\n");
  return wrong != 0;
}
