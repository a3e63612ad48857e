"""FlyDSL's protocol helpers for values that stand for kernel values: flattening them into their
kernel values, and the bytes and alignment of storable types (fx.Array, fx.Struct)."""

import types

from .._ir_types import bit_width
from .._kernel_layout import StructType, _ArrayType, storable_align, storable_size
from .._trace import Value


def _bytes(dtype):
    return max(1, bit_width(getattr(dtype, "dtype", dtype)) // 8)


def extract_to_ir_values(obj):
    """The kernel values of a value, or of a list, tuple, dict or SimpleNamespace of them, in
    order; an object may say with `__extract_to_ir_values__`."""
    if isinstance(obj, Value):
        return [obj]
    if hasattr(obj, "__extract_to_ir_values__"):
        return list(obj.__extract_to_ir_values__())
    if isinstance(obj, types.SimpleNamespace):
        obj = vars(obj)
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, (tuple, list)):
        return [v for x in obj for v in extract_to_ir_values(x)]
    raise TypeError(f"Cannot extract IR values from {obj!r}")


def dsl_align_of(storable):
    """The alignment in bytes of an fx.Array (its own), an fx.Struct or fx.Union (its largest
    field's) or a scalar type."""
    if isinstance(storable, (_ArrayType, StructType)):
        return storable_align(storable)
    return _bytes(storable)


def dsl_size_of(storable):
    """The bytes of an fx.Array, an fx.Struct (each field at its alignment, the end padded to
    the struct's), an fx.Union (its largest field, padded) or a scalar type."""
    if isinstance(storable, (_ArrayType, StructType)):
        return storable_size(storable)
    return _bytes(storable)


__all__ = ["extract_to_ir_values", "dsl_size_of", "dsl_align_of"]
