"""Layouts, tensors, atoms and the algebra over them, on the host and inside kernels.

The names are CuTe's. A function given host values (ints, tuples, host Layouts) computes on
the host; given a kernel value anywhere (a tuple leaf, a layout or tensor of a traced kernel)
it builds the same operation into the kernel, where static parts still fold at build time."""

import enum

from .. import _host_layout
from .. import _kernel_api as K
from .. import _kernel_layout as KL
from .._control import _array, _check
from .._fly_types import BasisType, ComposedLayoutType, IntTupleType, LayoutType
from .._host_layout import *  # noqa: F401,F403
from .._host_layout import (
    _APPEND,
    _BLOCKED,
    _COALESCE,
    _COMPOSITION,
    _COORD_1D,
    _COORD_FLAT,
    _COORD_IDX2CRD,
    _FILTER,
    _FILTER_ZEROS,
    _FLATTEN,
    _LEFT_INV,
    _MAKE_FRAGMENT_LIKE,
    _MAKE_LAYOUT_LIKE,
    _PREPEND,
    _RAKED,
    _RIGHT_INV,
    _TILER_OPS,
    ComposedFunction,
    Layout,
    Swizzle,
    _tiler_text,
)
from .._ir_types import ElementTyped, Type, type_of
from .._kernel_layout import (
    AddressSpace,
    CopyAtom,
    CopyOp,
    Pointer,
    PointerType,
    TargetAddressSpace,
    TensorValue,
    TiledCopy,
    copy,
    make_identity_tensor,
    make_tensor,
)
from .._lib import ScaledBasis, c_text
from .._mma import MmaOp, UniversalFMA, gemm, make_mma_atom, make_tiled_mma, mma_atom_call
from .._trace import Value, _wrap, as_value, current, select_value, tracing
from ._atom_types import *  # noqa: F401,F403
from ._atom_types import __all__ as _ATOM_TYPES
from .enum import CachePolicy, GemmTraversalOrder, SyncScope
from .numeric import Index

# The same names on kernel values: a layout, tuple or tensor inside a kernel (or a host
# Layout mixed with one) goes to the kernel algebra; host arguments stay on the host.


def _kernel_aware(host_fn, kernel_fn):
    def fn(*args, **kwargs):
        if tracing() and any(KL.is_dynamic(a) for a in args):
            return kernel_fn(*args, **kwargs)
        # FlyDSL answers with a static IntTuple, on the host as in a kernel: an int or tuple
        # that also says so (`fx.size(layout).to_py_value()`).
        return _host_layout.static_value(host_fn(*args, **kwargs))

    fn.__name__, fn.__doc__ = host_fn.__name__, host_fn.__doc__
    return fn


def _kernel_unary(op):
    def fn(x):
        return KL.result(K.layout_unary(current(), op, KL.as_kernel_layout(x)), x)

    return fn


def _kernel_tiler(name):
    def fn(x, tiler):
        h = K.layout_tiler_op(current(), _TILER_OPS[name], KL.as_kernel_layout(x),
                            _tiler_text(tiler).encode())  # fmt: skip
        return KL.result(h, x)

    return fn


def _kernel_binary(op):
    def fn(a, b):
        if not isinstance(b, (Layout,)) and not KL.is_dynamic(b):
            return _kernel_tiler("composition")(a, b)
        h = K.layout_binary(current(), op, KL.as_kernel_layout(a), KL.as_kernel_layout(b))
        return KL.result(h, a)

    return fn


def _kernel_query(which):
    def fn(x):
        if isinstance(x, (tuple, list, KL.IntTupleValue)) or not hasattr(x, "handle"):
            x = KL.make_layout(x)
        return KL.IntTupleValue(K.layout_query(current(), which, KL.as_kernel_layout(x)))

    return fn


def _kernel_slice(x, crd):
    return KL.result(K.slice_(current(), KL.as_kernel_layout(x), KL.int_tuple(crd).handle), x)


def _kernel_dice(x, crd):
    return KL.result(K.dice(current(), KL.as_kernel_layout(x), KL.int_tuple(crd).handle), x)


def _kernel_crd2idx(crd, layout, stride=None):
    if stride is not None or not (
        hasattr(layout, "handle") or isinstance(layout, (Layout, ComposedFunction))
    ):
        layout = KL.make_layout(layout, stride)
    if isinstance(layout, (Layout, ComposedFunction)) and layout.is_composed:
        inner, offset, outer = layout._parts  # inner(offset + outer(crd))
        index = _kernel_crd2idx(crd, outer) + offset
        if not isinstance(inner, Swizzle):
            return _kernel_crd2idx(index, inner)
        if not KL.is_dynamic(index):
            return inner(index)
        index = as_value(index)
        h = K.swizzle_offset(current(), index.handle, inner.bits, inner.base, inner.shift)
        return _wrap(h, index.ir_dtype)
    if isinstance(layout, Layout):
        layout = KL.LayoutValue(KL.as_kernel_layout(layout))
    return layout(crd)


def _kernel_make_layout(*args, stride=None):
    if len(args) == 2 and stride is None:
        args, stride = args[:1], args[1]
    return KL.make_layout(args[0], stride)


def _kernel_identity_layout(shape):
    def basis(mode, path):
        if isinstance(mode, (tuple, list, KL.IntTupleValue)):
            modes = mode.unpack() if isinstance(mode, KL.IntTupleValue) else mode
            return tuple(basis(m, path + (i,)) for i, m in enumerate(modes))
        return ScaledBasis(1, path)

    modes = shape.unpack() if isinstance(shape, KL.IntTupleValue) else shape
    if not isinstance(modes, (tuple, list)):
        return KL.make_layout(modes, ScaledBasis(1, (0,)))
    return KL.make_layout(shape, tuple(basis(m, (i,)) for i, m in enumerate(modes)))


def _kernel_elem_less(a, b):
    return KL.elem_less(a, b)


def _kernel_tuple_op(name):
    op = _host_layout.TUPLE_OPS[name]
    return lambda a, b: KL.tuple_binary(op, a, b)


def _kernel_tuple_unary(name):
    op = _host_layout.TUPLE_UNARY_OPS[name]
    return lambda a: KL.tuple_unary(op, a)


def _kernel_coord(op):
    return lambda index, layout: KL.layout_coord(op, index, layout)


make_layout = _kernel_aware(_host_layout.make_layout, _kernel_make_layout)


def _kernel_idx2crd(idx, layout_or_shape, stride=None):
    if stride is not None:
        layout_or_shape = KL.make_layout(layout_or_shape, stride)
    if isinstance(layout_or_shape, (Layout, KL.LayoutValue)):
        return KL.layout_coord(_COORD_IDX2CRD, idx, layout_or_shape)
    return KL.tuple_binary(_host_layout.TUPLE_OPS["idx2crd"], idx, layout_or_shape)


idx2crd = _kernel_aware(_host_layout.idx2crd, _kernel_idx2crd)
get_flat_coord = _kernel_aware(_host_layout.get_flat_coord, _kernel_coord(_COORD_FLAT))
get_1d_coord = _kernel_aware(_host_layout.get_1d_coord, _kernel_coord(_COORD_1D))
make_layout_like = _kernel_aware(_host_layout.make_layout_like, _kernel_unary(_MAKE_LAYOUT_LIKE))
size = _kernel_aware(_host_layout.size, _kernel_query(0))
cosize = _kernel_aware(_host_layout.cosize, _kernel_query(1))
rank = _kernel_aware(_host_layout.rank, _kernel_query(2))
depth = _kernel_aware(_host_layout.depth, _kernel_query(3))
coshape = _kernel_aware(_host_layout.coshape, _kernel_query(6))
coprofile = _kernel_aware(_host_layout.coprofile, _kernel_query(7))
make_fragment_layout_like = _kernel_aware(
    _host_layout.make_fragment_layout_like, _kernel_unary(_MAKE_FRAGMENT_LIKE)
)
crd2idx = _kernel_aware(_host_layout.crd2idx, _kernel_crd2idx)
slice = _kernel_aware(_host_layout.slice, _kernel_slice)
dice = _kernel_aware(_host_layout.dice, _kernel_dice)
coalesce = _kernel_aware(_host_layout.coalesce, _kernel_unary(_COALESCE))
filter_zeros = _kernel_aware(_host_layout.filter_zeros, _kernel_unary(_FILTER_ZEROS))
right_inverse = _kernel_aware(_host_layout.right_inverse, _kernel_unary(_RIGHT_INV))
left_inverse = _kernel_aware(_host_layout.left_inverse, _kernel_unary(_LEFT_INV))
composition = _kernel_aware(_host_layout.composition, _kernel_binary(_COMPOSITION))
blocked_product = _kernel_aware(_host_layout.blocked_product, _kernel_binary(_BLOCKED))
raked_product = _kernel_aware(_host_layout.raked_product, _kernel_binary(_RAKED))
append = _kernel_aware(_host_layout.append, _kernel_binary(_APPEND))
prepend = _kernel_aware(_host_layout.prepend, _kernel_binary(_PREPEND))
elem_less = _kernel_aware(_host_layout.elem_less, _kernel_elem_less)
equal = _kernel_aware(_host_layout.equal, KL.tuple_equal)
get_leaves = _kernel_aware(_host_layout.get_leaves, KL.leaves)
shape_div = _kernel_aware(_host_layout.shape_div, _kernel_tuple_op("shape_div"))
ceil_div = _kernel_aware(_host_layout.ceil_div, _kernel_tuple_op("ceil_div"))
elem_scale = _kernel_aware(_host_layout.elem_scale, _kernel_tuple_op("elem_scale"))
int_tuple_add = _kernel_aware(_host_layout.int_tuple_add, _kernel_tuple_op("int_tuple_add"))
int_tuple_sub = _kernel_aware(_host_layout.int_tuple_sub, _kernel_tuple_op("int_tuple_sub"))
int_tuple_mul = _kernel_aware(_host_layout.int_tuple_mul, _kernel_tuple_op("int_tuple_mul"))
int_tuple_div = _kernel_aware(_host_layout.int_tuple_div, _kernel_tuple_op("int_tuple_div"))
int_tuple_mod = _kernel_aware(_host_layout.int_tuple_mod, _kernel_tuple_op("int_tuple_mod"))
int_tuple_product_like = _kernel_aware(
    _host_layout.int_tuple_product_like, _kernel_tuple_op("int_tuple_product_like")
)
int_tuple_product = _kernel_aware(
    _host_layout.int_tuple_product, _kernel_tuple_unary("int_tuple_product")
)
int_tuple_product_each = _kernel_aware(
    _host_layout.int_tuple_product_each, _kernel_tuple_unary("product_each")
)
product_each = int_tuple_product_each
make_identity_layout = _kernel_aware(_host_layout.make_identity_layout, _kernel_identity_layout)
logical_divide = _kernel_aware(_host_layout.logical_divide, _kernel_tiler("logical_divide"))
zipped_divide = _kernel_aware(_host_layout.zipped_divide, _kernel_tiler("zipped_divide"))
tiled_divide = _kernel_aware(_host_layout.tiled_divide, _kernel_tiler("tiled_divide"))
flat_divide = _kernel_aware(_host_layout.flat_divide, _kernel_tiler("flat_divide"))
logical_product = _kernel_aware(_host_layout.logical_product, _kernel_tiler("logical_product"))
zipped_product = _kernel_aware(_host_layout.zipped_product, _kernel_tiler("zipped_product"))
tiled_product = _kernel_aware(_host_layout.tiled_product, _kernel_tiler("tiled_product"))
flat_product = _kernel_aware(_host_layout.flat_product, _kernel_tiler("flat_product"))


def flatten(x):
    if KL.is_dynamic(x) and not isinstance(x, (tuple, list)):
        return _kernel_unary(_FLATTEN)(x)
    return _host_layout.flatten(x)


def _filter_any(layout, profile=None):
    return _kernel_unary(_FILTER)(layout)


filter = _kernel_aware(_host_layout.filter, _filter_any)


def make_int_tuple(elems):
    """A tuple: a host IntTuple (a Python tuple with FlyDSL's `.type` and `unpack()`) when
    every leaf is static, else a kernel tuple."""
    return KL.int_tuple(elems) if KL.is_dynamic(elems) else _host_layout.static_value(elems)


def make_shape(*modes):
    """The tuple of `modes`, as FlyDSL builds a shape: make_shape(8, (4, 2)) is (8, (4, 2)),
    make_shape(8) the rank-1 (8,); a single tuple value passes as it is."""
    if len(modes) == 1 and isinstance(modes[0], KL.IntTupleValue):
        return modes[0]
    return make_int_tuple(tuple(modes))


make_stride = make_coord = make_shape


def make_tile(*modes):
    """A static tiler: make_tile(4, 8), make_tile([L0, L1]) or make_tile(L); `.unpack()` gives
    its modes back (one mode: that mode)."""
    if len(modes) == 1 and isinstance(modes[0], (list, tuple)):
        modes = tuple(modes[0])
    return _host_layout.static_value(modes[0] if len(modes) == 1 else tuple(modes))


class TileType:
    """A tile as a type (`!fly.tile<...>`): its modes, ints or fx.LayoutType; `fx.static` of
    it is the tile."""

    def __init__(self, modes):
        self.modes = modes

    @staticmethod
    def get(modes):
        return TileType(list(modes) if isinstance(modes, (list, tuple)) else [modes])

    def __repr__(self):
        return f"!fly.tile<{', '.join(map(str, self.modes))}>"


def get(int_tuple, *path, mode=None):
    """FlyDSL's get(int_tuple, mode): the integer at that mode (in a kernel an fx.Index, as
    FlyDSL's scalar of the selected mode); of a layout, CuTe's get<i, j, ...>: that mode as a
    layout of its own."""
    if mode is not None:
        path = (mode,) + path
    if isinstance(int_tuple, Layout):
        return _host_layout.get(int_tuple, *path)
    if len(path) == 1 and isinstance(path[0], (tuple, list)):
        path = tuple(path[0])
    v = int_tuple.unpack() if isinstance(int_tuple, KL.IntTupleValue) else int_tuple
    for i in path:
        v = v[i]
    if isinstance(v, Value):
        return Index(v)
    return v


def get_(int_tuple, mode):
    """Mode `mode` (an index, or a list of them: a path) of a tuple or layout, as a value of
    its own (FlyDSL's get_)."""
    path = [mode] if isinstance(mode, int) else list(mode)
    if isinstance(int_tuple, Layout):
        return _host_layout.get(int_tuple, *path)
    if isinstance(int_tuple, tuple):
        for i in path:
            int_tuple = int_tuple[i]
        return _host_layout.static_value(int_tuple)
    for i in path:
        int_tuple = int_tuple[i]
    return int_tuple


def select(int_tuple, *args, indices=None):
    """select(L, [i, j, ...]), select(L, indices=[...]) or select(L, i, j, ...): the listed
    modes of a layout (or of a tuple, given a list); one mode is that mode, as in FlyDSL.
    Inside a kernel, select(cond, a, b) picks a value."""
    if indices is not None:
        args = (list(indices),) + args
    listed = len(args) == 1 and isinstance(args[0], (list, tuple))
    if isinstance(int_tuple, Layout) or (isinstance(int_tuple, tuple) and listed):
        modes = list(args[0]) if listed else list(args)
        if len(modes) == 1:
            return get_(int_tuple, modes[0])
        if isinstance(int_tuple, Layout):
            return _host_layout.select(int_tuple, modes)
        return _host_layout.static_value(tuple(int_tuple[i] for i in modes))
    return select_value(int_tuple, *args)


def take(int_tuple, begin, end):
    """Modes begin..end-1 of a layout (end -1: to the last); one mode is that mode, as in
    FlyDSL (CuTe's take<b,b+1> keeps it a rank-1 tuple)."""
    end = _host_layout.rank(int_tuple) if end == -1 else end
    if end - begin == 1:
        return get_(int_tuple, begin)
    return _host_layout.take(int_tuple, begin, end)


def get_scalar(int_tuple):
    """The one leaf of a single-leaf tuple: an int where static, a kernel integer where not;
    anything else is returned as it is."""
    if isinstance(int_tuple, KL.IntTupleValue):
        return int_tuple._leaf()
    if isinstance(int_tuple, tuple) and len(int_tuple) == 1 and not isinstance(int_tuple[0], tuple):
        return int_tuple[0]
    return int_tuple


def memref_load_vec(memref):
    """All elements of a register tensor as one vector."""
    return memref.load()


def memref_store_vec(vector, memref):
    """A vector into all elements of a register tensor (converted to its element type)."""
    memref.store(vector)


def memref_load(memref, indices):
    """The element at a coordinate."""
    return memref[indices]


def memref_store(value, memref, indices):
    """`memref[indices] = value`."""
    memref[indices] = value


def copy_atom_call(copy_atom, src, dst, pred=None):
    """One copy by `atom` from src to dst (tensors of the atom's values; fx.copy repeats the
    atom over larger ones)."""
    copy(copy_atom, src, dst, pred=pred)


def range_constexpr(*args):
    """A loop unrolled while tracing: the bounds are Python integers."""
    return range(*args)


def const_expr(x):
    """Marks a compile-time condition (a Python value)."""
    if isinstance(x, Value):
        raise TypeError("const_expr needs a Python value, got a kernel value")
    return x


def printf(*args, format_str=""):
    """printf from every thread that runs it (on the cpu target, to the process's stdout).

    FlyDSL's form, `printf("i={} x={}", i, x)`: each `{}` prints the next argument (integers in
    decimal, floats with two decimals; Python values are written into the text), and a newline
    ends the line; `printf(x, y)` prints the values separated by spaces. A format with `%`
    conversions and no `{}` is C's printf format instead, checked against the arguments and
    printed as it is."""
    if args and isinstance(args[0], str):
        text, rest = args[0], list(args[1:])
    else:
        text, rest = format_str, list(args)
    if not text:
        text = " ".join(["{}"] * len(rest))
    if "%" in text and "{}" not in text:
        values = [as_value(a) for a in rest]
        K.printf(current(), c_text(text, "the printf format"), _array(values), len(values))
        _check()
        return
    pieces, values = text.split("{}"), []
    parts = [pieces[0]]
    for i, piece in enumerate(pieces[1:]):
        arg = rest[i] if i < len(rest) else None
        kernel_tuple = isinstance(arg, (KL.IntTupleValue, KL.LayoutValue))
        if i >= len(rest) or kernel_tuple or isinstance(arg, Value):
            parts.append("{}")
            if i < len(rest):  # a tuple or layout prints as FlyDSL's does: (4,?) with its values
                values.append(arg if kernel_tuple else as_value(arg))
        else:  # a Python value: part of the text
            parts.append(arg.__name__ if isinstance(arg, type) else str(arg).replace("{}", "{ }"))
        parts.append(piece)
    if len(rest) > len(pieces) - 1:
        raise ValueError(f"printf: {len(rest)} arguments for {len(pieces) - 1} {{}} placeholders")
    K.print_(current(), c_text("".join(parts), "the printf format"), _array(values), len(values))
    _check()


class AtomicOp(enum.IntEnum):
    """How an atomic combines a value into memory (FlyDSL's numbering, the C API's
    fly_atomic_op); And, Or, Inc and Dec take integers."""

    Add = 0
    Max = 1
    Min = 2
    And = 3
    Or = 4
    Inc = 5
    Dec = 6


def UniversalAtomic(atomic_op, val_type, syncscope=SyncScope.System):
    """An atomic copy op: make_copy_atom(UniversalAtomic(fx.AtomicOp.Add, fx.Float32), ...)
    combines each source element into the destination (global or shared memory) by a relaxed
    atomic read-modify-write at LLVM sync scope `syncscope` (fx.SyncScope, fx.rocdl.SyncScope)."""
    return KL.AtomicCopyOp(atomic_op, val_type, syncscope)


def _universal_atomic(op):
    def make(val_type, syncscope=SyncScope.System):
        return UniversalAtomic(op, val_type, syncscope)

    make.__name__ = make.__qualname__ = f"UniversalAtomic{op.name}"
    make.__doc__ = f"UniversalAtomic(AtomicOp.{op.name}, val_type, syncscope)."
    return make


UniversalAtomicAdd = _universal_atomic(AtomicOp.Add)
UniversalAtomicMax = _universal_atomic(AtomicOp.Max)
UniversalAtomicMin = _universal_atomic(AtomicOp.Min)
UniversalAtomicAnd = _universal_atomic(AtomicOp.And)
UniversalAtomicOr = _universal_atomic(AtomicOp.Or)
UniversalAtomicInc = _universal_atomic(AtomicOp.Inc)
UniversalAtomicDec = _universal_atomic(AtomicOp.Dec)


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


def make_copy_atom(copy_op_type, elem_type):
    return CopyAtom(copy_op_type, elem_type)


def make_tiled_copy(copy_atom, layout_thr_val, tile_mn):
    """A tiled copy from a (thread, value) -> tile coordinate layout over tile_mn."""
    return TiledCopy(copy_atom, layout_thr_val, tile_mn)


def make_fragment_like(tensor, dtype=None):
    """A register tensor shaped like `t` (a tensor or layout), of t's dtype or `dtype`."""
    if dtype is None:
        dtype = getattr(tensor, "dtype", None)
        if dtype is None:
            raise TypeError("make_fragment_like of a layout needs a dtype")
    return KL.make_fragment(tensor, dtype)


def make_view(iter, layout):
    """A tensor over an iterator (fx.get_iter(t)) with a layout."""
    return make_tensor(iter, layout)


class SwizzleType:
    """FlyDSL's swizzle type: `SwizzleType.get(bits, base, shift)` is CuTe's Swizzle<B, M, S>,
    a static value (as `fx.static` gives it)."""

    @staticmethod
    def get(bits, base, shift):
        return Swizzle(bits, base, shift)


def static(result_type):
    """A value whose content is all static (a swizzle, layout or tuple); here such values are
    themselves static, so this is the value. Of a type (fx.LayoutType, fx.TileType), the
    value it names."""
    if isinstance(result_type, LayoutType):
        return _host_layout.make_layout(result_type.shape.tree, result_type.stride.tree)
    if isinstance(result_type, IntTupleType):
        return _host_layout.static_value(result_type.tree)
    if isinstance(result_type, TileType):
        return make_tile(*[static(m) for m in result_type.modes])
    return result_type


def get_shape(layout):
    """The shape of a tensor or layout (FlyDSL's get_shape)."""
    return layout.shape


def get_stride(layout):
    """The stride of a tensor or layout (FlyDSL's get_stride)."""
    stride = get_layout(layout).stride
    return stride() if callable(stride) else stride


def get_layout(memref):
    """A tensor's layout (a layout is its own)."""
    return getattr(memref, "layout", memref)


def get_iter(memref):
    """The iterator (a Pointer) of a tensor, or the pointer itself."""
    return memref if isinstance(memref, Pointer) else Pointer(memref)


def get_dyn_shared(dtype=None):
    """A pointer to the first byte of the launch's dynamic shared memory (`launch(smem=...)`),
    to elements of `dtype` (bytes by default: recast it with recast_iter). Nothing checks
    offsets against the launch's size."""
    dtype = "i8" if dtype is None else KL._dtype_name(dtype)
    return Pointer(KL.dynamic_shared_tensor(dtype, Pointer._SPAN))


def recast_iter(result_type, src):
    """`src` (a pointer) as a pointer to elements of `result_type` (fx.Float32, ..., or a
    fx.PointerType, whose element type counts): the same address, read as the new type
    (FlyDSL's reinterpret_cast of an iterator)."""
    if not isinstance(src, Pointer):
        raise TypeError(f"recast_iter needs a pointer (fx.get_iter(t), ...), got {src!r}")
    if isinstance(result_type, PointerType):
        buffer = result_type.address_space == TargetAddressSpace.BufferDesc
        if buffer != (src.address_space == TargetAddressSpace.BufferDesc):
            raise ValueError(
                f"recast_iter to {result_type!r} of a pointer into {src.address_space.name}: a "
                "recast keeps the memory, so a buffer pointer stays one and a plain one stays plain"
            )
        result_type = result_type.ir_dtype
    return src.recast(result_type)


class MemRefType(ElementTyped):
    """A tensor's type: element type, layout type, address space and alignment, as
    `fx.memref_alloca` takes it."""

    def __init__(
        self, element_type, layout_type, address_space=AddressSpace.Register, alignment=None
    ):
        if not isinstance(layout_type, LayoutType):
            raise TypeError(f"MemRefType needs an fx.LayoutType, got {layout_type!r}")
        self.ir_dtype = KL._dtype_name(element_type)
        self.layout_type = layout_type
        self.address_space = AddressSpace(int(address_space))
        self.alignment = alignment

    @staticmethod
    def get(element_type, layout_type, address_space=AddressSpace.Register, alignment=None):
        return MemRefType(element_type, layout_type, address_space, alignment)

    @property
    def element_type(self):
        return type_of(self.ir_dtype)

    def __repr__(self):
        space = self.address_space.name.lower()
        layout = str(self.layout_type)[len("!fly.layout<") : -1]
        return f"!fly.memref<{type_of(self.ir_dtype)}, {space}, {layout}>"


def memref_alloca(memref_type, layout=None):
    """A register tensor of `memref_type`, laid out by `layout` (its layout type's layout by
    default). Shared memory comes from fx.SharedAllocator or fx.SharedTensor instead."""
    if not isinstance(memref_type, MemRefType):
        raise TypeError(f"memref_alloca needs an fx.MemRefType, got {memref_type!r}")
    if memref_type.address_space != AddressSpace.Register:
        raise ValueError(
            "memref_alloca allocates registers; shared memory comes from fx.SharedAllocator"
        )
    return KL.make_fragment(
        static(memref_type.layout_type) if layout is None else layout, memref_type.ir_dtype
    )


def ptrtoint(ptr):
    """The address `ptr` points to, an i64 (global or shared memory only)."""
    if not isinstance(ptr, Pointer):
        raise TypeError(f"ptrtoint needs a pointer (fx.get_iter(t), ...), got {ptr!r}")
    return ptr.address()


def inttoptr(result_type, src):
    """A pointer of `result_type` (an fx.PointerType; a numeric type means global memory) at
    the integer address `src`."""
    if not isinstance(result_type, PointerType):
        result_type = PointerType(result_type)
    if result_type.address_space == AddressSpace.Register:
        raise ValueError("inttoptr: registers have no addresses")
    return Pointer.at_address(src, result_type.ir_dtype, result_type.address_space)


def make_ptr(result_type, args, *, dict_attrs=None):
    """FlyDSL's make_ptr of a buffer pointer (`result_type` in TargetAddressSpace.BufferDesc):
    `args` are a global pointer, the stride (the constant 0), the resource's size in bytes and
    its flags word. The result points through an AMD buffer resource over those bytes from the
    pointer on, its elements `result_type`'s. The flags are the arch's, which the rocm pipeline
    fills in, so the word given is not used; other pointers are made by fx.inttoptr."""
    if not isinstance(result_type, PointerType):
        raise TypeError(f"make_ptr needs an fx.PointerType, got {result_type!r}")
    if result_type.address_space != TargetAddressSpace.BufferDesc:
        raise NotImplementedError(
            f"make_ptr of {result_type!r}: only buffer pointers are made from parts here; a "
            "plain pointer is fx.inttoptr of its address"
        )
    base, stride, num_records, _flags = args
    if not isinstance(base, Pointer) or base.address_space != AddressSpace.Global:
        raise TypeError(f"make_ptr of a buffer pointer starts at a global pointer, got {base!r}")
    if as_value(stride)._constant() != 0:
        raise ValueError("make_ptr of a buffer pointer takes the stride 0 (a raw buffer)")
    start = base.recast(result_type.ir_dtype)._here()
    return Pointer(KL.make_buffer_tensor(start, num_records_bytes=num_records))


def to_llvm_ptr(ptr):
    """A pointer as an `!llvm.ptr` value in its target address space (FlyDSL's to_llvm_ptr:
    `!llvm.ptr<1>` for global memory, `<3>` for shared), what the llvm dialect's ops take."""
    return ptr.llvm_ptr


def add_offset(ptr, offset):
    """`ptr` moved by `offset` elements (an int, a kernel integer or a one-leaf int tuple)."""
    if isinstance(offset, KL.IntTupleValue):
        offset = offset._leaf()
    return ptr + offset


def ptr_load(ptr, result_type=None):
    """The element at `ptr`, or a vector of consecutive ones for a vector type
    (fx.Float32x4, or MLIR's vector<4xf32> type object). As in FlyDSL, any other object that
    carries a type object as `ir_type` stands for that type."""
    if not isinstance(result_type, Type) and isinstance(
        getattr(result_type, "ir_type", None), Type
    ):
        result_type = result_type.ir_type
    return ptr.load(result_type)


def ptr_store(value, ptr):
    """Writes `value` (an element or a vector of consecutive ones) at `ptr`."""
    ptr.store(value)


class MmaOperand(enum.IntEnum):
    """An MMA's operands as FlyDSL's functional forms name them; D, the result, is laid out as C."""

    A = 0
    B = 1
    C = 2
    D = 3


def _operand(operand_id):
    op = MmaOperand(operand_id)
    return MmaOperand.C if op is MmaOperand.D else op


def tiled_copy_partition_src(tiled_copy, src, thr_int_tuple):
    """tiled_copy.get_slice(thr).partition_S(src), as FlyDSL's functional form."""
    return tiled_copy.get_slice(thr_int_tuple).partition_S(src)


def tiled_copy_partition_dst(tiled_copy, dst, thr_int_tuple):
    return tiled_copy.get_slice(thr_int_tuple).partition_D(dst)


def tiled_copy_retile(tiled_copy, t):
    """A register fragment seen as the tiled copy's atoms take it (ThrCopy.retile)."""
    return tiled_copy.get_slice(0).retile(t)


def tiled_mma_partition(operand_id, tiled_mma, t, coord):
    """Thread `coord`'s part of operand `operand_id` (an MmaOperand) of `t`."""
    return tiled_mma.get_slice(coord).partition(int(_operand(operand_id)), t)


def tiled_mma_partition_shape(operand_id, tiled_mma, shape):
    """The shape of one thread's part of an operand tile of static `shape`."""
    tile = _host_layout.make_layout(shape)
    return tiled_mma.get_slice(0).partition(int(_operand(operand_id)), tile).shape


def mma_make_fragment(operand_id, tiled_mma, input, *, stages=None):  # noqa: A002 (FlyDSL's)
    """A register fragment for operand `operand_id` like `input` (TiledMma.make_fragment_A/B/C,
    of the accumulator's dtype for C and D)."""
    return getattr(tiled_mma, "make_fragment_" + _operand(operand_id).name)(input, stages=stages)


def atom_set_value(atom, field, value):
    """A copy of `atom` with a state field set (FlyDSL's fly.atom_set_value), as
    `atom.set_value(field, value)`: a buffer copy's `soffset`."""
    set_value = getattr(atom, "set_value", None)
    if set_value is None:
        raise TypeError(f"{type(atom).__name__} has no state to set (buffer copy atoms do)")
    return set_value(field, value)


def local_tile(t, tile, coord):
    """The tile at `coord` of `t` divided by `tile` (CuTe's local_tile / inner_partition)."""
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
    h = K.local_partition(current(), t.handle, KL.as_kernel_layout(thr_layout),
                          KL.coord(thr_idx).handle)  # fmt: skip
    return TensorValue(KL._checked(h), t.ir_dtype, None)


__all__ = _host_layout.__all__ + [
    "SwizzleType", "static", "to_llvm_ptr", "get_shape", "get_stride", "get_layout",
    "make_int_tuple",
    "make_shape", "make_stride", "make_coord", "make_tile", "get_scalar",
    "range_constexpr", "memref_load_vec", "memref_store_vec", "memref_load", "memref_store",
    "copy_atom_call",
    "const_expr", "printf", "UniversalCopy", "UniversalCopy8b", "UniversalCopy16b",
    "UniversalCopy32b", "UniversalCopy64b", "UniversalCopy128b", "make_copy_atom",
    "make_tiled_copy", "make_fragment_like", "make_view", "get_iter", "recast_iter",
    "get_dyn_shared", "add_offset", "ptr_load", "ptr_store", "ptrtoint", "inttoptr", "make_ptr",
    "PointerType",
    "AddressSpace", "TileType", "local_tile", "LayoutType", "IntTupleType", "ComposedLayoutType",
    "BasisType", "get_", "MemRefType", "memref_alloca",
    "local_partition", "copy", "gemm", "mma_atom_call", "make_mma_atom", "make_tiled_mma",
    "UniversalFMA",
    "make_tensor", "make_identity_tensor", "CopyOp", "MmaOp", "AtomicOp", "SyncScope",
    "GemmTraversalOrder", "UniversalAtomic", "UniversalAtomicAdd", "UniversalAtomicMax",
    "UniversalAtomicMin", "UniversalAtomicAnd", "UniversalAtomicOr", "UniversalAtomicInc",
    "UniversalAtomicDec", "atom_set_value", "MmaOperand", "tiled_copy_partition_src",
    "tiled_copy_partition_dst", "tiled_copy_retile", "tiled_mma_partition",
    "tiled_mma_partition_shape", "mma_make_fragment", "CachePolicy", *_ATOM_TYPES,
]  # fmt: skip
