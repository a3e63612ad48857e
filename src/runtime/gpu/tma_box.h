//===- tma_box.h - What a TMA descriptor describes, as the launcher fills it in ----===//
//
// A kernel's TMA descriptor parameter is built at each launch from a tensor argument: its
// address, extents and strides, the box the kernel copies, and the swizzle. The cuda runtime
// encodes it as CUDA's tensor map; the cpu runtime hands the kernel this struct itself and
// copies boxes as the hardware would.
//
//===-------------------------------------------------------------------------------===//

#ifndef FLYDSL_RUNTIME_GPU_TMA_BOX_H
#define FLYDSL_RUNTIME_GPU_TMA_BOX_H

#include <cstdint>
#include <string>

namespace fly::runtime::gpu {

constexpr int kTmaMaxRank = 5;

/// Dimension 0 is the tensor's contiguous mode; the others follow in the tensor's order.
struct TmaBox {
  const void *data;
  int rank;
  int elementBytes;
  int swizzleBytes; // 0, 32, 64 or 128
  uint64_t extent[kTmaMaxRank];
  uint64_t strideBytes[kTmaMaxRank]; // strideBytes[0] is elementBytes
  uint32_t box[kTmaMaxRank];
};

/// Where `b` breaks the bulk-copy hardware's rules (alignment, strides, extents); empty if
/// it keeps them.
std::string checkTmaBox(const TmaBox &b);

} // namespace fly::runtime::gpu

#endif // FLYDSL_RUNTIME_GPU_TMA_BOX_H
