// libFuzzer harness: a byte stream drives the layout and IntTuple entry points with random
// well-formed and malformed operands (token arrays with bad structure, huge values, zero and
// negative extents, out-of-range enums, NULL, destroyed and wrong-kind handles). Every call
// returns a status; nothing crashes, hangs or leaks.
#include "flydsl/flydsl.h"

#include "fuzz_bytes.h"

#include <cstdint>
#include <vector>

namespace {

struct Bytes : FuzzBytes {
  int64_t value() {
    switch (next() % 8) {
    case 0:
      return 0;
    case 1:
      return -int64_t(next());
    case 2:
      return int64_t(1) << (next() % 63);
    case 3:
      return INT64_MIN + next() % 20; // token values and their neighbours
    default:
      return next() % 17;
    }
  }
};

// Tokens of a random IntTuple, sometimes malformed.
std::vector<int64_t> tuple(Bytes &b, int depth = 0) {
  std::vector<int64_t> t;
  uint8_t kind = b.next() % 10;
  if (depth > 3 || kind < 5) {
    t.push_back(kind == 0 ? b.value() : 1 + b.next() % 8);
    return t;
  }
  if (kind == 9) { // raw tokens
    for (int i = b.next() % 6; i > 0; --i)
      t.push_back(b.value());
    return t;
  }
  t.push_back(FLY_TOKEN_OPEN);
  for (int i = b.next() % 4; i > 0; --i) {
    std::vector<int64_t> e = tuple(b, depth + 1);
    t.insert(t.end(), e.begin(), e.end());
  }
  if (kind != 8) // 8: unbalanced
    t.push_back(FLY_TOKEN_CLOSE);
  return t;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Bytes b{{data, size}};
  std::vector<fly_layout_t *> live;
  fly_layout_t *dead = nullptr;
  auto pick = [&]() -> const fly_layout_t * {
    uint8_t c = b.next();
    if (c % 16 == 0)
      return nullptr;
    if (c % 16 == 1)
      return dead;
    if (c % 16 == 2)
      return reinterpret_cast<const fly_layout_t *>(&live); // not a handle
    return live.empty() ? nullptr : live[c % live.size()];
  };
  for (int step = 0; step < 64 && b.n; ++step) {
    fly_layout_t *r = nullptr;
    std::vector<int64_t> x = tuple(b), y = tuple(b), z = tuple(b);
    int64_t *out = nullptr;
    size_t count = 0;
    int64_t v = 0;
    int op = int(b.next()) - 8; // includes invalid enum values
    switch (b.next() % 12) {
    case 0:
      fly_layout_make(x.data(), x.size(), b.next() % 2 ? y.data() : nullptr,
                      b.next() % 2 ? y.size() : 0, &r);
      break;
    case 1:
      fly_layout_unary(op % 10, pick(), &r);
      break;
    case 2:
      fly_layout_binary(op % 10, pick(), pick(), &r);
      break;
    case 3:
      fly_layout_coalesce_profile(pick(), x.data(), x.size(), &r);
      break;
    case 4:
      fly_layout_complement_to(pick(), x.data(), x.size(), &r);
      break;
    case 5:
      fly_layout_tile_to_shape(pick(), x.data(), x.size(), y.data(), b.next() % 2 ? y.size() : 0,
                               &r);
      break;
    case 6:
      fly_layout_recast(pick(), b.value(), b.value(), &r);
      break;
    case 7:
      if (fly_tuple_binary(op % 10, x.data(), x.size(), y.data(), y.size(), &out, &count) ==
          FLY_OK)
        fly_tuple_free(out);
      break;
    case 8:
      if (fly_tuple_ternary(op % 4, x.data(), x.size(), y.data(), y.size(), z.data(), z.size(),
                            &out, &count) == FLY_OK)
        fly_tuple_free(out);
      break;
    case 9:
      fly_layout_crd2idx(pick(), x.data(), x.size(), &v);
      fly_layout_slice(pick(), x.data(), x.size(), &r);
      break;
    case 10:
      fly_layout_make_ordered(x.data(), x.size(), y.data(), y.size(), &r);
      break;
    case 11:
      if (!live.empty()) { // destroy one; its handle stays around as a stale one
        fly_layout_destroy(dead);
        dead = live.back();
        live.pop_back();
        fly_layout_destroy(dead);
      }
      break;
    }
    if (r)
      live.push_back(r);
  }
  for (fly_layout_t *l : live)
    fly_layout_destroy(l);
  return 0;
}
