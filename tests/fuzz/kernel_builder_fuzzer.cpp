// libFuzzer harness: a byte stream drives the kernel-building C API — random ops on random
// value handles, including NULL, values of another kernel, values of an ended loop, freed
// kernels and out-of-range enums — then finishes, sometimes compiles for the cpu target, and
// destroys the module. Every call returns a status or a NULL value with a builder error;
// nothing crashes, hangs or leaks.
#include "flydsl/flydsl.h"

#include "fuzz_bytes.h"

#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzBytes b{data, size};
  fly_module_t *m = nullptr;
  if (fly_module_create(&m) != FLY_OK)
    __builtin_trap();
  fly_kernel_t *k = nullptr, *other = nullptr;
  fly_kernel_create(m, "fuzzed", &k);
  fly_kernel_create(m, "other", &other);
  std::vector<fly_value_t *> pool{fly_kernel_tensor_param(k, FLY_F32, 1),
                                  fly_kernel_tensor_param(k, FLY_I32, 2),
                                  fly_kernel_scalar_param(k, FLY_I32),
                                  fly_kernel_scalar_param(k, FLY_F32)};
  fly_value_t *foreign = fly_const_int(other, FLY_I32, 1);
  auto pick = [&]() -> fly_value_t * {
    uint8_t c = b.next();
    if (c % 23 == 0)
      return nullptr;
    if (c % 23 == 1)
      return foreign;
    return pool[c % pool.size()];
  };
  int depth = 0;
  for (int step = 0; step < 48 && b.n; ++step) {
    int e = int(b.next()) - 4; // enum values, some out of range
    fly_value_t *v = nullptr;
    switch (b.next() % 16) {
    case 0:
      v = fly_const_int(k, e % 14, int64_t(b.next()) - 128);
      break;
    case 1:
      v = fly_const_float(k, e % 14, b.next() / 7.0);
      break;
    case 2:
      v = fly_binary(k, e % 24, pick(), pick());
      break;
    case 3:
      v = fly_unary(k, e % 24, pick());
      break;
    case 4:
      v = fly_compare(k, e % 16, pick(), pick());
      break;
    case 5:
      v = fly_cast(k, pick(), e % 14);
      break;
    case 6:
      v = fly_select(k, pick(), pick(), pick());
      break;
    case 7: {
      fly_value_t *coord[2] = {pick(), pick()};
      v = fly_load(k, pick(), coord, 1 + b.next() % 2, b.next() % 2 ? pick() : nullptr);
      break;
    }
    case 8: {
      fly_value_t *coord[2] = {pick(), pick()};
      fly_store(k, pick(), pick(), coord, 1 + b.next() % 2, nullptr);
      break;
    }
    case 9:
      v = fly_gpu_index(k, e % 6, b.next() % 4);
      break;
    case 10:
      fly_barrier(k);
      break;
    case 11:
      v = fly_shuffle(k, e % 6, pick(), pick(), pick());
      break;
    case 12:
      if (depth < 3) {
        fly_value_t *iter = nullptr, *init = pick();
        v = fly_for_begin(k, pick(), pick(), pick(), &init, b.next() % 2, &iter);
        ++depth;
        if (iter)
          pool.push_back(iter);
      }
      break;
    case 13:
      if (depth > 0) {
        fly_value_t *y = pick(), *res = nullptr;
        fly_for_end(k, &y, b.next() % 2, &res);
        --depth;
        if (res)
          pool.push_back(res);
      }
      break;
    case 14:
      v = fly_vector_splat(k, pick(), int(b.next() % 70) - 2);
      break;
    case 15:
      v = fly_shared_tensor(k, e % 14, int64_t(b.next()) - 8, int64_t(1) << (b.next() % 10));
      break;
    }
    if (v)
      pool.push_back(v);
  }
  fly_kernel_finish(k);
  fly_kernel_finish(other);
  if (b.next() % 8 == 0) {
    fly_compile_options_t o = {sizeof(o), "cpu", nullptr, 0, nullptr, 0};
    fly_compiled_t *c = nullptr;
    if (fly_compile(m, &o, &c) == FLY_OK)
      fly_compiled_destroy(c);
  }
  fly_module_destroy(m);
  // The kernel handle is stale now: an error, not a use after free.
  if (fly_const_int(k, FLY_I32, 1) != nullptr || fly_kernel_finish(k) != FLY_ERROR_INVALID_HANDLE)
    __builtin_trap();
  return 0;
}
