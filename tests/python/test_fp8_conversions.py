"""Conversions between f32 and the four fp8 formats (OCP E4M3FN and E5M2, and gfx942's FNUZ
kinds) inside kernels, checked against a reference that knows each format only by its
exponent bits, mantissa bits, bias and special values: decoding by the formula, rounding by
a search for the nearest value (ties to the even code)."""

import bisect
import math

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest

# name: (exponent bits, mantissa bits, bias, specials)
FORMATS = {
    "Float8E4M3FN": (4, 3, 7, "all-ones NaN"),
    "Float8E5M2": (5, 2, 15, "ieee"),
    "Float8E4M3FNUZ": (4, 3, 8, "negative-zero NaN"),
    "Float8E5M2FNUZ": (5, 2, 16, "negative-zero NaN"),
}


def largest_code(fmt):
    e, m, _, specials = FORMATS[fmt]
    codes = 1 << (e + m)  # magnitudes
    return {"ieee": ((1 << e) - 1 << m) - 1, "all-ones NaN": codes - 2}.get(specials, codes - 1)


def magnitude(fmt, code):
    _, m, bias, _ = FORMATS[fmt]
    exponent, mantissa = code >> m, code & ((1 << m) - 1)
    if exponent == 0:
        return mantissa * 2.0 ** (1 - bias - m)
    return (1 + mantissa / 2**m) * 2.0 ** (exponent - bias)


def decode(fmt, code):
    e, m, _, specials = FORMATS[fmt]
    sign, mag = code >> (e + m), code & ((1 << (e + m)) - 1)
    if specials == "negative-zero NaN" and code == 1 << (e + m):
        return math.nan
    if mag > largest_code(fmt):
        if specials == "ieee" and mag == (1 << e) - 1 << m:
            return -math.inf if sign else math.inf
        return math.nan
    return -magnitude(fmt, mag) if sign else magnitude(fmt, mag)


def encode_value(fmt, x):
    """x rounded into the format, as a float (NaN for NaN, +-inf where the format has it)."""
    _, _, _, specials = FORMATS[fmt]
    if math.isnan(x):
        return math.nan
    top = largest_code(fmt)
    overflow = math.copysign(math.inf, x) if specials == "ieee" else math.nan
    if math.isinf(x):
        return overflow
    # The grid of magnitudes, and one more step past the largest: its code decides ties.
    grid = [magnitude(fmt, c) for c in range(top + 2)]
    a = abs(x)
    above = bisect.bisect_left(grid, a)
    near = [c for c in (above - 1, above) if 0 <= c < len(grid)]
    best = min(near, key=lambda c: (abs(grid[c] - a), c % 2))
    if best > top:
        return overflow
    if grid[best] == 0 and specials == "negative-zero NaN":
        return 0.0
    return math.copysign(grid[best], x)


def inputs(fmt):
    """Every value of the format, the midpoints between neighbours, just beside each, values
    past the largest, specials, and random numbers across the range."""
    values = [magnitude(fmt, c) for c in range(largest_code(fmt) + 2)]
    mids = [(a + b) / 2 for a, b in zip(values, values[1:])]
    near = [np.nextafter(np.float32(v), np.float32(d)) for v in mids for d in (0, np.inf)]
    rng = np.random.default_rng(7)
    rand = rng.standard_normal(300) * 2.0 ** rng.integers(-20, 18, 300)
    xs = np.array(values + mids + near + list(rand), np.float32)
    specials = np.array([np.inf, np.nan, 1e30, 2.0**-149, 0.0], np.float32)
    return np.concatenate([xs, -xs, specials, -specials]).astype(np.float32)


@flyc.kernel
def round_trip(x: fx.Tensor, y: fx.Tensor, n: fx.Int32, fmt: fx.Constexpr):
    i = fx.block_idx.x * 256 + fx.thread_idx.x
    if i < n:
        y[i] = x[i].to(getattr(fx, fmt)).to(fx.Float32)


@flyc.jit
def run_round_trip(x: fx.Tensor, y: fx.Tensor, n: fx.Int32, fmt: fx.Constexpr):
    round_trip(x, y, n, fmt).launch(grid=((n + 255) // 256, 1, 1), block=(256, 1, 1))


@flyc.kernel
def widen(codes: fx.Tensor, y: fx.Tensor, fmt: fx.Constexpr):
    i = fx.thread_idx.x
    y[i] = codes[i].bitcast(getattr(fx, fmt)).to(fx.Float32)


@flyc.jit
def run_widen(codes: fx.Tensor, y: fx.Tensor, fmt: fx.Constexpr):
    widen(codes, y, fmt).launch(grid=(1, 1, 1), block=(256, 1, 1))


def same(got, want):
    return (math.isnan(got) and math.isnan(want)) or (
        got == want and math.copysign(1, got) == math.copysign(1, want)
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_code_widens_to_its_value(fmt):
    codes = np.arange(256, dtype=np.uint8)
    y = np.zeros(256, np.float32)
    run_widen(codes, y, fmt)
    wrong = [(c, y[c], decode(fmt, c)) for c in range(256) if not same(y[c], decode(fmt, c))]
    assert not wrong, wrong[:8]


@pytest.mark.parametrize("fmt", FORMATS)
def test_narrowing_rounds_to_nearest_even(fmt):
    x = inputs(fmt)
    y = np.full_like(x, 12345.0)
    run_round_trip(x, y, len(x), fmt)
    want = [encode_value(fmt, float(v)) for v in x]
    wrong = [(float(v), float(g), w) for v, g, w in zip(x, y, want) if not same(g, w)]
    assert not wrong, wrong[:8]


def test_known_limits():
    x = np.array([448, 464, 465, 240, 248, 57344, 61440, -0.0], np.float32)
    got = {}
    for fmt in FORMATS:
        y = np.zeros_like(x)
        run_round_trip(x, y, len(x), fmt)
        got[fmt] = y
    np.testing.assert_array_equal(got["Float8E4M3FN"][:5], [448, 448, np.nan, 240, 256])
    np.testing.assert_array_equal(got["Float8E4M3FNUZ"][3:5], [240, np.nan])
    assert got["Float8E5M2"][5] == 57344 and got["Float8E5M2"][6] == np.inf
    assert np.isnan(got["Float8E5M2FNUZ"][6])
    assert np.signbit(got["Float8E4M3FN"][7]) and not np.signbit(got["Float8E4M3FNUZ"][7])


@pytest.mark.parametrize("target,arch", [("rocm", "gfx942"), ("rocm", "gfx950"), ("cuda", "sm_90")])
def test_conversions_compile_for_gpus(target, arch):
    x = np.zeros(4, np.float32)
    for fmt in FORMATS:
        round_trip.compile(x, x, 4, fmt, target=target, arch=arch)
