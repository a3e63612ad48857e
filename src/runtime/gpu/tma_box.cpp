//===- tma_box.cpp - The bulk-copy hardware's rules for a tensor --------------------===//

#include "runtime/gpu/tma_box.h"

namespace fly::runtime::gpu {

std::string checkTmaBox(const TmaBox &b) {
  auto address = reinterpret_cast<uintptr_t>(b.data);
  if (address % 16 != 0)
    return "a bulk-copied tensor's data address must be a multiple of 16 bytes";
  for (int d = 0; d < b.rank; ++d) {
    if (b.extent[d] == 0 || b.extent[d] > (uint64_t(1) << 32))
      return "a bulk-copied tensor's extents are 1..2^32, got " + std::to_string(b.extent[d]);
    if (d > 0 && (b.strideBytes[d] % 16 != 0 || b.strideBytes[d] >= (uint64_t(1) << 40)))
      return "a bulk-copied tensor's strides are multiples of 16 bytes below 2^40, got " +
             std::to_string(b.strideBytes[d]) + " bytes";
  }
  return {};
}

} // namespace fly::runtime::gpu
