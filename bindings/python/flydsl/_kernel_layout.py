"""Layouts, tensors, copy atoms and tiled copies inside a traced kernel.

Kernel tuples and layouts are C API values whose leaves are static ints or kernel integers;
the algebra runs in the library (the host layout algebra, folded where static). This module
only translates: nested Python tuples with Value leaves become CuTe text with `?` leaves plus
the values, and results come back as IntTupleValue / LayoutValue / TensorValue objects.
Atoms and tiled copies are host descriptions (hashable, so a kernel may take one as a
compile-time argument); they become kernel values where a kernel uses them."""

import ctypes
import enum
import math

from . import _kernel_api as K
from ._fly_types import DYNAMIC, ComposedLayoutType, IntTupleType, LayoutType, tree_leaves
from ._host_layout import (
    ComposedFunction,
    Layout,
    _tiler_text,
    cosize,
    get,
    parse_tuple,
    recast_layout,
    typst_copy,
)
from ._host_layout import make_layout as make_host_layout
from ._host_view import HostTensorView, is_host_tensor
from ._ir_types import ElementTyped, bit_width, dtype_name, type_of
from ._lib import CallableInt, ScaledBasis
from ._llvm_pointer import LLVMPointer
from ._trace import Value, _BuilderError, _wrap, as_value, current, tracing
from .errors import ParseError


def _checked(h):
    if not h:
        message = K.kernel_error(current())
        raise _BuilderError(message.decode() if message else "kernel builder failed")
    return h


def _handles(values):
    return (ctypes.c_void_p * len(values))(*[v.handle for v in values]), len(values)


def has_underscore(x):
    if x is None or getattr(x, "_is_underscore", False):
        return True
    return isinstance(x, (tuple, list)) and any(has_underscore(e) for e in x)


def is_dynamic(x):
    """Whether x holds a kernel value anywhere (a leaf, a tuple, a layout, a tensor)."""
    if isinstance(x, (Value, IntTupleValue, LayoutValue, TensorValue)):
        return True
    if isinstance(x, ComposedFunction):
        return any(is_dynamic(p) for p in x._parts)
    return isinstance(x, (tuple, list)) and any(is_dynamic(e) for e in x)


def template(x):
    """A nested tuple as CuTe text with `?` for kernel-value leaves, and those values."""
    dynamic = []

    def walk(v):
        if isinstance(v, IntTupleValue):
            v = v.unpack()
        if isinstance(v, (tuple, list)):
            return "(" + ",".join(walk(e) for e in v) + ")"
        if v is None or getattr(v, "_is_underscore", False):
            return "_"
        if isinstance(v, ScaledBasis):
            if isinstance(v.value, Value):
                raise TypeError("a basis element's scale is an int here, got a kernel value")
            return v.cute_text()
        if isinstance(v, Value):
            dynamic.append(v)
            return "?"
        if isinstance(v, bool) or not hasattr(v, "__index__"):
            raise TypeError(f"a tuple leaf must be an int or a kernel integer, got {v!r}")
        return str(int(v.__index__()))

    return walk(x), dynamic


def _parse(text):
    """CuTe text -> nested tuple with leaves: int, "?" (dynamic, whatever its divisor) or "_";
    leaf count."""
    pos, count = 0, 0

    def element():
        nonlocal pos, count
        if text[pos] == "(":
            pos += 1
            items = []
            while text[pos] != ")":
                items.append(element())
                if text[pos] == ",":
                    pos += 1
            pos += 1
            return tuple(items)
        start = pos
        while pos < len(text) and text[pos] not in ",)":
            pos += 1
        token = text[start:pos]
        count += 1
        if token == "_" or token.startswith("?"):  # ?{div=16}: a multiple of 16
            return (token[0], count - 1)
        return int(token.split("@")[0]) if "@" not in token else token

    return element()


def _type_tree(text):
    """A kernel value's CuTe text as the structure of its Fly type: `?` leaves DYNAMIC, basis
    elements (`1@0`, `?@1`) ScaledBasis."""

    def leaf(x):
        if isinstance(x, tuple) and len(x) == 2 and x[0] in ("?", "_"):
            return DYNAMIC
        if isinstance(x, tuple):
            return tuple(leaf(e) for e in x)
        if isinstance(x, str):  # a basis element
            value, *modes = x.split("@")
            return ScaledBasis(DYNAMIC if value.startswith("?") else int(value), map(int, modes))
        return x

    return leaf(_parse(text))


class IntTupleValue:
    """A tuple inside a kernel: static leaves are ints, dynamic ones kernel integers.
    `unpack()` gives the nested Python tuple (ints and Values)."""

    __slots__ = ("handle",)

    def __init__(self, handle):
        self.handle = _checked(handle)

    def __str__(self):
        return _text(self.handle)

    __repr__ = __str__

    @property
    def type(self):
        """The tuple's Fly type: `!fly.int_tuple<(?,8)>`, `?` where a leaf is dynamic."""
        return IntTupleType(_type_tree(str(self)))

    def unpack(self):
        tree = _parse(str(self))

        def build(t):
            if (
                isinstance(t, tuple)
                and len(t) == 2
                and t[0] in ("?", "_")
                and isinstance(t[1], int)
            ):
                if t[0] == "_":
                    return None
                return _wrap(K.tuple_leaf(current(), self.handle, t[1]))
            if isinstance(t, tuple):
                return tuple(build(e) for e in t)
            return t

        return build(tree)

    def __getitem__(self, mode):
        """Mode `mode` (or the mode at a path of indices) as a tuple of its own, as FlyDSL's
        IntTuple gives it: `fx.size(t.shape[0])`, `t.shape[1].to_py_value()`."""
        path = list(mode) if isinstance(mode, (list, tuple)) else [mode]
        v = self.unpack()
        for i in path:
            modes = _as_tuple(v)
            if not isinstance(i, int) or isinstance(i, bool):
                raise TypeError(f"a mode index is an int, got {i!r}")
            if not -len(modes) <= i < len(modes):
                raise IndexError(f"mode {i} of {self}, which has {len(modes)}")
            v = modes[i]
        return int_tuple(v)

    def __len__(self):
        return len(_as_tuple(self.unpack()))

    @property
    def rank(self):
        """The number of top-level modes (FlyDSL's IntTuple.rank)."""
        return len(self)

    def __iter__(self):
        return iter(_as_tuple(self.unpack()))

    def _leaf(self):
        v = self.unpack()
        if isinstance(v, tuple) and len(v) == 1 and not isinstance(v[0], tuple):
            v = v[0]  # a rank-1 tuple of one leaf stands for the leaf (FlyDSL's get_scalar)
        if isinstance(v, tuple):
            raise TypeError(f"{self} is a tuple, not one integer")
        return v

    def __fly_scalar__(self):
        return self._leaf()

    def to_py_value(self):
        """The tuple as Python ints (one int for a single leaf); a ValueError where a leaf is
        only known when the kernel runs."""

        def static(t):
            if isinstance(t, tuple):
                return tuple(static(e) for e in t)
            if isinstance(t, Value):
                raise ValueError(f"{self} has a dynamic leaf: no Python value")
            return t

        v = self.unpack()
        if isinstance(v, tuple) and len(v) == 1 and not isinstance(v[0], tuple):
            v = v[0]
        return static(v)

    @property
    def is_leaf(self):
        return not isinstance(self.unpack(), tuple)

    @property
    def is_static(self):
        """Whether every leaf is known when the kernel is built."""
        return "?" not in str(self)

    @property
    def depth(self):
        def depth(t):
            return 1 + max((depth(e) for e in t), default=0) if isinstance(t, tuple) else 0

        return depth(self.unpack())

    @property
    def get_static_leaf_int(self):
        """The int of a static single-leaf tuple."""
        v = self._leaf()
        if isinstance(v, Value):
            raise ValueError(f"{self} is not a static leaf")
        return v

    def __index__(self):
        v = self._leaf()
        if isinstance(v, Value):
            raise TypeError(f"{self} is only known inside the kernel")
        return v

    __int__ = __index__

    def __add__(self, o):
        return self._leaf() + o

    __radd__ = __add__

    def __mul__(self, o):
        return self._leaf() * o

    __rmul__ = __mul__

    def __sub__(self, o):
        return self._leaf() - o

    def __rsub__(self, o):
        return o - self._leaf()

    def __floordiv__(self, o):
        return self._leaf() // o

    def __mod__(self, o):
        return self._leaf() % o

    def __lt__(self, o):
        return self._leaf() < o

    def __eq__(self, o):
        if isinstance(o, (int, Value)):
            return self._leaf() == o
        return NotImplemented

    __hash__ = None


def _as_tuple(v):
    return v if isinstance(v, tuple) else (v,)


def _text(handle):
    out = ctypes.c_void_p()
    status = K.value_to_string(current(), handle, ctypes.byref(out))
    if status != 0:
        raise _BuilderError(K.kernel_error(current()).decode())
    return K.take_string(out)


class LayoutValue:
    """A layout inside a kernel (some leaves dynamic). `L(crd)` is crd2idx."""

    __slots__ = ("handle",)

    def __init__(self, handle):
        self.handle = _checked(handle)

    def __str__(self):
        return _text(self.handle)

    __repr__ = __str__

    @property
    def type(self):
        """The layout's Fly type: `!fly.layout<(?,8):(1,?)>`, `?` where a leaf is dynamic."""
        text = str(self)
        if " o " in text:
            return ComposedLayoutType(text.replace("Sw<", "S<").replace("@", "E"))
        shape, stride = text.split(":")
        return LayoutType(_type_tree(shape), _type_tree(stride))

    @property
    def shape(self):
        return IntTupleValue(K.layout_query(current(), 4, self.handle))

    @property
    def stride(self):
        return IntTupleValue(K.layout_query(current(), 5, self.handle))

    @property
    def rank(self):
        """The number of top-level modes (static: the layout's structure is)."""
        return CallableInt(int(IntTupleValue(K.layout_query(current(), 2, self.handle))))

    @property
    def depth(self):
        return CallableInt(int(IntTupleValue(K.layout_query(current(), 3, self.handle))))

    @property
    def is_leaf(self):
        return not isinstance(self.shape.unpack(), tuple)

    @property
    def is_static_shape(self):
        return "?" not in str(self.type.shape)

    @property
    def is_static_stride(self):
        return "?" not in str(self.type.stride)

    @property
    def is_static(self):
        return self.is_static_shape and self.is_static_stride

    def __getitem__(self, mode):
        """Mode `mode` (or the mode at a path of indices) as a layout of its own."""
        if " o " in str(self):
            raise TypeError(f"a mode of the composed layout {self} is not offered")
        path = list(mode) if isinstance(mode, (list, tuple)) else [mode]
        rank = self.rank
        if not path or not isinstance(path[0], int) or not 0 <= path[0] < rank:
            raise IndexError(f"mode {mode!r} of a layout of rank {rank}")
        return make_layout(self.shape[path], self.stride[path])

    def get_hier_coord(self, index):
        """The coordinate of `index` shaped as the layout's shape (idx2crd)."""
        return layout_coord(0, index, self)

    def get_flat_coord(self, index):
        return layout_coord(1, index, self)

    def get_1d_coord(self, index):
        return layout_coord(2, index, self)

    def __call__(self, *crd):
        """The offset of a coordinate; a coordinate with `None` (CuTe's `_`) modes gives the
        sub-layout of those modes, as CuTe's `layout(_, 0)` does."""
        crd = crd[0] if len(crd) == 1 else crd
        if has_underscore(crd):
            return result(K.slice_(current(), self.handle, int_tuple(crd).handle), self)
        return _wrap(K.crd2idx(current(), self.handle, int_tuple(crd).handle))


def int_tuple(x):
    """A kernel tuple from a nested tuple of ints and kernel integers (or a Value leaf)."""
    if isinstance(x, IntTupleValue):
        return x
    text, dynamic = template(x)
    arr, n = _handles(dynamic)
    return IntTupleValue(K.int_tuple(current(), text.encode(), arr, n))


def coord(x):
    """A coordinate: a kernel integer stays a scalar handle, anything else a tuple."""
    if isinstance(x, Value):
        return x
    return int_tuple(x)


def make_layout(shape, stride=None):
    text, dynamic = template(shape)
    if stride is not None:
        stride_text, more = template(stride)
        text, dynamic = text + ":" + stride_text, dynamic + more
    arr, n = _handles(dynamic)
    return LayoutValue(K.layout(current(), text.encode(), arr, n))


def as_kernel_layout(x):
    """A LayoutValue or TensorValue handle for a host Layout, LayoutValue or tensor."""
    if isinstance(x, (LayoutValue, TensorValue)):
        return x.handle
    if isinstance(x, Layout):
        return _checked(K.layout_from_host(current(), x._h))
    raise TypeError(f"expected a layout or tensor, got {type(x).__name__}")


def result(handle, like=None):
    """Wraps a handle by its kind."""
    kind = K.VALUE_KINDS[K.value_kind(current(), _checked(handle))]
    if kind == "tensor":
        dtype = like.ir_dtype if isinstance(like, TensorValue) else "i32"
        return TensorValue(handle, dtype, None)
    if kind == "layout":
        return LayoutValue(handle)
    if kind == "int_tuple":
        return IntTupleValue(handle)
    value = _wrap(handle)
    if isinstance(like, TensorValue) and K.DTYPES.get(like.ir_dtype) == K.DTYPES[value.ir_dtype]:
        return Value(value.handle, like.ir_dtype)  # an element keeps the tensor's signedness
    return value


# Host descriptions of copy instructions.


class CopyOp:
    """A copy instruction: universal (plain loads and stores), AMD buffer, LDS, or NVIDIA
    cp.async (global to shared, asynchronous until fx.nvgpu.cp_async_wait())."""

    _NAMES = ("UniversalCopy", "BufferCopy", "LdsCopy", "CpAsync", "CpAsyncZfill", "BufferCopyLDS")

    def __init__(self, kind, bits):
        if bits not in (8, 16, 32, 64, 128):
            raise ValueError(f"a copy moves 8, 16, 32, 64 or 128 bits, not {bits}")
        self.kind, self.bits = kind, bits

    def __repr__(self):
        return f"{self._NAMES[self.kind]}({self.bits})"

    def __eq__(self, o):
        return isinstance(o, CopyOp) and (o.kind, o.bits) == (self.kind, self.bits)

    def __hash__(self):
        return hash((self.kind, self.bits))


class LdsReadTransposeOp(CopyOp):
    """gfx950's transposing LDS read (ds_read_b64_tr_b16 / _b8) as a copy instruction of
    `bits`-bit elements. Copied by a tiled copy, each thread's elements are those the tiled
    copy's thread-value layouts give it, read one by one; copied by the atom itself, between a
    lane's 64 bits of shared memory and its registers, it is the instruction: lane i of each
    group of 16 receives the elements that the group's lanes read (fly_lds_read_transposed)."""


class AtomicCopyOp(CopyOp):
    """FlyDSL's UniversalAtomic: each call combines one element of the source into the
    destination with `atomic_op` (fx.AtomicOp) at LLVM sync scope `syncscope`."""

    def __init__(self, atomic_op, val_type, syncscope=""):
        # The atom combines val_type elements; the library checks the op, type and scope.
        self.kind, self.bits = None, None
        self.atomic_op, self.val_type = int(atomic_op), _dtype_name(val_type)
        self.syncscope = str(syncscope)

    def __repr__(self):
        return f"UniversalAtomic({self.atomic_op}, {self.val_type}, {self.syncscope!r})"

    def __eq__(self, o):
        return isinstance(o, AtomicCopyOp) and repr(o) == repr(self)

    def __hash__(self):
        return hash(repr(self))


class BufferAtomicCopyOp(CopyOp):
    """FlyDSL's BufferAtomic: each call combines `lanes` elements of `val_type` (1, or a pair
    of f16 or bf16: one packed add) from registers into a buffer tensor with `atomic_op`
    (fx.AtomicOp: add of floats, max of f32 or signed integers, min of unsigned ones)."""

    def __init__(self, atomic_op, val_type, lanes=1):
        self.kind = None
        self.atomic_op, self.val_type, self.lanes = int(atomic_op), _dtype_name(val_type), lanes
        integer = self.val_type in ("i32", "i64", "u32", "u64")
        unsigned = self.val_type.startswith("u")
        # AMD's buffer atomics compare integers signed for max (smax) and unsigned for min
        # (umin): a type of the other signedness would be compared wrongly.
        if integer and self.atomic_op == 1 and unsigned:
            raise TypeError(f"BufferAtomicMax compares signed (AMD's smax), not {self.val_type}")
        if integer and self.atomic_op == 2 and not unsigned:
            raise TypeError(
                f"BufferAtomicMin compares unsigned (AMD's umin): give an unsigned type "
                f"(fx.Uint32, fx.Uint64), not {self.val_type}"
            )
        self.bits = bit_width(self.val_type) * lanes

    def __repr__(self):
        return f"BufferAtomic({self.atomic_op}, {self.val_type}, lanes={self.lanes})"

    def __eq__(self, o):
        return isinstance(o, BufferAtomicCopyOp) and repr(o) == repr(self)

    def __hash__(self):
        return hash(repr(self))


def _dtype_name(dtype):
    """A dtype given as "f32", as a scalar type such as fx.Float32, or as any object whose
    `ir_type` is a scalar type object (FlyDSL's duck-typed element types)."""
    name = getattr(dtype, "dtype", None)
    if name is None:
        ir_type = getattr(dtype, "ir_type", None)
        name = ir_type.dtype if getattr(ir_type, "lanes", None) == 1 else dtype
    if name not in K.DTYPES:
        raise TypeError(f"{dtype!r} is not a dtype")
    return name


_BITS_DTYPE = {8: "i8", 16: "i16", 32: "i32", 64: "i64"}


class CopyAtom(ElementTyped):
    """make_copy_atom(op, dtype): one instruction moving op.bits of elements of `dtype`'s width
    (an atom moves bits: it copies tensors of any element type of that width). FlyDSL's
    make_copy_atom(op, bits) gives the width alone."""

    def __init__(self, op, dtype):
        if not isinstance(op, CopyOp):
            raise TypeError(
                f"make_copy_atom needs a copy op (fx.UniversalCopy32b() ...), got {op!r}"
            )
        if isinstance(dtype, int) and not isinstance(dtype, bool):
            if dtype == op.bits and dtype not in _BITS_DTYPE:
                dtype = None  # one value of the whole width: the tensors' elements, per copy
            elif dtype not in _BITS_DTYPE:
                raise TypeError(f"make_copy_atom: elements of {dtype} bits are not offered "
                                f"(8, 16, 32 or 64, or the op's {op.bits})")  # fmt: skip
            else:
                dtype = _BITS_DTYPE[dtype]
        self.op = op
        self.ir_dtype = None if dtype is None else _dtype_name(dtype)
        self.soffset = None  # buffer copies: elements added to the buffer side's offset

    _BUFFER_KINDS = (1, 5)  # BufferCopy, BufferCopyLDS (and buffer atomics)

    def set_value(self, field, value=None):
        """A copy of this atom with its state set: FlyDSL's `soffset` of a buffer copy (a
        uniform offset, in elements, of the buffer tensor each call reads or writes); a dict
        sets several fields."""
        if isinstance(field, dict):
            atom = self
            for name, v in field.items():
                atom = atom.set_value(name, v)
            return atom
        buffer = self.op.kind in self._BUFFER_KINDS or isinstance(self.op, BufferAtomicCopyOp)
        if field != "soffset" or not buffer:
            raise ValueError(f"{self.op!r} has no field {field!r} (buffer copies have 'soffset')")
        atom = CopyAtom(self.op, self.ir_dtype)
        atom.soffset = value
        return atom

    @property
    def val_bits(self):
        """The bits of one value the atom moves: its element type's width (the op's whole
        width where the atom was made with that, an atomic's value type's)."""
        if isinstance(self.op, (AtomicCopyOp, BufferAtomicCopyOp)):
            return bit_width(self.op.val_type)
        return self.op.bits if self.ir_dtype is None else bit_width(self.ir_dtype)

    def _one_thread(self, what):
        if isinstance(self.op, LdsReadTransposeOp):
            raise NotImplementedError(
                f"{what} of {self.op!r}: its instruction exchanges values within a group of 16 "
                "lanes, which this package describes by its tiled copies only"
            )
        bits = self.op.bits if self.op.bits is not None else self.val_bits
        # One thread moves the op's bits, counted in values (FlyDSL's recast of (1,bits):(1,1)).
        return recast_layout(make_host_layout((1, bits), (1, 1)), 1, self.val_bits)

    @property
    def thr_layout(self):
        """The atom's threads: one (these copies are a thread's instruction)."""
        self._one_thread("thr_layout")
        return make_host_layout(1, 1)

    thr_id = thr_layout

    layout_src_tv = property(lambda self: self._one_thread("layout_src_tv"))
    layout_dst_tv = property(lambda self: self._one_thread("layout_dst_tv"))
    layout_ref_tv = property(lambda self: self._one_thread("layout_ref_tv"))

    def __repr__(self):
        state = f", soffset={self.soffset!r}" if self.soffset is not None else ""
        return f"CopyAtom({self.op!r}, {self.ir_dtype}{state})"

    def __eq__(self, o):
        return isinstance(o, CopyAtom) and (o.op, o.ir_dtype, o.soffset) == (
            self.op, self.ir_dtype, self.soffset)  # fmt: skip

    def __hash__(self):
        return hash((self.op, self.ir_dtype))

    def _kernel(self):
        if isinstance(self.op, AtomicCopyOp):
            h = K.atomic_copy_atom(current(), self.op.atomic_op, K.DTYPES[self.op.val_type],
                                   self.op.syncscope.encode())  # fmt: skip
        elif isinstance(self.op, BufferAtomicCopyOp):
            h = K.buffer_atomic_copy_atom(
                current(), self.op.atomic_op, K.DTYPES[self.op.val_type], self.op.lanes
            )
        elif self.ir_dtype is None:
            raise TypeError(
                f"a copy atom of one {self.op.bits}-bit value copies with fx.copy; elsewhere "
                "give it the element type (make_copy_atom(op, fx.BFloat16))"
            )
        else:
            h = K.copy_atom(current(), self.op.kind, self.op.bits, K.DTYPES[self.ir_dtype])
        return _checked(h)


class TiledCopy:
    """make_tiled_copy(atom, layout_tv, tile): threads and values over a tile."""

    def __init__(self, atom, layout_tv, tile):
        if not isinstance(atom, CopyAtom):
            raise TypeError(f"make_tiled_copy needs a copy atom, got {atom!r}")
        if not isinstance(layout_tv, Layout):
            raise TypeError("make_tiled_copy needs a static (host) thread-value layout")
        self.atom, self.layout_tv, self.tile = atom, layout_tv, _tiler_text(tile)

    def __repr__(self):
        return f"TiledCopy({self.atom!r}, {self.layout_tv}, {self.tile})"

    def __eq__(self, o):
        return isinstance(o, TiledCopy) and repr(o) == repr(self)

    def __hash__(self):
        return hash(repr(self))

    @property
    def tile_mn(self):
        """The tile the copy covers: an IntTuple (`tile_m, tile_n = tile_mn.unpack()`), or CuTe
        text where a mode of it is a layout."""
        try:
            return parse_tuple(self.tile)
        except ParseError:
            return self.tile

    @property
    def size(self):
        """Threads the tiled copy spreads over."""
        return get(self.layout_tv, 0).size()

    # FlyDSL's names: the copy's (thread, value) -> tile index; its atoms read and write each
    # value where the tiled layout puts it, so source and destination have the same.
    layout_tv_tiled = property(lambda self: self.layout_tv)
    layout_src_tv_tiled = layout_tv_tiled
    layout_dst_tv_tiled = layout_tv_tiled

    def typst(self, document=True, color=None):
        """The copy drawn as Typst markup (fly_tiled_copy_typst): over its M x N tile, the
        thread and value reading and writing each element; color(thread, value) gives a cell's
        "#rrggbb" (None: CuTe's pastels by thread)."""
        tile = self.tile_mn
        if not isinstance(tile, tuple) or len(tile) != 2:
            raise ValueError(f"a drawing of a tiled copy needs a tile of two extents, not {tile}")
        m, n = (int(x) for x in tile)
        caption = f"Tiled Copy\n  {self!r}\n  Tile MN: ({m},{n})"
        return typst_copy(self.layout_src_tv_tiled, self.layout_dst_tv_tiled, m, n, caption,
                          document, color)  # fmt: skip

    def _kernel(self):
        layout = _checked(K.layout_from_host(current(), self.layout_tv._h))
        h = K.tiled_copy(current(), self.atom._kernel(), layout, self.tile.encode())
        return _checked(h)

    def get_slice(self, thr_idx):
        return ThrCopy(self, thr_idx)

    get_thread_slice = thr_slice = get_slice


class ThrCopy:
    """One thread's view of a tiled copy."""

    def __init__(self, tiled_copy, thr_idx):
        self.tiled, self.thr_idx = tiled_copy, thr_idx

    def _partition(self, t, source):
        if not isinstance(t, TensorValue):
            raise TypeError(f"partition needs a tensor, got {type(t).__name__}")
        h = K.tiled_copy_partition(
            current(), self.tiled._kernel(), coord(self.thr_idx).handle, t.handle, int(source)
        )
        return TensorValue(_checked(h), t.ir_dtype, None)

    def partition_S(self, t):
        return self._partition(t, True)

    def partition_D(self, t):
        return self._partition(t, False)

    def retile(self, t):
        """A register fragment (values first, made by another partition) seen as this tiled
        copy's ((atom values, rest values), rest...), so its atoms can move it."""
        if not isinstance(t, TensorValue):
            raise TypeError(f"retile needs a tensor, got {type(t).__name__}")
        h = K.tiled_copy_retile(current(), self.tiled._kernel(), t.handle)
        return TensorValue(_checked(h), t.ir_dtype, None)

    retile_S = retile
    retile_D = retile


def copy(atom, src, dst, pred=None, **state):
    """copy(atom, src, dst, pred=None): one atom call per group of the atom's values; keyword
    arguments set the atom's state for this copy (`soffset=` of a buffer copy)."""
    if isinstance(atom, (TiledCopy, ThrCopy)):
        atom = (atom.tiled if isinstance(atom, ThrCopy) else atom).atom
    elif _a_lanes_transposing_read(atom, src):
        return _transposing_lds_read(atom, src, dst, pred)
    if not isinstance(atom, CopyAtom):
        raise TypeError(f"copy needs a copy atom or tiled copy, got {atom!r}")
    if state:
        atom = atom.set_value(state)
    if atom.ir_dtype is None:  # an atom of one whole-width value moves the tensors' elements
        soffset, atom = atom.soffset, CopyAtom(atom.op, src.ir_dtype)
        atom.soffset = soffset
    src, dst, atom = _registers_as_memory_elements(atom, src, dst)
    src, dst = _one_call_at_element(atom, src, dst)
    p = pred.handle if pred is not None else None
    if atom.soffset is not None:  # the buffer side (not the registers) moves by soffset
        if _address_space(src) != _REGISTERS:
            src = Pointer(src, atom.soffset).view(src.layout)
        else:
            dst = Pointer(dst, atom.soffset).view(dst.layout)
    K.copy(current(), atom._kernel(), src.handle, dst.handle, p)
    message = K.kernel_error(current())
    if message:
        raise _BuilderError(message.decode())


_REGISTERS = 5
_SHARED = 3


def _a_lanes_transposing_read(atom, src):
    """Whether copy(atom, src, ...) is the transposing LDS read of the lane's own 64 bits: the
    atom's instruction on one contiguous run of its values (a tiled copy's partitions hold the
    elements that the instruction delivers, and are copied element by element)."""
    if not isinstance(atom, CopyAtom) or not isinstance(atom.op, LdsReadTransposeOp):
        return False
    values = 64 // atom.op.bits
    run = str(src.layout).replace("(", "").replace(")", "")
    return _static_size(src) == values and run == f"{values}:1"


def _transposing_lds_read(atom, src, dst, pred):
    """One transposing LDS read of the lane's 64 bits at `src` into the registers `dst`."""
    values = 64 // atom.op.bits
    if pred is not None:
        raise ValueError("a transposing LDS read takes no predicate")
    if _address_space(src) != _SHARED or _address_space(dst) != _REGISTERS:
        raise ValueError("a transposing LDS read copies from shared memory into registers")
    if _static_size(src) != values or _static_size(dst) != values:
        raise ValueError(
            f"a transposing LDS read of {atom.op.bits}-bit elements moves {values} of them a "
            f"lane, not {_static_size(src)} into {_static_size(dst)}"
        )
    if bit_width(src.ir_dtype) != atom.op.bits:
        src = Pointer(src).recast(f"i{atom.op.bits}").view(make_layout(values, 1))
    read = _wrap(K.lds_read_transposed(current(), src.handle), src.ir_dtype)
    _raise_builder_error()
    dst.store(read if read.ir_dtype == dst.ir_dtype else read.bitcast(dst.ir_dtype))


def _static_size(tensor):
    """The number of elements of `tensor`, None where a leaf of its shape is dynamic."""
    shape = tensor.shape.unpack()
    leaves = list(_leaves(shape)) if isinstance(shape, tuple) else [shape]
    return math.prod(leaves) if all(isinstance(x, int) for x in leaves) else None


def _leaves(t):
    for x in t:
        yield from _leaves(x) if isinstance(x, tuple) else (x,)


def _registers_as_memory_elements(atom, src, dst):
    """As FlyDSL's copy, which moves the atom's bits: where one side is a single element of
    memory whose type is not the atom's and the other one atom call's registers of the atom's
    type, the registers are read as elements of the memory's type (an i32x4 fragment stored
    from a bf16 element on is eight bf16 values)."""
    if isinstance(atom.op, AtomicCopyOp) or src.ir_dtype == dst.ir_dtype:
        return src, dst, atom
    for regs, memory in ((src, dst), (dst, src)):
        width = bit_width(memory.ir_dtype)
        if (
            regs.ir_dtype == atom.ir_dtype
            and _address_space(regs) == _REGISTERS
            and _address_space(memory) != _REGISTERS
            and _static_size(memory) == 1
            and _static_size(regs) == atom.op.bits // bit_width(regs.ir_dtype)
            and atom.op.bits % width == 0
        ):
            as_memory = (
                Pointer(regs).recast(memory.ir_dtype).view(make_layout(atom.op.bits // width, 1))
            )
            same = CopyAtom(atom.op, memory.ir_dtype)
            same.soffset = atom.soffset
            return (as_memory, dst, same) if regs is src else (src, as_memory, same)
    return src, dst, atom


def _one_call_at_element(atom, src, dst):
    """As FlyDSL's copy, where one side is a single element and the other one atom call's
    values, the call moves that many consecutive elements from the single one on (a vector
    load through a pointer-like view)."""
    if isinstance(atom.op, AtomicCopyOp):
        return src, dst
    values = atom.op.bits // bit_width(atom.ir_dtype)
    if values < 2:
        return src, dst
    run = make_layout(values, 1)
    sizes = (_static_size(src), _static_size(dst))
    if sizes[0] == 1 and sizes[1] in (1, values):
        src = make_tensor(src, run)
    if sizes[1] == 1 and sizes[0] in (1, values):
        dst = make_tensor(dst, run)
    return src, dst


def _address_space(tensor):
    space = K.tensor_address_space(current(), tensor.handle)
    if space < 0:
        _raise_builder_error()
    return space


def _indirect(call, atom, *tensors, pred=None):
    """gather / scatter: `tensors` in the C call's order (pointers become their tensors)."""
    if isinstance(atom, (TiledCopy, ThrCopy)):
        atom = (atom.tiled if isinstance(atom, ThrCopy) else atom).atom
    if not isinstance(atom, CopyAtom):
        raise TypeError(f"gather and scatter need a copy atom, got {atom!r}")
    handles = [(t.tensor if isinstance(t, Pointer) else t).handle for t in tensors]
    call(current(), atom._kernel(), *handles, pred.handle if pred is not None else None)
    message = K.kernel_error(current())
    if message:
        raise _BuilderError(message.decode())


def gather(copy_atom, base_iter, offset_tensor, dst_tensor, pred=None):
    """Call c of the atom moves its values from base + offsets[c] (elements; base a pointer or
    tensor) into the c-th group of the register tensor dst."""
    _indirect(K.gather, copy_atom, base_iter, offset_tensor, dst_tensor, pred=pred)


def scatter(copy_atom, src_tensor, base_iter, offset_tensor, pred=None):
    """Call c of the atom moves the c-th group of the register tensor src to base +
    offsets[c]."""
    _indirect(K.scatter, copy_atom, src_tensor, base_iter, offset_tensor, pred=pred)


def make_identity_tensor(shape):
    s = int_tuple(shape)
    return TensorValue(_checked(K.make_identity_tensor(current(), s.handle)), "i32", None)


def make_fragment(layout_or_tensor, dtype):
    h = K.make_fragment(current(), as_kernel_layout(layout_or_tensor), K.DTYPES[_dtype_name(dtype)])
    return TensorValue(_checked(h), _dtype_name(dtype), None)


def make_register_tensor(layout, dtype):
    """Registers laid out as `layout` itself (its cosize of them)."""
    h = K.make_rmem_tensor(current(), as_kernel_layout(layout), K.DTYPES[_dtype_name(dtype)])
    return TensorValue(_checked(h), _dtype_name(dtype), None)


def make_tensor(ptr_or_tensor, layout):
    """A tensor over a pointer's (or tensor's) memory with `layout`; over an integer iterator
    (fx.make_int_tuple(0), an int or a kernel integer) a counting tensor: element c is the
    start plus layout(c)."""
    if isinstance(ptr_or_tensor, Pointer) and ptr_or_tensor.offset is not None:
        return ptr_or_tensor.view(layout)  # element 0 at the pointer, not at its tensor's start
    base = ptr_or_tensor.tensor if isinstance(ptr_or_tensor, Pointer) else ptr_or_tensor
    if is_host_tensor(base):  # in a @flyc.jit function: the launch applies the view
        if not isinstance(layout, Layout):
            layout = make_host_layout(layout)
        return HostTensorView(base, layout)
    if not isinstance(base, TensorValue):
        if not isinstance(base, (int, tuple, Value, IntTupleValue)):
            raise TypeError(f"make_tensor needs a pointer or tensor, got {type(base).__name__}")
        if not isinstance(layout, (LayoutValue, TensorValue)):
            if not isinstance(layout, Layout):
                layout = make_layout(layout)
        h = K.make_tensor(current(), coord(base).handle, as_kernel_layout(layout))
        return TensorValue(_checked(h), "i32", None)
    swizzle = None
    if not isinstance(layout, (LayoutValue, TensorValue)):
        if not isinstance(layout, Layout):
            layout = make_layout(layout)
        elif layout.is_composed:
            swizzle, offset, layout = layout._parts
    h = _checked(K.make_tensor(current(), base.handle, as_kernel_layout(layout)))
    if swizzle is not None:
        h = K.swizzle_tensor(current(), h, swizzle.bits, swizzle.base, swizzle.shift, offset)
    return TensorValue(_checked(h), base.ir_dtype, None)


class SharedAllocator:
    """Shared memory for one block: `allocate_tensor(dtype, layout)` gives a shared tensor with
    a layout (a swizzled composed layout too); `allocate(fx.Array[dtype, n, align])` gives raw
    storage whose `.view(layout)` is a tensor. Each target checks the total against the
    block's capacity when it compiles (64 KiB on gfx942, 160 KiB on gfx950, 48 KiB static on
    NVIDIA). With `static=False` the tensors are carved from dynamic shared memory (aligned to
    at most 4096 bytes), and every launch gets at least what they need without `smem=`: the way
    past NVIDIA's 48 KiB of static shared memory (227 KiB on sm_90)."""

    # How storable types other than fx.Array and fx.Struct of them (numbers, structs of
    # values) are sized and viewed: fx.Storage's, set by flydsl.expr.struct, a layer above.
    value_storage = None  # (size_align(kind), storage(kind, pointer))

    def __init__(self, base_alignment=16, *, static=True):
        if not tracing():
            raise RuntimeError(
                "fx.SharedAllocator works while a @kernel is traced: shared memory is a "
                "kernel's blocks'"
            )
        base_alignment = int(base_alignment)
        if base_alignment < 1 or base_alignment & (base_alignment - 1):
            raise ValueError(f"base_alignment is a power of two, not {base_alignment}")
        self.static = bool(static)
        self.base_alignment = base_alignment  # raw byte allocations' alignment (FlyDSL's)
        self._offset = 0  # the bytes allocated so far, by the layout of what was allocated

    @property
    def is_static(self):
        """Whether allocations are static shared memory (else carved from the dynamic)."""
        return self.static

    @property
    def allocated_bytes(self):
        """The bytes allocated so far: each allocation at its alignment after the last."""
        return self._offset

    @property
    def base_ptr(self):
        """The first byte of the dynamic shared memory the allocations are carved from."""
        if self.static:
            raise RuntimeError(
                "a static SharedAllocator has no shared base pointer: each allocation is its "
                "own (SharedAllocator(static=False) carves them from one)"
            )
        return Pointer(dynamic_shared_tensor("i8", Pointer._SPAN))

    def _count(self, size, align):
        self._offset = (self._offset + align - 1) // align * align + size

    def _storage(self, dtype, count, align):
        return shared_tensor(dtype, count, align, dynamic=not self.static)

    def allocate_tensor(self, dtype, layout, align=16):
        if not isinstance(layout, Layout):
            layout = make_host_layout(layout)
        inner = layout._parts[2] if layout.is_composed else layout
        return make_tensor(self._storage(_dtype_name(dtype), cosize(inner), align), layout)

    def allocate(self, storable, alignment=None):
        """Storage for `fx.Array[dtype, count(, align)]` or an `fx.Struct[...]` of them
        (`.peek()` gives the array's storage, or the struct with each field's), `n` raw bytes
        (an fx.Array of n fx.Uint8), or any other storable type (a number, a struct of values:
        an fx.Storage of it). `alignment` raises this allocation's alignment."""
        if isinstance(storable, int) and not isinstance(storable, bool):
            if storable <= 0:
                raise ValueError(f"allocate size must be > 0, got {storable}")
            storable, alignment = Array["u8", storable], alignment or self.base_alignment
        if isinstance(storable, (_ArrayType, StructType)):
            size, align = _storable_size_align(storable)
        elif SharedAllocator.value_storage is not None:
            size, align = SharedAllocator.value_storage[0](storable)
        else:
            raise TypeError(f"allocate needs a storable type, got {storable!r}")
        align = align if alignment is None else max(align, int(alignment))
        self._count(size, align)
        if isinstance(storable, _ArrayType):
            tensor = self._storage(storable.ir_dtype, storable.count, align)
            return _Storage(tensor, storable)
        if isinstance(storable, StructType) and storable.contains_union():
            # One buffer, its fields carved at their byte offsets: union members overlap.
            return _carve(Pointer(self._storage("i8", size, align)), storable, 0)
        if isinstance(storable, StructType):
            fields = {name: self._place(field) for name, field in storable.fields}
            return _StructStorage(storable, fields)
        return SharedAllocator.value_storage[1](storable, Pointer(self._storage("i8", size, align)))

    def _place(self, storable):
        """A struct's field, placed on its own (its bytes counted with the struct's)."""
        if isinstance(storable, _ArrayType):
            return _Storage(self._storage(storable.ir_dtype, storable.count, storable.align),
                            storable)  # fmt: skip
        return _StructStorage(storable, {name: self._place(f) for name, f in storable.fields})


def field_layout(fields, union, size_align):
    """(size, alignment, {name: byte offset}) of fields [(name, type)] stored one after another,
    each at its alignment, the size padded to the largest (a union's all at 0);
    `size_align(type)` gives a field type's (size, alignment)."""
    offsets, end, align = {}, 0, 1
    for name, kind in fields:
        size, field_align = size_align(kind)
        at = 0 if union else (end + field_align - 1) // field_align * field_align
        offsets[name] = at
        end, align = max(end, at + size), max(align, field_align)
    return (end + align - 1) // align * align, align, offsets


def _storable_size_align(storable):
    if isinstance(storable, _ArrayType):
        return storable.count * max(1, bit_width(storable.ir_dtype) // 8), storable.align
    if isinstance(storable, StructType):
        size, align, _ = field_layout(storable.fields, storable.union, _storable_size_align)
        return size, align
    if SharedAllocator.value_storage is None:
        raise TypeError(f"type {storable!r} does not implement the Storable protocol")
    return SharedAllocator.value_storage[0](storable)  # a union's number or struct of values


def _carve(bytes_ptr, storable, offset):
    """The storage of `storable` at byte `offset` of the buffer `bytes_ptr` points to."""
    if isinstance(storable, _ArrayType):
        start = (bytes_ptr + offset).recast(storable.ir_dtype)
        return _Storage(start.view(make_layout(storable.count, 1)), storable)
    if not isinstance(storable, StructType):  # a union's number or struct of values
        return SharedAllocator.value_storage[1](storable, bytes_ptr + offset)
    _, _, offsets = field_layout(storable.fields, storable.union, _storable_size_align)
    return _StructStorage(storable, {
        name: _carve(bytes_ptr, field, offset + offsets[name]) for name, field in storable.fields
    })  # fmt: skip


class _Storage:
    """An fx.Array in memory: `a[i]` and `a[i] = v` read and write element i, `a.view(layout)`
    is a tensor of it."""

    def __init__(self, tensor, array_type=None):
        self.tensor = tensor
        self._target_type = array_type

    def peek(self):
        return self

    def __getitem__(self, i):
        return self.tensor[i]

    def __setitem__(self, i, value):
        self.tensor[i] = value

    @property
    def ptr(self):
        return Pointer(self.tensor)

    def view(self, layout):
        return make_tensor(self.tensor, layout)


class _StructStorage:
    """A struct allocated field by field; `peek()` is the struct whose fields are the arrays'
    tensors (or nested structs)."""

    def __init__(self, struct_type, fields):
        self.struct_type, self.fields = struct_type, fields
        self._target_type = struct_type

    def peek(self):
        return StructValue(self.struct_type, {
            name: field.tensor if isinstance(field, _Storage) else field.peek()
            for name, field in self.fields.items()
        })  # fmt: skip

    def __getattr__(self, name):
        fields = self.__dict__.get("fields", {})
        if name in fields:
            return fields[name]
        raise AttributeError(name)


class StructValue:
    """A struct in memory: each field an attribute."""

    def __init__(self, struct_type, fields):
        self.__dict__.update(fields)
        self._struct_type = struct_type

    def __repr__(self):
        return f"{self._struct_type!r}(...)"


class StructType:
    """fx.Struct["name": fx.Array[...], ...]: named arrays (or structs) stored one after
    another, each with its own alignment; fx.Union[...] (`union`): all of them over the same
    bytes, where a field may also be any other storable type (a number, fx.Align[...], a
    struct of values). Both are storage only: they have no value form."""

    def __init__(self, fields, union=False, name=None):
        self.fields, self.union = tuple(fields), bool(union)
        self.__name__ = name or ("Union" if self.union else "Struct")

    def __dsl_size_of__(self):
        return _storable_size_align(self)[0]

    def __dsl_align_of__(self):
        return _storable_size_align(self)[1]

    def __call__(self, *args, **kwargs):
        kind = "union" if self.union else "storage struct"
        raise TypeError(
            f"the {kind} {self.__name__} has no value form: allocate it "
            "(SharedAllocator.allocate) or view memory as it (fx.Storage[...])"
        )

    def __peek_from_ptr__(self, ptr):
        if self.union:
            raise NotImplementedError(
                f"the union {self.__name__} has no value form to read: peek one of its fields"
            )
        return _carve(ptr.recast("i8"), self, 0)

    def __poke_into_ptr__(self, ptr, value):
        raise NotImplementedError(
            f"a whole {self.__name__} is not written at once: write its elements or fields"
        )

    def __repr__(self):
        inner = ", ".join(f"{n!r}: {t!r}" for n, t in self.fields)
        return f"{'Union' if self.union else 'Struct'}[{inner}]"

    def __eq__(self, other):
        return isinstance(other, StructType) and (self.fields, self.union) == (
            other.fields, other.union)  # fmt: skip

    def __hash__(self):
        return hash((self.fields, self.union))

    def contains_union(self):
        return self.union or any(
            isinstance(t, StructType) and t.contains_union() for _, t in self.fields
        )


def make_struct_type(item, union=False, name=None):
    items = item if isinstance(item, tuple) else (item,)
    fields, seen = [], set()
    for field in items:
        if not isinstance(field, slice) or field.step is not None:
            raise TypeError('a Struct field is written "name": type, e.g. '
                            'fx.Struct["slots": fx.Array[fx.Float32, 4]]')  # fmt: skip
        name, kind = field.start, field.stop
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            raise TypeError(f"a Struct field needs a name that is an identifier, got {name!r}")
        if name in seen:
            raise ValueError(f"duplicate field name {name!r}: the Struct field is named twice")
        if not isinstance(kind, (_ArrayType, StructType)):
            raise TypeError(f"the Struct field {name!r} must be an fx.Array[...] or a Struct, "
                            f"got {kind!r}")  # fmt: skip
        seen.add(name)
        fields.append((name, kind))
    if not fields:
        raise ValueError("a Struct needs at least one field")
    return StructType(fields, union, name)


class _ArrayType(ElementTyped):
    """The type fx.Array[dtype, size(, align)] names: `size` elements of `dtype` stored at an
    alignment of `align` bytes (the element's own by default)."""

    def __init__(self, dtype, count, align=None):
        self.ir_dtype, self.count = _dtype_name(dtype), int(count)
        self.align = max(1, bit_width(self.ir_dtype) // 8) if align is None else int(align)
        if self.count < 1:
            raise ValueError(f"an fx.Array needs at least one element, got {count}")

    @property
    def size(self):
        """The number of elements (FlyDSL's name)."""
        return self.count

    def __dsl_size_of__(self):
        return _storable_size_align(self)[0]

    def __dsl_align_of__(self):
        return self.align

    def __peek_from_ptr__(self, ptr):
        """The array stored at `ptr`: `a[i]`, `a[i] = v` and `a.view(layout)`."""
        start = ptr.recast(self.ir_dtype)
        return _Storage(start.view(make_layout(self.count, 1)), self)

    def __poke_into_ptr__(self, ptr, value):
        raise NotImplementedError("a whole fx.Array is not written at once: write its elements")

    def __repr__(self):
        return f"Array[{self.ir_dtype}, {self.count}, {self.align}]"

    def __eq__(self, other):
        return isinstance(other, _ArrayType) and (self.ir_dtype, self.count, self.align) == (
            other.ir_dtype, other.count, other.align)  # fmt: skip

    def __hash__(self):
        return hash((self.ir_dtype, self.count, self.align))


def _positive(value, what):
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise TypeError(f"fx.Array's {what} must be a positive integer, got {value!r}")
    return value


class Array:
    """fx.Array[dtype, size(, align)]: raw storage for SharedAllocator.allocate and structs;
    one type object per parameters."""

    _types = {}

    def __class_getitem__(cls, item):
        if not isinstance(item, tuple) or len(item) not in (2, 3):
            raise TypeError("fx.Array is written Array[dtype, size] or Array[dtype, size, align]")
        dtype, size = item[0], _positive(item[1], "size")
        align = _positive(item[2], "alignment") if len(item) == 3 else None
        if getattr(dtype, "dtype", None) is None and dtype not in K.DTYPES:
            raise TypeError(f"fx.Array's dtype must be a Numeric subclass such as fx.Float32, "
                            f"got {dtype!r}")  # fmt: skip
        key = (_dtype_name(dtype), size, align)
        known = cls._types.get(key)
        if known is None:
            known = cls._types[key] = _ArrayType(dtype, size, align)
        return known


class AddressSpace(enum.IntEnum):
    """Where a pointer points, by FlyDSL's numbers (those of its Fly dialect)."""

    Generic = 0
    Global = 1
    Shared = 2
    Register = 3


class TargetAddressSpace(enum.Enum):
    """A target's memory beside FlyDSL's address spaces (FlyROCDL's `#fly_rocdl.buffer_desc`):
    BufferDesc is memory read through an AMD buffer resource (fx.rocdl.make_buffer_tensor)."""

    BufferDesc = 8

    def __str__(self):
        return "#fly_rocdl.buffer_desc"


# Each space's number on the targets (AMDGPU's and NVPTX's), which the C API takes and gives.
_TARGET_SPACE = {AddressSpace.Global: 1, AddressSpace.Shared: 3, AddressSpace.Register: 5}
_FLY_SPACE = {n: space for space, n in _TARGET_SPACE.items()}
_FLY_SPACE[8] = TargetAddressSpace.BufferDesc


def _space(address_space):
    """An address space given by FlyDSL's number, as fx.AddressSpace, or a TargetAddressSpace."""
    if isinstance(address_space, TargetAddressSpace):
        return address_space
    return AddressSpace(int(address_space))


class PointerType(ElementTyped):
    """A pointer's type: its element type, address space and alignment in bytes, as
    `fx.inttoptr` takes it (`fx.PointerType.get(fx.Float32.ir_type, fx.AddressSpace.Global, 16)`)
    and `p.type` gives it; `fx.PointerType(p.type)` is a copy of one."""

    def __init__(self, elem_ty, address_space=AddressSpace.Global, alignment=None):
        if isinstance(elem_ty, PointerType):
            elem_ty, address_space, alignment = (
                elem_ty.ir_dtype,
                elem_ty.address_space,
                elem_ty.alignment,
            )
        self.ir_dtype = _dtype_name(elem_ty)
        self.address_space = _space(address_space)
        self.alignment = alignment

    @staticmethod
    def get(elem_ty, address_space=AddressSpace.Global, alignment=None):
        return PointerType(elem_ty, address_space, alignment)

    @property
    def element_type(self):
        return type_of(self.ir_dtype)

    def __eq__(self, other):
        return isinstance(other, PointerType) and (
            self.ir_dtype,
            self.address_space,
            self.alignment,
        ) == (other.ir_dtype, other.address_space, other.alignment)

    def __hash__(self):
        return hash((self.ir_dtype, self.address_space, self.alignment))

    def __repr__(self):
        space = (
            str(self.address_space)
            if isinstance(self.address_space, TargetAddressSpace)
            else (self.address_space.name.lower())
        )
        align = f", align<{self.alignment}>" if self.alignment else ""
        return f"!fly.ptr<{type_of(self.ir_dtype)}, {space}{align}>"


class Pointer(ElementTyped):
    """An element's address inside a kernel: a tensor's iterator (fx.get_iter) or a pointer
    argument (flyc.from_c_void_p), moved by `p + n` elements. `p.load()` reads the element,
    `p.load(fx.Int32x4)` that many consecutive ones as a vector (aligned to its size),
    `p.store(v)` writes a value or vector there, `p[i]` / `p[i] = v` read and write element i
    after it, and `p.view(layout)` is a tensor from it."""

    _SPAN = 1 << 30  # the extent of the flat view an offset pointer is read through

    def __init__(self, tensor, offset=None):
        self.tensor, self.offset = tensor, offset

    @property
    def ir_dtype(self):
        return self.tensor.ir_dtype

    element_type = value_type = ElementTyped.dtype

    @property
    def address_space(self):
        """fx.AddressSpace.Global, Shared or Register, or TargetAddressSpace.BufferDesc (a
        buffer tensor's)."""
        return _FLY_SPACE[_address_space(self.tensor)]

    memspace = address_space

    @property
    def type(self):
        """The pointer's fx.PointerType (its alignment is not tracked: None)."""
        return PointerType(self.ir_dtype, self.address_space)

    @property
    def alignment(self):
        """The alignment in bytes the address is known to have: its element's size, which is
        all the library trusts of an address (FlyDSL's pointer type may promise more)."""
        return max(1, bit_width(self.ir_dtype) // 8)

    def __add__(self, n):
        if isinstance(n, int) and not isinstance(n, bool) and n == 0:
            return self
        return Pointer(self.tensor, n if self.offset is None else self.offset + n)

    __radd__ = __add__

    def __sub__(self, n):
        return self + (-n)

    def _flat(self):
        """The memory from the tensor's first element on, indexed by element offsets."""
        if self.tensor.rank == 1:
            return self.tensor
        return make_tensor(self.tensor, make_layout(self._SPAN, 1))

    def _at(self, i=0):
        if self.offset is None:
            return i
        return self.offset if isinstance(i, int) and i == 0 else self.offset + i

    def load(self, dtype=None):
        """The element here, or with `dtype` (a scalar or vector type) the bytes here read as
        that (FlyDSL's ptr_load with a result type: an llvm.load through this address)."""
        lanes = getattr(dtype, "lanes", 1)
        if dtype is not None:
            element = _dtype_name(getattr(dtype, "element", dtype))
            if element != self.ir_dtype:
                return self.recast(element).load(dtype)
        flat = self._flat()
        return flat.load((self._at(),), lanes=lanes) if lanes > 1 else flat[self._at()]

    def store(self, value):
        v = value if isinstance(value, Value) else as_value(value, Value(None, self.ir_dtype))
        if v.lanes > 1:
            self._flat().store((self._at(),), v)
        else:
            self._flat()[self._at()] = v

    def __getitem__(self, i):
        return self._flat()[self._at(i)]

    def __setitem__(self, i, value):
        self._flat()[self._at(i)] = value

    def recast(self, dtype):
        """This address as a pointer to elements of `dtype` (a reinterpret_cast): offsets from
        it then count those elements."""
        dtype = _dtype_name(dtype)
        if dtype == self.ir_dtype:
            return self
        h = _checked(K.recast_tensor(current(), self._here().handle, K.DTYPES[dtype]))
        return Pointer(TensorValue(h, dtype, None))

    def address(self):
        """The address as an i64 (global or shared memory; FlyDSL's ptrtoint)."""
        return _wrap(K.tensor_address(current(), self._here().handle), "i64")

    @property
    def llvm_ptr(self):
        """This address as an `!llvm.ptr<1>` (global) or `!llvm.ptr<3>` (shared) value, what
        the llvm dialect's loads and stores take."""
        space = self.address_space
        if space not in (AddressSpace.Global, AddressSpace.Shared):
            raise ValueError(f"llvm_ptr of a pointer into {space.name}: global or shared only")
        return LLVMPointer(self.address().handle, _TARGET_SPACE[space])

    @staticmethod
    def at_address(address, dtype, address_space=AddressSpace.Global):
        """A pointer to `dtype` elements at an integer address in global or shared memory
        (fx.AddressSpace; FlyDSL's inttoptr); nothing checks what it reads."""
        dtype = _dtype_name(dtype)
        space = _TARGET_SPACE.get(AddressSpace(int(address_space)))
        h = K.tensor_at_address(current(), as_value(address).handle, K.DTYPES[dtype],
                                -1 if space is None else space)  # fmt: skip
        return Pointer(TensorValue(_checked(h), dtype, None))

    def _here(self):
        """A tensor whose element 0 is this pointer's."""
        return self._flat() if self.offset is None else self.view(make_layout(self._SPAN, 1))

    def view(self, layout):
        """A tensor with `layout` whose element 0 is this pointer's."""
        if self.offset is None:
            return make_tensor(self.tensor, layout)
        # A flat (span, span):(1, 1) view sliced at (offset, _) starts at the offset.
        span = self._SPAN
        grid = make_tensor(self._flat(), make_layout((span, span), (1, 1)))
        return make_tensor(grid[self.offset, None], layout)


def make_buffer_tensor(tensor, max_size=True, *, num_records_bytes=None):
    """`t` with an AMD buffer resource: accesses outside its first `num_records_bytes` bytes
    (an integer), or outside the tensor's elements, read zeros and drop stores. FlyDSL's
    max_size=True asks for a resource of 2^32 - 1 bytes; here the tensor's own extent bounds it,
    and on the cpu target a vector access that runs past the tensor's end still reads and
    writes each of the tensor's bytes in it (FlyDSL reads memory past the end where this reads
    zeros). On rocm the hardware checks the bound, so such an access there loses the tensor's
    elements that share a word with bytes past its end."""
    if num_records_bytes is None:
        h = K.make_buffer_tensor(current(), tensor.handle)
    else:
        count = as_value(num_records_bytes)
        h = K.make_buffer_tensor_bytes(current(), tensor.handle, count.handle)
    return TensorValue(_checked(h), tensor.ir_dtype, None)


def elem_less(a, b):
    x, y = coord(a), coord(b)
    return _wrap(K.elem_less(current(), x.handle, y.handle), "i1")


def tuple_equal(a, b):
    x, y = coord(a), coord(b)
    return _wrap(K.tuple_equal(current(), x.handle, y.handle), "i1")


def tuple_binary(op, a, b):
    """fly_tuple_op `op` of two tuples or integers inside the kernel, a tuple."""
    x, y = coord(a), coord(b)
    return IntTupleValue(K.tuple_binary(current(), op, x.handle, y.handle))


def tuple_unary(op, a):
    return IntTupleValue(K.tuple_unary(current(), op, coord(a).handle))


def layout_coord(op, index, layout):
    """fly_layout_coord_op `op`: the coordinate of an index (a tuple or integer) of a layout,
    inside the kernel."""
    h = K.layout_coord(current(), op, as_kernel_layout(layout), coord(index).handle)
    return IntTupleValue(h)


def leaves(t, dynamic_only=False):
    """The leaves of a kernel tuple, flattened: ints and kernel integers (those alone where
    dynamic_only)."""

    tree = t.unpack() if isinstance(t, IntTupleValue) else t
    return tuple(v for v in tree_leaves(tree) if not dynamic_only or isinstance(v, Value))


class TensorValue(ElementTyped):
    """A tensor inside a kernel: a pointer (global, shared or registers) plus a layout.
    `T[crd]` reads the element at a coordinate (nested, or a 1-D index), `T[crd] = v` writes
    it, and a coordinate with `None` / `fx._` leaves slices. `T.load(i, pred=)` /
    `T.store(i, v, pred=)` take one integer per mode; on a register tensor, `load()` and
    `store(vec)` move all elements as one vector and `fill(x)` sets them."""

    def __init__(self, handle, dtype, rank):
        self.handle = handle
        self.ir_dtype = dtype_name(dtype)
        self._rank = rank

    @property
    def rank(self):
        if self._rank is None:
            self._rank = int(self._query(2))
        return self._rank

    def _query(self, which):
        return IntTupleValue(K.layout_query(current(), which, self.handle))

    @property
    def layout(self):
        return LayoutValue(K.tensor_layout(current(), self.handle))

    @property
    def shape(self):
        """The shape: ints where static, kernel integers where dynamic."""
        return self._query(4)

    @property
    def stride(self):
        """The strides in elements, as the shape is given."""
        return self._query(5)

    @property
    def element_type(self):
        """The elements' numeric class (fx.Float32), as FlyDSL's; `ir_dtype` is its name. A
        tensor of coordinates has none (TypeError, FlyDSL's message)."""
        if int(self._query(8)):
            raise TypeError("CoordTensor doesn't have an element type")
        return self.dtype

    value_type = element_type

    @property
    def address_space(self):
        """fx.AddressSpace.Global, Shared or Register, or TargetAddressSpace.BufferDesc."""
        return _FLY_SPACE[_address_space(self)]

    memspace = address_space

    @property
    def alignment(self):
        """The alignment in bytes the library trusts of the tensor's base: its element's size."""
        return max(1, bit_width(self.ir_dtype) // 8)

    @property
    def leading_dim(self):
        """The first mode, left to right, whose stride is statically 1: its index (a path of
        indices where nested), or None."""

        def find(stride, path):
            if not isinstance(stride, tuple):
                return path if isinstance(stride, int) and stride == 1 else None
            for i, s in enumerate(stride):
                found = find(s, path + [i])
                if found is not None:
                    return found
            return None

        path = find(self.stride.unpack(), [])
        if path is None or len(path) > 1:
            return None if path is None else tuple(path)
        return path[0] if path else 0

    @property
    def type(self):
        """The tensor's type as text (`tensor<f32, (4):(1)>`): element type and layout."""
        return str(self)

    @property
    def ptr(self):
        """A pointer to the first element (fx.get_iter): what FlyDSL's fx.Array fields of
        shared storage give as `.ptr`."""
        return Pointer(self)

    def __str__(self):
        return f"tensor<{self.ir_dtype}, {self.layout}>"

    def _coord(self, index):
        index = index if isinstance(index, tuple) else (index,)
        values = [as_value(i) for i in index]
        arr = (ctypes.c_void_p * len(values))(*[v.handle for v in values])
        return arr, len(values)

    def load(self, index=None, pred=None, lanes=1):
        """The element at `index` (one integer per mode), with lanes > 1 a vector of
        consecutive elements (aligned to its size); without an index, all elements (of a
        register tensor, or of one in memory of static size) as one vector."""
        if index is None:
            return _wrap(K.fragment_load(current(), self.handle), self.ir_dtype)
        arr, n = self._coord(index)
        p = as_value(pred).handle if pred is not None else None
        return _wrap(K.vector_load(current(), self.handle, arr, n, int(lanes), p), self.ir_dtype)

    def store(self, index, value=None, pred=None):
        """store(index, value, pred=None), or store(vector) into all elements."""
        if value is None:  # converted to the element type, as an element store converts
            v = as_value(index)
            if v.ir_dtype != self.ir_dtype:
                v = v.to(self.ir_dtype)
            K.fragment_store(current(), self.handle, v.handle)
        else:
            arr, n = self._coord(index)
            v = as_value(value, Value(None, self.ir_dtype)).to(self.ir_dtype)
            p = as_value(pred).handle if pred is not None else None
            K.store(current(), self.handle, v.handle, arr, n, p)
        _raise_builder_error()

    def view(self, layout):
        """A tensor over this one's memory (from its first element) with `layout`."""
        return make_tensor(self, layout)

    def fill(self, value):
        v = as_value(value, Value(None, self.ir_dtype)).to(self.ir_dtype)
        K.fragment_fill(current(), self.handle, v.handle)
        _raise_builder_error()

    def __getitem__(self, index):
        if has_underscore(index):
            h = K.slice_(current(), self.handle, int_tuple(index).handle)
            return TensorValue(_checked(h), self.ir_dtype, None)
        h = K.load_at(current(), self.handle, coord(index).handle, None)
        return result(h, self)

    def __setitem__(self, index, value):
        v = as_value(value, Value(None, self.ir_dtype)).to(self.ir_dtype)
        K.store_at(current(), self.handle, v.handle, coord(index).handle, None)
        _raise_builder_error()


def _raise_builder_error():
    message = K.kernel_error(current())
    if message:
        raise _BuilderError(message.decode())


def dynamic_shared_tensor(dtype, count):
    """A rank-1 tensor of `count` (a value or number) elements at the start of the launch's
    dynamic shared memory (`launch(smem=bytes)`)."""
    h = K.dynamic_shared_tensor(current(), K.DTYPES[dtype], as_value(count).handle)
    if not h:
        _wrap(h)
    return TensorValue(h, dtype, 1)


def shared_tensor(dtype, count, align=16, dynamic=False):
    """A rank-1 shared tensor: in static shared memory, or carved from the dynamic shared
    memory, which every launch then gets at least enough of."""
    allocate = K.dynamic_shared_allocate if dynamic else K.shared_tensor
    h = allocate(current(), K.DTYPES[dtype], int(count), int(align))
    if not h:
        _wrap(h)
    return TensorValue(h, dtype, 1)
