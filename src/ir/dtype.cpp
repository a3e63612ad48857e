//===- dtype.cpp - Element types of kernel values -------------------------===//

#include "ir/dtype.h"

namespace fly::ir {

bool isValidDType(int d) { return d >= 0 && d < kDTypeCount; }

bool isFloat(DType d) {
  switch (d) {
  case DType::F16:
  case DType::BF16:
  case DType::F32:
  case DType::F64:
  case DType::F8E4M3:
  case DType::F8E5M2:
  case DType::F8E4M3FNUZ:
  case DType::F8E5M2FNUZ:
    return true;
  default:
    return false;
  }
}

bool isInteger(DType d) { return !isFloat(d); }

bool isRegisterOnly(DType d) { return d == DType::I4; }

bool isFp8(DType d) {
  return d == DType::F8E4M3 || d == DType::F8E5M2 || d == DType::F8E4M3FNUZ ||
         d == DType::F8E5M2FNUZ;
}

int bitWidth(DType d) {
  switch (d) {
  case DType::I1:
    return 1;
  case DType::I4:
    return 4;
  case DType::I8:
  case DType::F8E4M3:
  case DType::F8E5M2:
  case DType::F8E4M3FNUZ:
  case DType::F8E5M2FNUZ:
    return 8;
  case DType::I16:
  case DType::F16:
  case DType::BF16:
    return 16;
  case DType::I32:
  case DType::F32:
    return 32;
  case DType::I64:
  case DType::F64:
  case DType::Index:
    return 64;
  }
  return 0;
}

const char *dtypeName(DType d) {
  static const char *names[] = {"i1",     "i8",    "i16",        "i32",        "i64",
                                "f16",    "bf16",  "f32",        "f64",        "f8e4m3",
                                "f8e5m2", "index", "f8e4m3fnuz", "f8e5m2fnuz", "i4"};
  return isValidDType(static_cast<int>(d)) ? names[static_cast<int>(d)] : "?";
}

} // namespace fly::ir
