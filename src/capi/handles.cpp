//===- handles.cpp - Opaque handle objects behind the C API ---------------===//

#include "capi/handles.h"
#include "capi/handle_table.h"
#include "capi/status.h"

#include <memory>

namespace fly::capi {

fly_layout_t *newLayout(layout::Layout l) {
  return adoptHandle<fly_layout_t>(HandleKind::Layout,
                                   std::make_unique<fly_layout>(fly_layout{std::move(l)}));
}

fly_layout_t *newLayout(layout::ComposedLayout l) {
  return adoptHandle<fly_layout_t>(HandleKind::Layout,
                                   std::make_unique<fly_layout>(fly_layout{std::move(l)}));
}

void destroyLayout(fly_layout_t *h) { delete takeHandle<fly_layout>(h, HandleKind::Layout); }

const std::variant<layout::Layout, layout::ComposedLayout> &handleValue(const fly_layout_t *h,
                                                                       const char *name) {
  return fromHandle<fly_layout>(h, HandleKind::Layout, name)->value;
}

const layout::Layout &plainLayout(const fly_layout_t *h, const char *name, const char *op) {
  const auto &v = handleValue(h, name);
  if (const auto *l = std::get_if<layout::Layout>(&v))
    return *l;
  fail(FLY_ERROR_UNSUPPORTED,
       std::string(op) + " is not defined for the composed (swizzled) layout '" + name + "'");
}

} // namespace fly::capi
