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

/// The layout an algebra op of the dialect computes from its operand layouts (the op's
/// name picks the function of src/layout): result types and lowering both use it.
::fly::layout::Layout computeLayout(llvm::StringRef opName,
                                    const std::vector<::fly::layout::Layout> &operands);
/// Whether an op name is one of the dialect's layout-algebra ops.
bool isAlgebraOp(llvm::StringRef opName);

/// fly-layout-lowering: the algebra on SSA leaves, fly.crd2idx and queries into arith;
/// the layout values then have no uses and go.
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
