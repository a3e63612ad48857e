"""fly_kernels_gemm_scaled (fk.gemm_scaled): fp8 A and B on the matrix cores of each arch the
cpu target emulates (gfx942's MFMA on FNUZ fp8, gfx950's on OCP fp8, sm_90's wgmma and sm_89's
mma.sync on OCP fp8, and mma.sync for sm_90's problems of up to 32 rows), scaled per tensor or
per row and column, against numpy; the instructions in gfx942 and sm_90 code; and the mistakes
a caller can make."""

import os
import re
import subprocess
import sys

import flydsl
import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_BFLOAT, KDL_CUDA, KDL_ROCM, DLView, from_bf16_bits
from _tools import needs_llvm_tools
from test_fp8_conversions import decode

DL_CODES = {"Float8E4M3FN": 10, "Float8E4M3FNUZ": 11, "Float8E5M2": 12, "Float8E5M2FNUZ": 13}
RNG = np.random.default_rng(8)


def fp8_codes(shape):
    """Random finite codes of modest magnitude (no NaN, no infinity) with either sign."""
    return (RNG.integers(0x08, 0x48, shape) | RNG.integers(0, 2, shape) << 7).astype(np.uint8)


def operands(fmt, m, n, k, device=1):
    """a (m x k, row-major) and b (k x n, column-major) as DLPack fp8 tensors, and their
    values."""
    a, bt = fp8_codes((m, k)), fp8_codes((n, k))
    values = np.array([decode(fmt, c) for c in range(256)])
    code = DL_CODES[fmt]
    return DLView(a, code, 8, device), DLView(bt.T, code, 8, device), values[a], values[bt].T


CASES = [("gfx942", "Float8E4M3FNUZ"), ("gfx942", "Float8E5M2FNUZ"), ("gfx950", "Float8E4M3FN"),
         ("gfx950", "Float8E5M2"), ("sm_90", "Float8E4M3FN"), ("sm_90", "Float8E5M2"),
         ("sm_89", "Float8E5M2")]  # fmt: skip


@pytest.mark.parametrize("arch,fmt", CASES)
@pytest.mark.parametrize("m,n,k", [(70, 50, 100), (16, 136, 256), (3, 5, 7)])
def test_scaled_products_match_numpy(monkeypatch, arch, fmt, m, n, k):
    monkeypatch.setenv("ARCH", arch)
    a, b, av, bv = operands(fmt, m, n, k)
    sa, sb = RNG.uniform(0.5, 2, (m, 1)).astype(np.float32), RNG.uniform(0.5, 2, n).astype(
        np.float32
    )
    out = np.zeros((m, n), np.float32)
    assert fk.gemm_scaled(a, b, sa, sb, out=out) is out
    want = (av @ bv) * sa * sb
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5 * np.abs(want).max())


def test_one_scale_for_each_tensor_and_a_bfloat16_result(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx950")
    a, b, av, bv = operands("Float8E4M3FN", 40, 24, 64)
    bits = np.zeros((40, 24), np.uint16)
    fk.gemm_scaled(a, b, np.array(0.25, np.float32), np.array([3.0], np.float32),
                   out=DLView(bits, KDL_BFLOAT, 16))  # fmt: skip
    want = (av @ bv) * 0.75
    np.testing.assert_allclose(from_bf16_bits(bits), want, rtol=2**-8)


def test_each_arch_reads_its_own_fp8_formats(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx942")
    a, b, _, _ = operands("Float8E4M3FN", 16, 16, 32)
    one, out = np.ones(1, np.float32), np.zeros((16, 16), np.float32)
    with pytest.raises(flydsl.UnsupportedError, match="reads fp8 as the FNUZ formats"):
        fk.gemm_scaled(a, b, one, one, out=out)
    monkeypatch.setenv("ARCH", "sm_80")
    with pytest.raises(flydsl.UnsupportedError, match="need sm_89 or later"):
        fk.gemm_scaled(a, b, one, one, out=out)


def bad_calls():
    a, b, _, _ = operands("Float8E4M3FNUZ", 8, 4, 16)
    e5, _, _, _ = operands("Float8E5M2FNUZ", 8, 4, 16)
    row_major_b = DLView(fp8_codes((16, 4)), DL_CODES["Float8E4M3FNUZ"], 8)
    ones = lambda n, dtype=np.float32: np.ones(n, dtype)
    return [
        ("scale_a length", lambda o: fk.gemm_scaled(a, b, ones(9), ones(4), out=o), "one per row"),
        ("scale_b shape", lambda o: fk.gemm_scaled(a, b, ones(8), ones((4, 1)), out=o),
         "one per column"),
        ("scale dtype", lambda o: fk.gemm_scaled(a, b, ones(8, np.float16), ones(4), out=o),
         "scales are float32"),
        ("mixed kinds", lambda o: fk.gemm_scaled(a, DLView(np.zeros((4, 16), np.uint8).T, 13, 8),
                                                 ones(1), ones(1), out=o), "one float8 kind"),
        ("mixed kinds too", lambda o: fk.gemm_scaled(e5, b, ones(1), ones(1), out=o),
         "one float8 kind"),
        ("16-bit operands", lambda o: fk.gemm_scaled(np.ones((8, 16), np.float16),
                                                     np.ones((16, 4), np.float16), ones(1),
                                                     ones(1), out=o), "one float8 kind"),
        ("b row-major", lambda o: fk.gemm_scaled(a, row_major_b, ones(1), ones(1), out=o),
         "contiguous along K"),
        ("no scale", lambda o: fk.gemm_scaled(a, b, None, ones(1), out=o), "both scale_a"),
        ("out shape", lambda o: fk.gemm_scaled(a, b, ones(1), ones(1), out=o[:, :3]), "has shape"),
        ("scale device", lambda o: fk.gemm_scaled(a, b, DLView(ones(1), 2, 32, KDL_ROCM),
                                                  ones(1), out=o), "is on"),
    ]  # fmt: skip


@pytest.mark.parametrize("case", range(10))
def test_mistakes_are_clear_errors_that_write_nothing(case):
    name, call, message = bad_calls()[case]
    out = np.full((8, 4), 7.0, np.float32)
    with pytest.raises((flydsl.FlyDSLError, TypeError), match=message):
        call(out)
    assert (out == 7.0).all(), name


# The instructions: gfx942's fp8 MFMA; sm_90's fp8 wgmma, and mma.sync where M is skinny.
SCRIPT = """
import sys, numpy as np
sys.path[:0] = ['bindings/python', 'tests/python']
import flydsl, flydsl.kernels as fk
from _dlpack import DLView
d = {device}
a = DLView(np.zeros(({m}, 256), np.uint8), {code}, 8, d)
b = DLView(np.zeros((128, 256), np.uint8).T, {code}, 8, d)
s = DLView(np.ones(1, np.float32), 2, 32, d)
try:
    fk.gemm_scaled(a, b, s, s, out=DLView(np.zeros(({m}, 128), np.float32), 2, 32, d))
except flydsl.LaunchError as e:
    assert 'COMPILE_ONLY' in str(e)
"""


def compile_only(tmp_path, arch, device, code, m=128):
    env = {**os.environ, "COMPILE_ONLY": "1", "FLYDSL_DUMP_IR": "1",
           "FLYDSL_DUMP_DIR": str(tmp_path), "ARCH": arch}  # fmt: skip
    env.pop("FLYDSL_COMPILE_BACKEND", None)
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    script = SCRIPT.format(device=device, code=code, m=m)
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=root)


@needs_llvm_tools
def test_gfx942_code_multiplies_by_fp8_mfma(tmp_path):
    compile_only(tmp_path, "gfx942", KDL_ROCM, DL_CODES["Float8E4M3FNUZ"])
    (hsaco,) = (tmp_path / "rocm-gfx942").glob("*_code_object.hsaco")
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx942", str(hsaco)], check=True,
                          capture_output=True, text=True).stdout  # fmt: skip
    assert "v_mfma_f32_16x16x32_fp8_fp8" in text
    assert "scratch_" not in text


def test_sm_90_code_multiplies_by_fp8_wgmma(tmp_path):
    compile_only(tmp_path, "sm_90", KDL_CUDA, DL_CODES["Float8E5M2"])
    (ptx,) = (tmp_path / "cuda-sm_90").glob("*_final_isa.ptx")
    text = ptx.read_text()
    calls = re.findall(r"wgmma\.mma_async\.sync\.aligned\.m64n\d+k32\.f32\.e5m2\.e5m2 .*", text)
    assert calls and "mma.sync" not in text
    # K-major operands: scale-d, the two scales, and no transposes (fp8 has none)
    assert all(re.search(r"%rd\d+, %rd\d+, p, 1, 1;$", c) for c in calls), calls[0]


def test_skinny_sm_90_code_multiplies_by_fp8_mma_sync(tmp_path):
    compile_only(tmp_path, "sm_90", KDL_CUDA, DL_CODES["Float8E4M3FN"], m=16)
    (ptx,) = (tmp_path / "cuda-sm_90").glob("*_final_isa.ptx")
    text = ptx.read_text()
    assert re.search(r"mma\.sync\.aligned\.m16n8k32\.row\.col\.f32\.e4m3\.e4m3\.f32", text)
    assert "wgmma" not in text
