"""RoPE with the paged KV-cache write on a CUDA GPU: fk.rope_kv_cache against the same step in
torch eager (gather the angles, rotate q and k, copy them back, index_copy_ k and v into the
caches: what a serving engine's fallback path does) and that function under torch.compile
(inductor's Triton kernels), at the head shapes of Llama-3 8B (32 query heads, 8 KV heads) and
70B (64 and 8), head_dim 128, bf16, from one decode token to a long prefill. Each is timed by
CUDA events over a CUDA graph of repeated launches, and reported as GB/s of compulsory traffic
(q, k, v and the angles read once; q, k and the two cache rows written once) and as a fraction
of the device's copy bandwidth.
Run: PYTHONPATH=bindings/python python3 bench/bench_rope.py
"""

import flydsl.kernels as fk
import torch
from bench_kernels import copy_bandwidth, timed

DIM = 128
MODELS = {"8B": (32, 8), "70B": (64, 8)}
TOKENS = (1, 16, 128, 1024, 4096, 16384)


def torch_step(positions, q, k, v, cos_sin, slots, k_cache, v_cache):
    half = cos_sin.shape[1] // 2
    cos, sin = cos_sin[positions].unsqueeze(1).chunk(2, dim=-1)
    for x in (q, k):
        a, b = x[..., :half].float(), x[..., half:].float()
        x.copy_(torch.cat([a * cos - b * sin, b * cos + a * sin], -1))
    k_cache.view(-1, *k.shape[1:]).index_copy_(0, slots, k)
    v_cache.view(-1, *v.shape[1:]).index_copy_(0, slots, v)


def run_case(model, tokens, bandwidth, compiled):
    heads, kv_heads = MODELS[model]
    dt = torch.bfloat16
    qkv = torch.randn(tokens, (heads + 2 * kv_heads) * DIM, device="cuda").to(dt)
    q, k, v = qkv.split([heads * DIM, kv_heads * DIM, kv_heads * DIM], -1)
    q, k, v = (
        q.view(tokens, heads, DIM),
        k.view(tokens, kv_heads, DIM),
        v.view(tokens, kv_heads, DIM),
    )
    inv = 10000.0 ** (-torch.arange(0, DIM, 2, device="cuda") / DIM)
    theta = torch.arange(32768, device="cuda")[:, None] * inv[None, :]
    cos_sin = torch.cat([theta.cos(), theta.sin()], -1).float()
    positions = torch.randint(0, 32768, (tokens,), device="cuda")
    block_size = 16
    blocks = max(2 * tokens // block_size, 4)
    slots = torch.randperm(blocks * block_size, device="cuda")[:tokens]
    k_cache = torch.zeros(blocks, block_size, kv_heads, DIM, device="cuda", dtype=dt)
    v_cache = torch.zeros_like(k_cache)
    args = (positions, q, k, v, cos_sin, slots, k_cache, v_cache)
    elem = 2
    traffic = tokens * (
        (heads + 2 * kv_heads) * DIM * elem  # q, k, v read
        + DIM * 4  # the angles
        + (heads + kv_heads) * DIM * elem  # q, k written
        + 2 * kv_heads * DIM * elem  # the cache rows
        + 16  # position and slot
    )
    t_ours = timed(
        lambda: fk.rope_kv_cache(positions, q, k, cos_sin, True, v, slots, k_cache, v_cache)
    )
    t_eager = timed(lambda: torch_step(*args))
    t_comp = timed(lambda: compiled(*args))
    gbs = traffic / t_ours / 1e6
    print(f"| {model} | {tokens} | {gbs:7.0f} | {gbs / bandwidth:5.2f} | {t_ours * 1e3:8.1f} | "
          f"{t_eager * 1e3:8.1f} | {t_comp * 1e3:8.1f} | {t_eager / t_ours:5.2f} | "
          f"{t_comp / t_ours:5.2f} |", flush=True)  # fmt: skip


def main():
    bandwidth = copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}: copy bandwidth (torch copy_, 1 GiB) "
          f"{bandwidth:.0f} GB/s")  # fmt: skip
    compiled = torch.compile(torch_step)
    print("| model | tokens | FlyDSL GB/s | of copy | FlyDSL us | torch us | torch.compile us "
          "| vs torch | vs torch.compile |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for model in MODELS:
        for tokens in TOKENS:
            run_case(model, tokens, bandwidth, compiled)


if __name__ == "__main__":
    main()
