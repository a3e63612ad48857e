"""The types a kernel's signature and body name: parameters (Tensor, Stream, Constexpr), and
the kernel values that tracing makes (scalars, vectors, tuples, layouts, tensors)."""

import enum
import math
import typing

from .. import _kernel_api as K
from .. import _lib
from .._control import _array
from .._host_layout import ComposedFunction, Layout, Swizzle, static_value
from .._host_view import HostTensorView
from .._ir_types import type_of
from .._kernel_layout import (
    AddressSpace,
    Array,
    CopyAtom,
    IntTupleValue,
    LayoutValue,
    Pointer,
    TargetAddressSpace,
    TensorValue,
    TiledCopy,
    _dtype_name,
    int_tuple,
    is_dynamic,
)
from .._lib import ScaledBasis
from .._mma import MmaAtom, TiledMma
from .._trace import HOST_ONLY_DTYPES, Value, _wrap, as_value, current
from . import numeric
from .numeric import *  # noqa: F401,F403  (FlyDSL's typing names the numeric types too)


class Tensor:
    """A tensor parameter: any DLPack tensor (numpy, torch, ...) at launch. Inside a kernel,
    `fx.Tensor(t)` of a tensor value is that tensor (FlyDSL spells views so)."""

    def __new__(cls, value):
        if isinstance(value, (TensorValue, HostTensorView)):
            return value
        raise TypeError(f"fx.Tensor(...) takes a tensor value or view, got {value!r}")


class Stream:
    """A stream handle; None is the default stream (the cpu target runs synchronously).
    `_is_stream_param` is FlyDSL's mark of stream objects; a Stream of a Stream is that
    stream's handle."""

    _is_stream_param = True

    def __init__(self, value=None):
        self.stream = value.stream if isinstance(value, Stream) else value

    @property
    def value(self):
        """The stream as given (FlyDSL's spelling: `launch(..., stream=stream.value)`)."""
        return self.stream

    def __cache_signature__(self):
        return (Stream,)  # which stream a call runs on never changes what it compiles


class _ConstexprMeta(type):
    def __getitem__(cls, item):
        return typing.Annotated[cls, item]


class Constexpr(metaclass=_ConstexprMeta):
    """A compile-time parameter: its value is baked into the kernel; each value compiles
    separately."""


class _VectorType(type):
    def __instancecheck__(cls, obj):
        lanes = cls.__dict__.get("lanes")  # an alias (fx.Float32x4) fixes lanes and dtype
        try:
            if not isinstance(obj, Value):
                return False
            if lanes is None:
                return obj.lanes > 1
            return obj.lanes == lanes and obj.ir_dtype == cls.ir_dtype
        except RuntimeError:  # not tracing: a value without its kernel has no lanes to ask
            return False


class Vector(metaclass=_VectorType):
    """Vectors of 1..1024 lanes: `Vector.from_elements([a, b, c, d], fx.Float32)`, `v[i]`,
    `v.insert(x, i)`, `v.bitcast("i32")`, `v.to(fx.BFloat16)`, `v.store(T, [i])`. A vector
    value is a kernel value with lanes: `Vector(v)` (FlyDSL's wrapper) is v itself, and a
    one-lane vector is a scalar (its lane 0)."""

    def __new__(cls, value, shape=None, dtype=None):
        v = as_value(value)
        if shape is not None:
            if Vector._lanes_of(shape) != v.lanes:
                raise ValueError(f"Vector(...) of shape {shape}: the value has {v.lanes} lanes")
            if v.lanes > 1:
                v = v.with_shape(shape)
        return v if dtype is None else v.to(_dtype_name(dtype))

    @staticmethod
    def __construct_from_ir_values__(values, exemplar=None):
        return values[0]

    @staticmethod
    def _lanes_of(shape):
        """The lanes of a vector of `shape` (an extent or a nested tuple of them)."""
        if isinstance(shape, (tuple, list)):
            return math.prod(Vector._lanes_of(extent) for extent in shape)
        return int(shape)

    @staticmethod
    def from_elements(elements, dtype=None):
        elements = list(elements)
        if not elements:
            raise ValueError("a vector needs at least one element")
        if dtype is None:
            first = next((e for e in elements if isinstance(e, Value)), None)
            dtype = first.ir_dtype if first is not None else as_value(elements[0]).ir_dtype
        like = Value(None, _dtype_name(dtype))
        values = [as_value(e, like).to(like.ir_dtype) for e in elements]
        return _wrap(K.vector_from_elements(current(), _array(values), len(values)), like.ir_dtype)

    @staticmethod
    def make_type(shape, dtype):
        """The type object of a vector of prod(shape) lanes of `dtype` (a numeric class)."""
        if (
            not (isinstance(dtype, type) and issubclass(dtype, numeric.Numeric))
            or not dtype.ir_dtype
        ):
            raise TypeError(
                f"Vector.make_type needs a numeric type (fx.Float32, ...), got {dtype!r}"
            )
        return type_of(dtype.ir_dtype, Vector._lanes_of(shape))

    @staticmethod
    def filled(shape, fill_value, dtype):
        """A vector of prod(shape) lanes, each `fill_value` as `dtype` (FlyDSL's spelling)."""
        return Vector.splat(fill_value, Vector._lanes_of(shape), dtype)

    @staticmethod
    def zeros_like(vector, dtype=None):
        """A vector of `vector`'s lanes, all zero, of `dtype` (default: its dtype)."""
        return Vector.filled_like(vector, 0, dtype)

    @staticmethod
    def splat(element, lanes, dtype=None):
        v = as_value(element, Value(None, _dtype_name(dtype)) if dtype else None)
        if dtype is not None:
            v = v.to(_dtype_name(dtype))
        return _wrap(K.vector_splat(current(), v.handle, int(lanes)), v.ir_dtype)

    @staticmethod
    def filled_like(vector, fill_value, dtype=None):
        """A vector of `vector`'s lanes, each `fill_value` as `dtype` (default: its dtype)."""
        vector = as_value(vector)
        dtype = _dtype_name(dtype or vector.ir_dtype)
        if vector.lanes == 1:  # a scalar's "like" is a scalar
            return as_value(fill_value, Value(None, dtype)).to(dtype)
        return Vector.splat(fill_value, vector.lanes, dtype)

    @staticmethod
    def load(tensor, index, lanes, pred=None):
        return tensor.load(index, pred=pred, lanes=lanes)


def VectorAlias(alias_dtype, lanes):
    """The vector type of `lanes` elements of `element` (fx.Int32x4, fx.Float16x8, ...): a
    Vector whose instances have those lanes and dtype; `Float32x4(x)` makes one from a vector,
    a scalar (every lane) or a list of lanes, and `pointer.load(fx.Int32x4)` reads one."""
    lanes = int(lanes)

    def __new__(cls, value, shape=None, dtype=None):
        if shape is not None and Vector._lanes_of(shape) != lanes:
            raise ValueError(f"{cls.__name__} has shape ({lanes},), got {shape}")
        if dtype is not None and dtype is not alias_dtype:
            raise ValueError(f"{cls.__name__} has dtype {alias_dtype.__name__}, got {dtype!r}")
        if isinstance(value, (list, tuple)):
            return Vector.from_elements(value, alias_dtype)
        v = as_value(value, Value(None, alias_dtype.dtype))
        if v.lanes == 1 and lanes > 1:
            return Vector.splat(v, lanes, alias_dtype)
        if v.lanes != lanes or v.ir_dtype != alias_dtype.dtype:
            raise ValueError(
                f"{cls.__name__} needs {lanes} lanes of {alias_dtype.__name__}, got {v!r}"
            )
        return v

    name = f"{alias_dtype.__name__}x{lanes}"
    # A type only named here, or of host values only: no kernel values, so no vectors.
    if getattr(alias_dtype, "dtype", None) is None or alias_dtype.dtype in HOST_ONLY_DTYPES:
        return _NamedVectorType(name, alias_dtype, lanes)
    return _alias_type(
        name, alias_dtype, lanes, __new__=__new__, ir_dtype=alias_dtype.ir_dtype,
        ir_type=_ClassProperty(lambda: Vector.make_type(lanes, alias_dtype)),
    )  # fmt: skip


def _alias_type(name, element, lanes, **members):
    """The Vector type `name` of `lanes` elements of `element`, with its own members."""
    common = {"__module__": __name__, "__qualname__": name, "element": element, "lanes": lanes}
    return _VectorType(name, (Vector,), {**common, "width": element.width * lanes, **members})


def _NamedVectorType(name, element, lanes):
    """The vector alias of a type that only has a name here (fx.Float4E2M1FNx2, fx.Int4x8):
    its element, lanes and width are FlyDSL's; making a value says why there is none."""

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError(f"{name} values are not offered: {element.why}")

    def ir_type():
        raise NotImplementedError(f"{name} has no IR type here: {element.why}")

    # ir_dtype None: no kernel value is an instance
    return _alias_type(
        name, element, lanes, __new__=__new__, why=element.why, ir_dtype=None,
        ir_type=_ClassProperty(ir_type),
    )  # fmt: skip


class _ClassProperty:
    """A class attribute computed on each read (an alias's type object needs no kernel, but
    asks the type registry at read time)."""

    def __init__(self, compute):
        self.compute = compute

    def __get__(self, instance, owner):
        return self.compute()


_VECTOR_LANES = {
    numeric.Float8E4M3FN: (1, 2, 4, 8, 16), numeric.Float8E5M2: (1, 2, 4, 8, 16),
    numeric.Float8E4M3FNUZ: (1, 2, 4, 8, 16), numeric.Float8E5M2FNUZ: (1, 2, 4, 8, 16),
    numeric.BFloat16: (1, 2, 4, 8, 16), numeric.Float16: (1, 2, 4, 8, 16),
    numeric.Float32: (1, 2, 4, 8), numeric.Float64: (1, 2, 4),
    numeric.Int8: (1, 2, 4, 8, 16), numeric.Int16: (1, 2, 4, 8, 16),
    numeric.Int32: (1, 2, 4, 8), numeric.Int64: (1, 2, 4),
    numeric.Uint8: (1, 2, 4, 8, 16), numeric.Uint16: (1, 2, 4, 8, 16),
    numeric.Uint32: (1, 2, 4, 8), numeric.Uint64: (1, 2, 4),
    # named only (see _NamedVectorType), with FlyDSL's lane counts
    numeric.Float4E2M1FN: (2, 4, 8, 16, 32), numeric.Int4: (2, 4, 8, 16, 32),
    numeric.Float8E4M3: (1, 2, 4, 8, 16), numeric.Float8E4M3B11FNUZ: (1, 2, 4, 8, 16),
    numeric.Float8E8M0FNU: (1, 2, 4, 8, 16), numeric.Int128: (1,), numeric.Uint128: (1,),
}  # fmt: skip
_VECTOR_ALIASES = {
    f"{t.__name__}x{n}": VectorAlias(t, n) for t, lanes in _VECTOR_LANES.items() for n in lanes
}
globals().update(_VECTOR_ALIASES)


def as_ir_value(value, *, keep_static=False):
    """A value as a kernel value (FlyDSL's converter for raw builders): None stays None, kernel
    values pass, numbers (and fx.Int32(3)-style typed numbers) become constants, or with
    keep_static=True stay Python numbers; tuples and lists convert element by element;
    anything else is returned as it is."""
    if value is None or isinstance(value, Value):
        return value
    if isinstance(value, (tuple, list)):
        return type(value)(as_ir_value(v, keep_static=keep_static) for v in value)
    typed = isinstance(getattr(type(value), "dtype", None), str) and hasattr(value, "value")
    if keep_static and (isinstance(value, (bool, int, float)) or typed):
        return value.value if typed else value
    if isinstance(value, (bool, int, float)) or typed:
        return as_value(value)
    if hasattr(value, "ir_value"):
        return value.ir_value()
    return value


def as_dsl_value(value, exemplar=None):
    """A kernel value as a DSL value of `exemplar`'s type (FlyDSL's inverse of as_ir_value):
    None stays None; tuples and lists convert element by element, paired with a sequence
    exemplar or each with the one exemplar; with an exemplar that is a class (fx.Int32) or a
    number of one, the value becomes that class; otherwise it is returned as it is (kernel
    values here carry their type)."""
    if value is None:
        return None
    if isinstance(value, (tuple, list)):
        pairs = exemplar if isinstance(exemplar, (tuple, list)) else [exemplar] * len(value)
        return type(value)(as_dsl_value(v, e) for v, e in zip(value, pairs))
    if exemplar is None or not isinstance(value, Value):
        return value
    if isinstance(exemplar, type):
        return exemplar(value)
    if isinstance(exemplar, numeric.Numeric):
        return type(exemplar)(value)
    return value


def full(shape, fill_value, dtype):
    """A vector of prod(shape) lanes, each `fill_value` as `dtype` (FlyDSL's typing.full)."""
    return Vector.filled(shape, fill_value, dtype)


def full_like(a, fill_value, dtype=None):
    """A vector shaped as `a`, each lane `fill_value` as `dtype` (default: a's)."""
    return Vector.filled_like(a, fill_value, dtype)


def zeros_like(a, dtype=None):
    return Vector.filled_like(a, 0, dtype)


def ones_like(a, dtype=None):
    return Vector.filled_like(a, 1, dtype)


def empty_like(a, dtype=None):
    """A vector shaped as `a` whose lanes are to be written; they start as zeros."""
    return Vector.filled_like(a, 0, dtype)


class ReductionOp(enum.Enum):
    """The folds cooperative reductions and scans take (fx.coop)."""

    ADD = "add"
    MUL = "mul"
    MAX = "max"
    MIN = "min"


class Types:
    """FlyDSL's type accessors, whose instance is `T`: `fx.T.f32` is the f32 type object
    (`.width` 32), `fx.T.i32x4` a vector of 4 i32, `fx.T.vec(n, t)` one of n lanes of t."""

    i1 = bool = type_of("i1")
    i8, i16, i32, i64, index = (type_of(t) for t in ("i8", "i16", "i32", "i64", "index"))
    ui8, ui16, ui32, ui64 = (type_of(t) for t in ("u8", "u16", "u32", "u64"))
    f16, bf16, f32, f64 = (type_of(t) for t in ("f16", "bf16", "f32", "f64"))
    f8E4M3FN, f8E5M2 = type_of("f8e4m3"), type_of("f8e5m2")
    f8E4M3FNUZ, f8E5M2FNUZ = type_of("f8e4m3fnuz"), type_of("f8e5m2fnuz")
    i32x2, i32x4, f32x2, f32x4 = (type_of(t, n) for t, n in (("i32", 2), ("i32", 4),
                                                             ("f32", 2), ("f32", 4)))  # fmt: skip
    f16x2, f16x4, f16x8, bf16x2, bf16x4, bf16x8 = (
        type_of(t, n) for t in ("f16", "bf16") for n in (2, 4, 8)
    )
    i8x2, i8x4, i8x8, i8x16 = (type_of("i8", n) for n in (2, 4, 8, 16))
    i16x2, i16x4, i16x8 = (type_of("i16", n) for n in (2, 4, 8))
    i64x2 = type_of("i64", 2)

    @staticmethod
    def vec(lanes, element):
        """A vector type of `lanes` lanes of `element` (a type object or a dtype name)."""
        return type_of(getattr(element, "dtype", element), int(lanes))


T = Types()


class Tuple3D:
    """Three values `x`, `y`, `z`, each made when read by `factory("x")` ... and converted to
    `dtype` (FlyDSL's form of fx.thread_idx, fx.block_idx, ...); `a, b, c = t` unpacks them."""

    def __init__(self, factory, dtype=numeric.Int32):
        self.factory, self.dtype = factory, dtype

    def __getattr__(self, name):
        if name in ("x", "y", "z"):
            return self.dtype(self.factory(name))
        raise AttributeError(name)

    def __iter__(self):
        return iter((self.x, self.y, self.z))


class _ValueKind(type):
    """The metaclass of FlyDSL's value classes here: `isinstance(x, fx.IntTuple)` asks what x
    is (`_holds`), as the values themselves are this package's host and kernel classes."""

    def __instancecheck__(cls, x):
        return cls._holds(x)


class IntTuple(metaclass=_ValueKind):
    """FlyDSL's IntTuple as a type: static tuples and integers that layout queries give (host
    values) and kernel tuples are its instances; `fx.IntTuple(x)` is `fx.make_int_tuple(x)`."""

    def __new__(cls, value):
        if cls._holds(value):
            return value
        return int_tuple(value) if is_dynamic(value) else static_value(value)

    @staticmethod
    def _holds(x):
        return isinstance(x, (_lib.IntTuple, _lib.StaticInt, IntTupleValue))


class Tile(metaclass=_ValueKind):
    """FlyDSL's Tile as a type: what `fx.make_tile` gives (a static tuple whose modes are
    integers, tuples or layouts); `fx.Tile(x)` is `fx.make_tile(x)`."""

    def __new__(cls, value):
        return value if cls._holds(value) else static_value(tuple(value))

    @staticmethod
    def _holds(x):
        def mode(m):
            if isinstance(m, tuple):
                return all(mode(e) for e in m)
            return isinstance(m, (int, Layout)) and not isinstance(m, bool)

        return isinstance(x, _lib.IntTuple) and mode(tuple(x))


class ComposedLayout(metaclass=_ValueKind):
    """FlyDSL's ComposedLayout as a type: `inner o offset o outer` made by
    `fx.make_composed_layout`, a swizzled layout (CuTe's ComposedLayout) among them."""

    def __new__(cls, *args):
        raise TypeError(
            "fx.ComposedLayout is made by fx.make_composed_layout(inner, offset, outer)"
        )

    @staticmethod
    def _holds(x):
        return isinstance(x, ComposedFunction) or (
            isinstance(x, (Layout, LayoutValue)) and bool(getattr(x, "is_composed", False))
        )


Basis = ScaledBasis


def E(*modes):
    """A unit basis element: `E(0)` is 1E0, `E(0, 1)` and `E([0, 1])` 1E0E1; `E()` is 1."""
    if len(modes) == 1 and isinstance(modes[0], (list, tuple)):
        modes = tuple(modes[0])
    if not modes:
        return 1
    return ScaledBasis(1, modes)


def is_generic_address_space(address_space, expected):
    """Whether `address_space` (a pointer's; an fx.AddressSpace or FlyDSL's number of one) is
    the Fly address space `expected` (an fx.AddressSpace)."""
    if not isinstance(expected, AddressSpace):
        raise TypeError(f"expected must be an AddressSpace enum, got {type(expected).__name__}")
    if isinstance(address_space, int) and not isinstance(address_space, AddressSpace):
        address_space = AddressSpace(address_space)  # ValueError names an unknown number
    return address_space == expected


def is_target_address_space(address_space, expected):
    """Whether `address_space` is the target-specific address space `expected` (an
    fx.TargetAddressSpace, such as AMD's buffer resources)."""
    if isinstance(expected, AddressSpace):
        raise TypeError(
            "expected must be a target-specific address space; use is_generic_address_space"
        )
    return isinstance(address_space, TargetAddressSpace) and address_space == expected


__all__ = [
    "is_generic_address_space",
    "is_target_address_space",
    "Basis",
    "E",
    *_VECTOR_ALIASES,
    "VectorAlias",
    "full",
    "full_like",
    "zeros_like",
    "ones_like",
    "empty_like",
    "as_ir_value",
    "as_dsl_value",
    "T",
    "Types",
    "Tuple3D",
    "ReductionOp",
    "Tensor",
    "Stream",
    "IntTuple",
    "Tile",
    "ComposedLayout",
    "Constexpr",
    "Vector",
    "Value",
    "TensorValue",
    "IntTupleValue",
    "LayoutValue",
    "Layout",
    "Swizzle",
    "Pointer",
    "Array",
    "CopyAtom",
    "TiledCopy",
    "MmaAtom",
    "TiledMma",
]
