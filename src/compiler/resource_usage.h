//===- resource_usage.h - What a compiled kernel takes from the machine -*- C++ -*-===//
//
// Registers, shared memory and scratch of a kernel as its code object records them (AMD's
// HSACO metadata), and the occupancy they allow: how many waves of a block size share a SIMD.
//
//===-----------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_RESOURCE_USAGE_H
#define FLYDSL_COMPILER_RESOURCE_USAGE_H

#include <cstdint>
#include <string>

namespace fly::compiler {

struct ResourceUsage {
  int vgprs = 0, agprs = 0, sgprs = 0;
  int64_t sharedBytes = 0, scratchBytes = 0;
  int waveSize = 64;
  int maxThreads = 0;
};

/// The HSACO's record of kernel `name`. Throws CompileError when the image has no such kernel
/// or no readable metadata.
ResourceUsage amdResourceUsage(const std::string &hsaco, const std::string &name);

/// Waves of blocks of `threads` threads that fit on one SIMD of a gfx9 CU at once (at most 8):
/// limited by the unified VGPR/AGPR file (512 a lane, granules of 8) and by the CU's LDS.
int amdWavesPerSimd(const ResourceUsage &u, const std::string &arch, int threads);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_RESOURCE_USAGE_H
