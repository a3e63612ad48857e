//===- int_tuple.h - Nested tuples of integers ------------------*- C++ -*-===//
//
// CuTe's IntTuple: an integer leaf or a tuple of IntTuples. Coordinates and
// tilers may also hold CuTe's underscore `_` ("keep this mode"). A scalar and a
// rank-1 tuple are different values: `4` and `(4)`.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_INT_TUPLE_H
#define FLYDSL_LAYOUT_INT_TUPLE_H

#include "layout/int.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fly::layout {

class IntTuple {
public:
  enum class Kind : uint8_t { Leaf, Underscore, Tuple };

  IntTuple() : kind_(Kind::Tuple) {}
  IntTuple(int64_t v) : kind_(Kind::Leaf), leaf_(v) {}
  IntTuple(Int v) : kind_(Kind::Leaf), leaf_(std::move(v)) {}
  IntTuple(std::initializer_list<IntTuple> elems) : kind_(Kind::Tuple), elems_(elems) {}
  static IntTuple tuple(std::vector<IntTuple> elems) {
    IntTuple t;
    t.elems_ = std::move(elems);
    return t;
  }
  static IntTuple underscore() {
    IntTuple t;
    t.kind_ = Kind::Underscore;
    return t;
  }

  Kind kind() const { return kind_; }
  bool isLeaf() const { return kind_ == Kind::Leaf; }
  bool isTuple() const { return kind_ == Kind::Tuple; }
  bool isUnderscore() const { return kind_ == Kind::Underscore; }

  const Int &leaf() const { return leaf_; }
  /// Host value of a leaf; fails on tuples, `_` and dynamic leaves.
  int64_t value() const;

  /// Number of top-level elements; 1 for a leaf (CuTe's rank).
  size_t rank() const { return isTuple() ? elems_.size() : 1; }
  const std::vector<IntTuple> &elems() const { return elems_; }
  std::vector<IntTuple> &elems() { return elems_; }
  /// Mode i: for a leaf, mode 0 is the leaf itself (CuTe's get<0> of an integer).
  const IntTuple &operator[](size_t i) const;
  void push_back(IntTuple t) { elems_.push_back(std::move(t)); }

  bool operator==(const IntTuple &o) const;
  bool operator!=(const IntTuple &o) const { return !(*this == o); }

  std::string str() const;
  /// Parses CuTe text: `4`, `(4)`, `(2,(3,4))`, `_`, `1@0`; whitespace allowed.
  static IntTuple parse(std::string_view text);

private:
  Kind kind_;
  Int leaf_;
  std::vector<IntTuple> elems_;
};

size_t hashValue(const IntTuple &t);

// Structure.
int depth(const IntTuple &t);
bool hasUnderscore(const IntTuple &t);
/// `crd` with every `_` read as 0 (an integer 0 covers a whole tuple mode): the coordinate whose
/// offset is a slice's offset.
IntTuple underscoresAsZero(const IntTuple &crd);
/// True when a and b have the same tuple structure (CuTe's congruent).
bool congruent(const IntTuple &a, const IntTuple &b);
IntTuple flatten(const IntTuple &t);
/// Flattened leaves, in order.
void flattenInto(const IntTuple &t, std::vector<Int> &out);
/// The inverse of flattenInto: `leaves` in the tuple structure of `profile` (as many leaves as
/// it has; an InvalidArgument error otherwise).
IntTuple unflatten(const IntTuple &profile, const std::vector<Int> &leaves);
/// CuTe's unwrap: strip rank-1 tuple wrappers (`((4))` -> `4`).
IntTuple unwrap(IntTuple t);
IntTuple take(const IntTuple &t, size_t begin, size_t end);
IntTuple get(const IntTuple &t, const std::vector<int64_t> &path);
/// Tuple of the elements of t as a tuple, a leaf becomes a rank-1 tuple.
IntTuple asTuple(const IntTuple &t);
/// CuTe's append<N>/append: pad t (a leaf counts as rank 1) to rank n with x.
IntTuple appendTo(const IntTuple &t, size_t n, const IntTuple &x);
IntTuple append(const IntTuple &t, const IntTuple &x);
IntTuple prepend(const IntTuple &t, const IntTuple &x);
/// A tuple shaped like t with every leaf replaced by x.
IntTuple repeatLike(const IntTuple &t, const IntTuple &x);

// Arithmetic.
Int product(const IntTuple &t);
/// CuTe's product_each: the product of each top-level mode (always a tuple).
IntTuple productEach(const IntTuple &t);
Int innerProduct(const IntTuple &a, const IntTuple &b);
IntTuple shapeDiv(const IntTuple &a, const IntTuple &b);
IntTuple ceilDiv(const IntTuple &a, const IntTuple &b);
IntTuple elemScale(const IntTuple &a, const IntTuple &b);
/// f(a, b) leaf by leaf, for congruent tuples.
IntTuple leafwise(const IntTuple &a, const IntTuple &b,
                  const std::function<Int(const Int &, const Int &)> &f);
/// f(a, b) leaf by leaf where a and b have the same structure as far as both go: where one tuple
/// has more modes than the other, its extra modes are kept as they are (FlyDSL's int_tuple_add,
/// _sub, _mul, _div, _mod); a leaf against a tuple is a RankMismatch error naming `op`.
IntTuple modewise(const IntTuple &a, const IntTuple &b, const char *op,
                  const std::function<Int(const Int &, const Int &)> &f);
/// a with each part under a leaf of `guide`'s profile multiplied out (FlyDSL's
/// int_tuple_product_like): product_like((2,(3,4)), (_,_)) is (2,12).
IntTuple productLike(const IntTuple &a, const IntTuple &guide);
/// Exclusive prefix product, column-major (CuTe's prefix_product / compact_col_major).
IntTuple prefixProduct(const IntTuple &t, const Int &init = Int(1));
/// prefix_product(t, init) with init an integer or a tuple congruent to t's top (mode by mode).
IntTuple prefixProduct(const IntTuple &t, const IntTuple &init);
/// Column-major compact strides; size-1 modes get stride 0 as in CuTe.
IntTuple compactColMajor(const IntTuple &shape, const Int &init = Int(1));
/// compact_col_major(shape, current) with current an integer or a tuple congruent to shape's top.
IntTuple compactColMajor(const IntTuple &shape, const IntTuple &current);
/// CuTe's elem_less: every leaf of a is smaller than the matching leaf of b, true once a runs
/// out of modes, false once b does (a leaf counts as a tuple of itself).
bool elemLess(const IntTuple &a, const IntTuple &b);
/// The leaf pairs whose comparisons decide elem_less(a, b) (each first < second) or a == b
/// (each first == second), in order; false where the structures alone make the answer false
/// (a == b of different structures, elem_less of a longer than b).
bool comparedLeaves(const IntTuple &a, const IntTuple &b, bool equal,
                    std::vector<std::pair<Int, Int>> &pairs);

// Coordinates.
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape);
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape, const IntTuple &stride);
IntTuple crd2idx(const IntTuple &crd, const IntTuple &shape, const IntTuple &stride);
/// crd2idx(crd, shape): the column-major index of a coordinate (an integer is already one).
IntTuple crd2idx(const IntTuple &crd, const IntTuple &shape);
/// crd2crd(crd, src, dst): a coordinate of src re-expressed in dst, mode by mode where all
/// three are tuples.
IntTuple crd2crd(const IntTuple &crd, const IntTuple &srcShape, const IntTuple &dstShape);
IntTuple slice(const IntTuple &crd, const IntTuple &t);
IntTuple dice(const IntTuple &crd, const IntTuple &t);

/// Checks that a shape has only positive host integers.
void requireValidShape(const IntTuple &shape, const char *what);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_INT_TUPLE_H
