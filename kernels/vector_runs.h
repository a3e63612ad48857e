//===- vector_runs.h - Runs of consecutive elements moved as vectors -*- C++ -*-===//
//
// A rank-1 tensor seen as runs of `lanes` consecutive elements: run i is copied between the
// tensor and registers by one universal copy atom of lanes * element bits (a 64- or 128-bit
// access where the tensor's alignment allows it; a wider run by two 128-bit halves), and read
// as float32 lanes.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_VECTOR_RUNS_H
#define FLYDSL_KERNELS_VECTOR_RUNS_H

#include "flydsl/flydsl.hpp"

#include <map>
#include <utility>

namespace fly::kernels {

class VectorRuns {
public:
  explicit VectorRuns(flydsl::Kernel &k) : k_(k) {}

  /// Run `index` of `lanes` elements of `row` as float32 (a scalar where lanes is 1).
  flydsl::Value load(flydsl::Value row, flydsl::Value index, int lanes);
  /// Writes `values` (float32 lanes, or a scalar) as run `index` of `row`, in its dtype.
  void store(flydsl::Value row, flydsl::Value index, flydsl::Value values);

private:
  flydsl::Value run(flydsl::Value row, flydsl::Value index, int lanes);
  flydsl::Value atom(fly_dtype dtype, int lanes);

  flydsl::Kernel &k_;
  std::map<std::pair<int, int>, flydsl::Value> atoms_;
};

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_VECTOR_RUNS_H
