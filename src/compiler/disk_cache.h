//===- disk_cache.h - Compiled artifacts kept on disk between processes -*- C++ -*-===//
//
// One file per key under the cache directory. An entry holds the whole key (a hash collision
// is a miss), the artifact, and a checksum of both: a truncated or corrupted entry is a miss,
// is removed, and the caller rebuilds it. Entries are written to a private temporary file and
// renamed into place, so readers never see half an entry and two processes that compile the
// same kernel at once both succeed (the last rename wins with identical contents).
//
//===-------------------------------------------------------------------------------===//
#ifndef FLYDSL_COMPILER_DISK_CACHE_H
#define FLYDSL_COMPILER_DISK_CACHE_H

#include "compiler/compiler.h"

#include <optional>
#include <string>

namespace fly::compiler {

class DiskCache {
public:
  explicit DiskCache(std::string dir) : dir_(std::move(dir)) {}
  /// The entry for `key`, or nothing (absent, unreadable, corrupted: the last is removed).
  std::optional<Artifact> load(const std::string &key) const;
  /// Stores `art` under `key`; a failure to write only costs the next process a compile.
  void store(const std::string &key, const Artifact &art) const;
  /// The file that holds `key`'s entry.
  std::string pathOf(const std::string &key) const;

private:
  std::string dir_;
};

/// The bytes of an entry and back (exposed for tests of corruption handling).
std::string serializeEntry(const std::string &key, const Artifact &art);
std::optional<Artifact> parseEntry(const std::string &bytes, const std::string &key);

} // namespace fly::compiler

#endif // FLYDSL_COMPILER_DISK_CACHE_H
