//===- fly_atom_lowering.cpp - Copies into their atom calls ---------------===//
//
// fly-atom-lowering lowers copies for a target in two steps. First each fly.copy
// becomes one fly.copy_atom_call per call (FlyDSL's expansion): views of the
// call's values on both sides (fly.memref.element_ptr at the call's first
// element, with the alignment the layouts guarantee there, read through `V:1`)
// and of its predicate. Then each fly.copy_atom_call and fly.copy_atom_call_ssa
// becomes the instruction between the views' pointers: a universal copy (and a
// buffer copy) is a load and a store through fly.ptr (on a buffer pointer those
// are buffer instructions, and the atom's `soffset` moves the buffer side); a
// cp_async copy is fly.cp_async on cuda (NVVM cp.async after fly-layout-lowering)
// and a synchronous load and store on cpu and rocm, which have no asynchronous
// global-to-shared copy (there fly.cp_async_wait has nothing to wait for and
// goes). A predicate puts the call under scf.if.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"
#include "ir/fly/fly_rocdl_dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
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
    return "Expand fly.copy into fly.copy_atom_call and lower atom calls for a target (cpu, rocm "
           "or cuda)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect, arith::ArithDialect>();
  }

  Option<std::string> target{*this, "target", llvm::cl::desc("The target: cpu, rocm or cuda"),
                             llvm::cl::init("cpu")};

  /// A view of `values` consecutive elements of `tensor` from flat coordinate `coord` (at
  /// layout offset `offset`), aligned as the layout allows there.
  static Value callView(OpBuilder &b, Location loc, Value tensor, const std::vector<int64_t> &coord,
                        const L::Int &offset, int64_t values) {
    auto t = cast<FlyMemRefType>(tensor.getType());
    SmallVector<Value> crd;
    for (int64_t c : coord)
      crd.push_back(arith::ConstantIndexOp::create(b, loc, c));
    auto ptr = PointerType::get(b.getContext(), t.getElementType(), t.getAddressSpace(),
                                alignmentAt(t, offset), {});
    Value first = ElementPtrOp::create(b, loc, ptr, tensor, crd);
    Value layout = StaticOp::create(
        b, loc, LayoutType::get(b.getContext(), L::makeLayout(L::IntTuple(values))));
    return MakeViewOp::create(b, loc, first, layout, DenseI64ArrayAttr());
  }

  /// fly.copy as its calls; the predicate tensor holds one i1 a call, in the calls' order.
  static void expand(CopyOp c) {
    CopyAtomType atom = c.getAtom().getType();
    OpBuilder b(c);
    Location loc = c.getLoc();
    AtomCalls src = planAtomCalls(c.getSrc().getType(), atom); // the verifier planned them
    AtomCalls dst = planAtomCalls(c.getDst().getType(), atom);
    for (size_t i = 0; i < src.coords.size(); ++i) {
      Value from = callView(b, loc, c.getSrc(), src.coords[i], src.offsets[i], atom.getValues());
      Value to = callView(b, loc, c.getDst(), dst.coords[i], dst.offsets[i], atom.getValues());
      Value pred;
      if (c.getPred()) {
        L::Layout l = c.getPred().getType().getLayout().getLayout();
        L::IntTuple crd = L::idx2crd(L::IntTuple(int64_t(i)), l.shape());
        std::vector<L::Int> leaves;
        L::flattenInto(crd, leaves);
        std::vector<int64_t> coord;
        for (const L::Int &x : leaves)
          coord.push_back(x.value());
        pred = callView(b, loc, c.getPred(), coord, L::evaluate(l, crd).leaf(), 1);
      }
      CopyAtomCallOp::create(b, loc, c.getAtom(), from, to, pred);
    }
    c.erase();
  }

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

  /// The `soffset` an atom value carries: the last fly.atom.set_value of it since
  /// fly.make_copy_atom (null for none, which is zero).
  static FailureOr<Value> soffsetOf(Operation *call, Value atom) {
    while (auto s = atom.getDefiningOp<AtomSetValueOp>()) {
      if (s.getField() == "soffset")
        return s.getValue();
      atom = s.getAtom();
    }
    if (atom.getDefiningOp<MakeCopyAtomOp>())
      return Value();
    return call->emitOpError("lowers a stateful atom whose state comes from fly.make_copy_atom "
                             "through fly.atom.set_value in the same function; this one is ")
           << (isa<BlockArgument>(atom) ? "a block argument" : "defined otherwise");
  }

  /// The buffer side of a buffer copy moved by the atom's soffset (elements).
  static FailureOr<Value> withSoffset(OpBuilder &b, Location loc, Operation *call, Value atom,
                                      Value ptr) {
    if (!isa<::fly::ir::fly_rocdl::BufferCopyType>(
            cast<CopyAtomType>(atom.getType()).getCopyOp()) ||
        cast<PointerType>(ptr.getType()).getAddressSpace() != BufferDesc)
      return ptr;
    FailureOr<Value> soffset = soffsetOf(call, atom);
    if (failed(soffset))
      return failure();
    if (!*soffset)
      return ptr;
    auto dynamic = IntTupleType::get(b.getContext(), StringRef("?"));
    Value by = MakeIntTupleOp::create(b, loc, dynamic, ValueRange{*soffset});
    return Value(AddOffsetOp::create(b, loc, ptr, by));
  }

  /// Builds `body` under scf.if `pred` (with an else giving `otherwise` when the body gives a
  /// value), or directly where there is no predicate.
  template <class F>
  static Value predicated(OpBuilder &b, Location loc, Value pred, Value otherwise, F body) {
    if (!pred)
      return body(b);
    Type result = otherwise ? otherwise.getType() : Type();
    auto ifOp = scf::IfOp::create(b, loc, result ? TypeRange{result} : TypeRange{}, pred,
                                  /*withElseRegion=*/bool(otherwise));
    OpBuilder then = ifOp.getThenBodyBuilder();
    Value v = body(then);
    if (otherwise) {
      scf::YieldOp::create(then, loc, v);
      OpBuilder other = ifOp.getElseBodyBuilder();
      scf::YieldOp::create(other, loc, otherwise);
      return ifOp.getResult(0);
    }
    return {};
  }

  /// A load from `from` (a value where it is not a pointer) stored to `to` (given back where
  /// `to` is null), as the atom's instruction does it on this target.
  FailureOr<Value> move(OpBuilder &b, Location loc, Operation *call, Value atom, Value from,
                        Value to, Type valueType) {
    auto atomType = cast<CopyAtomType>(atom.getType());
    if (isa<PointerType>(from.getType())) {
      FailureOr<Value> src = withSoffset(b, loc, call, atom, from);
      if (failed(src))
        return failure();
      from = *src;
    }
    if (to) {
      FailureOr<Value> dst = withSoffset(b, loc, call, atom, to);
      if (failed(dst))
        return failure();
      to = *dst;
    }
    bool async = isa<CpAsyncCopyType>(atomType.getCopyOp()) && target == "cuda";
    if (async && to && isa<PointerType>(from.getType())) {
      CpAsyncOp::create(b, loc, from, to, b.getI64IntegerAttr(atomType.getBits() / 8));
      return Value();
    }
    Value v =
        isa<PointerType>(from.getType()) ? Value(PtrLoadOp::create(b, loc, valueType, from)) : from;
    if (!to)
      return v;
    PtrStoreOp::create(b, loc, v, to);
    return Value();
  }

  LogicalResult lower(CopyAtomCallOp c) {
    int64_t values = c.getCopyAtom().getType().getValues();
    if (failed(oneCall(c, c.getSrc(), values)) || failed(oneCall(c, c.getDst(), values)))
      return failure();
    OpBuilder b(c);
    Location loc = c.getLoc();
    Value from = tensorPointer(b, loc, c.getSrc()), to = tensorPointer(b, loc, c.getDst());
    Value pred =
        c.getPred()
            ? Value(PtrLoadOp::create(b, loc, b.getI1Type(), tensorPointer(b, loc, c.getPred())))
            : Value();
    Type valueType =
        accessType(c.getSrc().getType().getElementType(), c.getCopyAtom().getType().getValues());
    bool ok = true;
    predicated(b, loc, pred, Value(), [&](OpBuilder &in) {
      ok = succeeded(move(in, loc, c, c.getCopyAtom(), from, to, valueType));
      return Value();
    });
    if (!ok)
      return failure();
    c.erase();
    return success();
  }

  LogicalResult lower(CopyAtomCallSsaOp c) {
    int64_t values = c.getCopyAtom().getType().getValues();
    if (failed(oneCall(c, c.getSrc(), values)) ||
        (c.getDst() && failed(oneCall(c, c.getDst(), values))))
      return failure();
    OpBuilder b(c);
    Location loc = c.getLoc();
    bool srcTensor = isa<FlyMemRefType>(c.getSrc().getType());
    bool dstTensor = c.getDst() && isa<FlyMemRefType>(c.getDst().getType());
    Value from = srcTensor ? tensorPointer(b, loc, c.getSrc()) : c.getSrc();
    Value to = dstTensor ? tensorPointer(b, loc, c.getDst()) : Value();
    Value old = c.getDst() && !dstTensor ? c.getDst() : Value();
    Type valueType = c.getNumResults() ? c.getResult(0).getType() : c.getSrc().getType();
    bool ok = true;
    Value result = predicated(b, loc, c.getPred(), old, [&](OpBuilder &in) {
      FailureOr<Value> v = move(in, loc, c, c.getCopyAtom(), from, to, valueType);
      ok = succeeded(v);
      return ok ? *v : Value();
    });
    if (!ok)
      return failure();
    if (c.getNumResults())
      c.getResult(0).replaceAllUsesWith(result);
    c.erase();
    return success();
  }

  /// Ops that only named what the lowered calls used.
  static void eraseDead(Operation *root) {
    bool erased = true;
    while (erased) {
      erased = false;
      root->walk([&](Operation *op) {
        if (isa<MakeViewOp, ElementPtrOp, StaticOp, AtomSetValueOp, MakeCopyAtomOp, GetIterOp>(
                op) &&
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
      expand(c);
    SmallVector<Operation *> calls;
    getOperation()->walk([&](Operation *op) {
      if (isa<CopyAtomCallOp, CopyAtomCallSsaOp>(op))
        calls.push_back(op);
    });
    for (Operation *op : calls) {
      LogicalResult done = isa<CopyAtomCallOp>(op) ? lower(cast<CopyAtomCallOp>(op))
                                                   : lower(cast<CopyAtomCallSsaOp>(op));
      if (failed(done))
        return signalPassFailure();
    }
    if (target != "cuda")
      getOperation()->walk([](CpAsyncWaitOp w) { w.erase(); });
    eraseDead(getOperation());
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createAtomLoweringPass(StringRef target) {
  return std::make_unique<AtomLoweringPass>(target);
}

void fly::ir::fly::registerAtomLoweringPass() { PassRegistration<AtomLoweringPass>(); }
