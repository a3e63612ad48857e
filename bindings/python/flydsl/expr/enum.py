"""Target-neutral enums of `flydsl.expr`: LLVM's sync scopes (the AMDGPU ones are in
`fx.rocdl.SyncScope`)."""

__all__ = ["SyncScope"]


class SyncScope:
    """The LLVM sync scope strings an atomic takes: the whole system (LLVM's default) or one
    thread."""

    System = ""
    SingleThread = "singlethread"
