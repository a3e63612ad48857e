"""How every block collective is specialized: `Algorithm[dtype, block_size(, algorithm)]`.

A collective's metaclass derives from BlockAlgorithmMeta and gives its policies
(`_algorithms`, an enum), the shared storage each implemented policy needs (`_shared_storage`:
policy -> f(dtype, block_threads, warp_threads) giving a struct type) and the policy taken when
the caller names none (`_default_algorithm_for(cls, target)`, asked with the target being
compiled for; a collective that does not answer is refused, there is no fallback). The
resolved policy is part of the cache key, so two targets' defaults never share a class."""

import ctypes

from ....compiler.backends import current_target
from ....expr.gpu import num_warp_threads

_CACHE = {}


def block_shape(block_size):
    """(x, y, z) of a block size given as the x extent or as the three extents; their product
    must be a power of two."""
    dims = tuple(block_size) if isinstance(block_size, (tuple, list)) else (block_size, 1, 1)
    if len(dims) != 3:
        raise TypeError(f"block_size must be an int or a 3-tuple, got {block_size!r}")
    for name, dim in zip(("block_dim_x", "block_dim_y", "block_dim_z"), dims):
        if isinstance(dim, bool) or not isinstance(dim, int) or dim < 1:
            raise TypeError(f"{name} must be a positive Python int, got {dim!r}")
    threads = dims[0] * dims[1] * dims[2]
    if threads & (threads - 1):
        raise ValueError(
            f"block_dim_x * block_dim_y * block_dim_z must be a power of two, got {threads}"
        )
    return dims


class BlockAlgorithmMeta(type):
    """Gives a block collective its `[dtype, block_size, algorithm]` specialization."""

    _algorithms = None
    _shared_storage = None

    def _default_algorithm_for(cls, target):
        """The policy for `target` (a GPUTarget) when the caller names none."""
        raise NotImplementedError(f"{cls.__name__} must implement _default_algorithm_for")

    def __getitem__(cls, params):
        if cls.block_threads is not None:
            raise TypeError(f"{cls.__name__} is already specialized")
        params = params if isinstance(params, tuple) else (params,)
        if not 2 <= len(params) <= 3:
            raise TypeError(f"{cls.__name__}[dtype, block_size, algorithm=...]")
        dtype, block_size = params[0], params[1]
        if len(params) > 2:
            algorithm = params[2]
        else:
            algorithm = cls._default_algorithm_for(current_target())
        if not isinstance(algorithm, cls._algorithms):
            raise TypeError(f"expected a {cls._algorithms.__name__}, got {algorithm!r}")
        make_storage = cls._shared_storage.get(algorithm)
        if make_storage is None:
            raise NotImplementedError(
                f"{cls._algorithms.__name__}.{algorithm.name} is not implemented yet"
            )
        block = block_shape(block_size)
        threads = block[0] * block[1] * block[2]
        # A block narrower than the wave leaves the rest of the wave unlaunched.
        warp = min(num_warp_threads(), threads)
        key = (cls, dtype, block, algorithm, warp)
        if key not in _CACHE:
            name = (
                f"{cls.__name__}[{getattr(dtype, '__name__', dtype)}, {threads}, {algorithm.name}]"
            )
            _CACHE[key] = type(name, (cls,), {
                "dtype": dtype, "block_size": block, "block_threads": threads,
                "algorithm": algorithm, "warp_threads": warp, "num_warps": threads // warp,
                "SharedStorage": make_storage(dtype, threads, warp),
            })  # fmt: skip
        return _CACHE[key]


class BlockCollective:
    """What a specialized class carries; the unspecialized class has None everywhere."""

    dtype = block_size = block_threads = algorithm = warp_threads = num_warps = None
    SharedStorage = None

    @classmethod
    def _dims(cls):
        if cls.block_threads is None:
            raise TypeError(f"specialize first, e.g. {cls.__name__}[fx.Float32, 256]")
        return (ctypes.c_int64 * 3)(*cls.block_size)
