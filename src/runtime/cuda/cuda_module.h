//===- cuda_module.h - PTX loaded on a CUDA device and launched -------*- C++ -*-===//
//
// A compiled cuda artifact (PTX) is loaded once per device, in the device's primary context,
// when a kernel of it is first launched there; the driver JITs the PTX for the device. A
// launch checks its geometry and shared memory against the device's limits before the
// driver sees it, so that a mistake is a clear error rather than a driver failure.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_CUDA_CUDA_MODULE_H
#define FLYDSL_RUNTIME_CUDA_CUDA_MODULE_H

#include "compiler/compiler.h"
#include "runtime/cuda/cuda_driver.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace fly::runtime::cuda {

struct Launch {
  uint32_t grid[3], block[3];
  uint64_t dynamicSharedBytes;
  void *stream; // a CUstream; null for the default stream
};

class LoadedModule {
public:
  explicit LoadedModule(const compiler::Artifact &art) : art_(art) {}
  ~LoadedModule();
  LoadedModule(const LoadedModule &) = delete;
  LoadedModule &operator=(const LoadedModule &) = delete;

  /// Runs kernel `name` on `device` with one pointer per flattened argument. Throws
  /// DriverError (a driver failure or a limit) with a message that names the problem.
  void launch(int device, const std::string &name, const Launch &l, void **args);

private:
  struct PerDevice {
    CUcontext context = nullptr;
    CUmodule module = nullptr;
    std::map<std::string, CUfunction> functions;
    std::map<std::string, int> dynamicSharedSet; // bytes opted in per function
    int limits[12] = {};
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
