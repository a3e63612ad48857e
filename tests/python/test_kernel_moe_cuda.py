"""fk.moe_topk_softmax and fk.fused_moe on an NVIDIA GPU against torch (run through
scripts/device/cuda.sh): the router against torch.topk of the softmax, the layer against a
float64 sum of each token's experts (rounded as the kernels round) for decode and prefill
token counts, many experts, sizes off the vectors, fp16, ids outside the experts, CUDA graphs
and torch.compile."""

import flydsl.kernels as fk
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)


def reference(x, w1, w2, weights, ids):
    """sum_j w[t, j] (silu(x w1g^T) * (x w1u^T)) w2^T in float64, the first product and the
    activation rounded to x's dtype."""
    inter = w2.shape[2]
    out = torch.zeros(x.shape, dtype=torch.float64, device=x.device)
    for e in torch.unique(ids).tolist():
        if not 0 <= e < w1.shape[0]:
            continue
        tok, j = torch.where(ids == e)
        h = (x[tok].double() @ w1[e].double().t()).to(x.dtype).double()
        act = (F_silu(h[:, :inter]) * h[:, inter:]).to(x.dtype).double()
        out.index_add_(0, tok, (act @ w2[e].double().t()) * weights[tok, j, None].double())
    return out


def F_silu(v):
    return v / (1 + torch.exp(-v))


def layer(tokens, hidden, inter, experts, topk, dtype=torch.bfloat16, seed=0):
    torch.manual_seed(seed)
    x = torch.randn(tokens, hidden, device="cuda").to(dtype)
    w1 = (torch.randn(experts, 2 * inter, hidden, device="cuda") / hidden**0.5).to(dtype)
    w2 = (torch.randn(experts, hidden, inter, device="cuda") / inter**0.5).to(dtype)
    logits = torch.randn(tokens, experts, device="cuda")
    weights, ids = fk.moe_topk_softmax(logits, topk, renormalize=True)
    return x, w1, w2, weights, ids, logits


@pytest.mark.parametrize("experts,topk", [(8, 2), (128, 8), (256, 8)])
def test_router_against_torch_topk(experts, topk):
    logits = torch.randn(1000, experts, device="cuda")
    weights, ids = fk.moe_topk_softmax(logits, topk, renormalize=False)
    want_w, want_ids = torch.topk(torch.softmax(logits, -1), topk, dim=-1)
    torch.testing.assert_close(ids.long(), want_ids)
    torch.testing.assert_close(weights, want_w, atol=1e-6, rtol=1e-5)


@pytest.mark.parametrize("tokens", [1, 7, 64, 333, 2048])
@pytest.mark.parametrize(
    "hidden,inter,experts,topk",
    [(1024, 512, 8, 2), (512, 256, 64, 6), (520, 200, 16, 4)],
    ids=["mixtral-like", "many experts", "off the vectors"],
)
def test_against_torch(tokens, hidden, inter, experts, topk):
    x, w1, w2, weights, ids, _ = layer(tokens, hidden, inter, experts, topk)
    out = fk.fused_moe(x, w1, w2, weights, ids)
    want = reference(x, w1, w2, weights, ids)
    torch.testing.assert_close(out.double(), want, atol=2e-2, rtol=2e-2)


def test_fp16_and_ids_outside_the_experts():
    x, w1, w2, weights, ids, _ = layer(100, 256, 128, 8, 2, torch.float16)
    ids[::4, 1] = -1
    ids[1::7, 0] = 8
    out = torch.empty(100, 256, device="cuda")
    fk.fused_moe(x, w1, w2, weights, ids, out=out)
    torch.testing.assert_close(out.double(), reference(x, w1, w2, weights, ids), atol=3e-3,
                               rtol=3e-3)  # fmt: skip


def test_cuda_graph_and_torch_compile():
    x, w1, w2, weights, ids, logits = layer(16, 256, 128, 8, 2)
    want = reference(x, w1, w2, weights, ids)
    out = torch.empty_like(x)
    fk.fused_moe(x, w1, w2, weights, ids, out=out)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fk.fused_moe(x, w1, w2, weights, ids, out=out)
    out.zero_()
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(out.double(), want, atol=2e-2, rtol=2e-2)

    @torch.compile(fullgraph=True)
    def step(x, logits):
        w, i = fk.moe_topk_softmax(logits, 2, renormalize=True)
        return fk.fused_moe(x, w1, w2, w, i) * 2

    torch.testing.assert_close(step(x, logits).double(), 2 * want, atol=4e-2, rtol=2e-2)
