"""FlyDSL's protocols over values that stand for kernel values, walked through containers: the
kernel values a value is made of (`__extract_to_ir_values__`), their types
(`__get_ir_types__`), the value rebuilt from such values (`__construct_from_ir_values__`), the
C slots a host value fills as a kernel argument (`__c_abi_spec__`) and the bytes of a storable
type (`__dsl_size_of__`, `__dsl_align_of__`). Numbers, structs of values and kernel values take
part; flydsl.compiler.protocol gives these functions under FlyDSL's names."""

import types

from .._trace import Value


def _parts(obj):
    """A container's elements (a list, tuple, dict's values or SimpleNamespace's), else None."""
    if isinstance(obj, types.SimpleNamespace):
        obj = vars(obj)
    if isinstance(obj, dict):
        return list(obj.values())
    if isinstance(obj, (tuple, list)):
        return list(obj)
    return None


def extract_to_ir_values(obj):
    """The kernel values of a value, or of a list, tuple, dict or SimpleNamespace of them, in
    order; an object may say with `__extract_to_ir_values__`."""
    if isinstance(obj, Value):
        return [obj]
    if hasattr(obj, "__extract_to_ir_values__"):
        return list(obj.__extract_to_ir_values__())
    parts = _parts(obj)
    if parts is None:
        raise TypeError(f"Cannot extract IR values from {obj!r}")
    return [v for x in parts for v in extract_to_ir_values(x)]


def get_ir_types(obj):
    """The types of the kernel values extract_to_ir_values gives, without building them where
    the object says (`__get_ir_types__`)."""
    if isinstance(obj, Value):
        return [obj.type]
    if hasattr(obj, "__get_ir_types__"):
        return list(obj.__get_ir_types__())
    parts = _parts(obj)
    if parts is not None:
        return [t for x in parts for t in get_ir_types(x)]
    try:
        return [v.type for v in extract_to_ir_values(obj)]
    except TypeError as e:
        raise TypeError(f"Cannot derive IR types from {obj!r}: {e}") from e


def construct_from_ir_values(dsl_type, exemplar, values):
    """A value of `dsl_type` (shaped as `exemplar`, a value of it or a container of them) from
    the kernel values `values`, as many as extract_to_ir_values gives for the exemplar."""
    values = list(values)
    if isinstance(exemplar, (types.SimpleNamespace, dict)):
        named = vars(exemplar) if isinstance(exemplar, types.SimpleNamespace) else exemplar
        rebuilt, cursor = {}, 0
        for key, value in named.items():
            n = len(get_ir_types(value))
            rebuilt[key] = construct_from_ir_values(type(value), value, values[cursor : cursor + n])
            cursor += n
        if cursor != len(values):
            kind = type(exemplar).__name__
            raise ValueError(f"{kind} expected {cursor} ir.Values, got {len(values)}")
        return (
            types.SimpleNamespace(**rebuilt)
            if isinstance(exemplar, types.SimpleNamespace)
            else rebuilt
        )
    if hasattr(dsl_type, "__construct_from_ir_values__"):
        return dsl_type.__construct_from_ir_values__(
            values, None if isinstance(exemplar, type) else exemplar
        )
    if isinstance(exemplar, (tuple, list)):
        kinds = dsl_type if isinstance(dsl_type, (tuple, list)) else [type(a) for a in exemplar]
        elements, cursor = [], 0
        for kind, element in zip(kinds, exemplar, strict=True):
            n = len(get_ir_types(element))
            elements.append(construct_from_ir_values(kind, element, values[cursor : cursor + n]))
            cursor += n
        return type(exemplar)(elements)
    if dsl_type is Value or isinstance(exemplar, Value):
        if len(values) != 1:
            raise ValueError(f"a kernel value expected 1 ir.Values, got {len(values)}")
        return values[0]
    raise TypeError(f"Cannot construct DSL value for {dsl_type}")


def c_abi_spec(obj):
    """The C slots a host value fills as a kernel argument: [(ctypes type, fill(value, slot))]
    from the object's `__c_abi_spec__`."""
    if hasattr(obj, "__c_abi_spec__"):
        return list(obj.__c_abi_spec__())
    raise TypeError(f"Cannot derive C-ABI spec for {obj!r}: type {type(obj).__name__}.")


def storable_method(storable, name):
    """The storable type's `__dsl_size_of__` or `__dsl_align_of__`, or a TypeError."""
    method = getattr(storable, name, None)
    if method is None:
        raise TypeError(f"type {storable} does not implement the Storable protocol")
    return method


def storable_size_align(storable):
    """The (bytes, alignment) of a storable type, or a TypeError naming the protocol."""
    return (storable_method(storable, "__dsl_size_of__")(),
            storable_method(storable, "__dsl_align_of__")())  # fmt: skip
