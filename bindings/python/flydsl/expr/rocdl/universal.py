"""FlyDSL's arch-neutral spelling of the AMD atoms and buffer pointers
(`flydsl.expr.rocdl.universal`): the same objects as `fx.rocdl`'s, which pick the arch's
instruction when the kernel compiles."""

from . import (  # noqa: F401
    MFMA,
    WMMA,
    BufferAtomic,
    BufferAtomicAdd,
    BufferAtomicMax,
    BufferAtomicMin,
    BufferAtomicPkAdd,
    BufferCopy,
    BufferCopy8b,
    BufferCopy16b,
    BufferCopy32b,
    BufferCopy64b,
    BufferCopy128b,
    BufferCopyLDS,
    BufferCopyLDS32b,
    BufferCopyLDS64b,
    BufferCopyLDS128b,
    get_buffer_rsrc,
    make_buffer_ptr,
    make_buffer_tensor,
    s_waitcnt,
)
from .sched import asyncmark, wait_asyncmark  # noqa: F401

__all__ = [
    "MFMA", "WMMA", "BufferCopy", "BufferCopy8b", "BufferCopy16b", "BufferCopy32b",
    "BufferCopy64b", "BufferCopy128b", "BufferCopyLDS", "BufferCopyLDS32b", "BufferCopyLDS64b",
    "BufferCopyLDS128b", "BufferAtomic", "BufferAtomicAdd", "BufferAtomicMax", "BufferAtomicMin",
    "BufferAtomicPkAdd", "get_buffer_rsrc", "make_buffer_ptr", "make_buffer_tensor", "s_waitcnt",
    "asyncmark", "wait_asyncmark",
]  # fmt: skip
