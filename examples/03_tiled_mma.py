"""A block GEMM on matrix-core atoms, after the kernel-development tutorial's 03-tiledMma:
C (f32) = A (M x K) * B (N x K)^T, both inputs row-major. A tiled MMA lays four atoms 2 x 2
over the block's waves (make_tiled_mma(atom, make_layout((2,2,1),(1,2,0)))) and each block
computes a 64 x 64 tile of C. Per K step the block copies its A and B tiles into shared memory
with a tiled copy; after a barrier each thread loads its fragments of them
(thr_slice(tid).partition_A/B, make_fragment_A/B, load_A/B: ldmatrix for mma.sync, plain
loads for MFMA) and fx.gemm(atom, ...) accumulates into its register fragment of C, which is
written back at the end through make_tiled_copy_C.

The atom is MFMA 16x16x4 f32 (K step 8) on AMD GPUs and on the cpu target, which runs it lane
by lane as the gfx942 it emulates; on an NVIDIA GPU it is mma.sync 16x8x16 f16 (K step 16).
The tests also compile the MFMA kernel for gfx942 and gfx950 and read the instructions back.
Run: PYTHONPATH=bindings/python python3 examples/03_tiled_mma.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import ON_GPU, TARGET, array, host

BM = BN = 64
if ON_GPU:
    ATOM = fx.make_mma_atom(fx.nvgpu.MmaSync(16, 8, 16, fx.Float16))
    DTYPE, NP_DTYPE, BK = fx.Float16, np.float16, 16
else:
    ATOM = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
    DTYPE, NP_DTYPE, BK = fx.Float32, np.float32, 8
TILED_MMA = fx.make_tiled_mma(ATOM, fx.make_layout((2, 2, 1), (1, 2, 0)))


@flyc.kernel
def tiled_mma_gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
    tid, bm, bn = fx.thread_idx.x, fx.block_idx.x, fx.block_idx.y
    threads = TILED_MMA.size
    elem = fx.make_copy_atom(fx.UniversalCopy32b() if DTYPE == fx.Float32 else
                             fx.UniversalCopy16b(), DTYPE)  # fmt: skip
    # The block's threads cover a 64 x BK tile: a column of 64 rows each, BK // (threads // 64)
    # consecutive K values a thread.
    per_thread = BK * BM // threads
    rows = fx.make_tiled_copy_tv(
        elem, fx.make_layout((BM, threads // BM), (1, BM)), fx.make_layout((1, per_thread))
    )
    copier = rows.get_slice(tid)
    smem = fx.SharedAllocator()
    sA = smem.allocate_tensor(DTYPE, fx.make_layout((BM, BK), (BK, 1)))
    sB = smem.allocate_tensor(DTYPE, fx.make_layout((BN, BK), (BK, 1)))

    thr = TILED_MMA.thr_slice(tid)
    gC = fx.local_tile(C, (BM, BN), (bm, bn))
    rC = thr.make_fragment_C(thr.partition_C(gC))
    rC.fill(0.0)
    for kt in fx.range_constexpr(k_tiles):
        fx.copy(elem, copier.partition_S(fx.local_tile(A, (BM, BK), (bm, kt))),
                copier.partition_D(sA))  # fmt: skip
        fx.copy(elem, copier.partition_S(fx.local_tile(B, (BN, BK), (bn, kt))),
                copier.partition_D(sB))  # fmt: skip
        fx.gpu.barrier()
        rA = thr.make_fragment_A(thr.partition_A(sA))
        rB = thr.make_fragment_B(thr.partition_B(sB))
        thr.load_A(sA, rA)  # ldmatrix where the atom is mma.sync's
        thr.load_B(sB, rB)
        fx.gemm(ATOM, rC, rA, rB, rC)
        fx.gpu.barrier()  # every thread has its fragments before the next tiles land
    # The epilogue: a tiled copy with the accumulator's threads and values (CuTe's
    # make_tiled_copy_C) moves each thread's fragment, seen through retile_S, to its place in C.
    out = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    store_c = fx.make_tiled_copy_C(out, TILED_MMA).get_slice(tid)
    fx.copy(out, store_c.retile_S(rC), store_c.partition_D(gC))


def operands(m, n, k, seed=3):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(NP_DTYPE)
    b = rng.standard_normal((n, k)).astype(NP_DTYPE)
    return a, b


def main():
    for m, n, k in ((64, 64, 2 * BK), (128, 192, 4 * BK)):
        a, b = operands(m, n, k)
        c = array(np.zeros((m, n), np.float32))
        tensors = [flyc.from_dlpack(t) for t in (array(a), array(b), c)]
        tiled_mma_gemm(*tensors, k // BK).launch(grid=(m // BM, n // BN),
                                                 block=(TILED_MMA.size,))  # fmt: skip
        want = a.astype(np.float64) @ b.astype(np.float64).T
        err = np.abs(host(c) - want).max()
        assert err < 1e-3, f"tiled_mma_gemm {m}x{n}x{k}: max error {err}"
        print(f"{ATOM.op!r} tiled 2x2, {m}x{n}x{k} on {TARGET}: max error vs numpy {err:.1e}")
    print("ok")


if __name__ == "__main__":
    main()
