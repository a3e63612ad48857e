//===- copy.h - The layout side of copy atoms and tiled copies --*- C++ -*-===//
//
// What a tiled copy does to layouts, independent of where it runs: which
// elements thread t moves (CuTe's tidfrg and partition) and how a copy of a
// tensor splits into atom calls. The kernel builder and the Fly dialect's
// types and passes both call these, so both agree on every partition.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_COPY_H
#define FLYDSL_LAYOUT_COPY_H

#include "layout/layout.h"

namespace fly::layout {

/// The size of a layout when it is static, -1 when a leaf is known only at run time.
int64_t staticSize(const Layout &l);

/// Whether an atom of `bits` can move elements of `elementBits` (8..128 bits, a multiple of the
/// element; at least 32 when `atLeast32`, as buffer, LDS and cp.async atoms are).
bool copyAtomWidthOk(int bits, int elementBits, bool atLeast32);

/// Checks a tiled copy's thread-value layout: static, two modes, and a multiple of the atom's
/// `atomValues` values per thread.
void checkThreadValueLayout(const Layout &tv, int64_t atomValues);

/// CuTe's tile2thrfrg for a tensor layout `x`: tiled by `tile`, split into atom calls of
/// `atomValues`, and read through the thread-value layout: (thr, vals, rest) -> offset in x.
Layout threadFragments(const Layout &x, const Layout &tv, const Tiler &tile, int64_t atomValues);

/// The coordinate that selects thread `thr` of threadFragments' result.
IntTuple threadCoordinate(const IntTuple &thr);

/// The layout of thread `thr`'s part, (vals, rest...): the rest mode's modes become modes of
/// their own, as CuTe's repeat<R>(_) spreads them.
Layout threadPartition(const Layout &fragments, const IntTuple &thr);

/// CuTe's TiledCopy::retile: a thread's static `fragment` (values first, as another partition
/// made it) seen as this tiled copy's (atom values, rest values), rest... so the tiled copy's
/// atoms can move it. The first size<0>(fragment) values are taken as the first values of
/// the thread-value layout `tv`, as in CuTe; `tile` must be a tuple of integers.
Layout retile(const Layout &fragment, const Layout &tv, const Tiler &tile, int64_t atomValues);

/// A copy of a static-size tensor by atoms of `values` elements.
struct CopyPlan {
  int64_t calls = 0;
  Layout byCall = makeLayout(IntTuple(1)); // (value, call) -> offset
  /// Whether each call's values are consecutive in memory (stride 1).
  bool contiguous = false;
};
CopyPlan planCopy(const Layout &l, int64_t values);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_COPY_H
