//===- fly_rocdl_dialect.h - FlyDSL's FlyROCDL dialect ----------*- C++ -*-===//
//
// AMD's instructions as types that the Fly dialect's atoms wrap.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_FLY_FLY_ROCDL_DIALECT_H
#define FLYDSL_IR_FLY_FLY_ROCDL_DIALECT_H

#include "ir/amd_matrix_core.h"
#include "ir/fly/fly_dialect.h"

#include "FlyROCDLDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyROCDLTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "FlyROCDLAttrs.h.inc"

#define GET_OP_CLASSES
#include "FlyROCDLOps.h.inc"

namespace fly::ir::fly_rocdl {

/// The sign and clamp controls an instruction type carries (none for MFMA).
MatrixCoreModifiers matrixCoreModifiers(mlir::Type instruction);

/// The element type of a block-scaled format named as src/layout names them (e4m3, e5m2, e2m3,
/// e3m2, e2m1); null for another name.
mlir::Type scaledFormatType(mlir::MLIRContext *ctx, llvm::StringRef format);

/// Why no buffer atomic combines `value`s by atomic operation `op` (FlyDSL's numbering); empty
/// where one does.
std::string bufferAtomicRefusal(int32_t op, mlir::Type value);

} // namespace fly::ir::fly_rocdl

#endif // FLYDSL_IR_FLY_FLY_ROCDL_DIALECT_H
