"""The library's GEMM on an NVIDIA GPU (run through scripts/device/cuda.sh) against torch:
every b layout, dtype and output dtype, ragged edges, alpha/beta with c, and a skinny shape."""

import flydsl.kernels as fk
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)


def operands(m, n, k, dtype, b_layout):
    torch.manual_seed(m * 7 + n * 3 + k)
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(n, k, device="cuda", dtype=dtype).t() if b_layout == "col" else \
        torch.randn(k, n, device="cuda", dtype=dtype)  # fmt: skip
    return a, b


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("b_layout", ["row", "col"])
@pytest.mark.parametrize("m,n,k", [(128, 128, 64), (256, 512, 320), (1000, 777, 333),
                                   (16, 4096, 1024), (4096, 2048, 512)])  # fmt: skip
def test_gemm_matches_torch(m, n, k, dtype, b_layout):
    a, b = operands(m, n, k, dtype, b_layout)
    out = fk.gemm(a, b, out_dtype=torch.float32)
    torch.cuda.synchronize()
    want = a.float() @ b.float()
    torch.testing.assert_close(out, want, atol=2e-2 * k**0.5 / 8, rtol=1e-3)


@pytest.mark.parametrize("out_dtype", [torch.float16, torch.bfloat16])
def test_gemm_alpha_beta_into_c(out_dtype):
    a, b = operands(300, 200, 96, torch.bfloat16, "row")
    c = torch.randn(300, 200, device="cuda", dtype=out_dtype)
    want = 0.5 * (a.float() @ b.float()) + 2.0 * c.float()
    fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=c)
    torch.cuda.synchronize()
    torch.testing.assert_close(c.float(), want, atol=0.1, rtol=2e-2)


def test_gemm_rejects_a_float32_operand():
    a = torch.zeros(16, 16, device="cuda")
    with pytest.raises(Exception, match="float16 or both bfloat16"):
        fk.gemm(a, a)


@pytest.mark.parametrize("ws", ["0", "1"])
@pytest.mark.parametrize("m,n,k", [(1000, 776, 333), (4096, 2048, 512), (300, 200, 96)])
def test_gemm_16bit_out_with_and_without_warp_specialisation(m, n, k, ws, monkeypatch):
    # FLYDSL_GEMM_WS=1 with a 16-bit D in 16-byte rows: the epilogue stores it by TMA, each
    # consumer warpgroup in turn through one shared buffer, the tiles of a persistent grid.
    monkeypatch.setenv("FLYDSL_GEMM_WS", ws)
    a, b = operands(m, n, k, torch.bfloat16, "col")
    c = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
    want = 0.5 * (a.float() @ b.float()) + 2.0 * c.float()
    fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=c)
    out = fk.gemm(a, b, out_dtype=torch.bfloat16)
    torch.cuda.synchronize()
    torch.testing.assert_close(c.float(), want, atol=0.1 * k**0.5 / 8, rtol=2e-2)
    torch.testing.assert_close(out.float(), a.float() @ b.float(), atol=0.05 * k**0.5 / 8,
                               rtol=1e-2)  # fmt: skip


@pytest.mark.parametrize("between", [None, torch.relu])
def test_skinny_gemms_that_overlap_their_predecessors_read_finished_inputs(between):
    # M <= 32 on sm_90 launches each GEMM to overlap the kernel before it (programmatic
    # dependent launch): here each one reads the previous one's output (or a torch kernel's of
    # it), so one that read early would differ.
    torch.manual_seed(3)
    x = torch.randn(16, 2048, device="cuda", dtype=torch.bfloat16)
    ws = [torch.randn(2048, 2048, device="cuda", dtype=torch.bfloat16) / 45 for _ in range(8)]
    step = between or (lambda y: y)
    got, want = x, x
    for w in ws:
        got = step(fk.gemm(got, w))
        want = step((want.float() @ w.float()).bfloat16())
    torch.cuda.synchronize()
    torch.testing.assert_close(got.float(), want.float(), atol=0.05, rtol=0.05)


@pytest.mark.parametrize("m,n,k", [(64, 4096, 14336), (128, 1024, 8192), (100, 700, 3000)])
def test_split_k_matches_torch_on_any_stream_and_in_a_graph(m, n, k):
    # Too few tiles for the SMs and a long K: the plan splits K (the GEMM writes f32 partial
    # sums into stream-ordered scratch memory, a second kernel adds them into D). Run on the
    # current stream, on a side stream, and captured in a CUDA graph (where the scratch memory
    # becomes the graph's own allocation) and replayed on new inputs.
    a, b = operands(m, n, k, torch.bfloat16, "col")
    c = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
    tol = {"atol": 2e-2 * k**0.5, "rtol": 2e-2}

    def want():
        return 0.5 * (a.float() @ b.float()) + 2.0 * c.float()

    out = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=out)
    torch.testing.assert_close(out.float(), want(), **tol)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        out2 = torch.empty_like(out)
        fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=out2)
    torch.cuda.current_stream().wait_stream(side)
    torch.testing.assert_close(out2, out, atol=0, rtol=0)  # the same order of sums
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fk.gemm(a, b, c=c, alpha=0.5, beta=2.0, out=out)
    a.copy_(torch.randn_like(a))
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(out.float(), want(), **tol)


@pytest.mark.parametrize("fp8", [torch.float8_e4m3fn, torch.float8_e5m2])
@pytest.mark.parametrize("m,n,k", [(128, 256, 512), (1000, 777, 320), (16, 4096, 1024)])
def test_gemm_scaled_matches_torch_scaled_mm(m, n, k, fp8):
    torch.manual_seed(m + n + k)
    a = (torch.randn(m, k, device="cuda") / 2).to(fp8)
    b = (torch.randn(n, k, device="cuda") / 2).to(fp8).t()  # column-major, as _scaled_mm's
    sa = torch.rand(m, 1, device="cuda") + 0.5
    sb = torch.rand(1, n, device="cuda") + 0.5
    out = fk.gemm_scaled(a, b, sa, sb)  # bfloat16 by default for torch tensors
    torch.cuda.synchronize()
    assert out.dtype == torch.bfloat16
    exact = (a.float() @ b.float()) * sa * sb
    torch.testing.assert_close(out.float(), exact, atol=2e-2 * k**0.5, rtol=1e-2)
    # torch._scaled_mm multiplies e4m3 by e4m3 with extents that are multiples of 16.
    if fp8 == torch.float8_e4m3fn and m % 16 == 0 and n % 16 == 0 and k % 16 == 0:
        want = torch._scaled_mm(a, b, sa, sb, out_dtype=torch.bfloat16)
        torch.testing.assert_close(out.float(), want.float(), atol=2e-2 * k**0.5, rtol=1e-2)


@pytest.mark.parametrize("m,n,k", [(1000, 777, 333), (64, 4096, 2048), (16, 1024, 512)])
def test_every_offered_tile_matches_torch(m, n, k):
    """Each tile gemm_tiles offers (Hopper's warpgroup tiles, split along K or not; the skinny
    mma.sync stream's) is a kernel of its own; each computes the product."""
    a, b = operands(m, n, k, torch.bfloat16, "col")
    want = a.float() @ b.float()
    tiles = fk.gemm_tiles(a, b, out_dtype=torch.float32)
    assert len(tiles) >= 3
    for tile in tiles:
        out = fk.gemm(a, b, out_dtype=torch.float32, tile=tile)
        torch.cuda.synchronize()
        torch.testing.assert_close(out, want, atol=2e-2 * k**0.5 / 8, rtol=1e-3, msg=str(tile))


def test_every_offered_fp8_tile_matches_torch_scaled_mm():
    m, n, k = 512, 768, 1024
    a = (torch.randn(m, k, device="cuda") / 2).to(torch.float8_e4m3fn)
    b = (torch.randn(n, k, device="cuda") / 2).to(torch.float8_e4m3fn).t()
    sa, sb = torch.rand(m, 1, device="cuda") + 0.5, torch.rand(1, n, device="cuda") + 0.5
    want = torch._scaled_mm(a, b, sa, sb, out_dtype=torch.bfloat16).float()
    for tile in fk.gemm_tiles(a, b):
        out = fk.gemm_scaled(a, b, sa, sb, tile=tile)
        torch.cuda.synchronize()
        torch.testing.assert_close(out.float(), want, atol=2e-2 * k**0.5, rtol=1e-2, msg=str(tile))


def test_tuning_on_the_gpu_chooses_a_tile_that_computes_the_product(monkeypatch, tmp_path):
    monkeypatch.setenv("FLYDSL_AUTOTUNE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(fk, "_tuner", None)
    monkeypatch.setattr(fk, "_tuned_tiles", {})
    a, b = operands(1024, 1536, 512, torch.bfloat16, "col")
    out = fk.gemm(a, b, tune=True)
    torch.cuda.synchronize()
    torch.testing.assert_close(out.float(), a.float() @ b.float(), atol=0.1, rtol=1e-2)
    assert (tmp_path / "flydsl_kernels_gemm.json").exists()
