//===- mma.h - The layout side of MMA atoms and tiled MMAs -------*- C++ -*-===//
//
// A matrix-multiply atom is one instruction's shape (M, N, K) and, for each operand, which
// element of the A (M x K), B (N x K) and C (M x N) tiles each lane holds: thread-value
// layouts (thread, value) -> column-major index into the tile, as CuTe's MMA_Traits give them
// and as the vendors' ISA documents define each instruction's registers. A tiled MMA lays
// atoms over threads (and permutes M, N, K); thrfrg_A/B/C and the partitions follow CuTe's
// TiledMMA exactly, so kernels partition A, B and C as CuTe would.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_MMA_H
#define FLYDSL_LAYOUT_MMA_H

#include "layout/layout.h"

#include <array>
#include <string>
#include <vector>

namespace fly::layout {

struct MmaAtom {
  std::string name; // the instruction, e.g. "v_mfma_f32_16x16x16_f16"
  std::string abType = "f32"; // the A and B element type: f32, f16, bf16, fp8, i8
  int64_t m = 1, n = 1, k = 1;
  Layout thrID = makeLayout(IntTuple(1));   // logical thread -> lane
  Layout layoutA = makeLayout(IntTuple(1)); // (thr, val) -> m + M * k
  Layout layoutB = makeLayout(IntTuple(1)); // (thr, val) -> n + N * k
  Layout layoutC = makeLayout(IntTuple(1)); // (thr, val) -> m + M * n
  // Scaled atoms (CDNA4's v_mfma_scale_*): B's format where it differs from A's, the K values
  // one scale covers, and which lane gives the scale of each row (A) or column (B) and block
  // of K: (thr, val) -> m + M * (k / scaleBlock) over the (M, K / scaleBlock) tile.
  std::string bType;
  int64_t scaleBlock = 0;
  Layout layoutSFA = makeLayout(IntTuple(1));
  Layout layoutSFB = makeLayout(IntTuple(1));
  // Integer atoms: whether A and B are read as signed and whether D saturates at the i32 range
  // rather than wrapping. MFMA's i8 is signed and wraps; RDNA3's iu8 WMMA takes all three as
  // controls of the instruction.
  bool signedA = true, signedB = true, clamp = false;
};

// The families in the C API's order (fly_mma_family): RDNA3's WMMA is FLY_MMA_WMMA_GFX11;
// gfx1250's WMMA, which the kernel builder has no target for, only the Fly dialect's atoms use.
enum class MmaFamily { UniversalFMA, Mfma, Wmma, MmaSync, Wgmma, WmmaGfx11, WmmaGfx1250 };

/// The atom of `family` for the shape and the A/B element type ("f32", "f16", "bf16", "fp8",
/// "i8", and "i4" for RDNA3's and gfx1250's WMMA), or a LayoutError (Unsupported) naming the shapes
/// that family has for that type. `wave` is the lanes of a wave (64 on gfx9, 32 on gfx11 and
/// gfx12); MFMA needs 64, WMMA 32.
/// Wgmma atoms are Hopper's warpgroup MMA, m64nNk16 (N = 8..256 in steps of 8) for f16 and
/// bf16, m64nNk32 for fp8 (named `...k32.f32.fp8`; the operands' type says e4m3 or e5m2, and
/// both must be K-major), with A and B read from shared memory: every one of the 128 threads sees
/// the whole A and B tile (thread stride 0), as CuTe's SS GMMA atoms.
MmaAtom mmaAtom(MmaFamily family, int64_t m, int64_t n, int64_t k, const std::string &abType,
                int wave = 64);

/// The element type of an atom's C and D: its A/B type for a 1x1x1 UniversalFMA, "i32" for
/// integer inputs, "f32" for every other matrix instruction.
std::string accumulatorType(const MmaAtom &atom);

/// FlyDSL's orders of a gemm's atom calls over its M x N x K blocks: the letters name the loops
/// innermost first; the serpentine ones run each inner loop backwards on every other pass of
/// the loop around it.
enum class GemmOrder {
  Kmn,
  Knm,
  Mkn,
  Mnk,
  Nkm,
  Nmk,
  KmnSerpentine,
  KnmSerpentine,
  MknSerpentine,
  MnkSerpentine,
  NkmSerpentine,
  NmkSerpentine
};
/// The (m, n, k) of each atom call in `order`.
std::vector<std::array<int64_t, 3>> gemmTraversal(int64_t M, int64_t N, int64_t K, GemmOrder order);
/// The (m, n, k) of each atom call as a static `traversal` layout gives them: its i-th value is
/// m + M * n + M * N * k. It must visit every block once (a LayoutError otherwise).
std::vector<std::array<int64_t, 3>> gemmTraversal(int64_t M, int64_t N, int64_t K,
                                                  const Layout &traversal);

/// CDNA4's block-scaled MFMA, 16x16x128 or 32x32x64, for A and B in the formats "e4m3",
/// "e5m2" (fp8), "e2m3", "e3m2" (fp6) or "e2m1" (fp4), one E8M0 scale per 32 K values of each
/// row of A and column of B. An 8-bit operand's lane holds two runs of 16 K values, half the
/// atom's K apart; a 6- or 4-bit operand's lane holds 32 consecutive ones.
MmaAtom scaledMfmaAtom(int64_t m, int64_t n, int64_t k, const std::string &aFormat,
                       const std::string &bFormat);

/// gfx1250's block-scaled WMMA (V_WMMA_SCALE): 16x16x128 with A and B each in a format named as
/// scaledMfmaAtom's, their lanes as gfx1250's WMMA on 128 K values, or 32x16x128 on "e2m1",
/// where each of the 32 lanes holds all K values of one row of A. One E8M0 scale covers
/// `blockSize` (16 or 32) K values; which lane gives which scale is not modelled (SFA, SFB).
MmaAtom scaledWmmaGfx1250Atom(int64_t m, const std::string &aFormat, const std::string &bFormat,
                              int64_t blockSize);

struct TiledMma {
  MmaAtom atom;
  Layout thrLayoutVMNK = makeLayout(IntTuple(1)); // (ThrV, ThrM, ThrN, ThrK) -> thread
  std::vector<Tiler> permutation;                 // M, N, K; `_` where none
};

/// CuTe's make_tiled_mma(atom, atom_layout_mnk, permutation_mnk): atomLayout is rank 1..3
/// (missing modes are 1); permutation is `_` or a tuple of up to three tilers.
TiledMma makeTiledMma(const MmaAtom &atom, const Layout &atomLayout,
                      const Tiler &permutation = Tiler::underscore());

int64_t tiledMmaThreads(const TiledMma &t);
/// The tile a tiled MMA covers in M, N or K (mode 0, 1, 2).
int64_t tileSizeMnk(const TiledMma &t, int mode);

/// CuTe's thrfrg_A / _B / _C: an (M,K) / (N,K) / (M,N) layout as
/// ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...))) and the like.
Layout thrfrgA(const TiledMma &t, const Layout &a);
Layout thrfrgB(const TiledMma &t, const Layout &b);
Layout thrfrgC(const TiledMma &t, const Layout &c);

/// SFA and SFB are the scales of a scaled atom's A and B: (M, K / 32) and (N, K / 32) tiles.
enum class MmaOperand { A, B, C, SFA, SFB };

/// The operand's thrfrg with its thread mode indexed by thread index:
/// (thread, (FrgV, (RestX, RestY, ...))) -> offset in x.
Layout threadFragmentsMma(const TiledMma &t, MmaOperand operand, const Layout &x);

/// CuTe's get_layoutA_TV / B / C: (thread index, value) -> index in the tiled MMA's tile.
Layout layoutTV(const TiledMma &t, MmaOperand operand);

/// Thread `thr`'s (FrgV, RestX, RestY, ...) of threadFragmentsMma's result; `thr` may be a
/// value known only in a kernel.
Layout partitionByThread(const Layout &fragments, const IntTuple &thr);

/// CuTe's ThrMMA::partition_A / _B / _C of a host layout for thread `thr`.
Layout partition(const TiledMma &t, MmaOperand operand, const Layout &x, int64_t thr);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_MMA_H
