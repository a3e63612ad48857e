//===- cuda_event.h - CUDA events for timing device work --------------*- C++ -*-===//
#ifndef FLYDSL_RUNTIME_CUDA_CUDA_EVENT_H
#define FLYDSL_RUNTIME_CUDA_CUDA_EVENT_H

#include "runtime/cuda/cuda_driver.h"

namespace fly::runtime::cuda {

/// An event of one device's primary context. Throws DriverError (naming the call and the
/// driver's error) from every operation that fails.
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
  CUcontext context_;
  CUevent event_ = nullptr;
};

} // namespace fly::runtime::cuda

#endif // FLYDSL_RUNTIME_CUDA_CUDA_EVENT_H
