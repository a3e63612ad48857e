//===- status.cpp - Thread-local errors, versions, strings ----------------===//

#include "capi/status.h"

#include <cstdlib>
#include <cstring>

namespace fly::capi {

namespace {
struct LastError {
  fly_status status = FLY_OK;
  std::string message;
};
thread_local LastError lastError;
} // namespace

fly_status setError(fly_status status, const std::string &message) {
  lastError.status = status;
  lastError.message = message;
  return status;
}

void clearError() {
  lastError.status = FLY_OK;
  lastError.message.clear();
}

fly_status statusFor(layout::ErrorKind kind) {
  switch (kind) {
  case layout::ErrorKind::InvalidArgument:
    return FLY_ERROR_INVALID_ARGUMENT;
  case layout::ErrorKind::Parse:
    return FLY_ERROR_PARSE;
  case layout::ErrorKind::RankMismatch:
    return FLY_ERROR_RANK_MISMATCH;
  case layout::ErrorKind::Divisibility:
    return FLY_ERROR_DIVISIBILITY;
  case layout::ErrorKind::Overflow:
    return FLY_ERROR_OVERFLOW;
  case layout::ErrorKind::Unsupported:
    return FLY_ERROR_UNSUPPORTED;
  }
  return FLY_ERROR_INTERNAL;
}

char *copyString(const std::string &s) {
  char *out = static_cast<char *>(std::malloc(s.size() + 1));
  if (!out)
    throw std::bad_alloc();
  std::memcpy(out, s.c_str(), s.size() + 1);
  return out;
}

} // namespace fly::capi

using namespace fly::capi;

extern "C" {

const char *fly_last_error_message(void) { return lastError.message.c_str(); }
fly_status fly_last_error_status(void) { return lastError.status; }

const char *fly_status_name(fly_status status) {
  switch (status) {
  case FLY_OK:
    return "FLY_OK";
  case FLY_ERROR_INVALID_ARGUMENT:
    return "FLY_ERROR_INVALID_ARGUMENT";
  case FLY_ERROR_PARSE:
    return "FLY_ERROR_PARSE";
  case FLY_ERROR_RANK_MISMATCH:
    return "FLY_ERROR_RANK_MISMATCH";
  case FLY_ERROR_DIVISIBILITY:
    return "FLY_ERROR_DIVISIBILITY";
  case FLY_ERROR_OVERFLOW:
    return "FLY_ERROR_OVERFLOW";
  case FLY_ERROR_INVALID_HANDLE:
    return "FLY_ERROR_INVALID_HANDLE";
  case FLY_ERROR_UNSUPPORTED:
    return "FLY_ERROR_UNSUPPORTED";
  case FLY_ERROR_BUFFER_TOO_SMALL:
    return "FLY_ERROR_BUFFER_TOO_SMALL";
  case FLY_ERROR_OUT_OF_MEMORY:
    return "FLY_ERROR_OUT_OF_MEMORY";
  case FLY_ERROR_INTERNAL:
    return "FLY_ERROR_INTERNAL";
  case FLY_ERROR_COMPILE:
    return "FLY_ERROR_COMPILE";
  case FLY_ERROR_LAUNCH:
    return "FLY_ERROR_LAUNCH";
  }
  return "FLY_ERROR_UNKNOWN";
}

const char *fly_version(void) { return FLYDSL_VERSION_STRING; }
int fly_abi_version(void) { return FLYDSL_ABI_VERSION; }
void fly_string_free(char *s) { std::free(s); }

} // extern "C"
