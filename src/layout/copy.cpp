//===- copy.cpp - The layout side of copy atoms and tiled copies ----------===//

#include "layout/copy.h"

namespace fly::layout {

int64_t staticSize(const Layout &l) {
  Int n = size(l);
  return n.isStatic() && !n.isBasis() ? n.value() : -1;
}

bool copyAtomWidthOk(int bits, int elementBits, bool atLeast32) {
  bool ok = bits == 8 || bits == 16 || bits == 32 || bits == 64 || bits == 128;
  if (atLeast32)
    ok = ok && bits >= 32;
  return ok && elementBits > 0 && bits % elementBits == 0;
}

void checkThreadValueLayout(const Layout &tv, int64_t atomValues) {
  if (staticSize(tv) < 0)
    fail(ErrorKind::Unsupported, "a thread-value layout must be static, got " + tv.str());
  if (tv.rank() != 2)
    fail(ErrorKind::RankMismatch,
         "a thread-value layout has two modes (thread, value), got " + tv.str());
  int64_t vals = staticSize(tv.mode(1));
  if (vals % atomValues != 0)
    fail(ErrorKind::Divisibility, "each thread holds " + std::to_string(vals) +
                                      " values, not a multiple of the atom's " +
                                      std::to_string(atomValues));
}

Layout threadFragments(const Layout &x, const Layout &tv, const Tiler &tile, int64_t atomValues) {
  Layout tiled = zippedDivide(x, tile);
  Layout atomTV = zippedDivide(tv, Tiler::tuple({Tiler::integer(1), Tiler::integer(atomValues)}));
  // ((atom_thr, atom_val), (rest_thr, rest_val)) -> ((thr), (atom_val, rest_val))
  Layout zipped = makeUnchecked(IntTuple{IntTuple{atomTV.shape()[0][0], atomTV.shape()[1][0]},
                                         IntTuple{atomTV.shape()[0][1], atomTV.shape()[1][1]}},
                                IntTuple{IntTuple{atomTV.stride()[0][0], atomTV.stride()[1][0]},
                                         IntTuple{atomTV.stride()[0][1], atomTV.stride()[1][1]}});
  Layout thrval = coalesce(zipped, IntTuple{1, IntTuple{1, 1}});
  return makeLayout({composition(tiled.mode(0), thrval.mode(0)),
                     composition(tiled.mode(0), thrval.mode(1)), tiled.mode(1)});
}

IntTuple threadCoordinate(const IntTuple &thr) {
  return IntTuple{thr, IntTuple::underscore(), IntTuple::underscore()};
}

Layout threadPartition(const Layout &fragments, const IntTuple &thr) {
  Layout r = slice(threadCoordinate(thr), fragments);
  std::vector<Layout> modes{r.mode(0)};
  Layout rest = r.mode(1);
  if (rest.rank() > 1 || rest.shape().isTuple())
    for (size_t i = 0; i < rest.rank(); ++i)
      modes.push_back(rest.mode(i));
  else
    modes.push_back(rest);
  return makeLayout(modes);
}

Layout retile(const Layout &fragment, const Layout &tv, const Tiler &tile, int64_t atomValues) {
  int64_t values = staticSize(fragment.mode(0)), threads = staticSize(tv.mode(0));
  if (values < 0 || staticSize(fragment) < 0)
    fail(ErrorKind::Unsupported, "retile needs a fragment of static size, got " + fragment.str());
  std::vector<IntTuple> tileShape;
  std::vector<Tiler> tileModes =
      tile.kind() == Tiler::Kind::Tuple ? tile.elems() : std::vector{tile};
  for (const Tiler &t : tileModes) {
    if (t.kind() != Tiler::Kind::Integer)
      fail(ErrorKind::Unsupported, "retile needs a tile of integers, got " + tile.str());
    tileShape.emplace_back(t.integer());
  }
  // (m, n) -> the index of the group of `values` values (of all threads) holding (m, n).
  Layout byValue = composition(rightInverse(tv), makeLayout(IntTuple::tuple(tileShape)));
  Layout groupOf = recastLayout(byValue, 1, threads * values);
  // (atom values, rest values) -> (v, m, n) of the fragment's tile.
  Layout order = zippedDivide(logicalProduct(makeLayout(IntTuple(values)), rightInverse(groupOf)),
                              Tiler(makeLayout(IntTuple(atomValues))));
  std::vector<Tiler> tiler{Tiler::integer(values)};
  IntTuple extents = productEach(groupOf.shape());
  for (const IntTuple &e : extents.elems())
    tiler.push_back(Tiler::integer(e.leaf().value()));
  Layout tiled = zippedDivide(fragment, Tiler::tuple(tiler));
  Layout viewed = makeLayout({composition(tiled.mode(0), order), tiled.mode(1)});
  // The tile's own rest is one; the fragment's other modes follow.
  std::vector<IntTuple> rest{IntTuple(0)};
  for (size_t i = 1; i < fragment.rank(); ++i)
    rest.push_back(IntTuple::underscore());
  return slice(IntTuple{IntTuple::underscore(), IntTuple::tuple(rest)}, viewed);
}

CopyPlan planCopy(const Layout &l, int64_t values) {
  CopyPlan p;
  int64_t n = staticSize(l);
  if (n < 0)
    fail(ErrorKind::Unsupported, "copy needs tensors of static size, got " + l.str());
  if (n % values != 0)
    fail(ErrorKind::Divisibility, "copy: " + std::to_string(n) +
                                      " elements are not a whole number of atom calls of " +
                                      std::to_string(values));
  p.calls = n / values;
  p.byCall = composition(l, makeLayout(IntTuple{values, p.calls}, IntTuple{1, values}));
  Layout first = coalesce(p.byCall.mode(0));
  p.contiguous =
      values == 1 ||
      (first.shape().isLeaf() && first.stride().isLeaf() && first.stride().leaf().isStatic() &&
       !first.stride().leaf().isBasis() && first.stride().leaf().value() == 1);
  return p;
}

} // namespace fly::layout
