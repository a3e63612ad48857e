//===- event_api.cpp - The C API of GPU events and device facts ---------------===//

#include "capi/compiled.h"
#include "capi/driver_calls.h"
#include "runtime/cpu/host_processor.h"
#include "runtime/cuda/cuda_driver.h"
#include "runtime/cuda/cuda_event.h"
#include "runtime/hip/hip_driver.h"
#include "runtime/hip/hip_event.h"

#include <algorithm>
#include <cstring>
#include <thread>

using namespace fly;
using namespace fly::capi;

struct fly_event {
  std::unique_ptr<runtime::cuda::Event> cuda;
  std::unique_ptr<runtime::hip::Event> hip;
};

namespace {

fly_event *eventOf(const fly_event_t *e, const char *name) {
  return fromHandle<fly_event>(e, HandleKind::Event, name);
}

} // namespace

extern "C" {

fly_status fly_event_create(const char *target, int device, fly_event_t **out) {
  return guard([&] {
    requireOut(out, "out");
    requireTargetDevice(target, device);
    auto e = std::make_unique<fly_event>();
    if (!std::strcmp(target, "cuda"))
      onDriver([&] { e->cuda = std::make_unique<runtime::cuda::Event>(device); });
    else if (!std::strcmp(target, "rocm"))
      onDriver([&] { e->hip = std::make_unique<runtime::hip::Event>(device); });
    else if (!std::strcmp(target, "cpu"))
      fail(FLY_ERROR_UNSUPPORTED, "the cpu target has no events: its launches finish before "
                                  "they return (time them on the host clock)");
    else
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("unknown target '") + target + "' (expected cuda or rocm)");
    *out = adoptHandle<fly_event_t>(HandleKind::Event, std::move(e));
  });
}

fly_status fly_device_count(const char *target, int *count) {
  return guard([&] {
    requireOut(count, "count");
    requireTargetDevice(target, 0);
    if (!std::strcmp(target, "cuda"))
      *count = runtime::cuda::deviceCount();
    else if (!std::strcmp(target, "rocm"))
      *count = runtime::hip::deviceCount();
    else if (!std::strcmp(target, "cpu"))
      *count = 1;
    else
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("unknown target '") + target + "' (expected cuda, rocm or cpu)");
  });
}

fly_status fly_device_processors(const char *target, int device, int *count) {
  return guard([&] {
    requireOut(count, "count");
    requireTargetDevice(target, device);
    if (!std::strcmp(target, "cuda"))
      onDriver([&] { *count = runtime::cuda::multiprocessorsOf(device); });
    else if (!std::strcmp(target, "cpu"))
      *count = int(std::max(1u, std::thread::hardware_concurrency()));
    else if (!std::strcmp(target, "rocm"))
      fail(FLY_ERROR_UNSUPPORTED, "the rocm target does not report its compute units yet");
    else
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("unknown target '") + target + "' (expected cuda, rocm or cpu)");
  });
}

fly_status fly_device_name(const char *target, int device, char **name) {
  return guard([&] {
    requireOut(name, "name");
    requireTargetDevice(target, device);
    std::string text;
    if (!std::strcmp(target, "cuda"))
      onDriver([&] { text = runtime::cuda::nameOf(device); });
    else if (!std::strcmp(target, "rocm"))
      onDriver([&] { text = runtime::hip::nameOf(device); });
    else if (!std::strcmp(target, "cpu"))
      text = runtime::cpu::processorName();
    else
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("unknown target '") + target + "' (expected cuda, rocm or cpu)");
    *name = copyString(text);
  });
}

void fly_event_destroy(fly_event_t *event) {
  delete takeHandle<fly_event>(event, HandleKind::Event);
}

fly_status fly_event_record(fly_event_t *event, void *stream) {
  return guard([&] {
    fly_event *e = eventOf(event, "event");
    onDriver([&] { e->cuda ? e->cuda->record(stream) : e->hip->record(stream); });
  });
}

fly_status fly_event_synchronize(fly_event_t *event) {
  return guard([&] {
    fly_event *e = eventOf(event, "event");
    onDriver([&] { e->cuda ? e->cuda->synchronize() : e->hip->synchronize(); });
  });
}

fly_status fly_event_elapsed_ms(const fly_event_t *start, const fly_event_t *end, float *ms) {
  return guard([&] {
    requireOut(ms, "ms");
    fly_event *a = eventOf(start, "start"), *b = eventOf(end, "end");
    if (bool(a->cuda) != bool(b->cuda))
      fail(FLY_ERROR_INVALID_ARGUMENT, "start and end are events of different runtimes");
    onDriver([&] {
      *ms = a->cuda ? runtime::cuda::Event::elapsedMs(*a->cuda, *b->cuda)
                    : runtime::hip::Event::elapsedMs(*a->hip, *b->hip);
    });
  });
}

} // extern "C"
