"""Elementwise math on kernel values (`fx.math.exp(x)`, also `fx.exp(x)`)."""

from .._trace import unary


def exp(x):
    return unary("exp", x)


def exp2(x):
    return unary("exp2", x)


def log(x):
    return unary("log", x)


def log2(x):
    return unary("log2", x)


def sqrt(x):
    return unary("sqrt", x)


def rsqrt(x):
    return unary("rsqrt", x)


def tanh(x):
    return unary("tanh", x)


def erf(x):
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
