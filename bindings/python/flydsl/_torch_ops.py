"""The kernel library's entry points as torch custom ops (`torch.ops.flydsl.*`), so that
`torch.compile(fullgraph=True)` traces a function that calls `flydsl.kernels` (Dynamo cannot
trace through ctypes, and hands the library FakeTensors while it traces) and CUDA graphs
capture the calls.

Each op writes into the tensors it is given (`out`, `residual_out` for the norms, q, k and the
caches for RoPE), the
form the C API has; `flydsl.kernels` allocates the result with torch when it traces. The fake
implementations have nothing to compute: the op returns nothing. The real ones are the eager
calls, given by `flydsl.kernels` when it registers the ops (this module does not import it)."""

import typing


def register(torch, eager):
    """Defines the ops in torch's `flydsl` namespace, each calling `eager[name]` (the kernel
    library's function of the C API's arguments, stream None: torch's current one)."""
    Tensor = torch.Tensor
    Optional = typing.Optional
    custom_op = torch.library.custom_op

    @custom_op("flydsl::elementwise", mutates_args=("out",))
    def elementwise(
        op: int, a: Tensor, b: Optional[Tensor], alpha: float, beta: float, out: Tensor
    ) -> None:
        eager["elementwise"](op, a, b, alpha, beta, out)

    @custom_op("flydsl::softmax", mutates_args=("out",))
    def softmax(x: Tensor, out: Tensor) -> None:
        eager["softmax"](x, out)

    @custom_op("flydsl::layernorm", mutates_args=("out", "residual_out"))
    def layernorm(
        x: Tensor,
        weight: Tensor,
        bias: Optional[Tensor],
        residual: Optional[Tensor],
        residual_out: Optional[Tensor],
        eps: float,
        out: Tensor,
    ) -> None:
        eager["layernorm"](x, weight, bias, residual, residual_out, eps, out)

    @custom_op("flydsl::rmsnorm", mutates_args=("out", "residual_out"))
    def rmsnorm(
        x: Tensor,
        weight: Tensor,
        residual: Optional[Tensor],
        residual_out: Optional[Tensor],
        eps: float,
        out: Tensor,
    ) -> None:
        eager["rmsnorm"](x, weight, residual, residual_out, eps, out)

    @custom_op("flydsl::gemm", mutates_args=("out",))
    def gemm(
        a: Tensor, b: Tensor, c: Optional[Tensor], alpha: float, beta: float, out: Tensor
    ) -> None:
        eager["gemm"](a, b, c, alpha, beta, out)

    @custom_op("flydsl::rope_kv_cache", mutates_args=("q", "k", "k_cache", "v_cache"))
    def rope_kv_cache(
        positions: Tensor,
        q: Tensor,
        k: Tensor,
        cos_sin_cache: Tensor,
        neox: bool,
        v: Optional[Tensor],
        slot_mapping: Optional[Tensor],
        k_cache: Optional[Tensor],
        v_cache: Optional[Tensor],
    ) -> None:
        eager["rope_kv_cache"](
            positions, q, k, cos_sin_cache, neox, v, slot_mapping, k_cache, v_cache
        )

    @custom_op("flydsl::paged_attention", mutates_args=("out",))
    def paged_attention(
        q: Tensor,
        k_cache: Tensor,
        v_cache: Tensor,
        block_tables: Tensor,
        seq_lens: Tensor,
        scale: float,
        out: Tensor,
    ) -> None:
        eager["paged_attention"](q, k_cache, v_cache, block_tables, seq_lens, scale, out)

    @custom_op("flydsl::attention", mutates_args=("out", "lse"))
    def attention(
        q: Tensor,
        k: Tensor,
        v: Tensor,
        cu_seqlens_q: Tensor,
        cu_seqlens_k: Tensor,
        max_seqlen_q: int,
        scale: float,
        causal: bool,
        out: Tensor,
        lse: Optional[Tensor],
    ) -> None:
        eager["attention"](
            q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, scale, causal, out, lse
        )

    @custom_op("flydsl::moe_topk_softmax", mutates_args=("topk_weights", "topk_ids"))
    def moe_topk_softmax(
        logits: Tensor, renormalize: bool, topk_weights: Tensor, topk_ids: Tensor
    ) -> None:
        eager["moe_topk_softmax"](logits, renormalize, topk_weights, topk_ids)

    @custom_op("flydsl::fused_moe", mutates_args=("out",))
    def fused_moe(
        x: Tensor, w1: Tensor, w2: Tensor, topk_weights: Tensor, topk_ids: Tensor, out: Tensor
    ) -> None:
        eager["fused_moe"](x, w1, w2, topk_weights, topk_ids, out)

    ops = (
        elementwise,
        softmax,
        layernorm,
        rmsnorm,
        gemm,
        rope_kv_cache,
        paged_attention,
        attention,
    )
    for op in ops + (moe_topk_softmax, fused_moe):
        op.register_fake(_writes_only)


def _writes_only(*args):
    """The fake implementation of an op that only writes the tensors it is given."""
    return None
