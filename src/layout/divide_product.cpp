//===- divide_product.cpp - Logical divides and products ------------------===//
//
// The divides and products of cute/layout.hpp, each as CuTe writes it: a tuple
// tiler applies mode by mode and keeps the modes it does not reach; the zipped,
// tiled and flat forms regroup the logical result; blocked and raked products
// pad both operands to the larger rank before they zip.
//
//===----------------------------------------------------------------------===//

#include "layout/layout.h"

#include <algorithm>

namespace fly::layout {

namespace {

/// CuTe's transform_layout over a layout and a shorter tuple tiler: f on the
/// modes the tiler reaches, the rest kept.
template <class F> Layout byMode(const Layout &l, const Tiler &t, const char *op, F f) {
  if (t.rank() > l.rank())
    fail(ErrorKind::RankMismatch, std::string(op) + "(" + l.str() + ", " + t.str() +
                                      "): the tiler has more modes than the layout");
  std::vector<Layout> modes;
  for (size_t i = 0; i < l.rank(); ++i)
    modes.push_back(i < t.rank() ? f(l.mode(i), t.elems()[i]) : l.mode(i));
  return makeLayout(modes);
}

/// CuTe's zip2_by: splits t at the tiler's leaves into ((firsts...),(seconds..., rest...)).
IntTuple zip2By(const IntTuple &t, const Tiler &guide) {
  if (guide.kind() == Tiler::Kind::Tuple) {
    if (!t.isTuple() || t.rank() < guide.rank())
      fail(ErrorKind::RankMismatch, "cannot unzip " + t.str() + " along the tiler " + guide.str());
    std::vector<IntTuple> firsts, seconds;
    for (size_t i = 0; i < guide.rank(); ++i) {
      IntTuple split = zip2By(t.elems()[i], guide.elems()[i]);
      firsts.push_back(split.elems()[0]);
      seconds.push_back(split.elems()[1]);
    }
    for (size_t i = guide.rank(); i < t.rank(); ++i)
      seconds.push_back(t.elems()[i]);
    return IntTuple{IntTuple::tuple(std::move(firsts)), IntTuple::tuple(std::move(seconds))};
  }
  if (!t.isTuple() || t.rank() != 2)
    fail(ErrorKind::RankMismatch, "cannot unzip " + t.str() + " at tiler leaf " + guide.str() +
                                      ": the mode must have rank 2");
  return t;
}

Layout tileUnzip(const Layout &l, const Tiler &t) {
  return makeUnchecked(zip2By(l.shape(), t), zip2By(l.stride(), t));
}

/// result(repeat<R0>(_), repeat<R1>(_)) or result(_, repeat<R1>(_)): a mode of
/// rank 1 stays whole (repeat<1>(_) is `_`), a wider one is spliced into its modes.
void spliceModes(const Layout &x, std::vector<Layout> &out) {
  if (x.rank() == 1) {
    out.push_back(x);
    return;
  }
  for (size_t i = 0; i < x.rank(); ++i)
    out.push_back(x.mode(i));
}

Layout unpackSecond(const Layout &zipped) {
  std::vector<Layout> modes{zipped.mode(0)};
  spliceModes(zipped.mode(1), modes);
  return makeLayout(modes);
}

Layout unpackBoth(const Layout &zipped) {
  std::vector<Layout> modes;
  spliceModes(zipped.mode(0), modes);
  spliceModes(zipped.mode(1), modes);
  return makeLayout(modes);
}

/// CuTe's append<R>(layout): pad to rank r with 1:0 modes (a scalar stays a scalar at r = 1).
Layout padToRank(const Layout &l, size_t r) {
  return makeUnchecked(appendTo(l.shape(), r, IntTuple(1)), appendTo(l.stride(), r, IntTuple(0)));
}

/// CuTe's zip(a, b) on two tuples: ((a0,b0),(a1,b1),...); on a scalar a, ((a,b)).
IntTuple zipPair(const IntTuple &a, const IntTuple &b, const char *op) {
  if (!a.isTuple())
    return IntTuple::tuple({IntTuple{a, b}});
  if (!b.isTuple() || a.rank() != b.rank())
    fail(ErrorKind::RankMismatch, std::string(op) + ": cannot zip " + a.str() + " with " +
                                      b.str() + " (mismatched ranks)");
  std::vector<IntTuple> out;
  for (size_t i = 0; i < a.rank(); ++i)
    out.push_back(IntTuple{a.elems()[i], b.elems()[i]});
  return IntTuple::tuple(std::move(out));
}

Layout interleavedProduct(const Layout &block, const Layout &tiler, bool blockFirst,
                          const char *op) {
  size_t r = std::max(block.rank(), tiler.rank());
  Layout product = logicalProduct(padToRank(block, r), Tiler(padToRank(tiler, r)));
  Layout x = product.mode(0), y = product.mode(1);
  if (!blockFirst)
    std::swap(x, y);
  return makeUnchecked(zipPair(x.shape(), y.shape(), op), zipPair(x.stride(), y.stride(), op));
}

} // namespace

Layout logicalDivide(const Layout &l, const Tiler &t) {
  switch (t.kind()) {
  case Tiler::Kind::Underscore:
    return l;
  case Tiler::Kind::Tuple:
    return byMode(l, t, "logical_divide",
                  [](const Layout &m, const Tiler &x) { return logicalDivide(m, x); });
  case Tiler::Kind::Integer:
  case Tiler::Kind::Layout:
    break;
  }
  const Layout &tile = t.layout();
  return composition(l, makeLayout({tile, complement(tile, coalesce(l).shape())}));
}

Layout zippedDivide(const Layout &l, const Tiler &t) { return tileUnzip(logicalDivide(l, t), t); }
Layout tiledDivide(const Layout &l, const Tiler &t) { return unpackSecond(zippedDivide(l, t)); }
Layout flatDivide(const Layout &l, const Tiler &t) { return unpackBoth(zippedDivide(l, t)); }

Layout logicalProduct(const Layout &l, const Tiler &t) {
  switch (t.kind()) {
  case Tiler::Kind::Underscore:
    return l;
  case Tiler::Kind::Tuple:
    return byMode(l, t, "logical_product",
                  [](const Layout &m, const Tiler &x) { return logicalProduct(m, x); });
  case Tiler::Kind::Integer:
  case Tiler::Kind::Layout:
    break;
  }
  const Layout &tile = t.layout();
  Layout rest = complement(l, IntTuple(mul(size(l), cosize(tile))));
  return makeLayout({l, composition(rest, tile)});
}

Layout zippedProduct(const Layout &l, const Tiler &t) { return tileUnzip(logicalProduct(l, t), t); }
Layout tiledProduct(const Layout &l, const Tiler &t) { return unpackSecond(zippedProduct(l, t)); }
Layout flatProduct(const Layout &l, const Tiler &t) { return unpackBoth(zippedProduct(l, t)); }

Layout blockedProduct(const Layout &block, const Layout &tiler) {
  return interleavedProduct(block, tiler, true, "blocked_product");
}

Layout rakedProduct(const Layout &block, const Layout &tiler) {
  return interleavedProduct(block, tiler, false, "raked_product");
}

Layout tileToShape(const Layout &block, const IntTuple &targetShape, const IntTuple &order) {
  requireValidShape(targetShape, "target shape");
  size_t r = targetShape.rank();
  if (block.rank() > r)
    fail(ErrorKind::RankMismatch, "tile_to_shape(" + block.str() + ", " + targetShape.str() +
                                      "): the block has more modes than the target shape");
  Layout padded = padToRank(block, r);
  IntTuple blockShape = productEach(asTuple(padded.shape()));
  IntTuple target = productEach(asTuple(targetShape));
  for (size_t i = 0; i < r; ++i)
    if (target[i].value() % blockShape[i].value() != 0)
      fail(ErrorKind::Divisibility, "tile_to_shape(" + block.str() + ", " + targetShape.str() +
                                        "): the block shape " + blockShape.str() +
                                        " does not divide the target shape " + target.str());
  IntTuple productShape = ceilDiv(target, blockShape);
  bool columnMajor = order.isTuple() && order.rank() == 0;
  Layout tiles = columnMajor ? makeLayout(productShape) : makeOrderedLayout(productShape, order);
  return blockedProduct(padded, tiles);
}

} // namespace fly::layout
