"""MLIR's `gpu` builders over kernel values: thread, block and grid indices, and barriers."""

import enum

from ...expr import gpu as _gpu
from .._module import InsertionPoint
from .._not_offered import module_getattr
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.gpu", REASON)


class Dimension(enum.Enum):
    x = 0
    y = 1
    z = 2


def _index(dim3, dimension):
    return getattr(
        dim3, Dimension(dimension).name if isinstance(dimension, int) else dimension.name
    )


def thread_id(dimension, **kwargs):
    return _index(_gpu.thread_idx, dimension)


def block_id(dimension, **kwargs):
    return _index(_gpu.block_idx, dimension)


def block_dim(dimension, **kwargs):
    return _index(_gpu.block_dim, dimension)


def grid_dim(dimension, **kwargs):
    return _index(_gpu.grid_dim, dimension)


def barrier(**kwargs):
    _gpu.barrier()


class ReturnOp:
    """The end of a kernel's body (gpu.return): a kernel returns nothing."""

    def __init__(self, operands=(), *, loc=None, ip=None):
        point = ip if ip is not None else InsertionPoint.current()
        if point.block.function is None:
            raise ValueError("gpu.ReturnOp goes in a kernel's entry block")
        point.block.function._return(list(operands))
