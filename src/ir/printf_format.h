//===- printf_format.h - What a kernel's printf format may ask for -*- C++ -*-===//
//
// A kernel's printf format reaches the host's (or the GPU driver's) printf with the kernel's
// values as its arguments, so a conversion that reads something else (%s and %p read
// pointers, %n writes through one, * reads an extra int) or one whose size differs from its
// value reads memory nobody passed. The format is checked against the values when the kernel
// is built.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_IR_PRINTF_FORMAT_H
#define FLYDSL_IR_PRINTF_FORMAT_H

#include <cstddef>
#include <string>
#include <vector>

namespace fly::ir {

/// How a value reaches printf: integers of up to 32 bits as int, i64 as long long, floats as
/// double.
enum class PrintfArg { Int, Long, Double };

/// Empty when `format` reads exactly `args` in order with conversions that fit them (d i u x X
/// o c for Int; the same but c with l or ll for Long; f F e E g G a A for Double), else why not.
std::string checkPrintfFormat(const std::string &format, const std::vector<PrintfArg> &args);

/// The `{}` placeholders of FlyDSL's print format `format`, counted left to right.
size_t placeholderCount(const std::string &format);

/// FlyDSL's print format as a printf format: each `{}` becomes the conversion for the next
/// argument (%d, %lld, %.2f), and every `%` prints itself. A `{}` past the arguments stays
/// text; an argument past the placeholders is an error (returned in `why`).
std::string placeholdersToPrintf(const std::string &format, const std::vector<PrintfArg> &args,
                                 std::string &why);

} // namespace fly::ir

#endif // FLYDSL_IR_PRINTF_FORMAT_H
