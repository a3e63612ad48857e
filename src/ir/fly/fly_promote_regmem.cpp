//===- fly_promote_regmem.cpp - Register tensors into SSA vectors ---------===//
//
// fly-promote-regmem-to-vectorssa: registers (a fly.memref.alloca fragment or a
// fly.make_ptr {allocSize} allocation) whose every access is at an offset known
// here become one SSA vector of their size, threaded through the accesses in
// order from a poison start (what unwritten registers hold): stores are
// vector.insert (or insert_strided_slice for vector stores), loads
// vector.extract. Accesses are fly.memref.load/store at constant coordinates and
// fly.ptr.load/store through fly.get_iter, fly.memref.element_ptr and
// fly.add_offset at constant offsets; a recast of the pointer, like any other use,
// keeps the registers in memory.
// A fragment with any other use, an access at an unknown offset or an access
// in another block (inside an scf region) is left in memory: fly-layout-lowering
// makes it an llvm.alloca, which LLVM's SROA may still promote.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

/// An access of a fragment: the op and the element offset it reads or writes at.
struct Access {
  Operation *op;
  int64_t offset;
};

struct PromoteRegmemPass : PassWrapper<PromoteRegmemPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PromoteRegmemPass)

  StringRef getArgument() const final { return "fly-promote-regmem-to-vectorssa"; }
  StringRef getDescription() const final {
    return "Promote register tensors accessed at constant offsets to SSA vectors";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, ub::UBDialect, vector::VectorDialect>();
  }

  static std::optional<int64_t> offsetAt(const L::Layout &l, ValueRange coord) {
    if (auto offset = constantOffset(l, coord)) // the fragment's layout is static
      return offset->value();
    return std::nullopt;
  }
  static std::optional<int64_t> offsetAt(const L::Layout &l, Value indices) {
    if (auto c = constantTuple(indices))
      return L::evaluate(l, *c).value();
    return std::nullopt;
  }

  static int64_t lanesOf(Type t) {
    auto v = dyn_cast<VectorType>(t);
    return v ? v.getNumElements() : 1;
  }

  /// The accesses of registers `root` (an alloca or a make_ptr) in order, plus the ops that
  /// only derive pointers; nothing where a use keeps it from promotion.
  static bool collect(Operation *root, int64_t cosize, SmallVectorImpl<Access> &accesses,
                      SmallVectorImpl<Operation *> &derived) {
    Block *block = root->getBlock();
    SmallVector<std::pair<Value, int64_t>> ptrs;
    auto inRange = [&](int64_t o, Type t) { return o >= 0 && o + lanesOf(t) <= cosize; };
    auto alloca = dyn_cast<AllocaOp>(root);
    if (!alloca)
      ptrs.push_back({root->getResult(0), 0});
    L::Layout l = alloca ? alloca.getType().getLayout().getLayout() : L::makeLayout(L::IntTuple(1));
    SmallVector<Operation *> users;
    if (alloca)
      users.assign(alloca->user_begin(), alloca->user_end());
    for (Operation *user : users) {
      if (user->getBlock() != block)
        return false;
      if (auto g = dyn_cast<GetIterOp>(user)) {
        ptrs.push_back({g.getResult(), 0});
        derived.push_back(user);
      } else if (auto e = dyn_cast<ElementPtrOp>(user)) {
        auto o = offsetAt(l, e.getCoord());
        if (!o)
          return false;
        ptrs.push_back({e.getResult(), *o});
        derived.push_back(user);
      } else if (auto m = dyn_cast<MemRefLoadOp>(user)) {
        auto o = offsetAt(l, m.getIndices());
        if (!o || !inRange(*o, m.getType()))
          return false;
        accesses.push_back({user, *o});
      } else if (auto m = dyn_cast<MemRefStoreOp>(user)) {
        auto o = offsetAt(l, m.getIndices());
        if (!o || m.getTensor() != alloca.getResult() || !inRange(*o, m.getValue().getType()))
          return false;
        accesses.push_back({user, *o});
      } else {
        return false;
      }
    }
    for (size_t i = 0; i < ptrs.size(); ++i) { // grows as add_offset derives more
      auto [ptr, base] = ptrs[i];
      for (Operation *user : ptr.getUsers()) {
        if (user->getBlock() != block)
          return false;
        if (auto a = dyn_cast<AddOffsetOp>(user)) {
          auto o = constantScalar(a.getOffset());
          if (!o)
            return false;
          ptrs.push_back({a.getResult(), base + *o});
          derived.push_back(user);
        } else if (auto ld = dyn_cast<PtrLoadOp>(user)) {
          if (!inRange(base, ld.getType()))
            return false;
          accesses.push_back({user, base});
        } else if (auto st = dyn_cast<PtrStoreOp>(user)) {
          if (st.getPtr() != ptr || !inRange(base, st.getValue().getType()))
            return false;
          accesses.push_back({user, base});
        } else {
          return false;
        }
      }
    }
    llvm::sort(accesses,
               [](const Access &a, const Access &b) { return a.op->isBeforeInBlock(b.op); });
    return true;
  }

  static void promote(Operation *root, Type element, int64_t cosize, ArrayRef<Access> accesses,
                      ArrayRef<Operation *> derived) {
    auto whole = VectorType::get({cosize}, element);
    OpBuilder b(root);
    Value cur = ub::PoisonOp::create(b, root->getLoc(), whole);
    for (const Access &a : accesses) {
      b.setInsertionPoint(a.op);
      Value stored;
      if (auto s = dyn_cast<MemRefStoreOp>(a.op))
        stored = s.getValue();
      else if (auto s = dyn_cast<PtrStoreOp>(a.op))
        stored = s.getValue();
      if (stored) {
        if (isa<VectorType>(stored.getType()))
          cur = vector::InsertStridedSliceOp::create(
              b, a.op->getLoc(), stored, cur, ArrayRef<int64_t>{a.offset}, ArrayRef<int64_t>{1});
        else
          cur =
              vector::InsertOp::create(b, a.op->getLoc(), stored, cur, ArrayRef<int64_t>{a.offset});
        a.op->erase();
        continue;
      }
      Value loaded = a.op->getResult(0);
      Value v;
      if (auto vt = dyn_cast<VectorType>(loaded.getType()))
        v = vector::ExtractStridedSliceOp::create(
            b, a.op->getLoc(), cur, ArrayRef<int64_t>{a.offset},
            ArrayRef<int64_t>{vt.getNumElements()}, ArrayRef<int64_t>{1});
      else
        v = vector::ExtractOp::create(b, a.op->getLoc(), cur, ArrayRef<int64_t>{a.offset});
      loaded.replaceAllUsesWith(v);
      a.op->erase();
    }
    for (Operation *op : llvm::reverse(derived))
      op->erase();
    root->erase();
  }

  void runOnOperation() override {
    SmallVector<std::tuple<Operation *, Type, int64_t>> roots; // with element type and size
    getOperation()->walk([&](Operation *op) {
      if (auto a = dyn_cast<AllocaOp>(op))
        roots.push_back({op, a.getType().getElementType(),
                         L::cosize(a.getType().getLayout().getLayout()).value()});
      else if (auto p = dyn_cast<MakePtrOp>(op); p && p.getArgs().empty())
        if (auto size = p.getAllocInt("allocSize"))
          roots.push_back({op, p.getType().getElementType(), *size});
    });
    for (auto [root, element, size] : roots) {
      SmallVector<Access> accesses;
      SmallVector<Operation *> derived;
      if (collect(root, size, accesses, derived))
        promote(root, element, size, accesses, derived);
    }
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createPromoteRegmemPass() {
  return std::make_unique<PromoteRegmemPass>();
}

void fly::ir::fly::registerPromoteRegmemPass() { PassRegistration<PromoteRegmemPass>(); }
