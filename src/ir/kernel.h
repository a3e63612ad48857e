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

/// A value inside a kernel: a scalar, or a tensor (pointer with shape and strides).
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
