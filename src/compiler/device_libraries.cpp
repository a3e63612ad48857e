//===- device_libraries.cpp - Where the ROCm device libraries' bitcode is -------===//

#include "compiler/device_libraries.h"

#include <dlfcn.h>
#include <sys/stat.h>

namespace fly::compiler {

namespace {

constexpr const char *kSystemDir = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";

/// amdgcn/bitcode in the directory of the shared object this code is in ("" where unknown).
std::string bundledDir() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<const void *>(&deviceLibraryPath), &info) || !info.dli_fname)
    return "";
  std::string self = info.dli_fname;
  size_t slash = self.rfind('/');
  return slash == std::string::npos ? "" : self.substr(0, slash) + "/amdgcn/bitcode";
}

bool exists(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

} // namespace

std::string deviceLibraryPath(const std::string &file) {
  static const std::string bundled = bundledDir();
  if (!bundled.empty() && exists(bundled + "/" + file))
    return bundled + "/" + file;
  return std::string(kSystemDir) + "/" + file;
}

} // namespace fly::compiler
