//===- hip_module.h - A HSACO code object loaded on a HIP device and launched -*- C++ -*-===//
//
// The same shape as runtime/cuda/cuda_module.h: a compiled rocm artifact (a HSACO code
// object) is loaded once per device when a kernel of it is first bound there; launching a
// bound kernel takes no lock and looks nothing up. No AMD GPU has run this code yet.
//
//===-----------------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_HIP_HIP_MODULE_H
#define FLYDSL_RUNTIME_HIP_HIP_MODULE_H

#include "compiler/compiler.h"
#include "runtime/gpu/launch_limits.h"
#include "runtime/hip/hip_driver.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace fly::runtime::hip {

/// One kernel resolved on one device; owned by its LoadedModule.
struct BoundKernel {
  hipFunction_t function = nullptr;
  int device = 0;
  gpu::DeviceLimits limits;
  uint64_t staticSharedBytes = 0;
  std::atomic<hipStream_t> checkedStream{nullptr}; // last stream found to be of this device
};

class LoadedModule {
public:
  explicit LoadedModule(const compiler::Artifact &art) : art_(art) {}
  ~LoadedModule();
  LoadedModule(const LoadedModule &) = delete;
  LoadedModule &operator=(const LoadedModule &) = delete;

  /// Kernel `name` on `device`, loading the code object there first if needed.
  BoundKernel &bind(int device, const std::string &name);

  /// Runs a bound kernel with one pointer per flattened argument. Throws DriverError (a HIP
  /// failure, a limit, a stream of another device) with a message naming the problem.
  static void launch(BoundKernel &k, const gpu::Launch &l, void **args);

private:
  struct PerDevice {
    hipModule_t module = nullptr;
    gpu::DeviceLimits limits;
    std::map<std::string, std::unique_ptr<BoundKernel>> kernels;
  };

  const compiler::Artifact &art_;
  std::mutex mutex_;
  std::map<int, std::unique_ptr<PerDevice>> devices_;
};

/// The device a pointer lives on, or -1 for memory that is not a HIP device allocation.
int deviceOfPointer(const void *p);

} // namespace fly::runtime::hip

#endif // FLYDSL_RUNTIME_HIP_HIP_MODULE_H
