"""Kernel vectors as FlyDSL users meet them: numeric classes as dtypes, the FloatNxK aliases as
Vector types, folds by name or by MLIR kind, nested shapes, and the vector dialect ops the
builder writes."""

import math

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from _ir_module import module_text
from flydsl._mlir import ir
from flydsl._mlir.dialects.vector import CombiningKind


def _vec(lanes, element):
    return ir.VectorType.get([lanes], element)


def test_a_vector_names_its_lanes_by_numeric_class():
    seen = {}

    def build(v, w):
        seen["f32"] = (v.dtype, v.element_type, v.signed, v[0].dtype)
        u = fx.Vector(w, 4, fx.Uint32)
        seen["u32"] = (u.dtype, u.signed, fx.Vector(w, 4).signed)
        seen["hashable"] = len({v, w, v}) == 2  # by identity: == builds a comparison

    module_text(build, _vec(8, ir.F32Type.get()), _vec(4, ir.IntegerType.get_signless(32)))
    assert seen["f32"] == (fx.Float32, fx.Float32, False, fx.Float32)
    assert seen["u32"] == (fx.Uint32, False, True)
    assert seen["hashable"]


def test_aliases_are_vector_types_of_fixed_lanes():
    assert issubclass(fx.Float32x4, fx.Vector) and fx.Float32x4.lanes == 4
    seen = {}

    def build(v):
        splat = fx.Float32x4(1.5)
        listed = fx.Int32x4([1, 2, 3, 4])
        seen["types"] = (
            isinstance(splat, fx.Float32x4),
            isinstance(splat, fx.Float32x2),
            isinstance(listed, fx.Int32x4),
            isinstance(v, fx.Float32x4),
        )
        seen["ir_type"] = str(fx.Float16x8.ir_type)
        with pytest.raises(ValueError, match="4 lanes of Float32"):
            fx.Float32x4(fx.Vector.filled(2, 1.0, fx.Float32))
        with pytest.raises(ValueError, match="dtype Float32"):
            fx.Float32x4(v, dtype=fx.Float16)

    module_text(build, _vec(4, ir.F32Type.get()))
    assert seen == {"types": (True, False, True, True), "ir_type": "vector<8xf16>"}


def test_a_nested_shape_lasts_through_lane_wise_ops():
    seen = {}

    def build(raw):
        v = fx.Vector(raw, (2, 2), fx.Int32)
        wide = fx.max(v, fx.Int64(7))
        seen["shapes"] = (v.shape, wide.shape, (v + 1).shape, (-v).shape, (v < 3).shape)
        seen["wide"] = wide.dtype
        with pytest.raises(ValueError, match="has 6 elements"):
            v.with_shape((2, 3))

    module_text(build, _vec(4, ir.IntegerType.get_signless(32)))
    assert seen["shapes"] == ((2, 2),) * 5 and seen["wide"] is fx.Int64


def test_the_builder_writes_vector_dialect_ops():
    def build(v):
        fx.Vector.filled(4, 2.0, fx.Float32)
        v[1]
        v.insert(fx.Float32(0.0), 2)
        v.bitcast(fx.Int16)
        v.reduce("max")
        v.reduce(CombiningKind.MINIMUMF, init_val=fx.Float32(1.0))
        fx.Vector.from_elements([v[0], v[3]])
        v.shuffle(v, [7, 0])

    text = module_text(build, _vec(4, ir.F32Type.get()))
    for op in ("vector.broadcast", "vector.extract", "vector.insert", "vector.bitcast",
               "vector.reduction <maxnumf>", "vector.reduction <minimumf>",
               "vector.from_elements", "vector.shuffle"):  # fmt: skip
        assert op in text, op
    assert "llvm.insertelement" not in text and "llvm.extractelement" not in text


def test_reduce_refuses_an_unknown_fold():
    def build(v):
        with pytest.raises(ValueError, match="unknown reduction kind 'average'"):
            v.reduce("average")
        with pytest.raises(TypeError, match="must be a str, ReductionOp or CombiningKind"):
            v.reduce(3)

    module_text(build, _vec(4, ir.F32Type.get()))
    # A kind the lanes' type has no fold for is the builder's error, reported by the build.
    with pytest.raises(Exception, match="vector reduce: .* take f32 lanes"):
        module_text(lambda v: v.reduce(CombiningKind.XOR), _vec(4, ir.F32Type.get()))


@flyc.kernel
def folds(x: fx.Tensor, u: fx.Tensor, out: fx.Tensor):
    v = fx.Vector.from_elements([x[i] for i in range(4)])
    w = fx.Vector(fx.Vector.from_elements([u[i] for i in range(4)]), 4, fx.Uint32)
    out[0] = v.reduce(fx.ReductionOp.MAX)  # NaN-ignoring, as FlyDSL's
    out[1] = v.reduce("min")  # NaN-propagating
    out[2] = v.reduce("add", init_val=100.0)
    out[3] = v.reduce(CombiningKind.MAXIMUMF)
    out[4] = w.reduce("max").to(fx.Float32)  # as unsigned: 0xFFFFFFFF is the largest
    out[5] = w.reduce(CombiningKind.MAXSI).to(fx.Float32)  # as signed: 5 is


def test_folds_over_lanes_compute_their_kind():
    x = np.array([1.0, np.nan, 7.0, -2.0], np.float32)
    u = np.array([3, 0xFFFFFFFF, 5, 0], np.uint32)
    out = dev.array(np.zeros(6, np.float32))
    folds(dev.array(x), dev.array(u), out).launch(block=(1,))
    got = dev.host(out)
    assert got[0] == 7.0 and math.isnan(got[1]) and math.isnan(got[2]) and math.isnan(got[3])
    assert got[4] == np.float32(4294967295.0) and got[5] == 5.0


@flyc.kernel
def folds_finite(x: fx.Tensor, out: fx.Tensor):
    v = fx.Vector.from_elements([x[i] for i in range(4)])
    out[0] = v.reduce("min")
    out[1] = v.reduce("add", init_val=100.0)
    out[2] = v.reduce(fx.ReductionOp.MUL)


def test_finite_folds_in_lane_order():
    x = np.array([1.0, 3.0, 7.0, -2.0], np.float32)
    out = dev.array(np.zeros(3, np.float32))
    folds_finite(dev.array(x), out).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), [-2.0, 109.0, -42.0])


def test_folds_compile_for_the_gpus():
    x, u, out = np.zeros(4, np.float32), np.zeros(4, np.uint32), np.zeros(6, np.float32)
    ptx = folds.compile(x, u, out, target="cuda", arch="sm_80").binary.decode()
    # maxnum, NaN-propagating maximum and minimum, unsigned and signed max: one of each
    for instruction in ("max.f32", "max.NaN.f32", "min.NaN.f32", "max.u32", "max.s32"):
        assert instruction in ptx, instruction
    for arch in ("gfx942", "gfx1201"):
        assert folds.compile(x, u, out, target="rocm", arch=arch).binary


@flyc.kernel
def broadcasts(out: fx.Tensor):
    one = fx.Vector.from_elements([fx.Float32(3.0)])  # one lane: a scalar
    row = fx.Vector(fx.Vector.from_elements([fx.Float32(x) for x in (1.0, 2.0, 3.0)]), (3,))
    col = fx.Vector(fx.Vector.from_elements([fx.Float32(10.0), fx.Float32(20.0)]), (2, 1))
    for base, v in ((0, one.broadcast_to(4)), (4, row.broadcast_to((2, 3))),
                    (10, col.broadcast_to((2, 3)))):  # fmt: skip
        for i in range(v.numel):
            out[base + i] = v[i]


def test_broadcast_to_repeats_lanes_as_numpy_does():
    out = dev.array(np.zeros(16, np.float32))
    broadcasts(out).launch(block=(1,))
    want = np.concatenate([np.full(4, 3.0), np.broadcast_to([1, 2, 3], (2, 3)).ravel(),
                           np.broadcast_to([[10], [20]], (2, 3)).ravel()])  # fmt: skip
    np.testing.assert_array_equal(dev.host(out), want)

    def build(v):
        assert fx.Vector(v, (2, 2)).broadcast_to((3, 2, 2)).shape == (3, 2, 2)
        with pytest.raises(ValueError, match="cannot broadcast shape"):
            fx.Vector(v, (2, 2)).broadcast_to((2, 3))

    module_text(build, _vec(4, ir.F32Type.get()))
