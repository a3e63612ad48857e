"""Target-neutral enums of `flydsl.expr`: LLVM's sync scopes (the AMDGPU ones are in
`fx.rocdl.SyncScope`), the orders fx.gemm visits its atom calls in, and the cache policies
FlyDSL's dialect names."""

import enum

__all__ = ["SyncScope", "GemmTraversalOrder", "CachePolicy"]


class SyncScope:
    """The LLVM sync scope strings an atomic takes: the whole system (LLVM's default) or one
    thread."""

    System = ""
    SingleThread = "singlethread"


class GemmTraversalOrder(enum.IntEnum):
    """fx.gemm's loops over the atom calls, innermost first (KNM: K blocks innermost, then N,
    M outermost), as the IR's `#fly<gemm_traversal_order knm>` names them; a serpentine order
    runs each inner loop backwards on every other pass of the loop around it."""

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


class CachePolicy(enum.IntEnum):
    """The cache policies of FlyDSL's dialect (`#fly.cache_policy`): cache in L2 only, or at
    every level. No operation of FlyDSL's or of this package takes one yet."""

    CacheGlobal = 0
    CacheAlways = 1
