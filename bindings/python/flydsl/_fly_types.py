"""The Fly dialect's types as Python sees them (`value.type` in FlyDSL): an int tuple's
(`!fly.int_tuple<(4,(8,2))>`), a basis element's, a layout's (`!fly.layout<(4,8):(1,4)>`) and a
composed layout's, with FlyDSL's queries (`rank`, `depth`, `is_leaf`, `is_static`,
`is_leaf_basis`, `get_leaf_as_basis`, `at(i)`, a layout's `shape` and `stride`).

A type is its structure: nested tuples whose leaves are ints, basis elements (anything with
`value` and `modes`) or DYNAMIC, a leaf known only when the kernel runs. Nothing here computes
layout algebra; the values that have these types do (flydsl._host_layout on the host, the
kernel builder in kernels)."""


class _Dynamic:
    """A leaf known only at run time; printed `?`, as in the dialect."""

    def __repr__(self):
        return "?"


DYNAMIC = _Dynamic()


def _is_basis(x):
    return hasattr(x, "modes") and hasattr(x, "value")


def _leaf_text(x):
    if _is_basis(x):
        value = "?" if x.value is DYNAMIC else str(x.value)
        return value + "".join(f"E{m}" for m in x.modes)
    return repr(x) if x is DYNAMIC else str(int(x))


def tree_text(tree):
    """A tree as the dialect prints it: `(4,(8,2))`, `1E0`, `?`."""
    if isinstance(tree, (tuple, list)):
        return "(" + ",".join(tree_text(e) for e in tree) + ")"
    return _leaf_text(tree)


def is_runtime_leaf(x):
    """Whether a host leaf holds a value of this call only (a @flyc.jit function's `fx.Int32`
    parameter, or what is computed from it): a dynamic leaf, as it is in FlyDSL's IR."""
    return bool(getattr(x.value if _is_basis(x) else x, "runtime", False))


class _Basis:
    """A basis leaf of a type whose scale is dynamic or a plain int."""

    def __init__(self, value, modes):
        self.value, self.modes = value, list(modes)


def _freeze(tree):
    if isinstance(tree, (tuple, list)):
        return tuple(_freeze(e) for e in tree)
    if tree is None or tree is DYNAMIC or is_runtime_leaf(tree):
        return _Basis(DYNAMIC, tree.modes) if _is_basis(tree) else DYNAMIC
    if _is_basis(tree):
        value = tree.value
        if value is DYNAMIC or isinstance(value, int):
            return tree
        return _Basis(
            int(value.__index__()) if hasattr(value, "__index__") else DYNAMIC, tree.modes
        )
    if isinstance(tree, bool):
        raise TypeError("an int tuple's leaf is an int or a basis element, not a bool")
    try:
        return int(tree.__index__())
    except AttributeError:
        return DYNAMIC  # a kernel integer: its value is known when the kernel runs


def tree_leaves(tree):
    """The leaves of a nested tuple, in order."""
    if isinstance(tree, tuple):
        for e in tree:
            yield from tree_leaves(e)
    else:
        yield tree


def _static_leaf(x):
    return x is not DYNAMIC and not (_is_basis(x) and x.value is DYNAMIC)


class FlyType:
    """What every Fly type offers: its text, and equality by that text."""

    def __str__(self):
        return f"!fly.{self._mnemonic}<{self._body()}>"

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, FlyType) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


class BasisType(FlyType):
    """A basis element's type: its scale (`value`) and `modes`."""

    _mnemonic = "basis"

    def __init__(self, value, modes):
        self.value, self.modes = value, list(modes)

    @property
    def is_static(self):
        return self.value is not DYNAMIC

    def _body(self):
        return _leaf_text(self)


class IntTupleType(FlyType):
    """An int tuple's type: `IntTupleType.get((4, (8, 2)))`, or the `.type` of a tuple."""

    _mnemonic = "int_tuple"

    def __init__(self, tree):
        self.tree = _freeze(tree)

    @staticmethod
    def get(int_or_tuple, context=None):
        return IntTupleType(int_or_tuple)

    def _body(self):
        return tree_text(self.tree)

    @property
    def rank(self):
        return len(self.tree) if isinstance(self.tree, tuple) else 1

    @property
    def depth(self):
        def depth(t):
            return 1 + max((depth(e) for e in t), default=0) if isinstance(t, tuple) else 0

        return depth(self.tree)

    @property
    def is_leaf(self):
        return not isinstance(self.tree, tuple)

    @property
    def is_static(self):
        return all(_static_leaf(x) for x in tree_leaves(self.tree))

    @property
    def is_leaf_int(self):
        return self.is_leaf and not _is_basis(self.tree)

    @property
    def is_leaf_basis(self):
        return self.is_leaf and _is_basis(self.tree)

    @property
    def get_static_leaf_int(self):
        if not (self.is_leaf_int and self.is_static):
            raise ValueError(f"{self} is not one static integer")
        return self.tree

    @property
    def get_leaf_as_basis(self):
        if not self.is_leaf_basis:
            raise ValueError(f"{self} is not a basis element")
        return BasisType(self.tree.value, self.tree.modes)

    def at(self, index):
        """Mode `index` as a type of its own."""
        if self.is_leaf:
            if index != 0:
                raise IndexError(f"{self} has one mode, not {index + 1}")
            return self
        return IntTupleType(self.tree[index])


class LayoutType(FlyType):
    """A layout's type: `LayoutType.get(shape, stride)`, or the `.type` of a layout."""

    _mnemonic = "layout"

    def __init__(self, shape, stride):
        self._shape, self._stride = IntTupleType(shape), IntTupleType(stride)

    @staticmethod
    def get(shape, stride, context=None):
        return LayoutType(shape, stride)

    def _body(self):
        return f"{self._shape._body()}:{self._stride._body()}"

    @property
    def shape(self):
        return self._shape

    @property
    def stride(self):
        return self._stride

    rank = property(lambda self: self._shape.rank)
    depth = property(lambda self: self._shape.depth)
    is_leaf = property(lambda self: self._shape.is_leaf)
    is_static_shape = property(lambda self: self._shape.is_static)
    is_static_stride = property(lambda self: self._stride.is_static)
    is_static = property(lambda self: self.is_static_shape and self.is_static_stride)


class ComposedLayoutType(FlyType):
    """A composed layout's type (`!fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>`): its
    text, which only static composed layouts have here."""

    _mnemonic = "composed_layout"
    is_static = True

    def __init__(self, text):
        self._text = text

    def _body(self):
        return self._text


__all__ = ["BasisType", "ComposedLayoutType", "DYNAMIC", "FlyType", "IntTupleType", "LayoutType"]
