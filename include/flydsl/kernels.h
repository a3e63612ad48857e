/*===- kernels.h - The FlyDSL kernel library ------------------------*- C -*-===*\
|*                                                                            *|
|* Ready kernels over DLPack tensors: elementwise ops, row softmax, layernorm *|
|* and rmsnorm, RoPE with the KV-cache write, paged-attention decode, and    *|
|* GEMM. Each call reads its tensors' device (kDLCPU: the cpu target,         *|
|* kDLCUDA: cuda, kDLROCM: rocm), builds and compiles a kernel specialised   *|
|* for the dtypes, the row length, the vector width the tensors' alignment   *|
|* allows and the target on first use, keeps it (in memory, and on disk as   *|
|* any compiled kernel), and launches it on `stream` (NULL: the default      *|
|* stream; the cpu target runs before returning). See docs/kernels.md.       *|
|*                                                                            *|
|* Tensors are fly_arg_t of a DLPack kind, borrowed for the call; dtypes are  *|
|* float32, float16 or bfloat16 (computed in float32). Rows are the last     *|
|* dimension, which must be contiguous (stride 1); the leading dimensions    *|
|* must flatten to one row stride. Every check runs before anything is       *|
|* launched: on an error nothing is written.                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FLYDSL_KERNELS_H
#define FLYDSL_KERNELS_H

#include "flydsl/flydsl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fly_elementwise_op {
  FLY_EW_ADD = 0,        /* a + b */
  FLY_EW_MUL = 1,        /* a * b */
  FLY_EW_SCALE_BIAS = 2, /* alpha * a + beta */
  FLY_EW_SILU = 3,       /* a * sigmoid(a) */
  FLY_EW_GELU = 4,       /* a * Phi(a), with erf (torch's default gelu) */
  FLY_EW_GELU_TANH = 5,  /* gelu's tanh approximation */
  FLY_EW_SILU_MUL = 6    /* silu(a) * b (SwiGLU's gate) */
} fly_elementwise_op;

/* out = op(a[, b]) element by element over contiguous tensors of one shape and dtype; b is
 * NULL for the one-operand ops, alpha and beta are read by FLY_EW_SCALE_BIAS only. */
FLY_API fly_status fly_kernels_elementwise(int op /* fly_elementwise_op */, const fly_arg_t *a,
                                           const fly_arg_t *b, double alpha, double beta,
                                           const fly_arg_t *out, void *stream);

/* out = softmax(x) along the last dimension, numerically stable; out has x's shape (its dtype
 * may differ). */
FLY_API fly_status fly_kernels_softmax(const fly_arg_t *x, const fly_arg_t *out, void *stream);

/* Layer normalisation of each row: (h - mean) / sqrt(var + eps) * weight + bias, where h is x,
 * or x + residual when residual is given; residual_out (NULL: not written) receives h, and may
 * be residual itself. weight and bias (NULL: none) are rank-1 tensors of the row length. */
FLY_API fly_status fly_kernels_layernorm(const fly_arg_t *x, const fly_arg_t *weight,
                                         const fly_arg_t *bias, const fly_arg_t *residual,
                                         const fly_arg_t *residual_out, double eps,
                                         const fly_arg_t *out, void *stream);

/* RMS normalisation of each row: h / sqrt(mean(h^2) + eps) * weight, h as for layernorm. */
FLY_API fly_status fly_kernels_rmsnorm(const fly_arg_t *x, const fly_arg_t *weight,
                                       const fly_arg_t *residual, const fly_arg_t *residual_out,
                                       double eps, const fly_arg_t *out, void *stream);

/* Rotary position embedding fused with the paged KV-cache write: the step a serving engine takes
 * for each batch of new tokens (vLLM's rotary_embedding, then reshape_and_cache_flash). q
 * (T, Hq, D) and k (T, Hk, D) are rotated in place by the angles of each token's position
 * (positions: T of int32 or int64) read from cos_sin_cache (P, R): a row holds R/2 cosines, then
 * R/2 sines, with R even and at most D; dimensions from R on are not rotated. `neox` non-zero
 * rotates the pairs (x[i], x[i + R/2]) of the first R dimensions (GPT-NeoX, Llama), zero the
 * pairs (x[2i], x[2i + 1]) (GPT-J). When k_cache is given (then v, v_cache and slot_mapping are
 * too, else all four are NULL), token t's rotated k and its v (T, Hk, D) are written to row
 * slot_mapping[t] (T of int32 or int64) of k_cache and v_cache: tensors (..., Hk, D) whose
 * leading dimensions flatten to rows of slots, as vLLM's (blocks, block_size, Hk, D); a negative
 * slot (a padding token) is not written. q, k and v share one dtype, the caches another, each of
 * float32, float16 or bfloat16, computed in float32; each token's heads must be contiguous. A
 * position outside [0, P) or a slot past the caches' rows is an error on the cpu target, checked
 * before anything is written; a GPU's indices are not read by the host, so there such a token is
 * left unchanged and writes nothing. */
FLY_API fly_status fly_kernels_rope_kv_cache(const fly_arg_t *positions, const fly_arg_t *q,
                                             const fly_arg_t *k, const fly_arg_t *cos_sin_cache,
                                             int neox, const fly_arg_t *v,
                                             const fly_arg_t *slot_mapping,
                                             const fly_arg_t *k_cache, const fly_arg_t *v_cache,
                                             void *stream);
/* Decode attention over a paged KV cache (vLLM's paged_attention): for each sequence b and query
 * head h, out[b, h] = softmax(scale * q[b, h] . K^T) V over the sequence's first seq_lens[b]
 * tokens, token j's key and value being row block_tables[b, j / block_size] * block_size +
 * j % block_size of k_cache and v_cache (blocks, block_size, kv_heads, head_dim), KV head
 * h / (heads / kv_heads) (grouped-query and multi-query attention). q and out are (B, heads,
 * head_dim), each head's elements contiguous; block_tables (B, max_blocks) and seq_lens (B)
 * int32. Long tables are split into partitions of up to 512 tokens whose partial results a
 * second kernel combines (scratch memory from fly_stream_alloc). A sequence of no tokens reads
 * zeros. A length outside [0, max_blocks * block_size] or a block id outside the cache is an
 * error on the cpu target, checked before anything runs; on a GPU, whose tables the host does
 * not read, lengths are clamped to that range and tokens of such blocks are masked. */
FLY_API fly_status fly_kernels_paged_attention(const fly_arg_t *q, const fly_arg_t *k_cache,
                                               const fly_arg_t *v_cache,
                                               const fly_arg_t *block_tables,
                                               const fly_arg_t *seq_lens, double scale,
                                               const fly_arg_t *out, void *stream);
/* Attention forward over sequences of varied lengths (FlashAttention's varlen forward): for each
 * sequence b, query head h and query i of the sequence, out[i, h] = softmax(scale * q[i, h] .
 * K^T) V over the sequence's keys, K and V being the rows of k and v (tokens, kv_heads,
 * head_dim) of KV head h / (heads / kv_heads) (grouped-query and multi-query attention).
 * Sequence b's queries are rows cu_seqlens_q[b] .. cu_seqlens_q[b + 1] - 1 of q and out
 * (tokens, heads, head_dim), its keys rows cu_seqlens_k[b] .. cu_seqlens_k[b + 1] - 1 of k and v;
 * both offset tensors are int32 of length batch + 1, and max_seqlen_q bounds the queries of a
 * sequence. `causal` non-zero masks key j from query i where j > i + (keys - queries) of the
 * sequence (the last query sees every key: FlashAttention's rule for unequal lengths). q, k
 * and v are float16 or bfloat16 of one dtype with head_dim 64 or 128, each token's heads
 * contiguous; out is float32, float16 or bfloat16. Where lse is given (float32, (heads,
 * tokens)) it receives each query row's log(sum(exp(scale * q . k))) over its visible keys. A
 * row that sees no key reads zeros (its lse -inf). Offsets that fall or pass the tensors'
 * tokens, or a sequence longer than max_seqlen_q, are errors on the cpu target, checked before
 * anything is written; a GPU's offsets are not read by the host: there offsets are clamped
 * to the tokens and queries past max_seqlen_q are left unwritten. */
FLY_API fly_status fly_kernels_attention(const fly_arg_t *q, const fly_arg_t *k, const fly_arg_t *v,
                                         const fly_arg_t *cu_seqlens_q,
                                         const fly_arg_t *cu_seqlens_k, int64_t max_seqlen_q,
                                         double scale, int causal, const fly_arg_t *out,
                                         const fly_arg_t *lse, void *stream);
/* The router of a mixture of experts (vLLM's topk_softmax): for each row t of logits (tokens,
 * experts; float32, float16 or bfloat16), the topk largest of softmax(logits[t]) go to
 * topk_weights[t] (float, largest first; renormalised to sum to 1 where `renormalize` is
 * nonzero) and their experts to topk_ids[t] (int32 or int64), the lower expert first among
 * equal probabilities. topk (the columns of both outputs) is 1 to min(experts, 64); at most
 * 1024 experts. */
FLY_API fly_status fly_kernels_moe_topk_softmax(const fly_arg_t *logits, int renormalize,
                                                const fly_arg_t *topk_weights,
                                                const fly_arg_t *topk_ids, void *stream);
/* A mixture-of-experts layer with SwiGLU experts, as vLLM's fused_moe computes it: out[t] =
 * sum over j of topk_weights[t, j] * E_e(x[t]) with e = topk_ids[t, j] and E_e(v) =
 * (silu(v @ w1[e, :I]^T) * (v @ w1[e, I:]^T)) @ w2[e]^T. x (tokens, hidden) float16 or
 * bfloat16 with contiguous rows; w1 (experts, 2 * I, hidden) and w2 (experts, hidden, I) of
 * x's dtype, contiguous; topk_weights (tokens, topk) float and topk_ids (tokens, topk) int32 or
 * int64, contiguous; out (tokens, hidden) float. Pairs whose expert lies outside [0, experts)
 * add nothing (expert parallelism). The (token, choice) pairs are sorted by expert and each
 * expert's rows multiplied on the matrix cores by grouped GEMMs (float32 accumulation; the
 * activation is rounded to x's dtype between them, as vLLM's); scratch memory from
 * fly_stream_alloc. The GPU targets need the GEMM's matrix cores (fly_kernels_gemm). */
FLY_API fly_status fly_kernels_fused_moe(const fly_arg_t *x, const fly_arg_t *w1,
                                         const fly_arg_t *w2, const fly_arg_t *topk_weights,
                                         const fly_arg_t *topk_ids, const fly_arg_t *out,
                                         void *stream);
/* out = alpha * a @ b + beta * c on the matrix cores: a is M x K, b is K x N, both float16 or
 * both bfloat16, each contiguous along either dimension (row- or column-major); c (NULL: none,
 * beta unused) and out are M x N with contiguous rows, of float32, float16 or bfloat16 (c may be
 * out itself). Products accumulate in float32. Any M, N and K; the fastest path wants the
 * contiguous extents to be multiples of 8 and 16-byte aligned data. The GPU targets need an arch
 * with matrix cores: gfx9 (MFMA) on rocm, sm_80 or later (mma.sync) on cuda; the cpu target runs
 * the kernel of the arch it emulates. */
FLY_API fly_status fly_kernels_gemm(const fly_arg_t *a, const fly_arg_t *b, const fly_arg_t *c,
                                    double alpha, double beta, const fly_arg_t *out, void *stream);

/* out = scale_a[m] * scale_b[n] * (a @ b)[m, n], as torch._scaled_mm computes it: a (M x K)
 * and b (K x N) of one float8 kind (e4m3fn or e5m2; on gfx942 MFMA, whose fp8 is FNUZ, their
 * FNUZ kinds), both contiguous along K (a row-major, b column-major); scale_a float32 of one
 * value or M (shape (M,) or (M, 1)), scale_b of one or N ((N,) or (1, N)); out M x N float32,
 * float16 or bfloat16 with contiguous rows. Products accumulate in float32. The matrix cores
 * multiply fp8 on gfx9 (MFMA), sm_89+ (mma.sync) and sm_90 (wgmma where M > 32); the cpu target
 * runs the kernel of the arch it emulates. */
FLY_API fly_status fly_kernels_gemm_scaled(const fly_arg_t *a, const fly_arg_t *b,
                                           const fly_arg_t *scale_a, const fly_arg_t *scale_b,
                                           const fly_arg_t *out, void *stream);

/* A GEMM's tile, what an autotuner varies: a block of bm x bn outputs, its K tiles bk deep in
 * `stages` shared buffers, warps_m x warps_n atoms (warps, waves or warpgroups) over the block,
 * and K split over split_k blocks whose partial sums a second kernel adds (0: the library's
 * choice; the fp8 GEMM is never split). NULL where a call takes one: the library's table
 * (docs/kernels.md). A tile the problem's atoms, copies or the arch's shared memory cannot take,
 * or one giving a thread more than 128 accumulators (bm * bn / threads), is
 * FLY_ERROR_INVALID_ARGUMENT, before anything compiles. */
typedef struct fly_gemm_tile_t {
  size_t struct_size; /* sizeof(fly_gemm_tile_t) */
  int64_t bm, bn, bk;
  int32_t stages, warps_m, warps_n, split_k;
} fly_gemm_tile_t;

/* fly_kernels_gemm and fly_kernels_gemm_scaled with `tile` in place of the table's. */
FLY_API fly_status fly_kernels_gemm_tiled(const fly_arg_t *a, const fly_arg_t *b,
                                          const fly_arg_t *c, double alpha, double beta,
                                          const fly_arg_t *out, void *stream,
                                          const fly_gemm_tile_t *tile);
FLY_API fly_status fly_kernels_gemm_scaled_tiled(const fly_arg_t *a, const fly_arg_t *b,
                                                 const fly_arg_t *scale_a, const fly_arg_t *scale_b,
                                                 const fly_arg_t *out, void *stream,
                                                 const fly_gemm_tile_t *tile);

/* The tiles worth timing for out = a @ b (fp8 a and b: the scaled GEMM's) on the tensors'
 * target: the table's own first, then the arch's other tiles that this problem takes, each a
 * different kernel. Up to `capacity` are written to `tiles` (each struct_size set by the
 * caller); *count receives how many there are. Nothing is compiled. */
FLY_API fly_status fly_kernels_gemm_tiles(const fly_arg_t *a, const fly_arg_t *b,
                                          const fly_arg_t *out, fly_gemm_tile_t *tiles,
                                          size_t capacity, size_t *count);

/* How many kernels the library has made ready for these calls in this process (a cache
 * check). */
FLY_API int64_t fly_kernels_built(void);
/* How many of them it generated (built the IR of): the others came from the disk cache. */
FLY_API int64_t fly_kernels_generated(void);

#ifdef __cplusplus
}
#endif

#endif /* FLYDSL_KERNELS_H */
