"""@flyc.kernel on the default target (cpu, or a CUDA device with torch tensors): results
against numpy, the signature cache, bad inputs."""

import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev


@flyc.kernel
def axpy(x: fx.Tensor, y: fx.Tensor, a: fx.Float32, n: fx.Int32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    ok = i < n
    y.store(i, a * x.load(i, pred=ok) + y.load(i, pred=ok), pred=ok)


@pytest.mark.parametrize("n", [1, 63, 64, 65, 1000, 3001])
def test_axpy_matches_numpy(n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    expect = 2.5 * x + y
    y = dev.array(y)
    axpy(dev.array(x), y, fx.Float32(2.5), n).launch(grid=((n + 127) // 128,), block=(128,))
    np.testing.assert_allclose(dev.host(y), expect, rtol=1e-6, atol=1e-6)


@flyc.kernel
def transpose(src: fx.Tensor, dst: fx.Tensor):
    r, c = fx.block_idx.x, fx.thread_idx.x
    dst[c, r] = src[r, c]


def test_two_dimensional_strided_access():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    out = dev.array(np.zeros((4, 3), np.float32))
    transpose(dev.array(a), out).launch(grid=(3,), block=(4,))
    np.testing.assert_array_equal(dev.host(out), a.T)
    # A non-contiguous view: DLPack strides are honoured.
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    out2 = dev.array(np.zeros((3, 3), np.float32))
    transpose(dev.array(base)[:, ::2][:3], out2).launch(grid=(3,), block=(3,))
    np.testing.assert_array_equal(dev.host(out2), base[:, ::2][:3].T)


@flyc.kernel
def scale_ints(v: fx.Tensor, k: fx.Constexpr[int]):
    i = fx.thread_idx.x
    v[i] = v[i] * k + (i >> 1)


def test_constexpr_values_compile_separately_and_cache():
    before = len(scale_ints.cache)
    for k in (2, 3, 2):
        v = dev.array(np.arange(8, dtype=np.int32))
        scale_ints(v, k).launch(block=(8,))
        np.testing.assert_array_equal(dev.host(v), np.arange(8) * k + np.arange(8) // 2)
    assert len(scale_ints.cache) == before + 2


def test_math_and_select():
    @flyc.kernel
    def k(x: fx.Tensor, y: fx.Tensor):
        i = fx.thread_idx.x
        v = x[i]
        y[i] = fx.select(v > 0.0, fx.exp(v) + fx.sqrt(v * v), fx.tanh(v))

    x = np.linspace(-2, 2, 16).astype(np.float32)
    y = dev.array(np.zeros_like(x))
    k(dev.array(x), y).launch(block=(16,))
    np.testing.assert_allclose(
        dev.host(y), np.where(x > 0, np.exp(x) + np.abs(x), np.tanh(x)), rtol=1e-5
    )


def test_launch_argument_errors():
    x = dev.array(np.zeros(8, np.float32))
    with pytest.raises(OverflowError, match="argument n .* outside"):
        axpy(x, x, fx.Float32(1.0), 1 << 40).launch(block=(8,))
    with pytest.raises(TypeError, match="DLPack"):
        axpy([1.0], x, fx.Float32(1.0), 8).launch(block=(8,))
    with pytest.raises(flydsl.errors.LaunchError, match="exceeds"):
        axpy(x, x, fx.Float32(1.0), 8).launch(block=(4096,))


def test_builder_errors_become_compile_errors():
    @flyc.kernel
    def while_with_break(x: fx.Tensor):
        while x[0] > 0.0:  # a loop that breaks stays Python: its condition must be too
            x[0] = x[0] - 1.0
            break

    with pytest.raises(TypeError, match="truth value"):
        while_with_break(dev.array(np.zeros(1, np.float32))).launch()

    @flyc.kernel
    def loop_with_break(x: fx.Tensor, n: fx.Int32):
        for i in range(n):
            if i == 3:
                break

    with pytest.raises(TypeError, match="not a Python integer"):
        loop_with_break(dev.array(np.zeros(1, np.float32)), 5).launch()

    @flyc.kernel
    def tensor_reassigned(x: fx.Tensor, y: fx.Tensor, n: fx.Int32):
        for i in range(n):
            x = y  # noqa: F841 (the reassignment is the error under test)

    with pytest.raises(TypeError, match="tensor"):
        z = dev.array(np.zeros(1, np.float32))
        tensor_reassigned(z, z, 2).launch()

    @flyc.kernel
    def float_index(x: fx.Tensor):
        x[x[0]] = 1.0

    with pytest.raises(flydsl.errors.CompileError, match="coordinate must be an integer"):
        float_index(dev.array(np.zeros(1, np.float32))).launch()


def test_shuffles_in_a_partial_last_wave():
    @flyc.kernel
    def swap_pairs(x: fx.Tensor, y: fx.Tensor):
        i = fx.thread_idx.x
        y[i] = fx.gpu.shuffle_xor(x[i], 1, dev.WAVE)

    n = dev.WAVE * 3 // 2  # a full wave and a partial one
    x = np.arange(n, dtype=np.float32)
    y = dev.array(np.zeros_like(x))
    swap_pairs(dev.array(x), y).launch(block=(n,))
    np.testing.assert_array_equal(dev.host(y), x[np.arange(n) ^ 1])


@flyc.kernel
def collatz_steps(start: fx.Tensor, steps: fx.Tensor, limit: fx.Int32):
    i = fx.thread_idx.x
    v = start[i]
    count = 0
    done = 0
    for _ in range(limit):  # a dynamic loop carrying three values, with branches inside
        if v == 1:
            done = 1
        if done == 0:
            if v % 2 == 0:
                v = v // 2
            else:
                v = 3 * v + 1
            count = count + 1
    steps[i] = count


def test_dynamic_loops_and_branches_carry_values():
    def reference(n):
        c = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            c += 1
        return c

    start = np.arange(1, 65, dtype=np.int32)
    steps = dev.array(np.zeros(64, np.int32))
    collatz_steps(dev.array(start), steps, 200).launch(block=(64,))
    assert dev.host(steps).tolist() == [reference(int(n)) for n in start]


@flyc.kernel
def triangle(out: fx.Tensor, n: fx.Int64):
    total = fx.Int64(0)
    for i in range(n):
        for j in range(i, n, 2):  # inner bounds depend on the outer index
            total = total + j
    out[0] = total


def test_nested_loops_with_dynamic_bounds():
    out = dev.array(np.zeros(1, np.int64))
    triangle(out, fx.Int64(37)).launch()
    assert dev.host(out)[0] == sum(j for i in range(37) for j in range(i, 37, 2))


def test_a_carried_value_keeps_its_dtype():
    @flyc.kernel
    def widening(out: fx.Tensor, n: fx.Int64):
        total = 0  # i32, while n and the loop index are i64
        for i in range(n):
            total = total + i
        out[0] = total

    with pytest.raises(
        TypeError,
        match="does not match the region entry: it is i32 before the loop or branch and i64 inside",
    ):
        widening(dev.array(np.zeros(1, np.int64)), fx.Int64(3)).launch()


def test_ast_diff_is_printed(capfd, monkeypatch):
    monkeypatch.setenv("FLYDSL_DEBUG_AST_DIFF", "1")

    @flyc.kernel
    def clamp(x: fx.Tensor):
        v = x[0]
        if v > 1.0:
            v = 1.0
        x[0] = v

    x = dev.array(np.array([3.0], np.float32))
    clamp(x).launch()
    assert dev.host(x)[0] == 1.0
    err = capfd.readouterr().err
    assert "+++ clamp (rewritten)" in err and "__fly_control.if_" in err


def test_events_are_for_gpu_targets():
    with pytest.raises(flydsl.errors.UnsupportedError, match="host clock"):
        flyc.Event("cpu")
    with pytest.raises(flydsl.errors.InvalidArgumentError, match="expected cuda or rocm"):
        flyc.Event("tpu")
    if not dev.ON_GPU:  # no CUDA device: the event says what is missing
        with pytest.raises(flydsl.errors.LaunchError, match="CUDA"):
            flyc.Event("cuda")


def test_a_kernel_function_keeps_its_latest_signatures(monkeypatch):
    """A Constexpr swept over many values compiles a module each; the function keeps the latest
    few (the library's bounded caches may still answer for the others)."""
    import flydsl.compiler.kernel_function as compiler

    monkeypatch.setattr(compiler, "_SIGNATURES_KEPT", 4)

    @flyc.kernel
    def shifted(x: fx.Tensor, k: fx.Constexpr[int]):
        i = fx.thread_idx.x
        x[i] = x[i] + float(k)

    x = dev.array(np.zeros(8, np.float32))
    for k in range(6):
        shifted(x, k).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(x), np.full(8, 15.0))
    assert len(shifted.cache) == 4
    shifted(x, 0).launch(block=(8,))  # an evicted signature compiles again and runs
    np.testing.assert_array_equal(dev.host(x), np.full(8, 15.0))
