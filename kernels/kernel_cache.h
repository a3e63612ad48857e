//===- kernel_cache.h - The library's kernels, built once per specialisation -*- C++ -*-===//
//
// A kernel is looked up by its key (the op, dtypes, plan and target): the first call builds
// it with its generator and compiles it (through fly_compile_keyed under the key, so a later
// process finds it in the disk cache without generating it) and keeps a prepared launch; later
// calls only launch.
//
//===---------------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_KERNEL_CACHE_H
#define FLYDSL_KERNELS_KERNEL_CACHE_H

#include "flydsl/flydsl.hpp"

#include <functional>
#include <string>

namespace fly::kernels {

/// The prepared launch of kernel "main" built by `build` for `target`; owned by the cache.
fly_prepared_t *kernelFor(const std::string &key, const char *target,
                          const std::function<void(flydsl::Module &)> &build);

/// How many kernels kernelFor has made ready in this process.
int64_t kernelsBuilt();
/// How many of those it generated (built the module of); the others came from the disk cache.
int64_t kernelsGenerated();

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_KERNEL_CACHE_H
