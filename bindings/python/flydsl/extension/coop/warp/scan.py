"""The portable warp scans: prefix folds over groups of `width` lanes from the library's
shuffle scan (fly_warp_scan), the same on every target."""

import ctypes

from .... import _kernel_api as K
from ...._trace import _wrap, as_value, current
from .._common import op_code, seed, warp_width

__all__ = ["warp_inclusive_scan", "warp_exclusive_scan", "warp_scan", "warp_scan_with_aggregate"]


def scan_with(library_scan, value, op, width, what, exclusive, aggregate):
    """(inclusive, exclusive or None, aggregate or None) of one scan by `library_scan`
    (K.warp_scan or K.warp_scan_dpp)."""
    v = as_value(value)
    ex, agg = K.P(), K.P()
    h = library_scan(current(), op_code(op, v), v.handle, warp_width(width, what),
                     ctypes.byref(ex) if exclusive else None,
                     ctypes.byref(agg) if aggregate else None)  # fmt: skip
    return (_wrap(h, v.ir_dtype), _wrap(ex.value, v.ir_dtype) if exclusive else None,
            _wrap(agg.value, v.ir_dtype) if aggregate else None)  # fmt: skip


def scans_by(library_scan):
    """FlyDSL's four warp scan entry points over `library_scan`."""

    def warp_inclusive_scan(value, op, *, width=None, init=None):
        """Lane k of a group gets lanes 0..k folded (after `init`)."""
        inclusive, _, _ = scan_with(library_scan, value, op, width, "warp_inclusive_scan",
                                    False, False)  # fmt: skip
        return seed(inclusive, op, init)

    def warp_exclusive_scan(value, op, *, width=None, init=None):
        """Lane k of a group gets lanes 0..k-1 folded; lane 0 gets `init`, or op's identity."""
        _, exclusive, _ = scan_with(library_scan, value, op, width, "warp_exclusive_scan",
                                    True, False)  # fmt: skip
        return seed(exclusive, op, init)

    def warp_scan(value, op, *, width=None, init=None):
        """(inclusive, exclusive) from one scan."""
        inclusive, exclusive, _ = scan_with(library_scan, value, op, width, "warp_scan",
                                            True, False)  # fmt: skip
        return seed(inclusive, op, init), seed(exclusive, op, init)

    def warp_scan_with_aggregate(value, op, *, width=None, init=None):
        """(inclusive, exclusive, aggregate) from one scan; the aggregate is the group's whole
        fold (without `init`)."""
        inclusive, exclusive, aggregate = scan_with(
            library_scan, value, op, width, "warp_scan_with_aggregate", True, True
        )
        return seed(inclusive, op, init), seed(exclusive, op, init), aggregate

    return warp_inclusive_scan, warp_exclusive_scan, warp_scan, warp_scan_with_aggregate


warp_inclusive_scan, warp_exclusive_scan, warp_scan, warp_scan_with_aggregate = scans_by(
    K.warp_scan
)
