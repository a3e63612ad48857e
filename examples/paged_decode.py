"""One decode step of a serving engine, as two library calls: three sequences of different
lengths (their earlier keys and values already in a paged KV cache, blocks of 16 tokens handed
out in no particular order) each bring one new token. fk.rope_kv_cache rotates the new q and k
by the token's position and writes k and v to the sequence's next slot; fk.paged_attention then
lets each new query attend to all of its sequence's cached tokens, the new one included, with
8 query heads sharing 2 KV heads. The result is checked against numpy.
Run: PYTHONPATH=bindings/python python3 examples/paged_decode.py
"""

import flydsl.kernels as fk
import numpy as np
from device import TARGET, array, host

HEADS, KV_HEADS, HEAD_DIM, BLOCK_SIZE, BLOCKS = 8, 2, 64, 16, 64


def main():
    rng = np.random.default_rng(5)
    lengths = np.array([37, 700, 5])  # tokens cached before this step
    max_blocks = 48
    # each sequence's blocks: a slice of one shuffled list of the cache's blocks
    order = rng.permutation(BLOCKS)
    tables = np.zeros((3, max_blocks), np.int32)
    used = 0
    for b, n in enumerate(lengths + 1):
        need = -(-n // BLOCK_SIZE)
        tables[b, :need] = order[used : used + need]
        used += need
    k_cache = rng.standard_normal((BLOCKS, BLOCK_SIZE, KV_HEADS, HEAD_DIM)).astype(np.float32)
    v_cache = rng.standard_normal((BLOCKS, BLOCK_SIZE, KV_HEADS, HEAD_DIM)).astype(np.float32)

    # The new token of each sequence sits at position `length`, in slot `length` of its table.
    positions = lengths.astype(np.int64)
    slots = np.array([tables[b, p // BLOCK_SIZE] * BLOCK_SIZE + p % BLOCK_SIZE
                      for b, p in enumerate(positions)])  # fmt: skip
    q = rng.standard_normal((3, HEADS, HEAD_DIM)).astype(np.float32)
    k = rng.standard_normal((3, KV_HEADS, HEAD_DIM)).astype(np.float32)
    v = rng.standard_normal((3, KV_HEADS, HEAD_DIM)).astype(np.float32)
    theta = np.arange(1024)[:, None] * 10000.0 ** (-np.arange(0, HEAD_DIM, 2) / HEAD_DIM)
    cos_sin = np.concatenate([np.cos(theta), np.sin(theta)], axis=1).astype(np.float32)

    dq, dk, dkc, dvc = array(q.copy()), array(k.copy()), array(k_cache.copy()), array(v_cache)
    fk.rope_kv_cache(array(positions), dq, dk, array(cos_sin), True, array(v), array(slots),
                     dkc, dvc)  # fmt: skip
    out = fk.paged_attention(dq, dkc, dvc, array(tables), array((lengths + 1).astype(np.int32)))

    # numpy: rotate, write, gather each sequence's rows and attend
    half = HEAD_DIM // 2
    cos, sin = cos_sin[positions, None, :half], cos_sin[positions, None, half:]

    def rotate(x):
        return np.concatenate([x[..., :half] * cos - x[..., half:] * sin,
                               x[..., half:] * cos + x[..., :half] * sin], -1)  # fmt: skip

    rq, rk = rotate(q.astype(np.float64)), rotate(k.astype(np.float64))
    keys = k_cache.reshape(-1, KV_HEADS, HEAD_DIM).astype(np.float64)
    values = v_cache.reshape(-1, KV_HEADS, HEAD_DIM).astype(np.float64)
    keys[slots], values[slots] = rk, v
    worst = 0.0
    for b, n in enumerate(lengths + 1):
        j = np.arange(n)
        rows = tables[b, j // BLOCK_SIZE] * BLOCK_SIZE + j % BLOCK_SIZE
        for h in range(HEADS):
            kv = h // (HEADS // KV_HEADS)
            s = keys[rows, kv] @ rq[b, h] / np.sqrt(HEAD_DIM)
            p = np.exp(s - s.max())
            want = (p / p.sum()) @ values[rows, kv]
            worst = max(worst, np.abs(host(out)[b, h] - want).max())
    print(f"decode step of 3 sequences ({', '.join(str(n) for n in lengths + 1)} tokens) "
          f"on {TARGET}: max error {worst:.1e}")  # fmt: skip
    assert worst < 1e-5
    print("ok")


if __name__ == "__main__":
    main()
