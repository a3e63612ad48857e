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


def struct(cls):
    """`@fx.struct class S: name: fx.Array[...]`: the class's annotated fields, in order, as a
    Struct type (the same as `fx.Struct["name": ..., ...]`)."""
    fields = getattr(cls, "__annotations__", {})
    if not fields:
        raise TypeError(f"@fx.struct class {cls.__name__} has no annotated fields")
    return make_struct_type(tuple(slice(name, kind) for name, kind in fields.items()))


__all__ = ["Struct", "Array", "StructType", "StructValue", "struct"]
