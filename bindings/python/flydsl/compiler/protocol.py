"""FlyDSL's protocol helpers for values that stand for kernel values: flattening them into their
kernel values, the bytes and alignment of storable types (fx.Array, fx.Struct), and the
signature of a value in a @flyc.jit call's cache key."""

import enum
import functools
import numbers
import types

from .._ir_types import bit_width
from ..expr._dsl_protocol import (
    c_abi_spec,
    construct_from_ir_values,
    extract_to_ir_values,
    get_ir_types,
    storable_method,
)
from ..expr.numeric import Numeric
from .jit_argument import passed_tensor_signature


def _bytes(dtype):
    return max(1, bit_width(getattr(dtype, "dtype", dtype)) // 8)


def dsl_align_of(dsl_type):
    """The alignment in bytes of an fx.Array (its own), an fx.Struct or fx.Union (its largest
    field's), a scalar type or a class of struct values (`__dsl_align_of__`)."""
    if isinstance(dsl_type, str):
        return _bytes(dsl_type)
    return storable_method(dsl_type, "__dsl_align_of__")()


def dsl_size_of(dsl_type):
    """The bytes of an fx.Array, an fx.Struct (each field at its alignment, the end padded to
    the struct's), an fx.Union (its largest field, padded), a scalar type or a class of struct
    values (`__dsl_size_of__`). Anything else is a TypeError naming the Storable protocol."""
    if isinstance(dsl_type, str):
        return _bytes(dsl_type)
    return storable_method(dsl_type, "__dsl_size_of__")()


def peek_from_ptr(dsl_type, ptr):
    """A value of `dsl_type` read from `ptr` by its `__peek_from_ptr__`."""
    if hasattr(dsl_type, "__peek_from_ptr__"):
        return dsl_type.__peek_from_ptr__(ptr)
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")


def poke_into_ptr(dsl_type, ptr, value):
    """Writes `value` to `ptr` by `dsl_type`'s `__poke_into_ptr__`."""
    if hasattr(dsl_type, "__poke_into_ptr__"):
        dsl_type.__poke_into_ptr__(ptr, value)
        return
    raise TypeError(f"type {dsl_type} does not implement the Storable protocol")


def _compares_by_value(cls):
    return cls.__eq__ is not object.__eq__ and cls.__hash__ not in (None, object.__hash__)


def _by_value(value):
    return (type(value), value)


def _itself(value):
    return value


def _own(value):
    return value.__cache_signature__()


def _numeric(value):
    return (type(value), value.value)


def _sequence(value):
    return (type(value), tuple(cache_signature(v) for v in value))


def _mapping(value):
    return (type(value), tuple((k, cache_signature(v)) for k, v in value.items()))


def _refuse(value):
    raise TypeError(
        f"{type(value).__name__} has no __cache_signature__: a @flyc.jit argument is a tensor, "
        "a number, a string, a tuple of those, a type or a function, or says what it adds to "
        "the cache key by __cache_signature__()"
    )


_FUNCTIONS = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, functools.partial)


def _signer(cls):
    """How values of `cls` are signed (see cache_signature), decided once per class."""
    if getattr(cls, "__cache_signature__", None) is not None:
        return _own
    if issubclass(cls, (numbers.Number, str, bytes, enum.Enum, type(None))):
        return _by_value
    if issubclass(cls, Numeric):
        return _numeric
    if issubclass(cls, type) or issubclass(cls, _FUNCTIONS):
        return _itself
    if issubclass(cls, (tuple, list)):
        return _sequence
    if issubclass(cls, dict):
        return _mapping
    if hasattr(cls, "__dlpack__"):  # before equality: a tensor hashes by identity
        return passed_tensor_signature
    if _compares_by_value(cls):  # a layout, an atom, ...: equal values are one key
        return _by_value
    return _refuse


_SIGNERS = {}


def cache_signature(obj):
    """What a value contributes to a @flyc.jit call's cache key, hashable: an object's own
    `__cache_signature__()`; (type, value) for None, numbers, strings, bytes and enum members;
    a type or a function itself; tuples, lists and dicts element by element; an object whose
    class defines equality and hashing (a layout, an atom) itself; a DLPack tensor as a tensor
    argument's signature. Anything else is a TypeError: two distinct values never fall into one
    key silently."""
    cls = type(obj)
    signer = _SIGNERS.get(cls)
    if signer is None:
        signer = _SIGNERS[cls] = _signer(cls)
    return signer(obj)


__all__ = [
    "get_ir_types",
    "cache_signature",
    "c_abi_spec",
    "extract_to_ir_values",
    "construct_from_ir_values",
    "dsl_size_of",
    "dsl_align_of",
    "peek_from_ptr",
    "poke_into_ptr",
]
