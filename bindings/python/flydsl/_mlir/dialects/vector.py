"""MLIR's `vector` builders over kernel values, and its `CombiningKind` names."""

import enum

from ..._trace import as_value
from ...expr.vector import *  # noqa: F401,F403
from .._not_offered import module_getattr
from .._op import op_class
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.vector", REASON)


def bitcast(result, source, **kwargs):
    """MLIR's order: the result type first (`vector.bitcast(T.vec(2, T.i32), v)`)."""
    return as_value(source).bitcast(result)


BitCastOp = op_class("BitCastOp", bitcast)


def _position(dynamic_position, static_position):
    """The one lane a kernel vector's extract or insert names."""
    position = list(dynamic_position or []) + list(static_position or [])
    if len(position) != 1:
        raise ValueError(f"kernel vectors have one dimension: one position, got {position}")
    return position[0]


def extract(vector, dynamic_position=(), static_position=(), **kwargs):
    """The lane at the position (a one-lane value is its own lane 0)."""
    lane = _position(dynamic_position, static_position)
    if vector.lanes == 1 and isinstance(lane, int):
        if lane != 0:
            raise IndexError(f"lane {lane} of a one-lane vector")
        return vector
    return vector[lane]


def insert(value_to_store, dest, dynamic_position=(), static_position=(), **kwargs):
    """`dest` with the lane at the position replaced by `value_to_store`."""
    return dest.insert(value_to_store, _position(dynamic_position, static_position))


class CombiningKind(enum.Enum):
    """How vector.reduction folds (the values are MLIR's names); kernel values fold with
    `.reduce(kind)`."""

    ADD = "add"
    MUL = "mul"
    MINUI = "minui"
    MINSI = "minsi"
    MINNUMF = "minnumf"
    MAXUI = "maxui"
    MAXSI = "maxsi"
    MAXNUMF = "maxnumf"
    AND = "and"
    OR = "or"
    XOR = "xor"
    MINIMUMF = "minimumf"
    MAXIMUMF = "maximumf"
