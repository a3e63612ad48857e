"""Cooperative algorithms over the lanes of a warp and the threads of a block, as `fx.coop`
(FlyDSL's names):

    total = fx.coop.warp_reduce(x, fx.ReductionOp.ADD, width=32)
    rank = fx.coop.warp_exclusive_scan(keep, fx.ReductionOp.ADD, width=32)
    scan = fx.coop.BlockScan[fx.Int32, fx.known_block_size()]
    storage = fx.SharedAllocator().allocate(scan.SharedStorage).peek()
    slots = scan.exclusive(flags, fx.ReductionOp.ADD, storage=storage)

The algorithms are the library's (fly_warp_reduce, fly_warp_scan and their gfx9 DPP forms,
fly_block_reduce, fly_block_scan). The warp collectives pick their form by target (`warp`);
`universal` keeps the portable one everywhere.
"""

from . import block, universal, warp  # noqa: F401
from .block import *  # noqa: F401,F403
from .warp import *  # noqa: F401,F403

__all__ = warp.__all__ + block.__all__
