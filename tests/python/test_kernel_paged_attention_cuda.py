"""fk.paged_attention on an NVIDIA GPU against torch (run through scripts/device/cuda.sh): decode
attention over vLLM-layout caches for multi-head, grouped and multi-query heads, short and long
sequences (one partition and several), empty ones, bf16 and fp16, a block id outside the cache
(masked on a GPU), CUDA graphs and torch.compile."""

import flydsl.kernels as fk
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)


def reference(q, k_cache, v_cache, tables, lens, scale):
    """softmax(scale q K^T) V per sequence in float64, K and V gathered through its table."""
    batch, heads, dim = q.shape
    block_size, kv_heads = k_cache.shape[1], k_cache.shape[2]
    keys = k_cache.reshape(-1, kv_heads, dim).double()
    values = v_cache.reshape(-1, kv_heads, dim).double()
    out = torch.zeros(batch, heads, dim, dtype=torch.float64, device=q.device)
    group = heads // kv_heads
    for b in range(batch):
        n = int(lens[b])
        if n == 0:
            continue
        j = torch.arange(n, device=q.device)
        slots = tables[b, j // block_size].long() * block_size + j % block_size
        k = keys[slots].repeat_interleave(group, dim=1)  # (n, heads, dim)
        v = values[slots].repeat_interleave(group, dim=1)
        s = torch.einsum("hd,nhd->hn", q[b].double(), k) * scale
        out[b] = torch.einsum("hn,nhd->hd", torch.softmax(s, -1), v)
    return out


def problem(batch, heads, kv_heads, dim, lens, dtype, block_size=16, seed=0):
    torch.manual_seed(seed)
    max_blocks = max(1, (max(lens) + block_size - 1) // block_size)
    blocks = batch * max_blocks + 3
    q = torch.randn(batch, heads, dim, device="cuda").to(dtype)
    k_cache = torch.randn(blocks, block_size, kv_heads, dim, device="cuda").to(dtype)
    v_cache = torch.randn(blocks, block_size, kv_heads, dim, device="cuda").to(dtype)
    tables = torch.randperm(blocks, device="cuda")[: batch * max_blocks].view(batch, max_blocks)
    return q, k_cache, v_cache, tables.int(), torch.tensor(lens, device="cuda", dtype=torch.int32)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "f16"])
@pytest.mark.parametrize("heads,kv_heads,dim", [(32, 8, 128), (32, 32, 64), (16, 1, 128)])
@pytest.mark.parametrize("lens", [[1, 17, 0, 300], [4096, 1000, 5000]], ids=["short", "long"])
def test_against_torch(dtype, heads, kv_heads, dim, lens):
    q, k_cache, v_cache, tables, seq_lens = problem(len(lens), heads, kv_heads, dim, lens, dtype)
    scale = dim**-0.5
    out = fk.paged_attention(q, k_cache, v_cache, tables, seq_lens)
    want = reference(q, k_cache, v_cache, tables, seq_lens, scale)
    tol = 1.6e-2 if dtype == torch.bfloat16 else 2e-3
    torch.testing.assert_close(out.double(), want, atol=tol, rtol=tol)


def test_a_block_outside_the_cache_is_masked():
    q, k_cache, v_cache, tables, lens = problem(1, 4, 2, 64, [48], torch.float32)
    want = reference(q, k_cache, v_cache, tables, torch.tensor([32]), 64**-0.5)
    tables[0, 2] = k_cache.shape[0] + 5  # the third block of 16: outside the cache
    out = fk.paged_attention(q, k_cache, v_cache, tables, lens)
    torch.testing.assert_close(out.double(), want, atol=1e-5, rtol=1e-5)


def test_cuda_graph_and_torch_compile():
    q, k_cache, v_cache, tables, lens = problem(4, 8, 2, 128, [700, 5, 64, 1], torch.bfloat16)
    want = reference(q, k_cache, v_cache, tables, lens, 0.1)
    step = torch.compile(
        lambda q: fk.paged_attention(q, k_cache, v_cache, tables, lens, scale=0.1) * 1,
        fullgraph=True,
    )
    torch.testing.assert_close(step(q).double(), want, atol=1.6e-2, rtol=1.6e-2)
    out = torch.empty_like(q)
    fk.paged_attention(q, k_cache, v_cache, tables, lens, 0.1, out=out)  # compiled first
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fk.paged_attention(q, k_cache, v_cache, tables, lens, 0.1, out=out)
    out.zero_()
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(out.double(), want, atol=1.6e-2, rtol=1.6e-2)
