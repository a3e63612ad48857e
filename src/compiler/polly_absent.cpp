//===- polly_absent.cpp - The Polly plugin entry that static LLVM archives expect ------===//
//
// Debian's LLVM archives were built with Polly linked into the tools, so LTO (pulled in by
// lld) refers to Polly's plugin entry point; its archive is not shipped. A static
// libflydsl.so supplies an entry that registers nothing: FlyDSL never asks for Polly.
//
//===------------------------------------------------------------------------------------===//

#include "llvm/Plugins/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly", "absent", [](llvm::PassBuilder &) {}};
}
