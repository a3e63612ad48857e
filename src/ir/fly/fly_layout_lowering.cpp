//===- fly_layout_lowering.cpp - Layout values to arith -------------------===//
//
// fly-layout-lowering runs the layout algebra a second time, now on SSA leaves:
// each layout value becomes a src/layout Layout whose dynamic leaves are index
// values (SsaInt), each algebra op calls computeLayout, the function that gave
// the op its result type, and where the algebra combines an SsaInt the pass
// emits the arith op. fly.crd2idx and the queries then become arith on those
// leaves (constants where static: a static layout costs no division or
// remainder), and the layout values, left without uses, go.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"
#include "layout/text.h"

#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassRegistry.h"

#include <numeric>

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

/// A leaf that is an index value; combining it builds arith at the pass's builder's point
/// (just before the op being lowered).
struct SsaInt final : L::DynamicInt {
  SsaInt(OpBuilder &b, Location loc, Value v) : b(b), loc(loc), v(v) {}
  std::string str() const override { return "?"; }
  L::Int combine(L::ArithOp op, const L::Int &x, const L::Int &y) const override;

  static Value materialize(OpBuilder &b, Location loc, const L::Int &x) {
    if (x.isStatic())
      return arith::ConstantIndexOp::create(b, loc, x.value());
    return static_cast<const SsaInt *>(x.dynamicPart())->v;
  }
  static L::Int wrap(OpBuilder &b, Location loc, Value v) {
    return L::Int::dynamic(std::make_shared<SsaInt>(b, loc, v));
  }

  OpBuilder &b;
  Location loc;
  Value v;
};

bool isStatic(const L::Int &x, int64_t v) { return x.isStatic() && !x.isBasis() && x.value() == v; }

L::Int SsaInt::combine(L::ArithOp op, const L::Int &x, const L::Int &y) const {
  using L::ArithOp;
  // What adds 0 or multiplies by 1 emits nothing.
  if (op == ArithOp::Add && (isStatic(x, 0) || isStatic(y, 0)))
    return isStatic(x, 0) ? y : x;
  if (op == ArithOp::Mul && (isStatic(x, 1) || isStatic(y, 1)))
    return isStatic(x, 1) ? y : x;
  if (op == ArithOp::Mul && (isStatic(x, 0) || isStatic(y, 0)))
    return L::Int(0);
  if ((op == ArithOp::FloorDiv || op == ArithOp::CeilDiv || op == ArithOp::ShapeDiv) &&
      isStatic(y, 1))
    return x;
  Value a = materialize(b, loc, x), c = materialize(b, loc, y);
  switch (op) {
  case ArithOp::Add:
    return wrap(b, loc, arith::AddIOp::create(b, loc, a, c));
  case ArithOp::Mul:
    return wrap(b, loc, arith::MulIOp::create(b, loc, a, c));
  case ArithOp::FloorDiv:
    return wrap(b, loc, arith::DivSIOp::create(b, loc, a, c));
  case ArithOp::Mod:
    return wrap(b, loc, arith::RemSIOp::create(b, loc, a, c));
  case ArithOp::CeilDiv:
  case ArithOp::ShapeDiv:
    return wrap(b, loc, arith::CeilDivSIOp::create(b, loc, a, c));
  case ArithOp::Min:
    return wrap(b, loc, arith::MinSIOp::create(b, loc, a, c));
  }
  return L::Int(0);
}

/// A coordinate with the structure of `shape` from flat leaves.
L::IntTuple unflatten(const L::IntTuple &shape, ArrayRef<L::Int> leaves, size_t &next) {
  if (!shape.isTuple())
    return L::IntTuple(leaves[next++]);
  std::vector<L::IntTuple> out;
  for (const L::IntTuple &e : shape.elems())
    out.push_back(unflatten(e, leaves, next));
  return L::IntTuple::tuple(std::move(out));
}

struct LayoutLoweringPass : PassWrapper<LayoutLoweringPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LayoutLoweringPass)

  StringRef getArgument() const final { return "fly-layout-lowering"; }
  StringRef getDescription() const final {
    return "Lower layout values (static or with SSA leaves), fly.crd2idx and queries to arith";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    llvm::DenseMap<Value, L::Layout> layouts;
    SmallVector<Operation *> dead;
    OpBuilder b(&getContext());
    WalkResult result = getOperation()->walk([&](Operation *op) -> WalkResult {
      if (!isa<FlyDialect>(op->getDialect()))
        return WalkResult::advance();
      b.setInsertionPoint(op);
      Location loc = op->getLoc();
      try {
        if (auto l = dyn_cast<LayoutOp>(op)) {
          auto leaves = l.getLeaves();
          size_t next = 0;
          L::TextReader r(
              std::string_view(l.getType().getText().data(), l.getType().getText().size()));
          r.setDynamicLeaves([&] { return SsaInt::wrap(b, loc, leaves[next++]); });
          layouts.try_emplace(l.getResult(), r.layout());
        } else if (isAlgebraOp(op->getName().getStringRef())) {
          std::vector<L::Layout> in;
          for (Value v : op->getOperands())
            in.push_back(layouts.at(v));
          layouts.try_emplace(op->getResult(0), computeLayout(op->getName().getStringRef(), in));
        } else if (auto c = dyn_cast<Crd2IdxOp>(op)) {
          const L::Layout &l = layouts.at(c.getLayout());
          std::vector<L::Int> coord;
          for (Value v : c.getCoord())
            coord.push_back(SsaInt::wrap(b, loc, v));
          size_t next = 0;
          L::IntTuple crd = unflatten(l.shape(), coord, next);
          c.getResult().replaceAllUsesWith(SsaInt::materialize(b, loc, L::evaluate(l, crd).leaf()));
        } else if (isa<SizeOp, CosizeOp, RankOp, DepthOp>(op)) {
          const L::Layout &l = layouts.at(op->getOperand(0));
          L::Int answer = isa<SizeOp>(op)     ? L::size(l)
                          : isa<CosizeOp>(op) ? L::cosize(l)
                          : isa<RankOp>(op)   ? L::Int(int64_t(l.rank()))
                                              : L::Int(int64_t(L::depth(l)));
          op->getResult(0).replaceAllUsesWith(SsaInt::materialize(b, loc, answer));
        }
      } catch (const L::LayoutError &e) {
        op->emitOpError("cannot be lowered: ") << e.what();
        return WalkResult::interrupt();
      }
      dead.push_back(op);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // Uses come after definitions: erase in reverse.
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        op->erase();
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
