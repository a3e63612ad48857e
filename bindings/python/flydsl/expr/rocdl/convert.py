"""AMD's packed conversions and fast float instructions under FlyDSL's `fx.rocdl` names, built
from the library's conversions and arithmetic so that every target computes them alike. The fp8
kind is the arch's: gfx94x's MFMA reads FNUZ, gfx950 and later OCP. Conversions round to
nearest even; a value past the largest fp8 value becomes NaN (the hardware may saturate)."""

from ..._trace import _wrap, as_value, traced_arch
from ...runtime.device import get_rocm_arch
from .. import numeric
from .lanes import _dtype


def _fp8(arch=None):
    arch = arch or traced_arch() or get_rocm_arch()
    return numeric.Float8E4M3FNUZ if arch.startswith("gfx94") else numeric.Float8E4M3FN


def _byte(x):
    """The fp8 code of f32 `x` as a u32."""
    return as_value(x).to("f32").to(_fp8()).bitcast("u8").to("u32")


def cvt_pk_fp8_f32(res, src_a, src_b, old, word_sel, *, loc=None, ip=None):
    """`old` (an i32) with its low (word_sel false) or high 16 bits replaced by the fp8 codes
    of `src_a` (the lower byte) and `src_b`."""
    shift = 16 if word_sel else 0
    packed = (_byte(src_a) | (_byte(src_b) << 8)) << shift
    kept = as_value(old).to("u32") & ~(0xFFFF << shift) & 0xFFFFFFFF
    return (kept | packed).to("i32")


def cvt_pk_f32_fp8(res, src, word_sel, *, loc=None, ip=None):
    """Two f32 from the fp8 codes in the low (word_sel false) or high half of i32 `src`."""
    bits = as_value(src).to("u32") >> (16 if word_sel else 0)
    lanes = [((bits >> s) & 0xFF).to("u8").bitcast(_fp8()).to("f32") for s in (0, 8)]
    from ..vector import from_elements

    return from_elements(res, lanes)


def cvt_sr_bf16_f32(res, old, src, rand, word_sel, *, loc=None, ip=None):
    """gfx950's v_cvt_sr_bf16_f32: `old` (two bf16) with its low (word_sel false) or high
    element replaced by f32 `src` rounded to bf16 stochastically: the low 16 bits of `rand`
    are added to src's bits before they are cut to 16, so a value rounds up with the chance of
    its distance from the lower bf16. It does not saturate (a value near the largest bf16 may
    become infinity); a NaN stays a NaN of its sign, quieted."""
    bf16 = _sr_bf16(src, rand)
    from ..vector import insertelement

    return insertelement(as_value(old), bf16, 1 if word_sel else 0)


def _sr_bf16(src, rand):
    """f32 `src` rounded to bf16 by the random bits `rand` (see cvt_sr_bf16_f32)."""
    from .. import math

    x = as_value(src).to("f32")
    bits = x.bitcast("u32")
    rounded = (bits + (as_value(rand).to("u32") & 0xFFFF)) >> 16
    quiet = (bits >> 16) | 0x40
    return math.isnan(x).select(quiet, rounded).to("u16").bitcast("bf16")


def cvt_pk_bf16_f32(src_a, src_b):
    """gfx950's v_cvt_pk_bf16_f32: f32 `src_a` and `src_b` rounded to nearest even bf16 and
    packed in an i32, src_a in the low 16 bits (FlyDSL's fx.rocdl.cvt_pk_bf16_f32)."""
    halves = [as_value(x).to("f32").to("bf16").bitcast("u16").to("u32") for x in (src_a, src_b)]
    return (halves[0] | (halves[1] << 16)).to("i32")


def cvt_off_f32_i4(src, byte_sel=None):
    """gfx9's v_cvt_off_f32_i4: the low four bits of an i32 (of its byte `byte_sel`, 0 to 3,
    where given) read as a signed nibble and divided by 16: 0..7 give 0 .. 0.4375, 8..15 give
    -0.5 .. -0.0625 (FlyDSL's fx.rocdl.cvt_off_f32_i4)."""
    shift = 8 * int(byte_sel) if byte_sel is not None else 0
    nibble = (as_value(src).to("u32") >> shift) & 0xF
    signed = nibble.to("i32") - ((nibble & 0x8).to("i32") << 1)
    return signed.to("f32") * 0.0625


def rcp(res, arg, *, loc=None, ip=None):
    """1 / arg (v_rcp_f32 on AMD is within 1 ulp of it)."""
    a = as_value(arg)
    dtype = _dtype(res, a)
    return _wrap((1.0 / a.to(dtype)).handle, dtype)


def exp2(res, arg, *, loc=None, ip=None):
    """2 ** arg."""
    from .. import math

    a = as_value(arg)
    return math.exp2(a.to(_dtype(res, a)))


def perm_b32(src_hi, src_lo, sel, *, loc=None, ip=None):
    """v_perm_b32: byte i of the result is chosen by byte i of `sel` from the eight bytes of
    (src_hi, src_lo) (0..3 src_lo's, 4..7 src_hi's; 8..11 the sign of bytes 1, 3, 5, 7
    repeated; 12 is 0x00, 13 and above 0xFF)."""
    lo, hi = as_value(src_lo).to("u32"), as_value(src_hi).to("u32")
    s = as_value(sel).to("u32")
    result = None
    for i in range(4):
        c = (s >> (8 * i)) & 0xFF
        byte = (lo >> (c * 8)) & 0xFF
        byte = (c < 4).select(byte, (hi >> ((c - 4) * 8)) & 0xFF)
        sign_of = (((c - 8) * 2 + 1) * 8) & 31
        words = (c < 10).select(lo, hi)
        sign = (((words >> sign_of) & 0x80) != 0).select(0xFF, 0)
        byte = (c < 8).select(byte, sign)
        byte = (c < 12).select(byte, (c == 12).select(0, 0xFF))
        result = byte << (8 * i) if result is None else result | (byte << (8 * i))
    return result.to("i32")


__all__ = ["cvt_pk_fp8_f32", "cvt_pk_f32_fp8", "cvt_sr_bf16_f32", "cvt_pk_bf16_f32",
           "cvt_off_f32_i4", "rcp", "exp2", "perm_b32"]  # fmt: skip
