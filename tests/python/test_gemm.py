"""The library's GEMM (flydsl.kernels.gemm) on the cpu target, which runs the kernel of the
arch it emulates (gfx942 MFMA atoms, lane by lane) against numpy: row- and column-major
operands, f16 and bf16, every output dtype, ragged edges, alpha/beta with c in place; bad input
(a clear error, nothing written); and the code compiled for gfx942 (MFMA, 128-bit loads, LDS
reads, no scratch), for sm_80 (mma.sync, cp.async, no local memory) and for sm_90 (wgmma)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import flydsl
import flydsl.kernels as fk
import numpy as np
import pytest
from _dlpack import KDL_BFLOAT, KDL_FLOAT, KDL_ROCM, DLView, from_bf16_bits, to_bf16_bits
from _tools import needs_llvm_tools
from flydsl.compiler import code_object_resource_usage

RNG = np.random.default_rng(17)
ROOT = Path(__file__).resolve().parents[2]


def operand(x, dtype, layout):
    """x rounded to dtype, laid out row- or column-major: (the tensor, its values as f64)."""
    order = "F" if layout == "col" else "C"
    if dtype == "f16":
        t = np.array(x, np.float16, order=order)
        return t, t.astype(np.float64)
    bits = np.array(to_bf16_bits(x), order=order)
    return DLView(bits, KDL_BFLOAT, 16), from_bf16_bits(np.ascontiguousarray(bits)).astype(
        np.float64
    )


def result(shape, dtype):
    """An output tensor and a reader of its values as f64."""
    if dtype == "bf16":
        view = DLView(np.zeros(shape, np.uint16), KDL_BFLOAT, 16)
        return view, lambda: from_bf16_bits(view.array).astype(np.float64)
    t = np.zeros(shape, np.float32 if dtype == "f32" else np.float16)
    return t, lambda: t.astype(np.float64)


# Output roundings (relative) on top of f32 accumulation of exactly representable products.
ROUNDING = {"f32": 1e-6, "f16": 2**-10, "bf16": 2**-7}


@pytest.mark.parametrize(
    "m,n,k,a_layout,b_layout,ab,out",
    [
        (64, 64, 64, "row", "row", "f16", "f32"),
        (65, 40, 70, "col", "col", "f16", "f32"),
        (33, 17, 9, "row", "col", "bf16", "bf16"),
        (128, 256, 96, "row", "col", "bf16", "f32"),
        (1, 300, 128, "row", "row", "f16", "f16"),
    ],
)
def test_gemm_matches_numpy(m, n, k, a_layout, b_layout, ab, out):
    a, a64 = operand(RNG.standard_normal((m, k)), ab, a_layout)
    b, b64 = operand(RNG.standard_normal((k, n)), ab, b_layout)
    d, read = result((m, n), out)
    fk.gemm(a, b, out=d)
    want = a64 @ b64
    scale = np.abs(a64) @ np.abs(b64)
    err = np.abs(read() - want) / (scale + 1e-30)
    assert err.max() <= ROUNDING[out] + 1e-6, f"max relative error {err.max()}"


@pytest.mark.parametrize(
    "m,n,k,b_layout,ab", [(65, 40, 70, "col", "f16"), (33, 80, 96, "row", "bf16")]
)
def test_the_gfx950_kernel_runs_emulated_on_cpu(m, n, k, b_layout, ab, monkeypatch):
    # gfx950's plan takes the 16x16x32 atom: eight K values a lane, one K step a tile.
    monkeypatch.setenv("ARCH", "gfx950")
    test_gemm_matches_numpy(m, n, k, "row", b_layout, ab, "f32")


@pytest.mark.parametrize(
    "m,n,k,a_layout,b_layout,ab,out",
    [(65, 130, 70, "row", "col", "f16", "f32"), (200, 100, 130, "col", "row", "bf16", "bf16"),
     (130, 1030, 64, "row", "row", "f16", "f16"),
     # 16-byte aligned operands: the four-buffer pipeline copies by TMA (K-major, M/N-major).
     (72, 136, 200, "row", "col", "bf16", "f32"), (96, 200, 72, "col", "row", "f16", "f32"),
     # ... over several rounds of the buffers, each persistent block walking three tiles.
     (80, 264, 520, "row", "row", "bf16", "f32"),
     # 16-bit D with 16-byte rows: the warp-specialised epilogue stores it by TMA.
     (136, 200, 136, "row", "col", "f16", "f16")],
)  # fmt: skip
def test_the_sm90_kernel_runs_emulated_on_cpu(m, n, k, a_layout, b_layout, ab, out, monkeypatch):
    # sm_90's plan takes wgmma: A and B read from 128-byte swizzled shared tiles through
    # descriptors (K-major or M/N-major as the operands come), which the cpu target decodes.
    monkeypatch.setenv("ARCH", "sm_90")
    test_gemm_matches_numpy(m, n, k, a_layout, b_layout, ab, out)
    # Four buffers (the GPU's): each K step's atoms stay in flight over the next step's copies
    # (fly_kernel_gemm_async, fly_kernel_wgmma_wait), two K tiles loading ahead. With TMA
    # thread 0 issues the copies; FLYDSL_GEMM_WS=1 gives them to a producer warpgroup of its
    # own, on "full" and "empty" mbarriers, in a persistent grid (warp specialisation).
    monkeypatch.setenv("FLYDSL_GEMM_TILE", "64x128x64x4x1x1")
    test_gemm_matches_numpy(m, n, k, a_layout, b_layout, ab, out)
    if m in (72, 80, 96, 136):
        monkeypatch.setenv("FLYDSL_GEMM_WS", "1")
        test_gemm_matches_numpy(m, n, k, a_layout, b_layout, ab, out)
    if out != "f32":
        # Two consumer warpgroups take turns at the TMA-store epilogue's buffer.
        monkeypatch.setenv("FLYDSL_GEMM_TILE", "128x128x64x4x2x1")
        test_gemm_matches_numpy(m, n, k, a_layout, b_layout, ab, out)


@pytest.mark.parametrize("splits", [None, "1", "3", "16"])
def test_split_k_adds_up_the_shares_of_k(splits, monkeypatch):
    # Where sm_90's tiles would leave most SMs idle and K is long, blocks (grid z) each multiply
    # whole rounds of K tiles into f32 partial sums held in stream-ordered scratch memory
    # (fly_stream_alloc), and a second kernel adds them up in a fixed order, scales them, adds
    # beta * C and writes D. 64 x 264 x 4096 is five tiles, whose 64 K tiles the plan splits
    # two ways. FLYDSL_GEMM_SPLITK sets the count: 1 never splits; with 16 some shares lie past
    # K.
    monkeypatch.setenv("ARCH", "sm_90")
    if splits:
        monkeypatch.setenv("FLYDSL_GEMM_SPLITK", splits)
    a, a64 = operand(RNG.standard_normal((64, 4096)), "bf16", "row")
    b, b64 = operand(RNG.standard_normal((4096, 264)), "bf16", "col")
    d, read = result((64, 264), "bf16")
    before = fk.kernels_built()
    fk.gemm(a, b, out=d)
    want = a64 @ b64
    np.testing.assert_allclose(read(), want, rtol=2**-7, atol=1e-3 * np.abs(want).max())
    kernels = fk.kernels_built() - before
    assert kernels in ((1, 0) if splits == "1" else (2, 0)), kernels  # 0: built before
    # alpha, beta and c in place, ragged edges, K no multiple of the tiles.
    a, a64 = operand(RNG.standard_normal((70, 1100)), "f16", "col")
    b, b64 = operand(RNG.standard_normal((1100, 90)), "f16", "row")
    c = RNG.standard_normal((70, 90)).astype(np.float32)
    want = 0.5 * (a64 @ b64) + 2.0 * c
    fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=c)
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-3)


@pytest.mark.parametrize("value", ["0", "17", "two", "2x"])
def test_a_bad_split_count_is_a_clear_error(value, monkeypatch):
    monkeypatch.setenv("ARCH", "sm_90")
    monkeypatch.setenv("FLYDSL_GEMM_SPLITK", value)
    out = np.full((64, 64), 7.0, np.float32)
    with pytest.raises(flydsl.InvalidArgumentError, match="FLYDSL_GEMM_SPLITK='.*' is not a"):
        fk.gemm(np.ones((64, 512), np.float16), np.ones((512, 64), np.float16), out=out)
    assert np.all(out == 7.0)


def test_gemm_alpha_beta_in_place_and_empty_k():
    a, a64 = operand(RNG.standard_normal((70, 48)), "f16", "row")
    b, b64 = operand(RNG.standard_normal((48, 90)), "f16", "col")
    c = RNG.standard_normal((70, 90)).astype(np.float32)
    want = 0.5 * (a64 @ b64) + 2.0 * c
    fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=c)
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-4)
    # K = 0: no products, out = beta * c.
    c0 = np.ones((3, 5), np.float32)
    fk.gemm(np.zeros((3, 0), np.float16), np.zeros((0, 5), np.float16), c=c0, beta=3.0, out=c0)
    np.testing.assert_array_equal(c0, 3.0)


def test_gemm_returns_a_new_tensor_and_reuses_its_kernel():
    a = np.ones((40, 16), np.float16)
    before = None
    for _ in range(2):
        d = fk.gemm(a, np.ones((16, 24), np.float16), out_dtype=np.float32)
        assert d.shape == (40, 24) and d.dtype == np.float32 and np.all(d == 16)
        built = fk.kernels_built()
        assert before is None or built == before  # the second call compiles nothing
        before = built


H = np.zeros((32, 16), np.float16)
BAD = [
    ("inner extents", lambda o: fk.gemm(H, np.zeros((8, 8), np.float16), out=o), "b has 8 rows"),
    ("float32 operands", lambda o: fk.gemm(H.astype(np.float32), np.zeros((16, 8), np.float32),
                                           out=o), "float16 or both bfloat16"),  # fmt: skip
    ("mixed dtypes", lambda o: fk.gemm(H, DLView(np.zeros((16, 8), np.uint16), KDL_BFLOAT, 16),
                                       out=o), "f16 and bf16"),  # fmt: skip
    ("rank 3", lambda o: fk.gemm(np.zeros((2, 32, 16), np.float16), np.zeros((16, 8), np.float16),
                                 out=o), "a matrix has rank 2"),  # fmt: skip
    ("strided both ways", lambda o: fk.gemm(np.zeros((64, 32), np.float16)[::2, ::2],
                                            np.zeros((16, 8), np.float16), out=o),
     "neither dimension is contiguous"),  # fmt: skip
    ("column-major out", lambda o: fk.gemm(H, np.zeros((16, 8), np.float16),
                                           out=np.zeros((32, 8), np.float32, order="F")),
     "must have contiguous rows"),  # fmt: skip
    ("out shape", lambda o: fk.gemm(H, np.zeros((16, 8), np.float16), out=o[:, :4]),
     r"out has shape \(32, 4\)"),  # fmt: skip
    ("c shape", lambda o: fk.gemm(H, np.zeros((16, 8), np.float16), c=np.zeros((8, 8)), out=o),
     "float32, float16 or bfloat16"),  # fmt: skip
    ("devices", lambda o: fk.gemm(H, DLView(np.zeros((16, 8), np.float16), KDL_FLOAT, 16,
                                            KDL_ROCM), out=o), "is on rocm:0 but"),  # fmt: skip
    ("alpha", lambda o: fk.gemm(H, np.zeros((16, 8), np.float16), alpha=float("nan"), out=o),
     "alpha and beta must be finite"),  # fmt: skip
]


@pytest.mark.parametrize("name,call,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_a_clear_error_and_writes_nothing(name, call, message):
    out = np.full((32, 8), 7.0, np.float32)
    with pytest.raises(flydsl.InvalidArgumentError, match=message):
        call(out)
    assert np.all(out == 7.0)


def test_an_arch_without_a_matrix_core_path_is_refused():
    env = {**os.environ, "ARCH": "gfx1201", "PYTHONPATH": f"{ROOT}/bindings/python"}
    script = ("import numpy as np, flydsl, flydsl.kernels as fk\n"
              "try:\n  fk.gemm(np.ones((16, 16), np.float16), np.ones((16, 16), np.float16))\n"
              "except flydsl.UnsupportedError as e:\n  print(e)\n")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert "no matrix-core path for arch gfx1201" in out.stdout, out.stdout + out.stderr


def compiled(tmp_path, device, arch, b_layout, out="float32", m=256, n=256, k=256, **env_vars):
    """The code fk.gemm compiles for an m x n x k f16 problem on `device` (nothing runs)."""
    script = (
        "import sys, numpy as np\nsys.path[:0] = ['bindings/python', 'tests/python']\n"
        "import flydsl, flydsl.kernels as fk\nfrom _dlpack import DLView, KDL_FLOAT\n"
        f"r = lambda a: DLView(a, KDL_FLOAT, a.itemsize * 8, {device})\n"
        f"a = np.zeros(({m}, {k}), np.float16)\n"
        f"b = np.zeros(({k}, {n}), np.float16, order='{'F' if b_layout == 'col' else 'C'}')\n"
        "try:\n"
        f"    fk.gemm(r(a), r(b), out=r(np.zeros(({m}, {n}), np.{out})))\n"
        "except flydsl.LaunchError as e:\n"  # COMPILE_ONLY: compiled, and said not to have run
        "    assert 'COMPILE_ONLY' in str(e), e\n"
    )
    env = {**os.environ, "COMPILE_ONLY": "1", "FLYDSL_DUMP_IR": "1",
           "FLYDSL_DUMP_DIR": str(tmp_path), "ARCH": arch, **env_vars}  # fmt: skip
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=ROOT)
    return tmp_path


@needs_llvm_tools
@pytest.mark.parametrize("arch", ["gfx942", "gfx950"])
def test_amd_code(arch, tmp_path):
    d = compiled(tmp_path, KDL_ROCM, arch, "col") / f"rocm-{arch}"
    hsaco = next(d.glob("*_code_object.hsaco"))
    text = subprocess.run(["llvm-objdump-22", "-d", f"--mcpu={arch}", str(hsaco)],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    # 2 x 2 atoms a wave per K step, two steps of a 32-deep tile (one on gfx950, whose atom
    # takes twice the K), two unrolled tiles; a lane's four (eight) K values of A or B in one
    # LDS read.
    atom, steps, read = {"gfx942": ("16x16x16_?f16", 2, "ds_read_b64"),
                         "gfx950": ("16x16x32_f16", 1, "ds_read_b128")}[arch]  # fmt: skip
    assert len(re.findall(rf"v_mfma_f32_{atom}", text)) >= 2 * 2 * steps * 2
    assert "global_load_dwordx4" in text and "ds_write_b128" in text
    assert read in text
    assert "scratch_" not in text  # accumulators and fragments stay in registers
    asm = next(d.glob("*_final_isa.s")).read_text()
    assert ".private_segment_fixed_size: 0" in asm
    usage = code_object_resource_usage(hsaco.read_bytes(), "main", arch)
    assert usage["scratch_bytes"] == 0 and 0 < usage["registers"] <= 512
    assert usage["shared_bytes"] == 2 * (64 + 64) * 32 * 2  # two buffers of A and B tiles
    assert 1 <= usage["occupancy"] <= 8


@pytest.mark.parametrize("b_layout", ["row", "col"])
def test_amd_tiles_of_large_problems(b_layout, tmp_path):
    # 128 x 128 tiles, each aligned to its swizzle's span, so every tile is a view of an
    # address-swizzling pointer: K-major ones swizzle 512 bytes, an N-major B tile of 128 rows
    # 2 KiB.
    d = compiled(tmp_path, KDL_ROCM, "gfx942", b_layout, m=4096, n=4096, k=1024) / "rocm-gfx942"
    assert next(d.glob("*_code_object.hsaco")).stat().st_size > 0
    origin = next(d.glob("00_origin.mlir")).read_text()
    assert re.search(r"!fly\.ptr<f16, shared, align<512>, S<2,4,3>>", origin)
    if b_layout == "row":
        assert re.search(r"!fly\.ptr<f16, shared, align<2048>, S<3,4,4>>", origin)


def test_resource_usage_tool_and_its_errors():
    tool = [
        sys.executable,
        str(ROOT / "scripts" / "resource_usage.py"),
        "--gemm",
        "256",
        "256",
        "64",
    ]
    out = subprocess.run(tool, check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines() if line.lstrip().startswith("gemm")]
    assert [r[3] for r in rows] == ["gfx942", "gfx950"] and all(r[-2] == "0" for r in rows)
    with pytest.raises(flydsl.InvalidArgumentError, match="not an ELF file"):
        code_object_resource_usage(b"not a code object", "main", "gfx942")
    with pytest.raises(flydsl.UnsupportedError, match="gfx9 archs"):
        code_object_resource_usage(b"", "main", "sm_90")


@pytest.mark.parametrize("b_layout,b_load", [("col", "x2.shared"), ("row", "x2.trans.shared")])
def test_nvidia_code(b_layout, b_load, tmp_path):
    ptx = next((compiled(tmp_path, 2, "sm_80", b_layout) / "cuda-sm_80").glob("*_final_isa.ptx"))
    ptx = ptx.read_text()
    assert len(re.findall(r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32", ptx)) >= 32
    assert "cp.async.cg.shared.global" in ptx and re.search(r"cp\.async\.wait_group\s+2;", ptx)
    # Fragments come from shared memory by ldmatrix: A's 16x16 as four 8x8 matrices, B's as two
    # (transposed where B is row-major, N contiguous).
    assert "ldmatrix.sync.aligned.m8n8.x4.shared.b16" in ptx
    assert f"ldmatrix.sync.aligned.m8n8.{b_load}.b16" in ptx
    # ... which the kernel builder writes as FlyNVVM's ldmatrix on Fly pointers.
    origin = next(tmp_path.rglob("00_origin.mlir")).read_text()
    lds = re.findall(
        r"fly_nvvm\.ldmatrix\(%\w+\)\[(.*?)\]( \{trans\})? : .* -> vector<(\d+)xi16>", origin
    )
    assert {(len(v.split(",")), bool(t)) for v, t, _ in lds} == {(8, False), (4, b_layout == "row")}
    assert "__fly_ldmatrix" not in origin
    # D is stored a pair of adjacent accumulators at a time (make_tiled_copy_C, 64-bit).
    assert "st.global.v2.b32" in ptx and not re.search(r"st\.global\.(f32|b32) ", ptx)
    assert ".local" not in ptx


@pytest.mark.parametrize(
    "shape, atom",
    [
        ((256, 256, 128), "m64n64k16"),  # 64 x 128 would be 8 tiles: 64 x 64 makes 16
        ((128, 10240, 128), "m64n128k16"),  # 128 x 256 would be 40 tiles: 128 x 128 makes 80
        ((3000, 3000, 128), "m64n192k16"),  # 2.2 waves of 128 x 256 on 132 SMs; 2.9 of 128 x 192
        ((4096, 4096, 128), "m64n256k16"),  # 3.9 waves: the large tile stays
    ],
)
def test_hopper_tiles_follow_the_problem(shape, atom, tmp_path):
    m, n, k = shape
    dump = compiled(tmp_path, 2, "sm_90", "col", m=m, n=n, k=k)
    ptx = next((dump / "cuda-sm_90").glob("*_final_isa.ptx")).read_text()
    atoms = set(re.findall(r"wgmma\.mma_async\.sync\.aligned\.(m64n\d+k16)", ptx))
    assert atoms == {atom}


@pytest.mark.parametrize("b_layout,transpose_b", [("col", 0), ("row", 1)])
@pytest.mark.parametrize("tma", ["1", "0"])
def test_hopper_code(b_layout, transpose_b, tma, tmp_path):
    square = {"m": 1024, "n": 1024}  # 128 tiles of 64 x 128 (K stays 256: four K tiles)
    dump = compiled(tmp_path, 2, "sm_90", b_layout, FLYDSL_GEMM_TMA=tma, **square)
    ptx = next((dump / "cuda-sm_90").glob("*_final_isa.ptx")).read_text()
    assert ".target sm_90a" in ptx
    # 1024 x 1024: one warpgroup over 64 x 128, four m64n128k16 atoms a 64-deep K tile, A K-major
    # and B as it comes (transposed where N is contiguous), in a loop of four buffers.
    atoms = re.findall(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.f16\.f16 .*, p, 1, 1, "
                       r"(\d), (\d);", ptx)  # fmt: skip
    assert len(atoms) >= 4 * 4 and set(atoms) == {("0", str(transpose_b))}
    copy = (r"cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.tile\."
            r"mbarrier::complete_tx::bytes")  # fmt: skip
    if tma == "1":
        # One thread copies each K tile by TMA: A's 64 x 64 box, B's 128 x 64 one (K-major) or
        # two 64 x 64 (N-major), on the buffer's mbarrier, for which every thread waits: two
        # tiles before the loop, one in each of its four steps.
        assert len(re.findall(copy, ptx)) == (2 + 4) * (2 + transpose_b)
        assert "mbarrier.try_wait.parity.shared.b64" in ptx and "cp.async.cg" not in ptx
        assert "setmaxnreg" not in ptx
        # Warp-specialised: a producer warpgroup (a block of 128 + 128 threads, registers moved
        # to the multiplying one) copies one K tile in each of the loop's four steps.
        ws = compiled(
            tmp_path / "ws",
            2,
            "sm_90",
            b_layout,
            FLYDSL_GEMM_TMA=tma,
            FLYDSL_GEMM_WS="1",
            **square,
        )
        ptx = next((ws / "cuda-sm_90").glob("*_final_isa.ptx")).read_text()
        assert len(re.findall(copy, ptx)) == 4 * (2 + transpose_b)
        assert ".maxntid 256, 1, 1" in ptx
        assert re.search(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", ptx)
        assert re.search(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", ptx)
        # An f16 D leaves through shared memory: the warpgroup meets at named barrier 1, then
        # one thread stores the 64 x 128 share as two 64 x 64 boxes and waits for them to be
        # read before handing the buffer on.
        ws = compiled(tmp_path / "ws16", 2, "sm_90", b_layout, "float16", FLYDSL_GEMM_TMA=tma,
                      FLYDSL_GEMM_WS="1", **square)  # fmt: skip
        ptx16 = next((ws / "cuda-sm_90").glob("*_final_isa.ptx")).read_text()
        store = r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.tile\.bulk_group"
        assert len(re.findall(store, ptx16)) == 2
        assert re.search(r"(bar|barrier)\.sync\s+1,\s*128;", ptx16)
        assert re.search(r"cp\.async\.bulk\.wait_group\.read\s+0;", ptx16)
        assert "st.global" not in ptx16
    else:
        assert "cp.async.cg.shared.global" in ptx and "fence.proxy.async.shared::cta" in ptx
    assert re.search(r"wgmma\.wait_group\.sync\.aligned\s+0;", ptx)
    assert "st.global.v2.b32" in ptx and ".local" not in ptx
    assert "griddepcontrol" not in ptx  # launched after the previous kernel (measured faster)


@pytest.mark.parametrize("pdl", ["", "0"])
def test_the_skinny_hopper_kernel_overlaps_its_predecessor(pdl, tmp_path):
    # M <= 32 on sm_90 takes mma.sync, whose blocks wait on their grid dependency before the
    # first copy (then the launch may overlap the previous kernel); FLYDSL_GEMM_PDL=0 not.
    env = {"FLYDSL_GEMM_PDL": pdl} if pdl else {}
    dump = compiled(tmp_path, 2, "sm_90", "col", m=16, **env)
    ptx = next((dump / "cuda-sm_90").glob("*_final_isa.ptx")).read_text()
    assert "mma.sync.aligned.m16n8k16" in ptx
    if pdl == "0":
        assert "griddepcontrol" not in ptx
        return
    wait, trigger = ptx.find("griddepcontrol.wait;"), ptx.find("griddepcontrol.launch_dependents;")
    assert 0 < wait < trigger < ptx.find("cp.async.cg.shared.global")
    assert ptx.count("griddepcontrol.wait;") == 1


def test_a_skinny_grid_of_several_waves_does_not_overlap_its_predecessor(tmp_path):
    # N = 11008 streams in 344 blocks of 32 columns, 2.6 waves of an H100's or H200's 132 SMs:
    # the next call's blocks, let in early, would hold SMs its later waves need.
    dump = compiled(tmp_path, 2, "sm_90", "col", m=8, n=11008, k=64)
    ptx = next((dump / "cuda-sm_90").glob("*_final_isa.ptx")).read_text()
    assert "mma.sync.aligned.m16n8k16" in ptx and "griddepcontrol" not in ptx


def test_the_nvidia_kernel_runs_emulated_on_cpu():
    """The cpu target emulating sm_80 runs the mma.sync kernel with its cp.async pipeline
    (copies synchronous) and ldmatrix fragments (each lane's own loads), for Ks that leave the
    last round of buffers partly empty; then with another tile (FLYDSL_GEMM_TILE, for tuning),
    and a malformed tile is refused."""
    script = (
        "import sys, numpy as np, flydsl.kernels as fk\n"
        "rng = np.random.default_rng(5)\n"
        "for m, n, k, order in eval(sys.argv[1]):\n"
        "    a = rng.standard_normal((m, k)).astype(np.float16)\n"
        "    b = np.array(rng.standard_normal((k, n)).astype(np.float16), order=order)\n"
        "    d = fk.gemm(a, b, out_dtype=np.float32)\n"
        "    err = np.abs(d - a.astype(np.float64) @ b.astype(np.float64)).max()\n"
        "    assert err < 1e-3, (m, n, k, err)\n"
    )

    def run(shapes, tile=None):
        env = {**os.environ, "ARCH": "sm_80", "PYTHONPATH": f"{ROOT}/bindings/python"}
        if tile:
            env["FLYDSL_GEMM_TILE"] = tile
        return subprocess.run([sys.executable, "-c", script, repr(shapes)], env=env,
                              capture_output=True, text=True)  # fmt: skip

    out = run([(72, 80, 160, "F"), (16, 72, 100, "C")])
    assert out.returncode == 0, out.stdout + out.stderr
    out = run([(40, 72, 40, "F")], "32x64x16x4x1x2")  # four buffers, as on a GPU
    assert out.returncode == 0, out.stdout + out.stderr
    out = run([(40, 72, 40, "F")], "100x128x32x3")
    assert "FLYDSL_GEMM_TILE='100x128x32x3' is not" in out.stderr


def test_a_wgmma_tile_an_n_major_b_cannot_take_is_refused(monkeypatch):
    # A row-major B is N-major: its shared tile is runs of 64 rows, so BN must hold whole runs.
    monkeypatch.setenv("ARCH", "sm_90")
    monkeypatch.setenv("FLYDSL_GEMM_TILE", "64x32x64x4x1x1")
    a = RNG.standard_normal((64, 64)).astype(np.float16)
    b = RNG.standard_normal((64, 32)).astype(np.float16)
    with pytest.raises(flydsl.FlyDSLError, match="BN a multiple of 64 where B is N-major"):
        fk.gemm(a, b)
    d = fk.gemm(a, np.asfortranarray(b), out_dtype=np.float32)  # K-major B takes the tile
    np.testing.assert_allclose(d, a.astype(np.float64) @ b.astype(np.float64), atol=1e-3)
