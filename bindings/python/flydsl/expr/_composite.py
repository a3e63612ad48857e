"""FlyDSL's composite values: `@fx.struct` over fields that are values (numbers, tensors,
pointers, other structs, compile-time `fx.Constexpr[T]` settings) gives a frozen class whose
instances hold one value per field. A Constexpr field's value is part of the type: each set of
them makes its own class (`Params[tile=32]`), which is what a kernel compiles for when the
struct is its argument; the other fields become the kernel's parameters, in field order.
(Structs of `fx.Array` fields are storage types instead, for SharedAllocator.allocate.)"""

import dataclasses
import typing

from .._kernel_layout import StructType, _ArrayType, field_layout
from .._trace import Value
from ._dsl_protocol import (
    c_abi_spec,
    construct_from_ir_values,
    extract_to_ir_values,
    get_ir_types,
    storable_size_align,
)
from .numeric import Numeric
from .typing import Constexpr, _VectorType

RESERVED = frozenset(("replace", "peek", "poke"))


def constexpr_type(annotation):
    """For `fx.Constexpr[T]`, T (`object` for a bare fx.Constexpr); None for other types."""
    if annotation is Constexpr:
        return object
    if typing.get_origin(annotation) is typing.Annotated:
        args = typing.get_args(annotation)
        if args[0] is Constexpr:
            return args[1] if len(args) > 1 else object
    return None


def _check_name(name, generated=False):
    if not isinstance(name, str) or not name.isidentifier():
        raise TypeError(f"a struct field needs a name that is an identifier, got {name!r}")
    if name in RESERVED:
        raise ValueError(f"the struct field name {name!r} is reserved (a member of the struct)")
    if name.startswith("_") and not generated:
        raise ValueError(
            f"the struct field name {name!r} must not start with underscore (such names are "
            "the implementation's)"
        )


def _constexpr_value(name, kind, value):
    """A Constexpr field's value, checked against its T (a Python value, never a kernel's)."""
    if isinstance(value, (Numeric, Value)):
        raise TypeError(
            f"the field {name!r} is fx.Constexpr and expects {getattr(kind, '__name__', kind)}: "
            f"a Python value, not the run-time {type(value).__name__} {value!r}"
        )
    if kind is object:
        return value
    if typing.get_origin(kind) is not None or kind is typing.Callable:
        ok = callable(value)  # Callable[...]: a function (FlyDSL: a capture-free lambda)
    elif kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise TypeError(
            f"the field {name!r} is fx.Constexpr[{getattr(kind, '__name__', kind)}]: expects "
            f"{getattr(kind, '__name__', kind)}, got {type(value).__name__} {value!r}"
        )
    return value


def _storage_kind(kind):
    """Whether a field type is storage (an fx.Array, fx.Union or storage struct): its value is
    a view of memory of that type, such as `fx.Array[...].__peek_from_ptr__(ptr)` gives."""
    return isinstance(kind, (_ArrayType, StructType))


def _kind_name(kind):
    return getattr(kind, "__name__", None) or repr(kind)


def _field_value(name, kind, value):
    if _storage_kind(kind):
        if getattr(value, "_target_type", None) != kind:
            raise TypeError(
                f"the field {name!r} expects {_kind_name(kind)} (a view of its storage), "
                f"got {value!r}"
            )
        return value
    if isinstance(kind, _VectorType) and "lanes" in kind.__dict__:  # fx.Float32x4 and such
        try:
            return kind(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"the field {name!r} expects {kind.__name__}, got {value!r}") from e
    if isinstance(kind, type) and issubclass(kind, Numeric) and kind.dtype is not None:
        if isinstance(value, kind):
            return value
        try:
            return kind(value)
        except (TypeError, ValueError) as e:
            raise TypeError(f"the field {name!r} expects {kind.__name__}, got {value!r}") from e
    if isinstance(kind, type) and issubclass(kind, CompositeValue):
        if not isinstance(value, kind._base):
            raise TypeError(f"the field {name!r} takes a {kind.__name__}, got {value!r}")
    return value


class CompositeValue:
    """The base of the classes `@fx.struct` makes from value fields."""

    _fields: typing.ClassVar[tuple] = ()  # ((name, type, Constexpr's T or None), ...)
    _base: typing.ClassVar[type] = None  # the declared class (specializations derive from it)
    _specializations: typing.ClassVar[dict] = {}
    _schema_frozen = True  # instances are frozen (FlyDSL's marker)

    def __new__(cls, *args, **kwargs):
        values = cls._bind(args, kwargs)
        settings = tuple(
            (name, values[name]) for name, _, const in cls._base._fields if const is not None
        )
        special = cls._base._specialize(settings) if settings else cls._base
        self = object.__new__(special)
        for name, value in values.items():
            object.__setattr__(self, name, value)
        return self

    def __init__(self, *args, **kwargs):
        pass  # __new__ set the fields

    @classmethod
    def _bind(cls, args, kwargs):
        fields = cls._base._fields
        if len(args) > len(fields):
            raise TypeError(
                f"{cls._base.__name__} expected {len(fields)} field values, got {len(args)}"
            )
        given = dict(zip((f[0] for f in fields), args))
        for name, value in kwargs.items():
            if name in given:
                raise TypeError(f"{cls._base.__name__}: got multiple values for field {name!r}")
            given[name] = value
        names = [f[0] for f in fields]
        unknown = [n for n in given if n not in names]
        if unknown:
            raise TypeError(f"{cls._base.__name__}: unexpected field {unknown[0]!r}")
        missing = [n for n in names if n not in given]
        if missing:
            raise TypeError(f"{cls._base.__name__}: missing required field {', '.join(missing)}")
        return {
            name: (
                _constexpr_value(name, const, given[name])
                if const is not None
                else _field_value(name, kind, given[name])
            )
            for name, kind, const in fields
        }

    @classmethod
    def _specialize(cls, settings):
        key = (cls, tuple((n, type(v), repr(v)) for n, v in settings))
        special = CompositeValue._specializations.get(key)
        if special is None:
            shown = ", ".join(f"{n}={v!r}" for n, v in settings)
            special = type(f"{cls.__name__}[{shown}]", (cls,), {"_settings": settings})
            special.__qualname__ = special.__name__
            CompositeValue._specializations[key] = special
        return special

    def __setattr__(self, name, value):
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def replace(self, **changes):
        """A new value with the named fields changed (a Constexpr one changes the type)."""
        values = {name: getattr(self, name) for name, _, _ in self._base._fields}
        values.update(changes)
        return self._base(**values)

    def field_values(self):
        """The fields' values by name, in declaration order."""
        return {name: getattr(self, name) for name, _, _ in self._base._fields}

    # FlyDSL's protocols, field by field over the fields that are not Constexpr (those travel
    # in the class): see flydsl.compiler.protocol.
    def _run_time_fields(self):
        return [(n, getattr(self, n)) for n, _, const in self._base._fields if const is None]

    def __extract_to_ir_values__(self):
        return [v for _, value in self._run_time_fields() for v in extract_to_ir_values(value)]

    def __get_ir_types__(self):
        return [t for _, value in self._run_time_fields() for t in get_ir_types(value)]

    @classmethod
    def __construct_from_ir_values__(cls, values, exemplar=None):
        """A value of this class from its fields' kernel values in order (as many as
        extract_to_ir_values gives); the exemplar gives each field's shape and the Constexpr
        settings, else the field types and this class's settings do."""
        values, fields, cursor = list(values), {}, 0
        settings = dict(getattr(exemplar, "_settings", getattr(cls, "_settings", ())))
        for name, kind, const in cls._base._fields:
            if const is not None:
                fields[name] = getattr(exemplar, name) if exemplar is not None else settings[name]
                continue
            like = getattr(exemplar, name) if exemplar is not None else kind
            n = len(get_ir_types(like)) if exemplar is not None else _field_values(kind)
            fields[name] = construct_from_ir_values(
                type(like) if exemplar is not None else kind, like, values[cursor : cursor + n]
            )
            cursor += n
        if cursor != len(values):
            raise ValueError(f"{cls._base.__name__} expected {cursor} ir.Values, got {len(values)}")
        return cls._base(**fields)

    def __c_abi_spec__(self):
        slots = []
        for name, value in self._run_time_fields():
            if isinstance(value, Value):
                raise TypeError(
                    f"Cannot derive C-ABI spec for {self!r}: the field {name!r} holds a kernel "
                    "value, which no host slot holds"
                )
            for ctype, fill in c_abi_spec(value):
                slots.append((ctype, lambda v, slot, f=fill, n=name: f(getattr(v, n), slot)))
        return slots

    @classmethod
    def __dsl_size_of__(cls):
        """The bytes the fields take stored in order, each at its alignment, the end padded to
        the largest; Constexpr fields take none."""
        return cls._stored_layout()[0]

    @classmethod
    def __dsl_align_of__(cls):
        return cls._stored_layout()[1]

    @classmethod
    def _stored_layout(cls):
        fields = [(name, kind) for name, kind, const in cls._base._fields if const is None]
        return field_layout(fields, False, storable_size_align)

    def __cache_signature__(self):
        """What the value adds to a @flyc.jit call's cache key: its class (which holds the
        Constexpr settings) and each other field's signature, a number's by its type only. A
        kernel value has none."""
        parts = [type(self)]
        for name, _, const in self._base._fields:
            if const is not None:
                continue
            value = getattr(self, name)
            if isinstance(value, Value):
                raise TypeError(
                    f"{self._base.__name__}: the field {name!r} holds a kernel value, which has "
                    "no cache signature"
                )
            if isinstance(value, Numeric):
                parts.append((name, type(value)))
            elif hasattr(value, "__cache_signature__"):
                parts.append((name, value.__cache_signature__()))
            else:
                parts.append((name, type(value)))
        return tuple(parts)

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n, _, _ in self._base._fields)
        return f"{self._base.__name__}({inner})"

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented  # another declaration, or not a struct: Python decides
        return all(
            getattr(self, n) is getattr(other, n) or getattr(self, n) == getattr(other, n)
            for n, _, _ in self._base._fields
        )

    def __hash__(self):
        return hash((type(self), tuple(repr(v) for v in self.field_values().values())))


def _field_values(kind):
    """How many kernel values a field of type `kind` holds, known from the type alone."""
    if isinstance(kind, type) and issubclass(kind, Numeric):
        return 1
    if isinstance(kind, type) and issubclass(kind, CompositeValue):
        return sum(_field_values(k) for _, k, const in kind._base._fields if const is None)
    raise TypeError(f"the kernel values of a {kind} field are known only from a value of it")


def make_value_struct(name, fields):
    """The frozen class of a struct whose fields [(name, type), ...] hold values."""
    checked, seen = [], set()
    for field_name, kind in fields:
        _check_name(field_name, generated=field_name.lstrip("_").isdigit())
        if field_name in seen:
            raise ValueError(
                f"duplicate field name {field_name!r}: the struct field is named twice"
            )
        seen.add(field_name)
        if constexpr_type(kind) is None and not isinstance(kind, type) and not _storage_kind(kind):
            raise TypeError(
                f'a struct field is written "name": type (a numeric type, fx.Tensor, a struct, '
                f"fx.Constexpr[T], fx.Array[...]), got {kind!r} for {field_name!r}"
            )
        checked.append((field_name, kind, constexpr_type(kind)))
    annotations = {field_name: kind for field_name, kind, _ in checked}
    cls = type(name, (CompositeValue,), {
        "_fields": tuple(checked),
        "__annotations__": annotations,
        # What makes two declarations the same struct, though each is its own class.
        "__dsl_type_identity__": ("struct", tuple(annotations.items())),
    })  # fmt: skip
    cls._base = cls
    return cls


def is_composite_value(obj):
    return isinstance(obj, CompositeValue)
