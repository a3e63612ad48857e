/* A bulk tensor copy (TMA) from C: each block of 32 threads has thread 0 copy an 8 x 16 box of
 * a 40 x 44 f32 matrix into a shared tile swizzled 64 bytes, on an mbarrier that every thread
 * waits for; the threads then write twice the tile out. The last column of boxes hangs over the
 * matrix's edge: those elements arrive as zeros and are not written. The kernel runs on the
 * cpu target emulating sm_90, as it would on a Hopper GPU.
 * Run: ./build/examples/tma_copy */
#include <dlpack/dlpack.h>
#include <flydsl/flydsl.h>

#include <stdio.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    fly_status s_ = (call);                                                                        \
    if (s_ != FLY_OK) {                                                                            \
      fprintf(stderr, "%s failed: %s: %s\n", #call, fly_status_name(s_),                           \
              fly_last_error_message());                                                           \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

enum { ROWS = 40, COLS = 44, BOX_ROWS = 8, BOX_COLS = 16 };

static int build(fly_module_t *m) {
  fly_kernel_t *k;
  CHECK(fly_kernel_create(m, "doubled", &k));
  int64_t dynamic[2] = {FLY_DYNAMIC, FLY_DYNAMIC}, row_major[2] = {FLY_DYNAMIC, 1};
  fly_value_t *src = fly_kernel_tensor_param_spec(k, FLY_F32, 2, dynamic, row_major, 16);
  fly_value_t *dst = fly_kernel_tensor_param_spec(k, FLY_F32, 2, dynamic, row_major, 0);
  int64_t box[2] = {BOX_ROWS, BOX_COLS};
  fly_value_t *desc = fly_kernel_tma_descriptor(k, src, box, 2, 64);

  /* The box lands row by row (the stride-1 mode fastest), each 64-byte row's 16-byte chunks
   * XORed with the row index: Swizzle<2,2,3> on f32 offsets, on a base aligned to 512 bytes. */
  fly_value_t *tile = fly_kernel_swizzle_tensor(
      k,
      fly_kernel_make_tensor(k, fly_shared_tensor(k, FLY_F32, BOX_ROWS * BOX_COLS, 512),
                             fly_kernel_layout(k, "(8,16):(16,1)", NULL, 0)),
      2, 2, 3, 0);
  fly_value_t *bars = fly_shared_tensor(k, FLY_I64, 1, 8);
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *first = fly_compare(k, FLY_EQ, tid, zero);
  fly_value_t *row0 = fly_binary(k, FLY_MUL, fly_gpu_index(k, FLY_BLOCK_IDX, 0),
                                 fly_const_int(k, FLY_I32, BOX_ROWS));
  fly_value_t *col0 = fly_binary(k, FLY_MUL, fly_gpu_index(k, FLY_BLOCK_IDX, 1),
                                 fly_const_int(k, FLY_I32, BOX_COLS));
  fly_value_t *origin[2] = {row0, col0};

  fly_if_begin(k, first, NULL, 0);
  fly_kernel_mbarrier_init(k, bars, zero, 1);
  fly_if_end(k, NULL, 0, NULL);
  fly_barrier(k);
  fly_if_begin(k, first, NULL, 0);
  fly_kernel_mbarrier_arrive(k, bars, zero, BOX_ROWS * BOX_COLS * 4);
  fly_kernel_tma_load(k, desc, tile, fly_kernel_int_tuple(k, "(?,?)", origin, 2), bars, zero);
  fly_if_end(k, NULL, 0, NULL);
  fly_kernel_mbarrier_wait(k, bars, zero, zero); /* phase 0 completes with the box's bytes */

  /* Thread t writes column t % 16 of rows t / 16, t / 16 + 2, ... */
  fly_value_t *col = fly_binary(k, FLY_REM, tid, fly_const_int(k, FLY_I32, BOX_COLS));
  fly_value_t *gcol = fly_binary(k, FLY_ADD, col0, col);
  fly_value_t *cols = fly_const_int(k, FLY_I32, COLS);
  for (int pass = 0; pass < BOX_ROWS * BOX_COLS / 32; ++pass) {
    fly_value_t *row =
        fly_binary(k, FLY_ADD, fly_binary(k, FLY_DIV, tid, fly_const_int(k, FLY_I32, 16)),
                   fly_const_int(k, FLY_I32, 2 * pass));
    fly_value_t *at[2] = {row, col};
    fly_value_t *v = fly_load(k, tile, at, 2, NULL);
    fly_value_t *out[2] = {fly_binary(k, FLY_ADD, row0, row), gcol};
    fly_value_t *inside = fly_compare(k, FLY_LT, gcol, cols);
    fly_store(k, dst, fly_binary(k, FLY_MUL, v, fly_const_float(k, FLY_F32, 2.0)), out, 2, inside);
  }
  return fly_kernel_finish(k) == FLY_OK ? 0 : (fprintf(stderr, "%s\n", fly_kernel_error(k)), 1);
}

int main(void) {
  fly_module_t *m;
  fly_compiled_t *c;
  CHECK(fly_module_create(&m));
  if (build(m))
    return 1;
  fly_compile_options_t options = {sizeof options, "cpu", "sm_90", 2, NULL, 0};
  CHECK(fly_compile(m, &options, &c));
  fly_module_destroy(m);

  static float a[ROWS * COLS] __attribute__((aligned(16))), b[ROWS * COLS];
  for (int i = 0; i < ROWS * COLS; ++i)
    a[i] = (float)i;
  int64_t shape[2] = {ROWS, COLS};
  DLTensor ta = {a, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor tb = {b, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &ta, 0, 0}, {FLY_ARG_DLTENSOR, &tb, 0, 0}};
  fly_launch_config_t config = {
      sizeof config, {ROWS / BOX_ROWS, (COLS + BOX_COLS - 1) / BOX_COLS, 1}, {32, 1, 1}, 0, NULL};
  CHECK(fly_launch(c, "doubled", &config, args, 2)); /* the descriptor is built here */
  int wrong = 0;
  for (int i = 0; i < ROWS * COLS; ++i)
    wrong += b[i] != 2.0f * a[i];
  printf("%d x %d doubled through %d x %d TMA boxes: %s\n", ROWS, COLS, BOX_ROWS, BOX_COLS,
         wrong ? "WRONG" : "exact");

  /* A tensor whose rows are not a multiple of 16 bytes cannot be described. */
  int64_t odd[2] = {ROWS, COLS - 1};
  ta.shape = odd;
  tb.shape = odd;
  fly_status s = fly_launch(c, "doubled", &config, args, 2);
  printf("rows of %d floats: %s: %s\n", COLS - 1, fly_status_name(s), fly_last_error_message());
  fly_compiled_destroy(c);
  return wrong != 0 || s != FLY_ERROR_LAUNCH;
}
