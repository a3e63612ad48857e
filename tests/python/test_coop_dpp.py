"""The gfx9 forms of the warp collectives (`fx.coop.warp.rocdl`, fly_warp_reduce_dpp and
fly_warp_scan_dpp): the same results as the portable shuffles, checked on the cpu target's
emulated gfx942 waves for every width and form; the rocm code they become (DPP moves, no LDS
exchange but a 32-lane reduce's one step across rows); and which form `fx.coop` picks per
target. Also the block collectives' specialization hook (`_default_algorithm_for`) and
readlane."""

import enum
import re
import subprocess
from typing import ClassVar

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools
from flydsl.compiler.backends import GPUTarget
from flydsl.extension.coop import universal, warp
from flydsl.extension.coop.block._spec import BlockAlgorithmMeta
from flydsl.extension.coop.warp import rocdl

BLOCK = 128  # two gfx942 waves, so a fold that leaked across waves would show
WIDTHS = [1, 2, 4, 8, 16, 32, 64]
ADD, MAX, MUL = fx.ReductionOp.ADD, fx.ReductionOp.MAX, fx.ReductionOp.MUL


@pytest.fixture(autouse=True)
def gfx942(monkeypatch):
    """The cpu target emulating gfx942, also where a GPU would be the machine's choice."""
    monkeypatch.setenv("FLYDSL_COMPILE_BACKEND", "cpu")
    monkeypatch.setenv("ARCH", "gfx942")


def forms(module, op, width):
    def body(v):
        inc, exc, agg = module.warp_scan_with_aggregate(v, op, width=width)
        return (module.warp_reduce(v, op, width=width), inc, exc, agg,
                module.warp_exclusive_scan(v, op, width=width, init=5))  # fmt: skip

    return body


def run_both(x, op, width):
    """The six results of the gfx9 forms and of the portable ones, from one kernel."""
    fast_body, portable_body = forms(rocdl, op, width), forms(universal, op, width)

    @flyc.kernel
    def both(x: fx.Tensor, fast: fx.Tensor, portable: fx.Tensor):
        i = fx.thread_idx.x
        for k, r in enumerate(fast_body(x[i])):
            fast[k, i] = r
        for k, r in enumerate(portable_body(x[i])):
            portable[k, i] = r

    fast, portable = np.zeros((5, BLOCK), x.dtype), np.zeros((5, BLOCK), x.dtype)
    both(x, fast, portable).launch(block=(BLOCK,))
    return fast, portable


def expected(x, op, width):
    groups = x.reshape(-1, width)
    ufunc = {ADD: np.add, MAX: np.maximum, MUL: np.multiply}[op]
    unit = {ADD: 0, MUL: 1, MAX: np.iinfo(np.int32).min if x.dtype == np.int32 else -np.inf}[op]
    inclusive = ufunc.accumulate(groups, axis=1)
    first = np.full((groups.shape[0], 1), unit, x.dtype)
    exclusive = np.concatenate([first, inclusive[:, :-1]], axis=1)
    whole = np.repeat(inclusive[:, -1:], width, 1)
    return [whole, inclusive, exclusive, whole, ufunc(x.dtype.type(5), exclusive)]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("op", [ADD, MAX], ids=lambda o: o.name)
def test_every_form_and_width_agrees_with_the_shuffles_and_numpy(op, width):
    x = np.random.default_rng(width).integers(-(2**20), 2**20, BLOCK).astype(np.int32)
    fast, portable = run_both(x, op, width)
    np.testing.assert_array_equal(fast, portable)
    for got, want in zip(fast, expected(x, op, width)):
        np.testing.assert_array_equal(got, want.reshape(-1))


@pytest.mark.parametrize("width", [8, 64])
def test_float_products_fold_in_another_order_but_agree(width):
    x = np.random.default_rng(3).uniform(0.9, 1.1, BLOCK).astype(np.float32)
    fast, portable = run_both(x, MUL, width)
    np.testing.assert_allclose(fast, portable, rtol=1e-5)
    for got, want in zip(fast, expected(x.astype(np.float64), MUL, width)):
        np.testing.assert_allclose(got, want.reshape(-1), rtol=1e-5)


def test_values_dpp_cannot_move_take_the_shuffles():
    """A 64-bit and a 16-bit value: the gfx9 form falls back and still folds right."""
    for dtype in (np.int64, np.int16):
        x = np.arange(BLOCK, dtype=dtype) % 7
        fast, portable = run_both(x, ADD, 16)
        np.testing.assert_array_equal(fast, portable)
        np.testing.assert_array_equal(fast[0], np.repeat(x.reshape(-1, 16).sum(1), 16))


def isa(body, dtype=np.float32):
    @flyc.kernel
    def k(x: fx.Tensor, out: fx.Tensor):
        i = fx.thread_idx.x
        out[i] = body(x[i])

    z = np.zeros(64, dtype)
    binary = k.compile(z, z, target="rocm", arch="gfx942").binary
    return subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", "-"], input=binary,
                          capture_output=True, check=True).stdout.decode()  # fmt: skip


def lds_exchanges(asm):
    return len(re.findall(r"ds_(?:bpermute|permute|swizzle)_b32", asm))


@needs_llvm_tools
@pytest.mark.parametrize("width", WIDTHS[1:])
def test_rocm_folds_in_vector_registers(width):
    """Only a 32-lane reduce's xor-16 step (across DPP rows) goes through LDS."""

    def body(v):
        inclusive, exclusive = rocdl.warp_scan(v, ADD, width=width)
        return rocdl.warp_reduce(v, ADD, width=width) + inclusive + exclusive

    asm = isa(body)
    assert "dpp" in asm
    assert lds_exchanges(asm) == (1 if width == 32 else 0)


@needs_llvm_tools
def test_rocm_folds_a_whole_wave_by_row_shifts_and_broadcasts_then_reads_lane_63():
    asm = isa(lambda v: rocdl.warp_reduce(v, ADD))
    for control in ("row_shr:1", "row_shr:8", "row_bcast:15", "row_bcast:31"):
        assert control in asm
    assert re.search(r"v_readlane_b32 s\d+, v\d+, 63", asm)
    assert lds_exchanges(asm) == 0


@needs_llvm_tools
def test_fx_coop_picks_the_gfx9_form_on_rocm_and_universal_keeps_the_shuffles():
    assert fx.coop.warp.rocdl is rocdl and set(rocdl.__all__) == set(warp.__all__)
    assert universal.warp_reduce is not rocdl.warp_reduce
    dispatched = isa(lambda v: fx.coop.warp_reduce(v, ADD, width=8))
    portable = isa(lambda v: universal.warp_reduce(v, ADD, width=8))
    assert "dpp" in dispatched and lds_exchanges(dispatched) == 0
    assert lds_exchanges(portable) == 3  # xor 1, 2, 4


@needs_llvm_tools
def test_a_16_bit_value_keeps_the_shuffles_on_rocm():
    asm = isa(lambda v: rocdl.warp_reduce(v, ADD), np.int16)
    assert "row_bcast" not in asm and lds_exchanges(asm) > 0


def test_the_gfx9_form_falls_back_to_shuffles_elsewhere():
    """Named outright on cuda (or a gfx10+ arch) the gfx9 form is the portable one."""

    @flyc.kernel
    def k(x: fx.Tensor):
        x[0] = rocdl.warp_reduce(x[fx.thread_idx.x], ADD, width=4)

    ptx = k.compile(np.zeros(64, np.float32), target="cuda", arch="sm_90").binary.decode()
    assert "shfl.sync" in ptx and "dpp" not in ptx


def test_readlane_reads_one_lane_for_every_lane():
    @flyc.kernel
    def k(x: fx.Tensor, out: fx.Tensor):
        i = fx.thread_idx.x
        out[i] = fx.rocdl.readlane(fx.T.f32, x[i], 37)

    x = np.arange(BLOCK, dtype=np.float32)
    out = np.zeros_like(x)
    k(x, out).launch(block=(BLOCK,))
    np.testing.assert_array_equal(out, np.repeat([37.0, 64 + 37.0], 64))


def test_readlane_mistakes_are_errors(monkeypatch):
    @flyc.kernel
    def past_the_api(x: fx.Tensor):
        x[0] = fx.rocdl.readlane(fx.T.f32, x[fx.thread_idx.x], 64)

    with pytest.raises(flyc.CompileError, match="0 to 63, not 64"):
        past_the_api.compile(np.zeros(64, np.float32), target="cpu")

    @flyc.kernel
    def past_the_wave(x: fx.Tensor):
        x[0] = fx.rocdl.readlane(fx.T.f32, x[fx.thread_idx.x], 40)

    monkeypatch.setenv("ARCH", "gfx1201")
    with pytest.raises(flyc.CompileError, match="lane 40 of a wave of 32"):
        past_the_wave(np.zeros(64, np.float32)).launch(block=(64,))


# The block collectives' specialization: the default policy comes from a per-target hook.


class _Policy(enum.Enum):
    FIRST = 1
    SECOND = 2


def _slots(dtype, threads, warp):
    return fx.Struct["slots" : fx.Array[dtype, 1]]


class _Meta(BlockAlgorithmMeta):
    _algorithms = _Policy
    _shared_storage: ClassVar = {_Policy.FIRST: _slots, _Policy.SECOND: _slots}


class _ByWave(_Meta):
    def _default_algorithm_for(cls, target):
        return _Policy.SECOND if target.warp_size == 32 else _Policy.FIRST


class ByWave(metaclass=_ByWave):
    block_threads = None


def test_the_default_policy_is_the_hooks_answer_for_the_target(monkeypatch):
    assert ByWave[fx.Float32, 64].algorithm is _Policy.FIRST  # gfx942: 64 lanes
    monkeypatch.setenv("ARCH", "gfx1201")
    assert ByWave[fx.Float32, 64].algorithm is _Policy.SECOND
    assert ByWave[fx.Float32, 64] is not ByWave[fx.Float32, 64, _Policy.FIRST]
    assert ByWave[fx.Float32, 64, _Policy.SECOND] is ByWave[fx.Float32, 64]
    hook = _ByWave._default_algorithm_for
    assert hook(ByWave, GPUTarget("rocm", "gfx950", 64)) is _Policy.FIRST


def test_a_collective_without_a_hook_is_refused():
    class Silent(metaclass=_Meta):
        block_threads = None

    with pytest.raises(NotImplementedError, match="Silent must implement _default_algorithm_for"):
        Silent[fx.Float32, 64]
    assert Silent[fx.Float32, 64, _Policy.FIRST].algorithm is _Policy.FIRST  # named: no hook


def test_a_named_but_unimplemented_policy_is_refused_by_name():
    with pytest.raises(NotImplementedError, match="BlockScanAlgorithm.RAKING is not implemented"):
        fx.coop.BlockScan[fx.Int32, 64, fx.coop.BlockScanAlgorithm.RAKING]
