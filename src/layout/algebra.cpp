//===- algebra.cpp - Coalesce, composition, complement, inverses ----------===//
//
// Each function mirrors the CuTe C++ function of the same name in cute/layout.hpp
// (CUTLASS 4.2) step by step, including what CuTe does not simplify: results are
// not coalesced unless CuTe coalesces them, and size-1 modes keep their strides.
// Where CuTe has a static_assert, the function throws a LayoutError naming the
// operation and its operands. Integer division and remainder follow C++ (they
// truncate), as CuTe's static integers do.
//
//===----------------------------------------------------------------------===//

#include "layout/layout.h"

#include <algorithm>
#include <functional>

namespace fly::layout {

namespace {

bool isStaticValue(const Int &v, int64_t x) {
  return v.isStatic() && !v.isBasis() && v.value() == x;
}

int64_t signum(int64_t v) { return (v > 0) - (v < 0); }
int64_t absValue(int64_t v) {
  if (v == INT64_MIN)
    fail(ErrorKind::Overflow, "INT64_MIN has no absolute value");
  return v < 0 ? -v : v;
}

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

/// A layout of flat modes: a scalar layout for one mode, else a flat tuple.
Layout fromModes(const std::vector<Int> &shape, const std::vector<Int> &stride) {
  if (shape.size() == 1)
    return makeUnchecked(IntTuple(shape[0]), IntTuple(stride[0]));
  std::vector<IntTuple> s, d;
  for (size_t i = 0; i < shape.size(); ++i) {
    s.emplace_back(shape[i]);
    d.emplace_back(stride[i]);
  }
  return makeUnchecked(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

/// A flat tuple layout, even of one mode.
Layout tupleOfModes(const std::vector<Int> &shape, const std::vector<Int> &stride) {
  std::vector<IntTuple> s, d;
  for (size_t i = 0; i < shape.size(); ++i) {
    s.emplace_back(shape[i]);
    d.emplace_back(stride[i]);
  }
  return makeUnchecked(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

/// CuTe's detail::bw_coalesce: folds the old modes [0, count), right to left, into
/// the trailing mode (newShape, newStride). Size-1 old modes vanish; a mode whose
/// shape*stride reaches the front stride merges into it.
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
    } else if (shapes[0].isStatic() && s.isStatic() && d.isStatic() && strides[0].isStatic() &&
               mul(s, d) == strides[0]) {
      shapes[0] = mul(s, shapes[0]);
      strides[0] = d;
    } else {
      shapes.insert(shapes.begin(), s);
      strides.insert(strides.begin(), d);
    }
  }
  if (shapes.size() == 1 && isStaticValue(shapes[0], 1))
    return makeUnchecked(IntTuple(1), IntTuple(0));
  return fromModes(shapes, strides);
}

/// CuTe's detail::coalesce_x: like coalesce, but a trailing size-1 mode keeps its
/// stride (as if its extent were 2), so composition can reach past size(lhs).
FlatModes coalesceX(const Layout &l) {
  FlatModes m = flatModes(l);
  size_t r = m.shape.size();
  if (r == 0)
    return FlatModes{{Int(1)}, {Int(0)}};
  Int lastShape = isStaticValue(m.shape[r - 1], 1) ? Int(2) : m.shape[r - 1];
  return flatModes(backwardCoalesce(m.shape, m.stride, r - 1, lastShape, m.stride[r - 1]));
}

std::string compositionText(const FlatModes &lhs, const IntTuple &rs, const IntTuple &rd) {
  return "composition(" + fromModes(lhs.shape, lhs.stride).str() + ", " + rs.str() + ":" +
         rd.str() + ")";
}

/// CuTe's detail::composition_impl over a coalesced lhs (a scalar or flat modes).
Layout compositionImpl(const FlatModes &lhs, const IntTuple &rShape, const IntTuple &rStride) {
  if (rShape.isTuple()) {
    // Right-distributivity over the modes of the rhs.
    std::vector<Layout> modes;
    for (size_t i = 0; i < rShape.rank(); ++i)
      modes.push_back(compositionImpl(lhs, rShape.elems()[i], rStride.elems()[i]));
    return makeLayout(modes);
  }
  if (rStride.leaf().isBasis())
    fail(ErrorKind::Unsupported, compositionText(lhs, rShape, rStride) +
                                     ": a right-hand side with basis strides is not supported");
  // Special case: a static stride-0 rhs.
  if (isStaticValue(rStride.leaf(), 0))
    return makeUnchecked(rShape, rStride);
  const size_t r = lhs.shape.size();
  // Special case: an integral lhs.
  if (r == 1)
    return makeUnchecked(rShape, IntTuple(mul(rStride.leaf(), lhs.stride[0])));

  // General case: walk the first r-1 lhs modes, dividing the rhs stride out of
  // them and then taking the rhs shape from what is left.
  std::vector<Int> resultShape, resultStride;
  int64_t restShape = rShape.value(), restStride = rStride.leaf().value();
  for (size_t i = 0; i + 1 < r; ++i) {
    int64_t currShape = lhs.shape[i].value();
    const Int &currStride = lhs.stride[i];
    if (!(truncMod(restStride, currShape, "composition") == 0 || restStride < currShape))
      fail(ErrorKind::Divisibility,
           compositionText(lhs, rShape, rStride) + ": stride divisibility condition fails (" +
               std::to_string(restStride) + " and the lhs extent " + std::to_string(currShape) +
               ")");
    int64_t absRest = absValue(restStride);
    int64_t nextShape = truncCeilDiv(currShape, absRest, "composition");
    int64_t nextStride = truncCeilDiv(absRest, currShape, "composition") * signum(restStride);
    if (nextShape == 1 || restShape == 1) {
      restStride = nextStride;
      continue;
    }
    int64_t newShape = std::min(nextShape, restShape);
    if (truncMod(restShape, newShape, "composition") != 0)
      fail(ErrorKind::Divisibility,
           compositionText(lhs, rShape, rStride) + ": shape divisibility condition fails (" +
               std::to_string(restShape) + " is not a multiple of " + std::to_string(newShape) +
               ")");
    resultShape.push_back(Int(newShape));
    resultStride.push_back(mul(Int(restStride), currStride));
    restShape /= newShape;
    restStride = nextStride;
  }
  Int lastStride = mul(Int(restStride), lhs.stride[r - 1]);
  if (resultShape.empty())
    return makeUnchecked(IntTuple(restShape), IntTuple(lastStride));
  if (restShape == 1)
    return fromModes(resultShape, resultStride); // CuTe's unwrap of a rank-1 result
  resultShape.push_back(Int(restShape));
  resultStride.push_back(lastStride);
  return tupleOfModes(resultShape, resultStride);
}

/// CuTe's detail::SortByKey: the positions of keys in the order of an exchange
/// sort (not stable; CuTe's inverses depend on its exact order for equal keys).
std::vector<size_t> exchangeSortedPositions(const std::vector<int64_t> &keys) {
  std::vector<std::pair<int64_t, size_t>> a;
  for (size_t i = 0; i < keys.size(); ++i)
    a.emplace_back(keys[i], i);
  for (size_t i = 0; i < a.size(); ++i)
    for (size_t j = i + 1; j < a.size(); ++j)
      if (a[j].first < a[i].first)
        std::swap(a[i], a[j]);
  std::vector<size_t> out;
  for (auto &kv : a)
    out.push_back(kv.second);
  return out;
}

std::vector<int64_t> staticValues(const std::vector<Int> &v, const char *op, const Layout &l) {
  std::vector<int64_t> out;
  for (const Int &x : v) {
    if (!x.isStatic() || x.isBasis())
      fail(ErrorKind::Unsupported,
           std::string(op) + "(" + l.str() + ") needs static integer strides and shapes");
    out.push_back(x.value());
  }
  return out;
}

/// The modes of coalesce(l) as host integers, with (1, s0, s0*s1, ...), the exclusive prefix
/// products of the shapes: what both inverses start from.
struct CoalescedModes {
  std::vector<int64_t> shape, stride, prefix;
};

CoalescedModes coalescedModes(const Layout &l, const char *op) {
  FlatModes m = flatModes(coalesce(l));
  CoalescedModes c{staticValues(m.shape, op, l), staticValues(m.stride, op, l), {1}};
  for (int64_t s : c.shape)
    c.prefix.push_back(checkedMul(c.prefix.back(), s));
  return c;
}

} // namespace

Layout coalesce(const Layout &l) {
  FlatModes m = flatModes(l);
  size_t r = m.shape.size();
  if (r == 0)
    return makeUnchecked(IntTuple(1), IntTuple(0));
  return backwardCoalesce(m.shape, m.stride, r - 1, m.shape[r - 1], m.stride[r - 1]);
}

namespace {
/// CuTe's transform_layout over a layout and a profile: f on the modes the
/// profile reaches, the other modes kept.
template <class F>
Layout byProfile(const Layout &l, const IntTuple &profile, const char *op, F f) {
  if (profile.rank() > l.rank())
    fail(ErrorKind::RankMismatch, std::string(op) + "(" + l.str() + ", " + profile.str() +
                                      "): the profile has more modes than the layout");
  std::vector<Layout> modes;
  for (size_t i = 0; i < l.rank(); ++i)
    modes.push_back(i < profile.rank() ? f(l.mode(i), profile.elems()[i]) : l.mode(i));
  return makeLayout(modes);
}
} // namespace

Layout coalesce(const Layout &l, const IntTuple &profile) {
  if (!profile.isTuple())
    return coalesce(l);
  return byProfile(l, profile, "coalesce",
                   [](const Layout &m, const IntTuple &p) { return coalesce(m, p); });
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

Layout filter(const Layout &l, const IntTuple &profile) {
  if (!profile.isTuple())
    return filter(l);
  return byProfile(l, profile, "filter",
                   [](const Layout &m, const IntTuple &p) { return filter(m, p); });
}

Layout composition(const Layout &a, const Layout &b) {
  // CuTe coalesces the lhs by the rhs's coprofile, a single mode for integer strides.
  return compositionImpl(coalesceX(a), b.shape(), b.stride());
}

Layout composition(const Layout &a, const Tiler &b) {
  switch (b.kind()) {
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Layout:
    return composition(a, b.layout());
  case Tiler::Kind::Integer:
    // An integer tiler n is the function n:1, not make_layout(n) (which is 1:0 for n = 1).
    return compositionImpl(coalesceX(a), IntTuple(b.integer()), IntTuple(1));
  case Tiler::Kind::Tuple:
    break;
  }
  if (b.rank() > a.rank())
    fail(ErrorKind::RankMismatch,
         "composition(" + a.str() + ", " + b.str() + "): the tiler has more modes than the layout");
  // By-mode composition drops the modes of a that the tiler does not reach.
  std::vector<Layout> modes;
  for (size_t i = 0; i < b.rank(); ++i)
    modes.push_back(composition(a.mode(i), b.elems()[i]));
  return makeLayout(modes);
}

Layout complement(const Layout &l, const IntTuple &cotarget) {
  requireValidShape(cotarget, "cotarget");
  auto notInjective = [&] {
    fail(ErrorKind::Divisibility,
         "complement(" + l.str() + ", " + cotarget.str() + "): the layout is not injective");
  };
  Layout f = filter(l);
  if (!f.stride().isTuple() && isStaticValue(f.stride().leaf(), 0))
    return makeLayout(IntTuple(product(cotarget)));

  FlatModes m = flatModes(f);
  std::vector<int64_t> shape = staticValues(m.shape, "complement", l);
  std::vector<int64_t> stride = staticValues(m.stride, "complement", l);
  const size_t r = shape.size();
  // Take the modes by increasing stride; each contributes the gap before it.
  std::vector<int64_t> resultShape, resultStride{1};
  for (size_t i = 0; i + 1 < r; ++i) {
    size_t minIdx = static_cast<size_t>(std::min_element(stride.begin(), stride.end()) -
                                        stride.begin());
    int64_t minStride = stride[minIdx];
    int64_t newShape = truncDiv(minStride, resultStride[i], "complement");
    if (newShape <= 0)
      notInjective();
    resultShape.push_back(newShape);
    resultStride.push_back(checkedMul(minStride, shape[minIdx]));
    shape.erase(shape.begin() + minIdx);
    stride.erase(stride.begin() + minIdx);
  }
  int64_t lastShape = truncDiv(stride[0], resultStride[r - 1], "complement");
  if (lastShape <= 0)
    notInjective();
  resultShape.push_back(lastShape);
  int64_t newStride = checkedMul(stride[0], shape[0]);
  // A cotarget only known inside a kernel gives a rest mode of dynamic extent, as in CuTe.
  Int restShape = product(ceilDiv(cotarget, IntTuple(newStride)));
  Int restStride = isStaticValue(restShape, 1) ? Int(0) : Int(newStride);

  std::vector<IntTuple> rs, rd;
  for (size_t i = 0; i < resultShape.size(); ++i) {
    rs.emplace_back(resultShape[i]);
    rd.emplace_back(resultStride[i]);
  }
  Layout full = makeUnchecked(IntTuple{IntTuple::tuple(std::move(rs)), IntTuple(restShape)},
                              IntTuple{IntTuple::tuple(std::move(rd)), IntTuple(restStride)});
  return coalesce(full);
}

Layout complement(const Layout &l) { return complement(l, IntTuple(cosize(filter(l)))); }

Layout rightInverse(const Layout &l) {
  CoalescedModes c = coalescedModes(l, "right_inverse");
  // Follow the chain of strides that starts at 1, in sorted order.
  std::vector<Int> resultShape{Int(1)}, resultStride{Int(0)};
  int64_t curr = 1;
  for (size_t i : exchangeSortedPositions(c.stride)) {
    if (c.stride[i] == curr) {
      resultShape.push_back(Int(c.shape[i]));
      resultStride.push_back(Int(c.prefix[i]));
      curr = checkedMul(c.shape[i], c.stride[i]);
    }
  }
  return coalesce(tupleOfModes(resultShape, resultStride));
}

Layout leftInverse(const Layout &l) {
  CoalescedModes c = coalescedModes(l, "left_inverse");
  const std::vector<int64_t> &shape = c.shape, &stride = c.stride, &pre = c.prefix;
  std::vector<size_t> sorted = exchangeSortedPositions(stride);
  std::vector<Int> resultShape, resultStride{Int(0)};
  int64_t covered = 1;
  for (size_t i : sorted) {
    if (stride[i] == 0)
      continue;
    if (truncMod(stride[i], covered, "left_inverse") != 0)
      fail(ErrorKind::Divisibility, "left_inverse(" + l.str() + "): stride " +
                                        std::to_string(stride[i]) + " is not a multiple of " +
                                        std::to_string(covered) + " (the layout is not injective)");
    int64_t s = stride[i] / covered;
    resultShape.push_back(Int(s));
    resultStride.push_back(Int(pre[i]));
    covered = checkedMul(covered, s);
  }
  resultShape.push_back(Int(shape[sorted.back()]));
  return coalesce(tupleOfModes(resultShape, resultStride));
}

namespace {
/// The first mode of a coalesced layout (the layout itself when it is a scalar).
Layout firstMode(const Layout &l) { return l.mode(0); }

bool unitStrideFirst(const Layout &common) {
  Layout first = firstMode(common);
  return !first.stride().isTuple() && isStaticValue(first.stride().leaf(), 1) &&
         !first.shape().isTuple() && first.shape().leaf().isStatic();
}
} // namespace

Int maxCommonVector(const Layout &a, const Layout &b) {
  Layout common = coalesce(composition(a, rightInverse(b)));
  if (unitStrideFirst(common))
    return firstMode(common).shape().leaf();
  return Int(1);
}

Layout maxCommonLayout(const Layout &a, const Layout &b) {
  Layout inv = rightInverse(b);
  Layout common = coalesce(composition(a, inv));
  if (unitStrideFirst(common))
    return composition(inv, firstMode(common));
  return makeUnchecked(IntTuple(1), IntTuple(0));
}

namespace {

// CuTe's upcast<n>(shape, stride), mode by mode.
Layout upcastModes(const IntTuple &s, const IntTuple &d, int64_t n, const Layout &whole) {
  if (s.isTuple()) {
    std::vector<Layout> modes;
    for (size_t i = 0; i < s.rank(); ++i)
      modes.push_back(upcastModes(s.elems()[i], d.elems()[i], n, whole));
    return makeLayout(modes);
  }
  if (isStaticValue(d.leaf(), 0))
    return makeUnchecked(s, d);
  int64_t dv = d.value();
  if (!(truncMod(dv, n, "upcast") == 0 || truncMod(n, dv, "upcast") == 0))
    fail(ErrorKind::Divisibility, "recast_layout(" + whole.str() + "): stride " +
                                      std::to_string(dv) + " and the ratio " + std::to_string(n) +
                                      " do not divide one another");
  int64_t absD = absValue(dv);
  IntTuple perElem(truncCeilDiv(n, absD, "upcast"));
  IntTuple shape = ceilDiv(s, perElem);
  return makeUnchecked(shape, IntTuple(signum(dv) * truncCeilDiv(absD, n, "upcast")));
}

// CuTe's downcast<n>(shape, stride), mode by mode.
Layout downcastModes(const IntTuple &s, const IntTuple &d, int64_t n) {
  if (s.isTuple()) {
    std::vector<Layout> modes;
    for (size_t i = 0; i < s.rank(); ++i)
      modes.push_back(downcastModes(s.elems()[i], d.elems()[i], n));
    return makeLayout(modes);
  }
  if (isStaticValue(d.leaf(), 1) || isStaticValue(d.leaf(), -1))
    return makeUnchecked(IntTuple(mul(s.leaf(), Int(n))), d);
  return makeUnchecked(s, IntTuple(mul(d.leaf(), Int(n))));
}

Layout downcast(const Layout &l, int64_t n) {
  std::vector<Int> strides;
  flattenInto(l.stride(), strides);
  if (std::none_of(strides.begin(), strides.end(),
                   [](const Int &d) { return isStaticValue(d, 1); }))
    fail(ErrorKind::Divisibility,
         "recast_layout(" + l.str() + ") to a narrower type needs a stride-1 mode");
  return downcastModes(l.shape(), l.stride(), n);
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
    return upcastModes(l.shape(), l.stride(), num, l);
  return downcast(upcastModes(l.shape(), l.stride(), num, l), den);
}

} // namespace fly::layout
