"""The cpu target's two ways of running a block's threads give the same results: work-item
loops (kernels whose barriers and shuffles are at their top level, or in loops and branches
every thread takes alike) and fibers (everything
else, or every kernel with FLYDSL_CPU_FIBERS=1). Each mode runs in its own process."""

import json
import os
import subprocess
import sys
from pathlib import Path

import flydsl

ROOT = Path(__file__).resolve().parents[2]

RUN = r"""
import json, sys
sys.path.insert(0, {examples!r})
import numpy as np
import flydsl, flydsl.compiler as flyc, flydsl.expr as fx
import block_reduce as br, softmax as sm, tiled_transpose_smem as tt

# Barriers inside a loop over a kernel argument that carries `v` from step to step.
@flyc.kernel
def smooth(x: fx.Tensor, y: fx.Tensor, steps: fx.Int32):
    tid = fx.thread_idx.x
    buf = fx.SharedTensor("f32", 64)
    v = x[tid]
    for _ in range(steps):
        buf[tid] = v
        fx.gpu.barrier()
        v = (buf.load((tid + 63) % 64) + v + buf.load((tid + 1) % 64)) * 0.25 + v * 0.25
        fx.gpu.barrier()
    y[tid] = v
# A barrier under a condition every thread shares; `v` leaves the branch.
@flyc.kernel
def maybe_rotate(x: fx.Tensor, y: fx.Tensor, shift: fx.Int32):
    tid = fx.thread_idx.x
    buf = fx.SharedTensor("f32", 64)
    v = x[tid] * 2.0
    if shift > 0:
        buf[tid] = v
        fx.gpu.barrier()
        v = buf.load((tid + shift) % 64) + 1.0
    y[tid] = v
rng = np.random.default_rng(3)
x = rng.standard_normal(3000).astype(np.float32)
partial = np.zeros(12, np.float32)
br.block_reduce(x, partial, 3000, br.WAVE).launch(grid=(12,), block=(br.BLOCK,))
m = rng.standard_normal((3, 700)).astype(np.float32)
y = np.zeros_like(m)
sm.softmax(m, y, 700, sm.block_for(700)).launch(grid=(3,), block=(sm.block_for(700),))
a = rng.standard_normal((70, 45)).astype(np.float32)
t = np.zeros((45, 70), np.float32)
tt.transpose(a, t)
s = rng.standard_normal(64).astype(np.float32)
smoothed = np.zeros(64, np.float32)
smooth(s, smoothed, 5).launch(grid=(1,), block=(64,))
ref = s.copy()
for _ in range(5):
    ref = (np.roll(ref, 1) + ref + np.roll(ref, -1)) * np.float32(0.25) + ref * np.float32(0.25)
assert np.abs(smoothed - ref).max() < 1e-6
rotated, kept = np.zeros(64, np.float32), np.zeros(64, np.float32)
maybe_rotate(s, rotated, 5).launch(grid=(1,), block=(64,))
maybe_rotate(s, kept, 0).launch(grid=(1,), block=(64,))
assert (rotated == np.roll(s * 2, -5) + 1).all() and (kept == s * 2).all()
print(json.dumps([partial.tolist(), y.tolist(), t.tolist(), smoothed.tolist(), rotated.tolist()]))
print(flydsl.cpu_fiber_kernels())
"""


def environment(**extra):
    """This process's environment, with the flydsl package it imports importable."""
    package_root = str(Path(flydsl.__file__).resolve().parents[1])
    path = os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))
    return dict(os.environ, PYTHONPATH=path, FLYDSL_COMPILE_BACKEND="cpu", **extra)


def run(fibers, dump_dir=None):
    env = environment(FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYDSL_CPU_FIBERS="1" if fibers else "0")
    if dump_dir:
        env.update(FLYDSL_DUMP_IR="1", FLYDSL_DUMP_DIR=str(dump_dir))
    script = Path(dump_dir or ".").parent / f"run_{'fibers' if fibers else 'loops'}.py"
    script.write_text(RUN.format(examples=str(ROOT / "examples")))  # a file: `for` is rewritten
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    *_, results, fiber_kernels = done.stdout.strip().splitlines()
    return json.loads(results), int(fiber_kernels)


def test_loops_and_fibers_agree_exactly(tmp_path):
    loops, loop_fibers = run(False, tmp_path / "loops")
    fibers, fiber_kernels = run(True, tmp_path / "fibers")
    assert fibers == loops  # the same threads in the same order: bit for bit
    assert loop_fibers == 0  # every kernel here became work-item loops
    assert fiber_kernels == 5


def test_fallback_says_why(tmp_path):
    """A barrier under a branch on the thread index keeps fibers, and the dump says why."""
    code = r"""
import flydsl, flydsl.compiler as flyc, flydsl.expr as fx, numpy as np
before = flydsl.cpu_fiber_kernels()
@flyc.kernel
def k(out: fx.Tensor):
    tid = fx.thread_idx.x
    if tid < 64:
        fx.gpu.barrier()
    out.store(tid, tid)
out = np.zeros(64, np.int32)
k(out).launch(grid=(1,), block=(64,))
assert (out == np.arange(64)).all()
assert flydsl.cpu_fiber_kernels() == before + 1, flydsl.cpu_fiber_kernels()
"""
    env = environment(FLYDSL_DUMP_IR="1", FLYDSL_DUMP_DIR=str(tmp_path))
    script = tmp_path / "divergent.py"  # a file: the kernel's `if` is rewritten from source
    script.write_text(code)
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = "".join(h.read_text() for h in tmp_path.rglob("*_fly_cpu_outline_kernels.mlir"))
    reason = "a barrier or shuffle under a condition that differs between threads"
    assert f'fly.cpu_fibers = "{reason}"' in text


def test_fibers_access_shared_memory_in_lockstep(monkeypatch):
    """As a wave does: each thread reads its neighbour's slot before the neighbour overwrites
    it, and sees a neighbour's store made one instruction earlier, with no barrier between."""
    monkeypatch.setenv("FLYDSL_RUNTIME_ENABLE_CACHE", "0")  # compiled here, counted here
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import numpy as np

    @flyc.kernel
    def exchange(x: fx.Tensor, before: fx.Tensor, after: fx.Tensor):
        tid = fx.thread_idx.x
        buf = fx.SharedTensor("f32", 64)
        buf[tid] = x[tid]
        if tid < 64:  # a condition on the thread index: this kernel runs on fibers
            fx.gpu.barrier()
        old = buf.load((tid + 1) % 64)
        buf[tid] = old * 2.0
        before[tid] = old
        after[tid] = buf.load(tid ^ 1)

    x = np.arange(64, dtype=np.float32) + 1
    before, after = np.zeros(64, np.float32), np.zeros(64, np.float32)
    fibers = flydsl.cpu_fiber_kernels()
    exchange(x, before, after).launch(grid=(1,), block=(64,))
    assert flydsl.cpu_fiber_kernels() == fibers + 1
    lane = np.arange(64)
    np.testing.assert_array_equal(before, x[(lane + 1) % 64])
    np.testing.assert_array_equal(after, 2 * x[((lane ^ 1) + 1) % 64])


def test_every_launch_starts_with_zeroed_shared_memory():
    """A worker keeps its shared-memory window from one launch to the next: what a block left
    there is not what the next launch's blocks find, whichever worker runs them."""
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import numpy as np

    @flyc.kernel
    def read_then_scribble(seen: fx.Tensor, mark: fx.Float32):
        tid = fx.thread_idx.x
        buf = fx.SharedTensor("f32", 32)
        seen[fx.block_idx.x * 32 + tid] = buf.load(tid)
        buf[tid] = mark

    for launch, blocks in enumerate((1, 1, 8, 3, 8)):
        seen = np.full(blocks * 32, -1.0, np.float32)
        read_then_scribble(seen, float(launch + 1)).launch(grid=(blocks,), block=(32,))
        np.testing.assert_array_equal(seen, 0.0)
