"""Which target a kernel compiles for, as FlyDSL's compile backends describe it.

FlyDSL picks a backend object per target; here the library chooses and lowers for every
target itself, so what remains to ask is the target: `current_target()` is the one the kernel
being traced compiles for, or outside a trace the one the library would choose."""

import ctypes
import dataclasses

from .. import _kernel_api as K
from .._lib import check
from .._trace import traced_arch, traced_target
from ..runtime.device import get_warp_size, resolve_target


@dataclasses.dataclass(frozen=True)
class GPUTarget:
    backend: str  # "rocm", "cuda" or "cpu"
    arch: str  # "gfx942", "sm_90", the emulated arch on cpu
    warp_size: int


def compile_backend_name():
    """The target kernels compile for now: FLYDSL_TARGET's, else the best one present."""
    return resolve_target()[0]


def current_target():
    """The target of the kernel being traced, else the one a compile would choose now."""
    target, arch = traced_target(), traced_arch()
    if target is None or arch is None:  # not tracing: what a compile would choose
        chosen_target, chosen_arch = resolve_target()
        target, arch = target or chosen_target, arch or chosen_arch
    return GPUTarget(target, arch, get_warp_size(arch))


class MlirCompiler:
    """The step from a kernel's module to its compiled code: the library's pipeline for the
    target and options of `options` (a K.CompileOptions). Every kernel compile goes through
    `MlirCompiler.compile`, FlyDSL's name for its own compile step."""

    @classmethod
    def compile(cls, module, *, options):
        compiled = ctypes.c_void_p()
        check(K.compile_module(module, ctypes.byref(options), ctypes.byref(compiled)))
        return compiled


def get_backend(name=None, *, arch=None):
    """The compile backend of target `name` ("rocm", "cuda", "cpu"; the current target's by
    default) for `arch` (the target's default, or the traced kernel's), as FlyDSL's
    get_backend() gives it: here its `target` (GPUTarget), the library compiling for every
    target itself."""
    if name is None and arch is None:
        return _Backend(current_target())
    target, resolved = resolve_target(name, arch)
    return _Backend(GPUTarget(target, resolved, get_warp_size(resolved)))


@dataclasses.dataclass(frozen=True)
class _Backend:
    target: GPUTarget


__all__ = ["GPUTarget", "MlirCompiler", "compile_backend_name", "current_target", "get_backend"]
