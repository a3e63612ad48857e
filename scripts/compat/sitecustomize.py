"""Lets a program written for `torch.cuda` run unchanged on a host without a GPU.

Loaded by scripts/flydsl_compat.py (through PYTHONPATH) only when torch is installed without a
usable GPU and the kernels run on the `cpu` target: tensors asked for on "cuda" are made on the
host, streams and events are host stand-ins, and `torch.cuda.is_available()` answers True so that
the programs' own device checks pass. It is a measuring harness, never part of the package.
"""

import functools
import os
import time
import types


def _host(device):
    if isinstance(device, str) and device.startswith("cuda"):
        return "cpu"
    if isinstance(device, int) and not isinstance(device, bool):
        return "cpu"
    return device


def _host_name():
    """The stand-in device's name: the one the package gives the cpu target's device."""
    import ctypes

    from flydsl import _kernel_api as K

    name = ctypes.c_void_p()
    K.check(K.device_name(b"cpu", 0, ctypes.byref(name)))
    return K.take_string(name)


def _install(torch):
    real_device = torch.device

    class _DeviceMeta(type):
        def __instancecheck__(cls, obj):
            return isinstance(obj, real_device)

    class device(metaclass=_DeviceMeta):
        def __new__(cls, kind, index=None):
            if isinstance(kind, real_device):
                return kind
            return real_device(_host(kind)) if _host(kind) == "cpu" else real_device(kind, index)

    def hosted(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            if "device" in kwargs:
                kwargs["device"] = _host(kwargs["device"])
            return fn(*args, **kwargs)

        return call

    factories = [
        "tensor",
        "as_tensor",
        "empty",
        "zeros",
        "ones",
        "full",
        "rand",
        "randn",
        "randint",
        "randperm",
        "arange",
        "linspace",
        "logspace",
        "eye",
        "empty_like",
        "zeros_like",
        "ones_like",
        "full_like",
        "rand_like",
        "randn_like",
        "randint_like",
        "empty_strided",
        "from_numpy",
        "normal",
    ]
    for name in factories:
        if hasattr(torch, name):
            setattr(torch, name, hosted(getattr(torch, name)))
    torch.device = device

    real_generator = torch.Generator

    class _GeneratorMeta(type):
        def __instancecheck__(cls, obj):
            return isinstance(obj, real_generator)

    class Generator(metaclass=_GeneratorMeta):  # torch.Generator(device="cuda") on the host
        def __new__(cls, device="cpu"):
            return real_generator(device=_host(device))

    torch.Generator = Generator

    real_to = torch.Tensor.to

    def to(self, *args, **kwargs):
        args = tuple(_host(a) if isinstance(a, str) else a for a in args)
        args = tuple(real_device("cpu") if isinstance(a, real_device) else a for a in args)
        if "device" in kwargs:
            kwargs["device"] = _host(kwargs["device"])
        return real_to(self, *args, **kwargs)

    torch.Tensor.to = to
    torch.Tensor.cuda = lambda self, *a, **k: self
    torch.Tensor.is_cuda = property(lambda self: True)  # "cuda" tensors are made on the host

    class Stream:
        cuda_stream = 0

        def __init__(self, *args, **kwargs):
            pass

        def synchronize(self):
            pass

        def wait_stream(self, other):
            pass

        def wait_event(self, event):
            pass

        def record_event(self, event=None):
            return event or Event()

        def query(self):
            return True

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    class Event:
        def __init__(self, enable_timing=False, **kwargs):
            self.t = None

        def record(self, stream=None):
            self.t = time.perf_counter()

        def synchronize(self):
            pass

        def query(self):
            return True

        def wait(self, stream=None):
            pass

        def elapsed_time(self, end):
            return (end.t - self.t) * 1e3

    class device:  # torch.cuda.device(...): the one device is current
        def __init__(self, *args, **kwargs):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    default_stream = Stream()
    cuda = torch.cuda
    cuda.is_available = lambda: True
    cuda.synchronize = lambda *a, **k: None
    cuda.Stream = Stream
    cuda.Event = Event
    cuda.device = device
    torch._C._cuda_getCurrentRawStream = lambda *a: 0  # the default stream's raw handle
    cuda.current_stream = lambda *a, **k: default_stream
    cuda.default_stream = lambda *a, **k: default_stream
    cuda.stream = lambda s=None: s if s is not None else default_stream
    cuda.empty_cache = lambda: None
    cuda.device_count = lambda: 1
    cuda.current_device = lambda: 0
    cuda.set_device = lambda *a: None
    cuda.get_device_name = lambda *a: _host_name()
    cuda.manual_seed_all = lambda seed: None  # torch.manual_seed calls it: the host is seeded
    cuda.manual_seed = lambda seed: None
    cuda.mem_get_info = lambda *a: (16 << 30, 16 << 30)
    cuda.reset_peak_memory_stats = lambda *a: None
    cuda.memory_reserved = cuda.memory_allocated = cuda.max_memory_allocated = lambda *a: 0
    cuda.memory_stats = lambda *a: {}
    # The arch the cpu target emulates (ARCH, as FlyDSL's runtime reads it), as a GPU's name.
    cuda.get_device_properties = lambda *a: types.SimpleNamespace(
        name=_host_name(), multi_processor_count=os.cpu_count() or 1,
        total_memory=16 << 30, gcnArchName=os.environ.get("ARCH", "cpu"), major=0, minor=0,
    )  # fmt: skip


try:
    import torch as _torch
except ImportError:
    _torch = None
if _torch is not None and not _torch.cuda.is_available():
    _install(_torch)
