//===- mlir_module.h - The MLIR side of ir::Module, for the compiler ----*- C++ -*-===//
//
// Only kernel_builder.cpp and compiler/ include this: it is where MLIR types meet the plain
// C++ face of kernel.h.
//
//===-------------------------------------------------------------------------------===//
#ifndef FLYDSL_IR_MLIR_MODULE_H
#define FLYDSL_IR_MLIR_MODULE_H

#include "ir/kernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <optional>

namespace fly::ir {

struct Module::Impl {
  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  mlir::ModuleOp module;
  mlir::gpu::GPUModuleOp gpuModule;
  std::vector<std::unique_ptr<Kernel>> kernels;
  std::string foreignIr; // see Module::foreignIr
  Impl();
  ~Impl();
};

/// The value of an integer constant (arith or LLVM), or nothing. (Not matchPattern: its trait
/// check needs TypeIDs that are not shared between libMLIR.so and this library's hidden
/// symbols, so it never matches here.)
inline std::optional<int64_t> integerConstant(mlir::Value v) {
  mlir::Attribute a;
  if (auto c = v.getDefiningOp<mlir::arith::ConstantOp>())
    a = c.getValue();
  else if (auto c = v.getDefiningOp<mlir::LLVM::ConstantOp>())
    a = c.getValue();
  if (auto i = mlir::dyn_cast_or_null<mlir::IntegerAttr>(a))
    return i.getInt();
  return std::nullopt;
}

/// The callees that return the block's static and dynamic shared memory bases, replaced per
/// target. Dynamic shared memory starts after the static part, 1024-byte aligned.
inline constexpr const char *kSharedBaseFn = "__fly_shared_base";
inline constexpr const char *kDynamicSharedBaseFn = "__fly_dynamic_shared_base";
/// A matrix-core atom call is a call of kMmaFnPrefix + the atom's instruction name taking the A,
/// B and C values as vectors and returning D's; each target replaces it with its instruction
/// or refuses it.
inline constexpr const char *kMmaFnPrefix = "__fly_mma.";
/// Scaled atoms (v_mfma_scale_*) are called as kMmaFnPrefix + name + "." + A's format + "." +
/// B's format, and take A's and B's E8M0 scales (i32) after the C values; their layouts text
/// adds the scales' thread-value layouts.
/// wgmma atoms (kMmaFnPrefix + "wgmma.mma_async...") take A's and B's shared-memory descriptors
/// (i64) and the accumulators. After the warpgroup waits for them, each accumulator vector goes
/// through a call of kWgmmaSettleFnPrefix + its length, which cuda makes an empty asm that ties
/// the registers, so that nothing reads them before the wait; other targets drop it.
inline constexpr const char *kWgmmaSettleFnPrefix = "__fly_wgmma_settle.";
/// On each wgmma atom call: whether A and B are M/N-major (1) or K-major (0), the instruction's
/// transpose operands.
inline constexpr const char *kWgmmaMnMajorAttr = "fly.wgmma_mn_major";
/// On each atom call: (M, N, K, lanes) and the A, B and C thread-value layouts as text.
inline constexpr const char *kMmaShapeAttr = "fly.mma_shape";
inline constexpr const char *kMmaLayoutsAttr = "fly.mma_layouts";
/// On the calls of integer atoms with controls (RDNA3's iu8 WMMA): [A signed, B signed, D
/// clamped], as booleans. Without it, A and B are signed and D wraps (MFMA's i8).
inline constexpr const char *kMmaIntegerAttr = "fly.mma_integer";

mlir::Type mlirType(mlir::MLIRContext *ctx, DType d);

} // namespace fly::ir

#endif // FLYDSL_IR_MLIR_MODULE_H
