"""The prefill step of a serving engine: three prompts of different lengths, packed one after
another as FlashAttention's varlen call takes them (cu_seqlens: where each starts), attend
causally to themselves with 8 query heads sharing 2 KV heads (head_dim 128, float16). The third
prompt continues a conversation: its 20 new tokens attend to 100 keys, the 80 cached ones
first, so each new token sees the whole history and the new tokens before it. One call of
fk.attention computes all three and each query's log-sum-exp; numpy checks them in float64.
Run: PYTHONPATH=bindings/python python3 examples/attention_prefill.py
"""

import flydsl.kernels as fk
import numpy as np
from device import TARGET, array, host

HEADS, KV_HEADS, HEAD_DIM = 8, 2, 128


def main():
    rng = np.random.default_rng(3)
    new_tokens, keys = [90, 7, 20], [90, 7, 100]  # queries and keys of each prompt
    cu_q = np.concatenate([[0], np.cumsum(new_tokens)]).astype(np.int32)
    cu_k = np.concatenate([[0], np.cumsum(keys)]).astype(np.int32)
    q = rng.standard_normal((cu_q[-1], HEADS, HEAD_DIM)).astype(np.float16)
    k = rng.standard_normal((cu_k[-1], KV_HEADS, HEAD_DIM)).astype(np.float16)
    v = rng.standard_normal((cu_k[-1], KV_HEADS, HEAD_DIM)).astype(np.float16)

    out, lse = fk.attention(array(q), array(k), array(v), array(cu_q), array(cu_k),
                            max(new_tokens), causal=True, return_lse=True)  # fmt: skip
    out, lse = host(out).astype(np.float64), host(lse)

    worst, worst_lse = 0.0, 0.0
    for b, (n, m) in enumerate(zip(new_tokens, keys)):
        for h in range(HEADS):
            kv = h // (HEADS // KV_HEADS)
            s = (q[cu_q[b] : cu_q[b + 1], h].astype(np.float64)
                 @ k[cu_k[b] : cu_k[b + 1], kv].astype(np.float64).T) / np.sqrt(HEAD_DIM)  # fmt: skip
            # new token i is token m - n + i of the conversation: it sees keys 0 .. m - n + i
            s[np.arange(m)[None, :] > np.arange(n)[:, None] + (m - n)] = -np.inf
            top = s.max(axis=1, keepdims=True)
            p = np.exp(s - top)
            want = p @ v[cu_k[b] : cu_k[b + 1], kv].astype(np.float64) / p.sum(1, keepdims=True)
            worst = max(worst, np.abs(out[cu_q[b] : cu_q[b + 1], h] - want).max())
            want_lse = np.log(p.sum(1)) + top[:, 0]
            worst_lse = max(worst_lse, np.abs(lse[h, cu_q[b] : cu_q[b + 1]] - want_lse).max())
    print(f"prefill of 3 prompts ({', '.join(f'{n} new of {m}' for n, m in zip(new_tokens, keys))}"
          f" tokens) on {TARGET}: max error {worst:.1e}, log-sum-exp {worst_lse:.1e}")  # fmt: skip
    assert worst < 4e-3 and worst_lse < 1e-3
    print("ok")


if __name__ == "__main__":
    main()
