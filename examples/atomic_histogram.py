"""A histogram by atomic copies: every thread counts its values into a register fragment of
ones and bins, then an atomic copy atom (FlyDSL's UniversalAtomicAdd) adds each one into the
shared histogram in global memory, where many threads of many blocks meet. The sync scope
(here the device, fx.rocdl.SyncScope.Agent) says who must see the adds in order; targets
without such scopes use the whole system's.
Run: PYTHONPATH=bindings/python python3 examples/atomic_histogram.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import array, host

BINS = 16


@flyc.kernel
def histogram(values: fx.Tensor, counts: fx.Tensor, n: fx.Int32):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    if i < n:
        one = fx.make_rmem_tensor(1, fx.Int32)
        one[0] = 1
        add = fx.make_copy_atom(
            fx.UniversalAtomicAdd(fx.Int32, syncscope=fx.rocdl.SyncScope.Agent), fx.Int32
        )
        # The bin of this value: a one-element view of counts, where the 1 is added.
        bin_ = fx.slice(fx.zipped_divide(counts, (1,)), (None, values[i] % BINS))
        fx.copy(add, one, bin_)


def main():
    n = 3000
    values = np.random.default_rng(5).integers(0, 1000, n).astype(np.int32)
    counts = array(np.zeros(BINS, np.int32))
    histogram(array(values), counts, n).launch(grid=((n + 127) // 128,), block=(128,))
    expected = np.bincount(values % BINS, minlength=BINS)
    np.testing.assert_array_equal(host(counts), expected)
    print(f"histogram of {n} values in {BINS} bins by atomic adds: {host(counts)[:4]}...: ok")


if __name__ == "__main__":
    main()
