//===- disk_cache.h - Compiled artifacts kept on disk between processes -*- C++ -*-===//
//
// One file per key under the cache directory. An entry holds the whole key (a hash collision
// is a miss), the artifact, and a checksum of both: a truncated or corrupted entry is a miss,
// is removed, and the caller rebuilds it. Entries are written to a private temporary file and
// renamed into place, so readers never see half an entry and two processes that compile the
// same kernel at once both succeed (the last rename wins with identical contents).
//
// An entry is code the process will run, so the cache trusts only what this user alone could
// have written: the directory must be a real directory owned by the effective user and
// writable by no one else (as ssh and pip require), and each entry a regular file owned by
// the user and writable by no one else, opened without following links or blocking. Anything
// else is not read (and, inside a trusted directory, removed). The directory is held open
// while it is used, so a path swapped after the check is not followed.
//
// The cache is bounded: a hit marks its entry used (its modification time), and a store
// that brings the entries' total size over the limit removes the least recently used ones.
//
//===-------------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_DISK_CACHE_H
#define FLYDSL_COMPILER_DISK_CACHE_H

#include "compiler/compiler.h"

#include <cstdint>
#include <optional>
#include <string>

namespace fly::compiler {

class DiskCache {
public:
  /// Opens `dir`, creating it (mode 0700) where it is missing, and checks that it can be
  /// trusted; entries beyond `maxBytes` in all are evicted (0: no limit).
  DiskCache(std::string dir, uint64_t maxBytes);
  ~DiskCache();
  DiskCache(const DiskCache &) = delete;
  DiskCache &operator=(const DiskCache &) = delete;

  /// Empty when the directory is usable, else why it is not (the cache is then off).
  const std::string &refusal() const { return refusal_; }
  /// The entry for `key`, or nothing (absent, untrusted, unreadable, corrupted: all but the
  /// first are removed).
  std::optional<Artifact> load(const std::string &key) const;
  /// Stores `art` under `key`; a failure to write only costs the next process a compile.
  void store(const std::string &key, const Artifact &art) const;
  /// Removes `key`'s entry (one that parsed but would not load).
  void remove(const std::string &key) const;
  /// The file that holds `key`'s entry.
  std::string pathOf(const std::string &key) const;

private:
  void evict() const;

  std::string dir_;
  uint64_t maxBytes_;
  int dirFd_ = -1;
  std::string refusal_;
};

/// The disk cache's size limit when FLYDSL_RUNTIME_CACHE_MAX_MB does not set one.
constexpr uint64_t kDefaultDiskCacheBytes = uint64_t(1) << 30;

/// The bytes of an entry and back (exposed for tests of corruption handling).
std::string serializeEntry(const std::string &key, const Artifact &art);
std::optional<Artifact> parseEntry(const std::string &bytes, const std::string &key);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_DISK_CACHE_H
