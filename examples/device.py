"""Where the examples keep their arrays: torch tensors on the GPU when kernels run on a CUDA
device (the target FlyDSL picks when one is visible, as here), numpy arrays on the host for the
cpu target. The examples and the kernel tests build inputs with numpy, pass `array(...)` to the
kernels and read results back with `host(...)`.
"""

import os

import numpy as np


def _target():
    chosen = os.environ.get("FLYDSL_COMPILE_BACKEND")
    if chosen:
        return chosen
    try:
        import torch
    except ImportError:
        return "cpu"
    return "cuda" if torch.cuda.is_available() else "cpu"


TARGET = _target()
ON_GPU = TARGET == "cuda"
# The threads that shuffle together: a warp of 32 on NVIDIA GPUs; a wave of 64 on gfx942, the
# arch the cpu target emulates by default.
WAVE = 32 if ON_GPU else 64

if ON_GPU:
    import torch


def array(a):
    """A numpy array (or a Python scalar list) where the kernels read it."""
    a = np.asarray(a)
    return torch.from_numpy(np.ascontiguousarray(a)).cuda() if ON_GPU else a


def host(x):
    """A kernel's array as numpy, after the kernels before it finished."""
    return x.cpu().numpy() if ON_GPU else np.asarray(x)


def synchronize():
    """Waits for the kernels launched so far; their printf output is written by then."""
    if ON_GPU:
        import ctypes

        torch.cuda.synchronize()
        ctypes.CDLL(None).fflush(None)  # the driver prints through the C library's stdout
