//===- typst_color.h - A C color callback as a drawing's color ------------===//
#ifndef FLYDSL_CAPI_TYPST_COLOR_H
#define FLYDSL_CAPI_TYPST_COLOR_H

#include "capi/status.h"
#include "flydsl/flydsl.h"
#include "layout/typst_drawing.h"

#include <cctype>
#include <cstring>
#include <string>

namespace fly::capi {

/// The drawing's color function for a fly_typst_color_t (empty for NULL: the default palette).
/// A failing callback or a fill that is not "#rrggbb" fails the call.
inline layout::TypstColor typstColor(fly_typst_color_t color, void *user) {
  if (!color)
    return {};
  return [color, user](int64_t a, int64_t b) {
    char out[8] = {};
    if (color(a, b, out, user) != 0)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           "the color callback failed for (" + std::to_string(a) + ", " + std::to_string(b) + ")");
    std::string fill(out, strnlen(out, sizeof out));
    bool hex = fill.size() == 7 && fill[0] == '#';
    for (size_t i = 1; hex && i < 7; ++i)
      hex = std::isxdigit(static_cast<unsigned char>(fill[i])) != 0;
    if (!hex)
      fail(FLY_ERROR_INVALID_ARGUMENT, "the color callback gave '" + fill + "' for (" +
                                           std::to_string(a) + ", " + std::to_string(b) +
                                           "); a fill is \"#rrggbb\"");
    return fill;
  };
}

} // namespace fly::capi

#endif // FLYDSL_CAPI_TYPST_COLOR_H
