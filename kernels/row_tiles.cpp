//===- row_tiles.cpp - A thread's share of a row, and block reductions ----------===//

#include "kernels/row_tiles.h"

#include <string>

namespace fly::kernels {

namespace {
int bytesOf(fly_dtype d) {
  switch (d) {
  case FLY_F16:
  case FLY_BF16:
  case FLY_I16:
    return 2;
  case FLY_F64:
  case FLY_I64:
    return 8;
  case FLY_I8:
  case FLY_I1:
    return 1;
  default:
    return 4;
  }
}
constexpr int kGroup = 32; // lanes combined by shuffles before shared memory
} // namespace

RowTiles::RowTiles(Kernel &k, int threads, int vec, int calls, Value extent)
    : k_(k), threads_(threads), vec_(vec), calls_(calls), extent_(extent),
      tid_(k.gpuIndex(FLY_THREAD_IDX)) {}

Value RowTiles::tiledCopy(fly_dtype dtype) {
  auto found = copies_.find(dtype);
  if (found != copies_.end())
    return found->second.second;
  // Thread t holds elements t*vec .. t*vec+vec-1 of each threads*vec piece: neighbouring
  // threads read neighbouring vectors.
  Value atom = k_.copyAtom(FLY_COPY_UNIVERSAL, vec_ * bytesOf(dtype) * 8, dtype);
  std::string tv = "(" + std::to_string(threads_) + "," + std::to_string(vec_) + "):(" +
                   std::to_string(vec_) + ",1)";
  Value tiled = k_.tiledCopy(atom, k_.layout(tv), "(" + std::to_string(threads_ * vec_) + ")");
  copies_[dtype] = {atom, tiled};
  return tiled;
}

Value RowTiles::part(Value row, Value chunk, bool source) {
  std::string tile = "(" + std::to_string(int64_t(threads_) * vec_ * calls_) + ":1)";
  Value mine = k_.slice(k_.tiled(FLY_TILER_ZIPPED_DIVIDE, row, tile), k_.tuple("(_,?)", {chunk}));
  // Coordinate tensors (i32) are partitioned as 16-bit data would be: the partition depends on
  // the thread-value layout only, and vec 16-bit elements always fit one atom.
  fly_dtype d = Kernel::dtype(row);
  return k_.partition(tiledCopy(d == FLY_I32 ? FLY_F16 : d), tid_, mine, source);
}

Value RowTiles::predicates(Value chunk) {
  Value coords = part(k_.identityTensor(extent_), chunk, true);
  Value preds = k_.fragment(k_.layout("(" + std::to_string(calls_) + ")"), FLY_I1);
  for (int c = 0; c < calls_; ++c) {
    Value first = k_.loadAt(coords, k_.constInt(FLY_I32, c * vec_));
    k_.storeAt(preds, k_.elemLess(first, extent_), k_.constInt(FLY_I32, c));
  }
  return preds;
}

Value RowTiles::load(Value row, Value chunk, Value preds, double fill) {
  fly_dtype d = Kernel::dtype(row);
  Value src = part(row, chunk, true);
  Value frag = k_.fragment(src, d);
  k_.fragmentFill(frag, k_.constFloat(d, fill));
  k_.copy(copies_.at(d).first, src, frag, preds);
  Value v = k_.fragmentLoad(frag);
  return d == FLY_F32 ? v : k_.cast(v, FLY_F32);
}

void RowTiles::store(Value row, Value chunk, Value preds, Value values) {
  fly_dtype d = Kernel::dtype(row);
  Value dst = part(row, chunk, false);
  Value frag = k_.fragment(dst, d);
  k_.fragmentStore(frag, d == FLY_F32 ? values : k_.cast(values, d));
  k_.copy(copies_.at(d).first, frag, dst, preds);
}

Value RowTiles::laneInside(Value preds, int lane) {
  return k_.loadAt(preds, k_.constInt(FLY_I32, lane / vec_));
}

Value lane(Kernel &k, Value v, int i) { return Kernel::lanes(v) == 1 ? v : k.extract(v, i); }

Value reduceLanes(Kernel &k, Value v, fly_binary_op op) {
  // A tree over the lanes: log2 dependent steps instead of a chain.
  if (Kernel::lanes(v) <= 1) // a scalar, or NULL after a builder error (finish reports it)
    return v;
  std::vector<Value> level;
  for (int i = 0; i < Kernel::lanes(v); ++i)
    level.push_back(lane(k, v, i));
  while (level.size() > 1) {
    std::vector<Value> next;
    for (size_t i = 0; i + 1 < level.size(); i += 2)
      next.push_back(k.binary(op, level[i], level[i + 1]));
    if (level.size() % 2)
      next.push_back(level.back());
    level = std::move(next);
  }
  return level[0];
}

Value reduceBlock(Kernel &k, Value v, fly_binary_op op, int threads) {
  for (int offset = kGroup / 2; offset > 0; offset /= 2)
    v = k.binary(op, v, k.shuffle(FLY_SHUFFLE_XOR, v, offset, kGroup));
  int groups = threads / kGroup;
  if (groups <= 1)
    return v;
  Value tid = k.gpuIndex(FLY_THREAD_IDX);
  Value partial = k.sharedTensor(Kernel::dtype(v), groups);
  k.store(partial, v, {tid / kGroup}, tid % kGroup == 0);
  k.barrier();
  Value total = k.load(partial, {k.constInt(FLY_I32, 0)});
  for (int g = 1; g < groups; ++g)
    total = k.binary(op, total, k.load(partial, {k.constInt(FLY_I32, g)}));
  return total;
}

Value zeroOutside(Kernel &k, RowTiles &tiles, Value preds, Value v) {
  Value zero = k.constFloat(FLY_F32, 0.0);
  if (Kernel::lanes(v) <= 1)
    return k.select(tiles.laneInside(preds, 0), v, zero);
  std::vector<Value> out;
  for (int i = 0; i < Kernel::lanes(v); ++i)
    out.push_back(k.select(tiles.laneInside(preds, i), k.extract(v, i), zero));
  return k.vector(out);
}

} // namespace fly::kernels
