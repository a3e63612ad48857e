//===- algebra.cpp - Coalesce, composition, complement, inverses ----------===//

#include "layout/layout.h"

#include <algorithm>
#include <functional>

namespace fly::layout {

namespace {

bool isStaticValue(const Int &v, int64_t x) { return v.isStatic() && !v.isBasis() && v.value() == x; }

/// Flat modes of a layout as parallel vectors.
struct FlatModes {
  std::vector<Int> shape, stride;
};

FlatModes flatModes(const Layout &l) {
  FlatModes m;
  flattenInto(l.shape(), m.shape);
  flattenInto(l.stride(), m.stride);
  return m;
}

Layout fromModes(std::vector<Int> shape, std::vector<Int> stride) {
  if (shape.size() == 1)
    return makeUnchecked(IntTuple(shape[0]), IntTuple(stride[0]));
  std::vector<IntTuple> s, d;
  for (size_t i = 0; i < shape.size(); ++i) {
    s.emplace_back(shape[i]);
    d.emplace_back(stride[i]);
  }
  return makeUnchecked(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

/// CuTe's bw_coalesce: fold the first `count` old modes, right to left, into
/// the trailing mode (newShape, newStride), skipping size-1 modes and merging
/// a mode whose shape*stride continues the next one.
Layout backwardCoalesce(const std::vector<Int> &oldShape, const std::vector<Int> &oldStride,
                        size_t count, Int newShape, Int newStride) {
  std::vector<Int> shapes{std::move(newShape)}, strides{std::move(newStride)};
  for (size_t k = count; k-- > 0;) {
    const Int &s = oldShape[k];
    const Int &d = oldStride[k];
    if (isStaticValue(s, 1))
      continue;
    if (shapes.size() == 1 && isStaticValue(shapes[0], 1)) {
      shapes[0] = s;
      strides[0] = d;
    } else if (shapes[0].isStatic() && mul(s, d) == strides[0]) {
      shapes[0] = mul(s, shapes[0]);
      strides[0] = d;
    } else {
      shapes.insert(shapes.begin(), s);
      strides.insert(strides.begin(), d);
    }
  }
  if (shapes.size() == 1 && isStaticValue(shapes[0], 1))
    return makeUnchecked(IntTuple(1), IntTuple(0));
  return fromModes(std::move(shapes), std::move(strides));
}

/// CuTe's coalesce_x: like coalesce, but keeps the layout's function outside
/// its domain too (a trailing size-1 mode keeps its stride), as composition
/// needs when the right-hand side reaches past size(lhs).
FlatModes coalesceX(const Layout &l) {
  FlatModes m = flatModes(l);
  size_t r = m.shape.size();
  if (r == 0)
    return FlatModes{{Int(1)}, {Int(0)}};
  Int lastShape = isStaticValue(m.shape[r - 1], 1) ? Int(2) : m.shape[r - 1];
  Layout c = backwardCoalesce(m.shape, m.stride, r - 1, lastShape, m.stride[r - 1]);
  return flatModes(c);
}

Layout compositionImpl(const FlatModes &lhs, const IntTuple &rShape, const IntTuple &rStride) {
  if (rShape.isTuple()) {
    std::vector<Layout> modes;
    for (size_t i = 0; i < rShape.rank(); ++i)
      modes.push_back(compositionImpl(lhs, rShape.elems()[i], rStride.elems()[i]));
    return makeLayout(modes);
  }
  const Int &rs = rShape.leaf();
  const Int &rd = rStride.leaf();
  if (rd.isBasis())
    fail(ErrorKind::Unsupported, "composition with a right-hand side that has basis strides");
  if (isStaticValue(rd, 0))
    return makeUnchecked(rShape, rStride);
  const size_t r = lhs.shape.size();
  if (r == 1)
    return makeUnchecked(rShape, IntTuple(mul(rd, lhs.stride[0])));

  std::vector<Int> resultShape, resultStride(lhs.stride.begin(), lhs.stride.end() - 1);
  Int restShape = rs;
  Int restStride = rd;
  if (isStaticValue(rd, 1)) {
    for (size_t i = 0; i + 1 < r; ++i) {
      resultShape.push_back(shapeMin(lhs.shape[i], restShape));
      restShape = shapeDiv(restShape, lhs.shape[i]);
    }
    return backwardCoalesce(resultShape, lhs.stride, r - 1, restShape, lhs.stride[r - 1]);
  }
  // Divide the rhs stride out of the lhs shape, then take the rhs shape from
  // what is left, mode by mode.
  std::vector<Int> dividedShape;
  for (size_t i = 0; i + 1 < r; ++i) {
    dividedShape.push_back(shapeDiv(lhs.shape[i], restStride));
    restStride = shapeDiv(restStride, lhs.shape[i]);
  }
  for (size_t i = 0; i + 1 < r; ++i)
    resultStride[i] = mul(resultStride[i], shapeDiv(lhs.shape[i], dividedShape[i]));
  for (size_t i = 0; i + 1 < r; ++i) {
    resultShape.push_back(shapeMin(dividedShape[i], restShape));
    restShape = shapeDiv(restShape, dividedShape[i]);
  }
  return backwardCoalesce(resultShape, resultStride, r - 1, restShape,
                          mul(restStride, lhs.stride[r - 1]));
}

} // namespace

Layout coalesce(const Layout &l) {
  FlatModes m = flatModes(l);
  size_t r = m.shape.size();
  if (r == 0)
    return makeUnchecked(IntTuple(1), IntTuple(0));
  return backwardCoalesce(m.shape, m.stride, r - 1, m.shape[r - 1], m.stride[r - 1]);
}

Layout coalesce(const Layout &l, const IntTuple &profile) {
  if (!profile.isTuple())
    return coalesce(l);
  if (profile.rank() > l.rank())
    fail(ErrorKind::RankMismatch, "coalesce: profile " + profile.str() +
                                      " has more modes than layout " + l.str());
  std::vector<Layout> modes;
  for (size_t i = 0; i < l.rank(); ++i)
    modes.push_back(i < profile.rank() ? coalesce(l.mode(i), profile.elems()[i]) : l.mode(i));
  return makeLayout(modes);
}

Layout filterZeros(const Layout &l) {
  std::function<IntTuple(const IntTuple &, const IntTuple &)> walk =
      [&](const IntTuple &s, const IntTuple &d) -> IntTuple {
    if (!s.isTuple())
      return isStaticValue(d.leaf(), 0) ? IntTuple(1) : s;
    std::vector<IntTuple> out;
    for (size_t i = 0; i < s.rank(); ++i)
      out.push_back(walk(s.elems()[i], d.elems()[i]));
    return IntTuple::tuple(std::move(out));
  };
  return makeUnchecked(walk(l.shape(), l.stride()), l.stride());
}

Layout filter(const Layout &l) { return coalesce(filterZeros(l)); }

Layout composition(const Layout &a, const Layout &b) {
  FlatModes lhs = coalesceX(a);
  Layout result = compositionImpl(lhs, b.shape(), b.stride());
  return result;
}

Layout composition(const Layout &a, const Tiler &b) {
  switch (b.kind()) {
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Layout:
    return composition(a, b.layout());
  case Tiler::Kind::Tuple:
    break;
  }
  if (b.rank() > a.rank())
    fail(ErrorKind::RankMismatch,
         "composition: tiler " + b.str() + " has more modes than layout " + a.str());
  // By-mode composition drops the modes of a that the tiler does not reach.
  std::vector<Layout> modes;
  for (size_t i = 0; i < b.rank(); ++i)
    modes.push_back(composition(a.mode(i), b.elems()[i]));
  return makeLayout(modes);
}

Layout complement(const Layout &l, const IntTuple &cotarget) {
  requireValidShape(cotarget, "cotarget");
  FlatModes m = flatModes(filter(l));
  if (m.shape.size() == 1 && isStaticValue(m.stride[0], 0))
    return makeLayout(IntTuple(product(cotarget)));

  // Walk the modes in increasing stride order; each stride must be a multiple
  // of the extent covered so far, or the layout is not injective.
  std::vector<Int> resultShape, resultStride{Int(1)};
  std::vector<size_t> order(m.shape.size());
  for (size_t i = 0; i < order.size(); ++i) {
    if (m.stride[i].value() < 0)
      fail(ErrorKind::Unsupported, "complement of a layout with a negative stride: " + l.str());
    order[i] = i;
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return m.stride[x].value() < m.stride[y].value();
  });
  Int covered(1);
  for (size_t i : order) {
    int64_t d = m.stride[i].value();
    int64_t c = covered.value();
    if (d < c || d % c != 0)
      fail(ErrorKind::Divisibility,
           "complement: layout " + l.str() + " is not injective or its stride " +
               std::to_string(d) + " is not a multiple of " + std::to_string(c));
    resultShape.push_back(Int(d / c));
    covered = mul(m.stride[i], m.shape[i]);
    resultStride.push_back(covered);
  }
  resultShape.push_back(product(ceilDiv(cotarget, IntTuple(covered))));
  return coalesce(fromModes(std::move(resultShape), std::move(resultStride)));
}

Layout complement(const Layout &l) {
  Layout f = filter(l);
  return complement(l, IntTuple(cosize(f)));
}

Layout rightInverse(const Layout &l) {
  FlatModes m = flatModes(coalesce(l));
  const size_t r = m.shape.size();
  std::vector<int64_t> absStride(r);
  for (size_t i = 0; i < r; ++i) {
    int64_t d = m.stride[i].value();
    absStride[i] = d < 0 ? -d : d;
  }
  // Follow the chain of strides that starts at 1.
  std::vector<size_t> chain;
  int64_t next = 1;
  while (true) {
    auto it = std::find(absStride.begin(), absStride.end(), next);
    if (it == absStride.end())
      break;
    size_t i = static_cast<size_t>(it - absStride.begin());
    chain.push_back(i);
    int64_t after = checkedMul(m.shape[i].value(), absStride[i]);
    if (after == next)
      break;
    next = after;
  }
  if (chain.empty())
    return makeUnchecked(IntTuple(1), IntTuple(0));
  std::vector<Int> prefix;
  Int running(1);
  for (size_t i = 0; i < r; ++i) {
    prefix.push_back(running);
    running = mul(running, m.shape[i]);
  }
  std::vector<Int> shape, stride;
  for (size_t i : chain) {
    shape.push_back(m.shape[i]);
    int64_t sign = m.stride[i].value() < 0 ? -1 : 1;
    stride.push_back(Int(sign * prefix[i].value()));
  }
  return fromModes(std::move(shape), std::move(stride));
}

Layout leftInverse(const Layout &l) { return rightInverse(makeLayout({l, complement(l)})); }

Int maxCommonVector(const Layout &a, const Layout &b) {
  Layout common = coalesce(composition(a, rightInverse(b)));
  Layout first = common.mode(0);
  if (isStaticValue(first.stride().isTuple() ? Int(-1) : first.stride().leaf(), 1))
    return product(first.shape());
  return Int(1);
}

Layout maxCommonLayout(const Layout &a, const Layout &b) {
  Layout inv = rightInverse(b);
  Layout common = coalesce(composition(a, inv));
  Layout first = common.mode(0);
  if (isStaticValue(first.stride().isTuple() ? Int(-1) : first.stride().leaf(), 1))
    return composition(inv, first);
  return makeUnchecked(IntTuple(1), IntTuple(0));
}

namespace {

IntTuple upcastMode(const IntTuple &s, const IntTuple &d, int64_t n, IntTuple &newStride) {
  if (s.isTuple()) {
    std::vector<IntTuple> shapes, strides;
    for (size_t i = 0; i < s.rank(); ++i) {
      IntTuple sd;
      shapes.push_back(upcastMode(s.elems()[i], d.elems()[i], n, sd));
      strides.push_back(sd);
    }
    newStride = IntTuple::tuple(std::move(strides));
    return IntTuple::tuple(std::move(shapes));
  }
  int64_t dv = d.value();
  if (dv == 0) {
    newStride = d;
    return s;
  }
  Int absD(dv < 0 ? -dv : dv);
  newStride = IntTuple(shapeDiv(d.leaf(), Int(n)));
  return IntTuple(shapeDiv(s.leaf(), shapeDiv(Int(n), absD)));
}

IntTuple downcastMode(const IntTuple &s, const IntTuple &d, int64_t n, IntTuple &newStride) {
  if (s.isTuple()) {
    std::vector<IntTuple> shapes, strides;
    for (size_t i = 0; i < s.rank(); ++i) {
      IntTuple sd;
      shapes.push_back(downcastMode(s.elems()[i], d.elems()[i], n, sd));
      strides.push_back(sd);
    }
    newStride = IntTuple::tuple(std::move(strides));
    return IntTuple::tuple(std::move(shapes));
  }
  int64_t dv = d.value();
  if (dv == 1 || dv == -1) {
    newStride = d;
    return IntTuple(mul(s.leaf(), Int(n)));
  }
  newStride = IntTuple(mul(d.leaf(), Int(n)));
  return s;
}

int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

} // namespace

namespace {
// CuTe's upcast<n>: n old elements become one new element.
Layout upcast(const Layout &l, int64_t n) {
  IntTuple stride;
  IntTuple shape = upcastMode(l.shape(), l.stride(), n, stride);
  return makeUnchecked(shape, stride);
}

// CuTe's downcast<n>: one old element becomes n new ones, along a stride-1 mode.
Layout downcast(const Layout &l, int64_t n) {
  std::vector<Int> strides;
  flattenInto(l.stride(), strides);
  bool adjacent = std::any_of(strides.begin(), strides.end(),
                              [](const Int &d) { return isStaticValue(d, 1); });
  if (!adjacent)
    fail(ErrorKind::Divisibility,
         "recast_layout to a smaller type needs a stride-1 mode: " + l.str());
  IntTuple stride;
  IntTuple shape = downcastMode(l.shape(), l.stride(), n, stride);
  return makeUnchecked(shape, stride);
}
} // namespace

Layout recastLayout(const Layout &l, int64_t oldBits, int64_t newBits) {
  if (oldBits <= 0 || newBits <= 0)
    fail(ErrorKind::InvalidArgument, "recast_layout: element sizes in bits must be positive");
  int64_t g = gcd64(newBits, oldBits);
  int64_t num = newBits / g, den = oldBits / g;
  if (num == 1 && den == 1)
    return l;
  if (num == 1)
    return downcast(l, den);
  if (den == 1)
    return upcast(l, num);
  // Neither size divides the other: through the common unit, as CuTe does.
  return downcast(upcast(l, num), den);
}

} // namespace fly::layout
