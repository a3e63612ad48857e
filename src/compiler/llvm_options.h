//===- llvm_options.h - LLVM's command-line options for one compile ---*- C++ -*-===//
//
// LLVM's code generators read tuning switches from process-wide command-line options
// (`enable-post-misched`, `amdgpu-...`). A compile may ask for some of them: they are set
// while it runs and reset to LLVM's defaults after, and no other compile runs meanwhile, so
// one compile's options never reach another's code.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_LLVM_OPTIONS_H
#define FLYDSL_COMPILER_LLVM_OPTIONS_H

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace fly::compiler {

/// name=value pairs, in the order given.
using LlvmOptions = std::vector<std::pair<std::string, std::string>>;

/// The options of `text`, whitespace-separated `name=value` words (a bare `name` is
/// `name=true`); throws std::invalid_argument naming a word that is malformed or names no
/// option LLVM registered.
LlvmOptions parseLlvmOptions(const std::string &text);

/// `name=value ...` of `options`: the form parseLlvmOptions reads, and the cache key's.
std::string llvmOptionsText(const LlvmOptions &options);

/// Held for the length of a compile: with options, they are set (throwing CompileError where
/// LLVM refuses a value) and no other compile runs until they are reset; without, compiles
/// run side by side.
class LlvmOptionsScope {
public:
  explicit LlvmOptionsScope(const LlvmOptions &options);
  ~LlvmOptionsScope();
  LlvmOptionsScope(const LlvmOptionsScope &) = delete;
  LlvmOptionsScope &operator=(const LlvmOptionsScope &) = delete;

private:
  void resetOptions();

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_LLVM_OPTIONS_H
