//===- layout_text.h - Numbers in the generators' layout text ----------*- C++ -*-===//
//
// The generators spell tiles, layouts and swizzles as CuTe text ("(64,128):(128,1)"): these
// helpers give the numbers in it.
//
//===----------------------------------------------------------------------------===//
#ifndef FLYDSL_KERNELS_LAYOUT_TEXT_H
#define FLYDSL_KERNELS_LAYOUT_TEXT_H

#include <cstdint>
#include <string>

namespace fly::kernels {

inline std::string str(int64_t v) { return std::to_string(v); }

/// The bits a power of two v needs (the next one up for others): log2Of(128) == 7.
inline int log2Of(int64_t v) {
  int l = 0;
  while ((int64_t(1) << l) < v)
    ++l;
  return l;
}

} // namespace fly::kernels

#endif // FLYDSL_KERNELS_LAYOUT_TEXT_H
