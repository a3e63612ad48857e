"""Type shorthands (`T.i32()`, `T.f32()`, `T.vector(4, T.f16())`) as MLIR's extras spell them."""

from ..ir import (
    BF16Type,
    F16Type,
    F32Type,
    F64Type,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    IndexType,
    IntegerType,
    VectorType,
)


def i1():
    return IntegerType.get_signless(1)


def bool():  # noqa: A001 (MLIR's name)
    return IntegerType.get_signless(1)


def i(width):
    """The signless integer type of `width` bits."""
    return IntegerType.get_signless(width)


def i8():
    return IntegerType.get_signless(8)


def i16():
    return IntegerType.get_signless(16)


def i32():
    return IntegerType.get_signless(32)


def i64():
    return IntegerType.get_signless(64)


def index():
    return IndexType.get()


def f16():
    return F16Type.get()


def bf16():
    return BF16Type.get()


def f32():
    return F32Type.get()


def f64():
    return F64Type.get()


def f8E4M3FN():  # noqa: N802 (MLIR's name)
    return Float8E4M3FNType.get()


def f8E5M2():  # noqa: N802
    return Float8E5M2Type.get()


def f8E4M3FNUZ():  # noqa: N802
    return Float8E4M3FNUZType.get()


def f8E5M2FNUZ():  # noqa: N802
    return Float8E5M2FNUZType.get()


def vector(*shape_and_type):
    *shape, element = shape_and_type
    return VectorType.get(list(shape), element)
