// The fuzz input read as a stream of choices: each byte picks one, and an exhausted input reads
// as zeros, so every input is a complete (if short) program.
#ifndef FLYDSL_TESTS_FUZZ_BYTES_H
#define FLYDSL_TESTS_FUZZ_BYTES_H

#include <cstddef>
#include <cstdint>

struct FuzzBytes {
  const uint8_t *p;
  size_t n;
  uint8_t next() {
    if (!n)
      return 0;
    --n;
    return *p++;
  }
};

#endif // FLYDSL_TESTS_FUZZ_BYTES_H
