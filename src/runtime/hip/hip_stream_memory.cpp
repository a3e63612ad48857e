//===- hip_stream_memory.cpp - Memory allocated and freed in stream order -------===//

#include "runtime/hip/hip_stream_memory.h"

#include "runtime/gpu/stream_blocks.h"
#include "runtime/hip/hip_driver.h"

namespace fly::runtime::hip {

namespace {
const Driver &streamOrdered(int device) {
  const Driver &d = Driver::require();
  if (!d.hipMallocAsync || !d.hipFreeAsync)
    throw DriverError("this HIP runtime has no stream-ordered allocation (hipMallocAsync needs "
                      "ROCm 5.3 or later)");
  d.check(d.hipSetDevice(device), "hipSetDevice");
  return d;
}
} // namespace

void *streamAllocate(int device, void *stream, size_t bytes) {
  const Driver &d = streamOrdered(device);
  void *p = nullptr;
  d.check(d.hipMallocAsync(&p, bytes, static_cast<hipStream_t>(stream)), "hipMallocAsync");
  gpu::rememberStreamBlock(gpu::Runtime::Hip, p, bytes, device);
  return p;
}

void streamFree(int device, void *stream, void *data) {
  const Driver &d = streamOrdered(device);
  gpu::forgetStreamBlock(gpu::Runtime::Hip, data);
  d.check(d.hipFreeAsync(data, static_cast<hipStream_t>(stream)), "hipFreeAsync");
}

} // namespace fly::runtime::hip
