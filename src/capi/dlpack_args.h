//===- dlpack_args.h - DLPack tensors as launch arguments ------*- C++ -*-===//
//
// Reading a fly_arg_t's tensor in any of the three DLPack forms, and matching its element
// type to a kernel dtype: shared by launches and by the kernel library's dispatch.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_DLPACK_ARGS_H
#define FLYDSL_CAPI_DLPACK_ARGS_H

#include "capi/status.h"
#include "ir/dtype.h"

#include <dlpack/dlpack.h>

#include <string>

namespace fly::capi {

// DLPack 1.x's versioned tensor, declared from the DLPack ABI: Debian's header is 0.6.
struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void *manager_ctx;
  void (*deleter)(DLManagedTensorVersioned *self);
  uint64_t flags;
  DLTensor dl_tensor;
};
// DLPack 1.1 type codes for the fp8 formats we use.
constexpr uint8_t kDLFloat8E4M3FN = 10;
constexpr uint8_t kDLFloat8E4M3FNUZ = 11;
constexpr uint8_t kDLFloat8E5M2 = 12;
constexpr uint8_t kDLFloat8E5M2FNUZ = 13;

inline bool dtypeMatches(ir::DType d, const DLDataType &t) {
  if (t.lanes != 1)
    return false;
  switch (d) {
  case ir::DType::I8:
  case ir::DType::I16:
  case ir::DType::I32:
  case ir::DType::I64:
    return (t.code == kDLInt || t.code == kDLUInt) && t.bits == ir::bitWidth(d);
  case ir::DType::F16:
  case ir::DType::F32:
  case ir::DType::F64:
    return t.code == kDLFloat && t.bits == ir::bitWidth(d);
  case ir::DType::BF16:
    return t.code == kDLBfloat && t.bits == 16;
  case ir::DType::F8E4M3:
    return t.bits == 8 && (t.code == kDLFloat8E4M3FN || t.code == kDLUInt);
  case ir::DType::F8E5M2:
    return t.bits == 8 && (t.code == kDLFloat8E5M2 || t.code == kDLUInt);
  case ir::DType::F8E4M3FNUZ:
    return t.bits == 8 && (t.code == kDLFloat8E4M3FNUZ || t.code == kDLUInt);
  case ir::DType::F8E5M2FNUZ:
    return t.bits == 8 && (t.code == kDLFloat8E5M2FNUZ || t.code == kDLUInt);
  default:
    return false;
  }
}

inline std::string dlTypeName(const DLDataType &t) {
  static const char *codes[] = {"int", "uint", "float", "opaque", "bfloat", "complex", "bool"};
  std::string c = t.code < 7 ? codes[t.code] : "code" + std::to_string(t.code);
  return c + std::to_string(t.bits) + (t.lanes != 1 ? "x" + std::to_string(t.lanes) : "");
}

/// The most dimensions a tensor argument may have: more is a damaged descriptor.
constexpr int kMaxTensorRank = 64;

/// Fails unless `t`'s rank and shape can be read (its rank in 0..kMaxTensorRank, a shape array
/// where it has dimensions).
inline const DLTensor *readableTensor(const DLTensor *t, const std::string &where) {
  if (t->ndim < 0 || t->ndim > kMaxTensorRank)
    fail(FLY_ERROR_LAUNCH, where + ": a DLPack tensor of " + std::to_string(t->ndim) +
                               " dimensions (0 to " + std::to_string(kMaxTensorRank) +
                               " are read)");
  if (t->ndim > 0 && !t->shape)
    fail(FLY_ERROR_LAUNCH, where + ": the DLPack tensor's shape is NULL");
  return t;
}

inline const DLTensor *tensorOf(const fly_arg_t &a, size_t i) {
  std::string where = "argument " + std::to_string(i);
  if (!a.tensor)
    fail(FLY_ERROR_LAUNCH, where + ": the tensor pointer is NULL");
  switch (a.kind) {
  case FLY_ARG_DLTENSOR:
    return readableTensor(static_cast<const DLTensor *>(a.tensor), where);
  case FLY_ARG_DLMANAGED:
    return readableTensor(&static_cast<const DLManagedTensor *>(a.tensor)->dl_tensor, where);
  case FLY_ARG_DLMANAGED_VERSIONED: {
    auto *v = static_cast<const DLManagedTensorVersioned *>(a.tensor);
    if (v->version.major != 1)
      fail(FLY_ERROR_LAUNCH, where + ": DLPack version " + std::to_string(v->version.major) +
                                 "." + std::to_string(v->version.minor) + " is not 1.x");
    return readableTensor(&v->dl_tensor, where);
  }
  default:
    fail(FLY_ERROR_LAUNCH, where + " is a scalar where the kernel takes a tensor");
  }
}

} // namespace fly::capi

#endif // FLYDSL_CAPI_DLPACK_ARGS_H
