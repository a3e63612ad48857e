/* The kernel library's C entry points on bad input: each is a status and a message naming the
 * operand, and the output is left as it was. Then one GEMM that runs. */
#include <flydsl/kernels.h>

#include <dlpack/dlpack.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void expect(fly_status got, fly_status want, const char *needle, const char *what) {
  const char *msg = fly_last_error_message();
  if (got != want || !strstr(msg, needle)) {
    printf("FAIL %s: %s (%s), expected %s with '%s'\n", what, fly_status_name(got), msg,
           fly_status_name(want), needle);
    ++failures;
  }
}

int main(void) {
  float x[2][8] = {{0}}, out[2][8];
  int32_t ints[2][8] = {{0}};
  for (int i = 0; i < 16; ++i)
    out[i / 8][i % 8] = 7.0f;
  int64_t shape[2] = {2, 8}, wide[2] = {2, 4}, strides[2] = {8, 2};
  DLTensor tx = {x, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor tout = {out, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor tint = {ints, {kDLCPU, 0}, 2, {kDLInt, 32, 1}, shape, NULL, 0};
  DLTensor tstrided = {x, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, wide, strides, 0};
  DLTensor tgpu = {x, {kDLCUDA, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor thost = {x, {kDLCUDAHost, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_arg_t ax = {FLY_ARG_DLTENSOR, &tx, 0, 0}, aout = {FLY_ARG_DLTENSOR, &tout, 0, 0};
  fly_arg_t aint = {FLY_ARG_DLTENSOR, &tint, 0, 0}, astr = {FLY_ARG_DLTENSOR, &tstrided, 0, 0};
  fly_arg_t agpu = {FLY_ARG_DLTENSOR, &tgpu, 0, 0}, ahost = {FLY_ARG_DLTENSOR, &thost, 0, 0};
  fly_arg_t scalar = {FLY_ARG_INT, NULL, 3, 0};

  expect(fly_kernels_softmax(NULL, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT, "x is NULL", "NULL");
  expect(fly_kernels_rope_kv_cache(NULL, &ax, &ax, &ax, 1, NULL, NULL, NULL, NULL, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "positions is NULL", "rope positions NULL");
  expect(fly_kernels_rope_kv_cache(&aint, &ax, &ax, &ax, 1, NULL, NULL, NULL, NULL, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "rope q has rank 2", "rope q of rank 2");
  expect(fly_kernels_rope_kv_cache(&ax, &ax, &ax, &ax, 1, NULL, NULL, NULL, NULL, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "indices are int32 or int64", "rope float positions");
  expect(fly_kernels_paged_attention(&ax, &ax, &ax, &aint, &aint, 1.0, &aout, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "paged_attention q has rank 2", "paged attention q rank 2");
  expect(fly_kernels_paged_attention(NULL, &ax, &ax, &aint, &aint, 1.0, &aout, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "paged_attention q is NULL", "paged attention NULL q");
  expect(fly_kernels_attention(&ax, &ax, &ax, &aint, &aint, 8, 1.0, 0, &aout, NULL, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "attention q has rank 2", "attention q rank 2");
  expect(fly_kernels_attention(&ax, NULL, &ax, &aint, &aint, 8, 1.0, 0, &aout, NULL, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "k is NULL", "attention NULL k");
  expect(fly_kernels_softmax(&scalar, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "not a DLPack tensor", "scalar");
  expect(fly_kernels_softmax(&aint, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT, "int32", "dtype");
  expect(fly_kernels_softmax(&astr, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT, "stride 2",
         "strided rows");
  expect(fly_kernels_softmax(&agpu, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT, "cuda:0",
         "two devices");
  expect(fly_kernels_softmax(&ahost, &aout, NULL), FLY_ERROR_UNSUPPORTED, "device type",
         "pinned host memory");
  expect(fly_kernels_layernorm(&ax, NULL, NULL, NULL, NULL, 1e-5, &aout, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "weight is NULL", "no weight");
  expect(fly_kernels_elementwise(FLY_EW_ADD, &ax, NULL, 0, 0, &aout, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "two operands", "add without b");
  expect(fly_kernels_elementwise(42, &ax, &ax, 0, 0, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "unknown elementwise op", "op");
  /* GEMM operands: f16 ones (0x3C00), a 2 x 8 and b 8 x 8. */
  uint16_t ones[64];
  for (int i = 0; i < 64; ++i)
    ones[i] = 0x3C00;
  int64_t square[2] = {8, 8};
  DLTensor ta16 = {ones, {kDLCPU, 0}, 2, {kDLFloat, 16, 1}, shape, NULL, 0};
  DLTensor tb16 = {ones, {kDLCPU, 0}, 2, {kDLFloat, 16, 1}, square, NULL, 0};
  DLTensor tb16gpu = {ones, {kDLCUDA, 0}, 2, {kDLFloat, 16, 1}, square, NULL, 0};
  fly_arg_t aa16 = {FLY_ARG_DLTENSOR, &ta16, 0, 0}, ab16 = {FLY_ARG_DLTENSOR, &tb16, 0, 0};
  fly_arg_t ab16gpu = {FLY_ARG_DLTENSOR, &tb16gpu, 0, 0};
  expect(fly_kernels_gemm(&aa16, NULL, NULL, 1, 0, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "b is NULL", "gemm without b");
  expect(fly_kernels_gemm(&ax, &ab16, NULL, 1, 0, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "both float16 or both bfloat16", "gemm of f32");
  expect(fly_kernels_gemm(&aa16, &ab16gpu, NULL, 1, 0, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "cuda:0", "gemm over two devices");
  expect(fly_kernels_gemm(&aa16, &aa16, NULL, 1, 0, &aout, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "b has 2 rows", "gemm inner extents");
  /* An output one row past its input overlaps it: refused. The same view works in place. */
  int64_t seven[2] = {1, 8};
  DLTensor tfirst = {out, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, seven, NULL, 0};
  DLTensor tshifted = {out, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, seven, NULL, 4 * sizeof(float)};
  fly_arg_t afirst = {FLY_ARG_DLTENSOR, &tfirst, 0, 0};
  fly_arg_t ashifted = {FLY_ARG_DLTENSOR, &tshifted, 0, 0};
  expect(fly_kernels_softmax(&afirst, &ashifted, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "out overlaps softmax x in memory", "softmax into a shifted view of its input");
  expect(fly_kernels_elementwise(FLY_EW_ADD, &afirst, &ashifted, 0, 0, &afirst, NULL),
         FLY_ERROR_INVALID_ARGUMENT, "out overlaps b in memory", "add over a shifted operand");
  for (int i = 0; i < 16; ++i)
    if (out[i / 8][i % 8] != 7.0f) {
      printf("FAIL: an error wrote to out\n");
      ++failures;
      break;
    }
  /* The tiles of a 2 x 8 x 8 problem: the table's first, every one a whole struct. A tile
   * refused is an error before anything runs; a short struct or a NULL count too. */
  fly_gemm_tile_t tiles[16];
  size_t count = 0;
  for (int i = 0; i < 16; ++i)
    tiles[i].struct_size = sizeof(fly_gemm_tile_t);
  if (fly_kernels_gemm_tiles(&aa16, &ab16, &aout, tiles, 16, &count) != FLY_OK || count < 2 ||
      count > 16 || tiles[0].bm <= 0 || tiles[0].stages < 2 || tiles[0].split_k != 1) {
    printf("FAIL gemm tiles: %zu, %s\n", count, fly_last_error_message());
    ++failures;
  }
  expect(fly_kernels_gemm_tiles(&aa16, &ab16, &aout, tiles, 16, NULL), FLY_ERROR_INVALID_ARGUMENT,
         "count", "gemm tiles without count");
  fly_gemm_tile_t odd = tiles[0];
  odd.bm = 100;
  expect(fly_kernels_gemm_tiled(&aa16, &ab16, NULL, 1, 0, &aout, NULL, &odd),
         FLY_ERROR_INVALID_ARGUMENT, "the GEMM tile 100x", "a tile of 100 rows");
  fly_gemm_tile_t huge = {sizeof(fly_gemm_tile_t), 256, 256, 128, 8, 4, 4, 1};
  expect(fly_kernels_gemm_tiled(&aa16, &ab16, NULL, 1, 0, &aout, NULL, &huge),
         FLY_ERROR_INVALID_ARGUMENT, "bytes of shared memory", "a tile past the LDS");
  fly_gemm_tile_t crowded = {sizeof(fly_gemm_tile_t), 256, 256, 32, 2, 2, 2, 1};
  expect(fly_kernels_gemm_tiled(&aa16, &ab16, NULL, 1, 0, &aout, NULL, &crowded),
         FLY_ERROR_INVALID_ARGUMENT, "256 accumulators", "a tile past the registers");
  fly_gemm_tile_t shortStruct = tiles[0];
  shortStruct.struct_size = 4;
  expect(fly_kernels_gemm_tiled(&aa16, &ab16, NULL, 1, 0, &aout, NULL, &shortStruct),
         FLY_ERROR_INVALID_ARGUMENT, "struct_size", "a short tile struct");
  /* out = 0.5 * a @ b: every element 0.5 * 8. */
  if (fly_kernels_gemm(&aa16, &ab16, NULL, 0.5, 0, &aout, NULL) != FLY_OK) {
    printf("FAIL gemm: %s\n", fly_last_error_message());
    ++failures;
  }
  for (int i = 0; i < 16; ++i)
    if (out[i / 8][i % 8] != 4.0f) {
      printf("FAIL gemm: out[%d] = %g, expected 4\n", i, out[i / 8][i % 8]);
      ++failures;
      break;
    }
  /* The same with the last tile of the list: a different kernel, the same sums. */
  for (int i = 0; i < 16; ++i)
    out[i / 8][i % 8] = 7.0f;
  if (count >= 2 && count <= 16 &&
      fly_kernels_gemm_tiled(&aa16, &ab16, NULL, 0.5, 0, &aout, NULL, &tiles[count - 1]) !=
          FLY_OK) {
    printf("FAIL gemm tiled: %s\n", fly_last_error_message());
    ++failures;
  }
  for (int i = 0; i < 16; ++i)
    if (out[i / 8][i % 8] != 4.0f) {
      printf("FAIL gemm tiled: out[%d] = %g, expected 4\n", i, out[i / 8][i % 8]);
      ++failures;
      break;
    }
  {
    /* A mixture of experts whose descriptors claim rows of 2^41 elements (addresses far apart,
     * never read): refused before any scratch size is computed. */
    int64_t big = (int64_t)1 << 41, s_x[2] = {1, big}, s_w1[3] = {1, 2, big}, s_w2[3] = {1, big, 1};
    int64_t s_r[2] = {1, 1};
    static float weight[1] = {1};
    static int32_t id[1] = {0};
    DLTensor tx = {(void *)((uintptr_t)1 << 44), {kDLCPU, 0}, 2, {kDLFloat, 16, 1}, s_x, NULL, 0};
    DLTensor to = tx, t1 = tx, t2 = tx;
    to.data = (void *)((uintptr_t)2 << 44);
    t1.data = (void *)((uintptr_t)3 << 44), t1.ndim = 3, t1.shape = s_w1;
    t2.data = (void *)((uintptr_t)4 << 44), t2.ndim = 3, t2.shape = s_w2;
    DLTensor tw = {weight, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, s_r, NULL, 0};
    DLTensor ti = {id, {kDLCPU, 0}, 2, {kDLInt, 32, 1}, s_r, NULL, 0};
    fly_arg_t ax = {FLY_ARG_DLTENSOR, &tx, 0, 0}, ao = {FLY_ARG_DLTENSOR, &to, 0, 0},
              a1 = {FLY_ARG_DLTENSOR, &t1, 0, 0}, a2 = {FLY_ARG_DLTENSOR, &t2, 0, 0},
              aw = {FLY_ARG_DLTENSOR, &tw, 0, 0}, ai = {FLY_ARG_DLTENSOR, &ti, 0, 0};
    expect(fly_kernels_fused_moe(&ax, &a1, &a2, &aw, &ai, &ao, NULL), FLY_ERROR_INVALID_ARGUMENT,
           "would not fit an address", "a mixture of experts past an address");
  }
  printf(failures ? "%d failures\n" : "ok\n", failures);
  return failures != 0;
}
