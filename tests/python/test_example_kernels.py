"""The example kernels on the default target (cpu, or a CUDA device) against numpy, on fresh
random inputs (the seed is in every failure message) at sizes that are and are not multiples
of the block."""

import secrets

import numpy as np
import pytest
from _examples import dev, load

vector_add = load("vector_add")
block_reduce = load("block_reduce")
transpose = load("tiled_transpose")
softmax = load("softmax")
buffer_scale = load("buffer_scale")

SEED = secrets.randbits(32)


def rng(*salt):
    return np.random.default_rng([SEED, *salt])


@pytest.mark.parametrize("n", [1, 7, 256, 1000, 5003])
def test_vector_add(n):
    r = rng(n)
    a, b = r.standard_normal(n).astype(np.float32), r.standard_normal(n).astype(np.float32)
    c = dev.array(np.zeros(n, np.float32))
    vector_add.add(dev.array(a), dev.array(b), c, n)
    np.testing.assert_allclose(dev.host(c), a + b, rtol=1e-6, err_msg=f"seed {SEED}")


@pytest.mark.parametrize("n", [1, 64, 300, 2048, 4099])
def test_block_reduce(n):
    x = rng(n).standard_normal(n).astype(np.float32)
    blocks = (n + block_reduce.BLOCK - 1) // block_reduce.BLOCK
    partial = dev.array(np.zeros(blocks, np.float32))
    block_reduce.block_reduce(dev.array(x), partial, n, dev.WAVE).launch(
        grid=(blocks,), block=(block_reduce.BLOCK,)
    )
    expect = x.astype(np.float64).reshape(-1)
    sums = [expect[i * 256 : (i + 1) * 256].sum() for i in range(blocks)]
    np.testing.assert_allclose(
        dev.host(partial), sums, rtol=1e-4, atol=1e-4, err_msg=f"seed {SEED}"
    )


@pytest.mark.parametrize("shape", [(1, 1), (31, 33), (64, 64), (129, 40), (5, 300)])
def test_tiled_transpose(shape):
    transpose.run(*shape, rng(*shape))


def test_softmax_block_grows_with_the_row():
    blocks = [softmax.block_for(c) for c in (1, 1024, 2049, 8192, 65536, 10**6)]
    assert blocks == [128, 128, 256, 512, 1024, 1024]


@pytest.mark.parametrize("shape", [(1, 1), (4, 127), (3, 128), (6, 777), (2, 3000), (2, 20000)])
def test_softmax(shape):
    err = softmax.run(*shape, rng(*shape))
    assert err < 1e-5, f"seed {SEED}"


@pytest.mark.parametrize("n,blocks", [(1, 1), (3, 2), (256, 1), (1001, 2), (5003, 4)])
def test_buffer_scale(n, blocks, capfd):
    r = rng(n, blocks)
    x = r.standard_normal(n).astype(np.float32)
    y = dev.array(np.full(n, np.nan, np.float32))
    alpha = float(r.uniform(-2, 2))
    buffer_scale.scale(dev.array(x), y, alpha, blocks)
    np.testing.assert_allclose(
        dev.host(y), np.float32(alpha) * x, rtol=1e-6, err_msg=f"seed {SEED}"
    )
    dev.synchronize()
    assert capfd.readouterr().out.count(f"buffer_scale: n={n} ") == 1
