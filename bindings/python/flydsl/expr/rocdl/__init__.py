"""AMD copy atoms, buffer tensors and matrix instructions (`fx.rocdl`)."""

from ..._kernel_layout import BufferAtomicCopyOp, CopyOp, Pointer, make_buffer_tensor
from ..._mma import MmaOp
from ..buffer_ops import get_buffer_rsrc
from . import cdna3, cdna4, rdna3, rdna4  # noqa: F401 (FlyDSL's per-arch modules)
from .cdna4 import MFMA_Scale, MFMAScale
from .convert import (  # noqa: F401
    cvt_off_f32_i4,
    cvt_pk_bf16_f32,
    cvt_pk_f32_fp8,
    cvt_pk_fp8_f32,
    exp2,
    perm_b32,
    rcp,
)
from .enum import SyncScope, TargetAddressSpace  # noqa: F401 (fx.rocdl.SyncScope)
from .lanes import ballot, ds_bpermute, readfirstlane, readlane, update_dpp  # noqa: F401
from .mfma import *  # noqa: F401,F403 (the MFMA intrinsics by name)
from .sched import *  # noqa: F401,F403
from .wmma import *  # noqa: F401,F403 (RDNA's WMMA intrinsics by name)
from .wmma import wmma_op


def MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None):
    """A CDNA3/CDNA4 MFMA atom (waves of 64), e.g. MFMA(16, 16, 4, fx.Float32)."""
    return MmaOp(1, m, n, k, elem_ty_ab, elem_ty_acc, 64)


def WMMA(m, n, k, elem_ty_ab, elem_ty_acc=None, *, sign_a=False, sign_b=False, clamp=False):
    """A WMMA atom (waves of 32) of the arch compiled for, as FlyDSL dispatches it: RDNA4's
    (gfx12) 16x16x16 f16, bf16 or fp8 (OCP E4M3 / E5M2), eight A and B values a lane, or on
    gfx11 RDNA3's 16x16x16 f16, bf16 or 8-bit integers (i32 accumulator), sixteen A and B
    values a lane (lanes 16-31 repeat lanes 0-15). The integer atom reads A and B as signed
    where sign_a / sign_b say so (unsigned otherwise, whatever the dtype class) and saturates
    its sum with clamp."""
    return wmma_op(m, n, k, elem_ty_ab, elem_ty_acc, sign_a=sign_a, sign_b=sign_b, clamp=clamp)


def BufferCopy(bit_size, cache_modifier=0):
    """A buffer load or store of `bits` (8 to 128) per access. FlyDSL's cache_modifier (the
    instruction's cache policy bits) is accepted and not applied: the default policy is kept."""
    return CopyOp(1, int(bit_size))


def BufferCopy8b(cache_modifier=0):
    return CopyOp(1, 8)


def BufferCopy16b(cache_modifier=0):
    return CopyOp(1, 16)


def BufferCopy32b(cache_modifier=0):
    return CopyOp(1, 32)


def BufferCopy64b(cache_modifier=0):
    return CopyOp(1, 64)


def BufferCopy128b(cache_modifier=0):
    return CopyOp(1, 128)


BufferLDST32b = BufferCopy32b


BufferLDST128b = BufferCopy128b


def BufferCopyLDS(bit_size):
    """A buffer load straight into LDS (32 bits; 128 on gfx950): from a buffer tensor into
    shared memory without registers. Lane i of a wave writes at the wave's base + i times
    the atom's bytes, so a wave's destinations must be consecutive in lane order (a tiled
    copy whose threads in a wave take consecutive chunks)."""
    return CopyOp(5, int(bit_size))


def BufferCopyLDS32b():
    return CopyOp(5, 32)


def BufferCopyLDS128b():
    return CopyOp(5, 128)


def BufferCopyLDS64b():
    """Refused, as in FlyDSL: no AMD target loads 8 bytes per lane into LDS."""
    raise ValueError(
        "BufferCopyLDS64b: no AMD target has an 8-byte buffer load into LDS (1, 2 and 4 bytes; "
        "12 and 16 on gfx950); use BufferCopyLDS32b, or BufferCopyLDS128b on gfx950"
    )


def BufferAtomic(atomic_op, val_type):
    """A buffer atomic: each call combines one value of `val_type` from registers into a
    buffer tensor by `atomic_op` (fx.AtomicOp), dropped where it falls outside the buffer.
    Add takes f32, Max f32 or a signed i32 / i64, Min an unsigned one (AMD's instructions
    have no other here); its state `soffset` moves the buffer side, as a buffer copy's."""
    return BufferAtomicCopyOp(atomic_op, val_type)


def BufferAtomicAdd(val_type):
    return BufferAtomicCopyOp(0, val_type)


def BufferAtomicMax(val_type):
    return BufferAtomicCopyOp(1, val_type)


def BufferAtomicMin(val_type):
    return BufferAtomicCopyOp(2, val_type)


def BufferAtomicPkAdd(val_type):
    """A packed add of a pair of f16 or bf16 a call (bf16 pairs need gfx950 or gfx12)."""
    return BufferAtomicCopyOp(0, val_type, lanes=2)


def make_buffer_ptr(ptr, num_records_bytes=None):
    """A pointer through an AMD buffer resource over global memory from `ptr` on: accesses
    outside its first `num_records_bytes` bytes read zeros and drop stores (as FlyDSL's; without
    a count the resource spans what the pointer reaches). `fx.make_view(p, layout)` of it is a
    buffer tensor, and fx.rocdl.get_buffer_rsrc(p) its resource."""
    if not isinstance(ptr, Pointer) or ptr.address_space != 1:
        raise ValueError(f"make_buffer_ptr takes a pointer to global memory, got {ptr!r}")
    return Pointer(make_buffer_tensor(ptr._here(), num_records_bytes=num_records_bytes))


__all__ = [
    "MFMA", "MFMA_Scale", "MFMAScale", "WMMA", "BufferCopy", "BufferCopy8b", "BufferCopy16b",
    "BufferCopy32b", "BufferCopy64b",
    "BufferCopy128b", "BufferLDST32b", "BufferLDST128b", "BufferCopyLDS", "BufferCopyLDS32b",
    "BufferCopyLDS128b", "BufferCopyLDS64b", "BufferAtomic", "BufferAtomicAdd", "BufferAtomicMax",
    "BufferAtomicMin", "BufferAtomicPkAdd", "make_buffer_ptr", "make_buffer_tensor",
    "get_buffer_rsrc", "update_dpp", "ds_bpermute", "cvt_pk_bf16_f32", "cvt_off_f32_i4", "cdna3",
    "cdna4", "rdna3", "rdna4",
]  # fmt: skip


def __getattr__(name):
    """The raw ops of MLIR's rocdl dialect (`fx.rocdl.raw_ptr_buffer_atomic_fadd`, ...), which
    FlyDSL's fx.rocdl re-exports: found in flydsl._mlir.dialects.rocdl when first asked for
    (that module is built over this one, so it is not imported while this one loads)."""
    import importlib

    dialect = importlib.import_module("flydsl._mlir.dialects.rocdl")
    if name in dialect.__all__:
        return getattr(dialect, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
