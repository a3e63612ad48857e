//===- hip_event.h - HIP events for timing device work ----------------*- C++ -*-===//
#ifndef FLYDSL_RUNTIME_HIP_HIP_EVENT_H
#define FLYDSL_RUNTIME_HIP_HIP_EVENT_H

#include "runtime/hip/hip_driver.h"

namespace fly::runtime::hip {

/// An event of one device, the same shape as cuda::Event. Throws DriverError (naming the call
/// and HIP's error) from every operation that fails.
class Event {
public:
  explicit Event(int device);
  ~Event();
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  void record(void *stream);
  void synchronize();
  /// Milliseconds between two recorded events, once `end` has completed.
  static float elapsedMs(const Event &start, const Event &end);

private:
  const Driver &driver_;
  int device_;
  hipEvent_t event_ = nullptr;
};

} // namespace fly::runtime::hip

#endif // FLYDSL_RUNTIME_HIP_HIP_EVENT_H
