"""The GPU arch this process compiles for, as FlyDSL's `flydsl.runtime.device` names it.

The library makes the choice (fly_resolve_target): an explicit arch, else the environment's
(`ARCH`, `FLYDSL_GPU_ARCH`), else the GPU present's, else its default; and it knows each arch's
wave size (fly_arch_wave_size). `HSA_OVERRIDE_GFX_VERSION` ("9.4.2") names an arch as ROCm
spells it."""

import ctypes
import os

from .. import _kernel_api as K
from .._lib import check


def resolve_options(options):
    """(target, arch) that a compile with these K.CompileOptions would use."""
    t, a = ctypes.c_void_p(), ctypes.c_void_p()
    check(K.resolve_target(ctypes.byref(options), ctypes.byref(t), ctypes.byref(a)))
    return K.take_string(t.value), K.take_string(a.value)


def resolve_target(target=None, arch=None):
    """(target, arch) that a compile for this target and arch would use; None leaves the
    choice to the library."""
    o = K.CompileOptions(ctypes.sizeof(K.CompileOptions))
    o.target = target.encode() if target else None
    o.arch = arch.encode() if arch else None
    return resolve_options(o)


def _hsa_override():
    version = os.environ.get("HSA_OVERRIDE_GFX_VERSION", "")
    parts = version.split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        return f"gfx{parts[0]}{parts[1]}{parts[2]}"
    return None


def get_rocm_arch():
    """The AMD arch kernels compile for, lower-cased (e.g. "gfx942")."""
    env = os.environ.get("FLYDSL_GPU_ARCH", "").lower()
    if env.startswith("gfx"):
        return env
    override = _hsa_override()
    if override:
        return override
    return resolve_target("rocm")[1].lower()


def get_warp_size(arch=None):
    """Lanes of a wave on `arch` (default: get_rocm_arch()): 64 on gfx9, 32 on gfx10 and later
    and on NVIDIA."""
    size = ctypes.c_int()
    check(K.arch_wave_size((arch or get_rocm_arch()).encode(), ctypes.byref(size)))
    return size.value


def is_rdna_arch(arch=None):
    """Whether `arch` (default: get_rocm_arch()) is an RDNA GPU (gfx10, gfx11, gfx120x)."""
    arch = (arch or get_rocm_arch()).lower()
    return arch.startswith(("gfx10", "gfx11", "gfx120"))


def get_rocm_device_count():
    """The AMD GPUs HIP sees in this process (0 where ROCm is not installed or finds none)."""
    count = ctypes.c_int()
    check(K.device_count(b"rocm", ctypes.byref(count)))
    return count.value


__all__ = ["get_rocm_arch", "get_rocm_device_count", "get_warp_size", "is_rdna_arch",
           "resolve_target"]  # fmt: skip
