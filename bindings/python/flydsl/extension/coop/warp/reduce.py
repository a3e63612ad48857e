"""The portable warp reduce: a butterfly of the library's shuffles (fly_warp_reduce), the
same on every target."""

from .... import _kernel_api as K
from ...._trace import _wrap, as_value, current
from .._common import op_code, warp_width

__all__ = ["warp_reduce"]


def reduce_by(library_reduce, value, op, width):
    v = as_value(value)
    h = library_reduce(current(), op_code(op, v), v.handle, warp_width(width, "warp_reduce"))
    return _wrap(h, v.ir_dtype)


def warp_reduce(value, op, *, width=None):
    """`op` folded over the `width` lanes of this lane's group, in every lane of it."""
    return reduce_by(K.warp_reduce, value, op, width)
