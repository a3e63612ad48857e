"""Arithmetic on kernel values beyond Python's operators, under FlyDSL's names (and MLIR
arith's, which FlyDSL's `fx.arith` also offers): typed max and min, ceildiv, integer and float
comparisons with named predicates, logical shifts, and the element-type-checked binary ops.

Python numbers fold where every operand is one; a kernel value makes a kernel op."""

import builtins
import enum
import math

from .. import _kernel_api as K
from .._kernel_api import RoundingMode  # noqa: F401 (fx.RoundingMode)
from .._trace import (
    Value,
    _binary,
    _compare,
    _is_float,
    _wrap,
    as_value,
    current,
    fastmath_scope,
    keeps_rawness,
    select_value,
    tracing,
    with_fastmath,
)
from .._trace import constant as _constant
from . import numeric
from .buffer_ops import BufferResource, select_resource
from .numeric import numeric_class


class FastMathFlags(enum.Flag):
    """MLIR's fast-math flags, as FlyDSL passes them (`fastmath=arith.FastMathFlags.fast`,
    `with fx.fastmath(FastMathFlags.reassoc | FastMathFlags.contract):`). Float ops carry them
    into the kernel's IR and on to LLVM."""

    none = 0
    reassoc = 1
    nnan = 2
    ninf = 4
    nsz = 8
    arcp = 16
    contract = 32
    afn = 64
    fast = 127


def fastmath(flags):
    """`with fx.fastmath(flags):` float arithmetic and math traced in the block carry `flags`
    (a FastMathFlags, a name such as "fast" or "reassoc,contract", or None); an op's own
    `fastmath=` wins over them, and the flags before the block return after it."""
    return fastmath_scope(flags)


class CmpIPredicate(enum.Enum):
    """Integer comparisons (signed s*, unsigned u*), as MLIR's arith.cmpi names them."""

    eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge = range(10)


class CmpFPredicate(enum.Enum):
    """The float comparisons offered: ordered ones (false when either side is NaN) and une
    (true when either is); as MLIR's arith.cmpf names them."""

    oeq, une, olt, ole, ogt, oge = range(6)


_CMPI = {"eq": "eq", "ne": "ne", "slt": "lt", "sle": "le", "sgt": "gt", "sge": "ge",
         "ult": "ult", "ule": "ule", "ugt": "ugt", "uge": "uge"}  # fmt: skip
_CMPF = {"oeq": "eq", "une": "ne", "olt": "lt", "ole": "le", "ogt": "gt", "oge": "ge"}


def _kernel(*operands):
    return any(isinstance(x, Value) for x in operands)


def _typed(what, floats, *operands):
    """The operands as kernel values of one type, which must be float (floats) or integer."""
    a, b = as_value(operands[0], operands[1]), as_value(operands[1], operands[0])
    for v in (a, b):
        if _is_float(v.ir_dtype) != floats:
            kind = "floats" if floats else "integers"
            raise TypeError(f"{what} takes {kind}, got {v.ir_dtype}")
    return a, b


def _predicate(predicate, table, what):
    name = getattr(predicate, "name", predicate)
    if name not in table:
        raise ValueError(f"{what}: no predicate {predicate!r} (offered: {', '.join(table)})")
    return table[name]


def cmpi(predicate, lhs, rhs):
    """lhs <predicate> rhs for integers: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge."""
    op = _predicate(predicate, _CMPI, "cmpi")
    return _compare(op, *_typed("cmpi", False, lhs, rhs), as_typed=False)


def cmpf(predicate, lhs, rhs, *, fastmath=None, **kwargs):
    """lhs <predicate> rhs for floats: oeq, une, olt, ole, ogt, oge."""
    op = _predicate(predicate, _CMPF, "cmpf")
    return with_fastmath(fastmath, lambda: _compare(op, *_typed("cmpf", True, lhs, rhs)))


def _flatten(operands):
    for x in operands:
        if isinstance(x, (list, tuple)):
            yield from _flatten(x)
        else:
            yield x


_NARROW_FLOATS = {"f8e4m3", "f8e5m2", "f8e4m3fnuz", "f8e5m2fnuz"}


def _host_class(x):
    """The numeric class of a host operand (Python numbers as FlyDSL promotes them)."""
    if isinstance(x, numeric.Numeric) and not isinstance(x, Value):
        return type(x)
    if isinstance(x, bool) or isinstance(x, int):
        return numeric.Int32
    if isinstance(x, float):
        return numeric.Float32
    raise TypeError(f"{type(x).__name__} is not a number")


def _check_operand(name, dtype, what):
    if dtype == "index":
        raise TypeError(f"{name} does not support Index operands")
    if dtype in _NARROW_FLOATS:
        raise TypeError(f"{name} does not support the narrow storage float {what}; convert it "
                        "to a wider float first")  # fmt: skip
    if dtype == "i1" and name == "ceildiv":
        raise TypeError("ceildiv does not support Boolean operands")


def _host_extreme(name, a, b):
    """max / min of two host floats as maximumf / minimumf: NaN wins, +0 > -0."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        negative = math.copysign(1, a) < 0 and math.copysign(1, b) < 0
        positive = math.copysign(1, a) > 0 and math.copysign(1, b) > 0
        keep_positive = positive or (name == "max" and not negative)
        return 0.0 if keep_positive else -0.0
    return builtins.max(a, b) if name == "max" else builtins.min(a, b)


def _extreme(name, operands):
    flat = list(_flatten(operands))
    if not flat:
        raise ValueError(f"{name} needs at least one operand")
    for x in flat:
        if isinstance(x, Value):
            _check_operand(name, x.ir_dtype, x.ir_dtype)
        elif isinstance(x, numeric.Numeric):
            _check_operand(name, type(x).ir_dtype, type(x).__name__)
    if not _kernel(*flat):
        cls = _host_class(flat[0])
        for x in flat[1:]:
            cls = numeric._common_class(cls, _host_class(x))
        values = [x.value if isinstance(x, numeric.Numeric) else x for x in flat]
        if numeric._is_float_class(cls):
            result = float(values[0])
            for v in values[1:]:
                result = _host_extreme(name, result, float(v))
            return cls(result)
        return cls(builtins.max(values) if name == "max" else builtins.min(values))
    values = [as_value(x) if isinstance(x, Value) else x for x in flat]
    kernel = next(v for v in values if isinstance(v, Value))
    result = as_value(values[0], kernel)
    if len(values) == 1:
        return result
    for x in values[1:]:
        result = _binary(name, result, x)
    return result


def max(*operands, fastmath=None, **kwargs):  # noqa: A001 (FlyDSL's name)
    """The largest operand: maximumf for floats (NaN if either is), signed for integers."""
    return with_fastmath(fastmath, lambda: _extreme("max", operands))


def min(*operands, fastmath=None, **kwargs):  # noqa: A001 (FlyDSL's name)
    """The smallest operand: minimumf for floats (NaN if either is), signed for integers."""
    return with_fastmath(fastmath, lambda: _extreme("min", operands))


def _float_binary(name, op, a, b, fastmath):
    return with_fastmath(fastmath, lambda: _binary(op, *_typed(name, True, a, b)))


def maximumf(a, b, *, fastmath=None, **kwargs):
    """The larger float; NaN if either is NaN."""
    return _float_binary("maximumf", "max", a, b, fastmath)


def minimumf(a, b, *, fastmath=None, **kwargs):
    """The smaller float; NaN if either is NaN."""
    return _float_binary("minimumf", "min", a, b, fastmath)


def maxnumf(a, b, *, fastmath=None, **kwargs):
    """The larger float, a NaN operand ignored (the other one wins)."""
    return _float_binary("maxnumf", "maxnum", a, b, fastmath)


def minnumf(a, b, *, fastmath=None, **kwargs):
    """The smaller float, a NaN operand ignored (the other one wins)."""
    return _float_binary("minnumf", "minnum", a, b, fastmath)


def ceildiv(lhs, rhs):
    """Integer lhs / rhs rounded toward positive infinity (arith.ceildivsi; unsigned operands:
    ceildivui)."""
    for x in (lhs, rhs):
        if isinstance(x, Value):
            dtype, what = x.ir_dtype, x.ir_dtype
        elif isinstance(x, numeric.Numeric):
            dtype, what = type(x).ir_dtype, type(x).__name__
        else:
            dtype, what = ("f32" if isinstance(x, float) else "i32"), type(x).__name__
        if _is_float(dtype) and dtype not in _NARROW_FLOATS:
            raise TypeError(f"ceildiv requires integer operands, got {what}")
        _check_operand("ceildiv", dtype, what)
    if not _kernel(lhs, rhs):
        cls = numeric._common_class(_host_class(lhs), _host_class(rhs))
        a, b = (x.value if isinstance(x, numeric.Numeric) else x for x in (lhs, rhs))
        if b == 0:
            raise ZeroDivisionError("ceildiv by zero")
        quotient = -(-int(a) // int(b))
        if cls.signed and not -(1 << (cls.width - 1)) <= quotient < 1 << (cls.width - 1):
            raise OverflowError(f"ceildiv({a}, {b}) overflows {cls.__name__}")
        return cls(quotient)
    a, b = _typed("ceildiv", False, lhs, rhs)
    return _binary("ceildiv", a, b)


def shrui(value, amount, is_exact=False):
    """value >> amount, shifting in zeros (the bits as unsigned). `is_exact` (a promise that
    no set bit is shifted out, which only allows optimisations) is accepted and not used."""
    return _binary("shru", *_typed("shrui", False, value, amount))


class _ArithValueType(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, Value)


class ArithValue(metaclass=_ArithValueType):
    """FlyDSL's MLIR value with Python operators. Every kernel value here is one already, so
    `ArithValue(v)` is v (a Python number becomes a constant), read as unsigned when
    `signed=False`, and any kernel value is an instance."""

    def __new__(cls, value, signed=None):
        return as_value(value).with_signedness(signed)


def _float_op(name, op):
    def fn(lhs, rhs, *, fastmath=None, **kwargs):
        return _float_binary(name, op, lhs, rhs, fastmath)

    fn.__name__, fn.__doc__ = name, f"arith.{name}: floats of one type."
    return fn


def _int_op(name, op):
    def fn(lhs, rhs):
        return _binary(op, *_typed(name, False, lhs, rhs), as_typed=False)

    fn.__name__, fn.__doc__ = name, f"arith.{name}: integers of one type."
    return fn


addf = _float_op("addf", "add")
subf = _float_op("subf", "sub")
mulf = _float_op("mulf", "mul")
divf = _float_op("divf", "div")
addi = _int_op("addi", "add")
subi = _int_op("subi", "sub")
muli = _int_op("muli", "mul")
divsi = _int_op("divsi", "div")
remsi = _int_op("remsi", "rem")
divui = _int_op("divui", "divu")
remui = _int_op("remui", "remu")
andi = _int_op("andi", "and_")
ori = _int_op("ori", "or_")
xori = _int_op("xori", "xor")
shli = _int_op("shli", "shl")
shrsi = _int_op("shrsi", "shr")
maxsi = _int_op("maxsi", "max")
minsi = _int_op("minsi", "min")
maxui = _int_op("maxui", "maxu")
minui = _int_op("minui", "minu")


def _to_raw(value):
    """The MLIR value behind a DSL value (FlyDSL's kernels call it by this private name): a
    kernel value is its own; a Python number becomes a constant."""
    return as_value(value)


def constant(value, type=None, index=False):  # noqa: A002 (FlyDSL's keyword)
    """A kernel constant: of `type` (e.g. fx.T.f32), else index, else f32 for floats, i1 for
    bools and i32 for ints."""
    if type is None and index:
        type = "index"
    elif type is None:
        type = "i1" if isinstance(value, bool) else "f32" if isinstance(value, float) else "i32"
    return _constant(value, getattr(type, "dtype", type))


def constant_vector(element_value, vector_type):
    """A vector of `vector_type` (a vector type object, `fx.T.vec(4, fx.T.f32)`) with every lane
    `element_value`; deprecated in FlyDSL, where `fx.full` does the same."""
    lanes = getattr(vector_type, "lanes", 1)
    if lanes < 2:
        raise TypeError(f"constant_vector needs a vector type, got {vector_type}")
    element = _constant(element_value, vector_type.dtype)
    return _wrap(K.vector_splat(current(), element.handle, lanes), element.ir_dtype)


def maximum(a, b):
    """The larger of two kernel values (maximumf for floats)."""
    return _binary("max", a, b)


def minimum(a, b):
    """The smaller of two kernel values (minimumf for floats)."""
    return _binary("min", a, b)


def select(condition, true_value, false_value):
    """`a` where cond holds, else `b` (values, or buffer resources)."""
    if isinstance(true_value, BufferResource) or isinstance(false_value, BufferResource):
        return select_resource(condition, true_value, false_value)
    return select_value(condition, true_value, false_value)


# What `fx` takes from here by `*` (the MLIR-named ops stay under fx.arith).
def _type_name(t):
    """An element type as given to MLIR's builders: an ir type object, fx.Float32 or "f32"."""
    return getattr(t, "dtype", t)


def _convert(name, from_float, to_float, flags=None):
    """MLIR's conversion `name`; `flags` (K.CAST_*) where it names its signedness, else the
    operand's and result type's own."""

    def op(out_type, value, **kwargs):
        to = _type_name(out_type)
        if not tracing() and not isinstance(value, Value):  # a host value: folds here
            return numeric_class(to)(value)
        v = as_value(value)
        if _is_float(v.ir_dtype) != from_float or _is_float(to) != to_float:
            kinds = ("float" if from_float else "integer", "float" if to_float else "integer")
            raise TypeError(
                f"arith.{name} converts {kinds[0]} to {kinds[1]}, not {v.ir_dtype} to {to}"
            )
        if flags is None:
            return v.to(to)
        if to == v.ir_dtype:
            return v
        return _wrap(K.cast_ext(current(), v.handle, K.DTYPES[to], flags), to)

    op.__name__ = name
    op.__doc__ = f"MLIR's arith.{name}(out_type, value): a conversion of a kernel value."
    return op


extf = _convert("extf", True, True)
truncf = _convert("truncf", True, True)
sitofp = _convert("sitofp", False, True, 0)
uitofp = _convert("uitofp", False, True, K.CAST_FROM_UNSIGNED)
fptosi = _convert("fptosi", True, False, 0)
fptoui = _convert("fptoui", True, False, K.CAST_TO_UNSIGNED)
extsi = _convert("extsi", False, False, 0)
extui = _convert("extui", False, False, K.CAST_FROM_UNSIGNED)
trunci = _convert("trunci", False, False)
index_cast = _convert("index_cast", False, False)


def trunc_f(target_type, value):
    """`value` narrowed to the float type `target_type` (FlyDSL's name of truncf)."""
    return truncf(target_type, value)


def int_to_fp(src, signed, res_elem_type):
    """An integer value (or each lane of a vector) as a float of `res_elem_type`: sitofp where
    `signed` (and the integer wider than one bit), else uitofp."""
    v = as_value(src)
    wide = v.ir_dtype not in ("i1",)
    return (sitofp if signed and wide else uitofp)(res_elem_type, v)


def index(value):
    """An index constant."""
    return constant(value, index=True)


def unwrap(val, *, type=None, index=False):  # noqa: A002 (FlyDSL's keywords)
    """A kernel value as itself; a Python number as a constant (of `type`, else index where
    `index`, else by its kind, as `constant`)."""
    if isinstance(val, (bool, int, float)):
        return constant(val, type=type, index=index)
    return _to_raw(val)


def bitcast(out_type, value, **kwargs):
    """The same bits as `out_type` (of the same width)."""
    return as_value(value).bitcast(_type_name(out_type))


def negf(value, *, fastmath=None, **kwargs):
    v = as_value(value)
    if not _is_float(v.ir_dtype):
        raise TypeError(f"arith.negf negates floats, not {v.ir_dtype}")
    return with_fastmath(fastmath, lambda: -v)


def remf(lhs, rhs, *, fastmath=None, **kwargs):
    return _float_binary("remf", "rem", lhs, rhs, fastmath)


# MLIR's builders of this module (flydsl._mlir.dialects.arith gives them as they are: raw
# values) as FlyDSL's wrappers: a raw operand gives a raw result, a typed one a typed result.
BUILDERS = {
    name: fn for name, fn in list(globals().items())
    if callable(fn) and getattr(fn, "__module__", None) == __name__ and not name.startswith("_")
    and not isinstance(fn, type) and name not in ("fastmath", "constant", "constant_vector")
}  # fmt: skip
globals().update({name: keeps_rawness(fn) for name, fn in BUILDERS.items()})

__all__ = [
    "maximum", "minimum", "select_value", "max", "min", "maximumf", "minimumf", "maxnumf",
    "minnumf",
    "ceildiv", "cmpi", "cmpf", "shrui", "CmpIPredicate", "CmpFPredicate", "FastMathFlags",
    "fastmath", "RoundingMode",
]  # fmt: skip
