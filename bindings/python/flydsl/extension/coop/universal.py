"""FlyDSL's portable forms of the collectives, with per-target dispatch turned off. Here every
target runs the library's one implementation, so these are the same objects as `fx.coop`'s."""

from .block import *  # noqa: F401,F403
from .block import __all__ as _block_names
from .warp import *  # noqa: F401,F403
from .warp import __all__ as _warp_names

__all__ = _warp_names + _block_names
