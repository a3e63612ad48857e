//===- rounding_modes.h - Float narrowing under a rounding mode --*- C++ -*-===//
//
// arith.truncf may name a rounding mode (upward, downward, toward_zero, to_nearest_away).
// MLIR lowers such a truncf to LLVM's constrained fptrunc, which only promises the result when
// the hardware already rounds that way: no target here switches its rounding mode, so the
// mode would be ignored. Each one is rewritten first as the default conversion (to nearest
// even) corrected by one step of the narrow format, which gives the mode's result exactly.
//
//===------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_ROUNDING_MODES_H
#define FLYDSL_COMPILER_ROUNDING_MODES_H

#include "mlir/IR/BuiltinOps.h"

namespace fly::compiler {

/// Rewrites every arith.truncf of `m` that names a rounding mode as a truncf without one and
/// the integer correction of its result's bits.
void expandRoundingModes(mlir::ModuleOp m);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_ROUNDING_MODES_H
