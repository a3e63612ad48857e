//===- generators.h - The library's kernels, one generator each -----*- C++ -*-===//
//
// Each generator writes one kernel named "main" into a module, specialised by its spec: the
// dtypes, the plan (block, vector width, row length) and the optional operands. Rows and
// element counts stay launch values, so one kernel serves every batch size.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_GENERATORS_H
#define FLYDSL_KERNELS_GENERATORS_H

#include "flydsl/flydsl.hpp"
#include "flydsl/kernels.h"
#include "kernels/gemm_plan.h"
#include "kernels/plan.h"

namespace fly::kernels {

struct ElementwiseSpec {
  int op = FLY_EW_ADD;
  fly_dtype dtype = FLY_F32;
  FlatPlan plan;
};
/// Parameters: a, [b,] out (rank 1, contiguous), [alpha, beta (f32)].
void buildElementwise(flydsl::Module &m, const ElementwiseSpec &spec);
bool takesSecondOperand(int op);

struct SoftmaxSpec {
  fly_dtype in = FLY_F32, out = FLY_F32;
  RowPlan plan;
};
/// Parameters: x, out ((rows, cols) with a row stride).
void buildSoftmax(flydsl::Module &m, const SoftmaxSpec &spec);

struct NormSpec {
  bool rms = false;
  fly_dtype in = FLY_F32, out = FLY_F32, weight = FLY_F32, bias = FLY_F32;
  fly_dtype residual = FLY_F32, residualOut = FLY_F32;
  bool hasBias = false, hasResidual = false, hasResidualOut = false;
  RowPlan plan;
};
/// Parameters: x, [residual,] [residual_out,] weight, [bias,] out, eps (f32).
void buildNorm(flydsl::Module &m, const NormSpec &spec);

struct GemmSpec {
  fly_dtype ab = FLY_F16, out = FLY_F32, c = FLY_F32;
  bool hasC = false;
  bool scaled = false; // D = alpha * scale_a[m] * scale_b[n] * (A B)[m, n] (fp8's scales)
  GemmPlan plan;
};
/// Parameters: a (M, K), b (N, K) (each contiguous along K or along M/N, as the plan says),
/// [c (M, N), row-major,] d (M, N) row-major, [scale_a, scale_b as (M, N) f32 views of strides
/// (?, 0) and (0, ?),] alpha, [beta] (f32). Grid: (M / BM, N / BN).
void buildGemm(flydsl::Module &m, const GemmSpec &spec);

struct SplitKSumSpec {
  int64_t splits = 2;
  fly_dtype out = FLY_F32, c = FLY_F32;
  bool hasC = false;
  RowPlan plan; // a row of D is plan.cols = N long; one block per chunk of a row
};
/// Parameters: partial sums (splits, M, N) f32 contiguous, [c (M, N),] d (M, N) (rows with a
/// row stride), alpha, [beta] (f32). Grid: (M, plan.chunks).
void buildSplitKSum(flydsl::Module &m, const SplitKSumSpec &spec);

struct RopeSpec {
  fly_dtype x = FLY_F32;      // q, k and v
  fly_dtype cache = FLY_F32;  // k_cache and v_cache
  fly_dtype cosSin = FLY_F32; // the cos/sin table
  fly_dtype positions = FLY_I64, slots = FLY_I64;
  int64_t heads = 1, kvHeads = 1, headDim = 2, rotary = 2;
  bool neox = true, writeCache = false;
  int vec = 1; // pairs a thread rotates at once (each run of a GPT-J thread is 2 * vec long)
  int threads = 128;
};
/// Parameters: positions (T), q (T, heads * headDim), k (T, kvHeads * headDim), cos_sin (P,
/// rotary), [v (T, kvHeads * headDim), slots (T), k_cache, v_cache (S, kvHeads * headDim)], each
/// with a row stride, aligned to its runs (ropeVector). Grid: (T).
void buildRope(flydsl::Module &m, const RopeSpec &spec);
/// The widest `vec` (8, 4, 2 or 1) whose runs divide the rotated and unrotated dimensions and
/// fit 16 bytes, and whose run bytes divide each operand's alignment (`alignBytes`, with its
/// element bytes; the cos/sin table's runs are vec long, the others' width(vec)).
int ropeVector(const RopeSpec &spec, const std::vector<std::pair<int64_t, int>> &operands,
               std::pair<int64_t, int> cosSin);

struct PagedAttentionSpec {
  fly_dtype q = FLY_F32, cache = FLY_F32, out = FLY_F32;
  int kvHeads = 1, group = 1, headDim = 64; // group: query heads per KV head
  int64_t blockSize = 16;                   // cache rows of a block
  int partition = 512;                      // tokens one block attends to
  int keyRun = 4;                           // elements of the K runs of the dot products (<= 8)
  int vec = 4;                              // elements of the V and output runs (<= 8)
  int threads = 128;
  bool split = false; // several partitions: partial results for buildPagedAttentionReduce
};
/// Parameters: q (B, heads * headDim), k_cache, v_cache (slots, kvHeads * headDim), each with
/// a row stride, block_tables (B, max_blocks) i32 with a row stride, seq_lens (B) i32, then
/// either out (B, heads * headDim) with a row stride or (split) the partial outputs
/// (B * heads, partitions, headDim) and their maxima and sums (B * heads, partitions) f32; scale
/// (f32). Grid: (B * kvHeads, partitions).
void buildPagedAttention(flydsl::Module &m, const PagedAttentionSpec &spec);
/// Parameters: the partial outputs, maxima and sums, seq_lens, out, the tables' capacity in
/// tokens (i32). Grid: (B * heads); headDim / vec threads.
void buildPagedAttentionReduce(flydsl::Module &m, const PagedAttentionSpec &spec);

/// A (rows, cols) tensor parameter with a dynamic row count and row stride.
flydsl::Value rowsParam(flydsl::Kernel &k, fly_dtype dtype, const RowPlan &plan);

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_GENERATORS_H
