"""Warp collectives: `op` folded over groups of `width` lanes (a power of two up to the wave,
by default the whole wave of the arch the kernel compiles for: 64 on gfx9, 32 on gfx10+ and
NVIDIA); narrower groups work side by side and every lane of a group gets its answer.

Each name here picks its form when the kernel is traced, as FlyDSL's dispatch does: the rocm
target's (`rocdl`, DPP on gfx9) when compiling for an AMD arch, the portable one (`reduce`,
`scan`; also `fx.coop.universal`) otherwise. The cpu target emulating an AMD arch takes the
rocm form too, so that it runs the kernel that GPU would (and FLYDSL_DUMP_IR's ISA of that
GPU is this kernel's)."""

from ....compiler.backends import current_target
from . import reduce, rocdl, scan

__all__ = ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
           "warp_scan_with_aggregate"]  # fmt: skip


def _dispatched(name, portable):
    def collective(*args, **kwargs):
        target = rocdl if current_target().arch.startswith("gfx") else portable
        return getattr(target, name)(*args, **kwargs)

    collective.__name__ = collective.__qualname__ = name
    collective.__doc__ = getattr(portable, name).__doc__
    return collective


warp_reduce = _dispatched("warp_reduce", reduce)
warp_inclusive_scan = _dispatched("warp_inclusive_scan", scan)
warp_exclusive_scan = _dispatched("warp_exclusive_scan", scan)
warp_scan = _dispatched("warp_scan", scan)
warp_scan_with_aggregate = _dispatched("warp_scan_with_aggregate", scan)
