"""Paged-attention decode on a CUDA GPU: fk.paged_attention against a Triton flash-decoding
kernel over the same paged cache (written here: each program a sequence's KV head and a chunk
of its tokens, the chunks combined by a second kernel) and torch's scaled_dot_product_attention
over a contiguous cache of the same sizes (no paging: what the layout costs is not in it), at
Llama-3 8B's heads (32 query, 8 KV, head_dim 128), bf16, blocks of 16 tokens, batch 1-256 and
contexts of 1k-32k tokens. Each is timed by CUDA events over a CUDA graph of repeated calls;
GB/s counts the K and V bytes the step must read, and "of copy" divides that by torch's copy_ of
1 GiB on the card. The last column is the largest difference between our output and Triton's.
Run: PYTHONPATH=bindings/python python3 bench/bench_paged_attention.py
"""

import sys

import flydsl.kernels as fk
import torch
import torch.nn.functional as F
from bench_kernels import copy_bandwidth, timed

try:
    import triton
    import triton.language as tl
except ImportError:  # the table then has no Triton column
    triton = None

HEADS, KV_HEADS, DIM, BLOCK_SIZE = 32, 8, 128, 16
SHAPES = [(1, 1024), (1, 8192), (1, 32768), (16, 1024), (16, 8192), (16, 32768), (64, 4096),
          (128, 2048), (256, 1024), (256, 4096)]  # fmt: skip
CHUNK = 512

if triton is not None:

    @triton.jit
    def tr_chunks(Q, Kc, Vc, Tables, Lens, Mid, Lse, scale, table_stride, splits,
                  KV_HEADS: tl.constexpr, G: tl.constexpr, GP: tl.constexpr, D: tl.constexpr,
                  BS: tl.constexpr, CHUNK: tl.constexpr, BLOCK_N: tl.constexpr):  # fmt: skip
        b, kvh, sp = tl.program_id(0), tl.program_id(1), tl.program_id(2)
        length = tl.load(Lens + b)
        start = sp * CHUNK
        if start < length:
            g, d = tl.arange(0, GP), tl.arange(0, D)
            rows = (b * KV_HEADS + kvh) * G + g
            q = tl.load(Q + rows[:, None] * D + d[None, :], mask=(g < G)[:, None], other=0.0)
            m = tl.full([GP], float("-inf"), tl.float32)
            s_sum = tl.zeros([GP], tl.float32)
            acc = tl.zeros([GP, D], tl.float32)
            for n0 in range(start, start + CHUNK, BLOCK_N):
                n = n0 + tl.arange(0, BLOCK_N)
                inside = n < length
                block = tl.load(Tables + b * table_stride + n // BS, mask=inside, other=0)
                slot = block.to(tl.int64) * BS + n % BS
                at = (slot[:, None] * KV_HEADS + kvh) * D + d[None, :]
                k = tl.load(Kc + at, mask=inside[:, None], other=0.0)
                s = tl.dot(q, tl.trans(k)) * scale
                s = tl.where(inside[None, :], s, float("-inf"))
                m_new = tl.maximum(m, tl.max(s, 1))
                alpha = tl.exp(m - m_new)
                p = tl.exp(s - m_new[:, None])
                s_sum = s_sum * alpha + tl.sum(p, 1)
                v = tl.load(Vc + at, mask=inside[:, None], other=0.0)
                acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
                m = m_new
            tl.store(Mid + (rows[:, None] * splits + sp) * D + d[None, :], acc / s_sum[:, None],
                     mask=(g < G)[:, None])  # fmt: skip
            tl.store(Lse + rows * splits + sp, m + tl.log(s_sum), mask=g < G)

    @triton.jit
    def tr_combine(Mid, Lse, Lens, Out, splits, HEADS: tl.constexpr, D: tl.constexpr,
                   CHUNK: tl.constexpr):  # fmt: skip
        b, h = tl.program_id(0), tl.program_id(1)
        row = b * HEADS + h
        d = tl.arange(0, D)
        used = tl.cdiv(tl.load(Lens + b), CHUNK)
        m = tl.full([1], float("-inf"), tl.float32)
        total = tl.zeros([1], tl.float32)
        acc = tl.zeros([D], tl.float32)
        for sp in range(used):
            lse = tl.load(Lse + row * splits + sp + tl.zeros([1], tl.int32))
            o = tl.load(Mid + (row * splits + sp) * D + d)
            m_new = tl.maximum(m, lse)
            a, w = tl.exp(m - m_new), tl.exp(lse - m_new)
            acc = acc * a + o * w
            total = total * a + w
            m = m_new
        tl.store(Out + row * D + d, (acc / total).to(Out.dtype.element_ty))


def triton_paged(q, k_cache, v_cache, tables, lens, scale, out, mid, lse):
    batch, splits = q.shape[0], mid.shape[1]
    group = HEADS // KV_HEADS
    tr_chunks[(batch, KV_HEADS, splits)](
        q, k_cache, v_cache, tables, lens, mid, lse, scale, tables.stride(0), splits,
        KV_HEADS=KV_HEADS, G=group, GP=max(16, group), D=DIM, BS=BLOCK_SIZE, CHUNK=CHUNK,
        BLOCK_N=64,
    )  # fmt: skip
    tr_combine[(batch, HEADS)](mid, lse, lens, out, splits, HEADS=HEADS, D=DIM, CHUNK=CHUNK)


def paged_times(batch, context, q):
    """(FlyDSL ms, Triton ms, largest difference of their outputs) over one paged cache."""
    per_seq = context // BLOCK_SIZE
    blocks = batch * per_seq
    k_cache = torch.randn(blocks, BLOCK_SIZE, KV_HEADS, DIM, device="cuda").to(q.dtype)
    v_cache = torch.randn_like(k_cache)
    tables = torch.randperm(blocks, device="cuda").view(batch, per_seq).int()
    lens = torch.full((batch,), context, device="cuda", dtype=torch.int32)
    scale = DIM**-0.5
    out, ref = torch.empty_like(q), torch.empty_like(q)
    t_ours = timed(lambda: fk.paged_attention(q, k_cache, v_cache, tables, lens, scale, out=out))
    if triton is None:
        return t_ours, float("nan"), float("nan")
    splits = (context + CHUNK - 1) // CHUNK
    mid = torch.empty(batch * HEADS, splits, DIM, device="cuda")
    lse = torch.empty(batch * HEADS, splits, device="cuda")
    try:
        t_tri = timed(lambda: triton_paged(q, k_cache, v_cache, tables, lens, scale, ref, mid, lse))
    except Exception as e:  # noqa: BLE001 (the table goes on without it)
        print(f"  (Triton: {type(e).__name__}: {e})", file=sys.stderr)
        return t_ours, float("nan"), float("nan")
    return t_ours, t_tri, (out.float() - ref.float()).abs().max().item()


def sdpa_time(batch, context, q):
    """torch's SDPA over a contiguous cache of the same sizes, ms."""
    k = torch.randn(batch, KV_HEADS, context, DIM, device="cuda").to(q.dtype)
    v = torch.randn_like(k)
    q4 = q.unsqueeze(2)
    return timed(lambda: F.scaled_dot_product_attention(q4, k, v, enable_gqa=True))


def run_case(batch, context, bandwidth):
    q = torch.randn(batch, HEADS, DIM, device="cuda").to(torch.bfloat16)
    t_ours, t_tri, diff = paged_times(batch, context, q)
    t_sdpa = sdpa_time(batch, context, q)
    traffic = 2 * batch * context * KV_HEADS * DIM * 2
    gbs = traffic / t_ours / 1e6
    print(f"| {batch} | {context} | {gbs:7.0f} | {gbs / bandwidth:5.2f} | {t_ours * 1e3:8.1f} | "
          f"{t_tri * 1e3:8.1f} | {t_sdpa * 1e3:8.1f} | {t_tri / t_ours:5.2f} | "
          f"{t_sdpa / t_ours:5.2f} | {diff:.1e} |", flush=True)  # fmt: skip


def main():
    bandwidth = copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}: copy bandwidth (torch copy_, 1 GiB) "
          f"{bandwidth:.0f} GB/s")  # fmt: skip
    print("| batch | context | FlyDSL GB/s | of copy | FlyDSL us | Triton us | SDPA (contiguous) us "
          "| vs Triton | vs SDPA | max diff |")  # fmt: skip
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for batch, context in SHAPES:
        run_case(batch, context, bandwidth)


if __name__ == "__main__":
    main()
