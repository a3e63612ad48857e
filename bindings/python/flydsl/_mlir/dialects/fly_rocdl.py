"""MLIR's `fly_rocdl` dialect: its target address space (`TargetAddressSpace.BufferDesc`, the
memory of an AMD buffer resource, for `fx.PointerType.get(..., address_space=...)`), as FlyDSL's
kernels import it; its op builders are not offered by this facade (see flydsl._mlir)."""

from ..._kernel_layout import TargetAddressSpace
from .._not_offered import module_getattr
from ._none import REASON

__all__ = ["TargetAddressSpace"]

__getattr__ = module_getattr("flydsl._mlir.dialects.fly_rocdl", REASON)
