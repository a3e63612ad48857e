"""Row sums through LDS filled by AMD's buffer-to-LDS loads (fx.rocdl.BufferCopyLDS32b): the
loads move a tile from global memory into shared memory without passing through registers.
The instruction writes lane i's 4 bytes at one LDS base for the whole wave plus 4 * i, so the
tile is laid out column-major in shared memory: for each column, a wave's 64 rows are 64
consecutive floats. Each block of 64 threads takes 64 rows of an M x K matrix; the buffer
resource's bounds give zeros for rows past M, so any M works. After a barrier each thread sums
its row from shared memory. On gfx942/gfx950 this is `buffer_load_dword ... lds`; the cpu and
cuda targets write each lane's bytes to the same place, so the same kernel runs everywhere.
Run: PYTHONPATH=bindings/python python3 examples/06_buffer_to_lds.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

ROWS = 64  # one wave of gfx942 (wave64), one row per thread


@flyc.kernel
def row_sums(A: fx.Tensor, out: fx.Tensor, K: fx.Constexpr[int]):
    t, bm = fx.thread_idx.x, fx.block_idx.x
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((ROWS, K), (1, ROWS)))
    tile = fx.local_tile(fx.rocdl.make_buffer_tensor(A), (ROWS, K), (bm, 0))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopyLDS32b(), fx.Float32)
    rows = fx.make_tiled_copy_tv(atom, fx.make_layout((ROWS, 1)), fx.make_layout((1, K)))
    thr = rows.get_slice(t)
    fx.copy(atom, thr.partition_S(tile), thr.partition_D(smem))
    fx.gpu.barrier()
    total = 0.0
    for j in fx.range_constexpr(K):
        total = total + smem[(t, j)]
    row = bm * ROWS + t
    if row < out.shape[0]:
        out[row] = total


def main():
    rng = np.random.default_rng(6)
    for m, k in ((64, 4), (100, 8), (1, 16), (300, 3)):
        a = rng.standard_normal((m, k)).astype(np.float32)
        out = array(np.zeros(m, np.float32))
        blocks = (m + ROWS - 1) // ROWS
        row_sums(array(a), out, k).launch(grid=(blocks,), block=(ROWS,))
        assert np.allclose(host(out), a.sum(axis=1), atol=1e-5), f"row sums {m}x{k} are wrong"
        print(f"06_buffer_to_lds {m:3d}x{k:2d} on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
