"""MLIR's `vector` builders over kernel values, and its `CombiningKind` names."""

import enum

from ...expr.vector import *  # noqa: F401,F403
from .._not_offered import module_getattr
from ._none import REASON

__getattr__ = module_getattr("flydsl._mlir.dialects.vector", REASON)


class CombiningKind(enum.Enum):
    """How vector.reduction folds; kernel values fold with `.reduce(op)`."""

    ADD = "add"
    MUL = "mul"
    MINUI = "minu"
    MINSI = "min"
    MINNUMF = "min"
    MAXUI = "maxu"
    MAXSI = "max"
    MAXNUMF = "max"
    AND = "and"
    OR = "or"
    XOR = "xor"
    MINIMUMF = "minimumf"
    MAXIMUMF = "maximumf"
