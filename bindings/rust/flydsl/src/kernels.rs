//! The kernel library (`flydsl/kernels.h`): ready elementwise, softmax, layernorm, rmsnorm,
//! RoPE with the KV-cache write, paged-attention decode and GEMM kernels over tensors, compiled for their device on
//! first use and cached.
//!
//! ```no_run
//! use flydsl::kernel::{HostTensor, Stream};
//! let mut x = vec![1.0f32, 2.0, 3.0, 4.0];
//! let mut y = vec![0.0f32; 4];
//! flydsl::kernels::softmax(
//!     &HostTensor::new(&mut x, &[2, 2]),
//!     &mut HostTensor::new(&mut y, &[2, 2]),
//!     Stream::DEFAULT,
//! )
//! .unwrap();
//! ```
use crate::kernel::{DLTensor, HostTensor, Stream};
use crate::{check, raw, Result};
use std::os::raw::c_void;
use std::ptr;

/// An elementwise operation of [`elementwise`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Elementwise {
    /// a + b
    Add,
    /// a * b
    Mul,
    /// alpha * a + beta
    ScaleBias {
        /// The scale.
        alpha: f64,
        /// The offset.
        beta: f64,
    },
    /// a * sigmoid(a)
    Silu,
    /// a * Phi(a), with erf
    Gelu,
    /// gelu's tanh approximation
    GeluTanh,
    /// silu(a) * b
    SiluMul,
}

fn arg(t: &HostTensor<'_>) -> raw::fly_arg_t {
    raw::fly_arg_t {
        kind: raw::fly_arg_kind_FLY_ARG_DLTENSOR as i32,
        tensor: &*t.tensor as *const DLTensor as *const c_void,
        i: 0,
        f: 0.0,
    }
}

fn opt(t: &Option<raw::fly_arg_t>) -> *const raw::fly_arg_t {
    t.as_ref()
        .map_or(ptr::null(), |a| a as *const raw::fly_arg_t)
}

/// `out = op(a[, b])` element by element; `b` only for the two-operand ops.
pub fn elementwise(
    op: Elementwise,
    a: &HostTensor<'_>,
    b: Option<&HostTensor<'_>>,
    out: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    let (code, alpha, beta) = match op {
        Elementwise::Add => (raw::fly_elementwise_op_FLY_EW_ADD, 0.0, 0.0),
        Elementwise::Mul => (raw::fly_elementwise_op_FLY_EW_MUL, 0.0, 0.0),
        Elementwise::ScaleBias { alpha, beta } => {
            (raw::fly_elementwise_op_FLY_EW_SCALE_BIAS, alpha, beta)
        }
        Elementwise::Silu => (raw::fly_elementwise_op_FLY_EW_SILU, 0.0, 0.0),
        Elementwise::Gelu => (raw::fly_elementwise_op_FLY_EW_GELU, 0.0, 0.0),
        Elementwise::GeluTanh => (raw::fly_elementwise_op_FLY_EW_GELU_TANH, 0.0, 0.0),
        Elementwise::SiluMul => (raw::fly_elementwise_op_FLY_EW_SILU_MUL, 0.0, 0.0),
    };
    let (a, b, out) = (arg(a), b.map(arg), arg(out));
    // SAFETY: every pointer is to a live fly_arg_t whose DLTensor outlives the call.
    check(unsafe {
        raw::fly_kernels_elementwise(code as i32, &a, opt(&b), alpha, beta, &out, stream.0)
    })
}

/// Softmax of each row (the last dimension) of `x` into `out`.
pub fn softmax(x: &HostTensor<'_>, out: &mut HostTensor<'_>, stream: Stream) -> Result<()> {
    let (x, out) = (arg(x), arg(out));
    // SAFETY: as in `elementwise`.
    check(unsafe { raw::fly_kernels_softmax(&x, &out, stream.0) })
}

/// Operands of a normalisation besides the input and the output.
#[derive(Default)]
pub struct Norm<'t, 'a> {
    /// The per-column scale (rank 1, the row length); required.
    pub weight: Option<&'t HostTensor<'a>>,
    /// Added to the input before normalising.
    pub residual: Option<&'t HostTensor<'a>>,
    /// Receives input + residual.
    pub residual_out: Option<&'t mut HostTensor<'a>>,
}

/// Layer normalisation of each row of `x` into `out`, with an optional per-column `bias`.
pub fn layernorm(
    x: &HostTensor<'_>,
    n: Norm<'_, '_>,
    bias: Option<&HostTensor<'_>>,
    eps: f64,
    out: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    let (x, out) = (arg(x), arg(out));
    let (w, b, r) = (n.weight.map(arg), bias.map(arg), n.residual.map(arg));
    let ro = n.residual_out.map(|t| arg(t));
    // SAFETY: as in `elementwise`.
    check(unsafe {
        raw::fly_kernels_layernorm(&x, opt(&w), opt(&b), opt(&r), opt(&ro), eps, &out, stream.0)
    })
}

/// RMS normalisation of each row of `x` into `out`.
pub fn rmsnorm(
    x: &HostTensor<'_>,
    n: Norm<'_, '_>,
    eps: f64,
    out: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    let (x, out) = (arg(x), arg(out));
    let (w, r) = (n.weight.map(arg), n.residual.map(arg));
    let ro = n.residual_out.map(|t| arg(t));
    // SAFETY: as in `elementwise`.
    check(unsafe { raw::fly_kernels_rmsnorm(&x, opt(&w), opt(&r), opt(&ro), eps, &out, stream.0) })
}

/// The paged KV-cache write of [`rope_kv_cache`]: each token's rotated k and its `v` go to
/// row `slot_mapping[t]` (i32 or i64; negative: not written) of `k_cache` and `v_cache`,
/// tensors `(..., kv_heads, head_dim)` whose leading dimensions are the slots.
pub struct KvCacheWrite<'t, 'a> {
    /// `(tokens, kv_heads, head_dim)`, of k's dtype.
    pub v: &'t HostTensor<'a>,
    /// One slot per token.
    pub slot_mapping: &'t HostTensor<'a>,
    /// Receives the rotated k.
    pub k_cache: &'t mut HostTensor<'a>,
    /// Receives v.
    pub v_cache: &'t mut HostTensor<'a>,
}

/// Rotates `q` `(tokens, heads, head_dim)` and `k` `(tokens, kv_heads, head_dim)` in place by
/// each token's position (`positions`, i32 or i64): a row of `cos_sin_cache`
/// `(max_position, rotary_dim)` holds `rotary_dim / 2` cosines, then the sines; `neox` pairs
/// `x[i]` with `x[i + rotary_dim / 2]`, otherwise `x[2i]` with `x[2i + 1]`. With `cache`, also
/// writes the paged KV cache.
pub fn rope_kv_cache(
    positions: &HostTensor<'_>,
    q: &mut HostTensor<'_>,
    k: &mut HostTensor<'_>,
    cos_sin_cache: &HostTensor<'_>,
    neox: bool,
    cache: Option<KvCacheWrite<'_, '_>>,
    stream: Stream,
) -> Result<()> {
    let (p, q, k, cs) = (arg(positions), arg(q), arg(k), arg(cos_sin_cache));
    let (v, s, kc, vc) = match cache {
        Some(c) => (
            Some(arg(c.v)),
            Some(arg(c.slot_mapping)),
            Some(arg(c.k_cache)),
            Some(arg(c.v_cache)),
        ),
        None => (None, None, None, None),
    };
    // SAFETY: as in `elementwise`.
    check(unsafe {
        raw::fly_kernels_rope_kv_cache(
            &p,
            &q,
            &k,
            &cs,
            neox as i32,
            opt(&v),
            opt(&s),
            opt(&kc),
            opt(&vc),
            stream.0,
        )
    })
}

/// Decode attention over a paged KV cache (vLLM's layout) into `out`: `q` and `out`
/// `(batch, heads, head_dim)`, `k_cache` and `v_cache` `(blocks, block_size, kv_heads,
/// head_dim)`, `block_tables` `(batch, max_blocks)` and `seq_lens` `(batch)` of i32. Sequence
/// b attends to its first `seq_lens[b]` tokens, token j in block `block_tables[b, j /
/// block_size]`; query head h reads KV head `h / (heads / kv_heads)`.
#[allow(clippy::too_many_arguments)]
pub fn paged_attention(
    q: &HostTensor<'_>,
    k_cache: &HostTensor<'_>,
    v_cache: &HostTensor<'_>,
    block_tables: &HostTensor<'_>,
    seq_lens: &HostTensor<'_>,
    scale: f64,
    out: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    let (q, kc, vc) = (arg(q), arg(k_cache), arg(v_cache));
    let (bt, sl, out) = (arg(block_tables), arg(seq_lens), arg(out));
    // SAFETY: as in `elementwise`.
    check(unsafe {
        raw::fly_kernels_paged_attention(&q, &kc, &vc, &bt, &sl, scale, &out, stream.0)
    })
}

/// Attention forward over packed sequences (FlashAttention's varlen forward) into `out`:
/// `q` and `out` `(tokens_q, heads, head_dim)`, `k` and `v` `(tokens_k, kv_heads, head_dim)`
/// of f16 or bf16 with head_dim 64 or 128; sequence b's queries are rows `cu_seqlens_q[b]..
/// cu_seqlens_q[b + 1]` and its keys rows `cu_seqlens_k[b]..cu_seqlens_k[b + 1]` (both i32 of
/// length batch + 1), no sequence longer than `max_seqlen_q` queries. Query head h reads KV
/// head `h / (heads / kv_heads)`; `causal` masks the keys after each query (the last query
/// sees them all). `lse`, where given, receives each query's log-sum-exp, f32 `(heads,
/// tokens_q)`.
#[allow(clippy::too_many_arguments)]
pub fn attention(
    q: &HostTensor<'_>,
    k: &HostTensor<'_>,
    v: &HostTensor<'_>,
    cu_seqlens_q: &HostTensor<'_>,
    cu_seqlens_k: &HostTensor<'_>,
    max_seqlen_q: i64,
    scale: f64,
    causal: bool,
    out: &mut HostTensor<'_>,
    lse: Option<&mut HostTensor<'_>>,
    stream: Stream,
) -> Result<()> {
    let (q, k, v) = (arg(q), arg(k), arg(v));
    let (cq, ck, out) = (arg(cu_seqlens_q), arg(cu_seqlens_k), arg(out));
    let lse = lse.map(|t| arg(t));
    // SAFETY: as in `elementwise`.
    check(unsafe {
        raw::fly_kernels_attention(
            &q,
            &k,
            &v,
            &cq,
            &ck,
            max_seqlen_q,
            scale,
            i32::from(causal),
            &out,
            opt(&lse),
            stream.0,
        )
    })
}

/// The router of a mixture of experts (vLLM's `topk_softmax`): for each row of `logits`
/// (tokens, experts), the `topk` largest softmax probabilities (the columns of `topk_weights`
/// and `topk_ids`, (tokens, topk)), largest first and the lower expert first among equal ones,
/// divided by their sum when `renormalize`, and their experts (i32 or i64).
pub fn moe_topk_softmax(
    logits: &HostTensor<'_>,
    renormalize: bool,
    topk_weights: &mut HostTensor<'_>,
    topk_ids: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    let (l, w, i) = (arg(logits), arg(topk_weights), arg(topk_ids));
    // SAFETY: as in `elementwise`.
    check(unsafe {
        raw::fly_kernels_moe_topk_softmax(&l, i32::from(renormalize), &w, &i, stream.0)
    })
}

/// A mixture-of-experts layer with SwiGLU experts (vLLM's `fused_moe` after routing): `x`
/// (tokens, hidden) [`Bf16`](crate::kernel::Bf16); `w1` (experts, 2 * I, hidden), the gate
/// projections then the up ones, and `w2` (experts, hidden, I) of x's type; `topk_weights` and
/// `topk_ids` (tokens, topk) as [`moe_topk_softmax`] gives them. `out[t]` is the sum over j of
/// `topk_weights[t, j]` times expert `e = topk_ids[t, j]` applied to `x[t]`:
/// `(silu(x w1[e, :I]^T) * (x w1[e, I:]^T)) w2[e]^T`; pairs whose expert lies outside the
/// experts add nothing.
pub fn fused_moe(
    x: &HostTensor<'_>,
    w1: &HostTensor<'_>,
    w2: &HostTensor<'_>,
    topk_weights: &HostTensor<'_>,
    topk_ids: &HostTensor<'_>,
    out: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    let (x, w1, w2) = (arg(x), arg(w1), arg(w2));
    let (w, i, out) = (arg(topk_weights), arg(topk_ids), arg(out));
    // SAFETY: as in `elementwise`.
    check(unsafe { raw::fly_kernels_fused_moe(&x, &w1, &w2, &w, &i, &out, stream.0) })
}

/// `out = alpha * a @ b + beta * c` on the matrix cores (emulated on the cpu target): `a`
/// (M x K) and `b` (K x N) both [`Bf16`](crate::kernel::Bf16), products accumulated in f32;
/// `c` (`None`: no addend) and `out` are M x N.
pub fn gemm(
    a: &HostTensor<'_>,
    b: &HostTensor<'_>,
    c: Option<&HostTensor<'_>>,
    alpha: f64,
    beta: f64,
    out: &mut HostTensor<'_>,
    stream: Stream,
) -> Result<()> {
    gemm_with(a, b, c, alpha, beta, out, stream, None)
}

/// A GEMM tile (`fly_gemm_tile_t`): a block of `bm` x `bn` outputs whose K tiles, `bk` deep,
/// lie in `stages` shared buffers, `warps_m` x `warps_n` atoms over the block, K split over
/// `split_k` blocks (0: the library's choice). [`gemm_tiles`] lists those worth timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GemmTile {
    /// Rows of the block tile.
    pub bm: i64,
    /// Columns of the block tile.
    pub bn: i64,
    /// K values of each staged tile.
    pub bk: i64,
    /// Shared buffers of each operand.
    pub stages: i32,
    /// Atoms (warps, waves or warpgroups) along M.
    pub warps_m: i32,
    /// Atoms along N.
    pub warps_n: i32,
    /// Blocks sharing each tile's K (0: the library's choice).
    pub split_k: i32,
}

impl GemmTile {
    fn raw(&self) -> raw::fly_gemm_tile_t {
        raw::fly_gemm_tile_t {
            struct_size: std::mem::size_of::<raw::fly_gemm_tile_t>(),
            bm: self.bm,
            bn: self.bn,
            bk: self.bk,
            stages: self.stages,
            warps_m: self.warps_m,
            warps_n: self.warps_n,
            split_k: self.split_k,
        }
    }
}

/// The tiles worth timing for `out = a @ b` on the tensors' target, the library's own first.
pub fn gemm_tiles(
    a: &HostTensor<'_>,
    b: &HostTensor<'_>,
    out: &HostTensor<'_>,
) -> Result<Vec<GemmTile>> {
    let (a, b, out) = (arg(a), arg(b), arg(out));
    let mut count = 0usize;
    // SAFETY: the tensors are borrowed for the call; no tiles are written with capacity 0.
    check(unsafe { raw::fly_kernels_gemm_tiles(&a, &b, &out, ptr::null_mut(), 0, &mut count) })?;
    let blank = GemmTile {
        bm: 0,
        bn: 0,
        bk: 0,
        stages: 0,
        warps_m: 0,
        warps_n: 0,
        split_k: 0,
    };
    let mut tiles = vec![blank.raw(); count];
    // SAFETY: `tiles` holds `count` structs, each with its struct_size.
    check(unsafe {
        raw::fly_kernels_gemm_tiles(&a, &b, &out, tiles.as_mut_ptr(), count, &mut count)
    })?;
    Ok(tiles
        .iter()
        .take(count)
        .map(|t| GemmTile {
            bm: t.bm,
            bn: t.bn,
            bk: t.bk,
            stages: t.stages,
            warps_m: t.warps_m,
            warps_n: t.warps_n,
            split_k: t.split_k,
        })
        .collect())
}

/// [`gemm`] with `tile` in place of the library's table.
#[allow(clippy::too_many_arguments)] // gemm's arguments and the tile
pub fn gemm_tiled(
    a: &HostTensor<'_>,
    b: &HostTensor<'_>,
    c: Option<&HostTensor<'_>>,
    alpha: f64,
    beta: f64,
    out: &mut HostTensor<'_>,
    stream: Stream,
    tile: &GemmTile,
) -> Result<()> {
    gemm_with(a, b, c, alpha, beta, out, stream, Some(tile))
}

/// The GEMM with the caller's tile, or (`None`) the library's table.
#[allow(clippy::too_many_arguments)]
fn gemm_with(
    a: &HostTensor<'_>,
    b: &HostTensor<'_>,
    c: Option<&HostTensor<'_>>,
    alpha: f64,
    beta: f64,
    out: &mut HostTensor<'_>,
    stream: Stream,
    tile: Option<&GemmTile>,
) -> Result<()> {
    let (a, b, c, out) = (arg(a), arg(b), c.map(arg), arg(out));
    let tile = tile.map(GemmTile::raw);
    let tile_ptr = tile
        .as_ref()
        .map_or(ptr::null(), |t| t as *const raw::fly_gemm_tile_t);
    // SAFETY: as in `elementwise`; the tile, when given, is read during the call.
    check(unsafe {
        raw::fly_kernels_gemm_tiled(&a, &b, opt(&c), alpha, beta, &out, stream.0, tile_ptr)
    })
}
