"""What `llvm.inline_asm` means here: the AMD assembly FlyDSL's kernels write whose effect the
library has an operation for. A kernel is built through the C API, which takes no assembly,
so the text is read instead: lines of `s_waitcnt` (named counters), `s_barrier` and `s_nop`
(a delay for hazards, which the compiler already inserts where the hardware needs one), and an
empty text whose outputs are tied to its inputs (an optimization anchor: the inputs
themselves). Anything else is refused, naming what is not offered."""

import re

from ..._trace import as_value
from ...expr.gpu import barrier
from ...expr.rocdl.sched import s_waitcnt

_COUNTER = re.compile(r"(vmcnt|lgkmcnt|expcnt)\((\d+)\)")


def _instruction(line):
    name, _, rest = line.partition(" ")
    rest = rest.strip()
    if name == "s_nop" and re.fullmatch(r"\d+", rest) and int(rest) <= 15:
        return
    if name == "s_barrier" and not rest:
        barrier()
        return
    if name == "s_waitcnt":
        counts = dict(_COUNTER.findall(rest))
        if counts and not _COUNTER.sub("", rest).replace("&", "").strip():
            s_waitcnt(**{k: int(v) for k, v in counts.items()})
            return
    raise NotImplementedError(
        f"llvm.inline_asm: {line!r} is not offered (the assembly read here is s_waitcnt, "
        "s_barrier, s_nop and an empty anchor); use the flydsl.expr operation that does the same"
    )


def inline_asm(res, operands, asm_string, constraints, *, has_side_effects=None, **kwargs):
    operands = list(operands)
    text = asm_string.strip()
    if not text:
        outputs = [c for c in constraints.split(",") if c.startswith("=")]
        tied = [c for c in constraints.split(",") if not c.startswith(("=", "~"))]
        if len(outputs) == len(operands) == 1 and tied == ["0"]:
            return as_value(operands[0])
        raise NotImplementedError(
            "llvm.inline_asm: an empty anchor is offered for one value tied to one output "
            f"(constraints '=v,0'), not {constraints!r}"
        )
    if operands or (res is not None and str(res) != "!llvm.void"):
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: assembly with operands or results is not offered"
        )
    for line in text.splitlines():
        if line.strip():
            _instruction(line.strip())
