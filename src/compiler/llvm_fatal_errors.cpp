//===- llvm_fatal_errors.cpp - LLVM's fatal errors as compile errors ------===//

#include "compiler/llvm_fatal_errors.h"
#include "compiler/compiler.h"

#include "llvm/Support/ErrorHandling.h"

#include <csetjmp>
#include <mutex>

namespace fly::compiler {

namespace {

// The step running on this thread: where to jump back to, and the reason LLVM gave.
thread_local std::jmp_buf *stepExit = nullptr;
thread_local std::string fatalReason;

void onFatalError(void *, const char *reason, bool) {
  if (!stepExit)
    return; // not in a guarded step: LLVM goes on to end the process
  fatalReason = reason;
  std::longjmp(*stepExit, 1);
}

// LLVM has one handler for the process: installed while any thread runs a step.
std::mutex handlerMutex;
int stepsRunning = 0;

struct HandlerInstalled {
  HandlerInstalled() {
    std::lock_guard<std::mutex> lock(handlerMutex);
    if (stepsRunning++ == 0)
      llvm::install_fatal_error_handler(onFatalError);
  }
  ~HandlerInstalled() {
    std::lock_guard<std::mutex> lock(handlerMutex);
    if (--stepsRunning == 0)
      llvm::remove_fatal_error_handler();
  }
};

/// Runs `step`; false where it jumped back out on a fatal error. Nothing with a destructor lives
/// in this frame: longjmp may return to it.
bool runJumpingBackOnFatalError(llvm::function_ref<void()> step) {
  std::jmp_buf exit;
  std::jmp_buf *outer = stepExit;
  if (setjmp(exit) != 0) {
    stepExit = outer;
    return false;
  }
  stepExit = &exit;
  try {
    step();
  } catch (...) { // the step's own error: no jump back here any more
    stepExit = outer;
    throw;
  }
  stepExit = outer;
  return true;
}

} // namespace

void runCatchingFatalErrors(const std::string &what, llvm::function_ref<void()> step) {
  HandlerInstalled installed;
  if (!runJumpingBackOnFatalError(step))
    throw CompileError(what + ": " + fatalReason);
}

} // namespace fly::compiler
