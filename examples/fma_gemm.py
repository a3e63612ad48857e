"""A GEMM written with a tiled MMA, as CuTe's first GEMM tutorial builds it: C = A * B^T with
A (M x K) and B (N x K) row-major. Each block computes a 32 x 32 tile of C; a tiled MMA of
UniversalFMA atoms lays 16 x 16 threads over it (thr_slice(tid).partition_A/B/C), each thread
copies its parts of A and B for one K tile into register fragments and fx.gemm multiplies them
into its C fragment, which is written back at the end. Matrix-core atoms (MFMA, mma.sync) run
through the same calls once fx.gemm lowers them; today it runs UniversalFMA atoms.
Run: PYTHONPATH=bindings/python python3 examples/fma_gemm.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

BM, BN, BK = 32, 32, 8
TILED_MMA = fx.make_tiled_mma(
    fx.make_mma_atom(fx.UniversalFMA(fx.Float32)), fx.make_layout((16, 16, 1), (1, 16, 0))
)


@flyc.kernel
def fma_gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
    tid, bm, bn = fx.thread_idx.x, fx.block_idx.x, fx.block_idx.y
    atom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    thr = TILED_MMA.thr_slice(tid)
    tCgC = thr.partition_C(fx.local_tile(C, (BM, BN), (bm, bn)))
    rC = thr.make_fragment_C(tCgC)
    rC.fill(0.0)
    for kt in fx.range_constexpr(k_tiles):
        tAgA = thr.partition_A(fx.local_tile(A, (BM, BK), (bm, kt)))
        tBgB = thr.partition_B(fx.local_tile(B, (BN, BK), (bn, kt)))
        rA, rB = thr.make_fragment_A(tAgA), thr.make_fragment_B(tBgB)
        fx.copy(atom, tAgA, rA)
        fx.copy(atom, tBgB, rB)
        fx.gemm(TILED_MMA, rC, rA, rB, rC)
    fx.copy(atom, rC, tCgC)


def main():
    rng = np.random.default_rng(7)
    for m, n, k in ((32, 32, 8), (64, 96, 24), (128, 64, 64)):
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((n, k)).astype(np.float32)
        c = array(np.zeros((m, n), np.float32))
        tensors = [flyc.from_dlpack(t) for t in (array(a), array(b), c)]
        fma_gemm(*tensors, k // BK).launch(grid=(m // BM, n // BN), block=(TILED_MMA.size,))
        err = np.abs(host(c) - a @ b.T).max()
        assert err < 1e-4, f"fma_gemm {m}x{n}x{k}: max error {err}"
        print(f"fma_gemm {m}x{n}x{k} on {TARGET}: max error vs numpy {err:.1e}")
    print("ok")


if __name__ == "__main__":
    main()
