"""`fx.rocdl.cdna3`: s_waitcnt in CDNA's encoding (gfx9), whatever arch the kernel is for."""

from ... import _kernel_api as K
from ..._trace import current
from .sched import waitcnt_bits


def s_waitcnt(vmcnt=None, lgkmcnt=None, expcnt=None):
    """Waits until at most the given numbers of memory operations are outstanding (None: no
    wait on that counter)."""
    K.s_waitcnt(current(), waitcnt_bits(True, vmcnt, lgkmcnt, expcnt))


__all__ = ["s_waitcnt"]
