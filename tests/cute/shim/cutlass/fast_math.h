#pragma once
// Test shim (tests/cute): host-only declarations that let CUTLASS headers parse without CUDA.
// Test shim: CuTe's math.hpp only needs the name of this type.
namespace cutlass { struct FastDivmod { using value_div_type = int; using value_mod_type = int; int divisor; }; }
