"""FlyDSL on a CUDA device against torch and Triton (a benchmark, not a test): launch overhead
of an empty kernel, vector add and copy bandwidth, softmax, and cold and warm compile times.
Prints one table. Needs torch with a CUDA device, and Triton for its launch row.
Run: PYTHONPATH=bindings/python python3 bench/bench_cuda.py
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl import _fast_launch as fast
from flydsl import _kernel_api as K

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))
import softmax as softmax_example  # noqa: E402
import vector_add as vector_add_example  # noqa: E402

ROWS = []


def row(section, what, value, unit, note=""):
    ROWS.append((section, what, value, unit, note))
    print(f"{section:9s} {what:44s} {value:10.3f} {unit:8s} {note}", flush=True)


@flyc.kernel
def empty(x: fx.Tensor, n: fx.Int32):
    pass


@flyc.jit
def launch_empty(x, n):
    empty(x, n).launch(grid=(1,), block=(32,))


try:
    import triton
    import triton.language as tl

    @triton.jit
    def triton_empty(x_ptr, n, BLOCK: tl.constexpr):
        pass

except ImportError:
    triton = None


@flyc.kernel
def copy4(x: fx.Tensor, y: fx.Tensor, n: fx.Int32):
    # Four elements per thread with 16-byte accesses; n is a multiple of 4 here.
    i = (fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x) * 4
    if i < n:
        x.load(i, lanes=4).store(y, i)


@flyc.kernel
def add4(a: fx.Tensor, b: fx.Tensor, c: fx.Tensor, n: fx.Int32):
    i = (fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x) * 4
    if i < n:
        (a.load(i, lanes=4) + b.load(i, lanes=4)).store(c, i)


def host_time_per_call(fn, batch=256, batches=100):
    """Median host microseconds per call, the device drained between batches (untimed)."""
    for _ in range(3 * batch):
        fn()
    torch.cuda.synchronize()
    per = []
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        per.append((time.perf_counter() - t0) / batch * 1e6)
        torch.cuda.synchronize()
    return statistics.median(per)


def device_ms(fn, reps=30, batch=10):
    """Median device milliseconds per call of fn, timed with CUDA events around `batch` calls
    queued back to back (so that the host's launch time does not open gaps between short
    kernels), after a warm-up."""
    for _ in range(5):
        fn()
    start = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    end = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for s, e in zip(start, end):
        s.record()
        for _ in range(batch):
            fn()
        e.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in zip(start, end)) / batch


def bench_launch():
    x = torch.zeros(256, device="cuda")
    us = host_time_per_call(lambda: launch_empty(x, 256))
    row("launch", "FlyDSL @flyc.jit (empty kernel)", us, "us")
    us = host_time_per_call(lambda: empty(x, 256).launch(block=(32,)))
    row("launch", "FlyDSL kernel(...).launch()", us, "us", f"hot path: {len(empty._prepared)}")
    (prepared,) = empty._prepared.values()
    us = host_time_per_call(lambda: prepared.launch((x, 256), (1,), (32,), 0, None))
    row("launch", "  of which the prepared launch's call", us, "us")
    c_args = prepared.launch.__globals__["c_args"]
    us = host_time_per_call(lambda: K.prepared_launch_slots(*c_args))
    row("launch", "  of which the C call (ctypes)", us, "us")
    for what, fn in (
        ("kernel(...) (the launch object)", lambda: empty(x, 256)),
        ("signature key", lambda: fast.signature_key((x, 256))),
        ("target choice", fast.raw_choice),
        ("tensor getters", lambda: (x.data_ptr(), x.shape, x.stride(), x.dtype, x.is_cuda)),
    ):
        row("launch", "  of which " + what, host_time_per_call(fn, batches=20), "us")
    if triton is not None:
        us = host_time_per_call(lambda: triton_empty[(1,)](x, 256, BLOCK=32))
        row("launch", "Triton @triton.jit (empty kernel)", us, "us")
    else:
        print("launch: no Triton row (Triton is not installed)")
    row("launch", "torch x.add_(1) (256 floats)", host_time_per_call(lambda: x.add_(1.0)), "us")


def bench_bandwidth():
    n = 1 << 26  # 256 MiB per f32 tensor: far past the L2
    a, b = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    c = torch.empty_like(a)
    gb = lambda tensors, ms: tensors * n * 4 / ms / 1e6  # noqa: E731

    ms = device_ms(lambda: c.copy_(a))
    row("bandwidth", "torch copy (device's copy ceiling)", gb(2, ms), "GB/s", f"{ms:.3f} ms")
    c.fill_(float("nan"))
    ms = device_ms(lambda: copy4(a, c, n).launch(grid=(n // 4 // 256,), block=(256,)))
    assert torch.equal(c, a), "copy4 is wrong"
    row("bandwidth", "FlyDSL copy (16-byte accesses)", gb(2, ms), "GB/s", f"{ms:.3f} ms")

    ms = device_ms(lambda: torch.add(a, b, out=c))
    row("bandwidth", "torch add", gb(3, ms), "GB/s", f"{ms:.3f} ms")
    c.fill_(float("nan"))
    ms = device_ms(lambda: vector_add_example.add(a, b, c, n))
    torch.testing.assert_close(c, a + b)
    row(
        "bandwidth",
        "FlyDSL vector_add example (4-byte accesses)",
        gb(3, ms),
        "GB/s",
        f"{ms:.3f} ms",
    )
    c.fill_(float("nan"))
    ms = device_ms(lambda: add4(a, b, c, n).launch(grid=(n // 4 // 256,), block=(256,)))
    torch.testing.assert_close(c, a + b)
    row("bandwidth", "FlyDSL add (16-byte accesses)", gb(3, ms), "GB/s", f"{ms:.3f} ms")


def bench_softmax():
    for rows, cols in ((4096, 1024), (1024, 8192), (128, 65536)):
        x = torch.randn(rows, cols, device="cuda") * 4
        y = torch.full_like(x, float("nan"))
        block = softmax_example.block_for(cols)
        ms_fly = device_ms(
            lambda: softmax_example.softmax(x, y, cols, block).launch(grid=(rows,), block=(block,))
        )
        err = (y.double() - torch.softmax(x.double(), 1)).abs().max().item()
        assert err < 1e-5, f"softmax {rows}x{cols}: error {err}"
        ms_torch = device_ms(lambda: torch.softmax(x, 1))
        bytes_ = 2 * rows * cols * 4
        row(
            "softmax",
            f"FlyDSL {rows}x{cols}",
            bytes_ / ms_fly / 1e6,
            "GB/s",
            f"{ms_fly:.3f} ms, {block} threads, max error {err:.1e}",
        )
        row(
            "softmax",
            f"torch.softmax {rows}x{cols}",
            bytes_ / ms_torch / 1e6,
            "GB/s",
            f"{ms_torch:.3f} ms",
        )


COMPILE_SCRIPT = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1] + "/examples"); sys.path.insert(0, sys.argv[1] + "/bench")
import torch
import bench_cuda as b, softmax as s, vector_add as v
x = torch.zeros(1024, device="cuda")
m = x.view(4, 256)
out = {}
kernels = (("empty", b.empty, (x, 4)), ("vector_add", v.vector_add, (x, x, x, 4)),
           ("copy4", b.copy4, (x, x, 4)), ("softmax", s.softmax, (m, m, 4, 128)))
for name, kernel, args in kernels:
    t0 = time.perf_counter(); kernel.compile(*args); t1 = time.perf_counter()
    kernel(*args).launch(block=(32,)); torch.cuda.synchronize(); t2 = time.perf_counter()
    out[name] = [(t1 - t0) * 1e3, (t2 - t1) * 1e3]
print(json.dumps(out))
"""


def bench_compile():
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, FLYDSL_RUNTIME_CACHE_DIR=cache)
        runs = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", COMPILE_SCRIPT, str(ROOT)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for name in runs[0]:
        cold, warm = runs[0][name], runs[1][name]
        row(
            "compile",
            f"{name}: cold (trace, MLIR, PTX)",
            cold[0],
            "ms",
            f"first launch +{cold[1]:.1f} ms (driver JIT)",
        )
        row(
            "compile",
            f"{name}: warm (disk cache)",
            warm[0],
            "ms",
            f"first launch +{warm[1]:.1f} ms",
        )


def main():
    props = torch.cuda.get_device_properties(0)
    print(f"device: {props.name}, torch {torch.__version__}", flush=True)
    for part in (bench_launch, bench_bandwidth, bench_softmax, bench_compile):
        part()
    print("\n| section | what | value | unit | note |\n|---|---|---:|---|---|")
    for section, what, value, unit, note in ROWS:
        print(f"| {section} | {what} | {value:.2f} | {unit} | {note} |")


if __name__ == "__main__":
    main()
