//===- fly_convert_signatures.cpp - Fly values across function boundaries -===//
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
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fly::ir::fly;

namespace {

/// A tensor argument crosses as its pointer only where its layout is static and unswizzled:
/// the type then says everything else. Others stay Fly values (and the pass says so).
bool crossesAsPointer(FlyMemRefType t) {
  return t.getLayout().getNumDynamicLeaves() == 0 && t.getSwizzle().empty();
}

struct FlyTypeConverter : TypeConverter {
  explicit FlyTypeConverter(MLIRContext *ctx) {
    addConversion([](Type t) { return t; });
    addConversion([ctx](PointerType t) -> Type {
      return LLVM::LLVMPointerType::get(ctx, t.getAddressSpace());
    });
    addConversion([ctx](FlyMemRefType t) -> std::optional<Type> {
      if (!crossesAsPointer(t))
        return std::nullopt;
      return LLVM::LLVMPointerType::get(ctx, t.getAddressSpace());
    });
    // Inside a body the pointer is a Fly value again.
    addSourceMaterialization(
        [](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
          if (inputs.size() != 1 || !isa<LLVM::LLVMPointerType>(inputs[0].getType()))
            return {};
          if (auto p = dyn_cast<PointerType>(type))
            return MakePtrOp::create(b, loc, p, inputs[0]);
          auto m = dyn_cast<FlyMemRefType>(type);
          if (!m)
            return {};
          Value ptr = MakePtrOp::create(b, loc, m.getPointerType(), inputs[0]);
          Value layout = StaticOp::create(b, loc, m.getLayout());
          return MakeViewOp::create(b, loc, ptr, layout, DenseI64ArrayAttr());
        });
  }
};

/// gpu.launch_func passes its kernel operands as the kernel now takes them.
struct LaunchOperands : OpConversionPattern<gpu::LaunchFuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(gpu::LaunchFuncOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.modifyOpInPlace(
        op, [&] { op.getKernelOperandsMutable().assign(adaptor.getKernelOperands()); });
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
           "LLVM pointers, then lower the bodies (fly-layout-lowering)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, gpu::GPUDialect, func::FuncDialect>();
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

    OpPassManager bodies(ModuleOp::getOperationName());
    bodies.addPass(createLayoutLoweringPass());
    if (failed(runPipeline(bodies, getOperation())))
      signalPassFailure();
  }

  std::string name;
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createConvertSignaturesPass(llvm::StringRef name) {
  return std::make_unique<ConvertSignaturesPass>(name);
}

void fly::ir::fly::registerConvertSignaturesPasses() {
  PassRegistration<ConvertSignaturesPass>(
      [] { return std::make_unique<ConvertSignaturesPass>("convert-fly-to-rocdl"); });
  PassRegistration<ConvertSignaturesPass>(
      [] { return std::make_unique<ConvertSignaturesPass>("convert-fly-to-nvvm"); });
}
