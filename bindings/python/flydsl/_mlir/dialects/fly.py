"""The `fly` dialect's builders as FlyDSL's programs call them: the layout algebra on values
(`fly.make_layout(shape, stride=s)`, `fly.static(IntTupleType.get((4, 8)))`,
`fly.select(t, indices=[0])`, `fly.coalesce(l)`, `fly.complement(l, codomain_size=c)`, ...),
each the flydsl.expr operation of the same name under the dialect's keywords, so it computes on
the host or builds into the kernel being traced as that one does; the types
(`IntTupleType`, `LayoutType`, ...); `extract_aligned_pointer_as_index(ptr_type, tensor)`,
the address of a tensor's first element as an `!llvm.ptr` (see flydsl._llvm_pointer); and the
atom calls on a lane's values, `mma_atom_call_ssa` and `copy_atom_call_ssa`. The others import
and say they are not offered."""

from ... import _host_layout
from ... import _kernel_api as K
from ..._fly_types import DYNAMIC, BasisType, ComposedLayoutType, IntTupleType, LayoutType
from ..._host_layout import make_layout as _host_make_layout
from ..._ir_types import bit_width
from ..._kernel_layout import CopyAtom, Pointer, TensorValue, _address_space, copy, make_fragment
from ..._llvm_pointer import pointer
from ..._mma import MmaAtom
from ..._trace import Value, _wrap, as_value, current
from ...expr import primitive as _fx
from ...expr.rocdl.mfma import lane_mma
from .._not_offered import module_getattr
from ._none import REASON


def extract_aligned_pointer_as_index(result, tensor, *, loc=None, ip=None):
    """The address of a global or shared tensor's first element, as a pointer of type
    `result`."""
    if not isinstance(tensor, TensorValue):
        raise TypeError(f"extract_aligned_pointer_as_index takes a tensor, got {tensor!r}")
    address = _wrap(K.tensor_address(current(), tensor.handle), "i64")
    return pointer(address, result, _address_space(tensor))


def mma_atom_call_ssa(results, mma_atom, a, b, c, *, d=None, loc=None, ip=None):
    """One call of an MMA atom on this lane's values (vectors, or scalars for one value):
    d = a * b + c, a value shaped as c (of type `results[0]`). A and B may come as any values of
    the atom's operand bits (bf16 as i16 lanes, fp8 packed in integers). With a register
    fragment `d`, D is stored there and nothing is returned."""
    if not isinstance(mma_atom, MmaAtom):
        raise TypeError(f"mma_atom_call_ssa takes an MMA atom (fx.make_mma_atom), got {mma_atom!r}")
    if mma_atom.op.ab_type not in _ATOM_CALL_DTYPES:
        raise NotImplementedError(
            f"mma_atom_call_ssa of {mma_atom!r}: a scaled atom is called through fx.gemm or "
            "the rocdl intrinsics, which take its scales"
        )
    value = lane_mma(mma_atom, a, b, c, mma_atom.op.ab_type)
    _check_result(results, value, "mma_atom_call_ssa")
    if d is None:
        return value
    d.store(value) if as_value(value).lanes > 1 else d.__setitem__(0, value)


_ATOM_CALL_DTYPES = (
    "f32",
    "f16",
    "bf16",
    "f8e4m3",
    "f8e5m2",
    "f8e4m3fnuz",
    "f8e5m2fnuz",
    "i8",
    "i4",
)


def _check_result(results, value, op):
    if len(results) != 1:
        raise TypeError(f"{op} gives one value: pass one result type, got {len(results)}")
    got, want = as_value(value), results[0]
    if (got.lanes, got.ir_dtype) != (want.lanes, want.dtype):
        raise TypeError(f"{op}: the call gives {got.lanes} x {got.ir_dtype}, not {want}")


def copy_atom_call_ssa(results, copy_atom, src, *, dst=None, pred=None, loc=None, ip=None):
    """One call of a copy atom where the register side is a value. From a tensor `src`: the
    atom's bits read from its first element on, a value of type `results[0]` (a vector, or a
    scalar for one value; the tensor's elements are read and their bits reinterpreted); with a
    boolean `pred` the read happens where it is true and the value is `dst` (the old value,
    zero where absent) where it is false. From a value `src` into the tensor `dst`: its bits
    written from dst's first element on, where `pred` (if given) is true; nothing is returned."""
    if not isinstance(copy_atom, CopyAtom):
        raise TypeError(f"copy_atom_call_ssa takes a copy atom, got {copy_atom!r}")
    if isinstance(src, TensorValue):
        if len(results) != 1:
            raise TypeError("copy_atom_call_ssa from a tensor gives one value: pass its type")
        want = results[0]
        _check_bits(copy_atom, want.lanes, want.dtype, want)
        n = _elements(copy_atom, src)
        old = (
            None
            if pred is None
            else as_value(dst if dst is not None else 0, Value(None, src.ir_dtype))
        )
        fragment = _fragment_of(old, n, src.ir_dtype)
        copy(_as_atom_of(copy_atom, src.ir_dtype), _run(src, n), fragment, pred=_pred(pred))
        value = fragment.load() if n > 1 else fragment[0]
        return value if (n, src.ir_dtype) == (want.lanes, want.dtype) else value.bitcast(want.dtype)
    if results:
        raise TypeError("copy_atom_call_ssa into a tensor gives no value: pass no result types")
    if not isinstance(dst, TensorValue):
        raise TypeError(f"copy_atom_call_ssa of a value writes a tensor (dst=), got {dst!r}")
    value = as_value(src)
    _check_bits(copy_atom, value.lanes, value.ir_dtype, f"{value.lanes} x {value.ir_dtype}")
    n = _elements(copy_atom, dst)
    fragment = _fragment_of(value, n, dst.ir_dtype)
    copy(_as_atom_of(copy_atom, dst.ir_dtype), fragment, _run(dst, n), pred=_pred(pred))


def _elements(atom, tensor):
    """How many of the tensor's elements one call of the atom moves."""
    width = bit_width(tensor.ir_dtype)
    if atom.op.bits % width:
        raise TypeError(
            f"copy_atom_call_ssa: the atom's {atom.op.bits} bits are no whole number of the "
            f"tensor's {tensor.ir_dtype} elements"
        )
    return atom.op.bits // width


def _fragment_of(value, lanes, dtype):
    """A register fragment of `lanes` values of `dtype`, holding `value`'s bits where given."""
    fragment = make_fragment(_host_make_layout(lanes, 1), dtype)
    if value is not None:
        v = as_value(value)
        v = v.to(dtype) if v.lanes == 1 and lanes > 1 else v
        if v.ir_dtype != dtype or (v.lanes != lanes and v.lanes > 1):
            v = v.bitcast(dtype)
        if lanes == 1:
            fragment[0] = v
        elif v.lanes == 1:
            fragment.fill(v)
        else:
            fragment.store(v)
    return fragment


def _check_bits(atom, lanes, dtype, what):
    if lanes * bit_width(dtype) != atom.op.bits:
        raise TypeError(
            f"copy_atom_call_ssa: the atom moves {atom.op.bits} bits, not the {what} given"
        )


def _as_atom_of(atom, dtype):
    """The atom moving its bits as elements of `dtype`, its state kept."""
    same = CopyAtom(atom.op, dtype)
    same.soffset = atom.soffset
    return same


def _run(tensor, lanes):
    """`lanes` consecutive elements of the tensor from its first element on."""
    return Pointer(tensor).view(_host_make_layout(lanes, 1))


def _pred(pred):
    """A boolean as the one-element predicate tensor a copy takes."""
    if pred is None:
        return None
    mask = make_fragment(_host_make_layout(1, 1), "i1")
    mask[0] = pred
    return mask


def static(result, *, loc=None, ip=None):
    """The value a static type names (an int tuple's, a layout's)."""
    return _fx.static(result)


def make_int_tuple(result, elems=(), *, loc=None, ip=None):
    """An int tuple of type `result` whose `?` leaves are `elems`, in order."""
    dynamic = iter(elems)

    def fill(t):
        if isinstance(t, tuple):
            return tuple(fill(e) for e in t)
        return next(dynamic) if t is DYNAMIC else t

    return _fx.make_int_tuple(fill(result.tree))


def make_layout(shape, stride=None, *, loc=None, ip=None):
    return _fx.make_layout(shape, stride)


def select(x, indices, *, loc=None, ip=None):
    return _fx.select(x, list(indices))


def get(x, mode, *, loc=None, ip=None):
    return _fx.get_(x, mode)


def take(x, begin, end, *, loc=None, ip=None):
    return _fx.take(x, begin, end)


def group(x, begin, end, *, loc=None, ip=None):
    return _fx.group(x, begin, end)


def coalesce(layout, pattern=None, *, loc=None, ip=None):
    return _fx.coalesce(layout, pattern)


def complement(layout, codomain_size=None, *, loc=None, ip=None):
    return _host_layout.complement(layout, codomain_size=codomain_size)


def _same(name):
    def builder(*args, loc=None, ip=None):
        return getattr(_fx, name)(*args)

    builder.__name__ = name
    builder.__doc__ = f"flydsl.expr.{name}, as the dialect's builder."
    return builder


_SAME = [
    "get_shape", "get_stride", "get_layout", "get_scalar", "size", "cosize", "rank", "depth",
    "composition", "right_inverse", "left_inverse", "crd2idx", "idx2crd", "slice", "dice",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product",
    "make_identity_layout", "make_ordered_layout", "make_composed_layout", "append", "prepend",
    "shape_div", "ceil_div", "elem_less", "equal", "int_tuple_add", "int_tuple_sub",
    "int_tuple_mul", "int_tuple_div", "int_tuple_mod", "int_tuple_product",
    "int_tuple_product_each", "get_leaves", "recast_layout", "tile_to_shape",
]  # fmt: skip
globals().update({name: _same(name) for name in _SAME})

__all__ = [
    "BasisType", "ComposedLayoutType", "IntTupleType", "LayoutType", "coalesce", "complement",
    "copy_atom_call_ssa", "extract_aligned_pointer_as_index", "get", "group", "make_int_tuple",
    "make_layout", "mma_atom_call_ssa", "select", "static", "take", *_SAME,
]  # fmt: skip

__getattr__ = module_getattr("flydsl._mlir.dialects.fly", REASON)
