"""FlyDSL's structs. Of arrays, for shared memory:

Storage = fx.Struct["slots": fx.Array[fx.Float32, 8], "flags": fx.Array[fx.Int32, 8]]
s = fx.SharedAllocator().allocate(Storage).peek()
s.slots[i] = x

and of values (expr/_composite.py): `@fx.struct class Params: tile: fx.Constexpr[int]; scale:
fx.Float32`, constructed as `Params(32, 1.0)` and passed to kernels as one argument.

Typed addresses, FlyDSL's `fx.Storage[T]`: a pointer in a kernel (or a @flyc.jit body's host
function) and a storable type T known to Python, which the pointer's own type cannot name (a
struct is no MLIR element type). `peek()` reads a T there, `poke(v)` writes one, and a struct's
field is a Storage of the field's type at the field's byte offset (`_storage_layout`). Also
`fx.Align[T, n]` (T at a larger alignment) and `Arena`, a bump allocator of Storages over one
base pointer.
"""

from .._kernel_layout import (
    Array,
    SharedAllocator,
    StructType,
    StructValue,
    _ArrayType,
    field_layout,
    make_struct_type,
)
from ._composite import CompositeValue, _check_name, make_value_struct
from ._dsl_protocol import storable_size_align
from .numeric import Numeric, Uint8


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
    """A union, or a storage struct when every field is an fx.Array or a storage struct (for
    SharedAllocator.allocate), else the frozen class of a struct of values."""
    if not union and all(isinstance(kind, (_ArrayType, StructType)) for _, kind in fields):
        return make_struct_type(tuple(slice(n, k) for n, k in fields), union, name)
    if not union:
        return make_value_struct(name, fields)
    seen = set()
    for field_name, kind in fields:
        _check_name(field_name, generated=field_name.lstrip("_").isdigit())
        if field_name in seen:
            raise ValueError(f"duplicate field name {field_name!r}: the union field is named twice")
        seen.add(field_name)
        _size_align(kind)  # a TypeError naming the Storable protocol where it has no layout
    return StructType(fields, union=True, name=name)


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


_size_align = storable_size_align  # storage arrays and structs have the Storable methods too


def _fields(schema):
    """The stored fields of a struct type: [(name, type)], Constexpr fields left out."""
    if isinstance(schema, StructType):
        return list(schema.fields)
    return [(name, kind) for name, kind, const in schema._base._fields if const is None]


def _is_union(schema):
    return isinstance(schema, StructType) and schema.union


def _storage_layout(schema):
    """A struct's (size, alignment, {field: byte offset}): fields one after another, each at its
    alignment, the size padded to the largest; a union's fields all at 0. Constexpr fields are
    not stored."""
    return field_layout(_fields(schema), _is_union(schema), _size_align)


def add_offset(ptr, offset):
    """`ptr` moved by `offset` bytes, its element type kept (the layout's offsets count bytes
    whatever the pointer points at)."""
    if offset == 0:
        return ptr
    return (ptr.recast("i8") + offset).recast(ptr.ir_dtype)


def _type_name(kind):
    return getattr(kind, "__name__", None) or repr(kind)


def _field_names(kind):
    if isinstance(kind, StructType):
        return [name for name, _ in kind.fields]
    return [name for name, _, _ in kind._base._fields]


class Storage:
    """`fx.Storage[T](ptr)`: a T at `ptr` (see the module). One class per T, cached."""

    _target_type = None
    _classes = {}

    def __class_getitem__(cls, target):
        known = Storage._classes.get(target)
        if known is None:
            name = f"Storage[{_type_name(target)}]"
            known = type(name, (Storage,), {"_target_type": target, "__qualname__": name})
            Storage._classes[target] = known
        return known

    def __init__(self, ptr, prebuilt=None):
        if type(self)._target_type is None:
            raise TypeError("fx.Storage needs its type: fx.Storage[T](ptr)")
        object.__setattr__(self, "_ptr", ptr)
        object.__setattr__(self, "_prebuilt", dict(prebuilt or {}))

    def _pointer(self, what):
        ptr = object.__getattribute__(self, "_ptr")
        if ptr is None:
            raise RuntimeError(
                f"{type(self).__name__}.{what} needs the pointer it was made without"
            )
        return ptr

    def peek(self):
        """The T stored here."""
        target, prebuilt = type(self)._target_type, object.__getattribute__(self, "_prebuilt")
        if prebuilt and isinstance(target, type) and issubclass(target, CompositeValue):
            values = {name: part.peek() for name, part in prebuilt.items()}
            values.update(getattr(target, "_settings", ()))
            return target(**values)
        return peek_from_ptr(target, self._pointer("peek()"))

    def poke(self, value):
        """Writes `value`, a T, here."""
        target, prebuilt = type(self)._target_type, object.__getattribute__(self, "_prebuilt")
        if prebuilt and isinstance(target, type) and issubclass(target, CompositeValue):
            for name, part in prebuilt.items():
                part.poke(getattr(value, name))
            return
        poke_into_ptr(target, self._pointer("poke()"), value)

    def __getattr__(self, name):
        prebuilt = object.__getattribute__(self, "_prebuilt")
        if name in prebuilt:
            return prebuilt[name]
        target = type(self)._target_type
        if not (isinstance(target, StructType) or is_struct_type(target)) or name.startswith("__"):
            raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")
        if name not in _field_names(target):
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r} (its fields: "
                f"{', '.join(_field_names(target))})"
            )
        _, _, offsets = _storage_layout(target)
        if name not in offsets:
            raise AttributeError(
                f"{type(self).__name__}: the field {name!r} is compile-time only and has no storage"
            )
        kind = dict(_fields(target))[name]
        return Storage[kind](add_offset(self._pointer(f"{name}"), offsets[name]))

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is read-only: poke() writes through it")

    def __repr__(self):
        return f"{type(self).__name__}({object.__getattribute__(self, '_ptr')!r})"


def peek_from_ptr(kind, ptr):
    """A `kind` read at `ptr`: numbers by a load, structs field by field, others by their own
    `__peek_from_ptr__`."""
    if isinstance(kind, type) and issubclass(kind, Numeric):
        return kind(ptr.recast(kind.dtype).load())
    if is_struct_type(kind) and isinstance(kind, type):
        _, _, offsets = _storage_layout(kind)
        values = dict(getattr(kind, "_settings", ()))
        for name, field_kind in _fields(kind):
            values[name] = peek_from_ptr(field_kind, add_offset(ptr, offsets[name]))
        return kind(**values)
    if isinstance(kind, _ArrayType):
        return kind.__peek_from_ptr__(ptr)
    if isinstance(kind, StructType):
        if kind.union:
            raise NotImplementedError("a union has no value to read: peek one of its fields")
        return Storage[kind](ptr)
    if hasattr(kind, "__peek_from_ptr__"):
        return kind.__peek_from_ptr__(ptr)
    raise TypeError(f"type {_type_name(kind)} does not implement the Storable protocol")


def poke_into_ptr(kind, ptr, value):
    """Writes `value`, a `kind`, at `ptr` (see peek_from_ptr)."""
    if isinstance(kind, type) and issubclass(kind, Numeric):
        ptr.recast(kind.dtype).store(value if isinstance(value, kind) else kind(value))
        return
    if is_struct_type(kind) and isinstance(kind, type):
        _, _, offsets = _storage_layout(kind)
        for name, field_kind in _fields(kind):
            poke_into_ptr(field_kind, add_offset(ptr, offsets[name]), getattr(value, name))
        return
    if isinstance(kind, (_ArrayType, StructType)):
        raise NotImplementedError(
            f"a whole {_type_name(kind)} is not written at once: write its elements or fields"
        )
    if hasattr(kind, "__poke_into_ptr__"):
        kind.__poke_into_ptr__(ptr, value)
        return
    raise TypeError(f"type {_type_name(kind)} does not implement the Storable protocol")


class Align:
    """`fx.Align[T, n]`: T stored at an alignment of n bytes (a power of two, at least T's
    own); its size, reads and writes are T's."""

    dtype = None
    align = None

    def __class_getitem__(cls, params):
        if cls is not Align:
            raise TypeError(f"{cls.__name__} is already parameterized")
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError("fx.Align is written Align[Type, N]")
        kind, n = params
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"fx.Align's alignment must be an int, got {n!r}")
        if n <= 0:
            raise ValueError(f"fx.Align's alignment must be positive, got {n}")
        if n & (n - 1):
            raise ValueError(f"fx.Align's alignment must be a power of two, got {n}")
        size, natural = _size_align(kind)
        if n < natural:
            raise ValueError(
                f"fx.Align[{_type_name(kind)}, {n}]: {n} is smaller than natural alignment "
                f"{natural} of {_type_name(kind)}"
            )
        name = f"Align[{_type_name(kind)}, {n}]"
        return type(
            name,
            (Align,),
            {
                "dtype": kind,
                "align": n,
                "__qualname__": name,
                "__dsl_size_of__": classmethod(lambda c: size),
                "__dsl_align_of__": classmethod(lambda c: n),
                "__peek_from_ptr__": classmethod(lambda c, ptr: peek_from_ptr(kind, ptr)),
                "__poke_into_ptr__": classmethod(lambda c, ptr, v: poke_into_ptr(kind, ptr, v)),
                "__cache_signature__": classmethod(lambda c: ("align", kind, n)),
            },
        )


class Arena:
    """Storages bumped one after another from a base pointer (`base_ptr`, which a subclass
    gives): `allocate(T)` a T at its alignment, `allocate(n)` n raw bytes."""

    DEFAULT_BASE_ALIGNMENT = 16

    def __init__(self, base_alignment=DEFAULT_BASE_ALIGNMENT):
        self._offset = 0
        self._base_alignment = base_alignment

    @property
    def base_ptr(self):
        raise NotImplementedError("an Arena's subclass gives its base_ptr")

    @property
    def allocated_bytes(self):
        return self._offset

    def _bump(self, size, align):
        at = (self._offset + align - 1) // align * align
        self._offset = at + size
        return at

    def allocate(self, storable_or_bytes, alignment=None):
        """A Storage of the storable type, or of `fx.Array[fx.Uint8, n]` for n bytes."""
        if isinstance(storable_or_bytes, int) and not isinstance(storable_or_bytes, bool):
            if storable_or_bytes <= 0:
                raise ValueError(f"allocate size must be > 0, got {storable_or_bytes}")
            kind = Array[Uint8, storable_or_bytes, 1]
            size, align = storable_or_bytes, alignment or self._base_alignment
        else:
            kind = storable_or_bytes
            size, align = _size_align(kind)
            align = align if alignment is None else max(align, alignment)
        return Storage[kind](add_offset(self.base_ptr, self._bump(size, align)))


# SharedAllocator.allocate of numbers and structs of values gives their Storage.
SharedAllocator.value_storage = (_size_align, lambda kind, ptr: Storage[kind](ptr))

__all__ = ["Struct", "Union", "Array", "StructType", "StructValue", "struct", "union",
           "is_composite_type", "is_struct_type", "is_specializable_struct_type", "Storage",
           "Align", "Arena"]  # fmt: skip
