//===- launch_limits.cpp - A GPU launch checked against the device limits -----------===//

#include "runtime/gpu/launch_limits.h"

#include <algorithm>
#include <string>

namespace fly::runtime::gpu {

namespace {

template <class T> std::string dims(const T v[3]) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) +
         ")";
}

} // namespace

void checkLaunch(const DeviceLimits &lim, const Launch &l, uint64_t staticSharedBytes) {
  uint64_t threads = uint64_t(l.block[0]) * l.block[1] * l.block[2];
  for (int i = 0; i < 3; ++i) {
    if (l.block[i] == 0 || l.grid[i] == 0)
      throw GpuError("grid " + dims(l.grid) + " and block " + dims(l.block) +
                     " extents must all be at least 1");
    if (l.block[i] > uint64_t(lim.block[i]) || threads > uint64_t(lim.threadsPerBlock))
      throw GpuError("block " + dims(l.block) + " exceeds the device's limits (" +
                     std::to_string(lim.threadsPerBlock) + " threads, " + dims(lim.block) +
                     " per dimension)");
    if (l.grid[i] > uint64_t(lim.grid[i]))
      throw GpuError("grid " + dims(l.grid) + " exceeds the device's limits " + dims(lim.grid));
  }
  uint64_t shared = staticSharedBytes + l.dynamicSharedBytes;
  uint64_t most = uint64_t(std::max(lim.sharedPerBlock, lim.sharedPerBlockOptin));
  if (shared > most)
    throw GpuError("shared memory of " + std::to_string(shared) + " bytes exceeds the device's " +
                   std::to_string(most) + " bytes per block");
}

} // namespace fly::runtime::gpu
