"""Cooperative algorithms over the lanes of a warp, as `fx.coop` (FlyDSL's names):

    total = fx.coop.warp_reduce(x, fx.ReductionOp.ADD, width=32)
    rank = fx.coop.warp_exclusive_scan(keep, fx.ReductionOp.ADD, width=32)

`width` is a power of two up to the wave, by default the whole wave of the arch the kernel
compiles for (64 on gfx9, 32 on gfx10+ and NVIDIA); narrower groups of lanes work side by
side. Every lane of a group gets its answer. The shuffles are the library's
(fly_warp_reduce, fly_warp_scan); `init` folds a value in ahead of every lane of a scan.
"""

import ctypes

from ... import _kernel_api as K
from ..._trace import _binary, _wrap, as_value, current
from ...expr.gpu import num_warp_threads
from ...expr.typing import ReductionOp

# ReductionOp -> fly_binary_op (FLY_ADD, FLY_MUL, FLY_MIN, FLY_MAX).
_OPS = {ReductionOp.ADD: 0, ReductionOp.MUL: 2, ReductionOp.MIN: 5, ReductionOp.MAX: 6}
_BINARY = {ReductionOp.ADD: "add", ReductionOp.MUL: "mul", ReductionOp.MIN: "min",
           ReductionOp.MAX: "max"}  # fmt: skip


def _op(op):
    if op not in _OPS:
        raise TypeError(f"unsupported ReductionOp, got {op!r}")
    return _OPS[op]


def _width(width, what):
    wave = num_warp_threads()
    if width is None:
        return wave
    if isinstance(width, bool) or not isinstance(width, int) or width < 1 or width & (width - 1):
        raise ValueError(f"{what} width must be a power of two, got {width!r}")
    if width > wave:
        raise ValueError(f"{what} width must not exceed the target's {wave}-lane warp, got {width}")
    return width


def _seed(value, op, init):
    return value if init is None else _binary(_BINARY[op], init, value)


def _scan(value, op, width, what, exclusive, aggregate):
    v = as_value(value)
    ex, agg = K.P(), K.P()
    h = K.warp_scan(current(), _op(op), v.handle, _width(width, what),
                    ctypes.byref(ex) if exclusive else None,
                    ctypes.byref(agg) if aggregate else None)  # fmt: skip
    inclusive = _wrap(h, v.dtype)
    return (inclusive, _wrap(ex.value, v.dtype) if exclusive else None,
            _wrap(agg.value, v.dtype) if aggregate else None)  # fmt: skip


def warp_reduce(value, op, *, width=None):
    """`op` folded over the `width` lanes of this lane's group, in every lane of it."""
    v = as_value(value)
    h = K.warp_reduce(current(), _op(op), v.handle, _width(width, "warp_reduce"))
    return _wrap(h, v.dtype)


def warp_inclusive_scan(value, op, *, width=None, init=None):
    """Lane k of a group gets lanes 0..k folded (after `init`)."""
    inclusive, _, _ = _scan(value, op, width, "warp_inclusive_scan", False, False)
    return _seed(inclusive, op, init)


def warp_exclusive_scan(value, op, *, width=None, init=None):
    """Lane k of a group gets lanes 0..k-1 folded; lane 0 gets `init`, or op's identity."""
    _, exclusive, _ = _scan(value, op, width, "warp_exclusive_scan", True, False)
    return _seed(exclusive, op, init)


def warp_scan(value, op, *, width=None, init=None):
    """(inclusive, exclusive) from one scan."""
    inclusive, exclusive, _ = _scan(value, op, width, "warp_scan", True, False)
    return _seed(inclusive, op, init), _seed(exclusive, op, init)


def warp_scan_with_aggregate(value, op, *, width=None, init=None):
    """(inclusive, exclusive, aggregate) from one scan; the aggregate is the group's whole
    fold (without `init`)."""
    inclusive, exclusive, aggregate = _scan(
        value, op, width, "warp_scan_with_aggregate", True, True
    )
    return _seed(inclusive, op, init), _seed(exclusive, op, init), aggregate


__all__ = [
    "warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
    "warp_scan_with_aggregate",
]  # fmt: skip
