"""`@flyc.kernel`: a Python function traced into a kernel through libflydsl on its first launch
with each new signature (tensor dtypes and layouts, scalar types, Constexpr values); later
launches reuse the compiled kernel."""

import collections
import contextlib
import ctypes
import functools
import inspect
import math
import numbers
import operator
import struct
import sys
import threading
import types
import typing

from .. import _fast_launch as _fast
from .. import _kernel_api as K
from .._ast_rewrite import rewrite
from .._host_layout import Layout
from .._host_view import HostTensorView
from .._ir_types import bit_width
from .._kernel_layout import CopyAtom, Pointer, TensorValue, TiledCopy, make_tensor
from .._lib import check
from .._mlir._module import Function, InsertionPoint
from .._mma import MmaAtom, TiledMma
from .._trace import Value, _BuilderError, _Tracing, _wrap, fastmath_bits, fastmath_scope
from ..errors import DiagRecord, DSLCompileError, LaunchArgumentError
from ..expr._composite import is_composite_value
from ..expr.numeric import Boolean, Integer, Numeric
from ..expr.typing import Constexpr, Stream, Tensor
from ..runtime.device import resolve_options
from ..utils import env
from . import global_refs
from .backends import MlirCompiler
from .compilation_context import (  # noqa: F401 (FlyDSL's kernel_function names them)
    CompilationContext,
    effective_fastmath_hint,
    llvm_options_text,
    merge_compile_hints,
)
from .diagnostics import user_frames
from .jit_argument import PointerArgument, TensorArgument, _stream_handle, _TensorArg

_HOST_CONSTANTS = (CopyAtom, TiledCopy, Layout, MmaAtom, TiledMma)

# What a launch's grid and block take (FlyDSL's annotations): an extent is an int or a kernel
# integer; a dimension one extent, or up to three in a tuple or list.
DimValueType = typing.Union[int, Value, Integer]
DimType = typing.Union[DimValueType, typing.Tuple[DimValueType, ...], typing.List[DimValueType]]


def _constexpr_of(annotation):
    if typing.get_origin(annotation) is typing.Annotated:
        args = typing.get_args(annotation)
        return args[0] is Constexpr
    return annotation is Constexpr


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


def _compile_options(target=None, arch=None, data_device=0):
    """The options for an explicit target and arch, at FLYDSL_COMPILE_OPT_LEVEL; the library
    reads the environment's choice of target itself (and ignores an ARCH that names no GPU
    arch), and where neither names one, the DLPack device type the arguments lie in chooses.
    All of them join the key."""
    env_target, env_arch = _fast.target_choice()
    o = K.CompileOptions(ctypes.sizeof(K.CompileOptions))
    o.target = target.encode() if target else None
    o.arch = arch.encode() if arch else None
    o.opt_level = env.compile.opt_level
    llvm = llvm_options_text(CompilationContext.get_compile_hints())
    o.llvm_options = llvm.encode() if llvm else None
    chosen = target or env_target
    o.data_device_type = 0 if chosen else data_device
    return o, (chosen, arch or env_arch, o.opt_level, llvm, o.data_device_type)


def _data_device(classified):
    """The DLPack device type every tensor argument lies in (0: none, or several)."""
    types = set()

    def visit(entries):
        for kind, detail in entries:
            if kind == "tensor":
                types.add(detail.device_type)
            elif kind == "bundle":
                visit(detail[1])
            elif kind == "struct":
                visit(detail[2])

    visit(classified)
    return types.pop() if len(types) == 1 else 0


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


def _block_size(value):
    """known_block_size as three positive ints, or None."""
    if value is None:
        return None
    try:
        extents = list(value)
    except TypeError:
        raise TypeError("known_block_size must be a sequence of 3 positive integers, got "
                        f"{type(value).__name__}") from None  # fmt: skip
    if len(extents) != 3:
        raise ValueError(f"known_block_size must have exactly 3 elements (x, y, z), got "
                         f"{len(extents)}")  # fmt: skip
    for i, v in enumerate(extents):
        if isinstance(v, Numeric) and isinstance(v.value, int) and not isinstance(v, Boolean):
            extents[i] = v = v.value  # a host fx.Int32(64), as FlyDSL takes it
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"known_block_size[{i}] must be an int, got {type(v).__name__}")
        if v <= 0:
            raise ValueError(f"known_block_size[{i}] must be positive, got {v}")
    return extents


def _parameter(kernel, kind, detail):
    """The kernel's parameter (or compile-time value) for one classified argument."""
    if kind == "tensor":
        shape, stride, align = detail.spec
        rank = detail.rank
        h = K.tensor_param_spec(
            kernel, K.DTYPES[detail.dtype], rank,
            (ctypes.c_int64 * rank)(*shape), (ctypes.c_int64 * rank)(*stride), align,
        )  # fmt: skip
        _wrap(h, detail.dtype)
        tensor = TensorValue(h, detail.dtype, detail.rank)
        if detail.view is not None:
            return _View(tensor, detail.view)
        return Pointer(tensor) if detail.is_pointer else tensor
    if kind == "scalar":
        return _wrap(K.scalar_param(kernel, K.DTYPES[detail[0]]), detail[0])
    if kind == "bundle":
        names, fields = detail
        return types.SimpleNamespace(**{
            n: _parameter(kernel, k, d) for n, (k, d) in zip(names, fields)
        })  # fmt: skip
    if kind == "struct":  # rebuilt once the views exist (_apply_views)
        cls, names, fields = detail
        return _Struct(cls, {n: _parameter(kernel, k, d) for n, (k, d) in zip(names, fields)})
    return detail


def _valid_block(block):
    """A block a launch can run (one that cannot fails at the launch, which says why)."""
    return min(block) >= 1 and math.prod(block) <= 1024


class _View:
    """A tensor parameter seen through a host view's layout: built after the last parameter,
    since a kernel's parameters come before its first operation."""

    def __init__(self, tensor, layout):
        self.tensor, self.layout = tensor, layout


class _Struct:
    """A struct parameter's fields, made into the struct after the views."""

    def __init__(self, cls, fields):
        self.cls, self.fields = cls, fields


def _apply_views(value):
    if isinstance(value, _View):
        return make_tensor(value.tensor, value.layout)
    if isinstance(value, _Struct):
        return value.cls(**{n: _apply_views(v) for n, v in value.fields.items()})
    if isinstance(value, types.SimpleNamespace):
        return types.SimpleNamespace(**{n: _apply_views(v) for n, v in vars(value).items()})
    return value


_PLAIN_VALUES = (bool, int, float, complex, str, bytes, type(None))


def _instance_key(instance):
    """What a method kernel's compile depends on of its instance: the class, and the attributes
    a trace may bake in as constants (numbers, strings, and tuples, lists, dicts of them).
    FlyDSL keys by the class alone, which runs a kernel traced for another instance's values;
    an attribute of any other kind is not read into the key."""

    def plain(v):
        if isinstance(v, _PLAIN_VALUES):
            return True
        if isinstance(v, (tuple, list)):
            return all(plain(x) for x in v)
        if isinstance(v, dict):
            return all(plain(k) and plain(x) for k, x in v.items())
        return isinstance(v, Numeric)

    fields = getattr(instance, "__dict__", {})
    values = tuple(sorted((k, repr(v)) for k, v in fields.items() if plain(v)))
    return ("self", type(instance), values)


def _launch_args(classified, args):
    """The C launch arguments of classified arguments, bundles flattened in field order."""
    for kind, detail in classified:
        if kind == "tensor":
            args.append(K.Arg(detail.kind, detail.pointer, 0, 0.0))
        elif kind == "scalar":
            value = detail[1]  # checked: an int for ARG_INT, else a float
            if isinstance(value, int):
                args.append(K.Arg(K.ARG_INT, None, value, 0.0))
            else:
                args.append(K.Arg(K.ARG_FLOAT, None, 0, value))
        elif kind == "bundle":
            _launch_args(detail[1], args)
        elif kind == "struct":
            _launch_args(detail[2], args)
    return args


# FlyDSL's kernel attributes (`kernel(..., value_attrs={...})`) that only ask the compiler for an
# occupancy or promise a block-size range: a compiler may decline them, and this one does.
_HINT_ATTRS = ("rocdl.waves_per_eu", "rocdl.flat_work_group_size")
# LLVM function attributes of `value_attrs={"passthrough": [[name, value], ...]}` that only allow
# a faster, less exact float behaviour (flushed denormals, no NaNs assumed): without them a
# kernel computes IEEE results, which those permissions include.
_PERMISSIVE_PASSTHROUGH = (
    "denormal-fp-math",
    "denormal-fp-math-f32",
    "no-nans-fp-math",
    "no-infs-fp-math",
    "no-signed-zeros-fp-math",
    "unsafe-fp-math",
)


def _check_value_attrs(attrs):
    """FlyDSL's value_attrs of a kernel call: hints are taken (and not applied); anything that
    would change what the kernel does is refused rather than dropped."""
    if attrs is None:
        return
    if not isinstance(attrs, dict):
        raise TypeError(f"value_attrs takes a dict, got {type(attrs).__name__}")
    for name, value in attrs.items():
        if name in _HINT_ATTRS or value is None:
            continue
        if name == "passthrough" and all(
            isinstance(entry, (list, tuple)) and len(entry) == 2
            and entry[0] in _PERMISSIVE_PASSTHROUGH
            for entry in value
        ):  # fmt: skip
            continue
        raise NotImplementedError(
            f"the kernel attribute {name!r} is not offered (value_attrs takes "
            f"{', '.join(_HINT_ATTRS)}, hints this compiler does not apply)"
        )


def _type_hints(fn, scope=None):
    """fn's parameter annotations, resolved in its module, its closure and `scope` (the locals
    where it was defined: a type imported inside the enclosing function); one that does not
    resolve stays as written."""
    local = dict(scope or {})
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                local[name] = cell.cell_contents
            except ValueError:  # an empty cell
                pass
    try:
        return typing.get_type_hints(fn, localns=local, include_extras=True)
    except Exception:  # noqa: BLE001 (any annotation may fail to evaluate: resolve one by one)
        hints = {}
        for name, hint in getattr(fn, "__annotations__", {}).items():
            if isinstance(hint, str):
                try:
                    hint = eval(
                        hint, dict(fn.__globals__), local
                    )  # noqa: S307 (the user's own annotation)
                except Exception:  # noqa: BLE001
                    pass
            hints[name] = hint
        return hints


class KernelFunction(global_refs.TracedFunction):
    traced_kind = "kernel"
    compiles = 0  # traces of every kernel function so far (a jit call that made one re-reads)

    def __init__(self, fn, known_block_size=None, name=None, scope=None):
        self.fn = fn
        self._traced = None  # fn after the AST rewrite, made on first compile
        self._name = name
        self.known_block_size = _block_size(known_block_size)
        # Set once a trace asks for the block size (fx.known_block_size()) without a declared
        # one: from then on each launched block size compiles its own kernel.
        self._block_specialized = False
        self.signature = inspect.signature(fn)
        self.hints = _type_hints(fn, scope)
        self.cache = _Bounded(_SIGNATURES_KEPT)
        self._prepared = _Bounded(_SIGNATURES_KEPT)  # (signature, target choice) -> launch
        params = list(self.signature.parameters.values())
        self._names = [p.name for p in params]
        # Defined in a class, the kernel is a method: `self` is the instance it is called on,
        # a compile-time value (see _instance_key).
        self._has_self_param = bool(params) and params[0].name == "self"
        # Calls that give every parameter positionally and take no Stream can use the hot path;
        # Constexpr values join its key. A method's instance may change between calls, so
        # each of its launches takes the slow path, which reads the instance.
        self._positional = not self._has_self_param and all(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            and self.hints.get(p.name) is not Stream
            for p in params
        )
        constexpr = [_constexpr_of(self.hints.get(p.name)) for p in params]
        self._constexpr = constexpr if any(constexpr) else None
        # The module globals the body reads and their values at the first compile: a later
        # launch after one changed raises (global_refs), as the compiled code holds the old.
        self._global_refs = None
        self._global_baseline = None

    @property
    def underlying(self):
        return self.fn

    @property
    def _func(self):
        """FlyDSL's name of the kernel's Python function (renaming it renames the kernel)."""
        return self.fn

    @property
    def name(self):
        """The kernel's symbol: the name given to @flyc.kernel, else the function's."""
        return self._name or self.fn.__name__

    @property
    def _known_block_size(self):
        """FlyDSL's spelling of known_block_size, which its programs also set."""
        return self.known_block_size

    @_known_block_size.setter
    def _known_block_size(self, size):
        self.known_block_size = _block_size(size)

    def _check_globals_drift(self):
        if self._global_baseline is None:
            return
        found = self._global_baseline.drift()
        if found is not None:
            raise global_refs.drift_error(found, f"@flyc.kernel '{self.name}'")

    def __call__(self, *args, **kwargs):
        if "value_attrs" in kwargs and "value_attrs" not in self.signature.parameters:
            _check_value_attrs(kwargs.pop("value_attrs"))
        if not kwargs and self._positional and len(args) == len(self._names):
            return _Launch(self, args, None)
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return _Launch(self, None, list(bound.arguments.items()))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return functools.partial(self, instance)

    def _classify(self, items, hints=None):
        """(kind, detail) per parameter: tensor, scalar, constexpr, stream, the instance of a
        method (self), or a bundle (a SimpleNamespace whose fields are classified in turn and
        rebuilt inside the kernel)."""
        top = hints is None
        hints = self.hints if hints is None else hints
        out = []
        for name, value in items:
            hint = hints.get(name)
            if top and name == "self" and self._has_self_param:
                out.append(("self", value))
            elif _constexpr_of(hint):
                out.append(("constexpr", value))
            elif isinstance(value, _HOST_CONSTANTS):  # atoms, tiled copies, layouts
                out.append(("constexpr", value))
            elif (
                hint is Tensor
                or hasattr(value, "__dlpack__")
                or isinstance(value, (PointerArgument, HostTensorView))
            ):
                out.append(("tensor", _TensorArg(value)))
            elif hint is Pointer:
                raise TypeError(
                    f"argument {name} is a pointer parameter: pass flyc.from_c_void_p(dtype, "
                    f"address) or a tensor, not {type(value).__name__}"
                )
            elif hint is Stream or isinstance(value, Stream):
                out.append(("stream", value))
            elif isinstance(value, types.SimpleNamespace):
                fields = vars(value)
                out.append(("bundle", (tuple(fields), self._classify(fields.items(), {}))))
            elif is_composite_value(value):  # FlyDSL's struct: its fields, by their types
                fields = value.field_values()
                kinds = {name: kind for name, kind, _ in value._base._fields}
                out.append(("struct", (type(value), tuple(fields),
                                       self._classify(fields.items(), kinds))))  # fmt: skip
            else:
                dtype = getattr(hint, "dtype", None)
                if issubclass(type(value), Numeric):  # a host value, not a kernel one
                    dtype, value = type(value).dtype, value.value
                if dtype is None:
                    dtype = "f32" if isinstance(value, float) else "i32"
                out.append(("scalar", (dtype, _checked_scalar(name, dtype, value))))
        return out

    def _key(self, classified):
        key = []
        for kind, detail in classified:
            if kind == "tensor":
                view = None if detail.view is None else str(detail.view)
                key.append(("t", detail.dtype, detail.spec, view))
            elif kind == "scalar":
                key.append(("s", detail[0]))
            elif kind == "constexpr":
                key.append(("c", repr(detail)))
            elif kind == "self":
                key.append(_instance_key(detail))
            elif kind == "bundle":
                key.append(("b", detail[0], self._key(detail[1])))
            elif kind == "struct":  # the class names the Constexpr fields' values
                key.append(("struct", detail[0], self._key(detail[2])))
            else:
                key.append(("stream",))
        return tuple(key)

    def _compile(self, classified, options, block=None, fastmath=0):
        if self._traced is None:
            self._traced = rewrite(self.fn)
        if self._global_refs is None:
            self._global_refs = global_refs.discover(self.fn)
        module = ctypes.c_void_p()
        check(K.module_create(ctypes.byref(module)))
        done = False
        try:
            kernel = ctypes.c_void_p()
            check(K.kernel_create(module, self.name.encode(), ctypes.byref(kernel)))
            declared = self.known_block_size
            target, arch = resolve_options(options)
            scope = _Tracing(kernel, arch, tuple(declared) if declared is not None else block,
                             target)  # fmt: skip
            with scope:
                try:
                    params = [_parameter(kernel, kind, detail) for kind, detail in classified]
                    if declared is not None:
                        K.set_block_size(kernel, *declared)
                    params = [_apply_views(p) for p in params]
                    with fastmath_scope(fastmath):  # the compile's hint: the kernel's default
                        self._traced(*params)
                except _BuilderError as e:
                    # The kernel's line that made it: the innermost frame outside the package.
                    frames = user_frames(e.__traceback__)
                    where = f" (at {frames[0].filename}:{frames[0].line})" if frames else ""
                    record = DiagRecord(str(e), frames)
                    named = str(e) if str(e).startswith(f"{self.name}: ") else f"{self.name}: {e}"
                    raise DSLCompileError(f"{named}{where}", [record]) from None
            if declared is None and block is not None and _valid_block(block):
                # As FlyDSL's: a launch's static block specializes the kernel (its gpu.func's
                # known_block_size, which the compiler may rely on); the launch checks it.
                K.set_block_size(kernel, *block)
                self._block_specialized = True
            # The globals as this trace left them are the baseline: a trace that records what it
            # saw in a global (a log) is not a change between launches.
            self._global_baseline = global_refs.Baseline(self._global_refs)
            KernelFunction.compiles += 1
            check(K.kernel_finish(kernel))
            compiled = MlirCompiler.compile(module, options=options)
            kinds = [kind for kind, _ in classified]
            done = True
            return CompiledKernel(compiled, module, self.name, kinds, options)
        finally:
            if not done:
                K.module_destroy(module)

    def compiled_for(self, classified, target=None, arch=None, block=None):
        """The kernel compiled for these arguments, target and (when known, from a launch) the
        block it is launched with."""
        self._check_globals_drift()
        options, choice = _compile_options(target, arch, _data_device(classified))
        # The symbol and the declared block size are set on the function by some programs
        # between launches (FlyDSL's `_func.__name__`, `_known_block_size`).
        block_size = None if self.known_block_size is None else tuple(self.known_block_size)
        signature = (self._key(classified), _hinted_fastmath(), self.name, block_size)
        key = (signature, choice, block if self._block_specialized else None)
        c = self.cache.get(key)
        if c is None:
            c = self._compile(classified, options, block, signature[1])
            key = (signature, choice, block if self._block_specialized else None)
            self.cache[key] = c
        CompilationContext.record(c)
        return c

    def compile(self, *args, target=None, arch=None, **kwargs):
        """Compiles for these arguments' signature without launching (any target)."""
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return self.compiled_for(self._classify(list(bound.arguments.items())), target, arch)


def _hinted_fastmath():
    """The fast-math bits the compile hints in force ask kernels to default to."""
    hints = CompilationContext.get_compile_hints()
    return fastmath_bits(effective_fastmath_hint(hints)) if hints else 0


def _hinted_options():
    """What the compile hints in force change in a compile (the fast-math default and LLVM's
    options), for the hot path's key as for the compiled kernel's."""
    hints = CompilationContext.get_compile_hints()
    if not hints:
        return 0, None
    return fastmath_bits(effective_fastmath_hint(hints)), llvm_options_text(hints)


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


def _static_block(block):
    """The launch's block as three extents, or None where one is a runtime value (a @flyc.jit
    argument, or computed from one): FlyDSL's dynamic launch dimension, on which the kernel is
    not specialized."""
    extents = block if isinstance(block, (tuple, list)) else (block,)
    if any(getattr(e, "runtime", False) for e in extents):
        return None
    return _dim3(block, "block")


def _integer_for_float(n, dtype):
    """An integer argument of a float parameter, for the library to round once to the
    parameter's type: as it is where an int64 holds it; past that, a double rounded to odd
    (truncated, its last bit set when anything was cut), which the library's round to nearest
    then takes to the same value as rounding n itself would. float(n) rounds to nearest
    first, and rounding twice can miss the nearest value."""
    if -(2**63) <= n < 2**63:
        return n
    if dtype == "f64":
        return float(n)
    cut = abs(n).bit_length() - 53
    kept = abs(n) >> cut
    if kept << cut != abs(n):
        kept |= 1
    return math.ldexp(kept if n > 0 else -kept, cut)  # OverflowError past the doubles


def _checked_scalar(name, dtype, value):
    """A scalar argument as the C API takes it: an integer within its dtype's range for
    integer parameters (an unsigned one as the signed integer of the same bits), a real number
    for float ones."""
    what = f"argument {name} ({dtype})"
    if isinstance(value, Value):
        raise TypeError(
            f"{what} is a kernel value, known only when a kernel or the host function of a "
            "@flyc.jit body runs (that runs after the body's launches): pass a Python number or "
            "compute the value in the kernel"
        )
    if isinstance(value, (str, bytes)) or not isinstance(value, numbers.Number):
        raise TypeError(f"{what} must be a number, not {type(value).__name__} {value!r}")
    if dtype.startswith(("f", "bf")):
        if not isinstance(value, numbers.Real):
            raise TypeError(f"{what} must be a real number, not {value!r}")
        if isinstance(value, numbers.Integral):
            return _integer_for_float(int(value), dtype)
        return float(value)
    bits = bit_width(dtype)
    if dtype.startswith("u"):  # the library takes the same bits as a signed integer
        n = _whole(value, what, 0, 2**bits - 1)
        return n - 2**bits if n >> (bits - 1) else n
    low, high = (0, 1) if bits == 1 else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    return _whole(value, what, low, high)


class _Launch:
    __slots__ = ("kernel", "args", "items")

    def __init__(self, kernel, args, items):
        self.kernel, self.args, self.items = kernel, args, items

    def launch(self, grid=(1,), block=(1,), smem=0, stream=None):
        kernel, key = self.kernel, None
        if compiling_only_active():  # flyc.compile: build, do not run
            items = self.items if self.items is not None else list(zip(kernel._names, self.args))
            kernel.compiled_for(kernel._classify(items), block=_static_block(block))
            return
        if (
            kernel.known_block_size is not None
            and list(_dim3(block, "block")) != kernel.known_block_size
        ):
            raise LaunchArgumentError(
                f"{kernel.name}: the launch's block {block} differs from known_block_size "
                f"{kernel.known_block_size}, the block it is compiled for",
                "FLY_ERROR_LAUNCH",
            )
        passed = self.args
        if passed is not None:
            # Inside a @flyc.jit function its tensors arrive wrapped, compiled as passed.
            passed = [a.tensor if type(a) is TensorArgument and a._as_passed else a for a in passed]
            key = _fast.signature_key(passed, kernel._constexpr)
            if key is not None:
                dims = _static_block(block) if kernel._block_specialized else None
                # The symbol and the declared block size, which programs may set between
                # launches, select the compiled kernel as the slow path's key does.
                known = kernel.known_block_size
                named = (kernel.name, None if known is None else tuple(known))
                key = (key, _fast.raw_choice(), dims, _hinted_options(), named)
                try:
                    prepared = kernel._prepared.get(key)
                except TypeError:  # an unhashable Constexpr value: the slow path only
                    prepared = key = None
                if prepared is not None:
                    kernel._check_globals_drift()
                    try:
                        status = prepared.launch(passed, grid, block, smem, _stream_handle(stream))
                    except (struct.error, OverflowError):
                        pass  # a value its slot cannot hold: the slow path says what is wrong
                    else:
                        check(status)
                        CompilationContext.record(prepared.compiled)  # a @flyc.jit's artifacts
                        return
        items = self.items if self.items is not None else list(zip(kernel._names, self.args))
        classified = kernel._classify(items)
        compiled = kernel.compiled_for(classified, block=_static_block(block))
        args = _launch_args(classified, [])
        cfg = K.LaunchConfig(ctypes.sizeof(K.LaunchConfig))
        cfg.grid[:] = _dim3(grid, "grid")
        cfg.block[:] = _dim3(block, "block")
        cfg.dynamic_smem = _whole(smem, "smem", 0, 2**64 - 1)
        cfg.stream = _stream_handle(stream)
        arr = (K.Arg * len(args))(*args)
        check(K.launch(compiled.handle, compiled.name.encode(), ctypes.byref(cfg), arr, len(args)))
        # This signature launched: the next such launch takes the hot path.
        if key is not None and kernel._block_specialized and key[2] is None:
            key = (key[0], key[1], _dim3(block, "block"), *key[3:])  # this launch specialized it
        if key is not None and key not in kernel._prepared and _fast.usable(classified):
            kernel._prepared[key] = _fast.PreparedLaunch(compiled, classified, passed)
        # Tensors stay borrowed until here: their capsules live in `classified`.
        del classified


_compile_only = threading.local()


def compiling_only_active():
    """Whether launches are only compiled now (see compiling_only)."""
    return getattr(_compile_only, "active", False)


@contextlib.contextmanager
def compiling_only():
    """Kernels launched in this block are compiled, not run (COMPILE_ONLY, flyc.compile)."""
    outer = getattr(_compile_only, "active", False)
    _compile_only.active = True
    try:
        yield
    finally:
        _compile_only.active = outer


class CompiledFunction:
    """What flyc.compile returns: the host function, whose kernels are compiled; calling it
    runs the function (and launches them). Where it was compiled with a pointer argument
    (flyc.from_c_void_p), a call may pass the bare address (an int), as FlyDSL's may.
    `_keepalive` is what the compile made, as FlyDSL's: the @flyc.jit function's artifact
    (its kernels, `source_ir` as built and `ir` after the pipeline); None for a plain function."""

    def __init__(self, fn, args, kwargs, artifact=None):
        self.fn = fn
        self._keepalive = artifact
        functools.update_wrapper(self, fn)
        self._pointers = {i: a.dtype for i, a in enumerate(args) if isinstance(a, PointerArgument)}
        self._pointers.update(
            {k: a.dtype for k, a in kwargs.items() if isinstance(a, PointerArgument)}
        )

    def _as_passed(self, key, value):
        dtype = self._pointers.get(key)
        if dtype is not None and isinstance(value, (int, ctypes.c_void_p)):
            return PointerArgument(dtype, value)
        return value

    def __call__(self, *args, **kwargs):
        args = [self._as_passed(i, a) for i, a in enumerate(args)]
        kwargs = {k: self._as_passed(k, a) for k, a in kwargs.items()}
        return self.fn(*args, **kwargs)


def _hinted(fn, hints):
    """`fn` run under compile hints (CompilationContext.compile_hints), keeping its cache."""

    @functools.wraps(fn)
    def run(*args, **kwargs):
        with CompilationContext.compile_hints(hints):
            return fn(*args, **kwargs)

    run._mem_cache = getattr(fn, "_mem_cache", {})
    return run


class _Compile:
    """FlyDSL's `flyc.compile`: `flyc.compile(launch, *args)` runs the launcher once with these
    arguments, compiling and launching its kernels as a call does, and returns a
    CompiledFunction for the calls after (FlyDSL's programs rely on that first run); under
    COMPILE_ONLY it compiles them, launches none and returns None. `flyc.compile[hints]` is
    the same under compile hints ({"fastmath": "fast"}, ...; `_compile_hints`), which, as
    FlyDSL does, it adds to a @flyc.jit launcher's own `compile_hints` (they stay for its later
    calls); a plain function runs under them. With no arguments: the (hinted) launcher itself,
    to call later."""

    def __init__(self, hints=None):
        self._compile_hints = hints

    def __getitem__(self, hints):
        if not isinstance(hints, dict):
            raise TypeError(f"flyc.compile[...] expects a dict of compile hints, got "
                            f"{type(hints).__name__}")  # fmt: skip
        return _Compile({**(self._compile_hints or {}), **hints})

    def __call__(self, fn, *args, **kwargs):
        launcher = fn
        if self._compile_hints and isinstance(getattr(fn, "compile_hints", None), dict):
            fn.compile_hints = {**fn.compile_hints, **self._compile_hints}
        elif self._compile_hints:
            fn = _hinted(fn, self._compile_hints)
        if not args and not kwargs:
            return fn
        if not env.compile.compile_only:
            fn(*args, **kwargs)
            last = getattr(launcher, "_last_compiled", None)
            return CompiledFunction(fn, args, kwargs, last[1] if last else None)
        with compiling_only():
            fn(*args, **kwargs)
        return None


compile = _Compile()  # noqa: A001 (FlyDSL's name)


def kernel(func=None, *, known_block_size=None, name=None):
    """Marks a function as a GPU kernel traced on its first launch: `@flyc.kernel`, or
    `@flyc.kernel(known_block_size=[x, y, z], name="...")` to declare the block every launch
    uses (the compiler may rely on it) and the kernel's symbol name."""
    if func is None:
        return lambda f: KernelFunction(f, known_block_size, name, sys._getframe(1).f_locals)
    return KernelFunction(func, known_block_size, name, sys._getframe(1).f_locals)


class _GpuModule:
    """create_gpu_module's module: a module's functions are the kernels of its one gpu.module
    (named `kernels` whatever name is asked for), so this is the module itself."""

    def __init__(self, module, name):
        self.module, self.sym_name = module, name

    @property
    def body(self):
        return self.module.body


def create_gpu_module(sym_name, targets=None, *, use_explicit_module=False, loc=None, ip=None):
    """FlyDSL's gpu.module builder, for modules built by hand (`flydsl._mlir`): the functions
    made in its body (get_gpu_module_body) are kernels of the module at the insertion point.
    The target is chosen when a kernel compiles, so `targets` is not used."""
    point = ip if ip is not None else InsertionPoint.current()
    if point.block.function is not None:
        raise ValueError("a gpu.module goes in a module body, not inside a function")
    return _GpuModule(point.block.module, sym_name)


def get_gpu_module_body(module_op):
    return module_op.body


def create_gpu_func(sym_name, function_type, *, known_block_size=None, loc=None, ip=None):
    """A kernel (gpu.func) of the module at the insertion point, as func.FuncOp makes one;
    `known_block_size` (three positive ints) is the block every launch must have."""
    block = _block_size(known_block_size)
    f = Function(sym_name, function_type, loc=loc, ip=ip)
    if block is not None:
        K.set_block_size(f.kernel, *block)
    return f


__all__ = ["kernel", "compile", "DimType", "DimValueType", "CompiledFunction", "KernelFunction",
           "CompiledKernel",
           "code_object_resource_usage", "create_gpu_module", "create_gpu_func",
           "get_gpu_module_body"]  # fmt: skip
