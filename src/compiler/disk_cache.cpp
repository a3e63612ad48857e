//===- disk_cache.cpp - Compiled artifacts kept on disk between processes ---===//

#include "compiler/disk_cache.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <memory>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace fly::compiler {

namespace {

constexpr char kMagic[8] = {'F', 'L', 'Y', 'C', 'A', 'C', 'H', '6'};

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
  /// A field written from a bool: any other value is not an encoding this library makes.
  bool flag() {
    uint64_t v = u64();
    if (v > 1)
      ok = false;
    return v != 0;
  }
  /// A field written from an int (sign-extended to 64 bits): it must come back unchanged.
  int int32() {
    auto v = static_cast<int64_t>(u64());
    if (v < INT32_MIN || v > INT32_MAX)
      return ok = false, 0;
    return static_cast<int>(v);
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
    if (kind > uint64_t(ir::Param::Kind::TmaDescriptor) || dtype > INT32_MAX ||
        !ir::isValidDType(int(dtype)) || rank > 64)
      ok = false;
    p.kind = static_cast<ir::Param::Kind>(kind);
    p.dtype = ok ? static_cast<ir::DType>(dtype) : ir::DType::I32;
    p.rank = static_cast<int>(rank);
    p.spec.shape = ints();
    p.spec.stride = ints();
    p.spec.alignBytes = static_cast<int64_t>(u64());
    p.tensor = int32();
    p.box = ints();
    p.swizzleBytes = int32();
    return p;
  }
};

// The largest entry read: a bigger file is not one this library wrote.
constexpr off_t kMaxEntryBytes = off_t(1) << 30;
constexpr const char *kEntrySuffix = ".flyc";

/// Creates the missing directories of `dir`: those above it as the umask allows, the cache
/// directory itself private to the user.
void makeDirs(const std::string &dir) {
  std::string partial;
  std::stringstream ss(dir);
  std::string part;
  if (!dir.empty() && dir[0] == '/')
    partial = "/";
  while (std::getline(ss, part, '/')) {
    if (part.empty())
      continue;
    partial += part + "/";
    mkdir(partial.c_str(), partial.size() >= dir.size() ? 0700 : 0755);
  }
}

std::string modeText(mode_t m) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", unsigned(m & 07777));
  return text;
}

/// Why a file (or directory) of this status is not the user's alone, or empty.
std::string untrusted(const struct stat &st, bool directory) {
  if (directory ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
    return directory ? "it is not a directory" : "it is not a regular file";
  if (st.st_uid != geteuid())
    return "it is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " +
           std::to_string(geteuid()) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return "it is writable by others (mode " + modeText(st.st_mode) + ")";
  return "";
}

bool isEntryName(const char *name) {
  size_t n = std::strlen(name), suffix = std::strlen(kEntrySuffix);
  return n > suffix && std::strcmp(name + n - suffix, kEntrySuffix) == 0;
}

std::string baseName(const std::string &path) { return path.substr(path.rfind('/') + 1); }

/// Closes its descriptor when it goes, an exception's way included.
class FileDescriptor {
public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0)
      close(fd_);
  }
  FileDescriptor(const FileDescriptor &) = delete;
  FileDescriptor &operator=(const FileDescriptor &) = delete;
  int get() const { return fd_; }

private:
  int fd_;
};

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
    putU64(payload, k.dynamicSharedPad);
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
    k.usesCollectives = r.flag();
    k.dynamicArenaBytes = r.u64();
    k.dynamicSharedPad = r.u64();
    k.dependentLaunch = r.flag();
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

DiskCache::DiskCache(std::string dir, uint64_t maxBytes)
    : dir_(std::move(dir)), maxBytes_(maxBytes) {
  makeDirs(dir_);
  dirFd_ = open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (dirFd_ < 0)
    refusal_ = errno == ELOOP || errno == ENOTDIR
                   ? "it is a symbolic link or not a directory"
                   : std::string("it cannot be opened: ") + std::strerror(errno);
  else if (fstat(dirFd_, &st) != 0)
    refusal_ = std::string("it cannot be examined: ") + std::strerror(errno);
  else
    refusal_ = untrusted(st, /*directory=*/true);
  if (!refusal_.empty() && dirFd_ >= 0) {
    close(dirFd_);
    dirFd_ = -1;
  }
}

DiskCache::~DiskCache() {
  if (dirFd_ >= 0)
    close(dirFd_);
}

std::string DiskCache::pathOf(const std::string &key) const {
  char name[32];
  std::snprintf(name, sizeof name, "%016llx%s",
                static_cast<unsigned long long>(fnv1a(key.data(), key.size())), kEntrySuffix);
  return dir_ + "/" + name;
}

std::optional<Artifact> DiskCache::load(const std::string &key) const {
  if (dirFd_ < 0)
    return std::nullopt;
  std::string name = baseName(pathOf(key));
  // Not blocking: a FIFO planted as an entry must not hang the open; not following links.
  FileDescriptor fd(openat(dirFd_, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ELOOP || errno == EACCES)
      unlinkat(dirFd_, name.c_str(), 0); // a link, or a file this user may not read
    return std::nullopt;
  }
  struct stat st;
  std::string bytes;
  bool trusted =
      fstat(fd.get(), &st) == 0 && untrusted(st, false).empty() && st.st_size <= kMaxEntryBytes;
  if (trusted) {
    bytes.resize(size_t(st.st_size));
    size_t got = 0;
    while (got < bytes.size()) {
      ssize_t n = read(fd.get(), &bytes[got], bytes.size() - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += size_t(n);
    }
    bytes.resize(got);
  }
  std::optional<Artifact> art = trusted ? parseEntry(bytes, key) : std::nullopt;
  if (art)
    futimens(fd.get(), nullptr); // used now: the last to be evicted
  else
    unlinkat(dirFd_, name.c_str(), 0); // untrusted, unreadable, corrupted or another key's
  return art;
}

void DiskCache::remove(const std::string &key) const {
  if (dirFd_ >= 0)
    unlinkat(dirFd_, baseName(pathOf(key)).c_str(), 0);
}

void DiskCache::store(const std::string &key, const Artifact &art) const {
  if (dirFd_ < 0)
    return;
  static std::atomic<uint64_t> counter{0};
  std::random_device rd;
  std::string name = baseName(pathOf(key));
  std::string tmp = name + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++) +
                    "." + std::to_string(rd());
  // Everything that allocates comes first: from the open on, a failure removes the file.
  std::string bytes = serializeEntry(key, art);
  int fd = openat(dirFd_, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    return;
  size_t put = 0;
  while (put < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + put, bytes.size() - put);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    put += size_t(n);
  }
  bool written = put == bytes.size();
  written = close(fd) == 0 && written;
  if (!written || renameat(dirFd_, tmp.c_str(), dirFd_, name.c_str()) != 0) {
    unlinkat(dirFd_, tmp.c_str(), 0);
    return;
  }
  evict();
}

void DiskCache::evict() const {
  if (maxBytes_ == 0)
    return;
  int fd = dup(dirFd_);
  DIR *d = fd >= 0 ? fdopendir(fd) : nullptr;
  if (!d) {
    if (fd >= 0)
      close(fd);
    return;
  }
  std::unique_ptr<DIR, int (*)(DIR *)> closer(d, closedir);
  rewinddir(d);
  struct Entry {
    struct timespec used;
    uint64_t bytes;
    std::string name;
  };
  std::vector<Entry> all;
  uint64_t total = 0;
  while (struct dirent *e = readdir(d)) {
    struct stat st;
    if (!isEntryName(e->d_name) || fstatat(dirFd_, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
        !S_ISREG(st.st_mode))
      continue;
    all.push_back({st.st_mtim, uint64_t(st.st_size), e->d_name});
    total += uint64_t(st.st_size);
  }
  closer.reset();
  if (total <= maxBytes_)
    return;
  std::sort(all.begin(), all.end(), [](const Entry &a, const Entry &b) {
    return a.used.tv_sec != b.used.tv_sec ? a.used.tv_sec < b.used.tv_sec
                                          : a.used.tv_nsec < b.used.tv_nsec;
  });
  for (const Entry &e : all) {
    if (total <= maxBytes_)
      break;
    if (unlinkat(dirFd_, e.name.c_str(), 0) == 0)
      total -= e.bytes;
  }
}

} // namespace fly::compiler
