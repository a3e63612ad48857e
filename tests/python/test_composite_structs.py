"""Structs of values, as FlyDSL declares them: `@fx.struct` over numbers, tensors, other structs
and `fx.Constexpr[T]` settings is a frozen class constructed with one value per field, a class
per set of Constexpr values, and one kernel argument whose settings compile in."""

import dataclasses

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.expr.struct import (
    is_composite_type,
    is_specializable_struct_type,
    is_struct_type,
)


@fx.struct
class Pair:
    left: fx.Int32
    right: fx.Float32


@fx.struct
class Params:
    tile: fx.Constexpr[int]
    scale: fx.Float32


@fx.struct
class Outer:
    head: fx.Int32
    inner: Pair


def test_a_struct_takes_one_value_per_field_and_is_frozen():
    pair = Pair(1, 2.0)
    assert repr(pair) == "Pair(left=Int32(1), right=Float32(2.0))"
    assert isinstance(pair.left, fx.Int32) and pair.right == 2.0  # numbers take the field's type
    assert Pair(right=2.0, left=1) == pair and pair.replace(left=3).left == 3 and pair.left == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        pair.left = 5
    assert Outer(1, Pair(2, 3.0)).inner.left == 2
    for call, message in [(lambda: Pair(1), "missing required field right"),
                          (lambda: Pair(1, 2.0, 3), "expected 2 field values, got 3"),
                          (lambda: Pair(1, left=2), "multiple values for field 'left'"),
                          (lambda: Pair(1, 2.0, other=3), "unexpected field 'other'"),
                          (lambda: Pair(object(), 2.0), "'left' expects Int32"),
                          (lambda: Outer(1, 2), "takes a Pair")]:  # fmt: skip
        with pytest.raises(TypeError, match=message):
            call()


def test_constexpr_settings_make_the_type():
    p = Params(tile=32, scale=1.0)
    assert p.tile == 32 and type(p.tile) is int and type(p).__name__ == "Params[tile=32]"
    assert type(p.replace(tile=64)).__name__ == "Params[tile=64]"
    assert type(p.replace(scale=2.0)) is type(p) and isinstance(p, Params)
    with pytest.raises(TypeError, match=r"fx.Constexpr\[int\]: expects int, got str"):
        Params(tile="32", scale=1.0)
    with pytest.raises(TypeError, match="expects int: a Python value, not the run-time Int32"):
        Params(tile=fx.Int32(4), scale=1.0)
    assert p.__cache_signature__() == (type(p), ("scale", fx.Float32))


def test_inline_forms_and_names():
    Inline = fx.Struct["left" : fx.Int32, "right" : fx.Float32]
    assert Inline(1, 2.0).right == 2.0
    assert repr(fx.Struct[fx.Int32, fx.Float32](3, 4.0)) == "Struct(_0=Int32(3), _1=Float32(4.0))"
    for fields, message in [(("replace", fx.Int32), "reserved"), (("peek", fx.Int32), "reserved"),
                            (("_hidden", fx.Int32), "must not start with underscore")]:  # fmt: skip
        with pytest.raises(ValueError, match=message):
            fx.Struct[fields[0] : fields[1]]
    with pytest.raises(ValueError, match="duplicate field name 'a'"):
        fx.Struct["a" : fx.Int32, "a" : fx.Float32]
    with pytest.raises(TypeError, match="the union Union has no value form"):
        fx.Union["a" : fx.Int32, "b" : fx.Float32](1)


def test_struct_kinds():
    storage = fx.Struct["a" : fx.Array[fx.Float32, 4]]
    assert is_struct_type(Pair) and is_struct_type(storage) and is_composite_type(storage)
    assert is_composite_type(fx.Union["a" : fx.Array[fx.Float32, 4]])
    assert not is_struct_type(fx.Union["a" : fx.Array[fx.Float32, 4]])
    assert is_specializable_struct_type(Params) and not is_specializable_struct_type(Pair)
    assert not is_struct_type(int)


@fx.struct
class Job:
    count: fx.Constexpr[int]
    scale: fx.Float32
    src: fx.Tensor


@flyc.kernel
def scaled(out: fx.Tensor, job: Job):
    for i in fx.range_constexpr(job.count):
        out[i] = job.src[i] * job.scale


def test_a_struct_is_one_kernel_argument():
    x = np.arange(8, dtype=np.float32)
    out = dev.array(np.zeros(8, np.float32))
    src = dev.array(x)
    before = len(scaled.cache)
    scaled(out, Job(8, 0.5, src)).launch(grid=(1,), block=(1,))
    np.testing.assert_array_equal(dev.host(out), x * 0.5)
    scaled(out, Job(8, 3.0, src)).launch(grid=(1,), block=(1,))  # a new scale: no new compile
    np.testing.assert_array_equal(dev.host(out), x * 3.0)
    assert len(scaled.cache) == before + 1
    scaled(out, Job(4, 1.0, src)).launch(grid=(1,), block=(1,))  # a new count compiles
    np.testing.assert_array_equal(dev.host(out), np.concatenate([x[:4], x[4:] * 3.0]))
    assert len(scaled.cache) == before + 2
