//===- compile.cpp - Choosing a target's pipeline -------------------------===//

#include "compiler/compiler.h"

#include <cstdlib>

namespace fly::compiler {

const KernelInfo *Artifact::kernel(const std::string &name) const {
  for (auto &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

int waveSize(const std::string &arch) {
  if (arch.rfind("gfx9", 0) == 0)
    return 64;
  if (arch.rfind("gfx1", 0) == 0 || arch.rfind("sm_", 0) == 0 || arch == "host")
    return 32;
  throw CompileError("unknown arch '" + arch + "' (expected gfx9xx, gfx1xxx, sm_NN or host)");
}

namespace {
// The cpu target gives a block what the GPU it emulates would.
bool nvidiaLimits(const std::string &target, const std::string &arch) {
  return target == "cuda" || (target == "cpu" && arch.rfind("sm_", 0) == 0);
}
} // namespace

uint64_t sharedCapacity(const std::string &target, const std::string &arch) {
  if (nvidiaLimits(target, arch))
    return 48 * 1024; // static __shared__ per block without an opt-in
  if (arch == "gfx950")
    return 160 * 1024;
  return 64 * 1024; // the other gfx9 (CDNA) and gfx1x LDS
}

uint64_t totalSharedCapacity(const std::string &target, const std::string &arch) {
  if (!nvidiaLimits(target, arch))
    return sharedCapacity(target, arch);
  // Per block with the opt-in, as the CUDA programming guide lists them by compute capability.
  int sm = std::atoi(arch.c_str() + (arch.rfind("sm_", 0) == 0 ? 3 : 0));
  if (sm >= 90)
    return 227 * 1024;
  if (sm == 80 || sm == 87)
    return 163 * 1024;
  if (sm == 86 || sm == 89)
    return 99 * 1024;
  if (sm == 75)
    return 64 * 1024;
  return 48 * 1024;
}

namespace {
// Each target and arch dumps into a folder of its own, so compiling for several keeps all.
Options withDumpFolder(Options o) {
  if (!o.dumpDir.empty())
    o.dumpDir += "/" + o.target + "-" + o.arch;
  return o;
}
} // namespace

Artifact compile(ir::Module &module, const Options &givenOptions) {
  Options options = withDumpFolder(givenOptions);
  LlvmOptionsScope llvmOptions(options.llvmOptions);
  uint64_t capacity = sharedCapacity(options.target, options.arch);
  uint64_t total = totalSharedCapacity(options.target, options.arch);
  for (auto &k : module.kernels()) {
    if (k->staticSharedBytes() > capacity)
      throw CompileError("kernel '" + k->name() + "' allocates " +
                         std::to_string(k->staticSharedBytes()) + " bytes of shared memory; " +
                         options.target + " " + options.arch + " has " +
                         std::to_string(capacity) + " per block");
    uint64_t dynamicStart = dynamicSharedStart(k->staticSharedBytes());
    uint64_t dynamicBytes = k->dynamicArenaBytes() + dynamicSharedPad(*k, options.target);
    if (k->dynamicArenaBytes() && dynamicStart + dynamicBytes > total)
      throw CompileError("kernel '" + k->name() + "' allocates " +
                         std::to_string(k->staticSharedBytes()) + " bytes of shared memory and " +
                         std::to_string(dynamicBytes) + " of dynamic shared memory; " +
                         options.target + " " + options.arch + " has " + std::to_string(total) +
                         " per block");
  }
  Artifact art;
  if (options.target == "cpu")
    art = compileCpu(module, options);
  else if (options.target == "rocm" || options.target == "cuda")
    art = compileGpu(module, options);
  else
    throw CompileError("unknown target '" + options.target + "' (expected rocm, cuda or cpu)");
  for (auto &info : art.kernels)
    for (auto &k : module.kernels())
      if (k->name() == info.name)
        info.params = k->params();
  // Emulating a GPU arch, the cpu dumps what that GPU would run too: the final ISA shows the
  // instructions the emulation stands for (DPP, MFMA, buffer loads), which the cpu code cannot.
  if (options.target == "cpu" && !options.dumpDir.empty()) {
    Options gpu = givenOptions;
    gpu.target = gpu.arch.rfind("gfx", 0) == 0   ? "rocm"
                 : gpu.arch.rfind("sm_", 0) == 0 ? "cuda"
                                                 : "";
    if (!gpu.target.empty())
      dumpGpuCode(module, withDumpFolder(gpu));
  }
  return art;
}

std::string loweredIr(ir::Module &module, const Options &givenOptions) {
  Options options = withDumpFolder(givenOptions);
  if (options.target == "cpu")
    return loweredIrCpu(module, options);
  if (options.target == "rocm" || options.target == "cuda")
    return loweredIrGpu(module, options);
  throw CompileError("unknown target '" + options.target + "' (expected rocm, cuda or cpu)");
}

} // namespace fly::compiler
