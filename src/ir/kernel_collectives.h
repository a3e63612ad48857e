//===- kernel_collectives.h - Folds across a vector's lanes and a block's
// threads -----*- C++ -*-===//
//
// Built on the kernel's own ops (shuffles through the warp collectives,
// shared-memory loads and stores, barriers), so they run on every target and
// need no MLIR. Errors are the kernel's sticky error, like every op's.
//
//===----------------------------------------------------------------------===//

#ifndef FLYDSL_IR_KERNEL_COLLECTIVES_H
#define FLYDSL_IR_KERNEL_COLLECTIVES_H

#include "ir/kernel.h"

#include <cstdint>

namespace fly::ir {

/// The block a collective is specialized for, and the warp width its warp steps
/// use.
struct BlockShape {
  int64_t dims[3] = {1, 1, 1};
  int warpThreads = 64;
};

enum class BlockReduceAlgorithm { WarpReductions, Raking };

/// Every thread gets the fold of every thread's value (a vector is folded
/// first). `slots` is a rank-1 shared tensor of the value's dtype: one element
/// per warp for WarpReductions, one per thread for Raking, whose `result` is a
/// second one-element tensor.
Value *blockReduce(Kernel &k, BinaryOp op, Value *v, const BlockShape &block,
                   BlockReduceAlgorithm algorithm, Value *slots, Value *result);

/// The fold of the values of the threads before this one (exclusive) or up to
/// it (inclusive), in linear thread order, after `init` when not null. A vector
/// scans as that many consecutive items of the thread and gives a vector.
/// `aggregate`, when not null, gets the block's fold (without init). `slots`
/// holds one element per warp.
Value *blockScan(Kernel &k, BinaryOp op, Value *v, const BlockShape &block,
                 Value *slots, Value *init, bool exclusive, Value **aggregate);

} // namespace fly::ir

#endif // FLYDSL_IR_KERNEL_COLLECTIVES_H
