//===- layout.h - CuTe layouts and their algebra ----------------*- C++ -*-===//
//
// A Layout is a pair of congruent IntTuples, shape:stride, read as a function
// from coordinates to offsets. Every operation follows CuTe C++
// (cute/layout.hpp); where CuTe states a precondition, the function throws a
// LayoutError instead of returning a wrong layout.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_LAYOUT_H
#define FLYDSL_LAYOUT_LAYOUT_H

#include "layout/int_tuple.h"

#include <utility>

namespace fly::layout {

class Layout {
public:
  /// Checks that shape and stride are congruent and that shape has positive extents.
  Layout(IntTuple shape, IntTuple stride);

  const IntTuple &shape() const { return shape_; }
  const IntTuple &stride() const { return stride_; }
  size_t rank() const { return shape_.rank(); }
  /// Mode i (a leaf layout is its own mode 0).
  Layout mode(size_t i) const { return Layout(shape_[i], stride_[i], Unchecked{}); }

  bool operator==(const Layout &o) const { return shape_ == o.shape_ && stride_ == o.stride_; }
  bool operator!=(const Layout &o) const { return !(*this == o); }

  std::string str() const { return shape_.str() + ":" + stride_.str(); }
  static Layout parse(std::string_view text);

private:
  struct Unchecked {};
  Layout(IntTuple shape, IntTuple stride, Unchecked)
      : shape_(std::move(shape)), stride_(std::move(stride)) {}
  friend Layout makeUnchecked(IntTuple shape, IntTuple stride);

  IntTuple shape_;
  IntTuple stride_;
};

/// Builds a layout from parts the algebra already knows to be congruent.
Layout makeUnchecked(IntTuple shape, IntTuple stride);

/// A tiler: a layout, an integer, `_` (keep the mode), or a tuple of tilers. As in
/// CuTe, an integer n is the layout make_layout(n) in divides and products, and
/// the function n:1 in composition (the two differ for n = 1).
class Tiler {
public:
  enum class Kind { Layout, Integer, Underscore, Tuple };
  Tiler(const fly::layout::Layout &l) : kind_(Kind::Layout), layout_(l) {}
  static Tiler integer(int64_t n);
  static Tiler underscore() { return Tiler(Kind::Underscore); }
  static Tiler tuple(std::vector<Tiler> elems) {
    Tiler t(Kind::Tuple);
    t.elems_ = std::move(elems);
    return t;
  }

  Kind kind() const { return kind_; }
  /// The layout of a Layout tiler, or make_layout(n) of an integer tiler.
  const fly::layout::Layout &layout() const { return layout_; }
  int64_t integer() const { return integer_; }
  const std::vector<Tiler> &elems() const { return elems_; }
  size_t rank() const { return kind_ == Kind::Tuple ? elems_.size() : 1; }

  /// Parses `_`, an integer, a layout `s:d`, or a parenthesised tuple of those.
  static Tiler parse(std::string_view text);
  std::string str() const;

private:
  explicit Tiler(Kind k) : kind_(k), layout_(IntTuple(1), IntTuple(0)) {}
  Kind kind_;
  fly::layout::Layout layout_;
  int64_t integer_ = 0;
  std::vector<Tiler> elems_;
};

// Construction.
Layout makeLayout(const IntTuple &shape);
Layout makeLayout(const IntTuple &shape, const IntTuple &stride);
/// Each layout becomes one mode of the result.
Layout makeLayout(const std::vector<Layout> &modes);
Layout makeOrderedLayout(const IntTuple &shape, const IntTuple &order);
Layout makeIdentityLayout(const IntTuple &shape);
/// CuTe's make_layout_like: the shape, with compact strides in the order of the layout's
/// strides (modes of stride 0 keep stride 0).
Layout makeLayoutLike(const Layout &l);
/// CuTe's make_layout_tv: returns (tiler_mn, layout_tv).
std::pair<IntTuple, Layout> makeLayoutTV(const Layout &thr, const Layout &val);

// Queries.
Int size(const Layout &l);
Int cosize(const Layout &l);
int depth(const Layout &l);
Layout get(const Layout &l, const std::vector<int64_t> &path);
/// L(crd): an integer, a flat or a nested coordinate. The result is an integer,
/// or a coordinate for layouts with basis strides.
IntTuple evaluate(const Layout &l, const IntTuple &crd);
IntTuple idx2crd(const Layout &l, const IntTuple &idx);
Layout slice(const IntTuple &crd, const Layout &l);
Layout dice(const IntTuple &crd, const Layout &l);
std::pair<Layout, IntTuple> sliceAndOffset(const IntTuple &crd, const Layout &l);

// Mode manipulation.
Layout append(const Layout &l, const Layout &x);
Layout prepend(const Layout &l, const Layout &x);
Layout flatten(const Layout &l);
Layout group(const Layout &l, size_t begin, size_t end);
Layout take(const Layout &l, size_t begin, size_t end);
Layout select(const Layout &l, const std::vector<int64_t> &modes);

// Algebra.
Layout coalesce(const Layout &l);
Layout coalesce(const Layout &l, const IntTuple &profile);
Layout filterZeros(const Layout &l);
Layout filter(const Layout &l);
Layout filter(const Layout &l, const IntTuple &profile);
Layout composition(const Layout &a, const Layout &b);
Layout composition(const Layout &a, const Tiler &b);
Layout complement(const Layout &l);
Layout complement(const Layout &l, const IntTuple &cotarget);
Layout rightInverse(const Layout &l);
Layout leftInverse(const Layout &l);
Int maxCommonVector(const Layout &a, const Layout &b);
Layout maxCommonLayout(const Layout &a, const Layout &b);
Layout recastLayout(const Layout &l, int64_t oldBits, int64_t newBits);

// Divides and products.
Layout logicalDivide(const Layout &l, const Tiler &t);
Layout zippedDivide(const Layout &l, const Tiler &t);
Layout tiledDivide(const Layout &l, const Tiler &t);
Layout flatDivide(const Layout &l, const Tiler &t);
Layout logicalProduct(const Layout &l, const Tiler &t);
Layout zippedProduct(const Layout &l, const Tiler &t);
Layout tiledProduct(const Layout &l, const Tiler &t);
Layout flatProduct(const Layout &l, const Tiler &t);
Layout blockedProduct(const Layout &block, const Layout &tiler);
Layout rakedProduct(const Layout &block, const Layout &tiler);
/// order: empty tuple for CuTe's default column-major order.
Layout tileToShape(const Layout &block, const IntTuple &targetShape, const IntTuple &order);

size_t hashValue(const Layout &l);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_LAYOUT_H
