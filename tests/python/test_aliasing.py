"""Outputs that share memory with an input: the same view works in place where each thread
reads its elements before writing them; any other overlap is refused before anything runs,
and the output keeps what it held."""

import flydsl
import flydsl.kernels as fk
import numpy as np
import pytest


def refused(call, out, message="overlaps"):
    before = np.array(out, copy=True)
    with pytest.raises(flydsl.InvalidArgumentError, match=message):
        call()
    np.testing.assert_array_equal(out, before)


def test_a_shifted_add_is_refused(host_target):
    buf = np.arange(4096 + 13, dtype=np.float32)
    a, out = buf[:4096], buf[13:]
    refused(lambda: fk.add(a, a, out=out), buf)
    refused(lambda: fk.add(np.ones(4096, np.float32), a, out=out), buf)


def test_an_add_in_place_is_right(host_target):
    a = np.arange(4096, dtype=np.float32)
    b = np.full(4096, 0.5, np.float32)
    fk.add(a, b, out=a)
    np.testing.assert_array_equal(a, np.arange(4096) + 0.5)
    fk.silu(b, out=b)
    np.testing.assert_allclose(b, 0.5 / (1 + np.exp(-0.5)), rtol=1e-6)


def test_softmax_one_row_ahead_is_refused(host_target):
    buf = np.random.default_rng(0).standard_normal((9, 64)).astype(np.float32)
    refused(lambda: fk.softmax(buf[:8], out=buf[1:]), buf)


def test_softmax_in_place_is_right(host_target):
    for cols in (64, 100_000):  # in registers, and streamed in chunks
        x = np.random.default_rng(cols).standard_normal((3, cols)).astype(np.float32)
        e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
        expect = e / e.sum(axis=1, keepdims=True)
        fk.softmax(x, out=x)
        np.testing.assert_allclose(x, expect, rtol=1e-5, atol=1e-9)


def test_gemm_into_an_operand_is_refused(host_target):
    a = np.ones((8, 8), np.float16)
    b = np.ones((8, 8), np.float16)
    refused(lambda: fk.gemm(a, b, out=b), b)  # even the same view: b is read by every block
    refused(lambda: fk.gemm(a, b, out=a), a)
    buf = np.zeros(8 * 8 + 4, np.float32)
    c = buf[:64].reshape(8, 8)
    refused(lambda: fk.gemm(a, b, c=c, beta=1.0, out=buf[4:].reshape(8, 8)), buf)


def test_gemm_accumulating_into_c_in_place_is_right(host_target):
    a = np.ones((8, 8), np.float16)
    b = np.ones((8, 8), np.float16)
    c = np.full((8, 8), 2.0, np.float32)
    fk.gemm(a, b, c=c, beta=1.0, out=c)
    np.testing.assert_array_equal(c, 10.0)


def test_norm_outputs_over_their_inputs(host_target):
    rng = np.random.default_rng(1)
    buf = rng.standard_normal((5, 32)).astype(np.float32)
    w = np.ones(32, np.float32)
    refused(lambda: fk.rmsnorm(buf[:4], w, out=buf[1:]), buf)
    wide = rng.standard_normal((4, 32)).astype(np.float32)
    refused(lambda: fk.layernorm(wide, wide[0], out=wide), wide)  # out covers weight
    x, r = rng.standard_normal((2, 2, 32)).astype(np.float32)
    refused(lambda: fk.rmsnorm(x, w, residual=r, residual_out=r, out=r), r, "residual_out")
    # The same view in place: residual_out over residual, out over x.
    h = (x + r).astype(np.float64)
    expect = h / np.sqrt((h * h).mean(axis=1, keepdims=True) + 1e-6)
    fk.rmsnorm(x, w, residual=r, residual_out=r, out=x)
    np.testing.assert_allclose(r, h, rtol=1e-6)
    np.testing.assert_allclose(x, expect, rtol=1e-5)
