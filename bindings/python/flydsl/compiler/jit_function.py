"""`@flyc.jit`: host functions that launch kernels.

As in FlyDSL, a parameter annotated `fx.Tensor` is seen inside the function as a tensor
argument (`A.shape.unpack()`, `A.stride()`), which kernels it launches take as they would take
the tensor itself; other arguments arrive as passed."""

import functools
import inspect
import typing

from .._ast_rewrite import rewrite
from .._trace import tracing
from ..expr.typing import Tensor
from .compilation_context import CompilationContext
from .jit_argument import TensorArgument


def _tensor_parameters(fn):
    try:
        hints = typing.get_type_hints(fn)
    except (NameError, TypeError):  # an annotation that does not resolve: read them as written
        hints = getattr(fn, "__annotations__", {})
    return [name for name, hint in hints.items() if hint is Tensor or hint == "fx.Tensor"]


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
    """What one call of a @flyc.jit function compiled or reused: its kernels (CompiledKernel),
    their IR as built (`source_ir`) and after the target's pipeline (`ir`), as FlyDSL's
    compiled artifacts show them."""

    def __init__(self, kernels):
        self.kernels = list(kernels)

    @property
    def source_ir(self):
        return "\n".join(k.ir(compiled=False) for k in self.kernels)

    @property
    def ir(self):
        return "\n".join(k.ir(compiled=True) for k in self.kernels)


def jit(fn):
    """A host function that launches kernels; each launch compiles once per signature. Its
    `_mem_cache` maps each distinct set of kernels a call used to their JitArtifact."""
    signature = inspect.signature(fn)
    tensors = _tensor_parameters(fn)
    body = _traced_form(fn)
    mem_cache = {}
    hints = {}  # the function's own compile hints (FlyDSL's `launch.compile_hints[...] = ...`)

    def run(*args, **kwargs):
        with CompilationContext.compile_hints(hints):
            result, kernels = CompilationContext.run_recording(body, *args, **kwargs)
        if kernels:
            mem_cache.setdefault(tuple(id(k) for k in kernels), JitArtifact(kernels))
        return result

    if not tensors:
        plain = functools.wraps(fn)(lambda *args, **kwargs: run(*args, **kwargs))
        plain.func = fn  # FlyDSL's name for the function a jit wraps
        plain._mem_cache, plain.compile_hints = mem_cache, hints
        return plain

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        for name in tensors:
            value = bound.arguments.get(name)
            if value is not None and not isinstance(value, TensorArgument):
                bound.arguments[name] = TensorArgument(value, as_passed=True)
        return run(*bound.args, **bound.kwargs)

    wrapper.func = fn
    wrapper._mem_cache, wrapper.compile_hints = mem_cache, hints
    return wrapper


__all__ = ["jit", "JitArtifact"]
