//===- kernel_collectives.cpp - Folds over lanes, warps and blocks
//-----------===//
//
// Cooperative algorithms built from the kernel's own shuffles, compares,
// selects, shared-memory accesses and barriers; so every target that runs those
// runs these, and this file needs no MLIR. Warp collectives work on segments of
// `width` lanes; block collectives put one warp collective per warp together
// through a few shared slots.
//
//===----------------------------------------------------------------------===//

#include "ir/kernel_collectives.h"

#include <algorithm>
#include <vector>

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

// gfx9's DPP controls, as fly_dpp takes them.
constexpr int kSwapLanePairs = 0xB1;  // quad_perm [1,0,3,2]: lane ^ 1
constexpr int kSwapQuadHalves = 0x4E; // quad_perm [2,3,0,1]: lane ^ 2
constexpr int kRowShr = 0x110;        // + n: lane - n within the row
constexpr int kWaveShr1 = 0x138;      // lane - 1 across the wave
constexpr int kRowMirror = 0x140;     // lane 15 - i of the row
constexpr int kRowHalfMirror = 0x141; // lane 7 - i of the half row
constexpr int kRowBcast15 = 0x142;    // the previous row's last lane, to the whole row
constexpr int kRowBcast31 = 0x143;    // lane 31, to the rows masked in
constexpr int kAllRows = 0xF, kOddRows = 0xA, kUpperRows = 0xC;

/// Whether DPP moves v: a 32-bit integer or float scalar.
bool dppMoves(Kernel &k, Value *v) {
  DType dtype = k.dtypeOf(v);
  return k.error().empty() && k.lanesOf(v) == 1 && bitWidth(dtype) == 32 && dtype != DType::Index;
}

/// v moved by a DPP control within the rows of `rowMask`; lanes without a source (and the
/// rows masked out) get `none`.
Value *dppMove(Kernel &k, Value *v, int ctrl, Value *none, int rowMask = kAllRows) {
  return k.dpp(none, v, ctrl, rowMask, 0xF, false);
}

/// A butterfly whose steps inside a row are DPP moves. Past xor 2 every quad, then every half
/// row, holds one value, so a mirror reads the neighbouring group as the xor would.
Value *dppButterfly(Kernel &k, BinaryOp op, Value *v, int width, Value *none) {
  const int steps[] = {kSwapLanePairs, kSwapQuadHalves, kRowHalfMirror, kRowMirror};
  int step = 0;
  for (int offset = 1; offset < width; offset *= 2, ++step) {
    // No DPP control crosses a row: the step between two rows is a shuffle.
    Value *partner = offset < 16 ? dppMove(k, v, steps[step], none)
                                 : k.shuffle(ShuffleMode::Xor, v, k.constInt(DType::I32, offset),
                                             k.constInt(DType::I32, width));
    v = k.binary(op, v, partner);
  }
  return v;
}

/// The inclusive scan of segments of `width` lanes by row shifts, then the rows' totals handed
/// up by row broadcasts (rows 1 and 3 get the row below, rows 2 and 3 get lane 31).
Value *dppInclusiveScan(Kernel &k, BinaryOp op, Value *v, int width, Value *lane, Value *none) {
  for (int shift = 1; shift < std::min(width, 16); shift *= 2) {
    Value *folded = k.binary(op, dppMove(k, v, kRowShr + shift, none), v);
    // Row shifts stop at the row's start; a segment narrower than a row stops itself.
    v = width < 16 ? k.select(k.compare(CmpOp::Ge, lane, k.constInt(DType::I32, shift)), folded, v)
                   : folded;
  }
  if (width > 16)
    v = k.binary(op, dppMove(k, v, kRowBcast15, none, kOddRows), v);
  if (width > 32)
    v = k.binary(op, dppMove(k, v, kRowBcast31, none, kUpperRows), v);
  return v;
}

} // namespace

Value *Kernel::warpReduce(BinaryOp op, Value *v, int width, WarpForm form) {
  if (!checkCollective(*this, op, width, "warp reduce"))
    return nullptr;
  if (form == WarpForm::Dpp && dppMoves(*this, v)) {
    Value *none = identity(*this, op, dtypeOf(v));
    // A whole wave scans and reads its last lane, which needs no exchange at all.
    if (width == 64)
      return readLane(dppInclusiveScan(*this, op, v, 64, nullptr, none), 63);
    return dppButterfly(*this, op, v, width, none);
  }
  // A butterfly: after the step at `offset` each lane holds the fold of its 2 * offset lanes.
  Value *w = constInt(DType::I32, width);
  for (int offset = 1; offset < width; offset *= 2)
    v = binary(op, v, shuffle(ShuffleMode::Xor, v, constInt(DType::I32, offset), w));
  return v;
}

Value *Kernel::warpScan(BinaryOp op, Value *v, int width, Value **exclusive, Value **aggregate,
                        WarpForm form) {
  if (!checkCollective(*this, op, width, "warp scan"))
    return nullptr;
  DType dtype = dtypeOf(v);
  if (!error().empty())
    return nullptr;
  Value *w = constInt(DType::I32, width);
  Value *lane = binary(BinaryOp::And, laneId(), constInt(DType::I32, width - 1));
  Value *one = constInt(DType::I32, 1);
  if (form == WarpForm::Dpp && dppMoves(*this, v)) {
    Value *none = identity(*this, op, dtype);
    v = dppInclusiveScan(*this, op, v, width, lane, none);
    if (exclusive) {
      // One lane up; the move leaves `none` where the row (or the wave) starts, and a segment
      // that starts inside one names its own first lane.
      Value *up = dppMove(*this, v, width <= 16 ? kRowShr + 1 : kWaveShr1, none);
      *exclusive = width < 16 || width == 32 ? select(compare(CmpOp::Ge, lane, one), up, none) : up;
    }
  } else {
    // Hillis and Steele: each round folds in the lane `offset` below, where that lane exists.
    for (int offset = 1; offset < width; offset *= 2) {
      Value *off = constInt(DType::I32, offset);
      Value *below = shuffle(ShuffleMode::Up, v, off, w);
      v = select(compare(CmpOp::Ge, lane, off), binary(op, below, v), v);
    }
    if (exclusive) {
      Value *below = shuffle(ShuffleMode::Up, v, one, w);
      *exclusive = select(compare(CmpOp::Ge, lane, one), below, identity(*this, op, dtype));
    }
  }
  // The segment's last lane holds the whole fold: a whole DPP wave reads lane 63, otherwise an
  // idx shuffle names it by its lane id.
  if (aggregate)
    *aggregate = form == WarpForm::Dpp && width == 64 && dppMoves(*this, v)
                     ? readLane(v, 63)
                     : shuffle(ShuffleMode::Idx, v,
                               binary(BinaryOp::Or, laneId(), constInt(DType::I32, width - 1)), w);
  return v;
}

namespace {

bool isPowerOfTwo(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

/// Whether the block shape makes a block collective over `slots`; if not, the
/// kernel records why.
bool checkBlock(Kernel &k, BinaryOp op, Value *v, const BlockShape &block,
                Value *slots, const char *what) {
  if (!checkCollective(k, op, 1, what))
    return false;
  int64_t threads = block.dims[0] * block.dims[1] * block.dims[2];
  for (int64_t d : block.dims)
    if (d < 1 || d > 1024)
      threads = 0;
  if (!isPowerOfTwo(threads) || threads > 1024) {
    k.reject(std::string(what) +
             ": the block must have a power of two of threads, at most 1024");
    return false;
  }
  if (!isPowerOfTwo(block.warpThreads) || block.warpThreads > 64) {
    k.reject(std::string(what) +
             ": the warp width must be a power of two from 1 to 64, got " +
             std::to_string(block.warpThreads));
    return false;
  }
  if (!slots || !k.isTensor(slots)) {
    k.reject(std::string(what) + ": its shared storage must be a tensor");
    return false;
  }
  if (v && k.dtypeOf(slots) != k.dtypeOf(v)) {
    k.reject(std::string(what) +
             ": its shared storage must have the value's dtype");
    return false;
  }
  return true;
}

int64_t blockThreads(const BlockShape &block) {
  return block.dims[0] * block.dims[1] * block.dims[2];
}

/// A block narrower than the wave leaves the rest of the wave unlaunched, so
/// the warp narrows.
int warpWidth(const BlockShape &block) {
  return static_cast<int>(
      std::min<int64_t>(block.warpThreads, blockThreads(block)));
}

/// The thread's index in the block, x fastest, as the hardware numbers lanes.
Value *linearThreadId(Kernel &k, const BlockShape &block) {
  Value *tid = k.gpuIndex(GpuIndex::ThreadIdx, 0);
  if (block.dims[1] > 1)
    tid = k.binary(BinaryOp::Add, tid,
                   k.binary(BinaryOp::Mul, k.gpuIndex(GpuIndex::ThreadIdx, 1),
                            k.constInt(DType::I32, block.dims[0])));
  if (block.dims[2] > 1)
    tid = k.binary(
        BinaryOp::Add, tid,
        k.binary(BinaryOp::Mul, k.gpuIndex(GpuIndex::ThreadIdx, 2),
                 k.constInt(DType::I32, block.dims[0] * block.dims[1])));
  return tid;
}

Value *slot(Kernel &k, Value *slots, Value *index) {
  return k.load(slots, {index}, nullptr);
}

Value *slot(Kernel &k, Value *slots, int64_t index) {
  return slot(k, slots, k.constInt(DType::I32, index));
}

std::vector<Value *> lanes(Kernel &k, Value *v) {
  int n = k.lanesOf(v);
  if (n <= 1)
    return {v};
  std::vector<Value *> out;
  for (int i = 0; i < n; ++i)
    out.push_back(k.vectorExtract(v, k.constInt(DType::I32, i)));
  return out;
}

} // namespace

Value *blockReduce(Kernel &k, BinaryOp op, Value *v, const BlockShape &block,
                   BlockReduceAlgorithm algorithm, Value *slots,
                   Value *result) {
  if (!checkBlock(k, op, v, block, slots, "block reduce"))
    return nullptr;
  Value *partial = k.vectorReduce(op, v, nullptr);
  int warp = warpWidth(block);
  int64_t warps = blockThreads(block) / warp;
  if (warps == 1)
    return k.warpReduce(op, partial, warp);
  Value *tid = linearThreadId(k, block);
  Value *lane = k.binary(BinaryOp::And, tid, k.constInt(DType::I32, warp - 1));
  Value *zero = k.constInt(DType::I32, 0);
  if (algorithm == BlockReduceAlgorithm::Raking) {
    if (!result || !k.isTensor(result) || k.dtypeOf(result) != k.dtypeOf(v)) {
      k.reject("block reduce: raking needs a one-element result tensor of the "
               "value's dtype");
      return nullptr;
    }
    // Every thread stages its value; then each lane of every warp folds a run
    // of `warps` consecutive slots, so warp 0's fold is the whole block's (the
    // other warps' is the same work, done instead of a branch around it), and
    // thread 0 publishes it.
    k.store(slots, partial, {tid}, nullptr);
    k.barrier();
    Value *base = k.binary(BinaryOp::Mul, lane, k.constInt(DType::I32, warps));
    Value *raked = slot(k, slots, base);
    for (int64_t i = 1; i < warps; ++i)
      raked = k.binary(
          op, raked,
          slot(k, slots,
               k.binary(BinaryOp::Add, base, k.constInt(DType::I32, i))));
    raked = k.warpReduce(op, raked, warp);
    k.store(result, raked, {zero}, k.compare(CmpOp::Eq, tid, zero));
    k.barrier();
    return slot(k, result, zero);
  }
  // Each warp's first lane publishes the warp's fold; every thread folds them
  // all, in warp order, so the result is the same in every thread with one
  // barrier.
  Value *aggregate = k.warpReduce(op, partial, warp);
  Value *warpId = k.binary(BinaryOp::DivU, tid, k.constInt(DType::I32, warp));
  k.store(slots, aggregate, {warpId}, k.compare(CmpOp::Eq, lane, zero));
  k.barrier();
  Value *total = slot(k, slots, int64_t(0));
  for (int64_t i = 1; i < warps; ++i)
    total = k.binary(op, total, slot(k, slots, i));
  return total;
}

Value *blockScan(Kernel &k, BinaryOp op, Value *v, const BlockShape &block,
                 Value *slots, Value *init, bool exclusive, Value **aggregate) {
  if (!checkBlock(k, op, v, block, slots, "block scan"))
    return nullptr;
  if (init && k.dtypeOf(init) != k.dtypeOf(v)) {
    k.reject("block scan: init must have the value's dtype");
    return nullptr;
  }
  // The thread's own items first: their running folds, the last of which is the
  // thread's part.
  std::vector<Value *> scanned;
  for (Value *item : lanes(k, v))
    scanned.push_back(scanned.empty() ? item
                                      : k.binary(op, scanned.back(), item));
  if (!k.error().empty())
    return nullptr;
  Value *partial = scanned.back();

  int warp = warpWidth(block);
  int64_t warps = blockThreads(block) / warp;
  Value *prefix = nullptr, *total = nullptr;
  Value *inclusive = k.warpScan(op, partial, warp, &prefix, &total);
  if (warps > 1) {
    Value *tid = linearThreadId(k, block);
    Value *lane =
        k.binary(BinaryOp::And, tid, k.constInt(DType::I32, warp - 1));
    Value *warpId = k.binary(BinaryOp::DivU, tid, k.constInt(DType::I32, warp));
    k.store(slots, inclusive, {warpId},
            k.compare(CmpOp::Eq, lane, k.constInt(DType::I32, warp - 1)));
    k.barrier();
    // Highest warp first keeps the operands in block order: warp w ends with
    // slots[0] op ... op slots[w-1] op its own prefix.
    for (int64_t i = warps - 2; i >= 0; --i)
      prefix =
          k.select(k.compare(CmpOp::UGt, warpId, k.constInt(DType::I32, i)),
                   k.binary(op, slot(k, slots, i), prefix), prefix);
    total = slot(k, slots, int64_t(0));
    for (int64_t i = 1; i < warps; ++i)
      total = k.binary(op, total, slot(k, slots, i));
  }
  if (init)
    prefix = k.binary(op, init, prefix);
  if (aggregate)
    *aggregate = total;
  if (scanned.size() == 1)
    return exclusive ? prefix : k.binary(op, prefix, partial);
  // Item i's exclusive fold is the prefix and the items before it; the
  // inclusive one adds it.
  std::vector<Value *> out;
  if (exclusive)
    out.push_back(prefix);
  for (size_t i = 0; i + (exclusive ? 1 : 0) < scanned.size(); ++i)
    out.push_back(k.binary(op, prefix, scanned[i]));
  return k.vectorFromElements(out);
}

} // namespace fly::ir
