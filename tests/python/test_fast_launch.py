"""The launch hot path (prepared launches fed with packed slots) on the cpu target. It serves
torch tensors and numpy arrays; for torch, a stand-in `torch` module wraps numpy arrays with
the few members the hot path reads, so the path runs without torch installed."""

import sys
import types

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.errors import LaunchError


class _Tensor:
    def __init__(self, array):
        self.array = array
        self.dtype, self.ndim, self.shape, self.is_cuda = (
            array.dtype,
            array.ndim,
            array.shape,
            False,
        )

    def data_ptr(self):
        return self.array.ctypes.data

    def stride(self):
        return tuple(s // self.array.itemsize for s in self.array.strides)

    def element_size(self):
        return self.array.itemsize

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()


@pytest.fixture
def torch(monkeypatch):
    monkeypatch.setenv("FLYDSL_COMPILE_BACKEND", "cpu")  # numpy memory: host kernels
    fake = types.ModuleType("torch")
    fake.Tensor = _Tensor
    monkeypatch.setitem(sys.modules, "torch", fake)
    return fake


@flyc.kernel
def scale_add(x: fx.Tensor, y: fx.Tensor, a: fx.Float32, n: fx.Int32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        y[i] = a * x[i] + y[i]


def test_second_launch_takes_the_hot_path_and_computes_the_same(torch):
    rng = np.random.default_rng(1)
    x, y = rng.standard_normal(300).astype(np.float32), np.zeros(300, np.float32)
    tx, ty = _Tensor(x), _Tensor(y)
    scale_add._prepared.clear()
    scale_add(tx, ty, 2.0, 300).launch(grid=(2,), block=(256,))
    assert len(scale_add._prepared) == 1  # made after the first (slow) launch
    np.testing.assert_allclose(y, 2 * x, rtol=1e-6)
    for a in (0.5, fx.Float32(-1.0)):
        scale_add(tx, ty, a, 300).launch(grid=2, block=(256, 1, 1))
    np.testing.assert_allclose(y, 1.5 * x, rtol=1e-6)
    assert len(scale_add._prepared) == 2  # fx.Float32 is another signature key


def test_hot_path_reads_views_and_new_pointers(torch):
    base = np.arange(40, dtype=np.float32)
    out = np.zeros(20, np.float32)
    scale_add(_Tensor(base[::2]), _Tensor(out), 1.0, 20).launch(block=(32,))
    fresh = np.ones(20, np.float32)
    scale_add(_Tensor(base[1::2]), _Tensor(fresh), 1.0, 20).launch(block=(32,))
    np.testing.assert_array_equal(out, base[::2])
    np.testing.assert_array_equal(fresh, base[1::2] + 1)


def test_values_a_slot_cannot_hold_go_the_slow_way(torch):
    x, y = np.ones(4, np.float32), np.zeros(4, np.float32)
    scale_add(_Tensor(x), _Tensor(y), 1.0, 4).launch(block=(4,))
    scale_add(_Tensor(x), _Tensor(y), 1.0, 4).launch(block=(4,))
    with pytest.raises(OverflowError, match="argument n .* outside"):
        scale_add(_Tensor(x), _Tensor(y), 1.0, 1 << 40).launch(block=(4,))
    with pytest.raises(LaunchError, match="extents must all be at least 1|at least 1"):
        scale_add(_Tensor(x), _Tensor(y), 1.0, 4).launch(block=(0,))
    np.testing.assert_array_equal(y, [2, 2, 2, 2])
    # A tensor of another dtype is another signature: compiled and launched the slow way first.
    x64, y64 = np.ones(4), np.zeros(4)
    for _ in range(2):
        scale_add(_Tensor(x64), _Tensor(y64), 1.0, 4).launch(block=(4,))
    np.testing.assert_array_equal(y64, [2, 2, 2, 2])


def test_keywords_keep_the_dlpack_path(torch):
    scale_add._prepared.clear()
    x, y = np.ones(4, np.float32), np.zeros(4, np.float32)
    scale_add(_Tensor(x), _Tensor(y), a=1.0, n=4).launch(block=(4,))
    scale_add(_Tensor(x), _Tensor(y), a=1.0, n=4).launch(block=(4,))
    assert not scale_add._prepared
    np.testing.assert_array_equal(y, [2, 2, 2, 2])


def test_numpy_arrays_take_the_hot_path_with_their_byte_strides():
    scale_add._prepared.clear()
    base = np.arange(60, dtype=np.float32)
    out = np.zeros(20, np.float32)
    scale_add(base[:20], out, 1.0, 20).launch(block=(32,))
    assert len(scale_add._prepared) == 1
    # Other arrays of the signature: their own pointers, read on the hot path.
    fresh = np.full(20, 5.0, np.float32)
    scale_add(base[20:40], fresh, 2.0, 20).launch(block=(32,))
    assert len(scale_add._prepared) == 1
    np.testing.assert_array_equal(out, base[:20])
    np.testing.assert_array_equal(fresh, 2 * base[20:40] + 5)
    # Strided and reversed views: strides in bytes over the element size, a signature each.
    for view in (base[::3], base[::-3], base[59::-3]):
        y = np.zeros(20, np.float32)
        for _ in range(2):
            scale_add(view, y, 1.0, 20).launch(block=(32,))
        np.testing.assert_array_equal(y, 2 * view)


def test_a_read_only_array_is_refused_on_the_hot_path_too():
    x, y = np.ones(4, np.float32), np.zeros(4, np.float32)
    for _ in range(2):
        scale_add(x, y, 1.0, 4).launch(block=(4,))
    x.flags.writeable = False
    with pytest.raises(BufferError, match="readonly"):
        scale_add(x, y, 1.0, 4).launch(block=(4,))
    np.testing.assert_array_equal(y, [2, 2, 2, 2])


@flyc.jit
def scale_add_twice(x: fx.Tensor, y: fx.Tensor, n: fx.Int32):
    scale_add(x, y, 1.0, n).launch(block=(32,))
    scale_add(x, y, 1.0, n).launch(block=(32,))


def test_tensors_of_a_jit_function_take_the_hot_path():
    scale_add._prepared.clear()
    x, y = np.arange(8, dtype=np.float32), np.zeros(8, np.float32)
    for _ in range(3):
        scale_add_twice(x, y, 8)
    assert len(scale_add._prepared) == 1
    np.testing.assert_array_equal(y, 6 * x)


def test_compile_only_holds_on_the_hot_path(torch, monkeypatch):
    x, y = np.ones(4, np.float32), np.zeros(4, np.float32)
    scale_add(_Tensor(x), _Tensor(y), 1.0, 4).launch(block=(4,))
    assert scale_add._prepared  # the next launch takes the hot path
    monkeypatch.setenv("COMPILE_ONLY", "1")
    scale_add(_Tensor(x), _Tensor(y), 1.0, 4).launch(block=(4,))
    np.testing.assert_array_equal(y, [1, 1, 1, 1])  # only the first launch ran
    monkeypatch.setenv("COMPILE_ONLY", "0")
    scale_add(_Tensor(x), _Tensor(y), 1.0, 4).launch(block=(4,))
    np.testing.assert_array_equal(y, [2, 2, 2, 2])


@flyc.kernel
def scale_by(x: fx.Tensor, k: fx.Constexpr[int], n: fx.Int32):
    i = fx.thread_idx.x
    if i < n:
        x[i] = x[i] * float(k)


def test_constexpr_values_join_the_hot_path_key(torch):
    x = np.ones(8, np.float32)
    for k in (2, 3, 2, 3, True):
        scale_by(_Tensor(x), k, 8).launch(block=(8,))
    np.testing.assert_array_equal(x, np.full(8, 36.0))
    keys = [key[0][1] for key in scale_by._prepared]
    assert sorted(keys, key=repr) == [(bool, True), (int, 2), (int, 3)]
