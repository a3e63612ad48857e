"""@flyc.kernel and @flyc.jit defined in a class: `self` is bound to the instance, the kernel's
trace reads the instance's attributes as constants, and each distinct set of them compiles its
own kernel (a change between launches is seen)."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from _examples import dev


class Scaler:
    def __init__(self, factor, offset=0.0):
        self.factor, self.offset = factor, offset
        self.notes = object()  # not a plain value: not part of any key

    @flyc.kernel
    def scale(self, x: fx.Tensor, repeat: fx.Constexpr[int]):
        i = fx.thread_idx.x
        for _ in fx.range_constexpr(repeat):
            x[i] = x[i] * self.factor + self.offset

    @flyc.jit
    def run(self, x: fx.Tensor, repeat: fx.Constexpr[int]):
        self.scale(x, repeat).launch(grid=(1,), block=(8,))

    @flyc.jit
    def __call__(self, x: fx.Tensor):
        self.scale(x, 1).launch(grid=(1,), block=(8,))


def test_methods_bind_their_instance():
    x = dev.array(np.ones(8, np.float32))
    Scaler(2.0).run(x, 3)
    np.testing.assert_array_equal(dev.host(x), 8.0)
    Scaler(0.5, 1.0)(x)
    np.testing.assert_array_equal(dev.host(x), 5.0)
    assert isinstance(Scaler.scale, flyc.KernelFunction)
    assert isinstance(Scaler.run, flyc.jit_function.JitFunction)


def test_each_instances_values_compile_their_own_kernel():
    x = dev.array(np.ones(8, np.float32))
    two, three = Scaler(2.0), Scaler(3.0)
    two.scale(x, 1).launch(block=(8,))
    three.scale(x, 1).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(x), 6.0)
    compiled = len(Scaler.scale.cache)
    two.factor = 10.0  # the same instance, another value: another kernel
    two.scale(x, 1).launch(block=(8,))
    np.testing.assert_array_equal(dev.host(x), 60.0)
    assert len(Scaler.scale.cache) == compiled + 1
    Scaler(3.0).scale(x, 1).launch(block=(8,))  # equal values: the kernel compiled before
    np.testing.assert_array_equal(dev.host(x), 180.0)
    assert len(Scaler.scale.cache) == compiled + 1
