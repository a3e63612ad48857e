"""The kernel library with torch tensors: the cheap call (plain torch tensors are handed to the
C API as borrowed DLTensor structs, made once per shape and refilled with each call's data
pointers), and the library's ops as torch custom ops, which torch.compile(fullgraph=True)
traces through. On the host's tensors (the cpu target); tests/python/test_kernel_library_cuda.py
does the same on CUDA tensors with CUDA graphs and inductor."""

import threading

import flydsl.kernels as fk
import pytest
from flydsl._torch_tensors import borrowed_args
from flydsl.errors import InvalidArgumentError

torch = pytest.importorskip("torch")


def rms_reference(x, w, eps=1e-6):
    xd = x.double()
    return (xd * torch.rsqrt(xd.pow(2).mean(-1, keepdim=True) + eps) * w.double()).to(x.dtype)


def test_plain_tensors_take_the_borrowed_path_and_others_do_not():
    a = torch.ones(4)
    assert borrowed_args([a, None, a[1:]])[1] is None
    assert borrowed_args([a, torch.ones(4, requires_grad=True)]) is None
    assert borrowed_args([torch.nn.Parameter(torch.ones(4))]) is None  # a subclass
    assert borrowed_args([a, torch.ones(4, dtype=torch.complex64)]) is None
    assert borrowed_args([a.to_sparse()]) is None
    import numpy as np

    assert borrowed_args([np.ones(4, np.float32)]) is None


def test_each_call_reads_its_own_data_at_any_offset():
    base = torch.arange(64, dtype=torch.float32)
    out = torch.empty(8)
    for start in range(0, 40, 3):  # one shape, the data pointer moving (unaligned too)
        a, b = base[start : start + 8], base[start + 1 : start + 9]
        fk.add(a, b, out=out)
        torch.testing.assert_close(out, a + b)
        torch.testing.assert_close(fk.mul(a, b), a * b)


def test_the_ops_agree_with_torch():
    x = torch.randn(6, 96, dtype=torch.float16)
    w, bias, r = torch.randn(96, dtype=torch.float16), torch.randn(96), torch.randn(6, 96)
    torch.testing.assert_close(fk.softmax(x), torch.softmax(x.float(), -1).half(), atol=1e-3,
                               rtol=2e-3)  # fmt: skip
    torch.testing.assert_close(fk.rmsnorm(x, w), rms_reference(x, w), atol=8e-3, rtol=2e-3)
    xf = x.float()
    residual_out = torch.empty_like(xf)
    got = fk.layernorm(xf, w.float(), bias, residual=r, residual_out=residual_out)
    want = torch.nn.functional.layer_norm(xf + r, (96,), w.float(), bias)
    torch.testing.assert_close(got, want, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(residual_out, xf + r)
    a, b = torch.randn(32, 48, dtype=torch.float16), torch.randn(48, 24, dtype=torch.float16)
    torch.testing.assert_close(fk.gemm(a, b).float(), a.float() @ b.float(), atol=2e-2,
                               rtol=2e-3)  # fmt: skip
    # b column-major (a transposed view) and an out of float32
    bt = torch.randn(24, 48, dtype=torch.float16).t()
    got = fk.gemm(a, bt, out_dtype=torch.float32)
    torch.testing.assert_close(got, a.float() @ bt.float(), atol=2e-3, rtol=2e-3)


def test_threads_calling_with_one_shape_keep_their_own_pointers():
    # The borrowed structs are per thread: each call's pointers are its own until the C call.
    results, errors = {}, []

    def work(k):
        try:
            for i in range(60):
                a = torch.full((64,), float(k * 1000 + i))
                b = torch.full((64,), 1.0)
                out = fk.add(a, b)
                if not torch.equal(out, a + 1):
                    results[k] = (i, out[0].item())
                    return
            results[k] = "ok"
        except Exception as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and results == {k: "ok" for k in range(4)}


def test_tensors_the_borrowed_path_refuses_keep_their_errors():
    with pytest.raises((BufferError, RuntimeError), match="require"):  # torch's DLPack export
        fk.add(torch.ones(4, requires_grad=True), torch.ones(4))
    with pytest.raises(InvalidArgumentError, match="shape"):  # the C side's checks, as before
        fk.add(torch.ones(4), torch.ones(5))
    with pytest.raises(InvalidArgumentError, match="a is NULL"):
        fk.add(None, torch.ones(4), out=torch.empty(4))


def test_the_ops_are_torch_custom_ops():
    for name in ("elementwise", "softmax", "layernorm", "rmsnorm", "gemm", "rope_kv_cache"):
        assert hasattr(torch.ops.flydsl, name)
    out = torch.empty(3)
    torch.ops.flydsl.elementwise(0, torch.ones(3), torch.ones(3), 0.0, 0.0, out)
    assert out.tolist() == [2.0, 2.0, 2.0]


def test_torch_compile_traces_through_the_library_in_one_graph():
    def block(x, w, a, b):
        h = fk.rmsnorm(fk.add(x, x), w)
        s = fk.softmax(h)
        return s * 2, fk.gemm(a, b)

    x, w = torch.randn(4, 64), torch.randn(64)
    a, b = torch.randn(16, 32, dtype=torch.float16), torch.randn(32, 8, dtype=torch.float16)
    compiled = torch.compile(block, fullgraph=True, backend="aot_eager")
    got, want = compiled(x, w, a, b), block(x, w, a, b)
    torch.testing.assert_close(got[0], want[0])
    torch.testing.assert_close(got[1], want[1])
    torch.testing.assert_close(want[0], torch.softmax(rms_reference(x + x, w), -1) * 2,
                               atol=1e-5, rtol=1e-4)  # fmt: skip


def test_torch_compile_keeps_writes_into_given_tensors():
    def fused(x, w, r, ro, out):
        fk.layernorm(x, w, residual=r, residual_out=ro, out=out)
        return out + 1

    x, w, r = torch.randn(3, 32), torch.randn(32), torch.randn(3, 32)
    ro, out = torch.empty(3, 32), torch.empty(3, 32)
    got = torch.compile(fused, fullgraph=True, backend="aot_eager")(x, w, r, ro, out)
    want = torch.nn.functional.layer_norm(x + r, (32,), w)
    torch.testing.assert_close(got, want + 1, atol=1e-5, rtol=1e-4)
    torch.testing.assert_close(out, want, atol=1e-5, rtol=1e-4)
    torch.testing.assert_close(ro, x + r)


def rope_reference(x, positions, cos_sin):
    """x (tokens, heads, dim) with its halves of the first r dimensions rotated (GPT-NeoX)."""
    half = cos_sin.shape[1] // 2
    cos, sin = cos_sin[positions, :half, None].double(), cos_sin[positions, half:, None].double()
    a, b = x[..., :half].double(), x[..., half : 2 * half].double()
    cos, sin = cos.transpose(1, 2), sin.transpose(1, 2)
    rotated = torch.cat([a * cos - b * sin, b * cos + a * sin, x[..., 2 * half :].double()], -1)
    return rotated.to(x.dtype)


def test_torch_compile_traces_rope_with_its_cache_writes():
    def step(qkv, positions, cos_sin, slots, k_cache, v_cache):
        q, k, v = qkv.split([4 * 16, 2 * 16, 2 * 16], dim=-1)
        q, k, v = q.view(-1, 4, 16), k.view(-1, 2, 16), v.view(-1, 2, 16)
        fk.rope_kv_cache(positions, q, k, cos_sin, True, v, slots, k_cache, v_cache)
        return q * 1, k_cache.sum()

    qkv, cos_sin = torch.randn(5, 8 * 16), torch.randn(32, 12)
    positions, slots = torch.tensor([3, 0, 31, 7, 7]), torch.tensor([0, 9, -1, 4, 2])
    caches = [torch.zeros(3, 4, 2, 16) for _ in range(4)]
    want_q = rope_reference(qkv[:, :64].view(5, 4, 16), positions, cos_sin)
    want_k = rope_reference(qkv[:, 64:96].view(5, 2, 16), positions, cos_sin)
    eager = step(qkv.clone(), positions, cos_sin, slots, caches[0], caches[1])
    compiled = torch.compile(step, fullgraph=True, backend="aot_eager")
    got = compiled(qkv.clone(), positions, cos_sin, slots, caches[2], caches[3])
    torch.testing.assert_close(eager[0], want_q)
    torch.testing.assert_close(got[0], want_q)
    for k_cache, v_cache in (caches[:2], caches[2:]):
        rows_k, rows_v = k_cache.view(12, 2, 16), v_cache.view(12, 2, 16)
        for t, slot in enumerate(slots.tolist()):
            if slot >= 0:
                torch.testing.assert_close(rows_k[slot], want_k[t])
                torch.testing.assert_close(rows_v[slot], qkv[t, 96:].view(2, 16))
        assert rows_k[[1, 3, 5, 6, 7, 8, 10, 11]].abs().sum() == 0  # no other slot written
