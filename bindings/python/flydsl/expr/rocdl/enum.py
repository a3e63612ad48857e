"""AMDGPU's LLVM sync scopes (`fx.rocdl.SyncScope`; other targets treat them as the
system's) and FlyROCDL's target address space (`fx.rocdl.TargetAddressSpace.BufferDesc`)."""

from ..._kernel_layout import TargetAddressSpace

__all__ = ["SyncScope", "TargetAddressSpace"]


class SyncScope:
    """AMDGPU memory-model scopes: the device (agent), the block (workgroup), the wave, and
    the one-address-space form of the system scope."""

    Agent = "agent"
    Workgroup = "workgroup"
    Wavefront = "wavefront"
    OneAs = "one-as"
