//===- fly_int_swizzle_simplify.cpp - Peel addends out of swizzles --------===//
//
// fly-int-swizzle-simplify: a swizzle on integers, x ^ ((x & mask) >> shift), reads and
// changes only the bits below its period P, the power of two just above the mask's highest
// bit. Adding a multiple d of P to x leaves those bits alone, so
//
//   swizzle(x + d) == swizzle(x) + d        (d a constant, d % P == 0)
//   swizzle(d)     == 0 + d
//
// A tile's base offset is usually such a d: peeling it leaves the swizzle on the offset
// within the tile, which later folding and address arithmetic can share between tiles.
// Nothing else is folded or removed here (only the ops a peel leaves unused), so the peeled
// form stays visible.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using fly::ir::fly::constantInt;

namespace {

/// Whether d is a multiple of the period 2^bits (d's low `bits` bits are zero).
bool isMultipleOfPeriod(const APInt &d, unsigned bits) {
  return bits <= d.getBitWidth() && d.countr_zero() >= bits;
}

/// Erases `ops` in order where the rewrite left them without uses (only those: the pass
/// removes nothing it did not orphan).
void eraseOrphans(RewriterBase &rewriter, std::initializer_list<Operation *> ops) {
  for (Operation *op : ops)
    if (op && op->use_empty())
      rewriter.eraseOp(op);
}

// xori(y, shrui(andi(y, mask), shift)) with y = addi(x, d) or y = d, d a multiple of the
// period: the swizzle moves onto x (or becomes 0) and d is added after it. Returns the new
// swizzle on x (which may peel again), or null.
arith::XOrIOp peel(arith::XOrIOp op, RewriterBase &rewriter) {
  for (int side = 0; side < 2; ++side) {
    Value y = op->getOperand(side);
    auto shr = op->getOperand(1 - side).getDefiningOp<arith::ShRUIOp>();
    auto masked = shr ? shr.getLhs().getDefiningOp<arith::AndIOp>() : nullptr;
    if (!masked || !constantInt(shr.getRhs()))
      continue;
    Value maskValue = masked.getLhs() == y ? masked.getRhs() : masked.getLhs();
    std::optional<APInt> mask = constantInt(maskValue);
    if ((masked.getLhs() != y && masked.getRhs() != y) || !mask || mask->isZero())
      continue;
    unsigned periodBits = mask->getActiveBits();
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    if (std::optional<APInt> d = constantInt(y)) { // swizzle(d) == 0 + d
      if (!isMultipleOfPeriod(*d, periodBits))
        continue;
      Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(y.getType()));
      rewriter.replaceOpWithNewOp<arith::AddIOp>(op, zero, y);
      eraseOrphans(rewriter, {shr, masked});
      return nullptr;
    }
    auto add = y.getDefiningOp<arith::AddIOp>();
    for (int at = 0; add && at < 2; ++at) {
      Value x = add->getOperand(at), d = add->getOperand(1 - at);
      std::optional<APInt> addend = constantInt(d);
      if (!addend || !isMultipleOfPeriod(*addend, periodBits))
        continue;
      Value bits = arith::AndIOp::create(rewriter, loc, x, maskValue);
      Value moved = arith::ShRUIOp::create(rewriter, loc, bits, shr.getRhs());
      auto swizzled = arith::XOrIOp::create(rewriter, loc, x, moved);
      rewriter.replaceOpWithNewOp<arith::AddIOp>(op, swizzled, d);
      eraseOrphans(rewriter, {shr, masked, add});
      return swizzled;
    }
  }
  return nullptr;
}

struct IntSwizzleSimplifyPass : PassWrapper<IntSwizzleSimplifyPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(IntSwizzleSimplifyPass)

  StringRef getArgument() const final { return "fly-int-swizzle-simplify"; }
  StringRef getDescription() const final {
    return "Move constant multiples of a swizzle's period out of integer swizzles: "
           "swizzle(x + d) becomes swizzle(x) + d";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    std::vector<arith::XOrIOp> work;
    getOperation()->walk([&](arith::XOrIOp op) { work.push_back(op); });
    IRRewriter rewriter(&getContext());
    while (!work.empty()) {
      arith::XOrIOp op = work.back();
      work.pop_back();
      if (arith::XOrIOp again = peel(op, rewriter))
        work.push_back(again);
    }
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createIntSwizzleSimplifyPass() {
  return std::make_unique<IntSwizzleSimplifyPass>();
}

void fly::ir::fly::registerIntSwizzleSimplifyPass() { PassRegistration<IntSwizzleSimplifyPass>(); }
