"""Test helper: the gfx942 code a kernel-library call compiles to, read back from its code
object. The call runs in a child process under COMPILE_ONLY (nothing launches; no GPU is
needed) with its tensors described as ROCm memory; the last kernel it compiled is
disassembled."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

needs_llvm_tools = pytest.mark.skipif(
    subprocess.run(["which", "llvm-objdump-22"], check=False, capture_output=True).returncode != 0,
    reason="llvm-objdump-22 is not installed",
)

PRELUDE = """import sys, numpy as np
sys.path[:0] = ['bindings/python', 'tests/python']
import flydsl, flydsl.kernels as fk
from _dlpack import DLView, KDL_FLOAT, KDL_BFLOAT, KDL_ROCM
h = lambda a: DLView(a, KDL_BFLOAT, 16, KDL_ROCM)
f = lambda a: DLView(a, KDL_FLOAT, 32, KDL_ROCM)
i = lambda a: DLView(a, 0, a.itemsize * 8, KDL_ROCM)
"""


def gfx942_disassembly(tmp_path, setup, call):
    """llvm-objdump's disassembly of what `call` (after the statements of `setup`; `h`, `f` and
    `i` describe numpy arrays as ROCm bf16, f32 and integer tensors) compiles to."""
    script = (f"{PRELUDE}{setup}\ntry:\n    {call}\nexcept flydsl.LaunchError as e:\n"
              "    assert 'COMPILE_ONLY' in str(e)\n")  # fmt: skip
    env = {**os.environ, "COMPILE_ONLY": "1", "FLYDSL_DUMP_IR": "1",
           "FLYDSL_DUMP_DIR": str(tmp_path), "ARCH": "gfx942"}  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=root)
    (hsaco,) = (tmp_path / "rocm-gfx942").glob("*_code_object.hsaco")
    return subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(hsaco)], check=True,
                          capture_output=True, text=True).stdout  # fmt: skip
