"""The kernel library's mixture of experts on the cpu target: the router (fk.moe_topk_softmax)
against numpy's softmax and a stable sort, equal probabilities going to the lower expert; the
fused layer (fk.fused_moe) against a float64 sum of each token's SwiGLU experts, rounded where
the kernels round (the first GEMM's output and the activation, to x's dtype), for few tokens
and for more than a block of rows per expert, experts no token chose, expert ids outside the
range (which add nothing), sizes that are not multiples of the vectors, bfloat16; and bad
input refused with the outputs untouched. Its gfx942 code is read back from the code object.
"""

import flydsl
import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_BFLOAT, DLView, from_bf16_bits, to_bf16_bits
from _gfx942 import gfx942_disassembly, needs_llvm_tools
from _sm90 import sm90_ptx


def route(logits, topk, renormalize):
    """The topk largest softmax probabilities (float64) and their experts, lowest first among
    equal ones."""
    z = logits.astype(np.float64)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    ids = np.argsort(-p, axis=1, kind="stable")[:, :topk]
    w = np.take_along_axis(p, ids, axis=1)
    if renormalize:
        w /= w.sum(axis=1, keepdims=True)
    return w, ids


@pytest.mark.parametrize("experts, topk", [(8, 2), (64, 6), (160, 1), (5, 5)])
@pytest.mark.parametrize("renormalize", [False, True])
def test_router_picks_the_largest_probabilities(experts, topk, renormalize):
    rng = np.random.default_rng(experts * 10 + topk)
    logits = rng.standard_normal((37, experts)).astype(np.float32)
    weights, ids = fk.moe_topk_softmax(logits, topk, renormalize=renormalize)
    assert weights.dtype == np.float32 and ids.dtype == np.int32
    want_w, want_ids = route(logits, topk, renormalize)
    np.testing.assert_array_equal(ids, want_ids)
    np.testing.assert_allclose(weights, want_w, rtol=2e-6, atol=1e-7)


def test_router_takes_16_bit_logits_and_64_bit_ids_and_breaks_ties_by_expert():
    logits = np.zeros((3, 12), np.float16)
    logits[1, 7] = logits[1, 9] = 1.0  # two equal winners: 7 before 9
    ids = np.full((3, 3), -5, np.int64)
    weights = np.zeros((3, 3), np.float32)
    fk.moe_topk_softmax(logits, 3, topk_weights=weights, topk_ids=ids)
    np.testing.assert_array_equal(ids, [[0, 1, 2], [7, 9, 0], [0, 1, 2]])
    np.testing.assert_allclose(weights[0], [1 / 12] * 3, rtol=1e-6)
    e = np.e / (2 * np.e + 10)
    np.testing.assert_allclose(weights[1], [e, e, 1 / (2 * np.e + 10)], rtol=1e-6)


def moe(x, w1, w2, weights, ids, rounding):
    """sum_j weights[t, j] * (silu(x w1g^T) * (x w1u^T)) w2^T in float64, the first product and
    the activation rounded by `rounding` as the kernels round them."""
    inter = w1.shape[1] // 2
    out = np.zeros(x.shape)
    xf, w1f, w2f = (a.astype(np.float64) for a in (x, w1, w2))
    for t in range(x.shape[0]):
        for j in range(ids.shape[1]):
            e = ids[t, j]
            if not 0 <= e < w1.shape[0]:
                continue
            h = rounding(w1f[e] @ xf[t])
            g, u = h[:inter], h[inter:]
            act = rounding(g / (1 + np.exp(-g)) * u)
            out[t] += float(weights[t, j]) * (w2f[e] @ act)
    return out


def half(a):
    return a.astype(np.float16).astype(np.float64)


def layer(rng, tokens, hidden, inter, experts, topk, dtype=np.float16):
    x = rng.standard_normal((tokens, hidden)).astype(dtype)
    w1 = (rng.standard_normal((experts, 2 * inter, hidden)) / np.sqrt(hidden)).astype(
        dtype
    )
    w2 = (rng.standard_normal((experts, hidden, inter)) / np.sqrt(inter)).astype(dtype)
    logits = rng.standard_normal((tokens, experts)).astype(np.float32)
    weights, ids = fk.moe_topk_softmax(logits, topk, renormalize=True)
    return x, w1, w2, weights, ids


CASES = {
    # name: tokens, hidden, inter, experts, topk
    "decode, few tokens": (3, 64, 32, 8, 2),
    "more rows than a block per expert": (150, 64, 48, 4, 2),
    "odd sizes": (21, 36, 18, 6, 3),
    "one expert": (17, 32, 16, 1, 1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_fused_moe_matches_a_float64_sum_of_experts(case):
    tokens, hidden, inter, experts, topk = CASES[case]
    rng = np.random.default_rng(tokens + hidden)
    x, w1, w2, weights, ids = layer(rng, tokens, hidden, inter, experts, topk)
    out = fk.fused_moe(x, w1, w2, weights, ids)
    assert out.dtype == np.float16 and out.shape == x.shape
    want = moe(x, w1, w2, weights, ids, half)
    np.testing.assert_allclose(out, want, atol=2e-3, rtol=4e-3)


def test_all_tokens_on_one_expert_and_ids_outside_add_nothing():
    rng = np.random.default_rng(5)
    x, w1, w2, weights, _ = layer(rng, 70, 32, 16, 5, 2)
    ids = np.full((70, 2), 3, np.int32)
    ids[::3, 1] = -1  # another rank's expert
    ids[1::5, 0] = 5  # past the last expert
    out = np.full(x.shape, np.nan, np.float32)
    fk.fused_moe(x, w1, w2, weights, ids, out=out)
    np.testing.assert_allclose(
        out, moe(x, w1, w2, weights, ids, half), atol=2e-3, rtol=4e-3
    )
    none = np.full((2, 2), -1, np.int32)
    assert not fk.fused_moe(x[:2], w1, w2, weights[:2], none).any()


def test_bfloat16_layer():
    rng = np.random.default_rng(9)
    x, w1, w2, weights, ids = layer(rng, 19, 64, 32, 4, 2, np.float32)
    xb, w1b, w2b = (to_bf16_bits(a) for a in (x, w1, w2))
    b = lambda a: DLView(a, KDL_BFLOAT, 16)
    out = np.zeros_like(xb)
    fk.fused_moe(b(xb), b(w1b), b(w2b), weights, ids, out=b(out))
    bf = lambda a: from_bf16_bits(to_bf16_bits(a.astype(np.float32))).astype(np.float64)
    want = moe(*(from_bf16_bits(a) for a in (xb, w1b, w2b)), weights, ids, bf)
    np.testing.assert_allclose(from_bf16_bits(out), want, atol=2e-2, rtol=2e-2)


def bad_calls():
    rng = np.random.default_rng(1)
    x, w1, w2, weights, ids = layer(rng, 4, 16, 8, 3, 2)
    as_f32 = {"x": x.astype(np.float32), "out": np.zeros((4, 16), np.float32)}
    strided = np.swapaxes(np.swapaxes(w1, 1, 2).copy(), 1, 2)
    base = {"x": x, "w1": w1, "w2": w2, "topk_weights": weights, "topk_ids": ids,
            "out": np.zeros_like(x)}  # fmt: skip
    return base, {
        "w1 of the wrong hidden size": ({"w1": w1[:, :, :8].copy()}, "w1 must be"),
        "w2 of the wrong shape": ({"w2": w2[:, :, :4].copy()}, "w2 must be"),
        "weights of another dtype": ({"w2": w2.astype(np.float32)}, "w2 has dtype"),
        "float32 x": (as_f32, "float16 or bfloat16"),
        "w1 not contiguous": ({"w1": strided}, "not contiguous"),
        "routing of other tokens": (
            {"topk_weights": weights[:3]},
            "topk_weights must be",
        ),
        "ids of another shape": ({"topk_ids": ids[:, :1].copy()}, "shape"),
        "float ids": ({"topk_ids": ids.astype(np.float32)}, "topk_ids"),
        "out of another shape": ({"out": np.zeros((4, 8), np.float16)}, "shape"),
        "out over x": ({"out": x}, "overlap|share"),
    }


@pytest.mark.parametrize("case", sorted(bad_calls()[1]))
def test_bad_input_is_refused_and_nothing_is_written(case):
    base, cases = bad_calls()
    edits, message = cases[case]
    call = {**base, **edits}
    before = {n: t.copy() for n, t in call.items()}
    with pytest.raises(flydsl.InvalidArgumentError, match=message):
        fk.fused_moe(**call)
    for name, t in call.items():
        np.testing.assert_array_equal(t, before[name], err_msg=name)


@pytest.mark.parametrize(
    "topk, shape, message",
    [(0, (4, 0), "topk"), (9, (4, 9), "topk"), (2, (3, 2), "topk_weights must be")],
)
def test_router_refuses_bad_shapes(topk, shape, message):
    logits = np.zeros((4, 8), np.float32)
    weights, ids = np.zeros(shape, np.float32), np.zeros(shape, np.int32)
    with pytest.raises(flydsl.InvalidArgumentError, match=message):
        fk.moe_topk_softmax(logits, topk, topk_weights=weights, topk_ids=ids)
    assert not weights.any() and not ids.any()


@needs_llvm_tools
def test_gfx942_code(tmp_path):
    text = gfx942_disassembly(
        tmp_path,
        "x, out = np.zeros((64, 256), np.uint16), np.zeros((64, 256), np.uint16)\n"
        "w1, w2 = np.zeros((8, 512, 256), np.uint16), np.zeros((8, 256, 256), np.uint16)\n"
        "w, ids = np.zeros((64, 2), np.float32), np.zeros((64, 2), np.int32)",
        "fk.fused_moe(h(x), h(w1), h(w2), f(w), i(ids), out=h(out))",
    )
    # the last kernel compiled is the second grouped GEMM: MFMA on bf16, operands through LDS
    assert "v_mfma_f32" in text and "bf16" in text
    assert "ds_read" in text and "ds_write" in text


@pytest.mark.parametrize(
    "arch, tile, warp_specialized",
    [("sm_80", None, None), ("sm_90", None, None), ("sm_90", "64x128x64x4x1x1", "1"),
     ("sm_90", "128x128x64x4x2x1", "1"), ("gfx950", None, None)],
)  # fmt: skip
def test_each_arch_s_grouped_gemm_runs_emulated(
    arch, tile, warp_specialized, monkeypatch
):
    # mma.sync fed by cp.async (sm_80); wgmma with TMA copies of B's rows offset to the expert's
    # (sm_90), warp-specialised and persistent, the tiles walked skipping none in use; MFMA
    monkeypatch.setenv("ARCH", arch)
    for name, value in (
        ("FLYDSL_GEMM_TILE", tile),
        ("FLYDSL_GEMM_WS", warp_specialized),
    ):
        if value:
            monkeypatch.setenv(name, value)
    rng = np.random.default_rng(3)
    x, w1, w2, weights, ids = layer(
        rng, 90, 64, 64, 3, 2
    )  # 60 rows an expert: sm_90's wgmma
    out = fk.fused_moe(x, w1, w2, weights, ids)
    np.testing.assert_allclose(
        out, moe(x, w1, w2, weights, ids, half), atol=2e-3, rtol=4e-3
    )


def test_sm90_grouped_gemm_waits_for_its_predecessor_before_reading_the_experts(
    tmp_path,
):
    # A few rows an expert: sm_90's mma.sync kernel, launched to overlap the kernel before it
    # (programmatic dependent launch); its first global read, the block's expert, comes after
    # griddepcontrol.wait, or it could read the table the sort is still writing.
    ptx = sm90_ptx(
        tmp_path,
        "x, w1, w2 = (np.zeros(s, np.uint16) for s in ((4, 256), (8, 512, 256), (8, 256, 256)))",
        "fk.fused_moe(h(x), h(w1), h(w2), f(np.zeros((4, 2), np.float32)), "
        "i(np.zeros((4, 2), np.int32)), out=h(x.copy()))",
    )
    # the last kernel compiled (its dump is the one kept): the down projection's GEMM
    assert "mma.sync.aligned.m16n8k16" in ptx
    assert 0 < ptx.find("griddepcontrol.wait;") < ptx.find("ld.global")
