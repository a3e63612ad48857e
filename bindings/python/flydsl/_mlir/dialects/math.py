"""MLIR's `math` builders over kernel values (exp, exp2, log, log2, sqrt, rsqrt, tanh, erf)."""

from ...expr.math import *  # noqa: F401,F403
from .._not_offered import module_getattr
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.math", REASON)
