"""A block GEMM on Hopper's warpgroup MMA (wgmma): C (f32) = A (M x K) * B (N x K)^T, both
inputs row-major f16. One warpgroup of 128 threads computes a 64 x BN tile of C with the atom
wgmma m64nBNk16, which reads A and B straight from shared memory through descriptors: the
tiles must be in one of the layouts the hardware knows. Here each is K-major with rows of 64
f16 (128 bytes) under the 128-byte swizzle, Swizzle<3,3,3> on f16 offsets, aligned to 1024
bytes; fx.gemm derives each descriptor from the partition's layout and refuses any other.

Per BK step the block copies its tiles into shared memory, orders those writes before the
tensor cores' reads (fx.nvgpu.fence_proxy_async, then a barrier), and fx.gemm issues BK / 16
atoms and waits for them. On an NVIDIA GPU (sm_90) this is the instruction itself; the cpu
target runs it as the sm_90 it then emulates, decoding the same descriptors.
Run: PYTHONPATH=bindings/python python3 examples/04_wgmma.py
"""

import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import ON_GPU, TARGET, array, host

if not ON_GPU:
    os.environ.setdefault("ARCH", "sm_90")  # the arch the cpu target emulates

BM, BN, BK = 64, 128, 64
ATOM = fx.make_mma_atom(fx.nvgpu.Wgmma(64, BN, 16, fx.Float16))
TILED_MMA = fx.make_tiled_mma(ATOM, fx.make_layout((1, 1, 1)))
# K-major rows of BK f16 = 128 bytes, 16-byte chunks XORed by the row's low three bits.
SW128 = fx.Swizzle(3, 3, 3)


@flyc.kernel
def wgmma_gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, k_tiles: fx.Constexpr[int]):
    tid, bm, bn = fx.thread_idx.x, fx.block_idx.x, fx.block_idx.y
    threads = TILED_MMA.size
    vec = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float16)
    # Eight consecutive f16 (16 bytes) a copy; BK / 8 threads a row.
    loader = fx.make_tiled_copy_tv(
        vec,
        fx.make_layout((threads // (BK // 8), BK // 8), (BK // 8, 1)),
        fx.make_layout((1, 8)),
    )
    copier = loader.get_slice(tid)
    smem = fx.SharedAllocator()
    sA = smem.allocate_tensor(
        fx.Float16, fx.make_composed_layout(SW128, 0, fx.make_layout((BM, BK), (BK, 1))), 1024
    )
    sB = smem.allocate_tensor(
        fx.Float16, fx.make_composed_layout(SW128, 0, fx.make_layout((BN, BK), (BK, 1))), 1024
    )

    thr = TILED_MMA.thr_slice(tid)
    gC = fx.local_tile(C, (BM, BN), (bm, bn))
    rC = thr.make_fragment_C(thr.partition_C(gC))
    rC.fill(0.0)
    for kt in fx.range_constexpr(k_tiles):
        fx.copy(vec, copier.partition_S(fx.local_tile(A, (BM, BK), (bm, kt))),
                copier.partition_D(sA))  # fmt: skip
        fx.copy(vec, copier.partition_S(fx.local_tile(B, (BN, BK), (bn, kt))),
                copier.partition_D(sB))  # fmt: skip
        fx.nvgpu.fence_proxy_async()  # these writes come before the tensor cores' reads
        fx.gpu.barrier()
        fx.gemm(ATOM, rC, thr.partition_A(sA), thr.partition_B(sB), rC)
        fx.gpu.barrier()  # every atom has read the tiles before the next ones land
    out = fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32)
    store_c = fx.make_tiled_copy_C(out, TILED_MMA).get_slice(tid)
    fx.copy(out, store_c.retile_S(rC), store_c.partition_D(gC))


def main():
    rng = np.random.default_rng(5)
    for m, n, k in ((64, BN, BK), (128, 2 * BN, 3 * BK)):
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((n, k)).astype(np.float16)
        c = array(np.zeros((m, n), np.float32))
        tensors = [flyc.from_dlpack(t) for t in (array(a), array(b), c)]
        wgmma_gemm(*tensors, k // BK).launch(grid=(m // BM, n // BN), block=(TILED_MMA.size,))
        want = a.astype(np.float64) @ b.astype(np.float64).T
        err = np.abs(host(c) - want).max()
        assert err < 1e-2, f"wgmma_gemm {m}x{n}x{k}: max error {err}"
        print(f"{ATOM.op!r}, {m}x{n}x{k} on {TARGET}: max error vs numpy {err:.1e}")
    print("ok")


if __name__ == "__main__":
    main()
