//===- row_tiles.h - A thread's share of a row, and block reductions -*- C++ -*-===//
//
// The pieces every kernel of the library is made of: a rank-1 tensor (a row, or a flat
// tensor) cut into chunks (zipped_divide), each chunk spread over the block by a tiled copy
// of vector atoms, with one predicate per copy call from a coordinate tensor partitioned the
// same way; loads widen to f32 and stores narrow back. Reductions combine a value over the
// block: butterfly shuffles within groups of 32 lanes (a wave on NVIDIA and gfx12, half of
// one on gfx9), then the groups' results through shared memory.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_ROW_TILES_H
#define FLYDSL_KERNELS_ROW_TILES_H

#include "flydsl/flydsl.hpp"

#include <map>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

class RowTiles {
public:
  /// Chunks of threads * vec * calls elements of rank-1 tensors whose extent is the tuple
  /// `extent` ("(n)", static or dynamic).
  RowTiles(Kernel &k, int threads, int vec, int calls, Value extent);

  /// One i1 per copy call of chunk `chunk`: does the call lie inside the extent.
  Value predicates(Value chunk);
  /// This thread's values of chunk `chunk` of `row` as f32 (a vector of lanes() lanes, or a
  /// scalar), `fill` where a call lies outside.
  Value load(Value row, Value chunk, Value preds, double fill);
  void store(Value row, Value chunk, Value preds, Value values);
  /// Whether lane `lane` of a loaded value lies inside (its call's predicate).
  Value laneInside(Value preds, int lane);
  int lanes() const { return vec_ * calls_; }

private:
  Value part(Value row, Value chunk, bool source);
  Value tiledCopy(fly_dtype dtype);

  Kernel &k_;
  int threads_, vec_, calls_;
  Value extent_, tid_;
  std::map<int, std::pair<Value, Value>> copies_; // dtype -> (atom, tiled copy)
};

/// The lanes of a vector (or a scalar) combined by `op` (FLY_ADD, FLY_MAX, ...).
Value reduceLanes(Kernel &k, Value v, fly_binary_op op);
/// `v` combined over the block of `threads` threads (a multiple of 32); every thread gets it.
Value reduceBlock(Kernel &k, Value v, fly_binary_op op, int threads);
/// The lanes of `v` where the call is inside, others replaced by zero.
Value zeroOutside(Kernel &k, RowTiles &tiles, Value preds, Value v);
/// lane(v, i): lane i of a vector, or the scalar itself.
Value lane(Kernel &k, Value v, int i);

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_ROW_TILES_H
