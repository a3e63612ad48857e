//===- cpu_module.h - A cpu-target object linked into the process ----*- C++ -*-===//
//
// The compiler's cpu artifact is a relocatable object; ORC links it into this process, with
// the runtime's functions (ids, barrier, shuffles, shared memory) and the C math library
// resolved, and hands out each kernel's packed entry.
//
//===----------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_CPU_CPU_MODULE_H
#define FLYDSL_RUNTIME_CPU_CPU_MODULE_H

#include "compiler/compiler.h"
#include "runtime/cpu/cpu_launch.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace fly::runtime::cpu {

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class LoadedModule {
public:
  virtual ~LoadedModule() = default;
  /// The entries of kernel `name`; `thread` is null for a kernel the object lacks.
  virtual KernelEntry entry(const std::string &name) const = 0;
};

/// Links the artifact's object into the process. Throws LoadError.
std::unique_ptr<LoadedModule> load(const compiler::Artifact &art);

} // namespace fly::runtime::cpu

#endif // FLYDSL_RUNTIME_CPU_CPU_MODULE_H
