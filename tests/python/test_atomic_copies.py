"""Atomic copy atoms (FlyDSL's UniversalAtomic): each call combines one source element into
the destination by an atomic read-modify-write, so many threads may write one place."""

import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev

THREADS = 64


@flyc.kernel
def combine_all(src: fx.Tensor, out: fx.Tensor, op: fx.Constexpr[int], scope: fx.Constexpr[str]):
    # Every thread loads its element into a register and combines it into out[0], out[1]:
    # two calls of a one-element atom over a two-element fragment.
    tid = fx.thread_idx.x
    load = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Int32)
    atomic = fx.make_copy_atom(fx.UniversalAtomic(op, fx.Int32, syncscope=scope), fx.Int32)
    mine = fx.make_rmem_tensor(2, fx.Int32)
    fx.copy(load, fx.slice(fx.zipped_divide(src, (2,)), (None, tid)), mine)
    fx.copy(atomic, mine, fx.slice(fx.zipped_divide(out, (2,)), (None, 0)))


@pytest.mark.parametrize(
    "op, scope, combine",
    [
        (fx.AtomicOp.Add, fx.SyncScope.System, np.add.reduce),
        (fx.AtomicOp.Max, fx.rocdl.SyncScope.Agent, np.maximum.reduce),
        (fx.AtomicOp.Min, fx.rocdl.SyncScope.Workgroup, np.minimum.reduce),
        (fx.AtomicOp.Or, fx.SyncScope.SingleThread, np.bitwise_or.reduce),
        (fx.AtomicOp.And, fx.rocdl.SyncScope.Wavefront, np.bitwise_and.reduce),
    ],
)
def test_every_thread_combines_into_the_same_elements(op, scope, combine):
    rng = np.random.default_rng(int(op))
    src = rng.integers(-1000, 1000, (THREADS, 2)).astype(np.int32)
    start = np.array([7, -3], np.int32)
    out = dev.array(start.copy())
    combine_all(dev.array(src.reshape(-1)), out, int(op), scope).launch(block=(THREADS,))
    expected = combine(np.concatenate([start[None, :], src]), axis=0)
    np.testing.assert_array_equal(dev.host(out), expected)


@flyc.kernel
def sum_floats(src: fx.Tensor, out: fx.Tensor):
    tid = fx.thread_idx.x
    mine = fx.make_rmem_tensor(1, fx.Float32)
    mine[0] = src[tid]
    total = fx.slice(fx.zipped_divide(out, (1,)), (None, 0))
    fx.copy(fx.make_copy_atom(fx.UniversalAtomicAdd(fx.Float32), fx.Float32), mine, total)


def test_float_sums():
    src = np.arange(THREADS, dtype=np.float32) * 0.5
    out = dev.array(np.zeros(1, np.float32))
    sum_floats(dev.array(src), out).launch(block=(THREADS,))
    np.testing.assert_allclose(dev.host(out), [src.sum()])


def test_atomic_copies_are_fly_copies_of_the_atom():
    # As FlyDSL builds them: fly.copy of a !fly.universal_atomic atom, whose calls the passes
    # make atomic read-modify-writes (relaxed, in the atom's sync scope).
    src, out = dev.array(np.zeros(2 * THREADS, np.int32)), dev.array(np.zeros(2, np.int32))
    compiled = combine_all.compile(src, out, int(fx.AtomicOp.Max), fx.rocdl.SyncScope.Agent)
    origin = compiled.ir(compiled=False)
    atom = '!fly.copy_atom<!fly.universal_atomic<max, i32, "agent">, 32>'
    assert f"fly.make_copy_atom {{valBits = 32 : i32}} : {atom}" in origin
    assert "fly.copy(" in origin and "llvm.atomicrmw" not in origin
    lowered = compiled.ir(compiled=True)
    assert re.search(r'llvm\.atomicrmw max .* syncscope\("agent"\) monotonic', lowered), lowered


@flyc.kernel
def bad_atomic(src: fx.Tensor, out: fx.Tensor, case: fx.Constexpr[str]):
    mine = fx.make_rmem_tensor(1, fx.Float32)
    src, out = (fx.slice(fx.zipped_divide(t, (1,)), (None, 0)) for t in (src, out))
    if fx.const_expr(case == "float or"):
        atom = fx.make_copy_atom(fx.UniversalAtomicOr(fx.Float32), fx.Float32)
        fx.copy(atom, mine, out)
    elif fx.const_expr(case == "scope"):
        atom = fx.make_copy_atom(fx.UniversalAtomicAdd(fx.Float32, syncscope="cluster"), fx.Float32)
        fx.copy(atom, mine, out)
    else:  # into registers
        atom = fx.make_copy_atom(fx.UniversalAtomicAdd(fx.Float32), fx.Float32)
        fx.copy(atom, src, mine)


@pytest.mark.parametrize(
    "case, message",
    [
        ("float or", "atomic and, or, inc and dec take integers, not f32"),
        ("scope", "sync scope is .* not 'cluster'"),
        ("registers", "combines into global or shared memory, not into registers"),
    ],
)
def test_atomic_atom_misuse_is_refused(case, message):
    out = dev.array(np.zeros(1, np.float32))
    with pytest.raises(Exception, match=message):
        bad_atomic(dev.array(np.zeros(1, np.float32)), out, case).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), [0])
