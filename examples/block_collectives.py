"""Block reductions and scans with fx.coop: one block of 256 threads normalizes a row of 1024
values (each thread holds four of them as a vector) by their block-wide maximum, and writes the
running sum of the normalized row. The block size comes from the launch (fx.known_block_size),
the shared storage from a struct the collectives describe. numpy checks both.
Run: PYTHONPATH=bindings/python python3 examples/block_collectives.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host

ITEMS = 4  # consecutive values per thread


@flyc.kernel
def normalize_and_scan(x: fx.Tensor, out: fx.Tensor, running: fx.Tensor):
    block = fx.known_block_size()
    reduce = fx.coop.BlockReduce[fx.Float32, block]
    scan = fx.coop.BlockScan[fx.Float32, block]
    Storage = fx.Struct["reduce" : reduce.SharedStorage, "scan" : scan.SharedStorage]
    storage = fx.SharedAllocator().allocate(Storage).peek()

    t = fx.thread_idx.x
    items = fx.Vector.from_elements([x[t * ITEMS + i] for i in range(ITEMS)])
    peak = reduce(items, fx.ReductionOp.MAX, storage=storage.reduce)
    scaled = items / peak
    sums = scan.inclusive(scaled, fx.ReductionOp.ADD, storage=storage.scan)
    for i in fx.range_constexpr(ITEMS):
        out[t * ITEMS + i] = scaled[i]
        running[t * ITEMS + i] = sums[i]


threads = 256
x = np.random.default_rng(0).uniform(0.5, 2.0, threads * ITEMS).astype(np.float32)
out, running = array(np.zeros_like(x)), array(np.zeros_like(x))
normalize_and_scan(array(x), out, running).launch(block=(threads,))

np.testing.assert_allclose(host(out), x / x.max(), rtol=1e-6)
np.testing.assert_allclose(host(running), np.cumsum(x / x.max()), rtol=1e-4)
print(
    f"{x.size} values over {threads} threads: max {x.max():.4f}, sum {np.sum(x / x.max()):.2f}: ok"
)
