"""`fx.rocdl.cdna4`: gfx950's block-scaled MFMA atom, its LDS DMA atoms and its transposing LDS
reads, under FlyDSL's names."""

from ..._kernel_layout import CopyOp, LdsReadTransposeOp
from ..._mma import ScaledMmaOp
from .convert import _sr_bf16


def MFMA_Scale(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, opsel_a=0, opsel_b=0):
    """A CDNA4 (gfx950) block-scaled MFMA atom: 16x16x128 or 32x32x64, A and B in fp8, fp6 or
    fp4 (FlyDSL's types, fx.Float8E4M3FN ... fx.Float4E2M1FN, or "e4m3", "e5m2", "e2m3",
    "e3m2", "e2m1"; B as A unless given), accumulating in f32, fx.gemm(..., scale_a=,
    scale_b=) with E8M0 scales per 32 K values. The scales' byte selects (opsel) are 0: each
    lane's scale is the low byte of its register. A gemm without scales keeps the atom's default
    state (FlyDSL's scales of 0): unscaled products, the unscaled v_mfma_f32_*_f8f6f4 on rocm."""
    if elem_ty_acc is not None and getattr(elem_ty_acc, "dtype", elem_ty_acc) != "f32":
        raise TypeError(f"a scaled MFMA accumulates in f32, not {elem_ty_acc!r}")
    if opsel_a or opsel_b:
        raise ValueError("a scaled MFMA's opsel_a / opsel_b (scale byte selects) are 0 here")
    return ScaledMmaOp(m, n, k, elem_ty_a, elem_ty_b)


MFMAScale = MFMA_Scale


def cvt_sr_f32_to_bf16(x, rand):
    """f32 `x` as a bf16 rounded stochastically by the 32 random bits `rand`, as gfx950's
    v_cvt_sr_bf16_f32 rounds: the low 16 bits of `rand` are added to x's bits before
    they are cut to 16 (no saturation; a NaN stays a quiet NaN), on every target."""
    return _sr_bf16(x, rand)


def BufferLoadAsyncLDS(bit_size):
    """FlyDSL's asynchronous buffer load into LDS: here the synchronous one
    (fx.rocdl.BufferCopyLDS: lane i of a wave writes at the wave's base + i times the atom's
    bytes), whose completion the compiler waits for before the LDS is read. So the groups that
    fx.rocdl.asyncmark closes are always complete, and fx.rocdl.wait_asyncmark has nothing to
    wait for; a kernel written for the asynchronous form computes the same. 32 or 128 bits (128
    needs gfx950)."""
    if bit_size not in (32, 128):
        raise ValueError(
            f"BufferLoadAsyncLDS takes 32 or 128 bits here, not {bit_size} (a 12-byte load "
            "into LDS is not offered)"
        )
    return CopyOp(5, bit_size)


def BufferLoadAsyncLDS32b():
    return BufferLoadAsyncLDS(32)


def BufferLoadAsyncLDS96b():
    return BufferLoadAsyncLDS(96)


def BufferLoadAsyncLDS128b():
    return BufferLoadAsyncLDS(128)


def GlobalLoadAsyncLDS(bit_size):
    """Refused: a load into LDS from a global pointer (not a buffer) is not built here."""
    raise NotImplementedError(
        "GlobalLoadAsyncLDS: loads into LDS from a global pointer are not built here; make the "
        "source a buffer tensor (fx.rocdl.make_buffer_tensor) and use BufferLoadAsyncLDS"
    )


def GlobalLoadAsyncLDS32b():
    return GlobalLoadAsyncLDS(32)


def GlobalLoadAsyncLDS96b():
    return GlobalLoadAsyncLDS(96)


def GlobalLoadAsyncLDS128b():
    return GlobalLoadAsyncLDS(128)


def LDSReadTrans(trans_granularity, bit_size):
    """gfx950's transposing LDS read (ds_read_b64_tr_b16 and kin) as a copy atom: through a
    tiled copy a thread receives the elements that its thread-value layout gives it (as the
    instruction delivers them), read one element per call from shared memory; copied by the
    atom itself from a lane's 64 bits of shared memory, it is the instruction (emulated on cpu
    and cuda). 16- and 8-bit elements (64 bits a lane); the 4- and 6-bit forms need sub-byte
    elements, which kernels here do not have."""
    if (trans_granularity, bit_size) not in ((16, 64), (8, 64), (4, 64), (6, 96)):
        raise ValueError(
            f"unsupported (bit_size, trans_granularity) = ({bit_size}, {trans_granularity}) for an "
            "LDS transposing read: (64, 16), (64, 8), (64, 4) or (96, 6)"
        )
    if trans_granularity < 8:
        raise ValueError(
            f"LDSReadTrans of {trans_granularity}-bit elements: kernels here hold whole bytes "
            "per element; use the 8- or 16-bit form"
        )
    return LdsReadTransposeOp(0, trans_granularity)


def LDSReadTrans16_64b():
    return LDSReadTrans(16, 64)


def LDSReadTrans8_64b():
    return LDSReadTrans(8, 64)


def LDSReadTrans4_64b():
    return LDSReadTrans(4, 64)


def LDSReadTrans6_96b():
    return LDSReadTrans(6, 96)


__all__ = ["MFMA_Scale", "MFMAScale", "cvt_sr_f32_to_bf16", "BufferLoadAsyncLDS",
           "BufferLoadAsyncLDS32b", "BufferLoadAsyncLDS96b", "BufferLoadAsyncLDS128b",
           "GlobalLoadAsyncLDS", "GlobalLoadAsyncLDS32b", "GlobalLoadAsyncLDS96b",
           "GlobalLoadAsyncLDS128b", "LDSReadTrans"]  # fmt: skip
