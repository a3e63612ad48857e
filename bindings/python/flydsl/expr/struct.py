"""Structs of arrays for shared memory, as FlyDSL spells them:

Storage = fx.Struct["slots": fx.Array[fx.Float32, 8], "flags": fx.Array[fx.Int32, 8]]
s = fx.SharedAllocator().allocate(Storage).peek()
s.slots[i] = x
"""

from .._kernel_layout import Array, StructType, StructValue, make_struct_type


class Struct:
    """`fx.Struct["name": fx.Array[dtype, n], ...]`: a struct type for SharedAllocator.allocate."""

    def __class_getitem__(cls, item):
        return make_struct_type(item)


class Union:
    """`fx.Union["name": fx.Array[...], ...]`: fields over the same bytes (the largest sizes
    it), for storage that phases of a kernel reuse."""

    def __class_getitem__(cls, item):
        return make_struct_type(item, union=True)


def _annotated(cls, union):
    fields = getattr(cls, "__annotations__", {})
    if not fields:
        raise TypeError(f"@fx.{'union' if union else 'struct'} class {cls.__name__} has no "
                        "annotated fields")  # fmt: skip
    return make_struct_type(tuple(slice(name, kind) for name, kind in fields.items()), union)


def struct(cls):
    """`@fx.struct class S: name: fx.Array[...]`: the class's annotated fields, in order, as a
    Struct type (the same as `fx.Struct["name": ..., ...]`)."""
    return _annotated(cls, union=False)


def union(cls):
    """`@fx.union class U: name: fx.Array[...]`: the class's annotated fields over the same
    bytes (the same as `fx.Union["name": ..., ...]`)."""
    return _annotated(cls, union=True)


__all__ = ["Struct", "Union", "Array", "StructType", "StructValue", "struct", "union"]
