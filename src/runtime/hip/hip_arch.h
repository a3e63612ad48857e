//===- hip_arch.h - The gfx arch of a HIP device, from the KFD topology --*- C++ -*-===//
//
// HIP gives a device's arch name only inside hipDeviceProp_t, whose layout changes between
// ROCm releases. The kernel driver's topology (what ROCm's own tools read) gives each GPU
// node's gfx_target_version; the GPU nodes, CPU nodes skipped, come in device order.
//
//===---------------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_HIP_HIP_ARCH_H
#define FLYDSL_RUNTIME_HIP_HIP_ARCH_H

#include <string>

namespace fly::runtime::hip {

constexpr const char *kKfdNodes = "/sys/class/kfd/kfd/topology/nodes";

/// "gfx" and the version's major (decimal), minor and stepping (hex digits): 90402 is gfx942,
/// 90010 gfx90a, 120001 gfx1201. Empty for 0 (a CPU node).
std::string gfxName(unsigned version);

/// The arch of the `device`-th GPU node under `nodesDir`; empty when there is none.
std::string archFromTopology(const std::string &nodesDir, int device);

} // namespace fly::runtime::hip

#endif // FLYDSL_RUNTIME_HIP_HIP_ARCH_H
