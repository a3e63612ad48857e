"""MLIR's `llvm` dialect builders, as far as FlyDSL's kernels use them on pointers:
`PointerType`, `GEPOp` (byte and element offsets from a pointer), `PtrToIntOp` / `IntToPtrOp`,
integer `AddOp` / `SubOp` / `MulOp` on addresses, `LoadOp` / `StoreOp` through a pointer and
`AtomicRMWOp`, with their lowercase builders, `inline_asm` / `InlineAsmOp` of the AMD
assembly that has a meaning here (see _amd_asm), `call_intrinsic` of the AMD intrinsics that
fx.rocdl offers (see _llvm_intrinsics), `mlir_undef` / `mlir_poison` / `mlir_zero`, the
conversions `FPExtOp` / `FPTruncOp` / `bitcast`, `intr_expect` (its value) and `extractvalue`
of a struct value. A
pointer is its 64-bit address here (see flydsl._llvm_pointer); the other ops of the dialect
import and say they are not offered."""

import enum

from ... import _kernel_api as K
from ..._ir_types import LLVMPointerType as PointerType
from ..._ir_types import bit_width
from ..._kernel_layout import _raise_builder_error
from ..._llvm_pointer import LLVMPointer, address_of, pointer
from ..._trace import as_value, constant, current
from .._not_offered import module_getattr
from .._op import op_class
from ._amd_asm import inline_asm
from ._llvm_access import atomic_rmw, element
from ._llvm_intrinsics import call_intrinsic
from ._none import REASON

# GEPOp's marker, in raw_constant_indices, of an index given as a value.
_DYNAMIC_INDEX = -(2**31)


def ptrtoint(res, arg, *, loc=None, ip=None):
    """The address of pointer `arg` as an integer of type `res`."""
    return address_of(arg).to(res.ir_dtype)


def inttoptr(res, arg, *, loc=None, ip=None):
    """The pointer of type `res` at integer address `arg`."""
    return pointer(arg, res)


def getelementptr(res, base, dynamic_indices, raw_constant_indices, elem_type, *args, **kwargs):
    """base + index * sizeof(elem_type) for a single index: a constant from
    raw_constant_indices, or the next value of dynamic_indices where it holds the marker."""
    if len(list(raw_constant_indices)) != 1:
        raise NotImplementedError(
            "GEPOp with more than one index is not offered: a pointer here is an address "
            "without an aggregate type to index into"
        )
    if not isinstance(base, LLVMPointer):
        raise TypeError(f"GEPOp takes an !llvm.ptr base, got {base!r}")
    dynamic = list(dynamic_indices)
    (index,) = raw_constant_indices
    index = as_value(dynamic.pop(0)).to("i64") if index == _DYNAMIC_INDEX else index
    step = bit_width(elem_type.ir_dtype) // 8 * elem_type.lanes
    moved = address_of(base) + index * step
    return LLVMPointer(moved.handle, base.address_space, base.memory)


class IntegerOverflowFlags(enum.IntFlag):
    """nsw / nuw promises of an integer op; they only allow optimisations, so the ops here,
    which wrap, honour every combination."""

    none = 0
    nsw = 1
    nuw = 2


def _integers(what, lhs, rhs):
    a, b = as_value(lhs), as_value(rhs)
    if a.ir_dtype != b.ir_dtype or not a.ir_dtype.startswith(("i", "u")):
        raise TypeError(
            f"llvm.{what} takes two integers of one type, got {a.ir_dtype} and {b.ir_dtype}"
        )
    return a, b


def add(lhs, rhs, overflow_flags=None, *, loc=None, ip=None):
    a, b = _integers("add", lhs, rhs)
    return a + b


def sub(lhs, rhs, overflow_flags=None, *, loc=None, ip=None):
    a, b = _integers("sub", lhs, rhs)
    return a - b


def mul(lhs, rhs, overflow_flags=None, *, loc=None, ip=None):
    a, b = _integers("mul", lhs, rhs)
    return a * b


class AtomicBinOp(enum.IntEnum):
    """atomicrmw's operations (MLIR's names and numbers)."""

    xchg = 0
    add = 1
    sub = 2
    _and = 3
    nand = 4
    _or = 5
    _xor = 6
    max = 7
    min = 8
    umax = 9
    umin = 10
    fadd = 11
    fsub = 12
    fmax = 13
    fmin = 14
    uinc_wrap = 15
    udec_wrap = 16


class AtomicOrdering(enum.IntEnum):
    not_atomic = 0
    unordered = 1
    monotonic = 2
    acquire = 4
    release = 5
    acq_rel = 6
    seq_cst = 7


# The kernel atomics (fly_atomic_op) each atomicrmw operation is.
_ATOMIC_OPS = {
    AtomicBinOp.add: 0, AtomicBinOp.fadd: 0, AtomicBinOp.max: 1, AtomicBinOp.fmax: 1,
    AtomicBinOp.min: 2, AtomicBinOp.fmin: 2, AtomicBinOp._and: 3, AtomicBinOp._or: 4,
    AtomicBinOp.uinc_wrap: 5, AtomicBinOp.udec_wrap: 6, AtomicBinOp.xchg: 7,
}  # fmt: skip


def _relaxed(op, ordering):
    """Kernel atomics are monotonic (relaxed) in the system's scope, which is at least as strong
    as any narrower `syncscope`; an acquire, release or sequentially consistent one is refused,
    not weakened."""
    if AtomicOrdering(ordering) not in (AtomicOrdering.unordered, AtomicOrdering.monotonic):
        raise NotImplementedError(
            f"llvm.{op} with {AtomicOrdering(ordering).name} ordering is not offered: "
            "kernel atomics are monotonic (order other accesses with a fence or barrier)"
        )


def atomicrmw(bin_op, ptr, val, ordering, *, syncscope=None, alignment=None, **kwargs):
    """Atomically combines `val` into the element at `ptr`; the old value (see _relaxed)."""
    bin_op = AtomicBinOp(bin_op)
    if bin_op not in _ATOMIC_OPS:
        raise NotImplementedError(
            f"llvm.AtomicRMWOp {bin_op.name} is not offered: kernel atomics add, max, min, and, "
            "or, inc, dec and xchg"
        )
    _relaxed("AtomicRMWOp", ordering)
    v = as_value(val)
    if v.lanes != 1:
        return _pair_add(bin_op, ptr, v)
    unsigned = bin_op in (AtomicBinOp.max, AtomicBinOp.min) and v.ir_dtype.startswith("u")
    is_float = v.ir_dtype.startswith(("f", "bf"))
    if unsigned or (bin_op != AtomicBinOp.xchg and bin_op.name.startswith("f") != is_float):
        raise TypeError(f"llvm.AtomicRMWOp {bin_op.name} does not take {v.ir_dtype} values")
    return atomic_rmw(_ATOMIC_OPS[bin_op], ptr, v, v.ir_dtype)


def _pair_add(bin_op, ptr, v):
    """An fadd of a pair of f16 or bf16 (AMD's packed atomic add): a buffer atomic add over
    the pair's four bytes, whose old value is not offered (None)."""
    if bin_op != AtomicBinOp.fadd or v.lanes != 2 or v.ir_dtype not in ("f16", "bf16"):
        raise NotImplementedError(
            f"llvm.AtomicRMWOp {bin_op.name} on {v.lanes} x {v.ir_dtype} is not offered: vectors "
            "take fadd of a pair of f16 or bf16"
        )
    if getattr(ptr, "memory", None) != 1:
        raise NotImplementedError("a packed atomic add through a pointer needs global memory")
    zero, four = as_value(0), as_value(4)
    rsrc = K.buffer_resource_at(current(), address_of(ptr).handle, constant(0, "i16").handle,
                                four.handle)  # fmt: skip
    if not rsrc:
        _raise_builder_error()
    K.buffer_atomic_add_bytes(current(), rsrc, v.handle, zero.handle, zero.handle)
    _raise_builder_error()
    return None


def _checked_alignment(op, res_type, alignment):
    size = bit_width(res_type.ir_dtype) // 8 * res_type.lanes
    if res_type.lanes > 1 and alignment is not None and alignment < size:
        raise NotImplementedError(
            f"llvm.{op} of {size} bytes aligned to {alignment} is not offered: vector accesses "
            "through a pointer are aligned to their size"
        )


def _atomic_scalar(op, type_):
    if type_.lanes != 1 or type_.ir_dtype not in ("i32", "i64", "f32", "f64"):
        raise NotImplementedError(
            f"an atomic llvm.{op} of {type_} is not offered: atomic accesses take one i32, i64, "
            "f32 or f64"
        )


def load(res, addr, *, alignment=None, ordering=None, syncscope=None, **kwargs):
    """The value of type `res` (a scalar or vector type) at pointer `addr`. An atomic load
    (`ordering` unordered or monotonic, as a spin on a flag needs: each iteration reads memory)
    is an atomic `or` of zero, which reads the element and leaves it as it was."""
    _checked_alignment("LoadOp", res, alignment)
    if ordering is None or AtomicOrdering(ordering) == AtomicOrdering.not_atomic:
        return element(addr, res.ir_dtype).load(res)
    _relaxed("LoadOp", ordering)
    _atomic_scalar("LoadOp", res)
    bits = "i" + res.ir_dtype[1:]
    old = atomic_rmw(_ATOMIC_OPS[AtomicBinOp._or], addr, constant(0, bits), bits)
    return old if bits == res.ir_dtype else old.bitcast(res.ir_dtype)


def store(value, addr, *, alignment=None, ordering=None, syncscope=None, **kwargs):
    """Stores `value` at pointer `addr`; an atomic store (`ordering` unordered or monotonic) is
    an atomic exchange whose old value is dropped."""
    v = as_value(value)
    _checked_alignment("StoreOp", v.type, alignment)
    if ordering is None or AtomicOrdering(ordering) == AtomicOrdering.not_atomic:
        element(addr, v.ir_dtype).store(v)
        return
    _relaxed("StoreOp", ordering)
    _atomic_scalar("StoreOp", v.type)
    atomic_rmw(_ATOMIC_OPS[AtomicBinOp.xchg], addr, v, v.ir_dtype)


def mlir_undef(res, *, loc=None, ip=None):
    """A value of type `res` whose contents do not matter: zeros here (an undef may be any
    value, so every use of it sees one choice of it)."""
    from .arith import constant as _constant

    return _constant(res, 0)


mlir_poison = mlir_undef
mlir_zero = mlir_undef


def fpext(res, arg, *, loc=None, ip=None):
    """Float `arg` (a scalar or vector) widened to `res`'s element type."""
    return as_value(arg).to(res.dtype)


fptrunc = fpext  # narrowed, rounding to nearest even


def bitcast(res, arg, *, loc=None, ip=None):
    """`arg`'s bits as a value of type `res` (the same width)."""
    return as_value(arg).bitcast(res.dtype)


def intr_expect(val, expected, *, loc=None, ip=None):
    """`val` itself: the expected value is a hint to the branch layout, not applied here."""
    return val


def extractvalue(res, container, position, *, loc=None, ip=None):
    """Field `position` ([i]) of a struct value (the tuple of values an op such as
    rocdl.permlane32_swap gives)."""
    if not isinstance(container, tuple):
        raise TypeError(f"extractvalue takes a struct value, got {container!r}")
    (i,) = position
    return container[i]


GEPOp = op_class("GEPOp", getelementptr)
AddOp = op_class("AddOp", add)
SubOp = op_class("SubOp", sub)
MulOp = op_class("MulOp", mul)
AtomicRMWOp = op_class("AtomicRMWOp", atomicrmw)
LoadOp = op_class("LoadOp", load)
StoreOp = op_class("StoreOp", store)
PtrToIntOp = op_class("PtrToIntOp", ptrtoint)
IntToPtrOp = op_class("IntToPtrOp", inttoptr)
InlineAsmOp = op_class("InlineAsmOp", inline_asm)
CallIntrinsicOp = op_class("CallIntrinsicOp", call_intrinsic)
FPExtOp = op_class("FPExtOp", fpext)
FPTruncOp = op_class("FPTruncOp", fptrunc)
BitcastOp = op_class("BitcastOp", bitcast)
UndefOp = op_class("UndefOp", mlir_undef)
PoisonOp = op_class("PoisonOp", mlir_poison)
ZeroOp = op_class("ZeroOp", mlir_zero)

__all__ = ["GEPOp", "IntToPtrOp", "PointerType", "PtrToIntOp", "getelementptr", "inttoptr",
           "ptrtoint", "IntegerOverflowFlags", "AddOp", "SubOp", "MulOp", "add", "sub", "mul",
           "AtomicBinOp", "AtomicOrdering", "AtomicRMWOp", "atomicrmw", "LoadOp", "StoreOp",
           "load", "store", "InlineAsmOp", "inline_asm", "CallIntrinsicOp", "call_intrinsic",
           "UndefOp", "PoisonOp", "ZeroOp", "mlir_undef", "mlir_poison", "mlir_zero",
           "extractvalue", "FPExtOp", "FPTruncOp", "BitcastOp", "fpext", "fptrunc",
           "bitcast", "intr_expect"]  # fmt: skip

__getattr__ = module_getattr("flydsl._mlir.dialects.llvm", REASON)
