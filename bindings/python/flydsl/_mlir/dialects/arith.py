"""MLIR's `arith` builders over kernel values: `constant(type, value)` / `ConstantOp(type,
value).result`, the named ops (`addf`, `muli`, `cmpi`, `maxnumf`, ...) and `FastMathFlags`."""

from ...expr.arith import *  # noqa: F401,F403
from ...expr.arith import CmpFPredicate, CmpIPredicate, FastMathFlags  # noqa: F401
from ...expr.arith import constant as _fx_constant
from ...expr.typing import Vector
from .._not_offered import module_getattr
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.arith", REASON)


def constant(result, value, *, loc=None, ip=None):
    """A constant of type `result` (an ir type such as ir.F32Type.get(), or a VectorType with
    a splat DenseElementsAttr); `value` a number or an attribute holding one."""
    value = getattr(value, "value", value)
    lanes = getattr(result, "lanes", 1)
    if lanes > 1:
        return Vector.splat(value, lanes, result.dtype)
    return _fx_constant(value, type=result.dtype)


class ConstantOp:
    def __init__(self, result, value, *, loc=None, ip=None):
        self.result = constant(result, value)
        self.results = [self.result]
