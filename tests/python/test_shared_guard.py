"""FLYDSL_CPU_GUARD_SHARED: a cpu kernel that writes past its block's shared memory (its size
rounded up to 1 KiB) crashes, the page after it having no access; inside, it runs as always.
(Without the flag such a write lands wherever the address is, mapped or not.)"""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import numpy as np, flydsl.compiler as flyc, flydsl.expr as fx
from flydsl.expr.typing import T
from flydsl.utils.smem_allocator import SmemAllocator, SmemPtr

plan = SmemAllocator(None, arch="gfx942")
plan.ptr = 256

@flyc.kernel
def past_the_end(out: fx.Tensor):
    SmemPtr(plan.get_base(), OFFSET, T.f32).store(fx.Float32(1.0))
    out[0] = fx.Float32(2.0)

out = np.zeros(1, np.float32)
past_the_end(out).launch(block=(1,))
print("ran", out[0])
"""


@pytest.mark.parametrize("guard,offset", [("1", 8192), ("1", 128), ("0", 128)])
def test_a_write_past_shared_memory_crashes_under_the_guard(guard, offset):
    env = {**os.environ, "FLYDSL_CPU_GUARD_SHARED": guard, "FLYDSL_COMPILE_BACKEND": "cpu",
           "PYTHONPATH": str(ROOT / "bindings" / "python")}  # fmt: skip
    script = SCRIPT.replace("OFFSET", str(offset))
    run = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    if guard == "1" and offset > 1024:
        # The fault kills the process (under the sanitizer job ASan reports it and exits).
        asan = run.returncode != 0 and "AddressSanitizer: SEGV" in run.stderr
        assert run.returncode == -signal.SIGSEGV or asan, run.stdout + run.stderr
    else:
        assert run.returncode == 0 and "ran 2.0" in run.stdout, run.stdout + run.stderr
