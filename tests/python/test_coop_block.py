"""fx.coop's block reductions and scans against numpy over blocks of many shapes (narrower than a
wave, one wave, many waves, 3-D), both reduce algorithms, vector items, init values and block
aggregates; their specialization and its mistakes; and what they stand on: fx.known_block_size,
fx.Struct storage from fx.SharedAllocator, pointer arithmetic with vector loads, Vector.reduce."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import CompileError
from flydsl.extension import coop

ADD, MAX, MIN, MUL = fx.ReductionOp.ADD, fx.ReductionOp.MAX, fx.ReductionOp.MIN, fx.ReductionOp.MUL
UFUNC = {ADD: np.add, MAX: np.maximum, MIN: np.minimum, MUL: np.multiply}
SHAPES = [(1, 1, 1), (8, 1, 1), (64, 1, 1), (128, 1, 1), (256, 1, 1), (16, 4, 2), (1024, 1, 1)]


def threads(block):
    return block[0] * block[1] * block[2]


def values(n, dtype, op, seed=3):
    rng = np.random.default_rng(seed)
    if op is MUL:  # small factors keep products exact
        return rng.choice([1, 1, 1, -1], n).astype(dtype)
    return (rng.integers(-100, 100, n) / (1 if np.issubdtype(dtype, np.integer) else 4)).astype(
        dtype
    )


def linear_tid():
    return (
        fx.thread_idx.x
        + fx.thread_idx.y * fx.block_dim.x
        + fx.thread_idx.z * (fx.block_dim.x * fx.block_dim.y)
    )


@pytest.mark.parametrize("block", SHAPES, ids=str)
@pytest.mark.parametrize(
    "algorithm", [coop.BlockReduceAlgorithm.WARP_REDUCTIONS, coop.BlockReduceAlgorithm.RAKING]
)
@pytest.mark.parametrize("op", [ADD, MAX], ids=lambda o: o.name)
def test_block_reduce_gives_every_thread_the_whole_fold(block, algorithm, op):
    @flyc.kernel
    def reduce(x: fx.Tensor, out: fx.Tensor):
        r = coop.BlockReduce[fx.Float32, fx.known_block_size(), algorithm]
        storage = fx.SharedAllocator().allocate(r.SharedStorage).peek()
        t = linear_tid()
        out[t] = r(x[t], op, storage=storage)

    x = values(threads(block), np.float32, op)
    out = dev.array(np.zeros_like(x))
    reduce(dev.array(x), out).launch(block=block)
    np.testing.assert_array_equal(dev.host(out), np.full_like(x, UFUNC[op].reduce(x)))


@pytest.mark.parametrize("block", SHAPES, ids=str)
@pytest.mark.parametrize("op", [ADD, MIN, MUL], ids=lambda o: o.name)
def test_block_scans_match_numpy(block, op):
    n = threads(block)

    @flyc.kernel
    def scan(x: fx.Tensor, out: fx.Tensor):
        s = fx.coop.BlockScan[fx.Int32, fx.known_block_size()]
        storage = fx.SharedAllocator().allocate(s.SharedStorage).peek()
        t = linear_tid()
        out[0, t] = s.inclusive(x[t], op, storage=storage)
        fx.barrier()  # the storage is read again by the next scan
        out[1, t] = s.exclusive(x[t], op, storage=storage, init=5)
        fx.barrier()
        _, total = s.exclusive_with_aggregate(x[t], op, storage=storage)
        out[2, t] = total

    x = values(n, np.int32, op)
    out = dev.array(np.zeros((3, n), np.int32))
    scan(dev.array(x), out).launch(block=block)
    got = dev.host(out)
    ufunc = UFUNC[op]
    inclusive = ufunc.accumulate(x)
    np.testing.assert_array_equal(got[0], inclusive)
    np.testing.assert_array_equal(
        got[1], ufunc(5, np.concatenate([[identity(op)], inclusive[:-1]]))
    )
    np.testing.assert_array_equal(got[2], np.full(n, inclusive[-1]))


def identity(op):
    return {ADD: 0, MUL: 1, MIN: np.iinfo(np.int32).max, MAX: np.iinfo(np.int32).min}[op]


def test_vector_items_scan_and_reduce_as_consecutive_items():
    items, block = 4, 128

    @flyc.kernel
    def per_item(x: fx.Pointer, scanned: fx.Tensor, total: fx.Tensor):
        s = fx.coop.BlockScan[fx.Int32, fx.known_block_size()]
        r = fx.coop.BlockReduce[fx.Int32, fx.known_block_size()]
        allocator = fx.SharedAllocator()
        scan_storage = allocator.allocate(s.SharedStorage).peek()
        reduce_storage = allocator.allocate(r.SharedStorage).peek()
        t = fx.thread_idx.x
        v = (x + t * items).load(fx.Int32x4)
        inclusive = s.inclusive(v, ADD, storage=scan_storage)
        exclusive, aggregate = s.exclusive_with_aggregate(v, ADD, storage=scan_storage, init=1)
        for i in fx.range_constexpr(items):
            scanned[0, t * items + i] = inclusive[i]
            scanned[1, t * items + i] = exclusive[i]
        total[t] = r(v, MAX, storage=reduce_storage) + aggregate

    x = values(items * block, np.int32, ADD)
    dx = dev.array(x)
    scanned = dev.array(np.zeros((2, x.size), np.int32))
    total = dev.array(np.zeros(block, np.int32))
    address = dx.data_ptr() if hasattr(dx, "data_ptr") else dx.ctypes.data
    per_item(flyc.from_c_void_p(fx.Int32, address), scanned, total).launch(block=(block,))
    got = dev.host(scanned)
    np.testing.assert_array_equal(got[0], np.cumsum(x))
    np.testing.assert_array_equal(got[1], 1 + np.concatenate([[0], np.cumsum(x)[:-1]]))
    np.testing.assert_array_equal(dev.host(total), np.full(block, x.max() + x.sum()))


def test_known_block_size_specializes_each_launched_block():
    @flyc.kernel
    def width(out: fx.Tensor):
        x, y, z = fx.known_block_size()
        out[fx.thread_idx.x] = x * 100 + y * 10 + z

    for block in [(32, 1, 1), (64, 2, 1), (32, 1, 1)]:
        out = dev.array(np.zeros(block[0], np.int32))
        width(out).launch(block=block)
        assert (dev.host(out) == block[0] * 100 + block[1] * 10 + block[2]).all()
    with pytest.raises(RuntimeError, match="no compile-time block size"):
        width.compile(dev.array(np.zeros(4, np.int32)))


def test_a_declared_block_size_is_what_known_block_size_gives():
    @flyc.kernel(known_block_size=[16, 1, 1])
    def declared(out: fx.Tensor):
        out[fx.thread_idx.x] = fx.known_block_size()[0]

    out = dev.array(np.zeros(16, np.int32))
    declared(out).launch(block=(16, 1, 1))
    assert (dev.host(out) == 16).all()


def test_struct_fields_are_separate_shared_arrays():
    Pair = fx.Struct["a" : fx.Array[fx.Float32, 64], "b" : fx.Array[fx.Int32, 64, 8]]

    @flyc.kernel
    def swap(x: fx.Tensor, y: fx.Tensor):
        s = fx.SharedAllocator().allocate(Pair).peek()
        t = fx.thread_idx.x
        s.a[t] = x[t]
        s.b[t] = y[t]
        fx.barrier()
        x[t] = s.b[63 - t].to(fx.Float32)
        y[t] = s.a[63 - t].to(fx.Int32)

    x, y = np.arange(64, dtype=np.float32), np.arange(100, 164, dtype=np.int32)
    dx, dy = dev.array(x.copy()), dev.array(y.copy())
    swap(dx, dy).launch(block=(64,))
    np.testing.assert_array_equal(dev.host(dx), y[::-1].astype(np.float32))
    np.testing.assert_array_equal(dev.host(dy), x[::-1].astype(np.int32))


@pytest.mark.parametrize(
    "make, message",
    [(lambda: fx.Struct["a"], "written"), (lambda: fx.Struct["1x": fx.Array[fx.Int32, 2]], "name"),
     (lambda: fx.Struct["a": 3], "written"),  # fx.Struct["a": fx.Int32] is a struct of values
     (lambda: fx.Struct["a": fx.Array[fx.Int32, 2], "a": fx.Array[fx.Int32, 2]], "duplicate")],
)  # fmt: skip
def test_struct_mistakes(make, message):
    with pytest.raises((TypeError, ValueError), match=message):
        make()


def test_pointer_arithmetic_loads_and_stores_vectors():
    @flyc.kernel
    def shift(src: fx.Pointer, dst: fx.Pointer):
        t = fx.thread_idx.x
        v = (src + t * 4).load(fx.Float32x4)
        (dst + 4 * t).store(v * 2.0)
        view = (dst + 256).view(fx.make_layout(4, 1))
        view[t % 4] = v.reduce(ADD)

    src = np.arange(256 + 4, dtype=np.float32)
    dsrc, ddst = dev.array(src), dev.array(np.zeros_like(src))
    address = [a.data_ptr() if hasattr(a, "data_ptr") else a.ctypes.data for a in (dsrc, ddst)]
    ptrs = [flyc.from_c_void_p(fx.Float32, a) for a in address]
    shift(*ptrs).launch(block=(4,))
    got = dev.host(ddst)
    np.testing.assert_array_equal(got[:16], src[:16] * 2)
    np.testing.assert_array_equal(got[256:], src[:16].reshape(4, 4).sum(axis=1))


def test_specialization_mistakes():
    with pytest.raises(ValueError, match="power of two"):
        coop.BlockReduce[fx.Float32, 96]
    with pytest.raises(TypeError, match="positive Python int"):
        coop.BlockScan[fx.Float32, (8, 0, 1)]
    with pytest.raises(NotImplementedError, match="RAKING_MEMOIZE"):
        coop.BlockScan[fx.Float32, 64, coop.BlockScanAlgorithm.RAKING_MEMOIZE]
    with pytest.raises(TypeError, match="expected a BlockReduceAlgorithm"):
        coop.BlockReduce[fx.Float32, 64, coop.BlockScanAlgorithm.WARP_SCANS]
    with pytest.raises(TypeError, match="already specialized"):
        coop.BlockReduce[fx.Float32, 64][fx.Float32, 64]
    with pytest.raises(TypeError, match="two forms"):
        coop.BlockScan[fx.Float32, 64](1, ADD, storage=None)
    assert coop.BlockScan[fx.Int32, 64] is coop.BlockScan[fx.Int32, (64, 1, 1)]


def test_storage_of_another_dtype_is_a_compile_error():
    @flyc.kernel
    def wrong(out: fx.Tensor):
        r = coop.BlockReduce[fx.Float32, 64]
        storage = fx.SharedAllocator().allocate(coop.BlockReduce[fx.Int32, 64].SharedStorage)
        out[fx.thread_idx.x] = r(out[fx.thread_idx.x], ADD, storage=storage.peek())

    with pytest.raises(CompileError, match="storage must have the value's dtype"):
        wrong(dev.array(np.zeros(64, np.float32))).launch(block=(64,))
