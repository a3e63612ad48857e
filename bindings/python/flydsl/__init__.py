"""FlyDSL: CuTe-style layout algebra and GPU kernels over libflydsl.so."""

from . import expr
from ._lib import lib
from .errors import (
    DivisibilityError,
    FlyDSLError,
    InvalidArgumentError,
    InvalidHandleError,
    LayoutOverflowError,
    ParseError,
    RankMismatchError,
    UnsupportedError,
)

__version__ = lib.fly_version().decode()

__all__ = [
    "expr",
    "FlyDSLError",
    "InvalidArgumentError",
    "ParseError",
    "RankMismatchError",
    "DivisibilityError",
    "LayoutOverflowError",
    "InvalidHandleError",
    "UnsupportedError",
    "__version__",
]
