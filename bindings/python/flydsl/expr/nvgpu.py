"""NVIDIA copy atoms and synchronisation (`fx.nvgpu`): cp.async copies global memory into
shared memory asynchronously (sm_80 and later); cp_async_wait() waits for this thread's
copies, and a barrier then shows them to the block. On the other targets the copies are
synchronous."""

import ctypes

from .. import _kernel_api as K
from .._control import _check
from .._kernel_layout import CopyOp, int_tuple
from .._lib import lib
from .._mma import MmaOp
from .._trace import as_value, current


class _TmaDescriptor:
    """A kernel's TMA descriptor (fx.nvgpu.tma_descriptor): passed to fx.nvgpu.tma_load."""

    def __init__(self, handle):
        self.handle = handle


def CpAsync(bits, zfill=False):
    """cp.async of `bits`; with `zfill`, a copy whose predicate is false writes zeros
    (and reads nothing, so its source may lie outside the tensor)."""
    return CopyOp(4 if zfill else 3, int(bits))


def CpAsync32b(zfill=False):
    return CpAsync(32, zfill)


def CpAsync64b(zfill=False):
    return CpAsync(64, zfill)


def CpAsync128b(zfill=False):
    return CpAsync(128, zfill)


def MmaSync(m, n, k, ab_type, acc_type="f32"):
    """mma.sync: m16n8k16 for f16/bf16, m16n8k32 for fp8 (sm_80/sm_89 and later)."""
    return MmaOp(3, m, n, k, ab_type, acc_type, 32)


def Wgmma(m, n, k, ab_type, acc_type="f32"):
    """Hopper's warpgroup MMA (sm_90a), m64nNk16 for f16/bf16, N = 8..256 in steps of 8:
    128 threads per atom, A and B read by fx.gemm from shared-memory partitions in a
    canonical K-major layout (8-row core matrices, or 32/64/128-byte swizzled rows)."""
    return MmaOp(4, m, n, k, ab_type, acc_type, 32)


def wgmma_wait(pending, accumulators=None):
    """Waits until at most `pending` groups of fx.gemm(..., wait=False) wgmma atoms are in
    flight; `accumulators` (their d) may then be read."""
    acc = accumulators.handle if accumulators is not None else None
    lib.fly_kernel_wgmma_wait(current(), int(pending), acc)
    _check()


def set_block_size(x, y=1, z=1):
    """Declares the block every launch uses, so cuda sizes registers for it (.maxntid);
    setmaxnreg needs it."""
    K.set_block_size(current(), int(x), int(y), int(z))
    _check()


def setmaxnreg(count, increase):
    """The executing warpgroup's per-thread register limit raised (increase=True) or
    lowered to `count` (24..256, a multiple of 8): warp-specialised kernels give the
    multiplying warpgroups the registers a copying one does not need. Every thread of the
    warpgroup executes it; sm_90a, ignored on other targets."""
    K.set_max_registers(current(), int(count), 1 if increase else 0)
    _check()


def fence_proxy_async():
    """Orders this thread's shared-memory writes before wgmma reads them: call it in every
    writing thread before the barrier that precedes fx.gemm."""
    K.fence_proxy_async(current())
    _check()


def cp_async_wait():
    K.cp_async_wait(current())
    _check()


def tma_descriptor(tensor, box, swizzle=128):
    """A TMA descriptor (sm_90) for boxes `box` (one extent per mode) of a tensor argument
    with a stride-1 mode, landing in shared memory swizzled `swizzle` bytes (0, 32, 64,
    128). Each launch builds it from the tensor; the tensor's address and strides must be
    multiples of 16 bytes."""
    extents = (ctypes.c_int64 * len(box))(*[int(b) for b in box])
    h = K.tma_descriptor(current(), tensor.handle, extents, len(box), int(swizzle))
    _check()
    return _TmaDescriptor(h)


def tma_load(desc, dst, coord, bars, index):
    """Starts the bulk copy of the box at element coordinates `coord` into the shared
    tensor `dst` (laid out as the copy writes the box); its bytes complete on mbarrier
    bars[index]. One thread issues it."""
    K.tma_load(current(), desc.handle, dst.handle, int_tuple(tuple(coord)).handle,
               bars.handle, as_value(index).handle)  # fmt: skip
    _check()


def tma_store(desc, src, coord):
    """Starts the bulk copy of the shared tensor `src` (laid out as tma_load's destination)
    to the box at element coordinates `coord`; elements past the tensor's edges are not
    written. One thread issues it, after the writers of `src` have called
    fence_proxy_async and met it at a barrier."""
    K.tma_store(current(), desc.handle, src.handle, int_tuple(tuple(coord)).handle)
    _check()


def tma_store_wait(pending=0):
    """Waits until at most `pending` of this thread's TMA stores still read their shared
    sources; with 0 (before the block exits) none does."""
    K.tma_store_wait(current(), int(pending))
    _check()


def named_barrier(barrier_id, threads):
    """bar.sync on barrier `barrier_id` (1..15) of `threads` threads (whole warps): those
    threads meet without the rest of the block, e.g. one warpgroup of a warp-specialised
    kernel."""
    K.named_barrier(current(), int(barrier_id), int(threads))
    _check()


def grid_dependency_wait():
    """Programmatic dependent launch (sm_90+): waits until the stream's previous kernel has
    completed and its writes are visible. The kernel is then launched to overlap that
    kernel: code before the wait must not touch global memory it may use."""
    K.grid_dependency_wait(current())
    _check()


def launch_dependents():
    """Lets the stream's next kernel that waits on its grid dependency start once every
    block of this grid has called this; that wait still sees all of this grid's writes."""
    K.launch_dependents(current())
    _check()


def mbarrier_init(bars, index, arrivals):
    """Sets the arrivals each phase of mbarrier bars[index] (a shared i64 tensor) expects;
    one thread calls it, then a barrier of the block."""
    K.mbarrier_init(current(), bars.handle, as_value(index).handle, int(arrivals))
    _check()


def mbarrier_arrive(bars, index, tx_bytes=0):
    """This thread's arrival, expecting `tx_bytes` more bytes of bulk copies this phase."""
    K.mbarrier_arrive(current(), bars.handle, as_value(index).handle, int(tx_bytes))
    _check()


def mbarrier_wait(bars, index, parity):
    """Waits until the phase of parity `parity` (0 or 1) of bars[index] has completed."""
    K.mbarrier_wait(current(), bars.handle, as_value(index).handle, as_value(parity).handle)
    _check()


def cp_async_commit():
    """Closes a group of this thread's cp.async copies (for multi-buffer pipelines)."""
    K.cp_async_commit(current())
    _check()


def cp_async_wait_group(pending):
    """Waits until at most `pending` committed groups are still in flight."""
    K.cp_async_wait_group(current(), int(pending))
    _check()
