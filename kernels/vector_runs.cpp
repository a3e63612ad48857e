//===- vector_runs.cpp - Runs of consecutive elements moved as vectors ----------===//

#include "kernels/vector_runs.h"

#include <string>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

Value VectorRuns::run(Value row, Value index, int lanes) {
  Value runs = k_.tiled(FLY_TILER_ZIPPED_DIVIDE, row, "(" + std::to_string(lanes) + ":1)");
  return k_.slice(runs, k_.tuple("(_,?)", {index}));
}

Value VectorRuns::atom(fly_dtype dtype, int lanes) {
  auto key = std::make_pair(int(dtype), lanes);
  auto found = atoms_.find(key);
  if (found != atoms_.end())
    return found->second;
  int bits = dtype == FLY_F32 || dtype == FLY_I32 ? 32 : 16;
  return atoms_[key] = k_.copyAtom(FLY_COPY_UNIVERSAL, lanes * bits, dtype);
}

Value VectorRuns::load(Value row, Value index, int lanes) {
  fly_dtype d = Kernel::dtype(row);
  Value src = run(row, index, lanes);
  Value frag = k_.fragment(src, d);
  k_.copy(atom(d, lanes), src, frag);
  Value v = k_.fragmentLoad(frag);
  return d == FLY_F32 ? v : k_.cast(v, FLY_F32);
}

void VectorRuns::store(Value row, Value index, Value values) {
  fly_dtype d = Kernel::dtype(row);
  Value dst = run(row, index, Kernel::lanes(values));
  Value frag = k_.fragment(dst, d);
  k_.fragmentStore(frag, d == FLY_F32 ? values : k_.cast(values, d));
  k_.copy(atom(d, Kernel::lanes(values)), frag, dst);
}

} // namespace fly::kernels
