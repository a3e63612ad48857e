"""A tiled copy, as the FlyDSL kernel-development tutorial builds it: a thread layout and a
value layout combined by raked_product into a thread-value layout, a 128-bit copy atom, and
make_tiled_copy; each block takes one 8 x 24 tile (zipped_divide), each thread its part of it
(partition_S / partition_D), and the data goes through a register fragment. With
`buffer=True` the copies use AMD buffer instructions over buffer tensors, as the tutorial
writes it (bounds-checked loads and stores on targets without them).
Run: PYTHONPATH=bindings/python python3 examples/02_tiled_copy.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

BLOCK_M, BLOCK_N = 8, 24


@flyc.kernel
def copy_kernel(A: fx.Tensor, B: fx.Tensor, buffer: fx.Constexpr[bool]):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    if fx.const_expr(buffer):
        A = fx.rocdl.make_buffer_tensor(A)
        B = fx.rocdl.make_buffer_tensor(B)

    tile = fx.make_tile([fx.make_layout(BLOCK_M, 1), fx.make_layout(BLOCK_N, 1)])
    bA = fx.slice(fx.zipped_divide(A, tile), (None, bid))
    bB = fx.slice(fx.zipped_divide(B, tile), (None, bid))

    # 4 threads down the rows, 8 consecutive values each: two 128-bit calls per row segment.
    thr_layout = fx.make_layout((4, 1), (1, 1))
    val_layout = fx.make_layout((1, 8), (1, 1))
    op = fx.rocdl.BufferCopy128b() if buffer else fx.UniversalCopy128b()
    copy_atom = fx.make_copy_atom(op, fx.Float32)
    layout_thr_val = fx.raked_product(thr_layout, val_layout)
    tiled_copy = fx.make_tiled_copy(copy_atom, layout_thr_val, fx.make_tile(4, 8))

    thr_copy = tiled_copy.get_slice(tid)
    partition_src = thr_copy.partition_S(bA)
    partition_dst = thr_copy.partition_D(bB)
    frag = fx.make_fragment_like(partition_src)
    fx.copy(copy_atom, partition_src, frag)
    fx.copy(copy_atom, frag, partition_dst)


@flyc.jit
def tiled_copy(A, B, buffer=False, stream=fx.Stream(None)):
    m, n = A.shape
    copy_kernel(A, B, buffer).launch(
        grid=((m // BLOCK_M) * (n // BLOCK_N),), block=(4,), stream=stream
    )


def main():
    for buffer in (False, True):
        for tiles_m, tiles_n in ((3, 5), (1, 1), (4, 2)):
            m, n = BLOCK_M * tiles_m, BLOCK_N * tiles_n
            a = np.arange(m * n, dtype=np.float32).reshape(m, n)
            b = array(np.zeros((m, n), np.float32))
            tiled_copy(array(a), b, buffer)
            assert np.array_equal(host(b), a), f"tiled copy {m}x{n} is wrong"
            kind = "buffer" if buffer else "global"
            print(f"tiled_copy {m:2d}x{n:3d} ({kind}) on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
