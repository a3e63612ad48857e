"""Kernel values while a @flyc.kernel function is traced: Python operators build ops through
the C API. Every op goes to the kernel being traced (one per thread at a time)."""

import contextlib
import ctypes
import enum
import functools
import math
import threading

from . import _kernel_api as K
from ._ir_types import ElementTyped, bit_width, dtype_name, type_of

_state = threading.local()


def current():
    k = getattr(_state, "kernel", None)
    if k is None:
        host = getattr(_state, "host", None)
        if host is None:
            raise RuntimeError(
                "kernel operations are only available while a @flyc.kernel or @flyc.jit "
                "function runs"
            )
        return host.open()
    return k


@contextlib.contextmanager
def host_function(host):
    """Kernel operations outside a kernel in this block go to `host` (its open() gives the
    kernel they build into, made at the first one): a @flyc.jit body's host function.
    `tracing()` stays false, so host values keep folding in Python. None keeps the enclosing
    block's."""
    if host is None:
        yield None
        return
    outer = getattr(_state, "host", None)
    _state.host = host
    try:
        yield host
    finally:
        _state.host = outer


def _kernel_handle():
    """The handle object (a ctypes pointer) of the kernel values are built into now; None where
    there is none. Values keep it and compare by identity: an address could be a freed
    kernel's reused, a kept handle object cannot."""
    k = getattr(_state, "kernel", None)
    if k is None:
        host = getattr(_state, "host", None)
        k = host.kernel if host is not None else None
    return k


def host_tracing():
    """Whether kernel operations outside a kernel have a host function to go to."""
    return getattr(_state, "host", None) is not None


def tracing():
    """Whether a kernel is being traced on this thread."""
    return getattr(_state, "kernel", None) is not None


def traced_arch():
    """The arch the kernel being traced compiles for (None when not tracing or not known)."""
    return getattr(_state, "arch", None)


def traced_target():
    """The target ("rocm", "cuda", "cpu") the kernel being traced compiles for (None when not
    tracing or not known)."""
    return getattr(_state, "target", None)


def traced_block_size():
    """The block the kernel being traced is compiled for, as (x, y, z), or None (compiled
    without a launch)."""
    return getattr(_state, "block", None)


class _Tracing:
    """Traces into kernel `handle`, compiled later for `target` and `arch` (what
    current_target and num_warp_threads see) and, where known, for blocks of `block` threads
    (what known_block_size sees)."""

    def __init__(self, handle, arch=None, block=None, target=None):
        self.handle, self.arch, self.block, self.target = handle, arch, block, target

    def __enter__(self):
        if getattr(_state, "kernel", None) is not None:
            raise RuntimeError("a kernel is already being traced on this thread")
        _state.kernel, _state.arch, _state.block = self.handle, self.arch, self.block
        _state.target = self.target
        _state.fastmath = 0
        _state.locals = {}
        return self

    def __exit__(self, *exc):
        _state.kernel = _state.arch = _state.block = _state.target = None
        _state.fastmath = 0
        _state.locals = {}


def trace_locals():
    """What a layer keeps for the kernel being traced, by name (AMD's m0 register as inline
    assembly set it); empty at each kernel's start."""
    if getattr(_state, "kernel", None) is None:
        raise RuntimeError("trace_locals() is for code inside a kernel")
    return _state.locals


# MLIR's fast-math flag names and bits (fly_fastmath_flags).
FASTMATH_BITS = dict(none=0, reassoc=1, nnan=2, ninf=4, nsz=8, arcp=16, contract=32, afn=64,
                     fast=127)  # fmt: skip


def fastmath_bits(spec):
    """The flag bits of a fast-math spec: None or "none" (0), a flag name or "a,b" names, an
    int, an enum flag (its .value), or an iterable of those (or-ed)."""
    if spec is None:
        return 0
    if isinstance(spec, str):
        bits = 0
        for name in filter(None, (n.strip() for n in spec.split(","))):
            if name not in FASTMATH_BITS:
                raise ValueError(
                    f"unknown fast-math flag {name!r} (one of {', '.join(FASTMATH_BITS)})"
                )
            bits |= FASTMATH_BITS[name]
        return bits
    value = getattr(spec, "value", spec)
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= FASTMATH_BITS["fast"]:
            raise ValueError(f"fast-math flags {value} are outside 0..127")
        return value
    if hasattr(spec, "__iter__"):
        bits = 0
        for item in spec:
            bits |= fastmath_bits(item)
        return bits
    raise TypeError(f"{spec!r} is not a fast-math flag")


def current_fastmath():
    """The fast-math bits float ops traced now carry (0 outside a kernel or a fastmath block)."""
    return getattr(_state, "fastmath", 0)


def _set_fastmath(bits):
    _state.fastmath = bits
    if tracing():
        K.kernel_set_fastmath(current(), bits)
    elif getattr(getattr(_state, "host", None), "opened", False):
        K.kernel_set_fastmath(_state.host.open(), bits)


@contextlib.contextmanager
def fastmath_scope(spec):
    """Float ops traced in the block carry the flags of `spec` (see fastmath_bits); the flags
    before it return after."""
    bits, previous = fastmath_bits(spec), current_fastmath()
    _set_fastmath(bits)
    try:
        yield
    finally:
        _set_fastmath(previous)


def with_fastmath(spec, build):
    """build() with an op's explicit `fastmath=` in force, or the ambient flags for None."""
    if spec is None:
        return build()
    with fastmath_scope(spec):
        return build()


def _wrap(handle, dtype=None):
    k = current()
    if not handle:
        message = K.kernel_error(k)
        raise _BuilderError(message.decode() if message else "kernel builder failed")
    if dtype is None:
        dtype = K.DTYPE_NAMES[K.value_dtype(k, handle)]
    return Value(handle, dtype)


def with_rawness(out, raw):
    """`out` (a value, or a tuple or list of them) typed, or raw with `raw` (see Value.raw)."""
    if isinstance(out, Value):
        return out.typed(raw)
    if isinstance(out, (tuple, list)):
        return type(out)(with_rawness(v, raw) for v in out)
    return out


def keeps_rawness(fn):
    """FlyDSL's function over an MLIR builder: its result is raw where every kernel value it
    is given is raw (flydsl._mlir's), typed otherwise."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        given = [a for a in args if isinstance(a, Value)]
        given += [a for a in kwargs.values() if isinstance(a, Value)]
        if not given:
            return out
        return with_rawness(out, all(a.raw for a in given))

    wrapper.builder = fn
    return wrapper


def raw_builder(fn):
    """MLIR's builder: what it makes is raw (see Value.raw)."""

    @functools.wraps(fn)
    def builder(*args, **kwargs):
        return with_rawness(fn(*args, **kwargs), True)

    return builder


class _BuilderError(Exception):
    """Raised while tracing: the builder's (sticky) first error."""


# Integers widen; at one width the unsigned type wins (as C's usual conversions).
_INT_RANK = {"i1": 0, "i4": 0.5, "i8": 1, "u8": 1.5, "i16": 2, "u16": 2.5, "i32": 3, "u32": 3.5,
             "i64": 4, "u64": 4.5, "index": 5, "i128": 6, "u128": 6.5}  # fmt: skip
# Types of host values that no kernel value has (FlyDSL's Int128, Uint128). Int4 values exist in
# kernels, in registers only (no tensor or parameter has them).
HOST_ONLY_DTYPES = frozenset(("i128", "u128"))
_FLOAT_RANK = {"f8e4m3": 0, "f8e5m2": 0, "f8e4m3fnuz": 0, "f8e5m2fnuz": 0, "f16": 1, "bf16": 1,
               "f32": 2, "f64": 3}  # fmt: skip


def _is_float(dtype):
    return dtype in _FLOAT_RANK


def is_unsigned(dtype):
    return dtype in K.UNSIGNED


def _twos_complement(value, dtype):
    """An unsigned constant as the signed integer of its width with the same bits."""
    bits = int(dtype[1:])
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def _splat(v, lanes):
    """A vector of `lanes` copies of scalar `v`."""
    return _wrap(K.vector_splat(current(), v.handle, lanes), v.ir_dtype)


def constant(value, dtype):
    if dtype in HOST_ONLY_DTYPES:
        raise NotImplementedError(
            f"{dtype} values are host values only: kernel integers here are at most 64 bits wide"
        )
    k = current()
    if _is_float(dtype):
        return _wrap(K.const_float(k, K.DTYPES[dtype], float(value)), dtype)
    if isinstance(value, float):
        raise TypeError(f"the float {value} where an integer ({dtype}) is needed")
    value = int(value)
    if is_unsigned(dtype):
        value = _twos_complement(value, dtype)
    return _wrap(K.const_int(k, K.DTYPES[dtype], value), dtype)


def as_value(x, like=None):
    """A Value from a Value or a Python number (typed like `like`, else i32 / f32)."""
    if isinstance(x, Value):
        return x
    scalar = getattr(x, "__fly_scalar__", None)  # a one-leaf int tuple stands for its leaf
    if scalar is not None:
        return as_value(scalar(), like)
    typed = _typed_constant_dtype(x)
    if typed is not None:  # fx.Int64(0) and friends: a typed constant
        return constant(x.value, typed)
    if isinstance(x, bool):
        return constant(int(x), "i1")
    if isinstance(x, (int, float)):
        dtype = like.ir_dtype if like is not None else ("f32" if isinstance(x, float) else "i32")
        if isinstance(x, float) and not _is_float(dtype):
            dtype = "f32"
        c = constant(x, dtype)
        if like is not None and like.handle is not None and like.lanes > 1:
            return _splat(c, like.lanes)
        return c
    raise TypeError(f"{type(x).__name__} is not a kernel value")


def _width(dtype):
    if dtype == "index":
        return 64
    return 8 if dtype.startswith("f8") else int(dtype.lstrip("biuf"))


def _widen_float(dtype, bits):
    """The float type `dtype`, or the narrowest standard one of at least `bits` bits."""
    if _width(dtype) >= bits:
        return dtype
    return "f32" if bits <= 32 else "f64"


def _typed_constant_dtype(x):
    """The dtype of a host number of a DSL type (fx.Int64(0) and friends), else None."""
    dtype = getattr(type(x), "dtype", None)
    if isinstance(dtype, str) and isinstance(getattr(x, "value", None), (int, float)):
        return type(x).ir_dtype
    return None


def number_dtype(x):
    """The type FlyDSL gives a number in arithmetic: a host number of a DSL type keeps its own
    (fx.Int64(1) is i64), a Python bool is i1, an int i32 (i64 past its range), a float f32."""
    typed = _typed_constant_dtype(x)
    if typed is not None:
        return typed
    if isinstance(x, bool):
        return "i1"
    if isinstance(x, int):
        return "i32" if -(2**31) <= x < 2**31 else "i64"
    return "f32"


def common_dtype(a, b):
    """FlyDSL's type of an arithmetic result on operands of types a and b: a float with an
    integer is that float widened to the integer's width (bf16 with i32 is f32); two floats
    give the wider (f16 with bf16: f32); integers widen, the unsigned type winning at one
    width."""
    if a == b:
        return a
    if _is_float(a) != _is_float(b):
        f, i = (a, b) if _is_float(a) else (b, a)
        return _widen_float(f, _width(i))
    if not _is_float(a):
        return a if _INT_RANK[a] >= _INT_RANK[b] else b
    wa, wb = _width(a), _width(b)
    if wa != wb:
        return a if wa > wb else b
    if _FLOAT_RANK[a] > 0:  # f16 with bf16
        return _widen_float(a, wa + 1)
    raise TypeError(f"no common type for {a} and {b}; convert one explicitly")


def _unify(a, b):
    """Brings two operands to FlyDSL's common type (common_dtype; a Python number has
    number_dtype's); a scalar with a vector is splat to its lanes."""
    dtypes = [x.ir_dtype if isinstance(x, Value) else number_dtype(x) for x in (a, b)]
    if not isinstance(a, Value) and not isinstance(b, Value):
        raise TypeError("an operation on two Python numbers is not a kernel value")
    if "i1" not in dtypes:
        target = common_dtype(*dtypes)
    elif not isinstance(a, Value) or not isinstance(b, Value):  # a number with a predicate
        target = a.ir_dtype if isinstance(a, Value) else b.ir_dtype
    else:  # a predicate with another value takes its type
        target = dtypes[1] if dtypes[0] == "i1" else dtypes[0]
    if not isinstance(a, Value):
        a = as_value(a, Value(None, target))
    if not isinstance(b, Value):
        b = as_value(b, Value(None, target))
    if a.lanes != b.lanes and 1 in (a.lanes, b.lanes):  # a scalar with a vector: every lane
        if a.lanes == 1:
            a = _splat(a, b.lanes)
        else:
            b = _splat(b, a.lanes)
    return a.to(target), b.to(target)


_BIN = dict(add=0, sub=1, mul=2, div=3, rem=4, min=5, max=6, and_=7, or_=8, xor=9, shl=10,
            shr=11, divu=12, remu=13, shru=14, minu=15, maxu=16, pow=17, atan2=18, copysign=19,
            maxnum=20, minnum=21, floordiv=22, ceildiv=23, ceildivu=24, powu=25)  # fmt: skip
_CMP = dict(eq=0, ne=1, lt=2, le=3, gt=4, ge=5, ult=6, ule=7, ugt=8, uge=9)
_UN = dict(neg=0, not_=1, abs=2, exp=3, exp2=4, log=5, log2=6, sqrt=7, rsqrt=8, tanh=9, erf=10,
           sin=11, cos=12, floor=13, ceil=14, expm1=15, log10=16, log1p=17, cbrt=18, tan=19,
           asin=20, acos=21, atan=22, sinh=23, cosh=24, asinh=25, acosh=26, atanh=27, erfc=28,
           round=29, roundeven=30, trunc=31, ctlz=32, cttz=33, ctpop=34)  # fmt: skip


# The op an unsigned operand takes in place of the signed one.
_UNSIGNED_BIN = dict(div="divu", rem="remu", shr="shru", min="minu", max="maxu", floordiv="divu",
                     ceildiv="ceildivu", pow="powu")  # fmt: skip
_UNSIGNED_CMP = dict(lt="ult", le="ule", gt="ugt", ge="uge")


# Arithmetic takes a predicate as the i32 0 or 1, as FlyDSL does (True + True is 2); bitwise
# operators and shifts keep it a predicate.
_COUNTING = frozenset(("add", "sub", "mul", "div", "rem", "floordiv", "pow", "divu", "remu",
                       "ceildiv", "ceildivu", "powu"))  # fmt: skip


# Integer-only operators: on floats Python's operators raise TypeError, as FlyDSL's do, before
# the builder is asked.
_BITWISE = frozenset(("and_", "or_", "xor", "shl", "shr", "not_"))


def _integers_only(op, dtype):
    if op in _BITWISE and _is_float(dtype):
        raise TypeError(f"bitwise operators and shifts take integers, not {dtype}")


def _predicate_as_i32(x):
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, Value) and x.ir_dtype == "i1":
        return x.to("i32")
    return x


def _binary(op, a, b, *, as_typed=True):
    """a <op> b; with as_typed, a signed op on unsigned operands becomes its unsigned one
    (Python's operators), else the op is taken as named (MLIR's arith.divsi and friends)."""
    if op in _COUNTING:
        a, b = _predicate_as_i32(a), _predicate_as_i32(b)
    a, b = _unify(a, b)
    if as_typed:
        _integers_only(op, a.ir_dtype)
        if is_unsigned(a.ir_dtype):
            op = _UNSIGNED_BIN.get(op, op)
    return _shaped(_wrap(K.binary(current(), _BIN[op], a.handle, b.handle), a.ir_dtype), a, b)


def _nested(shape):
    return tuple(_nested(e) if isinstance(e, (tuple, list)) else int(e) for e in shape)


def _flat(shape):
    return [x for e in shape for x in (_flat(e) if isinstance(e, tuple) else [e])]


def _shaped(result, *operands):
    """`result` with the shape of the first operand of its lanes that has one (FlyDSL's
    vectors keep a nested shape, (2, 2), through lane-wise ops)."""
    for v in operands:
        if v._shape is not None and v.lanes == result.lanes:
            result._shape = v._shape
            break
    return result


def _compare(op, a, b, *, as_typed=True):
    a, b = _unify(a, b)
    if as_typed and is_unsigned(a.ir_dtype):
        op = _UNSIGNED_CMP.get(op, op)
    return _shaped(_wrap(K.compare(current(), _CMP[op], a.handle, b.handle), "i1"), a, b)


def unary(op, a):
    a = as_value(a)
    if op == "abs" and is_unsigned(a.ir_dtype):
        return a
    return _shaped(_wrap(K.unary(current(), _UN[op], a.handle), a.ir_dtype), a)


# Reduction names -> fly_binary_op.
# A fold by name (FlyDSL's ReductionOp values) -> the binary op per kind of lane: float,
# signed, unsigned. As FlyDSL's, a float max ignores NaN (maxnumf) and a float min keeps it.
_REDUCE = {"add": ("add", "add", "add"), "mul": ("mul", "mul", "mul"),
           "max": ("maxnum", "max", "maxu"), "min": ("min", "min", "minu")}  # fmt: skip
# MLIR's vector.CombiningKind names -> the binary op.
_COMBINING = {"add": "add", "mul": "mul", "minui": "minu", "minsi": "min", "minnumf": "minnum",
              "maxui": "maxu", "maxsi": "max", "maxnumf": "maxnum", "minimumf": "min",
              "maximumf": "max", "and": "and_", "or": "or_", "xor": "xor"}  # fmt: skip


def _reduce_op(op, dtype):
    """The binary op folding lanes of `dtype` with `op`: a ReductionOp, its name, or a
    vector.CombiningKind (an enum whose value is MLIR's kind name)."""
    if type(op).__name__ == "CombiningKind":
        return _COMBINING[op.value]
    name = getattr(op, "value", op) if isinstance(op, enum.Enum) else op
    if not isinstance(name, str):
        raise TypeError(f"reduce op must be a str, ReductionOp or CombiningKind, got {op!r}")
    kinds = _REDUCE.get(name.lower())
    if kinds is None:
        raise ValueError(f"unknown reduction kind {op!r}; expected one of {list(_REDUCE)}")
    return kinds[0] if _is_float(dtype) else kinds[2] if is_unsigned(dtype) else kinds[1]


class Owner:
    """The operation (or block, for a parameter or loop-carried value) that defines a kernel
    value: Value.owner. Owners compare equal where they are one operation."""

    __slots__ = ("ident", "name")

    def __init__(self, ident, name):
        self.ident, self.name = ident, name

    @property
    def operation(self):
        return self

    def __eq__(self, other):
        return isinstance(other, Owner) and other.ident == self.ident

    def __hash__(self):
        return hash(self.ident)

    def __repr__(self):
        return f"Owner({self.name or 'block'})"


class Value(ElementTyped):
    """A scalar or vector inside a kernel: an MLIR value behind a C API handle. Operators
    apply lane by lane to vectors; `v[i]` is a lane of a vector."""

    __slots__ = ("_handle", "_kernel", "ir_dtype", "_lanes", "_shape", "raw")

    def __init__(self, handle, dtype=None):
        if dtype is None:  # MLIR's cast, `ir.Value(v)`: the same kernel value
            if not isinstance(handle, Value):
                raise TypeError(f"Value(x) of a kernel value x, got {handle!r}")
            handle, dtype = handle.handle, handle.ir_dtype
        self._handle = handle
        self._kernel = _kernel_handle()
        self.ir_dtype = dtype_name(dtype)
        self._lanes = None
        self._shape = None  # a vector's nested shape where it was given one: (2, 2)
        # Made by MLIR's own builders (flydsl._mlir), as FlyDSL's raw ir.Value: no numeric
        # class claims it (isinstance(v, fx.Float32) is False) until fx.Float32(v) types it.
        self.raw = False

    @property
    def handle(self):
        """The C API's handle, checked to belong to the kernel being built: a value kept from
        another kernel, or from a @flyc.jit call's ended host function, is an error here
        rather than a handle the library could no longer read."""
        if self._handle is not None and _kernel_handle() is not self._kernel:
            raise RuntimeError(
                "this value was made in another kernel (or in the host function of a @flyc.jit "
                "call that has ended): a kernel value is used only where it was made"
            )
        return self._handle

    def typed(self, raw=False):
        """This value as a typed (FlyDSL) value, or as a raw one with `raw`."""
        if self.raw == raw:
            return self
        v = Value(self.handle, self.ir_dtype)
        v._lanes, v._shape, v.raw = self._lanes, self._shape, raw
        return v

    @property
    def lanes(self):
        """1 for a scalar."""
        if self._lanes is None:
            self._lanes = K.value_lanes(current(), self.handle)
        return self._lanes

    @property
    def owner(self):
        """What defines this value, as MLIR's `Value.owner`: an Owner equal to that of every
        value of the same operation (`.name` is the operation's, "" for a block's argument)."""
        ident, name = ctypes.c_uint64(), ctypes.c_void_p()
        K.check(K.value_owner(current(), self.handle, ctypes.byref(ident), ctypes.byref(name)))
        return Owner(ident.value, K.take_string(name))

    @property
    def shape(self):
        """A vector's shape: (lanes,), or the nested shape it was given (`fx.Vector(v, (2, 2))`)
        and its lane-wise results keep; () for a scalar."""
        if self._shape is not None:
            return self._shape
        return () if self.lanes == 1 else (self.lanes,)

    def with_shape(self, shape):
        """This vector seen with a nested shape of as many lanes ((2, 2) for 4 lanes)."""
        shape = (int(shape),) if not isinstance(shape, (tuple, list)) else _nested(shape)
        if math.prod(_flat(shape)) != self.lanes:
            raise ValueError(f"shape {shape} has {math.prod(_flat(shape))} elements, the vector "
                             f"{self.lanes} lanes")  # fmt: skip
        v = Value(self.handle, self.ir_dtype)
        v._lanes, v._shape = self._lanes, shape
        return v

    def broadcast_to(self, shape):
        """This vector (or scalar) repeated to `shape` as numpy broadcasts: its flat shape,
        padded with leading 1s, must match each extent of the target's or be 1 there."""
        shape = (int(shape),) if not isinstance(shape, (tuple, list)) else _nested(shape)
        target = _flat(shape)
        lanes = math.prod(target)
        if self.lanes == 1:
            v = self if lanes == 1 else _splat(self, lanes)
            return v.with_shape(shape) if lanes > 1 else v
        source = _flat(self.shape)
        if len(source) > len(target):
            raise ValueError(f"cannot broadcast shape {self.shape} to {shape}")
        source = [1] * (len(target) - len(source)) + source
        if any(s not in (1, t) for s, t in zip(source, target)):
            raise ValueError(f"cannot broadcast shape {self.shape} to {shape}")
        if source == target:
            return self.with_shape(shape)
        picks = []
        for i in range(lanes):  # row-major: the source lane of each target lane
            src, stride, rest = 0, 1, i
            for s, t in zip(reversed(source), reversed(target)):
                src += (rest % t if s > 1 else 0) * stride
                rest //= t
                stride *= s
            picks.append(src)
        gathered = [self[j] for j in picks]
        handles = (ctypes.c_void_p * lanes)(*[g.handle for g in gathered])
        v = _wrap(K.vector_from_elements(current(), handles, lanes), self.ir_dtype)
        return v.with_shape(shape)

    @property
    def numel(self):
        """The number of lanes (1 for a scalar)."""
        return self.lanes

    def __repr__(self):
        if self.lanes == 1:
            return f"Value({self.ir_dtype})"
        name = getattr(self.dtype, "__name__", self.ir_dtype)  # FlyDSL's: type, shape, class
        return f"Vector({self.type} o ({self.lanes},), {name})"

    def _constant(self):
        out = ctypes.c_int64()
        found = K.scalar_constant(current(), self.handle, ctypes.byref(out))
        if found < 0:
            raise _BuilderError(K.kernel_error(current()).decode())
        return out.value if found else None

    @property
    def is_static(self):
        """Whether the value is an integer known while the kernel is built (a static leaf,
        arithmetic on constants): FlyDSL's static int tuples come out so."""
        return self._constant() is not None

    @property
    def get_static_leaf_int(self):
        """to_py_value's int: FlyDSL's name for a static one-leaf tuple's value."""
        return self.to_py_value()

    def to_py_value(self):
        """The Python int of a static integer (as FlyDSL's to_py_value of a static leaf); a
        ValueError for a value only known when the kernel runs."""
        c = self._constant()
        if c is None:
            raise ValueError(f"{self!r} is only known when the kernel runs: no Python value")
        return c

    def __getitem__(self, index):
        """Lane `index`; a Python int counts from the end when negative, as a list's."""
        if isinstance(index, int) and not isinstance(index, bool):
            lanes = self.lanes
            if not -lanes <= index < lanes:
                raise IndexError(f"lane {index} of a vector of {lanes} lanes")
            if lanes == 1:  # a one-lane vector is its lane 0
                return self
            index %= lanes
        return _wrap(
            K.vector_extract(current(), self.handle, as_value(index).handle), self.ir_dtype
        )

    def __len__(self):
        return self.lanes

    def __iter__(self):
        return (self[i] for i in range(self.lanes))

    def shuffle(self, other, mask):
        """A vector of len(mask) lanes: lane i is lane mask[i] of this vector followed by
        `other` (MLIR's vector.shuffle); mask entries are Python ints."""
        other = as_value(other, self).to(self.ir_dtype)
        total = self.lanes + other.lanes
        for m in mask:
            if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m < total:
                raise IndexError(f"shuffle mask entry {m!r} is not a lane of 0..{total - 1}")
        entries = (ctypes.c_int64 * len(mask))(*mask)
        h = K.vector_shuffle(current(), self.handle, other.handle, entries, len(mask))
        return _wrap(h, self.ir_dtype)

    def insert(self, element, index):
        """A copy of the vector with lane `index` replaced."""
        e = as_value(element, Value(None, self.ir_dtype)).to(self.ir_dtype)
        h = K.vector_insert(current(), self.handle, e.handle, as_value(index).handle)
        return _wrap(h, self.ir_dtype)

    def bitcast(self, dtype):
        """The same bits as lanes of `dtype` (4 x f16 -> 2 x i32, ...)."""
        dtype = getattr(dtype, "dtype", dtype)
        return _wrap(K.vector_bitcast(current(), self.handle, K.DTYPES[dtype]), dtype)

    def select(self, a, b):
        """`a` where this (a boolean) holds, else `b`."""
        return select_value(self, a, b)

    def reduce(self, op, init_val=None, reduction_profile=None, *, fastmath=None):
        """The lanes folded with `op` (fx.ReductionOp or "add", "mul", "max", "min") in lane
        order, after `init_val` when given."""
        code = _BIN[_reduce_op(op, self.ir_dtype)]
        init = None if init_val is None else as_value(init_val, Value(None, self.ir_dtype)).handle
        return with_fastmath(
            fastmath,
            lambda: _wrap(K.vector_reduce(current(), code, self.handle, init), self.ir_dtype),
        )

    def exp2(self, *, fastmath=None):
        """2 ** self; `fastmath` overrides the ambient flags."""
        return with_fastmath(fastmath, lambda: unary("exp2", self))

    def addf(self, other, *, fastmath=None):
        """self + other on floats; `fastmath` overrides the ambient flags."""
        return with_fastmath(fastmath, lambda: _binary("add", self, other))

    def extf(self, target_type, *, fastmath=None):
        """A wider float (FlyDSL's ArithValue methods: the conversion named, to a type object,
        a numeric class or a dtype name)."""
        return with_fastmath(fastmath, lambda: self.to(_dtype_of(target_type)))

    truncf = extf

    def extsi(self, target_type):
        return self.with_signedness(True).to(_dtype_of(target_type))

    def extui(self, target_type):
        target = _dtype_of(target_type)  # zero-extended: read as unsigned, widened, signless
        return self.with_signedness(False).to("u" + target[1:]).with_signedness(True)

    def trunci(self, target_type):
        return self.to(_dtype_of(target_type))

    index_cast = trunci

    def maximumf(self, other, *, fastmath=None):
        return with_fastmath(fastmath, lambda: _binary("max", self, other))

    def minimumf(self, other, *, fastmath=None):
        return with_fastmath(fastmath, lambda: _binary("min", self, other))

    def rsqrt(self, *, fastmath=None):
        return with_fastmath(fastmath, lambda: unary("rsqrt", self))

    def with_signedness(self, signed):
        """This integer read as signed (True) or unsigned (False): the same bits, and the
        ops that follow pick their signed or unsigned forms by it. None leaves it as it is."""
        if signed is None or _is_float(self.ir_dtype) or self.ir_dtype in ("i1", "index"):
            return self
        bits = self.ir_dtype[1:]
        return _shaped(Value(self.handle, f"i{bits}" if signed else f"u{bits}"), self)

    @property
    def signed(self):
        """Whether an integer value is signed (None for a float scalar and, as FlyDSL's
        Vector gives it, False for a float vector)."""
        if _is_float(self.ir_dtype):
            return False if self.lanes > 1 else None
        return not is_unsigned(self.ir_dtype)

    @property
    def element_type(self):
        """The numeric class of the lanes (fx.Float32, ...)."""
        return self.dtype

    def shrui(self, amount):
        """Logical (unsigned) right shift."""
        return _binary("shru", self, amount)

    def shuffle_xor(self, offset, width):
        """This value in lane (lane ^ offset) of this lane's group of `width`."""
        off, w = as_value(offset).to("i32"), as_value(width).to("i32")
        return _wrap(K.shuffle(current(), 0, self.handle, off.handle, w.handle), self.ir_dtype)

    @property
    def type(self):
        """The value's type object (flydsl._mlir.ir's): a VectorType with lanes."""
        return type_of(self.ir_dtype, self.lanes)

    def store(self, tensor, index, pred=None):
        """Writes the lanes to consecutive elements of `tensor` from `index` on."""
        tensor.store(index, self, pred)

    def ir_value(self):
        """The value itself (FlyDSL wraps IR values in typed objects; here they are one)."""
        return self

    def to(self, dtype, *, rounding_mode=None):
        """Value conversion to another dtype ("f32" or a scalar type such as fx.Float32);
        `to(ir.Value)` is the value itself. `rounding_mode` (fx.RoundingMode) rounds a float
        narrowed to a float of fewer bits; a widening is exact and ignores it."""
        if dtype is Value:
            return self
        dtype = getattr(dtype, "dtype", dtype)
        if rounding_mode is not None:
            return self._rounded_to(dtype, rounding_mode)
        if dtype == self.ir_dtype:
            return self
        flags = (K.CAST_FROM_UNSIGNED if is_unsigned(self.ir_dtype) else 0) | (
            K.CAST_TO_UNSIGNED if is_unsigned(dtype) else 0
        )
        if not flags:
            out = _wrap(K.cast(current(), self.handle, K.DTYPES[dtype]), dtype)
        elif K.DTYPES[dtype] == K.DTYPES[self.ir_dtype]:  # u32 <-> i32: the same bits
            out = Value(self.handle, dtype)
        else:
            out = _wrap(K.cast_ext(current(), self.handle, K.DTYPES[dtype], flags), dtype)
        return _shaped(out, self)

    def _rounded_to(self, dtype, rounding_mode):
        if not isinstance(rounding_mode, K.RoundingMode):
            raise TypeError(
                f"rounding_mode must be an fx.RoundingMode, got {type(rounding_mode).__name__}"
            )
        if not (_is_float(self.ir_dtype) and _is_float(dtype)):
            raise TypeError(
                f"rounding_mode is only supported for float-to-float casts, got "
                f"{self.ir_dtype} -> {dtype}"
            )
        if dtype == self.ir_dtype:
            return self
        out = K.cast_rounded(current(), self.handle, K.DTYPES[dtype], int(rounding_mode))
        return _shaped(_wrap(out, dtype), self)

    def __bool__(self):
        raise TypeError(
            "a kernel value has no Python truth value here: `if` and `while` on a kernel value "
            "become a kernel branch or loop, but not in a function defined outside the kernel "
            "(the kernel's body and the helpers defined in it are rewritten) or a block that "
            "breaks, continues or returns; use fx.select_value or a predicate there"
        )

    def __index__(self):
        raise TypeError(
            "a kernel value is not a Python integer: `for i in range(value)` becomes a kernel "
            "loop only when its body has no break, continue or return; use range_constexpr "
            "with Python integers for an unrolled loop"
        )

    def __add__(self, o):
        return _binary("add", self, o)

    def __radd__(self, o):
        return _binary("add", o, self)

    def __sub__(self, o):
        return _binary("sub", self, o)

    def __rsub__(self, o):
        return _binary("sub", o, self)

    def __mul__(self, o):
        return _binary("mul", self, o)

    def __rmul__(self, o):
        return _binary("mul", o, self)

    def __truediv__(self, o):
        a, b = _unify(self, o)
        if not _is_float(a.ir_dtype):  # as FlyDSL: integers divide as f32 (f64 above 32 bits)
            wide = "f64" if bit_width(a.ir_dtype) > 32 else "f32"
            a, b = a.to(wide), b.to(wide)
        return _binary("div", a, b)

    def __rtruediv__(self, o):
        return as_value(o, self).__truediv__(self)

    def __floordiv__(self, o):
        """Rounded toward negative infinity (arith.floordivsi; unsigned: divui), as Python's."""
        a, b = _unify(self, o)
        if _is_float(a.ir_dtype):
            return unary("floor", _binary("div", a, b))
        return _binary("floordiv", a, b)

    def __rfloordiv__(self, o):
        return as_value(o, self).__floordiv__(self)

    def __mod__(self, o):
        return _binary("rem", self, o)

    def __rmod__(self, o):
        return _binary("rem", o, self)

    def __pow__(self, o):
        return _binary("pow", self, o)

    def __divmod__(self, o):
        return self // o, self % o

    def __rdivmod__(self, o):
        return as_value(o, self).__divmod__(self)

    def __and__(self, o):
        return _binary("and_", self, o)

    __rand__ = __and__

    def __or__(self, o):
        return _binary("or_", self, o)

    __ror__ = __or__

    def __xor__(self, o):
        return _binary("xor", self, o)

    __rxor__ = __xor__

    def __lshift__(self, o):
        return _binary("shl", self, o)

    def __rshift__(self, o):
        return _binary("shr", self, o)

    def __neg__(self):
        return unary("neg", self)

    def __invert__(self):
        _integers_only("not_", self.ir_dtype)
        return unary("not_", self)

    def __abs__(self):
        if self.ir_dtype == "i1":
            raise TypeError("abs() is not defined for a Boolean")
        return unary("abs", self)

    def __lt__(self, o):
        return _compare("lt", self, o)

    def __le__(self, o):
        return _compare("le", self, o)

    def __gt__(self, o):
        return _compare("gt", self, o)

    def __ge__(self, o):
        return _compare("ge", self, o)

    def __eq__(self, o):
        return _compare("eq", self, o)

    def __ne__(self, o):
        return _compare("ne", self, o)

    # Hashed by identity, as FlyDSL's values are: `==` builds a comparison, so equal-looking
    # values are never merged by a dict or set.
    __hash__ = object.__hash__

    def __extract_to_ir_values__(self):
        """The kernel values this value is made of (itself), for FlyDSL's carried-value protocol."""
        return [self]

    @classmethod
    def __construct_from_ir_values__(cls, values, exemplar=None):
        return values[0]


def _dtype_of(t):
    """A dtype name from a type object, a numeric class, a name, or a function giving a type
    (FlyDSL's `T.index`)."""
    if callable(t) and not hasattr(t, "dtype"):
        t = t()
    return getattr(t, "dtype", t)


def select_value(cond, a, b):
    """`cond ? a : b` inside a kernel (fx.select does the same for non-layout arguments)."""
    a, b = as_value(a, b if isinstance(b, Value) else None), as_value(
        b, a if isinstance(a, Value) else None
    )
    if a.ir_dtype != b.ir_dtype:  # both branches as their common type, as the operators
        common = common_dtype(a.ir_dtype, b.ir_dtype)
        a, b = a.to(common), b.to(common)
    c = as_value(cond)
    if c.ir_dtype != "i1":  # a number chooses by truthiness: != 0, lane by lane
        c = _compare("ne", c, 0)
    lanes = {v.lanes for v in (a, b, c)} - {1}
    if len(lanes) > 1:
        raise ValueError(
            f"select of {c.lanes}, {a.lanes} and {b.lanes} lanes: the condition and the "
            "branches have one lane count (or one lane)"
        )
    if lanes:  # a lane-wise choice: scalar operands stand for every lane
        (n,) = lanes
        a, b, c = (v if v.lanes > 1 else _splat(v, n) for v in (a, b, c))
    return _shaped(_wrap(K.select(current(), c.handle, a.handle, b.handle), a.ir_dtype), a, b, c)
