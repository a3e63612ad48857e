"""MLIR's `fly` dialect builders, as far as FlyDSL's kernels reach for them directly:
`extract_aligned_pointer_as_index(ptr_type, tensor)`, the address of a tensor's first element
as an `!llvm.ptr` (see flydsl._llvm_pointer). The others import and say they are not
offered."""

from ... import _kernel_api as K
from ..._kernel_layout import TensorValue, _address_space
from ..._llvm_pointer import pointer
from ..._trace import _wrap, current
from .._not_offered import module_getattr
from ._none import REASON


def extract_aligned_pointer_as_index(result, tensor, *, loc=None, ip=None):
    """The address of a global or shared tensor's first element, as a pointer of type
    `result`."""
    if not isinstance(tensor, TensorValue):
        raise TypeError(f"extract_aligned_pointer_as_index takes a tensor, got {tensor!r}")
    address = _wrap(K.tensor_address(current(), tensor.handle), "i64")
    return pointer(address, result, _address_space(tensor))


__all__ = ["extract_aligned_pointer_as_index"]

__getattr__ = module_getattr("flydsl._mlir.dialects.fly", REASON)
