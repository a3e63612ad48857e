//===- llvm_options.cpp - LLVM's command-line options for one compile -----===//

#include "compiler/llvm_options.h"
#include "compiler/compiler.h"

#include "llvm/Support/CommandLine.h"

#include <mutex>
#include <shared_mutex>
#include <sstream>
#include <stdexcept>

namespace fly::compiler {

namespace {

// Compiles without options share it; a compile that sets options holds it alone.
std::shared_mutex optionsMutex;

llvm::cl::Option *registered(const std::string &name) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  return it == options.end() ? nullptr : it->second;
}

} // namespace

LlvmOptions parseLlvmOptions(const std::string &text) {
  LlvmOptions out;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    size_t eq = word.find('=');
    std::string name = word.substr(0, eq);
    std::string value = eq == std::string::npos ? "true" : word.substr(eq + 1);
    if (name.empty())
      throw std::invalid_argument("LLVM option '" + word + "' has no name");
    if (!registered(name))
      throw std::invalid_argument("Unknown LLVM option '" + name + "'");
    out.emplace_back(name, value);
  }
  return out;
}

std::string llvmOptionsText(const LlvmOptions &options) {
  std::string out;
  for (const auto &[name, value] : options)
    out += (out.empty() ? "" : " ") + name + "=" + value;
  return out;
}

struct LlvmOptionsScope::Impl {
  std::shared_lock<std::shared_mutex> shared;
  std::unique_lock<std::shared_mutex> alone;
  std::vector<llvm::cl::Option *> set;
};

LlvmOptionsScope::LlvmOptionsScope(const LlvmOptions &options) : impl_(std::make_unique<Impl>()) {
  if (options.empty()) {
    impl_->shared = std::shared_lock<std::shared_mutex>(optionsMutex);
    return;
  }
  impl_->alone = std::unique_lock<std::shared_mutex>(optionsMutex);
  for (const auto &[name, value] : options) {
    llvm::cl::Option *option = registered(name);
    if (option) {
      impl_->set.push_back(option);
      option->reset(); // a second occurrence of an option that may occur once is an error
    }
    // LLVM's parser also says why a value is bad, on its error stream.
    if (!option || option->addOccurrence(0, name, value)) {
      resetOptions(); // the destructor does not run for a constructor that throws
      throw CompileError(option
                             ? "LLVM option '" + name + "' does not take the value '" + value + "'"
                             : "Unknown LLVM option '" + name + "'");
    }
  }
}

void LlvmOptionsScope::resetOptions() {
  for (llvm::cl::Option *option : impl_->set)
    option->reset();
  impl_->set.clear();
}

LlvmOptionsScope::~LlvmOptionsScope() { resetOptions(); }

} // namespace fly::compiler
