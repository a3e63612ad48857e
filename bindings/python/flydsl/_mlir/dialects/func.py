"""MLIR's `func` dialect builders: `FuncOp(name, FunctionType)` makes a kernel of the module at
the insertion point, `ReturnOp(values)` ends its body, writing the function's results (see
flydsl._mlir._module)."""

from .._module import Function as FuncOp
from .._module import InsertionPoint
from .._not_offered import module_getattr
from ._none import REASON

__all__ = ["FuncOp", "ReturnOp"]


class ReturnOp:
    """The end of a function's body: its results, in order (a function without results
    returns none)."""

    def __init__(self, operands=(), *, loc=None, ip=None):
        point = ip if ip is not None else InsertionPoint.current()
        if point.block.function is None:
            raise ValueError("func.ReturnOp goes in a function's entry block")
        point.block.function._return(list(operands))


__getattr__ = module_getattr("flydsl._mlir.dialects.func", REASON)
