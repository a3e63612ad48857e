"""The type of an arithmetic result, as FlyDSL gives it: a Python number is an Int32 (Int64 past
its range), a Float32 or a Boolean; a float with an integer widens to the integer's width; two
floats give the wider (f16 with bf16: f32); integers widen, the unsigned type winning at one
width. The same rule on kernel values, vectors and host values. And register tensors of a
layout keep that layout, as CuTe's make_tensor does."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from _ir_module import module_text
from flydsl._mlir import ir
from flydsl._trace import common_dtype


@pytest.mark.parametrize(
    "a, b, result",
    [
        ("bf16", "f32", "f32"),
        ("bf16", "i32", "f32"),
        ("f16", "i8", "f16"),
        ("f32", "i64", "f64"),
        ("f16", "bf16", "f32"),
        ("f8e4m3", "f16", "f16"),
        ("i8", "i32", "i32"),
        ("u32", "i32", "u32"),
        ("u8", "i16", "i16"),
        ("i64", "index", "index"),
    ],
)
def test_the_common_type_lattice(a, b, result):
    assert common_dtype(a, b) == result
    assert common_dtype(b, a) == result


def test_two_eight_bit_floats_have_no_common_type():
    with pytest.raises(TypeError, match="no common type for f8e4m3 and f8e5m2"):
        common_dtype("f8e4m3", "f8e5m2")


def test_python_numbers_with_kernel_values():
    seen = {}

    def build(h, b, i8, p):
        seen["bf16 + 1.0"] = (fx.Vector(b, 4, fx.BFloat16) + 1.0).dtype
        seen["f16 * 2"] = (fx.Float16(h) * 2).dtype
        seen["i8 + 1"] = (fx.Int8(i8) + 1).dtype
        seen["1 - i8"] = (1 - fx.Int8(i8)).dtype
        seen["i8 + 2**40"] = (fx.Int8(i8) + 2**40).dtype
        seen["i8 + Int8"] = (fx.Int8(i8) + fx.Int8(3)).dtype
        seen["predicate == 0"] = ((fx.Int32(p) > 0) == 0).dtype

    text = module_text(
        build,
        ir.F16Type.get(),
        ir.VectorType.get([4], ir.BF16Type.get()),
        ir.IntegerType.get_signless(8),
        ir.IntegerType.get_signless(32),
    )
    assert seen == {
        "bf16 + 1.0": fx.Float32,
        "f16 * 2": fx.Float32,
        "i8 + 1": fx.Int32,
        "1 - i8": fx.Int32,
        "i8 + 2**40": fx.Int64,
        "i8 + Int8": fx.Int8,
        "predicate == 0": fx.Boolean,
    }
    assert "arith.extf" in text and "arith.extsi" in text


def test_host_values_promote_alike():
    assert type(fx.Int8(100) + 100) is fx.Int32 and int(fx.Int8(100) + 100) == 200
    assert type(fx.Float16(1.5) + 1) is fx.Float32
    assert type(fx.Uint32(1) + fx.Int32(2)) is fx.Uint32
    assert type(fx.Int32(7) / 2) is fx.Float32
    assert type(fx.Int64(7) / 2) is fx.Float64


@flyc.kernel
def half_sum(x: fx.Tensor, out: fx.Tensor):
    # 2049 is no f16 (11 bits of mantissa); in f32, where FlyDSL adds an f16 and a Python
    # float, 1 + 2049 is exact, where in f16 it would round to 2048
    out[0] = x[0] + 2049.0


def test_a_half_value_and_a_python_float_add_in_f32():
    out = np.zeros(1, dtype=np.float32)
    dx, dout = dev.array(np.ones(1, dtype=np.float16)), dev.array(out)
    half_sum(dx, dout).launch(grid=(1,), block=(1,))
    assert dev.host(dout)[0] == 2050.0


@flyc.kernel
def broadcast_registers(out: fx.Tensor):
    # (4,2):(1,0): one register per row, seen by both columns
    r = fx.make_rmem_tensor(fx.make_layout((4, 2), (1, 0)), fx.Float32)
    for i in range(4):
        r[i, 0] = fx.Float32(i + 1)
    for i in range(4):
        out[i] = r[i, 1]
    out[4] = fx.Float32(fx.cosize(r.layout))


def test_a_register_tensor_of_a_layout_keeps_its_strides():
    out = np.zeros(5, dtype=np.float32)
    d = dev.array(out)
    broadcast_registers(d).launch(grid=(1,), block=(1,))
    np.testing.assert_array_equal(dev.host(d), [1, 2, 3, 4, 4])


# Host numbers of DSL types, made outside any kernel (a kernel's own fx.Int32(1) is a kernel
# value). 2**24 + 1 has no f32: a vector taken to floats would come back one short.
ONE, OFFSET, THREE = fx.Int32(1), fx.Int64(2**24 + 1), fx.Int32(3)


@flyc.kernel
def vector_with_host_numbers(x: fx.Tensor, out: fx.Tensor, kinds: fx.Tensor):
    v = x.load(0, lanes=4)
    r = v * ONE + OFFSET
    for i in range(4):
        out[i] = r[i]
    kinds[0] = fx.Int32(int(r.dtype is fx.Int64))
    kinds[1] = fx.Int32(int((fx.Vector.filled(4, 1, fx.Uint32) * THREE).dtype is fx.Uint32))
    kinds[2] = fx.Int32(int((fx.Vector.filled(4, 1, fx.Float16) + OFFSET).dtype is fx.Float64))


def test_a_vector_with_a_host_number_of_a_dsl_type_takes_its_type():
    # A host fx.Int32 or fx.Int64 enters the lattice as its own type, as a kernel value of that
    # type would; it once counted as a Python float and took integer vectors to f32.
    x = np.array([3, 5, 7, 2**30], dtype=np.int32)
    out, kinds = np.zeros(4, dtype=np.int64), np.zeros(3, dtype=np.int32)
    dx, dout, dk = dev.array(x), dev.array(out), dev.array(kinds)
    vector_with_host_numbers(dx, dout, dk).launch(grid=(1,), block=(1,))
    np.testing.assert_array_equal(dev.host(dout), x.astype(np.int64) + 2**24 + 1)
    np.testing.assert_array_equal(dev.host(dk), [1, 1, 1])


def test_a_vector_with_a_host_number_in_a_jit_body():
    seen = {}

    @flyc.jit
    def body():
        seen["u32 * Int32"] = (fx.Vector.filled(4, 1, fx.Uint32) * fx.Int32(2)).dtype
        seen["i32 + Int64"] = (fx.Vector.filled(4, 1, fx.Int32) + fx.Int64(1)).dtype

    body()
    assert seen == {"u32 * Int32": fx.Uint32, "i32 + Int64": fx.Int64}
