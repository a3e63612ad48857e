//===- fly_canonicalize.cpp - Fold static layout algebra ------------------===//
//
// fly-canonicalize: an algebra op whose result is a static layout has its
// whole answer in its result type, so it becomes a `fly.static` of that
// type (int tuples alike) (a result with `?` leaves needs its operands' values
// and stays); queries fold to constants (their folders), and layout values left
// without uses go. After it, a program with static layouts holds no algebra.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace fly::ir::fly;

namespace {

// Any Fly op that computes a layout from layouts (the ops with inferred result types).
struct FoldStaticAlgebra : RewritePattern {
  explicit FoldStaticAlgebra(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isa<FlyDialect>(op->getDialect()) || isa<LayoutOp, StaticOp>(op) ||
        op->getNumResults() != 1 || !(isa<InferTypeOpInterface>(op) || isTupleMaker(op)))
      return failure();
    Type type = op->getResult(0).getType();
    auto layout = dyn_cast<LayoutType>(type);
    auto tuple = dyn_cast<IntTupleType>(type);
    // dynamic leaves: fly-layout-lowering
    if (!(layout && layout.getNumDynamicLeaves() == 0) &&
        !(tuple && tuple.getNumDynamicLeaves() == 0))
      return failure();
    rewriter.replaceOpWithNewOp<StaticOp>(op, type);
    return success();
  }

  static bool isTupleMaker(Operation *op) {
    return isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp>(op);
  }
};

struct CanonicalizePass : PassWrapper<CanonicalizePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CanonicalizePass)

  StringRef getArgument() const final { return "fly-canonicalize"; }
  StringRef getDescription() const final {
    return "Fold the layout algebra of static layouts into fly.layout values and constants";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldStaticAlgebra>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createCanonicalizePass() {
  return std::make_unique<CanonicalizePass>();
}

void fly::ir::fly::registerCanonicalizePass() { PassRegistration<CanonicalizePass>(); }
