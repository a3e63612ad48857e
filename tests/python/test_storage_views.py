"""Typed addresses (`fx.Storage[T]`), the byte layout of storable types, `fx.Align`, `Arena`,
and FlyDSL's protocol functions over structs of values."""

import ctypes

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.compiler.protocol import (
    c_abi_spec,
    cache_signature,
    construct_from_ir_values,
    dsl_align_of,
    dsl_size_of,
    extract_to_ir_values,
    get_ir_types,
)
from flydsl.expr.struct import _storage_layout


@fx.struct
class Pair:
    count: fx.Int32
    scale: fx.Float32


@fx.struct
class Nested:
    head: fx.Int8
    pair: Pair
    tail: fx.Float64


@fx.struct
class Padded:
    head: fx.Int32
    wide: fx.Align[fx.Int32, 16]


@fx.struct
class Tuned:
    tile: fx.Constexpr[int]
    scale: fx.Float32


def test_struct_layouts_place_each_field_at_its_alignment():
    assert _storage_layout(Pair) == (8, 4, {"count": 0, "scale": 4})
    assert _storage_layout(Nested) == (24, 8, {"head": 0, "pair": 4, "tail": 16})
    assert _storage_layout(Padded) == (32, 16, {"head": 0, "wide": 16})
    assert _storage_layout(Tuned) == (4, 4, {"scale": 0})
    overlay = fx.Union["halves" : fx.Array[fx.Float16, 6], "words" : fx.Array[fx.Int32, 2]]
    assert _storage_layout(overlay) == (12, 4, {"halves": 0, "words": 0})
    assert (dsl_size_of(Nested), dsl_align_of(Nested)) == (24, 8)


def test_arrays_align_to_their_element_by_default_and_are_one_type_per_parameters():
    assert fx.Array[fx.Float16, 8].align == 2 and fx.Array[fx.Float32, 8, 16].align == 16
    assert fx.Array[fx.Int32, 4] is fx.Array[fx.Int32, 4]
    assert fx.Array[fx.Int32, 4].size == 4
    for make, match in [
        (lambda: fx.Array[fx.Int32], r"Array\[dtype, size\]"),
        (lambda: fx.Array[fx.Int32, 0], "positive integer"),
        (lambda: fx.Array[fx.Int32, 4, -16], "positive integer"),
        (lambda: fx.Array[object, 4], "Numeric subclass"),
    ]:
        with pytest.raises(TypeError, match=match):
            make()


@pytest.mark.parametrize(
    "align, error, match",
    [(8, None, None), (2, ValueError, "smaller than natural"), (12, ValueError, "power of two"),
     (0, ValueError, "positive"), (4.0, TypeError, "must be an int")],
)  # fmt: skip
def test_align_raises_the_alignment_only(align, error, match):
    if error is not None:
        with pytest.raises(error, match=match):
            fx.Align[fx.Int32, align]
        return
    aligned = fx.Align[fx.Int32, align]
    assert aligned.dtype is fx.Int32
    assert (dsl_size_of(aligned), dsl_align_of(aligned)) == (4, 8)


def test_non_storable_types_say_so():
    for kind in (fx.Tensor, fx.Vector, fx.Boolean):
        with pytest.raises(TypeError, match="Storable"):
            dsl_size_of(kind)


def test_storage_pokes_and_peeks_a_nested_struct_in_registers():
    @flyc.kernel
    def round_trip(out: fx.Tensor, n: fx.Int32):
        words = fx.make_rmem_tensor(8, fx.Int32)
        storage = fx.Storage[Nested](fx.get_iter(words))
        storage.poke(Nested(fx.Int8(3), Pair(n, fx.Float32(0.5)), fx.Float64(-2.0)))
        back = storage.peek()
        out[0] = fx.Float32(back.head.to(fx.Int32))
        out[1] = fx.Float32(back.pair.count)
        out[2] = back.pair.scale
        out[3] = back.tail.to(fx.Float32)
        # A field's Storage reads the same bytes at the field's offset.
        out[4] = fx.Float32(storage.pair.count.peek())
        storage.pair.scale.poke(fx.Float32(4.0))
        out[5] = storage.peek().pair.scale

    out = np.zeros(6, np.float32)
    round_trip(out, 41).launch(grid=(1,), block=(1,))
    np.testing.assert_array_equal(out, [3, 41, 0.5, -2, 41, 4])


def test_storage_names_its_fields_and_refuses_the_rest():
    assert fx.Storage[Pair] is fx.Storage[Pair]
    assert fx.Storage[Pair].__name__ == "Storage[Pair]"
    with pytest.raises(AttributeError, match="has no field 'missing'"):
        _ = fx.Storage[Pair](None).missing
    with pytest.raises(AttributeError, match="compile-time only"):
        _ = fx.Storage[Tuned](None).tile
    with pytest.raises(RuntimeError, match="needs the pointer"):
        fx.Storage[Pair](None).peek()
    with pytest.raises(NotImplementedError):
        fx.Array[fx.Int32, 4].__poke_into_ptr__(None, None)


def test_an_arena_bumps_storages_at_their_alignment():
    class Registers(fx.Arena):
        def __init__(self, words):
            super().__init__()
            self.words = words

        @property
        def base_ptr(self):
            return fx.get_iter(self.words)

    @flyc.kernel
    def arena(out: fx.Tensor):
        space = Registers(fx.make_rmem_tensor(16, fx.Int32))
        first = space.allocate(fx.Int8)
        pair = space.allocate(Pair)
        raw = space.allocate(8)
        first.poke(fx.Int8(7))
        pair.poke(Pair(fx.Int32(5), fx.Float32(1.5)))
        out[0] = fx.Float32(first.peek().to(fx.Int32))
        out[1] = pair.peek().scale
        out[2] = fx.Float32(space.allocated_bytes)
        out[3] = fx.Float32(raw.peek()[0].to(fx.Int32) * 0 + 1)

    out = np.zeros(4, np.float32)
    arena(out).launch(grid=(1,), block=(1,))
    # Int8 at 0, Pair at 4 (its alignment), 8 raw bytes at 16 (the arena's 16): 24 bytes.
    np.testing.assert_array_equal(out, [7, 1.5, 24, 1])


def test_c_abi_slots_fill_from_a_struct_of_host_numbers():
    value = Nested(fx.Int8(-3), Pair(fx.Int32(9), fx.Float32(0.25)), fx.Float64(6.0))
    slots = c_abi_spec(value)
    assert [ctype for ctype, _ in slots] == [
        ctypes.c_int8, ctypes.c_int32, ctypes.c_float, ctypes.c_double,
    ]  # fmt: skip
    filled = []
    for ctype, fill in slots:
        slot = ctype(0)
        fill(value, slot)
        filled.append(slot.value)
    assert filled == [-3, 9, 0.25, 6.0]
    with pytest.raises(TypeError, match="C-ABI"):
        c_abi_spec(object())


def test_structs_flatten_to_kernel_values_and_back_in_a_host_function():
    @flyc.jit
    def body(n: fx.Int32):
        value = Nested(fx.Int8(1), Pair(n, fx.Float32(2.0)), fx.Float64(3.0))
        flat = extract_to_ir_values(value)
        assert [str(t) for t in get_ir_types(value)] == ["i8", "i32", "f32", "f64"]
        assert [str(v.type) for v in flat] == ["i8", "i32", "f32", "f64"]
        rebuilt = construct_from_ir_values(Nested, value, flat)
        assert isinstance(rebuilt.pair, Pair) and rebuilt.pair.count is flat[1]
        with pytest.raises(ValueError, match="expected 4 ir.Values, got 5"):
            Nested.__construct_from_ir_values__(flat + flat[:1])
        tuned = Tuned(tile=8, scale=fx.Float32(1.0))
        assert construct_from_ir_values(type(tuned), tuned, extract_to_ir_values(tuned)).tile == 8
        with pytest.raises(TypeError, match="cache signature"):
            cache_signature(Pair(flat[1], flat[2]))

    body(5)


def test_shared_allocator_counts_bytes_and_gives_storages_of_values():
    @flyc.kernel
    def shared(out: fx.Tensor):
        allocator = fx.SharedAllocator()
        assert allocator.is_static
        with pytest.raises(RuntimeError, match="no shared base pointer"):
            _ = allocator.base_ptr
        allocator.allocate(fx.Int32)
        pair = allocator.allocate(Pair)
        padded = allocator.allocate(Padded)
        assert allocator.allocated_bytes == 48  # 4, Pair at 4..12, Padded at 16..48
        raw = allocator.allocate(256)
        assert raw._target_type is fx.Array[fx.Uint8, 256]
        with pytest.raises(ValueError, match="must be > 0"):
            allocator.allocate(0)
        with pytest.raises(TypeError, match="Storable"):
            allocator.allocate(fx.Struct["t" : fx.Tensor])
        tid = fx.thread_idx.x
        if tid == 0:
            pair.poke(Pair(fx.Int32(6), fx.Float32(2.5)))
            padded.wide.poke(fx.Int32(9))
        fx.barrier()
        out[tid] = pair.peek().scale * fx.Float32(pair.count.peek() + padded.wide.peek())

    out = np.zeros(32, np.float32)
    shared(out).launch(grid=(1,), block=(32,))
    np.testing.assert_array_equal(out, 2.5 * 15)
    with pytest.raises(RuntimeError, match="@kernel"):
        fx.SharedAllocator()


def test_a_dynamic_shared_allocator_has_a_base_pointer():
    @flyc.kernel
    def dynamic(out: fx.Tensor):
        allocator = fx.SharedAllocator(static=False)
        assert not allocator.is_static
        assert allocator.base_ptr.address_space == fx.AddressSpace.Shared
        words = allocator.allocate(fx.Array[fx.Int32, 32]).peek()
        words[fx.thread_idx.x] = fx.thread_idx.x * 2
        fx.barrier()
        out[fx.thread_idx.x] = words[31 - fx.thread_idx.x]

    out = np.zeros(32, np.int32)
    dynamic(out).launch(grid=(1,), block=(32,))
    np.testing.assert_array_equal(out, (31 - np.arange(32)) * 2)


@fx.union
class Overlay:
    word: fx.Int32
    bytes: fx.Array[fx.Uint8, 4]
    wide: fx.Align[fx.Int16, 8]


@fx.struct
class WithOverlay:
    head: fx.Int8
    overlay: Overlay


def test_a_union_of_any_storable_fields_is_laid_over_the_same_bytes():
    assert _storage_layout(Overlay) == (8, 8, {"word": 0, "bytes": 0, "wide": 0})
    assert (dsl_size_of(WithOverlay), dsl_align_of(WithOverlay)) == (16, 8)
    assert _storage_layout(WithOverlay)[2] == {"head": 0, "overlay": 8}
    with pytest.raises(TypeError, match="no value form"):
        Overlay(word=1)
    with pytest.raises(TypeError, match="no value form"):
        fx.Union["a" : fx.Int32, "b" : fx.Float32](1)
    with pytest.raises(NotImplementedError, match="no value form to read"):
        Overlay.__peek_from_ptr__(None)
    with pytest.raises(TypeError, match="'overlay' expects Overlay"):
        WithOverlay(fx.Int8(1), None)
    with pytest.raises(ValueError, match="named twice"):
        fx.Union["a" : fx.Int32, "a" : fx.Float32]
    with pytest.raises(TypeError, match="Storable"):
        fx.Union["a" : fx.Int32, "t" : fx.Tensor]


def test_a_unions_fields_read_and_write_the_same_shared_bytes():
    @flyc.kernel
    def overlay(out: fx.Tensor):
        storage = fx.SharedAllocator().allocate(Overlay)
        storage.word.poke(fx.Int32(0x04030201))
        for i in range(4):
            out[i] = fx.Int32(storage.bytes[i])
        storage.bytes[1] = fx.Uint8(0x7F)
        out[4] = storage.word.peek()
        out[5] = fx.Int32(storage.wide.peek())

    out = np.zeros(6, np.int32)
    overlay(out).launch(grid=(1,), block=(1,))
    np.testing.assert_array_equal(out, [1, 2, 3, 4, 0x04037F01, 0x7F01])


def test_shared_allocator_base_alignment_places_raw_bytes():
    @flyc.kernel
    def shared(out: fx.Tensor):
        allocator = fx.SharedAllocator(64)
        allocator.allocate(fx.Int32)
        allocator.allocate(8)  # raw bytes at the base alignment: 64..72
        assert allocator.allocated_bytes == 72
        with pytest.raises(ValueError, match="power of two"):
            fx.SharedAllocator(48)
        out[fx.thread_idx.x] = 1.0

    out = np.zeros(4, np.float32)
    shared(out).launch(grid=(1,), block=(4,))
    assert (out == 1.0).all()
