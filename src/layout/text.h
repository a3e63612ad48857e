//===- text.h - Reading CuTe's text form ------------------------*- C++ -*-===//
#ifndef FLYDSL_LAYOUT_TEXT_H
#define FLYDSL_LAYOUT_TEXT_H

#include "layout/layout.h"

#include <functional>
#include <string_view>

namespace fly::layout {

/// What a `?` leaf's text says of it: a number it is a multiple of (`?{div=16}`) and its
/// width in bits (FlyDSL's `?{i64}`; `?` is 32 bits wide).
struct DynamicLeafSpec {
  int64_t divisor = 1;
  int bits = 32;
};

/// Reads values in CuTe's printed form from a string. Errors name the offset.
class TextReader {
public:
  explicit TextReader(std::string_view text);

  IntTuple intTuple();
  Layout layout();
  Tiler tiler();
  int64_t integer();
  /// Lets `?` stand for a leaf known only inside a kernel: each `?` takes next(spec)'s value,
  /// where `?{div=d}` (or `?{d}`) is a multiple of d and `?{i64}` (`?{i64 div=d}`) is 64 bits
  /// wide.
  void setDynamicLeaves(std::function<Int(const DynamicLeafSpec &)> next) {
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
  std::function<Int(const DynamicLeafSpec &)> dynamicLeaf_;
};

} // namespace fly::layout

#endif // FLYDSL_LAYOUT_TEXT_H
