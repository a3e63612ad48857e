"""AMD's wave ballot under FlyDSL's name, `rocdl.ballot(res, pred)`: each lane's predicate as
one bit of a mask that every lane of the wave receives. Run on the cpu target's emulated
waves (64 lanes for gfx942, 32 for gfx1201), compiled for rocm and cuda, and refused where
the mask's type is not i32 or i64."""

import re
import subprocess

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools
from flydsl.expr import rocdl


@flyc.kernel
def every_fifth(out: fx.Tensor):
    tid = fx.thread_idx.x
    out[tid] = rocdl.ballot(fx.T.i64, tid % 5 == 0)


def masks(threads, wave, picked, bits):
    """The mask each thread's wave gives: bit i for lane i of the wave where picked(thread)."""
    out = []
    for t in range(threads):
        base = t - t % wave
        m = sum(1 << i for i in range(wave) if picked(base + i))
        out.append(m & ((1 << bits) - 1))
    return out


def test_each_wave_gathers_its_own_lanes_on_cpu(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx942")
    out = np.zeros(128, np.int64)
    every_fifth(out).launch(block=(128,))
    want = np.array(masks(128, 64, lambda t: t % 5 == 0, 64), np.uint64).view(np.int64)
    np.testing.assert_array_equal(out, want)
    assert len(set(out[:64])) == 1 and out[0] != out[64]  # two waves, two masks


@flyc.kernel
def odd_lanes(out: fx.Tensor):
    tid = fx.thread_idx.x
    out[tid] = rocdl.ballot(fx.T.i32, tid & 1)  # an integer's low bit, as FlyDSL truncates


def test_a_wave_of_32_gives_an_i32_mask(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx1201")
    out = np.zeros(64, np.int32)
    odd_lanes(out).launch(block=(64,))
    want = np.array(masks(64, 32, lambda t: t % 2 == 1, 32), np.uint32).view(np.int32)
    np.testing.assert_array_equal(out, want)


@needs_llvm_tools
def test_rocm_gathers_the_predicate_into_scalar_registers(tmp_path):
    binary = every_fifth.compile(np.zeros(64, np.int64), target="rocm", arch="gfx942").binary
    path = tmp_path / "k.hsaco"
    path.write_bytes(binary)
    asm = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert re.search(r"v_cmp_\w+_e64 s\[", asm)  # the compare's lane mask is the ballot
    assert "ds_bpermute" not in asm and "dpp" not in asm  # no lanes exchanged


def test_cuda_votes():
    ptx = every_fifth.compile(np.zeros(64, np.int64), target="cuda", arch="sm_90").binary.decode()
    assert "vote.sync.ballot.b32" in ptx


@pytest.mark.parametrize("res", [fx.T.i16, fx.T.f32])
def test_a_mask_is_i32_or_i64(res):
    @flyc.kernel
    def k(out: fx.Tensor):
        out[0] = rocdl.ballot(res, fx.thread_idx.x == 0)

    with pytest.raises(flyc.CompileError, match="ballot gives an i32 or an i64 lane mask"):
        k.compile(np.zeros(1, np.int64), target="cpu")
