//===- hip_event.cpp - HIP events for timing device work ------------------===//

#include "runtime/hip/hip_event.h"

namespace fly::runtime::hip {

Event::Event(int device) : driver_(Driver::require()), device_(device) {
  driver_.check(driver_.hipSetDevice(device_), "hipSetDevice");
  driver_.check(driver_.hipEventCreate(&event_), "hipEventCreate");
}

Event::~Event() {
  if (event_)
    driver_.hipEventDestroy(event_);
}

void Event::record(void *stream) {
  driver_.check(driver_.hipSetDevice(device_), "hipSetDevice");
  driver_.check(driver_.hipEventRecord(event_, static_cast<hipStream_t>(stream)),
                "hipEventRecord");
}

void Event::synchronize() {
  driver_.check(driver_.hipEventSynchronize(event_), "hipEventSynchronize");
}

float Event::elapsedMs(const Event &start, const Event &end) {
  float ms = 0;
  start.driver_.check(start.driver_.hipEventElapsedTime(&ms, start.event_, end.event_),
                      "hipEventElapsedTime");
  return ms;
}

} // namespace fly::runtime::hip
