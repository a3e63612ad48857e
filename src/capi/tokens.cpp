//===- tokens.cpp - IntTuples as flat int64 token arrays ------------------===//

#include "capi/tokens.h"
#include "capi/status.h"

#include <cstdlib>

namespace fly::capi {

using layout::Int;
using layout::IntTuple;

namespace {

constexpr int64_t kLowestLeaf = INT64_MIN + 16;
constexpr int kMaxDepth = 256;

class Decoder {
public:
  Decoder(const int64_t *tokens, size_t count, const char *what)
      : tokens_(tokens), count_(count), what_(what) {}

  IntTuple decode() {
    IntTuple t = element(0);
    if (pos_ != count_)
      error("trailing tokens after a complete tuple");
    return t;
  }

private:
  int64_t next() {
    if (pos_ >= count_)
      error("ends in the middle of a tuple");
    return tokens_[pos_++];
  }

  IntTuple element(int depth) {
    if (depth > kMaxDepth)
      error("nests deeper than " + std::to_string(kMaxDepth));
    int64_t tok = next();
    if (tok == FLY_TOKEN_OPEN) {
      IntTuple t;
      while (true) {
        if (pos_ >= count_)
          error("has an unclosed tuple");
        if (tokens_[pos_] == FLY_TOKEN_CLOSE) {
          ++pos_;
          return t;
        }
        t.push_back(element(depth + 1));
      }
    }
    if (tok == FLY_TOKEN_CLOSE)
      error("has an unmatched close token");
    if (tok == FLY_TOKEN_UNDERSCORE)
      return IntTuple::underscore();
    if (tok == FLY_TOKEN_BASIS) {
      int64_t value = next();
      int64_t n = next();
      if (n < 1 || n > 64)
        error("has a basis element with " + std::to_string(n) + " modes");
      std::vector<int> modes;
      for (int64_t i = 0; i < n; ++i) {
        int64_t m = next();
        if (m < 0 || m > (1 << 20))
          error("has a basis mode out of range");
        modes.push_back(static_cast<int>(m));
      }
      return IntTuple(Int(value, std::move(modes)));
    }
    if (tok < kLowestLeaf)
      error("uses the reserved token value " + std::to_string(tok));
    return IntTuple(tok);
  }

  [[noreturn]] void error(const std::string &msg) const {
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string(what_) + ": token array " + msg);
  }

  const int64_t *tokens_;
  size_t count_;
  const char *what_;
  size_t pos_ = 0;
};

void encodeInto(const IntTuple &t, std::vector<int64_t> &out) {
  switch (t.kind()) {
  case IntTuple::Kind::Underscore:
    out.push_back(FLY_TOKEN_UNDERSCORE);
    return;
  case IntTuple::Kind::Leaf: {
    const Int &v = t.leaf();
    if (v.isBasis()) {
      out.push_back(FLY_TOKEN_BASIS);
      out.push_back(v.scale());
      out.push_back(static_cast<int64_t>(v.basis().size()));
      for (int m : v.basis())
        out.push_back(m);
      return;
    }
    int64_t x = v.value();
    if (x < kLowestLeaf)
      fail(FLY_ERROR_OVERFLOW, "the value " + std::to_string(x) +
                                   " collides with a reserved token and cannot be returned");
    out.push_back(x);
    return;
  }
  case IntTuple::Kind::Tuple:
    out.push_back(FLY_TOKEN_OPEN);
    for (const IntTuple &e : t.elems())
      encodeInto(e, out);
    out.push_back(FLY_TOKEN_CLOSE);
    return;
  }
}

} // namespace

IntTuple decodeTuple(const int64_t *tokens, size_t count, const char *what) {
  if (!tokens || count == 0)
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string(what) + ": empty or NULL token array");
  return Decoder(tokens, count, what).decode();
}

void encodeTuple(const IntTuple &t, int64_t **tokens, size_t *count) {
  requireOut(tokens, "tokens");
  requireOut(count, "count");
  std::vector<int64_t> out;
  encodeInto(t, out);
  auto *mem = static_cast<int64_t *>(std::malloc(out.size() * sizeof(int64_t)));
  if (!mem)
    throw std::bad_alloc();
  std::copy(out.begin(), out.end(), mem);
  *tokens = mem;
  *count = out.size();
}

} // namespace fly::capi
