"""MLIR's `llvm` dialect builders, as far as pointers go: `PointerType`, `GEPOp` (byte and
element offsets from a pointer), `PtrToIntOp` / `IntToPtrOp` and their lowercase builders. A
pointer is its 64-bit address here (see flydsl._mlir._llvm_pointer); the other ops of the
dialect import and say they are not offered."""

from ..._ir_types import LLVMPointerType as PointerType
from ..._ir_types import bit_width
from ..._trace import as_value
from .._llvm_pointer import LLVMPointer, address_of, pointer
from .._not_offered import module_getattr
from .._op import op_class
from ._none import REASON

# GEPOp's marker, in raw_constant_indices, of an index given as a value.
_DYNAMIC_INDEX = -(2**31)


def ptrtoint(res, arg, *, loc=None, ip=None):
    """The address of pointer `arg` as an integer of type `res`."""
    return address_of(arg).to(res.dtype)


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
    step = bit_width(elem_type.dtype) // 8 * elem_type.lanes
    moved = address_of(base) + index * step
    return LLVMPointer(moved.handle, base.address_space)


GEPOp = op_class("GEPOp", getelementptr)
PtrToIntOp = op_class("PtrToIntOp", ptrtoint)
IntToPtrOp = op_class("IntToPtrOp", inttoptr)

__all__ = ["GEPOp", "IntToPtrOp", "PointerType", "PtrToIntOp", "getelementptr", "inttoptr",
           "ptrtoint"]  # fmt: skip

__getattr__ = module_getattr("flydsl._mlir.dialects.llvm", REASON)
