"""The kernel-side names of flydsl.expr: parameter types, GPU indices, math, collectives."""

import typing

from . import _kernel_api as K
from ._trace import TensorValue, Value, _wrap, as_value, current, shared_tensor, unary


class Tensor:
    """A tensor parameter: any DLPack tensor (numpy, torch, ...) at launch."""


class _Scalar:
    dtype = None

    def __init__(self, value=None):
        self.value = value


class Int32(_Scalar):
    dtype = "i32"


class Int64(_Scalar):
    dtype = "i64"


class Float32(_Scalar):
    dtype = "f32"


class Float64(_Scalar):
    dtype = "f64"


class Stream:
    """A stream handle; None is the default stream (the cpu target runs synchronously)."""

    def __init__(self, stream=None):
        self.stream = stream


class _ConstexprMeta(type):
    def __getitem__(cls, item):
        return typing.Annotated[cls, item]


class Constexpr(metaclass=_ConstexprMeta):
    """A compile-time parameter: its value is baked into the kernel; each value compiles
    separately."""


def range_constexpr(*args):
    """A loop unrolled while tracing: the bounds are Python integers."""
    return range(*args)


def const_expr(x):
    """Marks a compile-time condition (a Python value)."""
    if isinstance(x, Value):
        raise TypeError("const_expr needs a Python value, got a kernel value")
    return x


class _Dim3:
    def __init__(self, which):
        self._which = which

    def _get(self, dim):
        return _wrap(K.gpu_index(current(), self._which, dim), "i32")

    @property
    def x(self):
        return self._get(0)

    @property
    def y(self):
        return self._get(1)

    @property
    def z(self):
        return self._get(2)


thread_idx = _Dim3(0)
block_idx = _Dim3(1)
block_dim = _Dim3(2)
grid_dim = _Dim3(3)


def lane_id():
    return _wrap(K.lane_id(current()), "i32")


def barrier():
    K.barrier(current())


_SHUFFLE = {"xor": 0, "up": 1, "down": 2, "idx": 3}


def _shuffle(mode, value, offset, width):
    v = as_value(value)
    off, w = as_value(offset).to("i32"), as_value(width).to("i32")
    return _wrap(K.shuffle(current(), _SHUFFLE[mode], v.handle, off.handle, w.handle), v.dtype)


def shuffle_xor(value, offset, width):
    return _shuffle("xor", value, offset, width)


def shuffle_up(value, offset, width):
    return _shuffle("up", value, offset, width)


def shuffle_down(value, offset, width):
    return _shuffle("down", value, offset, width)


def shuffle_idx(value, lane, width):
    return _shuffle("idx", value, lane, width)


class gpu:
    """`fx.gpu.thread_idx.x` and friends, as the FlyDSL guide spells them."""

    thread_idx = thread_idx
    block_idx = block_idx
    block_dim = block_dim
    grid_dim = grid_dim
    lane_id = staticmethod(lane_id)
    barrier = staticmethod(barrier)
    shuffle_xor = staticmethod(shuffle_xor)
    shuffle_up = staticmethod(shuffle_up)
    shuffle_down = staticmethod(shuffle_down)
    shuffle_idx = staticmethod(shuffle_idx)


def select_value(cond, a, b):
    """`cond ? a : b` inside a kernel (fx.select does the same for non-layout arguments)."""
    a, b = as_value(a, b if isinstance(b, Value) else None), as_value(
        b, a if isinstance(a, Value) else None
    )
    if a.dtype != b.dtype:
        b = b.to(a.dtype)
    return _wrap(K.select(current(), as_value(cond).handle, a.handle, b.handle), a.dtype)


def exp(x):
    return unary("exp", x)


def exp2(x):
    return unary("exp2", x)


def log(x):
    return unary("log", x)


def log2(x):
    return unary("log2", x)


def sqrt(x):
    return unary("sqrt", x)


def rsqrt(x):
    return unary("rsqrt", x)


def tanh(x):
    return unary("tanh", x)


def erf(x):
    return unary("erf", x)


def maximum(a, b):
    from ._trace import _binary

    return _binary("max", a, b)


def minimum(a, b):
    from ._trace import _binary

    return _binary("min", a, b)


def SharedTensor(dtype, count, align=16):
    """A rank-1 tensor of `count` elements in the block's shared memory."""
    return shared_tensor(dtype, count, align)


def DynamicSharedTensor(dtype, count):
    """A rank-1 tensor of `count` (a value or number) elements in the launch's dynamic shared
    memory (`launch(smem=bytes)`), 16-byte aligned after the static shared memory."""
    from . import _kernel_api as K
    from ._trace import TensorValue, _wrap, as_value, current

    n = as_value(count)
    h = K.dynamic_shared_tensor(current(), K.DTYPES[dtype], n.handle)
    if not h:
        _wrap(h)
    return TensorValue(h, dtype, 1)


__all__ = [
    "Tensor", "TensorValue", "Value", "Int32", "Int64", "Float32", "Float64", "Stream",
    "Constexpr", "range_constexpr", "const_expr", "thread_idx", "block_idx", "block_dim",
    "grid_dim", "lane_id", "barrier", "shuffle_xor", "shuffle_up", "shuffle_down",
    "shuffle_idx", "gpu", "select_value", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh",
    "erf", "maximum", "minimum", "SharedTensor", "DynamicSharedTensor",
]  # fmt: skip
