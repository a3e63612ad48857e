//===- fly_opt.cpp - mlir-opt with the Fly dialect ------------------------===//
//
// fly-opt runs the Fly dialect's passes, MLIR's own (the canonicalizer folds
// the layout queries; gpu-module-to-binary serializes kernels) and every
// target's lowering stages on .mlir files; tests/mlir checks them with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "compiler/mlir_pipeline.h"
#include "compiler/work_item_loops.h"
#include "ir/fly/fly_nvvm_dialect.h"
#include "ir/fly/fly_rocdl_dialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  // MLIR's own dialects, passes and LLVM IR translations too, as in FlyDSL's fly-opt: the
  // pipeline a kernel goes through (gpu-module-to-binary included) runs here stage by stage.
  mlir::DialectRegistry registry;
  registry.insert<fly::ir::fly::FlyDialect, fly::ir::fly_rocdl::FlyROCDLDialect,
                  fly::ir::fly_nvvm::FlyNVVMDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  mlir::registerAllPasses();
  fly::ir::fly::registerFlyPasses();
  fly::compiler::registerWorkItemLoopsPass();
  // Every target's own lowering stages: a kernel's dumped pipeline.txt runs here as it ran.
  fly::compiler::registerStagePasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fly-opt: the Fly dialect's passes\n", registry));
}
