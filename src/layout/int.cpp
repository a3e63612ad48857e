//===- int.cpp - The integer leaf of an IntTuple --------------------------===//

#include "layout/int.h"

#include <utility>

namespace fly::layout {

void Int::needStatic() const {
  if (dynamic_)
    fail(ErrorKind::Unsupported,
         "the value " + dynamic_->str() + " is only known inside a kernel; this needs a host value");
  fail(ErrorKind::InvalidArgument,
       "the basis element " + str() + " has no integer value; this needs an integer");
}

std::string Int::str() const {
  if (dynamic_)
    return dynamic_->str();
  std::string s = std::to_string(value_);
  for (int b : basis_)
    s += "@" + std::to_string(b);
  return s;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    fail(ErrorKind::Overflow, std::to_string(a) + " * " + std::to_string(b) +
                                  " overflows a 64-bit integer");
  return r;
}

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    fail(ErrorKind::Overflow, std::to_string(a) + " + " + std::to_string(b) +
                                  " overflows a 64-bit integer");
  return r;
}

int64_t truncDiv(int64_t a, int64_t b, const char *op) {
  if (b == 0)
    fail(ErrorKind::Divisibility, std::string(op) + ": division by zero");
  if (a == INT64_MIN && b == -1)
    fail(ErrorKind::Overflow, std::string(op) + ": INT64_MIN / -1 overflows a 64-bit integer");
  return a / b;
}

int64_t truncMod(int64_t a, int64_t b, const char *op) {
  if (b == 0)
    fail(ErrorKind::Divisibility, std::string(op) + ": remainder by zero");
  return b == -1 ? 0 : a % b;
}

int64_t truncCeilDiv(int64_t a, int64_t b, const char *op) {
  return truncDiv(checkedAdd(a, b - 1), b, op);
}

namespace {

const DynamicInt *dynamicOf(const Int &a, const Int &b) {
  return a.dynamicPart() ? a.dynamicPart() : b.dynamicPart();
}

void requireNonZero(int64_t b, const char *op) {
  if (b == 0)
    fail(ErrorKind::InvalidArgument, std::string("division by zero in ") + op);
}

int64_t floorDivInt(int64_t a, int64_t b) {
  if (a == INT64_MIN && b == -1)
    fail(ErrorKind::Overflow, "INT64_MIN / -1 overflows a 64-bit integer");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}


} // namespace

Int add(const Int &a, const Int &b) {
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::Add, a, b);
  if (a.isBasis() || b.isBasis()) {
    if (a.basis() != b.basis())
      fail(ErrorKind::Unsupported, "cannot add " + a.str() + " and " + b.str() +
                                       " into one integer (different basis elements)");
    return Int(checkedAdd(a.scale(), b.scale()), a.basis());
  }
  return Int(checkedAdd(a.value(), b.value()));
}

Int mul(const Int &a, const Int &b) {
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::Mul, a, b);
  if (a.isBasis() && b.isBasis())
    fail(ErrorKind::Unsupported, "cannot multiply two basis elements " + a.str() + " and " + b.str());
  if (a.isBasis())
    return Int(checkedMul(a.scale(), b.value()), a.basis());
  if (b.isBasis())
    return Int(checkedMul(a.value(), b.scale()), b.basis());
  return Int(checkedMul(a.value(), b.value()));
}

Int floorDiv(const Int &a, const Int &b) {
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::FloorDiv, a, b);
  requireNonZero(b.value(), "division");
  return Int(floorDivInt(a.value(), b.value()));
}

Int mod(const Int &a, const Int &b) {
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::Mod, a, b);
  int64_t bv = b.value();
  requireNonZero(bv, "modulo");
  int64_t av = a.value();
  return Int(av - checkedMul(floorDivInt(av, bv), bv));
}

Int ceilDiv(const Int &a, const Int &b) {
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::CeilDiv, a, b);
  int64_t bv = b.value();
  requireNonZero(bv, "ceil_div");
  return Int(truncCeilDiv(a.value(), bv, "ceil_div"));
}

Int shapeDiv(const Int &a, const Int &b) {
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::ShapeDiv, a, b);
  int64_t av = a.scale(), bv = b.value();
  requireNonZero(bv, "shape_div");
  if (av % bv != 0 && bv % av != 0)
    fail(ErrorKind::Divisibility, "shape_div(" + a.str() + ", " + b.str() +
                                      "): neither value divides the other");
  return Int(truncCeilDiv(av, bv, "shape_div"), a.basis());
}

Int shapeMin(const Int &a, const Int &b) {
  if (a.isStatic() && a.value() == 1)
    return a;
  if (b.isStatic() && b.value() == 1)
    return b;
  if (const DynamicInt *d = dynamicOf(a, b))
    return d->combine(ArithOp::Min, a, b);
  return a.value() < b.value() ? a : b;
}

std::optional<Int> foldTrivial(ArithOp op, const Int &a, const Int &b) {
  auto is = [](const Int &x, int64_t v) { return x.isStatic() && !x.isBasis() && x.value() == v; };
  switch (op) {
  case ArithOp::Add:
    if (is(a, 0))
      return b;
    if (is(b, 0))
      return a;
    break;
  case ArithOp::Mul:
    if (is(a, 1))
      return b;
    if (is(b, 1))
      return a;
    if (is(a, 0) || is(b, 0))
      return Int(0);
    break;
  case ArithOp::FloorDiv:
  case ArithOp::CeilDiv:
  case ArithOp::ShapeDiv:
    if (is(b, 1))
      return a;
    break;
  case ArithOp::Mod:
    if (is(b, 1))
      return Int(0);
    break;
  case ArithOp::Min:
    break;
  }
  return std::nullopt;
}

int64_t largestPowerOfTwoDividing(int64_t d) {
  if (d == 0)
    return int64_t(1) << 20;
  return d & -d; // two's complement keeps the lowest set bit, for negative d too
}

int64_t resultDivisor(ArithOp op, int64_t da, int64_t db) {
  constexpr int64_t cap = int64_t(1) << 20;
  auto gcd = [](int64_t x, int64_t y) {
    while (y != 0)
      x = std::exchange(y, x % y);
    return x < 0 ? -x : x;
  };
  switch (op) {
  case ArithOp::Add:
  case ArithOp::Min:
    return gcd(da, db);
  case ArithOp::Mul:
    if (da == 0 || db == 0)
      return 0;
    return da > cap || db > cap || da * db > cap ? cap : da * db;
  default:
    return 1;
  }
}

} // namespace fly::layout
