"""`llvm.call_intrinsic` of the AMD intrinsics that FlyDSL's kernels call by name: each one is
the builder that `fx.rocdl` offers for the same instruction, so it means the same on every
target (the cpu emulates it). An intrinsic outside the table is refused by name, with the
ones that are offered."""

from ...expr.rocdl import convert, lanes


def _static(what, name, x):
    """`x` as a Python integer: an int, or a kernel value that is a constant while the kernel is
    built (an arith.constant)."""
    if isinstance(x, bool) or isinstance(x, int):
        return int(x)
    value = x._constant() if hasattr(x, "_constant") else None
    if value is None:
        raise TypeError(f"{name}: its {what} must be a constant, not {x!r}")
    return value


def _update_dpp(res, old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl):
    name = "llvm.amdgcn.update.dpp"
    controls = [
        _static(what, name, x)
        for what, x in (("dpp_ctrl", dpp_ctrl), ("row_mask", row_mask), ("bank_mask", bank_mask),
                        ("bound_ctrl", bound_ctrl))
    ]  # fmt: skip
    return lanes.update_dpp(res, old, src, *controls)


def _cvt_sr_bf16_f32(res, old, src, rand, word_sel):
    word = _static("word_sel", "llvm.amdgcn.cvt.sr.bf16.f32", word_sel)
    return convert.cvt_sr_bf16_f32(res, old, src, rand, word)


# Name -> builder(res, *args). The AMD names carry their overload's type as a suffix.
_INTRINSICS = {
    "llvm.amdgcn.rcp.f32": convert.rcp,
    "llvm.amdgcn.exp2.f32": convert.exp2,
    "llvm.amdgcn.perm": lambda res, hi, lo, sel: convert.perm_b32(hi, lo, sel),
    "llvm.amdgcn.update.dpp.i32": _update_dpp,
    "llvm.amdgcn.cvt.sr.bf16.f32": _cvt_sr_bf16_f32,
    "llvm.amdgcn.readfirstlane.i32": lanes.readfirstlane,
    "llvm.amdgcn.readlane.i32": lanes.readlane,
}


def call_intrinsic(res, intrin, args, op_bundle_operands=(), op_bundle_sizes=(), **kwargs):
    """The value of intrinsic `intrin` (LLVM's name) applied to `args`, of type `res`. Operand
    bundles are not taken (FlyDSL's kernels pass none)."""
    build = _INTRINSICS.get(str(intrin))
    if build is None:
        raise NotImplementedError(
            f"llvm.call_intrinsic of {intrin!r} is not offered: the intrinsics called by name "
            f"here are {', '.join(sorted(_INTRINSICS))}"
        )
    if list(op_bundle_operands) or list(op_bundle_sizes):
        raise NotImplementedError(f"llvm.call_intrinsic of {intrin}: operand bundles are not taken")
    return build(res, *args)
