"""MMA atoms and tiled MMAs from Python: on the host the tutorial's make_mma_atom /
make_tiled_mma, CuTe C++'s answers for an mma.sync tiled MMA (recorded from CUTLASS 4.2), the
coverage of every atom and the errors for atoms that do not exist; inside kernels partitions of
tensors, fragments and fx.gemm with UniversalFMA atoms against numpy, and gemm's errors."""

import re
from pathlib import Path

import flydsl
import flydsl.expr as fx
import pytest
from flydsl._host_layout import _tiler_text

ATOMS = [
    (fx.rocdl.MFMA, 16, 16, 4, fx.Float32, 64), (fx.rocdl.MFMA, 32, 32, 2, fx.Float32, 64),
    (fx.rocdl.MFMA, 16, 16, 16, fx.Float16, 64), (fx.rocdl.MFMA, 32, 32, 8, fx.BFloat16, 64),
    (fx.rocdl.MFMA, 16, 16, 32, "f8e4m3", 64), (fx.rocdl.MFMA, 32, 32, 16, fx.Int8, 64),
    (fx.rocdl.MFMA, 16, 16, 32, fx.BFloat16, 64), (fx.rocdl.WMMA, 16, 16, 16, fx.Float16, 32),
    (fx.nvgpu.MmaSync, 16, 8, 16, fx.BFloat16, 32), (fx.nvgpu.MmaSync, 16, 8, 32, "f8e5m2", 32),
]  # fmt: skip

# numpy arrays: the cpu target, emulating the arch each test names
pytestmark = pytest.mark.usefixtures("host_target")


@pytest.mark.parametrize("make,m,n,k,dtype,lanes", ATOMS)
def test_every_atom_covers_its_tiles_once(make, m, n, k, dtype, lanes):
    atom = fx.make_mma_atom(make(m, n, k, dtype))
    for operand, rows, cols in (("A", m, k), ("B", n, k), ("C", m, n)):
        tv = atom.tv_layout(operand)
        values = rows * cols // lanes
        seen = sorted(tv((t, v)) for t in range(lanes) for v in range(values))
        assert seen == list(range(rows * cols)), (atom.name, operand)


# tests/data/amd_mma_lanes.txt: for each AMD instruction and matrix, the lane and the element
# of its operand vector that hold each entry, as AMD's matrix instruction calculator prints them.
AMD_LANES = Path(__file__).resolve().parents[1] / "data" / "amd_mma_lanes.txt"
AMD_TYPES = {"f32": fx.Float32, "f16": fx.Float16, "bf16": fx.BFloat16, "fp8_fp8": "f8e4m3",
             "i8": fx.Int8}  # fmt: skip
# The atoms number K as the calculator does, but for RDNA4's WMMA: there FlyDSL's numbering gives
# each lane eight consecutive K values, the calculator's k 4..7 being the atom's 8..11 and k 8..11
# its 4..7, in A and B alike (so every product is the same).
WMMA_K = [0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15]


def _amd_lane_tables():
    for line in AMD_LANES.read_text().splitlines():
        if line and not line.startswith("#"):
            name, matrix, dims, *cells = line.split()
            yield name, matrix, tuple(map(int, dims.split("x"))), cells


@pytest.mark.parametrize("name,matrix,dims,cells", list(_amd_lane_tables()),
                         ids=lambda x: x if isinstance(x, str) and len(x) < 40 else "")  # fmt: skip
def test_amd_atoms_hold_what_the_instruction_reads(name, matrix, dims, cells):
    family, m, n, k, ab = re.fullmatch(
        r"v_(mfma|wmma)_[fi]32_(\d+)x(\d+)x(\d+)_(\w+)", name
    ).groups()
    m, n, k = int(m), int(n), int(k)
    make = fx.rocdl.WMMA if family == "wmma" else fx.rocdl.MFMA
    atom = fx.make_mma_atom(make(m, n, k, AMD_TYPES[ab]))
    # The calculator's A is M x K, B is K x N and D is M x N; the atom's layouts index the
    # A (M x K), B (N x K) and C (M x N) tiles column-major.
    operand, rows = {"A": ("A", m), "B": ("B", n), "D": ("C", m)}[matrix]
    k_of = WMMA_K if family == "wmma" else list(range(k))
    tv = atom.tv_layout(operand)
    for i, cell in enumerate(cells):
        r, c = divmod(i, dims[1])
        if matrix == "A":
            index = r + rows * k_of[c]
        elif matrix == "B":
            index = c + rows * k_of[r]
        else:
            index = r + rows * c
        lane, element = map(int, cell.split("."))
        assert tv((lane, element)) == index, (name, matrix, r, c, cell)


def test_the_tutorials_tiled_mma():
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
    assert atom.name == "v_mfma_f32_16x16x4_f32" and atom.shape_mnk == (16, 16, 4)
    tiled = fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 2, 0)))
    assert tiled.size == 256 and tiled.tile_size_mnk == (32, 32, 4)
    c = tiled.tv_layout_C
    assert sorted(c((t, v)) for t in range(256) for v in range(4)) == list(range(32 * 32))
    # Lane 17 of the first atom holds column 1, rows 4..7; thread 64 is the next atom in M.
    assert [c((17, v)) for v in range(4)] == [32 + 4, 32 + 5, 32 + 6, 32 + 7]
    assert c((64, 0)) == 16


def test_mma_sync_agrees_with_cute():
    # make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.nvgpu.MmaSync(16, 8, 16, fx.Float16)),
                              fx.make_layout((2, 2, 1), (1, 2, 0)))  # fmt: skip
    assert str(tiled.tv_layout_A) == "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))"
    assert str(tiled.tv_layout_B) == "((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))"
    assert str(tiled.tv_layout_C) == "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"
    thr = tiled.thr_slice(7)
    assert (
        str(thr.partition_C(fx.make_layout((64, 32), (32, 1)))) == "((2,2),2,2):((1,256),1024,16)"
    )
    assert str(tiled.get_slice(37).partition_A(fx.make_layout((64, 32)))) == (
        "((2,2,2),2,2):((64,8,512),32,1024)"
    )
    # With Tile<_32,_16,_16> as the permutation.
    perm = fx.make_tiled_mma(fx.make_mma_atom(fx.nvgpu.MmaSync(16, 8, 16, fx.Float16)),
                             fx.make_layout((2, 1, 1), (1, 0, 0)), (32, 16, 16))  # fmt: skip
    assert str(perm.tv_layout_C) == "((4,8,2),((2,2),(1,2))):((64,1,16),((32,8),(0,256)))"


def test_universal_fma_agrees_with_cute():
    # make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_16,_8,_1>>{})
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.UniversalFMA(fx.Float32)),
                              fx.make_layout((16, 8, 1), (1, 16, 0)))  # fmt: skip
    assert str(tiled.tv_layout_C) == "(128,(1,(1,1))):(1,(0,(0,0)))"
    assert str(tiled.thr_slice(5).partition_C(fx.make_layout((64, 32)))) == "(1,4,4):(0,16,512)"


def test_atoms_that_do_not_exist_say_what_does():
    with pytest.raises(flydsl.UnsupportedError, match="it has 16x16x16, 32x32x8"):
        fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 8, fx.Float16))
    with pytest.raises(flydsl.UnsupportedError, match="16x8x16"):
        fx.make_mma_atom(fx.nvgpu.MmaSync(16, 8, 8, fx.Float16))
    with pytest.raises(flydsl.UnsupportedError, match="WMMA"):
        fx.make_mma_atom(fx.rocdl.WMMA(16, 16, 16, fx.Float32))
    with pytest.raises(TypeError, match="A/B dtype"):
        fx.rocdl.MFMA(16, 16, 16, fx.Int32)
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)))
    with pytest.raises(flydsl.InvalidArgumentError, match="thread 64"):
        tiled.thr_slice(64).partition_C(fx.make_layout((16, 16)))
    with pytest.raises(flydsl.FlyDSLError, match="two modes"):
        tiled.thr_slice(0).partition_A(fx.make_layout(64))
    with pytest.raises(TypeError, match="int thread index"):
        tiled.thr_slice(fx.Int32(3)).partition_C(fx.make_layout((16, 16)))


# Inside kernels: partitions of tensors, fragments and fx.gemm with UniversalFMA atoms.

import flydsl.compiler as flyc  # noqa: E402
import numpy as np  # noqa: E402
from _dlpack import bf16, from_bf16_bits  # noqa: E402
from _tools import needs_llvm_tools

FMA = fx.make_tiled_mma(fx.make_mma_atom(fx.UniversalFMA(fx.Float32)),
                        fx.make_layout((8, 4, 1), (1, 8, 0)))  # fmt: skip


@flyc.kernel
def _fma_tile(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    thr = FMA.thr_slice(tid)
    tCgC = thr.partition_C(C)
    rC = thr.make_fragment_C(tCgC)
    fx.copy(atom, tCgC, rC)  # accumulate onto C's values: d = a * b + c
    for kt in fx.range_constexpr(k_tiles):
        tAgA = thr.partition_A(fx.local_tile(A, (16, 4), (0, kt)))
        tBgB = thr.partition_B(fx.local_tile(B, (8, 4), (0, kt)))
        rA, rB = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB)
        fx.copy(atom, tAgA, rA)
        fx.copy(atom, tBgB, rB)
        fx.gemm(FMA, rC, rA, rB, rC)
    fx.copy(atom, rC, tCgC)


@pytest.mark.parametrize("k", [4, 12])
def test_fma_gemm_inside_a_kernel_matches_numpy(k):
    rng = np.random.default_rng(k)
    a = rng.standard_normal((16, k)).astype(np.float32)
    b = rng.standard_normal((8, k)).astype(np.float32)
    c = rng.standard_normal((16, 8)).astype(np.float32)
    want = c + a @ b.T
    args = [flyc.from_dlpack(t) for t in (a, b, c)]
    _fma_tile(*args, k // 4).launch(grid=(1,), block=(FMA.size,))
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-5)


def test_partitions_inside_a_kernel_are_cutes():
    seen = {}

    @flyc.kernel
    def probe(C: fx.Tensor):
        seen["c"] = str(FMA.thr_slice(fx.thread_idx.x).partition_C(C).layout)

    c = np.zeros((64, 32), np.float32)
    probe(flyc.from_dlpack(c)).launch(grid=(1,), block=(32,))
    # The host partition of the same layout for any thread has the same shape and strides.
    assert seen["c"] == str(FMA.thr_slice(5).partition_C(fx.make_layout((64, 32), (32, 1))))


def test_gemm_refuses_what_it_cannot_do():
    mfma = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)))

    @flyc.kernel
    def with_mfma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        thr = mfma.thr_slice(fx.thread_idx.x)
        rB = thr.make_fragment_B(thr.partition_B(B))
        rC = thr.make_fragment_C(thr.partition_C(C))
        fx.gemm(mfma, rC, rC, rB, rC)

    tensors = [np.zeros(s, np.float32) for s in ((16, 4), (16, 4), (16, 16))]
    with pytest.raises(flyc.CompileError, match="a must be a partition of the tiled MMA"):
        with_mfma(*[flyc.from_dlpack(t) for t in tensors]).launch(block=(64,))

    @flyc.kernel
    def mismatched(A: fx.Tensor, C: fx.Tensor):
        thr = FMA.thr_slice(fx.thread_idx.x)
        rA = thr.make_fragment_A(thr.partition_A(A))
        rC = thr.make_fragment_C(thr.partition_C(C))
        fx.gemm(FMA, rC, rA, rA, rC)

    with pytest.raises(flyc.CompileError, match="mismatched shapes"):
        a, c = np.zeros((16, 8), np.float32), np.zeros((16, 16), np.float32)
        mismatched(flyc.from_dlpack(a), flyc.from_dlpack(c)).launch(block=(32,))


ONE_ATOM = fx.make_mma_atom(fx.UniversalFMA(fx.Float32))
ONE = fx.make_tiled_mma(ONE_ATOM)


def _ordered(by=ONE, **order):
    @flyc.kernel
    def gemm_in_order(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
        thr = ONE.thr_slice(fx.thread_idx.x)
        tA, tB, tC = thr.partition_A(A), thr.partition_B(B), thr.partition_C(C)
        rA, rB, rC = thr.make_fragment_A(tA), thr.make_fragment_B(tB), thr.make_fragment_C(tC)
        fx.copy(atom, tA, rA)
        fx.copy(atom, tB, rB)
        rC.fill(0.0)
        fx.gemm(by, rC, rA, rB, rC, **order)
        fx.copy(atom, rC, tC)

    return gemm_in_order


def test_gemm_traversal_orders_are_flydsls():
    # Each row of A is (1, 1e8, -1e8): summed forward in f32 the 1 is lost (0), backward it
    # stays (1). kmn_serpentine runs n, then m (backwards for n = 1), then K, backwards on every
    # other pass: (m, n) = (1, 0) and (0, 1). mkn_serpentine reverses K for n = 1, nkm_serpentine
    # for m = 1. Orders that keep K forward give 0 everywhere.
    a = np.tile(np.array([1.0, 1e8, -1e8], np.float32), (2, 1))
    b = np.ones((2, 3), np.float32)
    for order, want in (({}, [[0, 0], [0, 0]]), ({"traversal_order": "nmk"}, [[0, 0], [0, 0]]),
                        ({"traversal_order": "kmn_serpentine"}, [[0, 1], [1, 0]]),
                        ({"traversal_order": "MKN_Serpentine"}, [[0, 1], [0, 1]]),
                        ({"traversal_order": "nkm_serpentine"}, [[0, 0], [1, 1]]),
                        # K outermost, then m, then n: forward.
                        ({"traversal_layout": fx.make_layout((2, 2, 3), (2, 1, 4))},
                         [[0, 0], [0, 0]])):  # fmt: skip
        for by in (ONE, ONE_ATOM):  # a tiled MMA, or its atom alone as FlyDSL's kernels pass it
            c = np.full((2, 2), 7.0, np.float32)
            _ordered(by, **order)(*[flyc.from_dlpack(t) for t in (a, b, c)]).launch(block=(1,))
            np.testing.assert_array_equal(c, np.array(want, np.float32), err_msg=str(order))


def test_gemm_traversals_that_do_not_fit_are_errors():
    shapes = ((2, 3), (2, 3), (2, 2))
    args = [flyc.from_dlpack(np.ones(s, np.float32)) for s in shapes]
    with pytest.raises(ValueError, match="traversal_order is one of kmn"):
        _ordered(traversal_order="kk")(*args).launch(block=(1,))
    with pytest.raises(flyc.CompileError, match="must visit each of the 12 atom calls once"):
        _ordered(traversal_layout=fx.make_layout((12,), (0,)))(*args).launch(block=(1,))
    with pytest.raises(flyc.CompileError, match="has 12 values, not the layout"):
        _ordered(traversal_layout=fx.make_layout((4,), (1,)))(*args).launch(block=(1,))


MFMA_ALONE = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)))


@flyc.kernel
def _atom_by_atom(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, mma: fx.TiledMma):
    """C (32 x 32) = A * B^T, one fx.mma_atom_call per (m, n, k) atom, as FlyDSL's MoE GEMM
    issues them, on one wave."""
    thr = mma.thr_slice(fx.thread_idx.x)
    fa, fb = thr.make_fragment_A(thr.partition_A(A)), thr.make_fragment_B(thr.partition_B(B))
    fc = thr.make_fragment_C(thr.partition_C(C))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy16b(), fx.Float16), thr.partition_A(A), fa)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy16b(), fx.Float16), thr.partition_B(B), fb)
    fc.fill(0.0)
    for k in fx.range_constexpr(2):
        for m in fx.range_constexpr(2):
            for n in fx.range_constexpr(2):
                fx.mma_atom_call(mma, fc[None, m, n], fa[None, m, k], fb[None, n, k],
                                 fc[None, m, n])  # fmt: skip
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), fc, thr.partition_C(C))


def test_mma_atom_call_is_one_atom_on_one_call_s_values():
    rng = np.random.default_rng(5)
    a, b = (rng.standard_normal((32, 32)).astype(np.float16) for _ in range(2))
    c = np.zeros((32, 32), np.float32)
    _atom_by_atom(*[flyc.from_dlpack(t) for t in (a, b, c)], MFMA_ALONE).launch(block=(64,))
    want = a.astype(np.float64) @ b.astype(np.float64).T
    np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)

    @flyc.kernel
    def whole(C: fx.Tensor, mma: fx.TiledMma):
        fc = mma.thr_slice(fx.thread_idx.x).make_fragment_C(C)
        with pytest.raises(ValueError, match="one call's values"):
            fx.mma_atom_call(mma, fc, fc, fc, fc)  # every call's values, not one call's

    whole(flyc.from_dlpack(c), MFMA_ALONE).launch(block=(64,))


MMA_SYNC = fx.make_tiled_mma(fx.make_mma_atom(fx.nvgpu.MmaSync(16, 8, 16, fx.Float16)),
                             fx.make_layout((2, 2, 1), (1, 2, 0)))  # fmt: skip


@flyc.kernel
def mma_sync_gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
    """C (f32) = A (f16, M x K) * B (f16, N x K)^T, a 32 x 16 tile a block (shared by
    test_mma_cuda.py, which runs it on a GPU)."""
    tid, bm, bn = fx.thread_idx.x, fx.block_idx.x, fx.block_idx.y
    half = fx.make_copy_atom(fx.UniversalCopy16b(), fx.Float16)
    word = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    thr = MMA_SYNC.thr_slice(tid)
    tCgC = thr.partition_C(fx.local_tile(C, (32, 16), (bm, bn)))
    rC = thr.make_fragment_C(tCgC)
    rC.fill(0.0)
    for kt in fx.range_constexpr(k_tiles):
        tAgA = thr.partition_A(fx.local_tile(A, (32, 16), (bm, kt)))
        tBgB = thr.partition_B(fx.local_tile(B, (16, 16), (bn, kt)))
        rA, rB = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB)
        fx.copy(half, tAgA, rA)
        fx.copy(half, tBgB, rB)
        fx.gemm(MMA_SYNC, rC, rA, rB, rC)
    fx.copy(word, rC, tCgC)


def test_mma_sync_gemm_compiles_to_mma_sync_and_runs_emulated_on_cpu():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((64, 32)).astype(np.float16)
    b = rng.standard_normal((32, 32)).astype(np.float16)
    c = np.zeros((64, 32), np.float32)
    args = [flyc.from_dlpack(t) for t in (a, b, c)]
    ptx = mma_sync_gemm.compile(*args, 2, target="cuda").binary
    ptx = ptx.decode() if isinstance(ptx, bytes) else ptx
    assert ptx.count("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32") >= 2
    assert ".local" not in ptx  # accumulators and fragments stay in registers
    mma_sync_gemm(*args, 2).launch(grid=(2, 2), block=(MMA_SYNC.size,))
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32).T, atol=1e-4)


def _one_tile_gemm(op, dtype, np_dtype, rng=None):
    """A kernel multiplying one tile of a 2 x 2 tiled MMA of `op`, its arguments (random with
    `rng`, else zeros) and C = A * B^T in float64 from the inputs as rounded."""
    tiled = fx.make_tiled_mma(fx.make_mma_atom(op), fx.make_layout((2, 2, 1), (1, 2, 0)))
    m, n, k = tiled.tile_size_mnk
    bits = 16 if np_dtype is None else np.dtype(np_dtype).itemsize * 8

    @flyc.kernel
    def one_tile(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        thr = tiled.thr_slice(fx.thread_idx.x)
        tAgA, tBgB, tCgC = thr.partition_A(A), thr.partition_B(B), thr.partition_C(C)
        rA, rB, rC = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB), thr.make_fragment_C(tCgC)
        atom = fx.make_copy_atom(fx.UniversalCopy(bits), dtype)
        fx.copy(atom, tAgA, rA)
        fx.copy(atom, tBgB, rB)
        rC.fill(0.0)
        fx.gemm(tiled, rC, rA, rB, rC)
        fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), rC, tCgC)

    def make(shape, d):  # np_dtype None: bfloat16, which numpy lacks
        x = (
            rng.standard_normal(shape)
            if rng is not None and d is not np.float32
            else np.zeros(shape)
        )
        if d is None:
            view, bits = bf16(x.astype(np.float32))
            return view, from_bf16_bits(bits).astype(np.float64)
        return x.astype(d), x.astype(d).astype(np.float64)

    (a, ha), (b, hb), (c, _) = (make(s, d) for s, d in (((m, k), np_dtype), ((n, k), np_dtype),
                                                         ((m, n), np.float32)))  # fmt: skip
    return one_tile, [flyc.from_dlpack(t) for t in (a, b, c)], c, ha @ hb.T


FLY_ATOMS = [
    (fx.rocdl.MFMA(16, 16, 16, fx.Float16), fx.Float16, np.float16, "rocm", "gfx942",
     "!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>"),
    (fx.rocdl.WMMA(16, 16, 16, fx.BFloat16), fx.BFloat16, None, "rocm", "gfx1201",
     "!fly_rocdl.gfx120x.wmma<16x16x16, (bf16, bf16) -> f32, signA = false, signB = false, "
     "clamp = false>"),
    (fx.nvgpu.MmaSync(16, 8, 16, fx.Float16), fx.Float16, np.float16, "cuda", "sm_80",
     "!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>"),
    (fx.UniversalFMA(fx.Float32), fx.Float32, np.float32, "cpu", "gfx942",
     "!fly.universal_fma<1x1x1, (f32, f32) -> f32>"),
]  # fmt: skip


@pytest.mark.parametrize("op,dtype,np_dtype,target,arch,instruction", FLY_ATOMS)
def test_gemm_is_fly_mma_atom_calls(op, dtype, np_dtype, target, arch, instruction, tmp_path,
                                    monkeypatch):  # fmt: skip
    # The builder's gemm is FlyDSL's fly.gemm of a tiled MMA of the dialect's atom, which
    # fly-layout-lowering makes one fly.mma_atom_call per atom call; the target's stages make
    # them instructions (or the cpu's emulation) after the Fly passes.
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    kernel, args, _, _ = _one_tile_gemm(op, dtype, np_dtype)
    kernel.compile(*args, target=target, arch=arch)
    folder = tmp_path / f"{target}-{arch}"
    origin = (folder / "00_origin.mlir").read_text()
    assert f"fly.make_mma_atom : !fly.mma_atom<{instruction}>" in origin
    assert len(re.findall(r"\bfly\.gemm\(", origin)) == 1
    assert "mma_atom_call" not in origin and "__fly_mma" not in origin
    lowered = (folder / "01_fly_layout_lowering.mlir").read_text()
    calls = re.findall(r"fly\.mma_atom_call\(", lowered)
    assert len(calls) == 1  # each thread holds one atom call's values of the 2 x 2 tile
    assert "fly.gemm" not in lowered


MFMA_CODE = [
    (16, 16, 4, fx.Float32, np.float32, "gfx942", "v_mfma_f32_16x16x4_f32"),
    (32, 32, 2, fx.Float32, np.float32, "gfx942", "v_mfma_f32_32x32x2_f32"),
    (16, 16, 16, fx.Float16, np.float16, "gfx942", "v_mfma_f32_16x16x16_f16"),
    (32, 32, 8, fx.Float16, np.float16, "gfx942", "v_mfma_f32_32x32x8_f16"),
    (16, 16, 16, fx.BFloat16, None, "gfx942", "v_mfma_f32_16x16x16_bf16"),
    (16, 16, 32, fx.Float16, np.float16, "gfx950", "v_mfma_f32_16x16x32_f16"),
    (32, 32, 16, fx.BFloat16, None, "gfx950", "v_mfma_f32_32x32x16_bf16"),
]


@needs_llvm_tools
@pytest.mark.parametrize("m,n,k,dtype,np_dtype,arch,instruction", MFMA_CODE)
def test_mfma_gemm_compiles_to_its_instruction(m, n, k, dtype, np_dtype, arch, instruction,
                                               tmp_path):  # fmt: skip
    import subprocess

    kernel, args, _, _ = _one_tile_gemm(fx.rocdl.MFMA(m, n, k, dtype), dtype, np_dtype)
    code = kernel.compile(*args, target="rocm", arch=arch).binary
    path = tmp_path / "k.hsaco"
    path.write_bytes(code)
    text = subprocess.run(["llvm-objdump-22", "-d", f"--mcpu={arch}", str(path)],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    assert instruction in text
    assert "scratch_" not in text  # fragments and accumulators stay in registers


def test_matrix_core_atoms_on_the_wrong_arch_or_target_are_refused_by_name():
    gfx950 = fx.rocdl.MFMA(16, 16, 32, fx.Float16)
    kernel, args, _, _ = _one_tile_gemm(gfx950, fx.Float16, np.float16)
    with pytest.raises(flyc.CompileError, match="v_mfma_f32_16x16x32_f16 .* gfx950, not of gfx942"):
        kernel.compile(*args, target="rocm", arch="gfx942")
    # The cpu target emulates gfx942 unless told otherwise, and refuses gfx950's shapes too.
    with pytest.raises(flyc.CompileError, match="gfx950, not of gfx942"):
        kernel.compile(*args, target="cpu")
    mma = fx.nvgpu.MmaSync(16, 8, 16, fx.Float16)
    kernel, args, _, _ = _one_tile_gemm(mma, fx.Float16, np.float16)
    with pytest.raises(flyc.CompileError, match="rocm target .* no lowering for mma.sync"):
        kernel.compile(*args, target="rocm", arch="gfx942")
    mfma = fx.rocdl.MFMA(16, 16, 16, fx.Float16)
    kernel, args, _, _ = _one_tile_gemm(mfma, fx.Float16, np.float16)
    with pytest.raises(flyc.CompileError, match="cuda target .* no lowering for v_mfma"):
        kernel.compile(*args, target="cuda")


# The cpu target runs every f32/f16/bf16 atom lane by lane (the ISA's operand layouts), so the
# tiling and the atoms' layouts are checked against numpy here.
EMULATED = [
    (fx.rocdl.MFMA, 16, 16, 4, fx.Float32, np.float32, "gfx942"),
    (fx.rocdl.MFMA, 32, 32, 2, fx.Float32, np.float32, "gfx942"),
    (fx.rocdl.MFMA, 16, 16, 16, fx.Float16, np.float16, "gfx942"),
    (fx.rocdl.MFMA, 32, 32, 8, fx.Float16, np.float16, "gfx942"),
    (fx.rocdl.MFMA, 16, 16, 16, fx.BFloat16, None, "gfx942"),
    (fx.rocdl.MFMA, 32, 32, 8, fx.BFloat16, None, "gfx942"),
    (fx.rocdl.MFMA, 16, 16, 32, fx.Float16, np.float16, "gfx950"),
    (fx.rocdl.MFMA, 32, 32, 16, fx.BFloat16, None, "gfx950"),
    (fx.nvgpu.MmaSync, 16, 8, 16, fx.Float16, np.float16, None),
    (fx.nvgpu.MmaSync, 16, 8, 16, fx.BFloat16, None, None),
    (fx.rocdl.WMMA, 16, 16, 16, fx.Float16, np.float16, "gfx1201"),
    (fx.rocdl.WMMA, 16, 16, 16, fx.BFloat16, None, "gfx1201"),
]


@pytest.mark.parametrize("make,m,n,k,dtype,np_dtype,arch", EMULATED)
def test_every_atom_runs_emulated_on_cpu_and_matches_numpy(make, m, n, k, dtype, np_dtype, arch,
                                                           monkeypatch):  # fmt: skip
    if arch:
        monkeypatch.setenv("ARCH", arch)
    kernel, args, c, want = _one_tile_gemm(make(m, n, k, dtype), dtype, np_dtype,
                                           np.random.default_rng(m * n + k))  # fmt: skip
    threads = 4 * (64 if make is fx.rocdl.MFMA else 32)
    kernel(*args).launch(grid=(1,), block=(threads,))
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-4)


@needs_llvm_tools
@pytest.mark.parametrize("arch", ["gfx942", "gfx950"])
def test_tiled_mma_example_compiles_to_mfma(arch, tmp_path):
    """examples/03_tiled_mma.py's kernel, as AMD GPUs would run it."""
    import importlib.util
    import subprocess
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "03_tiled_mma.py"
    __import__("sys").path.insert(0, str(path.parent))  # its `device` helper
    spec = importlib.util.spec_from_file_location("tiled_mma_example", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    if example.ON_GPU:
        pytest.skip("the example uses mma.sync atoms where a CUDA device is present")
    a, b = example.operands(128, 64, 16)
    c = np.zeros((128, 64), np.float32)
    args = [flyc.from_dlpack(t) for t in (a, b, c)]
    code = example.tiled_mma_gemm.compile(*args, 2, target="rocm", arch=arch).binary
    (tmp_path / "k.hsaco").write_bytes(code)
    text = subprocess.run(["llvm-objdump-22", "-d", f"--mcpu={arch}", str(tmp_path / "k.hsaco")],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    # 2 x 2 rest atoms a thread, two K substeps, two K tiles.
    assert text.count("v_mfma_f32_16x16x4") == 16 or text.count("v_mfma_f32_16x16x4f32") == 16
    assert "scratch_" not in text


def test_tiled_mma_example_with_mma_sync_uses_ldmatrix_and_runs_emulated():
    """The example's NVIDIA flavour: ldmatrix fragments and mma.sync in its PTX, and the same
    kernel on the cpu target emulating sm_80 (ldmatrix as each lane's own loads)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = (
        "import sys, re, importlib.util, numpy as np, flydsl.compiler as flyc\n"
        "sys.path.insert(0, 'examples')\nimport device\ndevice.ON_GPU = True\n"
        "spec = importlib.util.spec_from_file_location('ex', 'examples/03_tiled_mma.py')\n"
        "ex = importlib.util.module_from_spec(spec); spec.loader.exec_module(ex)\n"
        "a, b = ex.operands(128, 64, 32); c = np.zeros((128, 64), np.float32)\n"
        "args = [flyc.from_dlpack(t) for t in (a, b, c)]\n"
        "ptx = ex.tiled_mma_gemm.compile(*args, 2, target='cuda').binary.decode()\n"
        "print(sorted(set(re.findall(r'ldmatrix[\\w.]*|mma\\.sync[\\w.]*', ptx))))\n"
        "ex.tiled_mma_gemm(*args, 2).launch(grid=(2, 1), block=(128,))\n"
        "print(np.abs(c - a.astype(np.float64) @ b.astype(np.float64).T).max())\n"
    )
    env = {**__import__("os").environ, "ARCH": "sm_80", "PYTHONPATH": str(root / "bindings/python")}
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=root, capture_output=True,
                         text=True, check=True).stdout.splitlines()  # fmt: skip
    assert out[0] == str(["ldmatrix.sync.aligned.m8n8.x2.shared.b16",
                          "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
                          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"])  # fmt: skip
    assert float(out[1]) < 1e-3


# fp8 and i8 atoms: their operands arrive as bytes (int8 tensors) and are reinterpreted in
# registers. gfx942's MFMA reads fp8 as the FNUZ formats, gfx950's and mma.sync as OCP's.
BYTE_ATOMS = [
    (fx.rocdl.MFMA, 16, 16, 32, "f8e4m3fnuz", "gfx942"),
    (fx.rocdl.MFMA, 32, 32, 16, "f8e4m3fnuz", "gfx942"),
    (fx.rocdl.MFMA, 16, 16, 32, "f8e5m2fnuz", "gfx942"),
    (fx.rocdl.MFMA, 32, 32, 16, "f8e5m2fnuz", "gfx942"),
    (fx.rocdl.MFMA, 16, 16, 32, "f8e4m3", "gfx950"),
    (fx.rocdl.MFMA, 16, 16, 32, "f8e5m2", "gfx950"),
    (fx.rocdl.MFMA, 16, 16, 32, "i8", "gfx942"),
    (fx.rocdl.MFMA, 32, 32, 16, "i8", "gfx942"),
    (fx.nvgpu.MmaSync, 16, 8, 32, "f8e4m3", None),
    (fx.nvgpu.MmaSync, 16, 8, 32, "f8e5m2", None),
]


def decode_fp8(bits, fmt, fnuz):
    """fp8 bytes as float64: sign, exponent and mantissa with the format's bias."""
    e5m2 = fmt.startswith("f8e5m2")
    man, bias = (2, 15) if e5m2 else (3, 7)
    bias += int(fnuz)
    b = bits.astype(np.int64)
    e, m = (b >> man) & (31 if e5m2 else 15), b & ((1 << man) - 1)
    value = np.where(e == 0, m * 2.0 ** (1 - bias - man), (1 + m / 2.0**man) * 2.0 ** (e - bias))
    return np.where(b >> 7, -value, value)


def finite_fp8_bytes(rng, shape, fmt, fnuz):
    b = rng.integers(0, 256, size=shape).astype(np.uint8)
    if fnuz:
        special = b == 0x80
    elif fmt == "f8e4m3":
        special = (b & 0x7F) == 0x7F
    else:
        special = ((b >> 2) & 31) == 31
    return np.where(special, 0, b).astype(np.uint8)


def _byte_atom_gemm(make, m, n, k, ab):
    """One tile of a 2 x 2 tiled MMA of an fp8 or i8 atom whose A and B arrive as bytes."""
    tiled = fx.make_tiled_mma(fx.make_mma_atom(make(m, n, k, ab)),
                              fx.make_layout((2, 2, 1), (1, 2, 0)))  # fmt: skip
    integer = ab == "i8"
    out_dtype = fx.Int32 if integer else fx.Float32

    @flyc.kernel
    def one_tile(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        thr = tiled.thr_slice(fx.thread_idx.x)
        tAgA, tBgB, tCgC = thr.partition_A(A), thr.partition_B(B), thr.partition_C(C)
        bytes_a, bytes_b = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB)
        byte = fx.make_copy_atom(fx.UniversalCopy(8), fx.Int8)
        fx.copy(byte, tAgA, bytes_a)
        fx.copy(byte, tBgB, bytes_b)
        rA, rB = bytes_a, bytes_b
        if not integer:
            rA, rB = fx.make_fragment_like(tAgA, dtype=ab), fx.make_fragment_like(tBgB, dtype=ab)
            rA.store(bytes_a.load().bitcast(ab))
            rB.store(bytes_b.load().bitcast(ab))
        rC = thr.make_fragment_C(tCgC)
        rC.fill(0)
        fx.gemm(tiled, rC, rA, rB, rC)
        fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), out_dtype), rC, tCgC)

    return one_tile, tiled


@pytest.mark.parametrize("make,m,n,k,ab,arch", BYTE_ATOMS)
def test_fp8_and_i8_atoms_run_emulated_on_cpu_and_match_numpy(make, m, n, k, ab, arch,
                                                             monkeypatch):  # fmt: skip
    if arch:
        monkeypatch.setenv("ARCH", arch)
    one_tile, tiled = _byte_atom_gemm(make, m, n, k, ab)
    tm, tn, tk = tiled.tile_size_mnk
    integer = ab == "i8"
    rng = np.random.default_rng(m + n + k)
    fnuz = make is fx.rocdl.MFMA and arch == "gfx942"
    if integer:
        a = rng.integers(-128, 128, size=(tm, tk)).astype(np.int8)
        b = rng.integers(-128, 128, size=(tn, tk)).astype(np.int8)
        c = np.zeros((tm, tn), np.int32)
        one_tile(*[flyc.from_dlpack(t) for t in (a, b, c)]).launch(block=(tiled.size,))
        np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64).T)
        return
    a, b = (finite_fp8_bytes(rng, s, ab, fnuz) for s in ((tm, tk), (tn, tk)))
    c = np.zeros((tm, tn), np.float32)
    args = [flyc.from_dlpack(t) for t in (a.view(np.int8), b.view(np.int8), c)]
    one_tile(*args).launch(block=(tiled.size,))
    ha, hb = decode_fp8(a, ab, fnuz), decode_fp8(b, ab, fnuz)
    scale = np.abs(ha) @ np.abs(hb).T
    assert np.all(np.abs(c - ha @ hb.T) <= 1e-6 * scale + 1e-30)


@pytest.mark.parametrize("ab,arch", [("f8e4m3", "gfx942"), ("f8e5m2", "gfx942"),
                                     ("f8e4m3fnuz", "gfx950"), ("f8e5m2fnuz", "gfx950")])  # fmt: skip
def test_mfma_reads_fp8_bytes_in_its_arch_formats_whatever_their_type(ab, arch, monkeypatch):
    # The GPU reads the bytes; the type is a label (FlyDSL's MoE kernels label gfx950's OCP
    # bytes FNUZ). gfx942 reads FNUZ, gfx950 OCP, and the cpu target's emulation does the same.
    monkeypatch.setenv("ARCH", arch)
    one_tile, tiled = _byte_atom_gemm(fx.rocdl.MFMA, 16, 16, 32, ab)
    tm, tn, tk = tiled.tile_size_mnk
    read_fnuz = arch == "gfx942"
    fmt = ab.removesuffix("fnuz")
    rng = np.random.default_rng(5)
    # bytes finite in both kinds, so the labelled and the read format each give a number
    special = 0x7F if fmt == "f8e4m3" else 0x7C  # OCP's NaN (and e5m2's infinity) codes
    a, b = (finite_fp8_bytes(rng, s, fmt, True) for s in ((tm, tk), (tn, tk)))
    a, b = (np.where((x & special) == special, 0, x).astype(np.uint8) for x in (a, b))
    c = np.zeros((tm, tn), np.float32)
    one_tile(*[flyc.from_dlpack(t) for t in (a.view(np.int8), b.view(np.int8), c)]).launch(
        block=(tiled.size,)
    )
    ha, hb = decode_fp8(a, fmt, read_fnuz), decode_fp8(b, fmt, read_fnuz)
    scale = np.abs(ha) @ np.abs(hb).T
    assert np.all(np.abs(c - ha @ hb.T) <= 1e-6 * scale + 1e-30)
    one_tile.compile(*_zero_args(tiled, ab), target="rocm", arch=arch)  # the same instruction


BYTE_CODE = [
    (fx.rocdl.MFMA, 16, 16, 32, "f8e4m3fnuz", "gfx942", "v_mfma_f32_16x16x32_fp8_fp8"),
    (fx.rocdl.MFMA, 32, 32, 16, "f8e5m2fnuz", "gfx942", "v_mfma_f32_32x32x16_bf8_bf8"),
    (fx.rocdl.MFMA, 16, 16, 32, "f8e4m3", "gfx950", "v_mfma_f32_16x16x32_fp8_fp8"),
    (fx.rocdl.MFMA, 16, 16, 32, "i8", "gfx942", "v_mfma_i32_16x16x32_i8"),
    (fx.rocdl.MFMA, 32, 32, 16, "i8", "gfx942", "v_mfma_i32_32x32x16_i8"),
    (fx.nvgpu.MmaSync, 16, 8, 32, "f8e4m3", "sm_89", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3"),
    (fx.nvgpu.MmaSync, 16, 8, 32, "f8e5m2", "sm_90", "mma.sync.aligned.m16n8k32.row.col.f32.e5m2"),
]


@pytest.mark.parametrize("make,m,n,k,ab,arch,instruction", BYTE_CODE)
def test_fp8_and_i8_atoms_compile_to_their_instructions(make, m, n, k, ab, arch, instruction,
                                                        tmp_path):  # fmt: skip
    import shutil
    import subprocess

    one_tile, tiled = _byte_atom_gemm(make, m, n, k, ab)
    target = "cuda" if arch.startswith("sm_") else "rocm"
    code = one_tile.compile(*_zero_args(tiled, ab), target=target, arch=arch).binary
    if target == "cuda":
        ptx = code.decode()
        assert instruction in ptx and ".local" not in ptx
        assert ".version 8.4" in ptx  # what ptxas asks of fp8 mma
        return
    if not shutil.which("llvm-objdump-22"):
        pytest.skip("llvm-objdump-22 is not installed")
    (tmp_path / "k.hsaco").write_bytes(code)
    text = subprocess.run(["llvm-objdump-22", "-d", f"--mcpu={arch}", str(tmp_path / "k.hsaco")],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    assert instruction in text and "scratch_" not in text


def _zero_args(tiled, ab):
    """Zero byte operands and a zero C of the byte atom's accumulator type, as arguments."""
    tm, tn, tk = tiled.tile_size_mnk
    c = np.zeros((tm, tn), np.int32 if ab == "i8" else np.float32)
    return [flyc.from_dlpack(t) for t in (np.zeros((tm, tk), np.int8),
                                          np.zeros((tn, tk), np.int8), c)]  # fmt: skip


def test_byte_atoms_need_their_arch():
    one_tile, tiled = _byte_atom_gemm(fx.nvgpu.MmaSync, 16, 8, 32, "f8e4m3")
    with pytest.raises(flyc.CompileError, match="needs sm_89 or later, not sm_80"):
        one_tile.compile(*_zero_args(tiled, "f8e4m3"), target="cuda", arch="sm_80")
    one_tile, tiled = _byte_atom_gemm(fx.rocdl.MFMA, 16, 16, 32, "i8")
    with pytest.raises(flyc.CompileError, match="gfx940 and later, not of gfx90a"):
        one_tile.compile(*_zero_args(tiled, "i8"), target="rocm", arch="gfx90a")


@needs_llvm_tools
@pytest.mark.parametrize("dtype,np_dtype,suffix", [(fx.Float16, np.float16, "f16"),
                                                   (fx.BFloat16, None, "bf16")])  # fmt: skip
def test_wmma_compiles_to_its_instruction_on_gfx12_only(dtype, np_dtype, suffix, monkeypatch,
                                                        tmp_path):  # fmt: skip
    import subprocess

    kernel, args, _, _ = _one_tile_gemm(fx.rocdl.WMMA(16, 16, 16, dtype), dtype, np_dtype)
    code = kernel.compile(*args, target="rocm", arch="gfx1201").binary
    path = tmp_path / "k.hsaco"
    path.write_bytes(code)
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx1201", str(path)],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    # One instruction per atom of the 2 x 2 tiled MMA, accumulators in registers.
    assert text.count(f"v_wmma_f32_16x16x16_{suffix}") == 1
    assert "scratch_" not in text
    with pytest.raises(flyc.CompileError, match="WMMA instruction of gfx12 .*, not of gfx942"):
        kernel.compile(*args, target="rocm", arch="gfx942")
    monkeypatch.setenv("ARCH", "gfx942")
    with pytest.raises(flyc.CompileError, match="WMMA instruction of gfx12 .*, not of gfx942"):
        kernel.compile(*args, target="cpu")


def _tiled_copies_gemm(op, dtype, np_dtype, ab_bits, rng):
    """_one_tile_gemm with every fragment moved by make_tiled_copy_A/B/C: each thread copies
    its partition_S of A and B (atoms of ab_bits) into retile_D of its MMA fragments, and its
    accumulator out through retile_S, as CuTe's mainloops do."""
    tiled = fx.make_tiled_mma(fx.make_mma_atom(op), fx.make_layout((2, 2, 1), (1, 2, 0)))
    m, n, k = tiled.tile_size_mnk

    @flyc.kernel
    def one_tile(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        tid = fx.thread_idx.x
        thr = tiled.thr_slice(tid)
        tCgC = thr.partition_C(C)
        rA = thr.make_fragment_A(thr.partition_A(A))
        rB = thr.make_fragment_B(thr.partition_B(B))
        rC = thr.make_fragment_C(tCgC)
        ab = fx.make_copy_atom(fx.UniversalCopy(ab_bits), dtype)
        copy_a = fx.make_tiled_copy_A(ab, tiled).get_slice(tid)
        copy_b = fx.make_tiled_copy_B(ab, tiled).get_slice(tid)
        fx.copy(ab, copy_a.partition_S(A), copy_a.retile_D(rA))
        fx.copy(ab, copy_b.partition_S(B), copy_b.retile_D(rB))
        rC.fill(0.0)
        fx.gemm(tiled, rC, rA, rB, rC)
        out = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
        copy_c = fx.make_tiled_copy_C(out, tiled).get_slice(tid)
        fx.copy(out, copy_c.retile_S(rC), copy_c.partition_D(C))

    a = rng.standard_normal((m, k)).astype(np_dtype)
    b = rng.standard_normal((n, k)).astype(np_dtype)
    c = np.zeros((m, n), np.float32)
    want = a.astype(np.float64) @ b.astype(np.float64).T
    return one_tile, [flyc.from_dlpack(t) for t in (a, b, c)], c, want


# Each atom with A/B copies as wide as its K-contiguous values allow.
TILED_COPIES = [
    (fx.rocdl.MFMA(16, 16, 4, fx.Float32), fx.Float32, np.float32, 32, "gfx942", 64),
    (fx.rocdl.MFMA(16, 16, 16, fx.Float16), fx.Float16, np.float16, 64, "gfx942", 64),
    (fx.rocdl.MFMA(32, 32, 8, fx.Float16), fx.Float16, np.float16, 64, "gfx942", 64),
    (fx.rocdl.MFMA(16, 16, 32, fx.Float16), fx.Float16, np.float16, 128, "gfx950", 64),
    (fx.nvgpu.MmaSync(16, 8, 16, fx.Float16), fx.Float16, np.float16, 32, None, 32),
    (fx.UniversalFMA(fx.Float32), fx.Float32, np.float32, 32, None, 1),
]


@pytest.mark.parametrize("op,dtype,np_dtype,ab_bits,arch,wave", TILED_COPIES)
def test_tiled_copies_a_b_c_feed_and_drain_mma_fragments(op, dtype, np_dtype, ab_bits, arch,
                                                         wave, monkeypatch):  # fmt: skip
    if arch:
        monkeypatch.setenv("ARCH", arch)
    kernel, args, c, want = _tiled_copies_gemm(op, dtype, np_dtype, ab_bits,
                                               np.random.default_rng(ab_bits))  # fmt: skip
    kernel(*args).launch(grid=(1,), block=(4 * wave,))
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-4)


def test_make_tiled_copy_a_is_the_mmas_operand_layout():
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)),
                              fx.make_layout((2, 2, 1), (1, 2, 0)))  # fmt: skip
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float16)
    for make, operand, tile in ((fx.make_tiled_copy_A, "A", (32, 16)),
                                (fx.make_tiled_copy_B, "B", (32, 16)),
                                (fx.make_tiled_copy_C, "C", (32, 32))):  # fmt: skip
        copy = make(atom, tiled)
        assert str(copy.layout_tv) == str(tiled.tv_layout(operand))
        assert copy.tile == _tiler_text(tile) and copy.size == tiled.size == 256
    with pytest.raises(TypeError, match="make_tiled_copy_A needs a tiled MMA"):
        fx.make_tiled_copy_A(atom, atom)
    with pytest.raises(TypeError, match="make_tiled_copy_B needs a copy atom"):
        fx.make_tiled_copy_B(tiled, tiled)


def test_make_tiled_copy_a_with_too_wide_an_atom_is_a_clear_error():
    # Each thread holds one A value of a 16x16x4 f32 MFMA; a 64-bit atom moves two.
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32)))

    @flyc.kernel
    def too_wide(A: fx.Tensor):
        wide = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
        fx.make_tiled_copy_A(wide, tiled).get_slice(fx.thread_idx.x).partition_S(A)

    a = flyc.from_dlpack(np.zeros((16, 4), np.float32))
    with pytest.raises(flyc.CompileError, match="make_tiled_copy_A.*1 values, not a multiple of"):
        too_wide.compile(a, target="cpu")
