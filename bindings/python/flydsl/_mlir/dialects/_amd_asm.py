"""What `llvm.inline_asm` means here: the AMD assembly FlyDSL's kernels write whose effect the
library has an operation for. A kernel is built through the C API, which takes no assembly,
so the text is read instead: lines of `s_waitcnt` (named counters), `s_barrier` and `s_nop`
(a delay for hazards, which the compiler already inserts where the hardware needs one), an
empty text whose outputs are tied to its inputs (an optimization anchor: the inputs
themselves), a `global_store_dword[x2|x3|x4] $0, $1, off` of a value through a global
pointer, one MFMA accumulating into its tied result (`v_mfma_... $0, $1, $2, $0`) and gfx950's
transposing LDS reads (`ds_read_b64_tr_b16 $0, $1 offset:N`), a barrier taken where a
uniform operand is 0 (`s_cmp_eq_u32 $0, 0; s_cbranch_scc0 1f; s_barrier; 1:`), and buffer loads
into LDS at the address in m0 (`s_mov_b32 m0, $0` or `s_add_u32 m0, N, m0`, then
`buffer_load_dword[x2|x3|x4] $v, $rsrc, $soffset offen lds`). Anything else is refused, naming
what is not offered."""

import re

from ..._control import if_
from ..._ir_types import LLVMPointerType, bit_width
from ..._llvm_pointer import LLVMPointer, pointer
from ..._mma import MmaAtom
from ..._trace import as_value, trace_locals
from ...expr.gpu import barrier
from ...expr.rocdl import mfma
from ...expr.rocdl.cdna4 import MFMA_Scale
from ...expr.rocdl.lanes import ballot
from ...expr.rocdl.sched import s_waitcnt
from ...expr.typing import Vector
from ._lds_read import lds_read_transposed
from ._llvm_access import atomic_rmw, element
from .rocdl import raw_ptr_buffer_load_lds

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


_MFMA_SCALE = re.compile(
    r"v_mfma_scale_f32_(16x16x128|32x32x64)_f8f6f4\s+\$0\s*,\s*\$1\s*,\s*\$2\s*,\s*(0|\$0)\s*,"
    r"\s*\$3\s*,\s*\$4((?:\s+\w+:\S+)*)"
)
_MODIFIER = re.compile(r"(\w+):(\S+)")
_MX_FORMATS = ("e4m3", "e5m2", "e2m3", "e3m2", "e2m1")  # cbsz / blgp codes 0..4


def _mfma_scale(text, res, operands, constraints):
    """gfx950's block-scaled `v_mfma_scale_f32_<shape>_f8f6f4 $0, $1, $2, <0|$0>, $3, $4` with
    `cbsz:` / `blgp:` naming A's and B's formats (0 e4m3 .. 4 e2m1) and `op_sel:[a,b,0]` /
    `op_sel_hi:[a,b,0]` choosing the byte of $3 and $4 that is the lane's E8M0 scale: one call
    of the scaled atom on A $1 and B $2 (eight dwords each; fp4 codes packed in the low four)
    added to a zero or tied accumulator. None where the text is no such MFMA."""
    found = _MFMA_SCALE.fullmatch(text)
    if not found:
        return None
    shape, src2, rest = found.groups()
    parts = constraints.replace(" ", "").split(",")
    tied = src2 == "$0"
    if (
        len(operands) != 4 + tied
        or parts[1:5] != ["v"] * 4
        or parts[0] not in ("=a", "=v")
        or (tied and parts[5:] != ["0"])
    ):
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: a scaled MFMA takes A, B and the two scales"
            f"{' and the accumulator tied to its result' if tied else ''} (constraints "
            f"'=a,v,v,v,v{',0' if tied else ''}'), not {len(operands)} operands and {constraints!r}"
        )
    mods = dict(_MODIFIER.findall(rest))
    unknown = set(mods) - {"cbsz", "blgp", "op_sel", "op_sel_hi"}
    if unknown:
        raise NotImplementedError(f"llvm.inline_asm {text!r}: {sorted(unknown)} are not offered")

    def bits(name):
        return [int(x) for x in mods.get(name, "[0,0,0]").strip("[]").split(",")]

    lo, hi = bits("op_sel"), bits("op_sel_hi")
    formats = [int(mods.get("cbsz", 0)), int(mods.get("blgp", 0))]
    if any(f not in (0, 1, 4) for f in formats):
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: fp6 operands (formats 2 and 3) are not offered here"
        )
    m, n, k = map(int, shape.split("x"))
    atom = MmaAtom(MFMA_Scale(m, n, k, _MX_FORMATS[formats[0]], _MX_FORMATS[formats[1]]))

    def codes(x, fmt):  # one code a byte, as the atom's fragments hold them
        words = as_value(x).bitcast("i32")
        if fmt != 4:
            return words
        return words.shuffle(words, [0, 1, 2, 3]).bitcast("i4").to("i8")

    def scale(x, which):
        byte = lo[which] + 2 * hi[which]
        return ((as_value(x).bitcast("i32") >> (8 * byte)) & 0xFF).to("i8")

    acc = operands[4] if tied else Vector.filled(m * n // 64, 0.0, "f32")
    return mfma.lane_mma(
        atom,
        codes(operands[0], formats[0]),
        codes(operands[1], formats[1]),
        acc,
        "i8",
        scale_a=scale(operands[2], 0),
        scale_b=scale(operands[3], 1),
    )


_VALU_LINE = re.compile(r"v_(cmp|cndmask)_")
_CMP = re.compile(r"v_cmp_(lt|le|gt|ge|eq|ne)_([iu]32)_e64")
_ARG = re.compile(r"\$(\d+)|(-?\d+)")


def _valu(text, res, operands, constraints):
    """Lines of `v_cmp_<op>_<i32|u32>_e64 $m, a, b` (a lane mask in an SGPR pair) and
    `v_cndmask_b32_e64 $d, a, b, $m` (b where the lane's bit of $m is set, else a), each
    argument an operand ($n) or an integer, run lane by lane; the outputs in constraint order
    (`=s` masks as the wave's 64-bit ballot, `=v` values), tied inputs ("2") starting their
    output. One output is a value; several, a struct value."""
    parts = [c.strip() for c in constraints.split(",") if not c.strip().startswith("~")]
    outputs = [c for c in parts if c.startswith("=")]
    inputs = parts[len(outputs) :]
    if len(inputs) != len(operands) or any(c.startswith("=") for c in inputs):
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: constraints {constraints!r} do not match "
            f"{len(operands)} operands"
        )
    regs = {}
    for i, (c, x) in enumerate(zip(inputs, operands)):
        regs[len(outputs) + i] = as_value(x)
        if c.isdigit():
            regs[int(c)] = as_value(x)

    def arg(a):
        found = _ARG.fullmatch(a.strip())
        if not found:
            raise NotImplementedError(f"llvm.inline_asm: the argument {a!r} is not offered")
        return regs[int(found.group(1))] if found.group(1) else int(found.group(2))

    for line in filter(None, (x.strip() for x in text.splitlines())):
        name, _, rest = line.partition(" ")
        args = [a.strip() for a in rest.split(",")]
        dst = _ARG.fullmatch(args[0])
        cmp = _CMP.fullmatch(name)
        if cmp and len(args) == 3 and dst and dst.group(1):
            ty = "i32" if cmp.group(2) == "i32" else "u32"
            a = as_value(arg(args[1])).to(ty)
            regs[int(dst.group(1))] = _COMPARE[cmp.group(1)](a, as_value(arg(args[2]), a).to(ty))
        elif name == "v_cndmask_b32_e64" and len(args) == 4 and dst and dst.group(1):
            on = as_value(arg(args[2]))
            off = as_value(arg(args[1]), on).to(on.ir_dtype)
            regs[int(dst.group(1))] = arg(args[3]).select(on, off)
        else:
            raise NotImplementedError(
                f"llvm.inline_asm: {line!r} is not offered (the vector assembly read here is "
                "v_cmp_<lt|le|gt|ge|eq|ne>_<i32|u32>_e64 and v_cndmask_b32_e64)"
            )
    values = []
    for i, c in enumerate(outputs):
        v = regs[i]
        values.append(ballot("i64", v) if c == "=s" and v.ir_dtype == "i1" else v)
    return values[0] if len(values) == 1 else tuple(values)


_COMPARE = {
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
}


_BARRIER_IF_ZERO = re.compile(
    r"s_cmp_eq_u32\s+\$0\s*,\s*0\s+s_cbranch_scc0\s+(\d+)f\s+s_barrier\s+(\d+):"
)


_BUFFER_LOAD_LDS = re.compile(
    r"(?:s_mov_b32\s+m0\s*,\s*\$0|s_add_u32\s+m0\s*,\s*(-?\d+)\s*,\s*m0)\s*\n\s*"
    r"buffer_load_dword(x[234])?\s+\$(\d)\s*,\s*\$(\d)\s*,\s*\$(\d)\s+offen\s+lds"
)


def _buffer_load_lds(text, operands):
    """m0 set to LDS byte address $0 (`s_mov_b32 m0, $0`) or moved by N bytes (`s_add_u32 m0, N,
    m0`, m0 as this kernel's assembly last set it), then `buffer_load_dword[xN] $v, $rsrc,
    $soffset offen lds`: each lane's 4 N bytes from voffset + soffset of the resource into LDS at
    m0 plus lane x 4 N (rocdl.raw_ptr_buffer_load_lds)."""
    found = _BUFFER_LOAD_LDS.fullmatch(text)
    if not found:
        return False
    step, width, v, r, s = found.groups()
    registers = trace_locals()
    if step is None:
        registers["m0"] = as_value(operands[0])
    elif "m0" not in registers:
        raise NotImplementedError(
            f"llvm.inline_asm {text!r} adds to m0, which no `s_mov_b32 m0, $0` of this kernel set"
        )
    else:
        registers["m0"] = registers["m0"] + int(step)
    if sorted((int(v), int(r), int(s))) != list(range(len(operands) - 3, len(operands))):
        raise NotImplementedError(f"llvm.inline_asm {text!r}: operands out of order")
    lds = pointer(registers["m0"], LLVMPointerType(3))
    nbytes = 4 * (int(width[1]) if width else 1)
    raw_ptr_buffer_load_lds(operands[int(r)], lds, nbytes, operands[int(v)], operands[int(s)], 0, 0)
    return True


def _barrier_if_zero(text, operands):
    """`s_cmp_eq_u32 $0, 0; s_cbranch_scc0 L; s_barrier; L:`: a barrier taken where the
    (uniform) operand is 0, as a branch around fx.barrier."""
    found = _BARRIER_IF_ZERO.fullmatch(text)
    if not found or found.group(1) != found.group(2):
        return False
    if len(operands) != 1:
        raise NotImplementedError(f"llvm.inline_asm {text!r} takes one scalar operand")

    def taken():
        barrier()
        return ()

    if_(as_value(operands[0]) == 0, [], [], taken, lambda: ())
    return True


_DS_READ_TR = re.compile(r"ds_read_b64_tr_b(16|8)\s+\$0\s*,\s*\$1(?:\s+offset:(\d+))?")


def _lds_read_transposed(text, res, operands):
    """`ds_read_b64_tr_b16 $0, $1 [offset:N]` (or _tr_b8) of the LDS byte address $1: gfx950's
    transposing LDS read at that address plus N (fly_lds_read_transposed)."""
    found = _DS_READ_TR.fullmatch(text)
    if not found:
        return None
    if len(operands) != 1:
        raise NotImplementedError(f"llvm.inline_asm {text!r} takes one LDS address")
    address = as_value(operands[0]).to("i64") + int(found.group(2) or 0)
    return lds_read_transposed(res, LLVMPointer(address.handle, 3), int(found.group(1)))


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
        if len(outputs) == len(operands) >= 1 and tied == [str(i) for i in range(len(tied))]:
            values = tuple(as_value(x) for x in operands)
            return values[0] if len(values) == 1 else values  # several: a struct value
        raise NotImplementedError(
            "llvm.inline_asm: an empty anchor is offered for values each tied to its output "
            f"(constraints '=v,0' or '=v,=v,0,1'), not {constraints!r}"
        )
    void = res is None or str(res) == "!llvm.void"
    if void and _global_store(text, operands, constraints):
        return None
    if not void and _VALU_LINE.match(text):
        return _valu(text, res, operands, constraints)
    if not void:
        product = _mfma(text, res, operands, constraints)
        if product is None:
            product = _mfma_scale(text, res, operands, constraints)
        if product is not None:
            return product
        read = _lds_read_transposed(text, res, operands)
        if read is not None:
            return read
    if void and _barrier_if_zero(text, operands):
        return None
    if void and _buffer_load_lds(text, operands):
        return None
    if operands or not void:
        raise NotImplementedError(
            f"llvm.inline_asm {text!r}: assembly with operands or results is not offered"
        )
    for line in text.splitlines():
        if line.strip():
            _instruction(line.strip())
