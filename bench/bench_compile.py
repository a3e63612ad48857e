"""Compile time per target for vector add, softmax and the kernel library's GEMM (fk.gemm, 1024^3
f16, built and compiled with COMPILE_ONLY: nothing runs): cold (empty disk cache) and from the
disk cache in a fresh process. Each measurement runs in its own Python process, so the
in-memory cache never answers. Prints a table.
Run: PYTHONPATH=bindings/python python3 bench/bench_compile.py [TARGET ...]
(TARGET: cpu, rocm, cuda; all three by default. rocm needs ROCm's device libraries here.)

    python3 bench/bench_compile.py --against ../before [--repeats 21] [TARGET ...]

compares cold compiles with another checkout of this project (built: its build/libflydsl.so,
its own Python package and examples), the two taking turns so that the machine's drift falls
on both alike; each row gives both medians and their ratio.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import importlib.util, json, sys, time
import numpy as np
import flydsl.compiler as flyc

def load(name):
    spec = importlib.util.spec_from_file_location(name, sys.argv[1] + f"/examples/{name}.py")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m

kernel_name, target, arch = sys.argv[2:5]
x, m = np.zeros(8, np.float32), np.zeros((4, 4), np.float32)
if kernel_name == "gemm":
    sys.path.insert(0, sys.argv[1] + "/tests/python")
    import flydsl.kernels as fk
    from _dlpack import DLView, KDL_CPU, KDL_CUDA, KDL_FLOAT, KDL_ROCM
    device = {"cpu": KDL_CPU, "cuda": KDL_CUDA, "rocm": KDL_ROCM}[target]
    a = DLView(np.zeros((1024, 1024), np.float16), KDL_FLOAT, 16, device)
    d = DLView(np.zeros((1024, 1024), np.float32), KDL_FLOAT, 32, device)
    t0 = time.perf_counter()
    try:
        fk.gemm(a, a, out=d)
    except flyc.LaunchError:  # COMPILE_ONLY: compiled, and said not to have run
        pass
    print(json.dumps({"ms": (time.perf_counter() - t0) * 1e3}))
    sys.exit(0)
if kernel_name == "vector_add":
    kernel, args = load("vector_add").vector_add, (x, x, x, 8)
else:
    kernel, args = load("softmax").softmax, (m, m, 4, 128)
t0 = time.perf_counter()
kernel.compile(*args, target=target, arch=arch)
print(json.dumps({"ms": (time.perf_counter() - t0) * 1e3}))
"""

CASES = [("cpu", "gfx942"), ("rocm", "gfx942"), ("rocm", "gfx950"), ("cuda", "sm_90")]


def measure(kernel, target, arch, cache_dir, root=ROOT):
    path = os.pathsep.join(str(root / d) for d in ("bindings/python", "examples"))
    env = dict(os.environ, PYTHONPATH=path, FLYDSL_RUNTIME_CACHE_DIR=cache_dir, ARCH=arch)
    if root != ROOT:  # the other checkout's own library (this one's: FLYDSL_LIB, else its build)
        env["FLYDSL_LIB"] = str(root / "build" / "libflydsl.so")
    if kernel == "gemm":
        env["COMPILE_ONLY"] = "1"
    env.pop("FLYDSL_RUNTIME_ENABLE_CACHE", None)
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), kernel, target, arch],
                         env=env, capture_output=True, text=True, cwd=root, check=False)  # fmt: skip
    if out.returncode != 0:
        sys.exit(f"{kernel} on {target} {arch} ({root}) failed:\n{out.stderr}")
    return json.loads(out.stdout)["ms"]


def cold(kernel, target, arch, root=ROOT):
    with tempfile.TemporaryDirectory() as cache:
        return measure(kernel, target, arch, cache, root)


def main(targets, repeats, against):
    cases = [(t, a) for t, a in CASES if not targets or t in targets]
    if against:
        print(
            f"{'kernel':<11} {'target':<6} {'arch':<7} {'before ms':>10} {'now ms':>9} {'ratio':>6}"
        )
    else:
        print(f"{'kernel':<11} {'target':<6} {'arch':<7} {'cold ms':>9} {'disk hit ms':>12}")
    for kernel in ("vector_add", "softmax", "gemm"):
        for target, arch in cases:
            if against:
                before, now = [], []
                for _ in range(repeats):
                    before.append(cold(kernel, target, arch, against))
                    now.append(cold(kernel, target, arch))
                b, n = statistics.median(before), statistics.median(now)
                print(f"{kernel:<11} {target:<6} {arch:<7} {b:10.2f} {n:9.2f} {n / b:6.2f}")
                continue
            first, hit = [], []
            for _ in range(repeats):
                with tempfile.TemporaryDirectory() as cache:
                    first.append(measure(kernel, target, arch, cache))
                    hit.append(measure(kernel, target, arch, cache))
            print(f"{kernel:<11} {target:<6} {arch:<7} {statistics.median(first):9.2f} "
                  f"{statistics.median(hit):12.2f}")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("targets", nargs="*", help="cpu, rocm, cuda (all by default)")
    parser.add_argument("--repeats", type=int, default=5, help="fresh processes per row")
    parser.add_argument("--against", type=Path, help="another built checkout to compare with")
    args = parser.parse_args()
    main(args.targets, args.repeats, args.against.resolve() if args.against else None)
