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
  /// Grouped (a mixture of experts): B holds E experts' (N, K) matrices and each block row of
  /// A (BM rows, all routed to one expert) multiplies the expert its table names.
  bool grouped = false;
  int64_t groupRows = 0; // grouped: rows per entry of the experts table (a multiple of BM)
  GemmPlan plan;
};
/// Parameters: a (M, K), b (N, K) (each contiguous along K or along M/N, as the plan says),
/// [c (M, N), row-major,] d (M, N) row-major, [scale_a, scale_b as (M, N) f32 views of strides
/// (?, 0) and (0, ?),] alpha, [beta] (f32). Grid: (M / BM, N / BN).
/// Grouped: b is (E, N, K) (with TMA (E * N, K)), both K-major, and after d come the block
/// rows' experts (M / BM) and the count of block rows in use (1), i32; rows past those are
/// not computed.
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

struct AttentionSpec {
  fly_dtype dtype = FLY_BF16, out = FLY_BF16; // q, k, v (and P) are f16 or bf16
  int kvHeads = 1, group = 1, headDim = 128;  // group: query heads per KV head
  bool causal = false, lse = false;
  // The tiled MMA: atoms of atomM x atomN x atomK, one warp (wave) each, stacked along M
  // (wgmma: one warpgroup each; threads then count the producer warpgroup too).
  fly_mma_family family = FLY_MMA_MFMA;
  int64_t atomM = 16, atomN = 16, atomK = 16;
  int wave = 64;
  int threads = 256;
  int64_t bm = 64, bn = 32; // query rows of a block, keys of a step
  int vec = 8;              // elements of a global-memory copy call
  int fragVec = 4;          // elements of a K-major fragment read from shared memory
  bool overlap = true;      // wgmma: the softmax of a tile overlaps P V of the one before
  int outVec = 1;           // adjacent columns of out a store (out's row stride a multiple)
};
/// Parameters: q (Tq, heads * headDim), k, v (Tk, kvHeads * headDim), each with a row stride and
/// aligned to vec elements; cu_seqlens_q, cu_seqlens_k (B + 1) i32; out (Tq, heads * headDim)
/// with a row stride; [lse (heads, Tq) f32 with a row stride;] scale * log2(e) (f32).
/// Grid: (ceil(max query length / bm), heads, B).
void buildAttention(flydsl::Module &m, const AttentionSpec &spec);
/// The tiled MMA, block and tile sizes of `spec` for `arch`; fails for an arch without one.
/// `tmaReady`: q, k and v have 16-byte aligned addresses and row strides (sm_90's TMA form,
/// whose v parameter is (kvHeads * headDim, Tk), the view transposed).
void planAttention(AttentionSpec &spec, const std::string &target, const std::string &arch,
                   bool tmaReady);

struct MoeGatingSpec {
  fly_dtype in = FLY_F32, weights = FLY_F32, ids = FLY_I32;
  int experts = 8, topk = 2;
  bool renormalize = false;
  int rowsPerBlock = 4; // a warp of 32 threads per row
};
/// The router's choice (vLLM's topk_softmax): per row of logits (T, experts), the topk largest
/// softmax probabilities (the lowest expert first among equal ones), renormalised to sum to 1
/// where asked, and their experts. Parameters: logits, weights (T, topk), ids (T, topk), each
/// with a row stride. Grid: (T / rowsPerBlock); 32 * rowsPerBlock threads.
void buildMoeTopkSoftmax(flydsl::Module &m, const MoeGatingSpec &spec);

struct MoeAlignSpec {
  fly_dtype ids = FLY_I32;
  int experts = 8;
  int64_t blockRows = 64; // rows of a block of the grouped GEMMs
  int threads = 256;
};
/// Sorts the T * topk (token, choice) pairs by expert (vLLM's moe_align_block_size): each
/// expert's pairs fill whole blocks of blockRows rows, in a run of its own. Parameters: ids
/// (pairs) flat; sorted (capacity): the pair of each row, the pair count where none; the
/// blocks' experts (capacity / blockRows, -1 past those in use); the count of blocks in use
/// (1); slots (pairs): each pair's row, -1 for an expert outside [0, experts) (all i32).
/// Grid: (1).
void buildMoeAlign(flydsl::Module &m, const MoeAlignSpec &spec);

struct MoeRowsSpec {
  fly_dtype dtype = FLY_BF16;  // of the rows read and written (combine: of out)
  fly_dtype weights = FLY_F32; // combine: of the routing weights
  int topk = 2;
  int64_t blockRows = 64;
  RowPlan plan; // over a row of plan.cols elements
};
/// Row r of a (capacity, cols) = row sorted[r] / topk of x (T, cols), zeros for rows no pair
/// fills. Parameters: x, sorted, blocks in use, a. Grid: (capacity); rows past the blocks in
/// use are left alone.
void buildMoeGather(flydsl::Module &m, const MoeRowsSpec &spec);
/// out = silu(gate) * up, row by row. Parameters: gate, up (views of one (capacity, 2 * cols)
/// buffer), blocks in use, out. Grid: (capacity).
void buildMoeActivation(flydsl::Module &m, const MoeRowsSpec &spec);
/// out[t] = sum over j of weights[t, j] * y[slots[t * topk + j]] (j with a slot). Parameters:
/// y (capacity, cols) f32, slots, weights (T, topk), out (T, cols). Grid: (T).
void buildMoeCombine(flydsl::Module &m, const MoeRowsSpec &spec);

/// A (rows, cols) tensor parameter with a dynamic row count and row stride.
flydsl::Value rowsParam(flydsl::Kernel &k, fly_dtype dtype, const RowPlan &plan);

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_GENERATORS_H
