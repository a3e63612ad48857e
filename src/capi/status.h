//===- status.h - Turning C++ failures into C status codes ------*- C++ -*-===//
//
// Every extern "C" entry point runs its body through guard(), which records the
// message of any failure in a thread-local slot and returns its status, so no
// exception crosses the C boundary.
//
//===----------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_STATUS_H
#define FLYDSL_CAPI_STATUS_H

#include "capi/handle_table.h"
#include "flydsl/flydsl.h"
#include "layout/error.h"

#include <new>
#include <string>

namespace fly::capi {

/// A failure detected by the C API layer itself (bad pointers, bad handles).
struct ApiError {
  fly_status status;
  std::string message;
};

[[noreturn]] inline void fail(fly_status status, std::string message) {
  throw ApiError{status, std::move(message)};
}

fly_status setError(fly_status status, const std::string &message);
void clearError();
fly_status statusFor(layout::ErrorKind kind);

template <class F> fly_status guard(F &&body) {
  PinScope pins; // handles looked up in body stay alive until it returns
  try {
    body();
    return FLY_OK;
  } catch (const ApiError &e) {
    return setError(e.status, e.message);
  } catch (const layout::LayoutError &e) {
    return setError(statusFor(e.kind()), e.what());
  } catch (const std::bad_alloc &) {
    return setError(FLY_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception &e) {
    return setError(FLY_ERROR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return setError(FLY_ERROR_INTERNAL, "internal error: unknown exception");
  }
}

template <class T> T *requireOut(T *p, const char *name) {
  if (!p)
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string("output pointer '") + name + "' is NULL");
  return p;
}

/// Copies a std::string into a malloc'ed C string owned by the caller.
char *copyString(const std::string &s);

} // namespace fly::capi

#endif // FLYDSL_CAPI_STATUS_H
