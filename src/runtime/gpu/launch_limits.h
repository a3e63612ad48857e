//===- launch_limits.h - A GPU launch and the device limits it must respect --*- C++ -*-===//
//
// CUDA and HIP launch the same way: a grid of blocks, dynamic shared memory and a stream.
// Both runtimes check a launch against the device's limits before the driver sees it, so that
// a mistake is a clear error that names the limit rather than a bare driver code.
//
//===---------------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_GPU_LAUNCH_LIMITS_H
#define FLYDSL_RUNTIME_GPU_LAUNCH_LIMITS_H

#include <cstdint>
#include <stdexcept>

namespace fly::runtime::gpu {

/// A driver call that failed (naming the call and the driver's own error name) or a launch
/// the device cannot run.
struct GpuError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Launch {
  uint32_t grid[3], block[3];
  uint64_t dynamicSharedBytes;
  void *stream; // the driver's stream handle; null for the default stream
};

/// What one device allows a block and a grid, read once when a module is loaded there.
struct DeviceLimits {
  int64_t threadsPerBlock = 0;
  int64_t block[3] = {};
  int64_t grid[3] = {};
  int64_t sharedPerBlock = 0;      // without opting in
  int64_t sharedPerBlockOptin = 0; // the most a kernel may opt in to
};

/// The device attribute numbers of a runtime for the limits (Y and Z follow X).
struct LimitAttributes {
  int threadsPerBlock, blockX, gridX, sharedPerBlock, sharedPerBlockOptin;
};

/// The limits, read with `get(attribute)` (which throws when the runtime fails).
template <class Get> DeviceLimits readLimits(const LimitAttributes &a, Get &&get) {
  DeviceLimits l;
  l.threadsPerBlock = get(a.threadsPerBlock);
  for (int i = 0; i < 3; ++i) {
    l.block[i] = get(a.blockX + i);
    l.grid[i] = get(a.gridX + i);
  }
  l.sharedPerBlock = get(a.sharedPerBlock);
  l.sharedPerBlockOptin = get(a.sharedPerBlockOptin);
  return l;
}

/// Throws GpuError when `l` (with `staticSharedBytes` of the kernel's own) exceeds `limits`.
void checkLaunch(const DeviceLimits &limits, const Launch &l, uint64_t staticSharedBytes);

} // namespace fly::runtime::gpu

#endif // FLYDSL_RUNTIME_GPU_LAUNCH_LIMITS_H
