//===- handles.h - Opaque handle objects behind the C API -------*- C++ -*-===//
//
// Handles carry a magic number checked on every use, so NULL, destroyed and
// wrong-kind handles get FLY_ERROR_INVALID_HANDLE. Destroyed handle memory is
// kept in a free list and reused rather than returned to the allocator, which
// makes reading the magic of a stale handle well defined.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_HANDLES_H
#define FLYDSL_CAPI_HANDLES_H

#include "flydsl/flydsl.h"
#include "layout/swizzle.h"

#include <variant>

struct fly_layout {
  uint64_t magic;
  std::variant<fly::layout::Layout, fly::layout::ComposedLayout> value;
};

namespace fly::capi {

constexpr uint64_t kLayoutMagic = 0x464c594c41594f55ull; // "FLYLAYOU"
constexpr uint64_t kDeadMagic = 0xdeadbeefdeadbeefull;

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
