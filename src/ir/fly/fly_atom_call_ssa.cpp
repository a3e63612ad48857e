//===- fly_atom_call_ssa.cpp - Atom calls on registers in SSA form --------===//
//
// fly-convert-atom-call-to-ssa-form: where an atom call reads or writes a
// register fragment whose values are consecutive (its layout coalesces to n:1),
// the call takes or gives those values as an SSA vector instead: a fragment it
// reads is loaded whole before it (fly.ptr.load through the fragment's pointer),
// a fragment it writes is stored whole after it. Then nothing but whole loads and
// stores touches the registers, which fly-promote-regmem-to-vectorssa turns into
// SSA values. fly.copy_atom_call becomes fly.copy_atom_call_ssa (a predicated
// write into registers reads the old values first: they stay where the predicate
// is false); fly.mma_atom_call becomes fly.mma_atom_call_ssa, keeping D and C as
// fragments where they are not consecutive.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

struct AtomCallSsaPass : PassWrapper<AtomCallSsaPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AtomCallSsaPass)

  StringRef getArgument() const final { return "fly-convert-atom-call-to-ssa-form"; }
  StringRef getDescription() const final {
    return "Give atom calls their register fragments' values as SSA vectors";
  }

  /// A register fragment whose values are consecutive from its pointer.
  static bool consecutiveRegisters(Value v) {
    auto t = dyn_cast<FlyMemRefType>(v.getType());
    if (!t || t.getAddressSpace() != Register || !t.getSwizzle().empty() ||
        t.getLayout().getNumDynamicLeaves() != 0)
      return false;
    L::Layout l = L::coalesce(t.getLayout().getLayout());
    return l.shape().isLeaf() && (l.shape().value() == 1 || l.stride().value() == 1);
  }

  /// The fragment's values as one access takes them: a vector (a scalar for one value).
  static Type valuesType(Value v) {
    auto t = cast<FlyMemRefType>(v.getType());
    int64_t n = L::size(t.getLayout().getLayout()).value();
    return accessType(t.getElementType(), n);
  }

  static Value loadWhole(OpBuilder &b, Location loc, Value fragment) {
    return PtrLoadOp::create(b, loc, valuesType(fragment), tensorPointer(b, loc, fragment));
  }

  /// An MMA operand fragment read whole, 8-bit floats as their bits (as the instruction takes
  /// them and the promoted registers hold them).
  static Value loadOperand(OpBuilder &b, Location loc, Value fragment) {
    auto t = cast<FlyMemRefType>(fragment.getType());
    Type type = accessType(bitsOf(t.getElementType()), L::size(t.getLayout().getLayout()).value());
    return PtrLoadOp::create(b, loc, type, tensorPointer(b, loc, fragment));
  }

  static void convert(CopyAtomCallOp c) {
    bool srcRegs = consecutiveRegisters(c.getSrc()), dstRegs = consecutiveRegisters(c.getDst());
    if (!srcRegs && !dstRegs)
      return;
    OpBuilder b(c);
    Location loc = c.getLoc();
    Value src = srcRegs ? loadWhole(b, loc, c.getSrc()) : c.getSrc();
    Value pred =
        c.getPred()
            ? Value(PtrLoadOp::create(b, loc, b.getI1Type(), tensorPointer(b, loc, c.getPred())))
            : Value();
    if (!dstRegs) {
      CopyAtomCallSsaOp::create(b, loc, TypeRange{}, c.getCopyAtom(), src, c.getDst(), pred);
    } else {
      Value old = pred ? loadWhole(b, loc, c.getDst()) : Value();
      Value v = CopyAtomCallSsaOp::create(b, loc, TypeRange{valuesType(c.getDst())},
                                          c.getCopyAtom(), src, old, pred)
                    .getResult(0);
      PtrStoreOp::create(b, loc, v, tensorPointer(b, loc, c.getDst()));
    }
    c.erase();
  }

  static void convert(MmaAtomCallOp m) {
    Value d = m.getD(), a = m.getA(), bv = m.getB(), c = m.getC();
    if (!consecutiveRegisters(a) && !consecutiveRegisters(bv) && !consecutiveRegisters(c) &&
        !consecutiveRegisters(d))
      return;
    OpBuilder b(m);
    Location loc = m.getLoc();
    auto operand = [&](Value v) { return consecutiveRegisters(v) ? loadOperand(b, loc, v) : v; };
    Value av = operand(a), bValue = operand(bv), cv = operand(c);
    if (consecutiveRegisters(d)) {
      Value res = MmaAtomCallSsaOp::create(b, loc, TypeRange{valuesType(d)}, m.getAtom(), Value(),
                                           av, bValue, cv)
                      .getResult(0);
      PtrStoreOp::create(b, loc, res, tensorPointer(b, loc, d));
    } else {
      MmaAtomCallSsaOp::create(b, loc, TypeRange{}, m.getAtom(), d, av, bValue, cv);
    }
    m.erase();
  }

  void runOnOperation() override {
    SmallVector<Operation *> calls;
    getOperation()->walk([&](Operation *op) {
      if (isa<CopyAtomCallOp, MmaAtomCallOp>(op))
        calls.push_back(op);
    });
    llvm::SetVector<Operation *> views; // the calls' views, which may have no other use now
    for (Operation *op : calls) {
      for (Value v : op->getOperands())
        if (auto view = v.getDefiningOp<MakeViewOp>())
          views.insert(view);
      if (auto c = dyn_cast<CopyAtomCallOp>(op))
        convert(c);
      else
        convert(cast<MmaAtomCallOp>(op));
    }
    for (Operation *view : views)
      if (view->use_empty())
        view->erase();
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createAtomCallSsaPass() {
  return std::make_unique<AtomCallSsaPass>();
}

void fly::ir::fly::registerAtomCallSsaPass() { PassRegistration<AtomCallSsaPass>(); }
