"""RDNA3's integer matrix cores (gfx11): one 16 x 16 x 16 product D = A * B^T + C of 8-bit and of
4-bit integers, each read as signed or unsigned as the instruction's controls say
(`fx.rocdl.WMMA(..., sign_a=, sign_b=, clamp=)`). A wave of 32 lanes calls the atom once on its
values: lane l holds row (A) or column (B) l % 16 with all sixteen K values, and rows 2 i + l / 16
of column l % 16 of C and D. 4-bit integers live in registers only: a lane reads its sixteen
nibbles as two packed Int32 words and bitcasts them to a vector of sixteen Int4.

On the cpu target the atom runs emulated as gfx1100 defines it; the same kernels compile to
v_wmma_i32_16x16x16_iu8 and _iu4 for gfx1100.
Run: PYTHONPATH=bindings/python python3 examples/rdna3_integer_wmma.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from flydsl._mlir.dialects import fly

os.environ.setdefault("ARCH", "gfx1100")  # the arch the cpu target emulates
os.environ.setdefault("FLYDSL_COMPILE_BACKEND", "cpu")  # also where a GPU is visible

D_TYPE = fx.Vector.make_type(8, fx.Int32)


@flyc.kernel
def bytes_wmma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, D: fx.Tensor, signed: fx.Constexpr[bool]):
    lane = fx.thread_idx.x
    col = lane % 16
    a = fx.Vector.from_elements([A[col, k] for k in fx.range_constexpr(16)])
    b = fx.Vector.from_elements([B[col, k] for k in fx.range_constexpr(16)])
    c = fx.Vector.from_elements([C[2 * i + lane // 16, col] for i in fx.range_constexpr(8)])
    op = fx.rocdl.WMMA(16, 16, 16, fx.Int8, fx.Int32, sign_a=signed, sign_b=signed)
    d = fx.Vector(fly.mma_atom_call_ssa([D_TYPE], fx.make_mma_atom(op), a, b, c))
    for i in fx.range_constexpr(8):
        D[2 * i + lane // 16, col] = d[i]


@flyc.kernel
def nibbles_wmma(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor, signed: fx.Constexpr[bool]):
    lane = fx.thread_idx.x
    col = lane % 16
    a = fx.Vector.from_elements([A[col, w] for w in fx.range_constexpr(2)]).bitcast(fx.Int4)
    b = fx.Vector.from_elements([B[col, w] for w in fx.range_constexpr(2)]).bitcast(fx.Int4)
    op = fx.rocdl.WMMA(16, 16, 16, fx.Int4, fx.Int32, sign_a=signed, sign_b=signed)
    zero = fx.Vector.filled(8, 0, fx.Int32)
    d = fx.Vector(fly.mma_atom_call_ssa([D_TYPE], fx.make_mma_atom(op), a, b, zero))
    for i in fx.range_constexpr(8):
        D[2 * i + lane // 16, col] = d[i]


def packed(codes):
    """Rows of sixteen 4-bit codes as two int32 words each, code j at bits 4 (j % 8) of word
    j // 8."""
    words = np.zeros((codes.shape[0], 2), np.uint32)
    for j in range(16):
        words[:, j // 8] |= codes[:, j].astype(np.uint32) << np.uint32(4 * (j % 8))
    return words.view(np.int32)


rng = np.random.default_rng(0)
for signed in (True, False):
    low, high, dtype = (-128, 128, np.int8) if signed else (0, 256, np.uint8)
    a, b = rng.integers(low, high, (16, 16)).astype(dtype), rng.integers(low, high, (16, 16))
    b = b.astype(dtype)
    c = rng.integers(-1000, 1000, (16, 16)).astype(np.int32)
    d = np.zeros((16, 16), np.int32)
    bytes_wmma(a, b, c, d, signed).launch(block=(32,))
    want = a.astype(np.int64) @ b.astype(np.int64).T + c
    assert np.array_equal(d, want), signed
    codes_a, codes_b = rng.integers(0, 16, (16, 16)), rng.integers(0, 16, (16, 16))
    nibbles_wmma(packed(codes_a), packed(codes_b), d, signed).launch(block=(32,))
    value_a = np.where(signed & (codes_a > 7), codes_a - 16, codes_a)
    value_b = np.where(signed & (codes_b > 7), codes_b - 16, codes_b)
    assert np.array_equal(d, value_a @ value_b.T), signed
    kind = "signed" if signed else "unsigned"
    print(f"{kind} i8 and i4 16x16x16 products on the cpu target emulating gfx1100: exact")

words = packed(np.zeros((16, 16), np.int64))
binary = nibbles_wmma.compile(words, words, d, True, target="rocm", arch="gfx1100").binary
print(f"gfx1100 code object of the 4-bit product: {len(binary)} bytes")
print("ok")
