//===- dpp.h - AMD's DPP lane moves on the other targets ----------*- C++ -*-===//
//
// The kernel builder emits DPP moves (rocdl.update.dpp) on every target. rocm keeps them; the
// cpu target computes each as the shuffle of the lane the control names, masked as the
// hardware masks rows, banks and lanes whose source lies outside; cuda has no DPP.
//
//===------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_DPP_H
#define FLYDSL_COMPILER_DPP_H

#include "mlir/IR/BuiltinOps.h"

namespace fly::compiler {

/// cpu: every DPP move becomes an index shuffle over the wave of `wave` lanes and selects.
void emulateDpp(mlir::ModuleOp m, int wave);

/// cuda: a CompileError naming the first DPP move, which NVIDIA GPUs cannot run.
void refuseDpp(mlir::ModuleOp m);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_DPP_H
