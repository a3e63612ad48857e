"""What a launch takes as arguments: DLPack tensors (numpy, torch, ...), tensors marked with
the static parts of their layout (`from_dlpack`), and streams."""

import ctypes

from .. import _fast_launch as _fast
from .. import _kernel_api as K
from .._host_view import HostTensorView
from .._lib import IntTuple
from ..expr.typing import Stream
from ..runtime.device import resolve_target

_pycapsule_get = ctypes.pythonapi.PyCapsule_GetPointer
_pycapsule_get.restype = ctypes.c_void_p
_pycapsule_get.argtypes = [ctypes.py_object, ctypes.c_char_p]


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", _DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", _DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


_DL_DTYPES = {(0, 8): "i8", (0, 16): "i16", (0, 32): "i32", (0, 64): "i64", (1, 8): "u8",
              (1, 16): "u16", (1, 32): "u32", (1, 64): "u64", (2, 16): "f16", (2, 32): "f32",
              (2, 64): "f64", (4, 16): "bf16", (10, 8): "f8e4m3", (11, 8): "f8e4m3fnuz",
              (12, 8): "f8e5m2", (13, 8): "f8e5m2fnuz"}  # fmt: skip


class _TensorArg:
    """A DLPack tensor borrowed for one launch; the capsule keeps the producer's memory.
    `spec` is the (shape, stride, align) its kernel is compiled for (see from_dlpack)."""

    kind = K.ARG_DLMANAGED
    is_pointer = False  # a from_c_void_p address: the kernel sees an fx.Pointer

    view = None  # a HostTensorView's layout: the kernel sees the memory through it

    def __init__(self, obj):
        if isinstance(obj, HostTensorView):
            self.view, obj = obj.layout, obj.source
        if isinstance(obj, PointerArgument):
            self.capsule = obj.dltensor  # kept alive through the launch
            self.pointer, self.kind = ctypes.addressof(obj.dltensor), K.ARG_DLTENSOR
            self.dtype, self.rank, self.is_pointer = obj.dtype, 1, True
            self.spec = _fast.bare_spec(obj.address, (1,), int(obj.dltensor.dtype.bits) // 8)
            return
        marked = obj if isinstance(obj, TensorArgument) else None
        if marked is not None:
            obj = marked.tensor
        if not hasattr(obj, "__dlpack__"):
            raise TypeError(f"{type(obj).__name__} is not a DLPack tensor (no __dlpack__)")
        if getattr(obj, "requires_grad", False):  # torch exports only tensors outside autograd
            obj = obj.detach()
        self.capsule = obj.__dlpack__()
        self.pointer = _pycapsule_get(self.capsule, b"dltensor")
        t = _DLTensor.from_address(self.pointer)
        key = (t.dtype.code, t.dtype.bits)
        if key not in _DL_DTYPES or t.dtype.lanes != 1:
            raise TypeError(f"DLPack dtype code {key[0]} bits {key[1]} has no kernel dtype")
        self.dtype = _DL_DTYPES[key]
        self.rank = t.ndim
        shape = tuple(t.shape[m] for m in range(t.ndim))
        if t.strides:
            strides = tuple(t.strides[m] for m in range(t.ndim))
        else:  # DLPack: compact row-major
            strides, compact = [], 1
            for extent in reversed(shape):
                strides.insert(0, compact)
                compact *= extent
            strides = tuple(strides)
        elem = t.dtype.bits // 8
        ptr = (t.data or 0) + t.byte_offset
        if marked is None:
            self.spec = _fast.bare_spec(ptr, strides, elem)
        else:
            self.spec = marked.spec(ptr, shape, strides, elem)


class TensorArgument:
    """A tensor argument with its layout's static parts chosen (flyc.from_dlpack): static
    shape and strides by default, baked into the compiled kernel (one compile per shape);
    `.mark_layout_dynamic(leading_dim, divisibility)` keeps them dynamic except a unit stride
    in `leading_dim`, with the other strides multiples of `divisibility` elements."""

    def __init__(self, tensor, assumed_align=None, as_passed=False):
        self.tensor = tensor
        self.assumed_align = assumed_align
        self._dynamic = None
        self._as_passed = as_passed  # compiled as the bare tensor would be (inside @flyc.jit)

    @property
    def shape(self):
        """The extents, as an IntTuple (`M, N = A.shape.unpack()`)."""
        return IntTuple(int(e) for e in self.tensor.shape)

    def stride(self):
        """The strides in elements, as an IntTuple."""
        t = self.tensor
        if callable(getattr(t, "stride", None)):  # torch
            return IntTuple(int(e) for e in t.stride())
        return IntTuple(int(e) // t.itemsize for e in t.strides)  # numpy: bytes

    @property
    def dtype(self):
        return self.tensor.dtype

    def __dlpack__(self, *args, **kwargs):
        return self.tensor.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()

    def mark_layout_dynamic(self, leading_dim=None, divisibility=1):
        self._dynamic = (leading_dim, int(divisibility))
        return self

    def spec(self, ptr, shape, strides, elem):
        if self._as_passed:
            return _fast.bare_spec(ptr, strides, elem)
        n = len(shape)
        if self._dynamic is None:
            align = self.assumed_align or (ptr | 16) & -(ptr | 16)
            return (tuple(shape), tuple(strides), align if align >= elem else 0)
        leading, div = self._dynamic
        if leading is None:
            leading = next((m for m in range(n - 1, -1, -1) if strides[m] == 1), None)
        if leading is not None and not -n <= leading < n:
            raise ValueError(f"leading_dim {leading} of a rank-{n} tensor")
        if leading is not None:
            leading %= n
        stride = tuple(1 if m == leading else _fast._DYN for m in range(n))
        align = div * elem
        if align & (align - 1) or align > 256:
            raise ValueError(f"divisibility {div} must be a power of two (at most {256 // elem})")
        return ((_fast._DYN,) * n, stride, align)


# DLPack device types of the targets' memory.
_DL_DEVICE = {"cpu": 1, "cuda": 2, "rocm": 10}
# What a pointer's kernel tensor claims to span: no extent is known, and none is checked.
_POINTER_SPAN_BYTES = 1 << 48


class PointerArgument:
    """A raw address with an element type (flyc.from_c_void_p): the kernel sees a rank-1 tensor
    from it of unknown extent (`A[i]`, `fx.make_view(A, layout)`); nothing checks the indexes."""

    def __init__(self, element_type, pointer, assumed_align=None):
        dtype = getattr(element_type, "dtype", element_type)
        codes = {v: k for k, v in _DL_DTYPES.items()}
        if dtype not in codes:
            raise TypeError(f"from_c_void_p needs an element type, got {element_type!r}")
        address = pointer.value if isinstance(pointer, ctypes.c_void_p) else pointer
        if isinstance(address, bool) or not isinstance(address, int) or address < 0:
            raise TypeError(f"from_c_void_p needs an address (an int or c_void_p), got {pointer!r}")
        code, bits = codes[dtype]
        self.dtype, self.address, self.assumed_align = dtype, address or 0, assumed_align
        target = resolve_target()[0]
        self._extent = (ctypes.c_int64 * 1)(_POINTER_SPAN_BYTES // (bits // 8))
        self._stride = (ctypes.c_int64 * 1)(1)
        device = _DLDevice(_DL_DEVICE.get(target, 1), 0)
        self.dltensor = _DLTensor(address or None, device, 1, _DLDataType(code, bits, 1),
                                  self._extent, self._stride, 0)  # fmt: skip
        self.dltensor._keep = (self._extent, self._stride)


def from_c_void_p(element_type, pointer, *, address_space=None, assumed_align=None):
    """A pointer argument: `pointer` (an int address or a ctypes.c_void_p) to elements of
    `element_type` (fx.Float32, ...) in the memory kernels of this target use."""
    del address_space  # global memory is the only one a launch passes
    return PointerArgument(element_type, pointer, assumed_align)


def from_dlpack(tensor, assumed_align=None, use_32bit_stride=False):
    """A tensor argument with a static layout (see TensorArgument). `use_32bit_stride` is
    accepted for FlyDSL's programs and changes nothing: index arithmetic here is 32-bit
    wherever the extents and strides allow it, and 64-bit where they do not."""
    del use_32bit_stride
    return TensorArgument(tensor, assumed_align)


def from_torch_tensor(tensor, assumed_align=None, use_32bit_stride=False):
    """from_dlpack for a torch tensor (FlyDSL's spelling)."""
    return from_dlpack(tensor, assumed_align, use_32bit_stride)


def _stream_handle(stream):
    """The raw stream handle of fx.Stream(...), a torch stream, an integer handle or None (the
    default stream)."""
    stream = getattr(stream, "stream", stream) if isinstance(stream, Stream) else stream
    if stream is None:
        return None
    handle = getattr(stream, "cuda_stream", stream)  # torch.cuda.Stream
    if isinstance(handle, int) and not isinstance(handle, bool):
        return handle or None
    raise TypeError(
        f"{type(stream).__name__} is not a stream (fx.Stream, a torch stream, a raw "
        "handle or None)"
    )


__all__ = ["TensorArgument", "PointerArgument", "from_dlpack", "from_torch_tensor", "from_c_void_p"]
