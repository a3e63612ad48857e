"""The warp collectives as gfx9 (CDNA) runs them fastest: DPP row moves and readlane instead
of shuffles through LDS (fly_warp_reduce_dpp, fly_warp_scan_dpp), with the same results.
Other arches (gfx10+ have no row broadcasts or wave shifts), and values that DPP cannot move
(anything but a 32-bit scalar, which the library checks), take the portable forms."""

from .... import _kernel_api as K
from ....compiler.backends import current_target
from . import reduce as _portable_reduce
from . import scan as _portable_scan
from .reduce import reduce_by
from .scan import scans_by

__all__ = ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
           "warp_scan_with_aggregate"]  # fmt: skip


def _dpp_arch():
    return current_target().arch.startswith("gfx9")


def warp_reduce(value, op, *, width=None):
    """`op` folded over the `width` lanes of this lane's group, in every lane of it."""
    if not _dpp_arch():
        return _portable_reduce.warp_reduce(value, op, width=width)
    return reduce_by(K.warp_reduce_dpp, value, op, width)


_DPP_SCANS = dict(zip(__all__[1:], scans_by(K.warp_scan_dpp)))


def _scan(name, doc):
    def scan(value, op, *, width=None, init=None):
        forms = _DPP_SCANS if _dpp_arch() else vars(_portable_scan)
        return forms[name](value, op, width=width, init=init)

    scan.__name__ = scan.__qualname__ = name
    scan.__doc__ = doc
    return scan


warp_inclusive_scan = _scan("warp_inclusive_scan", _portable_scan.warp_inclusive_scan.__doc__)
warp_exclusive_scan = _scan("warp_exclusive_scan", _portable_scan.warp_exclusive_scan.__doc__)
warp_scan = _scan("warp_scan", _portable_scan.warp_scan.__doc__)
warp_scan_with_aggregate = _scan(
    "warp_scan_with_aggregate", _portable_scan.warp_scan_with_aggregate.__doc__
)
