//===- text.h - Reading CuTe's text form ------------------------*- C++ -*-===//
#ifndef FLYDSL_LAYOUT_TEXT_H
#define FLYDSL_LAYOUT_TEXT_H

#include "layout/layout.h"

#include <functional>
#include <string_view>

namespace fly::layout {

/// Reads values in CuTe's printed form from a string. Errors name the offset.
class TextReader {
public:
  explicit TextReader(std::string_view text);

  IntTuple intTuple();
  Layout layout();
  Tiler tiler();
  int64_t integer();
  /// Lets `?` stand for a leaf known only inside a kernel: each `?` takes
  /// next(1)'s value, and
  /// `?{div=d}` (or `?{d}`), a leaf known to be a multiple of d, next(d)'s.
  void setDynamicLeaves(std::function<Int(int64_t divisor)> next) {
    dynamicLeaf_ = std::move(next);
  }

  bool peek(char c);
  bool accept(char c);
  bool accept(std::string_view word);
  void expect(char c);
  void expectEnd();
  [[noreturn]] void error(const std::string &what) const;

  /// Text nested deeper than this is an error, not a stack overflow (as for token arrays).
  static constexpr int kMaxDepth = 256;

private:
  void skipSpace();
  /// Counts one level of nesting for as long as it lives.
  struct Nest {
    explicit Nest(TextReader &r);
    ~Nest() { --r.depth_; }
    TextReader &r;
  };

  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
  std::function<Int(int64_t)> dynamicLeaf_;
};

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_TEXT_H
