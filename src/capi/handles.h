//===- handles.h - Opaque handle objects behind the C API -------*- C++ -*-===//
//
// A layout handle is a token of the handle table (capi/handle_table.h), so NULL,
// destroyed and wrong-kind handles get FLY_ERROR_INVALID_HANDLE and a destroyed
// layout's memory is freed.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_HANDLES_H
#define FLYDSL_CAPI_HANDLES_H

#include "flydsl/flydsl.h"
#include "layout/swizzle.h"

#include <variant>

struct fly_layout {
  std::variant<fly::layout::Layout, fly::layout::ComposedLayout> value;
};

namespace fly::capi {

fly_layout_t *newLayout(layout::Layout l);
fly_layout_t *newLayout(layout::ComposedLayout l);
void destroyLayout(fly_layout_t *h);

/// The handle's value; fails on NULL, destroyed or wrong-kind handles.
const std::variant<layout::Layout, layout::ComposedLayout> &handleValue(const fly_layout_t *h,
                                                                       const char *name);
/// The plain layout; fails for composed layouts with a message naming `op`.
const layout::Layout &plainLayout(const fly_layout_t *h, const char *name, const char *op);

} // namespace fly::capi

#endif // FLYDSL_CAPI_HANDLES_H
