"""The GPU's indices, barriers, shuffles and shared memory (`fx.gpu.thread_idx.x`, also
`fx.thread_idx.x`)."""

from .. import _kernel_api as K
from .._kernel_layout import SharedAllocator, dynamic_shared_tensor, shared_tensor
from .._trace import _wrap, as_value, current, traced_arch, traced_block_size
from ..runtime.device import get_warp_size, resolve_target
from .numeric import Int32
from .primitive import printf
from .typing import Tuple3D


class _Dim3(Tuple3D):
    """fx.thread_idx and friends: a Tuple3D of the GPU's i32 indices."""

    def __init__(self, which):
        super().__init__(lambda name: self._get("xyz".index(name)), Int32)
        self._which = which

    def _get(self, dim):
        return _wrap(K.gpu_index(current(), self._which, dim), "i32")

    @property
    def x(self):
        return self._get(0)

    @property
    def y(self):
        return self._get(1)

    @property
    def z(self):
        return self._get(2)

    def __iter__(self):
        """`bx, by, bz = fx.block_idx`."""
        return iter((self.x, self.y, self.z))


thread_idx = _Dim3(0)
block_idx = _Dim3(1)
block_dim = _Dim3(2)
grid_dim = _Dim3(3)


def _dimension(dim):
    if dim not in ("x", "y", "z"):
        raise ValueError(f"a dimension is 'x', 'y' or 'z', not {dim!r}")
    return "xyz".index(dim)


def thread_id(dim, *, loc=None, ip=None):
    """MLIR's gpu.thread_id: the thread's index in its block along `dim`, an index value."""
    return thread_idx._get(_dimension(dim)).to("index")


def block_id(dim, *, loc=None, ip=None):
    """MLIR's gpu.block_id: the block's index in the grid along `dim`, an index value."""
    return block_idx._get(_dimension(dim)).to("index")


def lane_id():
    return _wrap(K.lane_id(current()), "i32")


def num_warp_threads():
    """Lanes of a warp (wave) on the arch the kernel being traced compiles for; outside a
    kernel, on the arch the library would choose."""
    return get_warp_size(traced_arch() or resolve_target()[1])


def known_block_size():
    """The block the kernel is compiled for, as three ints (x, y, z): its declared
    `known_block_size`, else the block of the launch being compiled, for which the kernel is
    then specialized (another block size compiles another kernel)."""
    block = traced_block_size()
    if block is None:
        raise RuntimeError("no compile-time block size is in scope.")
    return tuple(block)


def barrier():
    K.barrier(current())


_SHUFFLE = {"xor": 0, "up": 1, "down": 2, "idx": 3}


def _shuffle(mode, value, offset, width):
    v = as_value(value)
    off, w = as_value(offset).to("i32"), as_value(width).to("i32")
    return _wrap(K.shuffle(current(), _SHUFFLE[mode], v.handle, off.handle, w.handle), v.ir_dtype)


def shuffle_xor(value, offset, width):
    return _shuffle("xor", value, offset, width)


def shuffle_up(value, offset, width):
    return _shuffle("up", value, offset, width)


def shuffle_down(value, offset, width):
    return _shuffle("down", value, offset, width)


def shuffle_idx(value, lane, width):
    return _shuffle("idx", value, lane, width)


def SharedTensor(dtype, count, align=16):
    """A rank-1 tensor of `count` elements in the block's shared memory."""
    return shared_tensor(dtype, count, align)


def DynamicSharedTensor(dtype, count):
    """A rank-1 tensor of `count` (a value or number) elements in the launch's dynamic shared
    memory (`launch(smem=bytes)`), 16-byte aligned after the static shared memory."""
    return dynamic_shared_tensor(dtype, count)


__all__ = [
    "thread_id",
    "block_id",
    "thread_idx",
    "block_idx",
    "block_dim",
    "grid_dim",
    "lane_id",
    "num_warp_threads",
    "known_block_size",
    "barrier",
    "shuffle_xor",
    "shuffle_up",
    "shuffle_down",
    "shuffle_idx",
    "SharedTensor",
    "DynamicSharedTensor",
    "SharedAllocator",
    "printf",
]
