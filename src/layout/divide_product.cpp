//===- divide_product.cpp - Logical divides and products ------------------===//

#include "layout/layout.h"

#include <algorithm>

namespace fly::layout {

namespace {

/// Applies f to the modes the tiler reaches and keeps the rest (CuTe's
/// transform_layout over a layout and a shorter tuple).
template <class F> Layout byMode(const Layout &l, const Tiler &t, const char *op, F f) {
  if (t.rank() > l.rank())
    fail(ErrorKind::RankMismatch,
         std::string(op) + ": tiler " + t.str() + " has more modes than layout " + l.str());
  std::vector<Layout> modes;
  for (size_t i = 0; i < l.rank(); ++i)
    modes.push_back(i < t.rank() ? f(l.mode(i), t.elems()[i]) : l.mode(i));
  return makeLayout(modes);
}

/// CuTe's zip2_by: gathers the first and second halves of the rank-2 modes
/// found at the tiler's leaves into ((firsts...),(seconds..., rest...)).
void zip2By(const IntTuple &t, const Tiler &guide, std::vector<IntTuple> &firsts,
            std::vector<IntTuple> &seconds) {
  if (guide.kind() == Tiler::Kind::Tuple) {
    if (!t.isTuple() || t.rank() < guide.rank())
      fail(ErrorKind::RankMismatch,
           "cannot unzip " + t.str() + " along the tiler " + guide.str());
    std::vector<IntTuple> f, s;
    for (size_t i = 0; i < guide.rank(); ++i) {
      std::vector<IntTuple> fi, si;
      zip2By(t.elems()[i], guide.elems()[i], fi, si);
      f.push_back(fi[0]);
      s.push_back(si[0]);
    }
    for (size_t i = guide.rank(); i < t.rank(); ++i)
      s.push_back(t.elems()[i]);
    firsts.push_back(IntTuple::tuple(std::move(f)));
    seconds.push_back(IntTuple::tuple(std::move(s)));
    return;
  }
  if (!t.isTuple() || t.rank() != 2)
    fail(ErrorKind::RankMismatch, "cannot unzip " + t.str() + " at tiler leaf " + guide.str() +
                                      ": the mode must have rank 2");
  firsts.push_back(t.elems()[0]);
  seconds.push_back(t.elems()[1]);
}

Layout tileUnzip(const Layout &l, const Tiler &t) {
  auto unzip = [&](const IntTuple &x) {
    std::vector<IntTuple> f, s;
    zip2By(x, t, f, s);
    return IntTuple{f[0], s[0]};
  };
  return makeUnchecked(unzip(l.shape()), unzip(l.stride()));
}

/// The modes of x: its elements when rank > 1, else x itself (CuTe's
/// repeat<R>(_) slice, which keeps a rank-1 mode whole).
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

/// A mode of a blocked or raked product: its sub-modes flattened, size-1
/// sub-modes dropped, and nothing merged, as CuTe's per-mode coalesce leaves
/// the block and tiler parts visible.
Layout tidyMode(const Layout &m) {
  std::vector<Int> shapes, strides;
  flattenInto(m.shape(), shapes);
  flattenInto(m.stride(), strides);
  std::vector<IntTuple> s, d;
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i].isStatic() && shapes[i].value() == 1)
      continue;
    s.emplace_back(shapes[i]);
    d.emplace_back(strides[i]);
  }
  if (s.empty())
    return makeUnchecked(IntTuple(1), IntTuple(0));
  if (s.size() == 1)
    return makeUnchecked(s[0], d[0]);
  return makeUnchecked(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

Layout padToRank(const Layout &l, size_t r) {
  return makeUnchecked(appendTo(l.shape(), r, IntTuple(1)), appendTo(l.stride(), r, IntTuple(0)));
}

Layout interleavedProduct(const Layout &block, const Layout &tiler, bool blockFirst) {
  size_t r = std::max(block.rank(), tiler.rank());
  Layout b = padToRank(block, r), t = padToRank(tiler, r);
  Layout product = logicalProduct(b, Tiler(t));
  Layout first = product.mode(0), second = product.mode(1);
  std::vector<Layout> modes;
  for (size_t i = 0; i < r; ++i) {
    Layout x = first.mode(i), y = second.mode(i);
    modes.push_back(tidyMode(blockFirst ? makeLayout({x, y}) : makeLayout({y, x})));
  }
  return makeLayout(modes);
}

} // namespace

Layout logicalDivide(const Layout &l, const Tiler &t) {
  switch (t.kind()) {
  case Tiler::Kind::Underscore:
    return l;
  case Tiler::Kind::Tuple:
    return byMode(l, t, "logical_divide",
                  [](const Layout &m, const Tiler &x) { return logicalDivide(m, x); });
  case Tiler::Kind::Layout:
    break;
  }
  const Layout &tile = t.layout();
  return composition(l, makeLayout({tile, complement(tile, l.shape())}));
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
  return interleavedProduct(block, tiler, true);
}

Layout rakedProduct(const Layout &block, const Layout &tiler) {
  return interleavedProduct(block, tiler, false);
}

Layout tileToShape(const Layout &block, const IntTuple &targetShape, const IntTuple &order) {
  requireValidShape(targetShape, "target shape");
  size_t r = targetShape.rank();
  if (block.rank() > r)
    fail(ErrorKind::RankMismatch, "tile_to_shape: block " + block.str() +
                                      " has more modes than target shape " + targetShape.str());
  Layout padded = padToRank(block, r);
  IntTuple blockShape = productEach(padded.shape());
  IntTuple target = productEach(targetShape);
  for (size_t i = 0; i < r; ++i)
    if (target[i].value() % blockShape[i].value() != 0)
      fail(ErrorKind::Divisibility, "tile_to_shape: block shape " + blockShape.str() +
                                        " does not divide the target shape " + target.str());
  IntTuple productShape = ceilDiv(target, blockShape);
  IntTuple ord = order;
  if (order.isTuple() && order.rank() == 0) {
    // Default column-major order: mode i repeats i-th.
    for (size_t i = 0; i < r; ++i)
      ord.push_back(IntTuple(static_cast<int64_t>(i)));
  }
  Layout tiles = makeOrderedLayout(asTuple(productShape), asTuple(ord));
  return coalesce(blockedProduct(padded, tiles), asTuple(productShape));
}

} // namespace fly::layout
