"""MLIR's `ir` module, as far as kernel code uses it: `Value` (a kernel value), the type
objects, modules of functions built through the kernel builder (`Module.create()`,
`InsertionPoint`, `FunctionType`), and contexts and locations as the no-ops they are here (the
library owns the MLIR context). Other operations and blocks are not offered (see
flydsl._mlir)."""

import contextlib
import threading

from .._ir_types import (  # noqa: F401
    BF16Type,
    F16Type,
    F32Type,
    F64Type,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    FloatType,
    IndexType,
    IntegerType,
    Type,
    VectorType,
)
from .._trace import Value  # noqa: F401
from ._module import Block, FunctionType, InsertionPoint, Module  # noqa: F401
from ._not_offered import module_getattr

__getattr__ = module_getattr(
    "flydsl._mlir.ir",
    "kernels are built through libflydsl's C API, which keeps MLIR's operations and blocks "
    "behind it; build kernels with @flyc.kernel or functions with func.FuncOp",
)


class _NoOp(contextlib.AbstractContextManager):
    """A context the library keeps for itself: entering it changes nothing."""

    _current = None

    def __init__(self, *args, **kwargs):
        pass

    def __exit__(self, *exc):
        return False


_entered = threading.local()


def _contexts():
    if not hasattr(_entered, "stack"):
        _entered.stack = []
    return _entered.stack


class _ContextClass(type):
    @property
    def current(cls):
        """MLIR's Context.current: the innermost context entered on this thread, else None."""
        stack = _contexts()
        return stack[-1] if stack else None


class Context(metaclass=_ContextClass):
    """The library keeps its MLIR context for itself; entering one of these changes nothing
    but what Context.current answers (programs that unwind contexts they left open loop on it)."""

    allow_unregistered_dialects = False

    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        _contexts().append(self)
        return self

    def __exit__(self, *exc):
        stack = _contexts()
        if self in stack:
            del stack[len(stack) - 1 - stack[::-1].index(self)]
        return False


class Location(_NoOp):
    @staticmethod
    def unknown(context=None):
        return Location()

    @staticmethod
    def file(filename, line, col, context=None):
        return Location()

    @staticmethod
    def callsite(callee, frames, context=None):
        return Location()

    @staticmethod
    def name(name, childLoc=None, context=None):
        return Location()


class Attribute:
    """A constant attribute value: what `IntegerAttr.get(type, 3)` and friends hold."""

    def __init__(self, type, value):  # noqa: A002 (MLIR's name)
        self.type, self.value = type, value

    def __repr__(self):
        return f"{self.value} : {self.type}"

    @staticmethod
    def parse(text, context=None):
        """An attribute written as text (`#llvm.fastmath<fast>`, alias scopes): kept as its
        text, for the hints that take it (which are accepted and not applied)."""
        return Attribute(None, str(text))


class IntegerAttr(Attribute):
    @staticmethod
    def get(type, value):  # noqa: A002
        return IntegerAttr(type, int(value))


class FloatAttr(Attribute):
    @staticmethod
    def get(type, value):  # noqa: A002
        return FloatAttr(type, float(value))


class DenseElementsAttr(Attribute):
    """A vector constant with every lane the same (`get_splat`)."""

    @staticmethod
    def get_splat(shaped_type, element_attr):
        return DenseElementsAttr(shaped_type, element_attr.value)


class ArrayAttr(Attribute):
    @staticmethod
    def get(values, context=None):
        return ArrayAttr(None, list(values))
