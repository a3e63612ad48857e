// The disk cache under failing I/O and failing allocations: this program replaces write, read,
// openat and renameat (and operator new) with versions that fail on command, around calls of
// DiskCache alone. Whatever fails, a store leaves no entry and no temporary file behind, a load
// is a miss (and the caller rebuilds), and nothing crashes or leaks a descriptor.
#include "compiler/disk_cache.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

using fly::compiler::Artifact;
using fly::compiler::DiskCache;

namespace {
// What fails while armed: the call named, with this errno (0: nothing).
int failWrite = 0, failRead = 0, failOpen = 0, failRename = 0;
bool shortWrites = false;
long allocationsLeft = -1; // -1: allocations never fail

template <class F> F real(const char *name) { return reinterpret_cast<F>(dlsym(RTLD_NEXT, name)); }
} // namespace

extern "C" ssize_t write(int fd, const void *buf, size_t n) {
  static auto next = real<ssize_t (*)(int, const void *, size_t)>("write");
  if (fd > 2 && failWrite)
    return errno = failWrite, -1;
  if (fd > 2 && shortWrites && n > 1)
    n = n / 2; // a partial write: the cache must write the rest
  return next(fd, buf, n);
}

extern "C" ssize_t read(int fd, void *buf, size_t n) {
  static auto next = real<ssize_t (*)(int, void *, size_t)>("read");
  if (fd > 2 && failRead)
    return errno = failRead, -1;
  return next(fd, buf, n);
}

extern "C" int openat(int dirfd, const char *path, int flags, ...) {
  static auto next = real<int (*)(int, const char *, int, ...)>("openat");
  mode_t mode = 0;
  if (flags & O_CREAT) {
    va_list ap;
    va_start(ap, flags);
    mode = mode_t(va_arg(ap, int));
    va_end(ap);
  }
  if (failOpen && dirfd != AT_FDCWD)
    return errno = failOpen, -1;
  return next(dirfd, path, flags, mode);
}

extern "C" int renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
  static auto next = real<int (*)(int, const char *, int, const char *)>("renameat");
  if (failRename)
    return errno = failRename, -1;
  return next(olddirfd, oldpath, newdirfd, newpath);
}

void *operator new(size_t n) {
  if (allocationsLeft == 0)
    throw std::bad_alloc();
  if (allocationsLeft > 0)
    --allocationsLeft;
  if (void *p = std::malloc(n ? n : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }

namespace {

class CacheFaults : public ::testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/flydsl-cache-faults-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir = tmpl;
    art.target = "cpu";
    art.arch = "gfx942";
    art.image = std::string(4096, 'x');
    fly::compiler::KernelInfo k;
    k.name = "main";
    art.kernels.push_back(k);
  }
  void TearDown() override {
    failWrite = failRead = failOpen = failRename = 0;
    shortWrites = false;
    allocationsLeft = -1;
    for (const std::string &f : files())
      unlink((dir + "/" + f).c_str());
    rmdir(dir.c_str());
  }
  std::vector<std::string> files() const {
    std::vector<std::string> out;
    if (DIR *d = opendir(dir.c_str())) {
      while (dirent *e = readdir(d))
        if (e->d_name[0] != '.')
          out.push_back(e->d_name);
      closedir(d);
    }
    return out;
  }
  int openDescriptors() const {
    int n = 0;
    if (DIR *d = opendir("/proc/self/fd")) {
      while (readdir(d))
        ++n;
      closedir(d);
    }
    return n;
  }

  std::string dir;
  Artifact art;
};

TEST_F(CacheFaults, AFailedWriteLeavesNothing) {
  DiskCache cache(dir, 0);
  for (int e : {ENOSPC, EIO, EDQUOT}) {
    failWrite = e;
    cache.store("k", art);
    failWrite = 0;
    EXPECT_TRUE(files().empty());
    EXPECT_FALSE(cache.load("k").has_value());
  }
}

TEST_F(CacheFaults, PartialWritesAreCompleted) {
  DiskCache cache(dir, 0);
  shortWrites = true;
  cache.store("k", art);
  shortWrites = false;
  auto got = cache.load("k");
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->image, art.image);
}

TEST_F(CacheFaults, AFailedRenameLeavesNoTemporaryFile) {
  DiskCache cache(dir, 0);
  failRename = EXDEV;
  cache.store("k", art);
  failRename = 0;
  EXPECT_TRUE(files().empty());
}

TEST_F(CacheFaults, AFailedReadIsAMissAndTheEntryGoes) {
  DiskCache cache(dir, 0);
  cache.store("k", art);
  ASSERT_EQ(files().size(), 1u);
  failRead = EIO;
  EXPECT_FALSE(cache.load("k").has_value());
  failRead = 0;
  EXPECT_TRUE(files().empty()); // rebuilt by the caller, not read half again
}

TEST_F(CacheFaults, AFailedOpenIsAMissThatKeepsTheEntry) {
  DiskCache cache(dir, 0);
  cache.store("k", art);
  failOpen = EMFILE; // out of descriptors: nothing wrong with the entry
  EXPECT_FALSE(cache.load("k").has_value());
  failOpen = 0;
  EXPECT_TRUE(cache.load("k").has_value());
}

TEST_F(CacheFaults, FailedAllocationsLeaveNoFilesOrDescriptors) {
  int before = openDescriptors();
  for (long n = 0; n < 400; ++n) {
    allocationsLeft = n;
    try {
      DiskCache cache(dir, 1 << 20);
      cache.store("k", art);
      (void)cache.load("k");
    } catch (const std::bad_alloc &) {
    }
    allocationsLeft = -1;
    for (const std::string &f : files())
      EXPECT_EQ(f.find(".tmp."), std::string::npos) << "after " << n << " allocations";
    EXPECT_EQ(openDescriptors(), before) << "after " << n << " allocations";
  }
  DiskCache cache(dir, 0);
  cache.store("k", art);
  EXPECT_TRUE(cache.load("k").has_value());
}

/// Entries whose fields hold values no writer produces (a bool of 2, an int past 32 bits) are
/// refused, so that what is accepted is exactly what serialises back.
TEST_F(CacheFaults, NonCanonicalFieldsAreRefused) {
  std::string good = fly::compiler::serializeEntry("k", art);
  ASSERT_TRUE(fly::compiler::parseEntry(good, "k").has_value());
  // Header: magic, payload size, checksum; payload: key, target, arch, kernel count, name,
  // static shared bytes, then the collectives flag.
  size_t header = 24, flag = header + (8 + 1) + (8 + 3) + (8 + 6) + 8 + (8 + 4) + 8;
  auto resealed = [&](std::string bytes) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = header; i < bytes.size(); ++i)
      h = (h ^ static_cast<unsigned char>(bytes[i])) * 0x100000001b3ull;
    for (int i = 0; i < 8; ++i)
      bytes[16 + i] = static_cast<char>(h >> (8 * i));
    return bytes;
  };
  ASSERT_EQ(good[flag], 0);
  std::string one = good;
  one[flag] = 1;
  auto parsed = fly::compiler::parseEntry(resealed(one), "k");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_TRUE(parsed->kernels[0].usesCollectives);
  std::string two = good;
  two[flag] = 2;
  EXPECT_FALSE(fly::compiler::parseEntry(resealed(two), "k").has_value());
  std::string high = good;
  high[flag + 7] = 1;
  EXPECT_FALSE(fly::compiler::parseEntry(resealed(high), "k").has_value());
}

} // namespace
