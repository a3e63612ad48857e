"""RDNA's WMMA: the atom of the arch compiled for (`fx.rocdl.WMMA`), and the ROCDL WMMA
intrinsics by name, as FlyDSL's kernels call them: `fx.rocdl.wmma_f32_16x16x16_f16(result_type,
a, b, c).result` is one 16x16x16 WMMA of this lane's A and B and C (eight f32): eight A and B
values a lane on RDNA4 (gfx12), sixteen on RDNA3 (gfx11), or their bits in i16 or i32 lanes.
Each is one call of that arch's WMMA atom, so it compiles to the instruction for rocm and is
emulated on the other targets."""

from ..._ir_types import bit_width
from ..._kernel_layout import _dtype_name
from ..._mma import MmaAtom, MmaOp
from ..._trace import as_value, traced_arch
from ...runtime.device import get_rocm_arch
from .mfma import lane_mma

# The A/B element type of each intrinsic: fp8 is OCP E4M3 and bf8 OCP E5M2 on RDNA4.
_INPUTS = {
    "wmma_f32_16x16x16_f16": "f16",
    "wmma_f32_16x16x16_bf16": "bf16",
    "wmma_f32_16x16x16_fp8_fp8": "f8e4m3",
    "wmma_f32_16x16x16_bf8_bf8": "f8e5m2",
}

_ATOMS = {}


def wmma_op(m, n, k, ab_type, acc_type=None, sign_a=False, sign_b=False, clamp=False):
    """The WMMA op of the arch compiled for, as FlyDSL dispatches it: RDNA3's on gfx11
    (fly_mma_family FLY_MMA_WMMA_GFX11), RDNA4's otherwise (FLY_MMA_WMMA). Integer inputs take
    the instruction's controls: A and B read as signed (unsigned by default, as FlyDSL's), the
    sum saturated; float inputs refuse them."""
    gfx11 = (traced_arch() or get_rocm_arch() or "").startswith("gfx11")
    integer = _dtype_name(ab_type) in ("i8", "u8", "i4")
    modifiers = None
    if integer:
        modifiers = (1 if sign_a else 0) | (2 if sign_b else 0) | (4 if clamp else 0)
    elif sign_a or sign_b or clamp:
        raise ValueError(
            f"WMMA of {_dtype_name(ab_type)} inputs: sign_a, sign_b and clamp are controls of "
            "the integer instructions only"
        )
    return MmaOp(5 if gfx11 else 2, m, n, k, ab_type, acc_type, 32, modifiers)


def _atom(ab):
    op = wmma_op(16, 16, 16, ab, "f32")
    key = (ab, op.family)
    if key not in _ATOMS:
        _ATOMS[key] = MmaAtom(op)
    return _ATOMS[key]


def _intrinsic(name):
    ab = _INPUTS[name]

    def build(result_type, a, b, c, **_attrs):
        atom = _atom(ab)
        gfx11 = atom.op.family == 5
        for what, x in (("A", a), ("B", b)):
            x = as_value(x)
            values = x.lanes * bit_width(x.ir_dtype) // bit_width(ab)
            if values != (16 if gfx11 else 8):
                raise ValueError(
                    f"rocdl.{name}: a lane's {what} is {16 if gfx11 else 8} {ab} values on "
                    f"{'gfx11 (RDNA3)' if gfx11 else 'gfx12 (RDNA4)'}, got {values}"
                )
        return lane_mma(atom, a, b, c, ab)

    def call(result_type, a, b, c, **attrs):
        # MLIR's op object (`.result`), from the facade that is built over this module
        from ..._mlir._op import op_class

        return op_class(name, build)(result_type, a, b, c, **attrs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"One 16x16x16 WMMA ({ab} inputs, f32 accumulator): `.result` is a * b + c."
    return call


globals().update({name: _intrinsic(name) for name in _INPUTS})
__all__ = list(_INPUTS)  # wmma_op is fx.rocdl.WMMA's, not a name of FlyDSL's rocdl
