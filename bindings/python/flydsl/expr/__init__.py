"""`flydsl.expr`, imported as `fx`: the names a kernel author writes, laid out as FlyDSL lays
them out. Each submodule holds one area and everything is also reachable from `fx` itself:

    numeric     Int32, Float32, ... (typed scalars, `.width`)
    typing      Tensor, Stream, Constexpr, Vector and the kernel value types
    primitive   layouts and their algebra (CuTe's names), tensors, copy and MMA atoms
    derived     tiled copies from thread/value layouts, register tensors, gather/scatter
    gpu         thread_idx, block_idx, barrier, shuffles, shared memory
    arith, math arithmetic and elementwise math on kernel values
    vector, buffer_ops, rocdl, nvgpu   vector ops, AMD buffer ops and atoms, NVIDIA atoms

    import flydsl.expr as fx
    L = fx.make_layout((4, 8), (8, 1))
    fx.logical_divide(L, (2, 4))

IntTuples are Python ints and tuples; `None` or `fx._` is CuTe's underscore.
"""

# isort: skip_file
# The order matters where two modules offer a name: the later one is the one fx shows.
from .numeric import *  # noqa: F401,F403
from .typing import *  # noqa: F401,F403
from .primitive import *  # noqa: F401,F403
from .gpu import *  # noqa: F401,F403
from .derived import *  # noqa: F401,F403
from .arith import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403
from . import arith, buffer_ops, derived, gpu, math, numeric, nvgpu, primitive  # noqa: F401
from . import enum, rocdl, typing, utils, vector  # noqa: F401
from .struct import Align, Arena, Storage, Struct, Union, struct, union  # noqa: F401
from .buffer_ops import BufferResource  # noqa: F401


def __getattr__(name):
    """`fx.coop` and `fx.random`: the cooperative-algorithm and random-number extensions,
    which are written over this package and so are imported when first asked for, not while
    this package loads."""
    if name in ("coop", "random"):
        import importlib

        return importlib.import_module(f"flydsl.extension.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(
    set(numeric.__all__ + typing.__all__ + primitive.__all__ + gpu.__all__ + derived.__all__
        + arith.__all__ + math.__all__)
    | {"arith", "buffer_ops", "gpu", "math", "nvgpu", "rocdl", "vector", "BufferResource"}
)  # fmt: skip
