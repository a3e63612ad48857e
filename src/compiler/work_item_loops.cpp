//===- work_item_loops.cpp - A block's threads as loops between barriers --===//
//
// A kernel qualifies when its body is one block whose barriers and shuffles are all in it
// (none inside scf regions), its register allocas sit in that block with constant sizes,
// and it uses no GPU op this file does not know. Its top-level ops are then cut at each
// collective into regions, and the function becomes:
//
//   uniform ops (constants, block ids and sizes, pure ops of those), hoisted;
//   per-thread storage: a slab per alloca, a slot array per value that crosses regions;
//   for t in [0, threads): region 0    (thread ids from t: x fastest, lane = t % wave)
//   for t in [0, threads): region 1    (a shuffle first: it reads its source lane's slot)
//   ...
//
// Threads run each region in x-fastest order, as the fibers did between two collectives, so
// results do not change; a shuffle's `valid` is true, as the fibers' runtime gives it.
//
//===----------------------------------------------------------------------===//

#include "compiler/work_item_loops.h"
#include "compiler/cp_async.h"
#include "compiler/small_floats.h"
#include "ir/mlir_module.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/MapVector.h"

#include <array>
#include <atomic>
#include <functional>

namespace fly::compiler {

namespace {

using namespace mlir;

// Thread slabs for allocas are sized for the largest block; beyond this the stack would not
// hold them and the kernel keeps fibers.
constexpr int64_t kMaxThreads = 1024;
constexpr int64_t kMaxSlabBytes = 4 << 20;

std::atomic<int64_t> fiberKernels{0};

bool isCollective(Operation *op) { return isa<gpu::BarrierOp, gpu::ShuffleOp>(op); }

bool isThreadDependent(Operation *op) { return isa<gpu::ThreadIdOp, gpu::LaneIdOp>(op); }

/// The bytes of one element of `t` (0 where unknown here).
int64_t bytesOf(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return v.getNumElements() * bytesOf(v.getElementType());
  if (t.isIntOrFloat())
    return (t.getIntOrFloatBitWidth() + 7) / 8;
  if (isa<LLVM::LLVMPointerType>(t) || t.isIndex())
    return 8;
  return 0;
}

/// Whether values of these types can live in per-thread slots.
bool keptPerThread(TypeRange types) {
  return llvm::all_of(types, [](Type t) { return bytesOf(t) != 0; });
}

bool containsCollective(Operation *op) {
  bool found = false;
  op->walk([&](Operation *inner) { found = found || isCollective(inner); });
  return found;
}

/// Marks a loop whose iterations the block's threads run in lockstep (see interleave()).
constexpr const char *kLockstepAttr = "fly.lockstep";

/// A loop that keeps its place between the loops over threads: an scf.for with barriers or
/// shuffles inside, or one run in lockstep. Its bounds are the same for every thread; the
/// values it carries move to per-thread slots.
bool isStructural(Operation *op) {
  if (isa<scf::IfOp>(op))
    return containsCollective(op);
  return isa<scf::ForOp>(op) && (op->hasAttr(kLockstepAttr) || containsCollective(op));
}

/// Whether `op` computes the same value in every thread of a block, given which of its
/// operands do: pure, without regions, not a thread index.
bool staysUniform(Operation *op, const llvm::DenseSet<Value> &uniform) {
  if (auto call = dyn_cast<func::CallOp>(op)) // the block's shared memory: one address for all
    return call.getCallee() == ir::kSharedBaseFn || call.getCallee() == ir::kDynamicSharedBaseFn;
  return op->getNumRegions() == 0 && isPure(op) && !isThreadDependent(op) &&
         llvm::all_of(op->getOperands(), [&](Value v) { return uniform.contains(v); });
}

/// The values that are the same in every thread: arguments, pure ops of those and the
/// induction variables of structural loops.
llvm::DenseSet<Value> uniformValues(gpu::GPUFuncOp f) {
  llvm::DenseSet<Value> uniform(f.getArguments().begin(), f.getArguments().end());
  f.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (staysUniform(op, uniform))
      uniform.insert(op->result_begin(), op->result_end());
    else if (auto loop = dyn_cast<scf::ForOp>(op); loop && isStructural(op))
      uniform.insert(loop.getInductionVar());
  });
  return uniform;
}

/// Why `f` cannot become work-item loops, or "" where it can.
std::string whyNot(gpu::GPUFuncOp f) {
  if (!f.getBody().hasOneBlock())
    return "its body has more than one block";
  Block &body = f.getBody().front();
  llvm::DenseSet<Value> uniform = uniformValues(f);
  std::string why;
  int64_t slabBytes = 0;
  f.walk([&](Operation *op) {
    if (!why.empty())
      return;
    if (isCollective(op)) {
      for (Operation *p = op->getParentOp(); p != f.getOperation(); p = p->getParentOp()) {
        if (auto branch = dyn_cast<scf::IfOp>(p)) {
          if (!uniform.contains(branch.getCondition())) {
            why = "a barrier or shuffle under a condition that differs between threads";
            return;
          }
          if (!keptPerThread(branch.getResultTypes())) {
            why = "a barrier or shuffle inside an scf.if that yields a value of a type kept "
                  "nowhere per thread";
            return;
          }
          continue;
        }
        auto loop = dyn_cast<scf::ForOp>(p);
        if (!loop) {
          why = "a barrier or shuffle inside control flow other than scf.for and scf.if";
          return;
        }
        if (!keptPerThread(loop.getResultTypes())) {
          why = "a barrier or shuffle inside a loop that carries a value of a type kept "
                "nowhere per thread";
          return;
        }
        for (Value v : {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
          if (!uniform.contains(v)) {
            why = "a barrier or shuffle inside a loop whose bounds differ between threads";
            return;
          }
      }
    } else if (auto a = dyn_cast<LLVM::AllocaOp>(op)) {
      auto n = ir::integerConstant(a.getArraySize());
      int64_t bytes = bytesOf(a.getElemType());
      if (a->getBlock() != &body || !n || bytes == 0)
        why = "a register alloca inside control flow or of a size unknown at compile time";
      else
        slabBytes += *n * bytes * kMaxThreads;
    } else if (auto call = dyn_cast<func::CallOp>(op);
               call &&
               (call.getCallee() == kMbarrierWaitFn || call.getCallee() == kNamedBarrierFn)) {
      // The phase may need arrivals of threads that run later (warp-specialised kernels).
      why = call.getCallee() == kMbarrierWaitFn ? "an mbarrier wait" : "a named barrier";
    } else if (op->getDialect() && op->getDialect()->getNamespace() == "gpu" &&
               !isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp, gpu::LaneIdOp,
                    gpu::BarrierOp, gpu::ShuffleOp, gpu::ReturnOp, gpu::PrintfOp, gpu::GPUFuncOp>(
                   op))
      why = "the GPU op " + op->getName().getStringRef().str();
  });
  if (why.empty() && slabBytes > kMaxSlabBytes)
    why = "its register allocas need " + std::to_string(slabBytes) + " bytes for 1024 threads";
  return why;
}

/// The lowest value `v` takes in the block, built at `b` from uniform values, where `v` is a
/// non-decreasing function of the thread index (the index itself, casts and extensions of it,
/// sums, products by non-negative constants): its value at thread 0. Null where it is not.
Value lowestOverThreads(Value v, const llvm::DenseSet<Value> &uniform, OpBuilder &b) {
  if (uniform.contains(v))
    return v;
  Operation *op = v.getDefiningOp();
  if (!op || op->getNumResults() != 1)
    return {};
  if (isa<gpu::ThreadIdOp>(op))
    return arith::ConstantIndexOp::create(b, op->getLoc(), 0);
  bool monotone =
      isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp, arith::AddIOp>(
          op);
  if (auto mul = dyn_cast<arith::MulIOp>(op))
    monotone = llvm::any_of(mul->getOperands(), [](Value x) {
      auto c = ir::integerConstant(x);
      return c && *c >= 0;
    });
  if (!monotone)
    return {};
  IRMapping map;
  for (Value operand : op->getOperands()) {
    Value low = lowestOverThreads(operand, uniform, b);
    if (!low)
      return {};
    map.map(operand, low);
  }
  return b.clone(*op, map)->getResult(0);
}

/// Whether each thread's iterations of `loop` may run in lockstep with the other threads': a
/// block-strided loop (lower bound from the thread index, the same positive constant step and
/// upper bound everywhere) with no collective, and whose body only computes, loads and stores.
/// Threads between two collectives are independent, so the order does not change a race-free
/// kernel's results; atomics and printf, whose order shows, keep the loop per thread.
bool interleavable(scf::ForOp loop, const llvm::DenseSet<Value> &uniform) {
  auto step = ir::integerConstant(loop.getStep());
  if (!step || *step <= 0 || !uniform.contains(loop.getUpperBound()) ||
      uniform.contains(loop.getLowerBound()) || containsCollective(loop))
    return false;
  if (!keptPerThread(loop.getResultTypes()))
    return false;
  bool plain = true;
  loop.getBody()->walk([&](Operation *op) {
    plain = plain && (isPure(op) ||
                      isa<LLVM::LoadOp, LLVM::StoreOp, scf::YieldOp, scf::IfOp, scf::ForOp>(op));
  });
  return plain;
}

/// Runs `loop` in lockstep: `for j = lb(t) to ub step s` becomes `for k = 0 to trips` with
/// `j = lb(t) + k*s` and the body under `j < ub`, where trips counts the iterations of the
/// thread with the lowest bound. The new loop is structural, so the threads become the loop
/// inside each iteration, the innermost loop, where LLVM vectorizes them as a wave's lanes.
void interleave(scf::ForOp loop, const llvm::DenseSet<Value> &uniform) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  Value low = lowestOverThreads(loop.getLowerBound(), uniform, b);
  if (!low)
    return;
  Type it = loop.getLowerBound().getType();
  auto constant = [&](int64_t c) -> Value {
    if (it.isIndex())
      return arith::ConstantIndexOp::create(b, loc, c);
    return arith::ConstantIntOp::create(b, loc, it, c);
  };
  Value zero = constant(0), one = constant(1);
  Value span = arith::SubIOp::create(b, loc, loop.getUpperBound(), low);
  Value trips = arith::MaxSIOp::create(b, loc, zero,
                                       arith::CeilDivSIOp::create(b, loc, span, loop.getStep()));
  auto outer = scf::ForOp::create(b, loc, zero, trips, one, loop.getInitArgs());
  outer->setAttr(kLockstepAttr, b.getUnitAttr());
  Block *body = outer.getBody();
  if (!body->empty())
    body->back().erase(); // the builder's empty yield: the new one comes last
  OpBuilder ib = OpBuilder::atBlockEnd(body);
  Value j = arith::AddIOp::create(
      ib, loc, loop.getLowerBound(),
      arith::MulIOp::create(ib, loc, outer.getInductionVar(), loop.getStep()));
  Value inside = arith::CmpIOp::create(ib, loc, arith::CmpIPredicate::slt, j, loop.getUpperBound());
  auto guard = scf::IfOp::create(ib, loc, loop.getResultTypes(), inside, true, true);
  for (Block *branch : {guard.thenBlock(), guard.elseBlock()})
    if (!branch->empty())
      branch->back().erase();
  Block *from = loop.getBody();
  loop.getInductionVar().replaceAllUsesWith(j);
  for (auto [arg, carried] : llvm::zip(loop.getRegionIterArgs(), outer.getRegionIterArgs()))
    arg.replaceAllUsesWith(carried);
  guard.thenBlock()->getOperations().splice(guard.thenBlock()->end(), from->getOperations());
  OpBuilder eb = OpBuilder::atBlockEnd(guard.elseBlock());
  scf::YieldOp::create(eb, loc, outer.getRegionIterArgs());
  scf::YieldOp::create(ib, loc, guard.getResults());
  loop.replaceAllUsesWith(outer.getResults());
  loop.erase();
}

/// The ids of thread `t` of the block, computed at the top of a region's loop.
struct ThreadIds {
  Value t, x, y, z, lane;
};

class Converter {
public:
  Converter(gpu::GPUFuncOp f, int waveSize)
      : f(f), body(f.getBody().front()), b(f.getContext()), waveSize(waveSize) {}

  void run() {
    Location loc = f.getLoc();
    b.setInsertionPointToStart(&body);
    // Block sizes and the wave come first: everything below may use them.
    Value bx = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
    Value by = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
    Value bz = gpu::BlockDimOp::create(b, loc, gpu::Dimension::z);
    Value wave = waveOf(b, loc);
    Value bxy = arith::MulIOp::create(b, loc, bx, by);
    threads = arith::MulIOp::create(b, loc, bxy, bz);
    llvm::DenseSet<Operation *> setup;
    for (Value v : {bx, by, bz, wave, bxy, threads})
      setup.insert(v.getDefiningOp());

    uniform = llvm::DenseSet<Value>(f.getArguments().begin(), f.getArguments().end());
    for (Operation *op : setup)
      uniform.insert(op->result_begin(), op->result_end());
    b.setInsertionPoint(body.getTerminator());
    zero = arith::ConstantIndexOp::create(b, loc, 0);
    one = arith::ConstantIndexOp::create(b, loc, 1);
    idsFrom = {bx, by, bxy, wave};
    interleaveStridedLoops();
    SmallVector<Operation *> carrying;
    f.walk([&](Operation *op) { // inner ones first
      if (op->getNumResults() != 0 && isa<scf::ForOp, scf::IfOp>(op) && isStructural(op))
        carrying.push_back(op);
    });
    for (Operation *op : carrying) {
      if (auto loop = dyn_cast<scf::ForOp>(op))
        demoteCarriedValues(loop, setup);
      else
        demoteResults(cast<scf::IfOp>(op), setup);
    }
    split(body, &setup);
    for (Operation *op : barriers)
      op->erase();

    replaceThreadIds();
    replaceAllocas();
    // The values the shuffles exchange as they are now: the steps above replaced some (thread
    // ids, allocas, carried values) and erased their ops, and the next one moves the shuffles'
    // own operands to per-region loads.
    for (auto &[s, value] : shuffled)
      value = cast<gpu::ShuffleOp>(s).getValue();
    keepCrossingValues();
    for (auto [s, value] : shuffled)
      lowerShuffle(cast<gpu::ShuffleOp>(s), value);
    f->setAttr(kWorkItemLoopsAttr, b.getUnitAttr());
  }

private:
  /// Cuts `block` at its collectives: uniform ops move to its start, the rest become loops
  /// over the block's threads in order, with structural loops between them (their bodies cut
  /// the same way). The top-level block also turns its allocas into per-thread slabs.
  void split(Block &block, const llvm::DenseSet<Operation *> *setup) {
    Location loc = f.getLoc();
    struct Item {
      Operation *structural = nullptr;
      SmallVector<Operation *> ops;
    };
    SmallVector<Item> items(1);
    SmallVector<Operation *> hoisted, allocas;
    for (Operation &op : block.without_terminator()) {
      if (setup && setup->contains(&op))
        continue;
      if (setup && isa<LLVM::AllocaOp>(op)) {
        allocas.push_back(&op);
      } else if (staysUniform(&op, uniform)) {
        hoisted.push_back(&op);
        uniform.insert(op.result_begin(), op.result_end());
      } else if (isa<gpu::BarrierOp>(op)) {
        barriers.push_back(&op);
        items.emplace_back();
      } else if (isa<gpu::ShuffleOp>(op)) {
        if (!items.back().ops.empty() || items.back().structural)
          items.emplace_back();
        items.back().ops.push_back(&op);
        shuffled[&op] = cast<gpu::ShuffleOp>(op).getValue();
      } else if (isStructural(&op)) {
        if (auto loop = dyn_cast<scf::ForOp>(op))
          uniform.insert(loop.getInductionVar());
        items.push_back({&op, {}});
        items.emplace_back();
      } else {
        items.back().ops.push_back(&op);
      }
    }
    for (Operation *op : hoisted)
      op->moveBefore(block.getTerminator());
    OpBuilder bb(block.getTerminator());
    if (!allocas.empty()) { // per-thread slabs: thread t's fragment at t * count
      Value count64 = arith::IndexCastOp::create(bb, loc, bb.getI64Type(), threads);
      for (Operation *op : allocas) {
        auto a = cast<LLVM::AllocaOp>(op);
        Value total = arith::MulIOp::create(
            bb, loc, count64,
            arith::ConstantIntOp::create(bb, loc, bb.getI64Type(),
                                         *ir::integerConstant(a.getArraySize())));
        slabs[op] = LLVM::AllocaOp::create(bb, loc, a.getType(), a.getElemType(), total,
                                           a.getAlignment().value_or(0));
      }
    }
    for (Item &item : items) {
      if (item.structural) {
        item.structural->moveBefore(block.getTerminator());
        continue;
      }
      if (item.ops.empty())
        continue;
      // z, y, x nested: the ids are the induction variables, the linear index a sum of
      // products (no division per thread); the lane divides by the wave size, a constant.
      auto [bx, by, bxy, wave] = idsFrom;
      Value bz = arith::DivUIOp::create(bb, loc, threads, bxy);
      auto zl = scf::ForOp::create(bb, loc, zero, bz, one);
      OpBuilder yb = OpBuilder::atBlockBegin(zl.getBody());
      auto yl = scf::ForOp::create(yb, loc, zero, by, one);
      OpBuilder xb = OpBuilder::atBlockBegin(yl.getBody());
      auto loop = scf::ForOp::create(xb, loc, zero, bx, one);
      OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
      ThreadIds ids;
      ids.z = zl.getInductionVar();
      ids.y = yl.getInductionVar();
      ids.x = loop.getInductionVar();
      Value row = arith::AddIOp::create(lb, loc, arith::MulIOp::create(lb, loc, ids.z, by), ids.y);
      ids.t = arith::AddIOp::create(lb, loc, arith::MulIOp::create(lb, loc, row, bx), ids.x);
      ids.lane = arith::RemUIOp::create(lb, loc, ids.t, wave);
      loopIndex[loop] = loops.size();
      loops.push_back(loop);
      threadIds.push_back(ids);
      regions.push_back(item.ops);
      for (Operation *op : item.ops)
        op->moveBefore(loop.getBody()->getTerminator());
    }
    for (Item &item : items)
      if (item.structural)
        for (Region &region : item.structural->getRegions())
          for (Block &inner : region)
            split(inner, nullptr);
  }

  /// Block-strided loops at the top level or directly in a structural loop's body run in
  /// lockstep (interleave()).
  void interleaveStridedLoops() {
    llvm::DenseSet<Value> known = uniformValues(f);
    known.insert(uniform.begin(), uniform.end());
    SmallVector<scf::ForOp> strided;
    f.walk([&](scf::ForOp loop) {
      Operation *parent = loop->getParentOp();
      bool placed = parent == f.getOperation() || isStructural(parent);
      if (placed && interleavable(loop, known))
        strided.push_back(loop);
    });
    for (scf::ForOp loop : strided)
      interleave(loop, known);
  }

  /// The linear index of the current thread, built at `ob` from thread ids (which the
  /// regions replace by their own).
  Value linearThreadId(OpBuilder &ob, Location loc) {
    auto [bx, by, bxy, wave] = idsFrom;
    (void)bxy, (void)wave;
    Value x = gpu::ThreadIdOp::create(ob, loc, gpu::Dimension::x);
    Value y = gpu::ThreadIdOp::create(ob, loc, gpu::Dimension::y);
    Value z = gpu::ThreadIdOp::create(ob, loc, gpu::Dimension::z);
    Value yz = arith::AddIOp::create(ob, loc, y, arith::MulIOp::create(ob, loc, z, by));
    return arith::AddIOp::create(ob, loc, x, arith::MulIOp::create(ob, loc, yz, bx));
  }

  /// One array of per-thread slots for each type, allocated at the top of the function.
  SmallVector<Value> slotArraysFor(TypeRange types, Location loc,
                                   llvm::DenseSet<Operation *> &setup) {
    SmallVector<Value> slots;
    OpBuilder top(f.getContext());
    top.setInsertionPointAfterValue(threads);
    Value count = arith::IndexCastOp::create(top, loc, top.getI64Type(), threads);
    setup.insert(count.getDefiningOp());
    for (Type t : types) {
      auto alloca = LLVM::AllocaOp::create(top, loc, LLVM::LLVMPointerType::get(f.getContext()),
                                           storageType(t), count, 0);
      setup.insert(alloca);
      slots.push_back(alloca);
    }
    return slots;
  }

  /// A structural loop's carried values move to per-thread slots: each thread stores the
  /// initial values before the loop, loads them at the top of the body, stores what the body
  /// yields at its end and loads the results after the loop. These are ordinary per-thread
  /// ops (indexed by the linear thread index), so the regions around them take them in.
  void demoteCarriedValues(scf::ForOp loop, llvm::DenseSet<Operation *> &setup) {
    Location loc = loop.getLoc();
    SmallVector<Value> slots = slotArraysFor(loop.getResultTypes(), loc, setup);
    OpBuilder before(loop);
    Value t0 = linearThreadId(before, loc);
    for (auto [init, slot] : llvm::zip(loop.getInitArgs(), slots))
      store(before, init, slot, t0);
    // The same loop without carried values, the old body moved in.
    auto plain =
        scf::ForOp::create(before, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
    plain->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    Block *from = loop.getBody(), *to = plain.getBody();
    auto yield = cast<scf::YieldOp>(from->getTerminator());
    OpBuilder atEnd(yield);
    Value t2 = linearThreadId(atEnd, loc);
    for (auto [v, slot] : llvm::zip(yield.getOperands(), slots))
      store(atEnd, v, slot, t2);
    yield.erase();
    to->getOperations().splice(to->begin(), from->getOperations());
    loop.getInductionVar().replaceAllUsesWith(plain.getInductionVar());
    OpBuilder atTop = OpBuilder::atBlockBegin(to);
    Value t1 = linearThreadId(atTop, loc);
    for (auto [arg, slot] : llvm::zip(loop.getRegionIterArgs(), slots))
      arg.replaceAllUsesWith(load(atTop, arg.getType(), slot, t1));
    OpBuilder after(f.getContext());
    after.setInsertionPointAfter(plain);
    Value t3 = linearThreadId(after, loc);
    for (auto [r, slot] : llvm::zip(loop.getResults(), slots))
      r.replaceAllUsesWith(load(after, r.getType(), slot, t3));
    loop.erase();
  }

  /// A structural scf.if's results move to per-thread slots the same way: each branch stores
  /// what it yields, and the results are loaded after the scf.if.
  void demoteResults(scf::IfOp branch, llvm::DenseSet<Operation *> &setup) {
    Location loc = branch.getLoc();
    SmallVector<Value> slots = slotArraysFor(branch.getResultTypes(), loc, setup);
    OpBuilder before(branch);
    auto plain = scf::IfOp::create(before, loc, TypeRange{}, branch.getCondition(), true,
                                   branch.elseBlock() != nullptr);
    auto moveInto = [&](Block *from, Block *to) {
      auto yield = cast<scf::YieldOp>(from->getTerminator());
      OpBuilder atEnd(yield);
      Value t = linearThreadId(atEnd, loc);
      for (auto [v, slot] : llvm::zip(yield.getOperands(), slots))
        store(atEnd, v, slot, t);
      yield->setOperands(ValueRange{});
      while (!to->empty())
        to->back().erase();
      to->getOperations().splice(to->begin(), from->getOperations());
    };
    moveInto(branch.thenBlock(), plain.thenBlock());
    if (branch.elseBlock())
      moveInto(branch.elseBlock(), plain.elseBlock());
    OpBuilder after(f.getContext());
    after.setInsertionPointAfter(plain);
    Value t = linearThreadId(after, loc);
    for (auto [r, slot] : llvm::zip(branch.getResults(), slots))
      r.replaceAllUsesWith(load(after, r.getType(), slot, t));
    branch.erase();
  }

  /// The region whose loop holds `op` (at any depth).
  size_t regionOf(Operation *op) {
    for (Operation *p = op; p; p = p->getParentOp())
      if (auto it = loopIndex.find(p); it != loopIndex.end())
        return it->second;
    return SIZE_MAX;
  }

  /// Where region r's own ops begin: after its thread ids and its parts of the slabs, which
  /// any op put there may use.
  OpBuilder topOf(size_t r) {
    OpBuilder lb(f.getContext());
    if (Operation *last = lastSlabPart.lookup(r))
      lb.setInsertionPointAfter(last);
    else
      lb.setInsertionPointAfterValue(threadIds[r].lane);
    return lb;
  }

  void replaceThreadIds() {
    SmallVector<Operation *> ops;
    f.walk([&](Operation *op) {
      if (isThreadDependent(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      const ThreadIds &ids = threadIds[regionOf(op)];
      Value v = ids.lane;
      if (auto t = dyn_cast<gpu::ThreadIdOp>(op))
        v = t.getDimension() == gpu::Dimension::x   ? ids.x
            : t.getDimension() == gpu::Dimension::y ? ids.y
                                                    : ids.z;
      op->getResult(0).replaceAllUsesWith(v);
      op->erase();
    }
    llvm::DenseSet<Operation *> gone(ops.begin(), ops.end());
    for (auto &region : regions)
      llvm::erase_if(region, [&](Operation *op) { return gone.contains(op); });
  }

  /// Each use of an alloca reads thread t's part of its slab, made once per region.
  void replaceAllocas() {
    for (auto [op, slab] : slabs) {
      auto a = cast<LLVM::AllocaOp>(op);
      slabShapes[slab] = {a.getElemType(), *ir::integerConstant(a.getArraySize())};
      for (OpOperand &use : llvm::make_early_inc_range(a.getResult().getUses()))
        use.set(slabPart(slab, regionOf(use.getOwner())));
      a.erase();
    }
  }

  /// Thread t's part of `slab` in region r (at t * count elements), made once per region.
  Value slabPart(Value slab, size_t r) {
    Value &p = slabParts[{slab, r}];
    if (!p) {
      auto [element, count] = slabShapes.lookup(slab);
      OpBuilder lb = topOf(r);
      Location loc = slab.getLoc();
      Value t = arith::IndexCastOp::create(lb, loc, lb.getI64Type(), threadIds[r].t);
      Value at = arith::MulIOp::create(
          lb, loc, t, arith::ConstantIntOp::create(lb, loc, lb.getI64Type(), count));
      p = LLVM::GEPOp::create(lb, loc, slab.getType(), element, slab, ValueRange{at});
      slabPartOf[p] = slab;
      lastSlabPart[r] = p.getDefiningOp();
    }
    return p;
  }

  /// A value one region defines and a later one uses lives in a slot per thread.
  void keepCrossingValues() {
    for (size_t r = 0; r < regions.size(); ++r)
      for (Operation *op : regions[r])
        for (Value v : op->getResults()) {
          llvm::DenseMap<size_t, SmallVector<OpOperand *>> later;
          for (OpOperand &use : v.getUses())
            if (size_t u = regionOf(use.getOwner()); u != r)
              later[u].push_back(&use);
          bool exchanged = llvm::any_of(v.getUsers(), [&](Operation *user) {
            return isa<gpu::ShuffleOp>(user) && regionOf(user) != r;
          });
          if (later.empty() && !exchanged)
            continue;
          if (!exchanged && fromThreadIds(v, r)) {
            for (auto &[u, uses] : later) {
              OpBuilder lb = topOf(u);
              Value mine = recompute(v, r, u, lb);
              for (OpOperand *use : uses)
                use->set(mine);
            }
            continue;
          }
          Value slots = slotsFor(v);
          OpBuilder after(op->getContext());
          after.setInsertionPointAfter(op);
          store(after, v, slots, threadIds[r].t);
          for (auto &[u, uses] : later) {
            OpBuilder lb = topOf(u);
            Value mine = load(lb, v.getType(), slots, threadIds[u].t);
            for (OpOperand *use : uses)
              use->set(mine);
          }
        }
  }

  /// Whether `v`, made in region r, is computed from r's thread ids alone (with uniform values)
  /// by pure ops: then a later region recomputes it from its own ids instead of keeping it in
  /// a slot. That is cheaper than a load, and an address computed from the thread loop's
  /// induction variable shows LLVM accesses consecutive across lanes, which it vectorizes.
  bool fromThreadIds(Value v, size_t r) {
    const ThreadIds &ids = threadIds[r];
    // A thread's part of a slab is another region's part for the same thread: pointers into
    // its registers are recomputed, not kept in slots of pointers.
    if (uniform.contains(v) || v == ids.x || v == ids.y || v == ids.z || slabPartOf.contains(v))
      return true;
    Operation *op = v.getDefiningOp();
    return op && op->getNumRegions() == 0 && op->getNumResults() == 1 && isPure(op) &&
           regionOf(op) == r &&
           llvm::all_of(op->getOperands(), [&](Value x) { return fromThreadIds(x, r); });
  }

  /// `v` (fromThreadIds in region r) computed again at `b` in region u, from u's thread ids.
  Value recompute(Value v, size_t r, size_t u, OpBuilder &b) {
    IRMapping map;
    map.map(threadIds[r].x, threadIds[u].x);
    map.map(threadIds[r].y, threadIds[u].y);
    map.map(threadIds[r].z, threadIds[u].z);
    std::function<Value(Value)> build = [&](Value x) -> Value {
      if (uniform.contains(x))
        return x;
      if (Value done = map.lookupOrNull(x))
        return done;
      if (auto part = slabPartOf.find(x); part != slabPartOf.end()) {
        Value mine = slabPart(part->second, u);
        map.map(x, mine);
        return mine;
      }
      Operation *op = x.getDefiningOp();
      for (Value operand : op->getOperands())
        build(operand);
      return b.clone(*op, map)->getResult(0);
    };
    return build(v);
  }

  /// An array of one slot per thread, allocated at the top of the function.
  Value slotsFor(Value v) {
    OpBuilder sb(f.getContext());
    sb.setInsertionPointAfterValue(one);
    Type t = storageType(v.getType());
    Value count = arith::IndexCastOp::create(sb, v.getLoc(), sb.getI64Type(), threads);
    Value slots = LLVM::AllocaOp::create(sb, v.getLoc(), LLVM::LLVMPointerType::get(f.getContext()),
                                         t, count, 0);
    slotArrays[v] = slots;
    return slots;
  }

  /// How a value sits in memory: index as i64, small floats (which LLVM lacks) as their bits.
  static Type storageType(Type t) {
    if (t.isIndex())
      return IntegerType::get(t.getContext(), 64);
    if (!isSmallFloat(t))
      return t;
    auto bits = IntegerType::get(t.getContext(), getElementTypeOrSelf(t).getIntOrFloatBitWidth());
    if (auto vt = dyn_cast<VectorType>(t))
      return VectorType::get(vt.getShape(), bits);
    return bits;
  }

  static void store(OpBuilder &b, Value v, Value slots, Value t) {
    Location loc = v.getLoc();
    Type st = storageType(v.getType());
    Value stored = v;
    if (v.getType().isIndex())
      stored = arith::IndexCastOp::create(b, loc, st, v);
    else if (st != v.getType())
      stored = arith::BitcastOp::create(b, loc, st, v);
    Value at = slot(b, loc, st, slots, t);
    LLVM::StoreOp::create(b, loc, stored, at);
  }

  static Value load(OpBuilder &b, Type type, Value slots, Value t) {
    Location loc = slots.getLoc();
    Type st = storageType(type);
    Value at = slot(b, loc, st, slots, t);
    Value v = LLVM::LoadOp::create(b, loc, st, at);
    if (type.isIndex())
      return arith::IndexCastOp::create(b, loc, type, v);
    return st == type ? v : Value(arith::BitcastOp::create(b, loc, type, v));
  }

  static Value slot(OpBuilder &b, Location loc, Type element, Value slots, Value t) {
    Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(), t);
    return LLVM::GEPOp::create(b, loc, slots.getType(), element, slots, ValueRange{i});
  }

  /// The shuffle's source lane within its segment of `width` lanes, as the fibers' runtime
  /// computes it; out of range, the thread keeps its own value. A uniform value is every
  /// lane's.
  void lowerShuffle(gpu::ShuffleOp s, Value value) {
    OpBuilder lb(s);
    Location loc = s.getLoc();
    Value result = s.getValue();
    if (Value slots = slotArrays.lookup(value)) {
      const ThreadIds &ids = threadIds[regionOf(s)];
      Type idx = lb.getIndexType();
      Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
      Value lane = ids.lane;
      Value base = arith::SubIOp::create(lb, loc, ids.t, lane);
      Value width = arith::IndexCastOp::create(lb, loc, idx, s.getWidth());
      Value w = arith::SelectOp::create(
          lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::sgt, width, zero), width,
          waveOf(lb, loc));
      Value segment = arith::MulIOp::create(lb, loc, arith::DivUIOp::create(lb, loc, lane, w), w);
      Value inSeg = arith::SubIOp::create(lb, loc, lane, segment);
      Value offset = arith::IndexCastOp::create(lb, loc, idx, s.getOffset());
      Value src;
      switch (s.getMode()) {
      case gpu::ShuffleMode::XOR:
        src = arith::XOrIOp::create(lb, loc, inSeg, offset);
        break;
      case gpu::ShuffleMode::UP:
        src = arith::SubIOp::create(lb, loc, inSeg, offset);
        break;
      case gpu::ShuffleMode::DOWN:
        src = arith::AddIOp::create(lb, loc, inSeg, offset);
        break;
      case gpu::ShuffleMode::IDX: // an absolute lane, as MLIR's and FlyDSL's
        src = arith::SubIOp::create(lb, loc, offset, segment);
        break;
      }
      Value from =
          arith::AddIOp::create(lb, loc, arith::AddIOp::create(lb, loc, base, segment), src);
      auto cmp = [&](arith::CmpIPredicate p, Value a, Value c) {
        return arith::CmpIOp::create(lb, loc, p, a, c);
      };
      Value ok = arith::AndIOp::create(
          lb, loc,
          arith::AndIOp::create(lb, loc, cmp(arith::CmpIPredicate::sge, src, zero),
                                cmp(arith::CmpIPredicate::slt, src, w)),
          cmp(arith::CmpIPredicate::slt, from, threads));
      Value which = arith::SelectOp::create(lb, loc, ok, from, ids.t);
      result = load(lb, value.getType(), slots, which);
    }
    // A later shuffle may exchange this one's result (a broadcast of a row's last lane, then
    // of lane 0): it exchanges the replacement, kept in the same slots.
    Value exchanged = s.getShuffleResult();
    if (Value slots = slotArrays.lookup(exchanged)) {
      slotArrays.erase(exchanged);
      slotArrays[result] = slots;
    }
    for (auto &entry : shuffled)
      if (entry.second == exchanged)
        entry.second = result;
    exchanged.replaceAllUsesWith(result);
    s.getValid().replaceAllUsesWith(arith::ConstantOp::create(lb, loc, lb.getBoolAttr(true)));
    s.erase();
  }

  /// The wave size: a constant where the emulated arch is known.
  Value waveOf(OpBuilder &lb, Location loc) {
    if (waveSize > 0)
      return arith::ConstantIndexOp::create(lb, loc, waveSize);
    return gpu::SubgroupSizeOp::create(lb, loc, nullptr);
  }

  gpu::GPUFuncOp f;
  Block &body;
  OpBuilder b;
  int waveSize; // 0: read at run time
  Value threads;
  std::vector<SmallVector<Operation *>> regions;
  std::vector<scf::ForOp> loops;
  std::vector<ThreadIds> threadIds;
  llvm::DenseMap<Operation *, size_t> loopIndex;
  llvm::MapVector<Operation *, Value> slabs;
  llvm::DenseMap<Value, std::pair<Type, int64_t>> slabShapes; // slab -> element, per thread
  llvm::DenseMap<std::pair<Value, size_t>, Value> slabParts;  // (slab, region) -> part
  llvm::DenseMap<Value, Value> slabPartOf;                    // part -> its slab
  llvm::DenseMap<size_t, Operation *> lastSlabPart;           // region -> its last part's op
  llvm::DenseMap<Value, Value> slotArrays;
  llvm::DenseSet<Value> uniform;
  SmallVector<Operation *> barriers;
  Value zero, one;
  std::array<Value, 4> idsFrom;                 // block x, y, x*y sizes and the wave size
  llvm::MapVector<Operation *, Value> shuffled; // each shuffle and the value it exchanges
};

struct WorkItemLoopsPass : PassWrapper<WorkItemLoopsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WorkItemLoopsPass)
  StringRef getArgument() const final { return "fly-cpu-work-item-loops"; }
  StringRef getDescription() const final {
    return "cpu target: run a block's threads as loops between barriers and shuffles";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect, LLVM::LLVMDialect, gpu::GPUDialect>();
  }
  WorkItemLoopsPass() = default;
  WorkItemLoopsPass(const WorkItemLoopsPass &other) : PassWrapper(other) {}
  Option<int> waveSize{*this, "wave-size",
                       llvm::cl::desc("The emulated wave size (0: read at run time)"),
                       llvm::cl::init(0)};
  void runOnOperation() override { formWorkItemLoops(getOperation(), true, waveSize); }
};

} // namespace

int formWorkItemLoops(Operation *root, bool convert, int waveSize) {
  SmallVector<gpu::GPUFuncOp> funcs;
  root->walk([&](gpu::GPUFuncOp f) { funcs.push_back(f); });
  int fibers = 0;
  for (gpu::GPUFuncOp f : funcs) {
    bool collectives = false;
    f.walk([&](Operation *op) { collectives = collectives || isCollective(op); });
    if (!collectives)
      continue;
    std::string why = convert ? whyNot(f) : "FLYDSL_CPU_FIBERS is set";
    if (!why.empty()) {
      f->setAttr(kFibersAttr, StringAttr::get(f.getContext(), why));
      ++fibers;
      continue;
    }
    Converter(f, waveSize).run();
  }
  return fibers;
}

std::unique_ptr<Pass> createWorkItemLoopsPass() { return std::make_unique<WorkItemLoopsPass>(); }
void registerWorkItemLoopsPass() { PassRegistration<WorkItemLoopsPass>(); }

int64_t fiberKernelCount() { return fiberKernels.load(); }
void countFiberKernels(int n) { fiberKernels += n; }

} // namespace fly::compiler
