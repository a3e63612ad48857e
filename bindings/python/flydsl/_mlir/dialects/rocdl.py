"""MLIR's `rocdl` dialect builders for AMD buffer accesses over a raw pointer, as FlyDSL's
kernels use them: `MakeBufferRsrcOp(type, base, stride, num_records, flags)` (a resource over
num_records bytes from an `!llvm.ptr`; the flags word is the arch's, which the rocm pipeline
fills in, and the stride must be the constant 0), `RawPtrBufferLoadOp(type, rsrc, offset,
soffset)` and `RawPtrBufferStoreOp(data, rsrc, offset, soffset)` at byte offsets (a load outside
the resource gives zeros, a store there is dropped; on every target), and
`RawPtrBufferAtomicFaddOp(data, rsrc, offset, soffset)` (an f32 or a pair of f16 or bf16);
gfx950's transposing LDS reads `ds_read_tr16_b64(type, ptr)` and `ds_read_tr8_b64(type, ptr)`
(`.result`: fly_lds_read_transposed, emulated by shuffles on cpu and cuda).
The cache-policy `aux` bits are accepted and not applied. The ops that `fx.rocdl` offers
(conversions, exp2 and rcp, lane reads and DPP, scheduling hints and waits) are these same
builders, as in FlyDSL, where fx.rocdl re-exports this dialect. The dialect's other ops
import and say they are not offered."""

from ... import _kernel_api as K
from ..._control import _check
from ..._llvm_pointer import LLVMPointer, address_of
from ..._trace import _wrap, as_value, constant, current
from ...expr.buffer_ops import BufferResource
from ...expr.rocdl import convert, lanes, sched
from .._not_offered import module_getattr
from .._op import op_class
from ._lds_read import lds_read_transposed
from ._llvm_access import element
from ._none import REASON


def _i32(x):
    return as_value(x).to("i32")


def make_buffer_rsrc(res, base, stride, num_records, flags, *, loc=None, ip=None):
    stride = constant(stride, "i16") if isinstance(stride, int) else as_value(stride)
    h = K.buffer_resource_at(current(), address_of(base).handle, stride.handle,
                             as_value(num_records).handle)  # fmt: skip
    if not h:
        _wrap(h)
    return BufferResource(h, "i8")


def raw_ptr_buffer_load(res, rsrc, offset, soffset, aux=None, *args, **kwargs):
    _resource(rsrc)
    h = K.buffer_load_bytes(current(), rsrc.handle, _i32(offset).handle, _i32(soffset).handle,
                            K.DTYPES[res.ir_dtype], res.lanes)  # fmt: skip
    return _wrap(h, res.ir_dtype)


def raw_ptr_buffer_store(vdata, rsrc, offset, soffset, aux=None, *args, **kwargs):
    _resource(rsrc)
    v = as_value(vdata)
    K.buffer_store_bytes(current(), rsrc.handle, v.handle, _i32(offset).handle,
                         _i32(soffset).handle)  # fmt: skip
    _check()


def raw_ptr_buffer_atomic_fadd(vdata, rsrc, offset, soffset, aux=None, *args, **kwargs):
    """Atomically adds an f32, or a pair of f16 or bf16, at a byte offset of the resource (no
    result); an add past the resource is dropped."""
    _resource(rsrc)
    v = as_value(vdata)
    K.buffer_atomic_add_bytes(current(), rsrc.handle, v.handle, _i32(offset).handle,
                              _i32(soffset).handle)  # fmt: skip
    _check()


def raw_ptr_buffer_load_lds(rsrc, lds, size, voffset, soffset, offset, aux, *args, **kwargs):
    """Each lane's `size` bytes from byte offset voffset + soffset + offset of the resource into
    LDS at `lds` (an `!llvm.ptr<3>`, the wave's base) plus lane x size (fly_buffer_load_lds_bytes);
    `size` and `offset` are constants, the cache-policy `aux` is not applied."""
    _resource(rsrc)
    if not isinstance(lds, LLVMPointer) or lds.memory != 3:
        raise TypeError(f"a buffer load into LDS writes through an !llvm.ptr<3>, got {lds!r}")
    nbytes, imm = _constant_int(size, "size"), _constant_int(offset, "offset")
    K.buffer_load_lds_bytes(current(), rsrc.handle, element(lds, "i8")._here().handle, nbytes,
                            _i32(voffset).handle, _i32(soffset).handle, imm)  # fmt: skip
    _check()


def _constant_int(x, what):
    if isinstance(x, int):
        return x
    value = as_value(x)._constant()
    if value is None:
        raise TypeError(f"raw_ptr_buffer_load_lds: its {what} must be a constant, not {x!r}")
    return int(value)


def _resource(rsrc):
    if not isinstance(rsrc, BufferResource):
        raise TypeError(f"a buffer access needs a buffer resource (MakeBufferRsrcOp), got {rsrc!r}")


MakeBufferRsrcOp = op_class("MakeBufferRsrcOp", make_buffer_rsrc)
RawPtrBufferLoadOp = op_class("RawPtrBufferLoadOp", raw_ptr_buffer_load)
RawPtrBufferStoreOp = op_class("RawPtrBufferStoreOp", raw_ptr_buffer_store)
RawPtrBufferAtomicFaddOp = op_class("RawPtrBufferAtomicFaddOp", raw_ptr_buffer_atomic_fadd)
ds_read_tr16_b64 = op_class("ds_read_tr16_b64", lambda res, ptr: lds_read_transposed(res, ptr, 16))
ds_read_tr8_b64 = op_class("ds_read_tr8_b64", lambda res, ptr: lds_read_transposed(res, ptr, 8))

_SHARED = [name for module in (convert, lanes, sched) for name in module.__all__]
globals().update({name: getattr(m, name) for m in (convert, lanes, sched) for name in m.__all__})

__all__ = ["MakeBufferRsrcOp", "RawPtrBufferLoadOp", "RawPtrBufferStoreOp",
           "RawPtrBufferAtomicFaddOp", "make_buffer_rsrc", "raw_ptr_buffer_load",
           "raw_ptr_buffer_store", "raw_ptr_buffer_atomic_fadd", "raw_ptr_buffer_load_lds",
           "ds_read_tr16_b64",
           "ds_read_tr8_b64", *_SHARED]  # fmt: skip

__getattr__ = module_getattr("flydsl._mlir.dialects.rocdl", REASON)
