"""The kernel library (libflydsl's flydsl/kernels.h): ready elementwise, softmax, layernorm and
rmsnorm kernels over any DLPack tensors (torch, numpy, ...) on the device they live on.

    import flydsl.kernels as fk
    y = fk.softmax(x)                      # a new tensor like x
    fk.rmsnorm(x, w, eps=1e-6, out=y)      # into y

Each call compiles its kernel on first use (then it is cached, in memory and on disk).
Plain torch tensors reach the C API as borrowed DLTensor structs, made once per shape and
refilled with each call's data pointers (`_torch_tensors.py`), not through `__dlpack__`. Where
torch is installed, the functions are also torch custom ops (`torch.ops.flydsl.*`), and
under `torch.compile` a call becomes its op (`_torch_ops.py`), so `fullgraph=True` traces it.
`out=None` allocates the result with the input's library (`torch.empty_like`,
`numpy.empty_like`, ...). `stream=None` is torch's current stream for torch CUDA tensors and
the default stream otherwise. Errors raise FlyDSLError subclasses; nothing is written then.
"""

import ctypes
import importlib.util
import sys

from . import _kernel_api as K
from ._lib import check, lib
from ._torch_tensors import borrowed_args, current_stream
from .compiler.jit_argument import _pycapsule_get, _stream_handle

__all__ = [
    "add", "mul", "scale_bias", "silu", "gelu", "silu_mul", "softmax", "layernorm", "rmsnorm",
    "gemm", "gemm_scaled", "register_torch_ops",
]  # fmt: skip

_P = ctypes.c_void_p
_ArgP = ctypes.POINTER(K.Arg)
lib.fly_kernels_elementwise.restype = ctypes.c_int
lib.fly_kernels_elementwise.argtypes = [
    ctypes.c_int, _ArgP, _ArgP, ctypes.c_double, ctypes.c_double, _ArgP, _P,
]  # fmt: skip
lib.fly_kernels_softmax.restype = ctypes.c_int
lib.fly_kernels_softmax.argtypes = [_ArgP, _ArgP, _P]
lib.fly_kernels_layernorm.restype = ctypes.c_int
lib.fly_kernels_layernorm.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_double, _ArgP, _P]
lib.fly_kernels_rmsnorm.restype = ctypes.c_int
lib.fly_kernels_rmsnorm.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, ctypes.c_double, _ArgP, _P]
lib.fly_kernels_gemm.restype = ctypes.c_int
lib.fly_kernels_gemm.argtypes = [_ArgP, _ArgP, _ArgP, ctypes.c_double, ctypes.c_double, _ArgP, _P]
lib.fly_kernels_gemm_scaled.restype = ctypes.c_int
lib.fly_kernels_gemm_scaled.argtypes = [_ArgP, _ArgP, _ArgP, _ArgP, _ArgP, _P]
_c_elementwise, _c_softmax = lib.fly_kernels_elementwise, lib.fly_kernels_softmax
_c_layernorm, _c_rmsnorm, _c_gemm = (
    lib.fly_kernels_layernorm,
    lib.fly_kernels_rmsnorm,
    lib.fly_kernels_gemm,
)
lib.fly_kernels_built.restype = ctypes.c_int64
lib.fly_kernels_generated.restype = ctypes.c_int64

_ADD, _MUL, _SCALE_BIAS, _SILU, _GELU, _GELU_TANH, _SILU_MUL = range(7)


class _Tensors:
    """The DLPack capsules of one call's tensors, alive until the call returns."""

    def __init__(self):
        self.capsules = []

    def arg(self, obj, name):
        if obj is None:
            return None
        if not hasattr(obj, "__dlpack__"):
            raise TypeError(f"{name} is a {type(obj).__name__}, not a DLPack tensor")
        capsule = obj.__dlpack__()
        self.capsules.append(capsule)
        return ctypes.pointer(K.Arg(K.ARG_DLMANAGED, _pycapsule_get(capsule, b"dltensor"), 0, 0))


def _empty_like(x):
    library = sys.modules.get(type(x).__module__.split(".")[0])
    empty_like = getattr(library, "empty_like", None)
    if empty_like is None:
        raise TypeError(f"cannot allocate a result like a {type(x).__name__}: pass out=")
    return empty_like(x)


def _empty(x, shape, dtype):
    """An uninitialised tensor of x's library and device."""
    library = sys.modules.get(type(x).__module__.split(".")[0])
    if library is not None and library.__name__ == "torch":
        return library.empty(shape, dtype=dtype, device=x.device)
    empty = getattr(library, "empty", None)
    if empty is None:
        raise TypeError(f"cannot allocate a result like a {type(x).__name__}: pass out=")
    return empty(shape, dtype=dtype)


def _is_torch(x):
    return type(x).__module__.startswith("torch")


def _stream(stream, x):
    if stream is None and _is_torch(x):
        return current_stream(x)
    return _stream_handle(stream)


def _tensor_args(tensors, names, stream, first):
    """(fly_arg_t pointers for a call's tensors, its stream handle, what keeps the pointers
    valid through the call): borrowed structs for plain torch tensors, DLPack capsules
    otherwise; `first` decides the default stream."""
    fast = borrowed_args(tensors)
    if fast is not None:
        args, current = fast
        return args, current if stream is None else _stream_handle(stream), None
    keep = _Tensors()
    return [keep.arg(t, n) for t, n in zip(tensors, names)], _stream(stream, first), keep


# The calls of the C API, into given tensors: the torch ops call these too.
_NAMES_EW, _NAMES_SOFTMAX = ("a", "b", "out"), ("x", "out")
_NAMES_LN = ("x", "weight", "bias", "residual", "residual_out", "out")
_NAMES_RMS = ("x", "weight", "residual", "residual_out", "out")
_NAMES_GEMM = ("a", "b", "c", "out")
_NAMES_GEMM_SCALED = ("a", "b", "scale_a", "scale_b", "out")


def _elementwise_into(op, a, b, alpha, beta, out, stream=None):
    (pa, pb, po), s, keep = _tensor_args((a, b, out), _NAMES_EW, stream, a)
    status = _c_elementwise(op, pa, pb, float(alpha), float(beta), po, s)
    if status:
        check(status)


def _softmax_into(x, out, stream=None):
    (px, po), s, keep = _tensor_args((x, out), _NAMES_SOFTMAX, stream, x)
    status = _c_softmax(px, po, s)
    if status:
        check(status)


def _layernorm_into(x, weight, bias, residual, residual_out, eps, out, stream=None):
    tensors = (x, weight, bias, residual, residual_out, out)
    (px, pw, pb, pr, pro, po), s, keep = _tensor_args(tensors, _NAMES_LN, stream, x)
    status = _c_layernorm(px, pw, pb, pr, pro, float(eps), po, s)
    if status:
        check(status)


def _rmsnorm_into(x, weight, residual, residual_out, eps, out, stream=None):
    tensors = (x, weight, residual, residual_out, out)
    (px, pw, pr, pro, po), s, keep = _tensor_args(tensors, _NAMES_RMS, stream, x)
    status = _c_rmsnorm(px, pw, pr, pro, float(eps), po, s)
    if status:
        check(status)


def _gemm_into(a, b, c, alpha, beta, out, stream=None):
    (pa, pb, pc, po), s, keep = _tensor_args((a, b, c, out), _NAMES_GEMM, stream, a)
    status = _c_gemm(pa, pb, pc, float(alpha), float(beta), po, s)
    if status:
        check(status)


def _gemm_scaled_into(a, b, scale_a, scale_b, out, stream=None):
    tensors = (a, b, scale_a, scale_b, out)
    (pa, pb, psa, psb, po), s, keep = _tensor_args(tensors, _NAMES_GEMM_SCALED, stream, a)
    status = lib.fly_kernels_gemm_scaled(pa, pb, psa, psb, po, s)
    if status:
        check(status)


_EAGER = {"elementwise": _elementwise_into, "softmax": _softmax_into,
          "layernorm": _layernorm_into, "rmsnorm": _rmsnorm_into, "gemm": _gemm_into}  # fmt: skip


def _never():
    return False


# While torch.compile traces (once the torch ops are registered: torch.compiler.is_compiling),
# a call becomes its torch op, allocating with torch; torch is then the module itself.
_compiling = _never
_torch = None


def register_torch_ops():
    """Registers the library's ops as torch custom ops (`torch.ops.flydsl.gemm`, ...), after
    which `torch.compile` traces through calls of this module's functions. Importing this
    module does it where torch is installed."""
    global _compiling, _torch
    if _torch is not None:
        return
    import torch

    from . import _torch_ops

    _torch_ops.register(torch, _EAGER)
    _torch, _compiling = torch, torch.compiler.is_compiling


def _elementwise(op, a, b, alpha, beta, out, stream):
    if _compiling():
        out = _torch.empty_like(a) if out is None else out
        _torch.ops.flydsl.elementwise(op, a, b, float(alpha), float(beta), out)
        return out
    out = _empty_like(a) if out is None else out
    _elementwise_into(op, a, b, alpha, beta, out, stream)
    return out


def add(a, b, out=None, stream=None):
    """a + b."""
    return _elementwise(_ADD, a, b, 0, 0, out, stream)


def mul(a, b, out=None, stream=None):
    """a * b."""
    return _elementwise(_MUL, a, b, 0, 0, out, stream)


def scale_bias(a, alpha, beta, out=None, stream=None):
    """alpha * a + beta."""
    return _elementwise(_SCALE_BIAS, a, None, alpha, beta, out, stream)


def silu(a, out=None, stream=None):
    """a * sigmoid(a)."""
    return _elementwise(_SILU, a, None, 0, 0, out, stream)


def gelu(a, approximate="none", out=None, stream=None):
    """a * Phi(a); approximate="tanh" for the tanh form (as torch.nn.functional.gelu)."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', not {approximate!r}")
    return _elementwise(_GELU if approximate == "none" else _GELU_TANH, a, None, 0, 0, out, stream)


def silu_mul(a, b, out=None, stream=None):
    """silu(a) * b, the gate of SwiGLU."""
    return _elementwise(_SILU_MUL, a, b, 0, 0, out, stream)


def softmax(x, out=None, stream=None):
    """Softmax along the last dimension."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.softmax(x, out)
        return out
    out = _empty_like(x) if out is None else out
    _softmax_into(x, out, stream)
    return out


def layernorm(x, weight, bias=None, eps=1e-5, residual=None, residual_out=None, out=None,
              stream=None):  # fmt: skip
    """(h - mean) / sqrt(var + eps) * weight + bias over the last dimension, h = x or
    x + residual; residual_out (may be residual itself) receives h."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.layernorm(x, weight, bias, residual, residual_out, float(eps), out)
        return out
    out = _empty_like(x) if out is None else out
    _layernorm_into(x, weight, bias, residual, residual_out, eps, out, stream)
    return out


def rmsnorm(x, weight, eps=1e-6, residual=None, residual_out=None, out=None, stream=None):
    """h / sqrt(mean(h^2) + eps) * weight over the last dimension, h as for layernorm."""
    if _compiling():
        out = _torch.empty_like(x) if out is None else out
        _torch.ops.flydsl.rmsnorm(x, weight, residual, residual_out, float(eps), out)
        return out
    out = _empty_like(x) if out is None else out
    _rmsnorm_into(x, weight, residual, residual_out, eps, out, stream)
    return out


def gemm(a, b, c=None, alpha=1.0, beta=0.0, out=None, out_dtype=None, stream=None):
    """alpha * a @ b + beta * c on the matrix cores: a (M x K) and b (K x N) both float16 or
    both bfloat16, row- or column-major; products accumulate in float32. out (M x N, row-major)
    is allocated with a's library and out_dtype (default a's dtype) when not given; c may be
    out itself."""
    if _compiling():
        if out is None:
            dtype = a.dtype if out_dtype is None else out_dtype
            out = _torch.empty((a.shape[0], b.shape[1]), dtype=dtype, device=a.device)
        _torch.ops.flydsl.gemm(a, b, c, float(alpha), float(beta), out)
        return out
    if out is None:
        shape = (a.shape[0], b.shape[1]) if len(a.shape) == 2 and len(b.shape) == 2 else None
        if shape is None:
            raise ValueError("gemm takes matrices (rank 2) a and b")
        out = _empty(a, shape, a.dtype if out_dtype is None else out_dtype)
    _gemm_into(a, b, c, alpha, beta, out, stream)
    return out


def gemm_scaled(a, b, scale_a, scale_b, out=None, out_dtype=None, stream=None):
    """scale_a[m] * scale_b[n] * (a @ b)[m, n], as torch._scaled_mm: a (M x K, row-major) and b
    (K x N, column-major) of one float8 kind, scale_a float32 of one value or M, scale_b of one
    or N; products accumulate in float32. out (M x N, row-major; float32, float16 or bfloat16)
    is allocated with a's library when not given, of out_dtype (default bfloat16 for torch
    tensors, float32 otherwise)."""
    if out is None:
        if len(a.shape) != 2 or len(b.shape) != 2:
            raise ValueError("gemm_scaled takes matrices (rank 2) a and b")
        if out_dtype is None:
            torch = sys.modules.get("torch")
            out_dtype = torch.bfloat16 if _is_torch(a) and torch is not None else "float32"
        out = _empty(a, (a.shape[0], b.shape[1]), out_dtype)
    _gemm_scaled_into(a, b, scale_a, scale_b, out, stream)
    return out


def kernels_built():
    """How many kernels the library has made ready in this process (each specialisation once)."""
    return lib.fly_kernels_built()


def kernels_generated():
    """How many of those it generated: the others came from the disk cache, found by their spec."""
    return lib.fly_kernels_generated()


# Registered at import, not at a first call: that call could be inside a torch.compile trace,
# which cannot run the registration.
if "torch" in sys.modules or importlib.util.find_spec("torch") is not None:
    try:
        register_torch_ops()
    except ImportError:  # a torch that does not import: its tensors cannot come here either
        pass
