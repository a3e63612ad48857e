"""Arithmetic on kernel values beyond Python's operators."""

from .._trace import _binary, select_value


def maximum(a, b):
    return _binary("max", a, b)


def minimum(a, b):
    return _binary("min", a, b)


__all__ = [
    "maximum",
    "minimum",
    "select_value",
]
