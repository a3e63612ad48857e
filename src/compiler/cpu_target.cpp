//===- cpu_target.cpp - Kernels lowered for the host and JIT-compiled -----===//
//
// Each gpu.func becomes a func.func that runtime/cpu calls once per GPU thread. GPU ops
// become calls into the runtime, which knows the calling thread's ids, its block's shared
// memory and its wave: __fly_cpu_index(code) for thread/block ids and sizes and the lane,
// __fly_cpu_barrier(), __fly_cpu_shuffle_<type>(value, offset, width, mode) and
// __fly_shared_base(). Then the usual conversions to the LLVM dialect, and the
// ExecutionEngine (ORC) compiles it.
//
//===----------------------------------------------------------------------===//

#include "compiler/compiler.h"
#include "ir/mlir_module.h"

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
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace fly::compiler {

namespace {

// The code __fly_cpu_index takes: kind * 3 + dim, and 12 for the lane id.
constexpr int kLaneIdCode = 12;

struct DiagnosticCollector {
  std::string text;
  mlir::ScopedDiagnosticHandler handler;
  explicit DiagnosticCollector(mlir::MLIRContext *ctx)
      : handler(ctx, [this](mlir::Diagnostic &d) {
          if (!text.empty())
            text += "; ";
          text += d.str();
          return mlir::success();
        }) {}
};

mlir::func::FuncOp declare(mlir::ModuleOp m, llvm::StringRef name, mlir::FunctionType type) {
  if (auto f = m.lookupSymbol<mlir::func::FuncOp>(name))
    return f;
  mlir::OpBuilder b(m.getContext());
  b.setInsertionPointToStart(m.getBody());
  auto f = mlir::func::FuncOp::create(b, m.getLoc(), name, type);
  f.setPrivate();
  return f;
}

struct HostKernel {
  std::string name;
  bool usesCollectives = false;
  uint64_t sharedBytes = 0;
};

// Rewrites the gpu.module's kernels into host functions of `m`; returns what it found.
std::vector<HostKernel> outlineForHost(mlir::ModuleOp m) {
  mlir::MLIRContext *ctx = m.getContext();
  mlir::OpBuilder b(ctx);
  auto i32 = b.getI32Type(), i64 = b.getI64Type();
  auto gpuModule = *m.getOps<mlir::gpu::GPUModuleOp>().begin();
  std::vector<HostKernel> found;

  for (auto func : llvm::make_early_inc_range(gpuModule.getOps<mlir::gpu::GPUFuncOp>())) {
    HostKernel info;
    info.name = func.getName().str();
    if (auto a = func->getAttrOfType<mlir::IntegerAttr>("fly.shared_bytes"))
      info.sharedBytes = a.getInt();
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
  // The shared-memory base: a runtime function on the host.
  if (auto decl = gpuModule.lookupSymbol<mlir::func::FuncOp>(ir::kSharedBaseFn))
    declare(m, ir::kSharedBaseFn, decl.getFunctionType());
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

void dump(const Options &o, const std::string &stage, mlir::ModuleOp m) {
  if (o.dumpDir.empty())
    return;
  llvm::sys::fs::create_directories(o.dumpDir);
  std::error_code ec;
  llvm::raw_fd_ostream os(o.dumpDir + "/" + stage, ec);
  if (!ec)
    m->print(os);
}

// Clones the module and lowers the clone for the host; the builder's module stays as built.
mlir::OwningOpRef<mlir::ModuleOp> lowerForHost(ir::Module &module, const Options &options,
                                               std::vector<HostKernel> &kernels) {
  for (auto &k : module.kernels()) {
    if (!k->error().empty())
      throw CompileError(k->error());
    if (!k->finished())
      throw CompileError("kernel '" + k->name() + "' is not finished (call finish first)");
  }
  auto &impl = module.impl();
  mlir::OwningOpRef<mlir::ModuleOp> m(impl.module.clone());
  DiagnosticCollector diags(&impl.context);
  dump(options, "00_built.mlir", *m);
  kernels = outlineForHost(*m);
  dump(options, "01_host.mlir", *m);
  mlir::PassManager pm(&impl.context);
  if (options.printAfterAll) {
    impl.context.disableMultithreading();
    pm.enableIRPrinting([](mlir::Pass *, mlir::Operation *) { return false; },
                        [](mlir::Pass *, mlir::Operation *) { return true; },
                        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
  }
  addLoweringPasses(pm);
  if (mlir::failed(pm.run(*m)))
    throw CompileError("lowering for the cpu target failed: " + diags.text);
  dump(options, "02_llvm_dialect.mlir", *m);
  return m;
}

class JitModule : public CpuModule {
public:
  std::unique_ptr<mlir::ExecutionEngine> engine;
  std::map<std::string, CpuKernelInfo> kernels;
  const CpuKernelInfo *kernel(const std::string &name) const override {
    auto it = kernels.find(name);
    return it == kernels.end() ? nullptr : &it->second;
  }
};

void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

} // namespace

int waveSize(const std::string &arch) {
  if (arch.rfind("gfx9", 0) == 0)
    return 64;
  if (arch.rfind("gfx1", 0) == 0 || arch.rfind("sm_", 0) == 0 || arch == "host")
    return 32;
  throw CompileError("unknown arch '" + arch +
                     "' (expected gfx9xx, gfx1xxx, sm_NN or host)");
}

std::string loweredIr(ir::Module &module, const Options &options) {
  if (options.target != "cpu")
    throw CompileError("target '" + options.target + "' has no pipeline in this build");
  std::vector<HostKernel> kernels;
  auto m = lowerForHost(module, options, kernels);
  std::string out;
  llvm::raw_string_ostream os(out);
  m->print(os);
  return out;
}

std::unique_ptr<CpuModule> compileCpu(ir::Module &module, const Options &options,
                                      const SymbolTable &runtimeSymbols) {
  waveSize(options.arch); // rejects unknown arch names
  std::vector<HostKernel> kernels;
  auto m = lowerForHost(module, options, kernels);
  auto &ctx = module.impl().context;
  mlir::registerBuiltinDialectTranslation(ctx);
  mlir::registerLLVMDialectTranslation(ctx);
  initializeNativeTarget();

  auto optimize = mlir::makeOptimizingTransformer(options.optLevel, 0, nullptr);
  auto transformer = [&](llvm::Module *lm) -> llvm::Error {
    if (auto err = optimize(lm))
      return err;
    if (!options.dumpDir.empty()) {
      std::error_code ec;
      llvm::raw_fd_ostream os(options.dumpDir + "/03_llvm.ll", ec);
      if (!ec)
        lm->print(os, nullptr);
    }
    return llvm::Error::success();
  };
  mlir::ExecutionEngineOptions eo;
  eo.transformer = transformer;
  eo.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(options.optLevel);
  eo.enableGDBNotificationListener = false;
  eo.enablePerfNotificationListener = false;
  DiagnosticCollector diags(&ctx);
  auto engine = mlir::ExecutionEngine::create(*m, eo);
  if (!engine)
    throw CompileError("JIT compilation failed: " + llvm::toString(engine.takeError()) + " " +
                       diags.text);
  auto jit = std::make_unique<JitModule>();
  jit->engine = std::move(*engine);
  jit->engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (auto &[name, addr] : runtimeSymbols)
      map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr),
                             llvm::JITSymbolFlags::Exported};
    return map;
  });
  for (auto &k : kernels) {
    auto fn = jit->engine->lookupPacked(k.name);
    if (!fn)
      throw CompileError("kernel '" + k.name + "' is missing after JIT compilation: " +
                         llvm::toString(fn.takeError()));
    jit->kernels[k.name] = CpuKernelInfo{*fn, k.usesCollectives, k.sharedBytes};
  }
  return jit;
}

} // namespace fly::compiler
