"""What a launch takes as arguments: DLPack tensors (numpy, torch, ...), tensors marked with
the static parts of their layout (`from_dlpack`), and streams."""

import ctypes
import inspect
import typing

from .. import _fast_launch as _fast
from .. import _kernel_api as K
from .._host_view import HostTensorView
from .._ir_types import type_of
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
            self.device_type = int(obj.dltensor.device.device_type)
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
        self.device_type = int(t.device.device_type)
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


class JitArgumentRegistry:
    """FlyDSL's registry of argument adapters: `JitArgumentRegistry.register(SomeType)(adapter)`
    makes @flyc.jit functions take an object of SomeType (or of a subclass) as `adapter(obj)`
    (`register(MyStream)(fx.Stream)`: a stream object of another library, as fx.Stream)."""

    _adapters = {}

    @classmethod
    def register(cls, py_type):
        def decorate(adapter):
            cls._adapters[py_type] = adapter
            return adapter

        return decorate

    @classmethod
    def active(cls):
        """Whether any adapter is registered."""
        return bool(cls._adapters)

    @classmethod
    def adapt(cls, value):
        """`value` as its type's adapter makes it; as it is where none is registered."""
        if not cls._adapters:
            return value
        for t in type(value).__mro__:
            adapter = cls._adapters.get(t)
            if adapter is not None:
                return adapter(value)
        return value


def _strides(tensor):
    """A torch or numpy tensor's strides in elements (torch's stride(), numpy's bytes)."""
    if callable(getattr(tensor, "stride", None)):
        return tuple(tensor.stride())
    return tuple(s // tensor.itemsize for s in tensor.strides)


def passed_tensor_signature(tensor):
    """The cache signature of a tensor passed as it is (a dynamic layout but for the innermost
    unit stride): its dtype, rank and that stride's mode (-1 for none); every call of a @flyc.jit
    function computes it, so it is kept cheap."""
    stride = getattr(tensor, "stride", None)
    if stride is not None:  # torch: in elements
        strides, one = stride(), 1
    else:  # numpy: in bytes
        strides, one = tensor.strides, tensor.itemsize
    n, unit = len(strides), -1
    for m in range(n - 1, -1, -1):
        if strides[m] == one:
            unit = m
            break
    return ("tensor", tensor.dtype, n, unit)


def _power_of_two(div, what):
    if isinstance(div, bool) or not isinstance(div, int) or div < 1 or div & (div - 1):
        raise ValueError(f"{what} must be a power of two, got {div!r}")
    return div


def resolve_signature(func):
    """inspect.signature of `fn` with string annotations (PEP 563) evaluated; as written where
    one names what does not resolve."""
    try:
        return inspect.signature(func, eval_str=True)
    except NameError:
        return inspect.signature(func)


def is_type_param_annotation(annotation):
    """Whether a parameter is annotated as a type (`type`, `typing.Type[T]`): the argument is a
    class, and enters a @flyc.jit call's key as itself."""
    origin = typing.get_origin(annotation)
    return annotation in (type, typing.Type) or origin in (type, typing.Type)


class _Strides(IntTuple):
    """A tensor argument's strides: an IntTuple that may also be called, as torch's method."""

    __slots__ = ()

    def __call__(self, dim=None):
        return IntTuple(self) if dim is None else self[dim]


class TensorArgument:
    """A tensor argument with its layout's static parts chosen (flyc.from_dlpack): static
    shape and strides by default, baked into the compiled kernel (one compile per shape).
    `.mark_layout_dynamic(leading_dim, divisibility)` keeps them dynamic except a unit stride
    in `leading_dim`, with the other strides multiples of `divisibility` elements;
    `.mark_shape_dynamic(dims, divisibility)` and `.mark_stride_dynamic(dims, divisibility)`
    make single extents or strides dynamic (multiples of their divisibility, a power of two,
    which launches check; a dynamic stride's also tells the kernel how aligned its accesses
    are). `__cache_signature__()` is (dtype, shape, stride) with -divisibility for a dynamic
    leaf."""

    def __init__(self, tensor, assumed_align=None, as_passed=False):
        self.tensor = tensor
        self.assumed_align = assumed_align
        self._dynamic = None
        self._shape_marks, self._stride_marks = {}, {}
        self._as_passed = as_passed  # compiled as the bare tensor would be (inside @flyc.jit)

    @property
    def shape(self):
        """The extents, as an IntTuple (`M, N = A.shape.unpack()`)."""
        return IntTuple(int(e) for e in self.tensor.shape)

    @property
    def stride(self):
        """The strides in elements, as an IntTuple (FlyDSL's `A.stride[1]`); calling it gives
        it too, or one stride as torch's does (`A.stride()`, `A.stride(0)`)."""
        return _Strides(int(e) for e in _strides(self.tensor))

    @property
    def dtype(self):
        return self.tensor.dtype

    def __dlpack__(self, *args, **kwargs):
        return self.tensor.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()

    def mark_layout_dynamic(self, leading_dim=None, divisibility=1):
        self._dynamic = (leading_dim, _power_of_two(divisibility, "divisibility"))
        return self

    def _mark(self, marks, dims, divisibility):
        rank = len(self.tensor.shape)
        if isinstance(dims, int):
            if not isinstance(divisibility, int):
                raise ValueError("divisibility must be an int where one dimension is marked")
            dims, divisibility = [dims], [divisibility]
        dims = list(dims)
        if isinstance(divisibility, int):
            divisibility = [divisibility] * len(dims)
        divisibility = list(divisibility)
        if len(divisibility) != len(dims):
            raise ValueError(f"dims and divisibility must have equal length, got {len(dims)} and "
                             f"{len(divisibility)}")  # fmt: skip
        for d, div in zip(dims, divisibility):
            if isinstance(d, bool) or not isinstance(d, int) or not -rank <= d < rank:
                raise ValueError(f"dimension {d!r} is out of range for a rank-{rank} tensor")
            marks[d % rank] = _power_of_two(div, "divisibility")  # a repeated dim: the last
        return self

    def mark_shape_dynamic(self, dims, divisibility=1):
        return self._mark(self._shape_marks, dims, divisibility)

    def mark_stride_dynamic(self, dims, divisibility=1):
        return self._mark(self._stride_marks, dims, divisibility)

    def _leading(self, strides):
        """mark_layout_dynamic's unit-stride mode: the one named, else the innermost."""
        n = len(strides)
        leading = self._dynamic[0]
        if leading is None:
            leading = next((m for m in range(n - 1, -1, -1) if strides[m] == 1), None)
        if leading is not None and not -n <= leading < n:
            raise ValueError(f"leading_dim {leading} of a rank-{n} tensor")
        return None if leading is None else leading % n

    def _marks(self, strides):
        """The dynamic extents and strides, each with its divisibility."""
        n = len(strides)
        if self._dynamic is not None:
            leading = self._leading(strides)
            return {m: 1 for m in range(n)}, {m: self._dynamic[1] for m in range(n) if m != leading}
        if self._as_passed:
            unit = next((m for m in range(n - 1, -1, -1) if strides[m] == 1), None)
            return {m: 1 for m in range(n)}, {m: 1 for m in range(n) if m != unit}
        return self._shape_marks, self._stride_marks

    @property
    def shape_dyn_indices(self):
        return tuple(sorted(self._marks(tuple(self.stride))[0]))

    @property
    def stride_dyn_indices(self):
        return tuple(sorted(self._marks(tuple(self.stride))[1]))

    def __cache_signature__(self):
        if self._as_passed:
            return passed_tensor_signature(self.tensor)
        shape, strides = tuple(self.shape), tuple(self.stride)
        shape_marks, stride_marks = self._marks(strides)
        return (
            str(self.dtype),
            tuple(-shape_marks[m] if m in shape_marks else e for m, e in enumerate(shape)),
            tuple(-stride_marks[m] if m in stride_marks else s for m, s in enumerate(strides)),
        )

    def spec(self, ptr, shape, strides, elem):
        if self._as_passed:
            return _fast.bare_spec(ptr, strides, elem)
        n = len(shape)
        if self._dynamic is not None:
            leading, div = self._leading(strides), self._dynamic[1]
            stride = tuple(1 if m == leading else _fast._DYN for m in range(n))
            align = div * elem
            if align > 256:
                raise ValueError(f"divisibility {div} must be at most {256 // elem}")
            return ((_fast._DYN,) * n, stride, align)
        align = self.assumed_align or (ptr | 16) & -(ptr | 16)
        for what, marks, values in (("extent", self._shape_marks, shape),
                                    ("stride", self._stride_marks, strides)):  # fmt: skip
            for m, div in marks.items():
                if values[m] % div:
                    raise ValueError(f"the {what} of dimension {m} is {values[m]}, not a multiple "
                                     f"of the divisibility {div} it is marked with")  # fmt: skip
        for div in self._stride_marks.values():
            align = min(align, div * elem)
        dyn = _fast._DYN
        return (
            tuple(dyn if m in self._shape_marks else e for m, e in enumerate(shape)),
            tuple(dyn if m in self._stride_marks else s for m, s in enumerate(strides)),
            align if align >= elem else 0,
        )


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
        # A NULL pointer (an empty torch tensor's data_ptr(), an unused argument) spans nothing:
        # the library takes NULL data only of an empty tensor.
        span = _POINTER_SPAN_BYTES // (bits // 8) if address else 0
        self._extent = (ctypes.c_int64 * 1)(span)
        self._stride = (ctypes.c_int64 * 1)(1)
        device = _DLDevice(_DL_DEVICE.get(target, 1), 0)
        self.dltensor = _DLTensor(address or None, device, 1, _DLDataType(code, bits, 1),
                                  self._extent, self._stride, 0)  # fmt: skip
        self.dltensor._keep = (self._extent, self._stride)

    def __cache_signature__(self):
        return ("pointer", self.dtype, self.assumed_align)


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


class TorchTensorJitArg(TensorArgument):
    """FlyDSL's argument of a torch tensor. `dynamic_layout` (a tensor adapted as passed) keeps
    every extent and stride dynamic but the stride of the first dimension whose stride is 1,
    and refuses a tensor without one (its layout would have to be static: from_torch_tensor
    says so explicitly); without it the layout is static, marks chosen as TensorArgument's."""

    def __init__(self, tensor, assumed_align=None, use_32bit_stride=False, dynamic_layout=True):
        del use_32bit_stride  # as from_dlpack's
        super().__init__(tensor, assumed_align)
        self.torch_tensor = tensor
        if dynamic_layout:
            leading = next((m for m, s in enumerate(_strides(tensor)) if s == 1), None)
            if leading is None:
                raise RuntimeError(
                    f"cannot auto-mark layout-dynamic: no dimension of the tensor (shape "
                    f"{tuple(tensor.shape)}, strides {tuple(_strides(tensor))}) has stride 1; pass "
                    "flyc.from_torch_tensor(t) for a static layout, or a contiguous copy"
                )
            self.mark_layout_dynamic(leading)


def from_torch_tensor(tensor, assumed_align=None, use_32bit_stride=False):
    """from_dlpack for a torch tensor (FlyDSL's spelling): a static TorchTensorJitArg."""
    return TorchTensorJitArg(tensor, assumed_align, use_32bit_stride, dynamic_layout=False)


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


# torch's dtypes by name, as the element types of tensors this package takes (unsigned bytes
# are MLIR's signless i8, as in FlyDSL).
_TORCH_ELEMENT_TYPES = {
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64", "bool": "i1",
    "uint8": "i8", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "float8_e5m2": "f8e5m2", "float8_e4m3fn": "f8e4m3", "float8_e5m2fnuz": "f8e5m2fnuz",
    "float8_e4m3fnuz": "f8e4m3fnuz",
}  # fmt: skip


def torch_dtype_to_mlir_type(dtype):
    """The element type (an MLIR type object, `T.f32`'s kind) of a torch dtype; TypeError for
    one a tensor here cannot hold."""
    name = _TORCH_ELEMENT_TYPES.get(str(dtype).removeprefix("torch."))
    if name is None:
        raise TypeError(f"unsupported torch dtype for memref element type: {dtype}")
    return type_of(name)


__all__ = ["resolve_signature", "torch_dtype_to_mlir_type", "is_type_param_annotation",
           "TensorArgument", "TorchTensorJitArg", "PointerArgument", "JitArgumentRegistry",
           "from_dlpack", "from_torch_tensor", "from_c_void_p"]  # fmt: skip
