"""gemm over the operand ranks CuTe's dispatch takes: (V,M,K) x (V,N,K), one K-block at a time as
(V,M) x (V,N) (FlyDSL's gfx950 GEMM slices its fragments so), and a whole accumulator fragment
of more than 64 values loaded as one vector."""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from flydsl.expr import rocdl

M, N, K = 64, 128, 32  # one wave of 16x16x16 MFMAs: rests (4, 8, 2), 128 accumulators a lane


def _kernel(by_k_block):
    tiled = fx.make_tiled_mma(fx.make_mma_atom(rocdl.MFMA(16, 16, 16, fx.Float16)))

    @flyc.kernel
    def tile_gemm(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
        tid = fx.thread_idx.x
        thr = tiled.thr_slice(tid)
        rA = thr.make_fragment_A(thr.partition_A(A))
        rB = thr.make_fragment_B(thr.partition_B(B))
        rC = thr.make_fragment_C(thr.partition_C(C))
        fx.copy(fx.make_copy_atom(fx.UniversalCopy16b(), fx.Float16), thr.partition_A(A), rA)
        fx.copy(fx.make_copy_atom(fx.UniversalCopy16b(), fx.Float16), thr.partition_B(B), rB)
        rC.fill(0.0)
        if fx.const_expr(by_k_block):
            for kk in fx.range_constexpr(K // 16):
                fx.gemm(tiled, rC, rA[None, None, kk], rB[None, None, kk], rC)
        else:
            fx.gemm(tiled, rC, rA, rB, rC)
        rC.store(rC.load() * 2.0)  # all 128 values as one vector
        fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), rC, thr.partition_C(C))

    return tile_gemm


@pytest.mark.parametrize("by_k_block", [False, True])
def test_gemm_by_k_block_matches_the_whole_k(by_k_block):
    rng = np.random.default_rng(11)
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((N, K)).astype(np.float16)
    c = np.zeros((M, N), np.float32)
    kernel = _kernel(by_k_block)
    kernel(*(flyc.from_dlpack(t) for t in (a, b, c))).launch(grid=(1,), block=(64,))
    want = 2 * (a.astype(np.float64) @ b.astype(np.float64).T)
    np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)


def test_a_vector_past_1024_lanes_is_refused():
    tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.UniversalFMA(fx.Float32)))

    @flyc.kernel
    def too_many(C: fx.Tensor):
        thr = tiled.thr_slice(fx.thread_idx.x)
        rC = thr.make_fragment_C(thr.partition_C(C))
        rC.fill(0.0)
        C[0] = rC.load()[0]

    c = np.zeros((1025, 1), np.float32)
    with pytest.raises(Exception, match="1025 elements: a vector has at most 1024 lanes"):
        too_many.compile(flyc.from_dlpack(c))
