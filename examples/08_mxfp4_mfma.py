"""Block-scaled matrix cores (CDNA4, gfx950): a 32 x 32 tile of C = A * B^T with A in MXFP4
(fp4 e2m1 codes) and B in MXFP8 (fp8 e4m3), each with one E8M0 scale per 32 K values of a row,
on a 2 x 2 tiled MMA of v_mfma_scale_f32_16x16x128_f8f6f4 atoms. The host quantizes random
matrices to those formats; the kernel partitions the codes and the scales as the atom reads them
(partition_A/B and partition_SFA/SFB), and fx.gemm multiplies them over K = 256.

On the cpu target the atom runs emulated lane by lane as gfx950 defines it; the same kernel
compiles to the instruction for gfx950 (and is refused for gfx942, which lacks it).
Run: PYTHONPATH=bindings/python python3 examples/08_mxfp4_mfma.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np

os.environ.setdefault("ARCH", "gfx950")  # the arch the cpu target emulates
os.environ.setdefault("FLYDSL_COMPILE_BACKEND", "cpu")  # also where an NVIDIA GPU is visible

M, N, K = 32, 32, 256
tiled = fx.make_tiled_mma(
    fx.make_mma_atom(fx.rocdl.MFMA_Scale(16, 16, 128, "e2m1", "e4m3")),
    fx.make_layout((2, 2, 1), (1, 2, 0)),
)


@flyc.kernel
def mx_gemm(A: fx.Tensor, B: fx.Tensor, SA: fx.Tensor, SB: fx.Tensor, C: fx.Tensor):
    thr = tiled.thr_slice(fx.thread_idx.x)
    tAgA, tBgB, tCgC = thr.partition_A(A), thr.partition_B(B), thr.partition_C(C)
    tSgA, tSgB = thr.partition_SFA(SA), thr.partition_SFB(SB)
    rA, rB = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB)
    rSA, rSB = thr.make_fragment_A(tSgA), thr.make_fragment_B(tSgB)
    byte = fx.make_copy_atom(fx.UniversalCopy(8), fx.Int8)
    for src, dst in ((tAgA, rA), (tBgB, rB), (tSgA, rSA), (tSgB, rSB)):
        fx.copy(byte, src, dst)
    rC = thr.make_fragment_C(tCgC)
    rC.fill(0)
    fx.gemm(tiled, rC, rA, rB, rC, scale_a=rSA, scale_b=rSB)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), rC, tCgC)


def table(exp, man, bias):
    """Every non-negative value of a sign/exponent/mantissa format, indexed by its code."""
    codes = np.arange(1 << (exp + man))
    e, m = codes >> man, codes & ((1 << man) - 1)
    return np.where(e == 0, m * 2.0 ** (1 - bias - man), (1 + m / 2.0**man) * 2.0 ** (e - bias))


FP4 = table(2, 1, 1)  # 0, 0.5, 1, 1.5, 2, 3, 4, 6
E4M3 = table(4, 3, 7)[:-1]  # the last code is NaN


def quantize(x, values, sign_bit):
    """x (rows x K) as codes of `values` with one power-of-two scale per 32 K values: the
    scale takes each block's largest magnitude to the format's range."""
    blocks = x.reshape(x.shape[0], -1, 32)
    amax = np.abs(blocks).max(axis=2, keepdims=True)
    exponent = np.floor(np.log2(np.maximum(amax, 1e-30) / values[-1])).astype(np.int64) + 1
    scaled = np.abs(blocks) / 2.0**exponent
    codes = np.abs(scaled[..., None] - values).argmin(axis=-1)
    codes = np.where(blocks < 0, codes | sign_bit, codes).reshape(x.shape)
    return codes.astype(np.uint8), (exponent[..., 0] + 127).astype(np.uint8)


def dequantize(codes, scales, values, sign_bit):
    v = values[codes & (sign_bit - 1)] * np.where(codes & sign_bit, -1.0, 1.0)
    return v * np.repeat(2.0 ** (scales.astype(np.float64) - 127), 32, axis=1)


rng = np.random.default_rng(0)
x, w = rng.standard_normal((M, K)), rng.standard_normal((N, K))
a, sa = quantize(x, FP4, 8)
b, sb = quantize(w, E4M3, 128)
c = np.zeros((M, N), np.float32)
args = [flyc.from_dlpack(t.view(np.int8)) for t in (a, b, sa, sb)] + [flyc.from_dlpack(c)]
mx_gemm(*args).launch(block=(tiled.size,))

exact = dequantize(a, sa, FP4, 8) @ dequantize(b, sb, E4M3, 128).T
error = np.abs(c - exact).max()
print(f"MXFP4 x MXFP8 on the cpu target emulating gfx950: max |C - reference| = {error:.2e}")
full = x @ w.T
relative = np.abs(c - full).max() / np.abs(full).max()
print(f"MX quantization's error against the f64 product: {relative:.1%}")
assert error <= 1e-4 * np.abs(exact).max()

binary = mx_gemm.compile(*args, target="rocm", arch="gfx950").binary
print(f"gfx950 code object: {len(binary)} bytes")
try:
    mx_gemm.compile(*args, target="rocm", arch="gfx942")
    raise SystemExit("gfx942 has no block-scaled MFMA, yet the kernel compiled for it")
except flyc.CompileError as e:
    print(f"gfx942: {e}")
print("ok")
