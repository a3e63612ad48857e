"""Loads libflydsl.so and turns C status codes into Python exceptions."""

import ctypes
import operator
import os
from pathlib import Path

from ._fly_types import IntTupleType
from .errors import error_for_status

_TOKEN_OPEN = -(2**63)
_TOKEN_CLOSE = _TOKEN_OPEN + 1
_TOKEN_UNDERSCORE = _TOKEN_OPEN + 2
_TOKEN_BASIS = _TOKEN_OPEN + 3


def _candidates():
    env = os.environ.get("FLYDSL_LIB")
    if env:
        yield Path(env)
    here = Path(__file__).resolve().parent
    yield from sorted(here.glob("libflydsl.so*"))
    # A source checkout: bindings/python/flydsl -> build/
    yield here.parents[2] / "build" / "libflydsl.so"


def _load():
    tried = []
    for path in _candidates():
        tried.append(str(path))
        if path.is_file():
            return ctypes.CDLL(str(path))
    raise ImportError(
        "libflydsl.so not found; set FLYDSL_LIB or build it (tried: " + ", ".join(tried) + ")"
    )


lib = _load()

c_int64_p = ctypes.POINTER(ctypes.c_int64)
LayoutHandle = ctypes.c_void_p

lib.fly_last_error_message.restype = ctypes.c_char_p
lib.fly_status_name.restype = ctypes.c_char_p
lib.fly_version.restype = ctypes.c_char_p
lib.fly_debug_cpu_fiber_kernels.restype = ctypes.c_int64
lib.fly_string_free.argtypes = [ctypes.c_void_p]
lib.fly_tuple_free.argtypes = [ctypes.c_void_p]
lib.fly_layout_destroy.argtypes = [ctypes.c_void_p]


def check(status):
    """Raises the exception for a failed call; returns None on FLY_OK."""
    if status != 0:
        message = lib.fly_last_error_message().decode("utf-8", "replace")
        name = lib.fly_status_name(status).decode()
        raise error_for_status(status, name, message)


# Leaves below this are the token values (FLY_TOKEN_*) and reserved.
_LOWEST_LEAF = _TOKEN_OPEN + 16


def c_text(text, what="text"):
    """`text` as the NUL-terminated bytes C reads; a NUL inside would end it early."""
    if "\0" in text:
        raise ValueError(f"{what} contains a NUL character: C would read only what comes before")
    return text.encode()


def c_int(value, what):
    """`value` as a C int: an integer in its range (ctypes would wrap a larger one)."""
    n = operator.index(value)
    if not -(2**31) <= n < 2**31:
        raise OverflowError(f"{what} is {n}, outside a C int's range")
    return n


def encode(value):
    """Encodes a nested tuple of ints (None or `_` for underscore) as C tokens."""
    out = []

    def walk(v):
        if isinstance(v, (tuple, list)):
            out.append(_TOKEN_OPEN)
            for e in v:
                walk(e)
            out.append(_TOKEN_CLOSE)
        elif v is None or getattr(v, "_is_underscore", False):
            out.append(_TOKEN_UNDERSCORE)
        elif isinstance(v, ScaledBasis):
            out.extend([_TOKEN_BASIS, int(v.value.__index__()), len(v.modes), *v.modes])
        elif isinstance(v, bool):
            raise TypeError("expected an int, got bool")
        else:
            try:
                n = int(v.__index__())
            except AttributeError:
                raise TypeError(f"expected an int or a tuple, got {type(v).__name__}") from None
            if n > 2**63 - 1:
                raise OverflowError(f"{n} does not fit in 64 bits")
            if n < _LOWEST_LEAF:  # the token values: they would read as tuple structure
                raise OverflowError(f"{n} is below {_LOWEST_LEAF}, the smallest integer offered")
            out.append(n)

    walk(value)
    return (ctypes.c_int64 * len(out))(*out), len(out)


def decode(ptr, count):
    """Decodes a library-owned token array into a nested tuple and frees it."""
    try:
        tokens = ptr[:count]
    finally:
        lib.fly_tuple_free(ptr)
    pos = 0

    def element():
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        if tok == _TOKEN_OPEN:
            items = []
            while tokens[pos] != _TOKEN_CLOSE:
                items.append(element())
            pos += 1
            return IntTuple(items)
        if tok == _TOKEN_UNDERSCORE:
            return None
        if tok == _TOKEN_BASIS:
            value, n = tokens[pos], tokens[pos + 1]
            modes = tokens[pos + 2 : pos + 2 + n]
            pos += 2 + n
            return ScaledBasis(value, list(modes))
        return tok

    return element()


class IntTuple(tuple):
    """A host IntTuple: a tuple (equal to, and usable as, the plain one) whose `unpack()`
    gives the plain nested tuple, as kernel tuples' `unpack()` does."""

    __slots__ = ()

    def unpack(self):
        return tuple(e.unpack() if isinstance(e, IntTuple) else e for e in self)

    def __getitem__(self, mode):
        """Mode `mode`, or the mode at a path of indices (`t[[1, 0]]`), as a static IntTuple
        of its own (FlyDSL's); a slice is a plain tuple's."""
        if isinstance(mode, slice):
            return tuple.__getitem__(self, mode)
        path = list(mode) if isinstance(mode, (list, tuple)) else [mode]
        v = self
        for i in path:
            if not isinstance(v, tuple):
                raise IndexError(f"{self} has no mode at {list(path)}: {v} is a leaf")
            v = tuple.__getitem__(v, i)
        if isinstance(v, tuple):
            return v if isinstance(v, IntTuple) else IntTuple(v)
        return StaticInt(v) if isinstance(v, int) and not isinstance(v, bool) else v

    to_py_value = unpack

    @property
    def rank(self):
        """The number of top-level modes (FlyDSL's IntTuple.rank)."""
        return len(self)

    @property
    def depth(self):
        """The nesting depth: 1 for a flat tuple."""

        def depth(x):
            return 1 + max((depth(e) for e in x), default=0) if isinstance(x, tuple) else 0

        return depth(self)

    is_leaf = False  # a tuple; its leaves are StaticInts
    is_static = True  # host tuples hold static leaves only

    @property
    def get_static_leaf_int(self):
        raise ValueError(f"{self} is not a static leaf")

    @property
    def type(self):
        """The tuple's Fly type (`!fly.int_tuple<(4,8)>`)."""
        return IntTupleType(self)


class StaticInt(int):
    """A static integer that a layout query gave, with the methods of FlyDSL's static IntTuple
    of one leaf (`fx.size(layout).to_py_value()`, `layout.shape.unpack()`)."""

    is_static = True
    is_leaf = True
    rank = 1
    depth = 0

    def to_py_value(self):
        return int(self)

    unpack = to_py_value

    @property
    def get_static_leaf_int(self):
        return int(self)

    @property
    def type(self):
        return IntTupleType(int(self))


class CallableInt(StaticInt):
    """A layout's rank or depth: FlyDSL reads `layout.rank` as a value, CuTe's Python spelling
    calls `layout.rank()`; this int answers both."""

    def __call__(self):
        return int(self)


class ScaledBasis:
    """CuTe's scaled basis element value@m0@m1..., the stride of an identity layout; FlyDSL's
    `fx.Basis(value, modes)`, printed as FlyDSL prints it (`2E0`, `1E0E1`)."""

    __slots__ = ("value", "modes")

    def __init__(self, value, modes):
        if isinstance(value, ScaledBasis):
            value = value.value
        modes = [modes] if isinstance(modes, int) else list(modes)
        if not modes:
            raise ValueError("a basis element needs at least one mode")
        if any(isinstance(m, bool) or not isinstance(m, int) or m < 0 for m in modes):
            raise ValueError(f"basis modes are non-negative ints, got {modes!r}")
        self.value = value
        self.modes = modes

    def __mul__(self, other):
        if isinstance(other, bool) or not hasattr(other, "__index__"):
            raise TypeError(f"a basis element scales by an integer, not {type(other).__name__}")
        return ScaledBasis(self.value * other.__index__(), self.modes)

    __rmul__ = __mul__

    def __eq__(self, other):
        return (
            isinstance(other, ScaledBasis)
            and self.value == other.value
            and self.modes == other.modes
        )

    def __hash__(self):
        return hash((self.value, tuple(self.modes)))

    def __repr__(self):
        return str(self.value) + "".join(f"E{m}" for m in self.modes)

    @property
    def type(self):
        """The Fly type of the one-leaf tuple it makes (`!fly.int_tuple<2E0>`)."""
        return IntTupleType(self)

    def cute_text(self):
        """The element as CuTe text (`2@0`), as the C library reads it."""
        return str(self.value) + "".join(f"@{m}" for m in self.modes)


def take_string(ptr):
    """Copies a library-owned C string into Python and frees it."""
    try:
        return ctypes.cast(ptr, ctypes.c_char_p).value.decode()
    finally:
        lib.fly_string_free(ptr)
