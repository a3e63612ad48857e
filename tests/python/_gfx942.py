"""Test helper: the gfx942 code a kernel-library call compiles to, read back from its code
object without a GPU (the last kernel the call compiled is disassembled)."""

import subprocess

import pytest
from _compile_only import compile_only

needs_llvm_tools = pytest.mark.skipif(
    subprocess.run(
        ["which", "llvm-objdump-22"], check=False, capture_output=True
    ).returncode
    != 0,
    reason="llvm-objdump-22 is not installed",
)


def gfx942_disassembly(tmp_path, setup, call):
    """llvm-objdump's disassembly of what `call` (after the statements of `setup`; `h`, `f` and
    `i` describe numpy arrays as ROCm bf16, f32 and integer tensors) compiles to."""
    compile_only(tmp_path, setup, call, "KDL_ROCM", "gfx942")
    (hsaco,) = (tmp_path / "rocm-gfx942").glob("*_code_object.hsaco")
    return subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(hsaco)], check=True,
                          capture_output=True, text=True).stdout  # fmt: skip
