"""MLIR's `arith` builders over kernel values: `constant(type, value)` / `ConstantOp(type,
value).result`, the named ops (`addf`, `muli`, `cmpi`, `maxnumf`, ...) and `FastMathFlags`."""

from ..._trace import raw_builder
from ...expr import arith as _named
from ...expr.arith import *  # noqa: F401,F403
from ...expr.arith import CmpFPredicate, CmpIPredicate, FastMathFlags  # noqa: F401
from ...expr.arith import constant as _fx_constant
from ...expr.typing import Vector
from .._not_offered import module_getattr
from .._op import op_class
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.arith", REASON)

# MLIR's builders make raw values (flydsl.expr.arith's wrappers of them keep rawness).
globals().update({name: raw_builder(fn) for name, fn in _named.BUILDERS.items()})


@raw_builder
def constant(result, value, *, loc=None, ip=None):
    """A constant of type `result` (an ir type such as ir.F32Type.get(), or a VectorType with
    a splat DenseElementsAttr); `value` a number or an attribute holding one."""
    value = getattr(value, "value", value)
    lanes = getattr(result, "lanes", 1)
    if lanes > 1:
        return Vector.splat(value, lanes, result.ir_dtype)
    return _fx_constant(value, type=result.ir_dtype)


class ConstantOp:
    def __init__(self, result, value, *, loc=None, ip=None):
        self.result = constant(result, value)
        self.results = [self.result]


# MLIR's op classes over the named builders: `arith.MulIOp(a, b).result`.
_OPS = {
    "AddFOp": "addf", "SubFOp": "subf", "MulFOp": "mulf", "DivFOp": "divf", "RemFOp": "remf",
    "NegFOp": "negf", "AddIOp": "addi", "SubIOp": "subi", "MulIOp": "muli", "DivSIOp": "divsi",
    "RemSIOp": "remsi", "DivUIOp": "divui", "RemUIOp": "remui", "AndIOp": "andi", "OrIOp": "ori",
    "XOrIOp": "xori", "ShLIOp": "shli", "ShRSIOp": "shrsi", "ShRUIOp": "shrui",
    "MaxSIOp": "maxsi", "MinSIOp": "minsi", "MaxUIOp": "maxui", "MinUIOp": "minui",
    "MaximumFOp": "maximumf", "MinimumFOp": "minimumf", "MaxNumFOp": "maxnumf",
    "MinNumFOp": "minnumf", "CmpIOp": "cmpi", "CmpFOp": "cmpf", "SelectOp": "select",
    "ExtFOp": "extf", "TruncFOp": "truncf", "SIToFPOp": "sitofp", "UIToFPOp": "uitofp",
    "FPToSIOp": "fptosi", "FPToUIOp": "fptoui", "ExtSIOp": "extsi", "ExtUIOp": "extui",
    "TruncIOp": "trunci", "IndexCastOp": "index_cast", "BitcastOp": "bitcast",
}  # fmt: skip
globals().update({cls: op_class(cls, globals()[fn]) for cls, fn in _OPS.items()})
