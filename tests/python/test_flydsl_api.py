"""FlyDSL's spellings, as its programs use them: the package's modules, `.unpack()` on host and
kernel tuples, tensor arguments of @flyc.jit functions, coordinate views made from identity
layouts with dynamic extents, fx.Tensor(...) of a view, get_scalar, and the numeric types'
widths."""

import importlib

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev


@pytest.mark.parametrize(
    "module",
    ["flydsl.expr.arith", "flydsl.expr.gpu", "flydsl.expr.math", "flydsl.expr.numeric",
     "flydsl.expr.typing", "flydsl.expr.primitive", "flydsl.expr.derived", "flydsl.expr.rocdl",
     "flydsl.expr.buffer_ops", "flydsl.expr.vector", "flydsl.compiler.jit_argument",
     "flydsl.compiler.jit_function", "flydsl.compiler.kernel_function", "flydsl.runtime.device",
     "flydsl.extension.coop"],
)  # fmt: skip
def test_flydsl_modules_import(module):
    importlib.import_module(module)


def test_submodules_are_reachable_from_fx_and_agree():
    from flydsl.expr import arith, buffer_ops, gpu, rocdl  # noqa: F401

    assert fx.gpu.thread_idx is fx.thread_idx and fx.gpu.barrier is fx.barrier
    assert fx.math.exp is fx.exp and fx.arith.maximum is fx.maximum
    assert fx.typing.Tensor is fx.Tensor and fx.numeric.Int32 is fx.Int32
    assert flyc.kernel is flyc.kernel_function.kernel and flyc.jit is flyc.jit_function.jit
    with pytest.raises(AttributeError, match="no attribute 'not_a_name'"):
        fx.not_a_name  # noqa: B018


@pytest.mark.parametrize(
    "dtype, width",
    [(fx.Int8, 8), (fx.Int16, 16), (fx.Int32, 32), (fx.Int64, 64), (fx.Boolean, 1),
     (fx.Float16, 16), (fx.BFloat16, 16), (fx.Float32, 32), (fx.Float64, 64)],
)  # fmt: skip
def test_numeric_widths(dtype, width):
    assert dtype.width == width and issubclass(dtype, fx.numeric.Numeric)


def test_host_tuples_unpack_to_plain_tuples():
    layout = fx.make_layout(((2, 3), 4), ((1, 2), 6))
    assert layout.shape == ((2, 3), 4) and layout.shape.unpack() == ((2, 3), 4)
    assert type(layout.shape.unpack()) is tuple and type(layout.shape.unpack()[0]) is tuple
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_ordered_layout((8, 16), order=(1, 0)),
                                  fx.make_ordered_layout((1, 4), order=(0, 1)))  # fmt: skip
    tile_m, tile_n = tiled.tile_mn.unpack()
    assert (tile_m, tile_n) == (8, 64)


@flyc.kernel
def coordinates(out: fx.Tensor, rows: fx.Int32):
    # An identity layout over a dynamic extent, viewed from the origin: each element is its
    # own coordinate.
    ident = fx.make_view((0, 0), fx.make_identity_layout((rows, 8)))
    view = fx.Tensor(ident)
    i = fx.thread_idx.x
    row, col = view[i // 8, i % 8]
    out[i] = row * 100 + col
    out[rows * 8] = fx.get_scalar(view[3, None][5][1]) + fx.get_scalar(fx.make_int_tuple((7,)))


def test_identity_views_with_dynamic_extents():
    rows = 4
    out = dev.array(np.zeros(rows * 8 + 1, np.int32))
    coordinates(out, rows).launch(block=(rows * 8,))
    got = dev.host(out)
    i = np.arange(rows * 8)
    np.testing.assert_array_equal(got[:-1], i // 8 * 100 + i % 8)
    assert got[-1] == 5 + 7


def test_a_view_start_must_match_the_layout_values():
    @flyc.kernel
    def wrong(out: fx.Tensor):
        view = fx.make_view((0, 0, 0), fx.make_identity_layout((4, 8)))
        out[0] = view[0, 0][0]

    with pytest.raises(flyc.CompileError, match="one per leaf of its layout's values"):
        wrong(dev.array(np.zeros(1, np.int32))).launch(block=(1,))


def test_fx_tensor_takes_only_kernel_tensors():
    with pytest.raises(TypeError, match="takes a tensor value"):
        fx.Tensor(np.zeros(4))


@flyc.kernel
def add_rows(a: fx.Tensor, b: fx.Tensor, n: fx.Int32):
    i = fx.block_idx.x * 64 + fx.thread_idx.x
    if i < n:
        b[i] = a[i] + 1.0


@flyc.jit
def add_all(a: fx.Tensor, b: fx.Tensor, shapes: list):
    shapes.append((a.shape.unpack(), a.stride().unpack(), a.shape[0]))
    (n,) = a.shape.unpack()
    add_rows(a, b, n).launch(grid=((n + 63) // 64,), block=(64,))


def test_jit_tensor_arguments_have_flydsl_shapes_and_launch_as_tensors():
    shapes = []
    a = np.arange(100, dtype=np.float32)
    b = dev.array(np.zeros(100, np.float32))
    add_all(dev.array(a), b, shapes)
    np.testing.assert_array_equal(dev.host(b), a + 1)
    assert shapes == [((100,), (1,), 100)]
    assert add_all.__name__ == "add_all"
