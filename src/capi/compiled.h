//===- compiled.h - The compiled-module handle shared by compile and launch ---*- C++ -*-===//
//
// kernel_api.cpp makes fly_compiled_t handles; launch_api.cpp launches them. Both see the
// handle's layout and its checks here.
//
//===---------------------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_COMPILED_H
#define FLYDSL_CAPI_COMPILED_H

#include "capi/environment.h"
#include "capi/handle_table.h"
#include "capi/status.h"
#include "compiler/compiler.h"
#include "ir/kernel.h"
#include "runtime/cpu/cpu_module.h"
#include "runtime/cuda/cuda_module.h"
#include "runtime/hip/hip_module.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace fly::capi {
class Launcher;
}

// A compiled module as the caches keep it: the artifact, and the runtime's module for it (on
// cuda and rocm loaded onto a device at its first launch there).
struct CompiledCode {
  fly::compiler::Artifact artifact;
  std::unique_ptr<fly::runtime::cpu::LoadedModule> cpu;
  std::unique_ptr<fly::runtime::cuda::LoadedModule> cuda;
  std::unique_ptr<fly::runtime::hip::LoadedModule> hip;
};

struct fly_compiled {
  std::string target, arch;
  int waveSize;
  std::shared_ptr<const CompiledCode> code;
  std::map<std::string, std::vector<fly::ir::Param>> signatures;
  // fly_launch's launcher per kernel, made at its first launch.
  std::mutex launchersMutex;
  std::map<std::string, std::unique_ptr<fly::capi::Launcher>> launchers;
  fly_compiled();
  ~fly_compiled(); // in launch_api.cpp, where Launcher is complete
};

namespace fly::capi {

inline fly_compiled *compiledOf(const fly_compiled_t *c) {
  return fromHandle<fly_compiled>(c, HandleKind::Compiled, "compiled");
}

/// Drops the launchers fly_launch made for `c` (defined where Launcher is complete).
void releaseLaunchers(fly_compiled &c);

} // namespace fly::capi

#endif // FLYDSL_CAPI_COMPILED_H
