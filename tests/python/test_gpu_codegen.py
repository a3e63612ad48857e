"""The example kernels compiled for AMD and NVIDIA GPUs, checked by their code: the AMD
disassembly (llvm-objdump-22) and code object notes (llvm-readelf-22), and the PTX text.
Nothing here runs on a GPU."""

import os
import re
import subprocess
from pathlib import Path

import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import load
from _tools import needs_llvm_tools, needs_rocm_device_libs
from flydsl.compiler import from_dlpack
from flydsl.errors import CompileError

vector_add = load("vector_add")
block_reduce = load("block_reduce")
transpose = load("tiled_transpose")
softmax = load("softmax")
histogram = load("atomic_histogram")

x = np.zeros(8, np.float32)
m = np.zeros((4, 4), np.float32)


def kernels(wave):
    return {
        "vector_add": (vector_add.vector_add, (x, x, x, 8)),
        "block_reduce": (block_reduce.block_reduce, (x, x, 8, wave)),
        "tiled_transpose": (transpose.transpose, (m, m, 4, 4)),
        "softmax": (softmax.softmax, (m, m, 4, 128)),
    }


SHARED = {"block_reduce", "tiled_transpose", "softmax"}


def disassemble(tmp_path, binary, arch):
    path = tmp_path / "kernel.hsaco"
    path.write_bytes(binary)
    asm = subprocess.run(
        ["llvm-objdump-22", "-d", f"--mcpu={arch}", str(path)],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    notes = subprocess.run(
        ["llvm-readelf-22", "--notes", str(path)], capture_output=True, text=True, check=True
    ).stdout
    return asm, notes


@needs_llvm_tools
@pytest.mark.parametrize("arch", ["gfx942", "gfx950", "gfx1201"])
@pytest.mark.parametrize("name", ["vector_add", "block_reduce", "tiled_transpose", "softmax"])
def test_rocm_code(tmp_path, arch, name):
    wave = 32 if arch.startswith("gfx12") else 64
    kernel, args = kernels(wave)[name]
    compiled = kernel.compile(*args, target="rocm", arch=arch)
    assert compiled.target == "rocm" and compiled.arch == arch
    asm, notes = disassemble(tmp_path, compiled.binary, arch)
    assert re.search(r"\b(global|buffer)_load_", asm), asm
    assert re.search(r"\b(global|buffer)_store_", asm), asm
    if name in SHARED:
        # LDS traffic: ds_read/ds_write (gfx9), ds_load/ds_store (gfx12).
        assert re.search(r"\bds_(read|load)", asm), asm
        assert re.search(r"\bds_(write|store)", asm), asm
        assert re.search(r"\bs_barrier", asm), asm
    if name == "block_reduce":
        assert re.search(r"\bds_bpermute_b32|\bdpp|row_|quad_perm|ds_swizzle", asm), asm
    assert "scratch_" not in asm
    assert re.search(r"\.private_segment_fixed_size:\s+0\b", notes), notes
    assert f"amdgcn-amd-amdhsa--{arch}" in notes


@needs_llvm_tools
@pytest.mark.parametrize("target, arch", [("rocm", "gfx942"), ("rocm", "gfx1201"),
                                          ("cuda", "sm_90")])  # fmt: skip
def test_atomic_copies_are_atomic_instructions(tmp_path, target, arch):
    counts = np.zeros(16, np.int32)
    binary = histogram.histogram.compile(counts, counts, 8, target=target, arch=arch).binary
    if target == "cuda":
        assert re.search(r"\batom\.global\.add\.u32", binary.decode())
    else:  # at the agent's scope (no system-coherence bits), not a load and a store
        asm, _ = disassemble(tmp_path, binary, arch)
        assert re.search(r"\bglobal_atomic_add(_u32)?\b", asm), asm
        assert not re.search(r"\bglobal_atomic_add\S*\s.*\bsc1\b", asm), asm


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
@pytest.mark.parametrize("name", ["vector_add", "block_reduce", "tiled_transpose", "softmax"])
def test_cuda_ptx(arch, name):
    kernel, args = kernels(32)[name]
    ptx = kernel.compile(*args, target="cuda", arch=arch).binary.decode()
    assert f".target {arch}" in ptx
    assert re.search(rf"\.entry {kernel.name}\s*\(", ptx), ptx[:2000]
    assert re.search(r"\bld\.global", ptx), ptx
    if name in SHARED:
        assert re.search(r"\bbar\.sync|\bbarrier\.sync", ptx), ptx
        assert re.search(r"\b(st|ld)\.shared", ptx), ptx
    if name == "block_reduce":
        assert "shfl.sync" in ptx
    assert ".extern .func" not in ptx  # every call resolved: no libdevice needed


@needs_rocm_device_libs
def test_ir_before_and_after_the_pipeline():
    c = vector_add.vector_add.compile(x, x, x, 8, target="rocm", arch="gfx942")
    before, after = c.ir(compiled=False), c.ir()
    assert "gpu.func @vector_add" in before and "gpu.thread_id" in before
    assert "llvm.func @vector_add" in after and "rocdl.kernel" in after
    cuda = vector_add.vector_add.compile(x, x, x, 8, target="cuda", arch="sm_90")
    assert "nvvm.kernel" in cuda.ir()
    cpu = vector_add.vector_add.compile(x, x, x, 8, target="cpu")
    assert "llvm.func @vector_add" in cpu.ir() and cpu.binary[:4] == b"\x7fELF"


@needs_rocm_device_libs
def test_gpu_code_is_not_launched_here():
    kernel, args = kernels(64)["vector_add"]
    launch = kernel(*args)
    import os

    os.environ["FLYDSL_COMPILE_BACKEND"] = "rocm"
    try:
        with pytest.raises(flydsl.FlyDSLError) as e:
            launch.launch(grid=(1,), block=(8,))
        # host arrays on a rocm launch: the device check speaks first
        assert "kDLROCM" in str(e.value)
    finally:
        del os.environ["FLYDSL_COMPILE_BACKEND"]


@pytest.mark.parametrize(
    "target,arch,message",
    [("rocm", "sm_90", "not an arch of the rocm target"), ("cuda", "gfx942", "not an arch"),
     ("rocm", "gfx9999", "arch"), ("cuda", "sm_1", "arch"), ("metal", "m1", "unknown target")],
)  # fmt: skip
def test_bad_target_or_arch(target, arch, message):
    with pytest.raises(flydsl.FlyDSLError) as e:
        vector_add.vector_add.compile(x, x, x, 8, target=target, arch=arch)
    assert message in str(e.value)


def test_dump_ir_writes_every_stage(tmp_path, monkeypatch):
    import flydsl.compiler as flyc
    import flydsl.expr as fx

    @flyc.kernel
    def scaled(x: fx.Tensor):
        i = fx.thread_idx.x
        x[i] = fx.exp(x[i]) * 2.0

    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    for target, arch in (("rocm", "gfx942"), ("cuda", "sm_90"), ("cpu", "gfx942")):
        scaled.compile(x, target=target, arch=arch)
    rocm, cuda, cpu = tmp_path / "rocm-gfx942", tmp_path / "cuda-sm_90", tmp_path / "cpu-gfx942"

    def stage(folder, name):  # FlyDSL's numbering: NN_<pass>.mlir, then LLVM IR and the ISA
        (found,) = folder.glob("[0-9][0-9]_" + name)
        return found

    for folder in (rocm, cuda, cpu):
        assert stage(folder, "origin.mlir").stat().st_size > 0
        assert stage(folder, "llvm_ir.ll").stat().st_size > 0
        assert "math.exp" not in stage(folder, "reconcile_unrealized_casts.mlir").read_text()
    assert "gpu.module" in stage(rocm, "fly_lower_matrix_cores.mlir").read_text()
    assert "rocdl." in stage(rocm, "convert_gpu_to_rocdl.mlir").read_text()
    assert "gpu.module" not in stage(rocm, "fly_extract_gpu_module.mlir").read_text()
    assert "v_exp_f32" in stage(rocm, "final_isa.s").read_text()
    assert stage(rocm, "code_object.hsaco").read_bytes()[:4] == b"\x7fELF"
    assert ".target sm_90" in stage(cuda, "final_isa.ptx").read_text()
    assert "func.func @scaled" in stage(cpu, "fly_cpu_outline_kernels.mlir").read_text()


def test_the_cpu_emulating_a_gpu_dumps_that_gpus_code_too(tmp_path, monkeypatch, host_target):
    # The cpu runs the kernel the GPU would (the coop reduce takes gfx9's DPP form), and the
    # dump shows the instructions it stands for; a cpu of its own (host) dumps only itself.
    @flyc.kernel
    def wave_sum(x: fx.Tensor):
        i = fx.thread_idx.x
        x[i] = fx.coop.warp_reduce(x[i], fx.ReductionOp.ADD)

    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    y = np.arange(64, dtype=np.float32)
    for arch in ("gfx942", "sm_90", "host"):
        monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path / arch))
        wave_sum.compile(y, target="cpu", arch=arch)
    folders = {a: sorted(f.name for f in (tmp_path / a).iterdir()) for a in ("gfx942", "sm_90")}
    assert folders == {
        "gfx942": ["cpu-gfx942", "rocm-gfx942"],
        "sm_90": ["cpu-sm_90", "cuda-sm_90"],
    }
    assert [f.name for f in (tmp_path / "host").iterdir()] == ["cpu-host"]
    (isa,) = (tmp_path / "gfx942" / "rocm-gfx942").glob("*_final_isa.s")
    assert "row_bcast:15" in isa.read_text() and "ds_bpermute_b32" not in isa.read_text()
    assert list((tmp_path / "sm_90" / "cuda-sm_90").glob("*_final_isa.ptx"))
    monkeypatch.setenv("ARCH", "gfx942")
    wave_sum(y).launch(block=(64,))
    assert (y == np.arange(64).sum()).all()


def fly_opt():
    """fly-opt beside the library: in a build folder, or bin/ of a release archive's tree. An
    installed wheel carries none (it is a developer's tool, and as large as the library)."""
    from flydsl._lib import lib

    tool = Path(lib._name).parent / "fly-opt"
    if not tool.exists() and os.environ.get("FLYDSL_TEST_INSTALLED") == "1":
        pytest.skip("the installed package has no fly-opt beside its library")
    if not tool.exists() and os.environ.get("FLYDSL_LIB"):
        pytest.skip(f"FLYDSL_LIB names a library with no fly-opt beside it ({tool.parent})")
    return tool


@pytest.mark.parametrize("target, arch", [("rocm", "gfx942"), ("cuda", "sm_90"), ("cpu", "gfx950")])
def test_fly_opt_reproduces_a_compile_from_its_dump(tmp_path, monkeypatch, target, arch):
    @flyc.kernel
    def halves(x: fx.Tensor):
        i = fx.thread_idx.x
        x[i] = x[i].shuffle_xor(1, 8) * 0.5

    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    halves.compile(x, target=target, arch=arch)
    folder = tmp_path / f"{target}-{arch}"
    command = (folder / "pipeline.txt").read_text()
    assert command.startswith("fly-opt 00_origin.mlir --pass-pipeline='builtin.module(")
    pipeline = command.split("'")[1]
    stages = sorted(folder.glob("[0-9][0-9]_*.mlir"))
    assert len(stages) > 10 and stages[0].name == "00_origin.mlir"
    run = [str(fly_opt()), "--pass-pipeline=" + pipeline, str(stages[0])]
    reproduced = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    last = subprocess.run([str(fly_opt()), str(stages[-1])], capture_output=True, text=True)
    assert reproduced == last.stdout and "llvm.func @halves" in reproduced


def test_a_failed_stage_says_why_in_fly_opt_too(tmp_path, monkeypatch):
    @flyc.kernel
    def copies(x: fx.Tensor):
        i = fx.thread_idx.x
        x[i] = x[i] + 1.0

    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    copies.compile(x, target="cpu", arch="gfx942")
    origin = tmp_path / "cpu-gfx942" / "00_origin.mlir"
    # Outlining twice finds no gpu.module the second time: the stage's own error, not a crash.
    run = [str(fly_opt()), "--pass-pipeline=builtin.module(fly-cpu-outline-kernels,"
           "fly-extract-gpu-module)", str(origin)]  # fmt: skip
    p = subprocess.run(run, capture_output=True, text=True)
    assert p.returncode != 0 and "has no gpu.module" in p.stderr


@flyc.kernel
def byte_buffer_copy(src: fx.Tensor, dst: fx.Tensor, width: fx.Constexpr):
    # Each thread moves `width` bytes through AMD buffer loads and stores of an i8 vector.
    from flydsl.expr import buffer_ops

    t = fx.thread_idx.x
    v = buffer_ops.buffer_load(buffer_ops.create_buffer_resource(src), t * width, vec_width=width)
    buffer_ops.buffer_store(v, buffer_ops.create_buffer_resource(dst), t * width)


BYTE_ACCESS = {2: "ushort", 4: "dword", 8: "dwordx2", 12: "dwordx3", 16: "dwordx4"}


@needs_llvm_tools
@pytest.mark.parametrize("width", sorted(BYTE_ACCESS))
def test_byte_vector_buffer_access_compiles_to_dwords(tmp_path, width):
    # LLVM's AMDGPU backend aborts on buffer loads of byte vectors (fp8 and i8 tiles): they
    # reach it as loads of dwords of the same width.
    b = np.zeros(4 * width, np.int8)
    binary = byte_buffer_copy.compile(b, b, width, target="rocm", arch="gfx942").binary
    asm = disassemble(tmp_path, binary, "gfx942")[0]
    kind = BYTE_ACCESS[width]
    assert re.search(rf"\bbuffer_load_{kind}\b", asm), asm
    assert re.search(rf"\bbuffer_store_{'short' if width == 2 else kind}\b", asm), asm


@pytest.mark.parametrize("width", [3, 32])
def test_buffer_access_of_no_instructions_size_is_an_error(width):
    b = np.zeros(4 * width, np.int8)
    with pytest.raises(CompileError, match=f"moves 1, 2, 4, 8, 12 or 16 bytes, not {width}"):
        byte_buffer_copy.compile(b, b, width, target="rocm", arch="gfx942")


@pytest.mark.parametrize("width", sorted(BYTE_ACCESS))
def test_byte_vector_buffer_copy_on_cpu(width):
    src = np.arange(4 * width, dtype=np.int8) - 7
    dst = np.zeros_like(src)
    byte_buffer_copy(src, dst, width).launch(block=(4,))
    np.testing.assert_array_equal(dst, src)


def op_kernels():
    import test_kernel_ops as t

    i = np.zeros(8, np.int32)
    return {
        "buffer_copy": (t.buffer_copy, (x, x, 0)),
        "vector_load_store": (t.scale_by_vectors, (x, x, 8)),
        "printf": (t.hello, (3,)),
        "while": (t.collatz_steps, (i, i)),
    }


@needs_llvm_tools
@pytest.mark.parametrize("arch", ["gfx942", "gfx950", "gfx1201"])
def test_rocm_vector_buffer_printf_while(tmp_path, arch):
    ks = op_kernels()

    def asm_of(name):
        kernel, args = ks[name]
        return disassemble(tmp_path, kernel.compile(*args, target="rocm", arch=arch).binary, arch)[
            0
        ]

    gfx12 = arch.startswith("gfx12")
    # Buffer access as hardware buffer instructions (the bounds are the hardware's), 16 bytes.
    asm = asm_of("buffer_copy")
    assert re.search(r"\bbuffer_load_b128" if gfx12 else r"\bbuffer_load_dwordx4", asm), asm
    assert re.search(r"\bbuffer_store_b128" if gfx12 else r"\bbuffer_store_dwordx4", asm), asm
    assert not re.search(r"\bglobal_load", asm), asm
    # A 4 x f32 vector load/store is one 16-byte access.
    asm = asm_of("vector_load_store")
    assert re.search(r"\bglobal_load_(b128|dwordx4)", asm), asm
    assert re.search(r"\bglobal_store_(b128|dwordx4)", asm), asm
    # printf goes through the HIP hostcall buffer (device-library code, linked in).
    asm = asm_of("printf")
    assert re.search(r"\bglobal_atomic_(cmpswap|add)", asm), asm
    # A while loop is a backward branch.
    asm = asm_of("while")
    assert re.search(r"\bs_cbranch_\w+", asm), asm
    for name in ks:
        if name != "printf":  # the device library's printf calls functions, with a stack
            assert "scratch_" not in asm_of(name), name


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_cuda_vector_buffer_printf_while(arch):
    ks = op_kernels()

    def ptx_of(name):
        kernel, args = ks[name]
        return kernel.compile(*args, target="cuda", arch=arch).binary.decode()

    # Buffer access: bounds-checked global loads and stores.
    ptx = ptx_of("buffer_copy")
    assert "ld.global" in ptx and "st.global" in ptx and "setp." in ptx
    ptx = ptx_of("vector_load_store")
    assert re.search(r"ld\.global\.v4\.(f32|b32)", ptx), ptx
    assert re.search(r"st\.global\.v4\.(f32|b32)", ptx), ptx
    ptx = ptx_of("printf")
    assert re.search(r"call\.uni.*vprintf", ptx), ptx
    ptx = ptx_of("while")
    assert re.search(r"\bbra(\.uni)?\b", ptx), ptx


# Layouts inside kernels: examples 01 (2-D predicated add) and 02 (tiled copy).
add_2d = load("01_vector_add_layout")
tiled_copy = load("02_tiled_copy")
transpose_smem = load("tiled_transpose_smem")
gather_scatter = load("05_gather_scatter")
mat = np.zeros((24, 120), np.float32)
rows = np.zeros(24, np.int32)
LAYOUT_KERNELS = {
    "01_vector_add_layout": (add_2d.add_2d, (mat, mat, mat)),
    "02_tiled_copy": (tiled_copy.copy_kernel, (mat, mat, False)),
    "02_tiled_copy_buffer": (tiled_copy.copy_kernel, (mat, mat, True)),
    "tiled_transpose_smem": (transpose_smem.transpose_smem, (mat, mat.T.copy(), False)),
    "tiled_transpose_smem_dynamic": (transpose_smem.transpose_smem, (mat, mat.T.copy(), True)),
    "05_gather_rows": (gather_scatter.gather_rows, (mat, mat, rows)),
    "05_scatter_rows": (gather_scatter.scatter_rows, (mat, mat, rows)),
}


def static(args):
    from flydsl.compiler import from_dlpack

    return tuple(from_dlpack(a) if isinstance(a, np.ndarray) else a for a in args)


@needs_llvm_tools
@needs_rocm_device_libs
@pytest.mark.parametrize("arch", ["gfx942", "gfx950"])
@pytest.mark.parametrize("name", sorted(LAYOUT_KERNELS))
def test_layout_kernels_rocm_code(tmp_path, arch, name):
    kernel, args = LAYOUT_KERNELS[name]
    for layouts in ("dynamic", "static"):
        call_args = static(args) if layouts == "static" else args
        asm, notes = disassemble(
            tmp_path, kernel.compile(*call_args, target="rocm", arch=arch).binary, arch
        )
        # 128-bit copies become dwordx4 accesses; register fragments never touch scratch.
        width = "dwordx4" if name.startswith(("02_tiled_copy", "05_")) else "dword"
        kind = "buffer" if name.endswith("buffer") else "global"
        assert re.search(rf"\b{kind}_load_{width}\b", asm), asm
        assert re.search(rf"\b{kind}_store_{width}\b", asm), asm
        assert "scratch_" not in asm
        assert re.search(r"\.private_segment_fixed_size:\s+0\b", notes), notes
        if name.startswith("tiled_transpose_smem"):
            assert re.search(r"\bds_(write|store)_b32\b", asm), asm
            assert re.search(r"\bds_(read|load)_b32\b", asm), asm
            assert re.search(r"\bs_barrier", asm), asm
        if layouts == "static":  # static layouts fold: no integer division sequence
            assert "v_rcp_iflag_f32" not in asm, asm


@pytest.mark.parametrize("name", sorted(set(LAYOUT_KERNELS) - {"02_tiled_copy_buffer"}))
def test_layout_kernels_ptx(name):
    kernel, args = LAYOUT_KERNELS[name]
    ptx = kernel.compile(*static(args), target="cuda", arch="sm_90").binary.decode()
    vector = r"\.v4\.(b32|f32)" if name.startswith(("02", "05")) else r"\.(b32|f32)"
    assert re.search(rf"\bld\.global{vector}", ptx), ptx
    assert re.search(rf"\bst\.global{vector}", ptx), ptx
    assert not re.search(r"\b(div|rem)\.", ptx), ptx
    assert ".local" not in ptx
    if name.startswith("tiled_transpose_smem"):
        assert re.search(r"\bst\.shared", ptx) and re.search(r"\bld\.shared", ptx), ptx
        assert re.search(r"\bbar\.sync|\bbarrier\.sync", ptx), ptx


buffer_to_lds = load("06_buffer_to_lds")
lds_rows = np.zeros(24, np.float32)


@flyc.kernel
def wide_to_lds(A: fx.Tensor, B: fx.Tensor):
    # One 128-bit call per thread: lane t's four floats land at the wave's base + 16 * t.
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((64, 4), (4, 1)))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopyLDS128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_layout((64, 1)), fx.make_layout((1, 4)))
    thr = tiled.get_slice(fx.thread_idx.x)
    fx.copy(atom, thr.partition_S(fx.rocdl.make_buffer_tensor(A)), thr.partition_D(smem))
    fx.gpu.barrier()
    for j in fx.range_constexpr(4):
        B[(fx.thread_idx.x, j)] = smem[(fx.thread_idx.x, j)]


@needs_llvm_tools
@needs_rocm_device_libs
@pytest.mark.parametrize("arch", ["gfx942", "gfx950"])
def test_buffer_to_lds_rocm_code(tmp_path, arch):
    binary = buffer_to_lds.row_sums.compile(mat, lds_rows, 8, target="rocm", arch=arch).binary
    asm, notes = disassemble(tmp_path, binary, arch)
    # Straight into LDS, its base in M0; the wait for it comes before the barrier.
    assert re.search(r"\bbuffer_load_dword\b[^\n]*\blds\b", asm), asm
    assert re.search(r"\bs_mov_b32 m0\b", asm), asm
    assert re.search(r"s_waitcnt vmcnt\(0\)[^\n]*\n\s*s_barrier", asm), asm
    assert "scratch_" not in asm
    tile = from_dlpack(np.zeros((64, 4), np.float32))
    if arch == "gfx950":
        asm, _ = disassemble(
            tmp_path, wide_to_lds.compile(tile, tile, target="rocm", arch=arch).binary, arch
        )
        assert re.search(r"\bbuffer_load_dwordx4\b[^\n]*\blds\b", asm), asm
    else:
        with pytest.raises(CompileError, match="128-bit buffer load into LDS needs gfx950"):
            wide_to_lds.compile(tile, tile, target="rocm", arch=arch)


def test_buffer_to_lds_elsewhere():
    # cuda has no such instruction: each lane's bytes are loaded and stored where they land.
    ptx = buffer_to_lds.row_sums.compile(mat, lds_rows, 8, target="cuda", arch="sm_90").binary
    assert re.search(r"\bst\.shared", ptx.decode())
    with pytest.raises(CompileError, match="need a gfx9"):
        buffer_to_lds.row_sums.compile(mat, lds_rows, 8, target="rocm", arch="gfx1201")


def test_transpose_tile_is_bank_conflict_free():
    # 32 banks of 4 bytes (NVIDIA shared memory, AMD LDS): every group of 32 neighbouring
    # threads writes a row of the tile and reads a column of it; each must hit 32 banks.
    import flydsl.expr as fx

    tile = transpose_smem.TILE
    row_major = fx.make_layout((tile, tile), (tile, 1))
    smem = fx.make_composed_layout(fx.Swizzle(5, 0, 5), 0, row_major)
    for r in range(tile):
        writes = {smem((r, c)) % 32 for c in range(tile)}
        reads = {smem((c, r)) % 32 for c in range(tile)}
        assert len(writes) == tile and len(reads) == tile


@flyc.kernel
def copy_halves(src: fx.Tensor, dst: fx.Tensor):
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy16b(), 16)  # FlyDSL's atom of 16-bit values
    s, d = fx.rocdl.make_buffer_tensor(src), fx.rocdl.make_buffer_tensor(dst)
    r = fx.make_rmem_tensor(1, fx.Float16)
    t = fx.thread_idx.x
    fx.copy(atom, fx.slice(fx.logical_divide(s, fx.make_layout(1, 1)), (None, t)), r)
    fx.copy(atom, r, fx.slice(fx.logical_divide(d, fx.make_layout(1, 1)), (None, t)))


@needs_llvm_tools
def test_a_16_bit_buffer_copy_is_one_short_buffer_access(tmp_path):
    halves = np.zeros(64, np.float16)
    binary = copy_halves.compile(halves, halves, target="rocm", arch="gfx942").binary
    asm, _ = disassemble(tmp_path, binary, "gfx942")
    assert re.search(r"\bbuffer_load_(ushort|u16)\b", asm), asm
    assert re.search(r"\bbuffer_store_(short|b16)\b", asm), asm
