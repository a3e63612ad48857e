"""`@flyc.jit`: host functions that launch kernels.

As in FlyDSL, a parameter annotated `fx.Tensor` is seen inside the function as a tensor
argument (`A.shape.unpack()`, `A.stride()`), which kernels it launches take as they would take
the tensor itself; one annotated with a numeric type (`n: fx.Int32`) arrives as a runtime value
of that type (`fx.Int32(n)`, whose `runtime` is set: a launch dimension computed from it does
not specialize the kernel); an argument of a type registered with JitArgumentRegistry arrives
as its adapter makes it; other arguments arrive as passed.

Each call has FlyDSL's cache key (`_resolve_and_make_cache_key`): per parameter, the type of a
runtime value or stream, a tensor's dtype and layout signature, a Constexpr's or other value's
own signature (`protocol.cache_signature`), then the compile hints in effect, the target and
the library (`_flydsl_key`). `_mem_cache` maps the keys of calls to what they compiled or
reused (a JitArtifact), `_last_compiled` is the latest (key, artifact); a call that launched
the same kernels as the one before it adds nothing and computes no key. The kernels
themselves are compiled and cached per kernel, by their own signatures."""

import functools
import inspect
import typing

from .. import _fast_launch as _fast
from .. import _lib
from .._ast_rewrite import rewrite
from .._trace import tracing
from ..expr.numeric import Numeric
from ..expr.typing import Constexpr, Stream, Tensor
from .backends import MlirCompiler
from .compilation_context import CompilationContext, merge_compile_hints
from .jit_argument import JitArgumentRegistry, TensorArgument, passed_tensor_signature
from .protocol import cache_signature


@functools.lru_cache(maxsize=None)
def _flydsl_key():
    """What a compiled artifact depends on besides the call: this library's version and ABI."""
    return f"flydsl-{_lib.lib.fly_version().decode()}-abi{_lib.lib.fly_abi_version()}"


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


class JitFunction:
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
            elif _is_runtime_type(hint):
                self._kinds[name] = hint
        self._sig = inspect.signature(self.func)
        first = next(iter(self._sig.parameters), None)
        self._has_self_param = first == "self"
        # A call that passes every parameter by position binds without inspect (the common
        # case; every call binds).
        plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in self._sig.parameters.values())
        self._names = tuple(self._sig.parameters) if plain else None

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
        if isinstance(kind, type):
            return (kind,)
        if kind == "tensor" and not isinstance(value, TensorArgument):
            return passed_tensor_signature(value)
        return cache_signature(value)

    def _resolve_and_make_cache_key(self, arguments, hints=None):
        """FlyDSL's key of a call with these bound arguments (see the module); `hints`, where
        given, are the compile hints in effect."""
        self._ensure_sig()
        adapt = JitArgumentRegistry.adapt if JitArgumentRegistry.active() else None
        key = []
        for name, value in arguments.items():
            if name == "self" and self._has_self_param:
                key.append(("_self_type_", type(value)))
                continue
            if adapt is not None:
                value = adapt(value)
            key.append((name, self._argument_signature(name, value)))
        if hints is None:
            hints = self._effective_compile_hints()
        if hints:
            hints = tuple(sorted((k, cache_signature(v)) for k, v in hints.items()))
        key.append(("_hints_", hints or ()))
        key.append(("_target_", _fast.raw_choice()))  # what chooses the target and arch
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
        hints = self._effective_compile_hints()
        self._adapt(arguments)  # in place: bound.args and bound.kwargs read it
        args, kwargs = (bound.args, bound.kwargs) if bound else (tuple(arguments.values()), {})
        with CompilationContext.compile_hints(hints):
            result, kernels = CompilationContext.run_recording(self._body, *args, **kwargs)
        if kernels:
            self._record(arguments, hints, list(dict.fromkeys(kernels)))
        return result

    def _record(self, arguments, hints, kernels):
        """Files what the call used under its key. A call that used the kernels of the call
        before it is that call's artifact again, and computes no key: that keeps the key off
        the path of a launch repeated in a loop. (The adapted arguments sign as the passed
        ones do.)"""
        last = self._last_compiled
        if last is not None and last[1].kernels == kernels:
            return
        key = self._resolve_and_make_cache_key(arguments, hints)
        artifact = self._mem_cache.get(key)
        if artifact is None or artifact.kernels != kernels:
            artifact = self._mem_cache[key] = JitArtifact(kernels)
        self._last_compiled = (key, artifact)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return functools.partial(self, instance)


def jit(fn):
    """A host function that launches kernels; each launch compiles once per signature."""
    return JitFunction(fn)


__all__ = ["jit", "JitFunction", "JitArtifact", "MlirCompiler"]
