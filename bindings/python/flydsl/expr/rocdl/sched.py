"""AMD's scheduling and wait hints under FlyDSL's `fx.rocdl` names. They change no result:
rocm emits each instruction, the other targets drop them (fly_sched_barrier and after)."""

from ... import _kernel_api as K
from ..._trace import current, traced_arch
from ...runtime.device import get_rocm_arch
from ..gpu import barrier

# The kinds of instructions a sched_barrier / sched_group_barrier mask names.
mask_none = 0x000
mask_valu = 0x002
mask_salu = 0x004
mask_mfma = 0x008
mask_all_vmem = 0x010
mask_vmem_rd = 0x020
mask_vmem_wr = 0x040
mask_all_ds = 0x080
mask_dsrd = 0x100
mask_dswr = 0x200
mask_transcendental = 0x400


def sched_barrier(mask, *, loc=None, ip=None):
    """The scheduler may move only the instructions of `mask`'s kinds across this point."""
    K.sched_barrier(current(), int(mask))


def sched_group_barrier(mask, size, group_id, *, loc=None, ip=None):
    """The next `size` instructions of `mask`'s kinds form scheduling group `group_id`."""
    K.sched_group_barrier(current(), int(mask), int(size), int(group_id))


def sched_mfma(cnt):
    sched_group_barrier(mask_mfma, cnt, 0)


def sched_vmem(cnt):
    sched_group_barrier(mask_vmem_rd, cnt, 0)


def sched_dsrd(cnt):
    sched_group_barrier(mask_dsrd, cnt, 0)


def sched_dswr(cnt):
    sched_group_barrier(mask_dswr, cnt, 0)


def _count(name, value, largest):
    """A wait counter as an int; None (no wait on it) is its largest value."""
    if value is None:
        return largest
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is a Python int (an immediate), not {value!r}")
    if not 0 <= value <= largest:
        raise ValueError(f"{name} is 0..{largest}, got {value}")
    return value


def waitcnt_bits(gfx9, vmcnt=None, lgkmcnt=None, expcnt=None):
    """s_waitcnt's 16-bit field for the named counters (None: no wait on it): gfx9's encoding
    (CDNA: vmcnt in bits 3:0 and 15:14, expcnt 6:4, lgkmcnt 11:8) or gfx10 and later's (RDNA:
    vmcnt 15:10, lgkmcnt 9:4, expcnt 2:0)."""
    expcnt = _count("s_waitcnt's expcnt", expcnt, 7)
    vmcnt = _count("s_waitcnt's vmcnt", vmcnt, 63)
    if gfx9:
        lgkmcnt = _count("s_waitcnt's lgkmcnt", lgkmcnt, 15)
        return (vmcnt & 0xF) | ((vmcnt & 0x30) << 10) | (lgkmcnt << 8) | (expcnt << 4)
    return (vmcnt << 10) | (_count("s_waitcnt's lgkmcnt", lgkmcnt, 63) << 4) | expcnt


def s_waitcnt(bitfield=None, *, vmcnt=None, lgkmcnt=None, expcnt=None):
    """Waits until at most the given numbers of memory operations are outstanding: a raw
    16-bit field, or the named counters in the encoding of the arch compiled for (waitcnt_bits;
    fx.rocdl.cdna3 / rdna3 / rdna4 fix the encoding instead)."""
    if bitfield is not None:
        if (vmcnt, lgkmcnt, expcnt) != (None, None, None):
            raise TypeError("s_waitcnt takes a raw bitfield or named counters, not both")
        K.s_waitcnt(current(), _count("s_waitcnt's bitfield", bitfield, 0xFFFF))
        return
    arch = traced_arch() or get_rocm_arch()
    gfx9 = not arch.startswith("gfx") or arch.startswith("gfx9")
    K.s_waitcnt(current(), waitcnt_bits(gfx9, vmcnt, lgkmcnt, expcnt))


def asyncmark():
    """Closes the group of asynchronous LDS loads issued since the last mark. The LDS DMA atoms
    here (fx.rocdl.cdna4.BufferLoadAsyncLDS) are the synchronous ones, complete before their
    data is read, so there is no group to close: nothing is emitted."""


def wait_asyncmark(count=0):
    """Waits until at most `count` (a Python int, 0..65535; None: no limit) groups of
    asynchronous LDS loads are outstanding: none ever are here (asyncmark), so nothing is
    emitted once `count` is checked."""
    _count("wait_asyncmark's count", count, 0xFFFF)


def s_setprio(priority, *, loc=None, ip=None):
    """This wave's issue priority, 0..3."""
    K.s_setprio(current(), int(priority))


def s_barrier(*, loc=None, ip=None):
    """The block's barrier (here with the memory fence every target's barrier has)."""
    barrier()


__all__ = ["sched_barrier", "sched_group_barrier", "sched_mfma", "sched_vmem", "sched_dsrd",
           "sched_dswr", "s_waitcnt", "s_setprio", "s_barrier", "asyncmark",
           "wait_asyncmark"] + [
    n for n in dir() if n.startswith("mask_")]  # fmt: skip
