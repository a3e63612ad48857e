//===- random.h - Counter-based random numbers, in kernels and on the host -*- C++ -*-===//
//
// Philox (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3") with the constants
// and round order Triton's tl.randint uses, so that a seed and offset give the same words
// here as there: 4x32 on i32 words, 4x64 on i64 words. Each generator exists twice, built
// into a kernel from its values and computed on the host from numbers, by one template.
//
//===----------------------------------------------------------------------===//

#ifndef FLYDSL_IR_RANDOM_H
#define FLYDSL_IR_RANDOM_H

#include <cstdint>
#include <string>

namespace fly::ir {

class Kernel;
class Value;

/// `rounds` Philox rounds over `counter` with `key`; false (and an error on `k`) unless the six
/// words are scalars of one type, i32 or i64.
bool philox(Kernel &k, Value *const key[2], Value *const counter[4], int rounds, Value *out[4]);
/// A word of random bits (i32 or i64) as an f32 uniform in [0, 1): the word read as signed,
/// folded onto the non-negative ones (x < 0 -> -x - 1) and scaled by just under 2^-31
/// (2^-63).
Value *uniformFromBits(Kernel &k, Value *word);
/// Two standard normal f32 values from two f32 uniforms (Box-Muller; u1 is kept >= 1e-7).
bool normalPair(Kernel &k, Value *u1, Value *u2, Value *out[2]);

/// The host's: words in the low `bits` (32 or 64) of each number. Return an error, or "".
std::string philoxHost(int bits, const uint64_t key[2], const uint64_t counter[4], int rounds,
                       uint64_t out[4]);
std::string uniformFromBitsHost(int bits, uint64_t word, float &out);
void normalPairHost(float u1, float u2, float out[2]);

} // namespace fly::ir

#endif // FLYDSL_IR_RANDOM_H
