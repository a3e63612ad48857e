"""`fx.rocdl.rdna3`: s_waitcnt in RDNA's encoding (gfx11, gfx12), whatever the target arch."""

from ... import _kernel_api as K
from ..._trace import current
from .sched import waitcnt_bits


def s_waitcnt(vmcnt=None, lgkmcnt=None, expcnt=None):
    """Waits until at most the given numbers of memory operations are outstanding (None: no
    wait on that counter)."""
    K.s_waitcnt(current(), waitcnt_bits(False, vmcnt, lgkmcnt, expcnt))


__all__ = ["s_waitcnt"]
