"""The cpu target's execution models, measured (a benchmark, not a test). Kernels with barriers
or shuffles run as work-item loops (a loop over the block's threads between collectives) or,
with FLYDSL_CPU_FIBERS=1, as one fiber per GPU thread switched at every collective. Each mode
runs in its own process; numpy on the same data is the reference. Where installed, the same
four kernels written for Triton's interpreter (TRITON_INTERPRET=1, on torch cpu tensors) and
numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1) run too, on smaller data (they are slow), and
their rates stand beside ours. Prints one table.
Run: PYTHONPATH=bindings/python python3 bench/bench_cpu.py [--quick]
"""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

# One mode's measurements, printed as JSON: {case: (seconds per launch, elements)}.
CHILD = r"""
import json, sys, time
sys.path.insert(0, {examples!r})
import numpy as np
import block_reduce as br, softmax as sm, tiled_transpose_smem as tt, vector_add as va

def timed(run, reps):
    run()  # compile and warm up
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter(); run(); best = min(best, time.perf_counter() - t0)
    return best

rng = np.random.default_rng(0)
n, rows, cols, side, reps = {n}, {rows}, {cols}, {side}, {reps}
out = {{}}
x = rng.standard_normal(n).astype(np.float32)
blocks = (n + br.BLOCK - 1) // br.BLOCK
partial = np.zeros(blocks, np.float32)
def reduce():
    br.block_reduce(x, partial, n, br.WAVE).launch(grid=(blocks,), block=(br.BLOCK,))
out["block reduction"] = (timed(reduce, reps), n, timed(lambda: x.sum(), reps))
total = x.astype(np.float64).sum()
assert abs(partial.astype(np.float64).sum() - total) < 1e-2 * (1 + abs(total))
m = (rng.standard_normal((rows, cols)) * 4).astype(np.float32)
y = np.zeros_like(m)
block = sm.block_for(cols)
def np_softmax():
    e = np.exp(m - m.max(axis=1, keepdims=True)); return e / e.sum(axis=1, keepdims=True)
def softmax():
    sm.softmax(m, y, cols, block).launch(grid=(rows,), block=(block,))
out["softmax"] = (timed(softmax, reps), rows * cols, timed(np_softmax, reps))
assert np.abs(y - np_softmax()).max() < 1e-5
a = rng.standard_normal((side, side)).astype(np.float32)
t = np.zeros((side, side), np.float32)
out["shared-memory transpose"] = (timed(lambda: tt.transpose(a, t), reps), side * side,
                                  timed(lambda: np.ascontiguousarray(a.T), reps))
assert (t == a.T).all()
va_n = {va_n}
p, q, r = (rng.standard_normal(va_n).astype(np.float32) for _ in range(3))
out["vector add"] = (timed(lambda: va.add(p, q, r, va_n), reps), va_n,
                     timed(lambda: np.add(p, q, out=r), reps))
print(json.dumps(out))
"""


# The four kernels in Triton, run by its interpreter: {case: (seconds per launch, elements)}.
TRITON = r"""
import json, time
import torch, triton, triton.language as tl

@triton.jit
def add_k(x, y, z, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(z + i, tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)

@triton.jit
def reduce_k(x, partial, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(partial + tl.program_id(0), tl.sum(tl.load(x + i, mask=i < n, other=0.0), axis=0))

@triton.jit
def softmax_k(x, y, cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < cols
    v = tl.load(x + r * cols + c, mask=m, other=-float("inf"))
    e = tl.exp(v - tl.max(v, axis=0))
    tl.store(y + r * cols + c, e / tl.sum(e, axis=0), mask=m)

@triton.jit
def transpose_k(a, t, side, TILE: tl.constexpr):
    r = tl.program_id(0) * TILE + tl.arange(0, TILE)[:, None]
    c = tl.program_id(1) * TILE + tl.arange(0, TILE)[None, :]
    tl.store(t + c * side + r, tl.load(a + r * side + c))

def timed(run, reps=3):
    run()
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter(); run(); best = min(best, time.perf_counter() - t0)
    return best

n, rows, cols, side = 1 << 16, 16, 4096, 256
x, y, z = (torch.randn(n) for _ in range(3))
partial = torch.zeros(n // 1024)
m, out = torch.randn(rows, cols), torch.zeros(rows, cols)
a, t = torch.randn(side, side), torch.zeros(side, side)
res = {
    "block reduction": (timed(lambda: reduce_k[(n // 1024,)](x, partial, n, BLOCK=1024)), n),
    "softmax": (timed(lambda: softmax_k[(rows,)](m, out, cols, BLOCK=cols)), rows * cols),
    "shared-memory transpose": (
        timed(lambda: transpose_k[(side // 32, side // 32)](a, t, side, TILE=32)), side * side),
    "vector add": (timed(lambda: add_k[(n // 1024,)](x, y, z, n, BLOCK=1024)), n),
}
assert torch.allclose(out, torch.softmax(m, dim=1), atol=1e-5) and torch.equal(t, a.t())
print(json.dumps(res))
"""

# The four kernels for numba's CUDA simulator (a Python thread per GPU thread): tiny data.
NUMBA = r"""
import json, time
import numpy as np
from numba import cuda, float32

@cuda.jit
def add_k(x, y, z):
    i = cuda.grid(1)
    if i < x.size:
        z[i] = x[i] + y[i]

@cuda.jit
def reduce_k(x, partial):
    s = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    i = cuda.blockIdx.x * 64 + t
    s[t] = x[i] if i < x.size else 0.0
    cuda.syncthreads()
    stride = 32
    while stride > 0:
        if t < stride:
            s[t] += s[t + stride]
        cuda.syncthreads()
        stride //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = s[0]

@cuda.jit
def transpose_k(a, out):
    tile = cuda.shared.array((16, 17), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    tile[ty, tx] = a[cuda.blockIdx.y * 16 + ty, cuda.blockIdx.x * 16 + tx]
    cuda.syncthreads()
    out[cuda.blockIdx.x * 16 + ty, cuda.blockIdx.y * 16 + tx] = tile[tx, ty]

def timed(run):
    t0 = time.perf_counter(); run(); return time.perf_counter() - t0

rng = np.random.default_rng(0)
n, side = 1 << 12, 64
x, y, z = (rng.standard_normal(n).astype(np.float32) for _ in range(3))
partial = np.zeros(n // 64, np.float32)
a, t = rng.standard_normal((side, side)).astype(np.float32), np.zeros((side, side), np.float32)
res = {
    "block reduction": (timed(lambda: reduce_k[n // 64, 64](x, partial)), n),
    "shared-memory transpose": (
        timed(lambda: transpose_k[(side // 16, side // 16), (16, 16)](a, t)), side * side),
    "vector add": (timed(lambda: add_k[n // 64, 64](x, y, z)), n),
}
assert (t == a.T).all() and abs(partial.sum() - x.sum()) < 1e-2
print(json.dumps(res))
"""


def measure_other(code, modules, **env):
    """Another system's rates, where its modules are installed: {case: (seconds, elements)}."""
    if not all(importlib.util.find_spec(m) for m in modules):
        return {}
    done = subprocess.run(
        [sys.executable, "-c", code], env=dict(os.environ, **env), capture_output=True, text=True
    )
    if done.returncode != 0:
        print(f"({' and '.join(modules)} did not run: {done.stderr.strip().splitlines()[-1:]})")
        return {}
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(fibers, sizes):
    env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYDSL_COMPILE_BACKEND="cpu")
    env["FLYDSL_CPU_FIBERS"] = "1" if fibers else "0"
    code = CHILD.format(examples=str(EXAMPLES), **sizes)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    quick = "--quick" in sys.argv
    sizes = dict(
        n=1 << (18 if quick else 20),
        rows=64 if quick else 256,
        cols=4096,
        side=512 if quick else 1024,
        reps=3,
        va_n=1 << 24,
    )
    loops, fibers = measure(False, sizes), measure(True, sizes)
    triton = measure_other(TRITON, ("triton", "torch"), TRITON_INTERPRET="1")
    numba = measure_other(NUMBA, ("numba",), NUMBA_ENABLE_CUDASIM="1")
    print(f"cpu target on {os.cpu_count()} cores; Melem/s = million elements per second")
    heads = ("loops", "fibers", "speedup", "numpy", "loops/numpy")
    heads += ("triton-int", "vs triton", "numba-sim", "vs numba")
    print(f"{'kernel (Melem/s)':26s} " + " ".join(f"{h:>11s}" for h in heads))
    for case, (t, elems, t_np) in loops.items():
        tf = fibers[case][0]
        rate = elems / t
        cells = (f"{rate / 1e6:.1f}", f"{elems / tf / 1e6:.1f}", f"{tf / t:.1f}x")
        cells += (f"{elems / t_np / 1e6:.1f}", f"{t_np / t:.2f}x")
        for other in (triton, numba):
            if case in other:
                other_rate = other[case][1] / other[case][0]
                cells += (f"{other_rate / 1e6:.3g}", f"{rate / other_rate:.0f}x")
            else:
                cells += ("-", "-")
        print(f"{case:26s} " + " ".join(f"{c:>11s}" for c in cells))


if __name__ == "__main__":
    main()
