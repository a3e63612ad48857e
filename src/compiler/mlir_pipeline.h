//===- mlir_pipeline.h - What every target's MLIR pipeline shares -----*- C++ -*-===//
//
// Included only by TUs that include MLIR anyway: the targets, their stages and fly-opt.
//
//===-------------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_MLIR_PIPELINE_H
#define FLYDSL_COMPILER_MLIR_PIPELINE_H

#include "compiler/compiler.h"
#include "ir/mlir_module.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/CodeGen.h"

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace fly::compiler {

/// Collects MLIR diagnostics into one line, so a failed pass says why in the error.
struct DiagnosticCollector {
  std::string text;
  mlir::ScopedDiagnosticHandler handler;
  explicit DiagnosticCollector(mlir::MLIRContext *ctx);
};

/// Writes `m` to `<dumpDir>/<stage>` when dumping is on.
void dumpStage(const Options &o, const std::string &stage, mlir::ModuleOp m);
/// Writes text to `<dumpDir>/<stage>` when dumping is on.
void dumpText(const Options &o, const std::string &stage, const std::string &text);

/// A copy of the module to lower; the builder's module stays as built. Every kernel must be
/// finished and free of errors (CompileError otherwise). Dumps it as 00_origin.mlir.
mlir::OwningOpRef<mlir::ModuleOp> cloneForLowering(ir::Module &module, const Options &options);

/// The module's gpu.module; a CompileError where it has none (a stage run on lowered IR).
mlir::gpu::GPUModuleOp gpuModuleOf(mlir::ModuleOp m);

/// A step of a target's lowering that is this project's own (no MLIR pass does it): it runs as a
/// pass named `name` whose options give the target, arch and fiber choice of Options, so a
/// kernel's whole lowering is a pass pipeline that fly-opt can run too. A stage reports a
/// failure by throwing CompileError, which the pipeline rethrows unchanged.
struct Stage {
  const char *name;
  const char *summary;
  void (*run)(mlir::ModuleOp m, const Options &o);
};
/// The stages of the cpu target (cpu_target.cpp) and of the GPU targets (gpu_target.cpp).
const std::vector<Stage> &cpuStages();
const std::vector<Stage> &gpuStages();
/// Adds the pass of the stage named `name` (of either list) for `o`'s target and arch.
void addStage(mlir::OpPassManager &pm, llvm::StringRef name, const Options &o);
/// Registers every stage as a pass with MLIR's registry (fly-opt).
void registerStagePasses();

/// MLIR's convert-scf-to-cf without pattern rollback: its patterns never fail, and the rollback
/// bookkeeping of a kernel of thousands of unrolled branches (FlyDSL's fp8 GEMMs on the cpu
/// target, K unrolled) passed 15 GB where the conversion itself takes under one.
std::unique_ptr<mlir::Pass> scfToControlFlow();

/// A target's lowering as steps, each adding one top-level pass (or one nest of passes) to a pass
/// manager: with dumping on, each step's result is a stage of its own, NN_<its pass>.mlir, as
/// FlyDSL numbers its stages, and pipeline.txt gives the fly-opt command that reproduces the
/// whole lowering from 00_origin.mlir.
using PipelineStep = std::function<void(mlir::OpPassManager &)>;
/// Every target's first step, FlyDSL's fly-layout-lowering: the layouts and coordinates the
/// kernel builder wrote resolved into arith, with no index wrapping past 2^31.
void addFlyLayoutLowering(mlir::OpPassManager &pm);
/// The second, fly-atom-lowering for `target` (cpu, rocm or cuda): each copy atom call as the
/// target's loads and stores (or its asynchronous copy).
PipelineStep flyAtomLowering(const std::string &target);
/// The third, fly-lower-to-llvm: the pointers, tensors and atoms of the Fly ops left, with
/// matrix-core atoms as calls of the atom that the target resolves.
void addFlyLowering(mlir::OpPassManager &pm);
/// Runs the steps on `m` (a failure throws CompileError naming `what` and the diagnostics, or
/// the failed stage's own error). Returns the number the next dumped stage takes.
int runPipeline(const std::vector<PipelineStep> &steps, mlir::ModuleOp m, const Options &o,
                const std::string &what);

/// A target's module after its pipeline, and the number its next dumped stage takes.
struct LoweredModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  int nextStage;
};

/// Turns on FLYDSL_DEBUG_PRINT_AFTER_ALL printing for `pm` when asked.
void configurePrinting(mlir::PassManager &pm, const Options &options);

/// Runs `pm` on `m`; a failure throws CompileError naming `what` and the diagnostics.
void runPasses(mlir::PassManager &pm, mlir::ModuleOp m, const std::string &what);

/// Fails with a CompileError naming the first matrix-core atom call (ir::kMmaFnPrefix) left in
/// `m`: one the target has no lowering for.
void refuseMmaCalls(mlir::ModuleOp m, const Options &options);

/// Fails with a CompileError for a shuffle whose constant width passes the lanes of a wave of
/// the arch (a CUDA warp's 32): no lane of another wave can be read.
void refuseWideShuffles(mlir::ModuleOp m, const Options &options);

/// Fails with a CompileError naming both when matrix-core atom `atom` (an instruction name) is
/// not an instruction of `arch`: MFMA needs gfx9, gfx950's new shapes need gfx950, WMMA gfx12,
/// or gfx11 where its `call` (an atom call with its layouts) holds sixteen A values a lane:
/// RDNA3's WMMA, whose instructions have RDNA4's names.
void checkAtomArch(const std::string &atom, const std::string &arch,
                   mlir::Operation *call = nullptr);

/// Fails with a CompileError when NVIDIA matrix-core atom `atom` (mma.sync, wgmma) gets fp8
/// operands of `element` type in the FNUZ formats, which NVIDIA does not read. An MFMA reads
/// any fp8 operand's bytes in its arch's formats (gfx942 FNUZ, gfx950 OCP), as the GPU does.
/// Operands as i8 bits are taken as they are.
void checkFp8Operands(const std::string &atom, mlir::Type element, const std::string &arch);

/// Rewrites the math ops that no target lowers directly (clampf, fpowi, ipowi, sincos, the
/// float class tests) into ones every target does.
void expandCompositeMath(mlir::ModuleOp m);
/// Every alloca in the target's stack address space (`space`), cast where its users expect
/// another.
void allocasInStackSpace(mlir::ModuleOp m, unsigned space);

/// LLVM's optimizer at options.optLevel for `tm`, then the module dumped as stage `stage`
/// (NN_llvm_ir.ll).
void optimizeLlvm(llvm::Module &lm, llvm::TargetMachine &tm, const Options &options, int stage);

/// A dumped stage's file name: the number in two digits, then the name.
std::string stageFile(int stage, const std::string &name);

/// Code generation of `lm` into an object file or assembly text.
std::string emitCode(llvm::TargetMachine &tm, llvm::Module &lm, llvm::CodeGenFileType type);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_MLIR_PIPELINE_H
