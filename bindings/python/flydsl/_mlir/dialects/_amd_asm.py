"""What `llvm.inline_asm` means here: the AMD assembly FlyDSL's kernels write whose effect the
library has an operation for. A kernel is built through the C API, which takes no assembly,
so the text is read instead: lines of `s_waitcnt` (named counters), `s_barrier` and `s_nop`
(a delay for hazards, which the compiler already inserts where the hardware needs one), an
empty text whose outputs are tied to its inputs (an optimization anchor: the inputs
themselves), a `global_store_dword[x2|x3|x4] $0, $1, off` of a value through a global
pointer, and one MFMA accumulating into its tied result (`v_mfma_... $0, $1, $2, $0`). Anything
else is refused, naming what is not offered."""

import re

from ..._ir_types import bit_width
from ..._mma import MmaAtom
from ..._trace import as_value
from ...expr.gpu import barrier
from ...expr.rocdl import mfma
from ...expr.rocdl.cdna4 import MFMA_Scale
from ...expr.rocdl.sched import s_waitcnt
from ._llvm_access import atomic_rmw, element

_COUNTER = re.compile(r"(vmcnt|lgkmcnt|expcnt)\((\d+)\)")
_GLOBAL_STORE = re.compile(
    r"global_store_dword(x[234])?\s+\$0\s*,\s*\$1\s*,\s*off((?:\s+(?:sc0|sc1|nt))*)"
)
_XCHG = 7  # fly_atomic_op's exchange


def _global_store(text, operands, constraints):
    """`global_store_dword[xN] $0, $1, off [sc0] [sc1] [nt]`: the N dwords of value $1 stored
    at global pointer $0. With sc0 or sc1 (coherent at the device's or system's scope, so that
    other blocks see the words: FlyDSL's split-K zeroes its output this way before it signals)
    each word is an atomic exchange, which is performed where every block sees it; otherwise
    (nt only streams past the caches) a plain store."""
    found = _GLOBAL_STORE.fullmatch(text)
    if not found:
        return False
    if len(operands) != 2 or constraints.replace(" ", "") != "v,v":
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: a global store takes a pointer and a value "
            f"(constraints 'v,v'), not {len(operands)} operands and {constraints!r}"
        )
    words = int(found.group(1)[1]) if found.group(1) else 1
    value = as_value(operands[1])
    bits = bit_width(value.ir_dtype) * value.lanes
    if bits != 32 * words:
        raise NotImplementedError(
            f"llvm.inline_asm {text!r} stores {words * 32} bits; the value has {bits} "
            f"({value.lanes} x {value.ir_dtype})"
        )
    if getattr(operands[0], "memory", None) != 1:
        raise NotImplementedError(f"llvm.inline_asm {text!r} stores through an !llvm.ptr<1>")
    dwords = value if value.ir_dtype == "i32" else value.bitcast("i32")
    if {"sc0", "sc1"} & set(found.group(2).split()):
        for i in range(words):
            atomic_rmw(_XCHG, operands[0], dwords[i], "i32", index=i)
    else:
        element(operands[0], "i32").store(dwords)
    return True


_MFMA = re.compile(r"(v_mfma_\w+)\s+\$0\s*,\s*\$1\s*,\s*\$2\s*,\s*\$0")
_F8F6F4 = re.compile(r"v_mfma_f32_(16x16x128|32x32x64)_f8f6f4")


def _mfma(text, res, operands, constraints):
    """`v_mfma_<shape> $0, $1, $2, $0`, the accumulator tied to the result ('=a,v,v,0' or
    '=v,v,v,0'; which register file holds it is the compiler's choice here): one MFMA of A $1
    and B $2 added to the accumulator, as the MFMA intrinsic of that name computes it, and
    gfx950's unscaled `v_mfma_f32_16x16x128_f8f6f4` / `_32x32x64_` on fp8 (E4M3) codes as the
    block-scaled atom without scales. None where the text is no such MFMA."""
    found = _MFMA.fullmatch(text)
    if not found:
        return None
    parts = constraints.replace(" ", "").split(",")
    if len(operands) != 3 or len(parts) != 4 or parts[0] not in ("=a", "=v") or parts[3] != "0":
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: an MFMA takes A, B and the accumulator tied to its "
            f"result (constraints '=a,v,v,0'), not {len(operands)} operands and {constraints!r}"
        )
    name = found.group(1)
    shape = _F8F6F4.fullmatch(name)
    if shape is None:
        if name[2:] not in mfma.__all__:
            raise NotImplementedError(
                f"llvm.inline_asm {text!r}: {name} is not offered (the MFMAs read here are "
                "those of fx.rocdl.mfma_* and gfx950's f8f6f4 on fp8)"
            )
        return getattr(mfma, name[2:])(res, operands)
    m, n, k = map(int, shape.group(1).split("x"))
    return mfma.lane_mma(MmaAtom(MFMA_Scale(m, n, k, "e4m3")), *operands, "i8")


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


def inline_asm(res, operands=None, asm_string="", constraints="", *, operands_=None,
               has_side_effects=None, **kwargs):  # fmt: skip
    # MLIR's generated builder names the operand list `operands_` (FlyDSL passes it so)
    operands = list(operands if operands is not None else operands_ or [])
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
    void = res is None or str(res) == "!llvm.void"
    if void and _global_store(text, operands, constraints):
        return None
    if not void:
        product = _mfma(text, res, operands, constraints)
        if product is not None:
            return product
    if operands or not void:
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: assembly with operands or results is not offered"
        )
    for line in text.splitlines():
        if line.strip():
            _instruction(line.strip())
