"""AMDGPU's LLVM sync scopes (`fx.rocdl.SyncScope`); other targets treat them as the
system's."""

__all__ = ["SyncScope"]


class SyncScope:
    """AMDGPU memory-model scopes: the device (agent), the block (workgroup), the wave, and
    the one-address-space form of the system scope."""

    Agent = "agent"
    Workgroup = "workgroup"
    Wavefront = "wavefront"
    OneAs = "one-as"
