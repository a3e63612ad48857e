"""A mixture-of-experts layer as two library calls: a router picks 2 of 8 experts for each of
40 tokens from the gate's logits (fk.moe_topk_softmax, the weights renormalised), and
fk.fused_moe runs each token through its experts' SwiGLU MLPs (the gate and up projections in
one w1, then w2) and adds their outputs weighted by the router: the tokens are sorted by
expert and each expert's rows multiplied on the matrix cores. The result is checked against
numpy, expert by expert.
Run: PYTHONPATH=bindings/python python3 examples/moe_layer.py
"""

import flydsl.kernels as fk
import numpy as np
from device import TARGET, array, host

TOKENS, HIDDEN, INTER, EXPERTS, TOPK = 40, 128, 64, 8, 2


def main():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((TOKENS, HIDDEN)).astype(np.float16)
    gate = rng.standard_normal((HIDDEN, EXPERTS)).astype(np.float32)
    w1 = (rng.standard_normal((EXPERTS, 2 * INTER, HIDDEN)) / HIDDEN**0.5).astype(np.float16)
    w2 = (rng.standard_normal((EXPERTS, HIDDEN, INTER)) / INTER**0.5).astype(np.float16)

    logits = x.astype(np.float32) @ gate
    weights, ids = fk.moe_topk_softmax(array(logits), TOPK, renormalize=True)
    out = host(fk.fused_moe(array(x), array(w1), array(w2), weights, ids))
    weights, ids = host(weights), host(ids)

    # numpy: each token through its two experts, in float64
    want = np.zeros((TOKENS, HIDDEN))
    for t in range(TOKENS):
        for w, e in zip(weights[t], ids[t]):
            h = w1[e].astype(np.float64) @ x[t]
            act = h[:INTER] / (1 + np.exp(-h[:INTER])) * h[INTER:]
            want[t] += w * (w2[e].astype(np.float64) @ act)
    chosen = np.bincount(ids.ravel(), minlength=EXPERTS)
    worst = np.abs(out - want).max() / np.abs(want).max()
    print(f"{TOKENS} tokens over {EXPERTS} experts on {TARGET}: rows per expert {chosen.tolist()}")
    print(f"largest difference from numpy, relative to the largest output: {worst:.1e}")
    assert worst < 1e-2  # the kernels round the first product and the activation to float16
    print("ok")


if __name__ == "__main__":
    main()
