// A fatal error LLVM reports inside a guarded step is that step's CompileError; the process,
// and other threads' steps, go on.

#include "capi/kernel_values.h"
#include "compiler/compiler.h"
#include "compiler/llvm_fatal_errors.h"

#include "llvm/Support/ErrorHandling.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

using fly::compiler::CompileError;
using fly::compiler::runCatchingFatalErrors;

namespace {

// LLVM hands the handler its reason as a temporary std::string whose destructor the jump
// skips: reasons here fit in the string itself (15 characters), so the leak checker of the
// sanitizer job has nothing to find. Longer reasons leak their buffer, once per failed compile.
std::string errorOf(const std::string &what, const char *reason) {
  try {
    runCatchingFatalErrors(what, [&] { llvm::report_fatal_error(reason); });
  } catch (const CompileError &e) {
    return e.what();
  }
  return "no error";
}

TEST(LlvmFatalErrors, BecomeTheStepsCompileError) {
  EXPECT_EQ(errorOf("the code generator stopped", "Cannot select"),
            "the code generator stopped: Cannot select");
  // The handler is gone after the step, and a second step is guarded as the first.
  EXPECT_EQ(errorOf("again", "cannot split"), "again: cannot split");
}

TEST(LlvmFatalErrors, AStepThatSucceedsRunsOnce) {
  int runs = 0;
  runCatchingFatalErrors("step", [&] { ++runs; });
  EXPECT_EQ(runs, 1);
}

TEST(LlvmFatalErrors, NestedStepsReportToTheInnermost) {
  std::string inner;
  runCatchingFatalErrors("outer", [&] {
    try {
      runCatchingFatalErrors("inner", [] { llvm::report_fatal_error("stop"); });
    } catch (const CompileError &e) {
      inner = e.what();
    }
  });
  EXPECT_EQ(inner, "inner: stop");
  EXPECT_EQ(errorOf("outer", "after"), "outer: after");
}

TEST(LlvmFatalErrors, ThreadsFailTheirOwnSteps) {
  std::atomic<int> failed{0}, succeeded{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        if ((t + i) % 2) {
          std::string reason = "t" + std::to_string(t) + " s" + std::to_string(i);
          failed += errorOf("s", reason.c_str()) == "s: " + reason;
        } else {
          runCatchingFatalErrors("s", [&] { ++succeeded; });
        }
      }
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(failed, 200);
  EXPECT_EQ(succeeded, 200);
}

TEST(LlvmFatalErrors, AStepsExceptionPassesAndLeavesNoJumpBehind) {
  EXPECT_THROW(runCatchingFatalErrors("s", [] { throw std::invalid_argument("bad"); }),
               std::invalid_argument);
  // The thrown step's exit is gone: a fatal error in a step inside another still reaches the
  // inner step (the outer's exit, restored, is live), then the outer one goes on.
  std::string inner;
  runCatchingFatalErrors("outer", [&] {
    EXPECT_THROW(runCatchingFatalErrors("x", [] { throw std::invalid_argument("again"); }),
                 std::invalid_argument);
    inner = errorOf("inner", "stop");
  });
  EXPECT_EQ(inner, "inner: stop");
}

/// What the kernel-building C API's calls reject a kernel with.
struct RejectedKernel {
  std::string error;
  void reject(const std::string &message) { error = message; }
};

TEST(LlvmFatalErrors, BecomeTheKernelsErrorInABuilderCall) {
  // MLIR reports an op whose result types cannot be inferred as a fatal error: inside a
  // builder call it rejects the kernel, and the call gives its empty result.
  RejectedKernel k;
  int *made = fly::capi::kernelCall(&k, []() -> int * {
    llvm::report_fatal_error("cannot infer");
    return nullptr;
  });
  EXPECT_EQ(made, nullptr);
  EXPECT_EQ(k.error, "internal error: building the kernel stopped: cannot infer");
  RejectedKernel thrown;
  fly::capi::kernelCall(&thrown, [] { throw std::runtime_error("no slot"); });
  EXPECT_EQ(thrown.error, "internal error: no slot");
  RejectedKernel fine;
  int value = 7;
  EXPECT_EQ(fly::capi::kernelCall(&fine, [&] { return &value; }), &value);
  EXPECT_EQ(fine.error, "");
}

} // namespace
