//===- plan.h - Block sizes and vector widths of the library's kernels -*- C++ -*-===//
//
// The documented table (docs/kernels.md) from which each kernel takes its shape: how many
// threads a block has, how wide each copy call is, how many calls a thread makes per pass and
// whether a row stays in registers or is streamed in chunks.
//
//===----------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_PLAN_H
#define FLYDSL_KERNELS_PLAN_H

#include <cstdint>

namespace fly::kernels {

/// One row per block; a row is `chunks` chunks of threads * vec * calls elements.
struct RowPlan {
  int64_t cols = 0; // the row length
  int vec = 1;      // elements per copy call
  int threads = 64; // the block
  int calls = 1;    // copy calls per thread per chunk
  int64_t chunks = 1;
  int64_t chunkElements() const { return int64_t(threads) * vec * calls; }
};

/// The widest vector (at most 16 bytes) that divides `cols` and whose byte size divides every
/// address and row stride in `alignBytes` (their common power-of-two alignment).
int vectorWidth(int64_t cols, int elemBytes, int64_t alignBytes);

RowPlan planRow(int64_t cols, int vec);

/// Elementwise: each block covers threads * vec * calls elements.
struct FlatPlan {
  int vec = 1;
  int threads = 256;
  int calls = 4;
  int64_t tileElements() const { return int64_t(threads) * vec * calls; }
};
FlatPlan planFlat(int vec);

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_PLAN_H
