"""What many distinct kernels cost a process: its resident memory and the disk cache's files and
bytes after compiling and launching N kernels that differ by a Constexpr (each a new module),
on the cpu target, with the caches' default bounds (256 modules in memory, 1024 MiB on disk)
unless FLYDSL_RUNTIME_MEMORY_CACHE_ENTRIES / FLYDSL_RUNTIME_CACHE_MAX_MB say otherwise.
Prints a table.
Run: PYTHONPATH=bindings/python python3 bench/bench_cache_memory.py [N]
"""

import os
import sys
import tempfile
import time
from pathlib import Path


def rss_mb():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main(n):
    cache = tempfile.mkdtemp(prefix="flydsl-bench-cache-")
    os.environ["FLYDSL_RUNTIME_CACHE_DIR"] = cache
    os.environ["FLYDSL_COMPILE_BACKEND"] = "cpu"
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import numpy as np

    @flyc.kernel
    def shifted(x: fx.Tensor, k: fx.Constexpr[int]):
        i = fx.thread_idx.x
        x[i] = x[i] + float(k)

    x = np.zeros(64, np.float32)
    print(f"{'kernels':>8} {'RSS MB':>8} {'disk files':>11} {'disk MB':>8} {'s':>7}")
    start = time.perf_counter()
    print(f"{0:>8} {rss_mb():>8.0f} {0:>11} {0:>8.1f} {0:>7.1f}")
    step = max(n // 8, 1)
    for k in range(1, n + 1):
        shifted(x, k).launch(block=(64,))
        if k % step == 0 or k == n:
            files = list(Path(cache).glob("*.flyc"))
            size = sum(f.stat().st_size for f in files) / 2**20
            elapsed = time.perf_counter() - start
            print(f"{k:>8} {rss_mb():>8.0f} {len(files):>11} {size:>8.1f} {elapsed:>7.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10000)
