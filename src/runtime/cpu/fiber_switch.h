//===- fiber_switch.h - Switching between a block's GPU threads -*- C++ -*-===//
//
// The cpu target runs the threads of a block that meet at barriers as fibers on one host
// thread. A switch happens at every barrier, shuffle and (in lockstep) shared-memory access,
// so its cost matters: on x86-64 it saves and restores the callee-saved registers and the
// floating-point control words (a few nanoseconds), where swapcontext also makes two signal
// mask system calls (about 300 ns each way). Other hosts, and ThreadSanitizer builds, which
// follow stacks through swapcontext, use ucontext.
//
//===----------------------------------------------------------------------===//

#ifndef FLYDSL_RUNTIME_CPU_FIBER_SWITCH_H
#define FLYDSL_RUNTIME_CPU_FIBER_SWITCH_H

#include <cstddef>

#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define FLYDSL_FIBER_REGISTER_SWITCH 1
#else
#include <ucontext.h>
#endif

namespace fly::runtime::cpu {

/// A suspended fiber (or the scheduler that runs them).
struct FiberContext {
#ifdef FLYDSL_FIBER_REGISTER_SWITCH
  void *sp = nullptr; // its saved registers lie at the top of its stack
#else
  ucontext_t uc;
#endif
};

/// Makes `c` start `entry(arg)` on the `bytes` of `stack` when first switched to. `entry`
/// never returns: it ends by switching away for good.
void fiberPrepare(FiberContext &c, char *stack, size_t bytes, void (*entry)(void *), void *arg);

/// Suspends the running code into `from` and resumes `to`.
void fiberSwitch(FiberContext &from, FiberContext &to);

} // namespace fly::runtime::cpu

#endif // FLYDSL_RUNTIME_CPU_FIBER_SWITCH_H
