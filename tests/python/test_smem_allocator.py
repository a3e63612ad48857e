"""flydsl.utils.smem_allocator: FlyDSL's planned shared buffer: offsets and sizes, the arch's
capacity (the library's numbers), typed views at byte offsets inside kernels, and misuse."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import InvalidArgumentError
from flydsl.expr.typing import T
from flydsl.utils.smem_allocator import (
    SMEM_CAPACITY_MAP,
    SmemAllocator,
    SmemPtr,
    check_smem_capacity,
    get_index_value,
    get_mlir_type_align,
    get_mlir_type_size,
    get_op_result_or_value,
)


def test_planning_offsets_and_size():
    a = SmemAllocator(None, arch="gfx942")
    assert a.total_bytes() == 128  # an empty plan still takes one block
    assert a._align(0, 16) == 0 and a._align(17, 16) == 32
    a.ptr = a._align(a.ptr, 16) + 200
    assert a.total_bytes() == 256
    a.finalize()
    assert a.finalized


def test_capacity_comes_from_the_library():
    assert SMEM_CAPACITY_MAP["gfx942"] == 64 * 1024
    assert SMEM_CAPACITY_MAP["gfx950"] == 160 * 1024
    check_smem_capacity(160 * 1024, "gfx950")
    check_smem_capacity(10**9)  # no arch: nothing to check against
    with pytest.raises(
        RuntimeError, match="Requested 65537 bytes, but device gfx942 limit is 65536"
    ):
        check_smem_capacity(65537, "gfx942")
    too_big = SmemAllocator(None, arch="gfx942")
    too_big.ptr = 70000
    with pytest.raises(RuntimeError, match="Shared Memory Overflow"):
        too_big.finalize()
    with pytest.raises(InvalidArgumentError, match="'banana' is not an arch of the rocm target"):
        check_smem_capacity(1, "banana")


def test_type_sizes_and_values():
    assert get_mlir_type_size(T.f32) == 4 and get_mlir_type_size(T.i8) == 1
    assert get_mlir_type_size(T.vec(4, T.f16)) == 8 and get_mlir_type_align(T.vec(4, T.f16)) == 8
    assert get_mlir_type_align(T.vec(8, T.f32)) == 16  # at most 16
    with pytest.raises(TypeError, match="needs a type"):
        get_mlir_type_size("f32")

    class Op:
        results = ["first", "second"]

    assert get_op_result_or_value(Op()) == "first" and get_op_result_or_value(7) == 7
    assert get_index_value(3) == 3


def test_get_base_outside_a_kernel():
    with pytest.raises(RuntimeError, match="only available while a @flyc.kernel or @flyc.jit"):
        SmemAllocator(None).get_base()


def test_typed_views_share_one_buffer():
    plan = SmemAllocator(None, arch="gfx942")
    tile_at = plan._align(plan.ptr, 16)
    plan.ptr = tile_at + 4 * 8 * 4
    bits_at = plan._align(plan.ptr, 16)
    plan.ptr = bits_at + 4

    @flyc.kernel
    def transpose(x: fx.Tensor, y: fx.Tensor, flat: fx.Tensor, bits: fx.Tensor):
        tid = fx.thread_idx.x
        tile = SmemPtr(plan.get_base(), tile_at, T.f32, shape=(4, 8))  # row-major 4 x 8
        tile.store(x[tid], [tid // 8, tid % 8])
        if tid == 0:
            SmemPtr(plan.get_base(), bits_at, T.f32).store(fx.Float32(1.0))
        fx.gpu.barrier()
        y[tid] = tile.load([get_index_value(tid % 4), tid // 4])
        # The tile's 128 bytes in memory order: row after row, inside the buffer.
        flat[tid] = SmemPtr(plan.get_base(), tile_at, T.f32, shape=(32,)).load([tid])
        if tid == 0:
            bits[0] = SmemPtr(plan.get_base(), bits_at, T.i32).load()  # the same four bytes

    x = np.arange(32, dtype=np.float32)
    y, flat = dev.array(np.zeros(32, np.float32)), dev.array(np.zeros(32, np.float32))
    bits = dev.array(np.zeros(1, np.int32))
    transpose(dev.array(x), y, flat, bits).launch(grid=(1,), block=(32,))
    expected = x.reshape(4, 8)[np.arange(32) % 4, np.arange(32) // 4]
    np.testing.assert_array_equal(dev.host(y), expected)
    np.testing.assert_array_equal(dev.host(flat), x)
    assert int(dev.host(bits)[0]) == 0x3F800000  # 1.0f's bits


@fx.struct
class _Pair:
    a: fx.Array[fx.Float32, 64, 16]
    b: fx.Array[fx.Int8, 16, 16]


@fx.union
class _Phases:
    words: fx.Array[fx.Int32, 68, 16]
    pair: _Pair


def test_union_sizes_are_the_largest_member():
    from flydsl.compiler.protocol import dsl_align_of, dsl_size_of

    assert dsl_size_of(_Pair) == 64 * 4 + 16 and dsl_align_of(_Pair) == 16
    assert dsl_size_of(_Phases) == 272  # the struct: larger than the 68 words
    assert fx.Union["x": fx.Array[fx.Int8, 3, 1], "y": fx.Array[fx.Int16, 1, 2]] == fx.Union[
        "x": fx.Array[fx.Int8, 3, 1], "y": fx.Array[fx.Int16, 1, 2]]  # fmt: skip
    assert dsl_size_of(fx.Union["x" : fx.Array[fx.Int8, 3, 1], "y" : fx.Array[fx.Int16, 1, 2]]) == 4
    with pytest.raises(TypeError, match="has no annotated fields"):
        fx.union(type("Empty", (), {}))


@flyc.kernel
def _union_phases(floats: fx.Tensor, bytes_out: fx.Tensor):
    s = fx.SharedAllocator().allocate(_Phases)
    words = s.words.peek().view(fx.make_layout(68, 1))
    pair = s.pair.peek()
    i = fx.thread_idx.x
    fx.make_view(pair.a.ptr, fx.make_layout(64, 1))[i] = fx.Float32(i) + 0.5
    fx.gpu.barrier()
    floats[i] = words[i]  # the same bytes, read as words
    fx.gpu.barrier()
    if i < 4:
        words[64 + i] = (i + 1) * 0x01010101
    fx.gpu.barrier()
    if i < 16:
        bytes_out[i] = fx.Int32(pair.b.ptr[i])  # the struct's bytes after its floats


def test_union_members_overlay_the_same_shared_bytes():
    floats, bytes_out = np.zeros(64, np.int32), np.zeros(16, np.int32)
    _union_phases(floats, bytes_out).launch(block=(64,))
    np.testing.assert_array_equal(floats.view(np.float32), np.arange(64) + 0.5)
    np.testing.assert_array_equal(bytes_out, np.repeat([1, 2, 3, 4], 4))


@flyc.kernel
def through_a_32_bit_address(x: fx.Tensor, out: fx.Tensor):
    # AMD's shared-memory addresses are 32 bits: a kernel may keep one in an Int32 and make a
    # pointer of it again (FlyDSL's conv3d does, for its LDS copies).
    lds = fx.SharedAllocator(static=False).allocate(fx.Array[fx.Float32, 64, 16]).peek()
    t = fx.thread_idx.x
    addr = fx.Int32(fx.ptrtoint(lds.ptr)) + fx.Int32(t) * fx.Int32(4)
    mine = fx.make_view(
        fx.inttoptr(fx.PointerType.get(fx.Float32.ir_type, 2, 4), addr), fx.make_layout(1, 1)
    )
    mine[0] = x[t] * 2.0
    fx.gpu.barrier()
    out[t] = lds.view(fx.make_layout(64, 1))[63 - t]


def test_a_shared_address_kept_in_32_bits_points_where_it_did():
    x = np.arange(64, dtype=np.float32)
    out = dev.array(np.zeros(64, np.float32))
    through_a_32_bit_address(dev.array(x), out).launch(block=(64,))
    np.testing.assert_array_equal(dev.host(out), 2 * x[::-1])
