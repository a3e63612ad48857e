//===- small_floats.h - fp8 conversions as integer arithmetic ----*- C++ -*-===//
//
// LLVM has no fp8 type: MLIR's lowering carries fp8 values as their i8 bits and leaves
// arith.extf / arith.truncf to or from them unlowered on every target. Each target rewrites
// them first into integer and f32 arithmetic that gives APFloat's results (round to nearest
// even; overflow to infinity, or to NaN in the formats without one), so a folded constant and
// a computed value always agree. Arithmetic on fp8 values runs in f32.
//
//===------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_SMALL_FLOATS_H
#define FLYDSL_COMPILER_SMALL_FLOATS_H

#include "mlir/IR/BuiltinOps.h"

namespace fly::compiler {

/// Whether `t` (or its element type) is one of MLIR's floats of under 16 bits: fp8 (E4M3FN,
/// E5M2, their FNUZ kinds, E8M0FNU), fp6 or fp4. LLVM has none of them.
bool isSmallFloat(mlir::Type t);

/// Rewrites every conversion to or from a small float in `m`, every small float constant as
/// its bits, and other arithmetic on small floats as f32 arithmetic between conversions. A
/// CompileError when MLIR refuses the rewrite.
void expandSmallFloats(mlir::ModuleOp m);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_SMALL_FLOATS_H
