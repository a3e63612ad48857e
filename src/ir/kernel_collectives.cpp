//===- kernel_collectives.cpp - Warp reductions and scans from shuffles -----===//
//
// Cooperative algorithms over a segment of `width` lanes, built from the kernel's own shuffles,
// compares and selects; so every target that runs shuffles runs these, and this file needs no
// MLIR.
//
//===----------------------------------------------------------------------===//

#include "ir/kernel.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace fly::ir {

namespace {

bool isReductionOp(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
  case BinaryOp::Mul:
  case BinaryOp::Min:
  case BinaryOp::Max:
  case BinaryOp::MinU:
  case BinaryOp::MaxU:
  case BinaryOp::And:
  case BinaryOp::Or:
  case BinaryOp::Xor:
    return true;
  default:
    return false;
  }
}

/// Whether op and width make a collective; if not, the kernel records why.
bool checkCollective(Kernel &k, BinaryOp op, int width, const char *what) {
  if (!isReductionOp(op)) {
    k.reject(std::string(what) +
             ": the operation must be associative and commutative (add, mul, min, max, minu, "
             "maxu, and, or, xor)");
    return false;
  }
  if (width < 1 || width > 64 || (width & (width - 1)) != 0) {
    k.reject(std::string(what) + ": width must be a power of two from 1 to 64, got " +
             std::to_string(width));
    return false;
  }
  return true;
}

/// The value op leaves unchanged: what the first lane of an exclusive scan gets.
Value *identity(Kernel &k, BinaryOp op, DType dtype) {
  bool isFloatType = isFloat(dtype);
  int bits = bitWidth(dtype);
  // The extremes of a signed or unsigned integer of `bits` bits, as the int64 constInt takes
  // (unsigned all-ones is -1 at any width).
  int64_t signedMin =
      bits >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (bits - 1));
  int64_t signedMax =
      bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
  double inf = std::numeric_limits<double>::infinity();
  switch (op) {
  case BinaryOp::Mul:
    return isFloatType ? k.constFloat(dtype, 1.0) : k.constInt(dtype, 1);
  case BinaryOp::Max:
    return isFloatType ? k.constFloat(dtype, -inf) : k.constInt(dtype, signedMin);
  case BinaryOp::Min:
    return isFloatType ? k.constFloat(dtype, inf) : k.constInt(dtype, signedMax);
  case BinaryOp::MinU:
  case BinaryOp::And:
    return k.constInt(dtype, -1);
  default: // add, or, xor, maxu
    return isFloatType ? k.constFloat(dtype, 0.0) : k.constInt(dtype, 0);
  }
}

} // namespace

Value *Kernel::warpReduce(BinaryOp op, Value *v, int width) {
  if (!checkCollective(*this, op, width, "warp reduce"))
    return nullptr;
  // A butterfly: after the step at `offset` each lane holds the fold of its 2 * offset lanes.
  Value *w = constInt(DType::I32, width);
  for (int offset = 1; offset < width; offset *= 2)
    v = binary(op, v, shuffle(ShuffleMode::Xor, v, constInt(DType::I32, offset), w));
  return v;
}

Value *Kernel::warpScan(BinaryOp op, Value *v, int width, Value **exclusive, Value **aggregate) {
  if (!checkCollective(*this, op, width, "warp scan"))
    return nullptr;
  DType dtype = dtypeOf(v);
  if (!error().empty())
    return nullptr;
  Value *w = constInt(DType::I32, width);
  Value *lane = binary(BinaryOp::And, laneId(), constInt(DType::I32, width - 1));
  // Hillis and Steele: each round folds in the lane `offset` below, where that lane exists.
  for (int offset = 1; offset < width; offset *= 2) {
    Value *off = constInt(DType::I32, offset);
    Value *below = shuffle(ShuffleMode::Up, v, off, w);
    v = select(compare(CmpOp::Ge, lane, off), binary(op, below, v), v);
  }
  if (exclusive) {
    Value *one = constInt(DType::I32, 1);
    Value *below = shuffle(ShuffleMode::Up, v, one, w);
    *exclusive = select(compare(CmpOp::Ge, lane, one), below, identity(*this, op, dtype));
  }
  // The segment's last lane holds the whole fold; an idx shuffle names lanes of the segment.
  if (aggregate)
    *aggregate = shuffle(ShuffleMode::Idx, v, constInt(DType::I32, width - 1), w);
  return v;
}

} // namespace fly::ir
