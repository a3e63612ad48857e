"""FlyDSL's numeric types: `fx.Float32(2.5)` is a typed launch argument outside a kernel and a
typed constant (or a conversion of a kernel value) inside one; `fx.Float32.width` is 32."""

import ctypes
import math
import operator
import struct

from .._ir_types import NUMERIC_CLASSES, dtype_name, type_of
from .._trace import HOST_ONLY_DTYPES, Value, as_value, common_dtype, number_dtype, tracing


class _IrType:
    """`fx.Float32.ir_type`: the type object of the class's kernel values."""

    def __get__(self, instance, cls):
        return type_of(cls.dtype) if cls.dtype else None


class _Dtype:
    """`fx.Float32.dtype` names the kernel type ("f32"); a value's `.dtype` is its class, as
    FlyDSL's numeric values give it (`fx.Float32(1.0).dtype is fx.Float32`)."""

    def __init__(self, name):
        self.name = name

    def __get__(self, instance, cls):
        return self.name if instance is None else type(instance)


class _NumericType(type):
    """Kernel values are typed by their dtype, as FlyDSL's are by their class: a scalar f32
    value is an instance of Float32 (and of Numeric); Python numbers and host values are
    instances as usual."""

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        if cls.width is not None:
            cls.log_width = (cls.width - 1).bit_length()  # ceil(log2(width))
        if "dtype" in namespace:
            cls.dtype = _Dtype(namespace["dtype"])
            cls.ir_dtype = dtype_name(namespace["dtype"])
            NUMERIC_CLASSES.setdefault(namespace["dtype"], cls)

    @property
    def is_float(cls):
        """Whether the class is a float type (fx.Float32.is_float)."""
        return issubclass(cls, Float)

    @property
    def is_integer(cls):
        """Whether the class is an integer type (Boolean and Index among them)."""
        return cls.signed is not None

    @property
    def zero(cls):
        """The type's zero as a Python value: 0, or 0.0 for floats."""
        if cls.dtype is None:
            raise ValueError(f"{cls.__name__} is not a concrete numeric type: it has no zero")
        return 0.0 if cls.is_float else 0

    @property
    def numpy_dtype(cls):
        """numpy's scalar type of the same values (np.float32, np.uint8, np.bool_), None where
        numpy has none (bf16, the fp8 / fp6 / fp4 kinds, integers under 8 bits, index) or
        numpy is not installed."""
        try:
            import numpy as np
        except ImportError:
            return None
        if cls.dtype is None or cls.ir_dtype == "index":
            return None
        if cls.signed is None:
            return getattr(np, f"float{cls.width}", None) if cls.ir_dtype[0] == "f" else None
        if cls.width == 1:
            return np.bool_
        if cls.width < 8:
            return None
        return getattr(np, f"{'' if cls.signed else 'u'}int{cls.width}", None)

    def __instancecheck__(cls, obj):
        if isinstance(obj, Value):
            if obj.raw or not _is_scalar(obj):
                return False
            if cls.dtype is not None:
                return cls.dtype == obj.ir_dtype
            kind = NUMERIC_CLASSES.get(obj.ir_dtype)
            return kind is not None and issubclass(kind, cls)
        return super().__instancecheck__(obj)


NumericMeta = _NumericType  # FlyDSL's name for the numeric types' metaclass


def _is_scalar(value):
    try:
        return value.lanes == 1
    except RuntimeError:  # not tracing: a value without its kernel has no lanes to ask
        return False


class Numeric(metaclass=_NumericType):
    """The base of the numeric types: `dtype` names the kernel type, `width` its bits, `signed`
    whether an integer type is signed (None for floats)."""

    dtype = None
    ir_dtype = None
    width = None
    signed = None
    ir_type = _IrType()
    # A value known only when the program runs, as FlyDSL's @flyc.jit sees an argument annotated
    # fx.Int32: here it holds the value of this call, and what is computed from it is runtime
    # too; a launch dimension that is one does not specialize the kernel (see _Launch).
    runtime = False

    def __new__(cls, value=None):
        if cls.dtype is None and cls is not Numeric and value is not None:
            raise NotImplementedError(f"{cls.__name__} values are not offered: {cls.why}")
        if cls.dtype in HOST_ONLY_DTYPES and value is not None and tracing():
            raise NotImplementedError(f"{cls.__name__} values are host values only: {cls.why}")
        if value is not None and (tracing() or isinstance(value, Value)):
            if isinstance(value, Value):
                return value.to(cls.dtype).typed()
            return as_value(value, Value(None, cls.dtype)).to(cls.dtype)
        return super().__new__(cls)

    def __init__(self, value=None):
        self.value = None if value is None else _normalize(type(self), value)
        if getattr(value, "runtime", False):
            self.runtime = True

    # Host values fold in Python, as FlyDSL's do: `//` and `%` round toward negative infinity,
    # `/` of integers gives a float, and integer results wrap to the class's width. A kernel
    # value on either side makes a kernel op instead (Value's reflected operators).
    def __int__(self):
        return int(self.value)

    def __index__(self):
        if _is_float_class(type(self)):
            raise TypeError(f"{type(self).__name__} is not an integer")
        return int(self.value)

    def __float__(self):
        return float(self.value)

    def __bool__(self):
        return bool(self.value)

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return f"{type(self).__name__}({self.value!r})"

    log_width = None

    @property
    def is_float(self):
        return type(self).is_float

    def is_static(self):
        """Whether the value is known when the program is built: a Python-held constant, not
        a runtime value (a @flyc.jit argument annotated with the class)."""
        return not self.runtime

    def to(self, dtype, *, rounding_mode=None):
        """The value converted to `dtype` (a numeric class): floats to integers truncate toward
        zero, integers wrap to the width (sign- or zero-extended first, by the source's
        signedness). A rounding mode needs a value computed in a kernel: a host value is
        converted when the program is built, where only nearest-even rounding is done."""
        dtype = numeric_class(dtype) if isinstance(dtype, str) else dtype
        if not (isinstance(dtype, type) and issubclass(dtype, Numeric)) or dtype.dtype is None:
            raise TypeError(f"to() takes a numeric type such as fx.Float32, got {dtype!r}")
        if rounding_mode is not None:
            from .._kernel_api import RoundingMode

            if not isinstance(rounding_mode, RoundingMode):
                raise TypeError(
                    f"rounding_mode must be an fx.RoundingMode, got {type(rounding_mode).__name__}"
                )
            if not (type(self).is_float and dtype.is_float):
                raise TypeError(
                    f"rounding_mode is only supported for float-to-float casts, got "
                    f"{type(self).__name__} -> {dtype.__name__}"
                )
            if dtype is not type(self):
                raise ValueError(
                    f"rounding_mode requires a run-time value, but this {type(self).__name__} "
                    f"holds the host value {self.value!r}"
                )
        if dtype is type(self):
            return self
        value = self.value
        if type(self).is_float and not dtype.is_float:
            if math.isnan(value) or math.isinf(value):
                raise ValueError(f"{value} has no {dtype.__name__} value")
            value = int(value)  # toward zero
        return self._like_class(dtype, value)

    def _like_class(self, cls, value):
        out = cls(value)
        out.runtime = self.runtime
        return out

    def bitcast(self, dtype):
        """The value's bits read as `dtype`, a numeric class of the same width."""
        if not (isinstance(dtype, type) and issubclass(dtype, Numeric)) or dtype.dtype is None:
            raise TypeError(f"dtype must be a numeric type such as fx.Int32, got {dtype!r}")
        if dtype.width != type(self).width:
            raise TypeError(
                f"bitcast needs types of one width: {type(self).__name__} has "
                f"{type(self).width} bits, {dtype.__name__} {dtype.width}"
            )
        return self._like_class(dtype, _from_bits(dtype, _bits_of(self)))

    def select(self, true_value, false_value):
        """`true_value` where this value is nonzero, else `false_value`, both as their common
        numeric type (Python numbers typed as FlyDSL types them)."""
        t, f = as_numeric(true_value), as_numeric(false_value)
        if isinstance(t, Value) or isinstance(f, Value):
            return as_value(self).select(t, f)
        common = _common_class(type(t), type(f))
        return (t if self.value else f).to(common)

    @staticmethod
    def from_python_value(value):
        """A Python number as FlyDSL types it (as_numeric)."""
        return as_numeric(value)

    def ir_value(self):
        """The value as a kernel constant (while a kernel is traced); a runtime value outside a
        kernel is itself, as launches and kernel arguments take it."""
        if self.runtime and not tracing():
            return self
        return as_value(self)

    @staticmethod
    def from_ir_type(ir_type):
        """The numeric class of a scalar type object (`ir.F32Type.get()` -> fx.Float32)."""
        cls = NUMERIC_CLASSES.get(getattr(ir_type, "dtype", None))
        if cls is None or getattr(ir_type, "lanes", 1) != 1:
            raise TypeError(f"no numeric class for the type {ir_type}")
        return cls

    # FlyDSL's protocols (flydsl.compiler.protocol): one kernel value of the class's type, one
    # C slot as a kernel argument, the class's bytes when stored.
    def __get_ir_types__(self):
        return [type(self).ir_type]

    def __extract_to_ir_values__(self):
        return [as_value(self)]

    @classmethod
    def __construct_from_ir_values__(cls, values, exemplar=None):
        if len(values) != 1:
            raise ValueError(f"{cls.__name__} expected 1 ir.Values, got {len(values)}")
        return cls(values[0])

    def __c_abi_spec__(self):
        cls = type(self)
        if cls.dtype not in _C_SLOTS:
            raise TypeError(f"Cannot derive C-ABI spec for {self!r}: no C slot holds a {cls.dtype}")

        def fill(value, slot):
            slot.value = _bits_of(value) if cls.dtype in ("f16", "bf16") else value.value

        return [(_C_SLOTS[cls.dtype], fill)]

    @classmethod
    def __dsl_size_of__(cls):
        if cls.width is None or cls.width < 8:
            raise TypeError(
                f"type {cls.__name__} does not implement the Storable protocol (a sub-byte or "
                "unsized type has no address)"
            )
        return cls.width // 8

    __dsl_align_of__ = __dsl_size_of__

    def _like(self, value):
        """A result of this value's class, runtime where this value is."""
        out = type(self)(value)
        out.runtime = self.runtime
        return out

    def __neg__(self):
        return self._like(-self.value)

    def __pos__(self):
        return self

    def __abs__(self):
        if type(self) is Boolean:
            raise TypeError("abs() is not defined for a Boolean")
        return self._like(abs(self.value))

    def __invert__(self):
        if _is_float_class(type(self)):
            raise TypeError(f"~ takes integers, not {type(self).__name__}")
        if type(self) is Boolean:  # logical not, as on the one bit a kernel's i1 has
            return self._like(not self.value)
        return self._like(~int(self.value))


def _is_float_class(cls):
    return cls.dtype is not None and cls.signed is None


def _normalize(cls, value):
    """`value` as `cls` holds it: a float, or an integer wrapped to the class's width."""
    if isinstance(value, Numeric):
        value = value.value
    if isinstance(value, Value):
        raise TypeError(f"{cls.__name__}({value!r}): a kernel value outside its kernel")
    if cls.dtype is None:
        return value
    if _is_float_class(cls):
        return float(value)
    if cls.width == 1:
        return bool(value)
    bits = int(value) & ((1 << cls.width) - 1)
    if cls.signed and bits >> (cls.width - 1):
        bits -= 1 << cls.width
    return bits


def _common_class(a, b):
    """The class of a host operation's result, by FlyDSL's promotion (common_dtype)."""
    if b is None or a is b:
        return a
    return NUMERIC_CLASSES[common_dtype(a.dtype, b.dtype)]


def _floor_div(x, y):
    if isinstance(x, float) or isinstance(y, float):
        return math.floor(x / y)
    return x // y


def _int_only(op):
    def fold(x, y):
        if isinstance(x, float) or isinstance(y, float):
            raise TypeError("bitwise operators and shifts take integers")
        return op(int(x), int(y))

    return fold


_FOLDS = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
    "floordiv": _floor_div,
    "mod": operator.mod,
    "pow": operator.pow,
    "and": _int_only(operator.and_),
    "or": _int_only(operator.or_),
    "xor": _int_only(operator.xor),
    "lshift": _int_only(operator.lshift),
    "rshift": _int_only(operator.rshift),
}


def _result_class(name, cls, other_cls):
    """The common class of the operands; a float where `/` divides integers (f64 above 32
    bits)."""
    result = _common_class(cls, other_cls)
    if name == "truediv" and not _is_float_class(result):
        return Float64 if (result.width or 0) > 32 else Float32
    return result


def _operand(x):
    """A host operation's other operand: its class (a Python number's as FlyDSL types it) and
    value."""
    if isinstance(x, Numeric) and not isinstance(x, Value):
        return type(x), x.value
    if isinstance(x, (bool, int, float)):
        return NUMERIC_CLASSES[number_dtype(x)], x
    return None, NotImplemented


# Arithmetic takes a Boolean as the Int32 0 or 1 (FlyDSL's normalization); bitwise operators
# and shifts keep it Boolean.
_COUNTING = frozenset(("add", "sub", "mul", "truediv", "floordiv", "mod", "pow"))


def _counted(name, cls, value):
    if name in _COUNTING and cls is Boolean:
        return Int32, int(value)
    return cls, value


def _binary_operator(name):
    fold = _FOLDS[name]

    def result(self, other, cls, value):
        out = _result_class(name, _counted(name, type(self), 0)[0], cls)(value)
        out.runtime = self.runtime or getattr(other, "runtime", False)
        return out

    def forward(self, other):
        cls, value = _counted(name, *_operand(other))
        if value is NotImplemented:
            return NotImplemented
        return result(self, other, cls, fold(_counted(name, type(self), self.value)[1], value))

    def reflected(self, other):
        cls, value = _counted(name, *_operand(other))
        if value is NotImplemented:
            return NotImplemented
        return result(self, other, cls, fold(value, _counted(name, type(self), self.value)[1]))

    return forward, reflected


def _comparison(op):
    """A host comparison: a Boolean (runtime where an operand is), as FlyDSL's."""

    def compare(self, other):
        cls, value = _operand(other)
        if value is NotImplemented:
            return NotImplemented
        out = Boolean(op(self.value, value))
        out.runtime = self.runtime or getattr(other, "runtime", False)
        return out

    return compare


def _divmod(self, other):
    quotient = self.__floordiv__(other)
    return NotImplemented if quotient is NotImplemented else (quotient, self.__mod__(other))


def _rdivmod(self, other):
    quotient = self.__rfloordiv__(other)
    return NotImplemented if quotient is NotImplemented else (quotient, self.__rmod__(other))


for _name in _FOLDS:
    _forward, _reflected = _binary_operator(_name)
    setattr(Numeric, f"__{_name}__", _forward)
    setattr(Numeric, f"__r{_name}__", _reflected)
for _name in ("eq", "ne", "lt", "le", "gt", "ge"):
    setattr(Numeric, f"__{_name}__", _comparison(getattr(operator, _name)))
Numeric.__divmod__, Numeric.__rdivmod__ = _divmod, _rdivmod


class Integer(Numeric):
    """The base of the integer types: `isinstance(v, fx.Integer)` holds for every integer value
    (Boolean and Index too)."""

    signed, why = True, "Integer is the base of the integer types: construct one (fx.Int32)"


class Float(Numeric):
    """The base of the float types, as Integer."""

    why = "Float is the base of the float types: construct one (fx.Float32)"


class Int8(Integer):
    dtype, width, signed = "i8", 8, True


class Int16(Integer):
    dtype, width, signed = "i16", 16, True


class Int32(Integer):
    dtype, width, signed = "i32", 32, True


class Int64(Integer):
    dtype, width, signed = "i64", 64, True


class Uint8(Integer):
    dtype, width, signed = "u8", 8, False


class Uint16(Integer):
    dtype, width, signed = "u16", 16, False


class Uint32(Integer):
    dtype, width, signed = "u32", 32, False


class Uint64(Integer):
    dtype, width, signed = "u64", 64, False


class Index(Integer):
    """MLIR's index type: a machine-word integer for sizes and offsets (64 bits here)."""

    dtype, width, signed = "index", 64, True


class Boolean(Integer):
    dtype, width, signed = "i1", 1, True


class Float16(Float):
    dtype, width = "f16", 16


class BFloat16(Float):
    dtype, width = "bf16", 16


class Float32(Float):
    dtype, width = "f32", 32


class Float64(Float):
    dtype, width = "f64", 64


class Float8E4M3FN(Float):
    dtype, width = "f8e4m3", 8


class Float8E5M2(Float):
    dtype, width = "f8e5m2", 8


class Float8E4M3FNUZ(Float):
    """gfx942's E4M3: exponent bias 8, no infinities and no negative zero, NaN 0x80."""

    dtype, width = "f8e4m3fnuz", 8


class Float8E5M2FNUZ(Float):
    """gfx942's E5M2: exponent bias 16, no infinities and no negative zero, NaN 0x80."""

    dtype, width = "f8e5m2fnuz", 8


_SUB_BYTE = (
    "kernels here hold whole bytes per element (fp4 and fp6 data travels packed in "
    "i8 or i32 values, as the scaled MFMA takes it)"
)


class Float4E2M1FN(Float):
    """OCP MX fp4 (E2M1): named for FlyDSL's programs, which use it to choose a scaled MFMA's
    formats; no kernel value has this type."""

    width, why = 4, _SUB_BYTE


class Float6E2M3FN(Float):
    """OCP MX fp6 (E2M3), as Float4E2M1FN."""

    width, why = 6, _SUB_BYTE


class Float6E3M2FN(Float):
    """OCP MX fp6 (E3M2), as Float4E2M1FN."""

    width, why = 6, _SUB_BYTE


class Float8E4M3(Float):
    """IEEE-style E4M3 (with infinities), as Float4E2M1FN: kernels here take the OCP E4M3FN
    (fx.Float8E4M3FN) and gfx942's E4M3FNUZ."""

    width, why = 8, "kernels here take fp8 as Float8E4M3FN, Float8E4M3FNUZ or Float8E5M2(FNUZ)"


class Float8E4M3B11FNUZ(Float):
    """E4M3 with exponent bias 11, as Float8E4M3."""

    width, why = 8, Float8E4M3.why


class Float8E8M0FNU(Float):
    """OCP MX's E8M0 scale (a power of two), as Float4E2M1FN: scales travel as i8 bytes."""

    width, why = 8, "MX scales travel as their bytes (fx.Uint8 / i8 values)"


_WIDE_INT = "kernel integers here are at most 64 bits wide"


class Int4(Integer):
    """A 4-bit integer. In kernels its values live in registers only: vectors bitcast from
    packed words (`v.bitcast(fx.Int4)`, eight to an Int32), as RDNA3's iu4 WMMA takes them; no
    tensor or parameter has this type."""

    dtype, width = "i4", 4


class Int128(Integer):
    """A 128-bit integer: a host value only (folded in Python)."""

    dtype, width, why = "i128", 128, _WIDE_INT


class Uint128(Integer):
    """An unsigned 128-bit integer, as Int4."""

    dtype, width, signed, why = "u128", 128, False, _WIDE_INT


_STRUCT_FORMATS = {"f16": "e", "f32": "f", "f64": "d"}


# The C slot of each kernel type as a kernel argument (16-bit floats travel as their bits).
_C_SLOTS = {"i1": ctypes.c_bool, "i8": ctypes.c_int8, "i16": ctypes.c_int16, "i32": ctypes.c_int32,
            "i64": ctypes.c_int64, "u8": ctypes.c_uint8, "u16": ctypes.c_uint16,
            "u32": ctypes.c_uint32, "u64": ctypes.c_uint64, "f16": ctypes.c_uint16,
            "bf16": ctypes.c_uint16, "f32": ctypes.c_float, "f64": ctypes.c_double}  # fmt: skip


def _bits_of(x):
    """The bits of a host value as an unsigned integer of its class's width."""
    cls = type(x)
    if cls.is_float:
        if cls.dtype == "bf16":  # the upper half of the f32, rounded to nearest even
            f32 = _bits_of(Float32(x.value))
            return ((f32 + 0x7FFF + ((f32 >> 16) & 1)) >> 16) & 0xFFFF
        if cls.dtype not in _STRUCT_FORMATS:
            raise TypeError(f"bitcast of a host {cls.__name__} is not offered here")
        fmt = _STRUCT_FORMATS[cls.dtype]
        return int.from_bytes(struct.pack("<" + fmt, x.value), "little")
    return int(x.value) & ((1 << cls.width) - 1)


def _from_bits(cls, bits):
    if cls.is_float:
        if cls.dtype == "bf16":
            return struct.unpack("<f", (bits << 16).to_bytes(4, "little"))[0]
        if cls.dtype not in _STRUCT_FORMATS:
            raise TypeError(f"bitcast to a host {cls.__name__} is not offered here")
        return struct.unpack(
            "<" + _STRUCT_FORMATS[cls.dtype], bits.to_bytes(cls.width // 8, "little")
        )[0]
    return bits  # the class wraps it to its signedness


def numeric_class(dtype):
    """The numeric class of a dtype name ("f32" -> Float32)."""
    cls = NUMERIC_CLASSES.get(dtype)
    if cls is None:
        raise TypeError(f"no numeric class for {dtype!r}")
    return cls


def as_numeric(obj):
    """`obj` as a numeric value: a numeric value or kernel value as it is, a Python number as
    the class FlyDSL infers for it (bool: Boolean, int: Int32, or Int64 beyond 32 bits, float:
    Float32)."""
    if isinstance(obj, (Numeric, Value)):
        return obj
    if isinstance(obj, bool):
        return Boolean(obj)
    if isinstance(obj, int):
        return Int32(obj) if -(1 << 31) <= obj < (1 << 31) else Int64(obj)
    if isinstance(obj, float):
        return Float32(obj)
    raise TypeError(f"{obj!r} is not a number")


__all__ = [
    "Numeric",
    "NumericMeta",
    "Integer",
    "Float",
    "as_numeric",
    "Int4",
    "Int128",
    "Uint128",
    "Float8E4M3",
    "Float8E4M3B11FNUZ",
    "Float8E8M0FNU",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "Uint8",
    "Uint16",
    "Uint32",
    "Uint64",
    "Index",
    "Boolean",
    "Float16",
    "BFloat16",
    "Float32",
    "Float64",
    "Float8E4M3FN",
    "Float8E5M2",
    "Float8E4M3FNUZ",
    "Float8E5M2FNUZ",
    "Float4E2M1FN",
    "Float6E2M3FN",
    "Float6E3M2FN",
]
