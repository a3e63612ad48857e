"""Unsigned integers in a kernel: MurmurHash3's 32-bit finalizer over an array of keys, with
fx.Uint32 values, so `>>` shifts in zeros and the products wrap modulo 2**32, then the hash's
top byte as a bucket (an unsigned division) and as a float in [0, 1). Checked against numpy's
uint32 arithmetic.
Run: PYTHONPATH=bindings/python python3 examples/unsigned_hash.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host


@flyc.kernel
def murmur_finalize(keys: fx.Tensor, hashes: fx.Tensor, buckets: fx.Tensor, unit: fx.Tensor,
                    n: fx.Int32, n_buckets: fx.Uint32):  # fmt: skip
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        h = keys[i]
        h = h ^ (h >> 16)
        h = h * fx.Uint32(0x85EBCA6B)
        h = h ^ (h >> 13)
        h = h * fx.Uint32(0xC2B2AE35)
        h = h ^ (h >> 16)
        hashes[i] = h
        buckets[i] = h % n_buckets
        unit[i] = fx.Float32(h >> 8) * fx.Float32(1.0 / (1 << 24))


def reference(keys, n_buckets):
    h = keys.astype(np.uint32)
    h ^= h >> 16
    h *= np.uint32(0x85EBCA6B)
    h ^= h >> 13
    h *= np.uint32(0xC2B2AE35)
    h ^= h >> 16
    return h, h % np.uint32(n_buckets), (h >> 8).astype(np.float32) / (1 << 24)


def main():
    n, n_buckets = 1000, 3_000_000_019  # more buckets than a signed i32 counts
    keys = np.arange(n, dtype=np.uint32) * np.uint32(0x9E3779B9)
    out = [array(np.zeros(n, np.uint32)), array(np.zeros(n, np.uint32)),
           array(np.zeros(n, np.float32))]  # fmt: skip
    murmur_finalize(array(keys), *out, n, n_buckets).launch(grid=((n + 255) // 256,),
                                                            block=(256,))  # fmt: skip
    for got, want in zip(out, reference(keys, n_buckets)):
        np.testing.assert_array_equal(host(got), want)
    print(f"murmur finalizer over {n} uint32 keys on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
