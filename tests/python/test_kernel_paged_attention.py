"""The kernel library's paged-attention decode (fk.paged_attention) on the cpu target: against a
float64 softmax(q K^T) V over each sequence's tokens gathered through its block table, for
multi-head, grouped-query and multi-query heads, one partition and several (a second kernel
combining them), empty and partial sequences, 16-bit caches, and bad input refused with the
output untouched. Its gfx942 code is read back from the code object."""

import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_BFLOAT, DLView, from_bf16_bits, to_bf16_bits
from _gfx942 import gfx942_disassembly, needs_llvm_tools
from _refusals import assert_refused_untouched


def attention(q, k_cache, v_cache, block_tables, seq_lens, scale):
    """softmax(scale * q . K^T) V in float64, K and V gathered through the block tables."""
    batch, heads, dim = q.shape
    block_size, kv_heads = k_cache.shape[1], k_cache.shape[2]
    keys = k_cache.reshape(-1, kv_heads, dim).astype(np.float64)
    values = v_cache.reshape(-1, kv_heads, dim).astype(np.float64)
    out = np.zeros((batch, heads, dim))
    for b in range(batch):
        j = np.arange(seq_lens[b])
        if len(j) == 0:
            continue
        slots = block_tables[b, j // block_size] * block_size + j % block_size
        for h in range(heads):
            kv = h // (heads // kv_heads)
            s = keys[slots, kv] @ q[b, h].astype(np.float64) * scale
            p = np.exp(s - s.max())
            out[b, h] = (p / p.sum()) @ values[slots, kv]
    return out


def problem(rng, batch, heads, kv_heads, dim, block_size, blocks, max_blocks, seq_lens):
    q = rng.standard_normal((batch, heads, dim)).astype(np.float32)
    k_cache = rng.standard_normal((blocks, block_size, kv_heads, dim)).astype(np.float32)
    v_cache = rng.standard_normal((blocks, block_size, kv_heads, dim)).astype(np.float32)
    tables = np.stack([rng.permutation(blocks)[:max_blocks] for _ in range(batch)])
    return q, k_cache, v_cache, tables.astype(np.int32), np.array(seq_lens, np.int32)


CASES = {
    # name: heads, kv_heads, dim, block_size, blocks, max_blocks, seq_lens
    "multi-head, one partition": (4, 4, 32, 8, 12, 6, [48, 17, 1]),
    "grouped, one partition": (8, 2, 64, 16, 10, 4, [64, 33, 0]),
    "multi-query": (8, 1, 16, 4, 40, 30, [120, 5, 77]),
    "grouped, three partitions": (4, 1, 64, 16, 100, 96, [1536, 700, 513]),
    "long and short in one batch": (16, 2, 128, 16, 90, 80, [1, 1280, 16]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_a_float64_softmax_over_the_gathered_tokens(case):
    heads, kv_heads, dim, block_size, blocks, max_blocks, seq_lens = CASES[case]
    rng = np.random.default_rng(len(case))
    q, k_cache, v_cache, tables, lens = problem(
        rng, len(seq_lens), heads, kv_heads, dim, block_size, blocks, max_blocks, seq_lens
    )
    out = fk.paged_attention(q, k_cache, v_cache, tables, lens)
    want = attention(q, k_cache, v_cache, tables, lens, dim**-0.5)
    np.testing.assert_allclose(out, want, atol=2e-6, rtol=1e-5)
    for b, n in enumerate(seq_lens):
        if n == 0:  # a sequence of no tokens reads zeros
            assert not out[b].any()


def test_one_token_is_its_value_and_the_scale_sharpens():
    q = np.zeros((1, 1, 4), np.float32)
    q[0, 0, 0] = 1.0
    k_cache = np.zeros((2, 2, 1, 4), np.float32)
    v_cache = np.zeros_like(k_cache)
    k_cache[1, 0, 0, 0], k_cache[1, 1, 0, 0] = 1.0, 2.0  # two tokens in block 1
    v_cache[1, 0, 0], v_cache[1, 1, 0] = [1, 0, 0, 0], [0, 1, 0, 0]
    tables = np.array([[1, 0]], np.int32)
    out = fk.paged_attention(q, k_cache, v_cache, tables, np.array([1], np.int32))
    np.testing.assert_array_equal(out[0, 0], [1, 0, 0, 0])
    out = fk.paged_attention(q, k_cache, v_cache, tables, np.array([2], np.int32), scale=3.0)
    p = np.exp([3.0, 6.0]) / np.exp([3.0, 6.0]).sum()
    np.testing.assert_allclose(out[0, 0], [p[0], p[1], 0, 0], rtol=1e-6)


def test_bfloat16_q_cache_and_output():
    rng = np.random.default_rng(7)
    q, k_cache, v_cache, tables, lens = problem(rng, 3, 8, 2, 64, 16, 40, 36, [570, 31, 200])
    qb, kb, vb = (to_bf16_bits(t) for t in (q, k_cache, v_cache))
    out = np.zeros(qb.shape, np.uint16)
    b = lambda a: DLView(a, KDL_BFLOAT, 16)
    fk.paged_attention(b(qb), b(kb), b(vb), tables, lens, 0.125, out=b(out))
    want = attention(*(from_bf16_bits(t) for t in (qb, kb, vb)), tables, lens, 0.125)
    np.testing.assert_allclose(from_bf16_bits(out), want, atol=1e-2, rtol=2**-7)


def bad_calls():
    """(what, edits of the arguments, the message): each is refused, out untouched."""
    rng = np.random.default_rng(2)
    q, k_cache, v_cache, tables, lens = problem(rng, 2, 4, 2, 16, 4, 8, 4, [16, 5])
    base = {"q": q, "k_cache": k_cache, "v_cache": v_cache, "block_tables": tables,
            "seq_lens": lens, "scale": 0.25, "out": np.full(q.shape, 7, np.float32)}  # fmt: skip
    far, stray = tables.copy(), tables.copy()
    far[1, 1] = 8
    stray[0, 3] = -1
    return base, [
        ("block id past the cache", {"block_tables": far}, r"block_tables\[1, 1\] is 8"),
        ("negative block id", {"block_tables": stray}, r"block_tables\[0, 3\] is -1"),
        ("sequence past its table", {"seq_lens": np.array([17, 5], np.int32)}, r"seq_lens\[0\]"),
        ("negative length", {"seq_lens": np.array([3, -1], np.int32)}, r"seq_lens\[1\] is -1"),
        ("int64 tables", {"block_tables": tables.astype(np.int64)}, "block_tables must be int32"),
        ("lengths of another batch", {"seq_lens": lens[:1].copy()}, "seq_lens must be int32"),
        ("kv heads not dividing", {"k_cache": np.zeros((8, 4, 3, 16), np.float32)}, "dividing"),
        ("head_dim apart", {"k_cache": np.zeros((8, 4, 2, 8), np.float32)}, "head_dim 16"),
        ("v_cache of other shape", {"v_cache": v_cache[:4].copy()}, "v_cache has shape"),
        ("cache without blocks", {"k_cache": k_cache.reshape(32, 2, 16)}, "block_size"),
        ("out over q", {"out": q}, "overlaps"),
        ("infinite scale", {"scale": float("inf")}, "scale must be finite"),
        ("out of another shape", {"out": np.zeros((2, 4, 8), np.float32)}, "out has shape"),
    ]


@pytest.mark.parametrize("case", range(len(bad_calls()[1])), ids=[c[0] for c in bad_calls()[1]])
def test_bad_input_is_refused_and_nothing_is_written(case):
    base, cases = bad_calls()
    _, edits, message = cases[case]
    assert_refused_untouched(fk.paged_attention, {**base, **edits}, message)


@needs_llvm_tools
def test_gfx942_code(tmp_path):
    # 64 sequences of 256 tokens at most: 512 blocks of one partition, one kernel
    text = gfx942_disassembly(
        tmp_path,
        "q, cache = np.zeros((64, 32, 128), np.uint16), np.zeros((64, 16, 8, 128), np.uint16)\n"
        "tables, lens = np.zeros((64, 16), np.int32), np.zeros(64, np.int32)",
        "fk.paged_attention(h(q), h(cache), h(cache.copy()), i(tables), i(lens), 0.1, "
        "out=h(q.copy()))",
    )
    # K and V rows in runs of eight bf16 (128-bit), the queries from LDS four floats at a time,
    # the block's reductions by ds_swizzle; nothing spilled
    assert "global_load_dwordx4" in text and "ds_read_b128" in text
    assert "ds_swizzle_b32" in text
    assert "scratch_" not in text
