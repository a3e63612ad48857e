"""Block sum reduction with @flyc.kernel: warp shuffles, shared memory and a barrier. Each
block writes one partial sum; numpy checks the total.
Run: PYTHONPATH=bindings/python python3 examples/block_reduce.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import WAVE, array, host

BLOCK = 256


@flyc.kernel
def block_reduce(x: fx.Tensor, partial: fx.Tensor, n: fx.Int32, wave: fx.Constexpr[int]):
    tid, bid = fx.thread_idx.x, fx.block_idx.x
    i = bid * BLOCK + tid
    v = x.load(i, pred=i < n)
    offset = wave // 2
    while offset > 0:  # a Python loop over compile-time offsets: unrolled while tracing
        v = v + fx.gpu.shuffle_xor(v, offset, wave)
        offset //= 2
    waves = fx.SharedTensor("f32", BLOCK // wave)
    waves.store(tid // wave, v, pred=tid % wave == 0)
    fx.gpu.barrier()
    total = waves[0]
    for w in fx.range_constexpr(1, BLOCK // wave):
        total = total + waves[w]
    partial.store(bid, total, pred=tid == 0)


def main():
    rng = np.random.default_rng(1)
    for n in (1, 255, 256, 1000, 4099):
        x = rng.standard_normal(n).astype(np.float32)
        blocks = (n + BLOCK - 1) // BLOCK
        partial = array(np.zeros(blocks, np.float32))
        block_reduce(array(x), partial, n, WAVE).launch(grid=(blocks,), block=(BLOCK,))
        partial = host(partial)
        expect = x.astype(np.float64).sum()
        assert abs(partial.sum() - expect) <= 1e-4 * (1 + abs(expect)), (partial.sum(), expect)
        print(f"block_reduce n={n:5d}: {partial.sum():+.5f} (numpy {expect:+.5f})")
    print("ok")


if __name__ == "__main__":
    main()
