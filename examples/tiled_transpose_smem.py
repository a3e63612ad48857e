"""Matrix transpose through a swizzled shared-memory tile, written with layouts. Each block
moves one 32 x 32 tile: a tiled copy of 8 x 32 threads reads rows of the source into shared
memory, and after a barrier the same tiled copy reads the tile's transposed view and writes
rows of the destination. The shared tile's layout is Swizzle<5,0,5> o (32,32):(32,1): element
(r, c) lives in column c ^ r, so both the row writes and the column reads touch 32 different
4-byte banks (the rule on NVIDIA GPUs and on AMD LDS alike). Coordinate tensors predicate the
edges, so any shape works. The tile is static shared memory, or with `dynamic` set carved from
dynamic shared memory (`fx.SharedAllocator(static=False)`), which each launch then gets without
asking: the way to NVIDIA's shared memory past 48 KiB.
Run: PYTHONPATH=bindings/python python3 examples/tiled_transpose_smem.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

TILE, ROWS = 32, 8  # a block of ROWS x TILE threads moves a TILE x TILE tile


@flyc.kernel
def transpose_smem(src: fx.Tensor, dst: fx.Tensor, dynamic: fx.Constexpr[bool]):
    tid = fx.thread_idx.x
    bm, bn = fx.block_idx.y, fx.block_idx.x
    row_major = fx.make_layout((TILE, TILE), (TILE, 1))
    smem = fx.SharedAllocator(static=not dynamic).allocate_tensor(
        fx.Float32, fx.make_composed_layout(fx.Swizzle(5, 0, 5), 0, row_major)
    )
    # The same shared tile read as its transpose: element (i, j) is smem (j, i).
    smem_t = fx.composition(smem, row_major)

    gS = fx.local_tile(src, (TILE, TILE), (bm, bn))
    gD = fx.local_tile(dst, (TILE, TILE), (bn, bm))
    cS = fx.local_tile(fx.make_identity_tensor(src.shape), (TILE, TILE), (bm, bn))
    cD = fx.local_tile(fx.make_identity_tensor(dst.shape), (TILE, TILE), (bn, bm))

    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    rows = fx.make_tiled_copy_tv(
        atom, fx.make_layout((ROWS, TILE), (TILE, 1)), fx.make_layout((1, 1))
    )
    thr = rows.get_slice(tid)

    def inside(coords, shape):
        pred = fx.make_fragment_like(coords, dtype=fx.Boolean)
        for i in fx.range_constexpr(fx.size(pred)):
            pred[i] = fx.elem_less(coords[i], shape)
        return pred

    fx.copy(
        atom,
        thr.partition_S(gS),
        thr.partition_D(smem),
        pred=inside(thr.partition_S(cS), src.shape),
    )
    fx.gpu.barrier()
    fx.copy(
        atom,
        thr.partition_S(smem_t),
        thr.partition_D(gD),
        pred=inside(thr.partition_D(cD), dst.shape),
    )


@flyc.jit
def transpose(src, dst, dynamic=False, stream=fx.Stream(None)):
    m, n = src.shape
    grid = ((n + TILE - 1) // TILE, (m + TILE - 1) // TILE)
    transpose_smem(src, dst, dynamic).launch(grid=grid, block=(ROWS * TILE,), stream=stream)


def main():
    rng = np.random.default_rng(3)
    for (m, n), dynamic in zip(((32, 32), (1, 1), (33, 65), (100, 7), (257, 130)), (0, 1, 0, 1, 1)):
        a = rng.standard_normal((m, n)).astype(np.float32)
        out = array(np.zeros((n, m), np.float32))
        transpose(array(a), out, bool(dynamic))
        assert np.array_equal(host(out), a.T), f"transpose {m}x{n} is wrong"
        where = "dynamic" if dynamic else "static"
        print(f"tiled_transpose_smem {m:3d}x{n:3d} ({where} shared) on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
