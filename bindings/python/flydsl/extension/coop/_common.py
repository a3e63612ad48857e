"""What the warp and block collectives share: FlyDSL's ReductionOp as the library's op, the
warp width a call may use, and folding an `init` in."""

from ..._trace import _binary, is_unsigned
from ...expr.gpu import num_warp_threads
from ...expr.typing import ReductionOp

# ReductionOp -> fly_binary_op (FLY_ADD, FLY_MUL, FLY_MIN, FLY_MAX; FLY_MINU, FLY_MAXU).
_OPS = {ReductionOp.ADD: 0, ReductionOp.MUL: 2, ReductionOp.MIN: 5, ReductionOp.MAX: 6}
_UNSIGNED_OPS = {ReductionOp.MIN: 15, ReductionOp.MAX: 16}
_BINARY = {ReductionOp.ADD: "add", ReductionOp.MUL: "mul", ReductionOp.MIN: "min",
           ReductionOp.MAX: "max"}  # fmt: skip


def op_code(op, value):
    """The library's op for folding `value`s with `op` (min and max of unsigned values compare
    them as unsigned)."""
    if op not in _OPS:
        raise TypeError(f"unsupported ReductionOp, got {op!r}")
    return _UNSIGNED_OPS.get(op, _OPS[op]) if is_unsigned(value.ir_dtype) else _OPS[op]


def warp_width(width, what):
    wave = num_warp_threads()
    if width is None:
        return wave
    if isinstance(width, bool) or not isinstance(width, int) or width < 1 or width & (width - 1):
        raise ValueError(f"{what} width must be a power of two, got {width!r}")
    if width > wave:
        raise ValueError(f"{what} width must not exceed the target's {wave}-lane warp, got {width}")
    return width


def seed(value, op, init):
    return value if init is None else _binary(_BINARY[op], init, value)
