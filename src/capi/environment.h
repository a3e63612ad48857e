//===- environment.h - The environment variables the library reads -*- C++ -*-===//
//
// FlyDSL's own names (ARCH, COMPILE_ONLY) are generic words that build systems set for other
// reasons, so a value takes effect only where it makes sense for FlyDSL; any other value is
// ignored with one warning on stderr that names the variable. The library's FLYDSL_* numbers
// are read the same way.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_ENVIRONMENT_H
#define FLYDSL_CAPI_ENVIRONMENT_H

#include <cstdint>
#include <string>

namespace fly::capi {

/// An environment variable, or nullptr when it is unset or empty.
const char *env(const char *name);

/// Writes "flydsl: <message>" to stderr the first time `key` is warned about in this process.
void warnOnce(const std::string &key, const std::string &message);

/// Whether `text` names a GPU arch: gfx<hex digits> or sm_<digits>[a].
bool isGpuArchName(const std::string &text);

/// The arch ARCH (else FLYDSL_GPU_ARCH) asks for where it names a GPU arch, else nullptr.
const char *archFromEnvironment();

/// A flag as FlyDSL reads one: 1, true, yes or on (any case) set it; 0, false, no and off do
/// not, nor does any other value (with a warning); unset gives `fallback`.
bool envFlag(const char *name, bool fallback);

/// COMPILE_ONLY, a flag.
bool compileOnly();

/// A variable holding a count of at least 0; unset gives `fallback`, as does a value that
/// is not such a number (with a warning).
uint64_t envCount(const char *name, uint64_t fallback);

} // namespace fly::capi

#endif // FLYDSL_CAPI_ENVIRONMENT_H
