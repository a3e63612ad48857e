"""FlyDSL's `flydsl.expr.utils`: where its kernels import ArithValue from (`.arith`),
`print_typst` (drawings of layouts, MMAs and copies) and `lazy_classattr`."""

from .print_typst import print_typst


class lazy_classattr:  # noqa: N801 (FlyDSL's name)
    """A class attribute whose value `fn()` computes at each read, on the class or on an
    instance: for values that only exist while something else does (a type of the kernel being
    traced), so that none outlives it in the class."""

    def __init__(self, fn):
        self._fn = fn
        self._name = None

    def __set_name__(self, owner, name):
        self._name = name

    def __get__(self, instance, owner=None):
        return self._fn()

    def __repr__(self):
        return f"<lazy_classattr {self._name or '?'}>"


__all__ = ["print_typst", "lazy_classattr"]
