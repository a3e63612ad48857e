"""LLVM pointer values as FlyDSL's kernels build them with MLIR's `llvm` dialect
(`!llvm.ptr<1>`): here a pointer is its 64-bit address, a kernel value of type i64 whose type
object says which address space it points into."""

from .._ir_types import LLVMPointerType
from .._trace import Value, as_value


class LLVMPointer(Value):
    """A pointer into `address_space`: an i64 address with an `!llvm.ptr<N>` type."""

    __slots__ = ("address_space",)

    def __init__(self, handle, address_space):
        super().__init__(handle, "i64")
        self.address_space = int(address_space)

    @property
    def type(self):
        return LLVMPointerType(self.address_space)

    def __repr__(self):
        return f"Value({self.type})"


def pointer(address, ptr_type):
    """The pointer of type `ptr_type` (an LLVMPointerType) at integer address `address`."""
    if not isinstance(ptr_type, LLVMPointerType):
        raise TypeError(f"a pointer's type is an !llvm.ptr type, not {ptr_type}")
    a = as_value(address)
    if a.dtype not in ("i64", "i32", "index"):
        raise TypeError(f"a pointer's address is an integer, not {a.dtype}")
    return LLVMPointer(a.to("i64").handle, ptr_type.address_space)


def address_of(ptr):
    """The i64 address a pointer holds."""
    if not isinstance(ptr, LLVMPointer):
        raise TypeError(f"expected an !llvm.ptr value, got {ptr!r}")
    return Value(ptr.handle, "i64")
