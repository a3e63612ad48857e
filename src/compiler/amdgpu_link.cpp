//===- amdgpu_link.cpp - A HSACO code object from an AMDGPU object, by lld ---===//
//
// A HSACO is an ELF shared object; lld's ELF driver makes it in process. lld reads and writes
// files, so the object goes through a private temporary directory. lld keeps global state
// between links, hence one link at a time.
//
//===-----------------------------------------------------------------------------===//

#include "compiler/compiler.h"

#include "lld/Common/Driver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

namespace fly::compiler {

namespace {

struct TempDir {
  llvm::SmallString<128> path;
  TempDir() {
    if (llvm::sys::fs::createUniqueDirectory("flydsl-lld", path))
      throw CompileError("cannot create a temporary directory for linking");
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string file(const char *name) const { return (path + "/" + name).str(); }
};

} // namespace

std::string linkHsaco(const std::string &object) {
  static std::mutex lldMutex;
  std::lock_guard<std::mutex> lock(lldMutex);
  TempDir dir;
  std::string in = dir.file("kernel.o"), out = dir.file("kernel.hsaco");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(in, ec);
    if (ec)
      throw CompileError("cannot write " + in + ": " + ec.message());
    os << object;
  }
  std::string log;
  llvm::raw_string_ostream logStream(log);
  const char *args[] = {"ld.lld", "-shared", "--no-undefined", in.c_str(), "-o", out.c_str()};
  lld::Result r = lld::lldMain(args, logStream, logStream, {{lld::Gnu, &lld::elf::link}});
  if (r.retCode != 0)
    throw CompileError("linking the code object with lld failed: " + log);
  auto buffer = llvm::MemoryBuffer::getFile(out);
  if (!buffer)
    throw CompileError("lld wrote no code object: " + log);
  return std::string((*buffer)->getBuffer());
}

} // namespace fly::compiler
