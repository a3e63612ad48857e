//===- driver_calls.h - Entry points that reach a GPU runtime ----------*- C++ -*-===//
#ifndef FLYDSL_CAPI_DRIVER_CALLS_H
#define FLYDSL_CAPI_DRIVER_CALLS_H

#include "capi/status.h"
#include "runtime/gpu/launch_limits.h"

#include <string>

namespace fly::capi {

/// Fails unless `target` is given and `device` is not negative.
inline void requireTargetDevice(const char *target, int device) {
  if (!target)
    fail(FLY_ERROR_INVALID_ARGUMENT, "target is NULL");
  if (device < 0)
    fail(FLY_ERROR_INVALID_ARGUMENT, "device " + std::to_string(device) + " is negative");
}

/// Runs `body`, a runtime's failure becoming FLY_ERROR_LAUNCH with its message.
template <class F> void onDriver(F &&body) {
  try {
    body();
  } catch (const runtime::gpu::GpuError &e) {
    fail(FLY_ERROR_LAUNCH, e.what());
  }
}

} // namespace fly::capi

#endif // FLYDSL_CAPI_DRIVER_CALLS_H
