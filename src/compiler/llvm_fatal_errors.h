//===- llvm_fatal_errors.h - LLVM's fatal errors as compile errors ----*- C++ -*-===//
//
// LLVM's code generators report IR they cannot select instructions for with
// report_fatal_error, which ends the process. A library that compiles its users' kernels
// inside their programs must fail that one compile instead: while a guarded step runs, a fatal
// error on its thread jumps back out of LLVM and becomes a CompileError with LLVM's reason.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_LLVM_FATAL_ERRORS_H
#define FLYDSL_COMPILER_LLVM_FATAL_ERRORS_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace fly::compiler {

/// Runs `step`; where LLVM reports a fatal error in it (on this thread), throws CompileError
/// ("<what>: <LLVM's reason>") instead of letting the process end. The step is abandoned where
/// it stood: its frames are not unwound, so what it was building (a pass manager, a module
/// being compiled) must be leaked or dropped, never used again. Steps may run on several
/// threads at once; fatal errors outside any step end the process as LLVM does. An exception
/// thrown by the step passes through unchanged.
void runCatchingFatalErrors(const std::string &what, llvm::function_ref<void()> step);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_LLVM_FATAL_ERRORS_H
