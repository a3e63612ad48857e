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

#include <string>

namespace fly::compiler {

/// cpu and rocm: cp.async copies become synchronous loads and stores; async fences go.
void emulateCpAsync(mlir::ModuleOp m);

/// The cpu runtime's mbarriers and bulk tensor copies (runtime/cpu/cpu_launch.cpp).
constexpr const char *kMbarrierInitFn = "__fly_cpu_mbarrier_init";
constexpr const char *kMbarrierArriveFn = "__fly_cpu_mbarrier_arrive";
constexpr const char *kMbarrierWaitFn = "__fly_cpu_mbarrier_wait";
constexpr const char *kTmaLoadFn = "__fly_cpu_tma_load";
constexpr const char *kTmaStoreFn = "__fly_cpu_tma_store";
constexpr const char *kNamedBarrierFn = "__fly_cpu_named_barrier";

/// Whether `arch` has mbarriers with transaction counts and bulk tensor copies (sm_90+).
bool hasBulkCopies(const std::string &arch);

/// The module's mbarrier ops, bulk tensor copies, named barriers and grid dependency control;
/// a CompileError naming the arch where `arch` lacks them. With `emulate` (the cpu target) they
/// become calls into the runtime: a load is done at once and completes its bytes on the
/// barrier, a store is done at once (its commits and waits go), and a wait or a named barrier
/// lets the block's other threads run until the phase completes or the barrier's threads have
/// arrived. Grid dependency control goes: the cpu runs launches one after another.
void checkBulkCopies(mlir::ModuleOp m, const std::string &target, const std::string &arch,
                     bool emulate);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_CP_ASYNC_H
