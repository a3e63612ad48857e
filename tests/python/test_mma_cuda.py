"""Tiled MMAs with mma.sync and wgmma atoms on an NVIDIA GPU (run through
scripts/device/cuda.sh): the f16 GEMM kernel of test_mma_layouts.py against torch, the tiled-MMA
example, fp8 mma.sync, and test_wgmma.py's kernels in every canonical layout with the wgmma
example."""

import flydsl.compiler as flyc
import numpy as np
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)

from test_mma_layouts import MMA_SYNC, mma_sync_gemm  # noqa: E402


@pytest.mark.parametrize("m,n,k", [(32, 16, 16), (64, 32, 48), (128, 128, 64)])
def test_mma_sync_gemm_matches_torch(m, n, k):
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    c = torch.zeros(m, n, device="cuda", dtype=torch.float32)
    args = [flyc.from_dlpack(t) for t in (a, b, c)]
    mma_sync_gemm(*args, k // 16).launch(grid=(m // 32, n // 16), block=(MMA_SYNC.size,))
    torch.cuda.synchronize()
    want = a.float() @ b.float().T
    torch.testing.assert_close(c, want, atol=1e-3, rtol=1e-3)


def test_tiled_mma_example_runs_with_mma_sync():
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "03_tiled_mma.py"
    __import__("sys").path.insert(0, str(example.parent))  # its `device` helper
    runpy.run_path(str(example), run_name="__main__")


@pytest.mark.parametrize("ab", ["f8e4m3", "f8e5m2"])
def test_fp8_mma_sync_matches_a_decoded_reference(ab):
    import flydsl.expr as fx
    from test_mma_layouts import _byte_atom_gemm, decode_fp8, finite_fp8_bytes

    one_tile, tiled = _byte_atom_gemm(fx.nvgpu.MmaSync, 16, 8, 32, ab)
    tm, tn, tk = tiled.tile_size_mnk
    rng = np.random.default_rng(11)
    a, b = (finite_fp8_bytes(rng, s, ab, False) for s in ((tm, tk), (tn, tk)))
    ta, tb = (torch.from_numpy(x.view(np.int8)).cuda() for x in (a, b))
    c = torch.zeros(tm, tn, device="cuda")
    one_tile(*[flyc.from_dlpack(t) for t in (ta, tb, c)]).launch(block=(tiled.size,))
    torch.cuda.synchronize()
    ha, hb = decode_fp8(a, ab, False), decode_fp8(b, ab, False)
    scale = np.abs(ha) @ np.abs(hb).T
    assert np.all(np.abs(c.cpu().numpy() - ha @ hb.T) <= 1e-6 * scale + 1e-30)


@pytest.mark.parametrize(
    "mode,ab,n,groups,tiles_m,tiles_n,k_tiles",
    [("sw128", "f16", 128, 1, 2, 2, 3), ("sw128", "bf16", 256, 2, 2, 1, 2),
     ("sw64", "f16", 64, 1, 1, 2, 2), ("sw32", "bf16", 8, 1, 1, 1, 4),
     ("interleave", "f16", 32, 2, 1, 1, 2), ("mn_sw128", "bf16", 128, 2, 1, 2, 2),
     ("mn_sw64", "f16", 64, 1, 2, 1, 3), ("mn_interleave", "bf16", 16, 1, 1, 1, 2)],
)  # fmt: skip
def test_wgmma_gemm_matches_on_the_gpu(mode, ab, n, groups, tiles_m, tiles_n, k_tiles):
    # Integer operands: every order of adding gives the exact result.
    from test_wgmma import run_wgmma

    got, want = run_wgmma(mode, ab, n, groups, tiles_m, tiles_n, k_tiles, torch=torch)
    np.testing.assert_array_equal(got, want)


def test_wgmma_example_runs_on_the_gpu():
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "04_wgmma.py"
    __import__("sys").path.insert(0, str(example.parent))
    runpy.run_path(str(example), run_name="__main__")


def test_wgmma_atoms_left_in_flight_match_on_the_gpu():
    from test_wgmma import run_wgmma

    got, want = run_wgmma("sw128", "bf16", 128, 2, 2, 1, 4, torch=torch, in_flight=True)
    np.testing.assert_array_equal(got, want)
