"""The `fly` dialect's builders as FlyDSL's programs call them: the layout algebra on values
(`fly.make_layout(shape, stride=s)`, `fly.static(IntTupleType.get((4, 8)))`,
`fly.select(t, indices=[0])`, `fly.coalesce(l)`, `fly.complement(l, codomain_size=c)`, ...),
each the flydsl.expr operation of the same name under the dialect's keywords, so it computes on
the host or builds into the kernel being traced as that one does; the types
(`IntTupleType`, `LayoutType`, ...); and `extract_aligned_pointer_as_index(ptr_type, tensor)`,
the address of a tensor's first element as an `!llvm.ptr` (see flydsl._llvm_pointer). The
others import and say they are not offered."""

from ... import _host_layout
from ... import _kernel_api as K
from ..._fly_types import DYNAMIC, BasisType, ComposedLayoutType, IntTupleType, LayoutType
from ..._kernel_layout import TensorValue, _address_space
from ..._llvm_pointer import pointer
from ..._trace import _wrap, current
from ...expr import primitive as _fx
from .._not_offered import module_getattr
from ._none import REASON


def extract_aligned_pointer_as_index(result, tensor, *, loc=None, ip=None):
    """The address of a global or shared tensor's first element, as a pointer of type
    `result`."""
    if not isinstance(tensor, TensorValue):
        raise TypeError(f"extract_aligned_pointer_as_index takes a tensor, got {tensor!r}")
    address = _wrap(K.tensor_address(current(), tensor.handle), "i64")
    return pointer(address, result, _address_space(tensor))


def static(result, *, loc=None, ip=None):
    """The value a static type names (an int tuple's, a layout's)."""
    return _fx.static(result)


def make_int_tuple(result, elems=(), *, loc=None, ip=None):
    """An int tuple of type `result` whose `?` leaves are `elems`, in order."""
    dynamic = iter(elems)

    def fill(t):
        if isinstance(t, tuple):
            return tuple(fill(e) for e in t)
        return next(dynamic) if t is DYNAMIC else t

    return _fx.make_int_tuple(fill(result.tree))


def make_layout(shape, stride=None, *, loc=None, ip=None):
    return _fx.make_layout(shape, stride)


def select(x, indices, *, loc=None, ip=None):
    return _fx.select(x, list(indices))


def get(x, mode, *, loc=None, ip=None):
    return _fx.get_(x, mode)


def take(x, begin, end, *, loc=None, ip=None):
    return _fx.take(x, begin, end)


def group(x, begin, end, *, loc=None, ip=None):
    return _fx.group(x, begin, end)


def coalesce(layout, pattern=None, *, loc=None, ip=None):
    return _fx.coalesce(layout, pattern)


def complement(layout, codomain_size=None, *, loc=None, ip=None):
    return _host_layout.complement(layout, codomain_size=codomain_size)


def _same(name):
    def builder(*args, loc=None, ip=None):
        return getattr(_fx, name)(*args)

    builder.__name__ = name
    builder.__doc__ = f"flydsl.expr.{name}, as the dialect's builder."
    return builder


_SAME = [
    "get_shape", "get_stride", "get_layout", "get_scalar", "size", "cosize", "rank", "depth",
    "composition", "right_inverse", "left_inverse", "crd2idx", "idx2crd", "slice", "dice",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product",
    "make_identity_layout", "make_ordered_layout", "make_composed_layout", "append", "prepend",
    "shape_div", "ceil_div", "elem_less", "equal", "int_tuple_add", "int_tuple_sub",
    "int_tuple_mul", "int_tuple_div", "int_tuple_mod", "int_tuple_product",
    "int_tuple_product_each", "get_leaves", "recast_layout", "tile_to_shape",
]  # fmt: skip
globals().update({name: _same(name) for name in _SAME})

__all__ = [
    "BasisType", "ComposedLayoutType", "IntTupleType", "LayoutType", "coalesce", "complement",
    "extract_aligned_pointer_as_index", "get", "group", "make_int_tuple", "make_layout",
    "select", "static", "take", *_SAME,
]  # fmt: skip

__getattr__ = module_getattr("flydsl._mlir.dialects.fly", REASON)
