"""FlyDSL's portable forms of the collectives, with per-target dispatch turned off: the warp
collectives by shuffles on every target (where `fx.coop`'s take DPP on rocm gfx9). The block
collectives are the library's one implementation on every target, the same objects as
`fx.coop`'s."""

from .block import *  # noqa: F401,F403
from .block import __all__ as _block_names
from .warp.reduce import warp_reduce  # noqa: F401
from .warp.scan import (  # noqa: F401
    warp_exclusive_scan,
    warp_inclusive_scan,
    warp_scan,
    warp_scan_with_aggregate,
)

__all__ = ["warp_reduce", "warp_inclusive_scan", "warp_exclusive_scan", "warp_scan",
           "warp_scan_with_aggregate"] + _block_names  # fmt: skip
