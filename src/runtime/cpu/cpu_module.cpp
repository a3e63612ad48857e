//===- cpu_module.cpp - A cpu-target object linked into the process --------===//

#include "runtime/cpu/cpu_module.h"

#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

namespace fly::runtime::cpu {

namespace {

class OrcModule : public LoadedModule {
public:
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::map<std::string, KernelEntry> entries;
  KernelEntry entry(const std::string &name) const override {
    auto it = entries.find(name);
    return it == entries.end() ? KernelEntry{} : it->second;
  }
};

template <class T> T orThrow(llvm::Expected<T> v, const char *what) {
  if (!v)
    throw LoadError(std::string(what) + ": " + llvm::toString(v.takeError()));
  return std::move(*v);
}

void orThrow(llvm::Error e, const char *what) {
  if (e)
    throw LoadError(std::string(what) + ": " + llvm::toString(std::move(e)));
}

} // namespace

std::unique_ptr<LoadedModule> load(const compiler::Artifact &art) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto out = std::make_unique<OrcModule>();
  out->jit = orThrow(llvm::orc::LLJITBuilder().create(), "cannot start the JIT linker");
  auto &dylib = out->jit->getMainJITDylib();
  const auto &dl = out->jit->getDataLayout();
  llvm::orc::SymbolMap runtime;
  for (auto &[name, addr] : runtimeSymbols())
    runtime[out->jit->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr),
                                                llvm::JITSymbolFlags::Exported};
  orThrow(dylib.define(llvm::orc::absoluteSymbols(std::move(runtime))),
          "cannot define the runtime symbols");
  // libm (expf, erff, ...) and the rest of the process.
  dylib.addGenerator(orThrow(llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
                                 dl.getGlobalPrefix()),
                             "cannot search the process for symbols"));
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(art.image, "flydsl-kernels.o");
  orThrow(out->jit->addObjectFile(std::move(buffer)), "cannot link the kernel object");
  for (auto &k : art.kernels) {
    auto addr = orThrow(out->jit->lookup(compiler::kPackedPrefix + k.name),
                        "a kernel entry is missing from the object");
    KernelEntry &e = out->entries[k.name];
    e.thread = addr.toPtr<EntryFn>();
    if (!k.usesCollectives)
      e.block = orThrow(out->jit->lookup(compiler::kBlockPrefix + k.name),
                        "a kernel's block entry is missing from the object")
                    .toPtr<EntryFn>();
  }
  return out;
}

} // namespace fly::runtime::cpu
