//===- handle_table.h - Live handles with generation counts -----*- C++ -*-===//
//
// Every handle the C API gives out (layouts, modules, kernels, compiled modules,
// prepared launches, events) is a token, not a pointer: a slot of this table and
// the slot's generation. Destroying a handle frees its object and advances the
// slot's generation, so a stale, forged or wrong-kind handle is recognised
// without reading freed memory, and the table only grows with the number of
// handles alive at once. Kernel values are not here: they live inside their
// kernel and are checked by it.
//
// Lookups take no lock (slots sit in chunks that never move); adding and
// removing take one. A lookup inside a PinScope (every guarded C call opens one)
// pins its slot until the scope ends, and a destroy on another thread waits for
// the slot's pins to go before it frees the object: a handle destroyed while
// another thread uses it is freed after that use, and lookups after the destroy
// fail. A slot whose generation reaches the largest a token holds is retired
// rather than reused, so a stale handle never becomes valid again.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_HANDLE_TABLE_H
#define FLYDSL_CAPI_HANDLE_TABLE_H

#include <cstdint>
#include <memory>

namespace fly::capi {

enum class HandleKind : uint8_t { Layout = 1, Module, Kernel, Compiled, Prepared, Event, TiledMma };

/// "layout", "module", ... as error messages name them.
const char *handleKindName(HandleKind kind);

/// Registers an object and returns its token (never 0).
uintptr_t addHandle(HandleKind kind, void *object);
/// The object of a live handle of this kind; fails with FLY_ERROR_INVALID_HANDLE
/// (naming the argument) for NULL, destroyed, forged and wrong-kind handles.
void *lookupHandle(uintptr_t token, HandleKind kind, const char *name);
/// Unregisters a live handle of this kind and returns its object; nullptr (and
/// nothing changes) for NULL, destroyed, forged and wrong-kind handles.
void *removeHandle(uintptr_t token, HandleKind kind);
/// How many handles are alive (for tests of leaks).
uint64_t liveHandleCount();
/// The generation the next handle of a free slot gets: for tests of retirement, which set
/// it near the largest.
void setNextGenerationForTesting(uint64_t generation);

/// Pins the handles this thread looks up until the outermost scope on the thread ends.
class PinScope {
public:
  PinScope();
  ~PinScope();
  PinScope(const PinScope &) = delete;
  PinScope &operator=(const PinScope &) = delete;

private:
  bool outermost_;
};

template <class H> H *toHandle(HandleKind kind, void *object) {
  return reinterpret_cast<H *>(addHandle(kind, object));
}
/// Registers a new object and returns its handle; the handle owns it from then on.
template <class H, class T> H *adoptHandle(HandleKind kind, std::unique_ptr<T> object) {
  H *h = toHandle<H>(kind, object.get());
  object.release();
  return h;
}
template <class T> T *fromHandle(const void *handle, HandleKind kind, const char *name) {
  return static_cast<T *>(lookupHandle(reinterpret_cast<uintptr_t>(handle), kind, name));
}
template <class T> T *takeHandle(const void *handle, HandleKind kind) {
  return static_cast<T *>(removeHandle(reinterpret_cast<uintptr_t>(handle), kind));
}

} // namespace fly::capi

#endif // FLYDSL_CAPI_HANDLE_TABLE_H
