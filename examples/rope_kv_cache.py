"""One step of a serving engine's attention input: two sequences of a batch bring new tokens
(one a prompt of 5, the other one decoded token), their fused QKV projection is split into q, k
and v views, q and k are rotated by each token's position, and each token's k and v land in the
paged KV cache at the slot its sequence's block table gives (vLLM's layout: blocks of
block_size slots). One kernel does all of it: fk.rope_kv_cache. The rotation is checked against
numpy, and the cache is read back through the block table as attention would read it.
Run: PYTHONPATH=bindings/python python3 examples/rope_kv_cache.py
"""

import flydsl.kernels as fk
import numpy as np
from device import TARGET, array, host

HEADS, KV_HEADS, HEAD_DIM, BLOCK_SIZE, BLOCKS = 8, 2, 64, 4, 6


def cos_sin_table(max_position, rotary, base=10000.0):
    """rotary / 2 cosines then rotary / 2 sines per position (the layout vLLM caches)."""
    theta = np.arange(max_position)[:, None] * base ** (-np.arange(0, rotary, 2) / rotary)
    return np.concatenate([np.cos(theta), np.sin(theta)], axis=1).astype(np.float32)


def rotate_halves(x, positions, table):
    """x (tokens, heads, dim) rotated in float64, Llama's pairing: dimension i with i + dim/2."""
    half = table.shape[1] // 2
    cos, sin = table[positions, None, :half], table[positions, None, half:]
    a, b = x[..., :half].astype(np.float64), x[..., half:].astype(np.float64)
    return np.concatenate([a * cos - b * sin, b * cos + a * sin], axis=-1)


def main():
    rng = np.random.default_rng(11)
    # Sequence 0 is a prompt of 5 tokens (positions 0-4) in blocks 3 and 1; sequence 1 has 9
    # tokens cached in blocks 0, 5 and 2 and decodes its 10th (position 9).
    block_tables = [[3, 1], [0, 5, 2]]
    positions = np.array([0, 1, 2, 3, 4, 9], np.int64)
    sequence = np.array([0, 0, 0, 0, 0, 1])
    slots = np.array(
        [block_tables[s][p // BLOCK_SIZE] * BLOCK_SIZE + p % BLOCK_SIZE
         for s, p in zip(sequence, positions)]
    )  # fmt: skip
    tokens = len(positions)

    qkv = rng.standard_normal((tokens, (HEADS + 2 * KV_HEADS) * HEAD_DIM)).astype(np.float32)
    table = cos_sin_table(4096, HEAD_DIM)
    k_cache = np.zeros((BLOCKS, BLOCK_SIZE, KV_HEADS, HEAD_DIM), np.float32)
    v_cache = np.zeros_like(k_cache)

    fused = array(qkv.copy())  # qkv stays as it was, for the check
    q = fused[:, : HEADS * HEAD_DIM].reshape(tokens, HEADS, HEAD_DIM)
    k = fused[:, HEADS * HEAD_DIM : (HEADS + KV_HEADS) * HEAD_DIM].reshape(
        tokens, KV_HEADS, HEAD_DIM
    )
    v = fused[:, (HEADS + KV_HEADS) * HEAD_DIM :].reshape(tokens, KV_HEADS, HEAD_DIM)
    kc, vc = array(k_cache), array(v_cache)
    fk.rope_kv_cache(
        array(positions), q, k, array(table), True, v, array(slots), kc, vc
    )  # q and k of the fused buffer rotate in place

    want_q = rotate_halves(qkv[:, : HEADS * HEAD_DIM].reshape(tokens, HEADS, HEAD_DIM),
                           positions, table)  # fmt: skip
    want_k = rotate_halves(
        qkv[:, HEADS * HEAD_DIM : (HEADS + KV_HEADS) * HEAD_DIM].reshape(tokens, KV_HEADS, -1),
        positions,
        table,
    )
    error = max(np.abs(host(q) - want_q).max(), np.abs(host(k) - want_k).max())
    print(f"rope of {tokens} tokens, {HEADS} q / {KV_HEADS} kv heads on {TARGET}: "
          f"max error {error:.1e}")  # fmt: skip
    assert error < 1e-5

    # Attention reads a sequence's keys through its block table: position p of sequence s is
    # slot p % BLOCK_SIZE of block block_tables[s][p // BLOCK_SIZE].
    k_cache, v_cache = host(kc), host(vc)
    v_new = qkv[:, (HEADS + KV_HEADS) * HEAD_DIM :].reshape(tokens, KV_HEADS, HEAD_DIM)
    for t, (s, p) in enumerate(zip(sequence, positions)):
        block = block_tables[s][p // BLOCK_SIZE]
        assert np.allclose(k_cache[block, p % BLOCK_SIZE], want_k[t], atol=1e-5)
        assert np.array_equal(v_cache[block, p % BLOCK_SIZE], v_new[t])
    untouched = np.ones(BLOCKS * BLOCK_SIZE, bool)
    untouched[slots] = False
    assert not k_cache.reshape(-1, KV_HEADS, HEAD_DIM)[untouched].any()
    print(f"k and v of {tokens} tokens in their slots {slots.tolist()}; the other "
          f"{untouched.sum()} slots untouched")  # fmt: skip
    print("ok")


if __name__ == "__main__":
    main()
