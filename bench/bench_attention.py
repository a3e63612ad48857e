"""Attention forward (prefill) on a CUDA GPU: fk.attention against torch's
scaled_dot_product_attention (its flash, cuDNN and memory-efficient backends, each alone; the
best of them is the mark) and a Triton flash-attention kernel written here (each program BM
query rows of one head, an online softmax over BN keys a step), at head_dim 128, 16 heads,
bf16, sequence lengths 1k-16k with 16k tokens a batch, causal and not. Each is timed by CUDA
events over a CUDA graph of repeated calls; TFLOP/s counts 4 * batch * heads * S^2 * D (half
of it causal). The last column is the largest difference between our output and the best
backend's.
Run: PYTHONPATH=bindings/python python3 bench/bench_attention.py [--quick | --lengths=S,S,...]
[--variants=TILE:OVERLAP,...]: with --variants, only fk.attention under each setting of
FLYDSL_ATTENTION_TILE and FLYDSL_ATTENTION_OVERLAP (sm_90's form), one column each.
"""

import functools
import os
import sys

import flydsl.kernels as fk
import torch
import torch.nn.functional as F
from bench_kernels import timed
from torch.nn.attention import SDPBackend, sdpa_kernel

try:
    import triton
    import triton.language as tl
except ImportError:  # the table then has no Triton column
    triton = None

HEADS, DIM, TOKENS = 16, 128, 16384
LENGTHS = [1024, 2048, 4096, 8192, 16384]
BACKENDS = {"flash": SDPBackend.FLASH_ATTENTION, "cudnn": SDPBackend.CUDNN_ATTENTION,
            "efficient": SDPBackend.EFFICIENT_ATTENTION}  # fmt: skip

if triton is not None:

    @triton.jit
    def tr_attention(Q, K, V, O, scale, S, H: tl.constexpr, D: tl.constexpr,
                     BM: tl.constexpr, BN: tl.constexpr, CAUSAL: tl.constexpr):  # fmt: skip
        # (batch, S, H, D) contiguous; program (query block, batch * H + head)
        blk, bh = tl.program_id(0), tl.program_id(1)
        base = (bh // H) * S * H * D + (bh % H) * D
        rows = blk * BM + tl.arange(0, BM)
        d = tl.arange(0, D)
        q = tl.load(Q + base + rows[:, None] * H * D + d[None, :], mask=(rows < S)[:, None],
                    other=0.0)  # fmt: skip
        m = tl.full([BM], float("-inf"), tl.float32)
        total = tl.zeros([BM], tl.float32)
        acc = tl.zeros([BM, D], tl.float32)
        end = tl.minimum(S, (blk + 1) * BM) if CAUSAL else S
        for n0 in range(0, end, BN):
            cols = n0 + tl.arange(0, BN)
            at = base + cols[:, None] * H * D + d[None, :]
            k = tl.load(K + at, mask=(cols < S)[:, None], other=0.0)
            s = tl.dot(q, tl.trans(k)) * scale
            keep = (cols < S)[None, :]
            if CAUSAL:
                keep = keep & (cols[None, :] <= rows[:, None])
            s = tl.where(keep, s, float("-inf"))
            m_new = tl.maximum(m, tl.max(s, 1))
            alpha = tl.exp2(m - m_new)
            p = tl.exp2(s - m_new[:, None])
            total = total * alpha + tl.sum(p, 1)
            v = tl.load(V + at, mask=(cols < S)[:, None], other=0.0)
            acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
            m = m_new
        out = acc / total[:, None]
        tl.store(O + base + rows[:, None] * H * D + d[None, :], out.to(O.dtype.element_ty),
                 mask=(rows < S)[:, None])  # fmt: skip

    def triton_attention(q, k, v, out, causal):
        batch, s, h, d = q.shape
        grid = (triton.cdiv(s, 128), batch * h)
        tr_attention[grid](q, k, v, out, d**-0.5 * 1.4426950408889634, s, h, d, 128, 64, causal,
                           num_warps=8, num_stages=2)  # fmt: skip


def row(s, causal):
    """TFLOP/s of each column at sequence length s, and our output's largest difference from the
    fastest backend's."""
    batch = max(1, TOKENS // s)
    q, k, v = (torch.randn(batch, s, HEADS, DIM, device="cuda", dtype=torch.bfloat16)
               for _ in range(3))  # fmt: skip
    qt, kt, vt = (x.transpose(1, 2) for x in (q, k, v))
    flops = 4.0 * batch * HEADS * s * s * DIM / (2 if causal else 1)
    results, outputs = {}, {}
    for label, backend in BACKENDS.items():
        try:
            with sdpa_kernel(backend):
                call = lambda: F.scaled_dot_product_attention(
                    qt, kt, vt, is_causal=causal
                )
                outputs[label] = call().transpose(1, 2)
                results[label] = flops / timed(call) / 1e9
        except RuntimeError:  # a backend that does not take the shape
            pass
    if triton:
        tout = torch.empty_like(q)
        results["triton"] = (
            flops / timed(lambda: triton_attention(q, k, v, tout, causal)) / 1e9
        )
    out = torch.empty_like(q)
    fk.attention(q, k, v, causal=causal, out=out)
    results["fk"] = (
        flops / timed(lambda: fk.attention(q, k, v, causal=causal, out=out)) / 1e9
    )
    best = max(outputs, key=lambda label: results[label])
    err = (out.float() - outputs[best].float()).abs().max().item()
    return results, results[best], err


def variants(lengths, settings):
    """fk.attention's TFLOP/s under each (tile, overlap) setting, read by the library at each
    call (each setting is a kernel of its own)."""
    print(f"fk.attention on {torch.cuda.get_device_name()}, bf16, {HEADS} heads, head_dim {DIM}, "
          f"{TOKENS} tokens a batch; TFLOP/s by FLYDSL_ATTENTION_TILE:OVERLAP")  # fmt: skip
    print(f"{'S':>6} {'causal':>6} " + " ".join(f"{v:>12}" for v in settings))
    for causal in (False, True):
        for s in lengths:
            batch = max(1, TOKENS // s)
            q, k, v = (torch.randn(batch, s, HEADS, DIM, device="cuda", dtype=torch.bfloat16)
                       for _ in range(3))  # fmt: skip
            flops = 4.0 * batch * HEADS * s * s * DIM / (2 if causal else 1)
            out = torch.empty_like(q)
            cells = []
            for setting in settings:
                tile, overlap = setting.split(":")
                os.environ["FLYDSL_ATTENTION_TILE"] = tile
                os.environ["FLYDSL_ATTENTION_OVERLAP"] = overlap
                call = functools.partial(fk.attention, q, k, v, causal=causal, out=out)
                call()
                cells.append(f"{flops / timed(call) / 1e9:12.1f}")
            print(f"{s:>6} {causal!s:>6} " + " ".join(cells), flush=True)
    os.environ.pop("FLYDSL_ATTENTION_TILE")
    os.environ.pop("FLYDSL_ATTENTION_OVERLAP")


def main():
    lengths = LENGTHS[:2] if "--quick" in sys.argv else LENGTHS
    for arg in sys.argv[1:]:
        if arg.startswith("--lengths="):
            lengths = [int(x) for x in arg.split("=", 1)[1].split(",")]
    for arg in sys.argv[1:]:
        if arg.startswith("--variants="):
            variants(lengths, arg.split("=", 1)[1].split(","))
            return
    print(f"Attention forward on {torch.cuda.get_device_name()}, bf16, {HEADS} heads, head_dim "
          f"{DIM}, {TOKENS} tokens a batch; TFLOP/s (higher is better)")  # fmt: skip
    cols = list(BACKENDS) + (["triton"] if triton else []) + ["fk"]
    print(f"{'S':>6} {'causal':>6} " + " ".join(f"{c:>9}" for c in cols)
          + f" {'fk/best':>8} {'fk/triton':>9} {'max err':>8}")  # fmt: skip
    for causal in (False, True):
        for s in lengths:
            results, best, err = row(s, causal)
            cells = " ".join(f"{results.get(c, float('nan')):9.1f}" for c in cols)
            ratio_t = (
                f"{results['fk'] / results['triton']:9.2f}" if triton else f"{'-':>9}"
            )
            print(f"{s:>6} {causal!s:>6} {cells} {results['fk'] / best:8.2f} {ratio_t} "
                  f"{err:8.3f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
