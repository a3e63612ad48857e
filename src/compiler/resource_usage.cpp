//===- resource_usage.cpp - What a compiled kernel takes from the machine --------===//

#include "compiler/resource_usage.h"

#include "compiler/compiler.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

namespace fly::compiler {

namespace {
int64_t intField(llvm::msgpack::MapDocNode &m, const char *key) {
  auto found = m.find(m.getDocument()->getNode(llvm::StringRef(key)));
  if (found == m.end())
    return 0;
  llvm::msgpack::DocNode &v = found->second;
  if (v.getKind() == llvm::msgpack::Type::Int)
    return v.getInt();
  if (v.getKind() == llvm::msgpack::Type::UInt)
    return int64_t(v.getUInt());
  return 0;
}
} // namespace

ResourceUsage amdResourceUsage(const std::string &hsaco, const std::string &name) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(hsaco), "hsaco", false);
  auto file = llvm::object::ELF64LEObjectFile::create(buffer->getMemBufferRef());
  if (!file) {
    llvm::consumeError(file.takeError());
    throw CompileError("the code object is not an ELF file");
  }
  const auto &elf = file->getELFFile();
  auto sections = elf.sections();
  if (!sections) {
    llvm::consumeError(sections.takeError());
    throw CompileError("the code object's sections cannot be read");
  }
  for (const auto &section : *sections) {
    if (section.sh_type != llvm::ELF::SHT_NOTE)
      continue;
    llvm::Error err = llvm::Error::success();
    for (const auto &note : elf.notes(section, err)) {
      if (note.getName() != "AMDGPU" || note.getType() != llvm::ELF::NT_AMDGPU_METADATA)
        continue;
      llvm::msgpack::Document doc;
      auto desc = note.getDesc(section.sh_addralign);
      if (!doc.readFromBlob(
              llvm::StringRef(reinterpret_cast<const char *>(desc.data()), desc.size()), false))
        continue;
      auto &root = doc.getRoot().getMap();
      auto kernels = root.find(doc.getNode(llvm::StringRef("amdhsa.kernels")));
      if (kernels == root.end() || kernels->second.getKind() != llvm::msgpack::Type::Array)
        continue;
      for (auto &k : kernels->second.getArray()) {
        if (k.getKind() != llvm::msgpack::Type::Map)
          continue;
        auto &m = k.getMap();
        auto n = m.find(doc.getNode(llvm::StringRef(".name")));
        if (n == m.end() || n->second.getKind() != llvm::msgpack::Type::String ||
            n->second.getString() != name)
          continue;
        ResourceUsage u;
        u.vgprs = int(intField(m, ".vgpr_count"));
        u.agprs = int(intField(m, ".agpr_count"));
        u.sgprs = int(intField(m, ".sgpr_count"));
        u.sharedBytes = intField(m, ".group_segment_fixed_size");
        u.scratchBytes = intField(m, ".private_segment_fixed_size");
        u.waveSize = int(intField(m, ".wavefront_size"));
        u.maxThreads = int(intField(m, ".max_flat_workgroup_size"));
        llvm::consumeError(std::move(err));
        return u;
      }
    }
    llvm::consumeError(std::move(err));
  }
  throw CompileError("the code object records no kernel named '" + name + "'");
}

int amdWavesPerSimd(const ResourceUsage &u, const std::string &arch, int threads) {
  constexpr int kMaxWaves = 8, kRegisters = 512, kSimds = 4;
  // gfx90a and later allocate VGPRs and AGPRs from one file: the VGPRs rounded to 4, then the
  // AGPRs, in granules of 8.
  int total = (u.vgprs + 3) / 4 * 4 + u.agprs;
  total = std::max(8, (total + 7) / 8 * 8);
  int byRegisters = std::min(kMaxWaves, kRegisters / total);
  int wave = u.waveSize > 0 ? u.waveSize : 64;
  int wavesPerBlock = std::max(1, (threads + wave - 1) / wave);
  int64_t lds = arch == "gfx950" ? 160 * 1024 : 64 * 1024;
  int byLds = kMaxWaves;
  if (u.sharedBytes > 0)
    byLds = int(std::min<int64_t>(kMaxWaves, lds / u.sharedBytes * wavesPerBlock / kSimds));
  return std::max(0, std::min(byRegisters, byLds));
}

} // namespace fly::compiler
