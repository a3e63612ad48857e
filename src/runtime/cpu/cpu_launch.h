//===- cpu_launch.h - Running a kernel's GPU threads on host threads --*- C++ -*-===//
//
// Each block runs on one worker thread. A kernel without barriers or shuffles runs its
// threads one after another; one with them runs each thread as a fiber that yields at a
// barrier (until the whole block arrives) or a shuffle (until its whole wave arrives). Blocks
// spread over a pool of workers. Every block has its own zeroed shared memory.
//
//===-----------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_CPU_CPU_LAUNCH_H
#define FLYDSL_RUNTIME_CPU_CPU_LAUNCH_H

#include "compiler/compiler.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

namespace fly::runtime::cpu {

struct LaunchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Geometry {
  uint32_t grid[3];
  uint32_t block[3];
  uint64_t staticSharedBytes;
  uint64_t dynamicSharedBytes; // after the static part, 16-byte aligned
  int waveSize;
  bool collectives; // run threads as fibers
  /// The block's shared memory ends at an inaccessible page (FLYDSL_CPU_GUARD_SHARED), so that
  /// an access past its end (rounded up to kMaxSharedAlign) faults instead of touching what lies
  /// beyond.
  bool guardShared = false;
};

/// A cpu object's entry (compiler.h): args, then the ids of compiler::cpu_ids.
using EntryFn = void (*)(void **args, int64_t *ids);

struct KernelEntry {
  EntryFn thread;        // one GPU thread
  EntryFn block;         // all threads of one block; null for kernels with collectives
};

/// Runs the kernel to completion. Throws LaunchError for a barrier or shuffle that can never
/// complete, or a geometry out of range.
void launch(const KernelEntry &entry, void **args, const Geometry &g);

/// The functions that cpu-target kernels call, by symbol name.
const std::map<std::string, void *> &runtimeSymbols();

} // namespace fly::runtime::cpu

#endif // FLYDSL_RUNTIME_CPU_CPU_LAUNCH_H
