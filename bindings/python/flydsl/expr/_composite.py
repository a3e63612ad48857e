"""FlyDSL's composite values: `@fx.struct` over fields that are values (numbers, tensors,
pointers, other structs, compile-time `fx.Constexpr[T]` settings) gives a frozen class whose
instances hold one value per field. A Constexpr field's value is part of the type: each set of
them makes its own class (`Params[tile=32]`), which is what a kernel compiles for when the
struct is its argument; the other fields become the kernel's parameters, in field order.
(Structs of `fx.Array` fields are storage types instead, for SharedAllocator.allocate.)"""

import dataclasses
import typing

from .._trace import Value
from .numeric import Numeric
from .typing import Constexpr

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
        raise TypeError(f"the struct field name {name!r} is reserved (a member of the struct)")
    if name.startswith("_") and not generated:
        raise TypeError(f"the struct field name {name!r} starts with '_', which is reserved")


def _constexpr_value(name, kind, value):
    """A Constexpr field's value, checked against its T (a Python value, never a kernel's)."""
    if isinstance(value, (Numeric, Value)):
        raise TypeError(
            f"the field {name!r} is fx.Constexpr: it takes a Python value, not the run-time "
            f"{type(value).__name__} {value!r}"
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
            f"the field {name!r} is fx.Constexpr[{getattr(kind, '__name__', kind)}], got "
            f"{type(value).__name__} {value!r}"
        )
    return value


def _field_value(name, kind, value):
    if isinstance(kind, type) and issubclass(kind, Numeric) and kind.dtype is not None:
        return value if isinstance(value, kind) else kind(value)
    if isinstance(kind, type) and issubclass(kind, CompositeValue):
        if not isinstance(value, kind._base):
            raise TypeError(f"the field {name!r} takes a {kind.__name__}, got {value!r}")
    return value


class CompositeValue:
    """The base of the classes `@fx.struct` makes from value fields."""

    _fields: typing.ClassVar[tuple] = ()  # ((name, type, Constexpr's T or None), ...)
    _base: typing.ClassVar[type] = None  # the declared class (specializations derive from it)
    _specializations: typing.ClassVar[dict] = {}

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
            raise TypeError(f"{cls._base.__name__} takes {len(fields)} values, got {len(args)}")
        given = dict(zip((f[0] for f in fields), args))
        for name, value in kwargs.items():
            if name in given:
                raise TypeError(f"{cls._base.__name__}: the field {name!r} is given twice")
            given[name] = value
        names = [f[0] for f in fields]
        unknown = [n for n in given if n not in names]
        if unknown:
            raise TypeError(f"{cls._base.__name__} has no field {unknown[0]!r}")
        missing = [n for n in names if n not in given]
        if missing:
            raise TypeError(f"{cls._base.__name__} needs a value for {', '.join(missing)}")
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

    def __cache_signature__(self):
        """What the value adds to a @flyc.jit call's cache key: its class (which holds the
        Constexpr settings) and each other field's signature, a number's by its type only."""
        parts = [type(self)]
        for name, _, const in self._base._fields:
            if const is not None:
                continue
            value = getattr(self, name)
            if isinstance(value, (Numeric, Value)):
                parts.append((name, type(value) if isinstance(value, Numeric) else value.ir_dtype))
            elif hasattr(value, "__cache_signature__"):
                parts.append((name, value.__cache_signature__()))
            else:
                parts.append((name, type(value)))
        return tuple(parts)

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n, _, _ in self._base._fields)
        return f"{self._base.__name__}({inner})"

    def __eq__(self, other):
        return type(other) is type(self) and all(
            getattr(self, n) is getattr(other, n) or getattr(self, n) == getattr(other, n)
            for n, _, _ in self._base._fields
        )

    def __hash__(self):
        return hash((type(self), tuple(repr(v) for v in self.field_values().values())))


def make_value_struct(name, fields):
    """The frozen class of a struct whose fields [(name, type), ...] hold values."""
    checked, seen = [], set()
    for field_name, kind in fields:
        _check_name(field_name, generated=field_name.lstrip("_").isdigit())
        if field_name in seen:
            raise TypeError(f"the struct field {field_name!r} is named twice")
        seen.add(field_name)
        if constexpr_type(kind) is None and not isinstance(kind, type):
            raise TypeError(
                f'a struct field is written "name": type (a numeric type, fx.Tensor, a struct, '
                f"fx.Constexpr[T], fx.Array[...]), got {kind!r} for {field_name!r}"
            )
        checked.append((field_name, kind, constexpr_type(kind)))
    cls = type(name, (CompositeValue,), {"_fields": tuple(checked)})
    cls._base = cls
    return cls


def is_composite_value(obj):
    return isinstance(obj, CompositeValue)
