//===- ssa_int.cpp - Layout leaves that are SSA integers ------------------===//

#include "ir/ssa_int.h"

#include "ir/mlir_module.h"
#include "layout/layout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <climits>

namespace fly::ir {

using layout::ArithOp;
using layout::Int;

namespace {

constexpr uint64_t kI32Max = uint64_t(INT32_MAX);

unsigned widthOf(mlir::Type t) { return t.isIndex() ? 64 : t.getIntOrFloatBitWidth(); }

uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}
uint64_t saturatingMul(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

uint64_t typeMax(mlir::Type t) {
  unsigned bits = widthOf(t);
  return bits >= 64 ? uint64_t(INT64_MAX) : bits <= 1 ? 1 : (uint64_t(1) << (bits - 1));
}

/// Divisors past 2^20 prove nothing more about alignment and would overflow when multiplied:
/// such a one keeps only its power of two, at most 2^20 (a negative one is read as 0's).
int64_t capDivisor(int64_t d) {
  if (d < 0)
    return 1 << 20;
  return d > (1 << 20) ? int64_t(1) << std::min(20, __builtin_ctzll(uint64_t(d))) : d;
}

uint64_t magnitudeBound(mlir::Value v, int depth) {
  uint64_t widest = typeMax(v.getType());
  if (depth > 12)
    return widest;
  if (std::optional<int64_t> c = integerConstant(v))
    return *c < 0 ? uint64_t(0) - uint64_t(*c) : uint64_t(*c);
  if (auto arg = mlir::dyn_cast<mlir::BlockArgument>(v)) {
    auto loop = mlir::dyn_cast<mlir::scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg == loop.getInductionVar())
      return std::min(widest, std::max(magnitudeBound(loop.getLowerBound(), depth + 1),
                                       magnitudeBound(loop.getUpperBound(), depth + 1)));
    return widest;
  }
  mlir::Operation *op = v.getDefiningOp();
  if (!op)
    return widest;
  auto of = [&](unsigned i) { return magnitudeBound(op->getOperand(i), depth + 1); };
  uint64_t r = widest;
  // At most 1024 threads a block on every target; block and grid indices below 2^31.
  if (mlir::isa<mlir::gpu::ThreadIdOp, mlir::gpu::BlockDimOp>(op))
    r = 1024;
  else if (mlir::isa<mlir::gpu::LaneIdOp, mlir::gpu::SubgroupSizeOp>(op))
    r = 64;
  else if (mlir::isa<mlir::gpu::BlockIdOp, mlir::gpu::GridDimOp>(op))
    r = kI32Max;
  else if (mlir::isa<mlir::arith::IndexCastOp, mlir::arith::ExtSIOp, mlir::arith::TruncIOp>(op))
    r = of(0);
  else if (mlir::isa<mlir::arith::ExtUIOp>(op))
    r = std::min(of(0), typeMax(op->getOperand(0).getType()) * 2);
  else if (mlir::isa<mlir::arith::AddIOp, mlir::arith::SubIOp>(op))
    r = saturatingAdd(of(0), of(1));
  else if (mlir::isa<mlir::arith::MulIOp>(op))
    r = saturatingMul(of(0), of(1));
  else if (mlir::isa<mlir::arith::DivSIOp, mlir::arith::DivUIOp, mlir::arith::CeilDivSIOp>(op))
    r = of(0);
  else if (mlir::isa<mlir::arith::RemSIOp, mlir::arith::RemUIOp, mlir::arith::MinSIOp,
                     mlir::arith::AndIOp>(op))
    r = std::min(of(0), of(1));
  else if (mlir::isa<mlir::arith::MaxSIOp, mlir::arith::SelectOp>(op))
    r = std::max(of(op->getNumOperands() - 2), of(op->getNumOperands() - 1));
  return std::min(r, widest);
}

/// The type `x` has on its own: its value's, or i32 for a constant that fits (else i64).
mlir::Type naturalType(mlir::OpBuilder &b, const Int &x) {
  if (const SsaInt *s = SsaInt::of(x))
    return s->v.getType();
  int64_t v = x.value();
  return v == int64_t(int32_t(v)) ? mlir::Type(b.getI32Type()) : mlir::Type(b.getI64Type());
}

/// LeafWidth::Operands: the wider type, a constant taking its partner's where it fits.
mlir::Type operandsType(mlir::OpBuilder &b, const Int &x, const Int &y) {
  mlir::Type tx = naturalType(b, x), ty = naturalType(b, y);
  if (x.isStatic() && widthOf(tx) <= widthOf(ty))
    return ty;
  if (y.isStatic() && widthOf(ty) <= widthOf(tx))
    return tx;
  if (widthOf(tx) != widthOf(ty))
    return widthOf(tx) > widthOf(ty) ? tx : ty;
  return tx.isIndex() ? ty : tx;
}

/// How many low bits of `v` the ops that computed it leave zero (constants, products, sums,
/// shifts, masks, casts, loop counters): 2^that divides v. Powers of two only, because they
/// survive the wrap of a fixed-width product and are what alignment asks.
unsigned knownTrailingZeros(mlir::Value v, int depth) {
  constexpr unsigned kAll = 63;
  if (depth > 12)
    return 0;
  if (std::optional<int64_t> c = integerConstant(v))
    return *c == 0 ? kAll : unsigned(__builtin_ctzll(uint64_t(*c)));
  auto of = [&](mlir::Value x) { return knownTrailingZeros(x, depth + 1); };
  if (auto arg = mlir::dyn_cast<mlir::BlockArgument>(v)) {
    auto loop = mlir::dyn_cast<mlir::scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg == loop.getInductionVar())
      return std::min(of(loop.getLowerBound()), of(loop.getStep()));
    return 0;
  }
  mlir::Operation *op = v.getDefiningOp();
  if (!op)
    return 0;
  auto operand = [&](unsigned i) { return of(op->getOperand(i)); };
  auto shift = [&]() -> std::optional<unsigned> {
    std::optional<int64_t> s = integerConstant(op->getOperand(1));
    return s && *s >= 0 && *s < 64 ? std::optional<unsigned>(unsigned(*s)) : std::nullopt;
  };
  unsigned r = 0;
  namespace ar = mlir::arith;
  if (mlir::isa<ar::MulIOp>(op))
    r = std::min(kAll, operand(0) + operand(1));
  else if (mlir::isa<ar::AddIOp, ar::SubIOp, ar::OrIOp, ar::XOrIOp, ar::RemSIOp, ar::RemUIOp,
                     ar::MinSIOp, ar::MaxSIOp, ar::MinUIOp, ar::MaxUIOp>(op))
    r = std::min(operand(0), operand(1));
  else if (mlir::isa<ar::AndIOp>(op))
    r = std::max(operand(0), operand(1));
  else if (mlir::isa<ar::SelectOp>(op))
    r = std::min(operand(1), operand(2));
  else if (mlir::isa<ar::ShLIOp>(op))
    r = shift() ? std::min(kAll, operand(0) + *shift()) : 0;
  else if (mlir::isa<ar::ShRUIOp, ar::ShRSIOp>(op))
    r = shift() && operand(0) > *shift() ? operand(0) - *shift() : 0;
  else if (mlir::isa<ar::IndexCastOp, ar::ExtSIOp, ar::ExtUIOp, ar::TruncIOp>(op))
    r = widthOf(op->getOperand(0).getType()) == 1 ? 0 : operand(0);
  return std::min(r, widthOf(v.getType()));
}

} // namespace

uint64_t magnitudeBound(mlir::Value v) { return magnitudeBound(v, 0); }

mlir::Value castInt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Type to) {
  mlir::Type from = v.getType();
  if (from == to)
    return v;
  if (from.isIndex() || to.isIndex())
    return mlir::arith::IndexCastOp::create(b, loc, to, v);
  if (widthOf(from) == 1)
    return mlir::arith::ExtUIOp::create(b, loc, to, v);
  if (widthOf(to) > widthOf(from))
    return mlir::arith::ExtSIOp::create(b, loc, to, v);
  return mlir::arith::TruncIOp::create(b, loc, to, v);
}

std::string SsaInt::str() const {
  return divisor > 1 ? "?{div=" + std::to_string(divisor) + "}" : "?";
}

const SsaInt *SsaInt::of(const Int &x) { return static_cast<const SsaInt *>(x.dynamicPart()); }

int64_t divisorOf(const Int &x) {
  if (const SsaInt *s = SsaInt::of(x))
    return s->divisor;
  if (x.isBasis())
    return 1;
  int64_t v = x.value();
  return v < 0 ? -v : v; // 0 is a multiple of everything: gcd(0, d) = d
}

uint64_t boundOf(const Int &x) {
  if (const SsaInt *s = SsaInt::of(x))
    return s->bound;
  if (x.isBasis())
    return 0;
  return x.value() < 0 ? uint64_t(0) - uint64_t(x.value()) : uint64_t(x.value());
}

Int SsaInt::make(mlir::OpBuilder &b, mlir::Location loc, LeafWidth width, mlir::Value v,
                 int64_t divisor, uint64_t bound) {
  if (width == LeafWidth::Bounds) {
    if (bound == 0)
      bound = magnitudeBound(v);
    mlir::Type t = v.getType();
    if (t.isIndex())
      v = castInt(b, loc, v, b.getI64Type());
    else if (widthOf(t) < 32)
      v = castInt(b, loc, v, b.getI32Type());
  }
  if (bound == 0)
    bound = typeMax(v.getType());
  // What the ops that computed v prove: lcm(divisor, 2^k) keeps the odd part the caller knows.
  unsigned known = std::min(knownTrailingZeros(v, 0), 20u);
  if (divisor > 0 && unsigned(__builtin_ctzll(uint64_t(divisor))) < known)
    divisor = (divisor >> __builtin_ctzll(uint64_t(divisor))) << known;
  return Int::dynamic(std::make_shared<SsaInt>(b, loc, width, v, capDivisor(divisor), bound));
}

Int SsaInt::leaf(mlir::OpBuilder &b, mlir::Location loc, LeafWidth width, mlir::Value v,
                 int64_t divisor) {
  if (std::optional<int64_t> c = integerConstant(v))
    return Int(*c);
  return make(b, loc, width, v, divisor);
}

mlir::Value SsaInt::materialize(mlir::OpBuilder &b, mlir::Location loc, const Int &x,
                                mlir::Type type) {
  if (x.isBasis())
    layout::fail(layout::ErrorKind::Unsupported,
                 "the basis element " + x.str() + " is not an integer");
  if (!type)
    type = naturalType(b, x);
  if (x.isStatic())
    return mlir::arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, x.value()));
  return castInt(b, loc, of(x)->v, type);
}

Int SsaInt::combine(ArithOp op, const Int &x, const Int &y) const {
  if (auto folded = layout::foldTrivial(op, x, y)) // adding 0 or multiplying by 1 emits nothing
    return *folded;
  if (x.isBasis() || y.isBasis())
    layout::fail(layout::ErrorKind::Unsupported,
                 "a kernel integer cannot scale the basis element " +
                     (x.isBasis() ? x.str() : y.str()));
  uint64_t bx = boundOf(x), by = boundOf(y), r = 0;
  switch (op) {
  case ArithOp::Add:
    r = saturatingAdd(bx, by);
    break;
  case ArithOp::Mul:
    r = saturatingMul(bx, by);
    break;
  case ArithOp::FloorDiv:
  case ArithOp::CeilDiv:
  case ArithOp::ShapeDiv:
    r = std::max<uint64_t>(bx, 1);
    break;
  case ArithOp::Mod:
  case ArithOp::Min:
    r = std::min(bx, by);
    break;
  }
  mlir::Type t;
  if (width == LeafWidth::Operands) {
    t = operandsType(b, x, y);
  } else {
    auto bits = [](const Int &z) { return of(z) ? widthOf(of(z)->v.getType()) : 0u; };
    bool wide = std::max(bits(x), bits(y)) > 32 || std::max({bx, by, r}) > kI32Max;
    t = wide ? b.getI64Type() : b.getI32Type();
  }
  r = std::min(r, typeMax(t));
  mlir::Value a = materialize(b, loc, x, t), c = materialize(b, loc, y, t);
  // A sum or product takes its constant on the right, as MLIR's folding of commutative ops
  // leaves it (and FlyDSL's lowering writes it).
  if ((op == ArithOp::Add || op == ArithOp::Mul) && x.isStatic() && !y.isStatic())
    std::swap(a, c);
  int64_t d = layout::resultDivisor(op, divisorOf(x), divisorOf(y));
  auto result = [&](mlir::Value v, int64_t divisor) {
    return Int::dynamic(std::make_shared<SsaInt>(b, loc, width, v, capDivisor(divisor), r));
  };
  namespace ar = mlir::arith;
  switch (op) {
  case ArithOp::Add:
    return result(ar::AddIOp::create(b, loc, a, c), d);
  case ArithOp::Mul:
    return result(ar::MulIOp::create(b, loc, a, c), d);
  case ArithOp::FloorDiv: // layout leaves are not negative: C's division is CuTe's
    return result(ar::DivSIOp::create(b, loc, a, c), 1);
  case ArithOp::Mod:
    return result(ar::RemSIOp::create(b, loc, a, c), 1);
  case ArithOp::CeilDiv:
  case ArithOp::ShapeDiv: { // (a + c - 1) / c: cheaper than ceildivsi for leaves not negative
    mlir::Value one = ar::ConstantOp::create(b, loc, b.getIntegerAttr(t, 1));
    mlir::Value num = ar::SubIOp::create(b, loc, ar::AddIOp::create(b, loc, a, c), one);
    return result(ar::DivSIOp::create(b, loc, num, c), 1);
  }
  case ArithOp::Min:
    return result(ar::MinSIOp::create(b, loc, a, c), d);
  }
  return Int(0);
}

} // namespace fly::ir
