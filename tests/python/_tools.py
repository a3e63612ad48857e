"""What some tests need beyond the library, as pytest marks that skip them where it is absent."""

import shutil
from pathlib import Path

import pytest


def _rocm_device_libs_present():
    """ocml beside the library (a wheel's amdgcn/bitcode) or where Debian installs it."""
    from flydsl._lib import lib

    beside = Path(lib._name).resolve().parent / "amdgcn" / "bitcode" / "ocml.bc"
    return beside.exists() or Path("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc").exists()


# rocm code links the ROCm device library (ocml, ockl); the CUDA device machine lacks it.
needs_rocm_device_libs = pytest.mark.skipif(
    not _rocm_device_libs_present(),
    reason="the ROCm device library (Debian rocm-device-libs) is not installed",
)

needs_llvm_tools = pytest.mark.skipif(
    not shutil.which("llvm-objdump-22"), reason="llvm-objdump-22 is not installed"
)
