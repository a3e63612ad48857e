"""Split-K by buffer atomics (FlyDSL's fx.rocdl.BufferAtomicAdd): y = A x with the K dimension
cut into slices, one grid row of blocks a slice. Each thread sums its row's products over its
slice and adds the partial sum into y with a buffer atomic, which combines the slices in any
order; rows past the buffer's byte count would be dropped by the hardware's range check.
Runs on the cpu target emulating gfx942 (the atomics as bounds-checked atomic adds); for rocm
it compiles to buffer_atomic_add_f32.
Run: PYTHONPATH=bindings/python python3 examples/split_k_buffer_atomics.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np

os.environ.setdefault("ARCH", "gfx942")  # the arch the cpu target emulates


@flyc.kernel
def gemv_split_k(a: fx.Tensor, x: fx.Tensor, y: fx.Tensor, k_slice: fx.Constexpr):
    row = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    first = fx.block_idx.y * k_slice
    partial = fx.Float32(0.0)
    for k in fx.range_constexpr(k_slice):
        partial = partial + a[row, first + k] * x[first + k]
    add = fx.make_copy_atom(fx.rocdl.BufferAtomicAdd(fx.Float32), fx.Float32)
    r = fx.make_rmem_tensor(1, fx.Float32)
    r[0] = partial
    rows = fx.logical_divide(fx.rocdl.make_buffer_tensor(y), fx.make_layout(1, 1))
    fx.copy_atom_call(add, r, fx.slice(rows, (None, row)))


def main():
    m, k, slices, block = 256, 128, 4, 64
    rng = np.random.default_rng(5)
    a = rng.integers(-4, 5, (m, k)).astype(np.float32)  # small integers: exact sums
    x = rng.integers(-4, 5, k).astype(np.float32)
    y = np.zeros(m, np.float32)
    gemv_split_k(a, x, y, k // slices).launch(grid=(m // block, slices), block=(block,))
    np.testing.assert_array_equal(y, a @ x)
    gemv_split_k.compile(a, x, y, k // slices, target="rocm", arch="gfx942")
    print(
        f"y = A x for A of {m}x{k} in {slices} K-slices joined by buffer atomic adds: match numpy"
    )
    print("ok")


if __name__ == "__main__":
    main()
