//===- fiber_switch.cpp - Switching between a block's GPU threads ---------===//

#include "runtime/cpu/fiber_switch.h"

#include <cstdint>
#include <cstring>

#ifdef FLYDSL_FIBER_REGISTER_SWITCH

// flyFiberSwitch(void **saveSp, void *newSp): pushes the System V callee-saved registers and
// the SSE and x87 control words, saves the stack pointer, and pops the same from `newSp`.
// A new fiber's stack is laid out as if it had switched away from flyFiberStart, which
// calls the entry held in r13 with the argument held in r12.
asm(R"(
  .text
  .p2align 4
  .globl flyFiberSwitch
  .hidden flyFiberSwitch
  .type flyFiberSwitch,@function
flyFiberSwitch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size flyFiberSwitch, .-flyFiberSwitch

  .p2align 4
  .globl flyFiberStart
  .hidden flyFiberStart
  .type flyFiberStart,@function
flyFiberStart:
  movq %r12, %rdi
  callq *%r13
  ud2
  .size flyFiberStart, .-flyFiberStart
)");

extern "C" void flyFiberSwitch(void **saveSp, void *newSp);
extern "C" void flyFiberStart();

namespace fly::runtime::cpu {

void fiberPrepare(FiberContext &c, char *stack, size_t bytes, void (*entry)(void *), void *arg) {
  // The frame flyFiberSwitch pops: control words, r15, r14, r13, r12, rbx, rbp, the return
  // address. After its `ret` the stack pointer is 16-byte aligned, as a call needs it.
  uintptr_t top = (reinterpret_cast<uintptr_t>(stack) + bytes) & ~uintptr_t(15);
  auto *frame = reinterpret_cast<uint64_t *>(top - 16 - 8 * 8);
  uint32_t mxcsr;
  uint16_t fpucw;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpucw));
  frame[0] = uint64_t(mxcsr) | uint64_t(fpucw) << 32;
  frame[1] = 0;                                 // r15
  frame[2] = 0;                                 // r14
  frame[3] = reinterpret_cast<uint64_t>(entry); // r13
  frame[4] = reinterpret_cast<uint64_t>(arg);   // r12
  frame[5] = 0;                                 // rbx
  frame[6] = 0;                                 // rbp
  frame[7] = reinterpret_cast<uint64_t>(&flyFiberStart);
  c.sp = frame;
}

void fiberSwitch(FiberContext &from, FiberContext &to) { flyFiberSwitch(&from.sp, to.sp); }

} // namespace fly::runtime::cpu

#else

namespace fly::runtime::cpu {

namespace {
// makecontext passes int arguments only: the entry and its argument travel as halves.
void startFromHalves(unsigned entryLo, unsigned entryHi, unsigned argLo, unsigned argHi) {
  auto entry = reinterpret_cast<void (*)(void *)>(uintptr_t(entryHi) << 32 | entryLo);
  entry(reinterpret_cast<void *>(uintptr_t(argHi) << 32 | argLo));
}
} // namespace

void fiberPrepare(FiberContext &c, char *stack, size_t bytes, void (*entry)(void *), void *arg) {
  getcontext(&c.uc);
  c.uc.uc_stack.ss_sp = stack;
  c.uc.uc_stack.ss_size = bytes;
  c.uc.uc_link = nullptr;
  auto e = reinterpret_cast<uintptr_t>(entry), a = reinterpret_cast<uintptr_t>(arg);
  makecontext(&c.uc, reinterpret_cast<void (*)()>(startFromHalves), 4, unsigned(e),
              unsigned(uint64_t(e) >> 32), unsigned(a), unsigned(uint64_t(a) >> 32));
}

void fiberSwitch(FiberContext &from, FiberContext &to) { swapcontext(&from.uc, &to.uc); }

} // namespace fly::runtime::cpu

#endif
