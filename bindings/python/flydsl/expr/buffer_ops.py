"""AMD buffer loads and stores: offsets are i32 counts of the tensor's elements; a load
outside the tensor gives zeros and a store outside it is dropped (by the hardware on rocm,
by bounds checks on the cpu and cuda targets)."""

from .. import _kernel_api as K
from .._control import _check
from .._ir_types import ElementTyped
from .._kernel_layout import TensorValue
from .._trace import Value, _wrap, as_value, current
from .typing import _dtype_name


class BufferResource(ElementTyped):
    """An AMD buffer resource over a global tensor (buffer_ops.create_buffer_resource)."""

    def __init__(self, handle, dtype):
        self.handle = handle
        self.ir_dtype = dtype


def select_resource(cond, a, b):
    """`a` where cond (an i1 kernel value) holds, else `b`: one of two buffer resources of one
    dtype, as FlyDSL's kernels pick the tensor a wave reads."""
    if not (isinstance(a, BufferResource) and isinstance(b, BufferResource)):
        raise TypeError(f"select of a buffer resource takes two of them, got {a!r} and {b!r}")
    h = K.select(current(), as_value(cond).handle, a.handle, b.handle)
    if not h:
        _wrap(h)  # raises the builder's error
    return BufferResource(h, a.ir_dtype)


def create_buffer_resource(tensor):
    if not isinstance(tensor, TensorValue):
        raise TypeError("create_buffer_resource needs a tensor parameter")
    h = K.buffer_resource(current(), tensor.handle)
    if not h:
        _wrap(h)
    return BufferResource(h, tensor.ir_dtype)


def get_buffer_rsrc(ptr):
    """The buffer resource of a buffer tensor (fx.rocdl.make_buffer_tensor), given as its
    iterator (`fx.get_iter(t)`) or itself: the one its accesses use, with its byte count."""
    tensor = getattr(ptr, "tensor", ptr)
    if not isinstance(tensor, TensorValue):
        raise TypeError(f"get_buffer_rsrc needs a buffer tensor's iterator, got {ptr!r}")
    if getattr(ptr, "offset", None) is not None:
        raise ValueError("get_buffer_rsrc needs the iterator of the buffer tensor, not one past it")
    return create_buffer_resource(tensor)


def buffer_load(rsrc, offset, vec_width=1, dtype=None):
    if dtype is not None and _dtype_name(dtype) != rsrc.ir_dtype:
        raise TypeError(f"a buffer of {rsrc.ir_dtype} loads {rsrc.ir_dtype}, not {dtype}")
    off = as_value(offset).to("i32")
    return _wrap(K.buffer_load(current(), rsrc.handle, off.handle, int(vec_width)), rsrc.ir_dtype)


def buffer_store(data, rsrc, offset):
    v = as_value(data, Value(None, rsrc.ir_dtype))
    off = as_value(offset).to("i32")
    K.buffer_store(current(), rsrc.handle, v.handle, off.handle)
    _check()
