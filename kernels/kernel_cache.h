//===- kernel_cache.h - The library's kernels, built once per specialisation -*- C++ -*-===//
//
// A kernel is looked up by its key (the op, dtypes, plan and target): the first call builds
// it with its generator, compiles it (through fly_compile, so the disk cache serves later
// processes) and keeps a prepared launch; later calls only launch.
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

/// How many kernels kernelFor has built in this process.
int64_t kernelsBuilt();

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_KERNEL_CACHE_H
