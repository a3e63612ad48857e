"""The GEMM's tiles: the library plans each GEMM from a table (docs/kernels.md); gemm_tiles lists
the other tiles the arch offers for a problem, gemm(tile=...) runs one, and gemm(tune=True)
times them all once per shape, dtypes, layouts and device, remembering the fastest on disk
(FLYDSL_AUTOTUNE_CACHE_DIR) so that a later process does not time again.
Run: PYTHONPATH=bindings/python python3 examples/gemm_tiles.py
"""

import atexit
import os
import shutil
import tempfile

import flydsl.kernels as fk
import numpy as np
from device import ON_GPU, TARGET, array, host
from flydsl.autotune import do_bench

# This example starts from no remembered choice and leaves none behind.
if "FLYDSL_AUTOTUNE_CACHE_DIR" not in os.environ:
    _cache_dir = tempfile.mkdtemp(prefix="gemm-tiles-")
    atexit.register(shutil.rmtree, _cache_dir, ignore_errors=True)
    os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"] = _cache_dir


def main():
    m, n, k = (2048, 2048, 2048) if ON_GPU else (96, 160, 64)
    rng = np.random.default_rng(11)
    x = rng.standard_normal((m, k)).astype(np.float16)
    w = rng.standard_normal((n, k)).astype(np.float16)  # a linear layer's weight: x @ w.T
    want = x.astype(np.float64) @ w.astype(np.float64).T
    a, b = array(x), array(w).T

    tiles = fk.gemm_tiles(a, b)
    print(f"{m} x {n} x {k} on {TARGET}: {len(tiles)} tiles, the table's first")
    print("  BM  BN  BK stages warps split    ms")
    for tile in tiles:
        d = fk.gemm(a, b, tile=tile)
        err = np.abs(host(d).astype(np.float64) - want).max() / np.abs(want).max()
        assert err < 2e-3, (tile, err)
        ms = do_bench(lambda d=d, t=tile: fk.gemm(a, b, out=d, tile=t), warmup=1, rep=3)
        t = tile
        print(f"{t['bm']:4} {t['bn']:3} {t['bk']:3} {t['stages']:6} {t['warps_m']:2}x"
              f"{t['warps_n']} {t['split_k']:5} {ms:6.3f}")  # fmt: skip

    d = fk.gemm(a, b, tune=True)  # times each tile again, keeps the fastest
    err = np.abs(host(d).astype(np.float64) - want).max() / np.abs(want).max()
    assert err < 2e-3, err
    print(f"tuned: relative error {err:.1e}")
    print("ok")


if __name__ == "__main__":
    main()
