"""Target-neutral enums of `flydsl.expr`: LLVM's sync scopes (the AMDGPU ones are in
`fx.rocdl.SyncScope`) and the orders fx.gemm visits its atom calls in."""

import enum

__all__ = ["SyncScope", "GemmTraversalOrder"]


class SyncScope:
    """The LLVM sync scope strings an atomic takes: the whole system (LLVM's default) or one
    thread."""

    System = ""
    SingleThread = "singlethread"


class GemmTraversalOrder(enum.IntEnum):
    """fx.gemm's loops over the atom calls, outermost first (KNM: K blocks outermost, then N,
    then M); a serpentine order reverses the innermost loop on every other pass."""

    KMN = 0
    KNM = 1
    MKN = 2
    MNK = 3
    NKM = 4
    NMK = 5
    KMN_Serpentine = 6
    KNM_Serpentine = 7
    MKN_Serpentine = 8
    MNK_Serpentine = 9
    NKM_Serpentine = 10
    NMK_Serpentine = 11
