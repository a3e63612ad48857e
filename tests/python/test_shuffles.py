"""Every shuffle mode against its definition: lane `l` of a segment of `width` lanes reads lane
`l ^ o` (xor), `l - o` (up) or `l + o` (down) of its segment, or the wave's lane `o` (idx, an
absolute lane id as MLIR's and FlyDSL's), and keeps its own value where that lane lies outside
the segment. Run on the default target (cpu as work-item loops and
as fibers, or a CUDA device), and read back from the IR and PTX built for the GPU targets."""

import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev

SHUFFLES = {
    "xor": fx.gpu.shuffle_xor,
    "up": fx.gpu.shuffle_up,
    "down": fx.gpu.shuffle_down,
    "idx": fx.gpu.shuffle_idx,
}


def expected(mode, lanes, offset, width, wave=dev.WAVE):
    """Each lane's source in waves of `wave` lanes (64: the gfx942 the cpu emulates; a CUDA
    warp's 32): lane ids, and so idx's, count within the wave."""
    lane = np.arange(lanes) % wave
    first = np.arange(lanes) - lane
    segment, in_segment = lane // width * width, lane % width
    source = {
        "xor": in_segment ^ offset,
        "up": in_segment - offset,
        "down": in_segment + offset,
        "idx": offset - segment,
    }[mode]
    inside = (source >= 0) & (source < width)
    return np.where(inside, first + segment + source, first + lane)


def shuffling_kernel(mode, offset, width):
    shuffle = SHUFFLES[mode]

    @flyc.kernel
    def shuffled(out: fx.Tensor):
        tid = fx.thread_idx.x
        out[tid] = shuffle(tid, offset, width)

    return shuffled


@pytest.mark.parametrize("fibers", [False, True], ids=["work_item_loops", "fibers"])
@pytest.mark.parametrize("mode", sorted(SHUFFLES))
@pytest.mark.parametrize("offset,width", [(1, 32), (3, 32), (5, 16), (1, 8), (0, 32)])
def test_every_mode_reads_the_lane_its_definition_names(mode, offset, width, fibers, monkeypatch):
    if fibers and dev.TARGET != "cpu":
        pytest.skip("fibers are the cpu target's way of running collectives")
    monkeypatch.setenv("FLYDSL_CPU_FIBERS", "1" if fibers else "0")
    lanes = 64
    out = dev.array(np.full(lanes, -1, np.int32))
    shuffling_kernel(mode, offset, width)(out).launch(grid=(1,), block=(lanes,))
    np.testing.assert_array_equal(dev.host(out), expected(mode, lanes, offset, width))


@pytest.mark.parametrize("fibers", [False, True], ids=["work_item_loops", "fibers"])
def test_a_shuffle_of_a_shuffles_result(fibers, monkeypatch):
    """What the DPP emulation builds (a row's last lane broadcast, then lane 0's): each shuffle
    exchanges the one before it's result. The work-item loops lower them one at a time, and the
    second must read the first one's lowered result (it read a freed value before: a crash)."""
    if fibers and dev.TARGET != "cpu":
        pytest.skip("fibers are the cpu target's way of running collectives")
    monkeypatch.setenv("FLYDSL_CPU_FIBERS", "1" if fibers else "0")

    @flyc.kernel
    def chained(out: fx.Tensor):
        tid = fx.thread_idx.x
        last_of_row = fx.gpu.shuffle_idx(tid * 3, tid | 15, 64)
        out[tid] = fx.gpu.shuffle_xor(fx.gpu.shuffle_idx(last_of_row, 16, 64), 1, 64) + tid

    lanes = 64
    out = dev.array(np.full(lanes, -1, np.int32))
    if dev.WAVE < 64:  # a CUDA warp: no 64 lanes to shuffle across
        with pytest.raises(flyc.CompileError, match="width 64 is wider than the wave of 32"):
            chained(out).launch(grid=(1,), block=(lanes,))
        return
    chained(out).launch(grid=(1,), block=(lanes,))
    lane = np.arange(lanes)
    # Lane 16's row ends at lane 31, whose value is 93; every lane reads it, then its neighbour's.
    np.testing.assert_array_equal(dev.host(out), 31 * 3 + lane)


def test_up_and_down_differ_by_the_offsets_sign():
    """The case that was swapped: up reads the lane below, down the lane above."""
    out = dev.array(np.zeros(32, np.int32))
    shuffling_kernel("up", 1, 32)(out).launch(grid=(1,), block=(32,))
    got = dev.host(out)
    assert got[5] == 4 and got[0] == 0
    shuffling_kernel("down", 1, 32)(out).launch(grid=(1,), block=(32,))
    got = dev.host(out)
    assert got[5] == 6 and got[31] == 31


@pytest.mark.parametrize("mode", sorted(SHUFFLES))
def test_the_built_ir_names_the_mode_asked_for(mode):
    for target, arch in [("rocm", "gfx942"), ("cuda", "sm_90"), ("cpu", None)]:
        compiled = shuffling_kernel(mode, 2, 32).compile(
            np.zeros(32, np.int32), target=target, arch=arch
        )
        modes = re.findall(r"gpu\.shuffle\s+(\w+)", compiled.ir(compiled=False))
        assert modes == [mode], (target, modes)


@pytest.mark.parametrize("mode,ptx", [("up", "up"), ("down", "down"), ("xor", "bfly")])
def test_ptx_shuffles_in_the_direction_asked_for(mode, ptx):
    compiled = shuffling_kernel(mode, 2, 32).compile(np.zeros(32, np.int32), target="cuda")
    text = compiled.binary.decode()
    found = set(re.findall(r"shfl\.sync\.(\w+)", text))
    assert found == {ptx}, found


@pytest.mark.parametrize("mode", sorted(SHUFFLES))
def test_narrow_shuffles_read_their_segment_on_gpus(mode):
    """Below a whole warp, a shuffle reads inside its segment on every target: on cuda an idx
    shuffle over the warp from the lane the definition names (MLIR's own lowering would leave
    the lanes past the width out)."""
    ptx = shuffling_kernel(mode, 1, 16).compile(np.zeros(32, np.int32), target="cuda").binary
    assert set(re.findall(r"shfl\.sync\.(\w+)", ptx.decode())) == {"idx"}
    amd = shuffling_kernel(mode, 1, 16).compile(np.zeros(64, np.int32), target="rocm").ir()
    # A constant xor within 32 lanes is a ds_swizzle; the rest read the named lane by address.
    assert ("rocdl.ds_swizzle" if mode == "xor" else "rocdl.ds_bpermute") in amd


def test_idx_names_a_lane_by_its_id_as_flydsl_does():
    """FlyDSL's warp scans broadcast each segment's last lane by its lane id (the segment's
    base plus width - 1); a lane id in another segment leaves each lane its own value."""

    @flyc.kernel
    def last_of_segment(out: fx.Tensor, other: fx.Tensor):
        tid = fx.thread_idx.x
        base = (fx.gpu.lane_id() // 16) * 16
        out[tid] = fx.gpu.shuffle_idx(tid * 10, base + 15, 16)
        other[tid] = fx.gpu.shuffle_idx(tid * 10, (base + 16) % 32, 16)

    out, other = dev.array(np.zeros(32, np.int32)), dev.array(np.zeros(32, np.int32))
    last_of_segment(out, other).launch(grid=(1,), block=(32,))
    lanes = np.arange(32)
    np.testing.assert_array_equal(dev.host(out), (lanes // 16 * 16 + 15) * 10)
    np.testing.assert_array_equal(dev.host(other), lanes * 10)


@pytest.mark.parametrize("target,arch", [("cuda", "sm_90"), ("rocm", "gfx1201"), ("cpu", "sm_90")])
def test_a_shuffle_wider_than_the_wave_is_refused(target, arch):
    with pytest.raises(flyc.CompileError, match="width 64 is wider than the wave of 32 lanes"):
        shuffling_kernel("xor", 1, 64).compile(np.zeros(64, np.int32), target=target, arch=arch)
    # The wave of gfx942 holds 64 lanes.
    shuffling_kernel("xor", 1, 64).compile(np.zeros(64, np.int32), target="cpu", arch="gfx942")
