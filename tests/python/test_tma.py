"""Bulk tensor copies (TMA) and mbarriers from Python, on the cpu target emulating sm_90: boxes
with and without swizzles, partly outside the tensor, land where the hardware puts them (read
back through the tile's layout); and the mistakes: a destination laid out otherwise, a tensor
without a stride-1 mode, an arch without bulk copies, a misaligned tensor, a wait that can
never complete; TMA stores, named barriers and grid dependency control. The PTX of the same
copies is checked in test_gemm.py (test_hopper_code) and run on an H100 by
examples/07_tma_copy.py, examples/09_dependent_launch.py and the GEMM's tests."""

import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _sm90(monkeypatch):
    monkeypatch.setenv("ARCH", "sm_90")  # numpy arrays: the cpu target, emulating sm_90
    monkeypatch.setenv("FLYDSL_COMPILE_BACKEND", "cpu")


# Boxes (rows x cols at (r0, c0) of a 64 x 104 tensor) with and without swizzles, partly
# outside the tensor.
BOXES = [(8, 16, 0, np.float32, 0, 0), (16, 64, 128, np.float16, 50, 30),
         (8, 32, 64, np.float16, -3, 70), (16, 8, 32, np.float32, 60, 99)]  # fmt: skip


def cells_inside(rows, cols, r0, c0):
    """The (r, c) of a rows x cols box at (r0, c0) that lie inside the 64 x 104 tensor."""
    return [(r, c) for r in range(rows) for c in range(cols)
            if 0 <= r0 + r < 64 and 0 <= c0 + c < 104]  # fmt: skip


def build(body):
    """Compiles for cpu a kernel of one (16, 32) f32 tensor A whose body is body(A)."""

    @flyc.kernel
    def k(A: fx.Tensor):
        body(A)

    return k.compile(flyc.from_dlpack(np.zeros((16, 32), np.float32)), target="cpu")


def box_tile(smem, rows, cols, swizzle, dtype, tile_layout=None):
    """A rows x cols shared tile laid out as a bulk copy moves the box: row-major (or
    `tile_layout`), swizzled `swizzle` bytes."""
    elem = np.dtype(dtype).itemsize
    bits = {0: 0, 32: 1, 64: 2, 128: 3}[swizzle]
    layout = tile_layout or fx.make_layout((rows, cols), (cols, 1))
    if bits:
        layout = fx.make_composed_layout(fx.Swizzle(bits, {2: 3, 4: 2}[elem], 3), 0, layout)
    return smem.allocate_tensor(fx.Float16 if elem == 2 else fx.Float32, layout, 1024)


def box_kernel(rows, cols, swizzle, dtype, tile_layout=None):
    """Thread 0 copies the rows x cols box at (r0, c0) into a tile swizzled `swizzle` bytes;
    each thread then writes its elements of the tile to Out (rows x cols)."""
    elem = np.dtype(dtype).itemsize

    @flyc.kernel
    def box(A: fx.Tensor, Out: fx.Tensor, r0: fx.Int32, c0: fx.Int32):
        tid = fx.thread_idx.x
        desc = fx.nvgpu.tma_descriptor(A, (rows, cols), swizzle=swizzle)
        smem = fx.SharedAllocator()
        tile = box_tile(smem, rows, cols, swizzle, dtype, tile_layout)
        bars = smem.allocate_tensor(fx.Int64, fx.make_layout(2), 8)
        if tid == 0:
            fx.nvgpu.mbarrier_init(bars, 1, 1)
        fx.gpu.barrier()
        if tid == 0:
            fx.nvgpu.mbarrier_arrive(bars, 1, rows * cols * elem)
            fx.nvgpu.tma_load(desc, tile, (r0, c0), bars, 1)
        fx.nvgpu.mbarrier_wait(bars, 1, 0)
        for i in fx.range_constexpr(rows * cols // 64):
            e = tid + 64 * i
            Out[e // cols, e % cols] = tile[e // cols, e % cols]

    return box


@pytest.mark.parametrize("rows,cols,swizzle,dtype,r0,c0", BOXES)
def test_boxes_land_where_the_hardware_puts_them(rows, cols, swizzle, dtype, r0, c0):
    a = (np.arange(64 * 104) % 2039).astype(dtype).reshape(64, 104)
    out = np.full((rows, cols), -1, dtype)
    box_kernel(rows, cols, swizzle, dtype)(
        flyc.from_dlpack(a), flyc.from_dlpack(out), r0, c0
    ).launch(grid=(1,), block=(64,))
    want = np.zeros((rows, cols), dtype)
    for r, c in cells_inside(rows, cols, r0, c0):
        want[r, c] = a[r0 + r, c0 + c]
    np.testing.assert_array_equal(out, want)


def test_a_destination_the_box_does_not_fit_is_refused():
    a, out = np.zeros((16, 32), np.float32), np.zeros((8, 8), np.float32)
    k = box_kernel(8, 8, 0, np.float32, tile_layout=fx.make_layout((8, 8), (1, 8)))
    with pytest.raises(Exception, match="does not place the box as the bulk copy moves it"):
        k(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0).launch(grid=(1,), block=(64,))


def test_a_tensor_without_a_stride_one_mode_is_refused():
    a = np.zeros((16, 64), np.float32)[:, ::2]
    out = np.zeros((8, 8), np.float32)
    with pytest.raises(Exception, match="needs a mode of static stride 1"):
        box_kernel(8, 8, 0, np.float32)(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0).launch(
            grid=(1,), block=(64,)
        )


def test_other_archs_have_no_bulk_copies(monkeypatch):
    monkeypatch.setenv("ARCH", "gfx942")
    a, out = np.zeros((16, 32), np.float32), np.zeros((8, 8), np.float32)
    with pytest.raises(Exception, match="sm_90 \\(Hopper\\) operations; target cpu arch gfx942"):
        box_kernel(8, 8, 0, np.float32)(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0).launch(
            grid=(1,), block=(64,)
        )


def test_a_misaligned_tensor_is_refused_at_launch():
    a = np.zeros((16, 33), np.float32)[:, 1:]  # rows of 132 bytes, 4 bytes past alignment
    out = np.zeros((8, 8), np.float32)
    with pytest.raises(Exception, match="16-byte aligned data pointer"):
        box_kernel(8, 8, 0, np.float32)(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0).launch(
            grid=(1,), block=(64,)
        )


def test_a_wait_that_never_completes_is_a_launch_error():
    @flyc.kernel
    def stuck(Out: fx.Tensor):
        tid = fx.thread_idx.x
        bars = fx.SharedAllocator().allocate_tensor(fx.Int64, fx.make_layout(1), 8)
        if tid == 0:
            fx.nvgpu.mbarrier_init(bars, 0, 2)  # two arrivals expected, one comes
        fx.gpu.barrier()
        if tid == 0:
            fx.nvgpu.mbarrier_arrive(bars, 0)
        fx.nvgpu.mbarrier_wait(bars, 0, 0)
        Out[tid] = 1.0

    out = np.zeros(32, np.float32)
    with pytest.raises(Exception, match="mbarrier wait"):
        stuck(flyc.from_dlpack(out)).launch(grid=(1,), block=(32,))


def test_the_cuda_target_makes_bulk_copies_without_wgmma(monkeypatch, tmp_path):
    # No wgmma in the kernel, so the PTX targets sm_90 itself, at the ISA version (8.0) that has
    # mbarrier transactions and bulk tensor copies.
    for name, value in (("FLYDSL_COMPILE_BACKEND", "cuda"), ("COMPILE_ONLY", "1"),
                        ("FLYDSL_DUMP_IR", "1"), ("FLYDSL_DUMP_DIR", str(tmp_path))):  # fmt: skip
        monkeypatch.setenv(name, value)
    a, out = np.zeros((16, 64), np.float16), np.zeros((16, 64), np.float16)
    box_kernel(16, 64, 128, np.float16)(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0).launch(
        grid=(1,), block=(64,)
    )
    ptx = next(tmp_path.rglob("*.ptx")).read_text()
    assert ".target sm_90\n" in ptx and re.search(r"\.version 8\.\d", ptx)
    assert "mbarrier.init.shared.b64" in ptx and "fence.mbarrier_init.release.cluster" in ptx
    assert "mbarrier.arrive.expect_tx.shared.b64" in ptx
    assert "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" in ptx
    assert "mbarrier.try_wait.parity.shared.b64" in ptx
    # The builder's mbarriers are FlyNVVM's ops on Fly pointers; the passes make them NVVM's.
    origin = next(tmp_path.rglob("00_origin.mlir")).read_text()
    ops = ("mbarrier_init", "mbarrier_arrive_expect_tx", "mbarrier_try_wait_parity", "tma_load")
    for op in ops:
        assert re.search(rf"fly_nvvm\.{op}\(%\w+[,)].*!fly\.ptr<i64, shared>", origin), op
    assert "nvvm." not in origin.replace("fly_nvvm.", "")


def warp_specialised_copy():
    """Warpgroup 0 lowers its registers and copies a value through an mbarrier; warpgroup 1
    raises its registers, waits for it and writes it out (the warp-specialised shape)."""

    @flyc.kernel
    def handoff(A: fx.Tensor, Out: fx.Tensor):
        tid = fx.thread_idx.x
        fx.nvgpu.set_block_size(256)
        smem = fx.SharedAllocator()
        box = smem.allocate_tensor(fx.Float32, fx.make_layout(128), 512)
        bars = smem.allocate_tensor(fx.Int64, fx.make_layout(1), 8)
        if tid == 0:
            fx.nvgpu.mbarrier_init(bars, 0, 128)
        fx.gpu.barrier()
        if tid < 128:
            fx.nvgpu.setmaxnreg(40, False)
            box[tid] = A[tid] * 2.0
            fx.nvgpu.mbarrier_arrive(bars, 0)
        else:
            fx.nvgpu.setmaxnreg(232, True)
            fx.nvgpu.mbarrier_wait(bars, 0, 0)
            Out[tid - 128] = box[tid - 128]

    return handoff


def test_warp_specialised_handoff_runs_emulated_and_compiles_to_setmaxnreg():
    a, out = np.arange(128, dtype=np.float32), np.zeros(128, np.float32)
    kernel = warp_specialised_copy()
    kernel(flyc.from_dlpack(a), flyc.from_dlpack(out)).launch(block=(256,))
    np.testing.assert_array_equal(out, 2 * a)
    ptx = kernel.compile(flyc.from_dlpack(a), flyc.from_dlpack(out), target="cuda",
                         arch="sm_90").binary.decode()  # fmt: skip
    assert re.search(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", ptx)
    assert re.search(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", ptx)
    assert ".maxntid 256, 1, 1" in ptx and ".target sm_90a" in ptx


def test_setmaxnreg_is_refused_before_sm_90():
    @flyc.kernel
    def registers(A: fx.Tensor):
        fx.nvgpu.set_block_size(128)
        fx.nvgpu.setmaxnreg(232, True)
        A[fx.thread_idx.x] = 1.0

    a = flyc.from_dlpack(np.zeros(128, np.float32))
    with pytest.raises(flyc.CompileError, match="setmaxnreg.*sm_90a, not of sm_80"):
        registers.compile(a, target="cuda", arch="sm_80")
    assert "setmaxnreg" not in registers.compile(a, target="rocm", arch="gfx942").binary.decode(
        "latin-1"
    )


def test_setmaxnreg_mistakes_are_kernel_errors():
    with pytest.raises(flyc.CompileError, match="needs the kernel's block size first"):
        build(lambda A: fx.nvgpu.setmaxnreg(232, True))
    with pytest.raises(flyc.CompileError, match="24..256 registers, a multiple of 8, got 100"):
        build(lambda A: (fx.nvgpu.set_block_size(128), fx.nvgpu.setmaxnreg(100, True)))
    with pytest.raises(flyc.CompileError, match="1..1024 threads"):
        build(lambda A: fx.nvgpu.set_block_size(64, 32))


def store_kernel(rows, cols, swizzle, dtype, tile_layout=None):
    """Each thread writes its elements of A (rows x cols), doubled, into a tile swizzled
    `swizzle` bytes; thread 0 then stores the tile by TMA to the box at (r0, c0) of Out."""

    @flyc.kernel
    def store(A: fx.Tensor, Out: fx.Tensor, r0: fx.Int32, c0: fx.Int32):
        tid = fx.thread_idx.x
        desc = fx.nvgpu.tma_descriptor(Out, (rows, cols), swizzle=swizzle)
        tile = box_tile(fx.SharedAllocator(), rows, cols, swizzle, dtype, tile_layout)
        for i in fx.range_constexpr(rows * cols // 64):
            e = tid + 64 * i
            tile[e // cols, e % cols] = A[e // cols, e % cols] * 2.0
        fx.nvgpu.fence_proxy_async()
        fx.gpu.barrier()
        if tid == 0:
            fx.nvgpu.tma_store(desc, tile, (r0, c0))
            fx.nvgpu.tma_store_wait(0)

    return store


@pytest.mark.parametrize("rows,cols,swizzle,dtype,r0,c0", BOXES)
def test_stored_boxes_leave_the_tensor_outside_them_alone(rows, cols, swizzle, dtype, r0, c0):
    rng = np.random.default_rng(rows + cols)
    a = rng.integers(-50, 50, (rows, cols)).astype(dtype)
    out = np.full((64, 104), -1, dtype)
    store_kernel(rows, cols, swizzle, dtype)(
        flyc.from_dlpack(a), flyc.from_dlpack(out), r0, c0
    ).launch(grid=(1,), block=(64,))
    want = np.full((64, 104), -1, dtype)
    for r, c in cells_inside(rows, cols, r0, c0):
        want[r0 + r, c0 + c] = 2 * a[r, c]
    np.testing.assert_array_equal(out, want)


def test_store_mistakes_are_kernel_errors():
    a, out = np.zeros((8, 8), np.float32), np.zeros((16, 32), np.float32)
    k = store_kernel(8, 8, 0, np.float32, tile_layout=fx.make_layout((8, 8), (1, 8)))
    with pytest.raises(Exception, match="does not place the box as the bulk copy moves it"):
        k(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0).launch(grid=(1,), block=(64,))

    def from_global(A):
        fx.nvgpu.tma_store(fx.nvgpu.tma_descriptor(A, (8, 8), swizzle=0), A, (0, 0))

    with pytest.raises(flyc.CompileError, match="between global memory and a shared-memory"):
        build(from_global)
    with pytest.raises(flyc.CompileError, match="0..63 stores may stay pending, got 64"):
        build(lambda A: fx.nvgpu.tma_store_wait(64))
    with pytest.raises(flyc.CompileError, match="1..15 \\(0 is the whole block's\\), got 0"):
        build(lambda A: fx.nvgpu.named_barrier(0, 128))
    with pytest.raises(flyc.CompileError, match="32..1024 threads, whole warps, got 100"):
        build(lambda A: fx.nvgpu.named_barrier(1, 100))


def test_tma_store_compiles_to_a_bulk_store_and_its_wait(monkeypatch, tmp_path):
    monkeypatch.delenv("FLYDSL_COMPILE_BACKEND")
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    a, out = np.zeros((16, 64), np.float16), np.zeros((16, 64), np.float16)
    ptx = (
        store_kernel(16, 64, 128, np.float16)
        .compile(flyc.from_dlpack(a), flyc.from_dlpack(out), 0, 0, target="cuda", arch="sm_90")
        .binary.decode()
    )
    assert "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group" in ptx
    assert "cp.async.bulk.commit_group" in ptx
    assert re.search(r"cp\.async\.bulk\.wait_group\.read\s+0;", ptx)
    assert "fence.proxy.async.shared::cta" in ptx
    origin = next(tmp_path.rglob("00_origin.mlir")).read_text()
    assert re.search(
        r"fly_nvvm\.tma_store\(%\w+, %\w+\)\[.*: !llvm\.ptr, !fly\.ptr<f16, shared", origin
    )
    assert "fly_nvvm.tma_store_wait {pending = 0 : i32}" in origin


def named_barrier_kernel():
    """Warpgroup 1 hands a value to warpgroup 0 through shared memory; the two warps of
    warpgroup 1 meet at named barrier 1 between writing and reading it, warpgroup 0 waits for
    it on an mbarrier. A block-wide barrier there would never complete."""

    @flyc.kernel
    def halves(A: fx.Tensor, Out: fx.Tensor):
        tid = fx.thread_idx.x
        smem = fx.SharedAllocator()
        box = smem.allocate_tensor(fx.Float32, fx.make_layout(64), 256)
        bars = smem.allocate_tensor(fx.Int64, fx.make_layout(1), 8)
        if tid == 0:
            fx.nvgpu.mbarrier_init(bars, 0, 64)
        fx.gpu.barrier()
        if tid >= 64:
            box[tid - 64] = A[tid - 64] + 1.0
            fx.nvgpu.named_barrier(1, 64)
            # Each thread reads its neighbour's value: only right after the named barrier.
            Out[tid] = box[(tid - 63) % 64]
            fx.nvgpu.mbarrier_arrive(bars, 0)
        else:
            fx.nvgpu.mbarrier_wait(bars, 0, 0)
            Out[tid] = box[tid] * 10.0

    return halves


def test_a_named_barrier_meets_only_its_threads():
    a, out = np.arange(64, dtype=np.float32), np.zeros(128, np.float32)
    named_barrier_kernel()(flyc.from_dlpack(a), flyc.from_dlpack(out)).launch(block=(128,))
    np.testing.assert_array_equal(out[:64], (a + 1) * 10)
    np.testing.assert_array_equal(out[64:], np.roll(a + 1, -1))


def test_named_barriers_compile_for_nvidia_only(monkeypatch):
    monkeypatch.delenv("FLYDSL_COMPILE_BACKEND")
    a, out = flyc.from_dlpack(np.zeros(64, np.float32)), flyc.from_dlpack(np.zeros(128, np.float32))
    ptx = named_barrier_kernel().compile(a, out, target="cuda", arch="sm_90").binary.decode()
    assert re.search(r"barrier\.sync\s+1,\s*64;|bar\.sync\s+1,\s*64;", ptx)
    with pytest.raises(
        flyc.CompileError, match="named barriers are NVIDIA operations; target rocm"
    ):
        named_barrier_kernel().compile(a, out, target="rocm", arch="gfx942")


def dependent_step():
    """Out = A + 1, read and written only after the kernel's grid dependency wait."""

    @flyc.kernel
    def step(A: fx.Tensor, Out: fx.Tensor):
        i = fx.block_idx.x * 64 + fx.thread_idx.x
        fx.nvgpu.grid_dependency_wait()
        fx.nvgpu.launch_dependents()
        Out[i] = A[i] + 1.0

    return step


def test_grid_dependency_control_compiles_for_sm90_only(monkeypatch):
    monkeypatch.delenv("FLYDSL_COMPILE_BACKEND")
    a, out = flyc.from_dlpack(np.zeros(128, np.float32)), flyc.from_dlpack(
        np.zeros(128, np.float32)
    )
    ptx = dependent_step().compile(a, out, target="cuda", arch="sm_90").binary.decode()
    wait, trigger = ptx.find("griddepcontrol.wait;"), ptx.find("griddepcontrol.launch_dependents;")
    # The global load stays after the wait (LLVM sees the wait as touching memory).
    assert 0 < wait < trigger < ptx.find("ld.global")
    assert float(re.search(r"\.version (\d+\.\d+)", ptx).group(1)) >= 7.8
    for target, arch in (("cuda", "sm_80"), ("rocm", "gfx942")):
        with pytest.raises(
            flyc.CompileError, match=f"sm_90\\+ operation; target {target} arch {arch}"
        ):
            dependent_step().compile(a, out, target=target, arch=arch)


def test_grid_dependency_control_runs_in_order_on_cpu():
    # The cpu target runs launches one after another: the wait and the trigger go.
    a, out = np.arange(128, dtype=np.float32), np.zeros(128, np.float32)
    dependent_step()(flyc.from_dlpack(a), flyc.from_dlpack(out)).launch(grid=(2,), block=(64,))
    np.testing.assert_array_equal(out, a + 1)
