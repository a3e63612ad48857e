"""Hopper's warpgroup MMA (wgmma): the atom's thread-value layouts against the PTX ISA's
fragment description, fx.gemm reading A and B (16-bit, or fp8 on the m64nNk32 atoms) from
shared memory through descriptors in each canonical layout (checked against numpy on the cpu target emulating sm_90, which
decodes the descriptors as the hardware does), the PTX the cuda target makes of it, and the
errors for layouts, alignments, operands and arches wgmma cannot take. test_mma_cuda.py runs
the same kernels on an H100."""

import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _dlpack import DLView, bf16
from test_fp8_conversions import decode

# numpy arrays: the cpu target, emulating the arch each test names
pytestmark = pytest.mark.usefixtures("host_target")

DT = {"f16": fx.Float16, "bf16": fx.BFloat16, "e4m3": fx.Float8E4M3FN, "e5m2": fx.Float8E5M2}
FP8 = {"e4m3": ("Float8E4M3FN", 10), "e5m2": ("Float8E5M2", 12)}  # test_fp8_conversions, DLPack


def depth(ab):
    """The K of the atom: 32 bytes of K, 16 16-bit or 32 fp8 values."""
    return 32 if ab in FP8 else 16


@pytest.mark.parametrize("n", [8, 64, 256])
def test_the_accumulator_layout_is_the_ptx_fragment(n):
    # PTX ISA, wgmma D fragments: thread t of the warpgroup, value i: row 16 (t / 32) + (t % 32)
    # / 4 + 8 ((i / 2) % 2), column 8 (i / 4) + 2 (t % 4) + i % 2.
    atom = fx.make_mma_atom(fx.nvgpu.Wgmma(64, n, 16, fx.Float16))
    tv = atom.tv_layout("C")
    for t in range(128):
        for i in range(n // 2):
            row = 16 * (t // 32) + (t % 32) // 4 + 8 * ((i // 2) % 2)
            col = 8 * (i // 4) + 2 * (t % 4) + i % 2
            assert tv((t, i)) == row + 64 * col, (t, i)
    # A and B come whole from shared memory: every thread sees the entire tile.
    a = atom.tv_layout("A")
    assert [a((t, 5 + 64 * 3)) for t in (0, 77, 127)] == [5 + 64 * 3] * 3


def test_wgmma_atoms_that_do_not_exist_are_refused():
    for m, n, k, dtype, says in (
        (64, 12, 16, fx.Float16, "N = 8..256 in steps of 8"),
        (64, 264, 16, fx.BFloat16, "N = 8..256 in steps of 8"),
        (64, 64, 8, fx.Float32, "for f16 and bf16"),
        (64, 64, 16, fx.Float8E4M3FN, "64xNx32"),
    ):
        with pytest.raises(Exception, match=says):
            fx.make_tiled_mma(fx.make_mma_atom(fx.nvgpu.Wgmma(m, n, k, dtype)))


# The canonical layouts of a (rows, BK) tile, K-major and M/N-major: (swizzle or None, layout,
# BK). An M/N-major one (16-bit elements only) keeps 16 << bits bytes of rows together along
# each K row. `e`: the elements of 16 bytes.
def canonical(mode, rows, e=8):
    if mode == "interleave":  # 8 x 16-byte core matrices, K neighbours 128 bytes apart
        bk = 4 * e
        layout = fx.make_layout(((8, rows // 8), (e, bk // e)), ((e, 8 * bk), (1, 8 * e)))
        return None, layout, bk
    if mode.startswith("mn_"):
        bk = 32
        if mode == "mn_interleave":  # 8 rows (16 bytes) a K row, core matrices 128 bytes
            shape, stride = ((8, rows // 8), (8, bk // 8)), ((1, 64), (8, 8 * rows))
            return None, fx.make_layout(shape, stride), bk
        bits = {"mn_sw64": 2, "mn_sw128": 3}[mode]
        run = 8 << bits  # rows a K row holds
        shape, stride = ((run, rows // run), (8, bk // 8)), ((1, 8 * run), (run, 8 * rows))
        return fx.Swizzle(bits, 3, 3), fx.make_layout(shape, stride), bk
    bits = {"sw32": 1, "sw64": 2, "sw128": 3}[mode]
    bk = e << bits  # a row is 16 << bits bytes
    return fx.Swizzle(bits, e.bit_length() - 1, 3), fx.make_layout((rows, bk), (bk, 1)), bk


def shared_tile(smem, dtype, swizzle, layout, align=1024):
    if swizzle is not None:
        layout = fx.make_composed_layout(swizzle, 0, layout)
    return smem.allocate_tensor(dtype, layout, align)


def wgmma_kernel(mode, ab="f16", n=64, groups=1, align=1024, in_flight=False):
    """C (f32, M x N) = A (M x K) * B (N x K)^T, a (64 groups) x n tile a block of `groups`
    warpgroups stacked in M, K in steps of the mode's BK; with `in_flight` the atoms are left
    running (gemm(wait=False)) until the tiles are about to change."""
    atom = fx.make_mma_atom(fx.nvgpu.Wgmma(64, n, depth(ab), DT[ab]))
    tiled = fx.make_tiled_mma(atom, fx.make_layout((groups, 1, 1)))
    bm = 64 * groups
    e = 16 if ab in FP8 else 8
    sw_a, lay_a, bk = canonical(mode, bm, e)
    sw_b, lay_b, _ = canonical(mode, n, e)

    @flyc.kernel
    def gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
        tid, bx, by = fx.thread_idx.x, fx.block_idx.x, fx.block_idx.y
        one = fx.make_copy_atom(
            fx.UniversalCopy8b() if ab in FP8 else fx.UniversalCopy16b(), DT[ab]
        )
        threads = tiled.size
        loader = fx.make_tiled_copy_tv(
            one, fx.make_layout((threads // bk, bk), (bk, 1)), fx.make_layout((1, 1))
        )
        cp = loader.get_slice(tid)
        smem = fx.SharedAllocator()
        sA = shared_tile(smem, DT[ab], sw_a, lay_a, align)
        sB = shared_tile(smem, DT[ab], sw_b, lay_b, align)
        thr = tiled.thr_slice(tid)
        gC = fx.local_tile(C, (bm, n), (bx, by))
        rC = thr.make_fragment_C(thr.partition_C(gC))
        rC.fill(0.0)
        for kt in fx.range_constexpr(k_tiles):
            fx.copy(one, cp.partition_S(fx.local_tile(A, (bm, bk), (bx, kt))), cp.partition_D(sA))
            fx.copy(one, cp.partition_S(fx.local_tile(B, (n, bk), (by, kt))), cp.partition_D(sB))
            fx.nvgpu.fence_proxy_async()
            fx.gpu.barrier()
            fx.gemm(tiled, rC, thr.partition_A(sA), thr.partition_B(sB), rC, wait=not in_flight)
            if in_flight:
                fx.nvgpu.wgmma_wait(0)
            fx.gpu.barrier()
        if in_flight:
            fx.nvgpu.wgmma_wait(0, rC)
        word = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
        fx.copy(word, rC, thr.partition_C(gC))

    return gemm, tiled, bm, bk


def operands(rng, m, n, k, ab):
    # Small integers: exact in f16, bf16 and both fp8 kinds, and their sums exact in f32, so the
    # result must match numpy exactly whatever order the atom adds in.
    a = rng.integers(-4, 5, (m, k)).astype(np.float32)
    b = rng.integers(-4, 5, (n, k)).astype(np.float32)
    return a, b


def to_device_dtype(x, ab, torch=None):
    if ab in FP8:
        fmt, code = FP8[ab]
        codes = {decode(fmt, c): c for c in range(128)}  # the non-negative half, then signs
        bits = np.array([codes[abs(v)] | (128 if v < 0 else 0) for v in x.flat], np.uint8)
        bits = bits.reshape(x.shape)
        if torch is not None:
            kind = {"e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2}[ab]
            return torch.from_numpy(bits).cuda().view(kind)
        return DLView(bits, code, 8)
    if torch is not None:
        t = torch.from_numpy(x).cuda()
        return t.half() if ab == "f16" else t.bfloat16()
    return x.astype(np.float16) if ab == "f16" else bf16(x)[0]


def run_wgmma(mode, ab, n, groups, tiles_m, tiles_n, k_tiles, torch=None, in_flight=False):
    gemm, tiled, bm, bk = wgmma_kernel(mode, ab, n, groups, in_flight=in_flight)
    rng = np.random.default_rng(7)
    m, nn, k = bm * tiles_m, n * tiles_n, bk * k_tiles
    a, b = operands(rng, m, nn, k, ab)
    da, db = to_device_dtype(a, ab, torch), to_device_dtype(b, ab, torch)
    if torch is not None:
        c = torch.zeros(m, nn, device="cuda")
        gemm(*[flyc.from_dlpack(t) for t in (da, db, c)], k_tiles).launch(
            grid=(tiles_m, tiles_n), block=(tiled.size,)
        )
        torch.cuda.synchronize()
        return c.cpu().numpy(), a @ b.T
    c = np.zeros((m, nn), np.float32)
    args = [flyc.from_dlpack(t) for t in (da, db, c)]
    gemm(*args, k_tiles).launch(grid=(tiles_m, tiles_n), block=(tiled.size,))
    return c, a @ b.T


CASES = [
    ("sw128", "f16", 64, 1, 2, 1, 2),
    ("sw64", "bf16", 128, 1, 1, 2, 3),
    ("sw32", "f16", 8, 2, 1, 2, 2),
    ("interleave", "f16", 32, 1, 1, 1, 2),
    ("sw128", "bf16", 256, 2, 1, 1, 1),
    ("mn_sw128", "f16", 128, 1, 1, 2, 2),
    ("mn_sw64", "bf16", 64, 2, 1, 1, 2),
    ("mn_interleave", "f16", 16, 1, 2, 1, 2),
    ("sw128", "e4m3", 64, 1, 2, 1, 2),
    ("sw64", "e5m2", 128, 2, 1, 1, 2),
    ("sw32", "e4m3", 8, 1, 1, 2, 3),
    ("interleave", "e5m2", 32, 1, 1, 1, 2),
]


@pytest.mark.parametrize("mode,ab,n,groups,tiles_m,tiles_n,k_tiles", CASES)
def test_wgmma_gemm_matches_numpy_on_cpu(mode, ab, n, groups, tiles_m, tiles_n, k_tiles,
                                         monkeypatch):  # fmt: skip
    monkeypatch.setenv("ARCH", "sm_90")
    got, want = run_wgmma(mode, ab, n, groups, tiles_m, tiles_n, k_tiles)
    np.testing.assert_array_equal(got, want)


def test_atoms_left_in_flight_give_the_same_result(monkeypatch):
    monkeypatch.setenv("ARCH", "sm_90")
    got, want = run_wgmma("sw128", "f16", 64, 1, 1, 1, 3, in_flight=True)
    np.testing.assert_array_equal(got, want)
    gemm, _, bm, bk = wgmma_kernel("sw128", n=64, in_flight=True)
    ptx = _compile(gemm, "cuda", "sm_90", 2, bm, 64, bk).binary.decode()
    assert ptx.count("wgmma.commit_group.sync.aligned") == 2
    assert len(re.findall(r"wgmma\.wait_group\.sync\.aligned\s+0;", ptx)) == 3


def test_waiting_is_for_wgmma_atoms_only(monkeypatch):
    monkeypatch.setenv("ARCH", "sm_90")
    atom = fx.make_tiled_mma(fx.make_mma_atom(fx.UniversalFMA(fx.Float32)))

    @flyc.kernel
    def k(C: fx.Tensor):
        thr = atom.thr_slice(fx.thread_idx.x)
        r = thr.make_fragment_C(thr.partition_C(C))
        r.fill(0.0)
        fx.gemm(atom, r, r, r, r, wait=False)

    with pytest.raises(Exception, match="without waiting takes a wgmma atom"):
        k.compile(flyc.from_dlpack(np.zeros((1, 1), np.float32)), target="cpu")
    with pytest.raises(Exception, match="pending groups must be >= 0"):

        @flyc.kernel
        def negative(C: fx.Tensor):
            fx.nvgpu.wgmma_wait(-1)

        negative.compile(flyc.from_dlpack(np.zeros((1, 1), np.float32)), target="cpu")


def _compile(gemm, target, arch, k_tiles=1, bm=64, n=64, bk=64):
    a = np.zeros((bm, bk * k_tiles), np.float16)
    b = np.zeros((n, bk * k_tiles), np.float16)
    c = np.zeros((bm, n), np.float32)
    return gemm.compile(*[flyc.from_dlpack(t) for t in (a, b, c)], k_tiles, target=target,
                        arch=arch)  # fmt: skip


def test_the_cuda_target_emits_wgmma_with_its_fences():
    gemm, _, bm, bk = wgmma_kernel("sw128", n=64)
    ptx = _compile(gemm, "cuda", "sm_90", 2, bm, 64, bk).binary.decode()
    assert ".target sm_90a" in ptx  # wgmma exists only in the arch-specific target
    assert ptx.count("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16") == 2 * bk // 16
    for op in ("wgmma.fence.sync.aligned", "wgmma.commit_group.sync.aligned",
               "wgmma.wait_group.sync.aligned", "fence.proxy.async.shared::cta"):  # fmt: skip
        assert op in ptx, op
    assert ".local" not in ptx  # the accumulators stay in registers


def test_layouts_wgmma_cannot_read_are_refused(monkeypatch):
    monkeypatch.setenv("ARCH", "sm_90")
    atom = fx.make_mma_atom(fx.nvgpu.Wgmma(64, 64, 16, fx.Float16))

    def kernel_on(layout_a, align=1024, registers=False):
        @flyc.kernel
        def k(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
            tid = fx.thread_idx.x
            smem = fx.SharedAllocator()
            sA = smem.allocate_tensor(fx.Float16, layout_a, align)
            sB = smem.allocate_tensor(
                fx.Float16,
                fx.make_composed_layout(fx.Swizzle(3, 3, 3), 0, fx.make_layout((64, 64), (64, 1))),
                1024,
            )
            tiled = fx.make_tiled_mma(atom)
            thr = tiled.thr_slice(tid)
            rC = thr.make_fragment_C(thr.partition_C(C))
            rC.fill(0.0)
            a = thr.partition_A(sA)
            if registers:
                a = thr.make_fragment_A(a)
            fx.gemm(tiled, rC, a, thr.partition_B(sB), rC)

        return k

    sw = fx.Swizzle(3, 3, 3)
    row_major = fx.make_layout((64, 64), (64, 1))
    for layout, align, registers, says in (
        (row_major, 1024, False, "canonical K-major or"),  # 128-byte rows, no swizzle
        (fx.make_layout((64, 64), (1, 64)), 1024, False, "canonical K-major or"),  # M-major
        (fx.make_composed_layout(fx.Swizzle(2, 3, 3), 0, row_major), 1024, False, "canonical"),
        (fx.make_composed_layout(fx.Swizzle(3, 4, 3), 0, row_major), 1024, False, "none of"),
        (fx.make_composed_layout(sw, 0, row_major), 256, False, "aligned to 1024 bytes"),
        (fx.make_composed_layout(sw, 0, row_major), 1024, True, "from shared memory"),
    ):
        with pytest.raises(Exception, match=says):
            _compile(kernel_on(layout, align, registers), "cpu", "sm_90")


def test_wgmma_needs_hopper():
    gemm, _, bm, bk = wgmma_kernel("sw128", n=64)
    for target, arch, says in (
        ("cuda", "sm_80", "wgmma instruction of sm_90a .*not of sm_80"),
        ("cpu", "gfx942", "wgmma instruction of sm_90a .*not of gfx942"),
        ("rocm", "gfx942", "no lowering for wgmma"),
    ):
        with pytest.raises(Exception, match=says):
            _compile(gemm, target, arch, 1, bm, 64, bk)
