//===- wgmma_descriptor.cpp - Hopper's shared-memory matrix descriptors ---===//

#include "layout/wgmma_descriptor.h"

#include <algorithm>
#include <vector>

namespace fly::layout {

namespace {

constexpr int64_t kFieldLimit = int64_t(1) << 18; // 14 bits of 16-byte units

// The byte offset of element (row, k) from the start address, before any swizzle.
int64_t canonicalOffset(const WgmmaOperandLayout &l, int elementBytes, int64_t row, int64_t k) {
  int64_t W = l.swizzleBytes;
  if (!l.mnMajor) {
    int64_t kb = k * elementBytes, group = (row / 8) * l.sbo;
    if (W == 0)
      return group + (row % 8) * 16 + (kb / 16) * l.lbo + kb % 16;
    return group + (row % 8) * W + kb;
  }
  int64_t mb = row * elementBytes;
  if (W == 0)
    return (mb / 16) * l.sbo + mb % 16 + (k % 8) * 16 + (k / 8) * l.lbo;
  return (mb / W) * l.lbo + mb % W + (k % 8) * W + (k / 8) * l.sbo;
}

uint64_t swizzled(uint64_t address, int swizzleBytes) {
  if (swizzleBytes == 0)
    return address;
  uint64_t mask = uint64_t(swizzleBytes / 16 - 1);
  return address ^ (((address >> 7) & mask) << 4);
}

bool matches(const WgmmaOperandLayout &l, int64_t rows, int elementBytes,
             const std::function<int64_t(int64_t, int64_t)> &offset) {
  for (int64_t field : {l.sbo, l.lbo})
    if (field < 0 || field % 16 != 0 || field >= kFieldLimit)
      return false;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t k = 0; k < 32 / elementBytes; ++k)
      if (offset(r, k) != canonicalOffset(l, elementBytes, r, k))
        return false;
  return true;
}

} // namespace

std::optional<WgmmaOperandLayout>
matchWgmmaLayout(int64_t rows, int elementBytes, int swizzleBits,
                 const std::function<int64_t(int64_t row, int64_t k)> &offset) {
  if (rows < 8 || rows % 8 != 0 || elementBytes <= 0 || elementBytes > 4 || swizzleBits < 0 ||
      swizzleBits > 3)
    return std::nullopt;
  int64_t eb = elementBytes;
  WgmmaOperandLayout k;
  k.swizzleBytes = swizzleBits == 0 ? 0 : 16 << swizzleBits;
  k.sbo = rows > 8 ? offset(8, 0) : 0;
  k.lbo = k.swizzleBytes == 0 ? offset(0, 16 / eb) : 16; // unused when swizzled
  if (matches(k, rows, elementBytes, offset))
    return k;
  if (elementBytes != 2)
    return std::nullopt;
  WgmmaOperandLayout mn;
  mn.mnMajor = true;
  mn.swizzleBytes = k.swizzleBytes;
  int64_t W = mn.swizzleBytes;
  if (W == 0) {
    mn.sbo = rows * eb > 16 ? offset(16 / eb, 0) : 16;
    mn.lbo = offset(0, 8);
  } else {
    mn.sbo = offset(0, 8);
    mn.lbo = rows * eb > W ? offset(W / eb, 0) : 16;
  }
  if (matches(mn, rows, elementBytes, offset))
    return mn;
  return std::nullopt;
}

std::optional<WgmmaOperandLayout> matchWgmmaSlice(const Layout &slice, int64_t rows,
                                                  int elementBytes, int swizzleBits,
                                                  bool *dynamicOffsets) {
  // The offsets of the first rows x K indices, enumerated once through the flat modes (the
  // matcher reads each several times; the verifier and the lowering both match every call).
  std::vector<Int> shape, stride;
  flattenInto(slice.shape(), shape);
  flattenInto(slice.stride(), stride);
  bool dynamic = false;
  for (size_t m = 0; m < shape.size(); ++m)
    dynamic |= !shape[m].isStatic() || !stride[m].isStatic() || stride[m].isBasis();
  if (dynamicOffsets)
    *dynamicOffsets = dynamic;
  if (dynamic)
    return std::nullopt;
  int64_t size = 1;
  for (const Int &s : shape)
    size *= s.value();
  int64_t count = std::min(rows * (32 / std::max(elementBytes, 1)), size);
  std::vector<int64_t> offsets(size_t(std::max<int64_t>(count, 0)));
  std::vector<int64_t> at(shape.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t o = 0;
    for (size_t m = 0; m < shape.size(); ++m)
      o += at[m] * stride[m].value();
    offsets[size_t(i)] = o;
    for (size_t m = 0; m < shape.size() && ++at[m] == shape[m].value(); ++m)
      at[m] = 0; // colexicographic: the first mode runs fastest
  }
  return matchWgmmaLayout(rows, elementBytes, swizzleBits, [&](int64_t r, int64_t k) {
    int64_t i = r + rows * k;
    return i < count ? (offsets[size_t(i)] - offsets[0]) * elementBytes : int64_t(-1);
  });
}

uint64_t wgmmaDescriptorBits(const WgmmaOperandLayout &l) {
  uint64_t mode = l.swizzleBytes == 128  ? 1
                  : l.swizzleBytes == 64 ? 2
                  : l.swizzleBytes == 32 ? 3
                                         : 0;
  return (uint64_t(l.lbo >> 4) & 0x3fff) << 16 | (uint64_t(l.sbo >> 4) & 0x3fff) << 32 | mode << 62;
}

uint64_t wgmmaElementAddress(uint64_t descriptor, bool mnMajor, int elementBytes, int64_t row,
                             int64_t k) {
  static const int swizzleOfMode[4] = {0, 128, 64, 32};
  WgmmaOperandLayout l;
  l.mnMajor = mnMajor;
  l.swizzleBytes = swizzleOfMode[descriptor >> 62];
  l.lbo = int64_t((descriptor >> 16) & 0x3fff) << 4;
  l.sbo = int64_t((descriptor >> 32) & 0x3fff) << 4;
  uint64_t start = (descriptor & 0x3fff) << 4;
  return swizzled(start + uint64_t(canonicalOffset(l, elementBytes, row, k)), l.swizzleBytes);
}

} // namespace fly::layout
