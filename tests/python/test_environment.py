"""FlyDSL's generic variable names: ARCH takes effect only as a GPU arch and COMPILE_ONLY only
as 1/true (or 0/false); any other value is ignored with one warning naming the variable, and
the kernel library never returns as if it had computed while COMPILE_ONLY skips launches."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import numpy as np
import flydsl, flydsl.compiler as flyc, flydsl.expr as fx, flydsl.kernels as K

@flyc.kernel
def twice(x: fx.Tensor):
    i = fx.thread_idx.x
    x[i] = x[i] * 2.0

for _ in range(2):
    x = np.ones(8, np.float32)
    twice(x).launch(block=(8,))
    print("kernel", x[0])
out = np.full(8, 7.0, np.float32)
try:
    K.add(np.ones(8, np.float32), np.ones(8, np.float32), out=out)
    print("library", out[0])
except flydsl.FlyDSLError as e:
    print("library refused", out[0], "COMPILE_ONLY" in str(e))
"""


def run(**env_extra):
    env = {k: v for k, v in os.environ.items() if k not in ("ARCH", "COMPILE_ONLY")}
    env.update(PYTHONPATH=str(ROOT / "bindings/python"), FLYDSL_COMPILE_BACKEND="cpu",
               FLYDSL_RUNTIME_ENABLE_CACHE="0", **env_extra)  # fmt: skip
    p = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=False
    )
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout.split("\n"), p.stderr


def test_an_arch_that_is_no_gpu_arch_is_ignored_with_one_warning():
    out, err = run(ARCH="x86_64")
    assert out[:3] == ["kernel 2.0", "kernel 2.0", "library 2.0"]
    assert err.count("ignoring ARCH=x86_64") == 1, err


def test_a_gpu_arch_takes_effect():
    out, err = run(ARCH="gfx950")
    assert out[:3] == ["kernel 2.0", "kernel 2.0", "library 2.0"] and "ARCH" not in err


def test_compile_only_with_another_value_is_ignored_with_one_warning():
    out, err = run(COMPILE_ONLY="please")
    assert out[:3] == ["kernel 2.0", "kernel 2.0", "library 2.0"]
    assert err.count("reading COMPILE_ONLY=please as false") == 1, err
    out, err = run(COMPILE_ONLY="false")
    assert out[:3] == ["kernel 2.0", "kernel 2.0", "library 2.0"] and not err


def test_compile_only_skips_launches_and_the_library_says_so():
    for value in ("1", "true", "TRUE"):
        out, _ = run(COMPILE_ONLY=value)
        assert out[:3] == ["kernel 1.0", "kernel 1.0", "library refused 7.0 True"], (value, out)
