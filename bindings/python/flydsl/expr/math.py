"""Elementwise math on kernel values (`fx.math.exp(x)`, also `fx.exp(x)`).

`fastmath=` (FlyDSL's flags) is accepted and not applied: the results keep IEEE semantics, which
every fast-math flag allows."""

from .._trace import unary


def exp(x, *, fastmath=None):
    return unary("exp", x)


def exp2(x, *, fastmath=None):
    return unary("exp2", x)


def log(x, *, fastmath=None):
    return unary("log", x)


def log2(x, *, fastmath=None):
    return unary("log2", x)


def sqrt(x, *, fastmath=None):
    return unary("sqrt", x)


def rsqrt(x, *, fastmath=None):
    return unary("rsqrt", x)


def tanh(x, *, fastmath=None):
    return unary("tanh", x)


def erf(x, *, fastmath=None):
    return unary("erf", x)


__all__ = [
    "exp",
    "exp2",
    "log",
    "log2",
    "sqrt",
    "rsqrt",
    "tanh",
    "erf",
]
