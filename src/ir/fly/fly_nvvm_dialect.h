//===- fly_nvvm_dialect.h - NVIDIA atoms for the Fly dialect ----*- C++ -*-===//
//
// NVIDIA's instructions as types that the Fly dialect's atoms wrap, and its mbarriers as ops:
// the sibling of FlyROCDL.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_IR_FLY_FLY_NVVM_DIALECT_H
#define FLYDSL_IR_FLY_FLY_NVVM_DIALECT_H

#include "ir/fly/fly_dialect.h"

#include "FlyNVVMDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyNVVMTypes.h.inc"

#define GET_OP_CLASSES
#include "FlyNVVMOps.h.inc"

#include "layout/wgmma_descriptor.h"

namespace fly::ir::fly_nvvm {

/// The canonical layout (src/layout/wgmma_descriptor.h) in which wgmma atom `w` reads its
/// operand B (`isB`) or A from the shared-memory tile `t`, one call's rows (M or N) x K, element
/// (row, k) at index row + rows * k; a LayoutError says why there is none. Whether a swizzled
/// tile's base is aligned to the swizzle's period is for the lowering, which knows the base.
::fly::layout::WgmmaOperandLayout wgmmaOperandLayout(WgmmaType w, bool isB,
                                                     ::fly::ir::fly::FlyMemRefType t);

} // namespace fly::ir::fly_nvvm

#endif // FLYDSL_IR_FLY_FLY_NVVM_DIALECT_H
