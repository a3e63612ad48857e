//===- swizzle.cpp - Swizzles and composed layouts ------------------------===//

#include "layout/swizzle.h"
#include "layout/text.h"

namespace fly::layout {

Swizzle::Swizzle(int bits, int base, int shift) : bits_(bits), base_(base), shift_(shift) {
  int64_t absShift = shift < 0 ? -int64_t(shift) : int64_t(shift);
  if (bits < 0 || base < 0 || absShift < bits)
    fail(ErrorKind::InvalidArgument,
         "Swizzle<" + std::to_string(bits) + "," + std::to_string(base) + "," +
             std::to_string(shift) + ">: needs B >= 0, M >= 0 and |S| >= B");
  if (int64_t(bits) + int64_t(base) + absShift > 62)
    fail(ErrorKind::Overflow, "Swizzle<" + std::to_string(bits) + "," + std::to_string(base) +
                                  "," + std::to_string(shift) + "> reaches past 62 bits");
  int64_t bitMask = (int64_t(1) << bits) - 1;
  yyyMask_ = bitMask << (base + (shift > 0 ? shift : 0));
}

int64_t Swizzle::apply(int64_t offset) const {
  int64_t y = offset & yyyMask_;
  int64_t moved = shift_ >= 0 ? (y >> shift_) : (y << -shift_);
  return offset ^ moved;
}

std::string Swizzle::str() const {
  return "Sw<" + std::to_string(bits_) + "," + std::to_string(base_) + "," +
         std::to_string(shift_) + ">";
}

int64_t ComposedLayout::evaluate(const IntTuple &crd) const {
  int64_t inner = fly::layout::evaluate(layout_, crd).value();
  return swizzle_.apply(checkedAdd(offset_, inner));
}

std::string ComposedLayout::str() const {
  return swizzle_.str() + " o " + std::to_string(offset_) + " o " + layout_.str();
}

ComposedLayout ComposedLayout::parse(std::string_view text) {
  TextReader r(text);
  if (!r.accept("Sw"))
    r.error("expected 'Sw<B,M,S>'");
  r.expect('<');
  int64_t b = r.integer();
  r.expect(',');
  int64_t m = r.integer();
  r.expect(',');
  int64_t s = r.integer();
  r.expect('>');
  if (b < -64 || b > 64 || m < -64 || m > 64 || s < -64 || s > 64)
    r.error("swizzle parameters out of range");
  r.expect('o');
  int64_t offset = r.integer();
  r.expect('o');
  Layout l = r.layout();
  r.expectEnd();
  return ComposedLayout(Swizzle(int(b), int(m), int(s)), offset, std::move(l));
}

ComposedLayout composition(const ComposedLayout &a, const Tiler &b) {
  return ComposedLayout(a.swizzle(), a.offset(), composition(a.layout(), b));
}

} // namespace fly::layout
