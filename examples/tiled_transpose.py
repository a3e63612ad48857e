"""Tiled matrix transpose through shared memory: each block copies a TILE x TILE tile into
shared memory (rows padded by one element against bank conflicts), waits at a barrier, and
writes the tile transposed. Edges are predicated, so any shape works.
Run: PYTHONPATH=bindings/python python3 examples/tiled_transpose.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host

TILE, ROWS = 32, 8  # a block of TILE x ROWS threads moves a TILE x TILE tile


@flyc.kernel
def transpose(src: fx.Tensor, dst: fx.Tensor, m: fx.Int32, n: fx.Int32):
    tile = fx.SharedTensor("f32", TILE * (TILE + 1))
    tx, ty = fx.thread_idx.x, fx.thread_idx.y
    col0, row0 = fx.block_idx.x * TILE, fx.block_idx.y * TILE
    for k in fx.range_constexpr(0, TILE, ROWS):
        r, c = row0 + ty + k, col0 + tx
        inside = (r < m) & (c < n)
        tile.store((ty + k) * (TILE + 1) + tx, src.load((r, c), pred=inside))
    fx.gpu.barrier()
    for k in fx.range_constexpr(0, TILE, ROWS):
        r, c = col0 + ty + k, row0 + tx  # dst is n x m
        dst.store((r, c), tile[tx * (TILE + 1) + ty + k], pred=(r < n) & (c < m))


def run(m, n, rng):
    a = rng.standard_normal((m, n)).astype(np.float32)
    out = array(np.zeros((n, m), np.float32))
    grid = ((n + TILE - 1) // TILE, (m + TILE - 1) // TILE)
    transpose(array(a), out, m, n).launch(grid=grid, block=(TILE, ROWS))
    out = host(out)
    assert np.array_equal(out, a.T), f"transpose {m}x{n} is wrong"
    return out


def main():
    rng = np.random.default_rng(3)
    for m, n in ((1, 1), (32, 32), (33, 65), (100, 7), (257, 130)):
        run(m, n, rng)
        print(f"tiled_transpose {m:3d}x{n:3d}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
