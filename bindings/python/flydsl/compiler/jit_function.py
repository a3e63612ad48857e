"""`@flyc.jit`: host functions that launch kernels.

As in FlyDSL, a parameter annotated `fx.Tensor` is seen inside the function as a tensor
argument (`A.shape.unpack()`, `A.stride()`), which kernels it launches take as they would take
the tensor itself; one annotated with a numeric type (`n: fx.Int32`) arrives as a runtime value
of that type (`fx.Int32(n)`, whose `runtime` is set: a launch dimension computed from it does
not specialize the kernel); an argument of a type registered with JitArgumentRegistry arrives
as its adapter makes it; other arguments arrive as passed. The body runs as Python; what it
computes from kernel values goes to the call's host function (see host_function), compiled
and run after the body.

Each call has FlyDSL's cache key (`_build_full_cache_key`): the module globals the function
and its kernels read (a stable snapshot, `_globals_key_prefix`), the environment variables that
change code generation (`_env_`), the target (a GPUTarget), the compile hints in effect, then
per parameter the type of a runtime value or stream, a tensor's dtype and layout signature, a
Constexpr's or other value's own signature (`protocol.cache_signature`), and the library
(`_flydsl_key`). `_mem_cache` maps the keys of calls to what they compiled or reused (a
JitArtifact: the host function and the kernels), `_last_compiled` is the latest (key,
artifact); a call that used the same kernels as the one before it adds nothing and computes no
key. The kernels themselves are compiled and cached per kernel, by their own signatures.

The globals read are checked on every call against their values at the first call: a changed
one raises RuntimeError naming it (see global_refs), as the compiled kernels hold the old
value. `manager_key` is FlyDSL's identity of the function's code (its source, its
dependencies' and the values its closures capture, hashed); there is no per-function disk
cache here (`cache_manager` is None): the library's own disk cache keys compiled kernels by
their IR."""

import functools
import hashlib
import inspect
import os
import typing

from .. import _fast_launch as _fast
from .. import _lib
from .._ast_rewrite import rewrite
from .._trace import Value, _BuilderError, host_function, host_tracing, tracing
from ..expr.numeric import Numeric
from ..expr.typing import Constexpr, Stream, Tensor
from ..utils import env
from . import global_refs
from .backends import GPUTarget, MlirCompiler, current_target
from .compilation_context import CompilationContext, merge_compile_hints
from .host_function import HostFunction
from .jit_argument import (
    JitArgumentRegistry,
    TensorArgument,
    is_type_param_annotation,
    passed_tensor_signature,
)
from .kernel_function import KernelFunction, compiling_only
from .protocol import cache_signature


@functools.lru_cache(maxsize=None)
def _flydsl_key():
    """What a compiled artifact depends on besides the call: this library's version and ABI."""
    return f"flydsl-{_lib.lib.fly_version().decode()}-abi{_lib.lib.fly_abi_version()}"


# The environment variables that change the code a call compiles besides the target: read
# again on every key (a process may change them between calls).
_CACHE_INVALIDATING_ENV_VARS = (
    "FLYDSL_COMPILE_OPT_LEVEL",
    "FLYDSL_COMPILE_BACKEND",
    "FLYDSL_COMPILE_LLVM_DIR",
    "FLYDSL_DEBUG_ENABLE_DEBUG_INFO",
    "FLYDSL_EXTRA_SOURCE_DIRS",
    "FLYDSL_CPU_FIBERS",
)


def _cache_invalidating_env_values():
    return tuple((name, os.environ.get(name, "")) for name in _CACHE_INVALIDATING_ENV_VARS)


@functools.lru_cache(maxsize=16)
def _target_for(choice):
    """The GPUTarget of the environment's target choice (`_fast.raw_choice()`)."""
    return current_target()


# FlyDSL's names for the steps of the globals accounting (see global_refs).
_NOT_IN_BASELINE = global_refs.NOT_IN_BASELINE
_snapshot_global_value = global_refs.snapshot_value
_discover_global_refs = global_refs.discover
_snapshot_refs = global_refs.snapshot
_collect_closure_scalar_vals = global_refs.closure_values
_collect_dependency_sources = global_refs.dependency_sources
_keys_in_progress = global_refs.keys_in_progress
_get_underlying_func = global_refs.underlying_function


def _jit_function_cache_key(func, owner_cls=None):
    """FlyDSL's `manager_key`: a hash of the library's key, `func`'s source, what it depends on
    (global_refs.dependency_sources) and the values its closures capture."""
    in_progress = _keys_in_progress()
    added = id(func) not in in_progress
    in_progress.add(id(func))
    try:
        try:
            root = inspect.getfile(func)
        except (TypeError, OSError):
            root = ""
        parts = [_flydsl_key(), global_refs.function_source(func)]
        parts += sorted(_collect_dependency_sources(func, root, owner_cls=owner_cls))
        captured = sorted(_collect_closure_scalar_vals(func))
        if captured:
            parts.append("closure_vals:" + ",".join(captured))
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    finally:
        if added:
            in_progress.discard(id(func))


def _hints(fn):
    try:
        return typing.get_type_hints(fn, include_extras=True)
    except (NameError, TypeError):  # an annotation that does not resolve: read them as written
        return getattr(fn, "__annotations__", {})


def _is_constexpr(hint):
    if hint is Constexpr or hint == "fx.Constexpr":
        return True
    return typing.get_origin(hint) is typing.Annotated and typing.get_args(hint)[0] is Constexpr


def _is_runtime_type(hint):
    return isinstance(hint, type) and issubclass(hint, Numeric) and hint.dtype is not None


def _runtime_value(cls, value):
    """`value` as a runtime value of `cls` (one already a numeric keeps its value)."""
    if type(value) is cls and value.runtime:
        return value
    out = cls(value)
    out.runtime = True
    return out


def _traced_form(fn):
    """fn as a kernel runs it: called while a kernel is traced (a helper of the kernel), its
    `for`, `while` and `if` over kernel values become the kernel's loops and branches, as in a
    @flyc.kernel body; on the host it runs as written."""
    rewritten = None

    def call(*args, **kwargs):
        nonlocal rewritten
        if not tracing():
            return fn(*args, **kwargs)
        if rewritten is None:
            rewritten = rewrite(fn)
        return rewritten(*args, **kwargs)

    return call


class JitArtifact:
    """What calls of a @flyc.jit function with one cache key compiled or reused: its kernels
    (CompiledKernel, each once), their IR as built (`source_ir`) and after the target's
    pipeline (`ir`), as FlyDSL's compiled artifacts show them."""

    def __init__(self, kernels):
        self.kernels = list(dict.fromkeys(kernels))

    @property
    def source_ir(self):
        return "\n".join(k.ir(compiled=False) for k in self.kernels)

    @property
    def ir(self):
        return "\n".join(k.ir(compiled=True) for k in self.kernels)


class JitFunction(global_refs.TracedFunction):
    """A host function that launches kernels (see the module). `compile_hints` are its own
    hints, under those of an enclosing `CompilationContext.compile_hints` block; `func` is the
    function it wraps. Defined in a class, it is a method (`self` is bound, and its type is
    the key's first entry)."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.func = fn
        self.compile_hints = {}
        self._mem_cache = {}
        self._last_compiled = None
        self._sig = None
        self._has_self_param = False
        self._body = _traced_form(fn)
        self.manager_key = None
        self._manager_owner_cls = None
        self.cache_manager = None  # no per-function disk cache here (see the module)
        # Per owner class (None for a plain function): the globals read (discovered once),
        # their values at the first call, and the key segment made from them.
        self._global_refs_cache = {}
        self._used_global_vals = {}
        self._globals_prefix_cache = {}
        self._baselines = {}  # owner class -> global_refs.Baseline of _used_global_vals

    def _ensure_sig(self):
        """Reads the signature and annotations once, at the first call (annotations may name
        what is defined after the function)."""
        if self._sig is not None:
            return
        annotations = _hints(self.func)
        self._kinds = {}
        for name, hint in annotations.items():
            if hint is Tensor or hint == "fx.Tensor":
                self._kinds[name] = "tensor"
            elif _is_constexpr(hint):
                self._kinds[name] = "constexpr"
            elif hint is Stream or hint == "fx.Stream":
                self._kinds[name] = "stream"
            elif is_type_param_annotation(hint):
                self._kinds[name] = "type"
            elif _is_runtime_type(hint):
                self._kinds[name] = hint
        self._sig = inspect.signature(self.func)
        first = next(iter(self._sig.parameters), None)
        self._has_self_param = first == "self"
        # A call that passes every parameter by position binds without inspect (the common
        # case; every call binds).
        plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in self._sig.parameters.values())
        self._names = tuple(self._sig.parameters) if plain else None

    traced_kind = "jit"

    @property
    def underlying(self):
        return self.func

    def _ensure_cache_manager(self, owner_cls=None):
        """Computes `manager_key` (once per owner class)."""
        if self.manager_key is not None and self._manager_owner_cls is owner_cls:
            return
        self._manager_owner_cls = owner_cls
        self.manager_key = _jit_function_cache_key(self.func, owner_cls)

    def _get_global_refs(self, owner_cls=None):
        refs = self._global_refs_cache.get(owner_cls)
        if refs is None:
            refs = self._global_refs_cache[owner_cls] = _discover_global_refs(self.func, owner_cls)
        return refs

    def _check_globals_drift(self, owner_cls=None):
        """Raises RuntimeError naming a global read that changed since the first call (cheaply
        while the baseline of `_used_global_vals` is this function's own Baseline and nothing
        was rebound)."""
        baseline = self._baselines.get(owner_cls)
        if baseline is not None and baseline.summary is self._used_global_vals[owner_cls]:
            found = baseline.drift()
        else:
            found = global_refs.drift(
                self._get_global_refs(owner_cls), self._used_global_vals[owner_cls]
            )
        if found is not None:
            raise global_refs.drift_error(found, f"@flyc.jit '{self.func.__name__}'")

    def _globals_key_prefix(self, owner_cls=None):
        """The key's `_globals_` segment: the stable snapshot of the globals read, taken once
        (a change raises before a stale segment could be used)."""
        prefix = self._globals_prefix_cache.get(owner_cls)
        if prefix is None:
            stable = _snapshot_refs(self._get_global_refs(owner_cls), stable=True)
            prefix = (("_globals_", tuple(sorted(stable.items()))),) if stable else ()
            self._globals_prefix_cache[owner_cls] = prefix
        return prefix

    def _build_full_cache_key(self, bound_arguments, *, owner_cls=None, bound_self=None,
                              effective_hints=None):  # fmt: skip
        """The whole key of a call: the globals segment, then _resolve_and_make_cache_key's,
        after the type of a bound `self` where there is one."""
        key = self._globals_key_prefix(owner_cls)
        key += self._resolve_and_make_cache_key(bound_arguments, effective_hints)
        if bound_self is not None:
            key = (("_self_type_", type(bound_self)),) + key
        return key

    def _effective_compile_hints(self):
        """This function's hints, those of the innermost enclosing block winning."""
        return merge_compile_hints(self.compile_hints, CompilationContext.get_compile_hints())

    def _adapt(self, arguments):
        """The arguments as the body sees them (see the module), in place."""
        if JitArgumentRegistry.active():
            for name, value in arguments.items():
                arguments[name] = JitArgumentRegistry.adapt(value)
        for name, kind in self._kinds.items():
            if name not in arguments:
                continue
            value = arguments[name]
            if kind == "tensor" and value is not None and not isinstance(value, TensorArgument):
                arguments[name] = TensorArgument(value, as_passed=True)
            elif isinstance(kind, type):
                arguments[name] = _runtime_value(kind, value)
        return arguments

    def _argument_signature(self, name, value):
        kind = self._kinds.get(name)
        if kind is None:
            return cache_signature(value)
        if kind == "stream":
            return (Stream,)
        if kind == "type":  # a class: itself
            return value
        if isinstance(kind, type):
            return (kind,)
        if kind == "tensor" and not isinstance(value, TensorArgument):
            return passed_tensor_signature(value)
        return cache_signature(value)

    def _resolve_and_make_cache_key(self, arguments, hints=None, *, effective_hints=None):
        """FlyDSL's key of a call with these bound arguments (see the module); `hints`, where
        given, are the compile hints in effect."""
        self._ensure_sig()
        hints = effective_hints if hints is None else hints
        adapt = JitArgumentRegistry.adapt if JitArgumentRegistry.active() else None
        key = [("_env_", _cache_invalidating_env_values()),
               ("_target_", _target_for(_fast.raw_choice()))]  # fmt: skip
        if hints is None:
            hints = self._effective_compile_hints()
        if hints:
            key.append(
                ("_hints_", tuple(sorted((k, cache_signature(v)) for k, v in hints.items())))
            )
        for name, value in arguments.items():
            if name == "self" and self._has_self_param:
                key.append(("_self_type_", type(value)))
                continue
            if adapt is not None:
                value = adapt(value)
            key.append((name, self._argument_signature(name, value)))
        key.append(("_flydsl_", _flydsl_key()))
        return tuple(key)

    def __call__(self, *args, **kwargs):
        if tracing():  # a helper of the kernel being traced: its arguments are kernel values
            return self._body(*args, **kwargs)
        self._ensure_sig()
        bound = None
        if not kwargs and self._names is not None and len(args) == len(self._names):
            arguments = dict(zip(self._names, args))
        else:
            bound = self._sig.bind(*args, **kwargs)
            bound.apply_defaults()
            arguments = bound.arguments
        owner = type(arguments["self"]) if self._has_self_param and "self" in arguments else None
        if owner in self._used_global_vals:
            self._check_globals_drift(owner)
        compiles = KernelFunction.compiles
        hints = self._effective_compile_hints()
        self._adapt(arguments)  # in place: bound.args and bound.kwargs read it
        args, kwargs = (bound.args, bound.kwargs) if bound else (tuple(arguments.values()), {})
        if _fast.is_set("COMPILE_ONLY") and env.compile.compile_only:
            # FlyDSL's COMPILE_ONLY: the call compiles its kernels, launches none, gives None.
            try:
                with compiling_only():
                    _, kernels = self._run(hints, args, kwargs)
            finally:
                self._rebaseline(owner, compiles)
            self._record(arguments, hints, list(dict.fromkeys(kernels)))
            return None
        try:
            result, kernels = self._run(hints, args, kwargs)
        finally:
            self._rebaseline(owner, compiles)
        # A call given values of an enclosing call's host function is part of that function,
        # and its kernel values sign no key of their own.
        if not any(isinstance(v, Value) for v in arguments.values()):
            self._record(arguments, hints, list(dict.fromkeys(kernels)))
        return result

    def _run(self, hints, args, kwargs):
        """The body under the compile hints, with its host function (that of the outermost
        @flyc.jit call: see host_function), which is compiled and run after it: (the body's
        result, the CompiledKernels the call used, the host function's first)."""
        host = None if host_tracing() else HostFunction(self.func.__name__)
        with CompilationContext.compile_hints(hints), host_function(host):
            try:
                result, kernels = CompilationContext.run_recording(self._body, *args, **kwargs)
            except _BuilderError as e:
                if host is None:
                    raise
                host.discard()
                raise host.builder_error(e) from None
            except BaseException:
                if host is not None:
                    host.discard()
                raise
            if host is not None and host.opened:
                kernels = [host.finish(), *kernels]
        return result, kernels

    def _rebaseline(self, owner, compiles):
        """After the first call, or one that traced a kernel, the globals as it left them are
        the baseline the next calls are checked against (what a trace wrote into a global is
        not a change made between calls)."""
        if owner not in self._used_global_vals or KernelFunction.compiles != compiles:
            baseline = self._baselines[owner] = global_refs.Baseline(self._get_global_refs(owner))
            self._used_global_vals[owner] = baseline.summary

    def _record(self, arguments, hints, kernels):
        """Files what the call used under its key. A call that used the kernels of the call
        before it is that call's artifact again, and computes no key: that keeps the key off
        the path of a launch repeated in a loop. (The adapted arguments sign as the passed
        ones do.)"""
        last = self._last_compiled
        if last is not None and last[1].kernels == kernels:
            return
        owner = type(arguments["self"]) if self._has_self_param and "self" in arguments else None
        key = self._globals_key_prefix(owner) + self._resolve_and_make_cache_key(arguments, hints)
        artifact = self._mem_cache.get(key)
        if artifact is None or artifact.kernels != kernels:
            artifact = self._mem_cache[key] = JitArtifact(kernels)
        self._last_compiled = (key, artifact)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return functools.partial(self, instance)


def jit(func):
    """A host function that launches kernels; each launch compiles once per signature."""
    return JitFunction(func)


__all__ = ["jit", "GPUTarget", "JitFunction", "JitArtifact", "MlirCompiler"]
