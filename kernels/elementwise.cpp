//===- elementwise.cpp - Elementwise ops and fused activations -------------------===//
//
// A flat tensor cut into tiles of threads * vec * calls elements, one per block; each thread
// moves `calls` vectors of each operand through registers, computes in f32 and writes back.
// The element count is a launch value: one kernel serves every size.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/row_tiles.h"

#include <cmath>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

bool takesSecondOperand(int op) {
  return op == FLY_EW_ADD || op == FLY_EW_MUL || op == FLY_EW_SILU_MUL;
}

namespace {
Value silu(Kernel &k, Value a) { return a / (1.0 + k.unary(FLY_EXP, -a)); }
} // namespace

void buildElementwise(flydsl::Module &m, const ElementwiseSpec &spec) {
  const FlatPlan &p = spec.plan;
  Kernel k(m, "main");
  int bytes = spec.dtype == FLY_F32 ? 4 : 2;
  auto flat = [&] { return k.tensorParam(spec.dtype, {FLY_DYNAMIC}, {1}, int64_t(p.vec) * bytes); };
  bool binary = takesSecondOperand(spec.op);
  Value a = flat(), b = binary ? flat() : Value{}, out = flat();
  Value alpha, beta;
  if (spec.op == FLY_EW_SCALE_BIAS) {
    alpha = k.scalarParam(FLY_F32);
    beta = k.scalarParam(FLY_F32);
  }
  RowTiles tiles(k, p.threads, p.vec, p.calls, k.layoutQuery(FLY_QUERY_SHAPE, a));
  Value tile = k.gpuIndex(FLY_BLOCK_IDX);
  Value preds = tiles.predicates(tile);
  Value x = tiles.load(a, tile, preds, 0.0);
  Value y = binary ? tiles.load(b, tile, preds, 0.0) : Value{};
  auto splat = [&](Value s) { return tiles.lanes() > 1 ? k.splat(s, tiles.lanes()) : s; };
  Value r;
  switch (spec.op) {
  case FLY_EW_ADD:
    r = x + y;
    break;
  case FLY_EW_MUL:
    r = x * y;
    break;
  case FLY_EW_SCALE_BIAS:
    r = k.fma(x, splat(alpha), splat(beta));
    break;
  case FLY_EW_SILU:
    r = silu(k, x);
    break;
  case FLY_EW_GELU:
    r = 0.5 * x * (1.0 + k.unary(FLY_ERF, x * M_SQRT1_2));
    break;
  case FLY_EW_GELU_TANH: {
    double c = std::sqrt(2.0 / M_PI);
    r = 0.5 * x * (1.0 + k.unary(FLY_TANH, c * (x + 0.044715 * x * x * x)));
    break;
  }
  case FLY_EW_SILU_MUL:
    r = silu(k, x) * y;
    break;
  }
  tiles.store(out, tile, preds, r);
  k.finish();
}

} // namespace fly::kernels
