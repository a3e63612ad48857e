"""Host layouts and their algebra under CuTe's names (flydsl.expr re-exports them, with the
kernel-side forms of the same functions).

    import flydsl.expr as fx
    L = fx.make_layout((4, 8), (8, 1))
    fx.logical_divide(L, (2, 4))

IntTuples are Python ints and tuples; `None` or `fx._` is CuTe's underscore.
Tilers are a Layout, an int, `_`/None, or a tuple of those.
"""

import ctypes

from ._fly_types import ComposedLayoutType, LayoutType, is_runtime_leaf
from ._lib import (
    CallableInt,
    IntTuple,
    LayoutHandle,
    ScaledBasis,
    StaticInt,
    c_int,
    c_int64_p,
    c_text,
    check,
    decode,
    encode,
    lib,
    take_string,
)

__all__ = [
    "Layout", "ScaledBasis", "Swizzle", "_",
    "make_layout", "make_ordered_layout", "make_identity_layout", "make_layout_tv",
    "make_composed_layout", "ComposedFunction",
    "composed_get_inner", "composed_get_offset", "composed_get_outer",
    "has_none", "size", "cosize", "rank", "depth", "shape", "stride", "get",
    "coshape", "coprofile", "make_fragment_layout_like",
    "crd2idx", "idx2crd", "slice", "dice", "slice_and_offset", "coalesce", "filter",
    "filter_zeros", "composition", "complement", "right_inverse", "left_inverse",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product",
    "recast_layout", "tile_to_shape", "max_common_vector", "max_common_layout", "append",
    "prepend", "flatten", "group", "take", "select", "shape_div", "ceil_div",
    "prefix_product", "product", "inner_product", "elem_less", "elem_scale", "product_each",
    "compact_col_major", "crd2crd", "parse_tuple", "int_tuple_add", "int_tuple_sub",
    "int_tuple_mul", "int_tuple_div", "int_tuple_mod", "int_tuple_product",
    "int_tuple_product_each", "int_tuple_product_like", "equal", "get_leaves",
    "get_flat_coord", "get_1d_coord", "make_layout_like",
]  # fmt: skip


class _Underscore:
    """CuTe's `_`: keep this mode."""

    _is_underscore = True

    def __repr__(self):
        return "_"


_ = _Underscore()

_P = ctypes.POINTER
_out_layout = _P(LayoutHandle)


def _proto(name, *argtypes):
    f = getattr(lib, name)
    f.argtypes = list(argtypes)
    f.restype = ctypes.c_int
    return f


_i64, _sz = ctypes.c_int64, ctypes.c_size_t
_parse = _proto("fly_layout_parse", ctypes.c_char_p, _out_layout)
_make = _proto("fly_layout_make", c_int64_p, _sz, c_int64_p, _sz, _out_layout)
_make_modes = _proto("fly_layout_make_from_modes", _P(LayoutHandle), _sz, _out_layout)
_make_ordered = _proto("fly_layout_make_ordered", c_int64_p, _sz, c_int64_p, _sz, _out_layout)
_make_identity = _proto("fly_layout_make_identity", c_int64_p, _sz, _out_layout)
_make_tv = _proto(
    "fly_layout_make_tv", LayoutHandle, LayoutHandle, _P(c_int64_p), _P(_sz), _out_layout
)
_make_composed = _proto(
    "fly_layout_make_composed",
    ctypes.c_int, ctypes.c_int, ctypes.c_int, _i64, LayoutHandle, _out_layout,
)  # fmt: skip
_swizzle_apply = _proto(
    "fly_swizzle_apply", ctypes.c_int, ctypes.c_int, ctypes.c_int, _i64, _P(_i64)
)
_to_string = _proto("fly_layout_to_string", LayoutHandle, _P(ctypes.c_void_p))
# A drawing's cell colors: (a, b, out, user) writes "#rrggbb" into out (fly_typst_color_t).
TypstColor = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p,
                              ctypes.c_void_p)  # fmt: skip
_layout_typst = _proto(
    "fly_layout_typst", LayoutHandle, ctypes.c_int, TypstColor, ctypes.c_void_p,
    _P(ctypes.c_void_p),
)  # fmt: skip
_copy_typst = _proto(
    "fly_tiled_copy_typst", LayoutHandle, LayoutHandle, _i64, _i64, ctypes.c_char_p, ctypes.c_int,
    TypstColor, ctypes.c_void_p, _P(ctypes.c_void_p),
)  # fmt: skip


def typst_drawing(draw, color):
    """Calls `draw(callback)` (a fly_*_typst call given the C color callback) and returns its
    text; `color(a, b)` (None: the library's palette) gives each cell's "#rrggbb", and an
    exception it raises is raised here."""
    raised = []

    def fill(a, b, out, _user):
        try:
            text = str(color(a, b)).encode()[:7]
        except BaseException as e:  # noqa: BLE001 (kept and raised after the C call)
            raised.append(e)
            return 1
        ctypes.memmove(out, text + b"\0", len(text) + 1)
        return 0

    callback = TypstColor(fill) if color is not None else TypstColor()
    p = ctypes.c_void_p()
    status = draw(callback, ctypes.byref(p))
    if raised:
        raise raised[0]
    check(status)
    return take_string(p)


def typst_copy(src_tv, dst_tv, m, n, caption, document, color):
    """fly_tiled_copy_typst of host TV layouts over an m x n tile."""

    def draw(callback, out):
        text = caption.encode()
        return _copy_typst(src_tv._h, dst_tv._h, m, n, text, int(document), callback, None, out)

    return typst_drawing(draw, color)


_is_composed = _proto("fly_layout_is_composed", LayoutHandle, _P(ctypes.c_int))
_equal = _proto("fly_layout_equal", LayoutHandle, LayoutHandle, _P(ctypes.c_int))
_hash = _proto("fly_layout_hash", LayoutHandle, _P(ctypes.c_uint64))
_tuple_query = {
    n: _proto("fly_layout_" + n, LayoutHandle, _P(c_int64_p), _P(_sz))
    for n in ("shape", "stride", "coshape", "coprofile")
}
_int_query = {
    n: _proto("fly_layout_" + n, LayoutHandle, _P(_i64))
    for n in ("size", "cosize", "rank", "depth")
}
_get = _proto("fly_layout_get", LayoutHandle, c_int64_p, _sz, _out_layout)
_crd2idx = _proto("fly_layout_crd2idx", LayoutHandle, c_int64_p, _sz, _P(_i64))
_evaluate = _proto("fly_layout_evaluate", LayoutHandle, c_int64_p, _sz, _P(c_int64_p), _P(_sz))
_coord = _proto(
    "fly_layout_coord", ctypes.c_int, LayoutHandle, c_int64_p, _sz, _P(c_int64_p), _P(_sz)
)
_slice = _proto("fly_layout_slice", LayoutHandle, c_int64_p, _sz, _out_layout)
_dice = _proto("fly_layout_dice", LayoutHandle, c_int64_p, _sz, _out_layout)
_slice_off = _proto(
    "fly_layout_slice_and_offset", LayoutHandle, c_int64_p, _sz, _out_layout, _P(_i64)
)
_unary = _proto("fly_layout_unary", ctypes.c_int, LayoutHandle, _out_layout)
_coalesce_profile = _proto("fly_layout_coalesce_profile", LayoutHandle, c_int64_p, _sz, _out_layout)
_filter_profile = _proto("fly_layout_filter_profile", LayoutHandle, c_int64_p, _sz, _out_layout)
_complement_to = _proto("fly_layout_complement_to", LayoutHandle, c_int64_p, _sz, _out_layout)
_binary = _proto("fly_layout_binary", ctypes.c_int, LayoutHandle, LayoutHandle, _out_layout)
_mcv = _proto("fly_layout_max_common_vector", LayoutHandle, LayoutHandle, _P(_i64))
_tiler_op = _proto("fly_layout_tiler_op", ctypes.c_int, LayoutHandle, ctypes.c_char_p, _out_layout)
_range_op = {
    n: _proto("fly_layout_" + n, LayoutHandle, _i64, _i64, _out_layout) for n in ("take", "group")
}
_select = _proto("fly_layout_select", LayoutHandle, c_int64_p, _sz, _out_layout)
_recast = _proto("fly_layout_recast", LayoutHandle, _i64, _i64, _out_layout)
_tile_to_shape = _proto(
    "fly_layout_tile_to_shape", LayoutHandle, c_int64_p, _sz, c_int64_p, _sz, _out_layout
)
_tuple_binary = _proto(
    "fly_tuple_binary", ctypes.c_int, c_int64_p, _sz, c_int64_p, _sz, _P(c_int64_p), _P(_sz)
)
_tuple_unary = _proto("fly_tuple_unary", ctypes.c_int, c_int64_p, _sz, _P(c_int64_p), _P(_sz))
_tuple_ternary = _proto(
    "fly_tuple_ternary",
    ctypes.c_int, c_int64_p, _sz, c_int64_p, _sz, c_int64_p, _sz, _P(c_int64_p), _P(_sz),
)  # fmt: skip
_tuple_product = _proto("fly_tuple_product", c_int64_p, _sz, _P(_i64))
_tuple_parse = _proto("fly_tuple_parse", ctypes.c_char_p, _P(c_int64_p), _P(_sz))
_tuple_inner = _proto("fly_tuple_inner_product", c_int64_p, _sz, c_int64_p, _sz, _P(_i64))
_tuple_less = _proto("fly_tuple_elem_less", c_int64_p, _sz, c_int64_p, _sz, _P(ctypes.c_int))

# C enum values (flydsl.h).
_COALESCE, _FILTER, _FILTER_ZEROS, _COMPLEMENT, _RIGHT_INV, _LEFT_INV, _FLATTEN = range(7)
_MAKE_FRAGMENT_LIKE, _MAKE_LAYOUT_LIKE = 7, 8
_COORD_IDX2CRD, _COORD_FLAT, _COORD_1D = range(3)
_COMPOSITION, _BLOCKED, _RAKED, _APPEND, _PREPEND, _MAX_COMMON_LAYOUT = range(6)
_TILER_OPS = dict(
    composition=0, logical_divide=1, zipped_divide=2, tiled_divide=3, flat_divide=4,
    logical_product=5, zipped_product=6, tiled_product=7, flat_product=8,
)  # fmt: skip


def _new(call, *args):
    """Calls a C function whose last argument receives a new layout handle."""
    h = LayoutHandle()
    check(call(*args, ctypes.byref(h)))
    return Layout._adopt(h)


def static_value(v):
    """`v` (an int or tuple) with FlyDSL's unpack(): a StaticInt or an IntTuple."""
    if isinstance(v, tuple):
        return v if isinstance(v, IntTuple) else IntTuple(v)
    return StaticInt(v) if isinstance(v, int) and not isinstance(v, bool) else v


def _tuple_out(call, *args):
    ptr, n = c_int64_p(), _sz()
    check(call(*args, ctypes.byref(ptr), ctypes.byref(n)))
    return decode(ptr, n.value)


class Layout:
    """An immutable CuTe layout (shape:stride), or a swizzled composed layout."""

    __slots__ = ("_h", "_parts", "__weakref__")  # _parts: a composed layout's pieces

    def __init__(self, shape, stride=None):
        h = make_layout(shape, stride)._steal()
        self._h = h

    @classmethod
    def _adopt(cls, handle):
        obj = cls.__new__(cls)
        obj._h = handle
        return obj

    def _steal(self):
        h, self._h = self._h, None
        return h

    def __del__(self, _destroy=lib.fly_layout_destroy):
        h = getattr(self, "_h", None)
        if h:
            _destroy(h)

    @staticmethod
    def parse(text):
        """Reads CuTe text: '((2,4),8):((1,16),2)' or 'Sw<3,4,3> o 0 o (8,8):(8,1)'."""
        return _new(_parse, c_text(text, "layout text"))

    def __str__(self):
        p = ctypes.c_void_p()
        check(_to_string(self._h, ctypes.byref(p)))
        return take_string(p)

    def __repr__(self):
        return f"Layout({str(self)!r})"

    def typst(self, document=True, color=None):
        """The layout drawn as Typst markup (fly_layout_typst): a grid of its index at each
        coordinate; color(index, 0) gives a cell's "#rrggbb" (None: CuTe's greys)."""
        return typst_drawing(
            lambda cb, out: _layout_typst(self._h, int(document), cb, None, out), color
        )

    def __eq__(self, other):
        if not isinstance(other, Layout):
            return NotImplemented
        r = ctypes.c_int()
        check(_equal(self._h, other._h, ctypes.byref(r)))
        return bool(r.value)

    def __hash__(self):
        r = ctypes.c_uint64()
        check(_hash(self._h, ctypes.byref(r)))
        return r.value

    @property
    def shape(self):
        return static_value(_tuple_out(_tuple_query["shape"], self._h))

    @property
    def stride(self):
        return static_value(_tuple_out(_tuple_query["stride"], self._h))

    @property
    def type(self):
        """The layout's Fly type: `!fly.layout<(4,8):(1,4)>`, or a composed layout's."""
        if self.is_composed:
            return ComposedLayoutType(str(self).replace("Sw<", "S<").replace("@", "E"))
        return LayoutType(self.shape, self.stride)

    @property
    def is_composed(self):
        r = ctypes.c_int()
        check(_is_composed(self._h, ctypes.byref(r)))
        return bool(r.value)

    def _int(self, name):
        r = _i64()
        check(_int_query[name](self._h, ctypes.byref(r)))
        return r.value

    def size(self):
        return self._int("size")

    def cosize(self):
        return self._int("cosize")

    @property
    def rank(self):
        """The number of top-level modes (`layout.rank`, or `layout.rank()`)."""
        return CallableInt(self._int("rank"))

    @property
    def depth(self):
        """The shape's nesting depth (`layout.depth`, or `layout.depth()`)."""
        return CallableInt(self._int("depth"))

    @property
    def is_leaf(self):
        """Whether the shape is one integer (not a tuple)."""
        return not isinstance(self.shape, tuple)

    # A host layout's leaves are all static (dynamic ones live in kernels).
    is_static = is_static_shape = is_static_stride = True

    def get_hier_coord(self, index):
        """The coordinate of `index` shaped as the layout's shape (idx2crd)."""
        return idx2crd(index, self)

    def get_flat_coord(self, index):
        return get_flat_coord(index, self)

    def get_1d_coord(self, index):
        return get_1d_coord(index, self)

    def __len__(self):
        return self.size()

    def __call__(self, *coord):
        """L(i), L(i, j), L((i, j)): the offset; with `_`/None anywhere: slice."""
        crd = coord[0] if len(coord) == 1 else tuple(coord)
        if _has_underscore(crd):
            return slice(self, crd)
        tokens, n = encode(crd)
        r = _i64()
        status = _crd2idx(self._h, tokens, n, ctypes.byref(r))
        if status == 0:
            return r.value
        # Not an integer offset (identity layouts give coordinates) or a bad
        # coordinate: the general evaluation returns the value or the error.
        return _tuple_out(_evaluate, self._h, tokens, n)

    def __getitem__(self, mode):
        return get(self, mode)

    def with_shape(self, *shape):
        return composition(self, make_layout(shape[0] if len(shape) == 1 else shape))


def _has_underscore(c):
    if c is None or isinstance(c, _Underscore):
        return True
    return isinstance(c, (tuple, list)) and any(_has_underscore(x) for x in c)


def _tiler_text(t):
    if isinstance(t, Layout):
        return str(t)
    if isinstance(t, str):
        return t  # already CuTe text
    if t is None or isinstance(t, _Underscore):
        return "_"
    if isinstance(t, (tuple, list)):
        return "(" + ",".join(_tiler_text(x) for x in t) + ")"
    if isinstance(t, bool):
        raise TypeError("a tiler element may not be a bool")
    return str(int(t.__index__()))


def _as_layout(x, what):
    if isinstance(x, Layout):
        return x
    raise TypeError(f"{what} must be a Layout, got {type(x).__name__}")


# Construction


def make_layout(*args, stride=None):
    """make_layout(shape[, stride]) or make_layout(L0, L1, ...) (each layout a mode)."""
    if args and all(isinstance(a, Layout) for a in args):
        arr = (LayoutHandle * len(args))(*[a._h for a in args])
        return _new(_make_modes, arr, len(args))
    if len(args) == 2 and stride is None:
        args, stride = args[:1], args[1]
    if len(args) != 1:
        raise TypeError("make_layout(shape, stride=None) or make_layout(layout, ...)")
    s, ns = encode(args[0])
    if stride is None:
        return _new(_make, s, ns, None, 0)
    d, nd = encode(stride)
    return _new(_make, s, ns, d, nd)


def make_ordered_layout(shape, order):
    s, ns = encode(shape)
    o, no = encode(order)
    return _new(_make_ordered, s, ns, o, no)


def make_identity_layout(shape):
    s, ns = encode(shape)
    return _new(_make_identity, s, ns)


def make_layout_tv(thr_layout, val_layout):
    """Returns (tiler_mn, layout_tv) as CuTe's make_layout_tv."""
    ptr, n, h = c_int64_p(), _sz(), LayoutHandle()
    check(
        _make_tv(thr_layout._h, val_layout._h, ctypes.byref(ptr), ctypes.byref(n), ctypes.byref(h))
    )
    return decode(ptr, n.value), Layout._adopt(h)


class Swizzle:
    """CuTe's Swizzle<B,M,S>: x -> x ^ ((x & yyy_mask) >> S)."""

    def __init__(self, bits, base, shift):
        self.bits, self.base, self.shift = (
            c_int(bits, "bits"),
            c_int(base, "base"),
            c_int(shift, "shift"),
        )
        self(0)  # validates the parameters through the library

    def __call__(self, offset):
        r = _i64()
        check(_swizzle_apply(self.bits, self.base, self.shift, offset, ctypes.byref(r)))
        return r.value

    @property
    def mask(self):
        """FlyDSL's name of B, the number of bits the swizzle moves."""
        return self.bits

    def __repr__(self):
        return f"Sw<{self.bits},{self.base},{self.shift}>"

    def __eq__(self, other):
        if not isinstance(other, Swizzle):
            return NotImplemented
        return (self.bits, self.base, self.shift) == (other.bits, other.base, other.shift)

    def __hash__(self):
        return hash((self.bits, self.base, self.shift))


class ComposedFunction:
    """FlyDSL's composed layout in general: inner o offset o outer, a coordinate c mapped to
    inner(offset + outer(c)), where the inner function is a swizzle, a layout or another
    composition and the outer one a layout or a composition; the parts may be kernel values.
    (A swizzle over a plain host layout is CuTe's ComposedLayout, a Layout of the library.)
    Each part is applied by its own operation; this only chains them."""

    __slots__ = ("inner", "offset", "outer")

    def __init__(self, inner, offset, outer):
        self.inner, self.offset, self.outer = inner, offset, outer

    @property
    def is_composed(self):
        return True

    @property
    def _parts(self):
        return (self.inner, self.offset, self.outer)

    def __call__(self, *coord):
        """F(i), F(i, j), F((i, j)): inner(offset + outer(crd))."""
        crd = coord[0] if len(coord) == 1 else tuple(coord)
        return apply_function(self.inner, self.offset + crd2idx(crd, self.outer))

    def __str__(self):
        nested = getattr(self.outer, "is_composed", False)
        outer = f"[{self.outer}]" if nested else str(self.outer)
        return f"{self.inner} o {self.offset} o {outer}"

    __repr__ = __str__

    @property
    def shape(self):
        return shape(self.outer)

    def size(self):
        return size(self.outer)

    @property
    def rank(self):
        """The outer layout's rank (`f.rank`, or `f.rank()`)."""
        return CallableInt(rank(self.outer))

    @property
    def depth(self):
        return CallableInt(depth(self.outer))

    @property
    def is_leaf(self):
        return not isinstance(self.shape, tuple)

    @property
    def is_static_inner(self):
        return _static_part(self.inner)

    @property
    def is_static_offset(self):
        return not _is_kernel_value(self.offset)

    @property
    def is_static_outer(self):
        return _static_part(self.outer)

    @property
    def is_static(self):
        return self.is_static_inner and self.is_static_offset and self.is_static_outer

    @property
    def stride(self):
        raise TypeError("ComposedLayout doesn't have a meaningful stride")


def _is_kernel_value(x):
    return hasattr(x, "handle")  # kernel values carry the builder's handle


def _static_part(x):
    """Whether a part of a composition is static: a host swizzle, layout or composition of
    them, not a kernel value."""
    if isinstance(x, ComposedFunction):
        return x.is_static
    return not _is_kernel_value(x)


def apply_function(f, x):
    """f(x) for the inner function of a composition: a swizzle of x, or x through a layout
    or a composition."""
    return f(x) if isinstance(f, Swizzle) else crd2idx(x, f)


def _is_function_part(x, inner):
    if isinstance(x, (Layout, ComposedFunction)) or (inner and isinstance(x, Swizzle)):
        return True
    return callable(x) and hasattr(x, "shape")  # a kernel layout: L(crd) is crd2idx


def make_composed_layout(inner, offset_or_outer, outer=None):
    """inner o offset o outer, FlyDSL's make_composed_layout (offset 0 when not given). A
    swizzle over a plain host layout with an integer offset is CuTe's ComposedLayout (a
    Layout); anything else, layouts or compositions on either side, kernel layouts among
    them, is a ComposedFunction."""
    if outer is None:
        offset_or_outer, outer = 0, offset_or_outer
    offset = offset_or_outer
    if not _is_function_part(inner, True):
        raise TypeError(
            f"make_composed_layout: the inner function must be a swizzle, a layout or a "
            f"composed layout, got {inner!r}"
        )
    if not _is_function_part(outer, False):
        raise TypeError(
            f"make_composed_layout: the outer function must be a layout or a composed layout, "
            f"got {outer!r}"
        )
    plain = isinstance(outer, Layout) and not outer.is_composed
    if isinstance(inner, Swizzle) and plain and isinstance(offset, int):
        out = _new(_make_composed, inner.bits, inner.base, inner.shift, offset, outer._h)
        out._parts = (inner, int(offset), outer)  # what a kernel tensor needs to rebuild it
        return out
    return ComposedFunction(inner, offset, outer)


def _composed_part(layout, index, name):
    if not isinstance(layout, (Layout, ComposedFunction)) or not layout.is_composed:
        raise TypeError(f"{name} takes a composed layout (make_composed_layout), got {layout!r}")
    return layout._parts[index]


def composed_get_inner(input):
    """The inner function of a composed layout inner o offset o outer: its swizzle."""
    return _composed_part(input, 0, "composed_get_inner")


def composed_get_offset(input):
    """The offset of a composed layout, between its outer layout and its swizzle."""
    return _composed_part(input, 1, "composed_get_offset")


def composed_get_outer(input):
    """The outer layout of a composed layout: what maps coordinates before the offset."""
    return _composed_part(input, 2, "composed_get_outer")


def has_none(coord):
    """Whether a coordinate (an integer, None or a nested tuple of them) has a None leaf: a
    slice rather than one element."""
    if coord is None:
        return True
    if isinstance(coord, (tuple, list)):
        return any(has_none(c) for c in coord)
    return False


# Queries


def size(x):
    return x.size() if isinstance(x, (Layout, ComposedFunction)) else product(x)


def cosize(layout):
    return layout.cosize()


def rank(x):
    return (
        x.rank()
        if isinstance(x, (Layout, ComposedFunction))
        else (len(x) if isinstance(x, tuple) else 1)
    )


def depth(x):
    if isinstance(x, Layout):
        return x.depth()
    return 1 + max((depth(e) for e in x), default=0) if isinstance(x, tuple) else 0


def shape(layout):
    return layout.shape


def coshape(layout):
    """What the layout's offsets span: (cosize,), or one extent per basis mode."""
    return static_value(_tuple_out(_tuple_query["coshape"], layout._h))


def coprofile(layout):
    """The profile of the codomain: 0, or (0, 0) for strides in E0 and E1."""
    return static_value(_tuple_out(_tuple_query["coprofile"], layout._h))


def make_fragment_layout_like(layout):
    """CuTe's make_fragment_like of a layout: compact, mode 0 first, the others by stride."""
    return _new(_unary, _MAKE_FRAGMENT_LIKE, layout._h)


def stride(layout):
    return layout.stride


def get(layout, *path):
    """get(L, i, j, ...): the sub-layout at mode path (i, j, ...)."""
    if len(path) == 1 and isinstance(path[0], (tuple, list)):
        path = tuple(path[0])
    arr = (_i64 * len(path))(*path)
    return _new(_get, layout._h, arr, len(path))


def crd2idx(crd, layout_or_shape, stride=None):
    """crd2idx(crd, layout), crd2idx(crd, shape, stride), or crd2idx(crd, shape): the
    column-major index of a coordinate in a shape."""
    if isinstance(layout_or_shape, (Layout, ComposedFunction)):
        return layout_or_shape(crd)
    if stride is None:
        return _tuple_op(4, crd, layout_or_shape)
    return make_layout(layout_or_shape, stride)(crd)


def idx2crd(idx, shape_or_layout, stride=None):
    """idx2crd(idx, layout): the coordinate through the layout's shape and strides, as FlyDSL's
    (CuTe's layout.get_hier_coord: (0, 5) for 5 in (4,8):(8,1)); idx2crd(idx, shape):
    column-major; idx2crd(idx, shape, stride): per leaf (idx // d) % s."""
    if isinstance(shape_or_layout, Layout):
        return _layout_coord(_COORD_IDX2CRD, idx, shape_or_layout)
    if stride is not None:
        return _ternary_op(0, idx, shape_or_layout, stride)
    return _tuple_op(3, idx, shape_or_layout)


def _layout_coord(op, index, layout):
    x, n = encode(index)
    return static_value(_tuple_out(_coord, op, _as_layout(layout, "layout")._h, x, n))


def get_flat_coord(index, layout):
    """The coordinate of `index` through the layout's shape and strides, as one 1-D coordinate
    per top-level mode: get_flat_coord(9, (4,8):(1,4)) is (1, 2)."""
    return _layout_coord(_COORD_FLAT, index, layout)


def get_1d_coord(index, layout):
    """The coordinate of `index` through the layout's shape and strides, as its column-major
    index in the shape: get_1d_coord(5, (4,8):(8,1)) is 20."""
    return _layout_coord(_COORD_1D, index, layout)


def make_layout_like(layout):
    """CuTe's make_layout_like: the shape, with compact strides in the order of the layout's
    strides (stride-0 modes keep stride 0)."""
    return _new(_unary, _MAKE_LAYOUT_LIKE, _as_layout(layout, "layout")._h)


def crd2crd(crd, src_shape, dst_shape):
    """A coordinate of src_shape re-expressed in dst_shape (mode by mode where all are tuples)."""
    return _ternary_op(1, crd, src_shape, dst_shape)


def slice(layout, crd):
    c, n = encode(crd)
    return _new(_slice, layout._h, c, n)


def dice(layout, crd):
    c, n = encode(crd)
    return _new(_dice, layout._h, c, n)


def slice_and_offset(crd, layout):
    c, n = encode(crd)
    h, off = LayoutHandle(), _i64()
    check(_slice_off(layout._h, c, n, ctypes.byref(h), ctypes.byref(off)))
    return Layout._adopt(h), off.value


# Algebra


def coalesce(layout, profile=None):
    if profile is None:
        return _new(_unary, _COALESCE, layout._h)
    p, n = encode(profile)
    return _new(_coalesce_profile, layout._h, p, n)


def filter(layout, profile=None):
    if profile is None:
        return _new(_unary, _FILTER, layout._h)
    p, n = encode(profile)
    return _new(_filter_profile, layout._h, p, n)


def filter_zeros(layout):
    return _new(_unary, _FILTER_ZEROS, layout._h)


def composition(a, b):
    if isinstance(b, Layout):
        return _new(_binary, _COMPOSITION, a._h, b._h)
    return _new(_tiler_op, _TILER_OPS["composition"], a._h, _tiler_text(b).encode())


def complement(layout, cotarget=None, *, codomain_size=None):
    """The layout of the offsets `layout` misses up to `cotarget` (FlyDSL calls it
    codomain_size; either name, not both), or up to its cosize."""
    if codomain_size is not None:
        if cotarget is not None:
            raise TypeError("complement takes cotarget or codomain_size, not both")
        cotarget = codomain_size
    if cotarget is None:
        return _new(_unary, _COMPLEMENT, layout._h)
    c, n = encode(cotarget)
    return _new(_complement_to, layout._h, c, n)


def right_inverse(layout):
    return _new(_unary, _RIGHT_INV, layout._h)


def left_inverse(layout):
    return _new(_unary, _LEFT_INV, layout._h)


def _tiler_fn(name):
    op = _TILER_OPS[name]

    def fn(layout, tiler):
        return _new(_tiler_op, op, _as_layout(layout, "layout")._h, _tiler_text(tiler).encode())

    fn.__name__ = name
    fn.__doc__ = f"CuTe's {name}(layout, tiler)."
    return fn


logical_divide = _tiler_fn("logical_divide")
zipped_divide = _tiler_fn("zipped_divide")
tiled_divide = _tiler_fn("tiled_divide")
flat_divide = _tiler_fn("flat_divide")
logical_product = _tiler_fn("logical_product")
zipped_product = _tiler_fn("zipped_product")
tiled_product = _tiler_fn("tiled_product")
flat_product = _tiler_fn("flat_product")


def blocked_product(block, tiler):
    return _new(_binary, _BLOCKED, block._h, _as_layout(tiler, "tiler")._h)


def raked_product(block, tiler):
    return _new(_binary, _RAKED, block._h, _as_layout(tiler, "tiler")._h)


def recast_layout(layout, old_type_bits, new_type_bits):
    """The layout of the same memory seen as elements of new_bits instead of old_bits."""
    return _new(_recast, layout._h, old_type_bits, new_type_bits)


def tile_to_shape(block, trg_shape, ord_shape=None):
    t, nt = encode(trg_shape)
    if ord_shape is None:
        return _new(_tile_to_shape, block._h, t, nt, None, 0)
    o, no = encode(ord_shape)
    return _new(_tile_to_shape, block._h, t, nt, o, no)


def max_common_vector(a, b):
    r = _i64()
    check(_mcv(a._h, b._h, ctypes.byref(r)))
    return r.value


def max_common_layout(a, b):
    return _new(_binary, _MAX_COMMON_LAYOUT, a._h, b._h)


def append(layout, x):
    return _new(_binary, _APPEND, layout._h, x._h)


def prepend(layout, x):
    return _new(_binary, _PREPEND, layout._h, x._h)


def flatten(x):
    if isinstance(x, Layout):
        return _new(_unary, _FLATTEN, x._h)
    return _unary_op(1, x)


def group(int_tuple, begin, end):
    return _new(_range_op["group"], int_tuple._h, begin, end)


def take(layout, begin, end):
    return _new(_range_op["take"], layout._h, begin, end)


def select(layout, *modes):
    """select(L, i, j, ...): the listed modes of a layout."""
    if len(modes) == 1 and isinstance(modes[0], (tuple, list)):
        modes = tuple(modes[0])
    arr = (_i64 * len(modes))(*modes)
    return _new(_select, layout._h, arr, len(modes))


# IntTuple helpers


def _tuple_op(op, a, b):
    x, nx = encode(a)
    y, ny = encode(b)
    return _tuple_out(_tuple_binary, op, x, nx, y, ny)


def parse_tuple(text):
    """CuTe text such as "(2,(3,4))" or "(4)" as a nested Python tuple ("_" is None)."""
    return _tuple_out(_tuple_parse, c_text(text, "tuple text"))


def _unary_op(op, a):
    x, n = encode(a)
    return _tuple_out(_tuple_unary, op, x, n)


def _ternary_op(op, a, b, c):
    x, nx = encode(a)
    y, ny = encode(b)
    z, nz = encode(c)
    return _tuple_out(_tuple_ternary, op, x, nx, y, ny, z, nz)


# fly_tuple_op and fly_tuple_unary_op (flydsl.h): the numbers kernels use too.
TUPLE_OPS = dict(
    shape_div=0, ceil_div=1, elem_scale=2, idx2crd=3, int_tuple_add=7, int_tuple_sub=8,
    int_tuple_mul=9, int_tuple_div=10, int_tuple_mod=11, int_tuple_product_like=12,
)  # fmt: skip
TUPLE_UNARY_OPS = dict(product_each=0, flatten=1, int_tuple_product=2)


def shape_div(a, b):
    return _tuple_op(0, a, b)


def ceil_div(a, b):
    return _tuple_op(1, a, b)


def elem_scale(a, b):
    return _tuple_op(2, a, b)


def compact_col_major(shape, current=1):
    """Column-major strides for shape starting at current; size-1 modes get stride 0."""
    return _tuple_op(5, shape, current)


def prefix_product(a, init=1):
    """Exclusive prefix product of a's modes, starting at init (an int, or a tuple mode by mode)."""
    return _tuple_op(6, a, init)


def product_each(a):
    return _unary_op(0, a)


def product(a):
    x, n = encode(a)
    r = _i64()
    check(_tuple_product(x, n, ctypes.byref(r)))
    return r.value


def inner_product(a, b):
    x, nx = encode(a)
    y, ny = encode(b)
    r = _i64()
    check(_tuple_inner(x, nx, y, ny, ctypes.byref(r)))
    return r.value


def int_tuple_add(a, b):
    """Leaf by leaf where both have modes; the longer tuple's extra modes are kept."""
    return _tuple_op(7, a, b)


def int_tuple_sub(a, b):
    return _tuple_op(8, a, b)


def int_tuple_mul(a, b):
    return _tuple_op(9, a, b)


def int_tuple_div(a, b):
    """Leaf by leaf, rounding toward negative infinity (Python's //)."""
    return _tuple_op(10, a, b)


def int_tuple_mod(a, b):
    return _tuple_op(11, a, b)


def int_tuple_product_like(a, guide):
    """`a` multiplied out under each leaf of guide's profile: ((2,(3,4)), (_,_)) gives (2,12)."""
    return _tuple_op(12, a, guide)


def int_tuple_product(a):
    return _unary_op(2, a)


def int_tuple_product_each(a):
    return _unary_op(0, a)


def equal(a, b):
    """Whether two tuples have the same structure and the same leaves (FlyDSL's fx.equal)."""
    return _as_plain(a) == _as_plain(b)


def _as_plain(t):
    return tuple(_as_plain(e) for e in t) if isinstance(t, (tuple, list)) else t


def get_leaves(t, dynamic_only=False):
    """The leaves of a tuple, flattened; with dynamic_only, those a @flyc.jit function's
    runtime parameters gave (the dynamic leaves of FlyDSL's IR)."""

    def walk(x):  # the leaves themselves, which remember what was runtime
        if isinstance(x, (tuple, list)):
            for e in x:
                yield from walk(e)
        else:
            yield x

    leaves = tuple(walk(t))
    return tuple(x for x in leaves if is_runtime_leaf(x)) if dynamic_only else leaves


def elem_less(a, b):
    x, nx = encode(a)
    y, ny = encode(b)
    r = ctypes.c_int()
    check(_tuple_less(x, nx, y, ny, ctypes.byref(r)))
    return bool(r.value)
