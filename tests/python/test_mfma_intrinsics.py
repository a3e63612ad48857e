"""The MFMA intrinsics by name (`fx.rocdl.mfma_f32_16x16x16f16(type, [a, b, c])`), FlyDSL's raw
spelling of one matrix instruction over a lane's registers: run on the cpu target's gfx942
emulation against numpy, with operands as the kernels pass them (f16 vectors, bf16 bits in
i16 lanes, eight fp8 values in one i64), compiled to the instruction for rocm, and the
broadcast controls refused."""

import subprocess

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools


def _disassembly(kernel, args, arch, tmp_path):
    """The kernel's rocm code object for `arch`, disassembled."""
    (tmp_path / "k.hsaco").write_bytes(kernel.compile(*args, target="rocm", arch=arch).binary)
    return subprocess.run(["llvm-objdump-22", "-d", f"--mcpu={arch}", str(tmp_path / "k.hsaco")],
                          capture_output=True, text=True, check=True).stdout  # fmt: skip


@flyc.kernel
def mfma_16x16x16(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col, k0 = lane % 16, (lane // 16) * 4  # CDNA3's operand layout for 16x16x16
    a = fx.Vector.from_elements([A[col, k0 + i] for i in range(4)])
    b = fx.Vector.from_elements([B[k0 + i, col] for i in range(4)])
    c = fx.Vector.filled(4, 1.0, fx.Float32)
    d = fx.rocdl.mfma_f32_16x16x16f16(fx.T.vec(4, fx.T.f32), [a, b, c, 0, 0, 0])
    for i in range(4):
        D[k0 + i, col] = d[i]


@flyc.kernel
def mfma_bf16_as_i16(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col, k0 = lane % 32, (lane // 32) * 4  # 32x32x8: lanes 32..63 hold K 4..7
    a = fx.Vector.from_elements([A[col, k0 + i] for i in range(4)]).to(fx.BFloat16)
    b = fx.Vector.from_elements([B[k0 + i, col] for i in range(4)]).to(fx.BFloat16)
    a, b = a.bitcast(fx.Int16), b.bitcast(fx.Int16)  # the intrinsic's operand type
    c = fx.Vector.filled(16, 0.0, fx.Float32)
    d = fx.rocdl.mfma_f32_32x32x8bf16_1k(fx.T.vec(16, fx.T.f32), [a, b, c])
    for i in range(16):  # row of accumulator i: 8 * (i // 4) + 4 * (lane // 32) + i % 4
        D[8 * (i // 4) + k0 + i % 4, col] = d[i]


@flyc.kernel
def mfma_fp8_packed(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col, k0 = lane % 16, (lane // 16) * 8
    a = fx.Vector.from_elements([A[col, k0 + i] for i in range(8)])
    b = fx.Vector.from_elements([B[k0 + i, col] for i in range(8)])
    a64 = a.to(fx.Float8E4M3FNUZ).bitcast(fx.Int64)  # eight fp8 values in one i64
    b64 = b.to(fx.Float8E4M3FNUZ).bitcast(fx.Int64)
    c = fx.Vector.filled(4, 0.0, fx.Float32)
    d = fx.rocdl.mfma_f32_16x16x32_fp8_fp8(fx.T.vec(4, fx.T.f32), [a64, b64, c])
    for i in range(4):
        D[(lane // 16) * 4 + i, col] = d[i]


def test_an_f16_mfma_adds_the_product_to_its_accumulator():
    rng = np.random.default_rng(1)
    a, b = (rng.standard_normal((16, 16)).astype(np.float16) for _ in range(2))
    d = np.zeros((16, 16), np.float32)
    mfma_16x16x16(a, b, d).launch(block=(64,))
    want = a.astype(np.float32) @ b.astype(np.float32) + 1.0
    np.testing.assert_allclose(d, want, rtol=1e-5, atol=1e-5)


def test_bf16_operands_given_as_their_bits():
    # Small integers: exact in bf16 and in every order of summation.
    rng = np.random.default_rng(2)
    a, b = rng.integers(-4, 5, (32, 8)), rng.integers(-4, 5, (8, 32))
    d = np.zeros((32, 32), np.float32)
    mfma_bf16_as_i16(a.astype(np.float32), b.astype(np.float32), d).launch(block=(64,))
    np.testing.assert_array_equal(d, a @ b)


def test_fp8_operands_packed_in_an_integer():
    rng = np.random.default_rng(3)
    a, b = rng.integers(-3, 4, (16, 32)), rng.integers(-3, 4, (32, 16))
    d = np.zeros((16, 16), np.float32)
    mfma_fp8_packed(a.astype(np.float32), b.astype(np.float32), d).launch(block=(64,))
    np.testing.assert_array_equal(d, a @ b)


@needs_llvm_tools
def test_rocm_code_is_the_instruction(tmp_path):
    args = (np.zeros((16, 16), np.float16),) * 2 + (np.zeros((16, 16), np.float32),)
    text = _disassembly(mfma_16x16x16, args, "gfx942", tmp_path)
    assert "v_mfma_f32_16x16x16_f16" in text or "v_mfma_f32_16x16x16f16" in text, text


@flyc.kernel
def broadcast_mfma(D: fx.Tensor):
    a = fx.Vector.filled(4, 1.0, fx.Float16)
    c = fx.Vector.filled(4, 0.0, fx.Float32)
    D[0] = fx.rocdl.mfma_f32_16x16x16f16(fx.T.vec(4, fx.T.f32), [a, a, c, 1, 0, 0])[0]


def test_broadcast_controls_are_refused():
    with pytest.raises(NotImplementedError, match="cbsz / abid / blgp"):
        broadcast_mfma(np.zeros(4, np.float32)).launch(block=(64,))


# RDNA4's WMMA intrinsics: lane l holds row (A) or column (B) l % 16 and K 8 (l / 16) + 0..7,
# for fp8 as for f16 (eight bytes in two i32 words for fp8, as FlyDSL's fp8 GEMM passes them);
# C: lane l holds column l % 16, rows 8 (l / 16) + 0..7.
@flyc.kernel
def wmma_fp8_words(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col, k0 = lane % 16, (lane // 16) * 8
    a = fx.Vector.from_elements([A[col, k0 + i] for i in range(8)])
    b = fx.Vector.from_elements([B[k0 + i, col] for i in range(8)])
    a32 = a.to(fx.Float8E4M3FN).bitcast(fx.Int32)
    b32 = b.to(fx.Float8E4M3FN).bitcast(fx.Int32)
    c = fx.Vector.filled(8, 2.0, fx.Float32)
    d = fx.rocdl.wmma_f32_16x16x16_fp8_fp8(c.type, a32, b32, c).result
    for i in range(8):
        D[(lane // 16) * 8 + i, col] = d[i]


@flyc.kernel
def wmma_f16(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col, k0 = lane % 16, (lane // 16) * 8
    a = fx.Vector.from_elements([A[col, k0 + i] for i in range(8)])
    b = fx.Vector.from_elements([B[k0 + i, col] for i in range(8)])
    c = fx.Vector.filled(8, 0.0, fx.Float32)
    d = fx.rocdl.wmma_f32_16x16x16_f16(c.type, a, b, c).result
    for i in range(8):
        D[(lane // 16) * 8 + i, col] = d[i]


@pytest.mark.parametrize("kernel,dtype", [(wmma_fp8_words, np.float32), (wmma_f16, np.float16)])
def test_an_rdna4_wmma_by_name_runs_emulated(kernel, dtype, monkeypatch):
    monkeypatch.setenv("ARCH", "gfx1201")
    rng = np.random.default_rng(4)
    a, b = rng.integers(-3, 4, (16, 16)), rng.integers(-3, 4, (16, 16))
    d = np.zeros((16, 16), np.float32)
    kernel(a.astype(dtype), b.astype(dtype), d).launch(block=(32,))
    np.testing.assert_array_equal(d, a @ b + (2.0 if kernel is wmma_fp8_words else 0.0))


@needs_llvm_tools
def test_the_fp8_wmma_is_its_gfx12_instruction(tmp_path):
    args = (np.zeros((16, 16), np.float32),) * 3
    text = _disassembly(wmma_fp8_words, args, "gfx1201", tmp_path)
    assert "v_wmma_f32_16x16x16_fp8_fp8" in text, text
    with pytest.raises(flyc.CompileError, match="WMMA instruction of gfx12"):
        wmma_fp8_words.compile(*args, target="rocm", arch="gfx942")


# RDNA3's WMMA: lanes l and l + 16 both hold row (A) or column (B) l % 16 and all sixteen K;
# C: lane l holds column l % 16, rows 2 i + l / 16.
@flyc.kernel
def wmma_gfx11(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col = lane % 16
    a = fx.Vector.from_elements([A[col, k] for k in range(16)])
    b = fx.Vector.from_elements([B[k, col] for k in range(16)])
    c = fx.Vector.filled(8, 0.5, fx.Float32)
    d = fx.rocdl.wmma_f32_16x16x16_f16(c.type, a, b, c).result
    for i in range(8):
        D[2 * i + lane // 16, col] = d[i]


def test_an_rdna3_wmma_by_name_runs_emulated(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx1100")
    rng = np.random.default_rng(9)
    a, b = rng.integers(-3, 4, (16, 16)), rng.integers(-3, 4, (16, 16))
    d = np.zeros((16, 16), np.float32)
    wmma_gfx11(a.astype(np.float16), b.astype(np.float16), d).launch(block=(32,))
    np.testing.assert_array_equal(d, a @ b + 0.5)


@needs_llvm_tools
def test_the_rdna3_wmma_is_its_gfx11_instruction(tmp_path):
    args = (np.zeros((16, 16), np.float16),) * 2 + (np.zeros((16, 16), np.float32),)
    text = _disassembly(wmma_gfx11, args, "gfx1100", tmp_path)
    assert "v_wmma_f32_16x16x16_f16" in text, text
    # The same kernel for RDNA4 passes sixteen values where gfx12's WMMA reads eight.
    with pytest.raises(ValueError, match="a lane's A is 8 f16 values on gfx12"):
        wmma_gfx11.compile(*args, target="rocm", arch="gfx1201")
