//===- int.h - The integer leaf of an IntTuple ------------------*- C++ -*-===//
//
// A leaf is a 64-bit integer known on the host, optionally scaled onto a basis
// element (CuTe's ScaledBasis, as in the strides of an identity layout: 1@0,
// 1@1), or a value only known inside a kernel. The last kind is the hook for
// the kernel builder: such a leaf carries a DynamicInt, and every arithmetic
// helper below routes an operation that involves one to it. Comparisons and
// divisibility checks need host values and report an error for dynamic leaves.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_INT_H
#define FLYDSL_LAYOUT_INT_H

#include "layout/error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fly::layout {

class Int;

enum class ArithOp { Add, Mul, FloorDiv, Mod, CeilDiv, ShapeDiv, Min };

/// A leaf value that only exists inside a kernel. The kernel builder implements
/// it; the algebra only asks it to print itself and to build new values.
class DynamicInt {
public:
  virtual ~DynamicInt() = default;
  virtual std::string str() const = 0;
  /// Builds `lhs op rhs` where at least one operand is dynamic.
  virtual Int combine(ArithOp op, const Int &lhs, const Int &rhs) const = 0;
};

class Int {
public:
  Int() = default;
  Int(int64_t value) : value_(value) {}
  Int(int64_t value, std::vector<int> basis) : value_(value), basis_(std::move(basis)) {}
  static Int dynamic(std::shared_ptr<const DynamicInt> d) {
    Int r;
    r.dynamic_ = std::move(d);
    return r;
  }

  bool isStatic() const { return !dynamic_; }
  bool isBasis() const { return !basis_.empty(); }
  const DynamicInt *dynamicPart() const { return dynamic_.get(); }
  const std::vector<int> &basis() const { return basis_; }

  /// The host value. Fails for dynamic leaves and basis elements, which have none.
  int64_t value() const {
    if (dynamic_ || !basis_.empty())
      needStatic();
    return value_;
  }
  /// The scale of a basis element (or the value of a plain integer).
  int64_t scale() const {
    if (dynamic_)
      needStatic();
    return value_;
  }

  bool operator==(const Int &o) const {
    if (dynamic_ || o.dynamic_)
      return dynamic_ == o.dynamic_;
    return value_ == o.value_ && basis_ == o.basis_;
  }
  bool operator!=(const Int &o) const { return !(*this == o); }

  std::string str() const;

private:
  [[noreturn]] void needStatic() const;

  int64_t value_ = 0;
  std::vector<int> basis_;
  std::shared_ptr<const DynamicInt> dynamic_;
};

// Checked 64-bit arithmetic on host integers.
int64_t checkedMul(int64_t a, int64_t b);
int64_t checkedAdd(int64_t a, int64_t b);
// C++'s truncating a / b and a % b, as CuTe's static integers compute them; b == 0 is a
// divisibility error naming `op`.
int64_t truncDiv(int64_t a, int64_t b, const char *op);
int64_t truncMod(int64_t a, int64_t b, const char *op);
/// CuTe's ceil_div on integers: (a + b - 1) / b, truncating.
int64_t truncCeilDiv(int64_t a, int64_t b, const char *op);

// Leaf arithmetic with CuTe's meaning. Basis elements support scaling by an
// integer and addition on the same basis; dynamic operands go to DynamicInt.
Int add(const Int &a, const Int &b);
Int mul(const Int &a, const Int &b);
Int floorDiv(const Int &a, const Int &b);
Int mod(const Int &a, const Int &b);
Int ceilDiv(const Int &a, const Int &b);
/// CuTe's shape_div on integers: a / b, or the sign of a*b when b > a. Requires
/// that one of a, b divides the other.
Int shapeDiv(const Int &a, const Int &b);
/// CuTe's shape_min: 1 is smaller than every shape.
Int shapeMin(const Int &a, const Int &b);

// What every DynamicInt shares.
/// `a op b` where it needs no computation (x + 0, x * 1, x * 0, x / 1, x % 1), else nothing.
std::optional<Int> foldTrivial(ArithOp op, const Int &a, const Int &b);
/// The largest power of two dividing d (for d = 0, a multiple of everything: 2^20).
int64_t largestPowerOfTwoDividing(int64_t d);
/// A number the result of `op` is a multiple of, for operands that are multiples of `da` and
/// `db` (sums keep the gcd, products multiply, capped at 2^20; 0 stands for the value 0).
int64_t resultDivisor(ArithOp op, int64_t da, int64_t db);

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_INT_H
