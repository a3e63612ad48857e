"""Bulk tensor copies (TMA, Hopper): each block's thread 0 copies an 8 x 16 box of a row-major
f32 matrix into a shared tile in one instruction, and every thread waits on an mbarrier for the
box's bytes; each thread then doubles some of the tile in place, and thread 0 stores the tile to
the same box of the output in one instruction. The descriptors are declared in the kernel
(fx.nvgpu.tma_descriptor) and built from the tensors at every launch, so the caller passes only
the tensors. The tile is swizzled 64 bytes, as the copies lay it out: rows of 16 f32, their
16-byte chunks XORed by the row index (Swizzle<2,2,3> on f32 offsets). Boxes past the matrix's
edge read zeros there, and the store leaves the elements there alone.

On an NVIDIA GPU (sm_90) these are cp.async.bulk.tensor and mbarrier instructions; the cpu target
runs them as the sm_90 it then emulates.
Run: PYTHONPATH=bindings/python python3 examples/07_tma_copy.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import ON_GPU, TARGET, array, host

if not ON_GPU:
    os.environ.setdefault("ARCH", "sm_90")  # the arch the cpu target emulates

BOX_ROWS, BOX_COLS, THREADS = 8, 16, 32


@flyc.kernel
def doubled(A: fx.Tensor, B: fx.Tensor):
    tid = fx.thread_idx.x
    row0, col0 = fx.block_idx.x * BOX_ROWS, fx.block_idx.y * BOX_COLS
    load = fx.nvgpu.tma_descriptor(A, (BOX_ROWS, BOX_COLS), swizzle=64)
    store = fx.nvgpu.tma_descriptor(B, (BOX_ROWS, BOX_COLS), swizzle=64)
    smem = fx.SharedAllocator()
    rows = fx.make_layout((BOX_ROWS, BOX_COLS), (BOX_COLS, 1))
    tile = smem.allocate_tensor(
        fx.Float32, fx.make_composed_layout(fx.Swizzle(2, 2, 3), 0, rows), 512
    )
    bars = smem.allocate_tensor(fx.Int64, fx.make_layout(1), 8)
    if tid == 0:
        fx.nvgpu.mbarrier_init(bars, 0, 1)  # one arrival a phase: thread 0's
    fx.gpu.barrier()
    if tid == 0:
        fx.nvgpu.mbarrier_arrive(bars, 0, BOX_ROWS * BOX_COLS * 4)
        fx.nvgpu.tma_load(load, tile, (row0, col0), bars, 0)
    fx.nvgpu.mbarrier_wait(bars, 0, 0)  # phase 0 completes when the box has landed
    col = tid % BOX_COLS
    for p in fx.range_constexpr(BOX_ROWS * BOX_COLS // THREADS):
        row = tid // BOX_COLS + p * (THREADS // BOX_COLS)
        tile[row, col] = tile[row, col] * 2.0
    fx.nvgpu.fence_proxy_async()  # the tile's writes, seen by the bulk store
    fx.gpu.barrier()
    if tid == 0:
        fx.nvgpu.tma_store(store, tile, (row0, col0))
        fx.nvgpu.tma_store_wait(0)  # the tile is read before the block exits


def main():
    rows, cols = 40, 44
    a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    b = array(np.zeros((rows, cols), np.float32))
    grid = (rows // BOX_ROWS, (cols + BOX_COLS - 1) // BOX_COLS)
    doubled(flyc.from_dlpack(array(a)), flyc.from_dlpack(b)).launch(grid=grid, block=(THREADS,))
    assert np.array_equal(host(b), 2 * a), "doubled through TMA boxes differs"
    print(f"{rows} x {cols} doubled through {BOX_ROWS} x {BOX_COLS} TMA boxes on {TARGET}: exact")
    print("ok")


if __name__ == "__main__":
    main()
