// libFuzzer harness: the kernel library's entry points with DLPack descriptors built from the
// input (rank, extents, strides, dtype, device, offsets into one real buffer, NULL parts,
// overlapping operands) and scalar arguments. COMPILE_ONLY is set, so a call that passes its
// checks compiles its kernel and reports that it did not run: the described tensors are never
// read. Each call returns a status; nothing crashes, hangs or leaks.
#include "flydsl/kernels.h"

#include "fuzz_bytes.h"

#include <dlpack/dlpack.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {
alignas(64) uint8_t buffer[1 << 16];

struct Described {
  DLTensor t{};
  int64_t shape[4] = {0, 0, 0, 0}, strides[4] = {0, 0, 0, 0};
  fly_arg_t arg{};
};

void describe(FuzzBytes &b, Described &d) {
  static const DLDataType types[] = {{kDLFloat, 32, 1}, {kDLFloat, 16, 1}, {kDLBfloat, 16, 1},
                                     {kDLInt, 32, 1},   {kDLFloat, 64, 1}, {kDLFloat, 32, 2}};
  uint8_t c = b.next();
  d.t.ndim = c % 7 == 6 ? int32_t(b.next()) << 24 : c % 5; // now and then absurd
  d.t.dtype = types[b.next() % 6];
  d.t.device = {b.next() % 9 == 0 ? kDLCUDA : kDLCPU, 0};
  d.t.data = b.next() % 13 == 0 ? nullptr : buffer + (b.next() % 64) * 8;
  d.t.byte_offset = b.next() % 4 * 2;
  for (int i = 0; i < 4; ++i) {
    uint8_t e = b.next();
    d.shape[i] = e % 17 == 16 ? (int64_t(1) << (b.next() % 63)) : e % 17 == 15 ? -1 : e % 40;
    uint8_t s = b.next();
    d.strides[i] = s % 11 == 10 ? -int64_t(b.next()) : s % 64;
  }
  d.t.shape = b.next() % 19 == 0 ? nullptr : d.shape;
  d.t.strides = b.next() % 3 == 0 ? nullptr : d.strides;
  d.arg = {FLY_ARG_DLTENSOR, &d.t, 0, 0.0};
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setenv("COMPILE_ONLY", "1", 1);
  setenv("FLYDSL_RUNTIME_ENABLE_CACHE", "0", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzBytes b{data, size};
  Described ops[5];
  for (Described &d : ops)
    describe(b, d);
  // Sometimes the same descriptor twice: exact aliasing.
  auto pick = [&]() -> const fly_arg_t * {
    uint8_t c = b.next();
    return c % 11 == 0 ? nullptr : &ops[c % 5].arg;
  };
  double alpha = (b.next() % 7) - 3.0, beta = b.next() % 5 == 0 ? 1e308 * 10 : 0.5;
  switch (b.next() % 10) {
  case 0:
    fly_kernels_elementwise(int(b.next() % 9) - 1, pick(), pick(), alpha, beta, pick(), nullptr);
    break;
  case 1:
    fly_kernels_softmax(pick(), pick(), nullptr);
    break;
  case 2:
    fly_kernels_layernorm(pick(), pick(), pick(), pick(), pick(), alpha, pick(), nullptr);
    break;
  case 3:
    fly_kernels_rmsnorm(pick(), pick(), pick(), pick(), beta, pick(), nullptr);
    break;
  case 4:
    fly_kernels_rope_kv_cache(pick(), pick(), pick(), pick(), b.next() % 2, pick(), pick(), pick(),
                              pick(), nullptr);
    break;
  case 5:
    fly_kernels_paged_attention(pick(), pick(), pick(), pick(), pick(), alpha, pick(), nullptr);
    break;
  case 6:
    fly_kernels_moe_topk_softmax(pick(), b.next() % 2, pick(), pick(), nullptr);
    break;
  case 7:
    fly_kernels_fused_moe(pick(), pick(), pick(), pick(), pick(), pick(), nullptr);
    break;
  case 8:
    fly_kernels_attention(pick(), pick(), pick(), pick(), pick(), int64_t(b.next()) - 8, alpha,
                          b.next() % 2, pick(), pick(), nullptr);
    break;
  default:
    fly_kernels_gemm(pick(), pick(), pick(), alpha, beta, pick(), nullptr);
    break;
  }
  return 0;
}
