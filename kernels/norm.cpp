//===- norm.cpp - Layernorm and rmsnorm, forward ---------------------------------===//
//
// One block per row; h is the row of x, or of x + residual (written to residual_out when
// asked). Layernorm reduces the sum of h, then the sum of (h - mean)^2 (two reductions, not
// E[h^2] - mean^2, whose cancellation loses digits for rows far from zero); rmsnorm the sum of
// h^2. A row that fits in registers is read once; a longer row is read again for each
// reduction and for the output.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/row_tiles.h"

#include <functional>
#include <optional>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

struct NormKernel {
  const NormSpec &spec;
  Kernel &k;
  std::optional<RowTiles> tiles_; // made after the parameters, which come before any op
  Value x, residual, residualOut, weight, bias, out, eps, row;

  NormKernel(const NormSpec &s, Kernel &kernel) : spec(s), k(kernel) {}

  Value rowOf(Value t) { return k.slice(t, k.tuple("(?,_)", {row})); }
  Value splat(Value s) { return tiles_->lanes() > 1 ? k.splat(s, tiles_->lanes()) : s; }

  /// h of chunk c. The first pass (`first`) writes it to residual_out, from where later passes
  /// read it back: residual_out may be residual itself, which then no longer holds residual.
  Value loadH(Value c, Value preds, bool first) {
    if (!spec.hasResidual)
      return tiles_->load(x, c, preds, 0.0);
    if (!first && spec.hasResidualOut)
      return tiles_->load(residualOut, c, preds, 0.0);
    Value h = tiles_->load(x, c, preds, 0.0) + tiles_->load(residual, c, preds, 0.0);
    if (spec.hasResidualOut)
      tiles_->store(residualOut, c, preds, h);
    return h;
  }

  /// y = (h - mean) * rstd * weight [+ bias] for chunk c (mean 0 for rmsnorm).
  void write(Value c, Value preds, Value h, Value mean, Value rstd) {
    Value w = tiles_->load(weight, c, preds, 0.0);
    Value y = (spec.rms ? h : h - splat(mean)) * splat(rstd) * w;
    if (spec.hasBias)
      y = y + tiles_->load(bias, c, preds, 0.0);
    tiles_->store(out, c, preds, y);
  }

  Value sumOver(const std::function<Value(Value c, Value preds)> &perChunk) {
    Value zero = k.constInt(FLY_I32, 0);
    if (spec.plan.chunks == 1)
      return reduceBlock(k, perChunk(zero, tiles_->predicates(zero)), FLY_ADD, spec.plan.threads);
    auto total =
        k.forLoop(zero, k.constInt(FLY_I32, spec.plan.chunks), k.constInt(FLY_I32, 1),
                  {k.constFloat(FLY_F32, 0.0)}, [&](Value c, const std::vector<Value> &acc) {
                    return std::vector<Value>{acc[0] + perChunk(c, tiles_->predicates(c))};
                  });
    return reduceBlock(k, total[0], FLY_ADD, spec.plan.threads);
  }

  void build() {
    const RowPlan &p = spec.plan;
    x = rowsParam(k, spec.in, p);
    if (spec.hasResidual)
      residual = rowsParam(k, spec.residual, p);
    if (spec.hasResidualOut)
      residualOut = rowsParam(k, spec.residualOut, p);
    auto vecParam = [&](fly_dtype d) {
      return k.tensorParam(d, {p.cols}, {1}, int64_t(p.vec) * (d == FLY_F32 ? 4 : 2));
    };
    weight = vecParam(spec.weight);
    if (spec.hasBias)
      bias = vecParam(spec.bias);
    out = rowsParam(k, spec.out, p);
    eps = k.scalarParam(FLY_F32);
    row = k.gpuIndex(FLY_BLOCK_IDX);
    tiles_.emplace(k, p.threads, p.vec, p.calls, k.tuple("(" + std::to_string(p.cols) + ")"));
    x = rowOf(x);
    out = rowOf(out);
    if (spec.hasResidual)
      residual = rowOf(residual);
    if (spec.hasResidualOut)
      residualOut = rowOf(residualOut);
    Value inverseCols = k.constFloat(FLY_F32, 1.0 / double(p.cols));

    if (p.chunks == 1) {
      Value zero = k.constInt(FLY_I32, 0);
      Value preds = tiles_->predicates(zero);
      Value h = loadH(zero, preds, true);
      Value mean, centred = h;
      if (!spec.rms) {
        mean = reduceBlock(k, reduceLanes(k, h, FLY_ADD), FLY_ADD, p.threads) * inverseCols;
        centred = zeroOutside(k, *tiles_, preds, h - splat(mean));
      }
      Value squares =
          reduceBlock(k, reduceLanes(k, centred * centred, FLY_ADD), FLY_ADD, p.threads);
      Value rstd = k.unary(FLY_RSQRT, squares * inverseCols + eps);
      write(zero, preds, h, mean, rstd);
      k.finish();
      return;
    }

    Value mean;
    if (!spec.rms)
      mean = sumOver([&](Value c, Value preds) {
               return reduceLanes(k, loadH(c, preds, true), FLY_ADD);
             }) *
             inverseCols;
    Value squares = sumOver([&](Value c, Value preds) {
      Value h = loadH(c, preds, spec.rms);
      Value centred = spec.rms ? h : zeroOutside(k, *tiles_, preds, h - splat(mean));
      return reduceLanes(k, centred * centred, FLY_ADD);
    });
    Value rstd = k.unary(FLY_RSQRT, squares * inverseCols + eps);
    k.forLoop(k.constInt(FLY_I32, 0), k.constInt(FLY_I32, p.chunks), k.constInt(FLY_I32, 1),
              [&](Value c) {
                Value preds = tiles_->predicates(c);
                write(c, preds, loadH(c, preds, false), mean, rstd);
              });
    k.finish();
  }
};

} // namespace

void buildNorm(flydsl::Module &m, const NormSpec &spec) {
  Kernel k(m, "main");
  NormKernel(spec, k).build();
}

} // namespace fly::kernels
