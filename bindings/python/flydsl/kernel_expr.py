"""The kernel-side names of flydsl.expr: parameter types, GPU indices, math, collectives."""

import typing

from . import _kernel_api as K
from ._control import _array, _check
from ._lib import c_text
from ._trace import TensorValue, Value, _wrap, as_value, current, shared_tensor, tracing, unary


class Tensor:
    """A tensor parameter: any DLPack tensor (numpy, torch, ...) at launch."""


class _Scalar:
    """A typed scalar: `fx.Float32(2.5)` is a typed launch argument outside a kernel and a
    typed constant (or a conversion of a kernel value) inside one."""

    dtype = None

    def __new__(cls, value=None):
        if value is not None and tracing():
            if isinstance(value, Value):
                return value.to(cls.dtype)
            return as_value(value, Value(None, cls.dtype)).to(cls.dtype)
        return super().__new__(cls)

    def __init__(self, value=None):
        self.value = value


class Int32(_Scalar):
    dtype = "i32"


class Int64(_Scalar):
    dtype = "i64"


class Float32(_Scalar):
    dtype = "f32"


class Float64(_Scalar):
    dtype = "f64"


class Boolean(_Scalar):
    dtype = "i1"


class Int8(_Scalar):
    dtype = "i8"


class Int16(_Scalar):
    dtype = "i16"


class Float16(_Scalar):
    dtype = "f16"


class BFloat16(_Scalar):
    dtype = "bf16"


class Stream:
    """A stream handle; None is the default stream (the cpu target runs synchronously)."""

    def __init__(self, stream=None):
        self.stream = stream


class _ConstexprMeta(type):
    def __getitem__(cls, item):
        return typing.Annotated[cls, item]


class Constexpr(metaclass=_ConstexprMeta):
    """A compile-time parameter: its value is baked into the kernel; each value compiles
    separately."""


def range_constexpr(*args):
    """A loop unrolled while tracing: the bounds are Python integers."""
    return range(*args)


def const_expr(x):
    """Marks a compile-time condition (a Python value)."""
    if isinstance(x, Value):
        raise TypeError("const_expr needs a Python value, got a kernel value")
    return x


class _Dim3:
    def __init__(self, which):
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


def lane_id():
    return _wrap(K.lane_id(current()), "i32")


def barrier():
    K.barrier(current())


_SHUFFLE = {"xor": 0, "up": 1, "down": 2, "idx": 3}


def _shuffle(mode, value, offset, width):
    v = as_value(value)
    off, w = as_value(offset).to("i32"), as_value(width).to("i32")
    return _wrap(K.shuffle(current(), _SHUFFLE[mode], v.handle, off.handle, w.handle), v.dtype)


def shuffle_xor(value, offset, width):
    return _shuffle("xor", value, offset, width)


def shuffle_up(value, offset, width):
    return _shuffle("up", value, offset, width)


def shuffle_down(value, offset, width):
    return _shuffle("down", value, offset, width)


def shuffle_idx(value, lane, width):
    return _shuffle("idx", value, lane, width)


class gpu:
    """`fx.gpu.thread_idx.x` and friends, as the FlyDSL guide spells them."""

    thread_idx = thread_idx
    block_idx = block_idx
    block_dim = block_dim
    grid_dim = grid_dim
    lane_id = staticmethod(lane_id)
    barrier = staticmethod(barrier)
    shuffle_xor = staticmethod(shuffle_xor)
    shuffle_up = staticmethod(shuffle_up)
    shuffle_down = staticmethod(shuffle_down)
    shuffle_idx = staticmethod(shuffle_idx)


def select_value(cond, a, b):
    """`cond ? a : b` inside a kernel (fx.select does the same for non-layout arguments)."""
    a, b = as_value(a, b if isinstance(b, Value) else None), as_value(
        b, a if isinstance(a, Value) else None
    )
    if a.dtype != b.dtype:
        b = b.to(a.dtype)
    return _wrap(K.select(current(), as_value(cond).handle, a.handle, b.handle), a.dtype)


def exp(x):
    return unary("exp", x)


def exp2(x):
    return unary("exp2", x)


def log(x):
    return unary("log", x)


def log2(x):
    return unary("log2", x)


def sqrt(x):
    return unary("sqrt", x)


def rsqrt(x):
    return unary("rsqrt", x)


def tanh(x):
    return unary("tanh", x)


def erf(x):
    return unary("erf", x)


def maximum(a, b):
    from ._trace import _binary

    return _binary("max", a, b)


def minimum(a, b):
    from ._trace import _binary

    return _binary("min", a, b)


def SharedTensor(dtype, count, align=16):
    """A rank-1 tensor of `count` elements in the block's shared memory."""
    return shared_tensor(dtype, count, align)


def DynamicSharedTensor(dtype, count):
    """A rank-1 tensor of `count` (a value or number) elements in the launch's dynamic shared
    memory (`launch(smem=bytes)`), 16-byte aligned after the static shared memory."""
    from . import _kernel_api as K
    from ._trace import TensorValue, _wrap, as_value, current

    n = as_value(count)
    h = K.dynamic_shared_tensor(current(), K.DTYPES[dtype], n.handle)
    if not h:
        _wrap(h)
    return TensorValue(h, dtype, 1)


def _dtype_name(dtype):
    """A dtype given as "f32" or as a scalar type such as fx.Float32."""
    name = getattr(dtype, "dtype", dtype)
    if name not in K.DTYPES:
        raise TypeError(f"{dtype!r} is not a dtype")
    return name


class Vector:
    """Vectors of 2..64 lanes: `Vector.from_elements([a, b, c, d], fx.Float32)`, `v[i]`,
    `v.insert(x, i)`, `v.bitcast("i32")`, `v.to(fx.BFloat16)`, `v.store(T, [i])`."""

    @staticmethod
    def from_elements(elements, dtype=None):
        elements = list(elements)
        if not elements:
            raise ValueError("a vector needs at least one element")
        if dtype is None:
            first = next((e for e in elements if isinstance(e, Value)), None)
            dtype = first.dtype if first is not None else as_value(elements[0]).dtype
        like = Value(None, _dtype_name(dtype))
        values = [as_value(e, like).to(like.dtype) for e in elements]
        return _wrap(K.vector_from_elements(current(), _array(values), len(values)), like.dtype)

    @staticmethod
    def splat(element, lanes, dtype=None):
        v = as_value(element, Value(None, _dtype_name(dtype)) if dtype else None)
        return _wrap(K.vector_splat(current(), v.handle, int(lanes)), v.dtype)

    @staticmethod
    def load(tensor, index, lanes, pred=None):
        return tensor.load(index, pred=pred, lanes=lanes)


class vector:
    """`fx.vector`, as the FlyDSL guide spells it."""

    @staticmethod
    def from_elements(vec_type, elements=None):
        """from_elements(dtype, [a, b, ...]) or from_elements([a, b, ...])."""
        if elements is None:
            return Vector.from_elements(vec_type)
        return Vector.from_elements(elements, vec_type)

    @staticmethod
    def load(tensor, index, lanes, pred=None):
        return tensor.load(_index(index), pred=pred, lanes=lanes)

    @staticmethod
    def store(vec, tensor, index, pred=None):
        tensor.store(_index(index), vec, pred)

    @staticmethod
    def extractelement(vec, index):
        return vec[index]

    @staticmethod
    def insertelement(vec, element, index):
        return vec.insert(element, index)

    @staticmethod
    def bitcast(vec, dtype):
        return vec.bitcast(_dtype_name(dtype))


def _index(index):
    return tuple(index) if isinstance(index, (list, tuple)) else index


class BufferResource:
    """An AMD buffer resource over a global tensor (buffer_ops.create_buffer_resource)."""

    def __init__(self, handle, dtype):
        self.handle = handle
        self.dtype = dtype


class buffer_ops:
    """AMD buffer loads and stores: offsets are i32 counts of the tensor's elements; a load
    outside the tensor gives zeros and a store outside it is dropped (by the hardware on rocm,
    by bounds checks on the cpu and cuda targets)."""

    @staticmethod
    def create_buffer_resource(tensor):
        if not isinstance(tensor, TensorValue):
            raise TypeError("create_buffer_resource needs a tensor parameter")
        h = K.buffer_resource(current(), tensor.handle)
        if not h:
            _wrap(h)
        return BufferResource(h, tensor.dtype)

    @staticmethod
    def buffer_load(rsrc, offset, vec_width=1, dtype=None):
        if dtype is not None and _dtype_name(dtype) != rsrc.dtype:
            raise TypeError(f"a buffer of {rsrc.dtype} loads {rsrc.dtype}, not {dtype}")
        off = as_value(offset).to("i32")
        return _wrap(K.buffer_load(current(), rsrc.handle, off.handle, int(vec_width)), rsrc.dtype)

    @staticmethod
    def buffer_store(data, rsrc, offset):
        v = as_value(data, Value(None, rsrc.dtype))
        off = as_value(offset).to("i32")
        K.buffer_store(current(), rsrc.handle, v.handle, off.handle)
        _check()


def printf(format, *args):
    """printf from every thread that runs it (on the cpu target, to the process's stdout)."""
    values = [as_value(a) for a in args]
    K.printf(current(), c_text(format, "the printf format"), _array(values), len(values))
    _check()


gpu.printf = staticmethod(printf)


# Tensors with layouts, copy atoms and tiled copies (the algebra is in _kernel_layout).

from ._kernel_layout import (  # noqa: E402
    Array,
    CopyAtom,
    CopyOp,
    IntTupleValue,
    LayoutValue,
    Pointer,
    SharedAllocator,
    ThrCopy,
    TiledCopy,
    copy,
    gather,
    make_identity_tensor,
    make_tensor,
    scatter,
)
from ._kernel_layout import make_buffer_tensor as _make_buffer_tensor  # noqa: E402
from ._kernel_layout import make_fragment as _make_fragment  # noqa: E402
from ._mma import (  # noqa: E402,F401
    MmaAtom,
    MmaOp,
    ScaledMmaOp,
    ThrMma,
    TiledMma,
    UniversalFMA,
    gemm,
    make_mma_atom,
    make_tiled_copy_A,
    make_tiled_copy_B,
    make_tiled_copy_C,
    make_tiled_mma,
)


def UniversalCopy(bits):
    """Plain loads and stores of `bits` per call (vector accesses for 64 and 128)."""
    return CopyOp(0, int(bits))


def UniversalCopy8b():
    return UniversalCopy(8)


def UniversalCopy16b():
    return UniversalCopy(16)


def UniversalCopy32b():
    return UniversalCopy(32)


def UniversalCopy64b():
    return UniversalCopy(64)


def UniversalCopy128b():
    return UniversalCopy(128)


def make_copy_atom(op, dtype):
    return CopyAtom(op, dtype)


def make_tiled_copy(atom, layout_tv, tile_mn):
    """A tiled copy from a (thread, value) -> tile coordinate layout over tile_mn."""
    return TiledCopy(atom, layout_tv, tile_mn)


def make_tiled_copy_tv(atom, thr_layout, val_layout):
    """A tiled copy whose threads are laid out by thr_layout, each holding val_layout."""
    from .expr import make_layout_tv

    tile_mn, layout_tv = make_layout_tv(thr_layout, val_layout)
    return TiledCopy(atom, layout_tv, tile_mn)


def make_fragment_like(t, dtype=None):
    """A register tensor shaped like `t` (a tensor or layout), of t's dtype or `dtype`."""
    if dtype is None:
        dtype = getattr(t, "dtype", None)
        if dtype is None:
            raise TypeError("make_fragment_like of a layout needs a dtype")
    return _make_fragment(t, dtype)


def make_rmem_tensor(shape_or_layout, dtype):
    """A register tensor with a static shape or layout."""
    from .expr import Layout, make_layout

    if not isinstance(shape_or_layout, (Layout, LayoutValue, TensorValue)):
        shape_or_layout = make_layout(shape_or_layout)
    return _make_fragment(shape_or_layout, dtype)


def make_view(iterator, layout):
    """A tensor over an iterator (fx.get_iter(t)) with a layout."""
    return make_tensor(iterator, layout)


def get_iter(t):
    return Pointer(t)


def local_tile(t, tile, coord):
    """The tile at `coord` of `t` divided by `tile` (CuTe's local_tile / inner_partition)."""
    from .expr import zipped_divide

    tiles = zipped_divide(t, tile)
    modes = len(tile) if isinstance(tile, (tuple, list)) else 1
    if isinstance(coord, (tuple, list)):
        rest = len(tiles.layout.shape[1]) if isinstance(tiles.layout.shape[1], tuple) else 1
        coord = tuple(coord) + (None,) * (rest - len(coord))
    keep = (None,) * modes if modes > 1 else None
    return tiles[(keep, coord)]


def local_partition(t, thr_layout, thr_idx):
    """Thread thr_idx's elements of t when threads are laid out by thr_layout over tiles of its
    shape (CuTe's local_partition)."""
    from . import _kernel_layout as KL

    h = K.local_partition(current(), t.handle, KL.as_kernel_layout(thr_layout),
                          KL.coord(thr_idx).handle)  # fmt: skip
    return TensorValue(KL._checked(h), t.dtype, None)


class _TmaDescriptor:
    """A kernel's TMA descriptor (fx.nvgpu.tma_descriptor): passed to fx.nvgpu.tma_load."""

    def __init__(self, handle):
        self.handle = handle


class nvgpu:
    """NVIDIA copy atoms (fx.nvgpu): cp.async copies global memory into shared memory
    asynchronously (sm_80 and later); cp_async_wait() waits for this thread's copies, and a
    barrier then shows them to the block. On the other targets the copies are synchronous."""

    @staticmethod
    def CpAsync(bits, zfill=False):
        """cp.async of `bits`; with `zfill`, a copy whose predicate is false writes zeros
        (and reads nothing, so its source may lie outside the tensor)."""
        return CopyOp(4 if zfill else 3, int(bits))

    @staticmethod
    def CpAsync32b(zfill=False):
        return nvgpu.CpAsync(32, zfill)

    @staticmethod
    def CpAsync64b(zfill=False):
        return nvgpu.CpAsync(64, zfill)

    @staticmethod
    def CpAsync128b(zfill=False):
        return nvgpu.CpAsync(128, zfill)

    @staticmethod
    def MmaSync(m, n, k, ab_type, acc_type="f32"):
        """mma.sync: m16n8k16 for f16/bf16, m16n8k32 for fp8 (sm_80/sm_89 and later)."""
        return MmaOp(3, m, n, k, ab_type, acc_type, 32)

    @staticmethod
    def Wgmma(m, n, k, ab_type, acc_type="f32"):
        """Hopper's warpgroup MMA (sm_90a), m64nNk16 for f16/bf16, N = 8..256 in steps of 8:
        128 threads per atom, A and B read by fx.gemm from shared-memory partitions in a
        canonical K-major layout (8-row core matrices, or 32/64/128-byte swizzled rows)."""
        return MmaOp(4, m, n, k, ab_type, acc_type, 32)

    @staticmethod
    def wgmma_wait(pending, accumulators=None):
        """Waits until at most `pending` groups of fx.gemm(..., wait=False) wgmma atoms are in
        flight; `accumulators` (their d) may then be read."""
        from ._mma import lib as mma_lib

        acc = accumulators.handle if accumulators is not None else None
        mma_lib.fly_kernel_wgmma_wait(current(), int(pending), acc)
        _check()

    @staticmethod
    def set_block_size(x, y=1, z=1):
        """Declares the block every launch uses, so cuda sizes registers for it (.maxntid);
        setmaxnreg needs it."""
        K.set_block_size(current(), int(x), int(y), int(z))
        _check()

    @staticmethod
    def setmaxnreg(count, increase):
        """The executing warpgroup's per-thread register limit raised (increase=True) or
        lowered to `count` (24..256, a multiple of 8): warp-specialised kernels give the
        multiplying warpgroups the registers a copying one does not need. Every thread of the
        warpgroup executes it; sm_90a, ignored on other targets."""
        K.set_max_registers(current(), int(count), 1 if increase else 0)
        _check()

    @staticmethod
    def fence_proxy_async():
        """Orders this thread's shared-memory writes before wgmma reads them: call it in every
        writing thread before the barrier that precedes fx.gemm."""
        K.fence_proxy_async(current())
        _check()

    @staticmethod
    def cp_async_wait():
        K.cp_async_wait(current())
        _check()

    @staticmethod
    def tma_descriptor(tensor, box, swizzle=128):
        """A TMA descriptor (sm_90) for boxes `box` (one extent per mode) of a tensor argument
        with a stride-1 mode, landing in shared memory swizzled `swizzle` bytes (0, 32, 64,
        128). Each launch builds it from the tensor; the tensor's address and strides must be
        multiples of 16 bytes."""
        import ctypes

        extents = (ctypes.c_int64 * len(box))(*[int(b) for b in box])
        h = K.tma_descriptor(current(), tensor.handle, extents, len(box), int(swizzle))
        _check()
        return _TmaDescriptor(h)

    @staticmethod
    def tma_load(desc, dst, coord, bars, index):
        """Starts the bulk copy of the box at element coordinates `coord` into the shared
        tensor `dst` (laid out as the copy writes the box); its bytes complete on mbarrier
        bars[index]. One thread issues it."""
        from . import _kernel_layout as KL

        K.tma_load(current(), desc.handle, dst.handle, KL.int_tuple(tuple(coord)).handle,
                   bars.handle, as_value(index).handle)  # fmt: skip
        _check()

    @staticmethod
    def tma_store(desc, src, coord):
        """Starts the bulk copy of the shared tensor `src` (laid out as tma_load's destination)
        to the box at element coordinates `coord`; elements past the tensor's edges are not
        written. One thread issues it, after the writers of `src` have called
        fence_proxy_async and met it at a barrier."""
        from . import _kernel_layout as KL

        K.tma_store(current(), desc.handle, src.handle, KL.int_tuple(tuple(coord)).handle)
        _check()

    @staticmethod
    def tma_store_wait(pending=0):
        """Waits until at most `pending` of this thread's TMA stores still read their shared
        sources; with 0 (before the block exits) none does."""
        K.tma_store_wait(current(), int(pending))
        _check()

    @staticmethod
    def named_barrier(barrier_id, threads):
        """bar.sync on barrier `barrier_id` (1..15) of `threads` threads (whole warps): those
        threads meet without the rest of the block, e.g. one warpgroup of a warp-specialised
        kernel."""
        K.named_barrier(current(), int(barrier_id), int(threads))
        _check()

    @staticmethod
    def grid_dependency_wait():
        """Programmatic dependent launch (sm_90+): waits until the stream's previous kernel has
        completed and its writes are visible. The kernel is then launched to overlap that
        kernel: code before the wait must not touch global memory it may use."""
        K.grid_dependency_wait(current())
        _check()

    @staticmethod
    def launch_dependents():
        """Lets the stream's next kernel that waits on its grid dependency start once every
        block of this grid has called this; that wait still sees all of this grid's writes."""
        K.launch_dependents(current())
        _check()

    @staticmethod
    def mbarrier_init(bars, index, arrivals):
        """Sets the arrivals each phase of mbarrier bars[index] (a shared i64 tensor) expects;
        one thread calls it, then a barrier of the block."""
        K.mbarrier_init(current(), bars.handle, as_value(index).handle, int(arrivals))
        _check()

    @staticmethod
    def mbarrier_arrive(bars, index, tx_bytes=0):
        """This thread's arrival, expecting `tx_bytes` more bytes of bulk copies this phase."""
        K.mbarrier_arrive(current(), bars.handle, as_value(index).handle, int(tx_bytes))
        _check()

    @staticmethod
    def mbarrier_wait(bars, index, parity):
        """Waits until the phase of parity `parity` (0 or 1) of bars[index] has completed."""
        K.mbarrier_wait(current(), bars.handle, as_value(index).handle, as_value(parity).handle)
        _check()

    @staticmethod
    def cp_async_commit():
        """Closes a group of this thread's cp.async copies (for multi-buffer pipelines)."""
        K.cp_async_commit(current())
        _check()

    @staticmethod
    def cp_async_wait_group(pending):
        """Waits until at most `pending` committed groups are still in flight."""
        K.cp_async_wait_group(current(), int(pending))
        _check()


class rocdl:
    """AMD copy atoms, buffer tensors and matrix instructions (fx.rocdl)."""

    @staticmethod
    def MFMA(m, n, k, ab_type, acc_type=None):
        """A CDNA3/CDNA4 MFMA atom (waves of 64), e.g. MFMA(16, 16, 4, fx.Float32)."""
        return MmaOp(1, m, n, k, ab_type, acc_type, 64)

    @staticmethod
    def MFMA_Scale(m, n, k, a_format, b_format=None):
        """A CDNA4 (gfx950) block-scaled MFMA atom: 16x16x128 or 32x32x64, A and B in "e4m3",
        "e5m2", "e2m3", "e3m2" or "e2m1" (B as A unless given), fx.gemm(..., scale_a=,
        scale_b=) with E8M0 scales per 32 K values."""
        return ScaledMmaOp(m, n, k, a_format, b_format)

    MFMAScale = MFMA_Scale

    @staticmethod
    def WMMA(m, n, k, ab_type, acc_type=None):
        """An RDNA4 (gfx12) WMMA atom (waves of 32): 16x16x16 f16/bf16."""
        return MmaOp(2, m, n, k, ab_type, acc_type, 32)

    @staticmethod
    def BufferCopy(bits):
        return CopyOp(1, int(bits))

    @staticmethod
    def BufferCopy32b():
        return CopyOp(1, 32)

    @staticmethod
    def BufferCopy64b():
        return CopyOp(1, 64)

    @staticmethod
    def BufferCopy128b():
        return CopyOp(1, 128)

    BufferLDST32b = BufferCopy32b
    BufferLDST128b = BufferCopy128b

    @staticmethod
    def BufferCopyLDS(bits):
        """A buffer load straight into LDS (32 bits; 128 on gfx950): from a buffer tensor into
        shared memory without registers. Lane i of a wave writes at the wave's base + i times
        the atom's bytes, so a wave's destinations must be consecutive in lane order (a tiled
        copy whose threads in a wave take consecutive chunks)."""
        return CopyOp(5, int(bits))

    @staticmethod
    def BufferCopyLDS32b():
        return CopyOp(5, 32)

    @staticmethod
    def BufferCopyLDS128b():
        return CopyOp(5, 128)

    @staticmethod
    def make_buffer_tensor(t):
        """`t` with a buffer resource over all of it: buffer copy atoms read and write it with
        hardware bounds checks on AMD GPUs (the same checks in code on other targets)."""
        return _make_buffer_tensor(t)


__all__ = [
    "Tensor", "TensorValue", "Value", "Int32", "Int64", "Float32", "Float64", "Int8", "Int16",
    "Float16", "BFloat16", "Stream",
    "Constexpr", "range_constexpr", "const_expr", "thread_idx", "block_idx", "block_dim",
    "grid_dim", "lane_id", "barrier", "shuffle_xor", "shuffle_up", "shuffle_down",
    "shuffle_idx", "gpu", "select_value", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh",
    "erf", "maximum", "minimum", "SharedTensor", "DynamicSharedTensor", "Vector", "vector",
    "buffer_ops", "BufferResource", "printf", "Boolean", "CopyAtom", "CopyOp", "IntTupleValue",
    "LayoutValue", "Pointer", "ThrCopy", "TiledCopy", "copy", "make_identity_tensor",
    "make_tensor", "UniversalCopy", "UniversalCopy8b", "UniversalCopy16b", "UniversalCopy32b",
    "UniversalCopy64b", "UniversalCopy128b", "make_copy_atom", "make_tiled_copy",
    "make_tiled_copy_tv", "make_fragment_like", "make_rmem_tensor", "make_view", "get_iter",
    "local_tile", "local_partition", "rocdl", "nvgpu", "SharedAllocator", "Array", "gather",
    "scatter", "UniversalFMA", "MmaAtom", "TiledMma", "ThrMma", "make_mma_atom", "make_tiled_mma",
    "gemm", "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C",
]  # fmt: skip
