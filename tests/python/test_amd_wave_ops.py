"""AMD's readfirstlane, readlane, scheduling and wait hints, packed fp8 conversions and byte
permutes under FlyDSL's `fx.rocdl` names: run on cpu, compiled for rocm (the instructions in
the disassembly) and cuda, and their bad arguments refused."""

import shutil
import subprocess

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools
from flydsl.expr import rocdl


@flyc.kernel
def uniform_reads(out: fx.Tensor):
    lane = fx.thread_idx.x
    first = rocdl.readfirstlane(fx.T.i32, lane * 3 + 7)
    fifth = rocdl.readlane(fx.T.i32, lane * 10, 5)
    rocdl.sched_barrier(rocdl.mask_none)
    rocdl.sched_mfma(1)
    rocdl.sched_group_barrier(rocdl.mask_vmem_rd | rocdl.mask_dsrd, 2, 0)
    rocdl.s_waitcnt(vmcnt=0)
    rocdl.s_waitcnt(0)
    rocdl.s_setprio(2)
    rocdl.s_barrier()
    out[lane] = first * 1000 + fifth


def test_readfirstlane_and_readlane_broadcast_on_cpu(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx942")
    out = np.zeros(64, np.int32)
    uniform_reads(out).launch(block=(64,))
    np.testing.assert_array_equal(out, np.full(64, 7 * 1000 + 50))


@needs_llvm_tools
def test_rocm_emits_the_instructions(tmp_path):
    out = np.zeros(64, np.int32)
    binary = uniform_reads.compile(out, target="rocm", arch="gfx942").binary
    path = tmp_path / "k.hsaco"
    path.write_bytes(binary)
    asm = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert "v_readfirstlane_b32" in asm
    assert "s_setprio 2" in asm
    assert "s_waitcnt vmcnt(0)" in asm


def test_cuda_reads_lane_zero_and_drops_the_hints():
    out = np.zeros(64, np.int32)
    ptx = uniform_reads.compile(out, target="cuda", arch="sm_90").binary.decode()
    assert "shfl.sync.idx" in ptx


@pytest.mark.parametrize(
    "body,message",
    [
        (lambda: rocdl.s_setprio(4), "s_setprio priority is 0..3, got 4"),
        (lambda: rocdl.sched_barrier(0x1000), "sched_barrier mask is 0..4095"),
        (lambda: rocdl.sched_group_barrier(8, -1, 0), "sched_group_barrier size is 0..65535"),
        (lambda: rocdl.readfirstlane(fx.T.i16, fx.Int16(3)), "readfirstlane takes a 32- or 64-bit"),
    ],
)
def test_bad_hints_are_compile_errors(body, message):
    @flyc.kernel
    def k(out: fx.Tensor):
        body()
        out[0] = 1

    with pytest.raises(flyc.CompileError, match=message):
        k.compile(np.zeros(1, np.int32), target="cpu")


def test_s_waitcnt_counters_are_python_ints_in_range():
    @flyc.kernel
    def k(out: fx.Tensor):
        rocdl.s_waitcnt(vmcnt=64)

    with pytest.raises(ValueError, match="vmcnt is 0..63, got 64"):
        k.compile(np.zeros(1, np.int32), target="cpu")

    @flyc.kernel
    def both(out: fx.Tensor):
        rocdl.s_waitcnt(0, vmcnt=1)

    with pytest.raises(TypeError, match="raw bitfield or named counters"):
        both.compile(np.zeros(1, np.int32), target="cpu")


@flyc.kernel
def pack_fp8(x: fx.Tensor, old: fx.Tensor, packed: fx.Tensor, back: fx.Tensor):
    i = fx.thread_idx.x
    lo = rocdl.cvt_pk_fp8_f32(fx.T.i32, x[2 * i], x[2 * i + 1], old[i], False)
    both = rocdl.cvt_pk_fp8_f32(fx.T.i32, x[2 * i] * 2.0, x[2 * i + 1] * 2.0, lo, True)
    packed[i] = both
    low = rocdl.cvt_pk_f32_fp8(fx.T.vec(2, fx.T.f32), both, False)
    high = rocdl.cvt_pk_f32_fp8(fx.T.vec(2, fx.T.f32), both, True)
    back[4 * i] = low[0]
    back[4 * i + 1] = low[1]
    back[4 * i + 2] = high[0]
    back[4 * i + 3] = high[1]


# (f32, its E4M3FN code, its E4M3FNUZ code)
CODES = [(1.0, 0x38, 0x40), (2.0, 0x40, 0x48), (-0.5, 0xB0, 0xB8), (0.0, 0x00, 0x00),
         (448.0, 0x7E, 0x7F), (0.1015625, 0x1D, 0x25), (-1.0, 0xB8, 0xC0),
         (4.0, 0x48, 0x50)]  # fmt: skip


@pytest.mark.parametrize("arch,kind", [("gfx942", 2), ("gfx950", 1)])
def test_packed_fp8_conversions_use_the_arch_kind(arch, kind, monkeypatch):
    monkeypatch.setenv("ARCH", arch)
    x = np.array([c[0] for c in CODES[:4]], np.float32)  # two pairs
    old = np.array([0x12345678, -1], np.int32)
    packed = np.zeros(2, np.int32)
    back = np.zeros(8, np.float32)
    pack_fp8(x, old, packed, back).launch(block=(2,))
    code = {c[0]: c[kind] for c in CODES}
    double = {v: code[2 * v] for v in x}
    for i in range(2):
        a, b = x[2 * i], x[2 * i + 1]
        want = code[a] | code[b] << 8 | double[a] << 16 | double[b] << 24
        got = int(packed.view(np.uint32)[i])
        assert got == want, (arch, i, hex(got), hex(want))
    np.testing.assert_array_equal(back, [1, 2, 2, 4, -0.5, 0, -1, 0])


def perm_reference(hi, lo, sel):
    data = (hi << 32) | lo
    out = 0
    for i in range(4):
        c = (sel >> (8 * i)) & 0xFF
        if c >= 13:
            byte = 0xFF
        elif c == 12:
            byte = 0
        elif c >= 8:
            byte = 0xFF if (data >> (16 * (c - 8) + 15)) & 1 else 0
        else:
            byte = (data >> (8 * c)) & 0xFF
        out |= byte << (8 * i)
    return out


@flyc.kernel
def permute(hi: fx.Tensor, lo: fx.Tensor, sel: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    out[i] = rocdl.perm_b32(hi[i], lo[i], sel[i])


def test_perm_b32_picks_bytes_signs_and_constants():
    rng = np.random.default_rng(3)
    n = 64
    hi = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    lo = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    sel = rng.integers(0, 16, (n, 4)).astype(np.uint32)
    sel = (sel[:, 0] | sel[:, 1] << 8 | sel[:, 2] << 16 | sel[:, 3] << 24).astype(np.uint32)
    out = np.zeros(n, np.int32)
    permute(hi.view(np.int32), lo.view(np.int32), sel.view(np.int32), out).launch(block=(n,))
    want = [perm_reference(int(h), int(low), int(s)) for h, low, s in zip(hi, lo, sel)]
    np.testing.assert_array_equal(out.view(np.uint32), np.array(want, np.uint32))


@flyc.kernel
def fast_math(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    out[2 * i] = rocdl.rcp(fx.T.f32, x[i])
    out[2 * i + 1] = rocdl.exp2(fx.T.f32, x[i])


def test_rcp_and_exp2():
    x = np.array([0.5, 2.0, -4.0, 10.0], np.float32)
    out = np.zeros(8, np.float32)
    fast_math(x, out).launch(block=(4,))
    np.testing.assert_allclose(out[0::2], 1 / x, rtol=1e-6)
    np.testing.assert_allclose(out[1::2], 2.0**x, rtol=1e-6)


def test_the_mlir_rocdl_dialect_builds_the_same_ops():
    # FlyDSL's kernels call the dialect's builders (flydsl._mlir.dialects.rocdl) for what
    # fx.rocdl offers; they are one implementation here.
    from flydsl._mlir.dialects import rocdl as mlir_rocdl

    for name in ("exp2", "rcp", "readfirstlane", "update_dpp", "s_waitcnt", "sched_barrier"):
        assert getattr(mlir_rocdl, name) is getattr(rocdl, name)

    @flyc.kernel
    def halves(x: fx.Tensor, out: fx.Tensor):
        i = fx.thread_idx.x
        out[i] = mlir_rocdl.exp2(fx.T.f32, x[i] - 1.0)

    x, out = np.array([0.0, 1.0, 3.0], np.float32), np.zeros(3, np.float32)
    halves(x, out).launch(block=(3,))
    np.testing.assert_allclose(out, 2.0 ** (x - 1), rtol=1e-6)


@flyc.kernel
def arch_waits(out: fx.Tensor):
    rocdl.cdna3.s_waitcnt(vmcnt=3, lgkmcnt=1)
    rocdl.rdna3.s_waitcnt(vmcnt=5)
    out[0] = 1


def test_per_arch_waits_keep_their_encoding():
    # The arch modules fix the encoding: cdna3's counters are read back as gfx942 reads them,
    # rdna3's field (vmcnt 5 at bits 15:10, the others at their maximum) stays whole.
    assert rocdl.sched.waitcnt_bits(True, vmcnt=3, lgkmcnt=1) == 3 | (1 << 8) | (7 << 4)
    assert rocdl.sched.waitcnt_bits(False, vmcnt=5) == (5 << 10) | (63 << 4) | 7
    assert rocdl.sched.waitcnt_bits(True, vmcnt=49) == 1 | (3 << 14) | (15 << 8) | (7 << 4)
    out = np.zeros(1, np.int32)
    arch_waits(out).launch(block=(1,))
    assert out[0] == 1
    if shutil.which("llvm-objdump-22"):
        binary = arch_waits.compile(out, target="rocm", arch="gfx942").binary
        asm = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", "-"], input=binary,
                             capture_output=True, check=True).stdout.decode()  # fmt: skip
        # LLVM merges the wait with the one the kernel's own loads need (lgkmcnt(0)).
        assert "s_waitcnt vmcnt(3)" in asm


def test_scaled_mfma_takes_flydsl_types():
    atom = rocdl.cdna4.MFMA_Scale(16, 16, 128, fx.Float4E2M1FN, fx.Float8E4M3FN)
    assert (atom.a_format, atom.b_format) == ("e2m1", "e4m3")
    assert rocdl.MFMA_Scale(32, 32, 64, fx.Float6E3M2FN, elem_ty_acc=fx.Float32).b_format == "e3m2"
    with pytest.raises(TypeError, match="accumulates in f32"):
        rocdl.MFMA_Scale(16, 16, 128, fx.Float8E5M2, None, fx.Float16)
    with pytest.raises(ValueError, match="opsel"):
        rocdl.MFMA_Scale(16, 16, 128, fx.Float8E5M2, opsel_a=1)
