//===- nvidia_matrix_core.h - NVIDIA's mma.sync as NVVM ops -----*- C++ -*-===//
//
// One lowering of an mma.sync or wgmma atom call for every path that emits one: the kernel
// builder's atom calls (compiler/gpu_target.cpp) and the Fly dialect's FlyNVVM atoms.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_NVIDIA_MATRIX_CORE_H
#define FLYDSL_IR_NVIDIA_MATRIX_CORE_H

#include "mlir/IR/Builders.h"

namespace fly::ir {

/// mma.sync m16n8k16 (f16 or bf16 in) or, with `fp8`, m16n8k32 (e4m3 or e5m2 in), f32
/// accumulators: a lane's A (8 or 16 values), B (4 or 8) and C (4) vectors become the
/// instruction's registers (32-bit groups of consecutive values, in the PTX fragment order the
/// atom's layouts follow); gives D as a vector<4xf32>. `abElement` is the A/B element type (fp8
/// values may come as their i8 bits).
mlir::Value createMmaSync(mlir::OpBuilder &b, mlir::Location loc, mlir::Type abElement,
                          mlir::Value a, mlir::Value bValue, mlir::Value c, bool fp8);

/// The PTX name of wgmma atom `atomName` on A and B of type `ab`: an fp8 atom (`...k32.f32.fp8`)
/// names its operands' kind, e4m3 or e5m2; the 16-bit atoms' names are their instructions.
std::string wgmmaInstruction(llvm::StringRef atomName, mlir::Type ab);

/// wgmma.mma_async `instruction` (its PTX name, sm_90a) on the shared-memory matrix descriptors
/// `descA` and `descB` (i64), A / B MN-major (transposed) where `mnMajorA` / `mnMajorB` (16-bit
/// operands only: fp8 instructions take no transpose): D = A B + `acc`, this lane's f32
/// accumulators (a vector), tied to the instruction's registers. The PTX has side effects, so
/// LLVM keeps it in order with the fence, commit and wait around it.
mlir::Value createWgmma(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef instruction,
                        mlir::Value descA, mlir::Value descB, mlir::Value acc, bool mnMajorA,
                        bool mnMajorB);

/// The accumulators `acc` after a wgmma wait: an empty asm that ties the same registers, so
/// nothing reads them before the wait.
mlir::Value settleWgmmaAccumulators(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc);

} // namespace fly::ir

#endif // FLYDSL_IR_NVIDIA_MATRIX_CORE_H
