"""Tiled MMAs with mma.sync atoms on an NVIDIA GPU (run through scripts/device/cuda.sh): the
f16 GEMM kernel of test_mma_layouts.py against torch, and the FMA GEMM example's kernel."""

import flydsl.compiler as flyc
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
