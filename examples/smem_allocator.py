"""FlyDSL's shared-memory allocator: the host plans byte offsets into one shared buffer
(`SmemAllocator`, `_align`, `ptr`), and the kernel views pieces of it with a type and a shape
(`SmemPtr`). Here a block of 128 threads writes its values into one piece, each thread reads
its neighbour's back after a barrier, and a second piece of another type holds a per-wave
count.
Run: PYTHONPATH=bindings/python python3 examples/smem_allocator.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host
from flydsl.expr.typing import T
from flydsl.utils.smem_allocator import SmemAllocator, SmemPtr

THREADS = 128

allocator = SmemAllocator(None, arch="gfx942")
values_at = allocator._align(allocator.ptr, 16)
allocator.ptr = values_at + THREADS * 4  # f32 per thread
counts_at = allocator._align(allocator.ptr, 16)
allocator.ptr = counts_at + 2 * 4  # an i32 per half of the block
allocator.finalize()


@flyc.kernel
def rotate(x: fx.Tensor, y: fx.Tensor, halves: fx.Tensor):
    tid = fx.thread_idx.x
    base = allocator.get_base()
    values = SmemPtr(base, values_at, T.f32, shape=(THREADS,))
    counts = SmemPtr(base, counts_at, T.i32, shape=(2,))
    values.store(x[tid], [tid])
    if tid % 64 == 0:
        counts.store(tid // 64 + 10, [tid // 64])
    fx.gpu.barrier()
    y[tid] = values.load([(tid + 1) % THREADS])
    if tid < 2:
        halves[tid] = counts.load([tid])


def main():
    x = np.arange(THREADS, dtype=np.float32) * 0.5
    y = array(np.zeros(THREADS, np.float32))
    halves = array(np.zeros(2, np.int32))
    rotate(array(x), y, halves).launch(grid=(1,), block=(THREADS,))
    np.testing.assert_array_equal(host(y), np.roll(x, -1))
    np.testing.assert_array_equal(host(halves), [10, 11])
    print(f"{allocator.total_bytes()} bytes of shared memory in two pieces: ok")


if __name__ == "__main__":
    main()
