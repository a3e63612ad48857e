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


def jit(fn):
    """A host function that launches kernels; each launch compiles once per signature."""
    signature = inspect.signature(fn)
    tensors = _tensor_parameters(fn)
    run = CompilationContext.run
    body = _traced_form(fn)
    if not tensors:
        plain = functools.wraps(fn)(lambda *args, **kwargs: run(body, *args, **kwargs))
        plain.func = fn  # FlyDSL's name for the function a jit wraps
        return plain

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        for name in tensors:
            value = bound.arguments.get(name)
            if value is not None and not isinstance(value, TensorArgument):
                bound.arguments[name] = TensorArgument(value, as_passed=True)
        return run(body, *bound.args, **bound.kwargs)

    wrapper.func = fn
    return wrapper


__all__ = ["jit"]
