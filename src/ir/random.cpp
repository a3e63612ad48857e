//===- random.cpp - Counter-based random numbers, in kernels and on the host --===//

#include "ir/random.h"
#include "ir/kernel.h"

#include <array>
#include <cmath>

namespace fly::ir {

namespace {

struct PhiloxConstants {
  uint64_t multiplierA, multiplierB; // the two round multipliers
  uint64_t weylA, weylB;             // what each round adds to the two key words
};

PhiloxConstants philoxConstants(int bits) {
  if (bits == 32)
    return {0xD2511F53u, 0xCD9E8D57u, 0x9E3779B9u, 0xBB67AE85u};
  return {0xD2E7470EE14C6C93ull, 0xCA5A826395121157ull, 0x9E3779B97F4A7C15ull,
          0xBB67AE8584CAA73Bull};
}

// Just under 2^-31 and 2^-63 (Triton's constants): the largest word maps below 1.
constexpr float kUniformScale32 = 4.6566127342e-10f;
constexpr float kUniformScale64 = 1.0842020432385337e-19f;
constexpr float kNormalFloor = 1.0e-7f; // keeps log(u1) finite
constexpr float kTwoPi = 6.283185307179586f;

/// The rounds, over words that `Ops` multiplies (high and low halves of the double-width
/// product), xors and adds: numbers on the host, kernel values in a kernel.
template <class Word, class Ops>
std::array<Word, 4> philoxRounds(Ops &ops, int bits, std::array<Word, 4> c, std::array<Word, 2> key,
                                 int rounds) {
  PhiloxConstants m = philoxConstants(bits);
  for (int r = 0; r < rounds; ++r) {
    auto [hiB, loB] = ops.mulHiLo(c[2], m.multiplierB);
    auto [hiA, loA] = ops.mulHiLo(c[0], m.multiplierA);
    c = {ops.xor3(hiB, c[1], key[0]), loB, ops.xor3(hiA, c[3], key[1]), loA};
    key = {ops.add(key[0], m.weylA), ops.add(key[1], m.weylB)};
  }
  return c;
}

struct HostOps {
  int bits;
  uint64_t mask() const { return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }
  std::pair<uint64_t, uint64_t> mulHiLo(uint64_t a, uint64_t b) const {
    unsigned __int128 p = (unsigned __int128)a * b;
    return {uint64_t(p >> bits) & mask(), uint64_t(p) & mask()};
  }
  uint64_t xor3(uint64_t a, uint64_t b, uint64_t c) const { return a ^ b ^ c; }
  uint64_t add(uint64_t a, uint64_t b) const { return (a + b) & mask(); }
};

struct KernelOps {
  Kernel &k;
  DType word; // I32 or I64
  Value *constant(DType d, uint64_t bits) {
    // The bits as the constant's width holds them (two's complement).
    return k.constInt(d, d == DType::I32 ? int64_t(int32_t(uint32_t(bits))) : int64_t(bits));
  }
  std::pair<Value *, Value *> mulHiLo(Value *a, uint64_t b) {
    Value *lo = k.binary(BinaryOp::Mul, a, constant(word, b));
    if (word == DType::I32) { // the 64-bit product of the zero-extended words
      Value *p = k.binary(BinaryOp::Mul, k.cast(a, DType::I64, /*fromUnsigned=*/true),
                          constant(DType::I64, b));
      return {k.cast(k.binary(BinaryOp::ShrU, p, constant(DType::I64, 32)), DType::I32), lo};
    }
    // The high word of a 64 x 64 product from four 32 x 32 ones (each exact in 64 bits).
    Value *low32 = constant(DType::I64, 0xFFFFFFFFu), *shift = constant(DType::I64, 32);
    auto half = [&](Value *x, bool high) {
      return high ? k.binary(BinaryOp::ShrU, x, shift) : k.binary(BinaryOp::And, x, low32);
    };
    Value *a0 = half(a, false), *a1 = half(a, true);
    Value *b0 = constant(DType::I64, b & 0xFFFFFFFFu), *b1 = constant(DType::I64, b >> 32);
    Value *p00 = k.binary(BinaryOp::Mul, a0, b0), *p01 = k.binary(BinaryOp::Mul, a0, b1);
    Value *p10 = k.binary(BinaryOp::Mul, a1, b0), *p11 = k.binary(BinaryOp::Mul, a1, b1);
    Value *mid = k.binary(BinaryOp::Add, half(p00, true),
                          k.binary(BinaryOp::Add, half(p01, false), half(p10, false)));
    Value *hi = k.binary(BinaryOp::Add, p11, half(p01, true));
    hi = k.binary(BinaryOp::Add, hi, half(p10, true));
    return {k.binary(BinaryOp::Add, hi, half(mid, true)), lo};
  }
  Value *xor3(Value *a, Value *b, Value *c) {
    return k.binary(BinaryOp::Xor, k.binary(BinaryOp::Xor, a, b), c);
  }
  Value *add(Value *a, uint64_t b) { return k.binary(BinaryOp::Add, a, constant(word, b)); }
};

bool scalarOf(Kernel &k, Value *v, const char *what, DType &dtype) {
  if (!v) {
    k.reject(std::string(what) + " is NULL");
    return false;
  }
  if (k.isTensor(v) || k.lanesOf(v) != 1) {
    k.reject(std::string(what) + " must be a scalar");
    return false;
  }
  dtype = k.dtypeOf(v);
  return true;
}

} // namespace

bool philox(Kernel &k, Value *const key[2], Value *const counter[4], int rounds, Value *out[4]) {
  if (rounds < 0 || rounds > 64) {
    k.reject("philox: " + std::to_string(rounds) + " rounds (0 to 64 are offered)");
    return false;
  }
  std::array<Value *, 6> words = {key[0], key[1], counter[0], counter[1], counter[2], counter[3]};
  const char *names[6] = {"key 0", "key 1", "counter 0", "counter 1", "counter 2", "counter 3"};
  DType word = DType::I32;
  for (int i = 0; i < 6; ++i) {
    DType d;
    if (!scalarOf(k, words[i], names[i], d))
      return false;
    if (i == 0)
      word = d;
    if ((d != DType::I32 && d != DType::I64) || d != word) {
      k.reject("philox: the key and counter words are all i32 (4x32) or all i64 (4x64); " +
               std::string(names[i]) + " is " + dtypeName(d));
      return false;
    }
  }
  KernelOps ops{k, word};
  auto r = philoxRounds<Value *>(ops, word == DType::I32 ? 32 : 64,
                                 {counter[0], counter[1], counter[2], counter[3]}, {key[0], key[1]},
                                 rounds);
  for (int i = 0; i < 4; ++i)
    out[i] = r[i];
  return k.error().empty();
}

Value *uniformFromBits(Kernel &k, Value *word) {
  DType d;
  if (!scalarOf(k, word, "the word", d))
    return nullptr;
  if (d != DType::I32 && d != DType::I64) {
    k.reject(std::string("a uniform comes from an i32 or i64 word, not ") + dtypeName(d));
    return nullptr;
  }
  Value *zero = k.constInt(d, 0);
  Value *folded = k.binary(BinaryOp::Sub, k.binary(BinaryOp::Sub, zero, word), k.constInt(d, 1));
  Value *x = k.select(k.compare(CmpOp::Lt, word, zero), folded, word);
  Value *scale = k.constFloat(DType::F32, d == DType::I32 ? kUniformScale32 : kUniformScale64);
  return k.binary(BinaryOp::Mul, k.cast(x, DType::F32), scale);
}

bool normalPair(Kernel &k, Value *u1, Value *u2, Value *out[2]) {
  DType d1, d2;
  if (!scalarOf(k, u1, "u1", d1) || !scalarOf(k, u2, "u2", d2))
    return false;
  if (d1 != DType::F32 || d2 != DType::F32) {
    k.reject("normal values come from two f32 uniforms");
    return false;
  }
  Value *kept = k.binary(BinaryOp::Max, u1, k.constFloat(DType::F32, kNormalFloor));
  Value *theta = k.binary(BinaryOp::Mul, k.constFloat(DType::F32, kTwoPi), u2);
  Value *r = k.unary(UnaryOp::Sqrt, k.binary(BinaryOp::Mul, k.constFloat(DType::F32, -2.0),
                                             k.unary(UnaryOp::Log, kept)));
  out[0] = k.binary(BinaryOp::Mul, r, k.unary(UnaryOp::Cos, theta));
  out[1] = k.binary(BinaryOp::Mul, r, k.unary(UnaryOp::Sin, theta));
  return k.error().empty();
}

std::string philoxHost(int bits, const uint64_t key[2], const uint64_t counter[4], int rounds,
                       uint64_t out[4]) {
  if (bits != 32 && bits != 64)
    return "philox: words of " + std::to_string(bits) + " bits (32 or 64 are offered)";
  if (rounds < 0 || rounds > 64)
    return "philox: " + std::to_string(rounds) + " rounds (0 to 64 are offered)";
  HostOps ops{bits};
  auto r = philoxRounds<uint64_t>(ops, bits,
                                  {counter[0] & ops.mask(), counter[1] & ops.mask(),
                                   counter[2] & ops.mask(), counter[3] & ops.mask()},
                                  {key[0] & ops.mask(), key[1] & ops.mask()}, rounds);
  for (int i = 0; i < 4; ++i)
    out[i] = r[i];
  return {};
}

std::string uniformFromBitsHost(int bits, uint64_t word, float &out) {
  if (bits != 32 && bits != 64)
    return "a uniform comes from a word of 32 or 64 bits, not " + std::to_string(bits);
  int64_t x = bits == 32 ? int64_t(int32_t(uint32_t(word))) : int64_t(word);
  if (x < 0)
    x = -(x + 1); // -x - 1 without overflow at the most negative word
  out = float(x) * (bits == 32 ? kUniformScale32 : kUniformScale64);
  return {};
}

void normalPairHost(float u1, float u2, float out[2]) {
  float kept = std::fmax(u1, kNormalFloor);
  if (std::isnan(u1))
    kept = u1; // maximumf propagates NaN, as the kernel's
  float theta = kTwoPi * u2;
  float r = std::sqrt(-2.0f * std::log(kept));
  out[0] = r * std::cos(theta);
  out[1] = r * std::sin(theta);
}

} // namespace fly::ir
