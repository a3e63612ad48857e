"""`fx.rocdl.cdna4`: gfx950's block-scaled MFMA atom."""

from ..._mma import ScaledMmaOp


def MFMA_Scale(m, n, k, a_format, b_format=None, acc_type=None, *, opsel_a=0, opsel_b=0):
    """A CDNA4 (gfx950) block-scaled MFMA atom: 16x16x128 or 32x32x64, A and B in fp8, fp6 or
    fp4 (FlyDSL's types, fx.Float8E4M3FN ... fx.Float4E2M1FN, or "e4m3", "e5m2", "e2m3",
    "e3m2", "e2m1"; B as A unless given), accumulating in f32, fx.gemm(..., scale_a=,
    scale_b=) with E8M0 scales per 32 K values. The scales' byte selects (opsel) are 0: each
    lane's scale is the low byte of its register."""
    if acc_type is not None and getattr(acc_type, "dtype", acc_type) != "f32":
        raise TypeError(f"a scaled MFMA accumulates in f32, not {acc_type!r}")
    if opsel_a or opsel_b:
        raise ValueError("a scaled MFMA's opsel_a / opsel_b (scale byte selects) are 0 here")
    return ScaledMmaOp(m, n, k, a_format, b_format)


MFMAScale = MFMA_Scale


__all__ = ["MFMA_Scale", "MFMAScale"]
