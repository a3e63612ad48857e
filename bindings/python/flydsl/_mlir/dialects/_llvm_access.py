"""Accesses through an `!llvm.ptr` (a 64-bit address that knows its memory, see
flydsl._llvm_pointer): the kernel tensor at that address, and an atomic on one of its elements.
The `llvm` dialect's LoadOp / StoreOp / AtomicRMWOp and the AMD store assembly read by _amd_asm
both go through here."""

from ... import _kernel_api as K
from ..._kernel_layout import _FLY_SPACE, Pointer, _raise_builder_error
from ..._llvm_pointer import LLVMPointer, address_of
from ..._trace import _wrap, as_value, current


def element(ptr, dtype):
    """A kernel Pointer to `dtype` elements at the address `ptr` holds."""
    if not isinstance(ptr, LLVMPointer):
        raise TypeError(f"expected an !llvm.ptr value, got {ptr!r}")
    if ptr.memory is None:
        raise NotImplementedError(
            "an access through a generic !llvm.ptr made from an integer is not offered: the "
            "memory it points into is not known (make it from a tensor, or use !llvm.ptr<1>)"
        )
    return Pointer.at_address(address_of(ptr), dtype, _FLY_SPACE[ptr.memory])


def atomic_rmw(op, ptr, v, dtype, index=0):
    """The kernel atomic `op` (a fly_atomic_op) of value `v` on element `index` of the `dtype`
    elements at `ptr`; the old value."""
    target = element(ptr, dtype).tensor
    coord = (K.P * 1)(as_value(index).handle)
    h = K.atomic(current(), op, target.handle, coord, 1, v.handle)
    if not h:
        _raise_builder_error()
    return _wrap(h, dtype)
