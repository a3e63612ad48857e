//===- kernel_values.h - Kernel and value handles for the kernel-building C API -*- C++ -*-===//
//
// Kernel-building calls return values, not statuses: a bad kernel handle sets the thread's
// error and yields NULL; a bad value handle becomes the kernel's (sticky) builder error.
//
//===-----------------------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_KERNEL_VALUES_H
#define FLYDSL_CAPI_KERNEL_VALUES_H

#include "compiler/llvm_fatal_errors.h"
#include "flydsl/flydsl.h"
#include "ir/kernel.h"

#include <string>
#include <type_traits>
#include <vector>

namespace fly::capi {

ir::Kernel *kernelOrNull(fly_kernel_t *k);
inline ir::Value *val(fly_value_t *v) { return reinterpret_cast<ir::Value *>(v); }
inline fly_value_t *handle(ir::Value *v) { return reinterpret_cast<fly_value_t *>(v); }
std::vector<ir::Value *> values(fly_value_t *const *vs, size_t n);
/// A dtype given as an int; ok is false outside fly_dtype.
ir::DType dtypeArg(int d, bool &ok);

/// Runs a builder call; an exception that escapes it, or a fatal error that LLVM or MLIR reports
/// in it (an op whose result types its verifier cannot infer), becomes the kernel's error (`k`'s
/// reject), never a crash through the C boundary nor the end of the process. After a fatal
/// error the call's own frames are abandoned (what they held leaks); the kernel, rejected, is
/// never compiled.
template <class Kernel, class F> auto kernelCall(Kernel *k, F &&f) -> decltype(f()) {
  using Result = decltype(f());
  try {
    if constexpr (std::is_void_v<Result>) {
      compiler::runCatchingFatalErrors("building the kernel stopped", f);
      return;
    } else {
      Result result{};
      compiler::runCatchingFatalErrors("building the kernel stopped", [&] { result = f(); });
      return result;
    }
  } catch (const std::exception &e) {
    k->reject(std::string("internal error: ") + e.what());
  } catch (...) {
    k->reject("internal error");
  }
  if constexpr (!std::is_void_v<decltype(f())>)
    return decltype(f())();
}

} // namespace fly::capi

#define FLY_KERNEL_OR(k, fallback)                                                                 \
  fly::capi::PinScope flyPins; /* the kernel stays alive while this call builds into it */        \
  ir::Kernel *K = fly::capi::kernelOrNull(k);                                                      \
  if (!K)                                                                                          \
    return fallback;

#endif // FLYDSL_CAPI_KERNEL_VALUES_H
