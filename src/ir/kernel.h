//===- kernel.h - Building GPU kernels as MLIR, behind a plain C++ face -*- C++ -*-===//
//
// A Module holds kernels (gpu.func in one gpu.module). A Kernel is built op by op; each op
// returns a Value handle owned by the kernel. The builder keeps its first error (sticky): after
// it, ops return nullptr and do nothing, so kernel code reads straight and compile reports the
// error. No MLIR type appears in this header, so the C API layer stays free of MLIR.
//
//===----------------------------------------------------------------------------------===//
#ifndef FLYDSL_IR_KERNEL_H
#define FLYDSL_IR_KERNEL_H

#include "ir/dtype.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fly::ir {

class Kernel;

/// A value inside a kernel: a scalar, a vector of scalars, a tensor (pointer with shape and
/// strides) or an AMD buffer resource over a tensor.
struct Value {
  uint64_t magic;
  Kernel *owner;
  uint32_t id;
};

constexpr uint64_t kValueMagic = 0x464c5956414c5545ull; // "FLYVALUE"

/// One kernel parameter as the launcher sees it.
struct Param {
  enum class Kind { Tensor, Scalar } kind;
  DType dtype;
  int rank; // tensors only
};

enum class BinaryOp { Add, Sub, Mul, Div, Rem, Min, Max, And, Or, Xor, Shl, Shr, DivU, RemU, ShrU, MinU, MaxU, Pow };
enum class UnaryOp { Neg, Not, Abs, Exp, Exp2, Log, Log2, Sqrt, Rsqrt, Tanh, Erf, Sin, Cos, Floor, Ceil };
enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge, ULt, ULe, UGt, UGe };
enum class GpuIndex { ThreadIdx, BlockIdx, BlockDim, GridDim };
enum class ShuffleMode { Xor, Up, Down, Idx };
enum class AtomicOp { Add, Max, Min };

class Module;

class Kernel {
public:
  ~Kernel();
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;

  const std::string &name() const;
  const std::vector<Param> &params() const;
  /// Bytes of static shared memory the kernel allocates.
  uint64_t staticSharedBytes() const;
  bool finished() const;
  /// The first error, or empty.
  const std::string &error() const;

  // Parameters come before the first operation.
  Value *tensorParam(DType dtype, int rank);
  Value *scalarParam(DType dtype);

  // Constants and arithmetic. Operands of a binary op have one type.
  Value *constInt(DType dtype, int64_t v);
  Value *constFloat(DType dtype, double v);
  Value *binary(BinaryOp op, Value *a, Value *b);
  Value *unary(UnaryOp op, Value *a);
  Value *fma(Value *a, Value *b, Value *c);
  Value *compare(CmpOp op, Value *a, Value *b);
  Value *select(Value *cond, Value *a, Value *b);
  Value *cast(Value *a, DType to);
  /// Reinterprets the bits of a as dtype `to` of the same width.
  Value *bitcast(Value *a, DType to);
  DType dtypeOf(Value *v);
  bool isTensor(Value *v);
  /// Lanes of a vector; 1 for a scalar.
  int lanesOf(Value *v);

  // Vectors of 2..64 lanes. Arithmetic, math, compare, select and cast apply lane by lane to
  // operands with equal lanes; a store of a vector writes consecutive elements.
  Value *vectorFromElements(const std::vector<Value *> &elements);
  Value *vectorSplat(Value *element, int lanes);
  Value *vectorExtract(Value *vec, Value *index);
  Value *vectorInsert(Value *vec, Value *element, Value *index);
  /// Reinterprets the bits of `v` as lanes of `to` (4 x f16 -> 2 x i32, 2 x f16 -> i32, ...).
  Value *vectorBitcast(Value *v, DType to);
  /// `lanes` consecutive elements from the coordinate on; the address must be aligned to the
  /// vector's size. A false predicate loads zeros.
  Value *vectorLoad(Value *t, const std::vector<Value *> &coord, int lanes, Value *pred);

  // AMD buffer memory access: a resource covers a tensor's elements; a load outside them gives
  // zeros and a store outside them is dropped (by the hardware on rocm, by checks elsewhere).
  // Offsets count elements of the tensor's dtype (i32).
  Value *bufferResource(Value *t);
  Value *bufferLoad(Value *rsrc, Value *offset, int lanes);
  void bufferStore(Value *rsrc, Value *v, Value *offset);

  /// printf from every thread that runs it; arguments are scalars.
  void print(const std::string &format, const std::vector<Value *> &args);

  // GPU indices (i32) and collectives.
  Value *gpuIndex(GpuIndex which, int dim);
  Value *laneId();
  void barrier();
  Value *shuffle(ShuffleMode mode, Value *v, Value *offset, Value *width);

  // Tensors: extents and strides (i64), element loads and stores at a coordinate (one
  // integer per mode), optionally predicated (a false predicate loads 0, skips the store).
  Value *tensorDim(Value *t, int mode);
  Value *tensorStride(Value *t, int mode);
  Value *load(Value *t, const std::vector<Value *> &coord, Value *pred);
  void store(Value *t, Value *v, const std::vector<Value *> &coord, Value *pred);
  Value *atomic(AtomicOp op, Value *t, const std::vector<Value *> &coord, Value *v);
  /// A rank-1 tensor of `count` elements in the block's shared memory.
  Value *sharedTensor(DType dtype, int64_t count, int64_t align);
  /// A rank-1 tensor of `count` elements in the dynamic shared memory the launch provides
  /// (config.dynamic_smem bytes, 16-byte aligned, after the static part).
  Value *dynamicSharedTensor(DType dtype, Value *count);

  // Structured control flow. Between begin and end, ops go into the body.
  Value *forBegin(Value *lb, Value *ub, Value *step, const std::vector<Value *> &inits,
                  std::vector<Value *> &iterArgs);
  std::vector<Value *> forEnd(const std::vector<Value *> &yields);
  void ifBegin(Value *cond, const std::vector<DType> &resultTypes);
  void ifElse(const std::vector<Value *> &thenYields);
  std::vector<Value *> ifEnd(const std::vector<Value *> &yields);
  /// A while loop carrying `inits`: `before` gets the carried values where the condition is
  /// built; whileDo takes the condition and gives the body its own handles to them; whileEnd
  /// yields the next values and returns the final ones.
  void whileBegin(const std::vector<Value *> &inits, std::vector<Value *> &before);
  void whileDo(Value *cond, std::vector<Value *> &bodyArgs);
  std::vector<Value *> whileEnd(const std::vector<Value *> &yields);

  /// Ends the kernel; an open loop or branch is an error.
  void finish();

  /// Internal: the MLIR side (kernel_builder.cpp).
  struct Impl;
  Impl &impl() { return *impl_; }

private:
  friend class Module;
  explicit Kernel(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

class Module {
public:
  Module();
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  /// A new kernel; nullptr with `error` set when the name is empty or taken.
  Kernel *addKernel(const std::string &name, std::string &error);
  Kernel *findKernel(const std::string &name);
  const std::vector<std::unique_ptr<Kernel>> &kernels() const;
  /// The MLIR text of the whole module.
  std::string str();
  /// A stable hash of the module's text, for cache keys.
  uint64_t hash();

  struct Impl;
  Impl &impl() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace fly::ir

#endif // FLYDSL_IR_KERNEL_H
