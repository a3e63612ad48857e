"""FlyDSL's CompilationContext and ArithValue as its kernels use them: a context current
while a @flyc.jit function runs (per thread, gone after), compile hints scoped by `with`
blocks and merged when nested, and ArithValue as the kernel value it wraps."""

import threading

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.compiler.kernel_function import CompilationContext
from flydsl.expr.arith import ArithValue
from flydsl.expr.utils.arith import _to_raw


@flyc.jit
def current_context():
    return CompilationContext.get_current()


def test_a_jit_function_runs_in_a_context_of_its_own():
    assert CompilationContext.get_current() is None
    first, second = current_context(), current_context()
    assert isinstance(first, CompilationContext) and first is not second
    assert CompilationContext.get_current() is None
    with CompilationContext.create() as outer:
        assert current_context() is outer  # a jit inside a compile joins it
    assert CompilationContext.get_current() is None


def test_the_current_context_belongs_to_its_thread():
    seen, barrier = [], threading.Barrier(2)

    def worker():
        with CompilationContext.create() as ctx:
            barrier.wait(timeout=5)
            seen.append(CompilationContext.get_current() is ctx)
        seen.append(CompilationContext.get_current() is None)

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert seen == [True] * 4


def test_compile_hints_nest_merge_and_end_with_their_block():
    assert CompilationContext.get_compile_hints() == {}
    with CompilationContext.compile_hints({"fastmath": "contract", "waves_per_eu": 2}):
        with CompilationContext.compile_hints({"waves_per_eu": 1, "fastmath": None}):
            assert CompilationContext.get_compile_hints() == {"fastmath": "contract",
                                                              "waves_per_eu": 1}  # fmt: skip
        with pytest.raises(RuntimeError), CompilationContext.compile_hints({"maxnreg": 128}):
            raise RuntimeError("a failed compile")
        assert CompilationContext.get_compile_hints() == {"fastmath": "contract",
                                                          "waves_per_eu": 2}  # fmt: skip
    assert CompilationContext.get_compile_hints() == {}
    hints = CompilationContext.compile_hints([("fastmath", "fast")])
    with pytest.raises(TypeError, match="takes a dict"):
        hints.__enter__()


def test_kernel_names_in_a_context_are_unique():
    ctx = CompilationContext()
    ids = [ctx.next_kernel_id() for _ in range(3)]
    names = [ctx.unique_kernel_name("gemm", i) for i in ids]
    assert ids == [0, 1, 2] and names == ["gemm", "gemm_1", "gemm_2"]


@flyc.kernel
def wrapped(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    v = ArithValue(x[i])
    assert isinstance(v, ArithValue) and isinstance(x[i], ArithValue)
    # FlyDSL's kernels reach the raw value through fx.arith as well
    out[i, 0] = (v > 0).select(v, ArithValue(0.0) + fx.arith._to_raw(0.5) + _to_raw(1.0))
    bits = ArithValue(fx.Int32(-8), signed=False)
    out[i, 1] = fx.Float32(bits >> 28)  # unsigned: zeros shift in


def test_arith_value_is_the_kernel_value_it_wraps(host_target):
    x = np.array([2.0, -1.0], np.float32)
    out = np.zeros((2, 2), np.float32)
    wrapped(x, out).launch(block=(2,))
    np.testing.assert_array_equal(out, [[2.0, 15.0], [1.5, 15.0]])
