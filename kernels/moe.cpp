//===- moe.cpp - A mixture of experts: routing, sorting, activation, combine -----===//
//
// The steps of a fused MoE layer around its two grouped GEMMs (buildGemm with spec.grouped):
// the router's top-k softmax; the sort of the (token, choice) pairs by expert into block rows
// of one expert each, padded to whole blocks, as vLLM's moe_align_block_size lays them out;
// the gather of each pair's token row into that order; SiLU(gate) * up between the GEMMs; and
// the weighted sum of each token's expert outputs. Pairs whose expert id lies outside
// [0, experts) take no part (expert parallelism marks other ranks' experts so).
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/row_tiles.h"

#include <limits>
#include <string>
#include <vector>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kWarp = 32;

Value rowOf(Kernel &k, Value t, Value r) { return k.slice(t, k.tuple("(?,_)", {r})); }

Value flatParam(Kernel &k, fly_dtype dtype) { return k.tensorParam(dtype, {FLY_DYNAMIC}, {1}); }

/// `body(chunk, preds)` for each chunk of a row of `plan.cols` elements.
template <class Body> void eachChunk(Kernel &k, RowTiles &tiles, const RowPlan &plan, Body body) {
  Value zero = k.constInt(FLY_I32, 0);
  if (plan.chunks == 1) {
    body(zero, tiles.predicates(zero));
    return;
  }
  k.forLoop(zero, k.constInt(FLY_I32, plan.chunks), k.constInt(FLY_I32, 1),
            [&](Value c) { body(c, tiles.predicates(c)); });
}

RowTiles rowTiles(Kernel &k, const RowPlan &p) {
  return RowTiles(k, p.threads, p.vec, p.calls, k.tuple("(" + std::to_string(p.cols) + ")"));
}

/// Zeros shaped as what `tiles` loads (select() of them keeps NaNs of unused rows out).
Value zeros(Kernel &k, RowTiles &tiles) {
  Value z = k.constFloat(FLY_F32, 0.0);
  return tiles.lanes() > 1 ? k.splat(z, tiles.lanes()) : z;
}

} // namespace

void buildMoeTopkSoftmax(flydsl::Module &m, const MoeGatingSpec &spec) {
  const int E = spec.experts, K = spec.topk, per = (E + kWarp - 1) / kWarp;
  Kernel k(m, "main");
  Value logits = k.tensorParam(spec.in, {FLY_DYNAMIC, E}, {FLY_DYNAMIC, 1});
  Value weights = k.tensorParam(spec.weights, {FLY_DYNAMIC, K}, {FLY_DYNAMIC, 1});
  Value ids = k.tensorParam(spec.ids, {FLY_DYNAMIC, K}, {FLY_DYNAMIC, 1});
  // A warp per row, kRowsPerBlock rows a block; lane l holds experts l, l + 32, ...
  Value tid = k.gpuIndex(FLY_THREAD_IDX);
  Value lane = tid % kWarp;
  Value row = k.gpuIndex(FLY_BLOCK_IDX) * spec.rowsPerBlock + tid / kWarp;
  // Every lane takes part in the shuffles (a wave64 holds two rows): a warp past the last row
  // reads the last one again and writes nothing.
  Value rows = k.cast(k.tensorDim(logits, 0), FLY_I32);
  Value inside = row < rows;
  row = k.min(row, rows - 1);
  {
    Value x = rowOf(k, logits, row);
    std::vector<Value> p(per), idx(per);
    for (int i = 0; i < per; ++i) {
      idx[i] = lane + k.constInt(FLY_I32, int64_t(i) * kWarp);
      Value inside = idx[i] < k.constInt(FLY_I32, E);
      Value v = k.cast(k.load(x, {k.min(idx[i], k.constInt(FLY_I32, E - 1))}), FLY_F32);
      p[i] = k.select(inside, v, k.constFloat(FLY_F32, -kInf));
    }
    Value mx = p[0];
    for (int i = 1; i < per; ++i)
      mx = k.max(mx, p[i]);
    mx = reduceBlock(k, mx, FLY_MAX, kWarp);
    Value sum = k.constFloat(FLY_F32, 0.0);
    for (int i = 0; i < per; ++i) {
      p[i] = k.unary(FLY_EXP, p[i] - mx);
      sum = sum + p[i];
    }
    sum = reduceBlock(k, sum, FLY_ADD, kWarp);
    Value none = k.constFloat(FLY_F32, -1.0); // below every probability: never chosen again
    for (int i = 0; i < per; ++i)
      p[i] = k.select(idx[i] < k.constInt(FLY_I32, E), p[i] / sum, none);
    // Choice r: the largest probability left, the lowest expert among equal ones.
    std::vector<Value> chosenW(K), chosenId(K);
    for (int r = 0; r < K; ++r) {
      Value best = p[0], at = idx[0];
      for (int i = 1; i < per; ++i) {
        Value better = p[i] > best;
        best = k.select(better, p[i], best);
        at = k.select(better, idx[i], at);
      }
      Value top = reduceBlock(k, best, FLY_MAX, kWarp);
      Value who = reduceBlock(k, k.select(best == top, at, k.constInt(FLY_I32, E)), FLY_MIN, kWarp);
      for (int i = 0; i < per; ++i)
        p[i] = k.select(idx[i] == who, none, p[i]);
      chosenW[r] = top;
      chosenId[r] = who;
    }
    if (spec.renormalize) {
      Value total = chosenW[0];
      for (int r = 1; r < K; ++r)
        total = total + chosenW[r];
      for (int r = 0; r < K; ++r)
        chosenW[r] = chosenW[r] / total;
    }
    Value w = rowOf(k, weights, row), d = rowOf(k, ids, row);
    k.ifThen(k.binary(FLY_AND, inside, lane == k.constInt(FLY_I32, 0)), [&] {
      for (int r = 0; r < K; ++r) {
        Value at = k.constInt(FLY_I32, r);
        k.store(w, spec.weights == FLY_F32 ? chosenW[r] : k.cast(chosenW[r], spec.weights), {at});
        k.store(d, spec.ids == FLY_I32 ? chosenId[r] : k.cast(chosenId[r], spec.ids), {at});
      }
    });
  }
  k.finish();
}

void buildMoeAlign(flydsl::Module &m, const MoeAlignSpec &spec) {
  const int E = spec.experts, T = spec.threads;
  const int64_t BM = spec.blockRows;
  Kernel k(m, "main");
  Value ids = flatParam(k, spec.ids), sorted = flatParam(k, FLY_I32);
  Value tileExperts = flatParam(k, FLY_I32), used = flatParam(k, FLY_I32);
  Value slots = flatParam(k, FLY_I32);
  Value tid = k.gpuIndex(FLY_THREAD_IDX);
  Value zero = k.constInt(FLY_I32, 0), one = k.constInt(FLY_I32, 1), step = k.constInt(FLY_I32, T);
  Value experts = k.constInt(FLY_I32, E), bm = k.constInt(FLY_I32, BM);
  Value pairs = k.cast(k.tensorDim(ids, 0), FLY_I32);
  Value tiles = k.cast(k.tensorDim(tileExperts, 0), FLY_I32);
  Value capacity = k.cast(k.tensorDim(sorted, 0), FLY_I32);
  auto expertOf = [&](Value i) {
    Value e = k.load(ids, {i});
    Value valid = k.binary(FLY_AND, e >= k.constInt(spec.ids, 0), e < k.constInt(spec.ids, E));
    return std::make_pair(k.select(valid, k.cast(e, FLY_I32), zero), valid);
  };
  // Pairs per expert, then (thread 0) each expert's first row, its block rows named in the
  // table, and the counts become the cursors of the scatter.
  Value counts = k.sharedTensor(FLY_I32, E, 4);
  k.forLoop(tid, experts, step, [&](Value e) { k.store(counts, zero, {e}); });
  k.barrier();
  k.forLoop(tid, pairs, step, [&](Value i) {
    auto [e, valid] = expertOf(i);
    k.atomic(FLY_ATOMIC_ADD, counts, {e}, k.select(valid, one, zero));
  });
  k.barrier();
  k.ifThen(tid == zero, [&] {
    Value rowsUsed =
        k.forLoop(zero, experts, one, {zero}, [&](Value e, const std::vector<Value> &c) {
          Value first = c[0];
          Value blocks = (k.load(counts, {e}) + (BM - 1)) / bm;
          k.store(counts, first, {e});
          Value firstBlock = first / bm;
          k.forLoop(zero, blocks, one, [&](Value j) {
            k.store(tileExperts, e, {firstBlock + j}, firstBlock + j < tiles);
          });
          return std::vector<Value>{first + blocks * bm};
        })[0];
    Value usedBlocks = rowsUsed / bm;
    k.store(used, usedBlocks, {zero});
    k.forLoop(usedBlocks, tiles, one,
              [&](Value j) { k.store(tileExperts, k.constInt(FLY_I32, -1), {j}); });
  });
  // Rows no pair fills name the pair count: the gather writes zeros there.
  k.forLoop(tid, capacity, step, [&](Value r) { k.store(sorted, pairs, {r}); });
  k.barrier();
  k.forLoop(tid, pairs, step, [&](Value i) {
    auto [e, valid] = expertOf(i);
    Value at = k.atomic(FLY_ATOMIC_ADD, counts, {e}, k.select(valid, one, zero));
    k.store(sorted, i, {at}, k.binary(FLY_AND, valid, at < capacity));
    k.store(slots, k.select(valid, at, k.constInt(FLY_I32, -1)), {i});
  });
  k.finish();
}

void buildMoeGather(flydsl::Module &m, const MoeRowsSpec &spec) {
  const RowPlan &p = spec.plan;
  Kernel k(m, "main");
  Value x = rowsParam(k, spec.dtype, p), sorted = flatParam(k, FLY_I32);
  Value used = flatParam(k, FLY_I32), a = rowsParam(k, spec.dtype, p);
  Value r = k.gpuIndex(FLY_BLOCK_IDX), zero = k.constInt(FLY_I32, 0);
  Value inUse = r < k.load(used, {zero}) * spec.blockRows;
  k.ifThen(inUse, [&] {
    Value tokens = k.cast(k.tensorDim(x, 0), FLY_I32);
    Value pair = k.load(sorted, {r});
    Value token = pair / spec.topk;
    Value valid = k.binary(FLY_AND, pair >= zero, token < tokens);
    Value src = rowOf(k, x, k.select(valid, token, zero)), dst = rowOf(k, a, r);
    RowTiles tiles = rowTiles(k, p);
    eachChunk(k, tiles, p, [&](Value c, Value preds) {
      Value v = tiles.load(src, c, preds, 0.0);
      tiles.store(dst, c, preds, k.select(valid, v, zeros(k, tiles)));
    });
  });
  k.finish();
}

void buildMoeActivation(flydsl::Module &m, const MoeRowsSpec &spec) {
  const RowPlan &p = spec.plan;
  Kernel k(m, "main");
  Value gate = rowsParam(k, spec.dtype, p), up = rowsParam(k, spec.dtype, p);
  Value used = flatParam(k, FLY_I32), out = rowsParam(k, spec.dtype, p);
  Value r = k.gpuIndex(FLY_BLOCK_IDX), zero = k.constInt(FLY_I32, 0);
  k.ifThen(r < k.load(used, {zero}) * spec.blockRows, [&] {
    Value g = rowOf(k, gate, r), u = rowOf(k, up, r), o = rowOf(k, out, r);
    RowTiles tiles = rowTiles(k, p);
    eachChunk(k, tiles, p, [&](Value c, Value preds) {
      Value x = tiles.load(g, c, preds, 0.0);
      tiles.store(o, c, preds, x / (1.0 + k.unary(FLY_EXP, -x)) * tiles.load(u, c, preds, 0.0));
    });
  });
  k.finish();
}

void buildMoeCombine(flydsl::Module &m, const MoeRowsSpec &spec) {
  const RowPlan &p = spec.plan;
  Kernel k(m, "main");
  Value y = rowsParam(k, FLY_F32, p), slots = flatParam(k, FLY_I32);
  Value weights = k.tensorParam(spec.weights, {FLY_DYNAMIC, spec.topk}, {FLY_DYNAMIC, 1});
  Value out = rowsParam(k, spec.dtype, p);
  Value t = k.gpuIndex(FLY_BLOCK_IDX), zero = k.constInt(FLY_I32, 0);
  Value w = rowOf(k, weights, t), o = rowOf(k, out, t);
  RowTiles tiles = rowTiles(k, p);
  eachChunk(k, tiles, p, [&](Value c, Value preds) {
    Value acc;
    for (int j = 0; j < spec.topk; ++j) {
      Value slot = k.load(slots, {t * spec.topk + j});
      Value valid = slot >= zero;
      Value v = tiles.load(rowOf(k, y, k.select(valid, slot, zero)), c, preds, 0.0);
      Value wj = k.cast(k.load(w, {k.constInt(FLY_I32, j)}), FLY_F32);
      Value term = k.select(valid, v * (tiles.lanes() > 1 ? k.splat(wj, tiles.lanes()) : wj),
                            zeros(k, tiles));
      acc = j == 0 ? term : acc + term;
    }
    tiles.store(o, c, preds, acc);
  });
  k.finish();
}

} // namespace fly::kernels
