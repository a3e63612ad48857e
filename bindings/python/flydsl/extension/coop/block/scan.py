"""BlockScan: prefix folds over the block's threads in linear order (the library's
fly_block_scan)."""

import ctypes
import enum

from .... import _kernel_api as K
from ...._kernel_layout import Array, make_struct_type
from ...._trace import Value, _wrap, as_value, current
from .._common import op_code
from ._spec import BlockAlgorithmMeta, BlockCollective

__all__ = ["BlockScanAlgorithm", "BlockScan"]


class BlockScanAlgorithm(enum.Enum):
    """WARP_SCANS: each warp scans with shuffles, then folds in the totals of the warps before
    it from shared memory. The raking forms are named as in FlyDSL and not implemented."""

    RAKING = "raking"
    RAKING_MEMOIZE = "raking_memoize"
    WARP_SCANS = "warp_scans"


def _warp_scans_storage(dtype, threads, warp):
    return make_struct_type(slice("slots", Array[dtype, threads // warp]))


class _BlockScanMeta(BlockAlgorithmMeta):
    _algorithms = BlockScanAlgorithm
    _shared_storage = {BlockScanAlgorithm.WARP_SCANS: _warp_scans_storage}

    def _default_algorithm_for(cls, target):
        return BlockScanAlgorithm.WARP_SCANS  # the one implemented

    def __call__(cls, *args, **kwargs):
        raise TypeError("a scan has two forms; call .inclusive(...) or .exclusive(...)")


class BlockScan(BlockCollective, metaclass=_BlockScanMeta):
    """Prefix folds in linear thread order: `inclusive` counts this thread's value, `exclusive`
    only those before it (the first thread gets `init`, or op's identity). A vector scans as
    consecutive items of its thread and gives a vector. The `_with_aggregate` forms also
    return the block's fold (without `init`), the same in every thread.

        scan = fx.coop.BlockScan[fx.Int32, fx.known_block_size()]
        storage = fx.SharedAllocator().allocate(scan.SharedStorage).peek()
        slots = scan.exclusive(flags, fx.ReductionOp.ADD, storage=storage)
    """

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
