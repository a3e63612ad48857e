//===- fly_promote_regmem.cpp - Register tensors into SSA vectors ---------===//
//
// fly-promote-regmem-to-vectorssa: registers (a fly.memref.alloca fragment or a
// fly.make_ptr {allocSize} allocation) whose every access is at an offset known
// here become one SSA vector of their size, threaded through the accesses in
// program order from a poison start (what unwritten registers hold): stores are
// vector.insert (or insert_strided_slice for vector stores), loads
// vector.extract. Accesses are fly.memref.load/store at constant coordinates and
// fly.ptr.load/store through fly.get_iter, fly.memref.element_ptr and
// fly.add_offset at constant offsets (views of the pointer that nothing reads
// go); a recast of the pointer, like any other use, keeps the registers in memory.
// Accesses may sit inside scf.for, scf.if and scf.while (nested as deep as they
// like) below the registers' block: the vector is then carried through them as
// one more loop-carried value or result (an scf.if without an else gets one that
// passes the vector on). Registers of 8-bit floats are held as their bits (an i8
// vector: what the matrix cores take), bitcast where a float is stored or read.
// Registers with any other use, or an access at an unknown offset, or inside
// another region op, are left in memory: fly-layout-lowering makes them an
// llvm.alloca, which LLVM's SROA may still promote.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
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

  /// Whether `user` sits in the registers' block or below it only inside scf.for, scf.if and
  /// scf.while, through which the promoted vector can be carried.
  static bool reachable(Block *block, Operation *user) {
    for (Operation *op = user; op; op = op->getParentOp()) {
      if (op->getBlock() == block)
        return true;
      Operation *parent = op->getParentOp();
      if (!parent || !isa<scf::ForOp, scf::IfOp, scf::WhileOp>(parent))
        return false;
    }
    return false;
  }

  /// The accesses of registers `root` (an alloca or a make_ptr), plus the ops that only derive
  /// pointers; nothing where a use keeps it from promotion.
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
      if (!reachable(block, user))
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
        if (!reachable(block, user))
          return false;
        if (auto a = dyn_cast<AddOffsetOp>(user)) {
          auto o = constantScalar(a.getOffset());
          if (!o)
            return false;
          ptrs.push_back({a.getResult(), base + *o});
          derived.push_back(user);
        } else if (isa<MakeViewOp>(user) && user->use_empty()) {
          derived.push_back(user); // a view nothing reads
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
    return true;
  }

  /// `v` (an element or a vector) with elements of `element`, bit for bit.
  static Value asElement(OpBuilder &b, Location loc, Value v, Type element) {
    if (getElementTypeOrSelf(v.getType()) == element)
      return v;
    if (auto vt = dyn_cast<VectorType>(v.getType()))
      return vector::BitCastOp::create(b, loc, vt.clone(element), v);
    return arith::BitcastOp::create(b, loc, element, v);
  }

  /// The registers' vector after access `a`, given `cur` before it (the access goes).
  static Value apply(const Access &a, Value cur) {
    OpBuilder b(a.op);
    Location loc = a.op->getLoc();
    Type element = cast<VectorType>(cur.getType()).getElementType(); // bitsOf the registers'
    Value stored;
    if (auto s = dyn_cast<MemRefStoreOp>(a.op))
      stored = s.getValue();
    else if (auto s = dyn_cast<PtrStoreOp>(a.op))
      stored = s.getValue();
    if (stored) {
      stored = asElement(b, loc, stored, element);
      if (isa<VectorType>(stored.getType()))
        cur = vector::InsertStridedSliceOp::create(b, loc, stored, cur, ArrayRef<int64_t>{a.offset},
                                                   ArrayRef<int64_t>{1});
      else
        cur = vector::InsertOp::create(b, loc, stored, cur, ArrayRef<int64_t>{a.offset});
      a.op->erase();
      return cur;
    }
    Value loaded = a.op->getResult(0);
    Value v;
    if (auto vt = dyn_cast<VectorType>(loaded.getType()))
      v = vector::ExtractStridedSliceOp::create(b, loc, cur, ArrayRef<int64_t>{a.offset},
                                                ArrayRef<int64_t>{vt.getNumElements()},
                                                ArrayRef<int64_t>{1});
    else
      v = vector::ExtractOp::create(b, loc, cur, ArrayRef<int64_t>{a.offset});
    loaded.replaceAllUsesWith(asElement(b, loc, v, getElementTypeOrSelf(loaded.getType())));
    a.op->erase();
    return cur;
  }

  /// Threads the registers' vector through the ops of `block` (after `start`, when given) from
  /// `cur`; gives the vector at the block's end (before its terminator).
  struct Threader {
    llvm::DenseMap<Operation *, int64_t> offsets; // the accesses
    llvm::SmallPtrSet<Operation *, 8> holders;    // region ops with accesses below them

    Value thread(Block &block, Value cur, Operation *start = nullptr) {
      auto ops = start ? llvm::make_range(std::next(Block::iterator(start)), block.end())
                       : llvm::make_range(block.begin(), block.end());
      for (Operation &op : llvm::make_early_inc_range(ops)) {
        if (auto it = offsets.find(&op); it != offsets.end())
          cur = apply({&op, it->second}, cur);
        else if (holders.contains(&op))
          cur = carry(&op, cur);
      }
      return cur;
    }

    /// The vector through a region op: one more loop-carried value or result.
    Value carry(Operation *op, Value cur) {
      IRRewriter rewriter(op->getContext());
      rewriter.setInsertionPoint(op);
      if (auto f = dyn_cast<scf::ForOp>(op)) {
        FailureOr<LoopLikeOpInterface> loop = f.replaceWithAdditionalYields(
            rewriter, ValueRange{cur}, /*replaceInitOperandUsesInLoop=*/false,
            [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) -> SmallVector<Value> {
              return {thread(*f.getBody(), args[0])};
            });
        return (*loop)->getResults().back();
      }
      if (auto i = dyn_cast<scf::IfOp>(op)) {
        SmallVector<Type> types(i.getResultTypes());
        types.push_back(cur.getType());
        auto n = scf::IfOp::create(rewriter, i.getLoc(), types, i.getCondition(),
                                   /*withElseRegion=*/true);
        for (auto [from, to] : {std::pair{&i.getThenRegion(), &n.getThenRegion()},
                                std::pair{&i.getElseRegion(), &n.getElseRegion()}}) {
          if (from->empty()) { // no else: one that passes the vector on
            OpBuilder eb = OpBuilder::atBlockEnd(&to->front());
            scf::YieldOp::create(eb, i.getLoc(), ValueRange{cur});
            continue;
          }
          to->takeBody(*from);
          Operation *yield = to->front().getTerminator();
          Value last = thread(to->front(), cur);
          yield->insertOperands(yield->getNumOperands(), last);
        }
        i->replaceAllUsesWith(n->getResults().drop_back());
        i->erase();
        return n->getResults().back();
      }
      auto w = cast<scf::WhileOp>(op);
      SmallVector<Type> types(w.getResultTypes());
      types.push_back(cur.getType());
      SmallVector<Value> inits(w.getInits());
      inits.push_back(cur);
      auto n = scf::WhileOp::create(rewriter, w.getLoc(), types, inits, nullptr, nullptr);
      for (auto [from, to] :
           {std::pair{&w.getBefore(), &n.getBefore()}, std::pair{&w.getAfter(), &n.getAfter()}}) {
        Block *body = &to->front(); // its arguments: the old ones and the vector
        rewriter.mergeBlocks(&from->front(), body, body->getArguments().drop_back());
        Operation *terminator = body->getTerminator();
        Value last = thread(*body, body->getArguments().back());
        terminator->insertOperands(terminator->getNumOperands(), last);
      }
      w->replaceAllUsesWith(n->getResults().drop_back());
      w->erase();
      return n->getResults().back();
    }
  };

  static void promote(Operation *root, Type element, int64_t cosize, ArrayRef<Access> accesses,
                      ArrayRef<Operation *> derived) {
    Threader t;
    for (const Access &a : accesses) {
      t.offsets[a.op] = a.offset;
      for (Operation *op = a.op; op->getBlock() != root->getBlock();) { // collect checked the way
        op = op->getParentOp();
        t.holders.insert(op);
      }
    }
    OpBuilder b(root);
    Value start =
        ub::PoisonOp::create(b, root->getLoc(), VectorType::get({cosize}, bitsOf(element)));
    t.thread(*root->getBlock(), start, root);
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
