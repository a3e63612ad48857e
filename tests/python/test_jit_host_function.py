"""What a @flyc.jit body computes from kernel values goes to its host function: built as the
body runs, compiled for the cpu after it and run once. Host values keep folding in Python."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.errors import DSLCompileError
from flydsl.expr.typing import Vector


def filled(value, dtype=fx.Float32, lanes=4):
    return Vector.filled(lanes, value, dtype)


def test_vector_arithmetic_builds_the_host_function_and_prints_when_it_runs(capfd):
    @flyc.jit
    def body(scale: fx.Float32):
        total = filled(1.5) * scale + filled(2.0)
        assert total.dtype is fx.Float32 and total.shape == (4,)
        fx.printf("lane 3 holds {}", total[3])

    body(4.0)
    assert "lane 3 holds 8.00" in capfd.readouterr().out
    source = body._last_compiled[1].source_ir
    assert "gpu.func @body" in source
    assert "arith.mulf" in source and "arith.addf" in source


def test_the_host_function_runs_after_the_bodys_launches(capfd):
    @flyc.kernel
    def store(out: fx.Tensor, value: fx.Int32):
        out[fx.thread_idx.x] = value

    @flyc.jit
    def body(out: fx.Tensor):
        fx.printf("sum {}", (filled(3, fx.Int32) + filled(4, fx.Int32))[0])
        store(out, 9).launch(grid=(1,), block=(8,))

    out = np.zeros(8, np.int32)
    body(out)
    np.testing.assert_array_equal(out, 9)
    assert "sum 7" in capfd.readouterr().out
    source = body._last_compiled[1].source_ir
    assert source.index("gpu.func @body") < source.index("gpu.func @store")


def test_a_body_without_kernel_values_has_an_empty_artifact():
    @flyc.jit
    def body(n: fx.Int32):
        return n * 2

    assert int(body(21)) == 42
    assert body._last_compiled[1].source_ir == ""


def test_a_nested_call_builds_into_the_outer_host_function():
    @flyc.jit
    def inner(v):
        return v + filled(1.0)

    @flyc.jit
    def outer():
        inner(filled(2.0))

    outer()
    assert outer._last_compiled[1].source_ir.count("gpu.func") == 1


def test_compile_only_compiles_the_host_function_without_running_it(capfd, monkeypatch):
    @flyc.jit
    def body():
        fx.printf("ran {}", filled(5, fx.Int32)[0])

    monkeypatch.setenv("COMPILE_ONLY", "1")
    assert body() is None
    assert "ran" not in capfd.readouterr().out
    assert "fly.print" in body._last_compiled[1].source_ir


def test_a_host_function_value_is_no_kernel_argument():
    @flyc.kernel
    def store(out: fx.Tensor, value: fx.Float32):
        out[0] = value

    @flyc.jit
    def body(out: fx.Tensor):
        store(out, filled(2.0)[0]).launch(grid=(1,), block=(1,))

    with pytest.raises(TypeError, match="argument value .* is a kernel value"):
        body(np.zeros(1, np.float32))


def test_a_value_kept_from_an_ended_call_is_refused():
    @flyc.jit
    def make():
        return filled(2.0)

    @flyc.jit
    def use(v):
        return v + filled(1.0)

    kept = make()
    with pytest.raises(RuntimeError, match="only available while a @flyc.kernel or @flyc.jit"):
        kept + 1.0
    with pytest.raises(RuntimeError, match="made in another kernel"):
        use(kept)


def test_a_builders_error_names_the_bodys_line():
    @flyc.jit
    def body():
        filled(1.0, lanes=4) + filled(1.0, lanes=8)

    with pytest.raises(DSLCompileError, match=r"body: .*test_jit_host_function.py:\d+"):
        body()


def test_integer_only_operators_refuse_floats_before_the_builder():
    @flyc.jit
    def body():
        v = filled(1.0)
        for op in (lambda: v & v, lambda: v << 1, lambda: ~v):
            with pytest.raises(TypeError, match="integers"):
                op()
        q, r = divmod(filled(7, fx.Int32), filled(3, fx.Int32))
        assert q.dtype is fx.Int32 and r.dtype is fx.Int32
        with pytest.raises(TypeError, match="Boolean"):
            abs(filled(1, fx.Int32) > 0)

    body()
    source = body._last_compiled[1].source_ir
    assert "arith.floordivsi" in source and "arith.remsi" in source


def test_host_booleans_invert_logically_and_have_no_abs():
    assert bool(~fx.Boolean(True)) is False and bool(~fx.Boolean(False)) is True
    assert type(~fx.Boolean(True)) is fx.Boolean
    with pytest.raises(TypeError, match="Boolean"):
        abs(fx.Boolean(True))


def test_wide_and_sub_byte_integers_are_host_values_only():
    big = fx.Int128(2**100)
    assert type(big + fx.Uint64(5)) is fx.Int128 and (big + fx.Uint64(5)).value == 2**100 + 5
    assert type(fx.Uint128(1) + fx.Int64(1)) is fx.Uint128
    assert type(fx.Int128(1) / fx.Int128(2)) is fx.Float64
    assert fx.Int4(20).value == 4 and fx.Int4(9).value == -7

    @flyc.jit
    def body(wide: fx.Int128):
        return wide * 3

    assert body(2**90).value == 3 * 2**90

    @flyc.kernel
    def store(out: fx.Tensor):
        out[0] = fx.Int128(3)

    with pytest.raises(NotImplementedError, match="host values only"):
        store(np.zeros(1, np.int64)).launch(grid=(1,), block=(1,))
