//===- handles.cpp - Opaque handle objects behind the C API ---------------===//

#include "capi/handles.h"
#include "capi/status.h"

#include <mutex>
#include <new>
#include <vector>

namespace fly::capi {

namespace {

struct Pool {
  std::mutex mutex;
  std::vector<void *> free;
};

Pool &pool() {
  static Pool *p = new Pool(); // never destroyed: handles may outlive static teardown
  return *p;
}

void *allocateSlot() {
  Pool &p = pool();
  {
    std::lock_guard<std::mutex> lock(p.mutex);
    if (!p.free.empty()) {
      void *slot = p.free.back();
      p.free.pop_back();
      return slot;
    }
  }
  return ::operator new(sizeof(fly_layout));
}

template <class T> fly_layout_t *emplace(T value) {
  void *slot = allocateSlot();
  try {
    return new (slot) fly_layout{kLayoutMagic, std::move(value)};
  } catch (...) {
    std::lock_guard<std::mutex> lock(pool().mutex);
    pool().free.push_back(slot);
    throw;
  }
}

} // namespace

fly_layout_t *newLayout(layout::Layout l) { return emplace(std::move(l)); }
fly_layout_t *newLayout(layout::ComposedLayout l) { return emplace(std::move(l)); }

void destroyLayout(fly_layout_t *h) {
  if (!h || h->magic != kLayoutMagic)
    return;
  h->~fly_layout();
  h->magic = kDeadMagic;
  std::lock_guard<std::mutex> lock(pool().mutex);
  pool().free.push_back(h);
}

const std::variant<layout::Layout, layout::ComposedLayout> &handleValue(const fly_layout_t *h,
                                                                       const char *name) {
  if (!h)
    fail(FLY_ERROR_INVALID_HANDLE, std::string("layout handle '") + name + "' is NULL");
  if (h->magic == kDeadMagic)
    fail(FLY_ERROR_INVALID_HANDLE,
         std::string("layout handle '") + name + "' was already destroyed");
  if (h->magic != kLayoutMagic)
    fail(FLY_ERROR_INVALID_HANDLE,
         std::string("'") + name + "' is not a layout handle (wrong kind or corrupted)");
  return h->value;
}

const layout::Layout &plainLayout(const fly_layout_t *h, const char *name, const char *op) {
  const auto &v = handleValue(h, name);
  if (const auto *l = std::get_if<layout::Layout>(&v))
    return *l;
  fail(FLY_ERROR_UNSUPPORTED,
       std::string(op) + " is not defined for the composed (swizzled) layout '" + name + "'");
}

} // namespace fly::capi
