"""RDNA3's integer WMMA (v_wmma_i32_16x16x16_iu8 and _iu4) with its controls: `fx.rocdl.WMMA(16,
16, 16, fx.Int8, fx.Int32, sign_a=, sign_b=, clamp=)` reads A and B as signed or unsigned bytes
and saturates or wraps the i32 sum; with fx.Int4 it reads nibbles, which a lane passes as a
vector of sixteen Int4 bitcast from two packed Int32 words (Int4 values live in registers only).
Run on the cpu target's gfx1100 emulation against numpy, and compiled for rocm, where the
controls are the instruction's neg_lo and clamp bits."""

import subprocess

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools
from flydsl._mlir.dialects import fly
from flydsl._mma import MmaOp
from flydsl.errors import CompileError, UnsupportedError

INT32 = np.iinfo(np.int32)


def _kernel(sign_a, sign_b, clamp):
    # RDNA3's lanes: l and l + 16 both hold row (A) or column (B) l % 16 and all sixteen K;
    # C and D: lane l holds column l % 16, rows 2 i + l / 16.
    @flyc.kernel
    def one_wmma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, D: fx.Tensor):
        lane = fx.thread_idx.x
        col = lane % 16
        a = fx.Vector.from_elements([A[col, k] for k in fx.range_constexpr(16)])
        b = fx.Vector.from_elements([B[k, col] for k in fx.range_constexpr(16)])
        c = fx.Vector.from_elements([C[2 * i + lane // 16, col] for i in fx.range_constexpr(8)])
        op = fx.rocdl.WMMA(16, 16, 16, fx.Int8, fx.Int32, sign_a=sign_a, sign_b=sign_b, clamp=clamp)
        d_type = fx.Vector.make_type(8, fx.Int32)
        d = fly.mma_atom_call_ssa([d_type], fx.make_mma_atom(op), a, b, c)
        for i in fx.range_constexpr(8):
            D[2 * i + lane // 16, col] = fx.Vector(d)[i]

    return one_wmma


def _bytes(signed, rng, shape):
    return (
        rng.integers(-128, 128, shape).astype(np.int8)
        if signed
        else rng.integers(0, 256, shape).astype(np.uint8)
    )


def _expected(a, b, c, clamp):
    exact = a.astype(np.int64) @ b.astype(np.int64) + c
    return np.clip(exact, INT32.min, INT32.max) if clamp else exact.astype(np.int32)


@pytest.mark.parametrize("sign_a, sign_b", [(True, True), (False, False), (False, True)])
def test_the_controls_say_how_the_bytes_are_read(monkeypatch, sign_a, sign_b):
    monkeypatch.setenv("ARCH", "gfx1100")
    rng = np.random.default_rng(3)
    a, b = _bytes(sign_a, rng, (16, 16)), _bytes(sign_b, rng, (16, 16))
    a[0], b[:, 0] = a.max(), b.min()  # the extremes of each reading
    c = rng.integers(-1000, 1000, (16, 16)).astype(np.int32)
    d = np.zeros((16, 16), np.int32)
    _kernel(sign_a, sign_b, False)(a, b, c, d).launch(block=(32,))
    np.testing.assert_array_equal(d, _expected(a, b, c, clamp=False))


def test_unsigned_bytes_are_not_their_signed_bits(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx1100")
    a = np.full((16, 16), 200, np.uint8)  # -56 where read as signed
    b = np.ones((16, 16), np.uint8)
    c, d = np.zeros((16, 16), np.int32), np.zeros((16, 16), np.int32)
    _kernel(False, False, False)(a, b, c, d).launch(block=(32,))
    assert (d == 16 * 200).all()
    _kernel(True, False, False)(a, b, c, d).launch(block=(32,))
    assert (d == -16 * 56).all()


@pytest.mark.parametrize("clamp", [True, False])
def test_clamp_saturates_where_the_sum_leaves_i32(monkeypatch, clamp):
    monkeypatch.setenv("ARCH", "gfx1100")
    a = np.full((16, 16), 127, np.int8)
    a[8:] = -128
    b = np.full((16, 16), 127, np.int8)
    c = np.full((16, 16), INT32.max - 1000, np.int32)
    c[8:] = INT32.min + 1000
    d = np.zeros((16, 16), np.int32)
    _kernel(True, True, clamp)(a, b, c, d).launch(block=(32,))
    want = _expected(a, b, c, clamp)
    np.testing.assert_array_equal(d, want)
    assert (d[:8] == INT32.max).all() == clamp and (d[8:] == INT32.min).all() == clamp


def test_float_wmma_refuses_the_controls():
    with pytest.raises(ValueError, match="controls of the integer instructions"):
        fx.rocdl.WMMA(16, 16, 16, fx.Float16, sign_a=True)


def test_mfma_i8_has_no_controls():
    op = fx.rocdl.WMMA(16, 16, 16, fx.Int8, fx.Int32, sign_a=True)
    assert "sign_a" in repr(op) and "sign_b" not in repr(op)
    # MFMA's i8 reads signed bytes and wraps: an unsigned reading is refused, not ignored
    with pytest.raises(UnsupportedError, match="reads signed values and wraps"):
        fx.make_mma_atom(MmaOp(1, 16, 16, 32, fx.Int8, fx.Int32, 64, modifiers=0))


@needs_llvm_tools
@pytest.mark.parametrize(
    "sign_a, sign_b, clamp, bits",
    [(True, True, False, "neg_lo:[1,1,0]"), (False, True, True, "neg_lo:[0,1,0] clamp")],
)
def test_the_controls_are_the_instructions_bits(tmp_path, sign_a, sign_b, clamp, bits):
    args = (np.zeros((16, 16), np.int8),) * 2 + (np.zeros((16, 16), np.int32),) * 2
    binary = _kernel(sign_a, sign_b, clamp).compile(*args, target="rocm", arch="gfx1100").binary
    (tmp_path / "k.hsaco").write_bytes(binary)
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx1100", str(tmp_path / "k.hsaco")],
                          capture_output=True, text=True, check=True).stdout  # fmt: skip
    line = next(x for x in text.splitlines() if "v_wmma_i32_16x16x16_iu8" in x)
    assert bits in line, line
    assert clamp == ("clamp" in line), line


def _nibble_kernel(sign_a, sign_b):
    # A's row and B's column of a lane as two i32 words of eight nibbles each, nibble j of word
    # w being K index 8 w + j (the lowest bits first).
    @flyc.kernel
    def one_iu4(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
        lane = fx.thread_idx.x
        col = lane % 16
        a = fx.Vector.from_elements([A[col, w] for w in fx.range_constexpr(2)]).bitcast(fx.Int4)
        b = fx.Vector.from_elements([B[col, w] for w in fx.range_constexpr(2)]).bitcast(fx.Int4)
        c = fx.Vector.filled(8, 0, fx.Int32)
        op = fx.rocdl.WMMA(16, 16, 16, fx.Int4, fx.Int32, sign_a=sign_a, sign_b=sign_b)
        d = fly.mma_atom_call_ssa([fx.Vector.make_type(8, fx.Int32)], fx.make_mma_atom(op), a, b, c)
        for i in fx.range_constexpr(8):
            D[2 * i + lane // 16, col] = fx.Vector(d)[i]

    return one_iu4


def _packed(nibbles):
    """Rows of 16 values in 0..15 as two int32 words each, the first value lowest."""
    words = np.zeros((nibbles.shape[0], 2), np.int64)
    for j in range(16):
        words[:, j // 8] |= (nibbles[:, j].astype(np.int64) & 0xF) << (4 * (j % 8))
    return words.astype(np.uint32).view(np.int32)


@pytest.mark.parametrize("sign_a, sign_b", [(True, True), (False, False), (True, False)])
def test_nibbles_packed_in_words_are_read_as_the_controls_say(monkeypatch, sign_a, sign_b):
    monkeypatch.setenv("ARCH", "gfx1100")
    rng = np.random.default_rng(4)
    codes_a, codes_b = rng.integers(0, 16, (16, 16)), rng.integers(
        0, 16, (16, 16)
    )  # (M, K), (N, K)
    codes_a[0], codes_b[1] = 15, 8  # -1 and -8 where read as signed, 15 and 8 where not
    a = np.where(sign_a & (codes_a > 7), codes_a - 16, codes_a)
    b = np.where(sign_b & (codes_b > 7), codes_b - 16, codes_b)
    d = np.zeros((16, 16), np.int32)
    _nibble_kernel(sign_a, sign_b)(_packed(codes_a), _packed(codes_b), d).launch(block=(32,))
    np.testing.assert_array_equal(d, a @ b.T)


def test_int4_values_live_in_registers_only(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx1100")

    @flyc.kernel
    def int4_tensor(D: fx.Tensor):
        fx.make_rmem_tensor(8, fx.Int4)

    @flyc.kernel
    def int4_parameter(D: fx.Tensor, x: fx.Int4):
        D[0] = fx.Int32(x)

    @flyc.kernel
    def eight_nibbles(D: fx.Tensor):
        a = fx.Vector.from_elements([D[0]]).bitcast(fx.Int4)  # 8 values where the atom takes 16
        op = fx.rocdl.WMMA(16, 16, 16, fx.Int4, fx.Int32, sign_a=True, sign_b=True)
        fly.mma_atom_call_ssa(
            [fx.Vector.make_type(8, fx.Int32)],
            fx.make_mma_atom(op),
            a,
            a,
            fx.Vector.filled(8, 0, fx.Int32),
        )

    d = np.zeros(1, np.int32)
    with pytest.raises(CompileError, match="cannot be of i4: its values live in registers only"):
        int4_tensor(d).launch(block=(32,))
    with pytest.raises(CompileError, match="scalar parameter cannot be of i4"):
        int4_parameter(d, 3).launch(block=(32,))
    with pytest.raises(CompileError, match="takes 16 and 16 values of i4 and 8 of i32, got"):
        eight_nibbles(d).launch(block=(32,))
    assert d[0] == 0


@needs_llvm_tools
def test_nibbles_compile_to_the_iu4_instruction(tmp_path):
    words = np.zeros((16, 2), np.int32)
    kernel = _nibble_kernel(True, False)
    binary = kernel.compile(words, words, np.zeros((16, 16), np.int32), target="rocm",
                            arch="gfx1100").binary  # fmt: skip
    (tmp_path / "k.hsaco").write_bytes(binary)
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx1100", str(tmp_path / "k.hsaco")],
                          capture_output=True, text=True, check=True).stdout  # fmt: skip
    line = next(x for x in text.splitlines() if "v_wmma_i32_16x16x16_iu4" in x)
    assert "neg_lo:[1,0,0]" in line, line
