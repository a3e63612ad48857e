//===- swizzle.h - Swizzles and composed layouts ----------------*- C++ -*-===//
//
// CuTe's Swizzle<B,M,S> and ComposedLayout (swizzle o offset o layout), the
// form shared-memory layouts take to avoid bank conflicts.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_SWIZZLE_H
#define FLYDSL_LAYOUT_SWIZZLE_H

#include "layout/layout.h"

namespace fly::layout {

class Swizzle {
public:
  /// Requires B >= 0, M >= 0 and |S| >= B, as CuTe does.
  Swizzle(int bits, int base, int shift);
  int bits() const { return bits_; }
  int base() const { return base_; }
  int shift() const { return shift_; }
  /// x ^ ((x & yyy) >> S), with a negative S shifting left.
  int64_t apply(int64_t offset) const;
  /// The bits that move: x & yyyMask() is shifted by S onto the bits it flips.
  int64_t yyyMask() const { return yyyMask_; }
  /// The low bits the swizzle reads or writes (M + |S| + B): offsets that agree modulo
  /// 2^bitsSpanned() are swizzled alike, so a base aligned to it can be swizzled apart.
  int bitsSpanned() const { return base_ + (shift_ < 0 ? -shift_ : shift_) + bits_; }
  std::string str() const;
  bool operator==(const Swizzle &o) const {
    return bits_ == o.bits_ && base_ == o.base_ && shift_ == o.shift_;
  }

private:
  int bits_, base_, shift_;
  int64_t yyyMask_;
};

/// swizzle o offset o layout: maps a coordinate c to swizzle(offset + layout(c)).
class ComposedLayout {
public:
  ComposedLayout(Swizzle swizzle, int64_t offset, Layout layout)
      : swizzle_(swizzle), offset_(offset), layout_(std::move(layout)) {}
  const Swizzle &swizzle() const { return swizzle_; }
  int64_t offset() const { return offset_; }
  const Layout &layout() const { return layout_; }

  int64_t evaluate(const IntTuple &crd) const;
  std::string str() const;
  static ComposedLayout parse(std::string_view text);
  bool operator==(const ComposedLayout &o) const {
    return swizzle_ == o.swizzle_ && offset_ == o.offset_ && layout_ == o.layout_;
  }

private:
  Swizzle swizzle_;
  int64_t offset_;
  Layout layout_;
};

/// composition(swizzle o offset o L, tiler) = swizzle o offset o composition(L, tiler).
ComposedLayout composition(const ComposedLayout &a, const Tiler &b);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_SWIZZLE_H
