"""The Python layout API: construction, queries, algebra and bad inputs."""

import flydsl
import flydsl.expr as fx
import pytest


def test_layout_object_behaves_like_a_value():
    a = fx.make_layout((4, 8), (8, 1))
    b = fx.Layout.parse(" ( 4 , 8 ) : ( 8 , 1 ) ")
    assert str(a) == "(4,8):(8,1)"
    assert a == b and hash(a) == hash(b) and a != fx.make_layout((4, 8))
    assert len({a, b}) == 1
    assert a.shape == (4, 8) and a.stride == (8, 1)
    assert a(1, 2) == 10 and a((1, 2)) == 10 and a(9) == 10
    assert fx.size(a) == 32 and fx.cosize(a) == 32 and fx.rank(a) == 2 and fx.depth(a) == 1


def test_scalar_and_rank1_are_different():
    assert str(fx.make_layout(4)) == "4:1"
    assert str(fx.make_layout(fx.make_layout(3))) == "(3):(1)"
    assert fx.make_layout(4) != fx.make_layout((4,))


def test_constructors():
    assert str(fx.make_ordered_layout((2, 3, 4), (1, 0, 2))) == "(2,3,4):(3,1,6)"
    ident = fx.make_identity_layout((4, 8))
    assert str(ident) == "(4,8):(1@0,1@1)"
    assert ident(13) == (1, 3)
    tiler, tv = fx.make_layout_tv(fx.make_layout((4, 8), (8, 1)), fx.make_layout((2, 2)))
    assert tiler == (8, 16)
    assert fx.size(tv) == 128


def test_slicing_with_underscore_and_none():
    layout = fx.Layout.parse("((3,2),(2,5,2)):((4,1),(2,13,100))")
    assert str(layout(2, fx._)) == "((2,5,2)):((2,13,100))"
    assert str(layout(None, 5)) == "((3,2)):((4,1))"
    assert str(fx.dice(layout, (2, None))) == "((3,2)):((4,1))"


def test_algebra_names():
    layout = fx.make_layout((8, 24))
    assert str(fx.zipped_divide(layout, (4, 8))) == "((4,8),(2,3)):((1,8),(4,64))"
    assert str(fx.tiled_divide(fx.make_layout(8), 4)) == "(4,2):(1,4)"
    assert str(fx.logical_divide(layout, (4, fx._))) == "((4,2),24):((1,4),8)"
    assert str(fx.recast_layout(fx.make_layout((4, 8)), 16, 32)) == "(2,8):(1,2)"
    assert str(fx.tile_to_shape(fx.make_layout((2, 2)), (4, 6))) == "((2,2),(2,3)):((1,4),(2,8))"
    assert fx.max_common_vector(fx.make_layout((4, 8)), fx.make_layout((4, 8))) == 32
    assert str(fx.filter(fx.Layout.parse("(4,2,3):(1,0,4)"))) == "12:1"
    assert str(fx.group(fx.make_layout((2, 3, 4)), 1, 3)) == "(2,(3,4)):(1,(2,6))"
    assert str(fx.select(fx.make_layout((2, 3, 4)), 2, 0)) == "(4,2):(6,1)"
    assert str(fx.take(fx.make_layout((2, 3, 4)), 0, 2)) == "(2,3):(1,2)"
    assert fx.ceil_div((7, 5), 2) == (4, 5) and fx.ceil_div(7, 2) == 4
    assert fx.prefix_product((2, (3, 4))) == (1, (2, 6))
    assert fx.inner_product((1, 2), (3, 4)) == 11 and fx.elem_less((1, 2), (2, 3))


def test_swizzle_and_composed_layout():
    sw = fx.Swizzle(3, 4, 3)
    assert sw(0x80) == 0x90
    composed = fx.make_composed_layout(sw, 0, fx.make_layout((8, 8), (8, 1)))
    assert str(composed) == "Sw<3,4,3> o 0 o (8,8):(8,1)"
    assert composed.is_composed and fx.Layout.parse(str(composed)) == composed
    assert composed(2, 0) == sw(16)
    assert str(fx.composition(composed, (4, 8))) == "Sw<3,4,3> o 0 o (4,8):(8,1)"
    with pytest.raises(flydsl.UnsupportedError):
        fx.complement(composed)


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: fx.Layout.parse("(2,3"), flydsl.ParseError),
        (lambda: fx.Layout.parse("(2,x):(1,2)"), flydsl.ParseError),
        (lambda: fx.make_layout((2, 0)), flydsl.InvalidArgumentError),
        (lambda: fx.make_layout((2, -3)), flydsl.InvalidArgumentError),
        (lambda: fx.make_layout((2, 3), (1,)), flydsl.RankMismatchError),
        (lambda: fx.logical_divide(fx.make_layout((4, 8)), (2, 2, 2)), flydsl.RankMismatchError),
        (
            lambda: fx.composition(fx.Layout.parse("(4,6):(1,5)"), fx.make_layout(6)),
            flydsl.DivisibilityError,
        ),
        (lambda: fx.complement(fx.Layout.parse("(2,2):(1,1)")), flydsl.DivisibilityError),
        (lambda: fx.size(fx.make_layout((2**32, 2**32))), flydsl.LayoutOverflowError),
        (lambda: fx.make_layout(2**70), OverflowError),
        (lambda: fx.Swizzle(3, 4, 0), flydsl.InvalidArgumentError),
        (lambda: fx.make_layout((4, 8))(1, 2, 3), flydsl.RankMismatchError),
    ],
)
def test_bad_input_raises_with_the_c_message(call, error):
    with pytest.raises(error) as info:
        call()
    assert str(info.value)
    if isinstance(info.value, flydsl.FlyDSLError):
        assert info.value.status.startswith("FLY_ERROR_")


def test_library_stays_usable_after_errors():
    for _ in range(100):
        with pytest.raises(flydsl.FlyDSLError):
            fx.Layout.parse("(((")
    assert str(fx.make_layout(4)) == "4:1"


def test_a_layout_owns_its_handle():
    # Each Python object owns one handle, freed once when the object goes; copies share the
    # object, so no Python code can reach a freed handle or free one twice.
    import gc

    a = fx.Layout.parse("(2,3):(3,1)")
    b = a
    del a
    gc.collect()
    assert b.size() == 6
    for _ in range(20000):
        fx.composition(fx.Layout.parse("(4,8):(8,1)"), fx.Layout.parse("(2,2):(1,4)"))
    gc.collect()
    assert str(b) == "(2,3):(3,1)"


def test_static_values_unpack_as_in_flydsl():
    layout = fx.make_layout((4, (2, 3)), (1, (4, 8)))
    assert layout.shape.unpack() == (4, (2, 3)) and layout.stride.unpack() == (1, (4, 8))
    assert layout.shape == (4, (2, 3)) and layout.shape.rank == 2  # still the tuple it was
    assert fx.make_layout(16, 1).shape.unpack() == 16 and fx.make_layout(16, 1).shape + 1 == 17
    assert fx.make_tile(256).unpack() == 256 and fx.make_tile(128, (8, 4)).unpack() == (128, (8, 4))
    modes = fx.static(fx.TileType.get([32, fx.LayoutType.get(8, 1)])).unpack()
    assert modes[0] == 32 and modes[1] == fx.make_layout(8, 1)
    assert fx.static(fx.LayoutType.get((2, 2), (2, 1))) == fx.make_layout((2, 2), (2, 1))
    # A tile of several modes still tiles by mode, one of a single int as that int.
    assert fx.logical_divide(fx.make_layout((8, 8)), fx.make_tile(2, 4)) == fx.logical_divide(
        fx.make_layout((8, 8)), (2, 4)
    )


def test_shapes_strides_and_coordinates_take_their_modes():
    assert fx.make_shape(2, 3) == (2, 3) and fx.make_shape(9, (4, 8)) == (9, (4, 8))
    assert fx.make_stride(8) == (8,) and fx.make_coord(None, 1) == (None, 1)
    assert fx.make_layout(fx.make_shape(2, 3), fx.make_stride(1, 2)) == fx.make_layout((2, 3))


def test_coordinates_of_an_index_through_the_strides():
    # FlyDSL's (and CuTe's get_hier_coord / get_flat_coord / get_1d_coord): the coordinate
    # whose offset is the index, for a bijective layout; not the column-major coordinate.
    rows = fx.make_layout((4, 8), (8, 1))
    assert fx.idx2crd(5, rows) == (0, 5) and rows(fx.idx2crd(5, rows)) == 5
    assert fx.get_flat_coord(9, fx.make_layout((4, 8), (1, 4))) == (1, 2)
    assert (
        fx.get_1d_coord(5, rows) == 20 and fx.get_1d_coord(9, fx.make_layout((4, 8), (1, 4))) == 9
    )
    nested = fx.make_layout(((2, 2), 4), ((1, 2), 4))
    assert fx.idx2crd(3, nested) == ((1, 1), 0)
    assert fx.get_flat_coord(3, nested) == (3, 0)  # one 1-D coordinate per top-level mode
    for i in range(16):
        assert nested(fx.idx2crd(i, nested)) == i
    assert fx.idx2crd(5, (4, 8)) == (1, 1)  # of a shape: column-major, as before
    assert fx.make_layout_like(rows) == fx.make_layout((4, 8), (8, 1))
    assert fx.make_layout_like(fx.make_layout((4, 8), (16, 2))) == rows
    with pytest.raises(TypeError, match="must be a Layout"):
        fx.get_flat_coord(3, (4, 8))
    swizzled = fx.make_composed_layout(fx.Swizzle(1, 1, 1), 0, rows)
    with pytest.raises(flydsl.UnsupportedError, match="composed"):
        fx.get_1d_coord(3, swizzled)
