"""FlyDSL's tracing helpers for code that builds on the DSL: ambient tracing options
(`tracing_context(**options)`, `tracing_option(key)`) and the decorators its primitives wear.

Here the library attaches no user source locations to ops and every op already returns a typed
kernel value, so `dsl_loc_tracing` and `dsl_wrap_result` leave the function as it is and
`capture_user_location` gives a no-op context."""

import contextlib
import functools
import threading

from .._trace import traced_block_size

_tls = threading.local()


def _stack():
    if not hasattr(_tls, "stack"):
        _tls.stack = []
    return _tls.stack


@contextlib.contextmanager
def tracing_context(func=None, **options):
    """Makes `options` readable with tracing_option inside the `with` block (an explicit None
    shadows an enclosing setting)."""
    stack = _stack()
    stack.append(options)
    try:
        yield
    finally:
        stack.pop()


def tracing_option(key, default=None):
    """The innermost tracing_context's value of `key`; "known_block_size" falls back to the
    block the kernel being traced is compiled for."""
    for options in reversed(_stack()):
        if key in options:
            return options[key]
    if key == "known_block_size":
        block = traced_block_size()
        if block is not None:
            return tuple(block)
    return default


def capture_user_location():
    return contextlib.nullcontext()


def dsl_loc_tracing(fn):
    """The function itself (see the module's note on locations)."""
    return fn


def dsl_wrap_result(target=None):
    """The function itself, as a decorator with or without a target type (results are typed
    kernel values already)."""
    if callable(target) and not isinstance(target, type):
        return target
    return lambda fn: functools.wraps(fn)(fn)


__all__ = [
    "capture_user_location",
    "dsl_loc_tracing",
    "dsl_wrap_result",
    "tracing_context",
    "tracing_option",
]
