"""y = alpha * x with AMD buffer loads and stores of 4-lane vectors, a grid-stride `while`
loop and a device printf. On rocm the buffer instructions check the bounds in hardware; the
cpu and cuda targets check them in code, with the same results. Run:
PYTHONPATH=bindings/python python3 examples/buffer_scale.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host
from flydsl.expr import buffer_ops, range_constexpr

VEC = 4
BLOCK = 64


@flyc.kernel
def buffer_scale(x: fx.Tensor, y: fx.Tensor, n: fx.Int32, alpha: fx.Float32):
    src = buffer_ops.create_buffer_resource(x)
    dst = buffer_ops.create_buffer_resource(y)
    i = (fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x) * VEC
    stride = fx.grid_dim.x * fx.block_dim.x * VEC
    while i < n:
        if i + VEC <= n:
            v = buffer_ops.buffer_load(src, i, vec_width=VEC)
            buffer_ops.buffer_store(v * alpha, dst, i)
        else:
            # The partial last vector, element by element: those past the end read 0 and
            # their stores are dropped by the bounds check.
            for j in range_constexpr(VEC):
                e = buffer_ops.buffer_load(src, i + j)
                buffer_ops.buffer_store(e * alpha, dst, i + j)
        i = i + stride
    if fx.block_idx.x == 0:  # noqa: SIM102 (`and` has no kernel meaning: nested branches)
        if fx.thread_idx.x == 0:
            fx.printf("buffer_scale: n=%d alpha=%.2f on %d blocks\n", n, alpha, fx.grid_dim.x)


def scale(x, y, alpha, blocks):
    buffer_scale(x, y, x.shape[0], fx.Float32(alpha)).launch(grid=(blocks,), block=(BLOCK,))


def main():
    rng = np.random.default_rng(0)
    for n, blocks in ((1, 1), (255, 1), (1000, 2), (4099, 3)):
        x = rng.standard_normal(n).astype(np.float32)
        y = array(np.zeros(n, np.float32))
        scale(array(x), y, 1.5, blocks)
        np.testing.assert_allclose(host(y), 1.5 * x, rtol=1e-6)
        print(f"buffer_scale n={n:5d}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
