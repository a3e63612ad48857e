"""Torch tensors handed to the C API without DLPack, for the kernel library's hot path.

`t.__dlpack__()` makes a capsule, a managed tensor and (for CUDA tensors) asks for the current
stream on every call: more host time than a small kernel takes. A torch tensor's data pointer,
shape, strides, dtype and device are cheap to read, so a call fills a borrowed `DLTensor`
(FLY_ARG_DLTENSOR) instead. The structs are made once per (shape, strides, dtype, device) and
only their data pointer changes from call to call; the C side checks them as it checks any
DLPack tensor. Tensors this cannot describe (other libraries, tensors that need autograd,
sparse or complex ones, dtypes the DLPack codes here do not name) take the DLPack path, which
gives their errors."""

import ctypes
import sys
import threading

from . import _kernel_api as K
from .compiler.jit_argument import _DLDataType, _DLDevice, _DLTensor

_DL_CPU, _DL_CUDA, _DL_ROCM = 1, 2, 10
_DTYPE_NAMES = {"float32": (2, 32), "float16": (2, 16), "bfloat16": (4, 16), "float64": (2, 64),
                "int8": (0, 8), "int16": (0, 16), "int32": (0, 32), "int64": (0, 64),
                "uint8": (1, 8)}  # fmt: skip
_ArgP = ctypes.POINTER(K.Arg)
_INELIGIBLE = object()  # the cached answer for tensors the DLPack path must take
# Per thread: a call sets its structs' data pointers, and another thread's call of the same
# shapes must not change them before the C call has read them.
_local = threading.local()


class _Borrowed:
    """One tensor's DLTensor (its shape and strides arrays kept alive with it) and the
    fly_arg_t pointing at it."""

    __slots__ = ("dl", "arg", "shape", "strides")

    def __init__(self, t, device_type):
        code, bits = _DTYPE_NAMES[str(t.dtype).removeprefix("torch.")]
        n = t.dim()
        self.shape = (ctypes.c_int64 * max(n, 1))(*t.shape)
        self.strides = (ctypes.c_int64 * max(n, 1))(*t.stride())
        device = _DLDevice(device_type, max(t.get_device(), 0))
        self.dl = _DLTensor(
            None, device, n, _DLDataType(code, bits, 1), self.shape, self.strides, 0
        )
        self.arg = ctypes.pointer(K.Arg(K.ARG_DLTENSOR, ctypes.addressof(self.dl), 0, 0))


def _describe(tensors, torch):
    """The borrowed structs of `tensors` (None entries stay None), or _INELIGIBLE."""
    if torch.version.hip is not None:
        gpu = _DL_ROCM
    else:
        gpu = _DL_CUDA
    out = []
    for t in tensors:
        if t is None:
            out.append(None)
            continue
        if (
            t.requires_grad
            or t.is_conj()
            or t.is_neg()
            or str(t.dtype).removeprefix("torch.") not in _DTYPE_NAMES
            or t.device.type not in ("cpu", "cuda")
        ):
            return _INELIGIBLE
        out.append(_Borrowed(t, _DL_CPU if t.device.type == "cpu" else gpu))
    return tuple(out)


def borrowed_args(tensors):
    """(fly_arg_t pointers, None where a tensor is None, with their data pointers set; the
    raw handle of torch's current stream on the first tensor's device, None for the default
    stream or host tensors) for a call's torch tensors; None when any is not a plain torch
    tensor this path describes. Written for the hot path: one pass, no helper calls."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    tensor_type, strided = torch.Tensor, torch.strided
    key = []
    for t in tensors:
        if t is None:
            key.append(None)
        elif type(t) is not tensor_type or t.layout is not strided:
            return None  # subclasses (parameters, fakes) and sparse tensors go by DLPack
        else:
            key.append((t.shape, t.stride(), t.dtype, t.get_device(), t.requires_grad))
    key = tuple(key)
    memo = getattr(_local, "structs", None)
    if memo is None:
        memo = _local.structs = {}
    structs = memo.get(key)
    if structs is None:
        if len(memo) > 4096:  # many shapes: keep the memo small
            memo.clear()
        structs = memo[key] = _describe(tensors, torch)
    if structs is _INELIGIBLE:
        return None
    args = []
    for s, t in zip(structs, tensors):
        if s is None:
            args.append(None)
        else:
            s.dl.data = t.data_ptr()
            args.append(s.arg)
    device = next((k[3] for k in key if k is not None), -1)  # the first tensor's device
    if device < 0:
        return args, None
    return args, _raw_stream(torch)(device) or None


def _raw_stream(torch):
    """torch's raw current-stream accessor of a device index (looked up once)."""
    global _raw
    if _raw is None:
        raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
        _raw = raw or (lambda device: torch.cuda.current_stream(device).cuda_stream)
    return _raw


_raw = None


def current_stream(t):
    """The raw handle of torch's current stream on a CUDA tensor's device (None for the default
    stream or a cpu tensor), by the cheap accessor torch's own compiled code uses."""
    if not t.is_cuda:
        return None
    return _raw_stream(sys.modules["torch"])(t.get_device()) or None
