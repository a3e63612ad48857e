"""Counter-based random numbers, as `fx.random` (FlyDSL's names, Triton's generator):

    words = fx.random.randint4x(seed, offset)   # four u32 words
    u = fx.random.rand(seed, offset)            # an f32 in [0, 1)
    z = fx.random.randn(seed, offset)           # a standard normal f32

The same (seed, offset) always gives the same numbers, so no state crosses threads: a kernel
draws with offset = its element's index. In a kernel the arguments are kernel values (or
numbers); outside one, numbers and fx numeric values give fx numeric values, computed on the
host by the same generator (fly_philox_host). The generator is the library's (fly_philox,
fly_uniform_from_bits, fly_normal_pair), the same on every target: `universal` is this
surface plus the Philox rounds and conversions it is made of.
"""

from . import universal
from .universal import *  # noqa: F401,F403

__all__ = list(universal.__all__)
