//===- cuda_event.cpp - CUDA events for timing device work ----------------===//

#include "runtime/cuda/cuda_event.h"

namespace fly::runtime::cuda {

Event::Event(int device) : driver_(Driver::require()), context_(primaryContext(driver_, device)) {
  driver_.check(driver_.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
  driver_.check(driver_.cuEventCreate(&event_, 0), "cuEventCreate");
}

Event::~Event() {
  if (event_)
    driver_.cuEventDestroy(event_);
}

void Event::record(void *stream) {
  driver_.check(driver_.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
  driver_.check(driver_.cuEventRecord(event_, static_cast<CUstream>(stream)), "cuEventRecord");
}

void Event::synchronize() {
  driver_.check(driver_.cuEventSynchronize(event_), "cuEventSynchronize");
}

float Event::elapsedMs(const Event &start, const Event &end) {
  float ms = 0;
  start.driver_.check(start.driver_.cuEventElapsedTime(&ms, start.event_, end.event_),
                      "cuEventElapsedTime");
  return ms;
}

} // namespace fly::runtime::cuda
