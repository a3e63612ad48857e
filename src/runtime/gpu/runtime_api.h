//===- dl_symbols.h - Functions of a library opened with dlopen -------*- C++ -*-===//
#ifndef FLYDSL_RUNTIME_GPU_DL_SYMBOLS_H
#define FLYDSL_RUNTIME_GPU_DL_SYMBOLS_H

#include <dlfcn.h>

#include <string>

namespace fly::runtime::gpu {

/// Sets `slot` to `name` of `lib`; a missing one sets `why` (the first missing is named).
template <class F>
bool bindSymbol(void *lib, const char *libName, const char *name, F &slot, std::string &why) {
  slot = reinterpret_cast<F>(dlsym(lib, name));
  if (!slot && why.empty())
    why = std::string(libName) + " has no " + name;
  return slot != nullptr;
}

} // namespace fly::runtime::gpu

#endif // FLYDSL_RUNTIME_GPU_DL_SYMBOLS_H
