"""The cpu target's execution models, measured (a benchmark, not a test). Kernels with barriers
or shuffles run as work-item loops (a loop over the block's threads between collectives) or,
with FLYDSL_CPU_FIBERS=1, as one fiber per GPU thread switched at every collective. Each mode
runs in its own process; numpy on the same data is the reference. Prints one table.
Run: PYTHONPATH=bindings/python python3 bench/bench_cpu.py [--quick]
"""

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
    print(f"cpu target on {os.cpu_count()} cores; Melem/s = million elements per second")
    heads = ("loops", "fibers", "speedup", "numpy", "loops/numpy")
    print(f"{'kernel (Melem/s)':26s} " + " ".join(f"{h:>11s}" for h in heads))
    for case, (t, elems, t_np) in loops.items():
        tf = fibers[case][0]
        cells = (f"{elems / t / 1e6:.1f}", f"{elems / tf / 1e6:.1f}", f"{tf / t:.1f}x")
        cells += (f"{elems / t_np / 1e6:.1f}", f"{t_np / t:.2f}x")
        print(f"{case:26s} " + " ".join(f"{c:>11s}" for c in cells))


if __name__ == "__main__":
    main()
