"""Fly types as Python sees them (`value.type`), FlyDSL's one-mode take and select, and the
`fly` dialect's layout builders of the flydsl._mlir facade, on the host and in a kernel."""

import flydsl.expr as fx
import pytest
from _ir_module import module_text
from flydsl._mlir import ir
from flydsl._mlir.dialects import fly
from flydsl.errors import DivisibilityError


def test_a_host_layout_has_its_fly_type():
    t = fx.make_layout((128, 64), (1, 128)).type
    assert str(t) == "!fly.layout<(128,64):(1,128)>"
    assert t == fx.LayoutType.get((128, 64), (1, 128)) and t != fx.LayoutType.get(128, 1)
    assert str(t.shape) == "!fly.int_tuple<(128,64)>" and str(t.stride) == "!fly.int_tuple<(1,128)>"
    assert (t.rank, t.depth, t.is_leaf, t.is_static) == (2, 1, False, True)
    assert str(fx.make_identity_layout((4, 8)).type) == "!fly.layout<(4,8):(1E0,1E1)>"
    swizzled = fx.make_composed_layout(fx.Swizzle(3, 4, 3), 0, fx.make_layout((8, 64), (64, 1)))
    assert str(swizzled.type) == "!fly.composed_layout<S<3,4,3> o 0 o (8,64):(64,1)>"


def test_int_tuple_types_answer_flydsls_queries():
    t = fx.make_int_tuple((9, (4, 8))).type
    assert str(t) == "!fly.int_tuple<(9,(4,8))>"
    assert (t.rank, t.depth, t.is_leaf, t.is_static) == (2, 2, False, True)
    assert str(t.at(1)) == "!fly.int_tuple<(4,8)>" and t.at(0).get_static_leaf_int == 9
    leaf = fx.make_int_tuple(fx.Basis(2, [0, 1]))
    assert leaf.type.is_leaf_basis and not leaf.type.is_leaf_int
    assert str(leaf.type) == "!fly.int_tuple<2E0E1>"
    basis = leaf.type.get_leaf_as_basis
    assert (basis.value, basis.modes, basis.is_static) == (2, [0, 1], True)
    assert fx.get_scalar(leaf) == fx.Basis(2, [0, 1])
    with pytest.raises(ValueError, match="not a basis element"):
        _ = t.get_leaf_as_basis
    with pytest.raises(ValueError, match="not one static integer"):
        _ = t.get_static_leaf_int
    assert fx.static(fx.IntTupleType.get((4, 8))) == (4, 8)


def test_tuples_of_basis_elements_on_the_host():
    stride = fx.make_stride(fx.E(0), fx.make_stride(fx.E(1), fx.E(2)))
    assert fx.get_leaves(stride) == (fx.E(0), fx.E(1), fx.E(2))
    assert stride.to_py_value() == (fx.E(0), (fx.E(1), fx.E(2)))
    assert str(stride.type) == "!fly.int_tuple<(1E0,(1E1,1E2))>"


def test_one_mode_is_that_mode():
    layout = fx.make_layout((128, 64), (1, 128))
    assert fx.get_(layout, 0) == fx.make_layout(128, 1) == layout[0]
    assert fx.take(layout, 0, 1) == fx.make_layout(128, 1)
    assert fx.take(layout, 0, -1) == layout
    assert fx.select(layout, [1, 0]) == fx.make_layout((64, 128), (128, 1))
    assert fx.select(layout, [1]) == fx.make_layout(64, 128)
    assert fx.select((4, (8, 2)), [1]) == (8, 2) and fx.get_((4, (8, 2)), [1, 0]) == 8
    assert str(fx.group(layout, 0, 2).type) == "!fly.layout<((128,64)):((1,128))>"


def test_complement_takes_flydsls_keyword():
    size_4 = fx.complement(fx.make_layout(3, 1), codomain_size=fx.make_int_tuple(12))
    assert size_4 == fx.complement(fx.make_layout(3, 1), 12) == fx.make_layout(4, 3)
    with pytest.raises(TypeError, match="not both"):
        fx.complement(fx.make_layout(3, 1), 12, codomain_size=12)
    with pytest.raises(DivisibilityError, match="not injective"):
        fx.complement(fx.make_layout((3, 2), (1, 2)), codomain_size=12)


def test_the_dialect_builders_compute_on_the_host():
    shape = fly.static(fly.IntTupleType.get((10, 2)))
    layout = fly.make_layout(shape, stride=fly.static(fly.IntTupleType.get((16, 4))))
    assert layout == fx.make_layout((10, 2), (16, 4))
    assert fly.get_scalar(fly.select(fly.get_stride(layout), indices=[1])) == 4
    assert fly.size(fly.composition(layout, fx.make_layout((5, 4), (1, 5)))) == 20
    assert fly.coalesce(fx.make_layout((3, (1, 9)), (1, (9, 3)))) == fx.make_layout(27, 1)
    assert fly.get(fly.make_int_tuple(fly.IntTupleType.get((4, (8, 2)))), [1, 1]) == 2
    assert fly.take(layout, 1, 2) == fx.make_layout(2, 4)


def test_kernel_values_have_types_with_dynamic_leaves():
    seen = {}

    def build(n, s):
        layout = fx.make_layout(fx.make_shape(n, 8), fx.make_stride(1, s))
        seen["layout"] = layout.type
        seen["shape"] = layout.shape.type
        seen["tuple"] = fly.make_int_tuple(fly.IntTupleType.get((4, None)), [n]).type
        seen["size"] = fx.size(layout).type

    module_text(build, ir.IntegerType.get_signless(32), ir.IntegerType.get_signless(32))
    assert str(seen["layout"]) == "!fly.layout<(?,8):(1,?)>"
    assert not seen["layout"].is_static and seen["layout"].is_static_shape is False
    assert str(seen["shape"]) == "!fly.int_tuple<(?,8)>" and seen["shape"].rank == 2
    assert str(seen["tuple"]) == "!fly.int_tuple<(4,?)>"
    assert str(seen["size"]) == "!fly.int_tuple<?>" and seen["size"].is_leaf


def test_a_jit_functions_runtime_parameters_are_dynamic_leaves():
    import flydsl.compiler as flyc

    seen = {}

    @flyc.jit
    def build(n: fx.Int32, k: fx.Constexpr[int]):
        t = fx.make_int_tuple((n, k))
        leaf = fx.make_int_tuple(fx.Basis(n, [0]))
        stride = fx.make_stride(fx.Basis(n, [0]), fx.E(1))
        seen.update(
            t=(str(t.type), t.type.is_static),
            leaf=(str(leaf.type), leaf.type.is_static, leaf.type.get_leaf_as_basis.modes),
            dynamic=fx.get_leaves(stride, dynamic_only=True),
            leaves=fx.get_leaves(stride),
            static=fx.get_leaves(fx.make_stride(k, fx.E(1)), dynamic_only=True),
        )

    build(2, 3)
    assert seen["t"] == ("!fly.int_tuple<(?,3)>", False)
    assert seen["leaf"] == ("!fly.int_tuple<?E0>", False, [0])
    assert seen["dynamic"] == (fx.Basis(2, [0]),) and seen["static"] == ()
    assert seen["leaves"] == (fx.Basis(2, [0]), fx.Basis(1, [1]))
