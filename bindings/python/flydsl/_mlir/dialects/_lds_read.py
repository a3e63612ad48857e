"""gfx950's transposing LDS read as FlyDSL's kernels reach it: `rocdl.ds_read_tr16_b64` /
`ds_read_tr8_b64` and the same instruction written as inline assembly."""

from ... import _kernel_api as K
from ..._ir_types import bit_width
from ..._llvm_pointer import LLVMPointer
from ..._trace import _wrap, current
from ._llvm_access import element


def lds_read_transposed(res, ptr, bits):
    """fly_lds_read_transposed of the `bits`-bit elements at `ptr` (an `!llvm.ptr<3>`), as a
    value of type `res` (64 bits)."""
    if not isinstance(ptr, LLVMPointer) or ptr.memory != 3:
        raise TypeError(f"a transposing LDS read takes an !llvm.ptr<3>, got {ptr!r}")
    if res.lanes * bit_width(res.dtype) != 64:
        raise TypeError(f"a transposing LDS read gives 64 bits a lane, not {res}")
    dtype = res.dtype if bit_width(res.dtype) == bits else f"i{bits}"
    tensor = element(ptr, dtype)._here()
    value = _wrap(K.lds_read_transposed(current(), tensor.handle), dtype)
    return value if dtype == res.dtype else value.bitcast(res.dtype)
