//===- int_tuple.cpp - Nested tuples of integers --------------------------===//

#include "layout/int_tuple.h"

#include <algorithm>
#include <functional>

namespace fly::layout {

namespace {

[[noreturn]] void rankMismatch(const char *op, const IntTuple &a, const IntTuple &b) {
  fail(ErrorKind::RankMismatch,
       std::string(op) + ": " + a.str() + " and " + b.str() + " do not have matching ranks");
}

template <class F> IntTuple transform(const IntTuple &a, const IntTuple &b, const char *op, F f) {
  if (!a.isTuple() || !b.isTuple() || a.rank() != b.rank())
    rankMismatch(op, a, b);
  std::vector<IntTuple> out;
  out.reserve(a.rank());
  for (size_t i = 0; i < a.rank(); ++i)
    out.push_back(f(a.elems()[i], b.elems()[i]));
  return IntTuple::tuple(std::move(out));
}

} // namespace

int64_t IntTuple::value() const {
  if (!isLeaf())
    fail(ErrorKind::InvalidArgument, "expected an integer, got " + str());
  return leaf_.value();
}

const IntTuple &IntTuple::operator[](size_t i) const {
  if (!isTuple()) {
    if (i == 0)
      return *this;
  } else if (i < elems_.size()) {
    return elems_[i];
  }
  fail(ErrorKind::InvalidArgument,
       "mode " + std::to_string(i) + " is out of range for " + str() + " of rank " +
           std::to_string(rank()));
}

bool IntTuple::operator==(const IntTuple &o) const {
  if (kind_ != o.kind_)
    return false;
  if (kind_ == Kind::Leaf)
    return leaf_ == o.leaf_;
  return elems_ == o.elems_;
}

std::string IntTuple::str() const {
  switch (kind_) {
  case Kind::Leaf:
    return leaf_.str();
  case Kind::Underscore:
    return "_";
  case Kind::Tuple:
    break;
  }
  std::string s = "(";
  for (size_t i = 0; i < elems_.size(); ++i) {
    if (i)
      s += ",";
    s += elems_[i].str();
  }
  return s + ")";
}

size_t hashValue(const IntTuple &t) {
  size_t h = static_cast<size_t>(t.kind()) * 0x9e3779b97f4a7c15ull;
  auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); };
  if (t.isLeaf()) {
    mix(std::hash<int64_t>()(t.leaf().isStatic() ? t.leaf().scale() : 0));
    for (int b : t.leaf().basis())
      mix(static_cast<size_t>(b) + 1);
  } else {
    mix(t.elems().size());
    for (const IntTuple &e : t.elems())
      mix(hashValue(e));
  }
  return h;
}

int depth(const IntTuple &t) {
  if (!t.isTuple())
    return 0;
  int d = 0;
  for (const IntTuple &e : t.elems())
    d = std::max(d, depth(e));
  return d + 1;
}

bool hasUnderscore(const IntTuple &t) {
  if (t.isUnderscore())
    return true;
  return std::any_of(t.elems().begin(), t.elems().end(), hasUnderscore);
}

IntTuple underscoresAsZero(const IntTuple &crd) {
  if (crd.isUnderscore())
    return IntTuple(0);
  if (!crd.isTuple())
    return crd;
  std::vector<IntTuple> out;
  for (const IntTuple &e : crd.elems())
    out.push_back(underscoresAsZero(e));
  return IntTuple::tuple(std::move(out));
}

bool congruent(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() != b.isTuple())
    return false;
  if (!a.isTuple())
    return true;
  if (a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!congruent(a.elems()[i], b.elems()[i]))
      return false;
  return true;
}

void flattenInto(const IntTuple &t, std::vector<Int> &out) {
  if (t.isLeaf()) {
    out.push_back(t.leaf());
    return;
  }
  for (const IntTuple &e : t.elems())
    flattenInto(e, out);
}

namespace {
IntTuple unflattenFrom(const IntTuple &profile, const std::vector<Int> &leaves, size_t &next) {
  if (profile.isLeaf()) {
    if (next == leaves.size())
      fail(ErrorKind::InvalidArgument, "too few leaves for " + profile.str());
    return IntTuple(leaves[next++]);
  }
  std::vector<IntTuple> out;
  for (const IntTuple &e : profile.elems())
    out.push_back(unflattenFrom(e, leaves, next));
  return IntTuple::tuple(std::move(out));
}
} // namespace

IntTuple unflatten(const IntTuple &profile, const std::vector<Int> &leaves) {
  size_t next = 0;
  IntTuple t = unflattenFrom(profile, leaves, next);
  if (next != leaves.size())
    fail(ErrorKind::InvalidArgument, "too many leaves for " + profile.str());
  return t;
}

IntTuple flatten(const IntTuple &t) {
  if (!t.isTuple())
    return t;
  std::vector<IntTuple> out;
  std::function<void(const IntTuple &)> walk = [&](const IntTuple &x) {
    if (x.isTuple())
      for (const IntTuple &e : x.elems())
        walk(e);
    else
      out.push_back(x);
  };
  walk(t);
  return IntTuple::tuple(std::move(out));
}

IntTuple unwrap(IntTuple t) {
  while (t.isTuple() && t.rank() == 1) {
    IntTuple inner = t.elems()[0];
    t = std::move(inner);
  }
  return t;
}

IntTuple take(const IntTuple &t, size_t begin, size_t end) {
  if (begin > end || end > t.rank())
    fail(ErrorKind::InvalidArgument, "take<" + std::to_string(begin) + "," +
                                         std::to_string(end) + ">: out of range for " + t.str());
  std::vector<IntTuple> out;
  for (size_t i = begin; i < end; ++i)
    out.push_back(t[i]);
  return IntTuple::tuple(std::move(out));
}

IntTuple get(const IntTuple &t, const std::vector<int64_t> &path) {
  const IntTuple *cur = &t;
  for (int64_t i : path) {
    if (i < 0)
      fail(ErrorKind::InvalidArgument, "negative mode index " + std::to_string(i));
    cur = &(*cur)[static_cast<size_t>(i)];
  }
  return *cur;
}

IntTuple asTuple(const IntTuple &t) { return t.isTuple() ? t : IntTuple::tuple({t}); }

IntTuple appendTo(const IntTuple &t, size_t n, const IntTuple &x) {
  if (t.rank() > n)
    fail(ErrorKind::RankMismatch,
         "cannot pad " + t.str() + " to rank " + std::to_string(n) + ": its rank is larger");
  if (!t.isTuple() && n == 1)
    return t;
  IntTuple r = asTuple(t);
  while (r.rank() < n)
    r.push_back(x);
  return r;
}

IntTuple append(const IntTuple &t, const IntTuple &x) {
  IntTuple r = asTuple(t);
  r.push_back(x);
  return r;
}

IntTuple prepend(const IntTuple &t, const IntTuple &x) {
  std::vector<IntTuple> out{x};
  const IntTuple r = asTuple(t);
  out.insert(out.end(), r.elems().begin(), r.elems().end());
  return IntTuple::tuple(std::move(out));
}

IntTuple repeatLike(const IntTuple &t, const IntTuple &x) {
  if (!t.isTuple())
    return x;
  std::vector<IntTuple> out;
  for (const IntTuple &e : t.elems())
    out.push_back(repeatLike(e, x));
  return IntTuple::tuple(std::move(out));
}

Int product(const IntTuple &t) {
  if (t.isLeaf())
    return t.leaf();
  if (t.isUnderscore())
    fail(ErrorKind::InvalidArgument, "'_' has no size");
  Int p(1);
  for (const IntTuple &e : t.elems())
    p = mul(p, product(e));
  return p;
}

IntTuple productEach(const IntTuple &t) {
  if (!t.isTuple())
    return IntTuple::tuple({t}); // CuTe wraps a scalar first
  std::vector<IntTuple> out;
  for (const IntTuple &e : t.elems())
    out.emplace_back(product(e));
  return IntTuple::tuple(std::move(out));
}

Int innerProduct(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() || b.isTuple()) {
    if (a.rank() != b.rank() || !a.isTuple() || !b.isTuple())
      rankMismatch("inner_product", a, b);
    Int s(0);
    for (size_t i = 0; i < a.rank(); ++i)
      s = add(s, innerProduct(a.elems()[i], b.elems()[i]));
    return s;
  }
  return mul(a.leaf(), b.leaf());
}

IntTuple shapeDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    if (b.isTuple())
      return transform(a, b, "shape_div", [](const IntTuple &x, const IntTuple &y) {
        return shapeDiv(x, y);
      });
    // Divide b out of the modes of a from left to right.
    std::vector<IntTuple> out;
    IntTuple rest = b;
    for (const IntTuple &ai : a.elems()) {
      out.push_back(shapeDiv(ai, rest));
      rest = shapeDiv(rest, IntTuple(product(ai)));
    }
    return IntTuple::tuple(std::move(out));
  }
  if (b.isTuple())
    return shapeDiv(a, IntTuple(product(b)));
  return IntTuple(shapeDiv(a.leaf(), b.leaf()));
}

IntTuple ceilDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    if (b.isTuple()) {
      if (b.rank() > a.rank())
        rankMismatch("ceil_div", a, b);
      // Modes missing from b count as 1.
      IntTuple padded = appendTo(b, a.rank(), IntTuple(1));
      return transform(a, padded, "ceil_div", [](const IntTuple &x, const IntTuple &y) {
        return ceilDiv(x, y);
      });
    }
    std::vector<IntTuple> out;
    IntTuple rest = b;
    for (const IntTuple &ai : a.elems()) {
      out.push_back(ceilDiv(ai, rest));
      rest = ceilDiv(rest, IntTuple(product(ai)));
    }
    return IntTuple::tuple(std::move(out));
  }
  if (b.isTuple())
    return ceilDiv(a, IntTuple(product(b)));
  return IntTuple(ceilDiv(a.leaf(), b.leaf()));
}

IntTuple leafwise(const IntTuple &a, const IntTuple &b,
                  const std::function<Int(const Int &, const Int &)> &f) {
  if (a.isLeaf() && b.isLeaf())
    return IntTuple(f(a.leaf(), b.leaf()));
  if (!a.isTuple() || !b.isTuple() || a.rank() != b.rank())
    fail(ErrorKind::RankMismatch,
         "the tuples " + a.str() + " and " + b.str() + " are not congruent");
  std::vector<IntTuple> out;
  for (size_t i = 0; i < a.rank(); ++i)
    out.push_back(leafwise(a[i], b[i], f));
  return IntTuple::tuple(std::move(out));
}

IntTuple modewise(const IntTuple &a, const IntTuple &b, const char *op,
                  const std::function<Int(const Int &, const Int &)> &f) {
  if (a.isLeaf() && b.isLeaf())
    return IntTuple(f(a.leaf(), b.leaf()));
  if (!a.isTuple() || !b.isTuple())
    rankMismatch(op, a, b);
  const IntTuple &longer = a.rank() >= b.rank() ? a : b;
  size_t common = std::min(a.rank(), b.rank());
  std::vector<IntTuple> out;
  for (size_t i = 0; i < longer.rank(); ++i)
    out.push_back(i < common ? modewise(a[i], b[i], op, f) : longer[i]);
  return IntTuple::tuple(std::move(out));
}

IntTuple productLike(const IntTuple &a, const IntTuple &guide) {
  if (!guide.isTuple())
    return IntTuple(product(a));
  if (!a.isTuple() || a.rank() < guide.rank())
    fail(ErrorKind::RankMismatch, "product_like(" + a.str() + ", " + guide.str() +
                                      "): the guide has more modes than the tuple");
  std::vector<IntTuple> out;
  for (size_t i = 0; i < guide.rank(); ++i)
    out.push_back(productLike(a[i], guide[i]));
  return IntTuple::tuple(std::move(out));
}

IntTuple elemScale(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple())
    return transform(a, b, "elem_scale",
                     [](const IntTuple &x, const IntTuple &y) { return elemScale(x, y); });
  return IntTuple(mul(a.leaf(), product(b)));
}

IntTuple prefixProduct(const IntTuple &t, const Int &init) {
  if (!t.isTuple())
    return IntTuple(init);
  std::vector<IntTuple> out;
  Int running = init;
  for (const IntTuple &e : t.elems()) {
    out.push_back(prefixProduct(e, running));
    running = mul(running, product(e));
  }
  return IntTuple::tuple(std::move(out));
}

IntTuple prefixProduct(const IntTuple &t, const IntTuple &init) {
  if (!init.isTuple())
    return prefixProduct(t, init.leaf());
  return transform(t, init, "prefix_product",
                   [](const IntTuple &x, const IntTuple &y) { return prefixProduct(x, y); });
}

IntTuple compactColMajor(const IntTuple &shape, const Int &init) {
  if (!shape.isTuple()) {
    if (shape.leaf().isStatic() && shape.value() == 1)
      return IntTuple(0);
    return IntTuple(init);
  }
  std::vector<IntTuple> out;
  Int running = init;
  for (const IntTuple &e : shape.elems()) {
    out.push_back(compactColMajor(e, running));
    running = mul(running, product(e));
  }
  return IntTuple::tuple(std::move(out));
}

bool elemLess(const IntTuple &a, const IntTuple &b) {
  std::vector<std::pair<Int, Int>> pairs;
  return comparedLeaves(a, b, /*equal=*/false, pairs) &&
         std::all_of(pairs.begin(), pairs.end(),
                     [](const auto &p) { return p.first.value() < p.second.value(); });
}

bool comparedLeaves(const IntTuple &a, const IntTuple &b, bool equal,
                    std::vector<std::pair<Int, Int>> &pairs) {
  if (a.isLeaf() && b.isLeaf()) {
    pairs.emplace_back(a.leaf(), b.leaf());
    return true;
  }
  if (equal) {
    if (a.isTuple() != b.isTuple() || a.rank() != b.rank())
      return false;
  } else if ((a.isTuple() ? a.rank() : 1) > (b.isTuple() ? b.rank() : 1)) {
    return false; // as CuTe: b ran out first (a leaf counts as a tuple of itself)
  }
  for (size_t i = 0; i < (a.isTuple() ? a.rank() : 1); ++i)
    if (!comparedLeaves(a[i], b[i], equal, pairs))
      return false;
  return true;
}

IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape) {
  if (idx.isTuple()) {
    if (!shape.isTuple())
      rankMismatch("idx2crd", idx, shape);
    // Already a coordinate: convert mode by mode.
    return transform(idx, shape, "idx2crd",
                     [](const IntTuple &i, const IntTuple &s) { return idx2crd(i, s); });
  }
  if (!shape.isTuple())
    return idx;
  // Column-major split; the last mode takes whatever is left, so an index past
  // the end extends the last mode instead of wrapping.
  std::vector<IntTuple> out;
  Int rest = idx.leaf();
  const size_t r = shape.rank();
  for (size_t i = 0; i < r; ++i) {
    const IntTuple &s = shape.elems()[i];
    if (i + 1 == r) {
      out.push_back(idx2crd(IntTuple(rest), s));
    } else {
      Int size = product(s);
      out.push_back(idx2crd(IntTuple(mod(rest, size)), s));
      rest = floorDiv(rest, size);
    }
  }
  return IntTuple::tuple(std::move(out));
}

IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape, const IntTuple &stride) {
  if (idx.isTuple()) {
    if (!shape.isTuple() || !stride.isTuple() || idx.rank() != shape.rank() ||
        idx.rank() != stride.rank())
      rankMismatch("idx2crd", idx, shape);
    std::vector<IntTuple> out;
    for (size_t i = 0; i < shape.rank(); ++i)
      out.push_back(idx2crd(idx[i], shape.elems()[i], stride.elems()[i]));
    return IntTuple::tuple(std::move(out));
  }
  if (shape.isTuple()) {
    // An integer stride for a tuple shape starts a compact column-major stride there.
    IntTuple d = stride.isTuple() ? stride : compactColMajor(shape, stride.leaf());
    if (d.rank() != shape.rank())
      rankMismatch("idx2crd", shape, stride);
    std::vector<IntTuple> out;
    for (size_t i = 0; i < shape.rank(); ++i)
      out.push_back(idx2crd(idx, shape.elems()[i], d.elems()[i]));
    return IntTuple::tuple(std::move(out));
  }
  if (stride.isTuple())
    rankMismatch("idx2crd", shape, stride);
  if (shape.leaf().isStatic() && shape.value() == 1)
    return IntTuple(0);
  if (stride.leaf().isStatic() && stride.value() == 0)
    fail(ErrorKind::Divisibility, "idx2crd(" + idx.str() + ", " + shape.str() + ", " +
                                      stride.str() + "): division by a zero stride");
  return IntTuple(mod(floorDiv(idx.leaf(), stride.leaf()), shape.leaf()));
}

IntTuple compactColMajor(const IntTuple &shape, const IntTuple &current) {
  if (!current.isTuple())
    return compactColMajor(shape, current.leaf());
  if (!shape.isTuple() || shape.rank() != current.rank())
    rankMismatch("compact_col_major", shape, current);
  std::vector<IntTuple> out;
  for (size_t i = 0; i < shape.rank(); ++i)
    out.push_back(compactColMajor(shape.elems()[i], current.elems()[i]));
  return IntTuple::tuple(std::move(out));
}

namespace {
/// The product of the part of shape under each leaf of guide (CuTe's product_like).
void productLikeInto(const IntTuple &shape, const IntTuple &guide, std::vector<Int> &out) {
  if (!guide.isTuple()) {
    out.push_back(product(shape));
    return;
  }
  if (!shape.isTuple() || shape.rank() != guide.rank())
    rankMismatch("crd2idx", guide, shape);
  for (size_t i = 0; i < guide.rank(); ++i)
    productLikeInto(shape.elems()[i], guide.elems()[i], out);
}
} // namespace

IntTuple crd2idx(const IntTuple &crd, const IntTuple &shape) {
  if (!crd.isTuple())
    return crd;
  if (!shape.isTuple() || crd.rank() != shape.rank())
    rankMismatch("crd2idx", crd, shape);
  // Horner's rule over the flattened coordinate and the matching extents.
  std::vector<Int> c, s;
  flattenInto(crd, c);
  productLikeInto(shape, crd, s);
  if (c.empty())
    return IntTuple(0);
  Int idx = c.back();
  for (size_t i = c.size() - 1; i-- > 0;)
    idx = add(c[i], mul(s[i], idx));
  return IntTuple(idx);
}

IntTuple crd2crd(const IntTuple &crd, const IntTuple &srcShape, const IntTuple &dstShape) {
  if (crd.isTuple() && srcShape.isTuple() && dstShape.isTuple()) {
    if (crd.rank() != srcShape.rank() || crd.rank() != dstShape.rank())
      rankMismatch("crd2crd", crd, crd.rank() != srcShape.rank() ? srcShape : dstShape);
    std::vector<IntTuple> out;
    for (size_t i = 0; i < crd.rank(); ++i)
      out.push_back(crd2crd(crd.elems()[i], srcShape.elems()[i], dstShape.elems()[i]));
    return IntTuple::tuple(std::move(out));
  }
  return idx2crd(crd2idx(crd, srcShape), dstShape);
}

namespace {

// crd2idx sums scaled strides; with basis strides (identity layouts) the sum
// is a coordinate, so terms are kept per basis element.
struct OffsetSum {
  Int plain{0};
  std::vector<std::pair<std::vector<int>, Int>> basisTerms;

  void add(const Int &term) {
    if (!term.isBasis())
      plain = fly::layout::add(plain, term);
    else
      addOnBasis(term.basis(), Int(term.scale()));
  }

  /// `value` units along basis element `basis`: how a run-time coordinate scales a basis
  /// stride (an Int has no run-time scale, so the sum keeps it per basis element).
  void addOnBasis(const std::vector<int> &basis, const Int &value) {
    for (auto &bt : basisTerms)
      if (bt.first == basis) {
        bt.second = fly::layout::add(bt.second, value);
        return;
      }
    basisTerms.emplace_back(basis, value);
  }

  static void place(IntTuple &t, const std::vector<int> &path, size_t at, const Int &v) {
    size_t i = static_cast<size_t>(path[at]);
    while (t.rank() <= i || !t.isTuple())
      t.push_back(IntTuple(0));
    IntTuple &slot = t.elems()[i];
    if (at + 1 == path.size()) {
      slot = IntTuple(v);
      return;
    }
    if (!slot.isTuple())
      slot = IntTuple();
    place(slot, path, at + 1, v);
  }

  IntTuple result() const {
    if (basisTerms.empty())
      return IntTuple(plain);
    if (!plain.isStatic() || plain.value() != 0)
      fail(ErrorKind::Unsupported, "a layout mixing integer and basis strides has no single "
                                   "integer or coordinate value");
    IntTuple t;
    for (const auto &bt : basisTerms)
      place(t, bt.first, 0, bt.second);
    return t;
  }
};

void crd2idxInto(const IntTuple &crd, const IntTuple &shape, const IntTuple &stride,
                 OffsetSum &sum) {
  if (crd.isTuple()) {
    if (!shape.isTuple() || crd.rank() != shape.rank() || stride.rank() != shape.rank())
      rankMismatch("crd2idx", crd, shape);
    for (size_t i = 0; i < crd.rank(); ++i)
      crd2idxInto(crd.elems()[i], shape.elems()[i], stride.elems()[i], sum);
    return;
  }
  if (crd.isUnderscore())
    fail(ErrorKind::InvalidArgument, "a coordinate with '_' selects a slice, not an index");
  if (shape.isTuple()) {
    if (!stride.isTuple() || stride.rank() != shape.rank())
      rankMismatch("crd2idx", shape, stride);
    // An integer coordinate is split column-major over the modes; the last mode
    // takes the rest.
    Int rest = crd.leaf();
    const size_t r = shape.rank();
    for (size_t i = 0; i < r; ++i) {
      if (i + 1 == r) {
        crd2idxInto(IntTuple(rest), shape.elems()[i], stride.elems()[i], sum);
      } else {
        Int size = product(shape.elems()[i]);
        crd2idxInto(IntTuple(mod(rest, size)), shape.elems()[i], stride.elems()[i], sum);
        rest = floorDiv(rest, size);
      }
    }
    return;
  }
  if (stride.isTuple())
    rankMismatch("crd2idx", shape, stride);
  const Int &s = stride.leaf(), &c = crd.leaf();
  if (s.isBasis() && !c.isStatic())
    sum.addOnBasis(s.basis(), mul(Int(s.scale()), c));
  else
    sum.add(mul(s, c));
}

void sliceInto(const IntTuple &crd, const IntTuple &t, std::vector<IntTuple> &out, bool keep) {
  // keep=true collects the modes under '_' (slice); keep=false the others (dice).
  if (crd.isTuple()) {
    if (!t.isTuple() || crd.rank() != t.rank())
      rankMismatch(keep ? "slice" : "dice", crd, t);
    for (size_t i = 0; i < crd.rank(); ++i)
      sliceInto(crd.elems()[i], t.elems()[i], out, keep);
    return;
  }
  if (crd.isUnderscore() == keep)
    out.push_back(t);
}

} // namespace

IntTuple crd2idx(const IntTuple &crd, const IntTuple &shape, const IntTuple &stride) {
  OffsetSum sum;
  crd2idxInto(crd, shape, stride, sum);
  return sum.result();
}

IntTuple slice(const IntTuple &crd, const IntTuple &t) {
  if (crd.isUnderscore())
    return t;
  std::vector<IntTuple> out;
  sliceInto(crd, t, out, true);
  return IntTuple::tuple(std::move(out));
}

IntTuple dice(const IntTuple &crd, const IntTuple &t) {
  if (!crd.isTuple())
    return crd.isUnderscore() ? IntTuple() : t;
  std::vector<IntTuple> out;
  sliceInto(crd, t, out, false);
  return IntTuple::tuple(std::move(out));
}

void requireValidShape(const IntTuple &shape, const char *what) {
  if (shape.isUnderscore())
    fail(ErrorKind::InvalidArgument, std::string(what) + " may not contain '_'");
  if (shape.isTuple()) {
    for (const IntTuple &e : shape.elems())
      requireValidShape(e, what);
    return;
  }
  const Int &v = shape.leaf();
  if (!v.isStatic())
    return;
  if (v.isBasis())
    fail(ErrorKind::InvalidArgument, std::string(what) + " may not contain basis elements");
  if (v.value() <= 0)
    fail(ErrorKind::InvalidArgument, std::string(what) + " " + shape.str() +
                                         ": every extent must be positive");
}

} // namespace fly::layout
