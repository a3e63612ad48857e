"""A mixture-of-experts layer on a CUDA GPU: fk.fused_moe against a loop of cuBLAS GEMMs over
the experts (torch eager: each expert's tokens gathered, x w1^T, SiLU(gate) * up, then w2^T,
added into the output with the routing weight) and a Triton grouped GEMM written here (the
pairs sorted by expert into blocks of 64 rows by torch ops, then one Triton kernel for each
projection, each program taking a block of rows of one expert and a block of columns, as
vLLM's fused_moe does), bf16, at the shapes of Mixtral 8x7B (hidden 4096, 14336 per expert, 8
experts, top 2) and Qwen3-30B-A3B (2048, 768, 128 experts, top 8), decode batches (1-128
tokens) and prefill (1024-4096). The routing is fixed per shape (random logits through
fk.moe_topk_softmax). FlyDSL and Triton are timed by CUDA events over a CUDA graph of repeated
calls, the torch loop (which reads back which experts have tokens) over plain calls. "weights
GB/s" counts the bytes of the experts that some token chose, which a decode step must read at
least once. The last column is the largest difference between our output and the loop's,
relative to its largest magnitude.
Run: PYTHONPATH=bindings/python python3 bench/bench_moe.py
"""

import sys

import flydsl.kernels as fk
import torch
import torch.nn.functional as F
from bench_kernels import timed

try:
    import triton
    import triton.language as tl
except ImportError:  # the table then has no Triton column
    triton = None

MODELS = {"Mixtral 8x7B": (4096, 14336, 8, 2), "Qwen3-30B-A3B": (2048, 768, 128, 8)}
TOKENS = [1, 8, 32, 128, 1024, 4096]
BLOCK_M = 64


def cublas_loop(x, w1, w2, weights, ids):
    out = torch.zeros(x.shape, dtype=torch.float32, device=x.device)
    inter = w2.shape[2]
    for e in torch.unique(ids).tolist():
        tok, j = torch.where(ids == e)
        h = x[tok] @ w1[e].t()
        y = (F.silu(h[:, :inter]) * h[:, inter:]) @ w2[e].t()
        out.index_add_(0, tok, y.float() * weights[tok, j, None])
    return out.to(x.dtype)


if triton is not None:

    @triton.jit
    def tr_grouped(A, B, C, Sorted, Experts, Used, N, K, pairs, topk,
                   GATHER: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):  # fmt: skip
        pm, pn = tl.program_id(0), tl.program_id(1)
        if pm * BM < tl.load(Used):
            rows = pm * BM + tl.arange(0, BM)
            pair = tl.load(Sorted + rows)
            valid = pair < pairs
            a_row = pair // topk if GATHER else rows
            e = tl.load(Experts + pm).to(tl.int64)
            cols = pn * BN + tl.arange(0, BN)
            ks = tl.arange(0, BK)
            acc = tl.zeros([BM, BN], tl.float32)
            for k0 in range(0, K, BK):
                kk = k0 + ks
                a = tl.load(A + a_row[:, None].to(tl.int64) * K + kk[None, :],
                            mask=valid[:, None] & (kk < K)[None, :], other=0.0)  # fmt: skip
                b = tl.load(B + (e * N + cols[None, :]) * K + kk[:, None],
                            mask=(cols < N)[None, :] & (kk < K)[:, None], other=0.0)  # fmt: skip
                acc = tl.dot(a, b, acc)
            tl.store(C + rows[:, None].to(tl.int64) * N + cols[None, :], acc.to(C.dtype.element_ty),
                     mask=(cols < N)[None, :])  # fmt: skip


def triton_moe(x, w1, w2, weights, ids):
    """Sort by expert (torch ops, no host reads), two grouped GEMMs, combine."""
    tokens, hidden = x.shape
    experts, inter, topk = w1.shape[0], w2.shape[2], ids.shape[1]
    flat = ids.flatten().long()
    pairs = flat.numel()
    capacity = (pairs + min(experts, pairs) * (BLOCK_M - 1) + BLOCK_M - 1) // BLOCK_M * BLOCK_M
    # (torch.bincount reads its largest id back to the host, which a CUDA graph cannot hold)
    counts = torch.zeros(experts, dtype=torch.long, device=x.device)
    counts.scatter_add_(0, flat, torch.ones_like(flat))
    padded = (counts + BLOCK_M - 1) // BLOCK_M * BLOCK_M
    ends = torch.cumsum(padded, 0)
    order = torch.argsort(flat, stable=True)
    first = torch.cumsum(counts, 0) - counts
    dest = (ends - padded)[flat[order]] + torch.arange(pairs, device=x.device) - first[flat[order]]
    sorted_ids = torch.full((capacity,), pairs, dtype=torch.int32, device=x.device)
    sorted_ids[dest] = order.int()
    blocks = torch.arange(capacity // BLOCK_M, device=x.device) * BLOCK_M
    block_experts = torch.searchsorted(ends, blocks, right=True).clamp(max=experts - 1).int()
    used = ends[-1:].int()
    slots = torch.empty(pairs, dtype=torch.long, device=x.device)
    slots[order] = dest
    h1 = torch.empty(capacity, 2 * inter, dtype=x.dtype, device=x.device)
    y = torch.empty(capacity, hidden, dtype=x.dtype, device=x.device)

    def grouped(a, b, c, n, k, gather):
        grid = (capacity // BLOCK_M, triton.cdiv(n, 128))
        tr_grouped[grid](a, b, c, sorted_ids, block_experts, used, n, k, pairs, topk, gather,
                         BLOCK_M, 128, 64, num_warps=4, num_stages=4)  # fmt: skip

    grouped(x, w1, h1, 2 * inter, hidden, True)
    h2 = F.silu(h1[:, :inter]) * h1[:, inter:]
    grouped(h2, w2, y, hidden, inter, False)
    mix = y[slots].view(tokens, topk, hidden).float() * weights[..., None]
    return mix.sum(1).to(x.dtype)


def measure(model, x, w1, w2, weights, ids):
    """One row of the table."""
    hidden, inter = x.shape[1], w2.shape[2]
    out = torch.empty_like(x)
    ours = timed(lambda: fk.fused_moe(x, w1, w2, weights, ids, out=out)) * 1e3
    loop = timed(lambda: cublas_loop(x, w1, w2, weights, ids)) * 1e3
    tri = timed(lambda: triton_moe(x, w1, w2, weights, ids)) * 1e3 if triton else None
    want = cublas_loop(x, w1, w2, weights, ids).float()
    diff = (out.float() - want).abs().max().item() / want.abs().max().item()
    gbs = torch.unique(ids).numel() * 3 * hidden * inter * 2 / (ours * 1e-6) / 1e9
    tri_text, vs_tri = (f"{tri:9.1f}", f"{tri / ours:5.2f}") if tri else ("-", "-")
    print(f"| {model} | {x.shape[0]} | {ours:9.1f} | {loop:9.1f} | {tri_text} | "
          f"{loop / ours:5.2f} | {vs_tri} | {gbs:7.0f} | {diff:.1e} |")  # fmt: skip
    sys.stdout.flush()


def main():
    torch.manual_seed(0)
    print("| model | tokens | FlyDSL us | cuBLAS loop us | Triton us | vs loop | vs Triton "
          "| weights GB/s | max rel diff |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for model, (hidden, inter, experts, topk) in MODELS.items():
        w1 = (torch.randn(experts, 2 * inter, hidden, device="cuda") / hidden**0.5).bfloat16()
        w2 = (torch.randn(experts, hidden, inter, device="cuda") / inter**0.5).bfloat16()
        for tokens in TOKENS:
            x = torch.randn(tokens, hidden, device="cuda").bfloat16()
            logits = torch.randn(tokens, experts, device="cuda")
            weights, ids = fk.moe_topk_softmax(logits, topk, renormalize=True)
            measure(model, x, w1, w2, weights, ids)


if __name__ == "__main__":
    main()
