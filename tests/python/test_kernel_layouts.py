"""Layouts inside kernels on the default target (cpu, or a CUDA device with torch tensors):
kernel layouts with static, dynamic and mixed leaves agree with the host algebra; tensors
index, slice and tile through their layouts; identity tensors give coordinates; register
fragments load, store and fill; copies and tiled copies move what they should; bad programs
get clear errors, never a crash."""

import ctypes
import re

import flydsl._kernel_api as K
import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl._lib import check
from flydsl.compiler.jit_argument import _TensorArg
from flydsl.errors import CompileError, LaunchError


def run(kernel, *args, grid=(1,), block=(1,)):
    """Launches on device copies of the numpy arguments and copies them back."""
    dev_args = [dev.array(a) if isinstance(a, np.ndarray) else a for a in args]
    kernel(*dev_args).launch(grid=grid, block=block)
    for a, d in zip(args, dev_args):
        if isinstance(a, np.ndarray):
            a[...] = dev.host(d)


@flyc.kernel
def offsets(out: fx.Tensor, n: fx.Int32, s: fx.Int32):
    # out[i] = L(i) for a mixed layout (static 4, dynamic n) : (dynamic s, static 1)
    L = fx.make_layout((4, n), (s, 1))
    i = fx.thread_idx.x
    out[i] = fx.crd2idx(i, L).to("i32")


@pytest.mark.parametrize("n,s", [(3, 5), (1, 7), (6, 1)])
def test_dynamic_layout_agrees_with_host(n, s):
    out = np.zeros(4 * n, np.int32)
    run(offsets, out, n, s, block=(4 * n,))
    host = fx.make_layout((4, n), (s, 1))
    assert out.tolist() == [host(i) for i in range(4 * n)]


@flyc.kernel
def algebra(out: fx.Tensor, n: fx.Int32):
    # A dynamic extent through divide, slice and composition; each result read at a coordinate.
    L = fx.make_layout((8, n), (n, 1))
    D = fx.zipped_divide(L, (2, 4))  # ((2,4),(4,ceil(n/4))) : ((n,1),(2n,4))
    i = fx.thread_idx.x
    out[i, 0] = fx.crd2idx(i, D).to("i32")
    tile = fx.slice(D, (None, 1))  # the tile at rest index 1
    out[i, 1] = fx.crd2idx(i % 8, tile).to("i32")


def test_divide_and_slice_with_dynamic_extents():
    n = 8
    out = np.zeros((32, 2), np.int32)
    run(algebra, out, n, block=(32,))
    host = fx.zipped_divide(fx.make_layout((8, n), (n, 1)), (2, 4))
    assert out[:, 0].tolist() == [host(i) for i in range(32)]
    tile = fx.slice(host, (None, 1))
    assert out[:, 1].tolist() == [tile(i % 8) for i in range(32)]


@flyc.kernel
def tensor_views(A: fx.Tensor, out: fx.Tensor):
    # A 4x6 row-major matrix: read through nested coordinates, a slice and a divide.
    i = fx.thread_idx.x
    row = A[None, 2]  # column 2: a 1-D tensor of 4
    out[i, 0] = A[(i % 4, i // 4)]
    out[i, 1] = row[i % 4]
    tiles = fx.zipped_divide(A, (2, 3))  # ((2,3),(2,2))
    out[i, 2] = tiles[(i % 6, i // 6)]


def test_tensor_views():
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    out = np.zeros((24, 3), np.float32)
    run(tensor_views, a, out, block=(24,))
    i = np.arange(24)
    assert out[:, 0].tolist() == a[i % 4, i // 4].tolist()
    assert out[:, 1].tolist() == a[i % 4, 2].tolist()
    host = fx.zipped_divide(fx.make_layout((4, 6), (6, 1)), (2, 3))
    assert out[:, 2].tolist() == [a.flat[host((k % 6, k // 6))] for k in range(24)]


@flyc.kernel
def coordinates(out: fx.Tensor, m: fx.Int32, n: fx.Int32):
    ident = fx.zipped_divide(fx.make_identity_tensor((m, n)), (2, 2))
    t = fx.thread_idx.x
    c = ident[(t % 4, t // 4)]
    out[t, 0] = c[0]
    out[t, 1] = c[1]
    out[t, 2] = fx.select(fx.elem_less(c, (m - 1, n)), 1, 0)


def test_identity_tensor_coordinates():
    m, n = 4, 6
    out = np.zeros((24, 3), np.int32)
    run(coordinates, out, m, n, block=(24,))
    host = fx.zipped_divide(fx.make_identity_layout((m, n)), (2, 2))
    for t in range(24):
        r, c = host((t % 4, t // 4))
        assert tuple(out[t, :2]) == (r, c)
        assert out[t, 2] == int(r < m - 1 and c < n)


@flyc.kernel
def fragments(out: fx.Tensor):
    f = fx.make_rmem_tensor((2, 4), fx.Float32)
    f.fill(1.5)
    f[(1, 2)] = 7.0
    v = f.load()
    g = fx.make_fragment_like(f)
    g.store(v * 2.0)
    for i in fx.range_constexpr(8):
        out[i] = g[i]


def test_fragments():
    out = np.zeros(8, np.float32)
    run(fragments, out)
    expect = np.full(8, 3.0, np.float32)
    expect[fx.make_layout((2, 4))((1, 2))] = 14.0
    assert out.tolist() == expect.tolist()


@flyc.kernel
def tiled_copy_kernel(A: fx.Tensor, B: fx.Tensor, tiled: fx.Constexpr):
    # A tiled copy built on the host and given to the kernel as a compile-time parameter.
    t = fx.thread_idx.x
    src = tiled.get_slice(t).partition_S(A)
    dst = tiled.get_slice(t).partition_D(B)
    frag = fx.make_fragment_like(src)
    fx.copy(tiled, src, frag)
    fx.copy(tiled, frag, dst)


@flyc.jit
def copy_with(A, B, threads, vals):
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_layout(threads, (threads[1], 1)),
                                  fx.make_layout(vals, (vals[1], 1)))  # fmt: skip
    tiled_copy_kernel(A, B, tiled).launch(grid=(1,), block=(threads[0] * threads[1],))


@pytest.mark.parametrize("threads,vals", [((4, 2), (1, 4)), ((2, 4), (2, 2)), ((8, 1), (1, 8))])
def test_tiled_copy_from_the_host(threads, vals):
    shape = (threads[0] * vals[0], threads[1] * vals[1])
    a = np.arange(shape[0] * shape[1], dtype=np.float32).reshape(shape)
    b = np.zeros(shape, np.float32)
    a_dev, b_dev = dev.array(a), dev.array(b)
    copy_with(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev), threads, vals)  # static: the tile
    assert np.array_equal(a, dev.host(b_dev))


@flyc.kernel
def local_tiles(A: fx.Tensor, B: fx.Tensor):
    t = fx.thread_idx.x
    tile = fx.local_tile(A, (2, 3), (fx.block_idx.x, fx.block_idx.y))
    out = fx.local_tile(B, (2, 3), (fx.block_idx.x, fx.block_idx.y))
    out[(t % 2, t // 2)] = tile[(t % 2, t // 2)] + 1.0


def test_local_tile():
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    b = np.zeros_like(a)
    run(local_tiles, a, b, grid=(2, 2), block=(6,))
    assert np.array_equal(b, a + 1)


# Bad programs: a clear error from the builder, the launcher or the binding.


def compile_error(kernel, *args):
    with pytest.raises(CompileError) as e:
        kernel.compile(*args)
    return str(e.value)


@flyc.kernel
def wrong_rank(A: fx.Tensor):
    A[(0, 0, 0)] = 1.0


@flyc.kernel
def wrong_profile(A: fx.Tensor):
    A[((0, 1), 0)] = 1.0


def test_coordinates_of_the_wrong_rank_or_profile():
    a = np.zeros((4, 6), np.float32)
    assert "do not have matching ranks" in compile_error(wrong_rank, a)
    assert "(0,1) and ? do not have matching ranks" in compile_error(wrong_profile, a)
    # The error names the kernel's line that made it.
    line = wrong_rank.fn.__code__.co_firstlineno + 2
    assert f"(at {__file__}:{line})" in compile_error(wrong_rank, a)


@flyc.kernel
def tile_does_not_divide(A: fx.Tensor):
    # A (4,6) column-major tile read with stride 3 crosses its first mode unevenly: CuTe's
    # composition requires the stride to divide the extent (or be below it and divide the rest).
    t = fx.composition(A, fx.make_layout(3, 3))
    t[0] = 1.0


def test_tile_that_does_not_divide():
    a = np.zeros((6, 8), np.float32).T[:4]  # (4,6):(1,8), static through from_dlpack
    message = compile_error(tile_does_not_divide, flyc.from_dlpack(a))
    assert "divisibility" in message, message


@flyc.kernel
def too_wide(A: fx.Tensor, B: fx.Tensor):
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_layout((1, 1)), fx.make_layout((1, 4)))
    src = tiled.get_slice(fx.thread_idx.x).partition_S(A)
    dst = tiled.get_slice(fx.thread_idx.x).partition_D(B)
    fx.copy(atom, src, dst)


def test_copy_atom_wider_than_the_layout_allows():
    # Rows of 6 floats: a row's start is only 8-byte aligned, so 128-bit accesses fail.
    a = np.zeros((2, 6), np.float32)
    view = flyc.from_dlpack(a[:, :4])  # (2,4):(6,1)
    message = compile_error(too_wide, view, view)
    assert "128-bit copy atom needs 16-byte aligned accesses" in message, message
    # Along a mode of stride 2 the four values of a call are not consecutive.
    b = flyc.from_dlpack(np.zeros((4, 2), np.float32).T)  # (2,4):(1,2)
    message = compile_error(too_wide, b, b)
    assert "does not keep them consecutive" in message, message


@flyc.kernel
def through_scattered_registers(A: fx.Tensor, B: fx.Tensor):
    # Four consecutive floats of memory per call, into registers whose four values of a call
    # are two runs of two (as a tiled MMA's K-blocks lay out a fragment).
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    frag = fx.make_rmem_tensor(fx.make_layout(((2, 2), 2), ((1, 4), 2)), fx.Float32)
    src = fx.make_tensor(A, fx.make_layout((4, 2), (1, 4)))
    dst = fx.make_tensor(B, fx.make_layout((4, 2), (1, 4)))
    fx.copy(atom, src, frag)
    for i in fx.range_constexpr(8):
        frag[i] = frag[i] * 10.0
    fx.copy(atom, frag, dst)


@flyc.kernel
def buffer_through_scattered_registers(A: fx.Tensor, B: fx.Tensor):
    # The same registers filled and emptied by buffer copies: each call one 16-byte buffer
    # access, its four values gathered from or scattered to the two runs.
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float32)
    frag = fx.make_rmem_tensor(fx.make_layout(((2, 2), 2), ((1, 4), 2)), fx.Float32)
    src = fx.rocdl.make_buffer_tensor(fx.make_tensor(A, fx.make_layout((4, 2), (1, 4))))
    dst = fx.rocdl.make_buffer_tensor(fx.make_tensor(B, fx.make_layout((4, 2), (1, 4))))
    fx.copy(atom, src, frag)
    for i in fx.range_constexpr(8):
        frag[i] = frag[i] * 10.0 + i
    fx.copy(atom, frag, dst)


@pytest.mark.parametrize(
    "kernel", [through_scattered_registers, buffer_through_scattered_registers]
)
def test_a_copy_gathers_and_scatters_register_values(kernel):
    a, b = np.arange(8, dtype=np.float32), np.zeros(8, np.float32)
    kernel(a, b).launch(block=(1,))
    # Value i of the fragment is element i of the tensors, wherever its register lies.
    added = 0 if kernel is through_scattered_registers else np.arange(8)
    np.testing.assert_array_equal(b, a * 10 + added)


@flyc.kernel
def dynamic_fragment(A: fx.Tensor):
    f = fx.make_fragment_like(A)
    f.fill(0.0)


def test_fragment_of_dynamic_size():
    message = compile_error(dynamic_fragment, np.zeros(8, np.float32))
    assert "static size" in message


def test_value_from_another_kernel():
    stolen = []

    @flyc.kernel
    def first(A: fx.Tensor):
        stolen.append(fx.make_layout((4, fx.thread_idx.x), (1, 4)))
        A[0] = 1.0

    @flyc.kernel
    def second(A: fx.Tensor):
        A[fx.crd2idx(0, stolen[0])] = 1.0

    a = np.zeros(4, np.float32)
    keep = first.compile(a)  # the first kernel (and its values) stays alive
    message = compile_error(second, a)
    del keep
    assert "another kernel" in message


@flyc.kernel
def static_copy(A: fx.Tensor, B: fx.Tensor):
    B[fx.thread_idx.x] = A[fx.thread_idx.x]


def test_static_layout_is_checked_at_launch():
    a = np.arange(8, dtype=np.float32)
    a_dev, b_dev = dev.array(a), dev.array(np.zeros(8, np.float32))
    static_copy(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev)).launch(grid=(1,), block=(8,))
    assert np.array_equal(a, dev.host(b_dev))
    # Compiled for 8 elements, the C launcher refuses a tensor of 4 (no recompile there).
    b = np.zeros(8, np.float32)
    compiled = static_copy.compile(flyc.from_dlpack(a), flyc.from_dlpack(b), target="cpu")
    short = [_TensorArg(np.zeros(4, np.float32)) for _ in range(2)]
    args = (K.Arg * 2)(*[K.Arg(K.ARG_DLMANAGED, t.pointer, 0, 0.0) for t in short])
    cfg = K.LaunchConfig(ctypes.sizeof(K.LaunchConfig))
    cfg.grid[:], cfg.block[:] = (1, 1, 1), (1, 1, 1)
    with pytest.raises(LaunchError) as e:
        check(K.launch(compiled.handle, b"static_copy", ctypes.byref(cfg), args, 2))
    assert "compiled for extent 8 in mode 0, got 4" in str(e.value)


@flyc.kernel
def partitioned(A: fx.Tensor, B: fx.Tensor):
    # 2x3 threads, row-major: thread t owns element (t // 3, t % 3) of every 2x3 tile.
    t = fx.thread_idx.x
    threads = fx.make_layout((2, 3), (3, 1))
    mine_a, mine_b = fx.local_partition(A, threads, t), fx.local_partition(B, threads, t)
    for i in fx.range_constexpr(fx.size(mine_a)):
        mine_b[i] = mine_a[i] + (t < 3).select(100.0, 200.0)


def test_local_partition():
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    a_dev, b_dev = dev.array(a), dev.array(np.zeros_like(a))
    partitioned(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev)).launch(grid=(1,), block=(6,))
    rows = np.arange(4)[:, None] % 2  # the thread row of each element
    assert np.array_equal(dev.host(b_dev), a + np.where(rows == 0, 100.0, 200.0))


@flyc.kernel
def big_tile(A: fx.Tensor):
    tile = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((128, 256)))
    tile[fx.thread_idx.x] = A[fx.thread_idx.x]
    A[fx.thread_idx.x] = tile[0]


def test_shared_memory_over_capacity():
    a = np.zeros(8, np.float32)
    # 128 KiB: more than gfx942's (and the cpu target's emulated) 64 KiB, within gfx950's 160.
    for target, arch in (("cpu", None), ("rocm", "gfx942"), ("cuda", "sm_90")):
        with pytest.raises(CompileError) as e:
            big_tile.compile(a, target=target, arch=arch)
        assert "allocates 131072 bytes of shared memory" in str(e.value), str(e.value)
    assert big_tile.compile(a, target="rocm", arch="gfx950").binary


@flyc.kernel
def dynamic_tiles(A: fx.Tensor, B: fx.Tensor):
    # Two tensors carved from dynamic shared memory, one through fx.Array storage: the launch
    # gives no smem= and gets what they need; a mixup of their offsets would show in B.
    smem = fx.SharedAllocator(static=False)
    first = smem.allocate_tensor(fx.Float32, fx.make_layout((4, 8), (8, 1)))
    second = smem.allocate(fx.Array[fx.Float32, 32, 16]).view(fx.make_layout((8, 4), (1, 8)))
    t = fx.thread_idx.x
    first[(t // 8, t % 8)] = A[t]
    second[(t % 8, t // 8)] = A[t] * 2.0
    fx.gpu.barrier()
    B[t] = first[(t % 4, t // 4)] + second[(t % 8, t // 8)]


def test_dynamic_shared_allocator():
    a = np.arange(32, dtype=np.float32)
    a_dev, b_dev = dev.array(a), dev.array(np.zeros_like(a))
    dynamic_tiles(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev)).launch(grid=(1,), block=(32,))
    t = np.arange(32)
    assert np.array_equal(dev.host(b_dev), a[(t % 4) * 8 + t // 4] + 2.0 * a)


@flyc.kernel
def big_dynamic_tile(A: fx.Tensor):
    tile = fx.SharedAllocator(static=False).allocate_tensor(fx.Float32, fx.make_layout((128, 256)))
    tile[fx.thread_idx.x] = A[fx.thread_idx.x]
    A[fx.thread_idx.x] = tile[0]


@flyc.kernel
def overaligned_dynamic(A: fx.Tensor):
    tile = fx.SharedAllocator(static=False).allocate_tensor(fx.Float32, (8,), align=8192)
    tile[0] = A[0]


@flyc.kernel
def widely_aligned_tiles(out: fx.Tensor):
    # Each allocator's second tensor asks for the widest alignment, after a first one that
    # leaves the next offset unaligned: its address must still be a multiple of 4 KiB.
    tiles = []
    for static in (True, False):
        smem = fx.SharedAllocator(static=static)
        smem.allocate_tensor(fx.Float32, (40,), align=16)
        tiles.append(smem.allocate_tensor(fx.Float32, (8,), align=4096))
    for i, tile in enumerate(tiles):
        out[i] = fx.Int32(fx.ptrtoint(fx.get_iter(tile)) % 4096)
        out[i + 2] = fx.Int32(fx.ptrtoint(fx.get_iter(tile)) % 4096 == 0)


def test_dynamic_shared_capacity_and_alignment():
    a = np.zeros(8, np.float32)
    # 128 KiB: past NVIDIA's 48 KiB of static shared memory, within sm_90's 227 KiB of dynamic
    # shared memory; past gfx942's 64 KiB of LDS, static or not.
    assert big_dynamic_tile.compile(a, target="cuda", arch="sm_90").binary
    for target, arch in (("rocm", "gfx942"), ("cuda", "sm_75")):
        with pytest.raises(CompileError) as e:
            big_dynamic_tile.compile(a, target=target, arch=arch)
        assert "131072 of dynamic shared memory" in str(e.value), str(e.value)
    message = compile_error(overaligned_dynamic, flyc.from_dlpack(a))
    assert "dynamic shared memory needs" in message and "at most 4096" in message, message


def test_shared_tensors_aligned_to_four_kib():
    out = np.full(4, -1, np.int32)
    assert widely_aligned_tiles.compile(out, target="rocm", arch="gfx942").binary
    # NVIDIA's placement of static shared memory is trusted to 1 KiB only: a clear error.
    with pytest.raises(CompileError, match="static shared memory aligned to 4096 bytes; on cuda"):
        widely_aligned_tiles.compile(out, target="cuda", arch="sm_90")
    if not dev.ON_GPU:
        widely_aligned_tiles(flyc.from_dlpack(out)).launch(grid=(1,), block=(1,))
        assert out.tolist() == [0, 0, 1, 1]


@flyc.kernel
def dynamic_tiles_aligned(out: fx.Tensor):
    smem = fx.SharedAllocator(static=False)
    smem.allocate_tensor(fx.Float32, (40,), align=16)
    tiles = [smem.allocate_tensor(fx.Float32, (8,), align=a) for a in (1024, 2048, 4096)]
    for i, tile in enumerate(tiles):
        out[i] = fx.Int32(fx.ptrtoint(fx.get_iter(tile)) % (1024 << i))
    out[3] = fx.Int32(fx.ptrtoint(fx.get_iter(tiles[2])) - fx.ptrtoint(fx.get_iter(tiles[0])))
    tiles[2][7] = fx.Float32(7.0)  # the region's last element: within what the launch gave
    out[4] = fx.Int32(tiles[2][7])


@flyc.kernel
def static_then_dynamic_tile(out: fx.Tensor):
    fx.SharedAllocator(static=True).allocate_tensor(fx.Float32, (40,), align=1024)
    tile = fx.SharedAllocator(static=False).allocate_tensor(fx.Float32, (8,), align=4096)
    out[0] = fx.Int32(fx.ptrtoint(fx.get_iter(tile)) % 4096)
    tile[7] = fx.Float32(7.0)
    out[4] = fx.Int32(tile[7])


@pytest.mark.parametrize(
    "kernel, expected",
    [(dynamic_tiles_aligned, [0, 0, 0, 3072, 7]), (static_then_dynamic_tile, [0, -1, -1, -1, 7])],
)
def test_dynamic_shared_memory_aligned_on_every_target(kernel, expected):
    # On cuda a dynamic region that needs more than 1 KiB of alignment has its start rounded up
    # at run time (drivers ignore wider requests): each tile lands on its alignment, here and
    # on a GPU alike, after static shared memory or without.
    out = dev.array(np.full(5, -1, np.int32))
    for target, arch in (("cuda", "sm_90"), ("rocm", "gfx942")):
        assert kernel.compile(out, target=target, arch=arch).binary
    kernel(out).launch(grid=(2,), block=(32,))
    assert dev.host(out).tolist() == expected


@flyc.kernel
def lds_from_global(A: fx.Tensor, B: fx.Tensor):
    atom = fx.make_copy_atom(fx.CopyOp(2, 32), fx.Float32)
    fx.copy(atom, A, B)


def test_lds_atom_needs_shared_memory():
    a = flyc.from_dlpack(np.zeros(4, np.float32))
    message = compile_error(lds_from_global, a, a)
    assert "LDS copy atom" in message, message


@flyc.kernel
def lds_load_from_plain(A: fx.Tensor):
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((4,)))
    fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopyLDS32b(), fx.Float32), A, smem)


@flyc.kernel
def lds_load_of_64_bits(A: fx.Tensor):
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((4,)))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopyLDS(64), fx.Float32)
    fx.copy(atom, fx.rocdl.make_buffer_tensor(A), smem)


def test_buffer_to_lds_needs_a_buffer_and_its_widths():
    a = flyc.from_dlpack(np.zeros(4, np.float32))
    message = compile_error(lds_load_from_plain, a)
    assert "moves a tensor made by make_buffer_tensor into shared memory" in message, message
    message = compile_error(lds_load_of_64_bits, a)
    assert "buffer-to-LDS copies 32 or 128" in message, message


# Fragments of one tiled copy retiled for another over the same threads: CuTe C++'s answers
# (make_fragment_like(partition_D) and TiledCopy::retile_D, printed by a program built against
# the nvidia-cutlass headers) for a 16 x 32 row-major tensor.
RETILE_CASES = {
    ("t32", "t128"): ("((1,4),4,1):((0,1),4,0)", "((4,1),4,1):((1,0),4,0)"),
    ("t128", "t32"): ("((4,1),4,1):((1,0),4,0)", "((1,4),4,1):((0,1),4,0)"),
    ("u32", "u64"): ("((1,(4,2)),1,2):((0,(1,4)),0,8)", "((2,4),1,2):((1,2),0,8)"),
    ("u64", "u32"): ("((2,(2,2)),1,2):((1,(2,4)),0,8)", "((1,8),1,2):((0,1),0,8)"),
}
RETILE_SEEN = {}


def copies():
    rows, cols = fx.make_layout((4, 8), (8, 1)), fx.make_layout((1, 4))
    cm, blocks = fx.make_layout((8, 4)), fx.make_layout((2, 4), (4, 1))
    atom = {b: fx.make_copy_atom(fx.UniversalCopy(b), fx.Float32) for b in (32, 64, 128)}
    return {
        "t32": fx.make_tiled_copy_tv(atom[32], rows, cols),
        "t128": fx.make_tiled_copy_tv(atom[128], rows, cols),
        "u32": fx.make_tiled_copy_tv(atom[32], cm, blocks),
        "u64": fx.make_tiled_copy_tv(atom[64], cm, blocks),
    }


@flyc.kernel
def retiled(A: fx.Tensor, B: fx.Tensor, made: fx.Constexpr[str], moved: fx.Constexpr[str]):
    # A fragment filled by one tiled copy leaves through the other's atoms: B must equal A.
    tiled = copies()
    t = fx.thread_idx.x
    src = tiled[made].get_slice(t).partition_S(A)
    frag = fx.make_fragment_like(src)
    fx.copy(tiled[made].atom, src, frag)
    view = tiled[moved].get_slice(t).retile_D(frag)
    RETILE_SEEN[(made, moved)] = (str(frag.layout), str(view.layout))
    fx.copy(tiled[moved].atom, view, tiled[moved].get_slice(t).partition_D(B))


@pytest.mark.parametrize("made,moved", sorted(RETILE_CASES))
def test_retile_agrees_with_cute(made, moved):
    a = np.arange(16 * 32, dtype=np.float32).reshape(16, 32)
    a_dev, b_dev = dev.array(a), dev.array(np.zeros_like(a))
    retiled(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev), made, moved).launch(
        grid=(1,), block=(32,)
    )
    assert RETILE_SEEN[(made, moved)] == RETILE_CASES[(made, moved)]
    assert np.array_equal(dev.host(b_dev), a)


@flyc.kernel
def retile_dynamic(A: fx.Tensor):
    copies()["t128"].get_slice(fx.thread_idx.x).retile_D(A)


def test_retile_needs_a_static_fragment():
    message = compile_error(retile_dynamic, np.zeros((16, 32), np.float32))
    assert "retile needs a fragment of static size" in message, message


@flyc.kernel
def gather_wrong_offsets(Src: fx.Tensor, Dst: fx.Tensor):
    atom = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    frag = fx.make_rmem_tensor((4,), fx.Float32)  # two 64-bit calls
    offsets = fx.make_rmem_tensor((3,), fx.Int32)  # but three offsets
    offsets.fill(0)
    fx.gather(atom, fx.get_iter(Src), offsets, frag)


@flyc.kernel
def counting(out: fx.Tensor):
    c = fx.make_view(fx.make_int_tuple(5), fx.make_layout((2, 3), (10, 1)))
    v = c.load()
    for i in fx.range_constexpr(6):
        out[i] = v[i]
    out[6] = c[(1, 2)]


def test_counting_tensors_and_gather_errors():
    out = np.zeros(7, np.int32)
    run(counting, out)
    assert out.tolist() == [5, 15, 6, 16, 7, 17, 17]
    a = flyc.from_dlpack(np.zeros(8, np.float32))
    message = compile_error(gather_wrong_offsets, a, a)
    assert "needs one element of its offsets per atom call (2)" in message, message


@flyc.kernel
def through_cp_async(A: fx.Tensor, B: fx.Tensor):
    # 32 threads copy a 32x16 tile into shared memory with 128-bit cp.async calls, wait, then
    # each writes back a row of the transpose's source: B = A through shared memory.
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((32, 16), (16, 1)))
    atom = fx.make_copy_atom(fx.nvgpu.CpAsync128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(
        atom, fx.make_layout((32, 4), (4, 1)), fx.make_layout((1, 4), (4, 1))
    )
    thr = tiled.get_slice(fx.thread_idx.x)
    fx.copy(atom, thr.partition_S(A), thr.partition_D(smem))
    fx.nvgpu.cp_async_wait()
    fx.gpu.barrier()
    t = fx.thread_idx.x
    for j in fx.range_constexpr(16):
        B[(t % 32, j)] = smem[(t % 32, j)]


def test_cp_async_copies():
    a = np.arange(32 * 16, dtype=np.float32).reshape(32, 16)
    a_dev, b_dev = dev.array(a), dev.array(np.zeros_like(a))
    through_cp_async(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev)).launch(
        grid=(1,), block=(128,)
    )
    assert np.array_equal(dev.host(b_dev), a)
    sa = flyc.from_dlpack(a)
    ptx = through_cp_async.compile(sa, sa, target="cuda", arch="sm_90").binary.decode()
    # 16-byte copies skip L1 (.cg): shared memory is where the data is reused.
    assert "cp.async.cg.shared.global" in ptx and "cp.async.wait_group" in ptx, ptx
    assert through_cp_async.compile(sa, sa, target="rocm", arch="gfx942").binary


@flyc.kernel
def two_stages(A: fx.Tensor, B: fx.Tensor):
    # A pipeline's two groups: each half of a 32x8 tile is its own group; waiting for all but
    # the newest makes the first half readable, then the second.
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((32, 8), (8, 1)))
    atom = fx.make_copy_atom(fx.nvgpu.CpAsync128b(), fx.Float32)
    tiled = fx.make_tiled_copy_tv(
        atom, fx.make_layout((32, 1), (1, 1)), fx.make_layout((1, 4), (4, 1))
    )
    thr = tiled.get_slice(fx.thread_idx.x)
    halves_a, halves_s = fx.zipped_divide(A, (32, 4)), fx.zipped_divide(smem, (32, 4))
    for h in fx.range_constexpr(2):
        fx.copy(atom, thr.partition_S(fx.slice(halves_a, (None, (0, h)))),
                thr.partition_D(fx.slice(halves_s, (None, (0, h)))))  # fmt: skip
        fx.nvgpu.cp_async_commit()
    t = fx.thread_idx.x
    for h in fx.range_constexpr(2):
        fx.nvgpu.cp_async_wait_group(1 - h)
        for j in fx.range_constexpr(4):
            B[(t, 4 * h + j)] = smem[(t, 4 * h + j)]


def test_cp_async_groups_are_fly_ops():
    a = np.arange(32 * 8, dtype=np.float32).reshape(32, 8)
    a_dev, b_dev = dev.array(a), dev.array(np.zeros_like(a))
    two_stages(flyc.from_dlpack(a_dev), flyc.from_dlpack(b_dev)).launch(block=(32,))
    assert np.array_equal(dev.host(b_dev), a)
    sa = flyc.from_dlpack(a)
    compiled = two_stages.compile(sa, sa, target="cuda", arch="sm_80")
    origin = compiled.ir(compiled=False)
    assert origin.count("fly.cp_async_commit") == 2, origin
    assert "fly.cp_async_wait_group 1" in origin and "fly.cp_async_wait_group 0" in origin
    ptx = compiled.binary.decode()
    waits = re.findall(r"cp\.async\.wait_group\s+(\d+);", ptx)
    assert ptx.count("cp.async.commit_group;") == 2 and waits == ["1", "0"], ptx


@flyc.kernel
def edge_tile(A: fx.Tensor, B: fx.Tensor, zfill: fx.Constexpr[bool]):
    # 8 threads each copy 4 floats of an 8x4 tile of A (m x 4, m < 8) into shared memory that
    # holds -1 everywhere; rows past m are predicated off: left alone, or zero-filled.
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout((8, 4), (4, 1)))
    t = fx.thread_idx.x
    for j in fx.range_constexpr(4):
        smem[(t, j)] = -1.0
    fx.gpu.barrier()
    atom = fx.make_copy_atom(fx.nvgpu.CpAsync128b(zfill=zfill), fx.Float32)
    tiled = fx.make_tiled_copy_tv(atom, fx.make_layout((8, 1), (1, 1)), fx.make_layout((1, 4)))
    thr = tiled.get_slice(t)
    gA = fx.local_tile(A, (8, 4), (0, 0))
    cA = fx.local_tile(fx.make_identity_tensor(A.shape), (8, 4), (0, 0))
    src_coords = thr.partition_S(cA)
    pred = fx.make_fragment_like(src_coords[(0, None, None)], dtype=fx.Boolean)
    pred[0] = fx.elem_less(src_coords[0], A.shape)
    fx.copy(atom, thr.partition_S(gA), thr.partition_D(smem), pred=pred)
    fx.nvgpu.cp_async_wait()
    fx.gpu.barrier()
    for j in fx.range_constexpr(4):
        B[(t, j)] = smem[(t, j)]


@pytest.mark.parametrize("zfill", [False, True])
def test_cp_async_predicated_edges(zfill, tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    a = np.arange(5 * 4, dtype=np.float32).reshape(5, 4) + 1
    a_dev, b_dev = dev.array(a), dev.array(np.zeros((8, 4), np.float32))
    edge_tile(a_dev, b_dev, zfill).launch(grid=(1,), block=(8,))
    want = np.full((8, 4), 0.0 if zfill else -1.0, np.float32)
    want[:5] = a
    assert np.array_equal(dev.host(b_dev), want)
    ptx = edge_tile.compile(a, np.zeros((8, 4), np.float32), zfill, target="cuda", arch="sm_90")
    copies = re.findall(r"cp\.async\.cg\.shared\.global[^;]*;", ptx.binary.decode())
    assert copies, ptx.binary.decode()
    # The zero-fill form passes a source size (a fourth operand); the other is branched around.
    assert all(c.count(",") == (3 if zfill else 2) for c in copies), copies
    # Both are FlyDSL's fly.copy of the atom, the zero-fill form in its type.
    (origin,) = (f.read_text() for f in tmp_path.glob("cuda-sm_90/00_origin.mlir"))
    atom = "!fly.copy_atom<!fly_nvvm.cp_async<128, zfill>, 32>" if zfill else "cp_async<128>, 32>"
    assert "fly.copy(" in origin and atom in origin, origin


@flyc.kernel
def cp_async_to_global(A: fx.Tensor, B: fx.Tensor):
    fx.copy(fx.make_copy_atom(fx.nvgpu.CpAsync32b(), fx.Float32), A, B)


def test_cp_async_needs_shared_memory():
    a = flyc.from_dlpack(np.zeros(4, np.float32))
    assert "moves global memory into shared memory" in compile_error(cp_async_to_global, a, a)


@flyc.kernel
def copies_from_one_element(x: fx.Tensor, out: fx.Tensor):
    # FlyDSL's idiom: a one-element view is where one atom call's values start.
    flat = fx.logical_divide(fx.rocdl.make_buffer_tensor(x), fx.make_layout(1, 1))
    reg = fx.make_rmem_tensor(4, fx.Float32)
    fx.copy(
        fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float32), fx.slice(flat, (None, 4)), reg
    )
    for i in range(4):
        out[i] = reg[i]
    # An atom of one 128-bit value (make_copy_atom(op, 128)) moves the tensors' elements.
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout(4, 1))
    whole = fx.make_copy_atom(fx.UniversalCopy128b(), 128)
    fx.copy(
        whole,
        fx.slice(flat, (None, 8)),
        fx.slice(fx.logical_divide(smem, fx.make_layout(1, 1)), (None, 0)),
    )
    for i in range(4):
        out[4 + i] = smem[i]


@flyc.kernel
def straddles_the_end(x: fx.Tensor, out: fx.Tensor, start: fx.Int32):
    # Eight f16 from `start` of a five-element tensor: the read runs past the tensor's end.
    buf = fx.rocdl.make_buffer_tensor(x)
    flat = fx.logical_divide(buf, fx.make_layout(1, 1))
    reg = fx.make_rmem_tensor(8, fx.Float16)
    fx.copy(
        fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float16), fx.slice(flat, (None, start)), reg
    )
    for i in range(8):
        out[i] = reg[i]
    # And back: the tensor's own elements written, nothing past its end.
    fx.copy(
        fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float16), reg, fx.slice(flat, (None, start))
    )


def test_a_buffer_access_across_the_tensors_end_keeps_the_tensors_elements():
    # FlyDSL's make_buffer_tensor is a resource of 4 GiB, through which a vector that runs past
    # the tensor's end reads every element of the tensor (here: past it, zeros). Element 4
    # shares its 32-bit word with element 5, past the end: it is read and written all the same.
    x = np.array([1, 2, 3, 4, 5, 9, 9, 9], np.float16)
    view = x[:5]
    out = np.full(8, -1, np.float16)
    straddles_the_end(view, out, 0).launch(block=(1,))
    np.testing.assert_array_equal(out, [1, 2, 3, 4, 5, 0, 0, 0])
    np.testing.assert_array_equal(x, [1, 2, 3, 4, 5, 9, 9, 9])  # nothing past the end written
    out[:] = -1
    straddles_the_end(view, out, 2).launch(block=(1,))
    np.testing.assert_array_equal(out, [3, 4, 5, 0, 0, 0, 0, 0])


def test_a_copy_from_one_element_moves_one_atom_call():
    x = np.arange(16, dtype=np.float32)
    out = dev.array(np.zeros(8, np.float32))
    copies_from_one_element(dev.array(x), out).launch(block=(1,))
    np.testing.assert_array_equal(dev.host(out), np.concatenate([x[4:8], x[8:12]]))

    @flyc.kernel
    def whole_in_a_tiled_copy(out: fx.Tensor):
        atom = fx.make_copy_atom(fx.UniversalCopy128b(), 128)
        tiled = fx.make_tiled_copy(atom, fx.make_layout((1, 4), (1, 1)), (4,))
        tiled.get_slice(0).partition_S(out)

    with pytest.raises(TypeError, match="a copy atom of one 128-bit value copies with fx.copy"):
        whole_in_a_tiled_copy(np.zeros(1, np.float32)).launch(block=(1,))
    with pytest.raises(TypeError, match="elements of 96 bits are not offered"):
        fx.make_copy_atom(fx.UniversalCopy128b(), 96)


@flyc.kernel
def index_coordinates(out: fx.Tensor, s: fx.Int32):
    # FlyDSL's coordinates of thread i in a layout with a dynamic stride, each leaf a column.
    L = fx.make_layout((4, (2, 2)), (s, (1, 2)))
    i = fx.thread_idx.x
    hier = fx.idx2crd(i, L).unpack()
    out[i, 0] = hier[0]
    out[i, 1] = hier[1][0]
    out[i, 2] = hier[1][1]
    flat = fx.get_flat_coord(i, L).unpack()
    out[i, 3] = flat[0]
    out[i, 4] = flat[1]
    out[i, 5] = fx.get_scalar(fx.get_1d_coord(i, L))
    like = fx.make_layout_like(fx.make_layout((s, 4), (4, 1)))  # a dynamic extent
    out[i, 6] = fx.crd2idx((1, i % 4), like)


def test_coordinates_of_an_index_agree_with_the_host():
    s = 4
    out = np.zeros((16, 7), np.int32)
    run(index_coordinates, out, s, block=(16,))
    host = fx.make_layout((4, (2, 2)), (s, (1, 2)))
    for i in range(16):
        a, (b, c) = fx.idx2crd(i, host)
        flat = fx.get_flat_coord(i, host)
        like = fx.make_layout_like(fx.make_layout((s, 4), (4, 1)))
        expected = [a, b, c, flat[0], flat[1], fx.get_1d_coord(i, host), like((1, i % 4))]
        assert out[i].tolist() == expected, i


@pytest.mark.parametrize(
    "swizzle, offset, shape, order",
    [((3, 3, 3), 0, (64, 64), (1, 0)), ((2, 4, 3), 0, (128, 64), (0, 1)),
     ((2, 2, -3), 8, (32, 16), (1, 0))],
)  # fmt: skip
def test_crd2idx_of_a_swizzled_layout_at_run_time_coordinates(swizzle, offset, shape, order):
    """crd2idx of a composed layout with coordinates known only when the kernel runs (FlyDSL's
    gfx950 GEMM picks its LDS slots so): swizzle(offset + inner(crd)), as on the host."""
    layout = fx.make_composed_layout(
        fx.static(fx.SwizzleType.get(*swizzle)), offset, fx.make_ordered_layout(shape, order)
    )
    rows, cols = shape

    @flyc.kernel
    def indices(out: fx.Tensor):
        t = fx.block_idx.x * 64 + fx.thread_idx.x
        out[t] = fx.crd2idx((t % rows, t // rows), layout)

    n = rows * cols
    out = dev.array(np.zeros(n, np.int32))
    indices(out).launch(grid=(n // 64,), block=(64,))
    want = [fx.crd2idx((i % rows, i // rows), layout) for i in range(n)]
    np.testing.assert_array_equal(dev.host(out), want)
    assert len(set(want)) == n  # a swizzle permutes the offsets


def test_swizzle_offset_mistakes_are_kernel_errors():
    """Through the C API: a float offset and a swizzle CuTe refuses (|S| < B) fail the build."""
    from flydsl._trace import as_value, current

    for value, bits, message in [(1.5, 3, "integer offset, got f32"), (1, 4, "swizzle")]:

        @flyc.kernel
        def bad(out: fx.Tensor):
            h = K.swizzle_offset(current(), as_value(value).handle, bits, 3, 3)  # noqa: B023
            out[0] = 0 if h else 1

        with pytest.raises(CompileError, match=message):
            bad(dev.array(np.zeros(1, np.int32))).launch(grid=(1,), block=(1,))


@flyc.kernel
def columns_as_vectors(A: fx.Tensor, B: fx.Tensor):
    # Each thread's column of a row-major (8, 4) tile: a strided view in global memory, read
    # whole as one vector and written whole into B's column, and the same through a buffer.
    j = fx.thread_idx.x
    col = fx.flat_divide(A, (8, 1))[None, None, 0, j]
    out = fx.flat_divide(B, (8, 1))[None, None, 0, j]
    out.store(col.load() * 2.0 + 1.0)
    buf = fx.flat_divide(fx.rocdl.make_buffer_tensor(A), (8, 1))[None, None, 0, j]
    B[8, j] = buf.load()[7]


@flyc.kernel
def load_of_dynamic_size(A: fx.Tensor):
    v = A.load()
    A[0] = v[0]


def test_load_and_store_of_a_tensor_in_memory():
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    b = np.zeros((9, 4), np.float32)
    columns_as_vectors(flyc.from_dlpack(a), flyc.from_dlpack(b)).launch(grid=(1,), block=(4,))
    np.testing.assert_array_equal(b[:8], a * 2 + 1)
    np.testing.assert_array_equal(b[8], a[7])
    dynamic = flyc.from_dlpack(np.zeros(16, np.float32)).mark_layout_dynamic()
    message = compile_error(load_of_dynamic_size, dynamic)
    assert "load() of a memory tensor needs a static size" in message, message


@flyc.kernel
def moved_by_multiples(A: fx.Tensor, B: fx.Tensor, start: fx.Int32, step: fx.Constexpr[int]):
    # The offset is a run-time value: its ops (start * 8 + tid * step) prove what divides it.
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32)
    off = start * 8 + fx.thread_idx.x * step
    src = fx.make_view(fx.get_iter(A) + off, fx.make_layout(4, 1))
    fx.copy_atom_call(atom, src, fx.make_view(fx.get_iter(B) + off, fx.make_layout(4, 1)))


def test_run_time_offsets_keep_the_alignment_their_ops_prove():
    a = np.arange(64, dtype=np.float32)
    b = np.zeros(64, np.float32)
    moved_by_multiples(flyc.from_dlpack(a), flyc.from_dlpack(b), 2, 4).launch(block=(8,))
    np.testing.assert_array_equal(b[16:48], a[16:48])
    assert not b[:16].any() and not b[48:].any()
    # Steps of two floats prove 8 bytes, not the 16 a 128-bit access needs.
    message = compile_error(moved_by_multiples, flyc.from_dlpack(a), flyc.from_dlpack(b), 2, 2)
    assert "only guarantees 8 bytes" in message, message
