//===- lru_cache.h - A map that keeps its most recently used entries -*- C++ -*-===//
//
// The in-memory module cache: a lookup marks its entry used, and an insertion beyond the
// capacity drops the entry used least recently. Not synchronised: its owner holds a lock.
//
//===--------------------------------------------------------------------------===//
#ifndef FLYDSL_CAPI_LRU_CACHE_H
#define FLYDSL_CAPI_LRU_CACHE_H

#include <cstdint>
#include <list>
#include <string>
#include <unordered_map>
#include <utility>

namespace fly::capi {

/// How many compiled modules the process keeps for reuse unless
/// FLYDSL_RUNTIME_MEMORY_CACHE_ENTRIES says otherwise.
constexpr uint64_t kDefaultMemoryCacheEntries = 256;

template <class V> class LruCache {
public:
  /// Keeps at most `capacity` entries (0: none).
  explicit LruCache(uint64_t capacity) : capacity_(capacity) {}

  /// The value of `key`, now the most recently used, or nullptr.
  const V *find(const std::string &key) {
    auto it = index_.find(key);
    if (it == index_.end())
      return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return &it->second->second;
  }

  /// Sets `key` to `value`, the most recently used; drops the least recently used beyond
  /// the capacity.
  void put(const std::string &key, V value) {
    if (auto it = index_.find(key); it != index_.end()) {
      it->second->second = std::move(value);
      order_.splice(order_.begin(), order_, it->second);
    } else {
      order_.emplace_front(key, std::move(value));
      index_[key] = order_.begin();
    }
    while (order_.size() > capacity_) {
      index_.erase(order_.back().first);
      order_.pop_back();
    }
  }

  size_t size() const { return order_.size(); }

private:
  uint64_t capacity_;
  std::list<std::pair<std::string, V>> order_;
  std::unordered_map<std::string, typename std::list<std::pair<std::string, V>>::iterator> index_;
};

} // namespace fly::capi

#endif // FLYDSL_CAPI_LRU_CACHE_H
