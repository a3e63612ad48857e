"""FlyDSL's pointer primitives: fx.recast_iter reads a pointer's bytes as another element type
(a reinterpret_cast), fx.add_offset moves a pointer by elements of its own type, and
fx.ptr_load / fx.ptr_store read and write an element or a vector there. Checked against
numpy views of the same bytes; a recast of what has no memory is an error."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest


@flyc.kernel
def bytes_of_words(words: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    b = fx.recast_iter(fx.Uint8, fx.get_iter(words))  # 4 bytes per word
    out[i] = fx.ptr_load(fx.add_offset(b, i))


def test_recast_reads_the_same_bytes(host_target):
    words = np.array([0x04030201, 0xF0E0D0C0], np.uint32)
    out = np.zeros(8, np.uint8)
    bytes_of_words(words, out).launch(block=(8,))
    np.testing.assert_array_equal(out, words.view(np.uint8))


@flyc.kernel
def halves_in_place(x: fx.Tensor, n: fx.Int32):
    # Each thread rewrites one f32 as two f16 halves of its own bits' worth: the pointer is
    # moved in f32 elements first, then read as f16 pairs.
    i = fx.thread_idx.x
    here = fx.add_offset(fx.get_iter(x), fx.make_int_tuple(i))
    pair = fx.recast_iter(fx.Float16, here)
    v = fx.ptr_load(pair, fx.Float16x2)
    fx.ptr_store(fx.Vector.from_elements([v[1], v[0]], fx.Float16), pair)


def test_recast_at_an_offset_and_vector_access(host_target):
    x = np.arange(1, 9, dtype=np.float16).view(np.float32).copy()  # 4 f32 of f16 pairs
    expect = x.view(np.float16).reshape(4, 2)[:, ::-1].copy().view(np.float32).ravel()
    halves_in_place(x, 4).launch(block=(4,))
    np.testing.assert_array_equal(x.view(np.uint32), expect.view(np.uint32))


@flyc.kernel
def views_from_moved_pointers(x: fx.Tensor, out: fx.Tensor, start: fx.Int32):
    i = fx.thread_idx.x
    fixed = fx.make_view(fx.get_iter(x) + 5, fx.make_layout(4, 1))  # a static offset
    moved = fx.make_view(fx.get_iter(fx.get_iter(x)) + start, fx.make_layout(4, 2))
    out[i] = fixed[i] * 100.0 + moved[i]


def test_a_view_starts_at_the_pointer_not_at_its_tensor(host_target):
    x = np.arange(32, dtype=np.float32)
    out = np.zeros(4, np.float32)
    views_from_moved_pointers(x, out, 9).launch(block=(4,))
    np.testing.assert_array_equal(out, (5 + np.arange(4)) * 100 + 9 + 2 * np.arange(4))


@flyc.kernel
def widen_pairs(x: fx.Tensor, out: fx.Tensor):
    # Two i32 words as one i64 through a shared buffer recast to the wider type.
    smem = fx.SharedAllocator().allocate_tensor(fx.Int32, fx.make_layout(4, 1))
    i = fx.thread_idx.x
    smem[i] = x[i]
    fx.gpu.barrier()
    # the target type as FlyDSL's kernels often give it: a pointer type, whose element counts
    wide = fx.recast_iter(fx.PointerType.get(fx.Int64.ir_type, fx.AddressSpace.Shared, 8),
                          fx.get_iter(smem))  # fmt: skip
    if i < 2:
        out[i] = fx.ptr_load(fx.add_offset(wide, i))


def test_recast_of_shared_memory_to_a_wider_type(host_target):
    x = np.array([1, 2, -1, 7], np.int32)
    out = np.zeros(2, np.int64)
    widen_pairs(x, out).launch(block=(4,))
    np.testing.assert_array_equal(out, x.view(np.int64))


def test_recast_mistakes_are_errors():
    @flyc.kernel
    def counting(out: fx.Tensor):
        coords = fx.make_identity_tensor((4, 4))
        fx.recast_iter(fx.Int8, fx.get_iter(coords))
        out[0] = 1

    with pytest.raises(flyc.CompileError, match="only a plain memory tensor can be recast"):
        counting(np.zeros(1, np.int32)).launch()

    @flyc.kernel
    def not_a_pointer(out: fx.Tensor):
        fx.recast_iter(fx.Int8, out)

    with pytest.raises(TypeError, match="recast_iter needs a pointer"):
        not_a_pointer(np.zeros(1, np.int32)).launch()


@flyc.kernel
def through_addresses(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout(4, 1))
    at = fx.ptrtoint(fx.get_iter(x))  # an i64
    element = fx.PointerType.get(fx.Float32.ir_type, fx.AddressSpace.Global, 4)
    v = fx.ptr_load(fx.inttoptr(element, at + fx.Int64(i) * 4))
    shared = fx.PointerType.get(fx.Float32, fx.AddressSpace.Shared)
    fx.ptr_store(v * 2.0, fx.inttoptr(shared, fx.ptrtoint(fx.add_offset(fx.get_iter(smem), i))))
    fx.gpu.barrier()
    out[i] = smem[3 - i]


def test_pointers_through_integer_addresses(host_target):
    x = np.array([1.5, 2.0, -3.0, 8.0], np.float32)
    out = np.zeros(4, np.float32)
    through_addresses(x, out).launch(block=(4,))
    np.testing.assert_array_equal(out, (x * 2)[::-1])


def test_address_mistakes_are_errors():
    @flyc.kernel
    def of_a_fragment(out: fx.Tensor):
        frag = fx.make_fragment_like(fx.make_layout(4, 1), fx.Float32)
        out[0] = fx.Float32(fx.ptrtoint(fx.get_iter(frag)))

    with pytest.raises(
        flyc.CompileError, match="only a global or shared memory tensor has an address"
    ):
        of_a_fragment(np.zeros(1, np.float32)).launch()

    @flyc.kernel
    def float_address(out: fx.Tensor):
        p = fx.inttoptr(fx.PointerType.get(fx.Float32), fx.Float32(1.0))
        out[0] = fx.ptr_load(p)

    with pytest.raises(flyc.CompileError, match="an address is an i64 or i32, not f32"):
        float_address(np.zeros(1, np.float32)).launch()

    @flyc.kernel
    def register_address(out: fx.Tensor):
        p = fx.inttoptr(fx.PointerType.get(fx.Float32, fx.AddressSpace.Register), 0)
        out[0] = fx.ptr_load(p)

    with pytest.raises(ValueError, match="registers have no addresses"):
        register_address(np.zeros(1, np.float32)).launch()
    assert str(fx.PointerType.get(fx.Int8, fx.AddressSpace.Shared, 16)) == (
        "!fly.ptr<i8, shared, align<16>>"
    )


@flyc.kernel
def bytes_as_other_types(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    smem = fx.SharedAllocator().allocate_tensor(fx.Float32, fx.make_layout(4, 1))
    byte = fx.recast_iter(fx.Uint8, fx.get_iter(smem))  # a byte pointer into shared memory
    assert byte.address_space == fx.AddressSpace.Shared == 2  # FlyDSL's numbers
    from flydsl._mlir.dialects import llvm

    llvm.StoreOp(x[i] + 1.0, fx.to_llvm_ptr(byte + i * 4))  # through an !llvm.ptr<3>
    fx.gpu.barrier()
    out[i] = fx.ptr_load(byte + (3 - i) * 4, result_type=fx.Float32)  # the bytes as an f32
    shared = fx.inttoptr(fx.PointerType.get(fx.Float32, 2), fx.ptrtoint(fx.get_iter(smem)))
    out[4 + i] = fx.ptr_load(shared + i)  # address space 2 is shared memory, as in FlyDSL


def test_pointers_read_bytes_as_another_type(host_target):
    x = np.array([1.5, 2.0, -3.0, 8.0], np.float32)
    out = np.zeros(8, np.float32)
    bytes_as_other_types(x, out).launch(block=(4,))
    np.testing.assert_array_equal(out, np.concatenate([(x + 1)[::-1], x + 1]))


# A buffer tensor's iterator is a pointer into the buffer's memory (FlyROCDL's buffer_desc
# address space); recast to a type of its width it stays one, so FlyDSL's fp8 GEMMs read int8
# arguments as fp8 through buffer loads.
@flyc.kernel
def fp8_through_a_buffer(codes: fx.Tensor, out: fx.Tensor):
    from flydsl._mlir.dialects.fly_rocdl import TargetAddressSpace  # as FlyDSL imports it

    i = fx.thread_idx.x
    t_i8 = fx.rocdl.make_buffer_tensor(codes, max_size=False)
    iter_i8 = fx.get_iter(t_i8)
    assert iter_i8.type.address_space == TargetAddressSpace.BufferDesc
    f8 = fx.PointerType.get(elem_ty=fx.Float8E4M3FN.ir_type, address_space=TargetAddressSpace.BufferDesc,
                            alignment=fx.PointerType(iter_i8.type).alignment)  # fmt: skip
    t_f8 = fx.Tensor(fx.make_view(fx.recast_iter(f8, iter_i8), fx.get_layout(t_i8)))
    out[i] = t_f8[i + 2].to(fx.Float32)  # past the end reads a buffer's zero


def test_a_buffer_pointer_recasts_to_fp8(host_target):
    values = np.array([1.0, -2.0, 0.5, 3.0, -0.25, 6.0], np.float32)
    # OCP E4M3 codes of those values: sign, 4 exponent bits (bias 7), 3 mantissa bits.
    codes = np.array([0x38, 0xC0, 0x30, 0x44, 0xA8, 0x4C], np.uint8).view(np.int8)
    out = np.full(6, 9.0, np.float32)
    fp8_through_a_buffer(codes, out).launch(block=(6,))
    np.testing.assert_array_equal(out, np.concatenate([values[2:], [0.0, 0.0]]))


@flyc.kernel
def buffer_recast_wider(codes: fx.Tensor, out: fx.Tensor):
    t = fx.rocdl.make_buffer_tensor(codes)
    out[0] = fx.recast_iter(fx.Int32, fx.get_iter(t)).load()


@flyc.kernel
def buffer_recast_to_plain(codes: fx.Tensor, out: fx.Tensor):
    t = fx.rocdl.make_buffer_tensor(codes)
    out[0] = fx.recast_iter(fx.PointerType.get(fx.Int8), fx.get_iter(t)).load()


def test_buffer_recasts_that_would_lose_the_resource_are_refused(host_target):
    codes, out = np.zeros(8, np.int8), np.zeros(1, np.int32)
    with pytest.raises(Exception, match="recasts only to a type of its width"):
        buffer_recast_wider(codes, out).launch(block=(1,))
    with pytest.raises(ValueError, match="a buffer pointer stays one"):
        buffer_recast_to_plain(codes, np.zeros(1, np.int8)).launch(block=(1,))
