//===- small_floats.cpp - fp8 conversions as integer arithmetic -----------===//

#include "compiler/small_floats.h"

#include "compiler/compiler.h"
#include "compiler/mlir_pipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/APFloat.h"

namespace fly::compiler {

bool isSmallFloat(mlir::Type t) {
  return mlir::isa<mlir::Float8E4M3FNType, mlir::Float8E5M2Type, mlir::Float8E4M3FNUZType,
                   mlir::Float8E5M2FNUZType, mlir::Float8E8M0FNUType, mlir::Float6E2M3FNType,
                   mlir::Float6E3M2FNType, mlir::Float4E2M1FNType>(mlir::getElementTypeOrSelf(t));
}

namespace {

// The signed formats, which the arithmetic below converts (MLIR expands E8M0 itself).
bool isSignedSmallFloat(mlir::Type t) {
  return isSmallFloat(t) && !mlir::isa<mlir::Float8E8M0FNUType>(mlir::getElementTypeOrSelf(t));
}

// What a format does past its largest finite value: IEEE formats have infinities and NaNs
// with the exponent all ones; FN formats only NaN, all ones; FNUZ formats only NaN, the code
// of negative zero; fp4 neither, and saturates.
enum class Specials { Ieee, AllOnesNan, NegativeZeroNan, None };

struct Format {
  int exponentBits, mantissaBits, bias;
  Specials specials;

  explicit Format(mlir::FloatType t) {
    const llvm::fltSemantics &s = t.getFloatSemantics();
    int bits = int(llvm::APFloat::semanticsSizeInBits(s));
    mantissaBits = int(llvm::APFloat::semanticsPrecision(s)) - 1;
    exponentBits = bits - 1 - mantissaBits;
    bias = 1 - int(llvm::APFloat::semanticsMinExponent(s));
    if (llvm::APFloat::semanticsHasInf(s))
      specials = Specials::Ieee;
    else if (!llvm::APFloat::semanticsHasNaN(s))
      specials = Specials::None;
    else
      specials = llvm::APFloat::getNaN(s).bitcastToAPInt().isSignMask() ? Specials::NegativeZeroNan
                                                                        : Specials::AllOnesNan;
  }
  int64_t signBit() const { return int64_t(1) << (exponentBits + mantissaBits); }
  int64_t infinityCode() const { return ((int64_t(1) << exponentBits) - 1) << mantissaBits; }
  // The largest finite magnitude's code.
  int64_t maxCode() const {
    switch (specials) {
    case Specials::Ieee:
      return infinityCode() - 1;
    case Specials::AllOnesNan:
      return signBit() - 2;
    default:
      return signBit() - 1;
    }
  }
  // The NaN a conversion gives (for fp4, which has none: the largest magnitude).
  int64_t nanCode() const {
    switch (specials) {
    case Specials::Ieee:
      return infinityCode() | (int64_t(1) << (mantissaBits - 1));
    case Specials::AllOnesNan:
      return signBit() - 1;
    case Specials::NegativeZeroNan:
      return signBit();
    default:
      return signBit() - 1;
    }
  }
  // What a magnitude past the largest finite one becomes.
  int64_t overflowCode() const {
    switch (specials) {
    case Specials::Ieee:
      return infinityCode();
    case Specials::None:
      return maxCode();
    default:
      return nanCode();
    }
  }
};

// Builds integer and f32 arithmetic on scalars or vectors of `shape` lanes.
struct Emitter {
  mlir::ImplicitLocOpBuilder &b;
  mlir::Type shapeOf; // the operand's type: its vector shape, if any, is kept

  mlir::Type like(mlir::Type element) const {
    if (auto v = mlir::dyn_cast<mlir::VectorType>(shapeOf))
      return mlir::VectorType::get(v.getShape(), element);
    return element;
  }
  // A scalar constant, splat over the operand's lanes.
  mlir::Value splat(mlir::TypedAttr scalar) const {
    mlir::Type t = like(scalar.getType());
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
      scalar = mlir::DenseElementsAttr::get(vt, mlir::Attribute(scalar));
    return mlir::arith::ConstantOp::create(b, t, scalar);
  }
  mlir::Value i32(int64_t v) const { return splat(b.getI32IntegerAttr(int32_t(v))); }
  mlir::Value f32(double v) const { return splat(b.getF32FloatAttr(float(v))); }
  mlir::Value cmp(mlir::arith::CmpIPredicate p, mlir::Value x, mlir::Value y) const {
    return mlir::arith::CmpIOp::create(b, p, x, y);
  }
  mlir::Value select(mlir::Value c, mlir::Value x, mlir::Value y) const {
    return mlir::arith::SelectOp::create(b, c, x, y);
  }
};

// f32 -> code (in an i32), as APFloat converts: round to nearest even, then the format's
// overflow; NaN keeps its sign where the format has one.
mlir::Value encode(mlir::ImplicitLocOpBuilder &b, mlir::Value x, const Format &f) {
  namespace ar = mlir::arith;
  using P = ar::CmpIPredicate;
  Emitter e{b, x.getType()};
  mlir::Value bits = ar::BitcastOp::create(b, e.like(b.getI32Type()), x);
  mlir::Value sign = ar::ShRUIOp::create(b, bits, e.i32(31));
  mlir::Value abs = ar::AndIOp::create(b, bits, e.i32(0x7fffffff));
  int m = f.mantissaBits, minExponent = 1 - f.bias;

  // Below the smallest normal number the codes step by one quantum: adding 2^23 quanta
  // makes f32's own rounding (to nearest even) round to a whole number of them.
  double quantum = std::ldexp(1.0, minExponent - m);
  mlir::Value absF = ar::BitcastOp::create(b, e.like(b.getF32Type()), abs);
  mlir::Value shifted = ar::AddFOp::create(b, absF, e.f32(quantum * 8388608.0));
  mlir::Value rounded = ar::SubFOp::create(b, shifted, e.f32(quantum * 8388608.0));
  mlir::Value subnormal = ar::FPToUIOp::create(
      b, e.like(b.getI32Type()), ar::MulFOp::create(b, rounded, e.f32(1.0 / quantum)));

  // Normal numbers: the mantissa rounded to m bits (to nearest, ties to even, a carry moving
  // into the exponent), then the exponent rebiased.
  int drop = 23 - m;
  mlir::Value lsb = ar::AndIOp::create(b, ar::ShRUIOp::create(b, abs, e.i32(drop)), e.i32(1));
  mlir::Value up =
      ar::AddIOp::create(b, ar::AddIOp::create(b, abs, e.i32((int64_t(1) << (drop - 1)) - 1)), lsb);
  mlir::Value normal = ar::SubIOp::create(b, ar::ShRUIOp::create(b, up, e.i32(drop)),
                                          e.i32(int64_t(127 - f.bias) << m));

  int64_t smallestNormalBits = int64_t(127 + minExponent) << 23;
  mlir::Value magnitude =
      e.select(e.cmp(P::ult, abs, e.i32(smallestNormalBits)), subnormal, normal);
  // Magnitudes past f32's largest finite one (infinity, NaN) are also past the format's.
  mlir::Value overflow = e.cmp(P::ugt, magnitude, e.i32(f.maxCode()));
  mlir::Value tooLarge = e.cmp(P::uge, abs, e.i32(0x7f800000));
  magnitude =
      e.select(ar::OrIOp::create(b, overflow, tooLarge), e.i32(f.overflowCode()), magnitude);
  if (f.specials == Specials::Ieee) // infinity stays infinity; above it is NaN
    magnitude = e.select(e.cmp(P::ugt, abs, e.i32(0x7f800000)), e.i32(f.nanCode()), magnitude);
  // (fp4 has no NaN: there NaN becomes the largest magnitude.)
  mlir::Value code =
      ar::OrIOp::create(b, ar::ShLIOp::create(b, sign, e.i32(f.exponentBits + m)), magnitude);
  // FNUZ formats have no negative zero (their NaN, the sign bit alone, needs no care).
  if (f.specials == Specials::NegativeZeroNan)
    code = e.select(e.cmp(P::eq, magnitude, e.i32(0)), e.i32(0), code);
  return code;
}

// code (in an i32) -> f32, exactly.
mlir::Value decode(mlir::ImplicitLocOpBuilder &b, mlir::Value code, const Format &f) {
  namespace ar = mlir::arith;
  using P = ar::CmpIPredicate;
  Emitter e{b, code.getType()};
  int m = f.mantissaBits;
  mlir::Value sign = ar::ShLIOp::create(b, ar::AndIOp::create(b, code, e.i32(f.signBit())),
                                        e.i32(31 - f.exponentBits - m));
  mlir::Value magnitude = ar::AndIOp::create(b, code, e.i32(f.signBit() - 1));
  mlir::Value normal = ar::AddIOp::create(b, ar::ShLIOp::create(b, magnitude, e.i32(23 - m)),
                                          e.i32(int64_t(127 - f.bias) << 23));
  // Subnormals (exponent field zero) are the mantissa times one quantum, exact in f32.
  double quantum = std::ldexp(1.0, 1 - f.bias - m);
  mlir::Value subnormal = ar::BitcastOp::create(
      b, e.like(b.getI32Type()),
      ar::MulFOp::create(b, ar::UIToFPOp::create(b, e.like(b.getF32Type()), magnitude),
                         e.f32(quantum)));
  mlir::Value bits = e.select(e.cmp(P::ult, magnitude, e.i32(int64_t(1) << m)), subnormal, normal);
  switch (f.specials) {
  case Specials::Ieee: {
    mlir::Value special = e.select(e.cmp(P::eq, magnitude, e.i32(f.infinityCode())),
                                   e.i32(0x7f800000), e.i32(0x7fc00000));
    bits = e.select(e.cmp(P::uge, magnitude, e.i32(f.infinityCode())), special, bits);
    break;
  }
  case Specials::AllOnesNan:
    bits = e.select(e.cmp(P::eq, magnitude, e.i32(f.nanCode())), e.i32(0x7fc00000), bits);
    break;
  case Specials::NegativeZeroNan:
    bits = e.select(e.cmp(P::eq, code, e.i32(f.nanCode())), e.i32(0x7fc00000), bits);
    sign = e.select(e.cmp(P::eq, code, e.i32(f.nanCode())), e.i32(0), sign);
    break;
  case Specials::None:
    break;
  }
  return ar::BitcastOp::create(b, e.like(b.getF32Type()), ar::OrIOp::create(b, bits, sign));
}

// The small float's code as an i32 (or vector of them), and back.
mlir::Value codeOf(mlir::ImplicitLocOpBuilder &b, mlir::Value v) {
  Emitter e{b, v.getType()};
  auto t = mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(v.getType()));
  mlir::Value bits = mlir::arith::BitcastOp::create(b, e.like(b.getIntegerType(t.getWidth())), v);
  return mlir::arith::ExtUIOp::create(b, e.like(b.getI32Type()), bits);
}

mlir::Value fromCode(mlir::ImplicitLocOpBuilder &b, mlir::Value code, mlir::Type to) {
  Emitter e{b, code.getType()};
  auto t = mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(to));
  mlir::Value bits = mlir::arith::TruncIOp::create(b, e.like(b.getIntegerType(t.getWidth())), code);
  return mlir::arith::BitcastOp::create(b, to, bits);
}

// `v` (any float) as f32: widths up to 32 exactly; f64 rounds once here and once more into
// the small format.
mlir::Value toF32(mlir::ImplicitLocOpBuilder &b, mlir::Value v) {
  Emitter e{b, v.getType()};
  mlir::Type f32 = e.like(b.getF32Type());
  mlir::Type from = mlir::getElementTypeOrSelf(v.getType());
  if (from.isF32())
    return v;
  if (from.getIntOrFloatBitWidth() < 32)
    return mlir::arith::ExtFOp::create(b, f32, v);
  return mlir::arith::TruncFOp::create(b, f32, v);
}

mlir::Value fromF32(mlir::ImplicitLocOpBuilder &b, mlir::Value v, mlir::Type to) {
  mlir::Type element = mlir::getElementTypeOrSelf(to);
  if (element.isF32())
    return v;
  if (element.getIntOrFloatBitWidth() > 32)
    return mlir::arith::ExtFOp::create(b, to, v);
  return mlir::arith::TruncFOp::create(b, to, v);
}

void expandConversion(mlir::Operation *op) {
  mlir::ImplicitLocOpBuilder b(op->getLoc(), op);
  mlir::Value in = op->getOperand(0);
  mlir::Type to = op->getResult(0).getType();
  mlir::Value out;
  if (isSignedSmallFloat(in.getType())) {
    auto f = Format(mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(in.getType())));
    mlir::Value wide = decode(b, codeOf(b, in), f);
    out =
        isSignedSmallFloat(to)
            ? fromCode(b,
                       encode(b, wide,
                              Format(mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(to)))),
                       to)
            : fromF32(b, wide, to);
  } else {
    auto f = Format(mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(to)));
    out = fromCode(b, encode(b, toF32(b, in), f), to);
  }
  op->getResult(0).replaceAllUsesWith(out);
  op->erase();
}

// A small float constant as the constant of its bits.
void expandConstant(mlir::arith::ConstantOp op) {
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  mlir::Type t = op.getType();
  auto element = mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(t));
  mlir::Type bitsType = mlir::IntegerType::get(op.getContext(), element.getWidth());
  mlir::TypedAttr bits;
  if (auto f = mlir::dyn_cast<mlir::FloatAttr>(op.getValue()))
    bits = mlir::IntegerAttr::get(bitsType, f.getValue().bitcastToAPInt());
  else if (auto d = mlir::dyn_cast<mlir::DenseFPElementsAttr>(op.getValue()))
    bits = d.bitcast(bitsType);
  else
    return;
  mlir::Type bitsShape = bitsType;
  if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
    bitsShape = mlir::VectorType::get(vt.getShape(), bitsType);
  mlir::Value c = mlir::arith::ConstantOp::create(b, bitsShape, bits);
  op.getResult().replaceAllUsesWith(mlir::arith::BitcastOp::create(b, t, c).getResult());
  op.erase();
}

} // namespace

void expandSmallFloats(mlir::ModuleOp m) {
  bool any = false;
  m.walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      any = any || isSmallFloat(t);
    for (mlir::Type t : op->getOperandTypes())
      any = any || isSmallFloat(t);
  });
  if (!any)
    return;
  // Arithmetic on small floats first becomes f32 arithmetic between conversions.
  mlir::PassManager pm(m.getContext());
  mlir::arith::ArithEmulateUnsupportedFloatsOptions options;
  options.sourceTypeStrs = {"f8E4M3FN",  "f8E5M2",   "f8E4M3FNUZ", "f8E5M2FNUZ",
                            "f8E8M0FNU", "f6E2M3FN", "f6E3M2FN",   "f4E2M1FN"};
  options.targetTypeStr = "f32";
  pm.addPass(mlir::arith::createArithEmulateUnsupportedFloats(options));
  runPasses(pm, m, "emulating fp8 arithmetic in f32");
  mlir::RewritePatternSet e8m0(m.getContext());
  mlir::arith::populateExpandF8E8M0Patterns(e8m0);
  if (mlir::failed(mlir::applyPatternsGreedily(m, std::move(e8m0))))
    throw CompileError("expanding E8M0 conversions did not converge");

  llvm::SmallVector<mlir::Operation *> conversions;
  llvm::SmallVector<mlir::arith::ConstantOp> constants;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::arith::ExtFOp, mlir::arith::TruncFOp>(op) &&
        (isSignedSmallFloat(op->getOperand(0).getType()) ||
         isSignedSmallFloat(op->getResult(0).getType())))
      conversions.push_back(op);
    else if (auto c = mlir::dyn_cast<mlir::arith::ConstantOp>(op); c && isSmallFloat(c.getType()))
      constants.push_back(c);
  });
  for (mlir::Operation *op : conversions)
    expandConversion(op);
  for (auto c : constants)
    expandConstant(c);
}

} // namespace fly::compiler
