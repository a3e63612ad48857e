"""The kernel library's attention forward (fk.attention) on the cpu target: against a float64
softmax(scale q K^T) V per sequence and head, for multi-head, grouped-query and multi-query
heads, head_dim 64 and 128, causal masks over sequences of equal and unequal lengths, packed
sequences of varied lengths (empty ones among them), the batched form, bfloat16, the
log-sum-exp, the matrix cores of several emulated archs, and bad input refused with the outputs
untouched. Its gfx942 code is read back from the code object."""

import os
import re
import subprocess
import sys
from pathlib import Path

import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_BFLOAT, DLView, from_bf16_bits, to_bf16_bits
from _gfx942 import gfx942_disassembly, needs_llvm_tools
from _refusals import assert_refused_untouched
from _sm90 import sm90_ptx


def reference(q, k, v, cu_q, cu_k, causal, scale):
    """(out, lse) in float64; a query that sees no key reads zeros and has lse -inf."""
    heads, kv_heads = q.shape[1], k.shape[1]
    out = np.zeros(q.shape)
    lse = np.full((heads, q.shape[0]), -np.inf)
    for b in range(len(cu_q) - 1):
        q0, q1, k0, k1 = cu_q[b], cu_q[b + 1], cu_k[b], cu_k[b + 1]
        for h in range(heads):
            kv = h // (heads // kv_heads)
            s = (
                q[q0:q1, h].astype(np.float64)
                @ k[k0:k1, kv].astype(np.float64).T
                * scale
            )
            if causal:
                i, j = np.arange(q1 - q0)[:, None], np.arange(k1 - k0)[None, :]
                s = np.where(j <= i + (k1 - k0) - (q1 - q0), s, -np.inf)
            for i in range(q1 - q0):
                seen = np.isfinite(s[i])
                if not seen.any():
                    continue
                p = np.exp(s[i][seen] - s[i][seen].max())
                out[q0 + i, h] = p @ v[k0:k1, kv][seen].astype(np.float64) / p.sum()
                lse[h, q0 + i] = np.log(p.sum()) + s[i][seen].max()
    return out, lse


def packed(rng, lens_q, lens_k, heads, kv_heads, dim, dtype=np.float16):
    cu_q = np.concatenate([[0], np.cumsum(lens_q)]).astype(np.int32)
    cu_k = np.concatenate([[0], np.cumsum(lens_k)]).astype(np.int32)
    q = rng.standard_normal((cu_q[-1], heads, dim)).astype(dtype)
    k = rng.standard_normal((cu_k[-1], kv_heads, dim)).astype(dtype)
    v = rng.standard_normal((cu_k[-1], kv_heads, dim)).astype(dtype)
    return q, k, v, cu_q, cu_k


# P (the softmax's probabilities) meets V in the operands' 16-bit dtype, as in FlashAttention:
# outputs of order 1 are exact to about 2^-11 of their scale.
ATOL = 2e-3

CASES = {
    # name: lens_q, lens_k, heads, kv_heads, dim, causal
    "multi-head": ([64, 64], [64, 64], 2, 2, 64, False),
    "grouped, causal": ([100, 37, 1], [100, 37, 1], 4, 2, 64, True),
    "multi-query, head_dim 128": ([70, 9], [130, 40], 4, 1, 128, False),
    "fewer queries than keys, causal": ([5, 65, 3], [9, 70, 40], 4, 2, 128, True),
    "empty sequences": ([0, 33, 7, 0], [12, 0, 50, 0], 2, 1, 64, True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_a_float64_softmax_per_sequence(case):
    lens_q, lens_k, heads, kv_heads, dim, causal = CASES[case]
    rng = np.random.default_rng(len(case))
    q, k, v, cu_q, cu_k = packed(rng, lens_q, lens_k, heads, kv_heads, dim)
    out, lse = fk.attention(q, k, v, cu_q, cu_k, causal=causal, return_lse=True)
    want, want_lse = reference(q, k, v, cu_q, cu_k, causal, dim**-0.5)
    assert out.dtype == np.float16 and lse.shape == (heads, q.shape[0])
    np.testing.assert_allclose(out.astype(np.float64), want, atol=ATOL + 2**-11)
    np.testing.assert_array_equal(np.isinf(lse), np.isinf(want_lse))
    seen = np.isfinite(want_lse)
    np.testing.assert_allclose(lse[seen], want_lse[seen], atol=1e-5, rtol=1e-5)
    assert not out[~seen.T].any()  # queries without a visible key read zeros


ARCH_CASES = {
    # name: ARCH, extra columns of each token row (0: q, k and v rows 16-byte aligned),
    # FLYDSL_ATTENTION_TILE
    "gfx942": ("gfx942", 0, None),
    "gfx950": ("gfx950", 0, None),
    "sm_80": ("sm_80", 0, None),
    "sm_90": ("sm_90", 0, None),  # wgmma on TMA tiles, a producer warpgroup
    "sm_90, 64 x 64 tiles": (
        "sm_90",
        0,
        "64x64",
    ),  # one consumer warpgroup, 64 keys a step
    "sm_90, rows 8-byte aligned": ("sm_90", 4, None),  # no TMA: mma.sync
}


@pytest.mark.parametrize("case", sorted(ARCH_CASES))
def test_each_matrix_core_family_on_the_cpu(case, tmp_path):
    # The cpu target emulates the arch's atoms (MFMA of 16 and 32 K, mma.sync, wgmma and TMA): a
    # child process with ARCH set compiles the kernel for it and checks its result, then checks
    # that a NaN in the next sequence's V (which the last tile of keys overlaps) stays there.
    arch, pad, tile = ARCH_CASES[case]
    script = (
        "import sys, numpy as np\nsys.path[:0] = ['bindings/python', 'tests/python']\n"
        "import flydsl.kernels as fk\nfrom test_kernel_attention import packed, reference\n"
        "q, k, v, cu_q, cu_k = packed(np.random.default_rng(3), [70, 3], [90, 20], 4, 2, 128)\n"
        f"def padded(t):\n    rows = np.zeros((t.shape[0], t[0].size + {pad}), t.dtype)\n"
        "    rows[:, : t[0].size] = t.reshape(t.shape[0], -1)\n"
        "    return rows[:, : t[0].size].reshape(t.shape)\n"
        "q, k, v = padded(q), padded(k), padded(v)\n"
        # rows of out an odd number of floats apart there: one column a store
        f"out = np.zeros((q.shape[0], q[0].size + {pad // 4}), np.float32)\n"
        "out = out[:, : q[0].size].reshape(q.shape)\n"
        "fk.attention(q, k, v, cu_q, cu_k, causal=True, out=out)\n"
        "want, _ = reference(q, k, v, cu_q, cu_k, True, 128 ** -0.5)\n"
        "assert np.abs(out - want).max() < 2e-3, np.abs(out - want).max()\n"
        "v[90:] = np.nan\n"
        "fk.attention(q, k, v, cu_q, cu_k, causal=True, out=out)\n"
        "assert np.abs(out[:70] - want[:70]).max() < 2e-3, np.abs(out[:70] - want[:70]).max()\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "ARCH": arch, "FLYDSL_CACHE_DIR": str(tmp_path)}
    if tile:
        env["FLYDSL_ATTENTION_TILE"] = tile
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=root)


@pytest.mark.parametrize(
    "arch,tile,message",
    [
        ("gfx942", "64x24", "BN a multiple of 16 up to 128"),
        ("gfx942", "wide", "is not BMxBN"),
        ("sm_80", "272x32", "BM a multiple of 16 up to 256"),
        ("sm_90", "128x32", "BN a multiple of 64 up to 128"),
        ("sm_90", "256x64", "BM a multiple of 64 up to 192"),
    ],
)
def test_a_malformed_tile_is_refused_before_anything_runs(
    arch, tile, message, tmp_path
):
    script = (
        "import sys, numpy as np\nsys.path[:0] = ['bindings/python', 'tests/python']\n"
        "import flydsl, flydsl.kernels as fk\nfrom test_kernel_attention import packed\n"
        "q, k, v, cu_q, cu_k = packed(np.random.default_rng(3), [70], [90], 4, 2, 64)\n"
        "out = np.full(q.shape, 7, np.float16)\n"
        "try:\n    fk.attention(q, k, v, cu_q, cu_k, out=out)\n"
        "except flydsl.InvalidArgumentError as e:\n    print(e)\n"
        "assert (out == 7).all()\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "ARCH": arch, "FLYDSL_CACHE_DIR": str(tmp_path),
           "FLYDSL_ATTENTION_TILE": tile}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=root,
                          capture_output=True, text=True)  # fmt: skip
    assert f"FLYDSL_ATTENTION_TILE='{tile}'" in done.stdout and message in done.stdout


def test_sm90_code(tmp_path):
    # Hopper's form: TMA boxes on mbarriers, wgmma from shared memory, the producer warpgroup
    # giving its registers to the consumers
    ptx = sm90_ptx(
        tmp_path,
        "q = np.zeros((512, 8, 128), np.uint16)\nk = np.zeros((512, 2, 128), np.uint16)\n"
        "cu = np.array([0, 256, 512], np.int32)",
        "fk.attention(h(q), h(k), h(k.copy()), i(cu), i(cu.copy()), 256, out=h(q.copy()))",
    )
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16" in ptx
    assert "cp.async.bulk.tensor.2d.shared::cluster.global" in ptx
    assert re.search(r"setmaxnreg.inc.sync.aligned.u32\s+240;", ptx)
    assert "mma.sync" not in ptx


def test_batched_form_and_float32_output():
    rng = np.random.default_rng(5)
    q = rng.standard_normal((3, 40, 4, 64)).astype(np.float16)
    k = rng.standard_normal((3, 56, 2, 64)).astype(np.float16)
    v = rng.standard_normal((3, 56, 2, 64)).astype(np.float16)
    out = np.zeros(q.shape, np.float32)
    got, lse = fk.attention(q, k, v, causal=True, scale=0.2, out=out, return_lse=True)
    assert got is out and lse.shape == (3, 4, 40)
    flat = lambda x: x.reshape(-1, *x.shape[2:])
    cu_q, cu_k = np.arange(4, dtype=np.int32) * 40, np.arange(4, dtype=np.int32) * 56
    want, want_lse = reference(flat(q), flat(k), flat(v), cu_q, cu_k, True, 0.2)
    np.testing.assert_allclose(flat(out), want, atol=ATOL)
    np.testing.assert_allclose(
        lse, want_lse.reshape(4, 3, 40).transpose(1, 0, 2), rtol=1e-5
    )


def test_bfloat16_operands_and_output():
    rng = np.random.default_rng(11)
    q, k, v, cu_q, cu_k = packed(rng, [80, 17], [80, 60], 4, 2, 128, np.float32)
    qb, kb, vb = (to_bf16_bits(t) for t in (q, k, v))
    out = np.zeros(qb.shape, np.uint16)
    b = lambda a: DLView(a, KDL_BFLOAT, 16)
    fk.attention(b(qb), b(kb), b(vb), cu_q, cu_k, 97, causal=False, out=b(out))
    want, _ = reference(
        *(from_bf16_bits(t) for t in (qb, kb, vb)), cu_q, cu_k, False, 128**-0.5
    )
    np.testing.assert_allclose(from_bf16_bits(out), want, atol=2e-2, rtol=2**-7)


def test_one_key_is_its_value_whatever_the_scale():
    q = np.ones((1, 1, 64), np.float16)
    k = np.ones((1, 1, 64), np.float16)
    v = np.arange(64, dtype=np.float16).reshape(1, 1, 64)
    cu = np.array([0, 1], np.int32)
    for scale in (0.01, 3.0):
        out, lse = fk.attention(q, k, v, cu, cu, scale=scale, return_lse=True)
        np.testing.assert_array_equal(out, v)
        np.testing.assert_allclose(lse, [[64 * scale]], rtol=1e-6)


def bad_calls():
    """(what, edits of the arguments, the message): each is refused, out and lse untouched."""
    rng = np.random.default_rng(2)
    q, k, v, cu_q, cu_k = packed(rng, [10, 6], [8, 12], 4, 2, 64)
    base = {"q": q, "k": k, "v": v, "cu_seqlens_q": cu_q, "cu_seqlens_k": cu_k,
            "max_seqlen_q": 10, "out": np.full(q.shape, 7, np.float16),
            "lse": np.full((4, 16), 7, np.float32)}  # fmt: skip
    return base, [
        ("float32 operands", {"q": q.astype(np.float32)}, "float16 or bfloat16"),
        ("k of another dtype", {"k": k.astype(np.float32)}, "k has dtype f32"),
        (
            "head_dim 32",
            {
                "q": q[..., :32].copy(),
                "out": np.zeros((16, 4, 32), np.float16),
                "k": k[..., :32].copy(),
                "v": v[..., :32].copy(),
            },
            "head_dim is 32",
        ),
        (
            "kv heads not dividing",
            {
                "k": np.zeros((20, 3, 64), np.float16),
                "v": np.zeros((20, 3, 64), np.float16),
            },
            "dividing",
        ),
        ("v of another shape", {"v": v[:10].copy()}, "v must have k's shape"),
        (
            "falling offsets",
            {"cu_seqlens_q": np.array([0, 10, 9], np.int32)},
            r"cu_seqlens_q\[2\] is 9",
        ),
        (
            "offsets past the tokens",
            {"cu_seqlens_k": np.array([0, 8, 21], np.int32)},
            r"cu_seqlens_k\[2\] is 21",
        ),
        (
            "negative first offset",
            {"cu_seqlens_k": np.array([-1, 8, 20], np.int32)},
            r"cu_seqlens_k\[0\] is -1",
        ),
        ("sequence past max_seqlen_q", {"max_seqlen_q": 9}, "more than max_seqlen_q 9"),
        ("int64 offsets", {"cu_seqlens_q": cu_q.astype(np.int64)}, "must be int32"),
        (
            "offsets of another batch",
            {"cu_seqlens_k": cu_k[:2].copy()},
            "cu_seqlens_q's length",
        ),
        ("out over q", {"out": q}, "overlaps"),
        (
            "lse of another shape",
            {"lse": np.zeros((4, 15), np.float32)},
            "lse must be float32",
        ),
        (
            "out of another shape",
            {"out": np.zeros((16, 4, 32), np.float16)},
            "out must have",
        ),
        ("infinite scale", {"scale": float("inf")}, "scale must be finite"),
    ]


@pytest.mark.parametrize(
    "case", range(len(bad_calls()[1])), ids=[c[0] for c in bad_calls()[1]]
)
def test_bad_input_is_refused_and_nothing_is_written(case):
    base, cases = bad_calls()
    _, edits, message = cases[case]
    assert_refused_untouched(fk.attention, {**base, **edits}, message)


def test_the_two_forms_are_not_mixed():
    q = np.zeros((2, 8, 1, 64), np.float16)
    with pytest.raises(ValueError, match="without cu_seqlens"):
        fk.attention(
            q, q, q, np.array([0, 8, 16], np.int32), np.array([0, 8, 16], np.int32)
        )


@needs_llvm_tools
def test_gfx942_code(tmp_path):
    text = gfx942_disassembly(
        tmp_path,
        "q = np.zeros((512, 8, 128), np.uint16)\nk = np.zeros((512, 2, 128), np.uint16)\n"
        "cu = np.array([0, 256, 512], np.int32)",
        "fk.attention(h(q), h(k), h(k.copy()), i(cu), i(cu.copy()), 256, causal=True, "
        "out=h(q.copy()))",
    )
    # Q K^T and P V on the matrix cores, the tiles in runs of eight bf16 (128-bit) loads,
    # the rows' maxima and sums across lanes; nothing spilled
    assert "v_mfma_f32_16x16x16_bf16" in text or "v_mfma_f32_16x16x16bf16" in text
    assert "global_load_dwordx4" in text
    assert "scratch_" not in text
