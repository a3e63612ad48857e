"""The cpu target's two ways of running a block's threads give the same results: work-item
loops (kernels whose barriers and shuffles are at their top level) and fibers (everything
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
import block_reduce as br, softmax as sm, tiled_transpose_smem as tt
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
print(json.dumps([partial.tolist(), y.tolist(), t.tolist()]))
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
    code = RUN.format(examples=str(ROOT / "examples"))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_loops_and_fibers_agree_exactly(tmp_path):
    loops = run(False, tmp_path / "loops")
    assert run(True) == loops  # the same threads in the same order: bit for bit
    hosts = list((tmp_path / "loops").rglob("01_host.mlir"))
    assert hosts, "FLYDSL_DUMP_IR wrote no host IR"
    for h in hosts:
        assert "fly.cpu_fibers" not in h.read_text(), f"{h} kept fibers"


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
    text = "".join(h.read_text() for h in tmp_path.rglob("01_host.mlir"))
    assert 'fly.cpu_fibers = "a barrier or shuffle inside control flow"' in text
