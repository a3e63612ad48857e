#pragma once
// Test shim (tests/cute): host-only declarations that let CUTLASS headers parse without CUDA.
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat16 { unsigned short x; __nv_bfloat16() = default; __nv_bfloat16(__nv_bfloat16_raw r) : x(r.x) {} operator __nv_bfloat16_raw() const { return {x}; } };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
