"""Test helpers: host memory exported through DLPack under a dtype numpy lacks (bfloat16) or
as if it lived on another device, and bfloat16 conversions."""

import ctypes

import numpy as np

KDL_CPU, KDL_CUDA, KDL_ROCM = 1, 2, 10
KDL_FLOAT, KDL_BFLOAT = 2, 4

_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device_type", ctypes.c_int32),
        ("device_id", ctypes.c_int32),
        ("ndim", ctypes.c_int32),
        ("code", ctypes.c_uint8),
        ("bits", ctypes.c_uint8),
        ("lanes", ctypes.c_uint16),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


class _DLManaged(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]  # fmt: skip


class DLView:
    """`array`'s memory (any numpy dtype of the same width) seen as DLPack dtype (code, bits)
    on device (device_type, device_id). The array stays alive with the view."""

    def __init__(self, array, code, bits, device_type=KDL_CPU, device_id=0):
        self.array = array
        self.shape = (ctypes.c_int64 * array.ndim)(*array.shape)
        item = array.itemsize
        self.strides = (ctypes.c_int64 * array.ndim)(*(s // item for s in array.strides))
        t = _DLTensor(array.ctypes.data, device_type, device_id, array.ndim, code, bits, 1)
        t.shape, t.strides = self.shape, self.strides
        self.managed = _DLManaged(t, None, None)

    def __dlpack__(self, stream=None):
        return _capsule_new(ctypes.addressof(self.managed), b"dltensor", None)


def to_bf16_bits(x):
    """float32 -> bfloat16 bits (uint16), rounding to nearest even."""
    u = np.ascontiguousarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16_bits(b):
    return (b.astype(np.uint32) << 16).view(np.float32)


def bf16(x):
    """A bfloat16 tensor holding x (rounded) and its bits array (for reading results back)."""
    bits = to_bf16_bits(x)
    return DLView(bits, KDL_BFLOAT, 16), bits
