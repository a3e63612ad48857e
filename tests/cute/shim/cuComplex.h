#pragma once
// Test shim (tests/cute): host-only declarations that let CUTLASS headers parse without CUDA.
struct cuFloatComplex { float x, y; };
struct cuDoubleComplex { double x, y; };
inline float cuCrealf(cuFloatComplex c) { return c.x; }
inline float cuCimagf(cuFloatComplex c) { return c.y; }
inline double cuCreal(cuDoubleComplex c) { return c.x; }
inline double cuCimag(cuDoubleComplex c) { return c.y; }
inline cuFloatComplex make_cuFloatComplex(float a, float b) { return {a, b}; }
inline cuDoubleComplex make_cuDoubleComplex(double a, double b) { return {a, b}; }
