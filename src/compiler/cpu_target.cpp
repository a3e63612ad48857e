//===- cpu_target.cpp - Kernels lowered for the host and JIT-compiled -----===//
//
// Each gpu.func becomes a func.func that runtime/cpu calls once per GPU thread. GPU ops
// become calls into the runtime, which knows the calling thread's ids, its block's shared
// memory and its wave: __fly_cpu_index(code) for thread/block ids and sizes and the lane,
// __fly_cpu_barrier(), __fly_cpu_shuffle_<type>(value, offset, width, mode),
// __fly_shared_base() and __fly_dynamic_shared_base(). Then the usual conversions to the LLVM
// dialect, LLVM's optimizer and the host code generator: the result is a relocatable object
// that runtime/cpu links into the process (and the disk cache keeps).
//
//===----------------------------------------------------------------------===//

#include "compiler/mlir_pipeline.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace fly::compiler {

namespace {

// The code __fly_cpu_index takes: kind * 3 + dim, and 12 for the lane id.
constexpr int kLaneIdCode = 12;

mlir::func::FuncOp declare(mlir::ModuleOp m, llvm::StringRef name, mlir::FunctionType type) {
  if (auto f = m.lookupSymbol<mlir::func::FuncOp>(name))
    return f;
  mlir::OpBuilder b(m.getContext());
  b.setInsertionPointToStart(m.getBody());
  auto f = mlir::func::FuncOp::create(b, m.getLoc(), name, type);
  f.setPrivate();
  return f;
}

// Rewrites the gpu.module's kernels into host functions of `m`; returns what it found.
std::vector<KernelInfo> outlineForHost(mlir::ModuleOp m) {
  mlir::MLIRContext *ctx = m.getContext();
  mlir::OpBuilder b(ctx);
  auto i32 = b.getI32Type(), i64 = b.getI64Type();
  auto gpuModule = *m.getOps<mlir::gpu::GPUModuleOp>().begin();
  std::vector<KernelInfo> found;

  for (auto func : llvm::make_early_inc_range(gpuModule.getOps<mlir::gpu::GPUFuncOp>())) {
    KernelInfo info;
    info.name = func.getName().str();
    if (auto a = func->getAttrOfType<mlir::IntegerAttr>("fly.shared_bytes"))
      info.staticSharedBytes = a.getInt();
    b.setInsertionPointToEnd(m.getBody());
    auto host = mlir::func::FuncOp::create(b, func.getLoc(), func.getName(), func.getFunctionType());
    host.getBody().takeBody(func.getBody());

    llvm::SmallVector<mlir::Operation *> gpuOps;
    host.walk([&](mlir::Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() == "gpu")
        gpuOps.push_back(op);
    });
    for (mlir::Operation *op : gpuOps) {
      b.setInsertionPoint(op);
      auto loc = op->getLoc();
      auto indexCall = [&](int code) {
        auto fn = declare(m, "__fly_cpu_index", b.getFunctionType({i32}, {i64}));
        mlir::Value c = mlir::arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(code));
        mlir::Value v = mlir::func::CallOp::create(b, loc, fn, mlir::ValueRange{c}).getResult(0);
        return mlir::arith::IndexCastOp::create(b, loc, b.getIndexType(), v).getResult();
      };
      auto dimOf = [](auto o) { return static_cast<int>(o.getDimension()); };
      if (auto o = mlir::dyn_cast<mlir::gpu::ThreadIdOp>(op)) {
        o.replaceAllUsesWith(indexCall(0 * 3 + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::BlockIdOp>(op)) {
        o.replaceAllUsesWith(indexCall(1 * 3 + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::BlockDimOp>(op)) {
        o.replaceAllUsesWith(indexCall(2 * 3 + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::GridDimOp>(op)) {
        o.replaceAllUsesWith(indexCall(3 * 3 + dimOf(o)));
      } else if (auto o = mlir::dyn_cast<mlir::gpu::LaneIdOp>(op)) {
        o.getResult().replaceAllUsesWith(indexCall(kLaneIdCode));
      } else if (mlir::isa<mlir::gpu::BarrierOp>(op)) {
        info.usesCollectives = true;
        mlir::func::CallOp::create(b, loc, declare(m, "__fly_cpu_barrier", b.getFunctionType({}, {})),
                                   mlir::ValueRange{});
      } else if (auto o = mlir::dyn_cast<mlir::gpu::ShuffleOp>(op)) {
        info.usesCollectives = true;
        mlir::Type t = o.getValue().getType();
        std::string suffix = t.isF32() ? "f32" : t.isF64() ? "f64" : t.isInteger(64) ? "i64" : "i32";
        auto fn = declare(m, "__fly_cpu_shuffle_" + suffix, b.getFunctionType({t, i32, i32, i32}, {t}));
        mlir::Value mode = mlir::arith::ConstantOp::create(
            b, loc, i32, b.getI32IntegerAttr(static_cast<int>(o.getMode())));
        auto call = mlir::func::CallOp::create(
            b, loc, fn, mlir::ValueRange{o.getValue(), o.getOffset(), o.getWidth(), mode});
        o.getShuffleResult().replaceAllUsesWith(call.getResult(0));
        mlir::Value valid = mlir::arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
        o.getValid().replaceAllUsesWith(valid);
      } else if (auto o = mlir::dyn_cast<mlir::gpu::ReturnOp>(op)) {
        mlir::func::ReturnOp::create(b, loc);
      } else {
        throw CompileError("the cpu target does not support '" +
                           op->getName().getStringRef().str() + "'");
      }
      op->erase();
    }
    func.erase();
    found.push_back(info);
  }
  // The shared-memory bases: runtime functions on the host.
  for (const char *fn : {ir::kSharedBaseFn, ir::kDynamicSharedBaseFn})
    if (auto decl = gpuModule.lookupSymbol<mlir::func::FuncOp>(fn))
      declare(m, fn, decl.getFunctionType());
  gpuModule.erase();
  m->removeAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName());
  return found;
}

void addLoweringPasses(mlir::PassManager &pm) {
  pm.addPass(mlir::createSCFToControlFlowPass());
  pm.addPass(mlir::createConvertMathToLLVMPass());
  pm.addPass(mlir::createConvertMathToLibmPass());
  pm.addPass(mlir::createArithToLLVMConversionPass());
  pm.addPass(mlir::createConvertIndexToLLVMPass());
  pm.addPass(mlir::createConvertControlFlowToLLVMPass());
  pm.addPass(mlir::createConvertFuncToLLVMPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}


mlir::OwningOpRef<mlir::ModuleOp> lowerForHost(ir::Module &module, const Options &options,
                                               std::vector<KernelInfo> &kernels) {
  auto m = cloneForLowering(module, options);
  kernels = outlineForHost(*m);
  dumpStage(options, "01_host.mlir", *m);
  mlir::PassManager pm(m->getContext());
  configurePrinting(pm, options);
  addLoweringPasses(pm);
  runPasses(pm, *m, "lowering for the cpu target");
  dumpStage(options, "02_llvm_dialect.mlir", *m);
  return m;
}

// `void __fly_packed_<k>(void **args)`: loads each argument through its pointer and calls the
// kernel, so the runtime calls every kernel the same way.
void addPackedEntry(llvm::Module &lm, llvm::Function &kernel) {
  auto &ctx = lm.getContext();
  auto *ptr = llvm::PointerType::getUnqual(ctx);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr}, false);
  auto *entry = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                       kPackedPrefix + kernel.getName().str(), lm);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", entry));
  llvm::SmallVector<llvm::Value *> args;
  for (auto &arg : kernel.args()) {
    llvm::Value *slot = b.CreateConstGEP1_64(ptr, entry->getArg(0), arg.getArgNo());
    llvm::Value *addr = b.CreateLoad(ptr, slot);
    args.push_back(b.CreateLoad(arg.getType(), addr));
  }
  b.CreateCall(&kernel, args);
  b.CreateRetVoid();
}

std::unique_ptr<llvm::TargetMachine> hostTargetMachine(int optLevel) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    throw CompileError("cannot describe the host for code generation: " +
                       llvm::toString(builder.takeError()));
  builder->setRelocationModel(llvm::Reloc::PIC_);
  builder->setCodeGenOptLevel(static_cast<llvm::CodeGenOptLevel>(optLevel));
  auto tm = builder->createTargetMachine();
  if (!tm)
    throw CompileError("no code generator for the host: " + llvm::toString(tm.takeError()));
  return std::move(*tm);
}

} // namespace

std::string loweredIrCpu(ir::Module &module, const Options &options) {
  std::vector<KernelInfo> kernels;
  auto m = lowerForHost(module, options, kernels);
  std::string out;
  llvm::raw_string_ostream os(out);
  m->print(os);
  return out;
}

Artifact compileCpu(ir::Module &module, const Options &options) {
  waveSize(options.arch); // rejects unknown arch names
  Artifact art;
  art.target = options.target;
  art.arch = options.arch;
  auto m = lowerForHost(module, options, art.kernels);
  auto &ctx = module.impl().context;
  mlir::registerBuiltinDialectTranslation(ctx);
  mlir::registerLLVMDialectTranslation(ctx);
  DiagnosticCollector diags(&ctx);
  llvm::LLVMContext llvmContext;
  auto lm = mlir::translateModuleToLLVMIR(m->getOperation(), llvmContext, "flydsl");
  if (!lm)
    throw CompileError("translation to LLVM IR failed: " + diags.text);
  auto tm = hostTargetMachine(options.optLevel);
  lm->setTargetTriple(tm->getTargetTriple());
  lm->setDataLayout(tm->createDataLayout());
  for (auto &k : art.kernels) {
    llvm::Function *f = lm->getFunction(k.name);
    if (!f)
      throw CompileError("kernel '" + k.name + "' is missing after lowering");
    addPackedEntry(*lm, *f);
  }
  optimizeLlvm(*lm, *tm, options);
  art.image = emitCode(*tm, *lm, llvm::CodeGenFileType::ObjectFile);
  return art;
}

} // namespace fly::compiler
