//===- hip_driver.h - The HIP runtime API, loaded at first use --------*- C++ -*-===//
//
// libamdhip64.so is opened with dlopen when a rocm kernel is first launched or a device is
// looked for, so the library has no link-time dependency on ROCm and builds without it. The
// few HIP types and constants used are declared here from the HIP ABI of ROCm 6 (the
// hipDeviceAttribute_t numbering changed in ROCm 6.0).
//
//===-------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_HIP_HIP_DRIVER_H
#define FLYDSL_RUNTIME_HIP_HIP_DRIVER_H

#include "runtime/gpu/launch_limits.h"

#include <string>

namespace fly::runtime::hip {

using hipError_t = int;
using hipModule_t = struct ihipModule_t *;
using hipFunction_t = struct ihipModuleSymbol_t *;
using hipStream_t = struct ihipStream_t *;
using hipEvent_t = struct ihipEvent_t *;

constexpr hipError_t hipSuccess = 0;

enum DeviceAttribute : int {
  kMaxBlockDimX = 26, // Y and Z follow
  kMaxGridDimX = 29,  // Y and Z follow
  kMaxThreadsPerBlock = 56,
  kMaxSharedMemoryPerBlock = 74,
  kSharedMemPerBlockOptin = 75,
};

constexpr int kPointerAttributeMemoryType = 2;
constexpr int kPointerAttributeDeviceOrdinal = 9;
constexpr unsigned kMemoryTypeDevice = 2;

using DriverError = gpu::GpuError;

struct Driver {
  hipError_t (*hipInit)(unsigned);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipDeviceGetAttribute)(int *, int, int);
  hipError_t (*hipDeviceGetName)(char *, int, int);
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t, const char *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, hipStream_t, void **,
                                      void **);
  hipError_t (*hipPointerGetAttribute)(void *, int, void *);
  hipError_t (*hipStreamGetDevice)(hipStream_t, int *);
  // Stream-ordered allocation (ROCm 5.3 and later); nullptr in older runtimes.
  hipError_t (*hipMallocAsync)(void **, size_t, hipStream_t);
  hipError_t (*hipFreeAsync)(void *, hipStream_t);
  hipError_t (*hipEventCreate)(hipEvent_t *);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);

  /// The loaded and initialized runtime, or nullptr with `why` set (no library, no device).
  static const Driver *get(std::string &why);
  /// The same, or a DriverError saying why there is none.
  static const Driver &require();

  /// Throws DriverError naming `call` and the error when `r` is not hipSuccess.
  void check(hipError_t r, const char *call) const;
};

/// Devices HIP sees; 0 when there is no runtime.
int deviceCount();
/// The device's product name ("AMD Instinct MI300X").
std::string nameOf(int device);

} // namespace fly::runtime::hip

#endif // FLYDSL_RUNTIME_HIP_HIP_DRIVER_H
