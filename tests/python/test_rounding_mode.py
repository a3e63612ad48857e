"""Float narrowing under a rounding mode (`x.to(fx.Float16, rounding_mode=fx.RoundingMode.upward)`)
against the definition: among the values of the narrow format, downward takes the largest at or
below x, upward the smallest at or above, toward_zero the one of those two nearer zero, and the
nearest modes the closer one, a tie going to the even code (to_nearest_even) or away from zero
(to_nearest_away). The reference enumerates every value of the format."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import FlyDSLError

MODES = list(fx.RoundingMode)


def f16_codes():
    codes = np.arange(1 << 16, dtype=np.uint32)
    return codes, codes.astype(np.uint16).view(np.float16).astype(np.float64)


def bf16_codes():
    codes = np.arange(1 << 16, dtype=np.uint32)
    with np.errstate(invalid="ignore"):  # the NaN codes
        return codes, (codes << 16).view(np.float32).astype(np.float64)


def e4m3_codes():
    """OCP fp8 E4M3 (FN): bias 7, subnormals, no infinity, NaN at 0x7f and 0xff."""
    codes = np.arange(256, dtype=np.uint32)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    exponent, mantissa = (codes >> 3) & 0xF, codes & 0x7
    magnitude = np.where(
        exponent == 0, mantissa / 8.0 * 2.0**-6, (1 + mantissa / 8.0) * 2.0 ** (exponent - 7.0)
    )
    values = sign * magnitude
    values[(codes & 0x7F) == 0x7F] = np.nan
    return codes, values


FORMATS = {"f16": (fx.Float16, f16_codes), "bf16": (fx.BFloat16, bf16_codes),
           "f8e4m3": (fx.Float8E4M3FN, e4m3_codes)}  # fmt: skip


def reference(x, mode, codes_of):
    """Each of `x` (float64 holding float32 values) rounded to the format by `mode`."""
    codes, values = codes_of()
    finite = np.isfinite(values)
    order = np.argsort(values[finite], kind="stable")
    grid, grid_codes = values[finite][order], codes[finite][order]
    has_inf = np.isinf(values).any()
    top = grid[-1]
    # The value an overflow rounds towards: infinity, placed one step past the largest finite.
    step = top - grid[-2]
    out = []
    for v in x:
        if np.isnan(v) or np.isinf(v):
            out.append(v)
            continue
        if abs(v) > top:
            if not has_inf:
                raise ValueError("keep the values of formats without infinity in range")
            beyond = abs(v) >= top + step / 2  # where round-to-nearest overflows
            if mode in (fx.RoundingMode.to_nearest_even, fx.RoundingMode.to_nearest_away):
                m = np.inf if beyond else top
            elif mode is fx.RoundingMode.toward_zero:
                m = top
            else:  # towards v's infinity, or back to the largest finite value
                m = np.inf if (mode is fx.RoundingMode.upward) == (v > 0) else top
            out.append(np.copysign(m, v))
            continue
        i = np.searchsorted(grid, v, side="left")
        if grid[i] == v:
            out.append(v)
            continue
        lo, hi = grid[i - 1], grid[i]
        if mode is fx.RoundingMode.downward:
            out.append(lo)
        elif mode is fx.RoundingMode.upward:
            out.append(hi)
        elif mode is fx.RoundingMode.toward_zero:
            out.append(lo if v > 0 else hi)
        elif v - lo != hi - v:
            out.append(lo if v - lo < hi - v else hi)
        elif mode is fx.RoundingMode.to_nearest_away:
            out.append(hi if v > 0 else lo)
        else:
            out.append(lo if grid_codes[i - 1] % 2 == 0 else hi)
    return np.array(out)


def rounding_kernel(dtype, mode):
    @flyc.kernel
    def rounded(x: fx.Tensor, out: fx.Tensor):
        i = fx.thread_idx.x
        out[i] = x[i].to(dtype, rounding_mode=mode).to(fx.Float32)

    return rounded


def run(dtype, mode, x):
    x32 = np.asarray(x, np.float32)
    out = dev.array(np.zeros(len(x32), np.float32))
    rounding_kernel(dtype, mode)(dev.array(x32), out).launch(grid=(1,), block=(len(x32),))
    return dev.host(out).astype(np.float64)


def values_for(name):
    """Ties of each format at 1 and -1, neighbours of ties, values random in each binade
    range of the format, zeros, tiny values, and (with infinities) overflow and specials."""
    ulp = {"f16": 2.0**-10, "bf16": 2.0**-7, "f8e4m3": 2.0**-3}[name]
    ties = [1 + ulp / 2, 1 + 3 * ulp / 2, -(1 + ulp / 2), -(1 + 3 * ulp / 2), 2 + ulp]
    rng = np.random.default_rng(7)
    scale = {"f16": [1e-6, 1e-2, 1.0, 3e2, 3e4], "bf16": [1e-30, 1.0, 1e20, 1e37],
             "f8e4m3": [2.0**-8, 0.1, 1.0, 60.0]}[name]  # fmt: skip
    random = np.concatenate([rng.standard_normal(10) * s for s in scale])
    special = [0.0, -0.0, 1e-30, -1e-30, 3.0]
    if name != "f8e4m3":
        special += [np.inf, -np.inf, np.nan, 3e38, -3e38]
    if name == "f16":
        special += [65504.0, 65510.0, 65520.0, -65530.0, 7e4]
    x = np.array(ties + list(random) + special, np.float32)
    return x[: min(len(x), 64)]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.name)
@pytest.mark.parametrize("name", sorted(FORMATS))
def test_each_mode_rounds_as_its_definition(name, mode):
    dtype, codes_of = FORMATS[name]
    x = values_for(name)
    got = run(dtype, mode, x)
    want = reference(x.astype(np.float64), mode, codes_of)
    np.testing.assert_array_equal(got, want, err_msg=f"{name} {mode.name} of {x}")


def test_the_modes_part_where_the_value_lies_between_two():
    """1 + 2^-11 lies halfway between two f16 values: the five modes give two answers each."""
    x = [1 + 2.0**-11, -(1 + 2.0**-11)]
    up, down = 1 + 2.0**-10, 1.0
    got = {m.name: list(run(fx.Float16, m, x)) for m in MODES}
    assert got == {
        "to_nearest_even": [down, -down],
        "downward": [down, -up],
        "upward": [up, -down],
        "toward_zero": [down, -down],
        "to_nearest_away": [up, -up],
    }


def test_vectors_round_lane_by_lane():
    x = np.array([1 + 2.0**-11, 1 + 2.0**-12, -(1 + 2.0**-11), 3.0], np.float32)

    @flyc.kernel
    def rounded(src: fx.Tensor, out: fx.Tensor):
        v = fx.Vector.from_elements([src[i] for i in range(4)])
        r = v.to(fx.Float16, rounding_mode=fx.RoundingMode.upward).to(fx.Float32)
        for i in fx.range_constexpr(4):
            out[i] = r[i]

    out = dev.array(np.zeros(4, np.float32))
    rounded(dev.array(x), out).launch(grid=(1,), block=(1,))
    want = reference(x.astype(np.float64), fx.RoundingMode.upward, f16_codes)
    np.testing.assert_array_equal(dev.host(out), want)


def test_f16_to_bf16_rounds_once_through_f32():
    """Same width, different formats: exact to f32, then rounded by the mode."""
    x16 = np.array([1 + 2.0**-10, -(1 + 2.0**-10), 1 + 2.0**-8], np.float16)

    @flyc.kernel
    def rounded(src: fx.Tensor, up: fx.Tensor, down: fx.Tensor):
        i = fx.thread_idx.x
        up[i] = src[i].to(fx.BFloat16, rounding_mode=fx.RoundingMode.upward).to(fx.Float32)
        down[i] = src[i].to(fx.BFloat16, rounding_mode=fx.RoundingMode.downward).to(fx.Float32)

    up, down = dev.array(np.zeros(3, np.float32)), dev.array(np.zeros(3, np.float32))
    rounded(dev.array(x16), up, down).launch(grid=(1,), block=(3,))
    b = 2.0**-7
    np.testing.assert_array_equal(dev.host(up), [1 + b, -1.0, 1 + b])
    np.testing.assert_array_equal(dev.host(down), [1.0, -(1 + b), 1.0])


def test_widening_is_exact_and_a_same_type_cast_is_the_value():
    seen = {}

    @flyc.kernel
    def widened(src: fx.Tensor, out: fx.Tensor):
        i = fx.thread_idx.x
        v = src[i]
        seen["same"] = v.to(fx.Float16, rounding_mode=fx.RoundingMode.downward) is v
        out[i] = v.to(fx.Float32, rounding_mode=fx.RoundingMode.downward)

    x16 = np.array([1 + 2.0**-10, -3.5, 65504.0], np.float16)
    out = dev.array(np.zeros(3, np.float32))
    widened(dev.array(x16), out).launch(grid=(1,), block=(3,))
    np.testing.assert_array_equal(dev.host(out), x16.astype(np.float32))
    assert seen["same"]


def test_the_ir_names_the_mode_and_the_targets_expand_it():
    kernel = rounding_kernel(fx.Float16, fx.RoundingMode.upward)
    x = np.zeros(4, np.float32)
    for target, arch in [("cpu", None), ("rocm", "gfx942"), ("cuda", "sm_90")]:
        compiled = kernel.compile(x, np.zeros(4, np.float32), target=target, arch=arch)
        assert "arith.truncf" in compiled.ir(compiled=False)
        assert " upward : f32 to f16" in compiled.ir(compiled=False)
        assert "constrained" not in compiled.ir(), target


@pytest.mark.parametrize(
    "cast",
    [
        lambda v: v.to(fx.Int32, rounding_mode=fx.RoundingMode.upward),
        lambda v: v.to(fx.Int32).to(fx.Float16, rounding_mode=fx.RoundingMode.upward),
    ],
    ids=["float_to_int", "int_to_float"],
)
def test_integers_take_no_rounding_mode(cast):
    errors = []

    @flyc.kernel
    def k(src: fx.Tensor, out: fx.Tensor):
        v = src[0]
        try:
            cast(v)
        except TypeError as e:
            errors.append(str(e))
        out[0] = v

    x = np.ones(1, np.float32)
    k(dev.array(x), dev.array(np.zeros(1, np.float32))).launch(grid=(1,), block=(1,))
    assert len(errors) == 1 and "float-to-float" in errors[0]


def test_a_mode_that_is_not_a_rounding_mode_is_refused():
    @flyc.kernel
    def k(src: fx.Tensor, out: fx.Tensor):
        out[0] = src[0].to(fx.Float16, rounding_mode=2).to(fx.Float32)

    with pytest.raises(TypeError, match="fx.RoundingMode"):
        k(dev.array(np.ones(1, np.float32)), dev.array(np.zeros(1, np.float32))).launch(
            grid=(1,), block=(1,)
        )


def test_the_c_api_refuses_integers_and_unknown_modes():
    """Through the C API itself: the kernel's build fails naming the mistake."""
    from flydsl import _kernel_api as K
    from flydsl._trace import current

    for dtype, mode, message in [("i32", 2, "conversions between floats"),
                                 ("f16", 9, "unknown rounding mode 9")]:  # fmt: skip

        @flyc.kernel
        def k(src: fx.Tensor, out: fx.Tensor):
            K.cast_rounded(current(), src[0].handle, K.DTYPES[dtype], mode)  # noqa: B023
            out[0] = src[0]

        with pytest.raises(FlyDSLError, match=message):
            k(dev.array(np.ones(1, np.float32)), dev.array(np.zeros(1, np.float32))).launch(
                grid=(1,), block=(1,)
            )


def test_constants_round_by_the_mode_too():
    """A value known when the kernel is built folds to what the mode gives at run time."""

    @flyc.kernel
    def k(out: fx.Tensor):
        tie = fx.Float32(1 + 2.0**-11)
        out[0] = tie.to(fx.Float16, rounding_mode=fx.RoundingMode.upward).to(fx.Float32)
        out[1] = (-tie).to(fx.Float16, rounding_mode=fx.RoundingMode.downward).to(fx.Float32)
        out[2] = tie.to(fx.Float16, rounding_mode=fx.RoundingMode.to_nearest_away).to(fx.Float32)
        out[3] = tie.to(fx.Float16, rounding_mode=fx.RoundingMode.toward_zero).to(fx.Float32)

    out = dev.array(np.zeros(4, np.float32))
    k(out).launch(grid=(1,), block=(1,))
    step = 1 + 2.0**-10
    np.testing.assert_array_equal(dev.host(out), [step, -step, step, 1.0])
