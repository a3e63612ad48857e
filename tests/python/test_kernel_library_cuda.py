"""The kernel library on an NVIDIA GPU against torch (run through scripts/device/cuda.sh):
every kernel, dtype and a spread of row lengths, torch tensors in and out, and the errors of
mixed devices. Tolerances as on cpu: one rounding of the output dtype over float32 math."""

import flydsl
import flydsl.kernels as fk
import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
TOL = {"f32": (1e-5, 1e-4), "f16": (1e-3, 2e-3), "bf16": (1e-2, 1.6e-2)}
COLS = [1, 7, 100, 1000, 4096, 4099, 16384, 32769, 128256]


def close(got, want, dtype, scale=1.0):
    atol, rtol = TOL[dtype]
    torch.testing.assert_close(got.float(), want.float(), atol=atol * scale, rtol=rtol,
                               equal_nan=True)  # fmt: skip


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("cols", COLS)
def test_softmax(dtype, cols):
    x = (torch.randn(5, cols, device="cuda") * 4).to(DTYPES[dtype])
    close(fk.softmax(x), torch.softmax(x.double(), -1), dtype)


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("cols", COLS)
def test_norms(dtype, cols):
    t = DTYPES[dtype]
    x = torch.randn(5, cols, device="cuda").to(t)
    r = torch.randn(5, cols, device="cuda").to(t)
    w, b = torch.randn(cols, device="cuda").to(t), torch.randn(cols, device="cuda").to(t)
    h = x.double() + r.double()
    ro = torch.empty_like(x)
    got = fk.layernorm(x, w, b, eps=1e-5, residual=r, residual_out=ro)
    want = torch.nn.functional.layer_norm(h, (cols,), w.double(), b.double(), 1e-5)
    close(got, want, dtype, scale=8.0)
    close(ro, h, dtype)
    got = fk.rmsnorm(x, w, eps=1e-6)
    xd = x.double()
    want = xd * torch.rsqrt(xd.pow(2).mean(-1, keepdim=True) + 1e-6) * w.double()
    close(got, want, dtype, scale=8.0)


@pytest.mark.parametrize("dtype", sorted(DTYPES))
def test_elementwise(dtype):
    t = DTYPES[dtype]
    a = torch.randn(3, 1000, 37, device="cuda").to(t)
    b = torch.randn(3, 1000, 37, device="cuda").to(t)
    ad, bd = a.double(), b.double()
    F = torch.nn.functional
    close(fk.add(a, b), ad + bd, dtype, 4)
    close(fk.mul(a, b), ad * bd, dtype, 4)
    close(fk.scale_bias(a, 0.5, 2.0), 0.5 * ad + 2.0, dtype, 4)
    close(fk.silu(a), F.silu(ad), dtype, 4)
    close(fk.gelu(a), F.gelu(ad), dtype, 4)
    close(fk.gelu(a, approximate="tanh"), F.gelu(ad, approximate="tanh"), dtype, 4)
    close(fk.silu_mul(a, b), F.silu(ad) * bd, dtype, 4)


def test_on_a_side_stream():
    x = torch.randn(64, 4096, device="cuda")
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        y = fk.softmax(x)
    s.synchronize()
    close(y, torch.softmax(x.double(), -1), "f32")


def test_mixed_devices_are_refused():
    x = torch.randn(4, 64, device="cuda")
    out = torch.full((4, 64), 7.0)
    with pytest.raises(flydsl.InvalidArgumentError, match="cpu:0 but"):
        fk.softmax(x, out=out)
    assert (out == 7.0).all()
    with pytest.raises(flydsl.InvalidArgumentError, match="is on"):
        fk.rmsnorm(x, torch.ones(64), out=torch.empty_like(x))


def _block(x, w, a, b):
    h = fk.rmsnorm(fk.add(x, x), w)
    return fk.softmax(h) * 2, fk.gemm(a, b)


def _block_inputs():
    f16 = {"device": "cuda", "dtype": torch.float16}
    return (torch.randn(8, 256, **f16), torch.randn(256, **f16), torch.randn(64, 128, **f16),
            torch.randn(128, 32, **f16))  # fmt: skip


def test_torch_compile_with_inductor_traces_the_library_in_one_graph():
    inputs = _block_inputs()
    got = torch.compile(_block, fullgraph=True)(*inputs)
    want = _block(*inputs)
    torch.testing.assert_close(got[0], want[0], atol=1e-3, rtol=2e-3)
    torch.testing.assert_close(got[1], want[1])


def test_cuda_graphs_capture_the_calls_and_replay_them_on_new_data():
    inputs = _block_inputs()
    _block(*inputs)  # compiled before capture
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = _block(*inputs)
    for t in inputs:
        t.copy_(torch.randn_like(t))
    graph.replay()
    torch.cuda.synchronize()
    want = _block(*inputs)
    torch.testing.assert_close(captured[0], want[0])
    torch.testing.assert_close(captured[1], want[1])
    # torch.compile's own CUDA graphs over the custom ops
    compiled = torch.compile(_block, mode="reduce-overhead", fullgraph=True)
    for _ in range(3):
        got = compiled(*inputs)
    torch.testing.assert_close(got[0], want[0], atol=1e-3, rtol=2e-3)
    torch.testing.assert_close(got[1], want[1])
