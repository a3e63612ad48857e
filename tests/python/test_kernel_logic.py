"""Python control flow and logic inside kernels with FlyDSL's meaning: `a if c else b`, `and`,
`or`, `not` on kernel values (the untaken side never runs), names first bound inside an `if`
and read after it, chained comparisons joined by arith.andi as FlyDSL joins them, a loop
variable that outlives its loop, vectors carried through branches; and the mistakes (a name
bound in only one dynamic branch, arms of two dtypes) as errors."""

from types import SimpleNamespace

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import CompileError

N = 8


def launch(kernel, *arrays, scalars=()):
    devs = [dev.array(a) for a in arrays]
    kernel(*devs, *scalars).launch(block=(N,))
    return [dev.host(d) for d in devs]


def test_conditional_expressions_on_kernel_and_python_conditions():
    @flyc.kernel
    def pick(out: fx.Tensor, flag: fx.Int32):
        t = fx.thread_idx.x
        out[0, t] = t + 10 if t % 2 == 0 else t - 10
        out[1, t] = 42 if fx.Int32(1) > fx.Int32(0) else 99  # constant, but a kernel value
        out[2, t] = (1 if t < 4 else 2) if flag > 0 else (3 if t < 4 else 4)
        out[3, t] = 7 if N > 4 else t  # a Python condition picks one arm while tracing
        acc = fx.Int32(0)
        for i in range(t):
            acc = acc + 2 if i % 2 == 0 else acc - 1
        out[4, t] = acc

    t = np.arange(N)
    for flag in (1, 0):
        (out,) = launch(pick, np.zeros((5, N), np.int32), scalars=(flag,))
        np.testing.assert_array_equal(out[0], np.where(t % 2 == 0, t + 10, t - 10))
        np.testing.assert_array_equal(out[1], 42)
        inner = np.where(t < 4, 1, 2) if flag else np.where(t < 4, 3, 4)
        np.testing.assert_array_equal(out[2], inner)
        np.testing.assert_array_equal(out[3], 7)
        np.testing.assert_array_equal(out[4], [sum(2 if i % 2 == 0 else -1 for i in range(k))
                                               for k in range(N)])  # fmt: skip


def test_and_or_not_evaluate_the_right_side_only_where_it_decides():
    @flyc.kernel
    def logic(out: fx.Tensor, seen: fx.Tensor):
        t = fx.thread_idx.x

        def mark(row):
            seen[row, t] = 1
            return t % 2 == 0

        out[0, t] = fx.Int32(1) if t < 4 and mark(0) else fx.Int32(0)
        out[1, t] = fx.Int32(1) if t < 4 or mark(1) else fx.Int32(0)
        out[2, t] = fx.Int32(1) if not t < 4 else fx.Int32(0)
        out[3, t] = fx.Int32(1) if t > 1 and t < 6 and not t == 3 else fx.Int32(0)  # noqa: SIM201
        out[4, t] = fx.Int32(1) if (N > 100 and t > 0) or (N < 100 and t < 2) else fx.Int32(0)

    out, seen = launch(logic, np.zeros((5, N), np.int32), np.zeros((2, N), np.int32))
    t = np.arange(N)
    np.testing.assert_array_equal(out[0], (t < 4) & (t % 2 == 0))
    np.testing.assert_array_equal(seen[0], t < 4)  # `and` asked mark only where t < 4
    np.testing.assert_array_equal(out[1], (t < 4) | (t % 2 == 0))
    np.testing.assert_array_equal(seen[1], t >= 4)  # `or` asked only where t >= 4
    np.testing.assert_array_equal(out[2], t >= 4)
    np.testing.assert_array_equal(out[3], (t > 1) & (t < 6) & (t != 3))
    np.testing.assert_array_equal(out[4], t < 2)


def test_chained_comparisons_join_their_links_and_evaluate_each_operand_once():
    @flyc.kernel
    def chains(out: fx.Tensor, seen: fx.Tensor):
        t = fx.thread_idx.x

        def middle():
            seen[0, t] = seen[0, t] + 1  # counts the evaluations of the middle operand
            return t

        out[0, t] = fx.Int32(1) if 2 <= middle() < 6 else fx.Int32(0)
        out[1, t] = fx.Int32(1) if 0 < t <= 4 != t else fx.Int32(0)
        out[2, t] = fx.Int32(1) if 1 < 0 < t else fx.Int32(0)  # Python-false first link

    out, seen = launch(chains, np.zeros((3, N), np.int32), np.zeros((1, N), np.int32))
    t = np.arange(N)
    np.testing.assert_array_equal(out[0], (t >= 2) & (t < 6))
    np.testing.assert_array_equal(seen[0], 1)
    np.testing.assert_array_equal(out[1], (t > 0) & (t <= 4) & (t != 4))
    np.testing.assert_array_equal(out[2], 0)


def test_a_chain_of_kernel_comparisons_is_one_andi_without_a_branch(tmp_path, monkeypatch):
    @flyc.kernel
    def window(out: fx.Tensor):
        t = fx.thread_idx.x
        out[t] = fx.Int32(1) if 2 <= t < 6 else fx.Int32(0)

    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    (out,) = launch(window, np.zeros(N, np.int32))
    np.testing.assert_array_equal(out, (np.arange(N) >= 2) & (np.arange(N) < 6))
    folders = list(tmp_path.iterdir())  # the cpu emulating a GPU dumps that GPU's code too
    (folder,) = folders if len(folders) == 1 else tmp_path.glob("cpu-*")
    origin = (folder / "00_origin.mlir").read_text()
    assert origin.count("arith.cmpi") == 2 and origin.count("arith.andi") == 1
    assert origin.count("scf.if") == 1  # the conditional expression's, none for the chain


def test_names_first_bound_in_an_if_are_seen_after_it():
    @flyc.kernel
    def branch(out: fx.Tensor):
        t = fx.thread_idx.x
        if t < 3:
            first = t * 2
            scratch = t + 1  # read only inside: stays local, needs no else
            out[2, t] = scratch
        else:
            first = -t
        out[0, t] = first
        if N > 4:  # a Python condition binds as Python does
            chosen = t + 100
        out[1, t] = chosen

    (out,) = launch(branch, np.zeros((3, N), np.int32))
    t = np.arange(N)
    np.testing.assert_array_equal(out[0], np.where(t < 3, 2 * t, -t))
    np.testing.assert_array_equal(out[1], t + 100)
    np.testing.assert_array_equal(out[2], np.where(t < 3, t + 1, 0))


def test_a_loop_variable_keeps_its_last_value():
    @flyc.kernel
    def last(out: fx.Tensor, n: fx.Int32):
        i = fx.Int32(999)
        for i in range(n):
            pass
        out[fx.thread_idx.x] = i

    for n, expected in ((5, 4), (0, 999)):
        (out,) = launch(last, np.zeros(N, np.int32), scalars=(n,))
        np.testing.assert_array_equal(out, expected)


def test_vectors_are_carried_through_dynamic_branches():
    @flyc.kernel
    def vec(out: fx.Tensor):
        t = fx.thread_idx.x
        v = fx.Vector.from_elements([t, t + 1, t + 2, t + 3])
        if t % 2 == 0:
            v = v * 2
        else:
            v = v - 1
        out[t] = v.reduce(fx.ReductionOp.ADD)

    (out,) = launch(vec, np.zeros(N, np.int32))
    t = np.arange(N)
    np.testing.assert_array_equal(out, np.where(t % 2 == 0, 2 * (4 * t + 6), 4 * t + 2))


def test_a_name_bound_in_one_dynamic_branch_and_read_after_is_an_error():
    @flyc.kernel
    def half(out: fx.Tensor):
        t = fx.thread_idx.x
        if t < 3:
            only_then = t
        out[t] = only_then

    with pytest.raises(NameError, match="only one branch of a dynamic `if`"):
        launch(half, np.zeros(N, np.int32))


def test_a_name_set_by_every_branch_that_goes_on_is_not_carried_by_an_enclosing_if():
    # In the unrolled loop the name is bound before the dynamic `if` from the second pass on;
    # it is read only after the static chain that sets it (its last arm raises), so the `if`
    # need not carry it, and a Python string need not become a kernel value.
    @flyc.kernel
    def chained(out: fx.Tensor, width: fx.Constexpr[int]):
        t = fx.thread_idx.x
        for i in fx.range_constexpr(2):
            if t == i:
                if fx.const_expr(width == 4):
                    name = "four"
                elif fx.const_expr(width == 8):
                    name = "eight"
                else:
                    raise ValueError(f"width {width}")
                out[t] = fx.Int32(len(name) + i)

    (out,) = launch(chained, np.zeros(N, np.int32), scalars=(8,))
    assert list(out[:3]) == [5, 6, 0]
    with pytest.raises(ValueError, match="width 2"):
        launch(chained, np.zeros(N, np.int32), scalars=(2,))


def test_arms_of_two_dtypes_are_an_error():
    @flyc.kernel
    def mixed(out: fx.Tensor):
        t = fx.thread_idx.x
        out[t] = fx.Float32(1.0) if t < 3 else fx.Int64(2)

    with pytest.raises((TypeError, CompileError), match="f32 in one branch and i64"):
        launch(mixed, np.zeros(N, np.float32))


def test_lists_dicts_and_namespaces_are_carried_leaf_by_leaf():
    @flyc.kernel
    def carry(out: fx.Tensor, n: fx.Int32):
        t = fx.thread_idx.x
        pair = [t, t * 10]
        if t % 2 == 1:
            pair[0] = pair[0] + 100  # in place: the untaken branch keeps the original
        acc = {"sum": fx.Int32(0), "ns": SimpleNamespace(count=fx.Int32(0))}
        for i in range(n):
            acc = {"sum": acc["sum"] + i, "ns": SimpleNamespace(count=acc["ns"].count + 1)}
        out[0, t] = pair[0]
        out[1, t] = pair[1]
        out[2, t] = acc["sum"] + acc["ns"].count

    (out,) = launch(carry, np.zeros((3, N), np.int32), scalars=(4,))
    t = np.arange(N)
    np.testing.assert_array_equal(out[0], np.where(t % 2 == 1, t + 100, t))
    np.testing.assert_array_equal(out[1], 10 * t)
    np.testing.assert_array_equal(out[2], 6 + 4)


def test_a_container_that_changes_its_structure_is_an_error():
    @flyc.kernel
    def grow(out: fx.Tensor):
        t = fx.thread_idx.x
        items = [t]
        if t < 3:
            items = [t, t]
        out[t] = items[0]

    with pytest.raises(TypeError, match="`items` does not match the region entry: it changes"):
        launch(grow, np.zeros(N, np.int32))


def test_a_carried_dict_keeps_its_keys_in_their_order():
    # A branch that builds the dict again in another order still pairs values by key, and the
    # dict after the `if` has the order it had before.
    seen = {}

    @flyc.kernel
    def reordered(out: fx.Tensor):
        t = fx.thread_idx.x
        d = {"b": t, "a": t + 100}
        if t < 3:
            d = {"a": t + 200, "b": t * 2}
        seen["keys"] = list(d)
        out[t] = d["a"] * 1000 + d["b"]

    (out,) = launch(reordered, np.zeros(N, np.int32))
    t = np.arange(N)
    np.testing.assert_array_equal(
        out, np.where(t < 3, (t + 200) * 1000 + 2 * t, (t + 100) * 1000 + t)
    )
    assert seen["keys"] == ["b", "a"]


_PREFETCH = False


@flyc.kernel
def _bound_on_one_static_path(out: fx.Tensor, flag: fx.Int32):
    for sub in fx.range_constexpr(2):
        if fx.const_expr(_PREFETCH):
            base = 1
        else:
            slot = sub + 3
        if fx.const_expr(not _PREFETCH):  # binds `base` on the path the first `if` did not
            base = slot * 2
        out[sub] = fx.Float32(base)
    if flag > 0:  # a kernel branch needs it bound before, whatever path ran
        seen = 1.0
    else:
        seen = 2.0
    out[2] = seen


def test_a_name_bound_on_one_static_path_and_then_on_another():
    out = np.zeros(3, np.float32)
    _bound_on_one_static_path(out, 1).launch(block=(1,))
    np.testing.assert_array_equal(out, [6, 8, 1])

    @flyc.kernel
    def half_bound(out: fx.Tensor, flag: fx.Int32):
        if fx.const_expr(_PREFETCH):
            value = 1.0
        if flag > 0:
            value = 2.0
        out[0] = value

    with pytest.raises(NameError, match="value must be bound before a branch on a kernel value"):
        half_bound(out, 1).launch(block=(1,))


@flyc.jit  # called in a kernel: rewritten and traced as part of it, as in FlyDSL
def _masked(values, limit, first_path):
    """A helper whose first static branch returns: what it binds there is unbound after it."""
    if fx.const_expr(first_path):
        base = limit + 100
        return [v + base for v in values]
    if fx.const_expr(True):
        base = limit * 2  # bound again on this path, then read inside a kernel branch
        if limit > 1:
            values = [v + base for v in values]
    return values


@flyc.kernel
def _helper_with_returning_static_branch(out: fx.Tensor):
    t = fx.thread_idx.x
    got = _masked([fx.Float32(1.0), fx.Float32(2.0)], t, False)
    out[t] = got[0] + got[1]


def test_a_name_bound_in_a_static_branch_that_returns():
    out = np.zeros(4, np.float32)
    _helper_with_returning_static_branch(out).launch(block=(4,))
    np.testing.assert_array_equal(out, [3, 3, 11, 15])
