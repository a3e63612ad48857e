//===- fly_atom_lowering.cpp - Copies into their atom calls ---------------===//
//
// fly-atom-lowering expands each fly.copy into one step per atom call: the
// pointers to the call's first elements on both sides (fly.memref.element_ptr
// at constant coordinates, with the alignment the layouts guarantee there)
// and the target's instruction between them. Universal and LDS atoms are a
// vector load and store on every target; a cp_async atom is fly.cp_async on
// cuda (NVVM cp.async after fly-layout-lowering) and a synchronous vector load
// and store on cpu and rocm, which have no asynchronous global-to-shared copy
// (there fly.cp_async_wait has nothing to wait for and goes).
// The calls come from planAtomCalls, the plan fly.copy's verifier checked.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

struct AtomLoweringPass : PassWrapper<AtomLoweringPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AtomLoweringPass)

  AtomLoweringPass() = default;
  AtomLoweringPass(const AtomLoweringPass &other) : PassWrapper(other) {}
  explicit AtomLoweringPass(StringRef t) { target = t.str(); }

  StringRef getArgument() const final { return "fly-atom-lowering"; }
  StringRef getDescription() const final {
    return "Expand fly.copy into the atom calls of a target (cpu, rocm or cuda)";
  }

  Option<std::string> target{*this, "target", llvm::cl::desc("The target: cpu, rocm or cuda"),
                             llvm::cl::init("cpu")};

  /// The pointer to the first element of one call, aligned as the layout allows there.
  static Value callPointer(OpBuilder &b, Location loc, Value tensor,
                           const std::vector<int64_t> &coord, const L::Int &offset) {
    auto t = cast<FlyMemRefType>(tensor.getType());
    SmallVector<Value> crd;
    for (int64_t c : coord)
      crd.push_back(arith::ConstantIndexOp::create(b, loc, c));
    auto ptr = PointerType::get(b.getContext(), t.getElementType(), t.getAddressSpace(),
                                alignmentAt(t, offset), {});
    return ElementPtrOp::create(b, loc, ptr, tensor, crd);
  }

  void runOnOperation() override {
    if (target != "cpu" && target != "rocm" && target != "cuda") {
      getOperation()->emitError("fly-atom-lowering: no target ")
          << target << " (cpu, rocm or cuda)";
      return signalPassFailure();
    }
    SmallVector<CopyOp> copies;
    getOperation()->walk([&](CopyOp c) { copies.push_back(c); });
    for (CopyOp c : copies) {
      CopyAtomType atom = c.getAtom().getType();
      OpBuilder b(c);
      Location loc = c.getLoc();
      AtomCalls src, dst;
      try {
        src = planAtomCalls(c.getSrc().getType(), atom);
        dst = planAtomCalls(c.getDst().getType(), atom);
      } catch (const L::LayoutError &e) { // the verifier ran: only a changed op gets here
        c.emitOpError("cannot be expanded: ") << e.what();
        return signalPassFailure();
      }
      bool async = atom.getKind() == "cp_async" && target == "cuda";
      Type element = atom.getElementType();
      Type value = atom.getValues() == 1 ? element : VectorType::get({atom.getValues()}, element);
      for (size_t i = 0; i < src.coords.size(); ++i) {
        Value from = callPointer(b, loc, c.getSrc(), src.coords[i], src.offsets[i]);
        Value to = callPointer(b, loc, c.getDst(), dst.coords[i], dst.offsets[i]);
        if (async) {
          CpAsyncOp::create(b, loc, from, to, b.getI64IntegerAttr(atom.getBits() / 8));
          continue;
        }
        Value v = PtrLoadOp::create(b, loc, value, from);
        PtrStoreOp::create(b, loc, v, to);
      }
      c.erase();
    }
    if (target != "cuda")
      getOperation()->walk([](CpAsyncWaitOp w) { w.erase(); });
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createAtomLoweringPass(StringRef target) {
  return std::make_unique<AtomLoweringPass>(target);
}

void fly::ir::fly::registerAtomLoweringPass() { PassRegistration<AtomLoweringPass>(); }
