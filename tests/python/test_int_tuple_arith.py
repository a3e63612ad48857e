"""FlyDSL's int tuple arithmetic (fx.int_tuple_add, _sub, _mul, _div, _mod, _product,
_product_each, _product_like, shape_div, ceil_div), fx.equal, fx.elem_less and fx.get_leaves:
on the host the C library computes them; inside a kernel they are FlyDSL's Fly ops
(fly.int_tuple_add, fly.equal, ...), lowered by fly-layout-lowering, and agree with the host on
dynamic leaves. Mismatched structures are clear errors, never a crash."""

import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import CompileError, FlyDSLError


def test_leaf_by_leaf_on_the_host():
    assert fx.int_tuple_add((1, (2, 3)), (10, (20, 30))) == (11, (22, 33))
    assert fx.int_tuple_sub((5, 7), (1, 2)) == (4, 5)
    assert fx.int_tuple_mul((2, 3), (4, 5)) == (8, 15)
    assert fx.int_tuple_div((9, 8), (2, 4)) == (4, 2)
    assert fx.int_tuple_mod((9, 8), (2, 3)) == (1, 2)
    assert fx.int_tuple_add(3, 4) == 7


def test_the_longer_tuple_keeps_its_extra_modes():
    # FlyDSL's rule: leaf by leaf as far as both go, then the longer tuple's own modes.
    assert fx.int_tuple_add((1, 2, 3), (10, 20)) == (11, 22, 3)
    assert fx.int_tuple_mul((2,), (3, 7)) == (6, 7)


def test_division_rounds_down_as_python_does():
    assert fx.int_tuple_div((-7, 7), (2, 2)) == (-7 // 2, 7 // 2)
    assert fx.int_tuple_mod((-7, 7), (2, 2)) == (-7 % 2, 7 % 2)


def test_products():
    assert fx.int_tuple_product((2, (3, 4))) == 24
    assert fx.int_tuple_product_each((2, (3, 4), 5)) == (2, 12, 5)
    assert fx.int_tuple_product_like((2, (3, 4)), (0, 0)) == (2, 12)
    assert fx.int_tuple_product_like(((2, 3), (4, (5, 6))), (0, (0, 0))) == (6, (4, 30))


def test_equal_get_leaves_on_the_host():
    assert fx.equal((1, (2, 3)), (1, (2, 3)))
    assert not fx.equal((1, (2, 3)), (1, 2, 3))
    assert not fx.equal(4, (4,))
    assert fx.get_leaves((1, (2, (3, 4)))) == (1, 2, 3, 4)
    assert fx.get_leaves(5) == (5,)
    assert fx.get_leaves((1, 2), dynamic_only=True) == ()


@pytest.mark.parametrize(
    "call",
    [
        lambda: fx.int_tuple_add((1, 2), 3),
        lambda: fx.int_tuple_div((4, 2), (0, 1)),
        lambda: fx.int_tuple_product_like((2, 3), (0, 0, 0)),
        lambda: fx.int_tuple_product_like(6, (0, 0)),
    ],
)
def test_bad_operands_are_errors(call):
    with pytest.raises(FlyDSLError):
        call()


@flyc.kernel
def arithmetic(out: fx.Tensor, m: fx.Int32, n: fx.Int32):
    a = fx.make_int_tuple((m, (n, 6)))
    b = fx.make_int_tuple((2, (n, 3)))
    rows = [
        fx.int_tuple_add(a, b),
        fx.int_tuple_sub(a, b),
        fx.int_tuple_mul(a, b),
        fx.int_tuple_div(a, b),
        fx.int_tuple_mod(a, b),
    ]
    for r, t in enumerate(rows):
        for j, leaf in enumerate(fx.get_leaves(t)):
            out[r, j] = fx.Int32(leaf)
    out[5, 0] = fx.Int32(fx.int_tuple_product(a))
    each = fx.int_tuple_product_each(a)
    out[5, 1] = fx.Int32(fx.get_leaves(each)[0])
    out[5, 2] = fx.Int32(fx.get_leaves(each)[1])
    like = fx.int_tuple_product_like((m, (n, m)), (0, 0))
    out[6, 0] = fx.Int32(fx.get_leaves(like)[0])
    out[6, 1] = fx.Int32(fx.get_leaves(like)[1])
    out[6, 2] = fx.Int32(fx.get_leaves(fx.shape_div((m * 4, n), (4, 1)))[0])
    out[7, 0] = fx.Int32(fx.select(fx.equal(a, (m, (n, 6))), 1, 0))
    out[7, 1] = fx.Int32(fx.select(fx.equal(a, (m, (n, 7))), 1, 0))
    out[7, 2] = fx.Int32(fx.select(fx.elem_less((m, n), (13, 6)), 1, 0))


@pytest.mark.parametrize("m, n", [(7, 5), (12, 4), (3, 9)])
def test_kernel_tuples_agree_with_the_host(m, n):
    out = dev.array(np.full((8, 3), -1, np.int32))
    arithmetic(out, m, n).launch(grid=(1,), block=(1,))
    got = dev.host(out)
    a, b = (m, (n, 6)), (2, (n, 3))
    ops = [fx.int_tuple_add, fx.int_tuple_sub, fx.int_tuple_mul, fx.int_tuple_div, fx.int_tuple_mod]
    for r, op in enumerate(ops):
        assert got[r].tolist() == list(fx.get_leaves(op(a, b))), op.__name__
    assert got[5, 0] == fx.int_tuple_product(a)
    assert got[5, 1:].tolist() == list(fx.int_tuple_product_each(a))
    assert got[6, :2].tolist() == list(fx.int_tuple_product_like((m, (n, m)), (0, 0)))
    assert got[6, 2] == m
    assert got[7].tolist() == [1, 0, int(m < 13 and n < 6)]


def test_kernel_tuples_are_fly_ops(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    out = np.zeros((8, 3), np.int32)
    arithmetic.compile(out, 7, 5, target="cpu")
    (folder,) = tmp_path.glob("cpu-*")
    origin = (folder / "00_origin.mlir").read_text()
    for op in ("int_tuple_add", "int_tuple_sub", "int_tuple_mul", "int_tuple_div",
               "int_tuple_mod", "int_tuple_product", "int_tuple_product_each",
               "int_tuple_product_like", "shape_div", "equal", "elem_less", "get_leaves"):  # fmt: skip
        assert f"fly.{op}(" in origin, op
    lowered = (folder / "01_fly_layout_lowering.mlir").read_text()
    assert "fly.int_tuple_" not in lowered and "fly.equal" not in lowered
    after = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert not re.search(r"\bfly\.[a-z_.]+\(", after)  # no Fly op (attributes stay)


@flyc.kernel
def products_past_2_31(out: fx.Tensor, s: fx.Int32):
    t = fx.int_tuple_mul(fx.make_int_tuple((s, s)), (4, 8))
    out[0] = fx.Int64(fx.get_leaves(t)[1])
    out[1] = fx.Int64(fx.int_tuple_product(fx.make_int_tuple((s, 16))))


def test_kernel_products_do_not_wrap():
    s = 1 << 29
    out = dev.array(np.zeros(2, np.int64))
    products_past_2_31(out, s).launch(grid=(1,), block=(1,))
    assert dev.host(out).tolist() == [s * 8, s * 16]


@flyc.kernel
def mismatched(out: fx.Tensor, m: fx.Int32):
    out[0] = fx.Int32(fx.get_leaves(fx.int_tuple_add(fx.make_int_tuple((m, 2)), m))[0])


def test_kernel_mismatch_is_a_build_error():
    with pytest.raises(CompileError, match="int_tuple_add"):
        mismatched.compile(np.zeros(1, np.int32), 3, target="cpu")


@flyc.kernel
def structure_decides(out: fx.Tensor, m: fx.Int32):
    out[0] = fx.Int32(fx.select(fx.equal((m, 1), (m, 1, 1)), 1, 0))
    out[1] = fx.Int32(fx.select(fx.elem_less((m, m, m), (m + 1, m + 1)), 1, 0))
    out[2] = fx.Int32(fx.select(fx.elem_less((m,), (m + 1, 0)), 1, 0))


def test_structures_that_decide_a_comparison():
    out = dev.array(np.full(3, -1, np.int32))
    structure_decides(out, 4).launch(grid=(1,), block=(1,))
    # equal needs the same structure; elem_less is false once b runs out, true once a does.
    assert dev.host(out).tolist() == [0, 0, 1]
