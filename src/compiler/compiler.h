//===- compiler.h - Compiling a kernel module for a target ------------*- C++ -*-===//
//
// One pipeline per target. The cpu target gives a JIT-compiled host module whose kernels are
// called once per GPU thread by runtime/cpu; the GPU targets (next) give code objects.
// Failures throw CompileError; nothing else escapes.
//
//===-----------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_COMPILER_H
#define FLYDSL_COMPILER_COMPILER_H

#include "ir/kernel.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace fly::compiler {

struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string target; // "cpu" (more come with the GPU pipelines)
  std::string arch;   // emulated arch on cpu, e.g. "gfx942"; decides the wave size
  int optLevel = 2;
  std::string dumpDir;       // where each stage's IR goes; empty: no dump
  bool printAfterAll = false; // the IR after every pass, on stderr
};

/// A kernel entry: called with one pointer per flattened argument (see ir::Param).
using PackedKernelFn = void (*)(void **);

/// Host addresses of the runtime functions that cpu kernels call.
using SymbolTable = std::map<std::string, void *>;

struct CpuKernelInfo {
  PackedKernelFn fn;
  bool usesCollectives; // barriers or shuffles: threads must run as fibers
  uint64_t staticSharedBytes;
};

class CpuModule {
public:
  virtual ~CpuModule() = default;
  /// nullptr when the module has no such kernel.
  virtual const CpuKernelInfo *kernel(const std::string &name) const = 0;
};

/// Compiles every finished kernel of `module` for the host.
std::unique_ptr<CpuModule> compileCpu(ir::Module &module, const Options &options,
                                      const SymbolTable &runtimeSymbols);

/// The module's IR after the target's pipeline (for debugging), without code generation.
std::string loweredIr(ir::Module &module, const Options &options);

/// The wave size of an arch: 64 for gfx9 (gfx90a, gfx942, gfx950), 32 for gfx10+ and NVIDIA.
/// Throws CompileError for an arch name it does not know.
int waveSize(const std::string &arch);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_COMPILER_H
