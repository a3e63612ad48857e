//===- runtime_api.h - A GPU runtime's C API, opened with dlopen ------*- C++ -*-===//
//
// The CUDA driver and HIP are loaded the same way: their functions are looked up once into a
// table, which is usable or carries the reason it is not (no library, a missing function, no
// device); a failed call becomes a GpuError naming the call and the runtime's error.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_GPU_RUNTIME_API_H
#define FLYDSL_RUNTIME_GPU_RUNTIME_API_H

#include "runtime/gpu/launch_limits.h"

#include <dlfcn.h>

#include <string>

namespace fly::runtime::gpu {

/// Sets `slot` to `name` of `lib`; a missing one sets `why` (the first missing is named).
template <class F>
void bindSymbol(void *lib, const char *libName, const char *name, F &slot, std::string &why) {
  slot = reinterpret_cast<F>(dlsym(lib, name));
  if (!slot && why.empty())
    why = std::string(libName) + " has no " + name;
}

/// A runtime's function table as loaded, with `why` empty when it can be used.
template <class Api> struct LoadedApi {
  Api api{};
  std::string why;

  const Api *get(std::string &reason) const {
    reason = why;
    return why.empty() ? &api : nullptr;
  }
  const Api &require() const {
    if (!why.empty())
      throw GpuError(why);
    return api;
  }
};

/// The error of a failed runtime call: "<call> failed: <name> (<text>)".
inline GpuError callFailed(const char *call, const char *runtime, int code, const char *name,
                           const char *text) {
  std::string what = name ? name : std::string(runtime) + " error " + std::to_string(code);
  return GpuError(std::string(call) + " failed: " + what +
                  (text ? std::string(" (") + text + ")" : ""));
}

} // namespace fly::runtime::gpu

#endif // FLYDSL_RUNTIME_GPU_RUNTIME_API_H
