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
};

enum class MmaFamily { UniversalFMA, Mfma, Wmma, MmaSync, Wgmma };

/// The atom of `family` for the shape and the A/B element type ("f32", "f16", "bf16", "fp8",
/// "i8"), or a LayoutError (Unsupported) naming the shapes that family has for that type.
/// `wave` is the lanes of a wave (64 on gfx9, 32 on gfx12); MFMA needs 64, WMMA 32.
/// Wgmma atoms are Hopper's warpgroup MMA, m64nNk16 (N = 8..256 in steps of 8) for f16 and
/// bf16, with A and B read from shared memory: every one of the 128 threads sees the whole
/// A and B tile (thread stride 0), as CuTe's SS GMMA atoms.
MmaAtom mmaAtom(MmaFamily family, int64_t m, int64_t n, int64_t k, const std::string &abType,
                int wave = 64);

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

enum class MmaOperand { A, B, C };

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
