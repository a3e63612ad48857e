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


def test_host_layouts_answer_flydsl_properties():
    layout = fx.make_layout((4, (2, 3)), (6, (3, 1)))
    # FlyDSL reads rank and depth as values; the CuTe spelling calls them. Both answer.
    assert layout.rank == 2 and layout.rank() == 2 and list(range(layout.rank)) == [0, 1]
    assert layout.depth == 2 and layout.depth() == 2
    assert not layout.is_leaf and fx.make_layout(8, 2).is_leaf
    assert layout.is_static and layout.is_static_shape and layout.is_static_stride
    assert layout.get_hier_coord(7) == (1, (0, 1))
    assert layout.get_flat_coord(7) == fx.get_flat_coord(7, layout)
    assert layout.get_1d_coord(7) == fx.get_1d_coord(7, layout)


def test_compositions_answer_flydsl_properties():
    outer = fx.make_layout((4, 8), (8, 1))
    composed = fx.make_composed_layout(outer, 2, outer)
    assert composed.rank == 2 and composed.rank() == 2 and composed.depth == 1
    assert not composed.is_leaf
    assert composed.is_static and composed.is_static_inner and composed.is_static_offset
    with pytest.raises(TypeError, match="meaningful stride"):
        composed.stride  # noqa: B018


@flyc.kernel
def kernel_layout_properties(out: fx.Tensor, n: fx.Int32):
    layout = fx.make_layout((n, (2, 3)), (6, (3, 1)))
    out[0] = layout.rank
    out[1] = layout.depth
    out[2] = 1 if layout.is_static else 0
    out[3] = 1 if layout.is_static_stride else 0
    inner = layout[1]  # the mode as a layout: (2,3):(3,1)
    out[4] = fx.get_scalar(fx.size(inner))
    out[5] = inner((1, 2))
    out[6] = fx.get_scalar(layout[0](3))  # n:6 at 3
    row, (i, j) = layout.get_hier_coord(n + 4).unpack()
    out[7] = row * 100 + i * 10 + j
    out[8] = fx.get_scalar(layout.get_1d_coord(9))


def test_kernel_layouts_answer_flydsl_properties():
    out = dev.array(np.zeros(9, np.int32))
    n = 5
    kernel_layout_properties(out, n).launch(block=(1,))
    layout = fx.make_layout((n, (2, 3)), (6, (3, 1)))  # the same layout on the host
    r, (i, j) = layout.get_hier_coord(n + 4)
    np.testing.assert_array_equal(
        dev.host(out), [2, 2, 0, 1, 6, 5, 18, r * 100 + i * 10 + j, layout.get_1d_coord(9)]
    )


def test_a_kernel_layout_mode_out_of_range_is_an_error():
    @flyc.kernel
    def wrong(out: fx.Tensor, n: fx.Int32):
        out[0] = fx.get_scalar(fx.size(fx.make_layout((n, 4), (4, 1))[2]))

    with pytest.raises(IndexError, match="rank 2"):
        wrong(dev.array(np.zeros(1, np.int32)), 3).launch(block=(1,))


def test_host_int_tuples_answer_flydsl_properties():
    t = fx.make_int_tuple((4, (2, 3)))
    assert t.rank == 2 and t.depth == 2 and not t.is_leaf and t.is_static
    with pytest.raises(ValueError, match="not a static leaf"):
        t.get_static_leaf_int  # noqa: B018
    leaf = fx.make_int_tuple(5)
    assert leaf.is_leaf and leaf.get_static_leaf_int == 5 and leaf.depth == 0


def test_atoms_and_tiled_operations_answer_flydsl_properties():
    atom = fx.make_copy_atom(fx.UniversalCopy(128), fx.Float32)
    assert atom.val_bits == 32 and atom.thr_layout == fx.make_layout(1, 1)
    assert atom.thr_id == atom.thr_layout
    # One thread moves 128 bits: four 32-bit values.
    assert fx.size(atom.layout_src_tv) == 4 and atom.layout_dst_tv == atom.layout_src_tv
    assert fx.size(atom.layout_ref_tv) == 4
    assert fx.make_copy_atom(fx.UniversalCopy(64), 64).val_bits == 64
    assert fx.make_copy_atom(fx.UniversalAtomicAdd(fx.Float32), fx.Float32).val_bits == 32
    mma = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16))
    assert mma.thr_id == mma.thr_layout and fx.size(mma.thr_id) == 64
    tiled = fx.make_tiled_mma(mma, fx.make_layout((2, 2, 1), (1, 2, 0)))
    assert tiled.mma_atom == mma
    copy = fx.make_tiled_copy_tv(atom, fx.make_layout(4, 1), fx.make_layout(4, 1))
    assert copy.thr_slice(1).__class__ is copy.get_slice(1).__class__
    assert fx.SwizzleType.get(3, 4, 3).mask == 3


@flyc.kernel
def tensor_properties(out: fx.Tensor):
    regs = fx.make_rmem_tensor(fx.make_layout((4, 2), (2, 1)), fx.Float32)
    out[0] = 1 if out.address_space == fx.AddressSpace.Global else 0
    out[1] = 1 if regs.memspace == fx.AddressSpace.Register else 0
    out[2] = out.alignment
    out[3] = regs.leading_dim
    out[4] = 1 if out.value_type is fx.Int32 else 0


def test_kernel_tensors_answer_flydsl_properties():
    out = dev.array(np.zeros(5, np.int32))
    tensor_properties(out).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), [1, 1, 4, 1, 1])


def test_numeric_classes_answer_numpy_types_and_zeros():
    assert fx.Float32.numpy_dtype is np.float32 and fx.Uint8.numpy_dtype is np.uint8
    assert fx.Boolean.numpy_dtype is np.bool_ and fx.Int64.numpy_dtype is np.int64
    # numpy has no such scalar types.
    assert fx.BFloat16.numpy_dtype is None and fx.Float8E4M3FN.numpy_dtype is None
    assert fx.Int4.numpy_dtype is None
    assert fx.Int32.is_integer and fx.Uint8.is_integer and not fx.Float16.is_integer
    assert fx.Float32.zero == 0.0 and isinstance(fx.Float32.zero, float)
    assert fx.Int8.zero == 0 and isinstance(fx.Int8.zero, int)
    with pytest.raises(ValueError, match="no zero"):
        fx.Numeric.zero  # noqa: B018


def test_flydsl_parameter_names_take_keywords():
    # FlyDSL's programs may name any argument; the names are FlyDSL's.
    atom = fx.make_copy_atom(copy_op_type=fx.UniversalCopy(32), elem_type=fx.Float32)
    tiled = fx.make_tiled_copy(
        copy_atom=atom, layout_thr_val=fx.make_layout((4, 1), (1, 0)), tile_mn=fx.make_tile(4, 1)
    )
    assert fx.size(tiled.tile_mn) == 4
    mfma = fx.rocdl.MFMA(16, 16, 16, elem_ty_ab=fx.Float16, elem_ty_acc=fx.Float32)
    mma = fx.make_tiled_mma(mma_atom=fx.make_mma_atom(mma_op_type=mfma))
    assert mma.tile_size_mnk == (16, 16, 16)
    layout = fx.make_layout((4, 8), (8, 1))
    assert fx.recast_layout(layout, old_type_bits=16, new_type_bits=32) == fx.recast_layout(
        layout, 16, 32
    )
    assert fx.tile_to_shape(layout, trg_shape=(8, 16), ord_shape=(1, 0)) == fx.tile_to_shape(
        layout, (8, 16), (1, 0)
    )
    assert fx.get(fx.make_int_tuple((3, 5)), mode=1) == 5
    assert fx.select(layout, indices=[1]) == fx.select(layout, [1])
    assert fx.rocdl.BufferCopy(bit_size=32) == fx.rocdl.BufferCopy32b()


def test_torch_dtypes_name_their_element_types():
    torch = pytest.importorskip("torch")
    from flydsl.compiler.jit_argument import torch_dtype_to_mlir_type

    assert str(torch_dtype_to_mlir_type(torch.bfloat16)) == "bf16"
    assert str(torch_dtype_to_mlir_type(torch.uint8)) == "i8"  # signless, as in FlyDSL
    assert str(torch_dtype_to_mlir_type(torch.float8_e4m3fn)) == "f8E4M3FN"
    with pytest.raises(TypeError, match="unsupported torch dtype"):
        torch_dtype_to_mlir_type(torch.complex64)


def test_launch_dimension_types():
    import typing

    from flydsl.compiler.kernel_function import DimType, DimValueType

    assert int in typing.get_args(DimValueType) and fx.Integer in typing.get_args(DimValueType)
    assert typing.Tuple[DimValueType, ...] in typing.get_args(DimType)
    assert int in typing.get_args(DimType)  # one extent, or a tuple or list of them


def test_host_int_tuple_modes_are_int_tuples():
    t = fx.make_int_tuple((4, (2, 3)))
    assert t[1].unpack() == (2, 3) and t[1].rank == 2  # a mode is an IntTuple of its own
    assert t[0].to_py_value() == 4 and t[[1, 0]] == 2 and isinstance(t[[1, 1]], fx.IntTuple)
    assert t[1:] == ((2, 3),)  # a slice is a plain tuple's
    a, (b, c) = t
    assert (a, b, c) == (4, 2, 3)
    with pytest.raises(IndexError, match="is a leaf"):
        t[[0, 0]]
