//===- gemm_plan.h - The GEMM's tile table ---------------------------*- C++ -*-===//
//
// How the library's GEMM tiles a problem on an arch: the matrix-core atom and how atoms lie
// over the block's threads, the block tile (BM x BN, BK deep), how operands reach shared
// memory (cp.async straight from global memory, or through registers) and how wide each
// copy is. docs/kernels.md holds the table.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_GEMM_PLAN_H
#define FLYDSL_KERNELS_GEMM_PLAN_H

#include "flydsl/flydsl.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fly::kernels {

/// The choices of a plan that tuning varies (fly_gemm_tile_t): the block tile BM x BN, BK deep,
/// in `stages` shared buffers, warpsM x warpsN atoms (warps, waves or warpgroups) over it, and
/// K split over splitK blocks (0: the plan's choice).
struct GemmTile {
  int64_t bm = 0, bn = 0, bk = 0;
  int stages = 0, warpsM = 0, warpsN = 0, splitK = 0;
  /// BMxBNxBKxSTAGESxWMxWN, as FLYDSL_GEMM_TILE spells it (then /kS where splitK is set).
  std::string text() const;
};

/// One operand (A as (M, K), B as (N, K)) as the kernel stages it.
struct GemmOperand {
  bool kMajor = true; // K is the contiguous dimension (else M or N is)
  int vec = 1;        // elements per global-memory copy call
  int fragVec = 1;    // elements per shared-memory read into an MMA fragment
};

struct GemmPlan {
  fly_mma_family family = FLY_MMA_MFMA;
  int64_t atomM = 16, atomN = 16, atomK = 16;
  int wave = 64;
  int elemBytes = 2;      // of A and B: 2 (f16, bf16) or 1 (fp8, whose operands are K-major)
  std::string atomLayout; // atoms over warps/waves, (M, N, K) modes
  int warpsM = 2, warpsN = 2; // ... as counts: atomLayout is (warpsM, warpsN, 1)
  int threads = 256;
  int64_t bm = 128, bn = 128, bk = 32;
  bool cpAsync = false; // global -> shared by cp.async (else through registers)
  int stages = 2;       // shared buffers of each operand
  bool mmaInFlight = false; // wgmma: each K step's atoms overlap the next step (stages >= 3)
  bool tma = false;         // wgmma: one thread copies each K tile with bulk tensor copies (TMA)
  /// TMA: a producer warpgroup of its own issues the copies while the `threads` of the tiled
  /// MMA multiply, each side waiting only on the other's mbarriers (warp specialisation); the
  /// grid is then persistent, a block per processor walking the tiles, so that the next
  /// tile's copies overlap this one's epilogue.
  bool warpSpecialized = false;
  int blockThreads() const { return threads + (warpSpecialized ? 128 : 0); }
  /// Warp-specialised, 16-bit D: each consumer warpgroup writes its 64 x BN share of the tile
  /// into one shared buffer (the warpgroups taking turns) that TMA stores 64 x 64 at a time,
  /// so the stores drain while the next tile multiplies.
  bool tmaStore = false;
  int64_t epilogueBytes() const { return tmaStore ? 64 * bn * 2 : 0; }
  int groupM = 1; // blocks run in groups of groupM block rows, column after column (L2 reuse)
  /// sm_90+: the kernel waits on its grid dependency before touching memory, so that it is
  /// launched to overlap the stream's previous kernel (programmatic dependent launch).
  bool dependentLaunch = false;
  /// The buffers' bytes; where they and up to 1 KiB of mbarriers and alignment would pass the
  /// 48 KiB of static shared memory they are dynamic.
  int64_t sharedBytes() const {
    return int64_t(stages) * (bm + bn) * bk * elemBytes + epilogueBytes();
  }
  bool dynamicShared() const { return sharedBytes() + 1024 > 48 * 1024; }
  bool nvidia() const { return family == FLY_MMA_SYNC || family == FLY_MMA_WGMMA; }
  GemmOperand a, b;
  int outVec = 1; // elements of D per store: a pair of columns where the atom holds them so
  /// Split-K: blocks (grid z) each multiply a share of K's tiles, whole rounds of `stages`
  /// tiles, into f32 partial sums in a workspace of (splitK, M, N); a second kernel
  /// (buildSplitKSum) adds them up, scales them and writes D. 1: one block a tile, no workspace.
  int splitK = 1;
  /// Key text of everything above, for the kernel cache.
  std::string key() const;
  /// The tile this plan chose (its split-K resolved).
  GemmTile tile() const { return {bm, bn, bk, stages, warpsM, warpsN, splitK}; }
};

/// The plan for an M x N x K problem with A/B of `ab` (f16, bf16 or an fp8 kind) on `arch` (the
/// target's arch; on cpu the arch it emulates). fp8 operands must both be K-major (Hopper's
/// fp8 wgmma reads no other). a.vec / b.vec: the widest copies the operands' alignment allows along
/// their contiguous dimension; outVec: the widest stores (of outBytes-byte elements) D's alignment
/// and N allow. Throws flydsl::Error (FLY_ERROR_UNSUPPORTED) for an arch without a matrix-core
/// path. `tile` (else FLYDSL_GEMM_TILE, else the table) sets the block tile; one that the arch's
/// atoms, copies or shared memory cannot take is FLY_ERROR_INVALID_ARGUMENT.
GemmPlan planGemm(const std::string &target, const std::string &arch, int64_t m, int64_t n,
                  int64_t k, fly_dtype ab, GemmOperand a, GemmOperand b, int outVec, int outBytes,
                  const GemmTile *tile = nullptr);

/// The tiles worth timing for this problem (the autotuner's configs): the table's own first,
/// then the arch family's other tiles that plan, each giving a different kernel.
std::vector<GemmTile> gemmTiles(const std::string &target, const std::string &arch, int64_t m,
                                int64_t n, int64_t k, fly_dtype ab, GemmOperand a, GemmOperand b,
                                int outVec, int outBytes);

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_GEMM_PLAN_H
