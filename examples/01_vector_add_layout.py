"""A 2-D predicated add written with layouts: each block takes a TILE_M x TILE_N tile of the
matrices (zipped_divide), a tiled copy spreads the tile over the block's threads, and a
coordinate tensor (make_identity_tensor) partitioned the same way gives each thread the
coordinates of its elements, so elements outside the matrix are skipped: any shape works.
Run: PYTHONPATH=bindings/python python3 examples/01_vector_add_layout.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

TILE_M, TILE_N = 16, 32
THREADS = 128  # each thread moves TILE_M * TILE_N / THREADS = 4 elements of each matrix


@flyc.kernel
def add_2d(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    tid = fx.thread_idx.x
    bm, bn = fx.block_idx.x, fx.block_idx.y
    tile = fx.make_tile(TILE_M, TILE_N)

    # This block's tile of each matrix, and the coordinates of its elements.
    gA = fx.zipped_divide(A, tile)[None, (bm, bn)]
    gB = fx.zipped_divide(B, tile)[None, (bm, bn)]
    gC = fx.zipped_divide(C, tile)[None, (bm, bn)]
    cA = fx.zipped_divide(fx.make_identity_tensor(A.shape), tile)[None, (bm, bn)]

    # Threads along the row (neighbours touch neighbouring addresses); one element per call.
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    thr_layout = fx.make_layout((THREADS // TILE_N, TILE_N), (TILE_N, 1))
    tiled_copy = fx.make_tiled_copy_tv(atom, thr_layout, fx.make_layout((1, 1)))
    thr = tiled_copy.get_slice(tid)
    tA, tB, tC = thr.partition_S(gA), thr.partition_S(gB), thr.partition_D(gC)
    tCoord = thr.partition_S(cA)

    # One predicate per element: is its coordinate inside the matrix?
    pred = fx.make_fragment_like(tCoord, dtype=fx.Boolean)
    for i in fx.range_constexpr(fx.size(pred)):
        pred[i] = fx.elem_less(tCoord[i], A.shape)

    rA, rB = fx.make_fragment_like(tA), fx.make_fragment_like(tB)
    rC = fx.make_fragment_like(tC)
    fx.copy(atom, tA, rA, pred=pred)
    fx.copy(atom, tB, rB, pred=pred)
    rC.store(rA.load() + rB.load())
    fx.copy(atom, rC, tC, pred=pred)


@flyc.jit
def add(A, B, C, stream=fx.Stream(None)):
    m, n = A.shape
    grid = ((m + TILE_M - 1) // TILE_M, (n + TILE_N - 1) // TILE_N)
    add_2d(A, B, C).launch(grid=grid, block=(THREADS,), stream=stream)


def main():
    rng = np.random.default_rng(0)
    for m, n in ((16, 32), (1, 1), (17, 33), (100, 7), (64, 250)):
        a = rng.standard_normal((m, n)).astype(np.float32)
        b = rng.standard_normal((m, n)).astype(np.float32)
        c = array(np.full((m, n), -1.0, np.float32))
        add(array(a), array(b), c)
        np.testing.assert_allclose(host(c), a + b, rtol=1e-6)
        print(f"add_2d {m:3d}x{n:3d} on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
