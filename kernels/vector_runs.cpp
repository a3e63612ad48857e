//===- vector_runs.cpp - Runs of consecutive elements moved as vectors ----------===//

#include "kernels/vector_runs.h"

#include <string>
#include <vector>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {
int bitsOf(fly_dtype d) { return d == FLY_F32 || d == FLY_I32 ? 32 : 16; }
/// Lanes 0..n-1 of a run.
std::vector<int64_t> iota(int from, int n) {
  std::vector<int64_t> lanes;
  for (int l = 0; l < n; ++l)
    lanes.push_back(from + l);
  return lanes;
}
} // namespace

Value VectorRuns::run(Value row, Value index, int lanes) {
  Value runs = k_.tiled(FLY_TILER_ZIPPED_DIVIDE, row, "(" + std::to_string(lanes) + ":1)");
  return k_.slice(runs, k_.tuple("(_,?)", {index}));
}

Value VectorRuns::atom(fly_dtype dtype, int lanes) {
  auto key = std::make_pair(int(dtype), lanes);
  auto found = atoms_.find(key);
  if (found != atoms_.end())
    return found->second;
  return atoms_[key] = k_.copyAtom(FLY_COPY_UNIVERSAL, lanes * bitsOf(dtype), dtype);
}


Value VectorRuns::load(Value row, Value index, int lanes) {
  fly_dtype d = Kernel::dtype(row);
  if (lanes * bitsOf(d) > 128) { // two 128-bit halves
    int half = lanes / 2;
    Value first = load(row, index * k_.constInt(FLY_I32, 2), half);
    Value second = load(row, index * k_.constInt(FLY_I32, 2) + k_.constInt(FLY_I32, 1), half);
    return k_.vectorShuffle(first, second, iota(0, lanes));
  }
  Value src = run(row, index, lanes);
  Value frag = k_.fragment(src, d);
  k_.copy(atom(d, lanes), src, frag);
  Value v = k_.fragmentLoad(frag);
  return d == FLY_F32 ? v : k_.cast(v, FLY_F32);
}

void VectorRuns::store(Value row, Value index, Value values) {
  fly_dtype d = Kernel::dtype(row);
  int lanes = Kernel::lanes(values);
  if (lanes * bitsOf(d) > 128) { // two 128-bit halves
    int half = lanes / 2;
    Value two = k_.constInt(FLY_I32, 2);
    store(row, index * two, k_.vectorShuffle(values, values, iota(0, half)));
    store(row, index * two + k_.constInt(FLY_I32, 1),
          k_.vectorShuffle(values, values, iota(half, half)));
    return;
  }
  Value dst = run(row, index, Kernel::lanes(values));
  Value frag = k_.fragment(dst, d);
  k_.fragmentStore(frag, d == FLY_F32 ? values : k_.cast(values, d));
  k_.copy(atom(d, Kernel::lanes(values)), frag, dst);
}

} // namespace fly::kernels
