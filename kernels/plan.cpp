//===- plan.cpp - Block sizes and vector widths of the library's kernels ---------===//

#include "kernels/plan.h"

#include <algorithm>

namespace fly::kernels {

namespace {
// At most 512 threads a block: 128 registers a thread on an H100 (a 1024-thread block gets 64,
// too few for a streamed layernorm with a residual, whose launch then fails).
constexpr int kMaxThreads = 512;
// Values a thread keeps in registers (as f32) when its whole share of a row stays there.
constexpr int kRegisterValues = 32;
// Values a thread loads per chunk when the row is streamed.
constexpr int kChunkValues = 16;
// Copy calls a thread aims for in a register-resident row: enough independent loads in flight.
constexpr int kCallsPerThread = 4;

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t powerOfTwoAtLeast(int64_t x) {
  int64_t p = 1;
  while (p < x)
    p *= 2;
  return p;
}
} // namespace

int vectorWidth(int64_t cols, int elemBytes, int64_t alignBytes) {
  int vec = 16 / elemBytes;
  while (vec > 1 && (cols % vec != 0 || alignBytes % (int64_t(vec) * elemBytes) != 0))
    vec /= 2;
  return vec;
}

RowPlan planRow(int64_t cols, int vec) {
  RowPlan p;
  p.cols = cols;
  p.vec = vec;
  int64_t vectors = ceilDiv(cols, vec);
  p.threads = int(
      std::clamp<int64_t>(powerOfTwoAtLeast(ceilDiv(vectors, kCallsPerThread)), 64, kMaxThreads));
  int64_t calls = ceilDiv(vectors, p.threads);
  if (calls * vec <= kRegisterValues) {
    p.calls = int(calls);
    p.chunks = 1;
  } else {
    p.calls = std::max(1, kChunkValues / vec);
    p.chunks = ceilDiv(cols, p.chunkElements());
  }
  return p;
}

FlatPlan planFlat(int vec) {
  FlatPlan p;
  p.vec = vec;
  return p;
}

} // namespace fly::kernels
