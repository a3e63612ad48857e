"""The ROCDL MFMA intrinsics by name over vector values, as FlyDSL's kernels call them:
`fx.rocdl.mfma_f32_32x32x8f16(result_type, [a, b, c])` is one MFMA of this lane's A, B and C
registers (vectors; fp8 and bf16 operands may come as the integers or i16 lanes holding their
bits). Each is one call of the MFMA atom of that shape, so it compiles to the instruction for
rocm and is emulated on the other targets. The cbsz / abid / blgp broadcast controls are taken
only as 0: a broadcast would be a different computation."""

import re

from ... import _kernel_layout as KL
from ..._host_layout import make_layout
from ..._ir_types import bit_width
from ..._mma import MmaAtom, MmaOp, ScaledMmaOp, mma_atom_call, mma_atom_call_values
from ..._trace import as_value, traced_arch
from ...runtime.device import get_rocm_arch

# The intrinsics of CDNA3 (gfx942) and CDNA4 (gfx950): f32 and i32 accumulators over f32,
# f16, bf16, fp8 and i8 inputs.
_NAMES = [
    "mfma_f32_32x32x8f16", "mfma_f32_16x16x16f16", "mfma_f32_32x32x8bf16_1k",
    "mfma_f32_16x16x16bf16_1k", "mfma_f32_32x32x16_f16", "mfma_f32_16x16x32_f16",
    "mfma_f32_32x32x16_bf16", "mfma_f32_16x16x32_bf16", "mfma_f32_16x16x32_fp8_fp8",
    "mfma_f32_32x32x16_fp8_fp8", "mfma_i32_16x16x32_i8", "mfma_i32_32x32x16_i8",
    "mfma_f32_32x32x2f32", "mfma_f32_16x16x4f32",
]  # fmt: skip
_INPUTS = {"f16": "f16", "bf16": "bf16", "bf16_1k": "bf16", "fp8_fp8": "fp8", "i8": "i8",
           "f32": "f32"}  # fmt: skip


def _shape_of(name):
    m = re.fullmatch(r"mfma_(f32|i32)_(\d+)x(\d+)x(\d+)_?(\w+)", name)
    acc, (mm, n, k), inputs = m.group(1), map(int, m.group(2, 3, 4)), _INPUTS[m.group(5)]
    return acc, mm, n, k, inputs


def _fp8():
    """The fp8 of the arch the kernel compiles for: E4M3FNUZ on gfx942, OCP E4M3FN on gfx950."""
    return "f8e4m3" if (traced_arch() or get_rocm_arch()).startswith("gfx95") else "f8e4m3fnuz"


def _as_lanes(value, dtype):
    """`value`'s bits as lanes of `dtype`."""
    v = as_value(value)
    return v if v.ir_dtype == dtype else v.bitcast(dtype)


def _fragment(value, dtype):
    """A register tensor holding `value`'s bits as lanes of `dtype`."""
    v = as_value(value)
    lanes = v.lanes * bit_width(v.ir_dtype) // bit_width(dtype)
    if v.ir_dtype != dtype:
        v = v.bitcast(dtype)
    fragment = KL.make_fragment(make_layout(lanes, 1), dtype)
    if lanes == 1:
        fragment[0] = v
    else:
        fragment.store(v)
    return fragment


def lane_mma(atom, a, b, c, ab, scale_a=None, scale_b=None):
    """One call of `atom` on this lane's registers: A and B (their bits read as `ab` values) and
    the accumulator c (a value or vector); d = a * b + c, shaped as c. A scaled atom, which has
    state (its scales), goes through register fragments and gemm, with this lane's E8M0 scale
    bytes of A and B (i8 values; none: unscaled)."""
    c = as_value(c)
    if not isinstance(atom.op, ScaledMmaOp):
        return mma_atom_call_values(atom, _as_lanes(a, ab), _as_lanes(b, ab), c)
    d = KL.make_fragment(make_layout(c.lanes, 1), c.ir_dtype)
    scales = {}
    if scale_a is not None or scale_b is not None:
        scales = dict(scale_a=_fragment(scale_a, "i8"), scale_b=_fragment(scale_b, "i8"))
    mma_atom_call(atom, d, _fragment(a, ab), _fragment(b, ab), _fragment(c, c.ir_dtype), **scales)
    return d.load() if c.lanes > 1 else d[0]


_ATOMS = {}


def _atom(m, n, k, ab, acc):
    key = (m, n, k, ab, acc)
    if key not in _ATOMS:
        _ATOMS[key] = MmaAtom(MmaOp(1, m, n, k, ab, acc, 64))
    return _ATOMS[key]


def _intrinsic(name):
    acc, m, n, k, inputs = _shape_of(name)

    def call(result_type, operands, **_attrs):
        operands = list(operands)
        if len(operands) not in (3, 6):
            raise TypeError(f"rocdl.{name} takes [a, b, c] or [a, b, c, cbsz, abid, blgp]")
        if any(int(getattr(x, "value", x)) != 0 for x in operands[3:]):
            raise NotImplementedError(
                f"rocdl.{name}: the cbsz / abid / blgp broadcasts are not offered (only 0)"
            )
        ab = _fp8() if inputs == "fp8" else inputs
        return lane_mma(_atom(m, n, k, ab, acc), *operands[:3], ab)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"One {m}x{n}x{k} MFMA ({inputs} inputs, {acc} accumulator): d = a * b + c."
    return call


globals().update({name: _intrinsic(name) for name in _NAMES})
__all__ = list(_NAMES)
