#pragma once
// Test shim (tests/cute): host-only declarations that let CUTLASS headers parse without CUDA.
// Test shim: CUDA's vector types, declared only so that CUTLASS's host headers parse.
struct int4 { int x, y, z, w; };
struct uint4 { unsigned x, y, z, w; };
struct float4 { float x, y, z, w; };
struct long4 { long x, y, z, w; };
struct ulong4 { unsigned long x, y, z, w; };
struct longlong2 { long long x, y; };
struct ulonglong2 { unsigned long long x, y; };
struct longlong4 { long long x, y, z, w; };
struct ulonglong4 { unsigned long long x, y, z, w; };
struct double2 { double x, y; };
struct double4 { double x, y, z, w; };
struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x = 1, y = 1, z = 1; dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {} };
