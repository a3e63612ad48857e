"""FlyDSL: CuTe-style layout algebra and GPU kernels over libflydsl.so."""

from . import expr
from ._lib import lib
from .autotune import Config, autotune
from .errors import (
    CompileError,
    DivisibilityError,
    FlyDSLError,
    InvalidArgumentError,
    InvalidHandleError,
    LaunchError,
    LayoutOverflowError,
    ParseError,
    RankMismatchError,
    UnsupportedError,
)

__version__ = lib.fly_version().decode()


def cpu_fiber_kernels():
    """How many kernels this process compiled for the cpu target whose barriers or shuffles
    run GPU threads as fibers instead of loops over the block (FLYDSL_DUMP_IR says why)."""
    return lib.fly_debug_cpu_fiber_kernels()


__all__ = [
    "expr",
    "Config",
    "autotune",
    "FlyDSLError",
    "InvalidArgumentError",
    "ParseError",
    "RankMismatchError",
    "DivisibilityError",
    "LayoutOverflowError",
    "InvalidHandleError",
    "UnsupportedError",
    "CompileError",
    "LaunchError",
    "cpu_fiber_kernels",
    "__version__",
]
