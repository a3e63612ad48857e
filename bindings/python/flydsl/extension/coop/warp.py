"""Warp collectives: `op` folded over groups of `width` lanes (a power of two up to the wave,
by default the whole wave of the arch the kernel compiles for: 64 on gfx9, 32 on gfx10+ and
NVIDIA); narrower groups work side by side and every lane of a group gets its answer."""

import ctypes

from ... import _kernel_api as K
from ..._trace import _wrap, as_value, current
from ._common import op_code, seed, warp_width


def _scan(value, op, width, what, exclusive, aggregate):
    v = as_value(value)
    ex, agg = K.P(), K.P()
    h = K.warp_scan(current(), op_code(op, v), v.handle, warp_width(width, what),
                    ctypes.byref(ex) if exclusive else None,
                    ctypes.byref(agg) if aggregate else None)  # fmt: skip
    inclusive = _wrap(h, v.ir_dtype)
    return (inclusive, _wrap(ex.value, v.ir_dtype) if exclusive else None,
            _wrap(agg.value, v.ir_dtype) if aggregate else None)  # fmt: skip


def warp_reduce(value, op, *, width=None):
    """`op` folded over the `width` lanes of this lane's group, in every lane of it."""
    v = as_value(value)
    h = K.warp_reduce(current(), op_code(op, v), v.handle, warp_width(width, "warp_reduce"))
    return _wrap(h, v.ir_dtype)


def warp_inclusive_scan(value, op, *, width=None, init=None):
    """Lane k of a group gets lanes 0..k folded (after `init`)."""
    inclusive, _, _ = _scan(value, op, width, "warp_inclusive_scan", False, False)
    return seed(inclusive, op, init)


def warp_exclusive_scan(value, op, *, width=None, init=None):
    """Lane k of a group gets lanes 0..k-1 folded; lane 0 gets `init`, or op's identity."""
    _, exclusive, _ = _scan(value, op, width, "warp_exclusive_scan", True, False)
    return seed(exclusive, op, init)


def warp_scan(value, op, *, width=None, init=None):
    """(inclusive, exclusive) from one scan."""
    inclusive, exclusive, _ = _scan(value, op, width, "warp_scan", True, False)
    return seed(inclusive, op, init), seed(exclusive, op, init)


def warp_scan_with_aggregate(value, op, *, width=None, init=None):
    """(inclusive, exclusive, aggregate) from one scan; the aggregate is the group's whole
    fold (without `init`)."""
    inclusive, exclusive, aggregate = _scan(
        value, op, width, "warp_scan_with_aggregate", True, True
    )
    return seed(inclusive, op, init), seed(exclusive, op, init), aggregate


__all__ = [
    "warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
    "warp_scan_with_aggregate",
]  # fmt: skip
