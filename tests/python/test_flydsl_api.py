"""FlyDSL's spellings, as its programs use them: the package's modules, `.unpack()` on host and
kernel tuples, tensor arguments of @flyc.jit functions, coordinate views made from identity
layouts with dynamic extents, fx.Tensor(...) of a view, get_scalar, and the numeric types'
widths."""

import importlib
import math
import re
from types import SimpleNamespace

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


@flyc.kernel
def report(n: fx.Int32, x: fx.Float32):
    t = fx.thread_idx.x
    if t < n:
        fx.printf("t={} of {} x={} {} 100%\n", t, n, x * t.to("f32"), "static")


def test_printf_with_placeholders_prints_each_value_by_its_type(capfd):
    report(2, 1.25).launch(block=(2,))
    dev.synchronize()
    lines = sorted(line for line in capfd.readouterr().out.splitlines() if line.startswith("t="))
    assert lines == ["t=0 of 2 x=0.00 static 100%", "t=1 of 2 x=1.25 static 100%"]


@flyc.kernel
def lines(n: fx.Int32):
    if fx.thread_idx.x == 0:
        fx.printf("a={}", n)
        fx.printf(n, n + 1, "x")
        fx.printf("b={} {}", n)


def test_print_ends_its_line_and_separates_bare_values_by_spaces(capfd):
    lines(3).launch(block=(2,))
    dev.synchronize()
    assert capfd.readouterr().out == "a=3\n3 4 x\nb=3 {}\n"
    assert '"fly.print"' in lines.compile(3).ir(compiled=False)


@flyc.kernel
def print_layouts(A: fx.Tensor, n: fx.Int32):
    if fx.thread_idx.x == 0:
        fx.printf("l={} s={} t={}", fx.make_layout((n, 4), (4, 1)), fx.make_shape(n, 2), A.layout)
        fx.printf("static={} size={}", fx.make_layout((2, 4), (4, 1)), fx.size(A.layout))


def test_print_shows_tuples_and_layouts_with_their_run_time_leaves(capfd):
    print_layouts(dev.array(np.zeros(12, np.float32)), 3).launch(block=(2,))
    dev.synchronize()
    assert capfd.readouterr().out == "l=(3,4):(4,1) s=(3,2) t=12:1\nstatic=(2,4):(4,1) size=12\n"


def test_printf_placeholders_must_cover_the_values():
    @flyc.kernel
    def extra(n: fx.Int32):
        fx.printf("n={}", n, n)

    with pytest.raises(ValueError, match="2 arguments for 1"):
        extra(1).launch(block=(1,))


def test_a_stream_gives_its_value():
    assert fx.Stream(None).value is None and fx.Stream(7).value == 7


@flyc.kernel
def arith_ops(x: fx.Tensor, y: fx.Tensor, f: fx.Tensor, g: fx.Tensor, oi: fx.Tensor, of: fx.Tensor):
    i = fx.thread_idx.x
    a, b, p, q = x[i], y[i], f[i], g[i]
    results = [fx.max(a, b, 3), fx.min(a, b), fx.ceildiv(a, b), fx.shrui(a, 28),
               fx.cmpi("ult", a, b).select(1, 0), fx.cmpi(fx.CmpIPredicate.sge, a, b).select(1, 0),
               fx.arith.divui(a, b), fx.arith.xori(a, b)]  # fmt: skip
    for r, v in enumerate(results):
        oi[r, i] = v
    floats = [fx.maxnumf(p, q), fx.maximumf(p, q), fx.cmpf("une", p, q).select(1.0, 0.0),
              fx.arith.addf(p, q), fx.min(p, q)]  # fmt: skip
    for r, v in enumerate(floats):
        of[r, i] = v


def test_arith_names_match_numpy():
    rng = np.random.default_rng(5)
    n = 64
    x = rng.integers(-(2**31), 2**31 - 1, n, dtype=np.int64).astype(np.int32)
    y = rng.integers(-50, 50, n).astype(np.int32)
    y[y == 0] = 7
    f = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal(n).astype(np.float32)
    f[::5], g[::7] = np.nan, np.nan
    oi, of = dev.array(np.zeros((8, n), np.int32)), dev.array(np.zeros((5, n), np.float32))
    arith_ops(*(dev.array(v) for v in (x, y, f, g)), oi, of).launch(block=(n,))
    oi, of = dev.host(oi), dev.host(of)
    ux, uy = x.view(np.uint32), y.view(np.uint32)
    ceil = -(-x.astype(np.int64) // y)
    expected = [np.maximum(np.maximum(x, y), 3), np.minimum(x, y), ceil, (ux >> 28).view(np.int32),
                ux < uy, x >= y, (ux // uy).view(np.int32), x ^ y]  # fmt: skip
    for r, e in enumerate(expected):
        np.testing.assert_array_equal(oi[r], np.asarray(e).astype(np.int32), err_msg=f"row {r}")
    np.testing.assert_array_equal(of[0], np.fmax(f, g))
    np.testing.assert_array_equal(of[1], np.maximum(f, g))
    np.testing.assert_array_equal(of[2], (f != g).astype(np.float32))
    np.testing.assert_array_equal(of[3], f + g)
    np.testing.assert_array_equal(of[4], np.minimum(f, g))


@flyc.kernel
def float_remainders(f: fx.Tensor, g: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    out[i] = fx.arith.remf(f[i], g[i])


def test_float_extremes_need_no_device_library_on_cuda():
    """NVIDIA's libdevice is not linked: maxnumf / minnumf select without it, and remf, which
    only libdevice computes exactly, is refused when compiled rather than when loaded."""
    x = np.ones(64, np.float32)
    rows = np.zeros((8, 64), np.int32), np.zeros((5, 64), np.float32)
    ptx = arith_ops.compile(x.view(np.int32), x.view(np.int32), x, x, *rows, target="cuda",
                            arch="sm_90").binary.decode()  # fmt: skip
    assert ".extern .func" not in ptx and re.search(r"\bmax\.f32", ptx)
    with pytest.raises(flyc.CompileError, match="'arith.remf' .* has no cuda lowering"):
        float_remainders.compile(x, x, x, target="cuda", arch="sm_90")


def test_float_remainders_match_numpy():
    f = np.array([5.5, -5.5, 7.0, 1.0, -0.0, 3.0], np.float32)
    g = np.array([2.0, 2.0, -3.0, np.inf, 1.0, 0.0], np.float32)
    out = np.zeros_like(f)  # host arrays: the cpu target (cuda refuses remf)
    float_remainders(f, g, out).launch(block=(len(f),))
    with np.errstate(invalid="ignore"):  # x % 0 is NaN
        np.testing.assert_array_equal(out, np.fmod(f, g))


def test_arith_on_python_numbers_folds():
    assert fx.max(1, 5, 3) == 5 and fx.min([4, 2, 9]) == 2
    assert fx.ceildiv(7, 2) == 4 and fx.ceildiv(-7, 2) == -3 and fx.ceildiv(6, 3) == 2
    assert fx.max is fx.arith.max and fx.ceildiv is not fx.ceil_div
    with pytest.raises(ZeroDivisionError):
        fx.ceildiv(1, 0)
    assert fx.min([fx.Int32(4), (fx.Int64(-2), [9])]) == -2
    one = fx.max(True)
    assert isinstance(one, fx.Int32) and int(one) == 1
    with pytest.raises(ValueError, match="at least one operand"):
        fx.max()


def test_host_extremes_are_maximumf_and_minimumf():
    assert math.isnan(fx.max(fx.Float32(math.nan), 1.0).value)
    assert math.isnan(fx.min(1.0, fx.Float32(math.nan)).value)
    assert math.copysign(1, fx.max(fx.Float32(-0.0), fx.Float32(0.0)).value) == 1
    assert math.copysign(1, fx.min(fx.Float32(0.0), fx.Float32(-0.0)).value) == -1
    widest = fx.max(fx.Int32(3), fx.Float64(2.5))
    assert isinstance(widest, fx.Float64) and widest.value == 3.0
    with pytest.raises(TypeError, match="does not support Index"):
        fx.max(fx.Index(1), fx.Index(2))
    with pytest.raises(TypeError, match="narrow storage float Float8E4M3FNUZ"):
        fx.min(fx.Float8E4M3FNUZ(1.0), 2.0)


def test_host_ceildiv_keeps_the_class_and_refuses_what_has_no_answer():
    big = fx.ceildiv(fx.Uint32(0xFFFFFFFF), fx.Uint32(2))
    assert isinstance(big, fx.Uint32) and int(big) == 0x80000000
    assert int(fx.ceildiv(fx.Int32(-7), fx.Int32(-2))) == 4
    with pytest.raises(OverflowError):
        fx.ceildiv(fx.Int32(-(2**31)), fx.Int32(-1))
    with pytest.raises(TypeError, match="requires integer operands"):
        fx.ceildiv(fx.Float32(3.0), 2)
    with pytest.raises(TypeError, match="does not support Boolean"):
        fx.ceildiv(fx.Boolean(True), fx.Boolean(True))


@flyc.kernel
def unsigned_ceildiv(x: fx.Tensor, y: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    out[i] = fx.ceildiv(fx.Uint32(x[i]), fx.Uint32(y[i]))


def test_kernel_ceildiv_of_unsigned_values():
    x = np.array([0xFFFFFFFF, 7, 0, 0x80000001], np.uint32)
    y = np.array([2, 7, 5, 0x80000000], np.uint32)
    out = np.zeros(4, np.uint32)
    unsigned_ceildiv(x.view(np.int32), y.view(np.int32), out.view(np.int32)).launch(block=(4,))
    want = [-(-int(a) // int(b)) for a, b in zip(x, y)]
    np.testing.assert_array_equal(out, np.array(want, np.uint32))


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda a, p: fx.cmpi("slt", p, p), TypeError, "cmpi takes integers"),
        (lambda a, p: fx.cmpf("ueq", p, p), ValueError, "no predicate 'ueq'"),
        (lambda a, p: fx.arith.addf(a, a), TypeError, "addf takes floats"),
        (lambda a, p: fx.shrui(p, 1), TypeError, "shrui takes integers"),
    ],
)
def test_arith_type_mistakes_are_errors(call, error, message):
    @flyc.kernel
    def wrong(x: fx.Tensor, f: fx.Tensor):
        x[0] = call(x[0], f[0])

    with pytest.raises(error, match=message):
        wrong(dev.array(np.zeros(1, np.int32)), dev.array(np.zeros(1, np.float32))).launch()


BM, BN, BK = 16, 16, 4


@flyc.kernel
def tile_gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    # FlyDSL's form: fragments made from the operands' whole tiles, copies retiled onto them,
    # and gemm given the atom.
    tid = fx.thread_idx.x
    A, B, C = (fx.slice(fx.zipped_divide(t, tile), (None, 0))
               for t, tile in ((A, (BM, BK)), (B, (BN, BK)), (C, (BM, BN))))  # fmt: skip
    atom = fx.make_mma_atom(fx.UniversalFMA(fx.Float32))
    tiled = fx.make_tiled_mma(atom, fx.make_layout((BM, BN, 1), (1, BM, 0)))
    thr = tiled.thr_slice(tid)
    copy_atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    copies = [fx.make_tiled_copy_A(copy_atom, tiled).get_slice(tid),
              fx.make_tiled_copy_B(copy_atom, tiled).get_slice(tid),
              fx.make_tiled_copy_C(copy_atom, tiled).get_slice(tid)]  # fmt: skip
    frags = [thr.make_fragment_A(A), thr.make_fragment_B(B), thr.make_fragment_C(C)]
    fx.copy(copy_atom, copies[0].partition_S(A), copies[0].retile(frags[0]))
    fx.copy(copy_atom, copies[1].partition_S(B), copies[1].retile(frags[1]))
    frags[2].fill(0)
    fx.gemm(atom, frags[2], frags[0], frags[1], frags[2])
    fx.copy(copy_atom, copies[2].retile(frags[2]), copies[2].partition_S(C))


def test_fragments_of_whole_operand_tiles():
    rng = np.random.default_rng(2)
    a = rng.integers(-4, 4, (BM, BK)).astype(np.float32)
    b = rng.integers(-4, 4, (BN, BK)).astype(np.float32)
    c = dev.array(np.zeros((BM, BN), np.float32))
    tile_gemm(dev.array(a), dev.array(b), c).launch(block=(BM * BN,))
    np.testing.assert_array_equal(dev.host(c), a @ b.T)


@flyc.kernel
def offsets(idx: fx.Tensor, out: fx.Tensor):
    # A register tensor of i32 takes a vector of another integer type, converted, as its
    # elements do (here extents, which are 64-bit, enter the sum).
    n = out.shape.unpack()[0]
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Int32)
    frag = fx.make_rmem_tensor(4, fx.Int32)
    fx.copy(atom, fx.slice(fx.zipped_divide(idx, (4,)), (None, 0)), frag)
    frag.store(frag.load() * n + 1)
    fx.copy(atom, frag, fx.slice(fx.zipped_divide(out, (4,)), (None, 0)))


def test_a_fragment_store_converts_to_the_element_type():
    out = dev.array(np.zeros(4, np.int32))
    offsets(dev.array(np.arange(4, dtype=np.int32)), out).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), np.arange(4) * 4 + 1)


def test_from_torch_tensor_is_from_dlpack():
    a = np.zeros((4, 8), np.float32)
    arg = flyc.from_torch_tensor(a, use_32bit_stride=True).mark_layout_dynamic(leading_dim=1)
    assert isinstance(arg, flyc.TensorArgument) and arg.shape.unpack() == (4, 8)
    assert arg.stride().unpack() == (8, 1)


@flyc.kernel(known_block_size=[4, 1, 1], name="with_flydsl_helpers")
def helpers(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    frag = fx.make_rmem_tensor(1, fx.Float32)
    fx.copy_atom_call(atom, fx.slice(fx.zipped_divide(x, (1,)), (None, i)), frag)
    v = fx.memref_load_vec(frag) + fx.Vector.filled((1, 1), 0.5, fx.Float32)
    fx.memref_store_vec(v, frag)
    fx.memref_store(fx.memref_load(frag, 0) + fx.arith.constant(1.0, type=fx.T.f32), frag, 0)
    out[i] = frag[0].ir_value() + fx.arith.constant(2).to("f32")


def test_memref_helpers_constants_and_known_block_sizes():
    x = np.arange(4, dtype=np.float32)
    out = dev.array(np.zeros(4, np.float32))
    helpers(dev.array(x), out).launch(block=(4,))
    np.testing.assert_array_equal(dev.host(out), x + 3.5)
    assert helpers.name == "with_flydsl_helpers" and helpers.known_block_size == [4, 1, 1]
    with pytest.raises(flyc.LaunchError, match="differs from known_block_size"):
        helpers(dev.array(x), out).launch(block=(8,))
    with pytest.raises(ValueError):  # the caller's argument, as FlyDSL reports it
        helpers(dev.array(x), out).launch(block=(8,))
    assert helpers._known_block_size == [4, 1, 1]  # FlyDSL's attribute name


def test_a_kernel_renamed_between_launches_launches_under_its_new_name():
    """Launches of numbers alone take the prepared (hot) path after the first; renaming the
    kernel's function, as FlyDSL's programs do, compiles and launches the renamed kernel."""

    @flyc.kernel
    def named_once(v: fx.Int32):
        if v < 0:  # never: the test's launches print nothing
            fx.printf("{}", v)

    named_once(1).launch(block=(2,))
    named_once(2).launch(block=(2,))  # the prepared launch
    assert len(named_once.cache) == 1 and len(named_once._prepared) == 1
    named_once._func.__name__ = "named_twice"
    named_once(3).launch(block=(2,))
    assert named_once.name == "named_twice" and len(named_once.cache) == 2


@pytest.mark.parametrize(
    "size, error, message",
    [(7, TypeError, "sequence of 3"), ([4, 1], ValueError, "exactly 3"),
     ([4, 0, 1], ValueError, "must be positive"), ([4.0, 1, 1], TypeError, "must be an int")],
)  # fmt: skip
def test_known_block_size_mistakes(size, error, message):
    with pytest.raises(error, match=message):
        flyc.kernel(known_block_size=size)(lambda x: None)


@flyc.kernel
def pointer_add(a: fx.Pointer, b: fx.Pointer, c: fx.Pointer, n: fx.Int32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        c[i] = a[i] + b[i]


def address(x):
    return x.data_ptr() if hasattr(x, "data_ptr") else x.ctypes.data


def test_pointer_arguments_from_addresses():
    n = 1000
    a, b = np.arange(n, dtype=np.float32), np.full(n, 0.5, np.float32)
    da, db, dc = dev.array(a), dev.array(b), dev.array(np.zeros(n, np.float32))
    pointers = [flyc.from_c_void_p(fx.Float32, address(x)) for x in (da, db)]
    import ctypes

    pointers.append(flyc.from_c_void_p(fx.Float32, ctypes.c_void_p(address(dc))))
    pointer_add(*pointers, n).launch(grid=((n + 127) // 128,), block=(128,))
    np.testing.assert_array_equal(dev.host(dc), a + b)


@flyc.kernel
def masked_copy(x: fx.Pointer, mask: fx.Pointer, out: fx.Pointer, use_mask: fx.Constexpr[bool]):
    i = fx.thread_idx.x
    if fx.const_expr(use_mask):
        out[i] = x[i] * fx.Float32(mask[i])
    else:
        out[i] = x[i]


def test_a_null_pointer_argument_reaches_a_kernel_that_leaves_it_alone():
    # As FlyDSL's MoE kernels pass an empty torch tensor's data_ptr() (0) for an unused mask.
    x = dev.array(np.arange(8, dtype=np.float32))
    out = dev.array(np.zeros(8, np.float32))
    ptr = lambda element, a: flyc.from_c_void_p(element, a)
    masked_copy(ptr(fx.Float32, address(x)), ptr(fx.Int32, 0), ptr(fx.Float32, address(out)),
                False).launch(block=(8,))  # fmt: skip
    np.testing.assert_array_equal(dev.host(out), np.arange(8))


@pytest.mark.parametrize(
    "element, pointer, message",
    [("not a type", 0, "needs an element type"), (fx.Float32, "0x10", "needs an address"),
     (fx.Float32, -4, "needs an address")],
)  # fmt: skip
def test_pointer_argument_mistakes(element, pointer, message):
    with pytest.raises(TypeError, match=message):
        flyc.from_c_void_p(element, pointer)


@flyc.kernel
def bundled(io: SimpleNamespace, scale: fx.Float32):
    i = fx.thread_idx.x
    if i < io.n:
        io.out[i] = io.x[i] * scale + io.inner.offset


def test_namespace_arguments_are_bundles_of_arguments():
    n = 40
    x = np.arange(n, dtype=np.float32)
    out = dev.array(np.zeros(64, np.float32))
    io = SimpleNamespace(x=dev.array(x), out=out, n=n, inner=SimpleNamespace(offset=0.25))
    bundled(io, 2.0).launch(block=(64,))
    got = dev.host(out)
    np.testing.assert_array_equal(got[:n], 2 * x + 0.25)
    assert not got[n:].any()
    with pytest.raises(TypeError, match="argument offset"):
        bundled(
            SimpleNamespace(x=io.x, out=out, n=n, inner=SimpleNamespace(offset="a")), 1.0
        ).launch()


# flyc.compile, expr.meta, raw arith conversions, copy atoms by bit width, fx.struct.


@flyc.kernel
def halve_into(src: fx.Pointer, dst: fx.Pointer, n: fx.Int32):
    i = fx.thread_idx.x
    if i < n:
        dst[i] = src[i] * 0.5


@flyc.jit
def halve(src: fx.Pointer, dst: fx.Pointer, n: fx.Int32):
    halve_into(src, dst, n).launch(block=(64,))


def test_flyc_compile_runs_once_and_takes_bare_addresses_after(monkeypatch):
    n = 50
    src, dst = dev.array(np.arange(64, dtype=np.float32)), dev.array(np.zeros(64, np.float32))
    a, b = address(src), address(dst)
    compiled = flyc.compile(halve, flyc.from_c_void_p(fx.Float32, a),
                            flyc.from_c_void_p(fx.Float32, b), n)  # fmt: skip
    expected = np.where(np.arange(64) < n, np.arange(64) * 0.5, 0)
    np.testing.assert_array_equal(dev.host(dst), expected)  # as FlyDSL's: the first run ran
    src2 = dev.array(np.full(64, 4.0, np.float32))
    compiled(address(src2), b, n)  # the pointers' element types come from the compile
    np.testing.assert_array_equal(dev.host(dst), np.where(np.arange(64) < n, 2.0, 0))
    # Under COMPILE_ONLY it compiles, runs nothing and gives None, as FlyDSL's.
    monkeypatch.setenv("COMPILE_ONLY", "1")
    dst2 = dev.array(np.zeros(64, np.float32))
    assert flyc.compile(halve, flyc.from_c_void_p(fx.Float32, a),
                        flyc.from_c_void_p(fx.Float32, address(dst2)), 7) is None  # fmt: skip
    assert not dev.host(dst2).any()
    with pytest.raises(TypeError, match="argument src is a pointer parameter"):
        halve_into(a, b, n).launch(block=(64,))


@flyc.kernel
def _scale_add(x: fx.Tensor):
    i = fx.thread_idx.x
    x[i] = x[i] * 3.0 + 1.0


@flyc.jit
def _scale_add_launch(x: fx.Tensor):
    _scale_add(x).launch(block=(4,))


def test_flyc_compile_with_hints_and_deferred():
    assert flyc.compile(_scale_add_launch) is _scale_add_launch  # no arguments: the launcher
    assert _scale_add_launch.compile_hints == {} and flyc.compile._compile_hints is None
    # As FlyDSL's: the hints become the launcher's own, for its later calls too.
    hinting = flyc.compile[{"fastmath": "fast"}]
    assert hinting._compile_hints == {"fastmath": "fast"}
    fast = hinting(_scale_add_launch)
    assert fast is _scale_add_launch and fast.compile_hints == {"fastmath": "fast"}
    fast._mem_cache.clear()
    x = np.ones(4, np.float32)
    try:
        fast(x)
        np.testing.assert_array_equal(x, 4.0)
        (hinted,) = fast._mem_cache.values()
        assert "fastmath<fast>" in hinted.source_ir
    finally:
        _scale_add_launch.compile_hints = {}
    _scale_add_launch(x)
    (plain,) = [a for a in fast._mem_cache.values() if a is not hinted]
    assert "fastmath" not in plain.source_ir
    with pytest.raises(TypeError, match="expects a dict of compile hints"):
        flyc.compile["fast"]


def test_tracing_options_and_the_block_size_they_fall_back_to():
    from flydsl.expr.meta import dsl_loc_tracing, tracing_context, tracing_option

    assert tracing_option("tile", 7) == 7
    with tracing_context(tile=3):
        with tracing_context(tile=None):
            assert tracing_option("tile", 7) is None
        assert tracing_option("tile") == 3
    seen = []

    @flyc.kernel
    def block(out: fx.Tensor):
        seen.append(tracing_option("known_block_size"))
        out[fx.thread_idx.x] = 1

    block(dev.array(np.zeros(16, np.int32))).launch(block=(16, 1, 1))
    assert seen == [(16, 1, 1)] and dsl_loc_tracing(len) is len


def test_the_arith_helpers_flydsl_takes_from_its_utils():
    from flydsl._mlir import ir
    from flydsl.expr import arith
    from flydsl.expr.utils import arith as utils

    # One definition each: flydsl.expr.utils.arith names the same functions.
    for name in ("trunc_f", "int_to_fp", "index", "unwrap", "sitofp", "select", "andi", "xori"):
        assert getattr(utils, name) is getattr(arith, name), name

    @flyc.kernel
    def helpers(x: fx.Tensor, u: fx.Tensor, out: fx.Tensor, half: fx.Tensor):
        t = fx.thread_idx.x
        pair = fx.Vector.from_elements([x[2 * t], x[2 * t + 1]], fx.Float32)
        narrow = arith.trunc_f(ir.VectorType.get([2], ir.BF16Type.get()), pair)
        half[t] = fx.Vector(narrow)[0].bitcast(fx.Int16)
        out[0, t] = arith.int_to_fp(u[t], True, fx.Float32)  # signed: -1 stays -1
        out[1, t] = arith.int_to_fp(u[t], False, fx.Float32)  # unsigned: 2^32 - 1
        out[2, t] = arith.unwrap(3, type=fx.Float32) + arith.index(1).to(fx.Float32)

    x = np.array([1.0, 2.0, -3.5, 4.0], np.float32)
    u = np.array([-1, 7], np.int32)
    out, half = np.zeros((3, 2), np.float32), np.zeros(2, np.int16)
    helpers(x, u, out, half).launch(block=(2,))
    bits = (x[0::2].view(np.uint32) >> 16).astype(np.uint16).view(np.int16)  # exact in bf16
    np.testing.assert_array_equal(half, bits)
    np.testing.assert_array_equal(out[0], [-1.0, 7.0])
    np.testing.assert_array_equal(out[1], [2.0**32, 7.0])
    np.testing.assert_array_equal(out[2], [4.0, 4.0])


def test_raw_arith_conversions_check_their_kinds():
    from flydsl._mlir import ir
    from flydsl.expr import arith

    @flyc.kernel
    def convert(x: fx.Tensor, out: fx.Tensor):
        t = fx.thread_idx.x
        wide = arith.extf(ir.F32Type.get(), x[t])
        out[0, t] = arith.fptosi(ir.IntegerType.get_signless(32), arith.negf(wide) * 2.0)
        out[1, t] = arith.index_cast(fx.Int32, arith.sitofp(fx.Float32, t).to(fx.Int64))
        out[2, t] = arith.bitcast(fx.Int32, arith.remf(wide, 2.0)).to(fx.Int32) * 0 + 5

    x = np.array([1.5, -2.25, 3.0, 0.5], np.float16)
    out = dev.array(np.zeros((3, 4), np.int32))
    convert(dev.array(x), out).launch(block=(4,))
    np.testing.assert_array_equal(dev.host(out)[0], (-2 * x.astype(np.float32)).astype(np.int32))
    np.testing.assert_array_equal(dev.host(out)[1], np.arange(4))
    np.testing.assert_array_equal(dev.host(out)[2], 5)

    @flyc.kernel
    def wrong(x: fx.Tensor):
        x[0] = arith.sitofp(fx.Float32, x[0])

    with pytest.raises(TypeError, match="sitofp converts integer to float, not f32"):
        wrong(dev.array(np.zeros(4, np.float32))).launch(block=(1,))


def test_copy_atoms_named_by_bit_width_copy_any_type_of_that_width():
    @flyc.kernel
    def copy16(src: fx.Tensor, dst: fx.Tensor):
        atom = fx.make_copy_atom(fx.rocdl.BufferCopy16b(), 16)
        s, d = fx.rocdl.make_buffer_tensor(src), fx.rocdl.make_buffer_tensor(dst)
        r = fx.make_rmem_tensor(1, fx.Float16)
        t = fx.thread_idx.x
        fx.copy(atom, fx.slice(fx.logical_divide(s, fx.make_layout(1, 1)), (None, t)), r)
        fx.copy(atom, r, fx.slice(fx.logical_divide(d, fx.make_layout(1, 1)), (None, t)))

    src = np.arange(8, dtype=np.float16) - 3.5
    dst = dev.array(np.zeros(8, np.float16))
    copy16(dev.array(src), dst).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(dst), src)
    with pytest.raises(TypeError, match="elements of 12 bits are not offered"):
        fx.make_copy_atom(fx.UniversalCopy32b(), 12)


def test_a_buffer_tensor_over_a_byte_count_reads_zeros_past_it():
    @flyc.kernel
    def head(src: fx.Tensor, dst: fx.Tensor, valid_bytes: fx.Int32):
        atom = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Float32)
        s = fx.rocdl.make_buffer_tensor(src, max_size=False, num_records_bytes=valid_bytes)
        r = fx.make_rmem_tensor(1, fx.Float32)
        t = fx.thread_idx.x
        fx.copy(atom, fx.slice(fx.logical_divide(s, fx.make_layout(1, 1)), (None, t)), r)
        dst[t] = r[0]

    src = np.arange(1, 9, dtype=np.float32)
    dst = dev.array(np.zeros(8, np.float32))
    head(dev.array(src), dst, 5 * 4).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(dst), [1, 2, 3, 4, 5, 0, 0, 0])

    @flyc.kernel
    def float_count(src: fx.Tensor):
        fx.rocdl.make_buffer_tensor(src, num_records_bytes=fx.Float32(4.0))

    with pytest.raises(flyc.CompileError, match="byte count is an integer"):
        float_count.compile(np.zeros(8, np.float32), target="cpu")


def test_element_accesses_of_a_buffer_tensor_stay_inside_its_byte_count():
    """b[i] and b[i] = v go through the buffer resource as copies do: past its bytes a read
    gives zero and a write is dropped (they once read and wrote the memory itself)."""

    @flyc.kernel
    def head(src: fx.Tensor, dst: fx.Tensor, valid_bytes: fx.Int32):
        t = fx.thread_idx.x
        s = fx.rocdl.make_buffer_tensor(src, num_records_bytes=valid_bytes)
        d = fx.rocdl.make_buffer_tensor(dst, num_records_bytes=valid_bytes)
        d[t // 4, t % 4] = s[t // 4, t % 4] + 100.0

    src = np.arange(1, 9, dtype=np.float32).reshape(2, 4)
    dst = dev.array(np.full((2, 4), -1, np.float32))
    head(dev.array(src), dst, 5 * 4).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(dst), [[101, 102, 103, 104], [105, -1, -1, -1]])


def test_buffer_copy_soffset_moves_the_buffer_side():
    """set_value("soffset", n) shifts each call's buffer access by n elements (a block's row
    here); the register side stays where it is, loads and stores alike."""

    @flyc.kernel
    def rows(src: fx.Tensor, dst: fx.Tensor):
        row = fx.block_idx.x * 8
        load = fx.make_copy_atom(fx.rocdl.BufferCopy64b(), 16).set_value("soffset", row)
        store = fx.atom_set_value(fx.make_copy_atom(fx.rocdl.BufferCopy64b(), 16), "soffset", row)
        s, d = fx.rocdl.make_buffer_tensor(src), fx.rocdl.make_buffer_tensor(dst)
        r = fx.make_rmem_tensor(4, fx.Float16)
        t = fx.thread_idx.x
        fx.copy_atom_call(load, fx.slice(fx.logical_divide(s, fx.make_layout(4, 1)), (None, t)), r)
        fx.copy_atom_call(store, r, fx.slice(fx.logical_divide(d, fx.make_layout(4, 1)), (None, t)))

    src = np.arange(24, dtype=np.float16)
    dst = dev.array(np.zeros(24, np.float16))
    rows(dev.array(src), dst).launch(grid=(3,), block=(2,))
    np.testing.assert_array_equal(dev.host(dst), src)
    with pytest.raises(ValueError, match="has no field 'soffset'"):
        fx.make_copy_atom(fx.UniversalCopy32b(), 16).set_value("soffset", 1)
    with pytest.raises(ValueError, match="has no field 'voffset'"):
        fx.make_copy_atom(fx.rocdl.BufferCopy32b(), 16).set_value("voffset", 1)
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), 16)
    assert fx.atom_set_value(atom, "soffset", 3) == atom.set_value({"soffset": 3})
    with pytest.raises(TypeError, match="no state to set"):
        fx.atom_set_value(fx.make_layout(4, 1), "soffset", 1)


def test_struct_decorator_full_and_as_ir_value():
    from flydsl.expr import typing as typing_mod

    @fx.struct
    class Storage:
        sums: fx.Array[fx.Float32, 8]
        flags: fx.Array[fx.Int32, 8]

    assert Storage == fx.Struct["sums" : fx.Array[fx.Float32, 8], "flags" : fx.Array[fx.Int32, 8]]

    @flyc.kernel
    def use(out: fx.Tensor):
        t = fx.thread_idx.x
        s = fx.SharedAllocator().allocate(Storage).peek()
        s.sums.view(fx.make_layout(8, 1))[t] = typing_mod.full(2, 1.5, fx.Float32)[0]
        s.flags[t] = typing_mod.as_ir_value(3)
        fx.barrier()
        out[t] = s.sums[7 - t] + s.flags[t].to(fx.Float32)
        assert typing_mod.as_ir_value(3, keep_static=True) == 3
        assert typing_mod.as_ir_value([fx.Int32(2), None])[1] is None

    out = dev.array(np.zeros(8, np.float32))
    use(out).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(out), 4.5)
    with pytest.raises(TypeError, match="has no annotated fields"):
        fx.struct(type("Empty", (), {}))


def test_protocol_sizes_values_and_the_fastmath_context():
    from flydsl.compiler.protocol import dsl_align_of, dsl_size_of, extract_to_ir_values

    s = fx.Struct["a" : fx.Array[fx.Float16, 3, 2], "b" : fx.Array[fx.Float32, 2, 16]]
    assert (dsl_size_of(s), dsl_align_of(s), dsl_size_of(fx.Int64)) == (32, 16, 8)
    seen = []

    @flyc.kernel
    def flat(out: fx.Tensor):
        t = fx.thread_idx.x
        values = extract_to_ir_values({"x": [t, (t + 1,)], "y": SimpleNamespace(z=t * 2)})
        seen.append(len(values))
        with fx.fastmath(fx.arith.FastMathFlags.fast):  # accepted; results stay IEEE
            out[t] = values[0] + values[1] + values[2]

    out = dev.array(np.zeros(4, np.int32))
    flat(out).launch(block=(4,))
    np.testing.assert_array_equal(dev.host(out), 4 * np.arange(4) + 1)
    assert seen == [3]
    with pytest.raises(TypeError, match="Cannot extract IR values"):
        extract_to_ir_values("text")


@flyc.kernel
def filled_like(x: fx.Tensor, out: fx.Tensor):
    v = x.load(0, lanes=4)  # 4 lanes of f32
    lanes = [fx.zeros_like(v), fx.ones_like(v, fx.Int32).to(fx.Float32),
             fx.full_like(v, 2.5), fx.empty_like(v) * 0.0 + v]  # fmt: skip
    for row, w in enumerate(lanes):
        w.store(out, row * 4)
    out[16] = fx.full_like(v[1], 7.0)  # a scalar's like is a scalar


def test_like_factories_take_the_lanes_of_their_vector():
    x = np.arange(4, dtype=np.float32) + 1
    out = dev.array(np.zeros(17, np.float32))
    filled_like(dev.array(x), out).launch()
    got = dev.host(out)
    np.testing.assert_array_equal(got[:16].reshape(4, 4), [[0] * 4, [1] * 4, [2.5] * 4, x])
    assert got[16] == 7.0


def test_host_numerics_fold_with_the_kernels_rules():
    assert repr(-fx.Int32(7)) == "Int32(-7)" and int(fx.Int32(2**31)) == -(2**31)
    assert fx.Uint8(300) == 44 and fx.Int32(-7) // 2 == -4 and fx.Int32(-7) % 2 == 1
    assert isinstance(fx.Index(3) - fx.Int32(7), fx.Index)  # the wider class
    assert isinstance(fx.Int32(3) + 0.5, fx.Float32) and fx.Int32(3) + 0.5 == 3.5
    assert isinstance(2 * fx.Float32(1.5), fx.Float32) and float(2 * fx.Float32(1.5)) == 3.0
    assert list(range(fx.Int32(3))) == [0, 1, 2] and hash(fx.Int32(4)) == hash(4)
    n = fx.arith.index_cast(fx.T.index, 1000)  # a host argument in a @flyc.jit launcher
    assert isinstance(n, fx.Index) and (n - fx.Index(1)) // fx.Index(64) + 1 == 16
    assert isinstance(fx.Int32(3) / 2, fx.Float32) and fx.Int64(3) / 2 == 1.5
    assert isinstance(fx.Int64(3) / 2, fx.Float64)
    with pytest.raises(ZeroDivisionError):
        fx.Int32(3) // 0
    with pytest.raises(TypeError, match="take integers"):
        fx.Float32(1.0) << 2


def test_numeric_classes_say_their_kind_and_width():
    for cls, is_float, log_width in [(fx.Int8, False, 3), (fx.Uint64, False, 6),
                                     (fx.Boolean, False, 0), (fx.Float16, True, 4),
                                     (fx.Float32, True, 5), (fx.Float8E4M3FN, True, 3)]:  # fmt: skip
        assert cls.is_float is is_float and cls.log_width == log_width, cls
    assert fx.Float32(2.0).is_float and not fx.Int32(2).is_float


def test_host_conversions_follow_the_kernels():
    assert fx.Int32(5).to(fx.Float32) == 5.0 and isinstance(fx.Int32(5).to(fx.Float32), fx.Float32)
    assert fx.Float32(-2.7).to(fx.Int32) == -2 and fx.Float32(2.7).to(fx.Uint8) == 2
    assert fx.Int32(-1).to(fx.Uint8) == 255 and fx.Uint8(255).to(fx.Int32) == 255
    assert fx.Int32(300).to(fx.Int8) == 44 and fx.Int32(7).to(fx.Int32).value == 7
    assert fx.Float32(1.5).to("f64") == 1.5
    with pytest.raises(ValueError, match="has no Int32 value"):
        fx.Float32(float("nan")).to(fx.Int32)
    with pytest.raises(TypeError, match="numeric type"):
        fx.Int32(1).to(int)


def test_host_conversions_take_a_rounding_mode_only_between_floats():
    up = fx.RoundingMode.upward
    with pytest.raises(TypeError, match="float-to-float"):
        fx.Float32(1.5).to(fx.Int32, rounding_mode=up)
    with pytest.raises(TypeError, match="fx.RoundingMode"):
        fx.Float32(1.5).to(fx.Float16, rounding_mode="upward")
    # a host value is converted while the program is built, to nearest even only
    with pytest.raises(ValueError, match="run-time value"):
        fx.Float32(1.5).to(fx.Float16, rounding_mode=up)
    assert fx.Float16(1.5).to(fx.Float16, rounding_mode=up) == 1.5


def test_host_bitcasts_reinterpret_bits_of_one_width():
    assert fx.Float32(1.0).bitcast(fx.Int32) == 0x3F800000
    assert fx.Float32(-0.0).bitcast(fx.Uint32) == 0x80000000
    assert fx.Int16(0x3C00).bitcast(fx.Float16) == 1.0
    assert fx.BFloat16(1.0).bitcast(fx.Int16) == 0x3F80
    assert fx.Int16(0x4049).bitcast(fx.BFloat16) == 3.140625
    assert fx.Int64(-1).bitcast(fx.Uint64) == 2**64 - 1
    assert fx.Float64(2.0).bitcast(fx.Int64) == 0x4000000000000000
    with pytest.raises(TypeError, match="one width"):
        fx.Float32(1.0).bitcast(fx.Int16)


def test_host_comparisons_are_booleans_and_select():
    lt = fx.Int32(3) < fx.Int32(4)
    assert isinstance(lt, fx.Boolean) and lt and isinstance(fx.Int32(3) != 4, fx.Boolean)
    picked = lt.select(1, 2.0)  # the common type of Int32 and Float32
    assert isinstance(picked, fx.Float32) and picked == 1.0
    assert fx.Int32(0).select(fx.Int8(1), fx.Int8(2)) == 2  # nonzero is true
    runtime = fx.Int32(3)
    runtime.runtime = True
    assert (runtime < 4).runtime and not runtime.is_static() and fx.Int32(3).is_static()


def test_host_powers_and_divmod():
    assert fx.Int32(2) ** fx.Int32(10) == 1024 and isinstance(2 ** fx.Int8(3), fx.Int32)
    assert fx.Int8(2) ** fx.Int8(7) == -128 and fx.Int8(2) ** 7 == 128  # a literal is Int32
    assert divmod(fx.Int32(-7), fx.Int32(2)) == (-4, 1)
    assert divmod(7, fx.Int32(2)) == (3, 1) and fx.Numeric.from_python_value(3.0) == 3.0


def test_arithmetic_counts_booleans_as_int32_and_bitwise_keeps_them():
    """True + True is 2 (an Int32), on the host and in a kernel; True & False stays Boolean."""
    assert fx.Boolean(True) + fx.Boolean(True) == 2
    assert isinstance(fx.Int8(1) + fx.Boolean(True), fx.Int32)
    assert isinstance(fx.Boolean(True) & fx.Boolean(False), fx.Boolean)
    kinds = {}

    @flyc.kernel
    def counted(x: fx.Tensor, out: fx.Tensor):
        t = fx.thread_idx.x
        p = x[t] > 0
        total = p + p + True
        kinds["sum"], kinds["and"] = total.dtype, (p & p).dtype
        out[t] = total

    x = np.array([1, -1, 5, 0], np.int32)
    out = dev.array(np.zeros(4, np.int32))
    counted(dev.array(x), out).launch(grid=(1,), block=(4,))
    np.testing.assert_array_equal(dev.host(out), np.where(x > 0, 3, 1))
    assert kinds == {"sum": fx.Int32, "and": fx.Boolean}


@flyc.kernel
def bits_through_registers(x: fx.Tensor, words: fx.Tensor, pairs: fx.Tensor):
    from flydsl._mlir.dialects import vector

    t = fx.thread_idx.x
    reg_type = fx.MemRefType.get(fx.T.f32, fx.LayoutType.get(1, 1), fx.AddressSpace.Register)
    r = fx.memref_alloca(reg_type, fx.make_layout(1, 1))
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), 32)
    fx.copy(atom, fx.slice(fx.logical_divide(x, fx.make_layout(1, 1)), (None, t)), r)
    v = fx.memref_load_vec(r) * 2.0
    fx.memref_store_vec(v, r)
    # f32 bits copied into an i32 tensor by a 32-bit atom
    fx.copy(atom, r, fx.slice(fx.logical_divide(words, fx.make_layout(1, 1)), (None, t)))
    halves = vector.bitcast(fx.T.vec(2, fx.T.i16), vector.extract(v, static_position=[0]))
    swapped = vector.insert(vector.extract(halves, [], [1]), halves, [], [0])
    pairs[t] = vector.extract(vector.bitcast(fx.T.vec(1, fx.T.i32), swapped), [], [0])


def test_register_memrefs_bit_copies_and_the_vector_dialect():
    x = np.arange(8, dtype=np.float32) - 2.5
    words, pairs = dev.array(np.zeros(8, np.int32)), dev.array(np.zeros(8, np.int32))
    bits_through_registers(dev.array(x), words, pairs).launch(block=(8,))
    doubled = (x * 2).view(np.int32)
    np.testing.assert_array_equal(dev.host(words), doubled)
    halves = doubled.view(np.int16).reshape(8, 2)
    expected = np.stack([halves[:, 1], halves[:, 1]], 1).reshape(-1).view(np.int32)
    np.testing.assert_array_equal(dev.host(pairs), expected)
    assert repr(fx.LayoutType.get(8, 1)) == "!fly.layout<8:1>"
    with pytest.raises(ValueError, match="allocates registers"):
        fx.memref_alloca(fx.MemRefType.get(fx.T.f32, fx.LayoutType.get(4, 1), 2))  # shared
    with pytest.raises(TypeError, match="needs an fx.LayoutType"):
        fx.MemRefType.get(fx.T.f32, (4, 1))


@flyc.kernel
def divisions(a: fx.Tensor, b: fx.Tensor, floor: fx.Tensor, rem: fx.Tensor, ratio: fx.Tensor):
    t = fx.thread_idx.x
    x, y = a[t], b[t]
    floor[t] = x // y
    rem[t] = x % y
    ratio[t] = x / y  # integers divide as f32


def test_kernel_integer_division_floors_and_slash_gives_floats():
    a = np.array([7, -7, 7, -7, 0, -1, 9, -9], np.int32)
    b = np.array([2, 2, -2, -2, 3, 5, -4, 4], np.int32)
    floor, rem = dev.array(np.zeros(8, np.int32)), dev.array(np.zeros(8, np.int32))
    ratio = dev.array(np.zeros(8, np.float32))
    divisions(dev.array(a), dev.array(b), floor, rem, ratio).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(floor), a // b)  # Python's (and FlyDSL's) floor
    np.testing.assert_array_equal(dev.host(rem), np.fmod(a, b))  # arith.remsi: C's remainder
    np.testing.assert_array_equal(dev.host(ratio), (a / b).astype(np.float32))
    for target, arch in (("rocm", "gfx942"), ("cuda", "sm_90")):  # floordivsi expands there too
        divisions.compile(a, b, a, a, np.zeros(8, np.float32), target=target, arch=arch)


def _magnitude(v):
    if v < 0:
        v = -v
    return v


@flyc.kernel
def dispatched(x: fx.Tensor, y: fx.Tensor, z: fx.Tensor):
    from flydsl.compiler.ast_rewriter import ASTRewriter, ReplaceIfWithDispatch

    t = fx.thread_idx.x
    v = x[t]
    y[t] = ASTRewriter.transform(_magnitude)(v)

    def double(names, a, b):  # room for the names: they come first
        return {"a": a * 2}

    def negate(a, b):
        return (-a, b + 1)

    a, b = ReplaceIfWithDispatch.scf_if_dispatch(
        v > 2, double, negate, result_names=("a", "b"), result_values=(v, v)
    )
    z[t] = a + b + ReplaceIfWithDispatch.scf_ifexp_dispatch(v < 0, lambda: 100, lambda: 0)


def test_ast_rewriter_entry_points_for_hand_written_control_flow():
    from flydsl.compiler.ast_rewriter import ReplaceIfWithDispatch

    x = np.array([-3, -1, 0, 1, 2, 3, 4, 5], np.int32)
    y, z = dev.array(np.zeros(8, np.int32)), dev.array(np.zeros(8, np.int32))
    dispatched(dev.array(x), y, z).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(y), np.abs(x))
    np.testing.assert_array_equal(dev.host(z), np.where(x > 2, 3 * x, 1) + 100 * (x < 0))
    # A Python condition picks its branch while tracing.
    assert ReplaceIfWithDispatch.scf_if_dispatch(False, None, lambda a: a + 1, result_names=("a",),
                                                 result_values=(4,)) == 5  # fmt: skip
    with pytest.raises(ValueError, match="same length"):
        ReplaceIfWithDispatch.scf_if_dispatch(True, None, result_names=("a",))
    with pytest.raises(TypeError, match="a dict by name"):
        ReplaceIfWithDispatch.scf_if_dispatch(True, lambda a, b: [a], result_names=("a", "b"),
                                              result_values=(1, 2))  # fmt: skip


def test_the_rewriter_rewrites_in_place_and_names_what_an_if_carries():
    import ast

    from flydsl.compiler.ast_rewriter import ASTRewriter, _collect_assigned_vars

    def plain(v):
        if v < 0:
            v = -v
        return v

    before = plain.__code__
    assert ASTRewriter.transform(plain) is plain and plain.__code__ is not before
    assert plain(-3) == 3 and plain(2) == 2  # Python values keep Python's meaning
    body = ast.parse("a, (b, c) = f()\nd += 1\nfor i in r:\n    e = i\nnew = 1").body
    assert _collect_assigned_vars(body, [{"a", "b", "c", "d", "i", "e"}]) == list("abcdie")
    test = ast.parse("(n := g())", mode="eval").body
    assert _collect_assigned_vars([], [{"n"}], test_expr=test) == ["n"]


@flyc.kernel
def loops_dispatched(x: fx.Tensor, sums: fx.Tensor, halvings: fx.Tensor):
    from flydsl.compiler.ast_rewriter import (
        CanonicalizeWhile,
        InsertEmptyYieldForSCFFor,
    )

    t = fx.thread_idx.x
    n = x[t]

    def add(i, names, total):  # room for the names: they come after the index
        return {"total": total + i}

    sums[t] = InsertEmptyYieldForSCFFor.scf_for_dispatch(
        1, n, 2, add, result_names=("total",), result_values=(fx.Int32(0),)
    )

    def halve(v, count):
        return (v // 2, count + 1)

    _, count = CanonicalizeWhile.scf_while_dispatch(
        lambda v, count: v > 1, halve, result_names=("v", "count"), result_values=(n, fx.Int32(0))
    )
    halvings[t] = count


def test_loops_written_as_functions_are_kernel_loops():
    from flydsl.compiler.ast_rewriter import (
        CanonicalizeWhile,
        InsertEmptyYieldForSCFFor,
    )

    x = np.array([0, 1, 2, 5, 8, 9, 16, 33], np.int32)
    sums, halvings = dev.array(np.zeros(8, np.int32)), dev.array(np.zeros(8, np.int32))
    loops_dispatched(dev.array(x), sums, halvings).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(sums), [sum(range(1, n, 2)) for n in x])
    np.testing.assert_array_equal(dev.host(halvings), [max(0, int(n).bit_length() - 1) for n in x])
    for dispatch in (
        lambda: InsertEmptyYieldForSCFFor.scf_for_dispatch(
            0, 4, 1, lambda i, a: a, result_names=("a",), result_values=(None,)
        ),
        lambda: CanonicalizeWhile.scf_while_dispatch(
            lambda a: True, lambda a: a, result_names=("a",), result_values=(None,)
        ),
    ):
        with pytest.raises(TypeError, match="start as None"):
            dispatch()
    with pytest.raises(ValueError, match="same length"):
        CanonicalizeWhile.scf_while_dispatch(lambda: False, None, result_names=("a",))


@flyc.kernel
def pairs_from_rows(src: fx.Tensor, dst: fx.Tensor, buffered: fx.Constexpr[bool]):
    t = fx.thread_idx.x
    if buffered:
        atom = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), 16)
        src, dst = fx.rocdl.make_buffer_tensor(src), fx.rocdl.make_buffer_tensor(dst)
    else:
        atom = fx.make_copy_atom(fx.UniversalCopy32b(), 16)
    r = fx.make_rmem_tensor(2, fx.Float16)
    row = fx.slice(src, (t, None))
    fx.copy(atom, fx.slice(fx.logical_divide(row, fx.make_layout(2, 1)), (None, 0)), r)
    out = fx.slice(dst, (t, None))
    fx.copy(atom, r, fx.slice(fx.logical_divide(out, fx.make_layout(2, 1)), (None, 0)))


def test_buffer_copies_take_rows_that_start_off_their_width():
    """Rows of 5 halves start 2-byte aligned: AMD's buffer instructions copy 32 bits from
    there; a plain 32-bit copy cannot promise its alignment and is refused."""
    src = (np.arange(20, dtype=np.float16) - 7).reshape(4, 5)
    dst = dev.array(np.zeros((4, 2), np.float16))
    pairs_from_rows(dev.array(src), dst, True).launch(block=(4,))
    np.testing.assert_array_equal(dev.host(dst), src[:, :2])
    with pytest.raises(flyc.CompileError, match="4-byte aligned accesses"):
        pairs_from_rows(dev.array(src), dst, False).launch(block=(4,))
    # Where buffer instructions are emulated, the 32-bit copy is made of accesses no wider
    # than the elements' alignment (on cuda a wider one faults).
    ptx = pairs_from_rows.compile(src, np.zeros((4, 2), np.float16), True, target="cuda",
                                  arch="sm_90").binary.decode()  # fmt: skip
    accesses = re.findall(r"\b(?:ld|st)\.global\.\w*?(\d+)\b", ptx)
    assert accesses and max(map(int, accesses)) <= 16, accesses


def test_get_shape_stride_and_layout_of_layouts_and_tensors():
    host = fx.make_layout((4, 8), (8, 1))
    assert (fx.get_shape(host), fx.get_stride(host)) == ((4, 8), (8, 1))
    assert fx.get_layout(host) is host

    @flyc.kernel
    def parts(x: fx.Tensor, out: fx.Tensor):
        t = fx.make_tensor(x, fx.make_layout((4, 8), (8, 1)))
        shape, stride = fx.get_shape(t), fx.get_stride(t)
        out[0] = shape[0] * 1000 + shape[1] * 100 + stride[0] * 10 + stride[1]
        out[1] = fx.get_scalar(fx.size(fx.get_layout(t)))

    out = np.zeros(2, np.int32)
    parts(np.zeros(32, np.float32), out).launch(block=(1,))
    np.testing.assert_array_equal(out, [4881, 32])


def test_static_swizzles_and_tuples_as_flydsl_spells_them():
    sw = fx.static(fx.SwizzleType.get(3, 4, 3))
    composed = fx.make_composed_layout(sw, fx.make_layout((16, 64), (64, 1)))
    assert composed == fx.make_composed_layout(
        fx.Swizzle(3, 4, 3), 0, fx.make_layout((16, 64), (64, 1))
    )

    @flyc.kernel
    def query(x: fx.Tensor, n: fx.Int32):
        t = fx.make_tensor(x, fx.make_layout((4, (2, 8)), (16, (8, 1))))
        shape = fx.get_shape(t)
        assert shape.rank == 2 and shape.to_py_value() == (4, (2, 8))
        assert fx.size(t).to_py_value() == 64
        dynamic = fx.make_layout((n, 4), (4, 1))
        with pytest.raises(ValueError, match="dynamic leaf"):
            fx.get_shape(dynamic).to_py_value()
        x[0] = 1.0

    query.compile(np.zeros(64, np.float32), 4, target="cpu")


def test_a_composed_layouts_parts_and_coordinates_with_none():
    outer = fx.make_layout((16, 64), (64, 1))
    composed = fx.make_composed_layout(fx.Swizzle(3, 4, 3), 32, outer)
    assert fx.composed_get_inner(composed) == fx.Swizzle(3, 4, 3)
    assert fx.composed_get_offset(composed) == 32
    assert fx.composed_get_outer(composed) == outer
    assert fx.composed_get_offset(fx.make_composed_layout(fx.Swizzle(1, 2, 3), outer)) == 0
    with pytest.raises(TypeError, match="composed_get_outer takes a composed layout"):
        fx.composed_get_outer(outer)
    assert fx.has_none((1, (None, 2))) and fx.has_none(None)
    assert not fx.has_none((1, (3, 2))) and not fx.has_none(4)


def _two_bit_swizzles(i):
    """Element bit 9 onto bit 3, then element bit 8 onto bit 4: two one-bit swizzles."""
    i ^= ((i >> 9) & 1) << 3
    return i ^ (((i >> 8) & 1) << 4)


def test_a_composition_of_compositions_chains_its_functions():
    chained = fx.make_composed_layout(
        fx.Swizzle(1, 4, 4), fx.make_composed_layout(fx.Swizzle(1, 3, 6), fx.make_layout(1024, 1))
    )
    assert str(chained) == "Sw<1,4,4> o 0 o [Sw<1,3,6> o 0 o 1024:1]"
    assert fx.size(chained) == 1024 and fx.shape(chained) == 1024
    assert [fx.crd2idx(i, chained) for i in range(1024)] == [
        _two_bit_swizzles(i) for i in range(1024)
    ]
    # A layout after the swizzles: the swizzled index read through the layout's shape.
    rows = fx.make_layout((32, 32), (32, 1))
    through = fx.make_composed_layout(rows, chained)
    assert fx.composed_get_inner(through) == rows and fx.composed_get_outer(through) is chained
    assert fx.crd2idx(300, through) == rows(_two_bit_swizzles(300))
    assert fx.crd2idx(5, fx.make_composed_layout(rows, 7, fx.make_layout(16, 2))) == rows(17)
    with pytest.raises(TypeError, match="the outer function must be a layout"):
        fx.make_composed_layout(rows, fx.Swizzle(1, 3, 6))
    with pytest.raises(TypeError, match="the inner function must be"):
        fx.make_composed_layout((4, 8), rows)


def test_a_composition_over_a_run_time_layout_in_a_kernel():
    n = 1024
    swizzles = fx.make_composed_layout(
        fx.Swizzle(1, 4, 4), fx.make_composed_layout(fx.Swizzle(1, 3, 6), fx.make_layout(n, 1))
    )

    @flyc.kernel
    def offsets(out: fx.Tensor, row_stride: fx.Int32):
        i = fx.thread_idx.x + fx.block_idx.x * 256
        source = fx.make_layout((32, 8, 4, 4), (1, row_stride, 32, 8 * row_stride))
        composed = fx.make_composed_layout(source, swizzles)
        out[i] = fx.Int32(fx.get_scalar(fx.crd2idx(fx.make_int_tuple(fx.Int32(i)), composed)))

    @flyc.jit
    def run(out: fx.Tensor, row_stride: fx.Int32):
        offsets(out, row_stride).launch(grid=(n // 256, 1, 1), block=(256, 1, 1))

    out = np.zeros(n, np.int32)
    run(out, 100)

    def source(i):
        return i % 32 + (i // 32) % 8 * 100 + (i // 256) % 4 * 32 + i // 1024 * 800

    assert out.tolist() == [source(_two_bit_swizzles(i)) for i in range(n)]


def test_get_of_a_run_time_tuple_is_an_index():
    @flyc.kernel
    def wave_and_lane(out: fx.Tensor):
        tid = fx.thread_idx.x
        coord = fx.idx2crd(fx.Int32(tid), fx.make_layout((4, 64), (64, 1)))
        wave, lane = fx.get(coord, 0), fx.get(coord, 1)
        assert isinstance(wave, fx.Index)
        out[tid] = fx.Int32(wave) * 1000 + fx.Int32(lane)

    @flyc.jit
    def run(out: fx.Tensor):
        wave_and_lane(out).launch(grid=(1, 1, 1), block=(256, 1, 1))

    out = np.zeros(256, np.int32)
    run(out)
    assert out.tolist() == [t // 64 * 1000 + t % 64 for t in range(256)]
    assert fx.get((3, (4, 5)), 1, 0) == 4
    assert str(fx.get(fx.make_layout((4, 8), (8, 1)), 1)) == "8:1"


def test_a_stream_of_a_stream_is_that_stream():
    assert fx.Stream(fx.Stream(None)).value is None and fx.Stream._is_stream_param


def test_a_mode_of_a_tuple_is_a_tuple_as_in_flydsl():
    @flyc.kernel
    def modes(x: fx.Tensor, n: fx.Int32):
        shape = fx.get_shape(fx.make_tensor(x, fx.make_layout((4, (2, 8)), (16, (8, 1)))))
        inner = shape[1]
        assert inner.rank == 2 and not inner.is_leaf and inner.depth == 1
        assert fx.size(inner).to_py_value() == 16 and fx.size(shape[0]).to_py_value() == 4
        assert shape[[1, 0]].get_static_leaf_int == 2 and shape[1][1].is_leaf
        assert shape.is_static and shape[0] + 1 == 5
        with pytest.raises(IndexError, match="mode 2"):
            shape[2]
        with pytest.raises(TypeError, match="mode index"):
            shape["0"]
        dynamic = fx.get_shape(fx.make_layout((n, (2, n)), (1, (n, 4))))
        assert not dynamic.is_static and dynamic[1][0].to_py_value() == 2
        x[0] = fx.Float32(fx.size(dynamic[1]))  # 2 * n: a mode computes like the whole
        # An offset of static leaves is a Python int too; one of run-time leaves is not.
        layout = fx.make_layout((4, 8), (8, 1))
        assert fx.crd2idx((1, 2), layout).to_py_value() == 10
        assert fx.crd2idx((1, 2), layout).is_static and not n.is_static
        with pytest.raises(ValueError, match="only known when the kernel runs"):
            fx.crd2idx((n, 2), layout).to_py_value()

    out = np.zeros(64, np.float32)
    modes(out, 7).launch(block=(1,))
    assert out[0] == 14


@flyc.kernel
def _interleave(a: fx.Tensor, b: fx.Tensor, out: fx.Tensor):
    va = a.load((0,), lanes=4)
    vb = b.load((0,), lanes=4)
    even = va.shuffle(vb, [0, 4, 2, 6])
    odd = va.shuffle(vb, [1, 5, 3, 7, 7])
    for i in fx.range_constexpr(4):
        out[i] = even[i]
    for i in fx.range_constexpr(5):
        out[4 + i] = odd[i]


def test_vector_shuffle_picks_lanes_of_both():
    a, b = np.arange(4, dtype=np.float32), np.arange(10, 14, dtype=np.float32)
    out = np.zeros(9, np.float32)
    _interleave(a, b, out).launch(block=(1,))
    np.testing.assert_array_equal(out, [0, 10, 2, 12, 1, 11, 3, 13, 13])

    @flyc.kernel
    def bad(a: fx.Tensor):
        v = a.load((0,), lanes=4)
        v.shuffle(v, [8])

    with pytest.raises(IndexError, match="not a lane of 0..7"):
        bad.compile(np.zeros(4, np.float32), target="cpu")


@flyc.kernel
def _shuffle_scalars(a: fx.Tensor, out: fx.Tensor):
    # One-lane operands and a one-lane result: vector.shuffle takes vectors of one lane.
    x, y = a[0], a[1]
    pair = x.shuffle(y, [1, 0, 1])
    out[0] = pair[0]
    out[1] = pair[1]
    out[2] = a.load((0,), lanes=2).shuffle(y, [2])


def test_vector_shuffle_of_scalars_and_to_one_lane():
    out = np.zeros(3, np.int32)
    _shuffle_scalars(np.array([5, 9], np.int32), out).launch(block=(1,))
    assert out.tolist() == [9, 5, 9]


@flyc.kernel
def _read_4x8(src: fx.Tensor, out: fx.Tensor):
    for i in fx.range_constexpr(4):
        for j in fx.range_constexpr(8):
            out[i * 8 + j] = src[i, j]


@flyc.jit
def _through_view(b: fx.Tensor, out: fx.Tensor, stride: fx.Constexpr[int]):
    # FlyDSL's way of handing a kernel a tensor under another layout: a view made on the host
    view = fx.Tensor(fx.make_view(fx.get_iter(b), fx.make_layout((4, 8), (1, stride))))
    _read_4x8(view, out).launch(block=(1,))


def test_a_jit_function_passes_a_view_of_its_tensor_argument():
    b = np.arange(64, dtype=np.float32)
    out = dev.array(np.zeros(32, np.float32))
    _through_view(dev.array(b), out, 4)
    want = np.array([b[i + 4 * j] for i in range(4) for j in range(8)], np.float32)
    np.testing.assert_array_equal(dev.host(out), want)
    _through_view(dev.array(b), out, 8)  # another view: another kernel, not the cached one
    want = np.array([b[i + 8 * j] for i in range(4) for j in range(8)], np.float32)
    np.testing.assert_array_equal(dev.host(out), want)
    with pytest.raises(TypeError, match="takes a tensor value or view"):
        fx.Tensor(b)


@flyc.kernel
def _reverse_through_dynamic_shared(x: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    s = fx.make_view(fx.recast_iter(fx.Float32, fx.get_dyn_shared()), fx.make_layout(64, 1))
    s[63 - t] = x[t]
    fx.gpu.barrier()
    out[t] = s[t] * 2.0


def test_get_dyn_shared_points_at_the_launch_dynamic_shared_memory():
    x = np.arange(64, dtype=np.float32)
    out = dev.array(np.zeros(64, np.float32))
    _reverse_through_dynamic_shared(dev.array(x), out).launch(block=(64,), smem=256)
    np.testing.assert_array_equal(dev.host(out), 2 * x[::-1])


def test_mma_fragments_with_stages_get_one_mode_more():
    tiled = fx.make_tiled_mma(
        fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)),
        fx.make_layout((1, 4, 1), (0, 1, 0)),
    )
    assert tiled == fx.make_tiled_mma(
        fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)),
        fx.make_layout((1, 4, 1), (0, 1, 0)),
    )  # the same tiled MMA twice is one compile-time argument (one cache entry)

    @flyc.kernel
    def staged(b: fx.Tensor, out: fx.Tensor, mma: fx.TiledMma):
        tile = fx.flat_divide(b, (64, 32))[None, None, 0, None]  # (64, 32, k)
        thr = mma.thr_slice(fx.thread_idx.x)
        one = thr.make_fragment_B(tile[None, None, 0])
        two = thr.make_fragment_B(tile, stages=2)
        assert two.rank == one.rank + 1 and two.shape[one.rank] == 2
        assert fx.size(two).to_py_value() == 2 * fx.size(one).to_py_value()
        assert fx.size(two[(None,) * one.rank + (1,)]).to_py_value() == fx.size(one).to_py_value()
        with pytest.raises(ValueError, match="stages must be a positive int"):
            thr.make_fragment_B(tile, stages=0)
        out[0] = fx.Float32(fx.size(two).to_py_value())

    out = np.zeros(1, np.float32)
    staged(np.zeros((64, 128), np.float16), out, tiled).launch(block=(256,))
    assert out[0] == 2 * 64 * 32 / 256


def test_copy_takes_the_atom_state_as_keywords_and_gemm_flydsl_orders():
    assert int(fx.GemmTraversalOrder.KNM) == 1 and fx.GemmTraversalOrder.NMK_Serpentine == 11

    @flyc.kernel
    def shifted(x: fx.Tensor, out: fx.Tensor):
        src = fx.rocdl.make_buffer_tensor(x)
        regs = fx.make_rmem_tensor(4, fx.Float32)
        atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float32)
        fx.copy(atom, fx.make_tensor(src, fx.make_layout(4, 1)), regs, soffset=8)  # 8 further
        for i in fx.range_constexpr(4):
            out[i] = regs[i]
        with pytest.raises(ValueError, match="has no field 'voffset'"):
            fx.copy(atom, src, regs, voffset=8)

    x = np.arange(16, dtype=np.float32)
    out = np.zeros(4, np.float32)
    shifted(x, out).launch(block=(1,))
    np.testing.assert_array_equal(out, x[8:12])


def test_kernel_attributes_layout_slices_and_mlir_thread_ids():
    @flyc.kernel
    def probe(out: fx.Tensor):
        layout = fx.make_layout((4, (2, 3)), (1, (4, 8)))
        sub = layout(None, (None, 1))  # CuTe's layout(_, (_, 1)): a sub-layout, not an offset
        assert str(sub) == "(4,2):(1,4)" and layout(1, (1, 1)) == 13
        t = fx.gpu.thread_id("x")
        assert t.dtype is fx.Index
        out[fx.thread_idx.x] = fx.Float32(t + fx.gpu.block_id("x").to("index") * 10)

    out = np.zeros(4, np.float32)
    probe(out, value_attrs={"rocdl.waves_per_eu": 2, "rocdl.cluster_dims": None}).launch(block=(4,))
    np.testing.assert_array_equal(out, [0, 1, 2, 3])
    with pytest.raises(NotImplementedError, match="'rocdl.cluster_dims' is not offered"):
        probe(out, value_attrs={"rocdl.cluster_dims": "2,1,1"})
    with pytest.raises(ValueError, match="'x', 'y' or 'z'"):
        fx.gpu.thread_id("w")


def test_a_jit_function_carries_its_compile_hints_and_fp4_names_say_why():
    seen = []

    @flyc.jit
    def launch(x: fx.Tensor):
        seen.append(flyc.kernel_function.CompilationContext.get_compile_hints())

    launch.compile_hints["llvm_options"] = {"enable-post-misched": False}
    launch(np.zeros(1, np.float32))
    assert seen == [{"llvm_options": {"enable-post-misched": False}}]
    assert fx.Float4E2M1FN.width == 4 and fx.Float6E2M3FN.width == 6
    with pytest.raises(NotImplementedError, match="Float4E2M1FN values are not offered"):
        fx.Float4E2M1FN(1.0)


def test_a_launch_block_specializes_the_kernel_as_in_flydsl():
    @flyc.kernel
    def fill(out: fx.Tensor):
        out[fx.thread_idx.x] = fx.Float32(fx.thread_idx.x)

    out = np.zeros(8, np.float32)
    fill(out).launch(block=(8,))
    fill(out).launch(block=(4,))
    texts = [c.ir(compiled=False) for c in fill.cache.values()]
    assert sorted(t.count("known_block_size = array<i32: 8, 1, 1>") for t in texts) == [0, 1]
    assert any("known_block_size = array<i32: 4, 1, 1>" in t for t in texts)
    np.testing.assert_array_equal(out, [0, 1, 2, 3, 4, 5, 6, 7])

    @flyc.kernel(known_block_size=[fx.Int32(4), 1, 1])  # a host Int32 is an int here
    def declared(out: fx.Tensor):
        out[fx.thread_idx.x] = 1.0

    declared(out).launch(block=(4,))
    with pytest.raises(TypeError, match=r"known_block_size\[0\] must be an int"):
        flyc.kernel(known_block_size=[fx.Float32(4.0), 1, 1])(lambda out: None)


def test_current_fastmath_names_the_flags_in_force():
    from flydsl.expr.utils.arith import current_fastmath, resolve_fastmath

    seen = []

    @flyc.kernel
    def probe(x: fx.Tensor):
        seen.append(current_fastmath())
        with fx.fastmath("nnan,ninf"):
            seen.append(current_fastmath())
            seen.append(resolve_fastmath("fast"))
        x[0] = fx.maxnumf(x[0], x[1], fastmath=current_fastmath())

    x = np.array([1.0, 3.0], np.float32)
    probe(x).launch(block=(1,))
    assert seen[0] is None and seen[1] and seen[2] == "fast" and x[0] == 3.0


def test_codomains_and_fragment_layouts_on_the_host():
    L = fx.make_layout(((2, 2), 4), ((1, 16), 64))
    assert fx.coshape(L) == 210 and fx.coprofile(L) == 0
    identity = fx.make_identity_layout((4, 8))
    assert fx.coshape(identity) == (4, 8) and fx.coprofile(identity) == (0, 0)
    # CuTe's make_fragment_like (CuTe C++ prints the same): mode 0 first, then the other modes
    # by their strides.
    assert str(fx.make_fragment_layout_like(L)) == "((2,2),(4)):((1,2),(4))"
    assert str(fx.make_fragment_layout_like(fx.make_layout((4, 2, 3), (6, 8, 2)))) == (
        "(4,2,3):(1,12,4)"
    )


@flyc.kernel
def _codomains(out: fx.Tensor, s: fx.Int32):
    D = fx.make_layout((4, 8), (1, s))
    out[0] = fx.get_scalar(fx.coshape(D))
    # A dynamic stride is ordered last, as FlyDSL orders it.
    F = fx.make_fragment_layout_like(fx.make_layout((4, 2, 3), (1, s, 64)))
    out[1] = fx.get_scalar(fx.crd2idx((1, 1, 1), F))
    out[2] = fx.get_scalar(fx.coprofile(fx.make_identity_layout((4, s))).unpack()[1])


def test_codomains_and_fragment_layouts_in_kernels():
    out = np.zeros(3, np.int32)
    _codomains(out, 5).launch(block=(1,))
    assert out.tolist() == [3 + 7 * 5 + 1, 1 + 12 + 4, 0]


def test_numeric_bases_and_the_types_only_named_here():
    # Every integer class is an Integer, every float class a Float, as in FlyDSL.
    assert issubclass(fx.Int32, fx.Integer) and issubclass(fx.Boolean, fx.Integer)
    assert issubclass(fx.BFloat16, fx.Float) and not issubclass(fx.Float32, fx.Integer)
    assert isinstance(fx.Int8, fx.NumericMeta)
    assert (fx.Int4.width, fx.Int128.width, fx.Uint128.signed) == (4, 128, False)
    assert fx.Float8E8M0FNU.width == 8 and fx.Float8E4M3.width == 8
    for cls in (fx.Float8E4M3, fx.Float8E4M3B11FNUZ, fx.Integer, fx.Float):
        with pytest.raises(NotImplementedError, match=cls.__name__[:4]):
            cls(1)
    # On the host Int4 and Int128 fold in Python, wrapping to their width
    # (tests/python/test_jit_host_function.py); Int4 vectors are kernel types too
    # (tests/python/test_integer_wmma.py).
    assert fx.Int4(15).value == -1 and fx.Int128(1 << 100).value == 1 << 100
    assert str(fx.Int4x8.ir_type) == "vector<8xi4>"
    # The other aliases exist with FlyDSL's lanes and widths; no value is one of them.
    assert (fx.Float4E2M1FNx32.width, fx.Int4x8.lanes, fx.Int128x1.width) == (128, 8, 128)
    assert fx.Float8E8M0FNUx4.element is fx.Float8E8M0FNU and fx.Uint128x1.lanes == 1
    for alias in (fx.Float4E2M1FNx2, fx.Float8E4M3x16, fx.Float8E4M3B11FNUZx1, fx.Int128x1):
        with pytest.raises(NotImplementedError, match=alias.__name__ + " values are not offered"):
            alias(1)
        with pytest.raises(NotImplementedError, match="no IR type"):
            alias.ir_type  # noqa: B018
        assert not isinstance(1, alias)
    # as_numeric: numbers take the class FlyDSL infers for them.
    assert type(fx.as_numeric(3)) is fx.Int32 and type(fx.as_numeric(1 << 40)) is fx.Int64
    assert type(fx.as_numeric(2.5)) is fx.Float32 and type(fx.as_numeric(True)) is fx.Boolean
    v = fx.Float16(1.5)
    assert fx.as_numeric(v) is v
    with pytest.raises(TypeError):
        fx.as_numeric("3")


@flyc.kernel
def numeric_bases(out: fx.Tensor, n: fx.Int32):
    x = n * 2
    out[0] = fx.Int32(1 if isinstance(x, fx.Integer) else 0)
    out[1] = fx.Int32(1 if isinstance(x, fx.Float) else 0)
    y = x.to("f32")
    out[2] = fx.Int32(1 if isinstance(y, fx.Float) and not isinstance(y, fx.Integer) else 0)
    v = fx.arith.constant_vector(3, fx.T.vec(4, fx.T.i32))
    out[3] = v[2] + n


def test_kernel_values_are_instances_of_their_bases():
    out = dev.array(np.zeros(4, np.int32))
    numeric_bases(out, 5).launch(grid=(1,), block=(1,))
    assert dev.host(out).tolist() == [1, 0, 1, 8]


def test_basis_elements_as_flydsl_writes_them():
    assert fx.E(0) == fx.Basis(1, [0]) and fx.E(0, 1) == fx.E([0, 1]) == fx.Basis(1, [0, 1])
    assert fx.E() == 1
    assert repr(fx.Basis(2, [0])) == "2E0" and repr(fx.E(0, 1)) == "1E0E1"
    assert fx.Basis(2, [0]) * 4 == fx.Basis(8, [0]) == 4 * fx.Basis(2, 0)
    assert (fx.Basis(2, [0, 1]) * 3).modes == [0, 1]
    assert len({fx.E(0), fx.Basis(1, [0]), fx.E(1)}) == 2
    for bad in ([], [-1], [True], ["0"]):
        with pytest.raises(ValueError):
            fx.Basis(1, bad)
    with pytest.raises(TypeError):
        fx.E(0) * 1.5
    # The identity layout's strides are these basis elements.
    assert fx.make_identity_layout((2, 3)).stride == (fx.E(0), fx.E(1))


@flyc.kernel
def tile_gemm_functional(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    # tile_gemm again, in FlyDSL's functional forms: partitions, fragments and retiles named by
    # operand and thread rather than reached through a thread's slice.
    tid = fx.thread_idx.x
    A, B, C = (fx.slice(fx.zipped_divide(t, tile), (None, 0))
               for t, tile in ((A, (BM, BK)), (B, (BN, BK)), (C, (BM, BN))))  # fmt: skip
    atom = fx.make_mma_atom(fx.UniversalFMA(fx.Float32))
    tiled = fx.make_tiled_mma(atom, fx.make_layout((BM, BN, 1), (1, BM, 0)))
    copy_atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    tiled_copies = [fx.make_tiled_copy_A(copy_atom, tiled), fx.make_tiled_copy_B(copy_atom, tiled),
                    fx.make_tiled_copy_C(copy_atom, tiled)]  # fmt: skip
    ops = (fx.MmaOperand.A, fx.MmaOperand.B, fx.MmaOperand.D)
    frags = [fx.mma_make_fragment(op, tiled, fx.tiled_mma_partition(op, tiled, t, tid))
             for op, t in zip(ops, (A, B, C))]  # fmt: skip
    for k in fx.range_constexpr(2):
        src = fx.tiled_copy_partition_src(tiled_copies[k], (A, B)[k], tid)
        fx.copy(copy_atom, src, fx.tiled_copy_retile(tiled_copies[k], frags[k]))
    frags[2].fill(0)
    fx.gemm(atom, frags[2], frags[0], frags[1], frags[2])
    dst = fx.tiled_copy_partition_dst(tiled_copies[2], C, tid)
    fx.copy(copy_atom, fx.tiled_copy_retile(tiled_copies[2], frags[2]), dst)


def test_functional_forms_of_partitions_fragments_and_retiles():
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 4, (BM, BK)).astype(np.float32)
    b = rng.integers(-4, 4, (BN, BK)).astype(np.float32)
    c = dev.array(np.zeros((BM, BN), np.float32))
    tile_gemm_functional(dev.array(a), dev.array(b), c).launch(block=(BM * BN,))
    np.testing.assert_array_equal(dev.host(c), a @ b.T)
    # On the host: the same partitions as a thread's slice gives, and their shapes.
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.UniversalFMA(fx.Float32)),
                              fx.make_layout((4, 4, 1), (1, 4, 0)))  # fmt: skip
    tile = fx.make_layout((8, 8))
    for op, method in ((fx.MmaOperand.A, "partition_A"), (fx.MmaOperand.D, "partition_C")):
        want = getattr(tiled.get_slice(5), method)(tile)
        assert fx.tiled_mma_partition(op, tiled, tile, 5) == want
        assert fx.tiled_mma_partition_shape(op, tiled, (8, 8)) == want.shape
    with pytest.raises(ValueError):
        fx.tiled_mma_partition(7, tiled, tile, 0)


def test_types_is_the_class_of_t_and_names_vectors_of_each_width():
    from flydsl.expr.typing import T, Types

    assert isinstance(T, Types) and Types().f32 == T.f32
    for name, dtype, lanes in [("i8x16", "i8", 16), ("i16x4", "i16", 4), ("i64x2", "i64", 2),
                               ("i32x4", "i32", 4), ("bf16x8", "bf16", 8)]:  # fmt: skip
        t = getattr(T, name)
        assert (t.dtype, t.lanes) == (dtype, lanes), name
    assert T.vec(8, T.f16) == T.f16x8


def test_tuple3d_makes_its_values_when_read():
    from flydsl.expr.typing import Tuple3D

    asked = []

    @flyc.kernel
    def k(out: fx.Tensor):
        made = Tuple3D(lambda name: asked.append(name) or fx.thread_id(name), fx.Int32)
        x, y, _ = made
        out[x] = x + y * 100
        assert isinstance(fx.thread_idx, Tuple3D) and isinstance(made.x, fx.Int32)

    out = dev.array(np.zeros(4, np.int32))
    k(out).launch(grid=(1,), block=(4,))
    np.testing.assert_array_equal(dev.host(out), np.arange(4))
    assert asked == ["x", "y", "z", "x"]
    with pytest.raises(AttributeError):
        Tuple3D(lambda name: 0).w  # noqa: B018


def test_rocm_device_count_is_what_the_library_sees():
    import ctypes
    import os

    from flydsl import _kernel_api as K
    from flydsl.runtime.device import get_rocm_device_count

    n = get_rocm_device_count()
    assert isinstance(n, int) and n >= 0
    if not os.path.exists("/dev/kfd"):  # no AMD GPU driver: HIP finds nothing
        assert n == 0
    count = ctypes.c_int()
    assert K.device_count(b"cpu", ctypes.byref(count)) == 0 and count.value == 1
    assert K.device_count(b"tpu", ctypes.byref(count)) != 0


def test_lazy_class_attributes_are_computed_at_each_read():
    calls = []

    class Owner:
        value = fx.utils.lazy_classattr(lambda: calls.append(1) or len(calls))

    assert Owner.value == 1 and Owner().value == 2 and len(calls) == 2
    assert "value" in repr(Owner.__dict__["value"])


def test_a_kernel_tensors_element_type_is_its_numeric_class():
    @flyc.kernel
    def typed(x: fx.Tensor):
        regs = fx.make_rmem_tensor(fx.make_layout((4, 8), (8, 1)), fx.Float32)
        assert regs.element_type is fx.Float32 and regs.ir_dtype == "f32"
        assert x.element_type is fx.Int16
        regs.fill(1.0)
        x[0] = fx.Int16(fx.Int32(regs[3]) + fx.Int16.width)

    x = np.zeros(4, np.int16)
    typed(x).launch(grid=(1,), block=(1,))
    assert x[0] == 17


def test_a_tensor_of_coordinates_has_no_element_type():
    @flyc.kernel
    def coordinates(x: fx.Tensor):
        crd = fx.make_view(fx.make_coord(0, 0), fx.make_identity_layout((4, 8)))
        with pytest.raises(TypeError, match="CoordTensor doesn't have an element type"):
            crd.element_type  # noqa: B018
        counting = fx.make_identity_tensor((4, 8))
        with pytest.raises(TypeError, match="element type"):
            counting.element_type  # noqa: B018
        assert x.element_type is fx.Float32
        x[0] = fx.Float32(fx.get(crd[(2, 3)], 1))

    x = np.zeros(1, np.float32)
    coordinates(x).launch(grid=(1,), block=(1,))
    assert x[0] == 3.0


def test_generic_and_target_address_spaces_are_told_apart():
    from flydsl._mlir.dialects.fly_rocdl import TargetAddressSpace
    from flydsl.expr.typing import is_generic_address_space, is_target_address_space

    shared = fx.AddressSpace.Shared
    assert is_generic_address_space(shared, fx.AddressSpace.Shared)
    assert is_generic_address_space(int(shared), fx.AddressSpace.Shared)
    assert not is_generic_address_space(fx.AddressSpace.Global, fx.AddressSpace.Shared)
    buffer = TargetAddressSpace.BufferDesc
    assert not is_generic_address_space(buffer, fx.AddressSpace.Global)
    assert is_target_address_space(buffer, TargetAddressSpace.BufferDesc)
    assert not is_target_address_space(shared, TargetAddressSpace.BufferDesc)
    with pytest.raises(TypeError, match="AddressSpace enum"):
        is_generic_address_space(shared, 2)
    with pytest.raises(TypeError, match="use is_generic_address_space"):
        is_target_address_space(buffer, fx.AddressSpace.Global)
    with pytest.raises(ValueError):
        is_generic_address_space(99, fx.AddressSpace.Global)


def test_as_dsl_value_gives_a_kernel_value_the_exemplars_type():
    from flydsl.expr.typing import as_dsl_value, as_ir_value

    @flyc.kernel
    def typed(x: fx.Tensor):
        raw = as_ir_value(7)
        assert as_dsl_value(None) is None and as_dsl_value(raw) is raw
        wide = as_dsl_value(raw, fx.Int64)
        assert isinstance(wide, fx.Int64)
        pair = as_dsl_value((raw, raw), (fx.Float32, fx.Int16))
        assert isinstance(pair[0], fx.Float32) and isinstance(pair[1], fx.Int16)
        both = as_dsl_value([raw, raw], fx.Int32(0))
        assert all(isinstance(v, fx.Int32) for v in both)
        x[0] = fx.Float32(wide) + pair[0]

    x = np.zeros(1, np.float32)
    typed(x).launch(grid=(1,), block=(1,))
    assert x[0] == 14.0
