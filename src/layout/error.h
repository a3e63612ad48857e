//===- error.h - Errors raised by the layout algebra ------------*- C++ -*-===//
//
// The algebra reports a violated CuTe precondition by throwing LayoutError. The
// C API layer catches it and turns it into a status code plus a message, so no
// exception ever reaches a caller of the library.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_LAYOUT_ERROR_H
#define FLYDSL_LAYOUT_ERROR_H

#include <stdexcept>
#include <string>

namespace fly::layout {

enum class ErrorKind {
  InvalidArgument, // a value outside the domain of an operation (zero extent, bad index)
  Parse,           // malformed text
  RankMismatch,    // tuples whose structures do not line up
  Divisibility,    // CuTe's divisibility / injectivity preconditions
  Overflow,        // 64-bit overflow in a product or sum
  Unsupported,     // a valid request this implementation does not handle
};

class LayoutError : public std::runtime_error {
public:
  LayoutError(ErrorKind kind, const std::string &message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

private:
  ErrorKind kind_;
};

[[noreturn]] inline void fail(ErrorKind kind, const std::string &message) {
  throw LayoutError(kind, message);
}

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_ERROR_H
