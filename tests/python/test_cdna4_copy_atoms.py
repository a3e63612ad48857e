"""gfx950's copy atoms under FlyDSL's names (`fx.rocdl.cdna4`): the transposing LDS read that
feeds an MFMA operand from a tile stored the other way round, the LDS DMA atoms of the
asynchronous form with their marks, and the forms that are refused with a reason."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.expr import rocdl


def _transposed_b_gemm(atom_of, rng):
    """One 32x32x32 f16 tile of a 2x2 tiled MFMA (gfx950's 16x16x32): B (n, k) is staged in
    shared memory K-major, n contiguous (the layout a transposing read serves), and each
    thread's B fragment is read from it through make_tiled_copy_B of `atom_of()`."""
    tiled = fx.make_tiled_mma(
        fx.make_mma_atom(rocdl.MFMA(16, 16, 32, fx.Float16)), fx.make_layout((2, 2, 1), (1, 2, 0))
    )
    m, n, k = tiled.tile_size_mnk

    @flyc.kernel
    def one_tile(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        tid = fx.thread_idx.x
        sB = fx.SharedAllocator().allocate_tensor(fx.Float16, fx.make_layout((n, k), (1, n)))
        for i in range(tid, n * k, 256):
            sB[i % n, i // n] = B[i % n, i // n]
        fx.barrier()
        thr = tiled.thr_slice(tid)
        rA = thr.make_fragment_A(thr.partition_A(A))
        rB = thr.make_fragment_B(thr.partition_B(sB))
        rC = thr.make_fragment_C(thr.partition_C(C))
        plain = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float16)
        copy_a = fx.make_tiled_copy_A(plain, tiled).get_slice(tid)
        fx.copy(plain, copy_a.partition_S(A), copy_a.retile_D(rA))
        trans = fx.make_copy_atom(atom_of(), fx.Float16)
        copy_b = fx.make_tiled_copy_B(trans, tiled).get_slice(tid)
        fx.copy(trans, copy_b.partition_S(sB), copy_b.retile_D(rB))
        rC.fill(0.0)
        fx.gemm(tiled, rC, rA, rB, rC)
        out = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
        copy_c = fx.make_tiled_copy_C(out, tiled).get_slice(tid)
        fx.copy(out, copy_c.retile_S(rC), copy_c.partition_D(C))

    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((n, k)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    want = a.astype(np.float64) @ b.astype(np.float64).T
    return one_tile, [flyc.from_dlpack(t) for t in (a, b, c)], c, want


@pytest.mark.parametrize("atom_of", [rocdl.cdna4.LDSReadTrans16_64b,
                                     lambda: rocdl.cdna4.LDSReadTrans(16, 64)])  # fmt: skip
def test_a_transposing_lds_read_feeds_the_mfma_from_a_k_major_tile(atom_of, monkeypatch):
    monkeypatch.setenv("ARCH", "gfx950")
    kernel, args, c, want = _transposed_b_gemm(atom_of, np.random.default_rng(5))
    kernel(*args).launch(grid=(1,), block=(256,))
    np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)
    # gfx950's code object builds too (the read is element by element there as well)
    kernel.compile(*args, target="rocm", arch="gfx950").binary  # noqa: B018


def test_async_lds_loads_are_the_buffer_lds_atoms_and_their_marks_wait_for_nothing(monkeypatch):
    """A wave's 16-byte DMA loads into LDS then a read of them, bracketed by asyncmark /
    wait_asyncmark as FlyDSL's gfx950 kernels stage tiles: the data is there when read."""
    monkeypatch.setenv("ARCH", "gfx950")

    @flyc.kernel
    def staged(src: fx.Tensor, out: fx.Tensor):
        t = fx.thread_idx.x
        sm = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((64, 4), (4, 1)))
        atom = fx.make_copy_atom(rocdl.cdna4.BufferLoadAsyncLDS128b(), fx.Float32)
        lanes = fx.make_tiled_copy_tv(atom, fx.make_layout((64, 1)), fx.make_layout((1, 4)))
        thr = lanes.get_slice(t)
        tile = fx.local_tile(rocdl.make_buffer_tensor(src), (64, 4), (0, 0))
        fx.copy(atom, thr.partition_S(tile), thr.partition_D(sm))
        rocdl.asyncmark()
        rocdl.wait_asyncmark(0)
        fx.barrier()
        for j in fx.range_constexpr(4):
            out[t, j] = sm[(63 - t, j)] * 2.0  # another lane's load

    x = np.arange(256, dtype=np.float32).reshape(64, 4)
    out = np.zeros((64, 4), np.float32)
    staged(flyc.from_dlpack(x), flyc.from_dlpack(out)).launch(grid=(1,), block=(64,))
    np.testing.assert_array_equal(out, 2 * x[::-1])
    staged.compile(x, out, target="rocm", arch="gfx950").binary  # noqa: B018
    assert rocdl.cdna4.BufferLoadAsyncLDS32b() == rocdl.BufferCopyLDS32b()
    assert rocdl.cdna4.BufferLoadAsyncLDS(128) == rocdl.BufferCopyLDS128b()


@pytest.mark.parametrize(
    "call, error, message",
    [
        (rocdl.cdna4.BufferLoadAsyncLDS96b, ValueError, "32 or 128 bits here, not 96"),
        (rocdl.cdna4.GlobalLoadAsyncLDS128b, NotImplementedError, "BufferLoadAsyncLDS"),
        (rocdl.cdna4.LDSReadTrans4_64b, ValueError, "4-bit elements"),
        (rocdl.cdna4.LDSReadTrans6_96b, ValueError, "6-bit elements"),
        (lambda: rocdl.cdna4.LDSReadTrans(16, 96), ValueError, r"\(96, 16\)"),
        (lambda: rocdl.wait_asyncmark(1 << 16), ValueError, "wait_asyncmark's count is 0..65535"),
        (lambda: rocdl.wait_asyncmark(1.0), TypeError, "wait_asyncmark's count is a Python int"),
    ],
)
def test_forms_not_offered_say_why(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_wave_uniform_lds_base_takes_each_lanes_bytes_after_the_last(monkeypatch):
    """FlyDSL's gfx950 GEMM hands every lane of a wave the same LDS address (read from the
    first lane) and one-element views: the instruction writes lane i's 16 bytes at that base
    plus 16 i, wherever the base is (its alignment is the instruction's to keep)."""
    monkeypatch.setenv("ARCH", "gfx950")

    @flyc.kernel
    def staged(src: fx.Tensor, out: fx.Tensor, skew: fx.Int32):
        t = fx.thread_idx.x
        wave = t // 64
        sm = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout(2 * 256 + 8, 1))
        base = rocdl.readfirstlane(fx.Int32.ir_type, fx.Int32(wave * 256 + skew))
        one = fx.make_layout(1, 1)
        from_src = fx.make_view(fx.get_iter(rocdl.make_buffer_tensor(src)) + t * 4, one)
        atom = fx.make_copy_atom(rocdl.cdna4.BufferLoadAsyncLDS128b(), 32)
        fx.copy_atom_call(atom, from_src, fx.make_view(fx.get_iter(sm) + base, one))
        rocdl.wait_asyncmark(0)
        fx.barrier()
        for j in fx.range_constexpr(4):
            out[t * 4 + j] = sm[wave * 256 + skew + (t % 64) * 4 + j]

    x = np.arange(512, dtype=np.float32) + 1
    for skew in (0, 4):
        out = np.zeros(512, np.float32)
        staged(flyc.from_dlpack(x), flyc.from_dlpack(out), skew).launch(grid=(1,), block=(128,))
        np.testing.assert_array_equal(out, x)
