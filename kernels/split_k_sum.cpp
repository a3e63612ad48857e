//===- split_k_sum.cpp - The second half of a split-K GEMM ----------------------===//
//
// D = alpha * (P[0] + ... + P[S-1]) (+ beta * C), where P is the workspace of f32 partial sums
// (S, M, N) that the split-K GEMM's blocks wrote. Block (r, c) takes chunk c of row r, each
// thread adding up its vectors of the S partial rows in a fixed order, so that a result does
// not depend on which blocks finished first.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/row_tiles.h"

#include <string>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

void buildSplitKSum(flydsl::Module &m, const SplitKSumSpec &spec) {
  const RowPlan &p = spec.plan;
  Kernel k(m, "main");
  Value partial = k.tensorParam(FLY_F32, {spec.splits, FLY_DYNAMIC, p.cols},
                                {FLY_DYNAMIC, p.cols, 1}, int64_t(p.vec) * 4);
  Value c = spec.hasC ? rowsParam(k, spec.c, p) : Value{};
  Value d = rowsParam(k, spec.out, p);
  Value alpha = k.scalarParam(FLY_F32);
  Value beta = spec.hasC ? k.scalarParam(FLY_F32) : Value{};
  Value row = k.gpuIndex(FLY_BLOCK_IDX, 0), chunk = k.gpuIndex(FLY_BLOCK_IDX, 1);
  RowTiles tiles(k, p.threads, p.vec, p.calls, k.tuple("(" + std::to_string(p.cols) + ")"));
  auto splat = [&](Value s) { return tiles.lanes() > 1 ? k.splat(s, tiles.lanes()) : s; };
  auto rowOf = [&](Value t) { return k.slice(t, k.tuple("(?,_)", {row})); };
  Value preds = tiles.predicates(chunk);
  Value sum;
  for (int64_t s = 0; s < spec.splits; ++s) {
    Value part = k.slice(partial, k.tuple("(" + std::to_string(s) + ",?,_)", {row}));
    Value v = tiles.load(part, chunk, preds, 0.0);
    sum = s == 0 ? v : sum + v;
  }
  Value r = sum * splat(alpha);
  if (spec.hasC)
    r = k.fma(tiles.load(rowOf(c), chunk, preds, 0.0), splat(beta), r);
  tiles.store(rowOf(d), chunk, preds, r);
  k.finish();
}

} // namespace fly::kernels
