"""Indices past 2^31 elements: in-kernel layouts (a block index times a tile), the kernel
library's elementwise ops, softmax rows and GEMM operands, on the default target (cpu, or the
CUDA device with torch tensors). On cpu, arrays come from np.zeros, whose pages the kernel only
maps where it writes, so the in-kernel test is cheap; the library tests write a 4 GiB output
and run where that much memory is free (most machines; the sanitizer job turns them off with
FLYDSL_TEST_LARGE=0)."""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import flydsl.kernels as K
import numpy as np
import pytest
from _examples import dev

TWO_31 = 2**31


def free_bytes():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


# Under pytest-xdist (scripts/test.sh runs two processes) one process runs this whole file, so
# two tests of gigabytes never run at once.
pytestmark = pytest.mark.xdist_group("large_memory")

large = pytest.mark.skipif(
    os.environ.get("FLYDSL_TEST_LARGE", "1") == "0" or free_bytes() < 14 * 2**30,
    reason="needs about 12 GiB of free memory (and FLYDSL_TEST_LARGE not 0)",
)


def zeros(shape, dtype):
    """Zeros where the kernels run, made there (not copied: they are gigabytes)."""
    if dev.ON_GPU:
        import torch

        return torch.zeros(shape, dtype=getattr(torch, np.dtype(dtype).name), device="cuda")
    return np.zeros(shape, dtype)


TILE = 2**20


@flyc.kernel
def mark_tiles(t: fx.Tensor):
    tile = fx.zipped_divide(t, fx.make_tile(TILE))[None, fx.block_idx.x]
    tile[fx.thread_idx.x] = fx.Int8(1)


def test_a_block_index_times_a_tile_does_not_wrap():
    """Block 2048 of tiles of 2^20 starts at element 2^31: an i32 product would wrap to -2^31
    and write 2 GiB before the array."""
    blocks = TWO_31 // TILE + 2
    t = zeros(blocks * TILE, np.int8)
    mark_tiles(t).launch(grid=(blocks,), block=(64,))
    t = dev.host(t)
    starts = np.arange(blocks, dtype=np.int64) * TILE
    marked = t[(starts[:, None] + np.arange(64)).ravel()]
    assert (marked == 1).all()
    assert int(np.count_nonzero(t[TWO_31 - TILE :])) == 3 * 64


@large
def test_elementwise_past_2_31_elements():
    n = TWO_31 + 16
    a = zeros(n, np.float16)
    a[:8] = 1
    a[-40:] = dev.array(np.arange(40, dtype=np.float16))
    out = zeros(n, np.float16)
    out[-40:] = -1
    K.add(a, a, out=out)
    np.testing.assert_array_equal(dev.host(out[:8]), 2)
    np.testing.assert_array_equal(dev.host(out[-40:]), 2 * np.arange(40))
    np.testing.assert_array_equal(dev.host(out[TWO_31 - 16 : TWO_31 + 16 - 40]), 0)


@large
def test_softmax_row_past_2_31_elements():
    """Four elements of the row, two of them past 2^31, are 0 and the rest -60000, whose
    exponentials vanish: softmax gives each of the four a quarter."""
    n = TWO_31 + 16
    x = zeros((1, n), np.float16)
    x[:] = -60000
    for i in (0, 1, n - 2, n - 1):
        x[0, i] = 0
    out = zeros((1, n), np.float16)
    out[0, -4:] = -1
    K.softmax(x, out=out)
    np.testing.assert_array_equal(dev.host(out[0, :2]), 0.25)
    np.testing.assert_array_equal(dev.host(out[0, n - 2 :]), 0.25)
    np.testing.assert_array_equal(dev.host(out[0, 2:3]), 0)
    np.testing.assert_array_equal(dev.host(out[0, TWO_31 - 1 : TWO_31 + 1]), 0)
    np.testing.assert_array_equal(dev.host(out[0, n - 3 : n - 2]), 0)


@large
def test_gemm_operand_past_2_31_elements():
    """a has 2^31 + 2^15 elements; the rows past 2^31 (by element) carry the signal."""
    k = 2**15
    m = TWO_31 // k + 1
    a = zeros((m, k), np.float16)
    b = zeros((k, 8), np.float16)
    b[:4, :] = 1
    a[-1, :4] = dev.array(np.array([1, 2, 3, 4], np.float16))
    a[0, :4] = 1
    out = dev.host(K.gemm(a, b))
    np.testing.assert_array_equal(out[-1], np.full(8, 10, np.float16))
    np.testing.assert_array_equal(out[0], np.full(8, 4, np.float16))
    np.testing.assert_array_equal(out[1:-1], 0)
