"""fk.rope_kv_cache on an NVIDIA GPU against torch (run through scripts/device/cuda.sh): q and k
views of one fused QKV buffer rotated in place, both pairings, partial rotation, grouped heads,
bf16 and fp16 tensors with a cache of another dtype, padding slots, and a position past the
table, which leaves its token alone on a GPU."""

import flydsl.kernels as fk
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)


def table(max_position, rotary):
    inv = 10000.0 ** (-torch.arange(0, rotary, 2, dtype=torch.float64) / rotary)
    theta = torch.arange(max_position, dtype=torch.float64)[:, None] * inv[None, :]
    return torch.cat([theta.cos(), theta.sin()], -1).float().cuda()


def rotated(x, positions, cos_sin, neox):
    """x (tokens, heads, dim) rotated in float64."""
    x = x.double().clone()
    half = cos_sin.shape[1] // 2
    cos = cos_sin[positions, :half].double()[:, None, :]
    sin = cos_sin[positions, half:].double()[:, None, :]
    first = torch.arange(half) if neox else torch.arange(0, 2 * half, 2)
    second = first + (half if neox else 1)
    a, b = x[..., first].clone(), x[..., second].clone()
    x[..., first], x[..., second] = a * cos - b * sin, b * cos + a * sin
    return x


@pytest.mark.parametrize("neox", [True, False], ids=["neox", "gptj"])
@pytest.mark.parametrize("dtype,cache_dtype", [
    (torch.bfloat16, torch.bfloat16), (torch.float16, torch.float16),
    (torch.bfloat16, torch.float32), (torch.float32, torch.float32),
])  # fmt: skip
@pytest.mark.parametrize("heads,kv_heads,dim,rotary", [(32, 8, 128, 128), (8, 1, 64, 32)])
@pytest.mark.parametrize("tokens", [1, 37, 1024])
def test_against_torch(neox, dtype, cache_dtype, heads, kv_heads, dim, rotary, tokens):
    torch.manual_seed(tokens + dim)
    qkv = torch.randn(tokens, (heads + 2 * kv_heads) * dim, device="cuda").to(dtype)
    q, k, v = qkv.split([heads * dim, kv_heads * dim, kv_heads * dim], -1)
    q, k, v = (
        q.view(tokens, heads, dim),
        k.view(tokens, kv_heads, dim),
        v.view(tokens, kv_heads, dim),
    )
    cos_sin = table(8192, rotary)
    positions = torch.randint(0, 8192, (tokens,), device="cuda")
    block_size = 16
    blocks = (2 * tokens + block_size - 1) // block_size
    slots = torch.randperm(blocks * block_size, device="cuda")[:tokens].to(torch.int32)
    slots[::5] = -1  # padding tokens
    k_cache = torch.full((blocks, block_size, kv_heads, dim), 3.0, device="cuda", dtype=cache_dtype)
    v_cache = k_cache.clone()
    want_q, want_k = rotated(q, positions, cos_sin, neox), rotated(k, positions, cos_sin, neox)
    v_before = v.clone()
    fk.rope_kv_cache(positions, q, k, cos_sin, neox, v, slots, k_cache, v_cache)
    tol = {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}[dtype]
    torch.testing.assert_close(q.double(), want_q, atol=tol, rtol=tol)
    torch.testing.assert_close(k.double(), want_k, atol=tol, rtol=tol)
    rows_k = k_cache.view(-1, kv_heads, dim)
    rows_v = v_cache.view(-1, kv_heads, dim)
    written = slots >= 0
    # the cache holds the float32 rotation rounded once, to its own dtype
    ctol = {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}[cache_dtype]
    torch.testing.assert_close(rows_k[slots[written].long()].double(), want_k[written],
                               atol=ctol, rtol=ctol)  # fmt: skip
    if cache_dtype == dtype:
        torch.testing.assert_close(rows_k[slots[written].long()], k[written])
    torch.testing.assert_close(rows_v[slots[written].long()], v_before[written].to(cache_dtype))
    untouched = torch.ones(rows_k.shape[0], dtype=torch.bool, device="cuda")
    untouched[slots[written].long()] = False
    assert bool((rows_k[untouched] == 3).all()) and bool((rows_v[untouched] == 3).all())


def test_a_position_past_the_table_leaves_its_token_alone():
    q, k = torch.randn(3, 2, 64, device="cuda"), torch.randn(3, 1, 64, device="cuda")
    q0, k0 = q.clone(), k.clone()
    cos_sin = table(16, 64)
    fk.rope_kv_cache(torch.tensor([1, 16, -3], device="cuda"), q, k, cos_sin)
    torch.testing.assert_close(q[1:], q0[1:])  # positions 16 and -3: outside the table
    torch.testing.assert_close(k[1:], k0[1:])
    want = rotated(q0[:1], torch.tensor([1], device="cuda"), cos_sin, True)
    torch.testing.assert_close(q[:1].double(), want, atol=1e-5, rtol=1e-5)


def test_cuda_graph_and_torch_compile():
    q, k = torch.randn(8, 4, 64, device="cuda"), torch.randn(8, 2, 64, device="cuda")
    v = torch.randn(8, 2, 64, device="cuda")
    cos_sin, positions = table(64, 64), torch.arange(8, device="cuda")
    slots = torch.arange(8, device="cuda")
    k_cache, v_cache = torch.zeros(2, 4, 2, 64, device="cuda"), torch.zeros(
        2, 4, 2, 64, device="cuda"
    )
    want_q = rotated(q, positions, cos_sin, True)

    def step(q, k):
        fk.rope_kv_cache(positions, q, k, cos_sin, True, v, slots, k_cache, v_cache)
        return q * 1

    got = torch.compile(step, fullgraph=True)(q.clone(), k.clone())
    torch.testing.assert_close(got.double(), want_q, atol=1e-5, rtol=1e-5)
    qs, ks = q.clone(), k.clone()
    graph = torch.cuda.CUDAGraph()
    fk.rope_kv_cache(positions, q.clone(), k.clone(), cos_sin)  # compiled before capture
    with torch.cuda.graph(graph):
        fk.rope_kv_cache(positions, qs, ks, cos_sin)
    qs.copy_(q)
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(qs.double(), want_q, atol=1e-5, rtol=1e-5)
