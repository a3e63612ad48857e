"""MLIR's `math` builders over kernel values (`math.exp(x, fastmath=...)`, every op of the
dialect): the plain builders that FlyDSL's `flydsl.expr.math` functions wrap."""

from ..._trace import raw_builder
from ...expr.math import RAW
from .._not_offered import module_getattr
from ._none import REASON

globals().update({name: raw_builder(fn) for name, fn in RAW.items()})
__all__ = sorted(RAW)

__getattr__ = module_getattr("flydsl._mlir.dialects.math", REASON)
