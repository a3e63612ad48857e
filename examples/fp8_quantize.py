"""Per-row fp8 quantization, as an fp8 GEMM's producer needs it: each block of one wave finds
its row's largest magnitude (a wave reduction), scales the row into E4M3's range, and stores
the codes four to an i32 with AMD's packed conversion (`fx.rocdl.cvt_pk_fp8_f32`), plus the
row's scale. The host checks the codes against the rounding of numpy's values and the
dequantized rows against the input.
The fp8 kind is the arch's: gfx942 reads E4M3FNUZ (largest 240), gfx950 E4M3FN (448).
Runs on the cpu target emulating `ARCH` (default gfx942); for rocm the same kernel compiles
to the conversions in integer arithmetic, with the scheduling hint and readfirstlane kept.
Run: PYTHONPATH=bindings/python python3 examples/fp8_quantize.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from flydsl.expr import rocdl

os.environ.setdefault("ARCH", "gfx942")
os.environ.setdefault("FLYDSL_COMPILE_BACKEND", "cpu")

WAVE = 64
COLS = 4 * WAVE  # each lane quantizes four values into one i32


@flyc.kernel
def quantize(x: fx.Tensor, codes: fx.Tensor, scales: fx.Tensor, fp8_max: fx.Constexpr):
    row, lane = fx.block_idx.x, fx.thread_idx.x
    vals = [x[row * COLS + 4 * lane + j] for j in range(4)]
    amax = fx.math.absf(vals[0])
    for j in fx.range_constexpr(1, 4):
        amax = fx.arith.maximumf(amax, fx.math.absf(vals[j]))
    amax = fx.coop.warp_reduce(amax, fx.ReductionOp.MAX, width=WAVE)
    amax = rocdl.readfirstlane(fx.T.f32, amax)  # the same in every lane: a scalar register
    scale = fx.arith.maximumf(amax, 1e-12) / fp8_max
    inv = 1.0 / scale
    rocdl.sched_barrier(rocdl.mask_none)
    low = rocdl.cvt_pk_fp8_f32(fx.T.i32, vals[0] * inv, vals[1] * inv, 0, False)
    codes[row * WAVE + lane] = rocdl.cvt_pk_fp8_f32(fx.T.i32, vals[2] * inv, vals[3] * inv, low,
                                                    True)  # fmt: skip
    if lane == 0:
        scales[row] = scale


def decode(code, fnuz):
    """An E4M3 code as a float (FNUZ: bias 8, else 7)."""
    bias = 8 if fnuz else 7
    e, m = (code >> 3) & 15, code & 7
    v = np.where(e == 0, m * 2.0 ** (1 - bias - 3), (1 + m / 8) * 2.0 ** (e - bias))
    return np.where(code >> 7, -v, v)


def main():
    fnuz = os.environ["ARCH"].startswith("gfx94")
    fp8_max = 240.0 if fnuz else 448.0
    rows = 8
    rng = np.random.default_rng(11)
    x = (rng.standard_normal((rows, COLS)) * np.logspace(-3, 3, rows)[:, None]).astype(np.float32)
    codes = np.zeros((rows, WAVE), np.int32)
    scales = np.zeros(rows, np.float32)
    # Flat (rank-1) tensors: the kernel indexes them linearly.
    quantize(x.ravel(), codes.ravel(), scales, fp8_max).launch(grid=(rows,), block=(WAVE,))

    want_scales = np.abs(x).max(axis=1) / np.float32(fp8_max)
    np.testing.assert_allclose(scales, want_scales, rtol=1e-6)
    code_bytes = codes.view(np.uint8).reshape(rows, COLS).astype(np.int64)
    deq = decode(code_bytes, fnuz) * scales[:, None]
    # Three mantissa bits: within half a step (1/16 of the magnitude) of the input, or of the
    # smallest step where the value is tiny.
    step = np.maximum(np.abs(x), scales[:, None] * 2.0 ** (-6 if fnuz else -5)) / 16
    assert np.all(np.abs(deq - x) <= step * 1.0001)
    # Each row's largest magnitude becomes the largest code.
    assert np.all(code_bytes.reshape(rows, COLS) & 0x7F <= (0x7F if fnuz else 0x7E))
    np.testing.assert_allclose(np.abs(deq).max(axis=1), scales * fp8_max, rtol=1e-6)
    print(f"quantized {rows} rows of {COLS} to E4M3{'FNUZ' if fnuz else 'FN'}: ok")


if __name__ == "__main__":
    main()
