"""A wave's ballot (`rocdl.ballot`, AMD's v_cmp into a lane mask) as a stream compaction: each
wave of 64 lanes keeps the values above a threshold, packed to the front of its own segment of
the output in lane order. A lane's place is the number of kept lanes below it, the population
count of the mask under its bit; the wave's count is the whole mask's.
Runs on the cpu target emulating gfx942 (wave64); for rocm it compiles the ballot to the
compare's scalar mask. (On cuda a ballot is the warp's vote, over 32 lanes.)
Run: PYTHONPATH=bindings/python python3 examples/wave_compaction.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from flydsl.expr import rocdl

os.environ.setdefault("ARCH", "gfx942")  # the arch the cpu target emulates: wave64

WAVE = 64


@flyc.kernel
def compact(x: fx.Tensor, out: fx.Tensor, counts: fx.Tensor, threshold: fx.Int32):
    tid = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    lane = (fx.thread_idx.x % WAVE).to(fx.Int64)
    v = x[tid]
    keep = v > threshold
    mask = rocdl.ballot(fx.T.i64, keep)
    below = mask & ((fx.Int64(1) << lane) - 1)
    wave_start = tid - tid % WAVE
    if keep:
        out[wave_start + fx.math.ctpop(below).to(fx.Int32)] = v
    if lane == 0:
        counts[tid // WAVE] = fx.math.ctpop(mask).to(fx.Int32)


def main():
    n, threshold = 1024, 20
    x = np.random.default_rng(3).integers(-50, 50, n, dtype=np.int32)
    out = np.zeros(n, np.int32)
    counts = np.zeros(n // WAVE, np.int32)
    compact(x, out, counts, threshold).launch(grid=(n // 256,), block=(256,))
    for w, segment in enumerate(x.reshape(-1, WAVE)):
        kept = segment[segment > threshold]
        assert counts[w] == len(kept), (w, counts[w], len(kept))
        np.testing.assert_array_equal(out[w * WAVE : w * WAVE + len(kept)], kept)
    compact.compile(x, out, counts, threshold, target="rocm", arch="gfx942")
    print(f"{n} int32 compacted per wave of {WAVE} by ballot: {counts.sum()} kept, match numpy")
    print("ok")


if __name__ == "__main__":
    main()
