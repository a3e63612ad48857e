"""FlyDSL's `flydsl.expr.utils.arith` names: ArithValue, and `_to_raw` (the MLIR value behind a
DSL value; here a kernel value is its own)."""

from ..._trace import as_value
from ..arith import ArithValue, constant, fastmath  # noqa: F401


def _to_raw(value):
    """A kernel value, or a Python number as a constant."""
    return as_value(value)
