"""FlyDSL's `SmemAllocator`: byte offsets into one shared-memory buffer of a kernel, planned on
the host, and `SmemPtr`, a typed view at one of them inside the kernel.

    allocator = SmemAllocator(None, arch="gfx942")
    offset = allocator._align(allocator.ptr, 16)
    allocator.ptr = offset + 64 * 4

    @flyc.kernel
    def k(...):
        scratch = SmemPtr(allocator.get_base(), offset, fx.T.f32, shape=(64,))
        scratch.store(x, [i])

The buffer is the kernel's static shared memory (`fx.SharedAllocator`'s storage), sized to
`ptr` rounded up to 128 bytes and aligned to 1024; `finalize()` only checks it against the
arch's capacity (there is no module-level global to emit here: each kernel that calls
`get_base()` gets the buffer).
"""

import ctypes

from .._kernel_api import shared_memory_capacity
from .._kernel_layout import Pointer, make_layout, shared_tensor
from .._lib import check
from .._trace import current
from ..expr import arith
from ..expr.typing import T

_BLOCK = 128  # the buffer's size is a multiple of this
_BASE_ALIGN = 1024

_KNOWN_ARCHS = ("gfx942", "gfx950", "gfx1100", "gfx1151", "gfx1201", "sm_80", "sm_90")


def _capacity(arch):
    bytes_ = ctypes.c_int64()
    target = "cuda" if arch.startswith("sm_") else "rocm"
    check(shared_memory_capacity(target.encode(), arch.encode(), ctypes.byref(bytes_)))
    return bytes_.value


# The static shared memory a block may have on the archs FlyDSL's programs name, from the
# library (the limit compiling checks).
SMEM_CAPACITY_MAP = {arch: _capacity(arch) for arch in _KNOWN_ARCHS}


def check_smem_capacity(allocated_bytes, arch=None):
    """Raises RuntimeError where `allocated_bytes` exceed the arch's static shared memory;
    nothing is checked without an arch."""
    if arch is None:
        return
    limit = _capacity(arch)
    if allocated_bytes > limit:
        raise RuntimeError(
            f"Shared Memory Overflow: Requested {allocated_bytes} bytes, "
            f"but device {arch} limit is {limit} bytes."
        )


def get_mlir_type_size(mlir_type):
    """The bytes a value of the type takes (a vector: all its lanes; i1 counts as one byte)."""
    width = getattr(mlir_type, "width", None)
    if width is None:
        raise TypeError(f"get_mlir_type_size needs a type (fx.T.f32, T.vec(4, T.f16), ...), "
                        f"got {mlir_type!r}")  # fmt: skip
    return max(1, width // 8) * getattr(mlir_type, "lanes", 1)


def get_mlir_type_align(mlir_type):
    """The alignment a value of the type asks for: its size, at most 16 bytes."""
    return min(get_mlir_type_size(mlir_type), 16)


def get_op_result_or_value(op_or_val):
    """The value an op-like object stands for (`.result`, the first of `.results`), or the value
    itself: kernel values here are values already."""
    for name in ("result", "results"):
        found = getattr(op_or_val, name, None)
        if found is not None and not callable(found):
            return found[0] if name == "results" else found
    return op_or_val


def get_index_value(op_or_val):
    """An index for a view's coordinate: a Python int as it is, a kernel integer as an index."""
    if isinstance(op_or_val, int):
        return op_or_val
    return arith.index_cast(T.index, get_op_result_or_value(op_or_val))


class SmemAllocator:
    """Plans one shared buffer: `ptr` is the next free byte (advance it past each piece,
    `_align` first)."""

    def __init__(self, ctx, arch=None, global_sym_name="smem_storage"):
        self.ctx = ctx
        self.arch = arch
        self.global_sym_name = global_sym_name
        self.ptr = 0
        self.max_size = 0
        self.alignment = _BLOCK
        self.finalized = False
        self._base = None  # (the kernel traced, its buffer)

    @staticmethod
    def _align(ptr, align):
        return (ptr + align - 1) // align * align

    def total_bytes(self):
        """The buffer's size: `ptr` rounded up to 128 bytes (128 at least)."""
        return max(self._align(self.ptr, _BLOCK), _BLOCK)

    def finalize(self):
        """Checks the buffer against the arch's shared memory (the buffer itself is made by each
        kernel that calls get_base)."""
        check_smem_capacity(self.total_bytes(), self.arch)
        self.finalized = True

    def get_base(self):
        """Inside a kernel: a pointer to the buffer's first byte (one buffer per kernel traced;
        call it where the kernel's top level can see it)."""
        kernel = current()
        if self._base is None or self._base[0] is not kernel:
            check_smem_capacity(self.total_bytes(), self.arch)
            self._base = (kernel, Pointer(shared_tensor("i8", self.total_bytes(), _BASE_ALIGN)))
        return self._base[1]


class SmemPtr:
    """Elements of `element_type` at `byte_offset` into the buffer `base_memref` (get_base's
    pointer), as a row-major tensor of `shape` (one element when None)."""

    def __init__(self, base_memref, byte_offset, element_type, shape=None):
        self.base_memref = base_memref
        self.byte_offset = int(byte_offset)
        self.element_type = element_type
        self.shape = tuple(shape) if shape else None

    def get(self):
        """The tensor view (made where it is asked for, so a view first wanted inside a branch
        does not outlive it)."""
        shape = self.shape or (1,)
        stride, step = [], 1
        for extent in reversed(shape):
            stride.insert(0, step)
            step *= extent
        typed = (self.base_memref + self.byte_offset).recast(self.element_type)
        # A layout, not the tuple (shape, stride): view() takes a bare tuple for a shape, whose
        # compact strides would spread the elements far past the buffer.
        return typed.view(make_layout(tuple(shape), tuple(stride)))

    def _coord(self, idxs):
        if idxs is None:
            idxs = [0] * len(self.shape or (1,))
        idxs = list(idxs)
        return idxs[0] if len(idxs) == 1 else tuple(idxs)

    def load(self, idxs=None):
        """The element at `idxs` (one index per mode; element 0 when None)."""
        return self.get()[self._coord(idxs)]

    def store(self, val, idxs=None):
        """Writes `val` at `idxs` (one index per mode; element 0 when None)."""
        self.get()[self._coord(idxs)] = val


__all__ = [
    "SmemAllocator",
    "SmemPtr",
    "SMEM_CAPACITY_MAP",
    "check_smem_capacity",
    "get_index_value",
    "get_mlir_type_align",
    "get_mlir_type_size",
    "get_op_result_or_value",
]
