"""Test helper: a kernel-library call compiled for a GPU this machine does not have. The call
runs in a child process under COMPILE_ONLY (nothing launches) with its tensors described as
that GPU's memory, and FLYDSL_DUMP_IR keeps the stages of the last kernel it compiled.
"""

import os
import subprocess
import sys
from pathlib import Path

PRELUDE = """import sys, numpy as np
sys.path[:0] = ['bindings/python', 'tests/python']
import flydsl, flydsl.kernels as fk
from _dlpack import DLView, KDL_FLOAT, KDL_BFLOAT, KDL_CUDA, KDL_ROCM
h = lambda a: DLView(a, KDL_BFLOAT, 16, {device})
f = lambda a: DLView(a, KDL_FLOAT, 32, {device})
i = lambda a: DLView(a, 0, a.itemsize * 8, {device})
"""


def compile_only(tmp_path, setup, call, device, arch):
    """Runs `call` (after the statements of `setup`; `h`, `f` and `i` describe numpy arrays as
    bf16, f32 and integer tensors of `device`, "KDL_CUDA" or "KDL_ROCM") for `arch`; the dumps
    go under tmp_path."""
    script = (f"{PRELUDE.format(device=device)}{setup}\ntry:\n    {call}\n"
              "except flydsl.LaunchError as e:\n    assert 'COMPILE_ONLY' in str(e)\n")  # fmt: skip
    env = {**os.environ, "COMPILE_ONLY": "1", "FLYDSL_DUMP_IR": "1", "ARCH": arch,
           "FLYDSL_DUMP_DIR": str(tmp_path), "FLYDSL_RUNTIME_ENABLE_CACHE": "0"}  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=root)
