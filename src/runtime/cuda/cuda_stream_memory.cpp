//===- cuda_stream_memory.cpp - Memory allocated and freed in stream order ------===//
//
// From a pool of the library's own per device, which keeps what is freed (its release
// threshold is unlimited), so that the next call's allocation reuses it instead of mapping
// memory again; the device's default pool, which other code may tune, is left alone. Under
// CUDA graph capture an allocation becomes the graph's own memory node.
//
//===---------------------------------------------------------------------------===//

#include "runtime/cuda/cuda_stream_memory.h"

#include "runtime/cuda/cuda_driver.h"
#include "runtime/gpu/stream_blocks.h"

#include <cstdint>
#include <map>
#include <mutex>

namespace fly::runtime::cuda {

namespace {

const Driver &streamOrdered() {
  const Driver &d = Driver::require();
  if (!d.cuMemPoolCreate || !d.cuMemPoolSetAttribute || !d.cuMemAllocFromPoolAsync ||
      !d.cuMemFreeAsync)
    throw DriverError("this CUDA driver has no stream-ordered allocation (cuMemAllocFromPoolAsync "
                      "needs CUDA 11.2 or later)");
  return d;
}

CUmemoryPool poolOf(const Driver &d, int device) {
  static std::mutex mutex;
  static std::map<int, CUmemoryPool> pools;
  std::lock_guard<std::mutex> lock(mutex);
  CUmemoryPool &pool = pools[device];
  if (!pool) {
    MemPoolProps props;
    props.locationId = device;
    CUmemoryPool made = nullptr;
    d.check(d.cuMemPoolCreate(&made, &props), "cuMemPoolCreate");
    uint64_t keepAll = UINT64_MAX;
    d.check(d.cuMemPoolSetAttribute(made, kMemPoolAttrReleaseThreshold, &keepAll),
            "cuMemPoolSetAttribute");
    pool = made;
  }
  return pool;
}

} // namespace

void *streamAllocate(int device, void *stream, size_t bytes) {
  const Driver &d = streamOrdered();
  d.check(d.cuCtxSetCurrent(primaryContext(d, device)), "cuCtxSetCurrent");
  CUdeviceptr p = 0;
  d.check(d.cuMemAllocFromPoolAsync(&p, bytes, poolOf(d, device), static_cast<CUstream>(stream)),
          "cuMemAllocFromPoolAsync");
  gpu::rememberStreamBlock(gpu::Runtime::Cuda, reinterpret_cast<void *>(p), bytes, device);
  return reinterpret_cast<void *>(p);
}

void streamFree(int device, void *stream, void *data) {
  const Driver &d = streamOrdered();
  d.check(d.cuCtxSetCurrent(primaryContext(d, device)), "cuCtxSetCurrent");
  gpu::forgetStreamBlock(gpu::Runtime::Cuda, data);
  d.check(d.cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(data), static_cast<CUstream>(stream)),
          "cuMemFreeAsync");
}

} // namespace fly::runtime::cuda
