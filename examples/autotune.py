"""Autotuning: flydsl.autotune times a kernel under each config (its block size, a Constexpr)
and keeps the fastest for each problem size; later calls with that size reuse the decision,
also from the disk cache in a later process.
Run: PYTHONPATH=bindings/python python3 examples/autotune.py
"""

import atexit
import os
import shutil
import tempfile

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host
from flydsl.autotune import Config, autotune

# Decisions are remembered on disk; this example starts from none (a tuner reads its disk cache
# when it is made, below), and leaves none behind.
if "FLYDSL_AUTOTUNE_CACHE_DIR" not in os.environ:
    _cache_dir = tempfile.mkdtemp(prefix="autotune-")
    atexit.register(shutil.rmtree, _cache_dir, ignore_errors=True)
    os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"] = _cache_dir


@flyc.kernel
def scale(x: fx.Tensor, y: fx.Tensor, n: fx.Int32, block: fx.Constexpr[int]):
    i = fx.block_idx.x * block + fx.thread_idx.x
    if i < n:
        y[i] = x[i] * 2.0


@autotune(configs=[Config(BLOCK=64), Config(BLOCK=128), Config(BLOCK=256)], key=["n"])
def scale_all(x, y, n, BLOCK):
    scale(x, y, n, BLOCK).launch(grid=((n + BLOCK - 1) // BLOCK,), block=(BLOCK,))


def main():
    for n in (1000, 5000):
        x = np.arange(n, dtype=np.float32)
        y = array(np.zeros(n, np.float32))
        scale_all(array(x), y, n)  # the first call with this n searches
        scale_all(array(x), y, n)  # the second reuses the winner
        np.testing.assert_array_equal(host(y), 2 * x)
    chosen = sorted(c.kwargs["BLOCK"] for c in scale_all.cache.values())
    assert len(chosen) == 2 and set(chosen) <= {64, 128, 256}
    print(f"tuned block sizes {chosen}: ok")


if __name__ == "__main__":
    main()
