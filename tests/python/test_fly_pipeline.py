"""One compiler pipeline: what the kernel builder writes as Fly ops (a layout's offset of a
coordinate) is lowered by fly-layout-lowering, the first pass of every target's pipeline.
The first dump holds the Fly ops, the pass's dump none; the offsets agree with the host
algebra, in i64 where they pass 2^31; a coordinate that does not fit is an error at the call."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _examples import dev
from flydsl.errors import CompileError


@flyc.kernel
def offsets(out: fx.Tensor, n: fx.Int32, s: fx.Int32):
    L = fx.make_layout((4, n), (s, 1))
    i = fx.thread_idx.x
    out[i] = fx.crd2idx((i % 4, i // 4), L).to("i64")


@pytest.mark.parametrize("target, arch", [("cpu", "gfx942"), ("rocm", "gfx942"), ("cuda", "sm_90")])
def test_first_dump_holds_fly_ops_the_layout_pass_none(tmp_path, monkeypatch, target, arch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    out = np.zeros(8, np.int64)
    offsets.compile(out, 2, 3, target=target, arch=arch)
    (folder,) = tmp_path.iterdir()
    origin = (folder / "00_origin.mlir").read_text()
    assert "fly.crd2idx" in origin and "fly.make_layout" in origin
    lowered = (folder / "01_fly_layout_lowering.mlir").read_text()
    assert "fly.crd2idx" not in lowered and "fly.make_layout" not in lowered
    pipeline = (folder / "pipeline.txt").read_text()
    assert "fly-layout-lowering{no-wrap=true}" in pipeline


@pytest.mark.parametrize("n, s", [(2, 3), (5, 1), (1, 7)])
def test_offsets_agree_with_the_host(n, s):
    out = dev.array(np.full(4 * n, -1, np.int64))
    offsets(out, n, s).launch(grid=(1,), block=(4 * n,))
    host = fx.make_layout((4, n), (s, 1))
    assert dev.host(out).tolist() == [host((i % 4, i // 4)) for i in range(4 * n)]


@flyc.kernel
def far(out: fx.Tensor, s: fx.Int32):
    # Leaves of 32 bits whose offset passes 2^31: the kernel computes it in i64.
    L = fx.make_layout((4, 8), (s, 1))
    i = fx.thread_idx.x
    out[i] = fx.crd2idx((i, 5), L).to("i64")


def test_offsets_past_2_31_do_not_wrap():
    s = 1 << 30
    out = dev.array(np.zeros(4, np.int64))
    far(out, s).launch(grid=(1,), block=(4,))
    assert dev.host(out).tolist() == [i * s + 5 for i in range(4)]


@flyc.kernel
def misfit(out: fx.Tensor, n: fx.Int32):
    L = fx.make_layout((4, n), (n, 1))
    out[0] = fx.crd2idx((1, 2, 3), L).to("i32")


def test_a_coordinate_that_does_not_fit_is_an_error_at_the_call():
    with pytest.raises(CompileError, match="crd2idx"):
        misfit.compile(np.zeros(1, np.int32), 4, target="cpu")


@flyc.kernel
def sizes(out: fx.Tensor, n: fx.Int32, s: fx.Int32):
    L = fx.make_layout((4, n), (s, 1))
    out[0] = fx.get_scalar(fx.size(L)).to("i64")
    out[1] = fx.get_scalar(fx.size(fx.zipped_divide(L, (2, 1)))).to("i64")


@pytest.mark.parametrize("n, s", [(3, 5), (7, 1), (1, 2)])
def test_size_of_a_dynamic_layout(n, s):
    out = dev.array(np.zeros(2, np.int64))
    sizes(out, n, s).launch(grid=(1,), block=(1,))
    assert dev.host(out).tolist() == [4 * n, 4 * n]


def test_size_is_a_fly_op_in_the_first_dump(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    sizes.compile(np.zeros(2, np.int64), 3, 5, target="cpu")
    (folder,) = tmp_path.iterdir()
    assert "fly.size" in (folder / "00_origin.mlir").read_text()


@flyc.kernel
def dynamic_cosize(out: fx.Tensor, n: fx.Int32):
    out[0] = fx.get_scalar(fx.cosize(fx.make_layout((4, n), (n, 1)))).to("i64")


def test_cosize_of_dynamic_leaves_is_refused_at_the_call():
    with pytest.raises(CompileError, match="cosize"):
        dynamic_cosize.compile(np.zeros(1, np.int64), 3, target="cpu")
