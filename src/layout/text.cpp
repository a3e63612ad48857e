//===- text.cpp - Reading CuTe's text form --------------------------------===//
//
// One recursive-descent reader for IntTuples, layouts, tilers, swizzles and
// composed layouts, so that every kind of text accepts whitespace and reports
// errors the same way.
//
//===----------------------------------------------------------------------===//

#include "layout/text.h"

#include <cctype>

namespace fly::layout {

TextReader::TextReader(std::string_view text) : text_(text) {}

TextReader::Nest::Nest(TextReader &reader) : r(reader) {
  if (++r.depth_ > kMaxDepth) {
    --r.depth_;
    r.error("nests deeper than " + std::to_string(kMaxDepth) + " levels");
  }
}

void TextReader::skipSpace() {
  while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
    ++pos_;
}

bool TextReader::peek(char c) {
  skipSpace();
  return pos_ < text_.size() && text_[pos_] == c;
}

bool TextReader::accept(char c) {
  if (!peek(c))
    return false;
  ++pos_;
  return true;
}

bool TextReader::accept(std::string_view word) {
  skipSpace();
  if (text_.substr(pos_, word.size()) != word)
    return false;
  pos_ += word.size();
  return true;
}

void TextReader::expect(char c) {
  if (!accept(c))
    error(std::string("expected '") + c + "'");
}

void TextReader::expectEnd() {
  skipSpace();
  if (pos_ != text_.size())
    error("unexpected trailing text");
}

void TextReader::error(const std::string &what) const {
  std::string shown(text_.substr(0, 200));
  fail(ErrorKind::Parse, what + " at offset " + std::to_string(pos_) + " in \"" + shown + "\"");
}

int64_t TextReader::integer() {
  skipSpace();
  size_t start = pos_;
  bool negative = false;
  if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) {
    negative = text_[pos_] == '-';
    ++pos_;
  }
  if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
    pos_ = start;
    error("expected an integer");
  }
  // Accumulate negatively so that INT64_MIN is representable.
  int64_t v = 0;
  while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
    int digit = text_[pos_] - '0';
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_sub_overflow(v, digit, &v))
      fail(ErrorKind::Overflow, "integer at offset " + std::to_string(start) +
                                    " does not fit in 64 bits");
    ++pos_;
  }
  if (!negative) {
    if (v == INT64_MIN)
      fail(ErrorKind::Overflow,
           "integer at offset " + std::to_string(start) + " does not fit in 64 bits");
    v = -v;
  }
  return v;
}

IntTuple TextReader::intTuple() {
  Nest nest(*this);
  if (accept('(')) {
    IntTuple t;
    if (accept(')'))
      return t;
    do {
      t.push_back(intTuple());
    } while (accept(','));
    expect(')');
    return t;
  }
  if (accept('_'))
    return IntTuple::underscore();
  if (dynamicLeaf_ && accept('?')) {
    DynamicLeafSpec spec;
    if (accept('{')) {
      if (accept("i64"))
        spec.bits = 64;
      else
        accept("i32");
      if (!accept('}')) {
        accept("div="); // FlyDSL's spelling, ?{div=16}; ?{16} says the same
        spec.divisor = integer();
        if (spec.divisor < 1)
          error("a divisibility is positive");
        expect('}');
      }
    }
    return IntTuple(dynamicLeaf_(spec));
  }
  int64_t v = integer();
  std::vector<int> basis;
  while (accept('@')) {
    int64_t b = integer();
    if (b < 0 || b > 1 << 20)
      error("a basis index must be a small non-negative integer");
    basis.push_back(static_cast<int>(b));
  }
  return basis.empty() ? IntTuple(v) : IntTuple(Int(v, std::move(basis)));
}

Layout TextReader::layout() {
  IntTuple shape = intTuple();
  expect(':');
  IntTuple stride = intTuple();
  return Layout(std::move(shape), std::move(stride));
}

Tiler TextReader::tiler() {
  Nest nest(*this);
  if (peek('(')) {
    // Either a tuple of tilers or the shape of a layout: read it as a tuple
    // and decide on seeing ':'.
    size_t start = pos_;
    try {
      IntTuple shape = intTuple();
      if (accept(':'))
        return Tiler(Layout(std::move(shape), intTuple()));
    } catch (const LayoutError &e) {
      if (e.kind() != ErrorKind::Parse)
        throw;
    }
    pos_ = start;
    expect('(');
    std::vector<Tiler> elems;
    if (!accept(')')) {
      do {
        elems.push_back(tiler());
      } while (accept(','));
      expect(')');
    }
    return Tiler::tuple(std::move(elems));
  }
  if (accept('_'))
    return Tiler::underscore();
  IntTuple shape = intTuple();
  if (accept(':'))
    return Tiler(Layout(std::move(shape), intTuple()));
  return Tiler::integer(shape.value());
}

IntTuple IntTuple::parse(std::string_view text) {
  TextReader r(text);
  IntTuple t = r.intTuple();
  r.expectEnd();
  return t;
}

Layout Layout::parse(std::string_view text) {
  TextReader r(text);
  Layout l = r.layout();
  r.expectEnd();
  return l;
}

Tiler Tiler::integer(int64_t n) {
  Tiler t(makeLayout(IntTuple(n)));
  t.kind_ = Kind::Integer;
  t.integer_ = n;
  return t;
}

Tiler Tiler::parse(std::string_view text) {
  TextReader r(text);
  Tiler t = r.tiler();
  r.expectEnd();
  return t;
}

std::string Tiler::str() const {
  switch (kind_) {
  case Kind::Layout:
    return layout_.str();
  case Kind::Integer:
    return std::to_string(integer_);
  case Kind::Underscore:
    return "_";
  case Kind::Tuple:
    break;
  }
  std::string s = "(";
  for (size_t i = 0; i < elems_.size(); ++i)
    s += (i ? "," : "") + elems_[i].str();
  return s + ")";
}

} // namespace fly::layout
