"""fk.attention on an NVIDIA GPU against torch (run through scripts/device/cuda.sh): the batched
form against scaled_dot_product_attention, packed sequences of varied lengths against a float64
softmax per sequence, grouped and multi-query heads, causal masks, bf16 and fp16, the
log-sum-exp, CUDA graphs and torch.compile."""

import flydsl.kernels as fk
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)

F = torch.nn.functional


def sdpa(q, k, v, causal, scale):
    """torch's attention on (batch, seqlen, heads, dim) tensors, grouped heads repeated."""
    group = q.shape[2] // k.shape[2]
    q, k, v = (x.transpose(1, 2).double() for x in (q, k, v))
    k, v = k.repeat_interleave(group, 1), v.repeat_interleave(group, 1)
    out = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
    return out.transpose(1, 2)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("heads,kv_heads,dim", [(8, 8, 128), (8, 2, 64), (4, 1, 128)])
def test_batched_against_sdpa(dtype, causal, heads, kv_heads, dim):
    torch.manual_seed(heads + dim)
    q = torch.randn(2, 300, heads, dim, device="cuda", dtype=dtype)
    k = torch.randn(2, 300, kv_heads, dim, device="cuda", dtype=dtype)
    v = torch.randn(2, 300, kv_heads, dim, device="cuda", dtype=dtype)
    out, lse = fk.attention(q, k, v, causal=causal, return_lse=True)
    want = sdpa(q, k, v, causal, dim**-0.5)
    torch.testing.assert_close(out.double(), want, atol=2e-2, rtol=2e-2)
    assert lse.shape == (2, heads, 300) and torch.isfinite(lse).all()


def test_packed_sequences_and_lse():
    torch.manual_seed(1)
    lens_q, lens_k = [1, 200, 0, 77], [40, 300, 5, 77]
    cu_q = torch.tensor([0] + lens_q, device="cuda").cumsum(0).int()
    cu_k = torch.tensor([0] + lens_k, device="cuda").cumsum(0).int()
    q = torch.randn(int(cu_q[-1]), 4, 128, device="cuda", dtype=torch.bfloat16)
    k = torch.randn(int(cu_k[-1]), 2, 128, device="cuda", dtype=torch.bfloat16)
    v = torch.randn_like(k)
    out, lse = fk.attention(
        q, k, v, cu_q, cu_k, max(lens_q), causal=True, return_lse=True
    )
    for b in range(4):
        q0, q1, k0, k1 = int(cu_q[b]), int(cu_q[b + 1]), int(cu_k[b]), int(cu_k[b + 1])
        if q1 == q0:
            continue
        s = torch.einsum("ihd,jhd->hij", q[q0:q1].double(),
                         k[k0:k1].double().repeat_interleave(2, 1)) * 128**-0.5  # fmt: skip
        i = torch.arange(q1 - q0, device="cuda")[:, None]
        j = torch.arange(k1 - k0, device="cuda")[None, :]
        s = s.masked_fill(j > i + (k1 - k0) - (q1 - q0), float("-inf"))
        want = torch.einsum(
            "hij,jhd->ihd", s.softmax(-1), v[k0:k1].double().repeat_interleave(2, 1)
        )
        torch.testing.assert_close(out[q0:q1].double(), want, atol=2e-2, rtol=2e-2)
        torch.testing.assert_close(
            lse[:, q0:q1].double(), s.logsumexp(-1), atol=1e-3, rtol=1e-4
        )


def test_cuda_graph_and_torch_compile():
    q = torch.randn(1, 256, 4, 64, device="cuda", dtype=torch.bfloat16)
    k, v = torch.randn_like(q), torch.randn_like(q)
    want = fk.attention(q, k, v, causal=True)
    out = torch.empty_like(q)
    graph = torch.cuda.CUDAGraph()
    fk.attention(q, k, v, causal=True, out=out)  # compiled before the capture
    with torch.cuda.graph(graph):
        fk.attention(q, k, v, causal=True, out=out)
    out.zero_()
    graph.replay()
    torch.cuda.synchronize()
    assert torch.equal(out, want)
    fk.register_torch_ops()
    compiled = torch.compile(
        lambda a, b, c: fk.attention(a, b, c, causal=True) * 2, fullgraph=True
    )
    torch.testing.assert_close(compiled(q, k, v), want * 2)


@pytest.mark.parametrize("pad", [0, 4])
def test_rows_with_and_without_tma(pad):
    # Token rows 16-byte aligned go through Hopper's TMA form on an H100; rows 8 bytes apart
    # from it (4 extra columns) through every thread's copies. A NaN in the next sequence's V,
    # which the first sequence's last tile of keys overlaps, stays out of the first's output.
    torch.manual_seed(7)

    def rows(tokens, heads):
        buf = torch.randn(
            tokens, heads * 128 + pad, device="cuda", dtype=torch.bfloat16
        )
        return buf[:, : heads * 128].view(tokens, heads, 128)

    q, k, v = rows(2 * 200, 4), rows(2 * 200, 2), rows(2 * 200, 2)
    cu = torch.tensor([0, 200, 400], device="cuda", dtype=torch.int32)
    want = sdpa(*(x.view(2, 200, *x.shape[1:]) for x in (q, k, v)), True, 128**-0.5)
    out = fk.attention(q, k, v, cu, cu, 200, causal=True)
    torch.testing.assert_close(
        out.double(), want.reshape(400, 4, 128), atol=2e-2, rtol=2e-2
    )
    v[200:] = float("nan")
    out = fk.attention(q, k, v, cu, cu, 200, causal=False)
    assert torch.isfinite(out[:200]).all()
