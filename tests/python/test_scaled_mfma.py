"""CDNA4's block-scaled MFMA (v_mfma_scale_f32_16x16x128_f8f6f4 and _32x32x64_): its operand
and scale layouts, every shape and format against a numpy reference on the cpu target emulating
gfx950 (random codes and E8M0 scales), its instruction in gfx950 code, and its refusals."""

import re
import subprocess

import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools

SHAPES = [(16, 16, 128), (32, 32, 64)]
# sign, exponent and mantissa bits and bias of each format; fp6 and fp4 have no NaN or inf.
FORMATS = {"e4m3": (4, 3, 7), "e5m2": (5, 2, 15), "e2m3": (2, 3, 1), "e3m2": (3, 2, 3),
           "e2m1": (2, 1, 1)}  # fmt: skip
PAIRS = [("e4m3", "e4m3"), ("e5m2", "e5m2"), ("e2m3", "e2m3"), ("e3m2", "e3m2"),
         ("e2m1", "e2m1"), ("e4m3", "e2m1"), ("e5m2", "e3m2")]  # fmt: skip

# numpy arrays: the cpu target, emulating the arch each test names
pytestmark = pytest.mark.usefixtures("host_target")


def decode(codes, fmt):
    """Codes of `fmt` (one per byte) as float64."""
    exp, man, bias = FORMATS[fmt]
    c = codes.astype(np.int64) & ((1 << (1 + exp + man)) - 1)
    e, m = (c >> man) & ((1 << exp) - 1), c & ((1 << man) - 1)
    value = np.where(e == 0, m * 2.0 ** (1 - bias - man), (1 + m / 2.0**man) * 2.0 ** (e - bias))
    return np.where(c >> (exp + man), -value, value)


def random_codes(rng, shape, fmt):
    exp, man, _ = FORMATS[fmt]
    c = rng.integers(0, 1 << (1 + exp + man), size=shape).astype(np.uint8)
    if fmt == "e4m3":
        c = np.where((c & 0x7F) == 0x7F, 0, c)  # NaN
    if fmt == "e5m2":
        c = np.where(((c >> 2) & 31) == 31, 0, c)  # inf and NaN
    return c.astype(np.uint8)


def scaled_tile(m, n, k, fa, fb, atom_layout=(2, 2, 1), fp8_dtype=None, scales=True):
    """One tile of a tiled MMA of the scaled atom: codes and scales arrive as bytes (A and B
    reinterpreted as `fp8_dtype` in registers when given; without `scales` the gemm is given
    none, so the atom keeps its default state)."""
    layout = fx.make_layout(atom_layout, (1, atom_layout[0], 0))
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA_Scale(m, n, k, fa, fb)), layout)

    @flyc.kernel
    def one_tile(A: fx.Tensor, B: fx.Tensor, SA: fx.Tensor, SB: fx.Tensor, C: fx.Tensor):
        thr = tiled.thr_slice(fx.thread_idx.x)
        tAgA, tBgB, tCgC = thr.partition_A(A), thr.partition_B(B), thr.partition_C(C)
        tSgA, tSgB = thr.partition_SFA(SA), thr.partition_SFB(SB)
        rA, rB = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB)
        rSA, rSB = thr.make_fragment_A(tSgA), thr.make_fragment_B(tSgB)
        byte = fx.make_copy_atom(fx.UniversalCopy(8), fx.Int8)
        for src, dst in ((tAgA, rA), (tBgB, rB), (tSgA, rSA), (tSgB, rSB)):
            fx.copy(byte, src, dst)
        if fp8_dtype is not None:
            typed_a = fx.make_fragment_like(tAgA, dtype=fp8_dtype)
            typed_b = fx.make_fragment_like(tBgB, dtype=fp8_dtype)
            typed_a.store(rA.load().bitcast(fp8_dtype))
            typed_b.store(rB.load().bitcast(fp8_dtype))
            rA, rB = typed_a, typed_b
        rC = thr.make_fragment_C(tCgC)
        rC.fill(0)
        if scales:
            fx.gemm(tiled, rC, rA, rB, rC, scale_a=rSA, scale_b=rSB)
        else:
            fx.gemm(tiled, rC, rA, rB, rC)
        fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), rC, tCgC)

    return one_tile, tiled


def operands(tiled, rng=None):
    tm, tn, tk = tiled.tile_size_mnk
    fa, fb = tiled.op.a_format, tiled.op.b_format
    if rng is None:
        a, b = np.zeros((tm, tk), np.uint8), np.zeros((tn, tk), np.uint8)
        sa, sb = np.full((tm, tk // 32), 127, np.uint8), np.full((tn, tk // 32), 127, np.uint8)
    else:
        a, b = random_codes(rng, (tm, tk), fa), random_codes(rng, (tn, tk), fb)
        sa = rng.integers(120, 135, size=(tm, tk // 32)).astype(np.uint8)
        sb = rng.integers(120, 135, size=(tn, tk // 32)).astype(np.uint8)
    return a, b, sa, sb, np.zeros((tm, tn), np.float32)


def arguments(*arrays):
    return [flyc.from_dlpack(x.view(np.int8) if x.dtype == np.uint8 else x) for x in arrays]


def test_operand_layouts_follow_the_formats_and_scales_follow_the_lanes():
    fp8 = fx.make_mma_atom(fx.rocdl.MFMA_Scale(16, 16, 128, "e4m3", "e2m1"))
    a, b, sfa = fp8.tv_layout("A"), fp8.tv_layout("B"), fp8.tv_layout("SFA")
    # 8-bit: lane 17 (row 1, lane group 1) holds k 16..31 and 80..95; 4-bit: k 32..63.
    assert [a((17, v)) // 16 for v in range(32)] == list(range(16, 32)) + list(range(80, 96))
    assert [b((17, v)) % 16 for v in range(32)] == [1] * 32
    assert [b((17, v)) // 16 for v in range(32)] == list(range(32, 64))
    # Lane l gives the scale of row l % 16 and K block l // 16: index l of the (16, 4) tile.
    assert [sfa((lane, 0)) for lane in range(64)] == list(range(64))
    wide = fx.make_mma_atom(fx.rocdl.MFMA_Scale(32, 32, 64, "e5m2"))
    assert [wide.tv_layout("A")((33, v)) // 32 for v in range(32)] == (
        list(range(16, 32)) + list(range(48, 64))
    )
    for atom, (m, k) in ((fp8, (16, 128)), (wide, (32, 64))):
        for operand in ("A", "B"):
            tv = atom.tv_layout(operand)
            cells = sorted(tv((lane, v)) for lane in range(64) for v in range(32))
            assert cells == list(range(m * k))


@pytest.mark.parametrize("m,n,k", SHAPES)
@pytest.mark.parametrize("fa,fb", PAIRS)
def test_every_shape_and_format_matches_numpy_emulated_on_cpu(m, n, k, fa, fb, monkeypatch):
    monkeypatch.setenv("ARCH", "gfx950")
    one_tile, tiled = scaled_tile(m, n, k, fa, fb)
    rng = np.random.default_rng(m + len(fa + fb) * 7 + ord(fb[1]))
    a, b, sa, sb, c = operands(tiled, rng)
    one_tile(*arguments(a, b, sa, sb, c)).launch(block=(tiled.size,))
    scale_a = np.repeat(2.0 ** (sa.astype(np.float64) - 127), 32, axis=1)
    scale_b = np.repeat(2.0 ** (sb.astype(np.float64) - 127), 32, axis=1)
    ha, hb = decode(a, fa) * scale_a, decode(b, fb) * scale_b
    expected = ha @ hb.T
    assert np.all(np.abs(c - expected) <= 1e-6 * (np.abs(ha) @ np.abs(hb).T) + 1e-30)
    assert np.count_nonzero(expected) > expected.size // 2  # the test multiplies something


def test_fp8_fragments_may_hold_the_fp8_dtype(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx950")
    typed, tiled = scaled_tile(16, 16, 128, "e4m3", "e4m3", (1, 1, 1), fp8_dtype="f8e4m3")
    a, b, sa, sb, c = operands(tiled, np.random.default_rng(5))
    typed(*arguments(a, b, sa, sb, c)).launch(block=(64,))
    ha = decode(a, "e4m3") * np.repeat(2.0 ** (sa - 127.0), 32, axis=1)
    hb = decode(b, "e4m3") * np.repeat(2.0 ** (sb - 127.0), 32, axis=1)
    assert np.all(np.abs(c - ha @ hb.T) <= 1e-6 * (np.abs(ha) @ np.abs(hb).T) + 1e-30)


@needs_llvm_tools
@pytest.mark.parametrize("m,n,k,fa,fb,modifiers", [
    (16, 16, 128, "e4m3", "e4m3", ""), (32, 32, 64, "e2m1", "e2m1", "cbsz:4 blgp:4"),
    (16, 16, 128, "e5m2", "e3m2", "cbsz:1 blgp:3"),
])  # fmt: skip
def test_gfx950_code_has_the_scaled_instruction(m, n, k, fa, fb, modifiers, tmp_path):
    one_tile, tiled = scaled_tile(m, n, k, fa, fb, atom_layout=(1, 1, 1))
    code = one_tile.compile(*arguments(*operands(tiled)), target="rocm", arch="gfx950").binary
    (tmp_path / "k.hsaco").write_bytes(code)
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx950", str(tmp_path / "k.hsaco")],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    lines = [x for x in text.splitlines() if f"v_mfma_scale_f32_{m}x{n}x{k}_f8f6f4" in x]
    assert len(lines) == 1 and modifiers in lines[0], lines
    assert "scratch_" not in text


def test_gemm_is_the_fly_scaled_atom_with_its_scales_as_state(tmp_path, monkeypatch):
    # Each call of the builder's scaled gemm is FlyROCDL's cdna4.mfma_scale atom with scale_a
    # and scale_b set before it; the target's stages make it the instruction afterwards.
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    one_tile, tiled = scaled_tile(16, 16, 128, "e5m2", "e2m1", atom_layout=(1, 1, 1))
    one_tile.compile(*arguments(*operands(tiled)), target="rocm", arch="gfx950")
    (folder,) = tmp_path.iterdir()
    origin = (folder / "00_origin.mlir").read_text()
    atom = (
        "!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E5M2, f4E2M1FN) -> f32, opselA = 0, opselB = 0>"
    )
    assert f"fly.make_mma_atom : !fly.mma_atom<{atom}>" in origin
    assert origin.count("fly.atom.set_value(%") == 2
    assert '"scale_a"' in origin and '"scale_b"' in origin
    assert origin.count("fly.mma_atom_call_ssa(") == 1
    assert "__fly_mma" not in origin
    # The partitions of A, B and C are FlyDSL's partition op of a tiled MMA of the same atom
    # (the scales' partitions, which FlyDSL has no operand for, are the builder's).
    for operand in "abc":
        assert re.search(
            rf"fly.tiled_mma.partition\({operand}, .*!fly.tiled_mma<!fly.mma_atom<{re.escape(atom)}>",
            origin,
        ), operand


def test_the_scaled_atom_is_refused_where_it_does_not_exist(monkeypatch):
    one_tile, tiled = scaled_tile(16, 16, 128, "e4m3", "e4m3", atom_layout=(1, 1, 1))
    args = arguments(*operands(tiled))
    with pytest.raises(flyc.CompileError, match="v_mfma_scale_f32_16x16x128_f8f6f4 .* gfx950"
                                                " .*not of gfx942"):  # fmt: skip
        one_tile.compile(*args, target="rocm", arch="gfx942")
    monkeypatch.setenv("ARCH", "gfx942")  # what the cpu target emulates by default
    with pytest.raises(flyc.CompileError, match="not of gfx942"):
        one_tile.compile(*args, target="cpu")
    with pytest.raises(
        flyc.CompileError,
        match=r"\(sm_90\) has no lowering for " "v_mfma_scale_f32_16x16x128_f8f6f4 atoms",
    ):
        one_tile.compile(*args, target="cuda", arch="sm_90")


def test_atoms_and_formats_that_do_not_exist_say_what_does():
    with pytest.raises(
        flydsl.UnsupportedError, match=r"no 16x16x64 atom .* \(it has 16x16x128, 32"
    ):
        fx.make_mma_atom(fx.rocdl.MFMA_Scale(16, 16, 64, "e4m3"))
    with pytest.raises(TypeError, match="e4m3, e5m2, e2m3, e3m2, e2m1, not 'fp16'"):
        fx.rocdl.MFMA_Scale(16, 16, 128, "fp16")
    plain = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 32, "f8e4m3"))
    with pytest.raises(flydsl.InvalidArgumentError, match="has no scale operands"):
        plain.tv_layout("SFA")


def test_without_scales_the_atom_multiplies_unscaled(monkeypatch):
    # FlyDSL's fp8 GEMMs call the scaled atom in its default state (scales 0), which the
    # compiler makes the unscaled v_mfma_f32_16x16x128_f8f6f4: the cpu multiplies so too.
    monkeypatch.setenv("ARCH", "gfx950")
    plain, tiled = scaled_tile(16, 16, 128, "e4m3", "e4m3", (1, 1, 1), scales=False)
    a, b, sa, sb, c = operands(tiled, np.random.default_rng(6))
    plain(*arguments(a, b, sa, sb, c)).launch(block=(64,))
    ha, hb = decode(a, "e4m3"), decode(b, "e4m3")
    assert np.all(np.abs(c - ha @ hb.T) <= 1e-6 * (np.abs(ha) @ np.abs(hb).T) + 1e-30)
    assert np.count_nonzero(c) > c.size // 2


@needs_llvm_tools
def test_without_scales_the_code_is_the_unscaled_instruction(tmp_path):
    plain, tiled = scaled_tile(16, 16, 128, "e4m3", "e4m3", (1, 1, 1), scales=False)
    code = plain.compile(*arguments(*operands(tiled)), target="rocm", arch="gfx950").binary
    (tmp_path / "k.hsaco").write_bytes(code)
    text = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx950", str(tmp_path / "k.hsaco")],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    assert "v_mfma_f32_16x16x128_f8f6f4" in text and "v_mfma_scale" not in text, text


def test_gemm_refuses_wrong_scales_and_fragments():
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA_Scale(16, 16, 128, "e2m1")))
    plain = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 32, "f8e4m3")))

    def build(body):
        @flyc.kernel
        def k(A: fx.Tensor, B: fx.Tensor, SA: fx.Tensor, SB: fx.Tensor, C: fx.Tensor):
            thr = tiled.thr_slice(fx.thread_idx.x)
            tA, tB, tC = thr.partition_A(A), thr.partition_B(B), thr.partition_C(C)
            tSA, tSB = thr.partition_SFA(SA), thr.partition_SFB(SB)
            frags = [thr.make_fragment_A(t) for t in (tA, tB, tC, tSA, tSB)]
            body(thr, *frags)

        return k.compile(*arguments(*operands(tiled)), target="cpu")

    with pytest.raises(flyc.CompileError, match="takes a scaled atom"):
        build(lambda thr, a, b, c, sa, sb: fx.gemm(plain, c, a, b, c, scale_a=sa, scale_b=sb))
    with pytest.raises(flyc.CompileError, match="takes e2m1 a and e2m1 b .* i8 scales, got "
                                                "f32, i8, f32, f32, i8, i8"):  # fmt: skip
        build(
            lambda thr, a, b, c, sa, sb: fx.gemm(
                tiled, c, fx.make_fragment_like(a, dtype=fx.Float32), b, c, scale_a=sa, scale_b=sb
            )
        )
    with pytest.raises(flyc.CompileError, match="scale_a must be a fragment of the scales' "
                                                "partition"):  # fmt: skip
        build(lambda thr, a, b, c, sa, sb: fx.gemm(tiled, c, a, b, c, scale_a=a, scale_b=sb))
    with pytest.raises(TypeError, match="both scale_a and scale_b"):
        build(lambda thr, a, b, c, sa, sb: fx.gemm(tiled, c, a, b, c, scale_a=sa))
