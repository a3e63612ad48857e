//===- layout.cpp - Construction, queries and mode manipulation -----------===//

#include "layout/layout.h"

#include <algorithm>
#include <functional>

namespace fly::layout {

namespace {

void requireCongruentStride(const IntTuple &shape, const IntTuple &stride) {
  if (hasUnderscore(stride))
    fail(ErrorKind::InvalidArgument, "a stride may not contain '_': " + stride.str());
  if (!congruent(shape, stride))
    fail(ErrorKind::RankMismatch, "shape " + shape.str() + " and stride " + stride.str() +
                                      " are not congruent (different tuple structure)");
}

std::vector<Layout> modesOf(const Layout &l) {
  std::vector<Layout> out;
  for (size_t i = 0; i < l.rank(); ++i)
    out.push_back(l.mode(i));
  return out;
}

} // namespace

Layout::Layout(IntTuple shape, IntTuple stride)
    : shape_(std::move(shape)), stride_(std::move(stride)) {
  requireValidShape(shape_, "shape");
  requireCongruentStride(shape_, stride_);
}

Layout makeUnchecked(IntTuple shape, IntTuple stride) {
  return Layout(std::move(shape), std::move(stride), Layout::Unchecked{});
}

size_t hashValue(const Layout &l) {
  return hashValue(l.shape()) * 31 + hashValue(l.stride());
}

Layout makeLayout(const IntTuple &shape) {
  requireValidShape(shape, "shape");
  return makeUnchecked(shape, compactColMajor(shape));
}

Layout makeLayout(const IntTuple &shape, const IntTuple &stride) { return Layout(shape, stride); }

Layout makeLayout(const std::vector<Layout> &modes) {
  std::vector<IntTuple> shapes, strides;
  for (const Layout &m : modes) {
    shapes.push_back(m.shape());
    strides.push_back(m.stride());
  }
  return makeUnchecked(IntTuple::tuple(std::move(shapes)), IntTuple::tuple(std::move(strides)));
}

Layout makeLayoutLike(const Layout &l) {
  // Extents under stride 0 count as 1: they take no room in the compact order.
  std::function<IntTuple(const IntTuple &, const IntTuple &)> filtered =
      [&](const IntTuple &s, const IntTuple &d) -> IntTuple {
    if (!s.isTuple())
      return d.isLeaf() && d.leaf().isStatic() && !d.leaf().isBasis() && d.leaf().value() == 0
                 ? IntTuple(1)
                 : s;
    std::vector<IntTuple> out;
    for (size_t i = 0; i < s.rank(); ++i)
      out.push_back(filtered(s[i], d[i]));
    return IntTuple::tuple(std::move(out));
  };
  Layout ordered = makeOrderedLayout(filtered(l.shape(), l.stride()), l.stride());
  return Layout(l.shape(), ordered.stride());
}

Layout makeOrderedLayout(const IntTuple &shape, const IntTuple &order) {
  requireValidShape(shape, "shape");
  if (hasUnderscore(order))
    fail(ErrorKind::InvalidArgument, "make_ordered_layout: the order " + order.str() +
                                         " may not contain '_'");
  // CuTe's compact_order: each order leaf covers a part of the shape (its
  // extents multiplied); the part is compact column-major, starting after the
  // parts with a smaller order.
  std::vector<Int> refShape, refOrder;
  std::function<void(const IntTuple &, const IntTuple &)> collect = [&](const IntTuple &s,
                                                                        const IntTuple &o) {
    if (!o.isTuple()) {
      refShape.push_back(product(s));
      refOrder.push_back(o.leaf());
      return;
    }
    if (!s.isTuple() || s.rank() != o.rank())
      fail(ErrorKind::RankMismatch, "make_ordered_layout: order " + order.str() +
                                        " does not match the modes of shape " + shape.str());
    for (size_t i = 0; i < o.rank(); ++i)
      collect(s.elems()[i], o.elems()[i]);
  };
  collect(shape, order);
  size_t next = 0;
  std::function<IntTuple(const IntTuple &, const IntTuple &)> build =
      [&](const IntTuple &s, const IntTuple &o) -> IntTuple {
    if (!o.isTuple()) {
      Int start(1);
      int64_t mine = refOrder[next++].value();
      for (size_t j = 0; j < refOrder.size(); ++j)
        if (refOrder[j].value() < mine)
          start = mul(start, refShape[j]);
      return compactColMajor(s, start);
    }
    std::vector<IntTuple> out;
    for (size_t i = 0; i < o.rank(); ++i)
      out.push_back(build(s.elems()[i], o.elems()[i]));
    return IntTuple::tuple(std::move(out));
  };
  return makeUnchecked(shape, build(shape, order));
}

Layout makeIdentityLayout(const IntTuple &shape) {
  requireValidShape(shape, "shape");
  std::vector<int> path;
  std::function<IntTuple(const IntTuple &)> basisLike = [&](const IntTuple &t) -> IntTuple {
    if (!t.isTuple())
      return IntTuple(Int(1, path));
    std::vector<IntTuple> out;
    for (size_t i = 0; i < t.rank(); ++i) {
      path.push_back(static_cast<int>(i));
      out.push_back(basisLike(t.elems()[i]));
      path.pop_back();
    }
    return IntTuple::tuple(std::move(out));
  };
  return makeUnchecked(shape, basisLike(shape));
}

std::pair<IntTuple, Layout> makeLayoutTV(const Layout &thr, const Layout &val) {
  Layout mn = rakedProduct(thr, val);
  Layout tv = composition(rightInverse(mn), makeLayout(IntTuple{IntTuple(size(thr)),
                                                                  IntTuple(size(val))}));
  return {productEach(mn.shape()), tv};
}

Int size(const Layout &l) { return product(l.shape()); }

Int cosize(const Layout &l) {
  // The largest offset plus one, over |strides| (CuTe's coshape).
  std::vector<Int> shapes, strides;
  flattenInto(l.shape(), shapes);
  flattenInto(l.stride(), strides);
  auto isDynamic = [](const Int &x) { return !x.isStatic(); };
  if (std::any_of(shapes.begin(), shapes.end(), isDynamic) ||
      std::any_of(strides.begin(), strides.end(), isDynamic)) {
    // A leaf known only in the kernel: CuTe's layout(size - 1) + 1, a dynamic stride taken as
    // non-negative (its sign is not known before the kernel runs; a tensor's strides are).
    Int last(0);
    for (size_t i = 0; i < shapes.size(); ++i) {
      const Int &n = shapes[i], &d = strides[i];
      if ((n.isStatic() && n.value() == 1) || (d.isStatic() && d.value() == 0))
        continue;
      Int extent = n.isStatic() ? Int(n.value() - 1) : add(n, Int(-1));
      Int step = d.isStatic() && d.value() < 0 ? Int(checkedMul(d.value(), -1)) : d;
      last = add(last, mul(extent, step));
    }
    return add(last, Int(1));
  }
  int64_t last = 0;
  for (size_t i = 0; i < shapes.size(); ++i) {
    int64_t d = strides[i].value();
    if (d == INT64_MIN)
      fail(ErrorKind::Overflow, "stride INT64_MIN has no absolute value");
    last = checkedAdd(last, checkedMul(shapes[i].value() - 1, d < 0 ? -d : d));
  }
  return Int(checkedAdd(last, 1));
}

int depth(const Layout &l) { return depth(l.shape()); }

Layout get(const Layout &l, const std::vector<int64_t> &path) {
  return makeUnchecked(get(l.shape(), path), get(l.stride(), path));
}

IntTuple evaluate(const Layout &l, const IntTuple &crd) {
  if (hasUnderscore(crd))
    fail(ErrorKind::InvalidArgument,
         "coordinate " + crd.str() + " contains '_': use slice to get a sub-layout");
  return crd2idx(crd, l.shape(), l.stride());
}

IntTuple idx2crd(const Layout &l, const IntTuple &idx) { return idx2crd(idx, l.shape()); }

Layout slice(const IntTuple &crd, const Layout &l) {
  return makeUnchecked(slice(crd, l.shape()), slice(crd, l.stride()));
}

Layout dice(const IntTuple &crd, const Layout &l) {
  return makeUnchecked(dice(crd, l.shape()), dice(crd, l.stride()));
}

std::pair<Layout, IntTuple> sliceAndOffset(const IntTuple &crd, const Layout &l) {
  return {slice(crd, l), crd2idx(underscoresAsZero(crd), l.shape(), l.stride())};
}

Layout append(const Layout &l, const Layout &x) {
  return makeUnchecked(append(l.shape(), x.shape()), append(l.stride(), x.stride()));
}

Layout prepend(const Layout &l, const Layout &x) {
  return makeUnchecked(prepend(l.shape(), x.shape()), prepend(l.stride(), x.stride()));
}

Layout flatten(const Layout &l) {
  return makeUnchecked(flatten(l.shape()), flatten(l.stride()));
}

Layout take(const Layout &l, size_t begin, size_t end) {
  if (begin >= end)
    fail(ErrorKind::InvalidArgument, "take: the range [" + std::to_string(begin) + "," +
                                         std::to_string(end) + ") is empty");
  return makeUnchecked(take(l.shape(), begin, end), take(l.stride(), begin, end));
}

Layout group(const Layout &l, size_t begin, size_t end) {
  if (begin >= end || end > l.rank())
    fail(ErrorKind::InvalidArgument, "group: the range [" + std::to_string(begin) + "," +
                                         std::to_string(end) + ") is not inside rank " +
                                         std::to_string(l.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < begin; ++i)
    modes.push_back(l.mode(i));
  modes.push_back(take(l, begin, end));
  for (size_t i = end; i < l.rank(); ++i)
    modes.push_back(l.mode(i));
  return makeLayout(modes);
}

Layout select(const Layout &l, const std::vector<int64_t> &indices) {
  std::vector<Layout> modes;
  for (int64_t i : indices) {
    if (i < 0 || static_cast<size_t>(i) >= l.rank())
      fail(ErrorKind::InvalidArgument, "select: mode " + std::to_string(i) +
                                           " is out of range for rank " +
                                           std::to_string(l.rank()));
    modes.push_back(l.mode(static_cast<size_t>(i)));
  }
  return makeLayout(modes);
}

// Used by the divides and products: the modes of a layout as a vector.
std::vector<Layout> layoutModes(const Layout &l) { return modesOf(l); }

} // namespace fly::layout
