"""What a compiled kernel depends on besides its arguments: the module globals its trace read
(a later change refuses the call, naming the global, rather than running the old value), the
environment variables that change code generation, COMPILE_ONLY, and the identity of a jit
function's code (`manager_key`)."""

import importlib.util
import textwrap

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.compiler import jit_function
from flydsl.compiler.ast_rewriter import ASTRewriter
from flydsl.compiler.backends import GPUTarget, get_backend

PROGRAM = """
import flydsl.compiler as flyc
import flydsl.expr as fx

SCALE = 2.0
TABLE = {"offset": 1.0}


@flyc.kernel
def fill(out: fx.Tensor):
    out[fx.thread_idx.x] = fx.Float32(SCALE + TABLE["offset"])


@flyc.jit
def run(out: fx.Tensor):
    fill(out).launch(grid=(1, 1, 1), block=(4, 1, 1))
"""


def load(tmp_path, name, text=PROGRAM):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(text))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def key_of(jit_fn, *args):
    jit_fn._ensure_sig()
    bound = jit_fn._sig.bind(*args)
    bound.apply_defaults()
    return jit_fn._build_full_cache_key(bound.arguments)


def test_a_changed_global_refuses_the_jit_call_that_would_run_the_old_value(tmp_path):
    program = load(tmp_path, "prog_scalar")
    out = np.zeros(4, np.float32)
    program.run(out)
    np.testing.assert_array_equal(out, 3.0)
    program.run(out)  # unchanged: no complaint
    program.SCALE = 5.0
    with pytest.raises(RuntimeError, match="global 'SCALE'.*'run'"):
        program.run(out)


def test_an_in_place_change_of_a_container_is_seen_by_a_direct_launch(tmp_path):
    program = load(tmp_path, "prog_dict")
    out = np.zeros(4, np.float32)
    program.fill(out).launch(grid=(1, 1, 1), block=(4, 1, 1))
    np.testing.assert_array_equal(out, 3.0)
    program.TABLE["offset"] = 10.0  # the same dict object, new content
    with pytest.raises(RuntimeError, match="global 'TABLE'.*'fill'"):
        program.fill(out).launch(grid=(1, 1, 1), block=(4, 1, 1))
    np.testing.assert_array_equal(out, 3.0)  # nothing ran


def test_the_values_of_globals_read_enter_the_key_of_a_fresh_function(tmp_path):
    out = np.zeros(4, np.float32)
    first = key_of(load(tmp_path, "prog_a").run, out)
    second = key_of(load(tmp_path, "prog_b", PROGRAM.replace("2.0", "4.0")).run, out)
    assert first != second
    assert first == key_of(load(tmp_path, "prog_a").run, out)  # a fresh load: no addresses


def test_the_key_holds_the_target_and_the_code_generation_variables(monkeypatch):
    @flyc.jit
    def noop(x: fx.Tensor):
        pass

    x = np.zeros(4, np.float32)
    monkeypatch.setenv("FLYDSL_COMPILE_OPT_LEVEL", "2")
    at2 = key_of(noop, x)
    monkeypatch.setenv("FLYDSL_COMPILE_OPT_LEVEL", "0")
    assert key_of(noop, x) != at2
    target = dict(at2)["_target_"]
    assert isinstance(target, GPUTarget) and target == get_backend().target


def test_the_optimization_level_is_applied_and_bad_ones_are_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("FLYDSL_COMPILE_OPT_LEVEL", "0")
    program = load(tmp_path, "prog_o0")
    out = np.zeros(4, np.float32)
    program.run(out)
    np.testing.assert_array_equal(out, 3.0)
    monkeypatch.setenv("FLYDSL_COMPILE_OPT_LEVEL", "9")
    program = load(tmp_path, "prog_o9")
    with pytest.raises(ValueError, match="FLYDSL_COMPILE_OPT_LEVEL"):
        program.run(out)


def test_compile_only_compiles_and_launches_nothing(monkeypatch, tmp_path):
    program = load(tmp_path, "prog_compile_only")
    out = np.zeros(4, np.float32)
    monkeypatch.setenv("COMPILE_ONLY", "1")
    assert program.run(out) is None
    np.testing.assert_array_equal(out, 0.0)
    assert program.fill.cache  # compiled all the same
    monkeypatch.delenv("COMPILE_ONLY")
    program.run(out)
    np.testing.assert_array_equal(out, 3.0)


def test_manager_key_follows_the_code_and_survives_cycles(tmp_path):
    text = """
    import flydsl.compiler as flyc
    import flydsl.expr as fx

    @flyc.jit
    def first(x: fx.Tensor):
        _ = second

    @flyc.jit
    def second(x: fx.Tensor):
        _ = first
    """
    a = load(tmp_path, "cycle_a", text)
    a.first._ensure_cache_manager()
    a.second._ensure_cache_manager()
    assert a.first.manager_key != a.second.manager_key
    assert jit_function._keys_in_progress() == set()
    b = load(tmp_path, "cycle_b", text.replace("_ = first", "_ = (first, 1)"))
    b.second._ensure_cache_manager()
    assert b.second.manager_key != a.second.manager_key


def test_captured_enum_members_and_scalars_select_code():
    def captured(op, n):
        def body():
            return op, n

        return jit_function._collect_closure_scalar_vals(body)

    assert captured(fx.ReductionOp.ADD, 1) == captured(fx.ReductionOp.ADD, 1)
    assert captured(fx.ReductionOp.ADD, 1) != captured(fx.ReductionOp.MAX, 1)
    assert captured(fx.ReductionOp.ADD, 1) != captured(fx.ReductionOp.ADD, 2)
    assert not any("0x" in v for v in captured(fx.ReductionOp.ADD, 1))


def test_the_rewriter_puts_its_dispatch_entry_points_in_the_module(tmp_path):
    text = """
    def helper(n):
        total = 0
        for i in range(n):
            total = total + i
        return total
    """
    module = load(tmp_path, "rewritten_helper", text)
    assert "scf_for_dispatch" not in vars(module)
    code = module.helper.__code__
    assert ASTRewriter.transform(module.helper) is module.helper  # rewritten in place
    assert module.helper.__code__ is not code
    for name in ("scf_for_dispatch", "scf_if_dispatch", "scf_while_dispatch"):
        assert callable(vars(module)[name])


def test_an_attribute_named_as_a_global_is_not_a_read_of_it(tmp_path):
    text = """
    import flydsl.compiler as flyc
    import flydsl.expr as fx

    @flyc.kernel
    def twice(x: fx.Tensor):
        x[fx.thread_idx.x] = x[fx.thread_idx.x] * 2.0
    """
    module = load(tmp_path, "attribute_names", text)
    for _ in range(2):
        module.x = np.ones(4, np.float32)  # a global `x`, rebound: the kernel never reads it
        module.twice(module.x).launch(block=(4,))
        np.testing.assert_array_equal(module.x, 2.0)


def test_what_a_trace_writes_into_a_global_is_not_a_change(tmp_path):
    text = """
    import flydsl.compiler as flyc
    import flydsl.expr as fx

    SEEN = []  # each trace records its constant here

    @flyc.kernel
    def fill(out: fx.Tensor, value: fx.Constexpr[int]):
        SEEN.append(value)
        out[fx.thread_idx.x] = fx.Int32(value)

    @flyc.jit
    def run(out: fx.Tensor, value: fx.Constexpr[int]):
        fill(out, value).launch(block=(4,))
    """
    module = load(tmp_path, "trace_log", text)
    out = np.zeros(4, np.int32)
    for value in (1, 2, 1, 3):
        module.run(out, value)
        np.testing.assert_array_equal(out, value)
    assert module.SEEN == [1, 2, 3]  # one trace each
    module.SEEN.append(99)  # a change between calls
    with pytest.raises(RuntimeError, match="global 'SEEN'"):
        module.run(out, 1)
