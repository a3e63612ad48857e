//===- fly_dialect.h - The Fly dialect: CuTe layouts in MLIR ----*- C++ -*-===//
//
// Declarations generated from FlyDialect.td, and the dialect's passes.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_FLY_FLY_DIALECT_H
#define FLYDSL_IR_FLY_FLY_DIALECT_H

#include "layout/layout.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "FlyDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyTypes.h.inc"

#define GET_OP_CLASSES
#include "FlyOps.h.inc"

namespace fly::ir::fly {

/// fly-layout-lowering: fly.crd2idx into arith by the static strides; the layout values
/// then have no uses and go.
std::unique_ptr<mlir::Pass> createLayoutLoweringPass();

/// fly-canonicalize: algebra ops on static layouts become fly.layout values of their result
/// types; queries fold to constants.
std::unique_ptr<mlir::Pass> createCanonicalizePass();

/// Registers the dialect's passes with the global registry (for fly-opt).
void registerFlyPasses();
/// Registers fly-canonicalize (called by registerFlyPasses).
void registerCanonicalizePass();

} // namespace fly::ir::fly

#endif // FLYDSL_IR_FLY_FLY_DIALECT_H
