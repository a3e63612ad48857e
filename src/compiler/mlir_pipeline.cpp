//===- mlir_pipeline.cpp - What every target's MLIR pipeline shares -------===//

#include "compiler/mlir_pipeline.h"

#include "ir/mlir_module.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

namespace fly::compiler {

DiagnosticCollector::DiagnosticCollector(mlir::MLIRContext *ctx)
    : handler(ctx, [this](mlir::Diagnostic &d) {
        if (!text.empty())
          text += "; ";
        text += d.str();
        return mlir::success();
      }) {}

void dumpText(const Options &o, const std::string &stage, const std::string &text) {
  if (o.dumpDir.empty())
    return;
  llvm::sys::fs::create_directories(o.dumpDir);
  std::error_code ec;
  llvm::raw_fd_ostream os(o.dumpDir + "/" + stage, ec);
  if (!ec)
    os << text;
}

void dumpStage(const Options &o, const std::string &stage, mlir::ModuleOp m) {
  if (o.dumpDir.empty())
    return;
  std::string text;
  llvm::raw_string_ostream os(text);
  m->print(os);
  dumpText(o, stage, text);
}

mlir::OwningOpRef<mlir::ModuleOp> cloneForLowering(ir::Module &module, const Options &options) {
  for (auto &k : module.kernels()) {
    if (!k->error().empty())
      throw CompileError(k->error());
    if (!k->finished())
      throw CompileError("kernel '" + k->name() + "' is not finished (call finish first)");
  }
  if (module.kernels().empty())
    throw CompileError("the module has no kernels");
  mlir::OwningOpRef<mlir::ModuleOp> m(module.impl().module.clone());
  dumpStage(options, "00_built.mlir", *m);
  return m;
}

void configurePrinting(mlir::PassManager &pm, const Options &options) {
  if (!options.printAfterAll)
    return;
  pm.getContext()->disableMultithreading();
  pm.enableIRPrinting([](mlir::Pass *, mlir::Operation *) { return false; },
                      [](mlir::Pass *, mlir::Operation *) { return true; },
                      /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
}

void runPasses(mlir::PassManager &pm, mlir::ModuleOp m, const std::string &what) {
  DiagnosticCollector diags(m.getContext());
  if (mlir::failed(pm.run(m)))
    throw CompileError(what + " failed: " + diags.text);
}

void optimizeLlvm(llvm::Module &lm, llvm::TargetMachine &tm, const Options &options) {
  auto optimize = mlir::makeOptimizingTransformer(options.optLevel, 0, &tm);
  if (auto err = optimize(&lm))
    throw CompileError("optimizing LLVM IR failed: " + llvm::toString(std::move(err)));
  if (options.dumpDir.empty())
    return;
  std::string ll;
  llvm::raw_string_ostream os(ll);
  lm.print(os, nullptr);
  dumpText(options, "03_llvm.ll", ll);
}

std::string emitCode(llvm::TargetMachine &tm, llvm::Module &lm, llvm::CodeGenFileType type) {
  llvm::SmallString<0> out;
  llvm::raw_svector_ostream os(out);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, type))
    throw CompileError("the " + tm.getTargetTriple().str() + " code generator cannot emit this");
  pm.run(lm);
  return std::string(out.str());
}

void checkAtomArch(const std::string &atom, const std::string &arch) {
  if (atom.rfind("v_mfma_", 0) != 0)
    return;
  static const char *gfx950Only[] = {"v_mfma_f32_16x16x32_f16", "v_mfma_f32_32x32x16_f16",
                                     "v_mfma_f32_16x16x32_bf16", "v_mfma_f32_32x32x16_bf16"};
  bool newShape = false;
  for (const char *n : gfx950Only)
    newShape = newShape || atom == n;
  if (arch.rfind("gfx9", 0) != 0 || (newShape && arch != "gfx950"))
    throw CompileError(atom + " is an MFMA instruction of " +
                       (newShape ? "gfx950" : "gfx9 (CDNA)") + ", not of " + arch);
}

void refuseMmaCalls(mlir::ModuleOp m, const Options &options) {
  std::string atom;
  m.walk([&](mlir::func::CallOp call) {
    llvm::StringRef callee = call.getCallee();
    if (atom.empty() && callee.starts_with(ir::kMmaFnPrefix))
      atom = callee.drop_front(llvm::StringRef(ir::kMmaFnPrefix).size()).str();
  });
  if (!atom.empty())
    throw CompileError("the " + options.target + " target (" + options.arch +
                       ") has no lowering for " + atom +
                       " atoms yet: mma.sync runs on cuda, f32/f16/bf16 MFMA on rocm; fp8 and i8 "
                       "MFMA, WMMA and the cpu target's emulation of matrix-core atoms are not "
                       "built");
}

} // namespace fly::compiler
