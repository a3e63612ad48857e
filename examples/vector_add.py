"""Vector add with @flyc.kernel on the best target present: a CUDA device (torch tensors) when
one is visible, else cpu (numpy arrays, through DLPack).
Run: PYTHONPATH=bindings/python python3 examples/vector_add.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host


@flyc.kernel
def vector_add(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, n: fx.Int32):
    i = fx.gpu.block_idx.x * fx.gpu.block_dim.x + fx.gpu.thread_idx.x
    inside = i < n
    C.store(i, A.load(i, pred=inside) + B.load(i, pred=inside), pred=inside)


@flyc.jit
def add(A, B, C, n, stream=fx.Stream(None)):
    vector_add(A, B, C, n).launch(grid=((n + 255) // 256,), block=(256,), stream=stream)


def main():
    rng = np.random.default_rng(0)
    for n in (1, 255, 256, 1000, 4097):
        a = rng.standard_normal(n).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        c = array(np.zeros(n, np.float32))
        add(array(a), array(b), c, n)
        np.testing.assert_allclose(host(c), a + b, rtol=1e-6)
        print(f"vector_add n={n:5d} on {TARGET}: matches numpy")
    print("compiled signatures:", len(vector_add.cache))
    print("ok")


if __name__ == "__main__":
    main()
