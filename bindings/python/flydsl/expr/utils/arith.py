"""FlyDSL's `flydsl.expr.utils.arith` names: ArithValue, and `_to_raw` (the MLIR value behind a
DSL value; here a kernel value is its own)."""

from ..._trace import current_fastmath as _current_bits
from ..arith import ArithValue, _to_raw, constant, fastmath  # noqa: F401


def current_fastmath():
    """The fast-math flags `with fx.fastmath(...)` puts in force (as their bits), or None."""
    return _current_bits() or None


def resolve_fastmath(explicit):
    """An op's explicit fastmath, else the ones in force."""
    return explicit if explicit is not None else current_fastmath()
