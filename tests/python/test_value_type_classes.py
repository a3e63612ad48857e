"""FlyDSL's value and type classes as this package offers them: fx.IntTuple, fx.Tile and
fx.ComposedLayout answer isinstance for the host and kernel values that are such, and make them;
the atom and tiled-operation type classes (fx.CopyAtomType, fx.MmaOpUniversalFMAType, ...)
make the op or atom itself with `get` and recognise it; fx.CachePolicy is the dialect's enum."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev


def test_int_tuple_class_covers_host_tuples_and_layout_queries():
    t = fx.make_int_tuple((4, (2, 3)))
    assert isinstance(t, fx.IntTuple)
    assert isinstance(fx.make_layout((4, 8), (8, 1)).shape, fx.IntTuple)
    # A plain Python tuple is a description of one, not the value (as in FlyDSL).
    assert not isinstance((4, 2), fx.IntTuple)
    assert not isinstance(fx.make_layout(4, 1), fx.IntTuple)
    made = fx.IntTuple((8, (2, 2)))
    assert isinstance(made, fx.IntTuple) and str(made.type) == "!fly.int_tuple<(8,(2,2))>"
    assert fx.IntTuple(made) is made


def test_tile_class_takes_integer_and_layout_modes():
    layout = fx.make_layout(4, 2)
    assert isinstance(fx.make_tile(4, 8), fx.Tile)
    assert isinstance(fx.make_tile([layout, 8]), fx.Tile)
    tile = fx.Tile([layout, 8])
    assert isinstance(tile, fx.Tile) and tile.unpack()[1] == 8
    assert not isinstance(layout, fx.Tile)


def test_composed_layout_class():
    layout = fx.make_layout((8, 8), (8, 1))
    composed = fx.make_composed_layout(fx.static(fx.SwizzleType.get(2, 0, 3)), layout)
    assert isinstance(composed, fx.ComposedLayout)
    assert isinstance(fx.make_composed_layout(layout, layout), fx.ComposedLayout)
    assert not isinstance(layout, fx.ComposedLayout)
    with pytest.raises(TypeError, match="make_composed_layout"):
        fx.ComposedLayout(layout)


@flyc.kernel
def classify(out: fx.Tensor, n: fx.Int32):
    dynamic = fx.make_int_tuple((n, 4))
    out[0] = 1 if isinstance(dynamic, fx.IntTuple) else 0
    out[1] = 1 if isinstance(fx.make_layout((n, 4), (4, 1)), fx.IntTuple) else 0
    out[2] = fx.get_scalar(fx.IntTuple(dynamic)[0])


def test_kernel_tuples_are_int_tuples():
    out = dev.array(np.zeros(3, np.int32))
    classify(out, 7).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), [1, 0, 7])


def test_atom_type_classes_make_and_recognise():
    op = fx.CopyOpUniversalCopyType.get(32)
    assert op == fx.UniversalCopy32b()
    assert isinstance(fx.UniversalCopy(64), fx.CopyOpUniversalCopyType)
    atom = fx.CopyAtomType.get(op, 32)
    assert isinstance(atom, fx.CopyAtomType) and not isinstance(op, fx.CopyAtomType)
    atomic = fx.CopyOpUniversalAtomicType.get(fx.AtomicOp.Max, fx.Float32)
    assert isinstance(atomic, fx.CopyOpUniversalAtomicType)
    assert not isinstance(atomic, fx.CopyOpUniversalCopyType)
    assert not isinstance(op, fx.CopyOpUniversalAtomicType)
    fma = fx.MmaOpUniversalFMAType.get(fx.Float32)
    assert isinstance(fma, fx.MmaOpUniversalFMAType)
    assert not isinstance(fx.rocdl.MFMA(16, 16, 16, fx.Float16), fx.MmaOpUniversalFMAType)
    mma_atom = fx.MmaAtomType.get(fma)
    assert isinstance(mma_atom, fx.MmaAtomType)
    tiled = fx.make_tiled_mma(mma_atom, fx.make_layout((2, 2, 1), (1, 2, 0)))
    assert isinstance(tiled, fx.TiledMmaType) and not isinstance(tiled, fx.TiledCopyType)
    copy = fx.make_tiled_copy_tv(atom, fx.make_layout(4, 1), fx.make_layout(1, 1))
    assert isinstance(copy, fx.TiledCopyType) and not isinstance(copy, fx.TiledMmaType)


def test_a_copy_atom_type_refuses_other_widths():
    with pytest.raises(TypeError, match="bits are not offered"):
        fx.CopyAtomType.get(fx.UniversalCopy(128), 24)


def test_cache_policy_enum():
    assert int(fx.CachePolicy.CacheGlobal) == 0 and int(fx.CachePolicy.CacheAlways) == 1
    assert fx.primitive.CachePolicy is fx.CachePolicy


@flyc.kernel
def coordinate_tensors(out: fx.Tensor):
    ident = fx.make_identity_tensor((4, 8))
    out[0] = 1 if isinstance(ident, fx.CoordTensorType) else 0
    out[1] = 1 if isinstance(out, fx.CoordTensorType) else 0
    made = fx.CoordTensorType.get((2, 5), fx.make_identity_layout((4, 8)))  # (2, 5) + c
    row, col = made[1, 3]
    out[2] = row * 10 + col
    out[3] = 1 if isinstance(made, fx.CoordTensorType) else 0


def test_coordinate_tensors_have_their_type_class():
    out = dev.array(np.zeros(4, np.int32))
    coordinate_tensors(out).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), [1, 0, 38, 1])


def test_a_coordinate_tensor_base_is_no_tensor():
    @flyc.kernel
    def wrong(out: fx.Tensor):
        fx.CoordTensorType.get(out, fx.make_layout(4, 1))

    with pytest.raises(TypeError, match="base is a coordinate"):
        wrong(dev.array(np.zeros(4, np.int32))).launch(block=(1,))


def test_host_layout_queries_answer_int_tuples():
    # As in FlyDSL, outside a kernel too: fx.size(...).to_py_value(), fx.size(shape).unpack().
    layout = fx.make_layout((4, (2, 3)), (6, (3, 1)))
    assert isinstance(fx.size(layout), fx.IntTuple)
    assert fx.size(layout).to_py_value() == 24
    assert fx.size(fx.get_shape(layout)).unpack() == 24
    assert fx.cosize(layout).to_py_value() == 24 and fx.rank(layout).unpack() == 2
    assert fx.size(layout) + 1 == 25  # still an int
