"""The ROCDL WMMA intrinsics of RDNA4 (gfx12) by name, as FlyDSL's kernels call them:
`fx.rocdl.wmma_f32_16x16x16_f16(result_type, a, b, c).result` is one 16x16x16 WMMA of this
lane's A and B (eight values each, or their bits in i16 or i32 lanes) and C (eight f32). Each
is one call of the gfx12 WMMA atom of that type (`fx.rocdl.WMMA`), so it compiles to the
instruction for rocm and is emulated on the other targets. RDNA3's (gfx11) forms, sixteen
values a lane, are not offered: the kernel builder has no gfx11 target."""

from ... import _kernel_layout as KL
from ..._host_layout import make_layout
from ..._mma import MmaAtom, MmaOp, mma_atom_call
from ..._trace import as_value, traced_arch
from ...runtime.device import get_rocm_arch
from .mfma import _fragment

# The A/B element type of each intrinsic: fp8 is OCP E4M3 and bf8 OCP E5M2 on RDNA4.
_INPUTS = {
    "wmma_f32_16x16x16_f16": "f16",
    "wmma_f32_16x16x16_bf16": "bf16",
    "wmma_f32_16x16x16_fp8_fp8": "f8e4m3",
    "wmma_f32_16x16x16_bf8_bf8": "f8e5m2",
}

_ATOMS = {}


def _atom(ab):
    if ab not in _ATOMS:
        _ATOMS[ab] = MmaAtom(MmaOp(2, 16, 16, 16, ab, "f32", 32))
    return _ATOMS[ab]


def _intrinsic(name):
    ab = _INPUTS[name]

    def build(result_type, a, b, c, **_attrs):
        arch = traced_arch() or get_rocm_arch() or ""
        if arch.startswith("gfx11"):
            raise NotImplementedError(
                f"rocdl.{name}: RDNA3's (gfx11) WMMA, sixteen values a lane, is not offered; "
                "the gfx12 form takes eight"
            )
        c = as_value(c)
        d = KL.make_fragment(make_layout(c.lanes, 1), c.ir_dtype)
        mma_atom_call(_atom(ab), d, _fragment(a, ab), _fragment(b, ab), _fragment(c, c.ir_dtype))
        return d.load()

    def call(result_type, a, b, c, **attrs):
        # MLIR's op object (`.result`), from the facade that is built over this module
        from ..._mlir._op import op_class

        return op_class(name, build)(result_type, a, b, c, **attrs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = (
        f"One gfx12 16x16x16 WMMA ({ab} inputs, f32 accumulator): `.result` is a * b + c."
    )
    return call


globals().update({name: _intrinsic(name) for name in _INPUTS})
__all__ = list(_INPUTS)
