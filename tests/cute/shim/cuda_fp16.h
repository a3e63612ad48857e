#pragma once
// Test shim (tests/cute): host-only declarations that let CUTLASS headers parse without CUDA.
#include "vector_types.h"
struct __half_raw { unsigned short x; };
struct __half { unsigned short x; __half() = default; __half(__half_raw r) : x(r.x) {} operator __half_raw() const { return {x}; } };
struct __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;
inline float __half2float(__half) { return 0.f; }
inline __half __float2half(float) { return __half(); }
