"""Unsigned integers (fx.Uint8 .. fx.Uint64): the kernel's integers are signless, so the
binding keeps each value's signedness and picks unsigned division, remainder, shifts,
comparisons, min/max and conversions for unsigned values. Every check is against numpy's
unsigned arithmetic on values with the top bit set, where signed ops would differ."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest

BIG = np.array([0xFFFFFFFF, 0x80000001, 7, 0xDEADBEEF], np.uint32)
SMALL = np.array([3, 0x90000000, 2, 16], np.uint32)


@flyc.kernel
def u32_ops(a: fx.Tensor, b: fx.Tensor, out: fx.Tensor, flt: fx.Tensor):
    i = fx.thread_idx.x
    x, y = a[i], b[i]
    out[i, 0] = x // y
    out[i, 1] = x % y
    out[i, 2] = x >> 4
    out[i, 3] = fx.select_value(x < y, fx.Uint32(1), fx.Uint32(0))
    out[i, 4] = fx.max(x, y)
    out[i, 5] = fx.min(x, y)
    out[i, 6] = fx.ceildiv(x, y)
    flt[i] = fx.Float32(x)  # uitofp


def test_u32_ops_follow_unsigned_arithmetic(host_target):
    out = np.zeros((4, 7), np.uint32)
    flt = np.zeros(4, np.float32)
    u32_ops(BIG, SMALL, out, flt).launch(block=(4,))
    a, b = BIG.astype(np.uint64), SMALL.astype(np.uint64)
    np.testing.assert_array_equal(out[:, 0], a // b)
    np.testing.assert_array_equal(out[:, 1], a % b)
    np.testing.assert_array_equal(out[:, 2], a >> 4)
    np.testing.assert_array_equal(out[:, 3], (a < b).astype(np.uint32))
    np.testing.assert_array_equal(out[:, 4], np.maximum(a, b))
    np.testing.assert_array_equal(out[:, 5], np.minimum(a, b))
    np.testing.assert_array_equal(out[:, 6], (a + b - 1) // b)
    np.testing.assert_array_equal(flt, BIG.astype(np.float32))


@flyc.kernel
def widen(a: fx.Tensor, wide: fx.Tensor, back: fx.Tensor, f: fx.Tensor):
    i = fx.thread_idx.x
    wide[i] = fx.Uint64(a[i])  # zero-extends
    f[i] = fx.Float64(a[i])
    back[i] = fx.Uint8(f[i] + 0.5)  # fptoui: 255.5 -> 255, not -1 as a signed i8


def test_u8_widens_with_zeros_and_converts_as_unsigned(host_target):
    a = np.array([0, 1, 0x7F, 0x80, 0xFE, 0xFF], np.uint8)
    wide, back, f = np.zeros(6, np.uint64), np.zeros(6, np.uint8), np.zeros(6, np.float64)
    widen(a, wide, back, f).launch(block=(6,))
    np.testing.assert_array_equal(wide, a.astype(np.uint64))
    np.testing.assert_array_equal(f, a.astype(np.float64))
    np.testing.assert_array_equal(back, a)


@flyc.kernel
def scalar_in(out: fx.Tensor, n: fx.Uint32, m: fx.Uint64):
    out[0] = fx.Uint64(n) + fx.Uint64(1)
    out[1] = m // fx.Uint64(3)


@pytest.mark.parametrize("n,m", [(0xFFFFFFFF, 2**64 - 1), (0, 2**63), (12, 7)])
def test_unsigned_scalar_arguments_cover_their_whole_range(n, m, host_target):
    out = np.zeros(2, np.uint64)
    for _ in range(2):  # the second launch takes the fast path
        scalar_in(out, n, m).launch()
        assert out.tolist() == [n + 1, m // 3]


@pytest.mark.parametrize("n", [-1, 2**32, 1.5])
def test_an_unsigned_argument_outside_its_range_is_refused(n, host_target):
    out = np.zeros(2, np.uint64)
    with pytest.raises((OverflowError, TypeError), match="argument n"):
        scalar_in(out, n, 1).launch()
    assert (out == 0).all()


@flyc.kernel
def named_ops(a: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    x = a[i]
    # MLIR's named ops keep their own signedness whatever the operand's type.
    out[i, 0] = fx.arith.divsi(x, fx.Uint32(2))
    out[i, 1] = fx.arith.divui(x, fx.Uint32(2))
    out[i, 2] = (fx.arith.extsi(fx.T.i64, x) >> 32).to(fx.Uint32)  # the sign's copies
    out[i, 3] = fx.select_value(fx.arith.cmpi("slt", x, fx.Uint32(0)), fx.Uint32(1), fx.Uint32(0))


def test_named_arith_ops_keep_their_signedness(host_target):
    a = np.array([0xFFFFFFF0, 6], np.uint32)
    out = np.zeros((2, 4), np.uint32)
    named_ops(a, out).launch(block=(2,))
    signed = a.view(np.int32)
    np.testing.assert_array_equal(out[:, 0], (signed / 2).astype(np.int32).view(np.uint32))
    np.testing.assert_array_equal(out[:, 1], a // 2)
    np.testing.assert_array_equal(out[:, 2], [0xFFFFFFFF, 0])
    np.testing.assert_array_equal(out[:, 3], (signed < 0).astype(np.uint32))


def test_unsigned_types_are_exported_with_their_signedness():
    for name, width in (("Uint8", 8), ("Uint16", 16), ("Uint32", 32), ("Uint64", 64)):
        t = getattr(fx, name)
        assert (t.width, t.signed) == (width, False)
    assert fx.Int32.signed is True and fx.Float32.signed is None
    from flydsl.expr.typing import Uint32

    assert Uint32 is fx.Uint32


@flyc.kernel
def halve(src: fx.Pointer, out: fx.Tensor):
    i = fx.thread_idx.x
    out[i] = src[i] >> 1  # a logical shift: the pointer's elements are unsigned


def test_a_raw_address_of_unsigned_elements(host_target):
    data = np.array([0xFFFFFFFE, 4], np.uint32)
    out = np.zeros(2, np.uint32)
    halve(flyc.from_c_void_p(fx.Uint32, data.ctypes.data), out).launch(block=(2,))
    assert out.tolist() == [0x7FFFFFFF, 2]


@flyc.kernel
def u32_lanes(a: fx.Tensor, out: fx.Tensor):
    v = a.load(0, lanes=4)  # the tensor's u32, lane by lane
    (v >> 28).store(out, 0)
    fx.select_value(v > 5, v // 3, v % 3).store(out, 4)
    fx.Vector.from_elements([v[3], v[2], v[1], v[0]], fx.Uint32).store(out, 8)


def test_vectors_of_unsigned_lanes_use_the_unsigned_ops(host_target):
    a = np.array([0xF0000000, 5, 0x80000007, 9], np.uint32)
    out = np.zeros(12, np.uint32)
    u32_lanes(a, out).launch()
    np.testing.assert_array_equal(out[:4], a >> 28)
    np.testing.assert_array_equal(out[4:8], np.where(a > 5, a // 3, a % 3))
    np.testing.assert_array_equal(out[8:], a[::-1])
