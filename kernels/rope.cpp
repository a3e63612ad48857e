//===- rope.cpp - Rotary position embedding fused with the KV-cache write --------===//
//
// One block per token. Its threads walk the token's (head, pair) rotations of q, then of k,
// each rotation reading its two elements and its angle's cosine and sine once and writing the
// rotated pair back in place and, for k, into the cache row of the token's slot; then they copy
// k's unrotated dimensions and v into the caches. Consecutive threads take consecutive pairs,
// so a warp reads and writes contiguous runs of a head. A token whose position is outside the
// cos/sin table, or whose slot is outside the caches, is left alone: the host cannot read a
// GPU's indices without waiting, so the kernel keeps memory safe where the host did not check.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

struct RopeKernel {
  const RopeSpec &spec;
  Kernel &k;
  Value token, thread, position, slot, cosSin, writeSlot;

  RopeKernel(const RopeSpec &s, Kernel &kernel) : spec(s), k(kernel) {}

  Value i32(int64_t v) { return k.constInt(FLY_I32, v); }
  Value i64(int64_t v) { return k.constInt(FLY_I64, v); }

  /// Runs body(i) for i in [0, count), the block's threads taking turns.
  template <class Body> void strided(int64_t count, Body body) {
    k.forLoop(thread, i32(count), i32(spec.threads), body);
  }

  /// Rotates the first `rotary` dimensions of each of the `heads` heads of the token's row of
  /// x in place, and writes the rotated values to the slot's row of `cache` when given.
  void rotate(Value x, int64_t heads, Value cache) {
    int64_t half = spec.rotary / 2;
    strided(heads * half, [&](Value i) {
      Value head = i / i32(half), pair = i % i32(half);
      Value first = head * i32(spec.headDim) + (spec.neox ? pair : pair * i32(2));
      Value second = first + i32(spec.neox ? half : 1);
      Value cos = k.cast(k.load(cosSin, {position, pair}), FLY_F32);
      Value sin = k.cast(k.load(cosSin, {position, pair + i32(half)}), FLY_F32);
      Value a = k.cast(k.load(x, {token, first}), FLY_F32);
      Value b = k.cast(k.load(x, {token, second}), FLY_F32);
      Value ra = a * cos - b * sin, rb = b * cos + a * sin;
      k.store(x, k.cast(ra, spec.x), {token, first});
      k.store(x, k.cast(rb, spec.x), {token, second});
      if (cache.handle) {
        k.store(cache, k.cast(ra, spec.cache), {slot, first}, writeSlot);
        k.store(cache, k.cast(rb, spec.cache), {slot, second}, writeSlot);
      }
    });
  }

  /// cache[slot, e] = x[token, e] for the elements e of each head from dimension `from` on.
  void copyToCache(Value x, Value cache, int64_t from) {
    int64_t width = spec.headDim - from;
    if (width == 0)
      return;
    strided(spec.kvHeads * width, [&](Value i) {
      Value e = (i / i32(width)) * i32(spec.headDim) + i % i32(width) + i32(from);
      k.store(cache, k.cast(k.load(x, {token, e}), spec.cache), {slot, e}, writeSlot);
    });
  }

  void build() {
    auto rows = [&](fly_dtype d, int64_t cols) {
      return k.tensorParam(d, {FLY_DYNAMIC, cols}, {FLY_DYNAMIC, 1});
    };
    auto flat = [&](fly_dtype d) { return k.tensorParam(d, {FLY_DYNAMIC}, {1}); };
    Value positions = flat(spec.positions);
    Value q = rows(spec.x, spec.heads * spec.headDim);
    Value key = rows(spec.x, spec.kvHeads * spec.headDim);
    cosSin = rows(spec.cosSin, spec.rotary);
    Value value, slots, kCache, vCache;
    if (spec.writeCache) {
      value = rows(spec.x, spec.kvHeads * spec.headDim);
      slots = flat(spec.slots);
      kCache = rows(spec.cache, spec.kvHeads * spec.headDim);
      vCache = rows(spec.cache, spec.kvHeads * spec.headDim);
    }
    token = k.gpuIndex(FLY_BLOCK_IDX);
    thread = k.gpuIndex(FLY_THREAD_IDX);
    position = k.cast(k.load(positions, {token}), FLY_I64);
    Value known = k.binary(FLY_AND, position >= i64(0), position < k.tensorDim(cosSin, 0));
    k.ifThen(known, [&] {
      if (spec.writeCache) {
        slot = k.cast(k.load(slots, {token}), FLY_I64);
        writeSlot = k.binary(FLY_AND, slot >= i64(0), slot < k.tensorDim(kCache, 0));
      }
      rotate(q, spec.heads, Value{});
      rotate(key, spec.kvHeads, kCache);
      if (spec.writeCache) {
        copyToCache(key, kCache, spec.rotary);
        copyToCache(value, vCache, 0);
      }
    });
    k.finish();
  }
};

} // namespace

void buildRope(flydsl::Module &m, const RopeSpec &spec) {
  Kernel k(m, "main");
  RopeKernel(spec, k).build();
}

} // namespace fly::kernels
