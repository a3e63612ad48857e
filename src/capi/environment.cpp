//===- environment.cpp - The environment variables the library reads --------------===//

#include "capi/environment.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <strings.h>

namespace fly::capi {

const char *env(const char *name) {
  const char *v = std::getenv(name);
  return v && *v ? v : nullptr;
}

void warnOnce(const std::string &key, const std::string &message) {
  static std::mutex mutex;
  static auto *warned = new std::set<std::string>();
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!warned->insert(key).second)
      return;
  }
  std::fprintf(stderr, "flydsl: %s\n", message.c_str());
}

bool isGpuArchName(const std::string &text) {
  auto allOf = [&](size_t from, size_t to, int (*is)(int)) {
    if (from >= to)
      return false;
    for (size_t i = from; i < to; ++i)
      if (!is(static_cast<unsigned char>(text[i])))
        return false;
    return true;
  };
  if (text.rfind("gfx", 0) == 0)
    return allOf(3, text.size(), isxdigit);
  if (text.rfind("sm_", 0) == 0) {
    size_t end = text.size() - (text.size() > 3 && text.back() == 'a' ? 1 : 0);
    return allOf(3, end, isdigit);
  }
  return false;
}

const char *archFromEnvironment() {
  for (const char *name : {"ARCH", "FLYDSL_GPU_ARCH"}) {
    const char *v = env(name);
    if (!v)
      continue;
    if (isGpuArchName(v))
      return v;
    warnOnce(std::string("env:") + name,
             std::string("ignoring ") + name + "=" + v +
                 ": not a GPU arch (FlyDSL reads it as one: gfx942, gfx950, sm_90, ...)");
  }
  return nullptr;
}

bool envFlag(const char *name, bool fallback) {
  const char *v = env(name);
  if (!v)
    return fallback;
  for (const char *yes : {"1", "true", "yes", "on"})
    if (!strcasecmp(v, yes))
      return true;
  for (const char *no : {"0", "false", "no", "off"})
    if (!strcasecmp(v, no))
      return false;
  warnOnce(std::string("env:") + name,
           std::string("reading ") + name + "=" + v + " as false (1, true, yes or on set it)");
  return false;
}

bool compileOnly() { return envFlag("COMPILE_ONLY", false); }

uint64_t envCount(const char *name, uint64_t fallback) {
  const char *v = env(name);
  if (!v)
    return fallback;
  char *end = nullptr;
  errno = 0;
  unsigned long long n = std::strtoull(v, &end, 10);
  if (std::isdigit(static_cast<unsigned char>(*v)) && *end == '\0' && errno == 0)
    return uint64_t(n);
  warnOnce(std::string("env:") + name, std::string("ignoring ") + name + "=" + v +
                                           ": not a whole number; using " +
                                           std::to_string(fallback));
  return fallback;
}

} // namespace fly::capi
