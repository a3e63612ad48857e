//===- stream_memory_api.cpp - Scratch memory in stream order ------------------===//

#include "capi/driver_calls.h"
#include "capi/status.h"
#include "runtime/cuda/cuda_stream_memory.h"
#include "runtime/hip/hip_stream_memory.h"

#include <cstdlib>
#include <cstring>

using namespace fly;
using namespace fly::capi;

namespace {

enum class Target { Cuda, Rocm, Cpu };

Target targetOf(const char *target, int device) {
  requireTargetDevice(target, device);
  if (!std::strcmp(target, "cuda"))
    return Target::Cuda;
  if (!std::strcmp(target, "rocm"))
    return Target::Rocm;
  if (!std::strcmp(target, "cpu"))
    return Target::Cpu;
  fail(FLY_ERROR_INVALID_ARGUMENT,
       std::string("unknown target '") + target + "' (expected cuda, rocm or cpu)");
}

} // namespace

extern "C" {

fly_status fly_stream_alloc(const char *target, int device, void *stream, size_t bytes,
                            void **data) {
  return guard([&] {
    requireOut(data, "data");
    Target t = targetOf(target, device);
    if (bytes > (size_t(1) << 48))
      fail(FLY_ERROR_OUT_OF_MEMORY,
           std::to_string(bytes) + " bytes are more than any device's memory");
    size_t size = bytes ? bytes : 1; // a distinct address, as malloc(0) may not give
    switch (t) {
    case Target::Cuda:
      onDriver([&] { *data = runtime::cuda::streamAllocate(device, stream, size); });
      break;
    case Target::Rocm:
      onDriver([&] { *data = runtime::hip::streamAllocate(device, stream, size); });
      break;
    case Target::Cpu:
      // The cpu target's launches finish before they return: host memory, freed at once.
      *data = std::aligned_alloc(256, (size + 255) / 256 * 256);
      if (!*data)
        fail(FLY_ERROR_OUT_OF_MEMORY, std::to_string(bytes) + " bytes cannot be allocated");
      break;
    }
  });
}

fly_status fly_stream_free(const char *target, int device, void *stream, void *data) {
  return guard([&] {
    Target t = targetOf(target, device);
    if (!data)
      return;
    switch (t) {
    case Target::Cuda:
      onDriver([&] { runtime::cuda::streamFree(device, stream, data); });
      break;
    case Target::Rocm:
      onDriver([&] { runtime::hip::streamFree(device, stream, data); });
      break;
    case Target::Cpu:
      std::free(data);
      break;
    }
  });
}

} // extern "C"
