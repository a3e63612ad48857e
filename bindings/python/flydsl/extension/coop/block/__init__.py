"""Block collectives, specialized as FlyDSL's are (`[dtype, block_size, algorithm]`, see
`_spec`). `block_size` is the x extent or (x, y, z), whose product is a power of two; it must
be the launched block (`fx.known_block_size()` keeps them in step). Every thread of the block
reaches the call together; reusing the storage for another call needs a barrier in between."""

from .reduce import BlockReduce, BlockReduceAlgorithm
from .scan import BlockScan, BlockScanAlgorithm

__all__ = ["BlockReduceAlgorithm", "BlockReduce", "BlockScanAlgorithm", "BlockScan"]
