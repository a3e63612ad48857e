//===- rope.cpp - Rotary position embedding fused with the KV-cache write --------===//
//
// One block per token. Its threads walk the token's rotations of q, then of k, `vec` pairs at
// a time: a thread reads the pairs' two runs (GPT-NeoX: vec elements from each half of the
// rotated dimensions; GPT-J: 2 * vec neighbouring elements, split into even and odd lanes) and
// the vec cosines and sines as vectors, and writes the rotated runs back in place and, for k,
// into the cache row of the token's slot; then they copy k's unrotated dimensions and v into the
// caches, vec elements at a time. Consecutive threads take consecutive runs, so a warp reads
// and writes contiguous stretches of a head. A token whose position is outside the cos/sin
// table, or whose slot is outside the caches, is left alone: the host cannot read a GPU's
// indices without waiting, so the kernel keeps memory safe where the host did not check.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/vector_runs.h"

#include <string>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

struct RopeKernel {
  const RopeSpec &spec;
  Kernel &k;
  Value token, thread, slot, writeSlot;
  Value cosSinRow; // the token's row of the table
  VectorRuns runs;

  RopeKernel(const RopeSpec &s, Kernel &kernel) : spec(s), k(kernel), runs(kernel) {}
  Value load(Value row, Value index, int lanes) { return runs.load(row, index, lanes); }
  void store(Value row, Value index, Value values) { runs.store(row, index, values); }

  Value i32(int64_t v) { return k.constInt(FLY_I32, v); }
  Value i64(int64_t v) { return k.constInt(FLY_I64, v); }
  int64_t width() const { return spec.neox ? spec.vec : 2 * spec.vec; } // elements of a run

  /// Runs body(i) for i in [0, count), the block's threads taking turns.
  template <class Body> void strided(int64_t count, Body body) {
    k.forLoop(thread, i32(count), i32(spec.threads), body);
  }

  /// The lanes of `v` that `mask` picks: a scalar for one lane.
  Value lanes(Value v, const std::vector<int64_t> &mask) {
    return mask.size() == 1 ? k.extract(v, int(mask[0])) : k.vectorShuffle(v, v, mask);
  }

  /// Rotates the first `rotary` dimensions of each of the `heads` heads of `x` (the token's
  /// row) in place, and writes the rotated runs to `cache` (the slot's row) when given.
  void rotate(Value x, int64_t heads, Value cache) {
    int vec = spec.vec, w = int(width());
    int64_t groups = spec.rotary / 2 / vec, perHead = spec.headDim / w;
    strided(heads * groups, [&](Value i) {
      Value head = i / i32(groups), group = i % i32(groups);
      Value cos = load(cosSinRow, group, vec);
      Value sin = load(cosSinRow, group + i32(spec.rotary / 2 / vec), vec);
      auto rotated = [&](Value a, Value b) {
        return std::make_pair(a * cos - b * sin, b * cos + a * sin);
      };
      if (spec.neox) {
        Value first = head * i32(perHead) + group;
        Value second = first + i32(spec.rotary / 2 / vec);
        auto [ra, rb] = rotated(load(x, first, vec), load(x, second, vec));
        store(x, first, ra);
        store(x, second, rb);
        if (cache.handle)
          k.ifThen(writeSlot, [&] {
            store(cache, first, ra);
            store(cache, second, rb);
          });
        return;
      }
      Value at = head * i32(perHead) + group;
      Value both = load(x, at, w);
      std::vector<int64_t> even, odd, zip;
      for (int l = 0; l < vec; ++l) {
        even.push_back(2 * l);
        odd.push_back(2 * l + 1);
        zip.insert(zip.end(), {l, vec + l});
      }
      auto [ra, rb] = rotated(lanes(both, even), lanes(both, odd));
      Value out = vec == 1 ? k.vector({ra, rb}) : k.vectorShuffle(ra, rb, zip);
      store(x, at, out);
      if (cache.handle)
        k.ifThen(writeSlot, [&] { store(cache, at, out); });
    });
  }

  /// cache[e] = x[e] for the elements e of each head from dimension `from` on.
  void copyToCache(Value x, Value cache, int64_t from) {
    int vec = spec.vec;
    int64_t count = (spec.headDim - from) / vec, perHead = spec.headDim / vec;
    if (count == 0)
      return;
    strided(spec.kvHeads * count, [&](Value i) {
      Value at = (i / i32(count)) * i32(perHead) + i % i32(count) + i32(from / vec);
      Value values = load(x, at, vec);
      k.ifThen(writeSlot, [&] { store(cache, at, values); });
    });
  }

  void build() {
    auto bytes = [](fly_dtype d) { return int64_t(d == FLY_F32 ? 4 : 2); };
    auto rows = [&](fly_dtype d, int64_t cols, int64_t lanes) {
      return k.tensorParam(d, {FLY_DYNAMIC, cols}, {FLY_DYNAMIC, 1}, lanes * bytes(d));
    };
    auto flat = [&](fly_dtype d) { return k.tensorParam(d, {FLY_DYNAMIC}, {1}); };
    int64_t w = width();
    Value positions = flat(spec.positions);
    Value q = rows(spec.x, spec.heads * spec.headDim, w);
    Value key = rows(spec.x, spec.kvHeads * spec.headDim, w);
    Value cosSin = rows(spec.cosSin, spec.rotary, spec.vec);
    Value value, slots, kCache, vCache;
    if (spec.writeCache) {
      value = rows(spec.x, spec.kvHeads * spec.headDim, w);
      slots = flat(spec.slots);
      kCache = rows(spec.cache, spec.kvHeads * spec.headDim, w);
      vCache = rows(spec.cache, spec.kvHeads * spec.headDim, w);
    }
    token = k.gpuIndex(FLY_BLOCK_IDX);
    thread = k.gpuIndex(FLY_THREAD_IDX);
    Value position = k.cast(k.load(positions, {token}), FLY_I64);
    Value known = k.binary(FLY_AND, position >= i64(0), position < k.tensorDim(cosSin, 0));
    auto rowOf = [&](Value t, Value r) { return k.slice(t, k.tuple("(?,_)", {r})); };
    k.ifThen(known, [&] {
      cosSinRow = rowOf(cosSin, position);
      Value cacheRow;
      if (spec.writeCache) {
        Value s = k.cast(k.load(slots, {token}), FLY_I64);
        writeSlot = k.binary(FLY_AND, s >= i64(0), s < k.tensorDim(kCache, 0));
        // A slot outside the caches addresses row 0, whose writes writeSlot then skips.
        slot = k.select(writeSlot, s, i64(0));
        cacheRow = rowOf(kCache, slot);
      }
      rotate(rowOf(q, token), spec.heads, Value{});
      rotate(rowOf(key, token), spec.kvHeads, cacheRow);
      if (spec.writeCache) {
        copyToCache(rowOf(key, token), cacheRow, spec.rotary);
        copyToCache(rowOf(value, token), rowOf(vCache, slot), 0);
      }
    });
    k.finish();
  }
};

} // namespace

int ropeVector(const RopeSpec &spec, const std::vector<std::pair<int64_t, int>> &operands,
               std::pair<int64_t, int> cosSin) {
  for (int vec : {8, 4, 2}) {
    int64_t w = spec.neox ? vec : 2 * vec;
    bool fits = (spec.rotary / 2) % vec == 0 && spec.headDim % w == 0 &&
                cosSin.first % (vec * cosSin.second) == 0 && vec * cosSin.second <= 16;
    for (auto [alignBytes, elemBytes] : operands)
      fits = fits && alignBytes % (w * elemBytes) == 0 && w * elemBytes <= 16;
    if (fits)
      return vec;
  }
  return 1;
}

void buildRope(flydsl::Module &m, const RopeSpec &spec) {
  Kernel k(m, "main");
  RopeKernel(spec, k).build();
}

} // namespace fly::kernels
