"""BlockReduce: every thread of the block gets `op` folded over the whole block's values (the
library's fly_block_reduce)."""

import enum

from .... import _kernel_api as K
from ...._kernel_layout import Array, make_struct_type
from ...._trace import _wrap, as_value, current
from .._common import op_code
from ._spec import BlockAlgorithmMeta, BlockCollective

__all__ = ["BlockReduceAlgorithm", "BlockReduce"]


class BlockReduceAlgorithm(enum.Enum):
    """WARP_REDUCTIONS: each warp folds with shuffles, the warps' folds meet in shared memory
    (one slot per warp, one barrier). RAKING: every thread's value goes to shared memory and
    one warp folds runs of it (a slot per thread, two barriers). The other two are named as in
    FlyDSL and are not implemented there either."""

    RAKING = "raking"
    RAKING_COMMUTATIVE_ONLY = "raking_commutative_only"
    WARP_REDUCTIONS = "warp_reductions"
    WARP_REDUCTIONS_NONDETERMINISTIC = "warp_reductions_nondeterministic"


def _warp_reductions_storage(dtype, threads, warp):
    return make_struct_type(slice("slots", Array[dtype, threads // warp]))


def _raking_storage(dtype, threads, warp):
    slots = threads if threads > warp else 1  # one warp never stages anything
    return make_struct_type((slice("slots", Array[dtype, slots]), slice("result", Array[dtype, 1])))


class _BlockReduceMeta(BlockAlgorithmMeta):
    _algorithms = BlockReduceAlgorithm
    _shared_storage = {
        BlockReduceAlgorithm.WARP_REDUCTIONS: _warp_reductions_storage,
        BlockReduceAlgorithm.RAKING: _raking_storage,
    }

    def _default_algorithm_for(cls, target):
        # Warp reductions take one barrier to raking's two, on wave64 and wave32 alike.
        return BlockReduceAlgorithm.WARP_REDUCTIONS

    def __call__(cls, value, op, *, storage):
        dims = cls._dims()
        v = as_value(value)
        result = getattr(storage, "result", None)
        algorithm = 1 if cls.algorithm is BlockReduceAlgorithm.RAKING else 0
        result = result.handle if result is not None else None
        h = K.block_reduce(current(), op_code(op, v), v.handle, dims, cls.warp_threads, algorithm,
                           storage.slots.handle, result)  # fmt: skip
        return _wrap(h, v.ir_dtype)


class BlockReduce(BlockCollective, metaclass=_BlockReduceMeta):
    """Every thread gets `op` folded over the whole block's values (a vector value is its
    thread's items); `op` is FlyDSL's ReductionOp.

        reduce = fx.coop.BlockReduce[fx.Float32, 256]
        storage = fx.SharedAllocator().allocate(reduce.SharedStorage).peek()
        total = reduce(x, fx.ReductionOp.ADD, storage=storage)
    """
