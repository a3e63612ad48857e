"""Host time per launch from Python on the cpu target (a benchmark, not a test): an empty
kernel launched on a numpy array directly and from a @flyc.jit function, and the kernel
library's calls on tiny numpy arrays, whose kernels take less time than issuing them. Each
figure is the median over 30 batches of 500 calls after a warm-up that compiles. Prints one
table.
Run: PYTHONPATH=bindings/python python3 bench/bench_launch_cpu.py
"""

import os
import statistics
import time

os.environ.setdefault("FLYDSL_COMPILE_BACKEND", "cpu")

import flydsl.compiler as flyc  # noqa: E402 (the target is chosen before the import)
import flydsl.expr as fx  # noqa: E402
import flydsl.kernels as fk  # noqa: E402
import numpy as np  # noqa: E402

BATCH, BATCHES = 500, 30


@flyc.kernel
def empty(x: fx.Tensor):
    pass


@flyc.jit
def launch_empty(x: fx.Tensor):
    empty(x).launch(grid=(1,), block=(1,))


def per_call_us(fn):
    """The median over BATCHES batches of BATCH calls of the host time per call."""
    fn()
    fn()
    times = []
    for _ in range(BATCHES):
        start = time.perf_counter()
        for _ in range(BATCH):
            fn()
        times.append((time.perf_counter() - start) / BATCH * 1e6)
    return statistics.median(times)


def main():
    rng = np.random.default_rng(0)
    a, b, o = (rng.standard_normal(256).astype(np.float32) for _ in range(3))
    x, y = rng.standard_normal((4, 256)).astype(np.float32), np.zeros((4, 256), np.float32)
    w = np.ones(256, np.float32)
    ma = rng.standard_normal((16, 64)).astype(np.float16)
    mb = rng.standard_normal((64, 16)).astype(np.float16)
    mo = np.zeros((16, 16), np.float16)
    cases = [
        ("kernel(a).launch(), empty kernel", lambda: empty(a).launch(grid=(1,), block=(1,))),
        ("@flyc.jit launching it", lambda: launch_empty(a)),
        ("fk.add, 256 floats, out=", lambda: fk.add(a, b, out=o)),
        ("fk.softmax, 4 x 256, out=", lambda: fk.softmax(x, out=y)),
        ("fk.rmsnorm, 4 x 256, out=", lambda: fk.rmsnorm(x, w, out=y)),
        ("fk.gemm, 16 x 64 by 64 x 16, out=", lambda: fk.gemm(ma, mb, out=mo)),
        ("numpy np.add, 256 floats, out=", lambda: np.add(a, b, out=o)),
    ]
    print(f"host time per call on the cpu target, us (median of {BATCHES} batches of {BATCH})")
    print(f"| {'call':<36} | {'us':>8} |")
    print(f"|{'-' * 38}|{'-' * 10}|")
    for name, fn in cases:
        print(f"| {name:<36} | {per_call_us(fn):8.2f} |", flush=True)


if __name__ == "__main__":
    main()
