//===- fly_convert_signatures.cpp - Fly values across function boundaries -===//
//
// fly-rewrite-func-signature, FlyDSL's calling convention for Fly values: a
// static int tuple or layout crosses as nothing (fly.static rebuilds it), a
// dynamic one as a packed struct of its i32 leaves, a tensor as its pointer and
// its layout's struct.
//
// convert-fly-to-rocdl and convert-fly-to-nvvm, FlyDSL's names for the pass that
// takes a kernel out of the Fly dialect: function and GPU-kernel signatures
// (and the operands of gpu.launch_func and func.call, and returns) carry
// `!fly.memref` and `!fly.ptr` values as `!llvm.ptr` in their address space;
// the layout of a tensor argument is static and stays in its type. Inside a
// body, the pointer becomes a Fly value again (fly.make_ptr, fly.make_view), and
// fly-layout-lowering then takes the body to arith and LLVM.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

namespace {

/// A tensor argument crosses as its pointer only where its layout is static and unswizzled:
/// the type then says everything else. Others stay Fly values (and the pass says so).
bool crossesAsPointer(FlyMemRefType t) {
  return t.getLayout().getNumDynamicLeaves() == 0 && t.getSwizzle().empty() &&
         t.getAddressSwizzle().empty();
}

struct FlyTypeConverter : TypeConverter {
  explicit FlyTypeConverter(MLIRContext *ctx) {
    addConversion([](Type t) { return t; });
    auto pointer = [ctx](unsigned space) -> Type {
      if (space == BufferDesc)
        return bufferPointerType(ctx);
      return LLVM::LLVMPointerType::get(ctx, space);
    };
    addConversion([pointer](PointerType t) { return pointer(t.getAddressSpace()); });
    addConversion([pointer](FlyMemRefType t) -> std::optional<Type> {
      if (!crossesAsPointer(t))
        return std::nullopt;
      return pointer(t.getAddressSpace());
    });
    // A copy or MMA atom with state crosses as the struct of its fields (FlyDSL's form); inside,
    // an unrealized cast makes it an atom again, which fly-layout-lowering reads as the struct.
    addConversion([](CopyAtomType t) -> std::optional<Type> {
      if (auto state = t.getStateType())
        return Type(state);
      return std::nullopt;
    });
    addConversion([](MmaAtomType t) -> std::optional<Type> {
      if (auto state = t.getStateType())
        return Type(state);
      return std::nullopt;
    });
    addSourceMaterialization([](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
      if (!isa<CopyAtomType, MmaAtomType>(type) || inputs.size() != 1)
        return {};
      return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
    });
    // Inside a body the pointer is a Fly value again.
    addSourceMaterialization([](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
      if (inputs.size() != 1 || (!isa<LLVM::LLVMPointerType>(inputs[0].getType()) &&
                                 inputs[0].getType() != bufferPointerType(b.getContext())))
        return {};
      if (auto p = dyn_cast<PointerType>(type))
        return MakePtrOp::create(b, loc, p, ValueRange{inputs[0]}, DictionaryAttr());
      auto m = dyn_cast<FlyMemRefType>(type);
      if (!m)
        return {};
      Value ptr =
          MakePtrOp::create(b, loc, m.getPointerType(), ValueRange{inputs[0]}, DictionaryAttr());
      Value layout = StaticOp::create(b, loc, m.getLayout());
      return MakeViewOp::create(b, loc, ptr, layout, DenseI64ArrayAttr());
    });
  }
};

/// gpu.launch_func passes its kernel operands as the kernel now takes them (each may become
/// several values, or none).
struct LaunchOperands : OpConversionPattern<gpu::LaunchFuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(gpu::LaunchFuncOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands;
    for (ValueRange converted : adaptor.getKernelOperands())
      llvm::append_range(operands, converted);
    rewriter.modifyOpInPlace(op, [&] { op.getKernelOperandsMutable().assign(operands); });
    return success();
  }
};

struct ConvertSignaturesPass : PassWrapper<ConvertSignaturesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConvertSignaturesPass)

  explicit ConvertSignaturesPass(StringRef name) : name(name.str()) {}
  ConvertSignaturesPass(const ConvertSignaturesPass &other) = default;

  StringRef getArgument() const final { return name; }
  StringRef getDescription() const final {
    return "Take Fly pointers and static tensors across function and kernel boundaries as "
           "LLVM pointers, then lower the bodies (fly-atom-lowering for the target, "
           "fly-lower-to-llvm)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, gpu::GPUDialect, func::FuncDialect>();
    createAtomLoweringPass("rocm")->getDependentDialects(registry); // the bodies' passes, run
    createLowerToLlvmPass()->getDependentDialects(registry);        // inside
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    FlyTypeConverter types(ctx);
    RewritePatternSet patterns(ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, types);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns, types);
    populateReturnOpTypeConversionPattern(patterns, types);
    populateCallOpTypeConversionPattern(patterns, types);
    patterns.add<LaunchOperands>(types, ctx);

    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<func::FuncOp>(
        [&](func::FuncOp f) { return types.isSignatureLegal(f.getFunctionType()); });
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>(
        [&](gpu::GPUFuncOp f) { return types.isSignatureLegal(f.getFunctionType()); });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp, gpu::LaunchFuncOp>(
        [&](Operation *op) { return types.isLegal(op->getOperandTypes()); });
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      return signalPassFailure();

    // A tensor whose layout is dynamic or swizzled has no single-pointer form yet.
    WalkResult left = getOperation()->walk([](FunctionOpInterface f) {
      for (Type t : f.getArgumentTypes())
        if (isa<FlyMemRefType>(t)) {
          f->emitOpError("takes a tensor whose layout is dynamic or swizzled (")
              << t << "); only static, unswizzled tensors cross a function boundary here";
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (left.wasInterrupted())
      return signalPassFailure();

    // The bodies: copies for this target first (FlyDSL lowers atom calls here too), then the rest.
    OpPassManager bodies(ModuleOp::getOperationName());
    bodies.addPass(createAtomLoweringPass(name == "convert-fly-to-nvvm" ? "cuda" : "rocm"));
    bodies.addPass(createLowerToLlvmPass());
    if (failed(runPipeline(bodies, getOperation())))
      return signalPassFailure();
    // A body lowered before (fly-layout-lowering ahead of this pass) read an atom argument
    // through an unrealized cast to its struct: with the argument a struct now, the casts there
    // and back cancel.
    getOperation()->walk([](UnrealizedConversionCastOp cast) {
      auto from = cast.getInputs().size() == 1
                      ? cast.getInputs()[0].getDefiningOp<UnrealizedConversionCastOp>()
                      : UnrealizedConversionCastOp();
      if (!from || from.getInputs().size() != 1 || cast.getNumResults() != 1 ||
          from.getInputs()[0].getType() != cast.getResult(0).getType())
        return;
      cast.getResult(0).replaceAllUsesWith(from.getInputs()[0]);
      cast.erase();
      if (from->use_empty())
        from.erase();
    });
  }

  std::string name;
};

//===----------------------------------------------------------------------===//
// fly-rewrite-func-signature: FlyDSL's calling convention for Fly values.
//===----------------------------------------------------------------------===//

/// The LLVM struct that carries the dynamic leaves of `t` (i32, FlyDSL's width for `?`; i64
/// for `?{i64}`).
Type leafStruct(IntTupleType t) {
  return LLVM::LLVMStructType::getLiteral(t.getContext(), dynamicLeafTypes(t), /*isPacked=*/true);
}

/// A layout's carrier: a struct of the shape's and the stride's leaf structs (only those with
/// dynamic leaves); nothing for a static layout.
std::optional<Type> layoutCarrier(MLIRContext *ctx, LayoutType l) {
  L::Layout layout = l.getLayout();
  auto shape = IntTupleType::get(ctx, layout.shape());
  auto stride = IntTupleType::get(ctx, layout.stride());
  if (shape.getNumDynamicLeaves() + stride.getNumDynamicLeaves() == 0)
    return std::nullopt;
  SmallVector<Type> parts;
  if (shape.getNumDynamicLeaves())
    parts.push_back(leafStruct(shape));
  if (stride.getNumDynamicLeaves())
    parts.push_back(leafStruct(stride));
  return LLVM::LLVMStructType::getLiteral(ctx, parts, /*isPacked=*/true);
}

/// Static int tuples and layouts cross as nothing (their value is their type), dynamic ones as
/// a packed struct of their `?` leaves, tensors as their pointer (and their layout's carrier).
struct AbiTypeConverter : TypeConverter {
  explicit AbiTypeConverter(MLIRContext *ctx) {
    addConversion([](Type t) { return t; });
    addConversion([](IntTupleType t, SmallVectorImpl<Type> &out) -> LogicalResult {
      if (t.getNumDynamicLeaves())
        out.push_back(leafStruct(t));
      return success();
    });
    addConversion([ctx](LayoutType t, SmallVectorImpl<Type> &out) -> LogicalResult {
      if (auto carrier = layoutCarrier(ctx, t))
        out.push_back(*carrier);
      return success();
    });
    addConversion([ctx](FlyMemRefType t, SmallVectorImpl<Type> &out) -> LogicalResult {
      out.push_back(t.getPointerType());
      if (auto carrier = layoutCarrier(ctx, t.getLayout()))
        out.push_back(*carrier);
      return success();
    });
    addSourceMaterialization([](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
      return rebuild(b, loc, type, inputs);
    });
    addTargetMaterialization([](OpBuilder &b, TypeRange types, ValueRange inputs, Location loc,
                                Type original) -> SmallVector<Value> {
      if (inputs.size() != 1)
        return {};
      return carriers(b, loc, inputs[0], types);
    });
  }

  /// An int tuple of type `t` from the leaves in `carrier` (nothing for a static one).
  static Value tupleFrom(OpBuilder &b, Location loc, IntTupleType t, Value carrier) {
    SmallVector<Value> leaves;
    if (carrier)
      for (unsigned i = 0; i < t.getNumDynamicLeaves(); ++i)
        leaves.push_back(LLVM::ExtractValueOp::create(b, loc, carrier, ArrayRef<int64_t>{i}));
    return MakeIntTupleOp::create(b, loc, t, leaves);
  }

  static Value layoutFrom(OpBuilder &b, Location loc, LayoutType t, Value carrier) {
    if (!carrier)
      return StaticOp::create(b, loc, t);
    MLIRContext *ctx = b.getContext();
    L::Layout l = t.getLayout();
    auto shape = IntTupleType::get(ctx, l.shape()), stride = IntTupleType::get(ctx, l.stride());
    int64_t part = 0;
    auto next = [&](IntTupleType tt) -> Value {
      if (!tt.getNumDynamicLeaves())
        return Value();
      return LLVM::ExtractValueOp::create(b, loc, carrier, ArrayRef<int64_t>{part++});
    };
    Value s = tupleFrom(b, loc, shape, next(shape));
    Value d = tupleFrom(b, loc, stride, next(stride));
    return MakeLayoutOp::create(b, loc, t, s, d);
  }

  /// The Fly value of `type` that the carriers `in` hold.
  static Value rebuild(OpBuilder &b, Location loc, Type type, ValueRange in) {
    if (auto t = dyn_cast<IntTupleType>(type))
      return t.getNumDynamicLeaves() ? (in.size() == 1 ? tupleFrom(b, loc, t, in[0]) : Value())
                                     : StaticOp::create(b, loc, t).getResult();
    if (auto t = dyn_cast<LayoutType>(type))
      return layoutFrom(b, loc, t, in.empty() ? Value() : in[0]);
    auto m = dyn_cast<FlyMemRefType>(type);
    if (!m || in.empty() || !isa<PointerType>(in[0].getType()))
      return {};
    Value layout = layoutFrom(b, loc, m.getLayout(), in.size() > 1 ? in[1] : Value());
    DenseI64ArrayAttr swizzle =
        m.getSwizzle().empty() ? DenseI64ArrayAttr() : b.getDenseI64ArrayAttr(m.getSwizzle());
    return MakeViewOp::create(b, loc, in[0], layout, swizzle);
  }

  /// The struct of the dynamic leaves of int tuple `v`.
  static Value leavesOf(OpBuilder &b, Location loc, Value v, Type structType) {
    auto t = cast<IntTupleType>(v.getType());
    auto leaves = GetLeavesOp::create(b, loc, dynamicLeafTypes(t), v, b.getBoolAttr(true));
    Value s = LLVM::UndefOp::create(b, loc, structType);
    for (auto [i, leaf] : llvm::enumerate(leaves.getResults()))
      s = LLVM::InsertValueOp::create(b, loc, s, leaf, ArrayRef<int64_t>{int64_t(i)});
    return s;
  }

  static Value layoutCarrierOf(OpBuilder &b, Location loc, Value layout, Type structType) {
    Value s = LLVM::UndefOp::create(b, loc, structType);
    auto st = cast<LLVM::LLVMStructType>(structType);
    int64_t part = 0;
    for (Value t :
         {Value(GetShapeOp::create(b, loc, layout)), Value(GetStrideOp::create(b, loc, layout))}) {
      if (!cast<IntTupleType>(t.getType()).getNumDynamicLeaves())
        continue;
      Value leaves = leavesOf(b, loc, t, st.getBody()[part]);
      s = LLVM::InsertValueOp::create(b, loc, s, leaves, ArrayRef<int64_t>{part++});
    }
    return s;
  }

  /// The carriers of Fly value `v`, of types `types`.
  static SmallVector<Value> carriers(OpBuilder &b, Location loc, Value v, TypeRange types) {
    if (types.empty())
      return {};
    if (isa<IntTupleType>(v.getType()))
      return {leavesOf(b, loc, v, types[0])};
    if (isa<LayoutType>(v.getType()))
      return {layoutCarrierOf(b, loc, v, types[0])};
    if (!isa<FlyMemRefType>(v.getType()))
      return {};
    SmallVector<Value> out{GetIterOp::create(b, loc, v)};
    if (types.size() > 1)
      out.push_back(layoutCarrierOf(b, loc, GetLayoutOp::create(b, loc, v), types[1]));
    return out;
  }
};

struct RewriteFuncSignaturePass : PassWrapper<RewriteFuncSignaturePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RewriteFuncSignaturePass)

  StringRef getArgument() const final { return "fly-rewrite-func-signature"; }
  StringRef getDescription() const final {
    return "Pass Fly values across functions as FlyDSL does: static ones not at all, dynamic "
           "int tuples and layouts as packed structs of their i32 leaves, tensors as their "
           "pointer and their layout's struct";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, func::FuncDialect>();
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    AbiTypeConverter types(ctx);
    RewritePatternSet patterns(ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, types);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(patterns, types);
    populateReturnOpTypeConversionPattern(patterns, types);
    populateCallOpTypeConversionPattern(patterns, types);
    patterns.add<LaunchOperands>(types, ctx);
    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return types.isSignatureLegal(f.getFunctionType()) && types.isLegal(&f.getBody());
    });
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp f) {
      return types.isSignatureLegal(f.getFunctionType()) && types.isLegal(&f.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp, gpu::LaunchFuncOp>(
        [&](Operation *op) {
          return types.isLegal(op->getOperandTypes()) && types.isLegal(op->getResultTypes());
        });
    // Values carried through scf.if / scf.for / scf.while become their carriers too.
    scf::populateSCFStructuralTypeConversionsAndLegality(types, patterns, target);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createConvertSignaturesPass(llvm::StringRef name) {
  return std::make_unique<ConvertSignaturesPass>(name);
}

void fly::ir::fly::registerConvertSignaturesPasses() {
  PassRegistration<RewriteFuncSignaturePass>();
  PassRegistration<ConvertSignaturesPass>(
      [] { return std::make_unique<ConvertSignaturesPass>("convert-fly-to-rocdl"); });
  PassRegistration<ConvertSignaturesPass>(
      [] { return std::make_unique<ConvertSignaturesPass>("convert-fly-to-nvvm"); });
}
