"""fx.random: Philox's published known answers, kernels that draw by element index agreeing
with the host's generator and with a numpy model of the rounds written here, the uniform and
normal conversions, and wrong arguments."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from _tools import needs_rocm_device_libs

ZERO_4X32 = (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)  # Random123's known answers
ZERO_4X64 = (0x16554D9ECA36314C, 0xDB20FE9D672D0FDC, 0xD7E772CEE186176B, 0x7E68B68AEC7BA23B)


def philox4x32(seed, offsets, rounds=10):
    """Ten rounds of Philox 4x32 over counters (offset, 0, 0, 0) with key (seed, 0), in numpy."""
    c = [np.asarray(offsets, np.uint32)] + [np.zeros(len(offsets), np.uint32)] * 3
    key = np.array([seed & 0xFFFFFFFF, seed >> 32], np.uint32)
    for _ in range(rounds):
        prod_hi = c[2].astype(np.uint64) * np.uint64(0xCD9E8D57)
        prod_lo = c[0].astype(np.uint64) * np.uint64(0xD2511F53)
        c = [
            (prod_hi >> np.uint64(32)).astype(np.uint32) ^ c[1] ^ key[0],
            prod_hi.astype(np.uint32),
            (prod_lo >> np.uint64(32)).astype(np.uint32) ^ c[3] ^ key[1],
            prod_lo.astype(np.uint32),
        ]
        key = key + np.array([0x9E3779B9, 0xBB67AE85], np.uint32)
    return c


def uniform(words):
    signed = np.asarray(words, np.uint32).view(np.int32).astype(np.int64)
    scale = np.float32(4.6566127342e-10)  # just under 2^-31, as Triton's
    return np.where(signed < 0, -signed - 1, signed).astype(np.float32) * scale


def test_known_answers_on_the_host():
    words = fx.random.randint4x(fx.Uint32(0), fx.Uint32(0))
    assert tuple(w.value for w in words) == ZERO_4X32
    assert all(isinstance(w, fx.Uint32) for w in words)
    zero = fx.Uint64(0)
    wide = fx.random.universal.philox(zero, zero, zero, zero, zero)
    assert tuple(w.value for w in wide) == ZERO_4X64 and isinstance(wide[0], fx.Uint64)
    assert fx.random.randint4x(1, 0)[0].value != ZERO_4X32[0]
    assert fx.random.__all__ == ["randint", "randint4x", "rand", "rand4x", "randn", "randn4x"]


def test_host_draws_match_the_numpy_model():
    offsets = [0, 1, 7, 1000, 2**31 + 5]
    model = philox4x32(0x1234_5678_9ABC_DEF0, offsets)
    for i, offset in enumerate(offsets):
        words = fx.random.randint4x(fx.Uint64(0x1234_5678_9ABC_DEF0), fx.Uint32(offset))
        assert [w.value for w in words] == [int(m[i]) for m in model]
    u = fx.random.rand(fx.Uint32(3), fx.Uint32(9))
    assert isinstance(u, fx.Float32) and u.value == uniform(philox4x32(3, [9])[0])[0]
    # A negative seed widens by sign, as a 64-bit one.
    assert [w.value for w in fx.random.randint4x(fx.Int32(-5), 11)] == [
        w.value for w in fx.random.randint4x(fx.Uint64(2**64 - 5), 11)
    ]
    n0, n1 = fx.random.universal.pair_uniform_to_normal(0.5, 0.25)
    assert abs(n0.value) < 1e-6 and abs(n1.value - np.sqrt(2 * np.log(2))) < 1e-6


@flyc.kernel
def draw(words: fx.Tensor, uniforms: fx.Tensor, normals: fx.Tensor, seed: fx.Uint32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    w = fx.random.randint4x(seed, i)
    for j in fx.range_constexpr(4):
        words[i * 4 + j] = w[j]
    uniforms[i] = fx.random.rand(seed, i)
    n = fx.random.randn4x(seed, i)
    normals[i * 2] = n[0]
    normals[i * 2 + 1] = n[3]


def test_kernel_draws_by_element_index():
    n, seed = 256, 20251127
    words = dev.array(np.zeros(4 * n, np.uint32))
    uniforms, normals = dev.array(np.zeros(n, np.float32)), dev.array(np.zeros(2 * n, np.float32))
    draw(words, uniforms, normals, seed).launch(grid=(n // 64,), block=(64,))
    model = philox4x32(seed, np.arange(n))
    np.testing.assert_array_equal(dev.host(words).reshape(n, 4), np.stack(model, 1))
    np.testing.assert_array_equal(dev.host(uniforms), uniform(model[0]))
    host = [fx.random.randn4x(fx.Uint32(seed), fx.Uint32(i)) for i in (0, 1, 200)]
    got = dev.host(normals).reshape(n, 2)
    for i, h in zip((0, 1, 200), host):
        np.testing.assert_allclose(got[i], [h[0].value, h[3].value], rtol=1e-5, atol=1e-6)
    u = dev.host(uniforms)
    assert 0.0 <= u.min() and u.max() < 1.0 and abs(u.mean() - 0.5) < 0.05
    z = got.ravel()
    assert abs(z.mean()) < 0.15 and abs(z.std() - 1.0) < 0.15


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: fx.random.universal.philox(0, fx.Uint16(1), 0, 0, 0), NotImplementedError,
         "32- or 64-bit"),
        (lambda: fx.random.universal.uint_to_uniform_float(fx.Int8(1)), NotImplementedError,
         "32- or 64-bit"),
        (lambda: fx.random.rand(0, 1.5), TypeError, "an integer"),
    ],
)  # fmt: skip
def test_wrong_words_are_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize(
    "target,arch",
    [pytest.param("rocm", "gfx942", marks=needs_rocm_device_libs), ("cuda", "sm_90")],
)
def test_draws_compile_for_the_gpu_targets(target, arch):
    words, n = np.zeros(4 * 64, np.uint32), np.zeros(128, np.float32)
    draw.compile(words, np.zeros(64, np.float32), n, 7, target=target, arch=arch)
