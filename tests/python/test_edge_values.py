"""Values at the edges of what the Python binding passes to C: each is refused with a clear
error where ctypes or a C struct would wrap, round or cut it."""

import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
import flydsl.kernels as fk
import numpy as np
import pytest


@flyc.kernel
def scaled(x: fx.Tensor, n: fx.Int32, f: fx.Float32):
    i = fx.thread_idx.x
    x[i] = x[i] * f + fx.Float32(0.0) * n


@pytest.mark.parametrize(
    "n,error",
    [(2**31, OverflowError), (-(2**31) - 1, OverflowError), (2**64 + 7, OverflowError),
     (2.7, TypeError), ("8", TypeError), (None, TypeError)],
)  # fmt: skip
def test_an_int32_argument_is_an_integer_in_range(n, error, host_target):
    x = np.ones(4, np.float32)
    with pytest.raises(error, match="argument n"):
        scaled(x, n, 2.0).launch(block=(4,))
    assert (x == 1).all()
    scaled(x, 2**31 - 1, 2.0).launch(block=(4,))  # the largest i32, and twice: the fast path
    scaled(x, -(2**31), 2.0).launch(block=(4,))
    assert (x == 4).all()


def test_a_float_argument_is_a_real_number(host_target):
    x = np.ones(4, np.float32)
    for bad in ("2", 1j, b"2"):
        with pytest.raises(TypeError, match="argument f"):
            scaled(x, 1, bad).launch(block=(4,))
    with pytest.raises(flydsl.LaunchError, match="does not fit f32"):
        scaled(x, 1, 1e300).launch(block=(4,))  # would arrive as infinity
    assert (x == 1).all()


@pytest.mark.parametrize(
    "config,error",
    [({"grid": (2**32 + 1,)}, OverflowError), ({"grid": (2.5,)}, TypeError),
     ({"grid": (0,)}, flydsl.LaunchError), ({"block": ("4",)}, TypeError),
     ({"smem": 2**64 + 16}, OverflowError), ({"smem": -1}, OverflowError),
     ({"grid": (1, 1, 1, 1)}, ValueError), ({"grid": (2**31,)}, flydsl.LaunchError),
     ({"grid": (1, 65536)}, flydsl.LaunchError), ({"block": (1025,)}, flydsl.LaunchError),
     ({"smem": 2**30 + 1}, flydsl.LaunchError)],
)  # fmt: skip
def test_launch_extents_are_whole_numbers_in_range(config, error, host_target):
    x = np.ones(4, np.float32)
    launch = {"block": (4,), **config} if "block" not in config else config
    with pytest.raises(error):
        scaled(x, 1, 2.0).launch(**launch)
    assert (x == 1).all()


def test_text_with_a_nul_is_refused():
    with pytest.raises(ValueError, match="NUL"):
        fx.Layout.parse("(4,8):(8,1)\0garbage")
    with pytest.raises(ValueError, match="NUL"):

        @flyc.kernel
        def noisy(x: fx.Tensor):
            fx.printf("%d\0%s\n", fx.thread_idx.x)

        noisy.compile(np.zeros(1, np.float32), target="cpu")


def test_a_printf_format_must_fit_its_values():
    @flyc.kernel
    def noisy(x: fx.Tensor):
        fx.printf("%s\n", fx.thread_idx.x)

    with pytest.raises(flydsl.FlyDSLError, match="printf.*'%s' is not offered"):
        noisy.compile(np.zeros(1, np.float32), target="cpu")


def test_integers_that_are_token_values_are_refused():
    for bad in (-(2**63), -(2**63) + 3, -(2**63) + 15):
        with pytest.raises(OverflowError, match="smallest integer"):
            fx.make_layout((bad, 2), (1, 4))


def test_swizzle_parameters_past_a_c_int_are_refused():
    with pytest.raises(OverflowError, match="base"):
        fx.Swizzle(1, 2**40, 1)
    with pytest.raises(flydsl.FlyDSLError):
        fx.Swizzle(1, 2**31 - 1, 1)  # fits an int, but reaches past 62 bits
    assert fx.Swizzle(3, 4, 3)(0b1110000000) == 0b1111110000


def test_empty_tensors_are_no_work_whatever_their_strides(host_target):
    x = np.zeros((0, 8), np.float32)
    assert fk.softmax(x).shape == (0, 8)
    assert fk.softmax(np.zeros((4, 0), np.float32)[:, ::2]).shape == (4, 0)
    assert fk.gemm(np.zeros((0, 8), np.float16), np.zeros((8, 0), np.float16)).shape == (0, 0)


@pytest.mark.parametrize(
    "tile", ["64x64x32x4x4611686018427387904x4", "99999999999x64x32x4", "64x64x32x4x0x2"]
)
def test_a_gemm_tile_with_a_field_out_of_range_is_an_error(tile, monkeypatch, host_target):
    monkeypatch.setenv("FLYDSL_GEMM_TILE", tile)
    a = np.ones((64, 64), np.float16)
    with pytest.raises(flydsl.InvalidArgumentError, match="FLYDSL_GEMM_TILE"):
        fk.gemm(a, a)


@flyc.kernel
def narrowed(out: fx.Tensor, a: fx.Float32, h: fx.Float16, b: fx.BFloat16):
    out[0] = a
    out[1] = fx.Float32(h)
    out[2] = fx.Float32(b)


def test_a_float_argument_is_rounded_once(host_target):
    """Each value lies just past a tie of the parameter's type, so rounding it to a double
    or a float first, then to the type, would land one step below the nearest value."""
    n = 2751698685128605574  # nearest f32: below the double nearest to n
    nearest_a = float(np.float32(np.int64(n)))
    tie_h, tie_b = 1 + 2.0**-11, 1 + 2.0**-8
    cases = [
        ((n, tie_h + 2.0**-30, tie_b + 2.0**-30), (nearest_a, 1 + 2.0**-10, 1 + 2.0**-7)),
        ((n << 8, 1, 2**30 + 2**22 + 1), (nearest_a * 256, 1, 2**30 + 2**23)),  # past int64
        ((np.int64(n), np.float64(tie_h + 2.0**-30), 2**30 + 2**22 + 1),
         (nearest_a, 1 + 2.0**-10, 2**30 + 2**23)),
    ]  # fmt: skip
    for args, expected in cases:
        for _ in range(2):  # the second launch takes the fast path where it applies
            out = np.zeros(3, np.float32)
            narrowed(out, *args).launch()
            assert out.tolist() == list(expected), args


def test_a_value_the_float_type_cannot_hold_is_refused(host_target):
    out = np.zeros(3, np.float32)
    for args in [(1, 65520.0, 1), (1, 1, 3.3962e38), (2**129, 1, 1)]:
        with pytest.raises((flydsl.LaunchError, OverflowError), match="f16|bf16|f32|float"):
            narrowed(out, *args).launch()
    narrowed(out, 1, 65504.0, 3.3895313892515355e38).launch()  # the largest of each
    assert out.tolist() == [1, 65504, 3.3895313892515355e38]
