"""FlyDSL's `flydsl.expr.utils.arith` names: ArithValue, `_to_raw` (the MLIR value behind a
DSL value; here a kernel value is its own) and the helpers FlyDSL's `flydsl.expr.arith` takes
from here (one definition each, in flydsl.expr.arith)."""

from ..._trace import current_fastmath as _current_bits
from ..arith import (  # noqa: F401
    ArithValue,
    _to_raw,
    andi,
    constant,
    constant_vector,
    fastmath,
    index,
    index_cast,
    int_to_fp,
    select,
    shli,
    sitofp,
    trunc_f,
    unwrap,
    xori,
)


def current_fastmath():
    """The fast-math flags `with fx.fastmath(...)` puts in force (as their bits), or None."""
    return _current_bits() or None


def resolve_fastmath(explicit):
    """An op's explicit fastmath, else the ones in force."""
    return explicit if explicit is not None else current_fastmath()
