//===- tensor_args.h - Reading the library's DLPack operands ---------*- C++ -*-===//
//
// Each operand of a library call is checked before anything runs (dtype, shape, strides,
// device) and seen as the view its kernel takes: a matrix of rows (the last dimension, which
// must be contiguous) with one row stride, or a flat run of elements. Failures are
// FLY_ERROR_INVALID_ARGUMENT (FLY_ERROR_UNSUPPORTED for a device without a target) naming
// the operand.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_TENSOR_ARGS_H
#define FLYDSL_KERNELS_TENSOR_ARGS_H

#include "flydsl/flydsl.h"

#include "ir/dtype.h"

#include <dlpack/dlpack.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace fly::kernels {

/// The name of a dtype the kernels take ("f32", "f16", "bf16", "f8e4m3", ...), in keys and
/// messages.
const char *dtypeName(fly_dtype d);

/// The dtypes an operand may have: float32, float16 or bfloat16; those and the float8 kinds
/// (e4m3fn, e5m2 and their FNUZ variants); or int32 and int64 (indices).
enum class Accept { Float, FloatOrFp8, Index };

class TensorArg {
public:
  /// Reads `arg` (named `name` in messages), whose dtype must be one `accept` allows.
  TensorArg(const fly_arg_t *arg, std::string name, Accept accept = Accept::Float);

  /// The tensor as (rows, cols), cols the product of its last `rowDims` extents; fails where
  /// those dimensions are not contiguous or the leading ones do not flatten to one row stride.
  void asRows(int rowDims = 1);
  /// The tensor as one contiguous run of elements; fails where it is not contiguous.
  void asFlat();
  /// The rank-2 tensor as a matrix, its dimensions swapped when `transpose`; fails unless one
  /// of them is contiguous, which contiguousDim() then names (1 where both are).
  void asMatrix(bool transpose);
  int contiguousDim() const { return contiguousDim_; }
  /// The row view (after asRows()) handed to kernels as (cols, rows), strides (1, row stride):
  /// for kernels that read it column-major.
  void transposeView();
  /// One scale, or one per row (`perRow`: `rows` of them) or per column (`cols`), as a rank-0,
  /// rank-1 or (rows, 1) / (1, cols) tensor, viewed as (rows, cols) with stride 0 where the
  /// scale does not change.
  void asScales(int64_t rows, int64_t cols, bool perRow);

  const std::string &name() const { return name_; }
  fly_dtype dtype() const { return dtype_; }
  int elemBytes() const { return int(ir::bitWidth(static_cast<ir::DType>(dtype_)) / 8); }
  static bool isFp8(fly_dtype d) { return ir::isFp8(static_cast<ir::DType>(d)); }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t rows() const { return rows_; }
  int64_t cols() const { return cols_; }
  int64_t elements() const { return elements_; }
  /// The largest power of two (at most 16) dividing the data address and the row stride's
  /// bytes: what vector widths the view allows.
  int64_t alignBytes() const;
  /// The view, valid while this TensorArg lives and is not copied.
  fly_arg_t arg() const { return {FLY_ARG_DLTENSOR, &view_, 0, 0.0}; }
  /// Element i of this flat int32 or int64 tensor (of row `row` of its rows), read where it
  /// lies: only for the cpu target's tensors, after asFlat() (asRows()).
  int64_t hostIndex(int64_t i, int64_t row = 0) const;
  /// "cpu", "cuda" or "rocm", from the device type.
  const char *target() const;
  std::string deviceName() const;
  int deviceId() const;
  DLDevice device() const { return tensor_->device; }

  /// Fails unless `other` has this tensor's shape / is on its device.
  void requireSameShape(const TensorArg &other) const;
  void requireSameDevice(const TensorArg &other) const;
  /// Fails where this tensor, which the kernel writes, shares memory with `other` (after both
  /// took their views), unless `inPlace` and the two are the same view: same address, element
  /// size, shape and strides. Only kernels whose threads read each element before writing it
  /// themselves may pass `inPlace`; a partial overlap is never allowed.
  void requireApartFrom(const TensorArg &other, bool inPlace) const;

private:
  /// The bytes the elements occupy, [first, last); first == last where there are none.
  std::pair<uintptr_t, uintptr_t> byteSpan() const;
  bool sameViewAs(const TensorArg &other) const;
  /// Whether this row view and `other`'s step by one row stride and keep to columns apart
  /// within it (q and k of one fused qkv buffer), so that they share no byte.
  bool interleavedApartFrom(const TensorArg &other) const;

  std::string name_;
  const DLTensor *tensor_ = nullptr;
  fly_dtype dtype_ = FLY_F32;
  std::vector<int64_t> shape_, strides_;
  int64_t rows_ = 1, cols_ = 1, rowStride_ = 0, elements_ = 1;
  int contiguousDim_ = 1;
  bool matrix_ = false;
  uintptr_t address_ = 0;
  DLTensor view_{};
  int64_t viewShape_[2] = {0, 0}, viewStrides_[2] = {0, 0};
  TensorArg(const TensorArg &) = delete;
  TensorArg &operator=(const TensorArg &) = delete;
};

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_TENSOR_ARGS_H
