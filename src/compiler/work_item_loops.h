//===- work_item_loops.h - A block's threads as loops between barriers -*- C++ -*-===//
//
// The cpu target runs a kernel with barriers or shuffles block by block. Rather than one
// fiber per GPU thread, switched at every barrier, a kernel whose collectives all sit in its
// top-level block becomes a function of the whole block: the code between two collectives
// (a region) runs in a loop over the block's threads, values that live from one region into
// a later one are kept per thread, a shuffle reads the kept value of its source lane, and a
// barrier is where one loop ends and the next begins (the work-item loops of OpenCL-on-CPU
// compilers such as POCL). Kernels it cannot prove safe keep fibers.
//
//===------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_WORK_ITEM_LOOPS_H
#define FLYDSL_COMPILER_WORK_ITEM_LOOPS_H

#include "compiler/compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace fly::compiler {

/// The attribute a converted gpu.func carries: it runs once per block.
constexpr const char *kWorkItemLoopsAttr = "fly.work_item_loops";
/// The attribute a gpu.func with collectives that stays on fibers carries: why.
constexpr const char *kFibersAttr = "fly.cpu_fibers";

/// Converts every gpu.func under `root` whose collectives it can handle (unless `convert` is
/// false); marks the others that have collectives with kFibersAttr. Returns how many kernels
/// keep fibers. `waveSize` is the emulated arch's (0: read at run time).
int formWorkItemLoops(mlir::Operation *root, bool convert = true, int waveSize = 0);

/// The same as a pass (fly-cpu-work-item-loops), for fly-opt.
std::unique_ptr<mlir::Pass> createWorkItemLoopsPass();
void registerWorkItemLoopsPass();

/// Counts `n` more kernels on fibers (compiler.h's fiberKernelCount; cpu_target calls it).
void countFiberKernels(int n);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_WORK_ITEM_LOOPS_H
