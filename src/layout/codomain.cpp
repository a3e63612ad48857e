//===- codomain.cpp - The shape of a layout's codomain --------------------===//

#include "layout/codomain.h"

namespace fly::layout {

namespace {

/// The number of basis modes the strides span (0 for integer strides); nested basis elements
/// (E0E1) span modes of modes, which these functions do not offer.
size_t basisModes(const Layout &l) {
  std::vector<Int> strides;
  flattenInto(l.stride(), strides);
  size_t modes = 0;
  for (const Int &d : strides) {
    if (!d.isBasis())
      continue;
    if (d.basis().size() != 1)
      fail(ErrorKind::Unsupported,
           "the codomain of " + l.str() + ": strides of nested basis elements are not offered");
    modes = std::max(modes, size_t(d.basis()[0]) + 1);
  }
  return modes;
}

} // namespace

IntTuple coshape(const Layout &l) {
  std::vector<Int> shape, stride;
  flattenInto(l.shape(), shape);
  flattenInto(l.stride(), stride);
  size_t modes = basisModes(l);
  // extents[j]: one more than the largest offset along basis mode j (the only one for integer
  // strides); the 1 comes first, so that it cancels with a dynamic extent's -1
  std::vector<Int> extents(std::max<size_t>(modes, 1), Int(1));
  for (size_t i = 0; i < shape.size(); ++i) {
    const Int &d = stride[i];
    bool zero = !d.isBasis() && d.isStatic() && d.value() == 0;
    if (modes > 0 && !d.isBasis() && !zero)
      fail(ErrorKind::Unsupported,
           "the coshape of " + l.str() + ": strides mixing integers and basis elements");
    if (!zero) {
      Int scale = d.isBasis() ? Int(d.scale()) : d;
      Int &e = extents[d.isBasis() ? size_t(d.basis()[0]) : 0];
      e = add(e, mul(add(shape[i], Int(-1)), scale));
    }
  }
  std::vector<IntTuple> out;
  for (const Int &e : extents)
    out.emplace_back(e);
  return modes == 0 ? out.front() : IntTuple::tuple(std::move(out));
}

IntTuple coprofile(const Layout &l) {
  size_t modes = basisModes(l);
  if (modes == 0)
    return IntTuple(0);
  return IntTuple::tuple(std::vector<IntTuple>(modes, IntTuple(0)));
}

} // namespace fly::layout
