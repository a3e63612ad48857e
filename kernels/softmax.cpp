//===- softmax.cpp - Row softmax, numerically stable ----------------------------===//
//
// One block per row. A row that fits in registers is read once: its maximum and the sum of
// exp(x - max) are reduced over the block, and exp(x - max) / sum written. A longer row is
// streamed twice: the first pass keeps each thread's running maximum and a sum rescaled
// whenever the maximum grows (online softmax), the second writes.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/row_tiles.h"

#include <limits>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

Value rowsParam(Kernel &k, fly_dtype dtype, const RowPlan &plan) {
  int bytes = (dtype == FLY_F32) ? 4 : 2;
  return k.tensorParam(dtype, {FLY_DYNAMIC, plan.cols}, {FLY_DYNAMIC, 1},
                       int64_t(plan.vec) * bytes);
}

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// The row `row` of a (rows, cols) tensor, as a rank-1 tensor.
Value rowOf(Kernel &k, Value t, Value row) { return k.slice(t, k.tuple("(?,_)", {row})); }
} // namespace

void buildSoftmax(flydsl::Module &m, const SoftmaxSpec &spec) {
  const RowPlan &p = spec.plan;
  Kernel k(m, "main");
  Value x = rowsParam(k, spec.in, p), y = rowsParam(k, spec.out, p);
  Value row = k.gpuIndex(FLY_BLOCK_IDX);
  Value xr = rowOf(k, x, row), yr = rowOf(k, y, row);
  RowTiles tiles(k, p.threads, p.vec, p.calls, k.tuple("(" + std::to_string(p.cols) + ")"));
  Value zero = k.constInt(FLY_I32, 0);

  if (p.chunks == 1) {
    Value preds = tiles.predicates(zero);
    Value v = tiles.load(xr, zero, preds, -kInf);
    Value rowMax = reduceBlock(k, reduceLanes(k, v, FLY_MAX), FLY_MAX, p.threads);
    Value e =
        k.unary(FLY_EXP, v - (Kernel::lanes(v) > 1 ? k.splat(rowMax, tiles.lanes()) : rowMax));
    Value sum = reduceBlock(k, reduceLanes(k, e, FLY_ADD), FLY_ADD, p.threads);
    Value inv = 1.0 / sum;
    tiles.store(yr, zero, preds, e * (Kernel::lanes(e) > 1 ? k.splat(inv, tiles.lanes()) : inv));
    k.finish();
    return;
  }

  // A maximum of -inf (nothing seen yet) shifts by 0, so that exp(-inf - shift) is 0, not NaN.
  auto shiftOf = [&](Value mx) { return k.select(mx == -kInf, k.constFloat(FLY_F32, 0.0), mx); };
  auto splat = [&](Value s) { return tiles.lanes() > 1 ? k.splat(s, tiles.lanes()) : s; };
  Value chunks = k.constInt(FLY_I32, p.chunks), one = k.constInt(FLY_I32, 1);
  auto state =
      k.forLoop(zero, chunks, one, {k.constFloat(FLY_F32, -kInf), k.constFloat(FLY_F32, 0.0)},
                [&](Value c, const std::vector<Value> &carried) {
                  Value mx = carried[0], sum = carried[1];
                  Value v = tiles.load(xr, c, tiles.predicates(c), -kInf);
                  Value next = k.max(mx, reduceLanes(k, v, FLY_MAX));
                  Value shift = shiftOf(next);
                  Value rescaled = sum * k.unary(FLY_EXP, mx - shift);
                  Value added = reduceLanes(k, k.unary(FLY_EXP, v - splat(shift)), FLY_ADD);
                  return std::vector<Value>{next, rescaled + added};
                });
  Value rowMax = reduceBlock(k, state[0], FLY_MAX, p.threads);
  Value shift = shiftOf(rowMax);
  Value sum = reduceBlock(k, state[1] * k.unary(FLY_EXP, state[0] - shift), FLY_ADD, p.threads);
  Value inv = 1.0 / sum;
  k.forLoop(zero, chunks, one, [&](Value c) {
    Value preds = tiles.predicates(c);
    Value v = tiles.load(xr, c, preds, -kInf);
    tiles.store(yr, c, preds, k.unary(FLY_EXP, v - splat(rowMax)) * splat(inv));
  });
  k.finish();
}

} // namespace fly::kernels
