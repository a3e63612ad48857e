//===- fragment.cpp - The layouts of register fragments -------------------===//

#include "layout/fragment.h"

namespace fly::layout {

namespace {

bool staticTuple(const IntTuple &t) {
  std::vector<Int> leaves;
  flattenInto(t, leaves);
  return std::all_of(leaves.begin(), leaves.end(), [](const Int &x) { return x.isStatic(); });
}

/// The strides as an order for make_ordered_layout: a static stride orders by its value, the
/// dynamic ones after every static one, in their modes' order (as FlyDSL orders them).
IntTuple strideOrder(const IntTuple &stride) {
  std::vector<Int> leaves;
  flattenInto(stride, leaves);
  int64_t next = 1;
  for (const Int &x : leaves) {
    if (x.isBasis())
      fail(ErrorKind::Unsupported, "make_fragment_like of basis strides " + stride.str());
    if (x.isStatic())
      next = std::max(next, x.value() + 1);
  }
  for (Int &x : leaves)
    if (!x.isStatic())
      x = Int(next++);
  return unflatten(stride, leaves);
}

} // namespace

Layout makeFragmentLike(const Layout &l) {
  size_t rank = l.shape().isTuple() ? l.rank() : 1;
  if (rank == 1 || !staticTuple(l.shape()))
    return makeLayout(l.shape());
  Layout first = l.mode(0);
  // Compact over the shape with its stride-0 parts as extent 1: those stay broadcast.
  Layout mode0 = makeLayout(first.shape(), makeLayout(filterZeros(first).shape()).stride());
  IntTuple restShape = take(l.shape(), 1, rank), restStride = take(l.stride(), 1, rank);
  return tiledProduct(mode0, Tiler(makeOrderedLayout(restShape, strideOrder(restStride))));
}

} // namespace fly::layout
