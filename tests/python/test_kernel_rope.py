"""The kernel library's RoPE with the paged KV-cache write (fk.rope_kv_cache) on the cpu target:
q and k rotated in place against a float64 rotation, the caches' rows of each token's slot, the
two pairings (GPT-NeoX halves, GPT-J neighbours), partial rotation, grouped heads, views of one
fused qkv buffer, and bad input refused with every tensor untouched. Its gfx942 code is read
back from the code object."""

import re

import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_BFLOAT, DLView, from_bf16_bits, to_bf16_bits
from _gfx942 import gfx942_disassembly, needs_llvm_tools
from _refusals import assert_refused_untouched


def rotated(x, positions, cos_sin, neox):
    """x (tokens, heads, dim) rotated in float64: pairs (i, i + r/2) or (2i, 2i + 1) of the first
    r dimensions, by the angle whose cosine and sine the token's row of cos_sin holds."""
    x = x.astype(np.float64).copy()
    r = cos_sin.shape[1]
    cos = cos_sin[positions, : r // 2].astype(np.float64)[:, None, :]
    sin = cos_sin[positions, r // 2 :].astype(np.float64)[:, None, :]
    first = np.arange(r // 2) if neox else np.arange(0, r, 2)
    second = first + (r // 2 if neox else 1)
    a, b = x[..., first].copy(), x[..., second].copy()
    x[..., first] = a * cos - b * sin
    x[..., second] = b * cos + a * sin
    return x


def angles(max_position, rotary, base=10000.0):
    """A model's cos/sin table: rotary / 2 cosines, then the sines, per position."""
    inv = base ** (-np.arange(0, rotary, 2) / rotary)
    theta = np.arange(max_position)[:, None] * inv[None, :]
    return np.concatenate([np.cos(theta), np.sin(theta)], axis=1).astype(np.float32)


def problem(rng, tokens=6, heads=4, kv_heads=2, dim=16, rotary=16, blocks=3, block_size=4):
    q = rng.standard_normal((tokens, heads, dim)).astype(np.float32)
    k = rng.standard_normal((tokens, kv_heads, dim)).astype(np.float32)
    v = rng.standard_normal((tokens, kv_heads, dim)).astype(np.float32)
    cos_sin = angles(64, rotary)
    positions = rng.integers(0, 64, tokens).astype(np.int64)
    k_cache = np.full((blocks, block_size, kv_heads, dim), 7.0, np.float32)
    return q, k, v, cos_sin, positions, k_cache, k_cache.copy()


@pytest.mark.parametrize("neox", [True, False])
@pytest.mark.parametrize("rotary", [16, 8, 6])  # 6: three pairs a half, one at a time
def test_rotates_in_place_and_writes_each_slot(neox, rotary):
    rng = np.random.default_rng(rotary + neox)
    q, k, v, cos_sin, positions, k_cache, v_cache = problem(rng, rotary=rotary)
    slots = np.array([5, -1, 0, 11, 2, 6], np.int32)  # -1: a padding token
    want_q, want_k = rotated(q, positions, cos_sin, neox), rotated(k, positions, cos_sin, neox)
    want_k_cache = k_cache.reshape(12, 2, 16).astype(np.float64)
    want_v_cache = want_k_cache.copy()
    for t, slot in enumerate(slots):
        if slot >= 0:
            want_k_cache[slot], want_v_cache[slot] = want_k[t], v[t]
    result = fk.rope_kv_cache(positions, q, k, cos_sin, neox, v, slots, k_cache, v_cache)
    assert result[0] is q and result[1] is k
    np.testing.assert_allclose(q, want_q, atol=2e-6)
    np.testing.assert_allclose(k, want_k, atol=2e-6)
    if rotary < 16:  # the dimensions past the rotary ones pass through unchanged
        np.testing.assert_array_equal(q[..., rotary:], want_q[..., rotary:].astype(np.float32))
    np.testing.assert_allclose(k_cache.reshape(12, 2, 16), want_k_cache, atol=2e-6)
    np.testing.assert_array_equal(v_cache.reshape(12, 2, 16), want_v_cache.astype(np.float32))


def test_rotation_alone_leaves_no_cache_behind():
    rng = np.random.default_rng(3)
    q, k, _, cos_sin, positions, _, _ = problem(rng, heads=8, kv_heads=1)  # multi-query
    want_q, want_k = rotated(q, positions, cos_sin, True), rotated(k, positions, cos_sin, True)
    fk.rope_kv_cache(positions, q, k, cos_sin)
    np.testing.assert_allclose(q, want_q, atol=2e-6)
    np.testing.assert_allclose(k, want_k, atol=2e-6)


def test_position_zero_is_the_identity_and_one_turns_by_the_angle():
    q = np.array([[[1.0, 0.0, 0.0, 1.0]]], np.float32)  # pairs (0, 2) and (1, 3)
    k = q.copy()
    cos_sin = angles(2, 4, base=1.0)  # every frequency 1: position 1 turns by one radian
    fk.rope_kv_cache(np.array([0]), q, k, cos_sin)
    np.testing.assert_array_equal(q, [[[1, 0, 0, 1]]])
    fk.rope_kv_cache(np.array([1]), q, k, cos_sin)
    c, s = np.cos(1.0), np.sin(1.0)
    np.testing.assert_allclose(q, [[[c, -s, s, c]]], atol=1e-6)


def test_q_and_k_as_views_of_one_fused_qkv_buffer():
    rng = np.random.default_rng(5)
    tokens, heads, kv_heads, dim = 5, 4, 2, 8
    qkv = rng.standard_normal((tokens, (heads + 2 * kv_heads) * dim)).astype(np.float32)
    original = qkv.copy()
    q = qkv[:, : heads * dim].reshape(tokens, heads, dim)
    k = qkv[:, heads * dim : (heads + kv_heads) * dim].reshape(tokens, kv_heads, dim)
    v = qkv[:, (heads + kv_heads) * dim :].reshape(tokens, kv_heads, dim)
    assert not q.flags.c_contiguous  # rows of the fused buffer: a token stride of its own
    cos_sin, positions = angles(16, dim), np.arange(tokens)[::-1].copy()
    want_q, want_k = rotated(q, positions, cos_sin, True), rotated(k, positions, cos_sin, True)
    k_cache = np.zeros((2, 4, kv_heads, dim), np.float32)
    v_cache = np.zeros_like(k_cache)
    slots = np.arange(tokens, dtype=np.int64)
    fk.rope_kv_cache(positions, q, k, cos_sin, True, v, slots, k_cache, v_cache)
    np.testing.assert_allclose(q, want_q, atol=2e-6)
    np.testing.assert_allclose(k, want_k, atol=2e-6)
    np.testing.assert_array_equal(v, original[:, (heads + kv_heads) * dim :].reshape(v.shape))
    np.testing.assert_array_equal(v_cache.reshape(8, kv_heads, dim)[:tokens], v)


@pytest.mark.parametrize("neox", [True, False])
def test_bfloat16_tensors_and_cache(neox):
    rng = np.random.default_rng(9)
    q, k, v, cos_sin, positions, k_cache, _ = problem(rng)
    qb, kb, vb = (to_bf16_bits(t) for t in (q, k, v))
    cache = np.zeros(k_cache.shape, np.uint16)
    v_cache = cache.copy()
    slots = np.arange(6, dtype=np.int64)
    b = lambda a: DLView(a, KDL_BFLOAT, 16)
    fk.rope_kv_cache(positions, b(qb), b(kb), cos_sin, neox, b(vb), slots, b(cache), b(v_cache))
    want_q = rotated(from_bf16_bits(to_bf16_bits(q)), positions, cos_sin, neox)
    want_k = rotated(from_bf16_bits(to_bf16_bits(k)), positions, cos_sin, neox)
    # computed in float32 and rounded once: within half a bfloat16 step of the exact rotation
    np.testing.assert_allclose(from_bf16_bits(qb), want_q, rtol=2**-8, atol=1e-30)
    np.testing.assert_allclose(from_bf16_bits(kb), want_k, rtol=2**-8, atol=1e-30)
    np.testing.assert_array_equal(cache.reshape(12, 2, 16)[:6], kb)
    np.testing.assert_array_equal(v_cache.reshape(12, 2, 16)[:6], vb)


def test_a_wider_cache_keeps_the_float32_rotation():
    rng = np.random.default_rng(4)
    q, k, v, cos_sin, positions, k_cache, v_cache = problem(rng)
    q, k, v = q.astype(np.float16), k.astype(np.float16), v.astype(np.float16)
    want_k = rotated(k, positions, cos_sin, True)
    slots = np.arange(6, dtype=np.int64)
    fk.rope_kv_cache(positions, q, k, cos_sin, True, v, slots, k_cache, v_cache)
    rows = k_cache.reshape(12, 2, 16)[:6]
    np.testing.assert_allclose(rows, want_k, atol=2e-6)  # rounded once, to float32
    np.testing.assert_allclose(k, want_k, rtol=2**-11, atol=2**-24)  # rounded to float16
    assert (rows != k.astype(np.float32)).any()
    np.testing.assert_array_equal(v_cache.reshape(12, 2, 16)[:6], v.astype(np.float32))


def bad_calls():
    """(what, the call's arguments after edits, the message): each is refused."""
    rng = np.random.default_rng(1)
    q, k, v, cos_sin, positions, k_cache, v_cache = problem(rng)
    slots = np.arange(6, dtype=np.int64)
    base = {"positions": positions, "q": q, "k": k, "cos_sin_cache": cos_sin, "neox": True,
            "v": v, "slot_mapping": slots, "k_cache": k_cache, "v_cache": v_cache}  # fmt: skip
    far = positions.copy()
    far[4] = 64
    past = slots.copy()
    past[2] = 12
    return base, [
        ("position past the table", {"positions": far}, r"positions\[4\] is 64"),
        ("negative position", {"positions": -positions - 1}, r"positions\[0\] is -"),
        ("slot past the cache", {"slot_mapping": past}, r"slot_mapping\[2\] is 12"),
        ("float positions", {"positions": positions.astype(np.float32)}, "int32 or int64"),
        ("odd rotary", {"cos_sin_cache": cos_sin[:, :5].copy()}, "even"),
        ("rotary past head_dim", {"cos_sin_cache": angles(64, 18)}, "at most head_dim 16"),
        ("q of rank 2", {"q": q.reshape(6, 64)}, "rank 2"),
        ("k of other tokens", {"k": k[:5].copy()}, "k has shape"),
        ("k of another dtype", {"k": k.astype(np.float16)}, "k has dtype f16"),
        ("positions too few", {"positions": positions[:5].copy()}, "one position per token"),
        ("cache without v", {"v": None}, "all four or none"),
        ("cache of other heads", {"k_cache": np.zeros((12, 3, 16), np.float32)}, "kv_heads"),
        ("one cache for both", {"v_cache": k_cache}, "overlaps"),
        ("cache over q", {"k_cache": q[:, :2].copy(), "v_cache": q[:, 2:]}, "overlaps"),
        ("q is k", {"k": q[:, :2]}, "overlaps"),
    ]


@pytest.mark.parametrize("case", range(len(bad_calls()[1])), ids=[c[0] for c in bad_calls()[1]])
def test_bad_input_is_refused_and_nothing_is_written(case):
    base, cases = bad_calls()
    _, edits, message = cases[case]
    assert_refused_untouched(fk.rope_kv_cache, {**base, **edits}, message)


def test_no_tokens_is_nothing_to_do():
    q, k = np.zeros((0, 2, 8), np.float32), np.zeros((0, 1, 8), np.float32)
    fk.rope_kv_cache(np.zeros(0, np.int64), q, k, angles(4, 8))


@needs_llvm_tools
def test_gfx942_code(tmp_path):
    text = gfx942_disassembly(
        tmp_path,
        "q, k = np.zeros((4, 32, 128), np.uint16), np.zeros((4, 8, 128), np.uint16)\n"
        "cache = np.zeros((2, 16, 8, 128), np.uint16)\n"
        "cs, p = np.zeros((64, 128), np.float32), np.zeros(4, np.int64)",
        "fk.rope_kv_cache(i(p), h(q), h(k), f(cs), True, h(k.copy()), i(p.copy()), h(cache), "
        "h(cache.copy()))",
    )
    # four pairs a thread: runs of four bf16 (64-bit) and four f32 cosines or sines (128-bit);
    # no 16-bit access left, nothing spilled
    assert "global_load_dwordx2" in text and "global_store_dwordx2" in text
    assert "global_load_dwordx4" in text
    assert not re.search(r"global_(load|store)_(short|ushort|byte)", text)
    assert "scratch_" not in text
