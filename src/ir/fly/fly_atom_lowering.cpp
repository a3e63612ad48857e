//===- fly_atom_lowering.cpp - Copies into their atom calls ---------------===//
//
// fly-atom-lowering lowers copies for a target in two steps. First each fly.copy
// becomes one fly.copy_atom_call per call (FlyDSL's expansion): views of the
// call's values on both sides (fly.memref.element_ptr at the call's first
// element, with the alignment the layouts guarantee there, read through `V:1`)
// and of its predicate. Then each fly.copy_atom_call and fly.copy_atom_call_ssa
// becomes the instruction between the views' pointers: a universal copy is a
// load and a store through fly.ptr (value by value on a register side whose
// values do not follow one another), a universal atomic one a load and a
// fly.ptr.atomic_rmw (a buffer copy's and a buffer atomic's calls are left to
// fly-layout-lowering, which lowers them with the buffer pointers, into registers or LDS); a
// cp_async copy is fly.cp_async on cuda (NVVM cp.async after fly-layout-lowering)
// and a synchronous load and store on cpu and rocm, which have no asynchronous
// global-to-shared copy (there fly.cp_async_wait, _commit and _wait_group have
// nothing to wait for and go). A predicate puts the call under scf.if.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"
#include "ir/fly/fly_nvvm_dialect.h"
#include "ir/fly/fly_rocdl_dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

/// A view of one call's elements of `tensor` from flat coordinate `coord` (at layout offset
/// `offset`), aligned as the layout allows there, through `values` (the offsets of the call's
/// elements from its first).
Value callView(OpBuilder &b, Location loc, Value tensor, const std::vector<int64_t> &coord,
               const L::Int &offset, const L::Layout &values) {
  auto t = cast<FlyMemRefType>(tensor.getType());
  SmallVector<Value> crd;
  for (int64_t c : coord)
    crd.push_back(arith::ConstantIndexOp::create(b, loc, c));
  auto ptr = PointerType::get(b.getContext(), t.getElementType(), t.getAddressSpace(),
                              alignmentAt(t, offset), t.getAddressSwizzle());
  Value first = ElementPtrOp::create(b, loc, ptr, tensor, crd);
  Value layout = StaticOp::create(b, loc, LayoutType::get(b.getContext(), values));
  return MakeViewOp::create(b, loc, first, layout, DenseI64ArrayAttr());
}

} // namespace

/// The predicate tensor holds one i1 a call, in the calls' order.
void fly::ir::fly::expandCopy(CopyOp c) {
  CopyAtomType atom = c.getAtom().getType();
  OpBuilder b(c);
  Location loc = c.getLoc();
  if (atom.getInstruction().copiesWholeTensors()) { // the tile's geometry is the call's
    CopyAtomCallOp::create(b, loc, c.getAtom(), c.getSrc(), c.getDst(), Value());
    c.erase();
    return;
  }
  AtomCalls src = planAtomCalls(c.getSrc().getType(), atom); // the verifier planned them
  AtomCalls dst = planAtomCalls(c.getDst().getType(), atom);
  for (size_t i = 0; i < src.coords.size(); ++i) {
    Value from = callView(b, loc, c.getSrc(), src.coords[i], src.offsets[i], src.values);
    Value to = callView(b, loc, c.getDst(), dst.coords[i], dst.offsets[i], dst.values);
    Value pred;
    if (c.getPred()) {
      L::Layout l = c.getPred().getType().getLayout().getLayout();
      L::IntTuple crd = L::idx2crd(L::IntTuple(int64_t(i)), l.shape());
      std::vector<L::Int> leaves;
      L::flattenInto(crd, leaves);
      std::vector<int64_t> coord;
      for (const L::Int &x : leaves)
        coord.push_back(x.value());
      pred = callView(b, loc, c.getPred(), coord, L::evaluate(l, crd).leaf(),
                      L::makeLayout(L::IntTuple(1)));
    }
    CopyAtomCallOp::create(b, loc, c.getAtom(), from, to, pred);
  }
  c.erase();
}

namespace {

struct AtomLoweringPass : PassWrapper<AtomLoweringPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AtomLoweringPass)

  AtomLoweringPass() = default;
  AtomLoweringPass(const AtomLoweringPass &other) : PassWrapper(other) {}
  explicit AtomLoweringPass(StringRef t) { target = t.str(); }

  StringRef getArgument() const final { return "fly-atom-lowering"; }
  StringRef getDescription() const final {
    return "Expand fly.copy into fly.copy_atom_call and lower atom calls for a target (cpu, rocm "
           "or cuda)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect, arith::ArithDialect, vector::VectorDialect>();
  }

  Option<std::string> target{*this, "target", llvm::cl::desc("The target: cpu, rocm or cuda"),
                             llvm::cl::init("cpu")};

  /// Refuses a call's tensor that holds more than the one call it moves (the verifier let it
  /// hold whole calls).
  static LogicalResult oneCall(Operation *call, Value tensor, int64_t values) {
    auto t = dyn_cast<FlyMemRefType>(tensor.getType());
    if (!t || L::size(t.getLayout().getLayout()).value() == values)
      return success();
    return call->emitOpError("lowers one call of ")
           << values << " values; a tensor of it holds " << t.getLayout().getText()
           << " (fly.copy copies whole tensors)";
  }

  /// The pointer to a call tensor's values, or, where they are not consecutive (registers a call
  /// gathers or scatters), one pointer a value.
  static SmallVector<Value> valuePointers(OpBuilder &b, Location loc, Value tensor,
                                          int64_t values) {
    auto t = cast<FlyMemRefType>(tensor.getType());
    L::Layout l = t.getLayout().getLayout();
    if (values == 1 || L::coalesce(l) == L::makeLayout(L::IntTuple(values)))
      return {tensorPointer(b, loc, tensor)};
    auto ptr = PointerType::get(b.getContext(), t.getElementType(), t.getAddressSpace(),
                                elementBytes(t.getElementType()), t.getAddressSwizzle());
    SmallVector<Value> pointers;
    for (int64_t i = 0; i < values; ++i) {
      std::vector<L::Int> leaves;
      L::flattenInto(L::idx2crd(L::IntTuple(i), l.shape()), leaves);
      SmallVector<Value> crd;
      for (const L::Int &x : leaves)
        crd.push_back(arith::ConstantIndexOp::create(b, loc, x.value()));
      pointers.push_back(ElementPtrOp::create(b, loc, ptr, tensor, crd));
    }
    return pointers;
  }

  /// The call's values, of `valueType`, read through `from` (valuePointers), or `from` itself
  /// where it is the values.
  static Value load(OpBuilder &b, Location loc, ArrayRef<Value> from, Type valueType) {
    if (from.size() == 1)
      return isa<PointerType>(from[0].getType())
                 ? Value(PtrLoadOp::create(b, loc, valueType, from[0]))
                 : from[0];
    SmallVector<Value> elements;
    for (Value p : from)
      elements.push_back(PtrLoadOp::create(b, loc, getElementTypeOrSelf(valueType), p));
    return vector::FromElementsOp::create(b, loc, cast<VectorType>(valueType), elements);
  }

  /// Stores or (an atomic copy) combines `v` through `to` (valuePointers): as the destination's
  /// elements where their type differs from the source's by name only (same width).
  static void store(OpBuilder &b, Location loc, CopyAtomType atom, Value v, ArrayRef<Value> to) {
    Type element = cast<PointerType>(to[0].getType()).getElementType();
    int64_t n = isa<VectorType>(v.getType()) ? cast<VectorType>(v.getType()).getNumElements() : 1;
    if (getElementTypeOrSelf(v.getType()) != element)
      v = arith::BitcastOp::create(b, loc, accessType(element, n), v);
    if (to.size() == 1) {
      // An atomic copy's destination is memory (its checkSpaces saw to that).
      if (auto atomic = dyn_cast<UniversalAtomicType>(atom.getCopyOp()))
        PtrAtomicRmwOp::create(b, loc, v, to[0], atomic);
      else
        PtrStoreOp::create(b, loc, v, to[0]);
      return;
    }
    for (auto [i, p] : llvm::enumerate(to))
      PtrStoreOp::create(b, loc, vector::ExtractOp::create(b, loc, v, int64_t(i)), p);
  }

  /// A load from `from` stored to `to` (given back where `to` is empty), as the atom's
  /// instruction does it on this target.
  Value move(OpBuilder &b, Location loc, CopyAtomType atom, ArrayRef<Value> from,
             ArrayRef<Value> to, Type valueType) {
    bool async = isa<::fly::ir::fly_nvvm::CpAsyncType>(atom.getCopyOp()) && target == "cuda";
    if (async && to.size() == 1 && from.size() == 1 && isa<PointerType>(from[0].getType())) {
      CpAsyncOp::create(b, loc, from[0], to[0], Value(), b.getI64IntegerAttr(atom.getBits() / 8));
      return {};
    }
    Value v = load(b, loc, from, valueType);
    if (to.empty())
      return v;
    store(b, loc, atom, v, to);
    return {};
  }

  LogicalResult lower(CopyAtomCallOp c) {
    CopyAtomType atom = c.getCopyAtom().getType();
    if (failed(oneCall(c, c.getSrc(), atom.getValues())) ||
        failed(oneCall(c, c.getDst(), atom.getValues())))
      return failure();
    OpBuilder b(c);
    Location loc = c.getLoc();
    SmallVector<Value> from = valuePointers(b, loc, c.getSrc(), atom.getValues());
    SmallVector<Value> to = valuePointers(b, loc, c.getDst(), atom.getValues());
    Value pred =
        c.getPred()
            ? Value(PtrLoadOp::create(b, loc, b.getI1Type(), tensorPointer(b, loc, c.getPred())))
            : Value();
    Type valueType = accessType(c.getSrc().getType().getElementType(), atom.getValues());
    auto cp = dyn_cast<::fly::ir::fly_nvvm::CpAsyncType>(atom.getCopyOp());
    if (pred && cp && cp.getZeroFill()) { // reads nothing where the predicate fails, writes zeros
      int64_t bytes = atom.getBits() / 8;
      if (target == "cuda") {
        Value all = arith::ConstantIntOp::create(b, loc, b.getI32Type(), bytes);
        Value none = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
        Value size = arith::SelectOp::create(b, loc, pred, all, none);
        CpAsyncOp::create(b, loc, from[0], to[0], size, b.getI64IntegerAttr(bytes));
      } else {
        Value zeros = arith::ConstantOp::create(b, loc, b.getZeroAttr(valueType));
        Value v = buildPredicated(b, loc, pred, zeros, [&](OpBuilder &in) {
          return move(in, loc, atom, from, {}, valueType);
        });
        store(b, loc, atom, v, to);
      }
      c.erase();
      return success();
    }
    buildPredicated(b, loc, pred, Value(),
                    [&](OpBuilder &in) { return move(in, loc, atom, from, to, valueType); });
    c.erase();
    return success();
  }

  LogicalResult lower(CopyAtomCallSsaOp c) {
    CopyAtomType atom = c.getCopyAtom().getType();
    if (failed(oneCall(c, c.getSrc(), atom.getValues())) ||
        (c.getDst() && failed(oneCall(c, c.getDst(), atom.getValues()))))
      return failure();
    OpBuilder b(c);
    Location loc = c.getLoc();
    bool srcTensor = isa<FlyMemRefType>(c.getSrc().getType());
    bool dstTensor = c.getDst() && isa<FlyMemRefType>(c.getDst().getType());
    SmallVector<Value> from = srcTensor ? valuePointers(b, loc, c.getSrc(), atom.getValues())
                                        : SmallVector<Value>{c.getSrc()};
    SmallVector<Value> to =
        dstTensor ? valuePointers(b, loc, c.getDst(), atom.getValues()) : SmallVector<Value>{};
    Value old = c.getDst() && !dstTensor ? c.getDst() : Value();
    Type valueType = c.getNumResults() ? c.getResult(0).getType() : c.getSrc().getType();
    Value result = buildPredicated(b, loc, c.getPred(), old, [&](OpBuilder &in) {
      return move(in, loc, atom, from, to, valueType);
    });
    if (c.getNumResults())
      c.getResult(0).replaceAllUsesWith(result);
    c.erase();
    return success();
  }

  /// ldmatrix where there is none: the lane reads its own values, whose addresses the op has,
  /// and has them as the 16-bit words the instruction would give it.
  static void lowerWithoutLdMatrix(::fly::ir::fly_nvvm::LdMatrixOp ld) {
    OpBuilder b(ld);
    Location loc = ld.getLoc();
    SmallVector<Value> words;
    for (Value at : ld.getValues()) {
      Type element = cast<PointerType>(at.getType()).getElementType();
      Value v = PtrLoadOp::create(b, loc, element, at);
      words.push_back(element.isInteger(16) ? v
                                            : arith::BitcastOp::create(b, loc, b.getI16Type(), v));
    }
    ld.getResult().replaceAllUsesWith(
        vector::FromElementsOp::create(b, loc, ld.getResult().getType(), words));
    ld.erase();
  }

  /// Ops that only named what the lowered calls used.
  static void eraseDead(Operation *root) {
    bool erased = true;
    while (erased) {
      erased = false;
      root->walk([&](Operation *op) {
        if (isa<MakeViewOp, ElementPtrOp, StaticOp, MakeCopyAtomOp, GetIterOp>(op) &&
            op->use_empty()) {
          op->erase();
          erased = true;
        }
      });
    }
  }

  void runOnOperation() override {
    if (target != "cpu" && target != "rocm" && target != "cuda") {
      getOperation()->emitError("fly-atom-lowering: no target ")
          << target << " (cpu, rocm or cuda)";
      return signalPassFailure();
    }
    SmallVector<CopyOp> copies;
    getOperation()->walk([&](CopyOp c) { copies.push_back(c); });
    for (CopyOp c : copies)
      expandCopy(c);
    SmallVector<Operation *> calls;
    getOperation()->walk([&](Operation *op) {
      // A buffer copy's calls go to fly-layout-lowering, with the buffer pointers they use.
      if (isa<CopyAtomCallOp, CopyAtomCallSsaOp>(op) &&
          !isa<::fly::ir::fly_rocdl::BufferCopyType, ::fly::ir::fly_rocdl::BufferCopyLdsType,
               ::fly::ir::fly_rocdl::BufferAtomicType>(
              cast<CopyAtomType>(op->getOperand(0).getType()).getCopyOp()))
        calls.push_back(op);
    });
    for (Operation *op : calls) {
      auto atom = cast<CopyAtomType>(op->getOperand(0).getType());
      if (atom.getInstruction().copiesWholeTensors()) {
        op->emitOpError("copies whole tensors with ")
            << atom.getCopyOp() << ", whose descriptor is not built here yet";
        return signalPassFailure();
      }
      LogicalResult done = isa<CopyAtomCallOp>(op) ? lower(cast<CopyAtomCallOp>(op))
                                                   : lower(cast<CopyAtomCallSsaOp>(op));
      if (failed(done))
        return signalPassFailure();
    }
    if (target != "cuda") {
      getOperation()->walk([](Operation *op) {
        if (isa<CpAsyncWaitOp, CpAsyncCommitOp, CpAsyncWaitGroupOp>(op))
          op->erase();
      });
      SmallVector<::fly::ir::fly_nvvm::LdMatrixOp> loads;
      getOperation()->walk([&](::fly::ir::fly_nvvm::LdMatrixOp ld) { loads.push_back(ld); });
      for (auto ld : loads)
        lowerWithoutLdMatrix(ld);
    }
    eraseDead(getOperation());
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createAtomLoweringPass(StringRef target) {
  return std::make_unique<AtomLoweringPass>(target);
}

void fly::ir::fly::registerAtomLoweringPass() { PassRegistration<AtomLoweringPass>(); }
