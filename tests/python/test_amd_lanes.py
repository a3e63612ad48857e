"""AMD's cross-lane moves, fx.rocdl.update_dpp and fx.rocdl.ds_bpermute, against their
definitions in the CDNA3 ISA over a wave of 64 lanes (the cpu target emulating gfx942): which
lane each lane reads under every DPP control, the row and bank masks, bound_ctrl, and the
compiles for rocm (the instruction itself) and cuda (refused)."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest

WAVE = 64
LANE = np.arange(WAVE)
ROW, IN_ROW = LANE // 16 * 16, LANE % 16


def dpp_source(ctrl):
    """The lane each lane reads, and whether it lies inside the row (or wave) moved in."""
    n = ctrl & 15
    everywhere = np.ones(WAVE, bool)
    if ctrl <= 0xFF:
        return LANE // 4 * 4 + (ctrl >> (2 * (LANE % 4))) % 4, everywhere
    if 0x101 <= ctrl <= 0x10F:
        return LANE + n, IN_ROW + n < 16
    if 0x111 <= ctrl <= 0x11F:
        return LANE - n, IN_ROW >= n
    if 0x121 <= ctrl <= 0x12F:
        return ROW + (IN_ROW - n) % 16, everywhere
    return {
        0x130: (LANE + 1, LANE < WAVE - 1),
        0x134: ((LANE + 1) % WAVE, everywhere),
        0x138: (LANE - 1, LANE >= 1),
        0x13C: ((LANE - 1) % WAVE, everywhere),
        0x140: (ROW + 15 - IN_ROW, everywhere),
        0x141: (LANE // 8 * 8 + 7 - LANE % 8, everywhere),
        0x142: (ROW - 1, LANE >= 16),
        0x143: (np.full(WAVE, 31), LANE >= 32),
    }[ctrl]


CONTROLS = [0x1B, 0xE4, 0x00, 0x101, 0x10F, 0x111, 0x114, 0x118, 0x121, 0x12F, 0x130, 0x134,
            0x138, 0x13C, 0x140, 0x141, 0x142, 0x143]  # fmt: skip


def dpp_kernel(ctrl, row_mask, bank_mask, bound_ctrl):
    @flyc.kernel
    def moved(src: fx.Tensor, out: fx.Tensor):
        lane = fx.thread_idx.x
        old = fx.Int32(-1)
        out[lane] = fx.rocdl.update_dpp(fx.T.i32, old, src[lane], ctrl, row_mask, bank_mask,
                                        bound_ctrl)  # fmt: skip

    return moved


@pytest.mark.parametrize("ctrl", CONTROLS)
@pytest.mark.parametrize("bound_ctrl", [True, False])
def test_each_dpp_control_reads_the_lane_the_isa_names(ctrl, bound_ctrl, host_target):
    src = (LANE * 10 + 7).astype(np.int32)
    out = np.zeros(WAVE, np.int32)
    dpp_kernel(ctrl, 0xF, 0xF, bound_ctrl)(src, out).launch(block=(WAVE,))
    source, inside = dpp_source(ctrl)
    outside = 0 if bound_ctrl else -1
    want = np.where(inside, src[np.clip(source, 0, WAVE - 1)], outside)
    np.testing.assert_array_equal(out, want)


def test_row_and_bank_masks_leave_old_values(host_target):
    src = (LANE + 100).astype(np.int32)
    out = np.zeros(WAVE, np.int32)
    dpp_kernel(0x111, 0b0101, 0b0011, True)(src, out).launch(block=(WAVE,))
    source, inside = dpp_source(0x111)
    moved = np.where(inside, src[np.clip(source, 0, WAVE - 1)], 0)
    on = ((0b0101 >> (LANE // 16)) & 1).astype(bool) & ((0b0011 >> (LANE // 4 % 4)) & 1).astype(
        bool
    )
    np.testing.assert_array_equal(out, np.where(on, moved, -1))


@flyc.kernel
def scan(src: fx.Tensor, out: fx.Tensor, permuted: fx.Tensor):
    lane = fx.thread_idx.x
    v = src[lane]
    for shift in fx.range_constexpr(4):  # an inclusive scan within each row of 16
        n = 1 << shift
        moved = fx.rocdl.update_dpp(fx.T.i32, fx.Int32(0), v, 0x110 + n, 0xF, 0xF, True)
        v = v + moved
    out[lane] = v
    permuted[lane] = fx.rocdl.ds_bpermute(fx.T.i32, (WAVE - 1 - lane) * 4, src[lane])


def test_dpp_row_scan_and_bpermute(host_target):
    src = np.arange(1, WAVE + 1, dtype=np.int32)
    out, permuted = np.zeros(WAVE, np.int32), np.zeros(WAVE, np.int32)
    scan(src, out, permuted).launch(block=(WAVE,))
    np.testing.assert_array_equal(out, np.cumsum(src.reshape(4, 16), axis=1).ravel())
    np.testing.assert_array_equal(permuted, src[::-1])


def test_dpp_compiles_for_rocm_and_is_refused_for_cuda():
    src, out = np.zeros(WAVE, np.int32), np.zeros(WAVE, np.int32)
    kernel = dpp_kernel(0x111, 0xF, 0xF, True)
    kernel.compile(src, out, target="rocm", arch="gfx942")
    with pytest.raises(flyc.CompileError, match="DPP lane move .* is AMD's"):
        kernel.compile(src, out, target="cuda", arch="sm_90")


def test_dpp_misuse_is_refused(host_target):
    src, out = np.zeros(WAVE, np.int32), np.zeros(WAVE, np.int32)
    with pytest.raises(flyc.CompileError, match="DPP control 336 is not one of gfx9's"):
        dpp_kernel(0x150, 0xF, 0xF, True)(src, out).launch(block=(WAVE,))
    with pytest.raises(flyc.CompileError, match="row and bank masks have 4 bits"):
        dpp_kernel(0x111, 0x1F, 0xF, True)(src, out).launch(block=(WAVE,))

    @flyc.kernel
    def wide(src: fx.Tensor):
        fx.rocdl.update_dpp(fx.T.i64, fx.Int64(0), fx.Int64(1), 0x111, 0xF, 0xF, True)

    with pytest.raises(flyc.CompileError, match="DPP moves a 32-bit integer or float"):
        wide(src).launch(block=(WAVE,))
