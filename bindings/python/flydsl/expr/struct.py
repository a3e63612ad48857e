"""FlyDSL's structs. Of arrays, for shared memory:

Storage = fx.Struct["slots": fx.Array[fx.Float32, 8], "flags": fx.Array[fx.Int32, 8]]
s = fx.SharedAllocator().allocate(Storage).peek()
s.slots[i] = x

and of values (expr/_composite.py): `@fx.struct class Params: tile: fx.Constexpr[int]; scale:
fx.Float32`, constructed as `Params(32, 1.0)` and passed to kernels as one argument.
"""

from .._kernel_layout import Array, StructType, StructValue, _ArrayType, make_struct_type
from ._composite import CompositeValue, make_value_struct


def _items(item):
    """The fields of `fx.Struct[...]`: "name": type slices, or bare types named _0, _1, ..."""
    items = item if isinstance(item, tuple) else (item,)
    fields = []
    for i, field in enumerate(items):
        if isinstance(field, slice):
            if field.step is not None:
                raise TypeError('a Struct field is written "name": type')
            fields.append((field.start, field.stop))
        else:
            fields.append((f"_{i}", field))
    return fields


def _make(name, fields, union):
    """A storage type when every field is an fx.Array or a storage struct (for
    SharedAllocator.allocate), else the frozen class of a struct of values."""
    if all(isinstance(kind, (_ArrayType, StructType)) for _, kind in fields):
        return make_struct_type(tuple(slice(n, k) for n, k in fields), union)
    if union:
        raise TypeError(
            f"the union {name} has no value form: its fields are storage here, fx.Array or "
            "structs of them"
        )
    return make_value_struct(name, fields)


class Struct:
    """`fx.Struct["name": type, ...]` (or `fx.Struct[T0, T1]`, fields _0, _1): a struct of
    fx.Array storage for SharedAllocator.allocate, or the frozen class of a struct of values."""

    def __class_getitem__(cls, item):
        return _make("Struct", _items(item), union=False)


class Union:
    """`fx.Union["name": fx.Array[...], ...]`: fields over the same bytes (the largest sizes
    it), for storage that phases of a kernel reuse."""

    def __class_getitem__(cls, item):
        return _make("Union", _items(item), union=True)


def _annotated(cls, union):
    fields = getattr(cls, "__annotations__", {})
    if not fields:
        raise TypeError(f"@fx.{'union' if union else 'struct'} class {cls.__name__} has no "
                        "annotated fields")  # fmt: skip
    return _make(cls.__name__, list(fields.items()), union)


def struct(cls):
    """`@fx.struct class S: name: type`: the class's annotated fields, in order: storage (all
    fx.Array or storage structs, the same as `fx.Struct["name": ..., ...]`) or values (numbers,
    tensors, structs, `fx.Constexpr[T]` settings), whose class is frozen and constructed with
    one value per field."""
    return _annotated(cls, union=False)


def union(cls):
    """`@fx.union class U: name: fx.Array[...]`: the class's annotated fields over the same
    bytes (the same as `fx.Union["name": ..., ...]`)."""
    return _annotated(cls, union=True)


def is_struct_type(obj):
    """Whether `obj` is a struct type: a storage struct or a class of struct values."""
    return (isinstance(obj, StructType) and not obj.union) or (
        isinstance(obj, type) and issubclass(obj, CompositeValue)
    )


def is_composite_type(obj):
    """Whether `obj` is a struct or union type."""
    return isinstance(obj, StructType) or is_struct_type(obj)


def is_specializable_struct_type(tp):
    """Whether `tp` is a class of struct values with fx.Constexpr fields (each set of their
    values is its own type)."""
    return (
        is_struct_type(tp)
        and isinstance(tp, type)
        and any(const is not None for _, _, const in tp._base._fields)
    )


__all__ = ["Struct", "Union", "Array", "StructType", "StructValue", "struct", "union",
           "is_composite_type", "is_struct_type", "is_specializable_struct_type"]  # fmt: skip
