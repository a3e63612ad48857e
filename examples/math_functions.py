"""The math dialect's functions in a kernel, with fast-math flags: GELU's tanh form and
softplus (log1p of exp) on each element, the float class tests flagging what overflowed, and
`with fx.fastmath(...)` letting LLVM contract and reassociate the arithmetic inside it, and
compiled with one of LLVM's own options (`llvm_options`, here post-RA scheduling off, as
FlyDSL's GEMMs ask on AMD). Checked against numpy.
Run: PYTHONPATH=bindings/python python3 examples/math_functions.py
"""

import math

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host
from flydsl.compiler.llvm_options import llvm_options

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@flyc.kernel
def activations(x: fx.Tensor, gelu: fx.Tensor, softplus: fx.Tensor, big: fx.Tensor, n: fx.Int32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        v = x[i]
        with fx.fastmath(fx.FastMathFlags.contract | fx.FastMathFlags.afn):
            inner = SQRT_2_OVER_PI * fx.math.fma(0.044715 * v, v * v, v)
            gelu[i] = 0.5 * v * (1.0 + fx.math.tanh(inner))
        e = fx.math.exp(v)
        # exp overflows for large v, where softplus(v) is v itself.
        overflowed = fx.math.isinf(e)
        softplus[i] = fx.select_value(overflowed, v, fx.math.log1p(e))
        big[i] = fx.Int32(overflowed)


def main():
    n = 1000
    x = np.linspace(-8.0, 100.0, n, dtype=np.float32)
    gelu, softplus, big = (array(np.zeros(n, np.float32)), array(np.zeros(n, np.float32)),
                           array(np.zeros(n, np.int32)))  # fmt: skip
    with llvm_options({"enable-post-misched": False}):
        activations(array(x), gelu, softplus, big, n).launch(grid=((n + 255) // 256,),
                                                             block=(256,))  # fmt: skip
    xd = x.astype(np.float64)
    want_gelu = 0.5 * xd * (1 + np.tanh(SQRT_2_OVER_PI * (xd + 0.044715 * xd**3)))
    with np.errstate(over="ignore"):
        overflow = np.isinf(np.exp(x))
    want_softplus = np.where(overflow, xd, np.log1p(np.exp(xd)))
    np.testing.assert_allclose(host(gelu), want_gelu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(host(softplus), want_softplus, rtol=1e-5)
    np.testing.assert_array_equal(host(big), overflow)
    print(f"gelu and softplus over {n} floats on {TARGET}: match numpy "
          f"({int(overflow.sum())} past exp's range)")  # fmt: skip
    print("ok")


if __name__ == "__main__":
    main()
