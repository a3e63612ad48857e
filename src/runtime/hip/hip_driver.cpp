//===- hip_driver.cpp - The HIP runtime API, loaded at first use ----------===//

#include "runtime/hip/hip_driver.h"
#include "runtime/gpu/runtime_api.h"

namespace fly::runtime::hip {

namespace {

using Loaded = gpu::LoadedApi<Driver>;

template <class F> void bind(void *lib, const char *name, F &slot, std::string &why) {
  gpu::bindSymbol(lib, "libamdhip64.so", name, slot, why);
}

Loaded load() {
  Loaded l;
  // The unversioned name comes with ROCm's development files; installs of the runtime alone
  // have the versioned one.
  void *lib = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
  std::string first = lib ? "" : dlerror();
  if (!lib)
    lib = dlopen("libamdhip64.so.6", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    l.why = "the HIP runtime (libamdhip64.so) cannot be loaded: " + first;
    return l;
  }
  Driver &d = l.api;
  std::string &why = l.why;
  bind(lib, "hipInit", d.hipInit, why);
  bind(lib, "hipGetDeviceCount", d.hipGetDeviceCount, why);
  bind(lib, "hipSetDevice", d.hipSetDevice, why);
  bind(lib, "hipDeviceGetAttribute", d.hipDeviceGetAttribute, why);
  bind(lib, "hipDeviceGetName", d.hipDeviceGetName, why);
  bind(lib, "hipModuleLoadData", d.hipModuleLoadData, why);
  bind(lib, "hipModuleGetFunction", d.hipModuleGetFunction, why);
  bind(lib, "hipModuleUnload", d.hipModuleUnload, why);
  bind(lib, "hipModuleLaunchKernel", d.hipModuleLaunchKernel, why);
  bind(lib, "hipPointerGetAttribute", d.hipPointerGetAttribute, why);
  bind(lib, "hipStreamGetDevice", d.hipStreamGetDevice, why);
  d.hipMallocAsync = reinterpret_cast<decltype(d.hipMallocAsync)>(dlsym(lib, "hipMallocAsync"));
  d.hipFreeAsync = reinterpret_cast<decltype(d.hipFreeAsync)>(dlsym(lib, "hipFreeAsync"));
  bind(lib, "hipEventCreate", d.hipEventCreate, why);
  bind(lib, "hipEventRecord", d.hipEventRecord, why);
  bind(lib, "hipEventSynchronize", d.hipEventSynchronize, why);
  bind(lib, "hipEventElapsedTime", d.hipEventElapsedTime, why);
  bind(lib, "hipEventDestroy", d.hipEventDestroy, why);
  bind(lib, "hipGetErrorName", d.hipGetErrorName, why);
  bind(lib, "hipGetErrorString", d.hipGetErrorString, why);
  if (!why.empty())
    return l;
  hipError_t r = d.hipInit(0);
  int count = 0;
  if (r != hipSuccess || d.hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    const char *name = d.hipGetErrorName(r);
    l.why = std::string("no HIP device is present (hipInit: ") + (name ? name : "?") + ")";
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

void Driver::check(hipError_t r, const char *call) const {
  if (r == hipSuccess)
    return;
  throw gpu::callFailed(call, "HIP", r, hipGetErrorName(r), hipGetErrorString(r));
}

int deviceCount() {
  std::string why;
  const Driver *d = Driver::get(why);
  int count = 0;
  if (d && d->hipGetDeviceCount(&count) != hipSuccess)
    count = 0;
  return count;
}

std::string nameOf(int device) {
  const Driver &d = Driver::require();
  char name[256] = {};
  d.check(d.hipDeviceGetName(name, int(sizeof(name)) - 1, device), "hipDeviceGetName");
  return name;
}

} // namespace fly::runtime::hip
