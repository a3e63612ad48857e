//===- wgmma_descriptor.h - Hopper's shared-memory matrix descriptors -*- C++ -*-===//
//
// wgmma reads A and B from shared memory through a 64-bit descriptor: the operand's start
// address and one of a few canonical layouts of 8-row "core matrices" (PTX ISA, "Matrix
// Descriptor Format" and "Shared Memory Matrix Layout"). The kernel builder derives a
// descriptor from a tensor's layout and swizzle, and the cpu target decodes it again to
// emulate the instruction, so both sides read the same bits the same way.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_WGMMA_DESCRIPTOR_H
#define FLYDSL_LAYOUT_WGMMA_DESCRIPTOR_H

#include "layout/layout.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace fly::layout {

/// A canonical operand layout (the PTX ISA's, as CuTe's GMMA layout atoms spell them) of the
/// 16-byte core matrices (8 of them make a row group):
/// - K-major, a row (M or N) of K contiguous: with `swizzleBytes` 32, 64 or 128 each row is that
///   many bytes of K, rows `swizzleBytes` apart in groups of 8 `sbo` bytes apart; with 0 a row of
///   a core matrix is 16 bytes, rows 16 bytes apart, the next 16 bytes of K `lbo` bytes further.
/// - MN-major, M or N contiguous: swizzled, a K row holds `swizzleBytes` of M/N, K rows are
///   `swizzleBytes` apart in groups of 8 `sbo` apart, and the next `swizzleBytes` of M/N are
///   `lbo` further; with 0, 16 bytes of M/N a K row, K rows 16 bytes apart in groups of 8 `lbo`
///   apart, the next 16 bytes of M/N `sbo` further.
/// Swizzled layouts XOR the 16-byte chunk bits [4, 4 + b) of each address with bits [7, 7 + b),
/// b = log2(swizzleBytes / 16) (CuTe's Swizzle<b, 4, 3> on bytes), on absolute addresses.
struct WgmmaOperandLayout {
  bool mnMajor = false;
  int swizzleBytes = 0;
  int64_t lbo = 0, sbo = 0;
};

/// The canonical layout whose byte offsets from element (0, 0) are `offset(row, k)` for `rows`
/// rows (M or N) and the 32 bytes of K one wgmma reads, given the byte swizzle bits of the
/// tensor (0 when unswizzled); nullopt when there is none. MN-major layouts exist for 16-bit
/// elements only.
std::optional<WgmmaOperandLayout>
matchWgmmaLayout(int64_t rows, int elementBytes, int swizzleBits,
                 const std::function<int64_t(int64_t row, int64_t k)> &offset);

/// The canonical layout of `slice`, one call's operand tile whose element (row, k) is at index
/// row + rows * k, offsets taken from its element 0; nullopt when it has none, or when its
/// offsets are not static (`dynamicOffsets` says which, where given).
std::optional<WgmmaOperandLayout> matchWgmmaSlice(const Layout &slice, int64_t rows,
                                                  int elementBytes, int swizzleBits,
                                                  bool *dynamicOffsets = nullptr);

/// The descriptor's fixed bits: leading and stride byte offsets and the swizzle mode (the start
/// address, bits 0-13, is added in the kernel; the majorness is the instruction's).
uint64_t wgmmaDescriptorBits(const WgmmaOperandLayout &l);

/// The shared-memory byte address of element (row, k) of the operand `descriptor` describes, as
/// the hardware forms it: the 14-bit start field is an address in the block's shared window.
uint64_t wgmmaElementAddress(uint64_t descriptor, bool mnMajor, int elementBytes, int64_t row,
                             int64_t k);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_WGMMA_DESCRIPTOR_H
