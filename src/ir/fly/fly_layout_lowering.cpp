//===- fly_layout_lowering.cpp - fly.crd2idx to arith ---------------------===//
//
// fly-layout-lowering: each fly.crd2idx becomes the sum of its coordinates
// times the layout's static strides, as arith.muli/addi with constant strides
// (a stride of 0 drops its term, a stride of 1 its multiplication). Static
// layouts therefore cost no integer division or remainder. Layout values left
// without uses are erased.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace fly::ir::fly;

namespace {

struct LowerCrd2Idx : OpRewritePattern<Crd2IdxOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Crd2IdxOp op, PatternRewriter &rewriter) const override {
    fly::layout::Layout l = op.getLayout().getType().getLayout();
    std::vector<fly::layout::Int> strides;
    fly::layout::flattenInto(l.stride(), strides);
    Location loc = op.getLoc();
    Value sum;
    for (auto [coord, stride] : llvm::zip(op.getCoord(), strides)) {
      if (!stride.isStatic() || stride.isBasis())
        return rewriter.notifyMatchFailure(op, "only integer strides lower to arith");
      int64_t d = stride.value();
      if (d == 0)
        continue;
      Value term = coord;
      if (d != 1)
        term = arith::MulIOp::create(rewriter, loc, coord,
                                     arith::ConstantIndexOp::create(rewriter, loc, d));
      sum = sum ? arith::AddIOp::create(rewriter, loc, sum, term).getResult() : term;
    }
    if (!sum)
      sum = arith::ConstantIndexOp::create(rewriter, loc, 0);
    rewriter.replaceOp(op, sum);
    return success();
  }
};

struct LayoutLoweringPass : PassWrapper<LayoutLoweringPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LayoutLoweringPass)

  StringRef getArgument() const final { return "fly-layout-lowering"; }
  StringRef getDescription() const final {
    return "Lower fly.crd2idx to arith by static strides and drop unused layout values";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerCrd2Idx>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createLayoutLoweringPass() {
  return std::make_unique<LayoutLoweringPass>();
}

void fly::ir::fly::registerFlyPasses() {
  PassRegistration<LayoutLoweringPass>();
  registerCanonicalizePass();
}
