"""One compiler pipeline: what the kernel builder writes as Fly ops (a layout's offset of a
coordinate) is lowered by fly-layout-lowering, the first pass of every target's pipeline.
The first dump holds the Fly ops, the pass's dump none; the offsets agree with the host
algebra, in i64 where they pass 2^31; a coordinate that does not fit is an error at the call.
Register tensors are FlyDSL's fly.memref.alloca, in each target's stack address space. Copies by
a universal atom are fly.copy, expanded into atom calls by the layout pass and lowered into
vector loads and stores by fly-atom-lowering; copies by a buffer atom between a buffer tensor
and a plain one are fly.copy of FlyROCDL's buffer_copy atom over buffer_desc pointers, and
buffer copies into LDS fly.copy of its buffer_copy_lds atom."""

import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev, load
from flydsl.errors import CompileError


@pytest.fixture
def dump_dir(tmp_path, monkeypatch):
    """Kernels compiled in the test write their stages (FLYDSL_DUMP_IR) under tmp_path; the
    fixture's value gives the one kernel's folder of them (the cpu's: emulating an AMD arch, the
    cpu dumps that GPU's compile beside it)."""
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))

    return lambda: launch_folder(tmp_path)


def launch_folder(dump_dir):
    """The stages of the compile that ran: the one target's, else the cpu's (emulating an AMD
    arch, the cpu dumps that GPU's compile beside its own)."""
    folders = list(dump_dir.iterdir())
    (only,) = folders if len(folders) == 1 else dump_dir.glob("cpu-*")
    return only


@flyc.kernel
def offsets(out: fx.Tensor, n: fx.Int32, s: fx.Int32):
    L = fx.make_layout((4, n), (s, 1))
    i = fx.thread_idx.x
    out[i] = fx.crd2idx((i % 4, i // 4), L).to("i64")


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942"), ("cuda", "sm_90")])
def test_first_dump_holds_fly_ops_the_layout_pass_none(dump_dir, target, arch):
    out = np.zeros(8, np.int64)
    offsets.compile(out, 2, 3, target=target, arch=arch)
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert "fly.crd2idx" in origin and "fly.make_layout" in origin
    # The offsets are arithmetic after the layout pass; the tensor access (fly.memref.store on
    # a view) is the next pass's, after which no Fly op is left.
    lowered = (folder / "01_fly_layout_lowering.mlir").read_text()
    assert "fly.crd2idx" not in lowered and "fly.memref.store" in lowered
    after = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert not re.search(r"\bfly\.[a-z_.]+\(", after)  # no Fly op (attributes stay)
    pipeline = (folder / "pipeline.txt").read_text()
    assert "fly-layout-lowering{no-wrap=true}" in pipeline
    assert "fly-lower-to-llvm{mma-calls=true no-wrap=true}" in pipeline
    # without rollback: its bookkeeping over a kernel of thousands of branches passed 15 GB
    assert "convert-scf-to-cf{allow-pattern-rollback=false}" in pipeline


@pytest.mark.parametrize("n, s", [(2, 3), (5, 1), (1, 7)])
def test_offsets_agree_with_the_host(n, s):
    out = dev.array(np.full(4 * n, -1, np.int64))
    offsets(out, n, s).launch(grid=(1,), block=(4 * n,))
    host = fx.make_layout((4, n), (s, 1))
    assert dev.host(out).tolist() == [host((i % 4, i // 4)) for i in range(4 * n)]


@flyc.kernel
def far(out: fx.Tensor, s: fx.Int32):
    # Leaves of 32 bits whose offset passes 2^31: the kernel computes it in i64.
    L = fx.make_layout((4, 8), (s, 1))
    i = fx.thread_idx.x
    out[i] = fx.crd2idx((i, 5), L).to("i64")


def test_offsets_past_2_31_do_not_wrap():
    s = 1 << 30
    out = dev.array(np.zeros(4, np.int64))
    far(out, s).launch(grid=(1,), block=(4,))
    assert dev.host(out).tolist() == [i * s + 5 for i in range(4)]


@flyc.kernel
def misfit(out: fx.Tensor, n: fx.Int32):
    L = fx.make_layout((4, n), (n, 1))
    out[0] = fx.crd2idx((1, 2, 3), L).to("i32")


def test_a_coordinate_that_does_not_fit_is_an_error_at_the_call():
    with pytest.raises(CompileError, match="crd2idx"):
        misfit.compile(np.zeros(1, np.int32), 4, target="cpu")


@flyc.kernel
def sizes(out: fx.Tensor, n: fx.Int32, s: fx.Int32):
    L = fx.make_layout((4, n), (s, 1))
    out[0] = fx.get_scalar(fx.size(L)).to("i64")
    out[1] = fx.get_scalar(fx.size(fx.zipped_divide(L, (2, 1)))).to("i64")


@pytest.mark.parametrize("n, s", [(3, 5), (7, 1), (1, 2)])
def test_size_of_a_dynamic_layout(n, s):
    out = dev.array(np.zeros(2, np.int64))
    sizes(out, n, s).launch(grid=(1,), block=(1,))
    assert dev.host(out).tolist() == [4 * n, 4 * n]


def test_size_is_a_fly_op_in_the_first_dump(dump_dir):
    sizes.compile(np.zeros(2, np.int64), 3, 5, target="cpu")
    folder = dump_dir()
    assert "fly.size" in (folder / "00_origin.mlir").read_text()


def _algebra_results(L, M):
    """The layouts that layout-algebra ops give of L (and M): the same calls in a kernel and on
    the host."""
    return [
        fx.zipped_divide(L, (2, 1)),
        fx.logical_divide(L, (fx.make_layout(2, 2), 1)),
        fx.flat_divide(L, (2,)),
        fx.composition(L, fx.make_layout((2, 2), (2, 1))),
        fx.composition(M, fx.make_layout((2, 2), (1, 4))),
        fx.coalesce(M),
        fx.tiled_divide(M, (2,)),
        fx.zipped_divide(M, (fx.make_layout(2, 2),)),
    ]


@flyc.kernel
def algebra_ops(out: fx.Tensor, n: fx.Int32, s: fx.Int32):
    # Layouts whose leaves are known only at run time: each op is a Fly op, and its result's
    # leaves are what fly-layout-lowering computes.
    L = fx.make_layout((4, n), (s, 1))
    M = fx.make_layout((4, n), (1, 4))
    i = fx.thread_idx.x
    for j, R in enumerate(_algebra_results(L, M)):
        size = fx.get_scalar(fx.size(R))
        out[j * 64 + i] = fx.crd2idx(i % size, R).to("i64")
        out[512 + j] = fx.Int64(size)


@pytest.mark.parametrize("n, s", [(3, 5), (4, 1), (2, 9)])
def test_algebra_of_dynamic_layouts_agrees_with_the_host(n, s):
    out = dev.array(np.full(520, -1, np.int64))
    algebra_ops(out, n, s).launch(grid=(1,), block=(64,))
    got = dev.host(out)
    host = _algebra_results(fx.make_layout((4, n), (s, 1)), fx.make_layout((4, n), (1, 4)))
    for j, R in enumerate(host):
        size = fx.size(R)
        assert got[512 + j] == size, (j, str(R))
        assert got[j * 64 : j * 64 + 64].tolist() == [R(i % size) for i in range(64)], (j, str(R))


def test_algebra_ops_are_fly_ops_in_the_first_dump(dump_dir):
    algebra_ops.compile(np.zeros(520, np.int64), 3, 5, target="cpu")
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    for op in [
        "zipped_divide",
        "logical_divide",
        "flat_divide",
        "composition",
        "coalesce",
        "tiled_divide",
    ]:
        assert f"fly.{op}(" in origin, op
    assert "fly.get_leaves" in origin
    lowered = (folder / "01_fly_layout_lowering.mlir").read_text()
    assert "fly.zipped_divide" not in lowered and "fly.get_leaves" not in lowered


@flyc.kernel
def dynamic_cosize(out: fx.Tensor, n: fx.Int32):
    out[0] = fx.get_scalar(fx.cosize(fx.make_layout((4, n), (n, 1)))).to("i64")


def test_cosize_of_dynamic_leaves_is_computed_in_the_kernel():
    out = np.zeros(1, np.int64)
    dynamic_cosize(out, 3).launch(block=(1,))
    assert out[0] == 3 * 3 + 2 * 1 + 1  # CuTe's layout(size - 1) + 1 of (4,3):(3,1)


@flyc.kernel
def registers(src: fx.Tensor, out: fx.Tensor):
    # 256 registers read at an index known only at run time: they stay in (private) memory.
    r = fx.make_rmem_tensor(fx.make_layout((16, 16), (16, 1)), fx.Float32)
    i = fx.thread_idx.x
    for j in fx.range_constexpr(256):
        r[j % 16, j // 16] = src[j] + i
    out[i] = r[(i * 7) % 16, (i * 5) % 16]


def _registers_expected():
    src = np.arange(256, dtype=np.float32)
    i = np.arange(64)
    return src, src[((i * 5) % 16) * 16 + (i * 7) % 16] + i


def test_register_tensors_are_fly_allocations_in_the_first_dumps(dump_dir):
    registers.compile(np.zeros(256, np.float32), np.zeros(64, np.float32), target="cpu")
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert "fly.memref.alloca" in origin
    assert "!fly.memref<f32, register, (16,16):(16,1)>" in origin
    assert "llvm.alloca" not in origin
    # FlyDSL's fly-layout-lowering keeps them in the dialect as a pointer to their registers
    # (allocSize: the layout's cosize) viewed through the layout (here only the pointer is
    # used); the next pass allocates them
    laid = (folder / "01_fly_layout_lowering.mlir").read_text()
    assert "fly.memref.alloca" not in laid and "llvm.alloca" not in laid
    assert (
        "fly.make_ptr() {dictAttrs = {allocSize = 256 : i64}} : () -> !fly.ptr<f32, register>"
        in laid
    )
    lowered = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert "fly.make_ptr" not in lowered and "!llvm.ptr<5>" in lowered


def test_register_tensors_indexed_at_run_time_work_on_cpu():
    src, expected = _registers_expected()
    out = dev.array(np.zeros(64, np.float32))
    registers(dev.array(src), out).launch(grid=(1,), block=(64,))
    np.testing.assert_array_equal(dev.host(out), expected)


def test_register_tensors_indexed_at_run_time_compile_for_amd_and_nvidia(tmp_path, monkeypatch):
    # AMDGPU wants its stack in address space 5 (an alloca elsewhere cannot be selected); cuda
    # and cpu want the default one.
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    args = (np.zeros(256, np.float32), np.zeros(64, np.float32))
    assert registers.compile(*args, target="rocm", arch="gfx942").binary
    assert registers.compile(*args, target="cuda", arch="sm_90").binary
    llvm_ir = {f.parent.name: f.read_text() for f in tmp_path.glob("*/*_llvm_ir.ll")}
    assert re.search(
        r"= alloca \[256 x float\], align \d+, addrspace\(5\)\n", llvm_ir["rocm-gfx942"]
    )
    assert re.search(r"= alloca \[256 x float\], align \d+\n", llvm_ir["cuda-sm_90"])


@flyc.kernel
def shaped_registers(out: fx.Tensor):
    r = fx.make_rmem_tensor((2, 3), fx.Int32)
    k = fx.make_rmem_tensor(fx.make_layout((2, 3), (0, 1)), fx.Int32)
    for j in fx.range_constexpr(6):
        r[j % 2, j // 2] = j
    for j in fx.range_constexpr(3):
        k[0, j] = 10 * j
    for j in fx.range_constexpr(6):
        out[j] = r[j % 2, j // 2] + k[1, j // 2]


def test_register_tensors_of_a_shape_are_ordered_layouts(dump_dir):
    out = dev.array(np.zeros(6, np.int32))
    shaped_registers(out).launch(grid=(1,), block=(1,))
    # Mode 0 of k has stride 0: k[1, j] is the register k[0, j] wrote.
    assert dev.host(out).tolist() == [j + 10 * (j // 2) for j in range(6)]
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert "fly.make_ordered_layout" in origin
    assert "!fly.memref<i32, register, (2,3):(1,2)>" in origin
    assert "!fly.memref<i32, register, (2,3):(0,1)>" in origin


def four_threads(*tensors):
    """The 128-bit copy atom, this thread's slice of 4 threads copying 8 consecutive floats
    each (two calls a thread), and the first 4x8 tile of each tensor."""
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tv = fx.raked_product(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))
    thr = fx.make_tiled_copy(atom, tv, fx.make_tile(4, 8)).get_slice(fx.thread_idx.x)
    tile = fx.make_tile([fx.make_layout(4, 1), fx.make_layout(8, 1)])
    return atom, thr, [fx.slice(fx.zipped_divide(t, tile), (None, 0)) for t in tensors]


@flyc.kernel
def tile_copy(src: fx.Tensor, dst: fx.Tensor, swizzled: fx.Constexpr[bool]):
    # Through registers (or through a swizzled shared tile, which the builder copies itself).
    atom, thr, (src, dst) = four_threads(src, dst)
    part = thr.partition_S(src)
    frag = fx.make_fragment_like(part)
    fx.copy(atom, part, frag)
    if fx.const_expr(swizzled):
        row_major = fx.make_layout((4, 8), (8, 1))
        shared = fx.SharedAllocator().allocate_tensor(
            fx.Float32, fx.make_composed_layout(fx.Swizzle(1, 2, 3), 0, row_major)
        )
        fx.copy(atom, frag, thr.partition_D(shared))
        fx.gpu.barrier()
        frag = fx.make_fragment_like(part)
        fx.copy(atom, thr.partition_S(shared), frag)
    fx.copy(atom, frag, thr.partition_D(dst))


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942"), ("cuda", "sm_90")])
def test_universal_copies_are_fly_copies_lowered_by_the_atom_pass(dump_dir, target, arch):
    a = np.zeros((4, 8), np.float32)
    tile_copy.compile(a, a, False, target=target, arch=arch)
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    atom = "!fly.copy_atom<!fly.universal_copy<128>, 32>"
    assert origin.count("fly.copy(") == 2 and atom in origin
    assert "!fly.memref<f32, global, ((4,2),1,1):((1,4),0,0), align<16>>" in origin
    assert "!fly.memref<f32, register, ((4,2),1,1):((1,4),0,0)>" in origin
    laid = (folder / "01_fly_layout_lowering.mlir").read_text()
    assert "fly.copy(" not in laid and laid.count("fly.copy_atom_call(") == 4
    atoms = (folder / "02_fly_atom_lowering.mlir").read_text()
    assert "fly.copy_atom_call" not in atoms
    assert len(re.findall(r"fly\.ptr\.load\(.*-> vector<4xf32>", atoms)) == 4
    assert len(re.findall(r"fly\.ptr\.store\(.*vector<4xf32>", atoms)) == 4
    pipeline = (folder / "pipeline.txt").read_text()
    assert f"fly-atom-lowering{{target={target}}}" in pipeline


def test_fly_copies_and_the_builders_own_agree_on_cpu(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    for swizzled in (False, True):
        out = np.zeros((4, 8), np.float32)  # host arrays: the cpu target, whose dumps are read
        tile_copy(a, out, swizzled).launch(grid=(1,), block=(4,))
        assert np.array_equal(out, a), swizzled
    # The swizzled shared tile (its base not aligned to the swizzle's span) has no Fly view:
    # the builder expands its two copies into their atom calls, two a thread each, at the
    # addresses it swizzles; the global copies stay whole.
    origins = [(f / "00_origin.mlir").read_text() for f in tmp_path.glob("cpu-*")]
    (swizzled,) = [o for o in origins if "gpu.barrier" in o]
    assert swizzled.count("fly.copy(") == 2 and swizzled.count("fly.copy_atom_call(") == 4
    assert "llvm.store" not in swizzled and "llvm.load" not in swizzled
    assert "!fly.memref<f32, shared, 4:1" in swizzled


@flyc.kernel
def swizzled_tile(src: fx.Tensor, dst: fx.Tensor, raw: fx.Tensor, align: fx.Constexpr[int]):
    # tile_copy's threads through a shared tile swizzled by Swizzle<1,2,2> (elements 16..31 of
    # the 4x8 tile trade their blocks of 4 pairwise); `raw` gets the tile's memory as it lies.
    # Aligned to 128 bytes, the swizzle's whole span, the tile is FlyDSL's view of a pointer that
    # swizzles its byte addresses; aligned to 16 the builder keeps swizzling offsets itself.
    atom, thr, (src, dst, raw) = four_threads(src, dst, raw)
    part = thr.partition_S(src)
    frag = fx.make_fragment_like(part)
    fx.copy(atom, part, frag)
    row_major = fx.make_layout((4, 8), (8, 1))
    storage = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 32, align])
    shared = storage.view(fx.make_composed_layout(fx.Swizzle(1, 2, 2), 0, row_major))
    fx.copy(atom, frag, thr.partition_D(shared))
    fx.gpu.barrier()
    back = fx.make_fragment_like(part)
    fx.copy(atom, thr.partition_S(shared), back)
    fx.copy(atom, back, thr.partition_D(dst))
    lying = fx.make_fragment_like(part)
    fx.copy(atom, thr.partition_S(storage.view(row_major)), lying)
    fx.copy(atom, lying, thr.partition_D(raw))


def test_swizzled_shared_tiles_aligned_to_their_swizzle_are_fly_views(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    x = np.arange(32)
    swizzled = x ^ ((x & 16) >> 2)  # Swizzle<1,2,2> of element offsets
    for align, fly_copies in ((128, 6), (16, 4)):
        monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path / str(align)))
        out, raw = dev.array(np.zeros_like(a)), dev.array(np.zeros_like(a))
        swizzled_tile(dev.array(a), out, raw, align).launch(grid=(1,), block=(4,))
        assert np.array_equal(dev.host(out), a), align
        assert np.array_equal(dev.host(raw).ravel()[swizzled], a.ravel()), align
        folder = launch_folder(tmp_path / str(align))
        origin = (folder / "00_origin.mlir").read_text()
        assert origin.count("fly.copy(") == fly_copies, align
        # Their partitions too: the aligned tile's are FlyDSL's ops over the swizzling pointer.
        assert origin.count('"fly.tiled_copy.partition_') == fly_copies, align
        # f32 elements: the swizzle of byte addresses is Swizzle<1,4,2>.
        assert ("!fly.ptr<f32, shared, align<128>, S<1,4,2>>" in origin) == (align == 128)
    for target, arch in (("rocm", "gfx942"), ("cuda", "sm_90")):
        swizzled_tile.compile(a, a, a, 128, target=target, arch=arch)


@flyc.kernel
def swizzled_elements(dst: fx.Tensor, align: fx.Constexpr[int]):
    # Thread i writes i at (i // 8, i % 8) of a 4x8 tile swizzled by Swizzle<1,2,2>, then copies
    # element i of the tile's memory as it lies to dst[i].
    storage = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 32, align])
    row_major = fx.make_layout((4, 8), (8, 1))
    shared = storage.view(fx.make_composed_layout(fx.Swizzle(1, 2, 2), 0, row_major))
    i = fx.thread_idx.x
    shared[i // 8, i % 8] = fx.Float32(i)
    fx.gpu.barrier()
    dst[i] = storage.view(fx.make_layout(32, 1))[i]


def test_element_accesses_of_swizzled_shared_tiles(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    x = np.arange(32)
    for align in (128, 16):
        monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path / str(align)))
        out = dev.array(np.zeros(32, np.float32))
        swizzled_elements(out, align).launch(grid=(1,), block=(32,))
        assert np.array_equal(dev.host(out), (x ^ ((x & 16) >> 2)).astype(np.float32)), align
        folder = launch_folder(tmp_path / str(align))
        origin = (folder / "00_origin.mlir").read_text()
        assert (re.search(r"fly\.memref\.store\(.*S<1,4,2>>", origin) is not None) == (
            align == 128
        ), align
        # Unaligned, the element's address is the builder's, stored through FlyDSL's pointer.
        assert ("fly.ptr.store(" in origin) == (align == 16), align
        assert "llvm.store" not in origin, align


@flyc.kernel
def buffer_elements(src: fx.Tensor, dst: fx.Tensor):
    # Element and pair accesses of buffer tensors: dst[i] = 2 * src[i] for the first 8, then
    # the next 8 two at a time.
    s, d = fx.rocdl.make_buffer_tensor(src), fx.rocdl.make_buffer_tensor(dst)
    i = fx.thread_idx.x
    d[i] = s[i] * 2.0
    pairs_s = fx.logical_divide(s, fx.make_layout(2, 1))
    pairs_d = fx.logical_divide(d, fx.make_layout(2, 1))
    pair = fx.slice(pairs_s, (None, i + 4)).load()
    fx.slice(pairs_d, (None, i + 4)).store(pair * 2.0)


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942")])
def test_buffer_element_accesses_are_pointer_accesses(dump_dir, target, arch):
    a = np.zeros(16, np.float32)
    buffer_elements.compile(a, a, target=target, arch=arch)
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    # FlyDSL reads a buffer tensor's elements through its buffer pointer moved to them.
    pointer = r"!fly\.ptr<f32, #fly_rocdl\.buffer_desc[^>]*>"
    assert len(re.findall(r"fly\.ptr\.load\(.*" + pointer, origin)) == 3
    assert len(re.findall(r"fly\.ptr\.store\(.*" + pointer, origin)) == 3
    assert "rocdl.raw.ptr.buffer" not in origin
    lowered = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert lowered.count("rocdl.raw.ptr.buffer.load ") == 3
    assert lowered.count("rocdl.raw.ptr.buffer.store ") == 3


def test_buffer_element_accesses_read_and_write_each_element():
    x = np.arange(16, dtype=np.float32) - 5.0
    out = dev.array(np.zeros(16, np.float32))
    buffer_elements(dev.array(x), out).launch(grid=(1,), block=(4,))
    expected = x * 2
    expected[4:8] = 0  # thread i writes element i (i < 4) and pair i + 4 (elements 8..15)
    np.testing.assert_array_equal(dev.host(out), expected)


@flyc.kernel
def buffer_rows(src: fx.Tensor, dst: fx.Tensor):
    # Each block copies its row of 8 halves (one 128-bit call) through registers with buffer
    # copies: the row's offset into the resource is the buffer pointer's.
    row = fx.block_idx.x
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float16)
    s, d = fx.rocdl.make_buffer_tensor(src), fx.rocdl.make_buffer_tensor(dst)
    s_row = fx.slice(fx.logical_divide(s, fx.make_layout(8, 1)), (None, row))
    d_row = fx.slice(fx.logical_divide(d, fx.make_layout(8, 1)), (None, row))
    r = fx.make_rmem_tensor(8, fx.Float16)
    fx.copy(atom, s_row, r)
    fx.copy(atom, r, d_row)


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942"), ("cuda", "sm_90")])
def test_buffer_copies_are_fly_copies_of_flyrocdl_buffer_atoms(dump_dir, target, arch):
    a = np.zeros(24, np.float16)
    buffer_rows.compile(a, a, target=target, arch=arch)
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert origin.count("fly.copy(") == 2
    assert "!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 16>" in origin
    assert "!fly.ptr<f16, #fly_rocdl.buffer_desc>" in origin and "fly.add_offset(" in origin
    # The layout pass takes the buffer calls to the instructions, as the builder did.
    lowered = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert lowered.count("rocdl.raw.ptr.buffer.load ") == 1
    assert lowered.count("rocdl.raw.ptr.buffer.store ") == 1


def test_buffer_copies_through_fly_move_each_row():
    x = np.arange(24, dtype=np.float16) * 0.5 - 3.0
    out = dev.array(np.zeros(24, np.float16))
    buffer_rows(dev.array(x), out).launch(grid=(3,), block=(1,))
    np.testing.assert_array_equal(dev.host(out), x)


@flyc.kernel
def fp8_buffer_rows(src: fx.Tensor, dst: fx.Tensor):
    # Rows of 16 fp8 values (one 128-bit buffer call each way), the bytes read as E4M3FNUZ.
    row = fx.block_idx.x
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float8E4M3FNUZ)
    layout = fx.make_layout(48, 1)
    s, d = (
        fx.rocdl.make_buffer_tensor(
            fx.make_view(fx.recast_iter(fx.Float8E4M3FNUZ, fx.get_iter(t)), layout)
        )
        for t in (src, dst)
    )
    s_row = fx.slice(fx.logical_divide(s, fx.make_layout(16, 1)), (None, row))
    d_row = fx.slice(fx.logical_divide(d, fx.make_layout(16, 1)), (None, row))
    r = fx.make_rmem_tensor(16, fx.Float8E4M3FNUZ)
    fx.copy(atom, s_row, r)
    fx.copy(atom, r, d_row)


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942")])
def test_fp8_buffer_copies_are_fly_copies(dump_dir, target, arch):
    a = np.zeros(48, np.uint8)
    fp8_buffer_rows.compile(a, a, target=target, arch=arch)
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert origin.count("fly.copy(") == 2 and "rocdl.raw.ptr.buffer" not in origin
    assert "!fly.ptr<f8E4M3FNUZ, #fly_rocdl.buffer_desc>" in origin
    lowered = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert lowered.count("rocdl.raw.ptr.buffer.load ") == 1
    assert lowered.count("rocdl.raw.ptr.buffer.store ") == 1


def test_fp8_buffer_copies_move_every_byte():
    x = np.arange(48, dtype=np.uint8) * 5
    out = dev.array(np.zeros(48, np.uint8))
    fp8_buffer_rows(dev.array(x), out).launch(grid=(3,), block=(1,))
    np.testing.assert_array_equal(dev.host(out), x)


@flyc.kernel
def lds_columns(src: fx.Tensor, out: fx.Tensor):
    # 64 lanes load their row's 4 floats straight into LDS, column after column (the
    # instruction's lane-after-lane layout), then each sums its row.
    t = fx.thread_idx.x
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((64, 4), (1, 64)))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopyLDS32b(), fx.Float32)
    rows = fx.make_tiled_copy_tv(atom, fx.make_layout((64, 1)), fx.make_layout((1, 4)))
    thr = rows.get_slice(t)
    tile = fx.local_tile(fx.rocdl.make_buffer_tensor(src), (64, 4), (0, 0))
    fx.copy(atom, thr.partition_S(tile), thr.partition_D(smem))
    fx.gpu.barrier()
    out[t] = smem[(t, 0)] + smem[(t, 1)] + smem[(t, 2)] + smem[(t, 3)]


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942")])
def test_buffer_copies_into_lds_are_fly_copies(dump_dir, target, arch):
    lds_columns.compile(np.zeros((64, 4), np.float32), np.zeros(64, np.float32), target=target,
                        arch=arch)  # fmt: skip
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert origin.count("fly.copy(") == 1
    assert "!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy_lds<32>, 32>" in origin
    # The buffer tensor's partition is FlyDSL's op too, over the buffer pointer.
    assert re.search(
        r'"fly.tiled_copy.partition_src".*-> !fly.memref<f32, #fly_rocdl.buffer_desc', origin
    )
    lowered = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert lowered.count("rocdl.raw.ptr.buffer.load.lds ") == 4


def test_buffer_copies_into_lds_through_fly_fill_the_columns():
    a = np.arange(256, dtype=np.float32).reshape(64, 4)
    out = dev.array(np.zeros(64, np.float32))
    lds_columns(dev.array(a), out).launch(grid=(1,), block=(64,))
    np.testing.assert_array_equal(dev.host(out), a.sum(axis=1))


@flyc.kernel
def whole_registers(out: fx.Tensor):
    # A (2,3):(3,1) register tensor read and written whole, in coordinate order.
    r = fx.make_rmem_tensor(fx.make_layout((2, 3), (3, 1)), fx.Float32)
    r.fill(1.5)
    first = r.load()
    r[1, 2] = 7.0
    second = r.load()
    r.store(second * 2.0)
    third = r.load()
    for i in fx.range_constexpr(6):
        out[0, i] = first[i]
        out[1, i] = second[i]
        out[2, i] = third[i]


def test_register_tensors_read_and_written_whole_are_load_vec_and_store_vec(dump_dir):
    out = dev.array(np.zeros((3, 6), np.float32))
    whole_registers(out).launch(grid=(1,), block=(1,))
    # Index 5 is coordinate (1, 2): the element written between the first and second reads.
    second = [1.5] * 5 + [7.0]
    np.testing.assert_array_equal(dev.host(out), [[1.5] * 6, second, [2 * x for x in second]])
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert origin.count("fly.memref.load_vec(") == 3 and origin.count("fly.memref.store_vec(") == 2
    assert "vector.broadcast" in origin  # fill(): one value for every register


def test_copy_partitions_are_fly_ops_lowered_with_the_tensors(dump_dir):
    a = np.zeros((4, 8), np.float32)
    # gfx950: a compile of its own (the test above compiled the kernel for gfx942 already).
    tile_copy.compile(a, a, False, target="cpu", arch="gfx950")
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    # FlyDSL's partition_S / partition_D, of the thread's index as an int tuple.
    assert origin.count('"fly.tiled_copy.partition_src"') == 1
    assert origin.count('"fly.tiled_copy.partition_dst"') == 1
    assert "fly.make_tiled_copy" in origin and "!fly.int_tuple<?>) -> !fly.memref<" in origin
    after = (folder / "03_fly_lower_to_llvm.mlir").read_text()
    assert "partition" not in after


@flyc.kernel
def register_parts(dst: fx.Tensor):
    # Every thread holds the 4x8 tile of 0..31 (row-major) in registers; each copies its own
    # partition of them to its partition of dst, which so receives the whole tile.
    atom, thr, (dst,) = four_threads(dst)
    tile = fx.make_rmem_tensor(fx.make_layout((4, 8), (8, 1)), fx.Float32)
    for i in fx.range_constexpr(32):
        tile[i // 8, i % 8] = fx.Float32(i)
    fx.copy(atom, thr.partition_S(tile), thr.partition_D(dst))


def test_partitions_of_register_tensors_are_fly_ops(dump_dir):
    out = np.zeros((4, 8), np.float32)
    register_parts(out).launch(grid=(1,), block=(4,))
    np.testing.assert_array_equal(out, np.arange(32, dtype=np.float32).reshape(4, 8))
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert re.search(r'"fly.tiled_copy.partition_src".*-> !fly.memref<f32, register,', origin)
    for target, arch in (("rocm", "gfx942"), ("cuda", "sm_90")):
        register_parts.compile(out, target=target, arch=arch)


@flyc.kernel
def retiled_copy(src: fx.Tensor, dst: fx.Tensor):
    # tile_copy's threads; the fragment leaves seen through retile (as the atoms take it).
    atom, thr, (src, dst) = four_threads(src, dst)
    part = thr.partition_S(src)
    frag = fx.make_fragment_like(part)
    fx.copy(atom, part, frag)
    fx.copy(atom, thr.retile(frag), thr.partition_D(dst))


def test_retiles_are_fly_ops(dump_dir):
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    out = np.zeros_like(a)
    retiled_copy(a, out).launch(grid=(1,), block=(4,))
    np.testing.assert_array_equal(out, a)
    folder = dump_dir()
    origin = (folder / "00_origin.mlir").read_text()
    assert origin.count('"fly.tiled_copy.retile"') == 1
    assert "fly.tiled_copy.retile" not in (folder / "03_fly_lower_to_llvm.mlir").read_text()


MFMA_ATOM = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
ONE_MFMA = fx.make_tiled_mma(MFMA_ATOM, fx.make_layout((1, 1, 1), (0, 0, 0)))


# The same MFMA with M permuted: logical row i of the tile is row (8,2):(2,1)(i) of memory.
PERMUTED_MFMA = fx.make_tiled_mma(
    MFMA_ATOM,
    fx.make_layout((1, 1, 1), (0, 0, 0)),
    (fx.make_layout((8, 2), (2, 1)), None, None),
)


@flyc.kernel
def one_mfma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, permuted: fx.Constexpr[bool] = False):
    # One wave's 16x16x4 MFMA: C = A (16 x 4) * B (16 x 4)^T, each operand read from and
    # written to its partition of the global tensor (tiles of a static shape).
    A, B, C = (fx.local_tile(t, s, (0, 0)) for t, s in ((A, (16, 4)), (B, (16, 4)), (C, (16, 16))))
    thr = (PERMUTED_MFMA if fx.const_expr(permuted) else ONE_MFMA).thr_slice(fx.thread_idx.x)
    pC = thr.partition_C(C)
    pA, pB = thr.partition_A(A), thr.partition_B(B)  # a lane's one value of each
    rA, rB, rC = thr.make_fragment_A(pA), thr.make_fragment_B(pB), thr.make_fragment_C(pC)
    rA[0] = pA[0]
    rB[0] = pB[0]
    rC.fill(0.0)
    fx.gemm(MFMA_ATOM, rC, rA, rB, rC)
    for i in fx.range_constexpr(4):
        pC[i] = rC[i]


def test_mma_partitions_are_fly_ops_and_compute_the_product(dump_dir):
    rng = np.random.default_rng(5)
    a = rng.standard_normal((16, 4)).astype(np.float32)
    b = rng.standard_normal((16, 4)).astype(np.float32)
    c = np.zeros((16, 16), np.float32)
    one_mfma(a, b, c).launch(grid=(1,), block=(64,))
    np.testing.assert_allclose(c, a @ b.T, rtol=1e-5, atol=1e-5)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    for operand in "abc":
        assert f"fly.tiled_mma.partition({operand}, " in origin, operand
    assert (
        "!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>" in origin
    )


def test_permuted_mma_partitions_are_fly_ops_of_the_permuted_type(dump_dir):
    """A permutation of M relabels the rows of A and C alike: the product is the same."""
    rng = np.random.default_rng(6)
    a = rng.standard_normal((16, 4)).astype(np.float32)
    b = rng.standard_normal((16, 4)).astype(np.float32)
    c = np.zeros((16, 16), np.float32)
    one_mfma(a, b, c, True).launch(grid=(1,), block=(64,))
    np.testing.assert_allclose(c, a @ b.T, rtol=1e-5, atol=1e-5)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert origin.count("fly.tiled_mma.partition(") == 3
    assert "<(1,1,1):(0,0,0)>, !fly.tile<[(8,2):(2,1)|*|*]>>" in origin


@flyc.kernel
def copy_through_coordinates(src: fx.Tensor, dst: fx.Tensor, n: fx.Int32):
    # Each block's 4x8 tile of src goes to dst at the coordinates of the thread's part of an
    # identity tensor (n rows, so the part starts at a run-time coordinate).
    _, thr, _ = four_threads()
    rows = (fx.block_idx.x, 0)
    part = thr.partition_S(fx.local_tile(src, (4, 8), rows))
    where = thr.partition_S(fx.local_tile(fx.make_identity_tensor((n, 8)), (4, 8), rows))
    for i in fx.range_constexpr(8):
        c = where[i]
        dst[c[0], c[1]] = part[i]


def test_partitions_of_identity_tensors_are_fly_ops_on_coordinate_tensors(dump_dir):
    a = np.arange(64, dtype=np.float32).reshape(8, 8)
    out = np.zeros_like(a)
    copy_through_coordinates(a, out, 8).launch(grid=(2,), block=(4,))
    np.testing.assert_array_equal(out, a)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert re.search(r'"fly.tiled_copy.partition_src".*-> !fly.coord_tensor<\(\?', origin)
    # Each element read is FlyDSL's fly.memref.load of the part, which the layout pass computes.
    assert len(re.findall(r"fly.memref.load\(.*\) : \(!fly.coord_tensor<", origin)) == 8
    assert "coord_tensor" not in (dump_dir() / "01_fly_layout_lowering.mlir").read_text()
    for target, arch in (("rocm", "gfx942"), ("cuda", "sm_90")):
        copy_through_coordinates.compile(a, out, 8, target=target, arch=arch)


@flyc.kernel
def mma_lanes(lanes_a: fx.Tensor, lanes_c: fx.Tensor):
    # Which lane of the 16x16x4 MFMA holds each element of A (16 x 4) and of C (16 x 16).
    lane = fx.thread_idx.x
    thr = ONE_MFMA.thr_slice(lane)
    for out, shape, part in (
        (lanes_a, (16, 4), thr.partition_A),
        (lanes_c, (16, 16), thr.partition_C),
    ):
        where = part(fx.make_identity_tensor(shape))
        for i in fx.range_constexpr(fx.size(where)):
            c = where[i]
            out[c[0], c[1]] = lane


def test_mma_partitions_of_identity_tensors_give_each_lanes_elements(dump_dir):
    a, c = np.full((16, 4), -1, np.int32), np.full((16, 16), -1, np.int32)
    mma_lanes(a, c).launch(grid=(1,), block=(64,))
    r, k = np.indices(a.shape)
    np.testing.assert_array_equal(a, r + 16 * k)  # lane l holds A[l % 16, l // 16]
    r, n = np.indices(c.shape)
    np.testing.assert_array_equal(c, n + 16 * (r // 4))  # and C[4 (l // 16) + i, l % 16]
    origin = (dump_dir() / "00_origin.mlir").read_text()
    for operand in "ac":
        assert re.search(rf"fly.tiled_mma.partition\({operand}, .*-> !fly.coord_tensor<", origin)


@flyc.kernel
def rows_of(src: fx.Tensor, dst: fx.Tensor, r: fx.Int32):
    # Row r (a run-time index) and column 1 of a 4x8 matrix, each a slice of the tensor.
    i = fx.thread_idx.x
    row, col = src[r, None], src[None, 1]
    dst[0, i] = row[i]
    dst[1, i] = col[i % 4]


def test_tensor_slices_are_fly_slices_moving_the_pointer(dump_dir):
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    out = np.zeros((2, 8), np.float32)
    rows_of(a, out, 2).launch(grid=(1,), block=(8,))
    np.testing.assert_array_equal(out[0], a[2])
    np.testing.assert_array_equal(out[1], a[np.arange(8) % 4, 1])
    origin = (dump_dir() / "00_origin.mlir").read_text()
    slices = re.findall(
        r"fly.slice\(.*\) : \(!fly.memref<f32, global, .*, !fly.int_tuple<(.*?)>\)", origin
    )
    assert sorted(slices) == ["(*,1)", "(?,*)"]
    assert "fly.slice" not in (dump_dir() / "03_fly_lower_to_llvm.mlir").read_text()


@flyc.kernel
def coordinates_of_a_row(out: fx.Tensor, n: fx.Int32, r: fx.Int32):
    # Row r of an n x 8 identity tensor: its elements are the coordinates (r, i).
    i = fx.thread_idx.x
    c = fx.make_identity_tensor((n, 8))[r, None][i]
    out[i, 0] = c[0]
    out[i, 1] = c[1]


def test_slices_of_identity_tensors_are_fly_slices_of_coordinate_tensors(dump_dir):
    out = np.zeros((8, 2), np.int32)
    coordinates_of_a_row(out, 5, 3).launch(grid=(1,), block=(8,))
    np.testing.assert_array_equal(out, [[3, i] for i in range(8)])
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert re.search(
        r"fly.slice\(.*\) : \(!fly.coord_tensor<\(0,0\), \(\?,8\):\(1E0,1E1\)>", origin
    )
    assert "coord_tensor" not in (dump_dir() / "01_fly_layout_lowering.mlir").read_text()


@flyc.kernel
def tile_of(src: fx.Tensor, dst: fx.Tensor, b: fx.Int32):
    # Tile (b, 1) of a 4x8 matrix cut into 2x4 tiles, and of its coordinates: T[None, (b, 1)] of
    # the zipped divide keeps one mode, which is the tile itself.
    i = fx.thread_idx.x
    tile = fx.zipped_divide(src, fx.make_tile(2, 4))[None, (b, 1)]
    where = fx.zipped_divide(fx.make_identity_tensor((4, 8)), fx.make_tile(2, 4))[None, (b, 1)]
    dst[i // 4, i % 4] = tile[i // 4, i % 4]
    c = where[i // 4, i % 4]
    dst[2 + i // 4, i % 4] = (c[0] * 8 + c[1]).to(fx.Float32)


def test_one_mode_slices_are_fly_slices_giving_the_mode(dump_dir):
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    out = np.zeros((4, 4), np.float32)
    tile_of(a, out, 1).launch(grid=(1,), block=(8,))
    np.testing.assert_array_equal(out[:2], a[2:4, 4:8])
    np.testing.assert_array_equal(out[2:], a[2:4, 4:8])  # each element's own index
    origin = (dump_dir() / "00_origin.mlir").read_text()
    # FlyDSL's slice unwraps the one mode it keeps: (2,4), not CuTe's ((2,4)).
    assert re.search(r"fly.slice\(.*-> !fly.memref<f32, global, \(2,4\):\([^()]*\), ", origin)
    assert re.search(r"fly.slice\(.*-> !fly.coord_tensor<\([^()]*\), \(2,4\):\(1E0,1E1\)>", origin)
    assert "((2,4)):" not in origin


@flyc.kernel
def nested_coordinates(out: fx.Tensor):
    # The elements of an identity tensor of nested shape are nested coordinates, ((i, j), k),
    # and so are those of its slices.
    i = fx.thread_idx.x
    t = fx.make_identity_tensor(((2, 3), 4))
    c, r = t[i], t[None, 2][i % 6]
    out[i, 0], out[i, 1], out[i, 2] = c[0][0], c[0][1], c[1]
    out[i, 3], out[i, 4], out[i, 5] = r[0][0], r[0][1], r[1]


def test_identity_tensors_of_nested_shapes_give_nested_coordinates(dump_dir):
    out = np.full((24, 6), -1, np.int32)
    nested_coordinates(out).launch(grid=(1,), block=(24,))
    identity = fx.make_identity_layout(((2, 3), 4))  # the host's, CuTe's answer
    flat = lambda c: [c[0][0], c[0][1], c[1]]
    expected = [flat(identity(i)) + flat(identity((i % 6, 2))) for i in range(24)]
    np.testing.assert_array_equal(out, expected)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    # FlyDSL's coordinate tensor of nested basis strides, sliced and read by the Fly ops.
    nested = r"!fly.coord_tensor<\(\(0,0\),0\), \(\(2,3\),4\):\(\(1E0E0,1E0E1\),1E1\)>"
    assert re.search(rf"fly.slice\(.*\) : \({nested}", origin)
    assert re.search(rf"fly.memref.load\(.*\) : \({nested}", origin)


def test_wgmma_partitions_of_the_library_gemm_are_fly_ops(dump_dir, monkeypatch):
    """sm_90's GEMM (emulated on the cpu) partitions its shared tiles and its accumulators by
    FlyNVVM's wgmma atom as Fly ops; each call's descriptors are then made from those views."""
    import flydsl.kernels as fk

    monkeypatch.setenv("ARCH", "sm_90")
    rng = np.random.default_rng(11)
    a = rng.standard_normal((128, 64)).astype(np.float16)
    b = rng.standard_normal((64, 128)).astype(np.float16)
    out = np.zeros((128, 128), np.float16)
    fk.gemm(a, b, out=out)
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(out.astype(np.float32), want, rtol=2e-2, atol=2e-2)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    for operand in "abc":
        assert re.search(
            rf"fly.tiled_mma.partition\({operand}, .*!fly_nvvm.wgmma<64x\d+x16, \(f16, f16\) -> f32",
            origin,
        ), operand


def test_fp8_accumulator_partitions_are_fly_ops(dump_dir, monkeypatch):
    """An fp8 atom's C partition depends on its shape alone: a Fly op, as A's and B's are."""
    import flydsl.kernels as fk
    from _dlpack import DLView
    from test_fp8_conversions import decode

    monkeypatch.setenv("ARCH", "gfx950")
    codes = lambda shape: np.random.default_rng(12).integers(0x30, 0x40, shape).astype(np.uint8)
    a, bt = codes((32, 64)), codes((32, 64))
    out = np.zeros((32, 32), np.float32)
    one = np.ones(1, np.float32)
    fk.gemm_scaled(DLView(a, 10, 8, 1), DLView(bt.T, 10, 8, 1), one, one, out=out)
    values = np.array([decode("Float8E4M3FN", c) for c in range(256)])
    np.testing.assert_allclose(out, values[a] @ values[bt].T, rtol=1e-6)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert re.search(r"fly.tiled_mma.partition\(c, .*cdna3.mfma<16x16x32", origin)


def test_partitions_of_one_dimensional_identity_tensors_are_fly_ops(dump_dir):
    """The row kernels predicate their copies by a 1-D identity tensor (N:1E0), whose thread
    parts are FlyDSL's partitions of a coordinate tensor too."""
    import flydsl.kernels as fk

    x = np.random.default_rng(13).standard_normal((4, 300)).astype(np.float32)
    y = fk.softmax(x)
    e = np.exp(x - x.max(1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert re.search(
        r'"fly.tiled_copy.partition_src".*!fly.coord_tensor<\(0\), \d+:1E0>.*-> !fly.coord_tensor<',
        origin,
    )


def test_partitions_of_fp8_codes_held_as_bytes_are_fly_ops(dump_dir, monkeypatch):
    """A and B arrive as int8 tensors of fp8 codes: their partitions by the fp8 atom depend on
    its shape alone, so they are Fly ops too, and the product is still right."""
    from test_mma_layouts import _byte_atom_gemm, decode_fp8, finite_fp8_bytes

    monkeypatch.setenv("ARCH", "gfx942")
    one_tile, tiled = _byte_atom_gemm(fx.rocdl.MFMA, 16, 16, 32, "f8e4m3fnuz")
    tm, tn, tk = tiled.tile_size_mnk
    rng = np.random.default_rng(14)
    a, b = (finite_fp8_bytes(rng, s, "f8e4m3fnuz", True) for s in ((tm, tk), (tn, tk)))
    c = np.zeros((tm, tn), np.float32)
    one_tile(*[flyc.from_dlpack(t) for t in (a.view(np.int8), b.view(np.int8), c)]).launch(
        block=(tiled.size,)
    )
    ha, hb = decode_fp8(a, "f8e4m3fnuz", True), decode_fp8(b, "f8e4m3fnuz", True)
    assert np.all(np.abs(c - ha @ hb.T) <= 1e-6 * (np.abs(ha) @ np.abs(hb).T) + 1e-30)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    for operand in "ab":
        assert re.search(rf"fly.tiled_mma.partition\({operand}, .*memref<i8, global", origin)


def test_predicate_elements_are_fly_accesses(dump_dir):
    """A predicate tensor (i1 registers, a byte each as in the dialect) is written element by
    element as FlyDSL writes it, fly.memref.store into its !fly.memref<i1, register, ...>, and
    the copies it guards still leave out exactly the elements past the matrix's edge."""
    example = load("01_vector_add_layout")
    rng = np.random.default_rng(5)
    a = rng.standard_normal((17, 33)).astype(np.float32)
    b = rng.standard_normal((17, 33)).astype(np.float32)
    c = np.full((17, 33), -1.0, np.float32)
    example.add(a, b, c)
    np.testing.assert_allclose(c, a + b, rtol=1e-6)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    assert re.search(r"fly.memref.store\(.*\(i1, !fly.memref<i1, register, ", origin)


@flyc.kernel
def gathered_pairs(src: fx.Tensor, dst: fx.Tensor, idx: fx.Tensor):
    # Each thread gathers two pairs of floats from src at the element offsets idx[2t], idx[2t+1]
    # and scatters them back doubled at the same offsets of dst.
    t = fx.thread_idx.x
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    offsets = fx.make_rmem_tensor(2, fx.Int32)
    offsets[0] = idx[2 * t]
    offsets[1] = idx[2 * t + 1]
    pairs = fx.make_rmem_tensor(4, fx.Float32)
    fx.gather(atom, fx.get_iter(src), offsets, pairs)
    pairs.store(pairs.load() * 2.0)
    fx.scatter(atom, pairs, fx.get_iter(dst), offsets)


def test_gathers_and_scatters_are_atom_calls(dump_dir):
    src = np.arange(16, dtype=np.float32)
    dst = np.zeros(16, np.float32)
    idx = np.array([6, 0, 12, 2], np.int32)  # even: every pair 8-byte aligned
    gathered_pairs(src, dst, idx).launch(grid=(1,), block=(2,))
    expected = np.zeros(16, np.float32)
    for i in idx:
        expected[i : i + 2] = src[i : i + 2] * 2
    np.testing.assert_array_equal(dst, expected)
    origin = (dump_dir() / "00_origin.mlir").read_text()
    # Two calls each way a thread, each FlyDSL's atom call of a 64-bit universal copy.
    assert origin.count("fly.copy_atom_call(") == 4
    assert "!fly.copy_atom<!fly.universal_copy<64>, 32>" in origin
    assert "llvm.load" not in origin and "llvm.store" not in origin
