"""The raw per-lane operations that FlyDSL's attention kernels call by their MLIR names: one atom
call on a lane's values (`fly.mma_atom_call_ssa`, `fly.copy_atom_call_ssa`), gfx950's
transposing LDS reads (`rocdl.ds_read_tr16_b64`, `ds_read_tr8_b64`) and its half-wave swap
(`rocdl.permlane32_swap`) and quarter-wave swap (`permlane16_swap`), the packed bf16 and nibble
conversions, raw buffer loads into LDS (also written as assembly that sets m0), a choice between
two buffer resources (`arith.select`), and the block-scaled MFMA written as assembly. Each runs on the cpu target against a numpy model of the instruction; the LDS reads also
compile to the instruction for gfx950 and are refused for gfx942."""

import subprocess

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _tools import needs_llvm_tools, needs_rocm_device_libs
from flydsl._mlir import ir
from flydsl._mlir.dialects import fly, llvm, vector
from flydsl.expr import rocdl

WAVE = 64


# -- one atom call on a lane's values -------------------------------------------------------


@flyc.kernel
def loads_words_from_an_element(A: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    # A one-element slice only places the start: the 128-bit atom reads 16 bytes from there.
    one_each = fx.logical_divide(A, fx.make_layout(1, 1))
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Int32)
    words = fly.copy_atom_call_ssa(
        [fx.Vector.make_type(4, fx.Int32)], atom, fx.slice(one_each, (None, fx.Int32(lane * 8)))
    )
    for i in range(4):
        O[lane * 4 + i] = fx.Vector(words, (4,), fx.Int32)[i]


def test_copy_atom_call_ssa_reads_the_atoms_bits_from_the_first_element():
    a = (np.arange(16 * 8, dtype=np.int16) * 7 - 300).astype(np.int16)
    o = np.zeros(64, np.int32)
    loads_words_from_an_element(a, o).launch(block=(16,))
    np.testing.assert_array_equal(o, a.view(np.int32))


@flyc.kernel
def stores_words_where_told(O: fx.Tensor, P: fx.Tensor):
    lane = fx.thread_idx.x
    one_each = fx.logical_divide(O, fx.make_layout(1, 1))
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Int32)
    pair = fx.Vector.from_elements([lane * 10, lane * 10 + 1], fx.Int32)
    fly.copy_atom_call_ssa(
        [],
        atom,
        pair.ir_value(),
        dst=fx.slice(one_each, (None, fx.Int32(lane * 2))),
        pred=P[lane] != 0,
    )


def test_copy_atom_call_ssa_writes_a_value_where_its_predicate_holds():
    o = np.full(32, -1, np.int32)
    p = np.array([1, 0] * 8, np.int32)
    stores_words_where_told(o, p).launch(block=(16,))
    want = np.full(32, -1, np.int32)
    for lane in range(16):
        if p[lane]:
            want[2 * lane : 2 * lane + 2] = [lane * 10, lane * 10 + 1]
    np.testing.assert_array_equal(o, want)


@flyc.kernel
def mfma_by_its_atom(A: fx.Tensor, B: fx.Tensor, D: fx.Tensor):
    lane = fx.thread_idx.x
    col, k0 = lane % 16, (lane // 16) * 4  # CDNA3's 16x16x16 operand layout
    a = fx.Vector.from_elements([A[col, k0 + i] for i in range(4)])
    b = fx.Vector.from_elements([B[k0 + i, col] for i in range(4)])
    c = fx.Vector.filled(4, 0.5, fx.Float32)
    atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16))
    d = fly.mma_atom_call_ssa([fx.Vector.make_type(4, fx.Float32)], atom, a, b, c)
    for i in range(4):
        D[k0 + i, col] = fx.Vector(d, (4,), fx.Float32)[i]


def test_mma_atom_call_ssa_is_one_call_of_the_atom():
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((16, 16)).astype(np.float16) for _ in range(2))
    d = np.zeros((16, 16), np.float32)
    mfma_by_its_atom(a, b, d).launch(block=(WAVE,))
    want = a.astype(np.float32) @ b.astype(np.float32) + 0.5
    np.testing.assert_allclose(d, want, rtol=1e-5, atol=1e-5)


@flyc.kernel
def copy_of_the_wrong_width(A: fx.Tensor, O: fx.Tensor):
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Int32)
    fly.copy_atom_call_ssa([fx.Vector.make_type(2, fx.Int32)], atom, A)


def test_a_result_type_that_is_not_the_atoms_width_is_refused():
    a, o = np.zeros(8, np.int32), np.zeros(8, np.int32)
    with pytest.raises(TypeError, match="moves 128 bits"):
        copy_of_the_wrong_width(a, o).launch(block=(1,))


# -- gfx950's transposing LDS reads ---------------------------------------------------------

N = 1024


def _lds_kernel(read, dtype, lanes):
    """A kernel that stages A in shared memory and gives lane L the transposing read at
    element Off[L]."""

    @flyc.kernel
    def lds_read(A: fx.Tensor, Off: fx.Tensor, O: fx.Tensor):
        lane = fx.thread_idx.x
        base = fx.recast_iter(dtype, fx.get_dyn_shared())
        staged = base.view(fx.make_layout(N, 1))
        for i in range(N // WAVE):
            staged[lane + WAVE * i] = A[lane + WAVE * i]
        fx.barrier()
        vec_type = fx.Vector.make_type(lanes, dtype)
        v = read(vec_type, (base + Off[lane]).llvm_ptr).result
        for e in range(lanes):
            O[lane, e] = fx.Vector(v, (lanes,), dtype)[e]

    return lds_read


def _transposed(a, off, per_lane):
    """The instruction's result: in each group of 16 lanes the lanes' words form a tile of
    per_lane rows and 16 columns, row r from lanes 16/per_lane * r on, and lane i gets column
    i."""
    want = np.zeros((WAVE, per_lane), a.dtype)
    for lane in range(WAVE):
        group, i = lane - lane % 16, lane % 16
        for k in range(per_lane):
            src = group + (16 // per_lane) * k + i // per_lane
            want[lane, k] = a[off[src] + i % per_lane]
    return want


@pytest.mark.parametrize(
    "read,dtype,np_dtype,per_lane",
    [
        (rocdl.ds_read_tr16_b64, fx.Int16, np.int16, 4),
        (rocdl.ds_read_tr8_b64, fx.Int8, np.int8, 8),
    ],
    ids=["tr16", "tr8"],
)
def test_transposing_lds_reads_hand_each_lane_a_column(read, dtype, np_dtype, per_lane):
    a = (np.arange(N) * 3 + 1).astype(np_dtype)
    rng = np.random.default_rng(7)
    off = (rng.permutation(N // per_lane)[:WAVE] * per_lane).astype(np.int32)
    o = np.zeros((WAVE, per_lane), np_dtype)
    kernel = _lds_kernel(read, dtype, per_lane)
    kernel(a, off, o).launch(block=(WAVE,), smem=N * np.dtype(np_dtype).itemsize)
    np.testing.assert_array_equal(o, _transposed(a, off, per_lane))


@pytest.mark.parametrize(
    "atom_of,dtype,np_dtype,per_lane",
    [
        (rocdl.cdna4.LDSReadTrans16_64b, fx.Int16, np.int16, 4),
        (rocdl.cdna4.LDSReadTrans8_64b, fx.Int8, np.int8, 8),
    ],
    ids=["tr16", "tr8"],
)
def test_the_transposing_copy_atom_on_a_lanes_own_bits_is_the_instruction(
    atom_of, dtype, np_dtype, per_lane
):
    """fx.copy of the atom itself from the lane's 64 bits of shared memory into registers, as
    FlyDSL's gfx950 kernels read V: each lane receives a column of its group's words."""

    @flyc.kernel
    def lds_copy(A: fx.Tensor, Off: fx.Tensor, O: fx.Tensor):
        lane = fx.thread_idx.x
        base = fx.recast_iter(dtype, fx.get_dyn_shared())
        staged = base.view(fx.make_layout(N, 1))
        for i in fx.range_constexpr(N // WAVE):
            staged[lane + WAVE * i] = A[lane + WAVE * i]
        fx.barrier()
        run = fx.make_layout(per_lane, 1)
        regs = fx.make_rmem_tensor(run, dtype)
        fx.copy(fx.make_copy_atom(atom_of(), dtype), (base + Off[lane]).view(run), regs)
        for e in fx.range_constexpr(per_lane):
            O[lane, e] = regs[e]

    a = (np.arange(N) * 3 + 1).astype(np_dtype)
    off = (np.random.default_rng(3).permutation(N // per_lane)[:WAVE] * per_lane).astype(np.int32)
    o = np.zeros((WAVE, per_lane), np_dtype)
    lds_copy(a, off, o).launch(block=(WAVE,), smem=N * np.dtype(np_dtype).itemsize)
    np.testing.assert_array_equal(o, _transposed(a, off, per_lane))


@needs_llvm_tools
@needs_rocm_device_libs
def test_a_transposing_lds_read_is_gfx950s_instruction(tmp_path):
    a, off, o = np.zeros(N, np.int16), np.zeros(WAVE, np.int32), np.zeros((WAVE, 4), np.int16)
    kernel = _lds_kernel(rocdl.ds_read_tr16_b64, fx.Int16, 4)
    path = tmp_path / "k.hsaco"
    path.write_bytes(kernel.compile(a, off, o, target="rocm", arch="gfx950").binary)
    asm = subprocess.run(["llvm-objdump-22", "-d", "--mcpu=gfx950", str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert "ds_read_b64_tr_b16" in asm
    with pytest.raises(Exception, match="gfx950's .CDNA4., not gfx942's"):
        kernel.compile(a, off, o, target="rocm", arch="gfx942")


@flyc.kernel
def lds_read_of_global_memory(A: fx.Tensor, O: fx.Tensor):
    v = rocdl.ds_read_tr16_b64(fx.Vector.make_type(4, fx.Int16), fx.get_iter(A).llvm_ptr)
    O[0] = fx.Vector(v.result, (4,), fx.Int16)[0]


def test_a_transposing_read_of_global_memory_is_refused():
    a, o = np.zeros(8, np.int16), np.zeros(8, np.int16)
    with pytest.raises(TypeError, match="takes an !llvm.ptr<3>"):
        lds_read_of_global_memory(a, o).launch(block=(WAVE,))


# -- the half-wave swap and the conversions -------------------------------------------------


@flyc.kernel
def swaps_halves(A: fx.Tensor, B: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    pair = ir.Type.parse("!llvm.struct<(i32, i32)>")
    swapped = rocdl.permlane32_swap(pair, A[lane], B[lane], False, False)
    O[lane, 0] = llvm.extractvalue(fx.T.i32, swapped, [0])
    O[lane, 1] = llvm.extractvalue(fx.T.i32, swapped, [1])


def test_permlane32_swap_trades_the_upper_half_of_old_for_the_lower_half_of_src():
    old = np.arange(WAVE, dtype=np.int32)
    src = 1000 + old
    o = np.zeros((WAVE, 2), np.int32)
    swaps_halves(old, src, o).launch(block=(WAVE,))
    low = np.arange(WAVE) < 32
    np.testing.assert_array_equal(o[:, 0], np.where(low, old, np.roll(src, 32)))
    np.testing.assert_array_equal(o[:, 1], np.where(low, np.roll(old, -32), src))


@flyc.kernel
def swaps_rows(A: fx.Tensor, B: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    pair = ir.Type.parse("!llvm.struct<(i32, i32)>")
    swapped = rocdl.permlane16_swap(pair, A[lane], B[lane], False, False)
    O[lane, 0] = llvm.extractvalue(fx.T.i32, swapped, [0])
    O[lane, 1] = llvm.extractvalue(fx.T.i32, swapped, [1])


def test_permlane16_swap_trades_the_odd_rows_of_old_for_the_even_rows_of_src():
    old = np.arange(WAVE, dtype=np.int32)
    src = 1000 + old
    o = np.zeros((WAVE, 2), np.int32)
    swaps_rows(old, src, o).launch(block=(WAVE,))
    even = (np.arange(WAVE) // 16) % 2 == 0  # rows of 16 lanes: 0 and 2 are even
    np.testing.assert_array_equal(o[:, 0], np.where(even, old, np.roll(src, 16)))
    np.testing.assert_array_equal(o[:, 1], np.where(even, np.roll(old, -16), src))


@flyc.kernel
def conversions(X: fx.Tensor, W: fx.Tensor, P: fx.Tensor, F: fx.Tensor):
    i = fx.thread_idx.x
    P[i] = rocdl.cvt_pk_bf16_f32(X[2 * i], X[2 * i + 1])
    for b in fx.range_constexpr(4):  # byte_sel is a constant
        F[i, b] = rocdl.cvt_off_f32_i4(W[i], byte_sel=b)


def _bf16_bits(x):
    """Round-to-nearest-even bf16 bits of float32 values (finite ones)."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint32)


def test_packed_bf16_and_nibble_conversions():
    rng = np.random.default_rng(5)
    x = (rng.standard_normal(64) * 100).astype(np.float32)
    w = rng.integers(0, 2**31, 32).astype(np.int32)
    p, f = np.zeros(32, np.int32), np.zeros((32, 4), np.float32)
    conversions(x, w, p, f).launch(block=(32,))
    bits = _bf16_bits(x)
    np.testing.assert_array_equal(p.view(np.uint32), bits[0::2] | (bits[1::2] << 16))
    nibbles = (w.view(np.uint32)[:, None] >> (8 * np.arange(4))) & 0xF
    np.testing.assert_array_equal(f, np.where(nibbles >= 8, nibbles - 16.0, nibbles) / 16)


# -- a raw buffer load into LDS -------------------------------------------------------------


@flyc.kernel
def dma_into_lds(A: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    rsrc = rocdl.make_buffer_rsrc(None, fx.get_iter(A).llvm_ptr, 0, 4 * 100, 0)
    lds = fx.recast_iter(fx.Int32, fx.get_dyn_shared())
    # Each lane reads one dword, the lanes in reverse; lane i's lands at the base + 4 i. The
    # resource ends at element 100: lanes reading past it write zeros.
    rocdl.raw_ptr_buffer_load_lds(rsrc, lds.llvm_ptr, 4, (WAVE - 1 - lane) * 4, 0, 8, 0)
    fx.barrier()
    O[lane] = lds.view(fx.make_layout(WAVE, 1))[lane]


def test_a_raw_buffer_load_into_lds_writes_each_lanes_bytes_in_lane_order():
    a = np.arange(128, dtype=np.int32) * 5
    o = np.zeros(WAVE, np.int32)
    dma_into_lds(a, o).launch(block=(WAVE,), smem=4 * WAVE)
    source = (WAVE - 1 - np.arange(WAVE)) + 2  # the immediate offset is 8 bytes
    np.testing.assert_array_equal(o, np.where(source < 100, a[source], 0))


@flyc.kernel
def dma_by_assembly(A: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    rsrc = rocdl.make_buffer_rsrc(None, fx.get_iter(A).llvm_ptr, 0, 4 * 256, 0)
    lds = fx.recast_iter(fx.Int32, fx.get_dyn_shared())
    base = fx.Int32(fx.ptrtoint(lds))
    # m0 holds the LDS byte address the wave's loads start at; a second load moves it on.
    voff = lane * 4
    llvm.inline_asm(None, [base, voff, rsrc, fx.Int32(0)],
                    "s_mov_b32 m0, $0\nbuffer_load_dword $1, $2, $3 offen lds", "s,v,s,s",
                    has_side_effects=True)  # fmt: skip
    llvm.inline_asm(None, [voff + 4 * WAVE, rsrc, fx.Int32(0)],
                    f"s_add_u32 m0, {4 * WAVE}, m0\nbuffer_load_dword $0, $1, $2 offen lds",
                    "v,s,s", has_side_effects=True)  # fmt: skip
    fx.barrier()
    view = lds.view(fx.make_layout(2 * WAVE, 1))
    O[lane] = view[lane]
    O[lane + WAVE] = view[lane + WAVE]


def test_buffer_loads_into_lds_written_as_assembly_go_where_m0_says():
    a = np.arange(256, dtype=np.int32) * 3
    o = np.zeros(2 * WAVE, np.int32)
    dma_by_assembly(a, o).launch(block=(WAVE,), smem=8 * WAVE)
    np.testing.assert_array_equal(o, a[: 2 * WAVE])


@flyc.kernel
def m0_never_set(A: fx.Tensor):
    rsrc = rocdl.make_buffer_rsrc(None, fx.get_iter(A).llvm_ptr, 0, 16, 0)
    llvm.inline_asm(None, [fx.Int32(0), rsrc, fx.Int32(0)],
                    "s_add_u32 m0, 4, m0\nbuffer_load_dword $0, $1, $2 offen lds", "v,s,s",
                    has_side_effects=True)  # fmt: skip


def test_assembly_that_reads_an_unset_m0_is_refused():
    with pytest.raises(NotImplementedError, match="no `s_mov_b32 m0, \\$0` of this kernel"):
        m0_never_set(np.zeros(4, np.int32)).launch(block=(WAVE,))


@flyc.kernel
def picks_a_resource(A: fx.Tensor, B: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    ra = fx.buffer_ops.create_buffer_resource(A)
    rb = fx.buffer_ops.create_buffer_resource(B)
    # Even lanes read A, odd lanes B; B is shorter, so odd lanes past its end read zeros.
    rsrc = fx.arith.select(lane % 2 == 0, ra, rb)
    O[lane] = fx.buffer_ops.buffer_load(rsrc, lane, dtype=fx.Float32)


def test_a_choice_between_buffer_resources_reads_the_chosen_one():
    a = np.arange(WAVE, dtype=np.float32)
    b = -np.arange(40, dtype=np.float32)
    o = np.zeros(WAVE, np.float32)
    picks_a_resource(a, b, o).launch(block=(WAVE,))
    lanes = np.arange(WAVE)
    want = np.where(lanes % 2 == 0, a, np.where(lanes < 40, -lanes, 0.0))
    np.testing.assert_array_equal(o, want)
    with pytest.raises(TypeError, match="takes two of them"):
        mixed_choice(a, o).launch(block=(WAVE,))


@flyc.kernel
def mixed_choice(A: fx.Tensor, O: fx.Tensor):
    ra = fx.buffer_ops.create_buffer_resource(A)
    O[0] = fx.arith.select(fx.thread_idx.x == 0, ra, 1.0)


# -- the block-scaled MFMA as assembly ------------------------------------------------------

E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6], np.float64)


def _fp4(codes):
    return E2M1[codes & 7] * np.where(codes & 8, -1.0, 1.0)


@flyc.kernel
def scaled_mfma_by_assembly(A: fx.Tensor, B: fx.Tensor, S: fx.Tensor, D: fx.Tensor):
    # A and B: a lane's 32 fp4 codes as four words (then four unused); S: a lane's scale words,
    # whose byte 1 (A) and byte 2 (B) op_sel / op_sel_hi pick.
    lane = fx.thread_idx.x
    words = [A[lane, w] for w in range(4)] + [fx.Int32(0)] * 4
    a = fx.Vector.from_elements(words, fx.Int32)
    b = fx.Vector.from_elements([B[lane, w] for w in range(4)] + [fx.Int32(0)] * 4, fx.Int32)
    text = ("v_mfma_scale_f32_16x16x128_f8f6f4 $0, $1, $2, 0, $3, $4 op_sel:[1,0,0] "
            "op_sel_hi:[0,1,0] cbsz:4 blgp:4")  # fmt: skip
    d = llvm.inline_asm(fx.Vector.make_type(4, fx.Float32), [a, b, S[lane], S[lane]], text,
                        "=a,v,v,v,v", has_side_effects=True)  # fmt: skip
    for i in range(4):
        D[lane, i] = fx.Vector(d)[i]


def test_scaled_mfma_assembly_picks_the_scale_bytes_op_sel_names(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx950")
    rng = np.random.default_rng(6)
    codes_a = rng.integers(0, 16, (16, 128))  # (M, K)
    codes_b = rng.integers(0, 16, (16, 128))  # (N, K)
    exp_a = rng.integers(120, 134, (16, 4))  # E8M0 per row and block of 32 K
    exp_b = rng.integers(120, 134, (16, 4))

    def lane_words(codes):  # lane l: row l % 16, K block l // 16, code j at bits 4 (j % 8)
        out = np.zeros((WAVE, 4), np.uint32)
        for lane in range(WAVE):
            row, block = lane % 16, lane // 16
            for j in range(32):
                out[lane, j // 8] |= np.uint32(codes[row, 32 * block + j]) << np.uint32(4 * (j % 8))
        return out.view(np.int32)

    lanes = np.arange(WAVE)
    # byte 1 holds A's scale, byte 2 B's; bytes 0 and 3 hold decoys
    sa, sb = exp_a[lanes % 16, lanes // 16], exp_b[lanes % 16, lanes // 16]
    s = (7 | (sa << 8) | (sb << 16) | (9 << 24)).astype(np.uint32).view(np.int32)
    d = np.zeros((WAVE, 4), np.float32)
    scaled_mfma_by_assembly(lane_words(codes_a), lane_words(codes_b), s, d).launch(block=(WAVE,))

    def scale(e):
        return np.repeat(2.0 ** (e - 127.0), 32, axis=1)

    want = (_fp4(codes_a) * scale(exp_a)) @ (_fp4(codes_b) * scale(exp_b)).T
    # C: lane l holds column l % 16, rows 4 (l // 16) + 0..3
    got = np.zeros((16, 16))
    for lane in range(WAVE):
        got[4 * (lane // 16) : 4 * (lane // 16) + 4, lane % 16] = d[lane]
    np.testing.assert_allclose(got, want, rtol=1e-6)


# -- FlyDSL's raw IR around them ------------------------------------------------------------


@flyc.kernel
def masks_by_assembly(Rel: fx.Tensor, X: fx.Tensor, Y: fx.Tensor, O: fx.Tensor, M: fx.Tensor):
    lane = fx.thread_idx.x
    text = (
        "v_cmp_lt_i32_e64 $0, $6, 3\n\tv_cmp_lt_i32_e64 $1, $6, 5\n\t"
        "v_cndmask_b32_e64 $2, $4, $7, $0\n\tv_cndmask_b32_e64 $3, $5, $7, $1"
    )
    struct = ir.Type.parse("!llvm.struct<(i64, i64, i32, i32)>")
    out = llvm.inline_asm(struct, [X[lane], Y[lane], Rel[lane], fx.Int32(-7)], text,
                          "=s,=s,=v,=v,2,3,v,v,~{vcc}", has_side_effects=True)  # fmt: skip
    O[lane, 0] = llvm.extractvalue(fx.T.i32, out, [2])
    O[lane, 1] = llvm.extractvalue(fx.T.i32, out, [3])
    M[lane] = llvm.extractvalue(fx.T.i64, out, [0])


def test_compares_and_selects_in_assembly_run_lane_by_lane():
    rel = np.arange(WAVE, dtype=np.int32) % 8
    x, y = np.arange(WAVE, dtype=np.int32), 100 + np.arange(WAVE, dtype=np.int32)
    o, m = np.zeros((WAVE, 2), np.int32), np.zeros(WAVE, np.int64)
    masks_by_assembly(rel, x, y, o, m).launch(block=(WAVE,))
    np.testing.assert_array_equal(o[:, 0], np.where(rel < 3, -7, x))
    np.testing.assert_array_equal(o[:, 1], np.where(rel < 5, -7, y))
    ballot = sum(1 << i for i in range(WAVE) if rel[i] < 3)
    np.testing.assert_array_equal(m.view(np.uint64), np.full(WAVE, ballot, np.uint64))


@flyc.kernel
def barrier_where_zero(Flag: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    smem = fx.recast_iter(fx.Int32, fx.get_dyn_shared()).view(fx.make_layout(WAVE, 1))
    smem[lane] = lane * 3
    text = "s_cmp_eq_u32 $0, 0\n\ts_cbranch_scc0 1f\n\ts_barrier\n\t1:"
    llvm.inline_asm(ir.Type.parse("!llvm.void"), [Flag[0]], text, "s", has_side_effects=True)
    O[lane] = smem[WAVE - 1 - lane]


def test_a_barrier_in_assembly_is_taken_where_its_operand_is_zero():
    o = np.zeros(WAVE, np.int32)
    barrier_where_zero(np.zeros(1, np.int32), o).launch(block=(WAVE,), smem=4 * WAVE)
    np.testing.assert_array_equal(o, (WAVE - 1 - np.arange(WAVE)) * 3)


@flyc.kernel
def conversions_by_ops(X: fx.Tensor, O: fx.Tensor, B: fx.Tensor):
    i = fx.thread_idx.x
    x = fx.Vector.from_elements([X[2 * i], X[2 * i + 1]], fx.Float32)
    wide = llvm.FPExtOp(fx.Vector.make_type(2, fx.Float64), x.ir_value())
    wide.operation.attributes["fastmathFlags"] = ir.Attribute.parse("#llvm.fastmath<fast>")
    back = llvm.FPTruncOp(fx.Vector.make_type(2, fx.BFloat16), wide.result).result
    bits = vector.BitCastOp(fx.Vector.make_type(1, fx.Int32), back).result
    O[i] = ir.Value(llvm.intr_expect(fx.Vector(bits, (1,), fx.Int32)[0], fx.Int32(0)))
    B[i] = llvm.bitcast(fx.T.i32, back)


def test_conversion_ops_of_the_llvm_and_vector_dialects():
    x = (np.random.default_rng(9).standard_normal(64) * 10).astype(np.float32)
    o, b = np.zeros(32, np.int32), np.zeros(32, np.int32)
    conversions_by_ops(x, o, b).launch(block=(32,))
    bits = _bf16_bits(x)
    np.testing.assert_array_equal(o.view(np.uint32), bits[0::2] | (bits[1::2] << 16))
    np.testing.assert_array_equal(b, o)


@flyc.kernel
def cosize_in_a_kernel(A: fx.Tensor, O: fx.Tensor):
    O[0] = fx.Int32(fx.get_scalar(fx.cosize(fx.get_layout(A))))


def test_the_cosize_of_a_layout_with_run_time_strides():
    a = np.zeros((3, 5), np.float32)[:, ::2]  # (3,3):(5,2)
    o = np.zeros(1, np.int32)
    cosize_in_a_kernel(a, o).launch(block=(1,))
    assert o[0] == 2 * 5 + 2 * 2 + 1


@flyc.kernel
def stores_words_over_halves(O: fx.Tensor):
    lane = fx.thread_idx.x
    one_each = fx.logical_divide(fx.rocdl.make_buffer_tensor(O), fx.make_layout(1, 1))
    words = fx.make_rmem_tensor(fx.make_layout(2, 1), fx.Int32)
    words.store(fx.Vector.from_elements([lane, -lane], fx.Int32))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy64b(), fx.Int32)
    fx.copy(atom, words, fx.slice(one_each, (None, fx.Int32(lane * 4))))


def test_a_copy_moves_the_atoms_bits_into_elements_of_another_width():
    o = np.zeros(64, np.int16)
    stores_words_over_halves(o).launch(block=(16,))
    want = np.stack([np.arange(16), -np.arange(16)], 1).astype(np.int32).reshape(-1)
    np.testing.assert_array_equal(o.view(np.int32), want)


@flyc.kernel
def reads_through_a_made_buffer_pointer(A: fx.Tensor, O: fx.Tensor):
    lane = fx.thread_idx.x
    base = fx.get_iter(A)
    kind = fx.PointerType.get(elem_ty=fx.Float32.ir_type, alignment=base.alignment,
                              address_space=fx.rocdl.TargetAddressSpace.BufferDesc)  # fmt: skip
    flags = fx.Int32(0).ir_value()
    ptr = fx.make_ptr(kind, [base + 4, fx.Int16(0).ir_value(), fx.Int64(40).ir_value(), flags])
    O[lane] = fx.make_view(ptr, fx.make_layout(32, 1))[lane]


def test_make_ptr_of_a_buffer_pointer_bounds_its_reads():
    a = np.arange(32, dtype=np.float32) + 1
    o = np.full(32, -1, np.float32)
    reads_through_a_made_buffer_pointer(a, o).launch(block=(32,))
    # 40 bytes from element 4 on: elements 4..13; reads past them give zeros.
    want = np.zeros(32, np.float32)
    want[:10] = a[4:14]
    np.testing.assert_array_equal(o, want)
