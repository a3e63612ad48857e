//===- compiler.h - Compiling a kernel module for a target ------------*- C++ -*-===//
//
// One pipeline per target, each ending in a binary: a relocatable host object for cpu (loaded
// by runtime/cpu), a HSACO code object for rocm, PTX for cuda. The binary and what a launcher
// needs to know about each kernel form an Artifact, which is what the caches keep.
// Failures throw CompileError; nothing else escapes.
//
//===-----------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_COMPILER_H
#define FLYDSL_COMPILER_COMPILER_H

#include "ir/kernel.h"

#include "compiler/llvm_options.h"
#include <cstdint>

#include <stdexcept>
#include <string>
#include <vector>

namespace fly::compiler {

struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string target; // "cpu", "rocm" or "cuda"
  std::string arch;   // gfx942, sm_90, ...; on cpu the emulated arch (decides the wave size)
  int optLevel = 2;
  std::string dumpDir;        // where each stage's IR goes; empty: no dump
  bool printAfterAll = false; // the IR after every pass, on stderr
  bool cpuFibers = false;     // cpu: every kernel with collectives on fibers (FLYDSL_CPU_FIBERS)
  LlvmOptions llvmOptions;    // LLVM's command-line options while this compile runs
};

/// How many kernels this process compiled for the cpu target with fibers (a debug counter,
/// kept by work_item_loops.cpp).
int64_t fiberKernelCount();

/// What a launcher needs to know about one kernel of an artifact.
struct KernelInfo {
  std::string name;
  uint64_t staticSharedBytes = 0;
  bool usesCollectives = false;   // barriers or shuffles (cpu: threads run as fibers)
  uint64_t dynamicArenaBytes = 0; // the least dynamic shared memory every launch gets
  uint64_t dynamicSharedPad = 0;  // added to every launch's dynamic shared memory (cuda)
  bool dependentLaunch = false;   // cuda: it waits on its grid dependency (launched to overlap)
  std::vector<ir::Param> params;  // the arguments, as fly_launch checks them
};

struct Artifact {
  std::string target, arch;
  /// cpu: an ELF relocatable object with the entries below; rocm: a HSACO shared object;
  /// cuda: PTX text.
  std::string image;
  std::vector<KernelInfo> kernels;
  const KernelInfo *kernel(const std::string &name) const;
};

/// The cpu object's entries, `void entry(void **args, int64_t *ids)`: args holds one pointer
/// per flattened argument, ids the calling GPU thread's indices (slots below).
/// `__fly_packed_<kernel>` runs one GPU thread; `__fly_block_<kernel>`, made for kernels without
/// barriers or shuffles, runs all threads of a block one after another (it sets the thread
/// and lane slots itself).
constexpr const char *kPackedPrefix = "__fly_packed_";
constexpr const char *kBlockPrefix = "__fly_block_";
namespace cpu_ids {
constexpr int kThreadIdx = 0, kBlockIdx = 3, kBlockDim = 6, kGridDim = 9, kLaneId = 12,
              kWaveSize = 13, kCount = 14;
} // namespace cpu_ids

/// The shuffle modes as the cpu runtime's __fly_cpu_shuffle_* functions number them, written
/// out so that neither side depends on how MLIR's enum happens to be numbered.
enum class CpuShuffleMode : int32_t { Xor = 0, Up = 1, Down = 2, Idx = 3 };

/// Compiles every kernel of `module` (all must be finished) for options.target.
Artifact compile(ir::Module &module, const Options &options);

/// MLIR's textual pass pipeline (`builtin.module(fly-layout-lowering,canonicalize)`) run on the
/// module's IR in place, as fly-opt runs it, with the passes that compile kernels: the Fly
/// dialect's, every target's stages, the cpu work-item loops, canonicalize and cse. Every
/// kernel must be finished; the module then no longer compiles (Module::foreignIr).
/// PipelineError where the text names no such pipeline, CompileError where a pass fails.
struct PipelineError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
void checkPassPipeline(const std::string &pipeline);
void runPassPipeline(ir::Module &module, const std::string &pipeline);

/// The module's IR after the target's MLIR pipeline (the LLVM dialect), for debugging.
std::string loweredIr(ir::Module &module, const Options &options);

using ir::kDynamicSharedAlign;
/// The offset of dynamic shared memory after `staticBytes` of static shared memory.
inline uint64_t dynamicSharedStart(uint64_t staticBytes) {
  return (staticBytes + kDynamicSharedAlign - 1) / kDynamicSharedAlign * kDynamicSharedAlign;
}

/// The bytes a launch of `k` adds to its dynamic shared memory on `target`: on cuda, where the
/// region's start is only known to be 1 KiB aligned, a kernel whose region needs more rounds
/// the start up at run time, within this many bytes more.
inline uint64_t dynamicSharedPad(const ir::Kernel &k, const std::string &target) {
  uint64_t align = k.dynamicSharedAlign();
  return target == "cuda" && align > kDynamicSharedAlign ? align : 0;
}

/// Bytes of static shared memory one block may allocate on a target and arch.
uint64_t sharedCapacity(const std::string &target, const std::string &arch);
/// Bytes of shared memory, static and dynamic together, one block may use on a target and arch
/// (on NVIDIA beyond 48 KiB only as dynamic shared memory, which launches opt in to).
uint64_t totalSharedCapacity(const std::string &target, const std::string &arch);
/// The wave size of an arch: 64 for gfx9 (gfx90a, gfx942, gfx950), 32 for gfx10+ and NVIDIA.
/// Throws CompileError for an arch name it does not know.
int waveSize(const std::string &arch);

// The per-target pipelines behind compile() and loweredIr().
Artifact compileCpu(ir::Module &module, const Options &options);
Artifact compileGpu(ir::Module &module, const Options &options);
std::string loweredIrCpu(ir::Module &module, const Options &options);
std::string loweredIrGpu(ir::Module &module, const Options &options);
/// Compiles `module` for a GPU target only to dump its stages and final ISA into
/// options.dumpDir; a failure is dumped too (compile_error.txt), never thrown.
void dumpGpuCode(ir::Module &module, const Options &options);

/// Links an AMDGPU relocatable object into a HSACO shared object with lld, in process.
std::string linkHsaco(const std::string &object);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_COMPILER_H
