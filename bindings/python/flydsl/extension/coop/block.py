"""Block collectives, specialized as FlyDSL's are (`[dtype, block_size, algorithm]`):

    reduce = fx.coop.BlockReduce[fx.Float32, 256]
    storage = fx.SharedAllocator().allocate(reduce.SharedStorage).peek()
    total = reduce(x, fx.ReductionOp.ADD, storage=storage)

`block_size` is the x extent or (x, y, z), whose product is a power of two; it must be the
launched block (`fx.known_block_size()` keeps them in step). Every thread of the block reaches
the call together; reusing the storage for another call needs a barrier in between. The folds
themselves are the library's (fly_block_reduce, fly_block_scan).
"""

import ctypes
import enum

from ... import _kernel_api as K
from ..._kernel_layout import Array, make_struct_type
from ..._trace import Value, _wrap, as_value, current
from ...expr.gpu import num_warp_threads
from ._common import op_code

__all__ = ["BlockReduceAlgorithm", "BlockReduce", "BlockScanAlgorithm", "BlockScan"]


class BlockReduceAlgorithm(enum.Enum):
    """WARP_REDUCTIONS: each warp folds with shuffles, the warps' folds meet in shared memory
    (one slot per warp, one barrier). RAKING: every thread's value goes to shared memory and
    one warp folds runs of it (a slot per thread, two barriers). The other two are named as in
    FlyDSL and are not implemented there either."""

    RAKING = "raking"
    RAKING_COMMUTATIVE_ONLY = "raking_commutative_only"
    WARP_REDUCTIONS = "warp_reductions"
    WARP_REDUCTIONS_NONDETERMINISTIC = "warp_reductions_nondeterministic"


class BlockScanAlgorithm(enum.Enum):
    """WARP_SCANS: each warp scans with shuffles, then folds in the totals of the warps before
    it from shared memory. The raking forms are named as in FlyDSL and not implemented."""

    RAKING = "raking"
    RAKING_MEMOIZE = "raking_memoize"
    WARP_SCANS = "warp_scans"


def _block_shape(block_size):
    dims = tuple(block_size) if isinstance(block_size, (tuple, list)) else (block_size, 1, 1)
    if len(dims) != 3:
        raise TypeError(f"block_size must be an int or a 3-tuple, got {block_size!r}")
    for name, dim in zip(("block_dim_x", "block_dim_y", "block_dim_z"), dims):
        if isinstance(dim, bool) or not isinstance(dim, int) or dim < 1:
            raise TypeError(f"{name} must be a positive Python int, got {dim!r}")
    threads = dims[0] * dims[1] * dims[2]
    if threads & (threads - 1):
        raise ValueError(
            f"block_dim_x * block_dim_y * block_dim_z must be a power of two, got {threads}"
        )
    return dims


def _reduce_storage(algorithm, dtype, threads, warp):
    if algorithm is BlockReduceAlgorithm.WARP_REDUCTIONS:
        return make_struct_type(slice("slots", Array[dtype, threads // warp]))
    slots = threads if threads > warp else 1  # one warp never stages anything
    return make_struct_type((slice("slots", Array[dtype, slots]), slice("result", Array[dtype, 1])))


def _scan_storage(algorithm, dtype, threads, warp):
    return make_struct_type(slice("slots", Array[dtype, threads // warp]))


_CACHE = {}


class _BlockMeta(type):
    """`Algorithm[dtype, block_size(, algorithm)]` makes a specialized class."""

    _algorithms = None
    _default = None
    _implemented = {}

    def __getitem__(cls, params):
        if cls.block_threads is not None:
            raise TypeError(f"{cls.__name__} is already specialized")
        params = params if isinstance(params, tuple) else (params,)
        if not 2 <= len(params) <= 3:
            raise TypeError(f"{cls.__name__}[dtype, block_size, algorithm=...]")
        dtype, block_size = params[0], params[1]
        algorithm = params[2] if len(params) > 2 else cls._default
        if not isinstance(algorithm, cls._algorithms):
            raise TypeError(f"expected a {cls._algorithms.__name__}, got {algorithm!r}")
        make_storage = cls._implemented.get(algorithm)
        if make_storage is None:
            raise NotImplementedError(
                f"{cls._algorithms.__name__}.{algorithm.name} is not implemented yet"
            )
        block = _block_shape(block_size)
        threads = block[0] * block[1] * block[2]
        # A block narrower than the wave leaves the rest of the wave unlaunched.
        warp = min(num_warp_threads(), threads)
        key = (cls, dtype, block, algorithm, warp)
        if key not in _CACHE:
            name = (
                f"{cls.__name__}[{getattr(dtype, '__name__', dtype)}, {threads}, {algorithm.name}]"
            )
            _CACHE[key] = type(name, (cls,), {
                "dtype": dtype, "block_size": block, "block_threads": threads,
                "algorithm": algorithm, "warp_threads": warp, "num_warps": threads // warp,
                "SharedStorage": make_storage(algorithm, dtype, threads, warp),
            })  # fmt: skip
        return _CACHE[key]


class _Specialized:
    dtype = block_size = block_threads = algorithm = warp_threads = num_warps = None
    SharedStorage = None

    @classmethod
    def _dims(cls):
        if cls.block_threads is None:
            raise TypeError(f"specialize first, e.g. {cls.__name__}[fx.Float32, 256]")
        return (ctypes.c_int64 * 3)(*cls.block_size)


class _BlockReduceMeta(_BlockMeta):
    _algorithms = BlockReduceAlgorithm
    _default = BlockReduceAlgorithm.WARP_REDUCTIONS
    _implemented = {
        BlockReduceAlgorithm.WARP_REDUCTIONS: _reduce_storage,
        BlockReduceAlgorithm.RAKING: _reduce_storage,
    }

    def __call__(cls, value, op, *, storage):
        dims = cls._dims()
        v = as_value(value)
        result = getattr(storage, "result", None)
        algorithm = 1 if cls.algorithm is BlockReduceAlgorithm.RAKING else 0
        result = result.handle if result is not None else None
        h = K.block_reduce(current(), op_code(op, v), v.handle, dims, cls.warp_threads, algorithm,
                           storage.slots.handle, result)  # fmt: skip
        return _wrap(h, v.ir_dtype)


class BlockReduce(_Specialized, metaclass=_BlockReduceMeta):
    """Every thread gets `op` folded over the whole block's values (a vector value is its
    thread's items); `op` is FlyDSL's ReductionOp."""


class _BlockScanMeta(_BlockMeta):
    _algorithms = BlockScanAlgorithm
    _default = BlockScanAlgorithm.WARP_SCANS
    _implemented = {BlockScanAlgorithm.WARP_SCANS: _scan_storage}

    def __call__(cls, *args, **kwargs):
        raise TypeError("a scan has two forms; call .inclusive(...) or .exclusive(...)")


class BlockScan(_Specialized, metaclass=_BlockScanMeta):
    """Prefix folds in linear thread order: `inclusive` counts this thread's value, `exclusive`
    only those before it (the first thread gets `init`, or op's identity). A vector scans as
    consecutive items of its thread and gives a vector. The `_with_aggregate` forms also
    return the block's fold (without `init`), the same in every thread."""

    @classmethod
    def _scan(cls, value, op, storage, exclusive, init):
        dims = cls._dims()
        v = as_value(value)
        i = None if init is None else as_value(init, Value(None, v.ir_dtype)).to(v.ir_dtype).handle
        agg = K.P()
        h = K.block_scan(current(), op_code(op, v), v.handle, dims, cls.warp_threads,
                         storage.slots.handle, i, int(exclusive), ctypes.byref(agg))  # fmt: skip
        return _wrap(h, v.ir_dtype), _wrap(agg.value, v.ir_dtype)

    @classmethod
    def inclusive(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, False, init)[0]

    @classmethod
    def exclusive(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, True, init)[0]

    @classmethod
    def inclusive_with_aggregate(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, False, init)

    @classmethod
    def exclusive_with_aggregate(cls, value, op, *, storage, init=None):
        return cls._scan(value, op, storage, True, init)
