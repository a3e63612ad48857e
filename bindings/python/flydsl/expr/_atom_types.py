"""FlyDSL's type classes of copy and MMA ops, atoms, tiled operations and coordinate tensors
(`fx.CopyAtomType`, `fx.MmaOpUniversalFMAType`, `fx.CoordTensorType`, ...). Here an op, atom or
tiled operation is static, as in CuTe, so it is its own type: `Type.get(...)` makes the op or
atom itself (as `fx.SwizzleType.get` makes the swizzle), and `isinstance(x, fx.CopyAtomType)`
asks what x is. A coordinate tensor is a kernel value, which `CoordTensorType.get` makes."""

from .._kernel_layout import (
    AtomicCopyOp,
    CopyAtom,
    CopyOp,
    Pointer,
    TensorValue,
    TiledCopy,
    make_tensor,
)
from .._mma import _FMA, MmaAtom, MmaOp, TiledMma, UniversalFMA, make_mma_atom
from .typing import _ValueKind

__all__ = [
    "CopyOpUniversalCopyType",
    "CopyOpUniversalAtomicType",
    "MmaOpUniversalFMAType",
    "CopyAtomType",
    "MmaAtomType",
    "TiledCopyType",
    "TiledMmaType",
    "CoordTensorType",
]

_UNIVERSAL_COPY = 0  # CopyOp.kind of fx.UniversalCopy


class CopyOpUniversalCopyType(metaclass=_ValueKind):
    """Plain loads and stores of `bitSize` bits: `get(bitSize)` is fx.UniversalCopy(bitSize)."""

    @staticmethod
    def get(bitSize, context=None):  # noqa: N803 (FlyDSL's keyword)
        return CopyOp(_UNIVERSAL_COPY, int(bitSize))

    @staticmethod
    def _holds(x):
        return type(x) is CopyOp and x.kind == _UNIVERSAL_COPY


class CopyOpUniversalAtomicType(metaclass=_ValueKind):
    """An atomic combine: `get(atomic_op, val_type, syncscope="")` is fx.UniversalAtomic."""

    @staticmethod
    def get(atomic_op, val_type, syncscope="", context=None):
        return AtomicCopyOp(atomic_op, val_type, syncscope)

    @staticmethod
    def _holds(x):
        return isinstance(x, AtomicCopyOp)


class MmaOpUniversalFMAType(metaclass=_ValueKind):
    """A scalar multiply-add of `elem_ty`: `get(elem_ty)` is fx.UniversalFMA(elem_ty)."""

    @staticmethod
    def get(elem_ty, context=None):
        return UniversalFMA(elem_ty)

    @staticmethod
    def _holds(x):
        return isinstance(x, MmaOp) and x.family == _FMA


class CopyAtomType(metaclass=_ValueKind):
    """A copy atom: `get(copy_op, val_bits)` is fx.make_copy_atom(copy_op, val_bits)."""

    @staticmethod
    def get(copy_op, val_bits, context=None):
        return CopyAtom(copy_op, int(val_bits))

    @staticmethod
    def _holds(x):
        return isinstance(x, CopyAtom)


class MmaAtomType(metaclass=_ValueKind):
    """An MMA atom: `get(mma_op)` is fx.make_mma_atom(mma_op)."""

    @staticmethod
    def get(mma_op, context=None):
        return make_mma_atom(mma_op)

    @staticmethod
    def _holds(x):
        return isinstance(x, MmaAtom)


class TiledCopyType(metaclass=_ValueKind):
    """A tiled copy (fx.make_tiled_copy ...)."""

    @staticmethod
    def _holds(x):
        return isinstance(x, TiledCopy)


class TiledMmaType(metaclass=_ValueKind):
    """A tiled MMA (fx.make_tiled_mma ...)."""

    @staticmethod
    def _holds(x):
        return isinstance(x, TiledMma)


class CoordTensorType(metaclass=_ValueKind):
    """A tensor of coordinates (an identity or counting tensor): `get(base, layout)` is the
    kernel's tensor whose element c is base + layout(c), as `fx.make_view(base, layout)`."""

    @staticmethod
    def get(base, layout, context=None):
        if isinstance(base, (TensorValue, Pointer)):
            raise TypeError("a coordinate tensor's base is a coordinate, not a tensor or pointer")
        return make_tensor(base, layout)

    @staticmethod
    def _holds(x):
        return isinstance(x, TensorValue) and bool(int(x._query(8)))
