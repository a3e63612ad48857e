//===- fly_opt.cpp - mlir-opt with the Fly dialect ------------------------===//
//
// fly-opt runs the Fly dialect's passes (and MLIR's canonicalizer, which folds
// the layout queries) and the cpu target's work-item loops on .mlir files;
// tests/mlir checks them with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "compiler/work_item_loops.h"
#include "ir/fly/fly_dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<fly::ir::fly::FlyDialect, mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect, mlir::scf::SCFDialect,
                  mlir::vector::VectorDialect, mlir::gpu::GPUDialect>();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  fly::ir::fly::registerFlyPasses();
  fly::compiler::registerWorkItemLoopsPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fly-opt: the Fly dialect's passes\n", registry));
}
