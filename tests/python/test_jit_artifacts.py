"""A @flyc.jit function's `_mem_cache`: one artifact per distinct set of kernels its calls
used, with their IR as built and as lowered."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np


@flyc.kernel(known_block_size=[64, 1, 1])
def fill(x: fx.Tensor, value: fx.Constexpr):
    x[fx.thread_idx.x] = fx.Float32(value)


@flyc.jit
def fill_with(x: fx.Tensor, value: fx.Constexpr):
    fill(x, value).launch(grid=(1, 1, 1), block=(64, 1, 1))


@flyc.jit
def fill_twice(x: fx.Tensor):
    fill_with(x, 3.0)
    fill(x, 4.0).launch(grid=(1, 1, 1), block=(64, 1, 1))


def test_one_artifact_per_distinct_compile():
    fill_with._mem_cache.clear()
    x = np.zeros(64, np.float32)
    fill_with(x, 1.0)
    fill_with(x, 1.0)
    assert len(fill_with._mem_cache) == 1
    fill_with(x, 2.0)
    assert len(fill_with._mem_cache) == 2
    np.testing.assert_array_equal(x, 2.0)


def test_artifacts_show_the_ir_before_and_after_the_pipeline():
    fill_with._mem_cache.clear()
    fill_with(np.zeros(64, np.float32), 5.0)
    (artifact,) = fill_with._mem_cache.values()
    assert "gpu.func @fill" in artifact.source_ir
    assert "known_block_size = array<i32: 64, 1, 1>" in artifact.source_ir
    assert "gpu.func" not in artifact.ir and "llvm.func @fill" in artifact.ir


def test_flyc_compile_keeps_the_artifact_of_its_call():
    fill_with._mem_cache.clear()
    x = np.zeros(64, np.float32)
    compiled = flyc.compile(fill_with, x, 6.0)
    np.testing.assert_array_equal(x, 6.0)
    (artifact,) = fill_with._mem_cache.values()
    assert compiled._keepalive is artifact and "gpu.func @fill" in compiled._keepalive.source_ir
    try:
        hinted = flyc.compile[{"fastmath": "fast"}](fill_with, x, 7.0)
    finally:
        fill_with.compile_hints = {}  # the hints stay the launcher's (FlyDSL's way)
    assert hinted._keepalive is fill_with._last_compiled[1]
    plain = flyc.compile(lambda t: fill(t, 8.0).launch(grid=(1,), block=(64,)), x)
    assert plain._keepalive is None  # not a @flyc.jit function: no artifact
    np.testing.assert_array_equal(x, 8.0)


def test_a_nested_call_is_recorded_by_both_functions():
    fill_with._mem_cache.clear()
    fill_twice._mem_cache.clear()
    x = np.zeros(64, np.float32)
    fill_twice(x)
    np.testing.assert_array_equal(x, 4.0)
    (outer,) = fill_twice._mem_cache.values()
    (inner,) = fill_with._mem_cache.values()
    assert len(outer.kernels) == 2 and outer.kernels[0] is inner.kernels[0]


def test_a_jit_function_records_kernels_launched_the_fast_way():
    @flyc.kernel
    def idle(n: fx.Int32):  # no tensor: every launch after the first takes the hot path
        pass

    @flyc.jit
    def first(n):
        idle(n).launch(block=(4,))

    @flyc.jit
    def second(n):
        idle(n).launch(block=(4,))

    for _ in range(3):  # compiled, then prepared: the later launches take the hot path
        first(1)
    second(2)  # its only launch finds the launch prepared
    (artifact,) = second._mem_cache.values()
    assert "gpu.func @idle" in artifact.source_ir


@flyc.kernel
def scale(x: fx.Tensor, n: fx.Int32):
    i = fx.thread_idx.x
    x[i] = x[i] * fx.Float32(n)


@flyc.jit
def scale_by(x: fx.Tensor, n: fx.Int32, threads: fx.Int32):
    # A parameter annotated with a numeric type is a runtime value of that type here, as what
    # is computed from it.
    assert isinstance(n, fx.Int32) and n.runtime and n.value == 3
    doubled = threads * 2
    assert isinstance(doubled, fx.Int32) and doubled.runtime
    assert fx.Index(threads).runtime and threads.ir_value() is threads
    scale(x, n).launch(grid=(1, 1, 1), block=(threads, 1, 1))


def test_a_runtime_block_does_not_specialize_the_kernel():
    scale_by._mem_cache.clear()
    x = np.ones(64, np.float32)
    scale_by(x, 3, 32)
    np.testing.assert_array_equal(x, [3.0] * 32 + [1.0] * 32)
    scale_by(x, 3, 64)  # the same kernel, now on 64 threads
    np.testing.assert_array_equal(x, [9.0] * 32 + [3.0] * 32)
    artifacts = list(scale_by._mem_cache.values())
    assert len(artifacts) == 1 and len(artifacts[0].kernels) == 1
    assert "known_block_size" not in artifacts[0].source_ir


def test_a_static_block_specializes_the_kernel_once_per_size():
    @flyc.kernel
    def double(x: fx.Tensor):
        x[fx.thread_idx.x] = x[fx.thread_idx.x] * 2.0

    @flyc.jit
    def twice(x: fx.Tensor):
        double(x).launch(grid=(1, 1, 1), block=(16, 1, 1))
        double(x).launch(grid=(2, 1, 1), block=(16, 1, 1))

    x = np.ones(64, np.float32)
    twice(x)  # the second launch's two blocks both scale the first 16 values
    np.testing.assert_array_equal(x, [8.0] * 16 + [1.0] * 48)
    (artifact,) = twice._mem_cache.values()
    # Two launches of one specialization: the artifact holds the kernel once.
    assert artifact.source_ir.count("known_block_size = array<i32: 16, 1, 1>") == 1
