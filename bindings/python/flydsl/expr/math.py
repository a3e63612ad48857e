"""Elementwise math on kernel values, MLIR's math dialect under FlyDSL's names (`fx.math.exp(x)`,
also `fx.exp(x)`): scalars or vectors, lane by lane.

Each float function takes `fastmath=` (a FastMathFlags, a flag name, or None for the ambient
flags of `with fx.fastmath(...)`). The plain builders, without the ambient flags, are MLIR's own
`flydsl._mlir.dialects.math` functions; FlyDSL's are wrappers over them, as here."""

import ctypes
import functools

from .. import _kernel_api as K
from .._trace import (
    _binary,
    _is_float,
    _unify,
    _wrap,
    as_value,
    current,
    keeps_rawness,
    unary,
    with_fastmath,
)
from .numeric import Numeric

_UNARY_FLOAT = ["exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt",
                "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
                "asinh", "acosh", "atanh", "erf", "erfc", "floor", "ceil", "round", "roundeven",
                "trunc"]  # fmt: skip
_UNARY_INT = ["ctlz", "cttz", "ctpop"]
_FLOAT_TESTS = {"isnan": 0, "isinf": 1, "isfinite": 2, "isnormal": 3}


def _float(what, x):
    v = as_value(x)
    if not _is_float(v.ir_dtype):
        raise TypeError(f"math.{what} takes floats, not {v.ir_dtype}")
    return v


def _integer(what, x):
    v = as_value(x)
    if _is_float(v.ir_dtype):
        raise TypeError(f"math.{what} takes integers, not {v.ir_dtype}")
    return v


def _raw_unary_float(name):
    def op(x, *, fastmath=None, loc=None, ip=None):
        v = _float(name, x)
        return with_fastmath(fastmath, lambda: unary(name, v))

    return op


def _raw_unary_int(name):
    def op(x, *, loc=None, ip=None):
        return unary(name, _integer(name, x))

    return op


def _raw_float_test(name):
    def op(x, *, fastmath=None, loc=None, ip=None):
        v = _float(name, x)
        return _wrap(K.float_class_test(current(), _FLOAT_TESTS[name], v.handle), "i1")

    return op


def _floats(what, *operands):
    first = next((x for x in operands if not isinstance(x, (int, float))), operands[0])
    like = _float(what, first)
    values = [as_value(x, like) for x in operands]
    for v in values:
        if v.ir_dtype != like.ir_dtype:
            raise TypeError(
                f"math.{what} takes floats of one type, got {v.ir_dtype} and {like.ir_dtype}"
            )
    return values


def absf(x, *, fastmath=None, loc=None, ip=None):
    v = _float("absf", x)
    return with_fastmath(fastmath, lambda: unary("abs", v))


def absi(x, *, loc=None, ip=None):
    return unary("abs", _integer("absi", x).with_signedness(True))


def powf(base, exp, *, fastmath=None, loc=None, ip=None):
    a, b = _floats("powf", base, exp)
    return with_fastmath(fastmath, lambda: _binary("pow", a, b))


def atan2(y, x, *, fastmath=None, loc=None, ip=None):
    a, b = _floats("atan2", y, x)
    return with_fastmath(fastmath, lambda: _binary("atan2", a, b))


def copysign(mag, sign, *, fastmath=None, loc=None, ip=None):
    a, b = _floats("copysign", mag, sign)
    return with_fastmath(fastmath, lambda: _binary("copysign", a, b))


def fpowi(base, exp, *, fastmath=None, loc=None, ip=None):
    b = _float("fpowi", base)
    e = _integer("fpowi", as_value(exp))
    return with_fastmath(fastmath, lambda: _wrap(K.powi(current(), b.handle, e.handle), b.ir_dtype))


def ipowi(base, exp, *, loc=None, ip=None):
    b, e = _unify(_integer("ipowi", base), _integer("ipowi", exp))
    return _wrap(K.powi(current(), b.handle, e.handle), b.ir_dtype)


def fma(a, b, c, *, fastmath=None, loc=None, ip=None):
    x, y, z = _floats("fma", a, b, c)
    return with_fastmath(fastmath, lambda: _wrap(K.fma(current(), x.handle, y.handle, z.handle)))


def clampf(x, lo, hi, *, fastmath=None, loc=None, ip=None):
    v, low, high = _floats("clampf", x, lo, hi)
    return with_fastmath(
        fastmath, lambda: _wrap(K.clamp(current(), v.handle, low.handle, high.handle), v.ir_dtype)
    )


def sincos(x, *, fastmath=None, loc=None, ip=None):
    """(sin(x), cos(x)) from one operation."""
    v = _float("sincos", x)

    def build():
        s, c = ctypes.c_void_p(), ctypes.c_void_p()
        K.sincos(current(), v.handle, ctypes.byref(s), ctypes.byref(c))
        return _wrap(s.value, v.ir_dtype), _wrap(c.value, v.ir_dtype)

    return with_fastmath(fastmath, build)


# MLIR's builders by name: what flydsl._mlir.dialects.math offers.
RAW = {name: _raw_unary_float(name) for name in _UNARY_FLOAT}
RAW.update({name: _raw_unary_int(name) for name in _UNARY_INT})
RAW.update({name: _raw_float_test(name) for name in _FLOAT_TESTS})
RAW.update(absf=absf, absi=absi, powf=powf, atan2=atan2, copysign=copysign, fpowi=fpowi,
           ipowi=ipowi, fma=fma, clampf=clampf, sincos=sincos)  # fmt: skip
for _name, _op in RAW.items():
    _op.__name__ = _op.__qualname__ = _name
    _op.__doc__ = _op.__doc__ or f"MLIR's math.{_name}, lane by lane."


def _dsl(raw):
    """FlyDSL's function over MLIR's builder: FlyDSL's typed scalars (fx.Float32(v)) in, kernel
    values out (raw ones of raw operands: keeps_rawness)."""

    @keeps_rawness
    @functools.wraps(raw)
    def wrapper(*args, **kwargs):
        return raw(*(a.value if issubclass(type(a), Numeric) else a for a in args), **kwargs)

    return wrapper


globals().update({name: _dsl(op) for name, op in RAW.items()})

__all__ = sorted(RAW)
