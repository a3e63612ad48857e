//===- fly_canonicalize.cpp - Fold static layout algebra ------------------===//
//
// fly-canonicalize: an op whose result is a static int tuple or layout has its
// whole answer in its result type, so it becomes FlyDSL's canonical form of
// that value, `fly.make_int_tuple()` or `fly.make_layout` of two of them (a
// result with `?` leaves needs its operands' values and stays); queries fold to
// constants (their folders), and values left without uses go. After it, a
// program with static layouts holds no algebra.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

// Any pure Fly op whose result is a static int tuple or layout: its answer is all in its type,
// and FlyDSL's canonical form of such a value is fly.make_int_tuple() (no operands), or
// fly.make_layout of two of those.
struct FoldStaticValues : RewritePattern {
  explicit FoldStaticValues(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isa<FlyDialect>(op->getDialect()) || op->getNumResults() != 1 || !isPure(op) ||
        isCanonical(op))
      return failure();
    Type type = op->getResult(0).getType();
    auto layout = dyn_cast<LayoutType>(type);
    auto tuple = dyn_cast<IntTupleType>(type);
    if (tuple && tuple.getNumDynamicLeaves() == 0) {
      rewriter.replaceOpWithNewOp<MakeIntTupleOp>(op, tuple, ValueRange{});
      return success();
    }
    if (!layout || layout.getNumDynamicLeaves() != 0) // dynamic leaves: fly-layout-lowering
      return failure();
    L::Layout l = layout.getLayout();
    MLIRContext *ctx = op->getContext();
    Value shape = MakeIntTupleOp::create(rewriter, op->getLoc(), IntTupleType::get(ctx, l.shape()),
                                         ValueRange{});
    Value stride = MakeIntTupleOp::create(rewriter, op->getLoc(),
                                          IntTupleType::get(ctx, l.stride()), ValueRange{});
    rewriter.replaceOpWithNewOp<MakeLayoutOp>(op, layout, shape, stride);
    return success();
  }

  static bool isStaticMaker(Value v) {
    auto m = v.getDefiningOp<MakeIntTupleOp>();
    return m && m.getDyncElems().empty();
  }
  static bool isCanonical(Operation *op) {
    if (auto m = dyn_cast<MakeIntTupleOp>(op))
      return m.getDyncElems().empty();
    if (auto m = dyn_cast<MakeLayoutOp>(op))
      return isStaticMaker(m.getShape()) && isStaticMaker(m.getStride());
    return false;
  }
};

struct CanonicalizePass : PassWrapper<CanonicalizePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CanonicalizePass)

  StringRef getArgument() const final { return "fly-canonicalize"; }
  StringRef getDescription() const final {
    return "Fold static int tuples and layouts into fly.make_int_tuple() / fly.make_layout "
           "values, and their queries into constants";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldStaticValues>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createCanonicalizePass() {
  return std::make_unique<CanonicalizePass>();
}

void fly::ir::fly::registerCanonicalizePass() { PassRegistration<CanonicalizePass>(); }
