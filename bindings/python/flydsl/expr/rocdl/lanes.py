"""AMD's cross-lane moves under FlyDSL's `fx.rocdl` names: `update_dpp` (a DPP move, the lane
the control names; fly_dpp), `ds_bpermute` (each lane reads the lane whose byte address it
gives, as the shuffle it is), `readfirstlane` (fly_readfirstlane), `readlane` (the value of
one lane; fly_readlane), `ballot` (fly_ballot) and gfx950's `permlane32_swap` (the halves of
a wave exchanged, as two xor shuffles by 32)."""

from ... import _kernel_api as K
from ..._ir_types import bit_width
from ..._trace import _wrap, as_value, current
from ..gpu import lane_id, num_warp_threads


def _dtype(t, like):
    if t is None:
        return like.ir_dtype
    if callable(t) and not hasattr(t, "dtype"):
        t = t()
    return getattr(t, "dtype", t)


def update_dpp(res, old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl, *, loc=None, ip=None):
    """`src` from the lane DPP control `dpp_ctrl` names (gfx9's encodings); lanes outside
    `row_mask` / `bank_mask` keep `old`, and a lane whose source is outside its row takes 0
    with `bound_ctrl`, else `old`."""
    s = as_value(src)
    dtype = _dtype(res, s)
    s, o = s.to(dtype), as_value(old, s).to(dtype)
    h = K.dpp(current(), o.handle, s.handle, int(dpp_ctrl), int(row_mask), int(bank_mask),
              int(bool(bound_ctrl)))  # fmt: skip
    return _wrap(h, dtype)


def ds_bpermute(res, index, src, *, loc=None, ip=None):
    """`src` of the lane whose byte address (4 x lane) `index` gives, in this wave."""
    wave = num_warp_threads()
    s = as_value(src)
    dtype = _dtype(res, s)
    lane = (as_value(index).to("i32") >> 2) & (wave - 1)
    h = K.shuffle(current(), 3, s.to(dtype).handle, lane.handle, as_value(wave).handle)
    return _wrap(h, dtype)


def readfirstlane(res, src, *, loc=None, ip=None):
    """The value of the wave's first active lane (a 32- or 64-bit scalar), for values the
    kernel knows to be uniform. Targets other than rocm read lane 0."""
    s = as_value(src)
    dtype = _dtype(res, s)
    return _wrap(K.readfirstlane(current(), s.to(dtype).handle), dtype)


def readlane(res, src, lane, *, loc=None, ip=None):
    """The value `src` (a 32- or 64-bit scalar) has in lane `lane` of this wave, the same in
    every lane: AMD's readlane on rocm (a scalar register), a shuffle elsewhere. A lane known
    only at run time is read by a shuffle on every target."""
    s = as_value(src)
    dtype = _dtype(res, s)
    s = s.to(dtype)
    if isinstance(lane, int) and not isinstance(lane, bool):
        return _wrap(K.readlane(current(), s.handle, lane), dtype)
    wave = num_warp_threads()
    h = K.shuffle(current(), 3, s.handle, as_value(lane).to("i32").handle,
                  as_value(wave).handle)  # fmt: skip
    return _wrap(h, dtype)


def ballot(res, pred, *, loc=None, ip=None):
    """The wave's lane mask of `pred` (an i1; a wider integer is truncated to its low bit, as
    FlyDSL does): bit i is lane i's predicate. `res` is the mask's type, i64 (wave64) or i32."""
    p = as_value(pred).to("i1")
    bits = {"i32": 32, "i64": 64}.get(str(_dtype(res, p)), 0)
    return _wrap(K.ballot(current(), p.handle, bits), "i32" if bits == 32 else "i64")


def _swap_rows(name, old, src, rows):
    """In each block of 2 x `rows` lanes, the upper `rows` lanes of `old` and the lower ones of
    `src` trade places; the pair (old, src) afterwards: a lane of a lower half gets (old[l],
    old[l + rows]), of an upper half (src[l - rows], src[l]). Built from shuffles on every
    target."""
    wave = num_warp_threads()
    if wave % (2 * rows):
        raise ValueError(f"{name} exchanges blocks of {rows} lanes, not in a wave of {wave}")
    o, s = as_value(old), as_value(src)
    if o.ir_dtype != s.ir_dtype or o.lanes != 1 or bit_width(o.ir_dtype) != 32:
        raise TypeError(f"{name} takes two 32-bit scalars, got {o!r} and {s!r}")
    width = as_value(wave).handle

    def across(v):
        return _wrap(K.shuffle(current(), 0, v.handle, as_value(rows).handle, width), v.ir_dtype)

    low = (lane_id() & rows) == 0
    return (low.select(o, across(s)), low.select(across(o), s))


def permlane32_swap(res, old, src, fi=False, bound_ctrl=False, *, loc=None, ip=None):
    """gfx950's v_permlane32_swap of two 32-bit values: lanes 32..63 of `old` and lanes 0..31 of
    `src` trade places, and the result is the pair (old, src) afterwards, a struct value for
    llvm.extractvalue: lane l < 32 gets (old[l], old[l + 32]), lane l >= 32 (src[l - 32],
    src[l]). Built from shuffles on every target (rocm included), so it needs waves of 64."""
    return _swap_rows("permlane32_swap", old, src, 32)


def permlane16_swap(res, old, src, fi=False, bound_ctrl=False, *, loc=None, ip=None):
    """gfx950's v_permlane16_swap of two 32-bit values: in each 32 lanes, lanes 16..31 of `old`
    and lanes 0..15 of `src` trade places; the pair (old, src) afterwards, as permlane32_swap
    gives it (lane l of a lower 16 gets (old[l], old[l + 16]), of an upper 16 (src[l - 16],
    src[l])). Built from shuffles on every target."""
    return _swap_rows("permlane16_swap", old, src, 16)


__all__ = [
    "update_dpp",
    "ds_bpermute",
    "readfirstlane",
    "readlane",
    "ballot",
    "permlane16_swap",
    "permlane32_swap",
]
