//===- tensor_args.cpp - Reading the library's DLPack operands -------------------===//

#include "kernels/tensor_args.h"

#include "capi/dlpack_args.h"

#include <algorithm>

namespace fly::kernels {

using capi::fail;

namespace {
std::string shapeText(const std::vector<int64_t> &s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? "," : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}
} // namespace

const char *dtypeName(fly_dtype d) { return ir::dtypeName(static_cast<ir::DType>(d)); }

TensorArg::TensorArg(const fly_arg_t *arg, std::string name, Accept accept)
    : name_(std::move(name)) {
  if (!arg)
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " is NULL");
  if (arg->kind != FLY_ARG_DLTENSOR && arg->kind != FLY_ARG_DLMANAGED &&
      arg->kind != FLY_ARG_DLMANAGED_VERSIONED)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         name_ + " is not a DLPack tensor (kind " + std::to_string(arg->kind) + ")");
  try {
    tensor_ = capi::tensorOf(*arg, 0);
  } catch (const capi::ApiError &e) {
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + ": " + e.message);
  }
  const DLDataType &t = tensor_->dtype;
  bool floats = accept != Accept::Index, fp8 = accept == Accept::FloatOrFp8;
  if (t.lanes == 1 && floats && t.code == kDLFloat && t.bits == 32)
    dtype_ = FLY_F32;
  else if (t.lanes == 1 && floats && t.code == kDLFloat && t.bits == 16)
    dtype_ = FLY_F16;
  else if (t.lanes == 1 && floats && t.code == kDLBfloat && t.bits == 16)
    dtype_ = FLY_BF16;
  else if (fp8 && t.lanes == 1 && t.bits == 8 && t.code == capi::kDLFloat8E4M3FN)
    dtype_ = FLY_F8E4M3;
  else if (fp8 && t.lanes == 1 && t.bits == 8 && t.code == capi::kDLFloat8E5M2)
    dtype_ = FLY_F8E5M2;
  else if (fp8 && t.lanes == 1 && t.bits == 8 && t.code == capi::kDLFloat8E4M3FNUZ)
    dtype_ = FLY_F8E4M3FNUZ;
  else if (fp8 && t.lanes == 1 && t.bits == 8 && t.code == capi::kDLFloat8E5M2FNUZ)
    dtype_ = FLY_F8E5M2FNUZ;
  else if (!floats && t.lanes == 1 && t.code == kDLInt && (t.bits == 32 || t.bits == 64))
    dtype_ = t.bits == 32 ? FLY_I32 : FLY_I64;
  else
    fail(FLY_ERROR_INVALID_ARGUMENT,
         name_ + " has dtype " + capi::dlTypeName(t) + ": " +
             (floats ? std::string("the kernels take float32, float16 or ") +
                           (fp8 ? "bfloat16, and here the float8 kinds" : "bfloat16")
                     : std::string("indices are int32 or int64")));
  int rank = tensor_->ndim;
  if (rank < 0 || (rank > 0 && !tensor_->shape))
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " has no shape");
  shape_.assign(tensor_->shape, tensor_->shape + rank);
  strides_.resize(rank);
  int64_t compact = 1;
  for (int i = rank - 1; i >= 0; --i) {
    if (shape_[i] < 0)
      fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " has a negative extent");
    strides_[i] = tensor_->strides ? tensor_->strides[i] : compact;
    compact *= shape_[i];
  }
  elements_ = compact;
  if (elements_ == 0) { // no element is ever addressed: whatever strides it came with, fine
    compact = 1;
    for (int i = rank - 1; i >= 0; --i) {
      strides_[i] = compact;
      compact *= std::max<int64_t>(shape_[i], 1);
    }
  }
  address_ = reinterpret_cast<uintptr_t>(tensor_->data) + tensor_->byte_offset;
  if (elements_ > 0 && !tensor_->data)
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " has no data");
}

void TensorArg::asRows(int rowDims) {
  int rank = int(shape_.size());
  if (rank < rowDims)
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " has rank " + std::to_string(rank) +
                                         ": rows need rank >= " + std::to_string(rowDims));
  cols_ = 1;
  for (int i = rank - 1; i >= rank - rowDims; --i) {
    if (shape_[i] > 1 && strides_[i] != cols_)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           name_ + "'s " + (i == rank - 1 ? "last dimension" : "dimension " + std::to_string(i)) +
               " has stride " + std::to_string(strides_[i]) + ": rows (" +
               (rowDims == 1 ? "the last dimension" : "the last " + std::to_string(rowDims)) +
               ") must be contiguous (copy the tensor to a contiguous one first)");
    cols_ *= shape_[i];
  }
  rows_ = 1;
  for (int i = 0; i < rank - rowDims; ++i)
    rows_ *= shape_[i];
  // The leading modes flatten to one row stride: each (of extent > 1) steps over the ones after.
  rowStride_ = cols_;
  bool first = true;
  for (int i = rank - rowDims - 1; i >= 0; --i) {
    if (shape_[i] == 1)
      continue;
    if (first) {
      rowStride_ = strides_[i];
      first = false;
    } else if (strides_[i] != strides_[i + 1] * shape_[i + 1]) {
      fail(FLY_ERROR_INVALID_ARGUMENT,
           name_ + " has strides whose leading dimensions do not flatten into rows: shape " +
               shapeText(shape_) + ", strides " + shapeText(strides_));
    }
  }
  if (rows_ == 1)
    rowStride_ = cols_; // a lone row's stride is never used: the compact one keeps alignment
  if (rows_ > 1 && rowStride_ < cols_)
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + "'s rows overlap (row stride " +
                                         std::to_string(rowStride_) + " < row length " +
                                         std::to_string(cols_) + ")");
  view_ = *tensor_;
  view_.data = reinterpret_cast<void *>(address_);
  view_.byte_offset = 0;
  view_.ndim = 2;
  viewShape_[0] = rows_;
  viewShape_[1] = cols_;
  viewStrides_[0] = rowStride_;
  viewStrides_[1] = 1;
  view_.shape = viewShape_;
  view_.strides = viewStrides_;
}

void TensorArg::asFlat() {
  int64_t compact = 1;
  for (int i = int(shape_.size()) - 1; i >= 0; --i) {
    if (shape_[i] != 1 && strides_[i] != compact)
      fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " is not contiguous (shape " + shapeText(shape_) +
                                           ", strides " + shapeText(strides_) +
                                           "): the kernel takes it contiguous");
    compact *= shape_[i];
  }
  rowStride_ = elements_;
  view_ = *tensor_;
  view_.data = reinterpret_cast<void *>(address_);
  view_.byte_offset = 0;
  view_.ndim = 1;
  viewShape_[0] = elements_;
  viewStrides_[0] = 1;
  view_.shape = viewShape_;
  view_.strides = viewStrides_;
}

void TensorArg::asScales(int64_t rows, int64_t cols, bool perRow) {
  int64_t many = perRow ? rows : cols;
  bool one = elements_ == 1;
  bool shaped =
      shape_.size() <= 1 || (shape_.size() == 2 && shape_[perRow ? 1 : 0] == 1); // (M, 1) or (1, N)
  if (dtype_ != FLY_F32 || !shaped || (!one && elements_ != many))
    fail(FLY_ERROR_INVALID_ARGUMENT,
         name_ + " has shape " + shapeText(shape_) + " of " + dtypeName(dtype_) +
             ": scales are float32, one for the tensor or one per " + (perRow ? "row" : "column") +
             " (" + std::to_string(many) + ", as (" + std::to_string(many) +
             (perRow ? ", 1)" : ",) or (1, " + std::to_string(many) + ")") + ")");
  int64_t step = 1;
  for (size_t i = 0; i < shape_.size(); ++i)
    if (shape_[i] > 1)
      step = strides_[i];
  rows_ = rows;
  cols_ = cols;
  view_ = *tensor_;
  view_.data = reinterpret_cast<void *>(address_);
  view_.byte_offset = 0;
  view_.ndim = 2;
  viewShape_[0] = rows;
  viewShape_[1] = cols;
  viewStrides_[0] = perRow && !one ? step : 0;
  viewStrides_[1] = !perRow && !one ? step : 0;
  view_.shape = viewShape_;
  view_.strides = viewStrides_;
}

void TensorArg::asMatrix(bool transpose) {
  if (shape_.size() != 2)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         name_ + " has shape " + shapeText(shape_) + ": a matrix has rank 2");
  int r = transpose ? 1 : 0, c = 1 - r;
  int64_t shape[2] = {shape_[r], shape_[c]}, strides[2] = {strides_[r], strides_[c]};
  if (shape[1] <= 1 || strides[1] == 1)
    contiguousDim_ = 1;
  else if (shape[0] <= 1 || strides[0] == 1)
    contiguousDim_ = 0;
  else
    fail(FLY_ERROR_INVALID_ARGUMENT,
         name_ + " has strides " + shapeText(strides_) + " for shape " + shapeText(shape_) +
             ": neither dimension is contiguous (copy the tensor to a contiguous one first)");
  // The view's strides are what the kernel declares: 1 along the contiguous dimension and,
  // where the other has one element, the compact stride (its stride is never used).
  int other = 1 - contiguousDim_;
  strides[contiguousDim_] = 1;
  if (shape[other] <= 1)
    strides[other] = std::max<int64_t>(shape[contiguousDim_], 1);
  if (shape[other] > 1 && strides[other] < shape[contiguousDim_])
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " has overlapping rows or columns (strides " +
                                         shapeText(strides_) + ", shape " + shapeText(shape_) +
                                         ")");
  rows_ = shape[0];
  cols_ = shape[1];
  rowStride_ = strides[other];
  matrix_ = true;
  view_ = *tensor_;
  view_.data = reinterpret_cast<void *>(address_);
  view_.byte_offset = 0;
  view_.ndim = 2;
  for (int i = 0; i < 2; ++i) {
    viewShape_[i] = shape[i];
    viewStrides_[i] = strides[i];
  }
  view_.shape = viewShape_;
  view_.strides = viewStrides_;
}

void TensorArg::transposeView() {
  std::swap(viewShape_[0], viewShape_[1]);
  std::swap(viewStrides_[0], viewStrides_[1]);
}

int64_t TensorArg::alignBytes() const {
  uint64_t bits = uint64_t(address_) | 16;
  if (rows_ > 1 || matrix_) // a matrix view's stride is always one it may step by
    bits |= uint64_t(rowStride_ * elemBytes());
  return int64_t(bits & (~bits + 1));
}

int64_t TensorArg::hostIndex(int64_t i, int64_t row) const {
  const void *p = reinterpret_cast<const void *>(address_ + uintptr_t(row * rowStride_) *
                                                                uintptr_t(elemBytes()));
  return dtype_ == FLY_I32 ? static_cast<const int32_t *>(p)[i]
                           : static_cast<const int64_t *>(p)[i];
}

const char *TensorArg::target() const {
  switch (tensor_->device.device_type) {
  case kDLCPU:
    return "cpu";
  case kDLCUDA:
    return "cuda";
  case kDLROCM:
    return "rocm";
  default:
    fail(FLY_ERROR_UNSUPPORTED, name_ + " is on DLPack device type " +
                                    std::to_string(tensor_->device.device_type) +
                                    ", which no target runs on (cpu, cuda and rocm memory do)");
  }
}

std::string TensorArg::deviceName() const {
  return std::string(target()) + ":" + std::to_string(tensor_->device.device_id);
}

int TensorArg::deviceId() const { return int(tensor_->device.device_id); }

void TensorArg::requireSameShape(const TensorArg &other) const {
  if (other.shape_ != shape_)
    fail(FLY_ERROR_INVALID_ARGUMENT, other.name_ + " has shape " + shapeText(other.shape_) +
                                         " but " + name_ + " has " + shapeText(shape_));
}

void TensorArg::requireSameDevice(const TensorArg &other) const {
  bool cpu = tensor_->device.device_type == kDLCPU;
  if (other.tensor_->device.device_type != tensor_->device.device_type ||
      (!cpu && other.tensor_->device.device_id != tensor_->device.device_id))
    fail(FLY_ERROR_INVALID_ARGUMENT,
         other.name_ + " is on " + other.deviceName() + " but " + name_ + " is on " + deviceName());
}

std::pair<uintptr_t, uintptr_t> TensorArg::byteSpan() const {
  if (elements_ == 0)
    return {address_, address_};
  // Extents and strides were checked when the tensor was read; a negative stride reaches
  // below the address.
  int64_t low = 0, high = 0, bytes = elemBytes();
  bool overflow = false;
  for (size_t i = 0; i < shape_.size(); ++i) {
    int64_t reach = 0;
    overflow |= __builtin_mul_overflow(shape_[i] - 1, strides_[i], &reach);
    int64_t &side = reach < 0 ? low : high;
    overflow |= __builtin_add_overflow(side, reach, &side);
  }
  overflow |=
      __builtin_mul_overflow(low, bytes, &low) || __builtin_mul_overflow(high, bytes, &high);
  if (overflow)
    fail(FLY_ERROR_INVALID_ARGUMENT, name_ + " spans more bytes than an address holds (shape " +
                                         shapeText(shape_) + ", strides " + shapeText(strides_) +
                                         ")");
  return {address_ + uintptr_t(low), address_ + uintptr_t(high) + uintptr_t(bytes)};
}

bool TensorArg::sameViewAs(const TensorArg &other) const {
  if (view_.data != other.view_.data || view_.ndim != other.view_.ndim ||
      elemBytes() != other.elemBytes())
    return false;
  for (int i = 0; i < view_.ndim; ++i)
    if (viewShape_[i] != other.viewShape_[i] ||
        (viewShape_[i] > 1 && viewStrides_[i] != other.viewStrides_[i]))
      return false;
  return true;
}

bool TensorArg::interleavedApartFrom(const TensorArg &other) const {
  auto rowView = [](const TensorArg &t) {
    return t.view_.ndim == 2 && t.viewStrides_[1] == 1 && t.viewShape_[0] > 1;
  };
  if (!rowView(*this) || !rowView(other))
    return false;
  int64_t period = viewStrides_[0] * elemBytes();
  if (period <= 0 || period != other.viewStrides_[0] * other.elemBytes())
    return false;
  // Both repeat every `period` bytes: apart where, within one period, the other's run starts
  // after this one's ends and ends before this one's next row begins.
  int64_t gap = (int64_t(other.address_ - address_) % period + period) % period;
  int64_t bytes = viewShape_[1] * elemBytes(), otherBytes = other.viewShape_[1] * other.elemBytes();
  return bytes <= gap && gap + otherBytes <= period;
}

void TensorArg::requireApartFrom(const TensorArg &other, bool inPlace) const {
  auto [first, last] = byteSpan();
  auto [otherFirst, otherLast] = other.byteSpan();
  if (first == last || otherFirst == otherLast || last <= otherFirst || otherLast <= first)
    return;
  if (inPlace && sameViewAs(other))
    return;
  if (interleavedApartFrom(other))
    return;
  fail(FLY_ERROR_INVALID_ARGUMENT,
       name_ + " overlaps " + other.name_ + " in memory" +
           (inPlace ? " without being the same tensor (same address, dtype, shape and strides)"
                    : "") +
           ": the kernel would read elements it has already overwritten; pass " + name_ +
           " in memory of its own" + (inPlace ? " (or exactly " + other.name_ + ")" : ""));
}

} // namespace fly::kernels
