"""LLVM pointer values as FlyDSL's kernels build them with MLIR's `llvm` dialect
(`!llvm.ptr<1>`): here a pointer is its 64-bit address, a kernel value of type i64 whose type
object says which address space it points into."""

from ._ir_types import LLVMPointerType
from ._trace import Value, as_value


class LLVMPointer(Value):
    """A pointer into `address_space`: an i64 address with an `!llvm.ptr<N>` type. `memory` is
    the memory it points into where that is known (a generic `!llvm.ptr` made from a tensor
    points into the tensor's), None where it is not (a generic pointer from an integer)."""

    __slots__ = ("address_space", "memory")

    def __init__(self, handle, address_space, memory=None):
        super().__init__(handle, "i64")
        self.address_space = int(address_space)
        self.memory = self.address_space if self.address_space in (1, 3) else memory

    @property
    def type(self):
        return LLVMPointerType(self.address_space)

    def __repr__(self):
        return f"Value({self.type})"


def pointer(address, ptr_type, memory=None):
    """The pointer of type `ptr_type` (an LLVMPointerType) at integer address `address`, into
    `memory` (1 global, 3 shared) where a generic pointer's memory is known."""
    if not isinstance(ptr_type, LLVMPointerType):
        raise TypeError(f"a pointer's type is an !llvm.ptr type, not {ptr_type}")
    a = as_value(address)
    if a.ir_dtype not in ("i64", "i32", "index"):
        raise TypeError(f"a pointer's address is an integer, not {a.ir_dtype}")
    return LLVMPointer(a.to("i64").handle, ptr_type.address_space, memory)


def address_of(ptr):
    """The i64 address a pointer holds."""
    if not isinstance(ptr, LLVMPointer):
        raise TypeError(f"expected an !llvm.ptr value, got {ptr!r}")
    return Value(ptr.handle, "i64")
