"""Dropout with counter-based random numbers: each element draws its own uniform from
(seed, element index) with fx.random.rand, so no random state is kept or shared, and the same
seed gives the same mask on every target and in any launch shape. The host's fx.random gives
the same numbers, which is how the mask is checked here.
Run: PYTHONPATH=bindings/python python3 examples/random_dropout.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host


@flyc.kernel
def dropout(x: fx.Tensor, y: fx.Tensor, n: fx.Int32, p: fx.Float32, seed: fx.Uint32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        keep = fx.random.rand(seed, i) >= p
        y[i] = fx.select_value(keep, x[i] / (1.0 - p), 0.0)


def main():
    n, p, seed = 5000, 0.25, 1234
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    y = array(np.zeros(n, np.float32))
    dropout(array(x), y, n, p, seed).launch(grid=((n + 255) // 256,), block=(256,))
    y = host(y)
    kept = y != 0
    # The mask the host's generator gives for the same seed and indices.
    for i in (0, 1, 17, 4999):
        assert kept[i] == (fx.random.rand(fx.Uint32(seed), fx.Uint32(i)).value >= p), i
    np.testing.assert_allclose(y[kept], x[kept] / (1 - p), rtol=1e-6)
    assert abs(kept.mean() - (1 - p)) < 0.03
    print(f"dropout p={p}: kept {kept.mean():.3f} of {n} elements (expected {1 - p}): ok")


if __name__ == "__main__":
    main()
