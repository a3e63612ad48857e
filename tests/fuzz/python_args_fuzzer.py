"""atheris harness: the Python binding's conversion of launch arguments. The input picks
values of many Python kinds (huge and negative integers, floats, text, bytes, None, numpy
scalars and arrays of other dtypes) for a kernel's Int32, Float32 and tensor parameters and
for grid, block and smem. Each launch either runs and the kernel saw exactly the values given,
or raises one of the binding's errors; nothing crashes and nothing arrives changed.
Run: PYTHONPATH=bindings/python python3 tests/fuzz/python_args_fuzzer.py -max_total_time=60
"""

import os
import sys
from fractions import Fraction

import atheris

with atheris.instrument_imports():
    import flydsl
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import numpy as np

os.environ["FLYDSL_COMPILE_BACKEND"] = "cpu"
os.environ["FLYDSL_RUNTIME_ENABLE_CACHE"] = "0"


@flyc.kernel
def echo(out: fx.Tensor, n: fx.Int32, f: fx.Float32):
    out[0] = fx.Float32(n)
    out[1] = f


EXPECTED = (TypeError, ValueError, OverflowError, flydsl.FlyDSLError)


def nearest_f32(x):
    """The float32 nearest to x's exact value, ties to even: the oracle for a Float32
    argument. np.float32(x) is not one: of a Python int it rounds twice (to a double first)."""
    if not isinstance(x, (int, np.integer)):
        return np.float32(x)
    guess = np.float32(float(x))
    exact = Fraction(int(x))
    below, above = np.nextafter(guess, np.float32(-np.inf)), np.nextafter(guess, np.float32(np.inf))
    best = None
    for c in (below, guess, above):
        if not np.isfinite(c):
            continue
        d = abs(Fraction(float(c)) - exact)
        even = int(c.view(np.uint32)) % 2 == 0
        if best is None or d < best[0] or (d == best[0] and even):
            best = (d, c)
    return best[1]


def same_f32(arrived, given):
    """Whether a Float32 argument arrived as the float32 nearest to what was given; every
    NaN is the same NaN here, as NaN compares unequal to itself."""
    expected = nearest_f32(given)
    return arrived == expected or (np.isnan(arrived) and np.isnan(expected))


def value(fdp):
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind == 0:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 80))  # any size, either sign
    if kind == 1:
        return fdp.ConsumeRegularFloat()
    if kind == 2:
        return fdp.ConsumeUnicodeNoSurrogates(4)
    if kind == 3:
        return fdp.ConsumeBytes(3)
    if kind == 4:
        return None
    if kind == 5:
        return np.int64(fdp.ConsumeInt(8))
    if kind == 6:
        return np.float16(fdp.ConsumeFloat())
    if kind == 7:
        return fdp.ConsumeBool()
    if kind == 8:
        return [fdp.ConsumeIntInRange(0, 3)]
    return fdp.ConsumeIntInRange(-4, 4)


def extent(fdp):
    """A grid extent: any value, but a valid one that would run for long is cut to 64 blocks."""
    v = value(fdp)
    if isinstance(v, (int, np.integer)) and 64 < v < 2**31:
        return 64
    return v


def tensor(fdp):
    kind = fdp.ConsumeIntInRange(0, 4)
    if kind == 0:
        return np.zeros(fdp.ConsumeIntInRange(0, 3), np.float32)
    if kind == 1:
        return np.zeros(4, np.int8)
    if kind == 2:
        return np.zeros((4, 2), np.float32)[:, ::2]
    if kind == 3:
        return value(fdp)
    return np.zeros(4, np.float32)


def test_one_input(data):
    fdp = atheris.FuzzedDataProvider(data)
    out, n, f = tensor(fdp), value(fdp), value(fdp)
    config = {"grid": (extent(fdp),), "block": (1,), "smem": 0}
    if fdp.ConsumeBool():
        config["smem"] = extent(fdp)  # a valid size runs too; a large one is refused
    if fdp.ConsumeBool():
        config["block"] = value(fdp)
    try:
        echo(out, n, f).launch(**config)
    except EXPECTED:
        return
    # It ran: with what was given, exactly (as the kernel reads an i32 and an f32).
    echoed = isinstance(out, np.ndarray) and out.dtype == np.float32 and out.shape[:1] >= (2,)
    if echoed and out.ndim == 1 and (out[0] != np.float32(n) or not same_f32(out[1], f)):
        raise AssertionError(f"n={n!r} f={f!r} arrived as {out[:2]}")


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
