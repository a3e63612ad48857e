//===- cp_async.h - NVIDIA cp.async on the other targets ----------*- C++ -*-===//
//
// The kernel builder emits cp.async copies (global to shared memory, asynchronous) as NVVM
// ops on every target. The cuda target keeps them; elsewhere each becomes a plain load and
// store of the same bytes, done at once, and the commit and wait ops go, as do the async
// proxy's fence and wgmma's fence, commit, wait and accumulator settles (their copies and
// atoms are synchronous there too).
//
//===------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_CP_ASYNC_H
#define FLYDSL_COMPILER_CP_ASYNC_H

#include "mlir/IR/BuiltinOps.h"

namespace fly::compiler {

/// cpu and rocm: cp.async copies become synchronous loads and stores; async fences go.
void emulateCpAsync(mlir::ModuleOp m);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_CP_ASYNC_H
