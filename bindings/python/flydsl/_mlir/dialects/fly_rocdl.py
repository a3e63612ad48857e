"""MLIR's `fly_rocdl` dialect builders: not offered by this facade (see flydsl._mlir)."""

from .._not_offered import module_getattr
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.fly_rocdl", REASON)
