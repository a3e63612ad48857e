"""FlyDSL's numeric types: `fx.Float32(2.5)` is a typed launch argument outside a kernel and a
typed constant (or a conversion of a kernel value) inside one; `fx.Float32.width` is 32."""

from .._ir_types import type_of
from .._trace import Value, as_value, tracing


class _IrType:
    """`fx.Float32.ir_type`: the type object of the class's kernel values."""

    def __get__(self, instance, cls):
        return type_of(cls.dtype) if cls.dtype else None


class _NumericType(type):
    """Kernel values are typed by their dtype, as FlyDSL's are by their class: a scalar f32
    value is an instance of Float32 (and of Numeric); Python numbers and host values are
    instances as usual."""

    def __instancecheck__(cls, obj):
        if isinstance(obj, Value):
            return _is_scalar(obj) and cls.dtype in (None, obj.dtype)
        return super().__instancecheck__(obj)


def _is_scalar(value):
    try:
        return value.lanes == 1
    except RuntimeError:  # not tracing: a value without its kernel has no lanes to ask
        return False


class Numeric(metaclass=_NumericType):
    """The base of the numeric types: `dtype` names the kernel type, `width` its bits, `signed`
    whether an integer type is signed (None for floats)."""

    dtype = None
    width = None
    signed = None
    ir_type = _IrType()

    def __new__(cls, value=None):
        if value is not None and tracing():
            if isinstance(value, Value):
                return value.to(cls.dtype)
            return as_value(value, Value(None, cls.dtype)).to(cls.dtype)
        return super().__new__(cls)

    def __init__(self, value=None):
        self.value = value


class Int8(Numeric):
    dtype, width, signed = "i8", 8, True


class Int16(Numeric):
    dtype, width, signed = "i16", 16, True


class Int32(Numeric):
    dtype, width, signed = "i32", 32, True


class Int64(Numeric):
    dtype, width, signed = "i64", 64, True


class Uint8(Numeric):
    dtype, width, signed = "u8", 8, False


class Uint16(Numeric):
    dtype, width, signed = "u16", 16, False


class Uint32(Numeric):
    dtype, width, signed = "u32", 32, False


class Uint64(Numeric):
    dtype, width, signed = "u64", 64, False


class Index(Numeric):
    """MLIR's index type: a machine-word integer for sizes and offsets (64 bits here)."""

    dtype, width, signed = "index", 64, True


class Boolean(Numeric):
    dtype, width, signed = "i1", 1, True


class Float16(Numeric):
    dtype, width = "f16", 16


class BFloat16(Numeric):
    dtype, width = "bf16", 16


class Float32(Numeric):
    dtype, width = "f32", 32


class Float64(Numeric):
    dtype, width = "f64", 64


class Float8E4M3FN(Numeric):
    dtype, width = "f8e4m3", 8


class Float8E5M2(Numeric):
    dtype, width = "f8e5m2", 8


__all__ = [
    "Numeric",
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
]
