"""AMD cross-lane moves and raw buffer resources, as FlyDSL's MoE-sorting kernel uses them: an
inclusive prefix sum over each wave of 64 lanes built from DPP row shifts (rows of 16) and two
ds_bpermute steps (across rows), reading the input through a buffer resource over a raw pointer
that covers only `n` elements, so lanes past the end read zeros without a branch.
Runs on the cpu target emulating gfx942 (wave64); for rocm it compiles to v_add_u32_dpp and
ds_bpermute_b32.
Run: PYTHONPATH=bindings/python python3 examples/wave_prefix_sum.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from flydsl._mlir import ir
from flydsl._mlir.dialects import fly, rocdl

os.environ.setdefault("ARCH", "gfx942")  # the arch the cpu target emulates: wave64
os.environ.setdefault("FLYDSL_COMPILE_BACKEND", "cpu")  # DPP is AMD's: not on an NVIDIA GPU

WAVE = 64
ROW_SHR = 0x110  # DPP row_shr:n is ROW_SHR + n


@flyc.kernel
def wave_scan(x: fx.Tensor, out: fx.Tensor, n: fx.Int32):
    tid = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    lane = fx.thread_idx.x % WAVE
    base = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), x)
    rsrc = rocdl.MakeBufferRsrcOp(ir.Type.parse("!llvm.ptr<8>"), base, 0, n * 4, 0).result
    v = rocdl.RawPtrBufferLoadOp(fx.T.i32, rsrc, tid * 4, 0).result  # 0 past n elements
    for shift in fx.range_constexpr(4):  # within each row of 16 lanes
        moved = fx.rocdl.update_dpp(fx.T.i32, 0, v, ROW_SHR + (1 << shift), 0xF, 0xF, True)
        v = v + moved
    row_end = (lane & 0x30) - 1  # the last lane of the row before
    for reach in (16, 32):  # rows 1..3 add row 0's total, rows 2..3 rows 0..1's
        total = fx.rocdl.ds_bpermute(fx.T.i32, (row_end - (reach - 16)) * 4, v)
        v = fx.select_value(lane >= reach, v + total, v)
    if tid < n:
        out[tid] = v


def main():
    n = 1000
    x = np.random.default_rng(7).integers(-50, 50, n, dtype=np.int32)
    out = np.zeros(n, np.int32)
    wave_scan(x, out, n).launch(grid=((n + 255) // 256,), block=(256,))
    padded = np.zeros((n + WAVE - 1) // WAVE * WAVE, np.int32)
    padded[:n] = x
    want = np.cumsum(padded.reshape(-1, WAVE), axis=1).ravel()[:n]
    np.testing.assert_array_equal(out, want)
    wave_scan.compile(x, out, n, target="rocm", arch="gfx942")
    print(
        f"inclusive prefix sums over the waves of {n} int32 with DPP and ds_bpermute: match numpy"
    )
    print("ok")


if __name__ == "__main__":
    main()
