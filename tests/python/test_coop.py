"""fx.coop's warp reductions and scans against numpy, for every fold, several group widths and
value types, with init values; and the mistakes a caller can make (a width that is not a
power of two or exceeds the wave, an op that is not a ReductionOp) as errors."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import InvalidArgumentError
from flydsl.extension import coop
from flydsl.runtime.device import get_warp_size, is_rdna_arch

BLOCK = 64
OPS = {
    fx.ReductionOp.ADD: (np.add, 0),
    fx.ReductionOp.MUL: (np.multiply, 1),
    fx.ReductionOp.MAX: (np.maximum, None),
    fx.ReductionOp.MIN: (np.minimum, None),
}


def inputs(dtype, op):
    rng = np.random.default_rng(1)
    if op is fx.ReductionOp.MUL:  # small factors keep products exact
        return rng.choice([1, 2, -1], BLOCK).astype(dtype)
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-1000, 1000, BLOCK).astype(dtype)
    return rng.integers(-1000, 1000, BLOCK).astype(dtype) / 8  # exact in any order


def fold(op, groups, exclusive, init):
    ufunc, unit = OPS[op]
    inclusive = ufunc.accumulate(groups, axis=1)
    if exclusive:
        if unit is None:
            info = np.finfo if np.issubdtype(groups.dtype, np.floating) else np.iinfo
            unit = info(groups.dtype).min if op is fx.ReductionOp.MAX else info(groups.dtype).max
            if np.issubdtype(groups.dtype, np.floating):
                unit = -np.inf if op is fx.ReductionOp.MAX else np.inf
        first = np.full((groups.shape[0], 1), unit, groups.dtype)
        inclusive = np.concatenate([first, inclusive[:, :-1]], axis=1)
    return inclusive if init is None else ufunc(np.asarray(init, groups.dtype), inclusive)


def run(body, x, outputs):
    @flyc.kernel
    def collective(x: fx.Tensor, out: fx.Tensor):
        i = fx.thread_idx.x
        results = body(x[i])
        for k, r in enumerate(results):
            out[k, i] = r

    out = dev.array(np.zeros((outputs, BLOCK), x.dtype))
    collective(dev.array(x), out).launch(block=(BLOCK,))
    return dev.host(out)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64])
@pytest.mark.parametrize("op", list(OPS), ids=lambda o: o.name)
@pytest.mark.parametrize("width", [1, 4, 32])
def test_reduce_and_scans_match_numpy(dtype, op, width):
    x = inputs(dtype, op)
    init = 3 if op is not fx.ReductionOp.MUL else 2

    def body(v):
        inc, exc, agg = coop.warp_scan_with_aggregate(v, op, width=width)
        return (coop.warp_reduce(v, op, width=width), inc, exc, agg,
                coop.warp_inclusive_scan(v, op, width=width, init=init),
                coop.warp_exclusive_scan(v, op, width=width, init=init))  # fmt: skip

    got = run(body, x, 6)
    groups = x.reshape(-1, width)
    whole = np.repeat(OPS[op][0].reduce(groups, axis=1, keepdims=True), width, 1).reshape(-1)
    np.testing.assert_array_equal(got[0], whole)
    np.testing.assert_array_equal(got[1], fold(op, groups, False, None).reshape(-1))
    np.testing.assert_array_equal(got[2], fold(op, groups, True, None).reshape(-1))
    np.testing.assert_array_equal(got[3], whole)
    np.testing.assert_array_equal(got[4], fold(op, groups, False, init).reshape(-1))
    np.testing.assert_array_equal(got[5], fold(op, groups, True, init).reshape(-1))


def test_warp_scan_returns_both_scans_and_fx_coop_is_the_extension():
    assert fx.coop is coop
    x = inputs(np.int32, fx.ReductionOp.ADD)
    got = run(lambda v: fx.coop.warp_scan(v, fx.ReductionOp.ADD, width=16), x, 2)
    groups = x.reshape(-1, 16)
    np.testing.assert_array_equal(got[0], np.cumsum(groups, 1).reshape(-1))
    np.testing.assert_array_equal(got[1], (np.cumsum(groups, 1) - groups).reshape(-1))


def test_the_default_width_is_the_wave_of_the_arch():
    seen = []
    x = np.arange(BLOCK, dtype=np.int32)
    got = run(lambda v: (seen.append(fx.gpu.num_warp_threads()) or
                         coop.warp_reduce(v, fx.ReductionOp.ADD),), x, 1)  # fmt: skip
    wave = seen[0]
    assert wave in (32, 64)
    np.testing.assert_array_equal(got[0], np.repeat(x.reshape(-1, wave).sum(1), wave))


def test_arch_wave_sizes():
    assert get_warp_size("gfx942") == 64 and get_warp_size("gfx950") == 64
    assert get_warp_size("gfx1201") == 32 and get_warp_size("sm_90a") == 32
    assert is_rdna_arch("gfx1100") and is_rdna_arch("gfx1201") and not is_rdna_arch("gfx942")
    with pytest.raises(InvalidArgumentError, match="unknown arch 'vax'"):
        get_warp_size("vax")


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda v: coop.warp_reduce(v, fx.ReductionOp.ADD, width=3), ValueError, "power of two"),
        (lambda v: coop.warp_reduce(v, fx.ReductionOp.ADD, width=0), ValueError, "power of two"),
        (lambda v: coop.warp_scan(v, fx.ReductionOp.ADD, width=128), ValueError, "exceed"),
        (lambda v: coop.warp_reduce(v, "add", width=4), TypeError, "unsupported ReductionOp"),
    ],
)
def test_mistakes_are_errors(call, error, message):
    @flyc.kernel
    def wrong(x: fx.Tensor):
        x[0] = call(x[fx.thread_idx.x])

    with pytest.raises(error, match=message):
        wrong(dev.array(np.zeros(BLOCK, np.int32))).launch(block=(BLOCK,))


@pytest.mark.parametrize(
    "values",
    [np.array([-3, 5, -128, 7], np.int8), np.array([200, 3, 255, 0], np.uint8),
     np.array([-300, 2, 32767, -1], np.int16), np.array([-1.5, 2.25, -65504, 0.5], np.float16),
     np.array([0xFFFFFFF0, 3, 0x80000000, 1], np.uint32)],
)  # fmt: skip
def test_narrow_and_unsigned_values_fold_as_their_type(values):
    """8- and 16-bit values cross lanes as the low bits of an i32; unsigned ones compare as
    unsigned (a signed max of 200, 3, 255, 0 would be 3)."""

    @flyc.kernel
    def extremes(x: fx.Tensor, hi: fx.Tensor, lo: fx.Tensor):
        i = fx.thread_idx.x
        hi[i] = coop.warp_reduce(x[i], fx.ReductionOp.MAX, width=4)
        lo[i] = coop.warp_reduce(x[i], fx.ReductionOp.MIN, width=4)

    x = np.tile(values, BLOCK // 4)
    hi, lo = np.zeros_like(x), np.zeros_like(x)
    extremes(dev.array(x), hi_d := dev.array(hi), lo_d := dev.array(lo)).launch(block=(BLOCK,))
    np.testing.assert_array_equal(dev.host(hi_d), np.full_like(x, values.max()))
    np.testing.assert_array_equal(dev.host(lo_d), np.full_like(x, values.min()))


def test_a_value_the_shuffles_cannot_move_is_a_compile_error():
    @flyc.kernel
    def boolean(x: fx.Tensor):
        x[0] = fx.Int32(coop.warp_reduce(x[fx.thread_idx.x] > 0, fx.ReductionOp.MAX, width=4))

    with pytest.raises(flyc.CompileError, match="shuffle moves integers and floats of 8 to 64"):
        boolean(dev.array(np.zeros(BLOCK, np.int32))).launch(block=(BLOCK,))
