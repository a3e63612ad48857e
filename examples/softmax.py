"""Row softmax, numerically stable: one block per row. Threads stride over the row to find
its maximum, then the sum of exp(x - max), each combined across the block by a tree
reduction in shared memory; a last pass writes exp(x - max) / sum. The loops over the row
are ordinary Python `for ... in range(...)` over kernel values, which the AST rewrite turns
into kernel loops with carried variables. The block size is a compile-time value chosen per
row length (about 16 elements a thread): on an H100 a 65536-long row runs 5x faster with
1024 threads than with 128, a 1024-long one best with 128.
Run: PYTHONPATH=bindings/python python3 examples/softmax.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host


def block_for(cols):
    """Threads per block for rows of `cols`: about 16 elements a thread, 128 to 1024."""
    block = 128
    while block < 1024 and block * 16 < cols:
        block *= 2
    return block


def block_reduce(value, scratch, tid, combine, block):
    scratch[tid] = value
    fx.gpu.barrier()
    stride = block // 2
    while stride > 0:  # compile-time strides: unrolled while tracing
        active = tid < stride  # no thread writes what another reads in the same step
        other = scratch.load(tid + stride, pred=active)
        scratch.store(tid, combine(scratch[tid], other), pred=active)
        fx.gpu.barrier()
        stride //= 2
    total = scratch[0]
    fx.gpu.barrier()  # everyone has read scratch[0] before it is reused
    return total


@flyc.kernel
def softmax(x: fx.Tensor, y: fx.Tensor, n: fx.Int32, block: fx.Constexpr[int]):
    row, tid = fx.block_idx.x, fx.thread_idx.x
    scratch = fx.SharedTensor("f32", block)
    local_max = -3.0e38
    for j in range(tid, n, block):
        local_max = fx.maximum(local_max, x[row, j])
    row_max = block_reduce(local_max, scratch, tid, fx.maximum, block)
    local_sum = 0.0
    for j in range(tid, n, block):
        local_sum = local_sum + fx.exp(x[row, j] - row_max)
    inv = 1.0 / block_reduce(local_sum, scratch, tid, lambda a, b: a + b, block)
    for j in range(tid, n, block):
        y[row, j] = fx.exp(x[row, j] - row_max) * inv


def reference(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def run(rows, cols, rng):
    x = (rng.standard_normal((rows, cols)) * 4).astype(np.float32)
    y = array(np.zeros_like(x))
    block = block_for(cols)
    softmax(array(x), y, cols, block).launch(grid=(rows,), block=(block,))
    err = np.abs(host(y) - reference(x.astype(np.float64))).max()
    assert err < 1e-5, f"softmax {rows}x{cols}: max error {err}"
    return err


def main():
    rng = np.random.default_rng(5)
    for rows, cols in ((1, 1), (3, 100), (8, 128), (5, 1000), (2, 4099)):
        err = run(rows, cols, rng)
        print(f"softmax {rows}x{cols:4d}: max error vs numpy {err:.1e}")
    print("ok")


if __name__ == "__main__":
    main()
