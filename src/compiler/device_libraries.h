//===- device_libraries.h - Where the ROCm device libraries' bitcode is -*- C++ -*-===//
//
// The rocm target links ocml and ockl where a kernel calls them. A library that carries LLVM
// inside it (a wheel, a release archive) carries their bitcode too, in amdgcn/bitcode beside
// itself; otherwise they come from the system's rocm-device-libs.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_DEVICE_LIBRARIES_H
#define FLYDSL_COMPILER_DEVICE_LIBRARIES_H

#include <string>

namespace fly::compiler {

/// The path of device library `file` ("ocml.bc"): beside libflydsl where it is there, else the
/// system's (which may be missing; the caller says so).
std::string deviceLibraryPath(const std::string &file);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_DEVICE_LIBRARIES_H
