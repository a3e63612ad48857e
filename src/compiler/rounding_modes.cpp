//===- rounding_modes.cpp - Float narrowing under a rounding mode ---------===//

#include "compiler/rounding_modes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

namespace fly::compiler {

namespace {

namespace ar = mlir::arith;

// The narrow result t = RNE(x) is the nearest value of its format, so the value a directed
// mode wants is t or its neighbour on x's side. Float formats are sign and magnitude: adding 1
// to t's bits moves away from zero (zero to the smallest subnormal, the largest finite value
// to infinity), subtracting 1 moves towards it (infinity to the largest finite value).
void expand(ar::TruncFOp op) {
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  mlir::Value x = op.getIn();
  mlir::Type narrow = op.getType(), wide = x.getType();
  unsigned bits = mlir::getElementTypeOrSelf(narrow).getIntOrFloatBitWidth();
  mlir::Type intType = b.getIntegerType(bits);
  if (auto v = mlir::dyn_cast<mlir::VectorType>(narrow))
    intType = mlir::VectorType::get(v.getShape(), intType);
  auto splat = [&](int64_t v) -> mlir::Value {
    mlir::TypedAttr a = b.getIntegerAttr(mlir::getElementTypeOrSelf(intType), v);
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(intType))
      a = mlir::DenseElementsAttr::get(vt, mlir::Attribute(a));
    return ar::ConstantOp::create(b, intType, a);
  };
  auto wideConstant = [&](double v) -> mlir::Value {
    mlir::TypedAttr a = b.getFloatAttr(mlir::getElementTypeOrSelf(wide), v);
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(wide))
      a = mlir::DenseElementsAttr::get(vt, mlir::Attribute(a));
    return ar::ConstantOp::create(b, wide, a);
  };
  auto widen = [&](mlir::Value narrowValue) { return ar::ExtFOp::create(b, wide, narrowValue); };
  auto fcmp = [&](ar::CmpFPredicate p, mlir::Value l, mlir::Value r) {
    return ar::CmpFOp::create(b, p, l, r);
  };

  mlir::Value t = ar::TruncFOp::create(b, narrow, x);
  mlir::Value back = widen(t);
  mlir::Value code = ar::BitcastOp::create(b, intType, t);
  mlir::Value one = splat(1);
  auto sideOfX = [&](ar::CmpFPredicate p) { return fcmp(p, back, x); };
  // Whether |t| is above (or below) |x|: t and x have one sign, or t is zero.
  auto magnitude = [&](bool above) {
    mlir::Value xNegative = fcmp(ar::CmpFPredicate::OLT, x, wideConstant(0.0));
    mlir::Value over = sideOfX(ar::CmpFPredicate::OGT), under = sideOfX(ar::CmpFPredicate::OLT);
    return ar::SelectOp::create(b, xNegative, above ? under : over, above ? over : under);
  };
  auto towardsPlus = [&](bool up) { // +1 or -1 ulp in value, by t's sign
    mlir::Value negative = ar::CmpIOp::create(b, ar::CmpIPredicate::slt, code, splat(0));
    return ar::SelectOp::create(b, negative, up ? splat(-1) : one, up ? one : splat(-1));
  };

  mlir::Value take, step; // t's bits change by `step` where `take` holds
  switch (*op.getRoundingmode()) {
  case ar::RoundingMode::upward:
    take = sideOfX(ar::CmpFPredicate::OLT);
    step = towardsPlus(true);
    break;
  case ar::RoundingMode::downward:
    take = sideOfX(ar::CmpFPredicate::OGT);
    step = towardsPlus(false);
    break;
  case ar::RoundingMode::toward_zero:
    take = magnitude(true);
    step = splat(-1);
    break;
  case ar::RoundingMode::to_nearest_away: {
    // Only a tie differs from to_nearest_even: x halfway between t and the next value away
    // from zero, which the wide format holds exactly (it has more precision than the narrow).
    mlir::Value away = ar::BitcastOp::create(b, narrow, ar::AddIOp::create(b, code, one));
    mlir::Value half = wideConstant(0.5);
    mlir::Value middle = ar::AddFOp::create(b, ar::MulFOp::create(b, back, half),
                                            ar::MulFOp::create(b, widen(away), half));
    take = ar::AndIOp::create(b, magnitude(false), fcmp(ar::CmpFPredicate::OEQ, middle, x));
    step = one;
    break;
  }
  case ar::RoundingMode::to_nearest_even:
    break; // not expanded (see expandRoundingModes)
  }
  mlir::Value moved = ar::AddIOp::create(b, code, step);
  mlir::Value result = ar::BitcastOp::create(b, narrow, ar::SelectOp::create(b, take, moved, code));
  op.replaceAllUsesWith(result);
  op.erase();
}

} // namespace

void expandRoundingModes(mlir::ModuleOp m) {
  llvm::SmallVector<ar::TruncFOp> rounded;
  m.walk([&](ar::TruncFOp op) {
    // To nearest even is what truncf does without a mode.
    if (op.getRoundingmode() == ar::RoundingMode::to_nearest_even)
      op.removeRoundingmodeAttr();
    else if (op.getRoundingmode())
      rounded.push_back(op);
  });
  for (ar::TruncFOp op : rounded)
    expand(op);
}

} // namespace fly::compiler
