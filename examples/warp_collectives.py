"""Warp reductions and scans with fx.coop: each lane finds where its element lands when a group
of 32 lanes keeps only its positive elements (an exclusive prefix sum of the keep flags), and
how many the group keeps (a reduction). numpy checks both, then the same again with the gfx9
forms named outright (`fx.coop.warp.rocdl`: DPP row moves, what `fx.coop` picks on rocm; the
cpu target emulates gfx942's, other arches take the shuffles).
Run: PYTHONPATH=bindings/python python3 examples/warp_collectives.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host
from flydsl.extension.coop.warp import rocdl as gfx9

GROUP = 32  # lanes that work together: a whole NVIDIA warp, half a gfx9 wave
BLOCK = 128


@flyc.kernel
def compaction_index(a: fx.Tensor, rank: fx.Tensor, total: fx.Tensor):
    i = fx.block_idx.x * BLOCK + fx.thread_idx.x
    keep = (a[i] > 0.0).select(1, 0)
    rank[i] = fx.coop.warp_exclusive_scan(keep, fx.ReductionOp.ADD, width=GROUP)
    total[i] = fx.coop.warp_reduce(keep, fx.ReductionOp.ADD, width=GROUP)


@flyc.kernel
def compaction_index_gfx9(a: fx.Tensor, rank: fx.Tensor, total: fx.Tensor):
    i = fx.block_idx.x * BLOCK + fx.thread_idx.x
    keep = (a[i] > 0.0).select(1, 0)
    rank[i] = gfx9.warp_exclusive_scan(keep, fx.ReductionOp.ADD, width=GROUP)
    total[i] = gfx9.warp_reduce(keep, fx.ReductionOp.ADD, width=GROUP)


n = 4 * BLOCK
a = np.random.default_rng(0).standard_normal(n).astype(np.float32)
keep = (a > 0).astype(np.int32).reshape(-1, GROUP)
for kernel in (compaction_index, compaction_index_gfx9):
    rank, total = array(np.zeros(n, np.int32)), array(np.zeros(n, np.int32))
    kernel(array(a), rank, total).launch(grid=(n // BLOCK,), block=(BLOCK,))
    np.testing.assert_array_equal(host(rank).reshape(-1, GROUP), np.cumsum(keep, 1) - keep)
    np.testing.assert_array_equal(
        host(total).reshape(-1, GROUP), np.repeat(keep.sum(1, keepdims=True), GROUP, 1)
    )
    print(f"{kernel.name}: {n} lanes in groups of {GROUP}, {int(keep.sum())} kept: ok")
