"""Layouts inside kernels, measured (a benchmark, not a test). On a CUDA device: a copy written
as a 128-bit tiled copy against torch's copy, and the swizzled shared-memory transpose
(examples/tiled_transpose_smem.py) against torch's x.t().contiguous(), in one run. Anywhere:
the cold compile time of examples 01 and 02 (a fresh process, no disk cache; cpu, and the
GPU targets). Prints one table.
Run: PYTHONPATH=bindings/python python3 bench/bench_layouts.py
"""

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))

ROWS = []


def row(section, what, value, unit, note=""):
    ROWS.append((section, what, value, unit, note))
    print(f"{section:9s} {what:48s} {value:10.3f} {unit:6s} {note}", flush=True)


# A fresh interpreter compiles one example kernel, disk cache off: what a user's first launch
# of a new signature pays (the import of flydsl is not counted).
COLD = """
import importlib, json, sys, time
sys.path.insert(0, {examples!r})
import numpy as np
import flydsl.compiler as flyc
mod = importlib.import_module({module!r})
kernel = getattr(mod, {kernel!r})
m = np.zeros((64, 240), np.float32)
args = {args}
times = []
for target, arch in {targets!r}:
    t0 = time.perf_counter()
    kernel.compile(*args, target=target, arch=arch)
    times.append((target + (":" + arch if arch else ""), (time.perf_counter() - t0) * 1e3))
print(json.dumps(times))
"""


def bench_compile():
    env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0",
               PYTHONPATH=str(ROOT / "bindings" / "python"))  # fmt: skip
    targets = [("cpu", None), ("rocm", "gfx942"), ("cuda", "sm_90")]
    cases = [
        ("01_vector_add_layout", "add_2d", "(m, m, m)"),
        ("02_tiled_copy", "copy_kernel", "(m, m, False)"),
    ]
    for module, kernel, args in cases:
        runs = {}
        for _ in range(5):
            code = COLD.format(examples=str(ROOT / "examples"), module=module, kernel=kernel,
                               args=args, targets=targets)  # fmt: skip
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, check=True)  # fmt: skip
            for name, ms in json.loads(out.stdout.strip().splitlines()[-1]):
                runs.setdefault(name, []).append(ms)
        for i, (name, ms) in enumerate(runs.items()):
            note = "first in the process" if i == 0 else "after the first"
            row("compile", f"{module} cold ({name})", statistics.median(ms), "ms", note)


def device_ms(torch, fn, reps=20, batch=5):
    for _ in range(3):
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


def bench_cuda(torch):
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import tiled_transpose_smem as transpose_example

    BM, BN = 16, 128

    @flyc.kernel
    def tiled_copy128(A: fx.Tensor, B: fx.Tensor):
        # 256 threads as 8 rows x 32 columns, 4 consecutive floats each: an (8,128) piece per
        # 128-bit step, two steps per (16,128) block tile; blocks in row-major order (x along
        # the columns), which suits DRAM pages better than column-major (2.82 vs 2.96 TB/s).
        tile = fx.make_tile(BM, BN)
        gA = fx.zipped_divide(A, tile)[None, (fx.block_idx.y, fx.block_idx.x)]
        gB = fx.zipped_divide(B, tile)[None, (fx.block_idx.y, fx.block_idx.x)]
        atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
        tiled = fx.make_tiled_copy_tv(atom, fx.make_layout((8, 32), (32, 1)),
                                      fx.make_layout((1, 4), (4, 1)))  # fmt: skip
        thr = tiled.get_slice(fx.thread_idx.x)
        src, dst = thr.partition_S(gA), thr.partition_D(gB)
        frag = fx.make_fragment_like(src)
        fx.copy(atom, src, frag)
        fx.copy(atom, frag, dst)

    n = 8192  # 256 MiB per f32 matrix: far past the L2
    a = torch.randn(n, n, device="cuda")
    b = torch.empty_like(a)
    gb = lambda ms: 2 * a.numel() * 4 / ms / 1e6  # noqa: E731
    sa, sb = flyc.from_dlpack(a), flyc.from_dlpack(b)
    grid = (n // BN, n // BM)
    fly = lambda: tiled_copy128(sa, sb).launch(grid=grid, block=(256,))  # noqa: E731
    fly()
    torch.cuda.synchronize()
    assert torch.equal(a, b), "the tiled copy is wrong"
    t_torch = device_ms(torch, lambda: b.copy_(a))
    t_fly = device_ms(torch, fly)
    row("copy", "torch b.copy_(a) 8192x8192 f32", gb(t_torch), "GB/s", f"{t_torch:.3f} ms")
    row("copy", "FlyDSL 128-bit tiled copy", gb(t_fly), "GB/s",
        f"{t_fly:.3f} ms, {t_torch / t_fly:.3f}x torch")  # fmt: skip

    out = torch.empty_like(a)
    so, sa2 = flyc.from_dlpack(out), flyc.from_dlpack(a)
    tile = transpose_example.TILE
    grid = (n // tile, n // tile)
    block = (transpose_example.ROWS * tile,)

    def fly_t():
        transpose_example.transpose_smem(sa2, so, False).launch(grid=grid, block=block)

    fly_t()
    torch.cuda.synchronize()
    assert torch.equal(out, a.t()), "the transpose is wrong"
    t_torch = device_ms(torch, lambda: a.t().contiguous())
    t_fly = device_ms(torch, fly_t)
    row("transpose", "torch a.t().contiguous() 8192x8192 f32", gb(t_torch), "GB/s",
        f"{t_torch:.3f} ms")  # fmt: skip
    row("transpose", "FlyDSL swizzled shared-memory transpose", gb(t_fly), "GB/s",
        f"{t_fly:.3f} ms, {t_torch / t_fly:.3f}x torch")  # fmt: skip


def main():
    try:
        import torch

        cuda = torch.cuda.is_available()
    except ImportError:
        torch, cuda = None, False
    if cuda:
        bench_cuda(torch)
    else:
        print("no CUDA device: only compile times")
    bench_compile()
    print("\n| section | what | value | unit | note |\n|---|---|---|---|---|")
    for section, what, value, unit, note in ROWS:
        print(f"| {section} | {what} | {value:.3f} | {unit} | {note} |")


if __name__ == "__main__":
    main()
