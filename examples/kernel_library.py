"""The kernel library: ready kernels called like functions on tensors where they live (torch
CUDA tensors on a GPU, numpy arrays on the host), each compiled for its dtypes, row length and
target on first use and cached. A fused residual add + rmsnorm, a layernorm, a row softmax, a
SwiGLU gate and a linear layer's GEMM (x @ w.T on the matrix cores), checked against numpy.
Run: PYTHONPATH=bindings/python python3 examples/kernel_library.py
"""

import flydsl.kernels as fk
import numpy as np
from device import TARGET, array, host


def main():
    rng = np.random.default_rng(3)
    tokens, hidden = 6, 1000
    x = rng.standard_normal((tokens, hidden)).astype(np.float32)
    residual = rng.standard_normal((tokens, hidden)).astype(np.float32)
    w = (1 + 0.1 * rng.standard_normal(hidden)).astype(np.float32)
    b = (0.1 * rng.standard_normal(hidden)).astype(np.float32)

    # h = x + residual lands in `res` (in place); y = rmsnorm(h) * w.
    h = x.astype(np.float64) + residual
    res = array(residual.copy())
    y = fk.rmsnorm(array(x), array(w), eps=1e-6, residual=res, residual_out=res)
    want = h / np.sqrt((h * h).mean(-1, keepdims=True) + 1e-6) * w
    print(f"rmsnorm + residual on {TARGET}: max error {np.abs(host(y) - want).max():.1e}")
    assert np.allclose(host(y), want, atol=1e-5) and np.allclose(host(res), h, atol=1e-6)

    z = fk.layernorm(array(x), array(w), array(b), eps=1e-5)
    m = x.mean(-1, keepdims=True)
    want = (x - m) / np.sqrt(x.var(-1, keepdims=True) + 1e-5) * w + b
    print(f"layernorm on {TARGET}: max error {np.abs(host(z) - want).max():.1e}")
    assert np.allclose(host(z), want, atol=1e-5)

    logits = rng.standard_normal((tokens, 32000)).astype(np.float32) * 8
    p = host(fk.softmax(array(logits)))
    e = np.exp(logits - logits.max(-1, keepdims=True))
    want = e / e.sum(-1, keepdims=True)
    print(f"softmax over 32000 on {TARGET}: max error {np.abs(p - want).max():.1e}")
    assert np.allclose(p, want, atol=1e-6)

    gate, up = x, residual
    g = host(fk.silu_mul(array(gate), array(up)))
    assert np.allclose(g, gate / (1 + np.exp(-gate)) * up, atol=1e-5)
    print(f"silu(gate) * up on {TARGET}: matches numpy")

    # A linear layer: x (tokens x hidden) @ weight.T, the weight stored (out, hidden) as usual;
    # its transpose is a column-major operand, which the GEMM takes as it is.
    weight = (0.05 * rng.standard_normal((256, hidden))).astype(np.float16)
    x16 = x.astype(np.float16)
    out = host(fk.gemm(array(x16), array(weight).T, out=array(np.zeros((tokens, 256), np.float32))))
    want = x16.astype(np.float64) @ weight.astype(np.float64).T
    print(f"linear layer {tokens}x{hidden} @ {hidden}x256 on {TARGET}: "
          f"max error {np.abs(out - want).max():.1e}")  # fmt: skip
    assert np.allclose(out, want, atol=1e-3)
    print("ok")


if __name__ == "__main__":
    main()
