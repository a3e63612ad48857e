"""Which target a compile chooses: an explicit one, else FLYDSL_COMPILE_BACKEND, else the
memory the kernel's tensors lie in (host arrays run on the cpu target where a GPU is present
too), else the GPU present."""

import ctypes

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl import _kernel_api as K
from flydsl.runtime.device import resolve_options

DL_CPU, DL_CUDA, DL_ROCM = 1, 2, 10


def choice(target=None, data_device=0):
    o = K.CompileOptions(ctypes.sizeof(K.CompileOptions))
    o.target = target.encode() if target else None
    o.data_device_type = data_device
    return resolve_options(o)


@pytest.fixture
def no_environment_target(monkeypatch):
    for name in ("FLYDSL_COMPILE_BACKEND", "ARCH", "FLYDSL_GPU_ARCH"):
        monkeypatch.delenv(name, raising=False)


def test_the_memory_of_the_data_chooses_the_target(no_environment_target):
    assert choice(data_device=DL_CPU) == ("cpu", "gfx942")
    target, arch = choice(data_device=DL_CUDA)
    assert target == "cuda" and arch.startswith("sm_")
    target, arch = choice(data_device=DL_ROCM)
    assert target == "rocm" and arch.startswith("gfx")


def test_an_explicit_or_environment_target_wins_over_the_data(no_environment_target, monkeypatch):
    assert choice("cuda", DL_CPU)[0] == "cuda"
    monkeypatch.setenv("FLYDSL_COMPILE_BACKEND", "rocm")
    assert choice(data_device=DL_CPU)[0] == "rocm"
    monkeypatch.setenv("ARCH", "gfx950")
    assert choice(data_device=DL_CUDA) == ("rocm", "gfx950")


def test_an_unknown_device_type_leaves_the_choice_to_the_machine(no_environment_target):
    # Pinned host memory (kDLCUDAHost) and mixed arguments say nothing.
    assert choice(data_device=3) == choice()


def test_options_of_an_older_size_are_read_without_the_data_device(no_environment_target):
    o = K.CompileOptions(K.CompileOptions.data_device_type.offset)
    o.data_device_type = DL_CUDA  # past struct_size: not read
    assert resolve_options(o) == choice()


@flyc.kernel
def double(x: fx.Tensor, y: fx.Tensor):
    i = fx.thread_idx.x
    y[i] = x[i] * 2.0


def test_a_launch_on_host_arrays_compiles_for_the_cpu(no_environment_target):
    x = np.arange(8, dtype=np.float32)
    y = np.zeros_like(x)
    double(x, y).launch(block=(8,))
    np.testing.assert_array_equal(y, x * 2)
    assert double.compile(x, y).target == "cpu"
