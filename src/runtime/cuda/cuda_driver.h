//===- cuda_driver.h - The CUDA driver API, loaded at first use -------*- C++ -*-===//
//
// libcuda.so.1 is opened with dlopen when a cuda kernel is first launched or a device is
// looked for, so the library has no link-time dependency on CUDA and builds without a
// toolkit. The few driver types and constants used are declared here from the driver ABI.
//
//===-------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_CUDA_CUDA_DRIVER_H
#define FLYDSL_RUNTIME_CUDA_CUDA_DRIVER_H

#include "runtime/gpu/launch_limits.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace fly::runtime::cuda {

using CUresult = int;
using CUdevice = int;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUmemoryPool = struct CUmemPoolHandle_st *;
using CUevent = struct CUevent_st *;
using CUdeviceptr = unsigned long long;

constexpr CUresult CUDA_SUCCESS = 0;

enum DeviceAttribute : int {
  kMaxThreadsPerBlock = 1,
  kMaxBlockDimX = 2, // Y and Z follow
  kMaxGridDimX = 5,  // Y and Z follow
  kMaxSharedMemoryPerBlock = 8,
  kMultiprocessorCount = 16,
  kComputeCapabilityMajor = 75,
  kComputeCapabilityMinor = 76,
  kMaxSharedMemoryPerBlockOptin = 97,
};

enum JitOption : int {
  kJitInfoLogBuffer = 3,
  kJitInfoLogBufferSizeBytes = 4,
  kJitErrorLogBuffer = 5,
  kJitErrorLogBufferSizeBytes = 6,
};

constexpr int kFuncAttributeMaxDynamicSharedSizeBytes = 8;
constexpr int kFuncAttributeSharedSizeBytes = 1;
constexpr int kFuncAttributeLocalSizeBytes = 3;
constexpr int kFuncAttributeNumRegs = 4;
constexpr int kPointerAttributeMemoryType = 2;
constexpr int kPointerAttributeDeviceOrdinal = 9;
constexpr unsigned kMemoryTypeDevice = 2;

/// cuLaunchKernelEx's configuration and one launch attribute, as the driver ABI lays them out.
struct LaunchAttribute {
  int id;
  int pad;
  union {
    char raw[64];
    int programmaticStreamSerializationAllowed;
  } value;
};
struct LaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream stream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
};
static_assert(sizeof(LaunchAttribute) == 72 && sizeof(LaunchConfig) == 56, "the driver's ABI");
constexpr int kLaunchAttributeProgrammaticStreamSerialization = 6;

/// CUmemPoolProps: pinned device memory of one device, no shareable handles; the reserved
/// bytes (maxSize and usage in newer drivers) zero, their defaults.
struct MemPoolProps {
  int allocType = 1;    // CU_MEM_ALLOCATION_TYPE_PINNED
  int handleTypes = 0;  // CU_MEM_HANDLE_TYPE_NONE
  int locationType = 1; // CU_MEM_LOCATION_TYPE_DEVICE
  int locationId = 0;
  void *win32SecurityAttributes = nullptr;
  unsigned char reserved[64] = {};
};
static_assert(sizeof(MemPoolProps) == 88, "the driver's ABI");
constexpr int kMemPoolAttrReleaseThreshold = 4; // CU_MEMPOOL_ATTR_RELEASE_THRESHOLD

using DriverError = gpu::GpuError;

struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, CUstream, void **, void **);
  CUresult (*cuPointerGetAttribute)(void *, int, CUdeviceptr);
  CUresult (*cuStreamGetCtx)(CUstream, CUcontext *);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuCtxSynchronize)();
  // Stream-ordered allocation (CUDA 11.2 and later); nullptr in older drivers.
  CUresult (*cuMemPoolCreate)(CUmemoryPool *, const MemPoolProps *);
  CUresult (*cuMemPoolSetAttribute)(CUmemoryPool, int, void *);
  CUresult (*cuMemAllocFromPoolAsync)(CUdeviceptr *, size_t, CUmemoryPool, CUstream);
  CUresult (*cuMemFreeAsync)(CUdeviceptr, CUstream);
  // CUDA 12 and later; nullptr in older drivers.
  CUresult (*cuLaunchKernelEx)(const LaunchConfig *, CUfunction, void **, void **);
  CUresult (*cuTensorMapEncodeTiled)(void *map, int dtype, unsigned rank, void *address,
                                     const uint64_t *extents, const uint64_t *strides,
                                     const unsigned *box, const unsigned *elementStrides,
                                     int interleave, int swizzle, int l2Promotion, int oobFill);

  /// The loaded and initialized driver, or nullptr with `why` set (no library, no device).
  static const Driver *get(std::string &why);
  /// The same, or a DriverError saying why there is none.
  static const Driver &require();

  /// Throws DriverError naming `call` and the error when `r` is not CUDA_SUCCESS.
  void check(CUresult r, const char *call) const;
};

/// Devices the driver sees; 0 when there is no driver.
int deviceCount();

/// "sm_<major><minor>" of a device.
std::string archOf(int device);
/// The device's streaming multiprocessors.
int multiprocessorsOf(int device);
/// The device's product name ("NVIDIA H100 80GB HBM3").
std::string nameOf(int device);

/// The primary context of `device`, retained once for the process.
CUcontext primaryContext(const Driver &d, int device);

} // namespace fly::runtime::cuda

#endif // FLYDSL_RUNTIME_CUDA_CUDA_DRIVER_H
