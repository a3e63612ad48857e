//===- cuda_driver.cpp - The CUDA driver API, loaded at first use ---------===//

#include "runtime/cuda/cuda_driver.h"
#include "runtime/gpu/runtime_api.h"

#include <map>

#include <mutex>
#include <utility>

namespace fly::runtime::cuda {

namespace {

using Loaded = gpu::LoadedApi<Driver>;

template <class F> void bind(void *lib, const char *name, F &slot, std::string &why) {
  gpu::bindSymbol(lib, "libcuda.so.1", name, slot, why);
}

Loaded load() {
  Loaded l;
  const char *path = "libcuda.so.1";
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    l.why = std::string("the CUDA driver (libcuda.so.1) cannot be loaded: ") + dlerror();
    return l;
  }
  Driver &d = l.api;
  std::string &why = l.why;
  bind(lib, "cuInit", d.cuInit, why);
  bind(lib, "cuDeviceGetCount", d.cuDeviceGetCount, why);
  bind(lib, "cuDeviceGet", d.cuDeviceGet, why);
  bind(lib, "cuDeviceGetAttribute", d.cuDeviceGetAttribute, why);
  bind(lib, "cuDeviceGetName", d.cuDeviceGetName, why);
  bind(lib, "cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain, why);
  bind(lib, "cuCtxSetCurrent", d.cuCtxSetCurrent, why);
  bind(lib, "cuModuleLoadDataEx", d.cuModuleLoadDataEx, why);
  bind(lib, "cuModuleGetFunction", d.cuModuleGetFunction, why);
  bind(lib, "cuModuleUnload", d.cuModuleUnload, why);
  bind(lib, "cuFuncSetAttribute", d.cuFuncSetAttribute, why);
  bind(lib, "cuFuncGetAttribute", d.cuFuncGetAttribute, why);
  bind(lib, "cuLaunchKernel", d.cuLaunchKernel, why);
  bind(lib, "cuPointerGetAttribute", d.cuPointerGetAttribute, why);
  bind(lib, "cuStreamGetCtx", d.cuStreamGetCtx, why);
  bind(lib, "cuEventCreate", d.cuEventCreate, why);
  bind(lib, "cuEventRecord", d.cuEventRecord, why);
  bind(lib, "cuEventSynchronize", d.cuEventSynchronize, why);
  bind(lib, "cuEventElapsedTime", d.cuEventElapsedTime, why);
  bind(lib, "cuEventDestroy_v2", d.cuEventDestroy, why);
  bind(lib, "cuGetErrorName", d.cuGetErrorName, why);
  bind(lib, "cuGetErrorString", d.cuGetErrorString, why);
  bind(lib, "cuMemAlloc_v2", d.cuMemAlloc, why);
  bind(lib, "cuMemcpyHtoD_v2", d.cuMemcpyHtoD, why);
  bind(lib, "cuCtxSynchronize", d.cuCtxSynchronize, why);
  d.cuMemPoolCreate = reinterpret_cast<decltype(d.cuMemPoolCreate)>(dlsym(lib, "cuMemPoolCreate"));
  d.cuMemPoolSetAttribute =
      reinterpret_cast<decltype(d.cuMemPoolSetAttribute)>(dlsym(lib, "cuMemPoolSetAttribute"));
  d.cuMemAllocFromPoolAsync =
      reinterpret_cast<decltype(d.cuMemAllocFromPoolAsync)>(dlsym(lib, "cuMemAllocFromPoolAsync"));
  d.cuMemFreeAsync = reinterpret_cast<decltype(d.cuMemFreeAsync)>(dlsym(lib, "cuMemFreeAsync"));
  d.cuLaunchKernelEx =
      reinterpret_cast<decltype(d.cuLaunchKernelEx)>(dlsym(lib, "cuLaunchKernelEx"));
  d.cuTensorMapEncodeTiled =
      reinterpret_cast<decltype(d.cuTensorMapEncodeTiled)>(dlsym(lib, "cuTensorMapEncodeTiled"));
  if (!why.empty())
    return l;
  CUresult r = d.cuInit(0);
  int count = 0;
  if (r != CUDA_SUCCESS || d.cuDeviceGetCount(&count) != CUDA_SUCCESS || count == 0) {
    const char *name = nullptr;
    d.cuGetErrorName(r, &name);
    l.why = std::string("no CUDA device is present (cuInit: ") + (name ? name : "?") + ")";
  }
  return l;
}

const Loaded &loaded() {
  static const Loaded l = load();
  return l;
}

} // namespace

const Driver *Driver::get(std::string &why) { return loaded().get(why); }

const Driver &Driver::require() { return loaded().require(); }

void Driver::check(CUresult r, const char *call) const {
  if (r == CUDA_SUCCESS)
    return;
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &text);
  throw gpu::callFailed(call, "CUDA", r, name, text);
}

int deviceCount() {
  std::string why;
  const Driver *d = Driver::get(why);
  int count = 0;
  if (d && d->cuDeviceGetCount(&count) != CUDA_SUCCESS)
    count = 0;
  return count;
}

namespace {
/// The loaded driver (or a DriverError saying why there is none) and `device`'s handle.
std::pair<const Driver *, CUdevice> deviceOf(int device) {
  std::string why;
  const Driver *d = Driver::get(why);
  if (!d)
    throw DriverError(why);
  CUdevice dev;
  d->check(d->cuDeviceGet(&dev, device), "cuDeviceGet");
  return {d, dev};
}

int attributeOf(int device, DeviceAttribute attribute) {
  auto [d, dev] = deviceOf(device);
  int value = 0;
  d->check(d->cuDeviceGetAttribute(&value, attribute, dev), "cuDeviceGetAttribute");
  return value;
}
} // namespace

std::string archOf(int device) {
  return "sm_" + std::to_string(attributeOf(device, kComputeCapabilityMajor)) +
         std::to_string(attributeOf(device, kComputeCapabilityMinor));
}

int multiprocessorsOf(int device) { return attributeOf(device, kMultiprocessorCount); }

std::string nameOf(int device) {
  auto [d, dev] = deviceOf(device);
  char name[256] = {};
  d->check(d->cuDeviceGetName(name, int(sizeof(name)) - 1, dev), "cuDeviceGetName");
  return name;
}

CUcontext primaryContext(const Driver &d, int device) {
  static std::mutex mutex;
  static std::map<int, CUcontext> contexts;
  std::lock_guard<std::mutex> lock(mutex);
  CUcontext &slot = contexts[device];
  if (!slot) {
    CUdevice dev;
    d.check(d.cuDeviceGet(&dev, device), "cuDeviceGet");
    d.check(d.cuDevicePrimaryCtxRetain(&slot, dev), "cuDevicePrimaryCtxRetain");
  }
  return slot;
}

} // namespace fly::runtime::cuda
