//===- kernel_cache.cpp - The library's kernels, built once per specialisation ------===//

#include "kernels/kernel_cache.h"

#include "capi/environment.h"

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>

namespace fly::kernels {

namespace {
std::mutex mutex;
std::atomic<int64_t> built{0}, generated{0};
// Never destroyed: a prepared launch may be in use until the process ends.
std::map<std::string, fly_prepared_t *> &cache() {
  static auto *map = new std::map<std::string, fly_prepared_t *>();
  return *map;
}
} // namespace

fly_prepared_t *kernelFor(const std::string &key, const char *target,
                          const std::function<void(flydsl::Module &)> &build) {
  // The arch is the library's default for the target, which these variables choose.
  std::string full = std::string(target) + "/" + key;
  if (const char *arch = capi::archFromEnvironment())
    full += std::string("/arch=") + arch;
  // One lock over building too: two threads wanting the same new kernel compile it once.
  std::lock_guard<std::mutex> lock(mutex);
  auto found = cache().find(full);
  if (found != cache().end())
    return found->second;
  // Keyed by the spec, so a disk-cache hit in a new process skips generating the kernel.
  flydsl::Compiled compiled(
      full,
      [&](flydsl::Module &module) {
        ++generated;
        build(module);
      },
      target, 3);
  fly_prepared_t *prepared = nullptr;
  flydsl::check(fly_prepare_launch(compiled.get(), "main", &prepared)); // keeps the code
  cache()[full] = prepared;
  ++built;
  return prepared;
}

int64_t kernelsBuilt() { return built.load(); }

int64_t kernelsGenerated() { return generated.load(); }

} // namespace fly::kernels
