"""flydsl._mlir, the facade over the C API that stands where FlyDSL embeds MLIR's Python
bindings: its type objects, kernel values as ir.Value, the dialect builders with kernel ops
behind them, and the names it does not offer, which import and refuse with a reason."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, gpu, llvm
from flydsl._mlir.dialects.fly_rocdl import TargetAddressSpace
from flydsl._mlir.extras import types as T


def test_type_objects_print_and_compare_as_mlir_types():
    i32, f32 = ir.IntegerType.get_signless(32), ir.F32Type.get()
    v4 = ir.VectorType.get([4], f32)
    assert (str(i32), str(f32), str(v4)) == ("i32", "f32", "vector<4xf32>")
    assert ir.Type.parse("vector<4xf32>") == v4 and ir.Type.parse("i32") == i32
    assert str(ir.Type.parse("f8E4M3FN")) == "f8E4M3FN" and T.f16() == ir.F16Type.get()
    assert isinstance(v4, ir.VectorType) and ir.VectorType(v4).element_type == f32
    assert ir.IntegerType.isinstance(i32) and not ir.FloatType.isinstance(i32)
    assert (i32.width, v4.shape, T.vector(8, T.bf16()).lanes) == (32, [4], 8)
    with pytest.raises(ValueError, match="1, 8, 16, 32 or 64 bits"):
        ir.IntegerType.get_signless(7)
    with pytest.raises(ValueError, match="one dimension of 1 to 64 lanes"):
        ir.VectorType.get([2, 2], f32)
    with pytest.raises(ValueError, match="no kernel type is spelled"):
        ir.Type.parse("tensor<4xf32>")


def test_kernel_values_are_ir_values_with_types():
    seen = {}

    @flyc.kernel
    def typed(out: fx.Tensor):
        t = gpu.thread_id(gpu.Dimension.x)
        c = arith.ConstantOp(ir.IntegerType.get_signless(32), 5).result
        h = arith.constant(ir.F32Type.get(), 0.5)
        v = fx.Vector.from_elements([h, h])
        seen.update(t=isinstance(t, ir.Value), c=str(c.type), v=str(v.type))
        with ir.Context(), ir.Location.unknown():  # the library's: entering changes nothing
            out[t] = t + c + (v.reduce(fx.ReductionOp.ADD)).to(fx.Int32)

    out = dev.array(np.zeros(4, np.int32))
    typed(out).launch(block=(4,))
    np.testing.assert_array_equal(dev.host(out), np.arange(4) + 6)
    assert seen == {"t": True, "c": "i32", "v": "vector<2xf32>"}


def test_names_not_offered_import_and_say_why():
    for thing, name in [(llvm.inline_asm, "llvm.inline_asm"), (TargetAddressSpace, "fly_rocdl"),
                        (ir.Module.create, "ir.Module.create")]:  # fmt: skip
        with pytest.raises(NotImplementedError, match=f"{name}.* is not offered: kernels are"):
            thing()
    with pytest.raises(AttributeError):
        ir._private  # noqa: B018
