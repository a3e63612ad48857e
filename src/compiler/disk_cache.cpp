//===- disk_cache.cpp - Compiled artifacts kept on disk between processes ---===//

#include "compiler/disk_cache.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace fly::compiler {

namespace {

constexpr char kMagic[8] = {'F', 'L', 'Y', 'C', 'A', 'C', 'H', '5'};

uint64_t fnv1a(const char *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ static_cast<unsigned char>(p[i])) * 0x100000001b3ull;
  return h;
}

void putU64(std::string &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>(v >> (8 * i)));
}
void putString(std::string &out, const std::string &s) {
  putU64(out, s.size());
  out += s;
}
void putInts(std::string &out, const std::vector<int64_t> &v) {
  putU64(out, v.size());
  for (int64_t x : v)
    putU64(out, static_cast<uint64_t>(x));
}
void putParam(std::string &out, const ir::Param &p) {
  putU64(out, static_cast<uint64_t>(p.kind));
  putU64(out, static_cast<uint64_t>(p.dtype));
  putU64(out, static_cast<uint64_t>(p.rank));
  putInts(out, p.spec.shape);
  putInts(out, p.spec.stride);
  putU64(out, static_cast<uint64_t>(p.spec.alignBytes));
  putU64(out, static_cast<uint64_t>(int64_t(p.tensor)));
  putInts(out, p.box);
  putU64(out, static_cast<uint64_t>(p.swizzleBytes));
}

struct Reader {
  const std::string &bytes;
  size_t pos;
  bool ok = true;
  uint64_t u64() {
    if (!ok || bytes.size() - pos < 8)
      return ok = false, 0;
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v |= uint64_t(static_cast<unsigned char>(bytes[pos + i])) << (8 * i);
    pos += 8;
    return v;
  }
  std::string string() {
    uint64_t n = u64();
    if (!ok || bytes.size() - pos < n)
      return ok = false, std::string();
    std::string s = bytes.substr(pos, n);
    pos += n;
    return s;
  }
  std::vector<int64_t> ints() {
    uint64_t n = u64();
    std::vector<int64_t> v;
    if (!ok || (bytes.size() - pos) / 8 < n)
      return ok = false, v;
    for (uint64_t i = 0; i < n; ++i)
      v.push_back(static_cast<int64_t>(u64()));
    return v;
  }
  ir::Param param() {
    ir::Param p;
    uint64_t kind = u64(), dtype = u64(), rank = u64();
    // A value no writer produces is a corrupted entry.
    if (kind > uint64_t(ir::Param::Kind::TmaDescriptor) || !ir::isValidDType(int(dtype)) ||
        rank > 64)
      ok = false;
    p.kind = static_cast<ir::Param::Kind>(kind);
    p.dtype = ok ? static_cast<ir::DType>(dtype) : ir::DType::I32;
    p.rank = static_cast<int>(rank);
    p.spec.shape = ints();
    p.spec.stride = ints();
    p.spec.alignBytes = static_cast<int64_t>(u64());
    p.tensor = static_cast<int>(static_cast<int64_t>(u64()));
    p.box = ints();
    p.swizzleBytes = static_cast<int>(u64());
    return p;
  }
};

bool makeDirs(const std::string &dir) {
  std::string partial;
  std::stringstream ss(dir);
  std::string part;
  if (!dir.empty() && dir[0] == '/')
    partial = "/";
  while (std::getline(ss, part, '/')) {
    if (part.empty())
      continue;
    partial += part + "/";
    if (mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST)
      return false;
  }
  return true;
}

} // namespace

std::string serializeEntry(const std::string &key, const Artifact &art) {
  std::string payload;
  putString(payload, key);
  putString(payload, art.target);
  putString(payload, art.arch);
  putU64(payload, art.kernels.size());
  for (auto &k : art.kernels) {
    putString(payload, k.name);
    putU64(payload, k.staticSharedBytes);
    putU64(payload, k.usesCollectives);
    putU64(payload, k.dynamicArenaBytes);
    putU64(payload, k.dependentLaunch);
    putU64(payload, k.params.size());
    for (auto &p : k.params)
      putParam(payload, p);
  }
  putString(payload, art.image);
  std::string out(kMagic, sizeof kMagic);
  putU64(out, payload.size());
  putU64(out, fnv1a(payload.data(), payload.size()));
  return out + payload;
}

std::optional<Artifact> parseEntry(const std::string &bytes, const std::string &key) {
  if (bytes.size() < sizeof kMagic + 16 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return std::nullopt;
  Reader r{bytes, sizeof kMagic};
  uint64_t size = r.u64(), sum = r.u64();
  if (!r.ok || bytes.size() - r.pos != size || fnv1a(bytes.data() + r.pos, size) != sum)
    return std::nullopt;
  if (r.string() != key)
    return std::nullopt;
  Artifact art;
  art.target = r.string();
  art.arch = r.string();
  uint64_t n = r.u64();
  for (uint64_t i = 0; r.ok && i < n; ++i) {
    KernelInfo k;
    k.name = r.string();
    k.staticSharedBytes = r.u64();
    k.usesCollectives = r.u64() != 0;
    k.dynamicArenaBytes = r.u64();
    k.dependentLaunch = r.u64() != 0;
    uint64_t params = r.u64();
    for (uint64_t j = 0; r.ok && j < params; ++j)
      k.params.push_back(r.param());
    art.kernels.push_back(std::move(k));
  }
  art.image = r.string();
  if (!r.ok || r.pos != bytes.size())
    return std::nullopt;
  return art;
}

std::string DiskCache::pathOf(const std::string &key) const {
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.flyc",
                static_cast<unsigned long long>(fnv1a(key.data(), key.size())));
  return dir_ + "/" + name;
}

std::optional<Artifact> DiskCache::load(const std::string &key) const {
  std::string path = pathOf(key);
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto art = parseEntry(bytes, key);
  if (!art)
    std::remove(path.c_str()); // corrupted, truncated or another key's: rebuilt by the caller
  return art;
}

void DiskCache::store(const std::string &key, const Artifact &art) const {
  if (!makeDirs(dir_))
    return;
  static std::atomic<uint64_t> counter{0};
  std::random_device rd;
  std::string tmp = pathOf(key) + ".tmp." + std::to_string(getpid()) + "." +
                    std::to_string(counter++) + "." + std::to_string(rd());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    std::string bytes = serializeEntry(key, art);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      out.close();
      std::remove(tmp.c_str());
      return;
    }
  }
  if (std::rename(tmp.c_str(), pathOf(key).c_str()) != 0)
    std::remove(tmp.c_str());
}

} // namespace fly::compiler
