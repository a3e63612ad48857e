//===- compile.cpp - Choosing a target's pipeline -------------------------===//

#include "compiler/compiler.h"

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
// Each target and arch dumps into a folder of its own, so compiling for several keeps all.
Options withDumpFolder(Options o) {
  if (!o.dumpDir.empty())
    o.dumpDir += "/" + o.target + "-" + o.arch;
  return o;
}
} // namespace

Artifact compile(ir::Module &module, const Options &givenOptions) {
  Options options = withDumpFolder(givenOptions);
  if (options.target == "cpu")
    return compileCpu(module, options);
  if (options.target == "rocm" || options.target == "cuda")
    return compileGpu(module, options);
  throw CompileError("unknown target '" + options.target + "' (expected rocm, cuda or cpu)");
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
