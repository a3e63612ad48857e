"""`@flyc.kernel` and `@flyc.jit`: Python functions traced into kernels through libflydsl.

    import flydsl.compiler as flyc
    import flydsl.expr as fx

    @flyc.kernel
    def add(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, n: fx.Int32):
        i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
        C.store(i, A.load(i, pred=i < n) + B.load(i, pred=i < n), pred=i < n)

    add(a, b, c, n).launch(grid=(blocks,), block=(256,))

The first launch with a new signature (tensor dtypes and ranks, scalar types, Constexpr
values) traces and compiles; later ones reuse the compiled kernel.
"""

import collections
import ctypes
import inspect
import numbers
import operator
import struct
import typing

from . import _fast_launch as _fast
from . import _kernel_api as K
from . import kernel_expr as kx
from ._ast_rewrite import rewrite
from ._kernel_layout import CopyAtom, TiledCopy
from ._lib import check
from ._trace import TensorValue, Value, _BuilderError, _Tracing, _wrap
from .errors import CompileError, LaunchError
from .expr import Layout

_HOST_CONSTANTS = (CopyAtom, TiledCopy, Layout)

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


_DL_DTYPES = {(0, 8): "i8", (0, 16): "i16", (0, 32): "i32", (0, 64): "i64", (1, 8): "i8",
              (1, 16): "i16", (1, 32): "i32", (1, 64): "i64", (2, 16): "f16", (2, 32): "f32",
              (2, 64): "f64", (4, 16): "bf16"}  # fmt: skip


class _TensorArg:
    """A DLPack tensor borrowed for one launch; the capsule keeps the producer's memory.
    `spec` is the (shape, stride, align) its kernel is compiled for (see from_dlpack)."""

    def __init__(self, obj):
        marked = obj if isinstance(obj, TensorArgument) else None
        if marked is not None:
            obj = marked.tensor
        if not hasattr(obj, "__dlpack__"):
            raise TypeError(f"{type(obj).__name__} is not a DLPack tensor (no __dlpack__)")
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

    def __init__(self, tensor, assumed_align=None):
        self.tensor = tensor
        self.assumed_align = assumed_align
        self._dynamic = None

    def __dlpack__(self, *args, **kwargs):
        return self.tensor.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()

    def mark_layout_dynamic(self, leading_dim=None, divisibility=1):
        self._dynamic = (leading_dim, int(divisibility))
        return self

    def spec(self, ptr, shape, strides, elem):
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


def from_dlpack(tensor, assumed_align=None):
    """A tensor argument with a static layout (see TensorArgument)."""
    return TensorArgument(tensor, assumed_align)


def _constexpr_of(annotation):
    if typing.get_origin(annotation) is typing.Annotated:
        args = typing.get_args(annotation)
        return args[0] is kx.Constexpr
    return annotation is kx.Constexpr


class CompiledKernel:
    """A kernel compiled for one signature: its code and its IR before and after the pipeline."""

    def __init__(self, handle, module, name, kinds, options):
        self.handle, self.module, self.name, self.kinds = handle, module, name, kinds
        self._options = options

    def __del__(self, _destroy=K.compiled_destroy, _module_destroy=K.module_destroy):
        _destroy(self.handle)
        _module_destroy(self.module)

    @property
    def target(self):
        return K.compiled_target(self.handle).decode()

    @property
    def arch(self):
        return K.compiled_arch(self.handle).decode()

    @property
    def binary(self):
        """The code: HSACO bytes (rocm), PTX text as bytes (cuda), an ELF object (cpu)."""
        data, size = ctypes.c_void_p(), ctypes.c_size_t()
        check(K.compiled_binary(self.handle, ctypes.byref(data), ctypes.byref(size)))
        return ctypes.string_at(data, size.value)

    def resource_usage(self, block_threads=0):
        """What the kernel takes from the machine (rocm: from the code object; cuda: from the
        driver, on device 0): a dict of registers (a thread; AMD VGPRs), acc_registers (AMD
        AGPRs), scalar_registers (AMD SGPRs), shared_bytes (a block), scratch_bytes (a thread)
        and occupancy (waves a SIMD on AMD, warps an SM on NVIDIA) for blocks of block_threads
        threads (0: the kernel's largest)."""
        u = K.ResourceUsage(ctypes.sizeof(K.ResourceUsage))
        check(K.compiled_resource_usage(self.handle, self.name.encode(), int(block_threads),
                                        ctypes.byref(u)))  # fmt: skip
        return _usage_dict(u)

    def ir(self, compiled=True):
        """The IR as built (compiled=False) or after the target's MLIR pipeline."""
        text = ctypes.c_void_p()
        if compiled:
            check(K.module_lowered_ir(self.module, ctypes.byref(self._options), ctypes.byref(text)))
        else:
            check(K.module_to_string(self.module, ctypes.byref(text)))
        return K.take_string(text.value)

    def print_ir(self, compiled=True):
        print(self.ir(compiled))


def _usage_dict(u):
    return {name: getattr(u, name) for name, _ in K.ResourceUsage._fields_[1:]}


def code_object_resource_usage(hsaco, kernel, arch, block_threads=0):
    """CompiledKernel.resource_usage for kernel `kernel` of AMD code object bytes (a .hsaco
    that FLYDSL_DUMP_IR wrote, or any other) built for `arch`."""
    u = K.ResourceUsage(ctypes.sizeof(K.ResourceUsage))
    check(K.code_object_resource_usage(bytes(hsaco), len(hsaco), kernel.encode(), arch.encode(),
                                       int(block_threads), ctypes.byref(u)))  # fmt: skip
    return _usage_dict(u)


def _compile_options(target=None, arch=None):
    """The options for an explicit target and arch; the library reads the environment's choice
    itself (and ignores an ARCH that names no GPU arch), which joins the key."""
    env_target, env_arch = _fast.target_choice()
    o = K.CompileOptions(ctypes.sizeof(K.CompileOptions))
    o.target = target.encode() if target else None
    o.arch = arch.encode() if arch else None
    o.opt_level = 2
    return o, (target or env_target, arch or env_arch)


# Compiled signatures a kernel function keeps (a Constexpr swept over many values makes a new
# one each time); the oldest go first, and the library's own caches may still answer for them.
_SIGNATURES_KEPT = 256


class _Bounded(collections.OrderedDict):
    """A dict that drops its oldest entries beyond `limit` (lookups stay dict-fast)."""

    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        while len(self) > self.limit:
            self.popitem(last=False)


class KernelFunction:
    def __init__(self, fn):
        self.fn = fn
        self._traced = None  # fn after the AST rewrite, made on first compile
        self.name = fn.__name__
        self.signature = inspect.signature(fn)
        self.hints = typing.get_type_hints(fn, include_extras=True)
        self.cache = _Bounded(_SIGNATURES_KEPT)
        self._prepared = _Bounded(_SIGNATURES_KEPT)  # (signature, target choice) -> launch
        params = list(self.signature.parameters.values())
        self._names = [p.name for p in params]
        # Calls that give every parameter positionally and take no Stream can use the hot path;
        # Constexpr values join its key.
        self._positional = all(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            and self.hints.get(p.name) is not kx.Stream
            for p in params
        )
        constexpr = [_constexpr_of(self.hints.get(p.name)) for p in params]
        self._constexpr = constexpr if any(constexpr) else None

    def __call__(self, *args, **kwargs):
        if not kwargs and self._positional and len(args) == len(self._names):
            return _Launch(self, args, None)
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return _Launch(self, None, list(bound.arguments.items()))

    def _classify(self, items):
        """(kind, detail) per parameter: tensor, scalar or constexpr."""
        out = []
        for name, value in items:
            hint = self.hints.get(name)
            if _constexpr_of(hint):
                out.append(("constexpr", value))
            elif isinstance(value, _HOST_CONSTANTS):  # atoms, tiled copies, layouts
                out.append(("constexpr", value))
            elif hint is kx.Tensor or hasattr(value, "__dlpack__"):
                out.append(("tensor", _TensorArg(value)))
            elif hint is kx.Stream or isinstance(value, kx.Stream):
                out.append(("stream", value))
            else:
                dtype = getattr(hint, "dtype", None)
                if isinstance(value, kx._Scalar):
                    dtype, value = value.dtype, value.value
                if dtype is None:
                    dtype = "f32" if isinstance(value, float) else "i32"
                out.append(("scalar", (dtype, _checked_scalar(name, dtype, value))))
        return out

    def _key(self, classified):
        key = []
        for kind, detail in classified:
            if kind == "tensor":
                key.append(("t", detail.dtype, detail.spec))
            elif kind == "scalar":
                key.append(("s", detail[0]))
            elif kind == "constexpr":
                key.append(("c", repr(detail)))
            else:
                key.append(("stream",))
        return tuple(key)

    def _compile(self, classified, options):
        if self._traced is None:
            self._traced = rewrite(self.fn)
        module = ctypes.c_void_p()
        check(K.module_create(ctypes.byref(module)))
        done = False
        try:
            kernel = ctypes.c_void_p()
            check(K.kernel_create(module, self.name.encode(), ctypes.byref(kernel)))
            params = []
            with _Tracing(kernel):
                try:
                    for kind, detail in classified:
                        if kind == "tensor":
                            shape, stride, align = detail.spec
                            rank = detail.rank
                            h = K.tensor_param_spec(
                                kernel, K.DTYPES[detail.dtype], rank,
                                (ctypes.c_int64 * rank)(*shape), (ctypes.c_int64 * rank)(*stride),
                                align,
                            )  # fmt: skip
                            _wrap(h, detail.dtype)
                            params.append(TensorValue(h, detail.dtype, detail.rank))
                        elif kind == "scalar":
                            h = K.scalar_param(kernel, K.DTYPES[detail[0]])
                            params.append(_wrap(h, detail[0]))
                        else:
                            params.append(detail)
                    self._traced(*params)
                except _BuilderError as e:
                    raise CompileError(f"{self.name}: {e}", "FLY_ERROR_COMPILE") from None
            check(K.kernel_finish(kernel))
            compiled = ctypes.c_void_p()
            check(K.compile_module(module, ctypes.byref(options), ctypes.byref(compiled)))
            kinds = [kind for kind, _ in classified]
            done = True
            return CompiledKernel(compiled, module, self.name, kinds, options)
        finally:
            if not done:
                K.module_destroy(module)

    def compiled_for(self, classified, target=None, arch=None):
        options, choice = _compile_options(target, arch)
        key = (self._key(classified), choice)
        c = self.cache.get(key)
        if c is None:
            c = self.cache[key] = self._compile(classified, options)
        return c

    def compile(self, *args, target=None, arch=None, **kwargs):
        """Compiles for these arguments' signature without launching (any target)."""
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return self.compiled_for(self._classify(list(bound.arguments.items())), target, arch)


def _whole(value, what, low, high):
    """`value` as an int in [low, high]: a float, text or a number out of range is an error,
    not something the C structs would round or wrap."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer, not bool")
    try:
        n = operator.index(value)
    except TypeError:
        raise TypeError(
            f"{what} must be an integer, not {type(value).__name__} {value!r}"
        ) from None
    if not low <= n <= high:
        raise OverflowError(f"{what} is {n}, outside {low}..{high}")
    return n


def _dim3(x, what):
    if not isinstance(x, (tuple, list)):
        x = (x,)
    if not 1 <= len(x) <= 3:
        raise ValueError(f"{what} has 1 to 3 extents, got {len(x)}")
    x = tuple(_whole(v, f"{what} extent", 0, 2**32 - 1) for v in x)  # the library judges 0
    return x + (1,) * (3 - len(x))


_INT_BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}


def _checked_scalar(name, dtype, value):
    """A scalar argument as the C API takes it: an integer within its dtype's signed range
    for integer parameters, a real number for float ones."""
    what = f"argument {name} ({dtype})"
    if isinstance(value, (str, bytes)) or not isinstance(value, numbers.Number):
        raise TypeError(f"{what} must be a number, not {type(value).__name__} {value!r}")
    if dtype.startswith(("f", "bf")):
        if not isinstance(value, numbers.Real):
            raise TypeError(f"{what} must be a real number, not {value!r}")
        return float(value)
    bits = _INT_BITS.get(dtype, 64)
    low, high = (0, 1) if bits == 1 else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    return _whole(value, what, low, high)


class _Launch:
    __slots__ = ("kernel", "args", "items")

    def __init__(self, kernel, args, items):
        self.kernel, self.args, self.items = kernel, args, items

    def launch(self, grid=(1,), block=(1,), smem=0, stream=None):
        kernel, key = self.kernel, None
        if self.args is not None:
            key = _fast.signature_key(self.args, kernel._constexpr)
            if key is not None:
                key = (key, _fast.raw_choice())
                try:
                    prepared = kernel._prepared.get(key)
                except TypeError:  # an unhashable Constexpr value: the slow path only
                    prepared = key = None
                if prepared is not None:
                    try:
                        status = prepared.launch(
                            self.args, grid, block, smem, _stream_handle(stream)
                        )
                    except struct.error:
                        pass  # a value its slot cannot hold: the slow path says what is wrong
                    else:
                        check(status)
                        return
        items = self.items if self.items is not None else list(zip(kernel._names, self.args))
        classified = kernel._classify(items)
        compiled = kernel.compiled_for(classified)
        args = []
        for kind, detail in classified:
            if kind == "tensor":
                args.append(K.Arg(K.ARG_DLMANAGED, detail.pointer, 0, 0.0))
            elif kind == "scalar":
                dtype, value = detail
                if dtype.startswith("f"):
                    args.append(K.Arg(K.ARG_FLOAT, None, 0, float(value)))
                else:
                    args.append(K.Arg(K.ARG_INT, None, int(value), 0.0))
        cfg = K.LaunchConfig(ctypes.sizeof(K.LaunchConfig))
        cfg.grid[:] = _dim3(grid, "grid")
        cfg.block[:] = _dim3(block, "block")
        cfg.dynamic_smem = _whole(smem, "smem", 0, 2**64 - 1)
        cfg.stream = _stream_handle(stream)
        arr = (K.Arg * len(args))(*args)
        check(K.launch(compiled.handle, compiled.name.encode(), ctypes.byref(cfg), arr, len(args)))
        # This signature launched: the next such launch takes the hot path.
        if key is not None and key not in kernel._prepared and _fast.usable(classified):
            kernel._prepared[key] = _fast.PreparedLaunch(compiled, classified)
        # Tensors stay borrowed until here: their capsules live in `classified`.
        del classified


def _stream_handle(stream):
    """The raw stream handle of fx.Stream(...), a torch stream, an integer handle or None (the
    default stream)."""
    stream = getattr(stream, "stream", stream) if isinstance(stream, kx.Stream) else stream
    if stream is None:
        return None
    handle = getattr(stream, "cuda_stream", stream)  # torch.cuda.Stream
    if isinstance(handle, int) and not isinstance(handle, bool):
        return handle or None
    raise TypeError(
        f"{type(stream).__name__} is not a stream (fx.Stream, a torch stream, a raw "
        "handle or None)"
    )


class Event:
    """A GPU event for timing device work (the cuda and rocm targets):

    start, end = flyc.Event(), flyc.Event()
    start.record(stream); kernel(...).launch(..., stream=stream); end.record(stream)
    end.synchronize(); start.elapsed_ms(end)
    """

    def __init__(self, target="cuda", device=0):
        self.handle = ctypes.c_void_p()
        check(K.event_create(target.encode(), int(device), ctypes.byref(self.handle)))

    def __del__(self, _destroy=K.event_destroy):
        if self.handle:
            _destroy(self.handle)

    def record(self, stream=None):
        """Records the event on the stream (fx.Stream, a torch stream, a raw handle or None)."""
        check(K.event_record(self.handle, _stream_handle(stream)))

    def synchronize(self):
        check(K.event_synchronize(self.handle))

    def elapsed_ms(self, end):
        """Milliseconds from this event to `end`, both recorded and `end` finished."""
        ms = ctypes.c_float()
        check(K.event_elapsed_ms(self.handle, end.handle, ctypes.byref(ms)))
        return ms.value


def kernel(fn):
    """Marks a function as a GPU kernel traced on its first launch."""
    return KernelFunction(fn)


def jit(fn):
    """A host function that launches kernels; each launch compiles once per signature."""

    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    wrapper.__wrapped__ = fn
    wrapper.__name__ = fn.__name__
    return wrapper


__all__ = ["kernel", "jit", "Event", "KernelFunction", "CompiledKernel", "CompileError",
           "code_object_resource_usage",
           "LaunchError", "Value", "from_dlpack", "TensorArgument"]  # fmt: skip
