//===- flydsl.hpp - Header-only C++ wrapper over the C API ------*- C++ -*-===//
//
// RAII handles and exceptions over flydsl.h. Every call goes through the C ABI,
// so this header works with any build of libflydsl.so.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_FLYDSL_HPP
#define FLYDSL_FLYDSL_HPP

#include "flydsl/flydsl.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace flydsl {

class Error : public std::runtime_error {
public:
  Error(fly_status status, const std::string &message)
      : std::runtime_error(message), status_(status) {}
  fly_status status() const { return status_; }

private:
  fly_status status_;
};

inline void check(fly_status s) {
  if (s != FLY_OK)
    throw Error(s, fly_last_error_message());
}

/// An IntTuple in the C API's token form.
using Tuple = std::vector<int64_t>;

inline Tuple parseTuple(const std::string &text) {
  int64_t *tokens = nullptr;
  size_t n = 0;
  check(fly_tuple_parse(text.c_str(), &tokens, &n));
  Tuple t(tokens, tokens + n);
  fly_tuple_free(tokens);
  return t;
}

class Layout {
public:
  explicit Layout(const std::string &text) {
    fly_layout_t *h = nullptr;
    check(fly_layout_parse(text.c_str(), &h));
    handle_.reset(h);
  }
  /// make_layout(shape, stride); an empty stride gives compact column-major strides.
  Layout(const Tuple &shape, const Tuple &stride) {
    fly_layout_t *h = nullptr;
    check(fly_layout_make(shape.data(), shape.size(), stride.empty() ? nullptr : stride.data(),
                          stride.size(), &h));
    handle_.reset(h);
  }

  std::string str() const {
    char *s = nullptr;
    check(fly_layout_to_string(get(), &s));
    std::string r(s);
    fly_string_free(s);
    return r;
  }
  int64_t size() const { return query(fly_layout_size); }
  int64_t cosize() const { return query(fly_layout_cosize); }
  int64_t rank() const { return query(fly_layout_rank); }
  int64_t operator()(const Tuple &crd) const {
    int64_t r = 0;
    check(fly_layout_crd2idx(get(), crd.data(), crd.size(), &r));
    return r;
  }
  int64_t operator()(int64_t idx) const { return (*this)(Tuple{idx}); }
  bool operator==(const Layout &o) const {
    int r = 0;
    check(fly_layout_equal(get(), o.get(), &r));
    return r != 0;
  }

  Layout coalesce() const { return unary(FLY_LAYOUT_COALESCE); }
  Layout complement() const { return unary(FLY_LAYOUT_COMPLEMENT); }
  Layout rightInverse() const { return unary(FLY_LAYOUT_RIGHT_INVERSE); }
  Layout leftInverse() const { return unary(FLY_LAYOUT_LEFT_INVERSE); }
  Layout compose(const Layout &b) const { return binary(FLY_LAYOUT_COMPOSITION, b); }
  Layout tiled(fly_tiler_op op, const std::string &tiler) const {
    fly_layout_t *h = nullptr;
    check(fly_layout_tiler_op(op, get(), tiler.c_str(), &h));
    return Layout(h);
  }
  Layout logicalDivide(const std::string &tiler) const {
    return tiled(FLY_TILER_LOGICAL_DIVIDE, tiler);
  }

  const fly_layout_t *get() const { return handle_.get(); }

private:
  explicit Layout(fly_layout_t *adopted) : handle_(adopted) {}
  int64_t query(fly_status (*f)(const fly_layout_t *, int64_t *)) const {
    int64_t r = 0;
    check(f(get(), &r));
    return r;
  }
  Layout unary(fly_layout_unary_op op) const {
    fly_layout_t *h = nullptr;
    check(fly_layout_unary(op, get(), &h));
    return Layout(h);
  }
  Layout binary(fly_layout_binary_op op, const Layout &b) const {
    fly_layout_t *h = nullptr;
    check(fly_layout_binary(op, get(), b.get(), &h));
    return Layout(h);
  }

  struct Deleter {
    void operator()(fly_layout_t *l) const { fly_layout_destroy(l); }
  };
  std::unique_ptr<fly_layout_t, Deleter> handle_;
};

} // namespace flydsl

#endif // FLYDSL_FLYDSL_HPP
