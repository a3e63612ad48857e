//===- cuda_module.h - PTX loaded on a CUDA device and launched -------*- C++ -*-===//
//
// A compiled cuda artifact (PTX) is loaded once per device, in the device's primary context,
// when a kernel of it is first bound there; the driver JITs the PTX for the device. Binding
// resolves a kernel once (function, limits); launching a bound kernel takes no lock and looks
// nothing up, so that a repeated launch costs little more than the driver call.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_CUDA_CUDA_MODULE_H
#define FLYDSL_RUNTIME_CUDA_CUDA_MODULE_H

#include "compiler/compiler.h"
#include "runtime/cuda/cuda_driver.h"
#include "runtime/gpu/launch_limits.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace fly::runtime::cuda {

using gpu::Launch;

/// One kernel resolved on one device; owned by its LoadedModule.
struct BoundKernel {
  CUcontext context = nullptr;
  CUfunction function = nullptr;
  int device = 0;
  gpu::DeviceLimits limits;
  uint64_t staticSharedBytes = 0;
  bool dependentLaunch = false; // it waits on its grid dependency: may overlap the previous one
  std::atomic<uint64_t> dynamicSharedOptedIn{0};
  std::atomic<CUstream> checkedStream{nullptr}; // last stream found to be of this device
};

class LoadedModule {
public:
  explicit LoadedModule(const compiler::Artifact &art) : art_(art) {}
  ~LoadedModule();
  LoadedModule(const LoadedModule &) = delete;
  LoadedModule &operator=(const LoadedModule &) = delete;

  /// Kernel `name` on `device`, loading the module there first if needed.
  BoundKernel &bind(int device, const std::string &name);

  /// Runs a bound kernel with one pointer per flattened argument. Throws DriverError (a
  /// driver failure, a limit, a stream of another device) with a message naming the problem.
  static void launch(BoundKernel &k, const Launch &l, void **args);

private:
  struct PerDevice {
    CUcontext context = nullptr;
    CUmodule module = nullptr;
    gpu::DeviceLimits limits;
    std::map<std::string, std::unique_ptr<BoundKernel>> kernels;
  };
  PerDevice &onDevice(const Driver &d, int device);

  const compiler::Artifact &art_;
  std::mutex mutex_;
  std::map<int, std::unique_ptr<PerDevice>> devices_;
};

/// The device a pointer lives on, or -1 for memory that is not a CUDA device allocation.
int deviceOfPointer(const void *p);

} // namespace fly::runtime::cuda

#endif // FLYDSL_RUNTIME_CUDA_CUDA_MODULE_H
