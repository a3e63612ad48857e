//===- dtype.h - Element types of kernel values ----------------------*- C++ -*-===//
//
// The numbering is the C API's fly_dtype; the DLPack code of each is in capi/dlpack_args.h.
//
//===---------------------------------------------------------------------------===//
#ifndef FLYDSL_IR_DTYPE_H
#define FLYDSL_IR_DTYPE_H

#include <cstdint>

namespace fly::ir {

enum class DType : int {
  I1 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  F16 = 5,
  BF16 = 6,
  F32 = 7,
  F64 = 8,
  F8E4M3 = 9,
  F8E5M2 = 10,
  Index = 11,
  F8E4M3FNUZ = 12,
  F8E5M2FNUZ = 13,
  I4 = 14,
};
constexpr int kDTypeCount = 15;

bool isValidDType(int d);
bool isFloat(DType d);
bool isInteger(DType d); // I1..I64 and Index
/// The 8-bit floats, which LLVM lacks: they live in memory as their i8 bits.
bool isFp8(DType d);
/// Types that live in registers only: a 4-bit integer has no addressable storage, so no
/// tensor, parameter or memory atom has it (its values travel packed, as words bitcast).
bool isRegisterOnly(DType d);
/// Storage width in bits (Index counts as 64).
int bitWidth(DType d);
const char *dtypeName(DType d);

} // namespace fly::ir

#endif // FLYDSL_IR_DTYPE_H
