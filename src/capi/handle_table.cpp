//===- handle_table.cpp - Live handles with generation counts -------------===//

#include "capi/handle_table.h"
#include "capi/status.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fly::capi {

namespace {

// A token is (generation << 32) | (slot index + 1). A slot's state is
// (generation << 8) | kind, kind 0 while the slot is free; freeing advances the
// generation, so every token ever given for the slot but the live one misses.
constexpr unsigned kChunkBits = 12;
constexpr uint32_t kChunkSize = 1u << kChunkBits;
constexpr uint32_t kMaxChunks = 1u << 12; // 16M handles alive at once
constexpr uint64_t kMaxGeneration = (1ull << 31) - 1;

struct Slot {
  std::atomic<uint64_t> state{1ull << 8}; // generation 1, free
  std::atomic<void *> object{nullptr};
  std::atomic<uint32_t> pins{0}; // lookups in progress on some thread's PinScope
};

// This thread's pinned slots, while a PinScope is open (nullptr otherwise).
thread_local std::vector<Slot *> *pinned = nullptr;

uint32_t pinsOfThisThread(Slot *s) {
  return pinned ? uint32_t(std::count(pinned->begin(), pinned->end(), s)) : 0;
}

struct Table {
  std::atomic<Slot *> chunks[kMaxChunks] = {};
  std::mutex mutex; // guards growth, the free list and state changes
  uint32_t used = 0;
  std::vector<uint32_t> freeSlots;
  std::atomic<uint64_t> live{0};
};

Table &table() {
  static Table *t = new Table(); // never destroyed: handles may outlive static teardown
  return *t;
}

Slot *slotAt(Table &t, uint32_t index) {
  Slot *chunk = t.chunks[index >> kChunkBits].load(std::memory_order_acquire);
  return chunk ? &chunk[index & (kChunkSize - 1)] : nullptr;
}

/// The slot a token names, or nullptr for a token that names none.
Slot *decode(uintptr_t token, uint64_t &generation) {
  uint64_t t = token;
  uint32_t low = static_cast<uint32_t>(t);
  generation = t >> 32;
  if (low == 0 || generation == 0 || generation > kMaxGeneration)
    return nullptr;
  uint32_t index = low - 1;
  if (index >= kMaxChunks * kChunkSize)
    return nullptr;
  return slotAt(table(), index);
}

} // namespace

const char *handleKindName(HandleKind kind) {
  switch (kind) {
  case HandleKind::Layout:
    return "layout";
  case HandleKind::Module:
    return "module";
  case HandleKind::Kernel:
    return "kernel";
  case HandleKind::Compiled:
    return "compiled module";
  case HandleKind::Prepared:
    return "prepared launch";
  case HandleKind::Event:
    return "event";
  case HandleKind::TiledMma:
    return "tiled MMA";
  }
  return "unknown";
}

uintptr_t addHandle(HandleKind kind, void *object) {
  Table &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  uint32_t index;
  if (!t.freeSlots.empty()) {
    index = t.freeSlots.back();
    t.freeSlots.pop_back();
  } else {
    if (t.used == kMaxChunks * kChunkSize)
      fail(FLY_ERROR_OUT_OF_MEMORY, "too many handles alive at once (16M); destroy some");
    index = t.used++;
    std::atomic<Slot *> &chunk = t.chunks[index >> kChunkBits];
    if (!chunk.load(std::memory_order_relaxed))
      chunk.store(new Slot[kChunkSize], std::memory_order_release);
  }
  Slot &s = *slotAt(t, index);
  uint64_t generation = s.state.load(std::memory_order_relaxed) >> 8;
  s.object.store(object, std::memory_order_relaxed);
  s.state.store(generation << 8 | static_cast<uint64_t>(kind), std::memory_order_release);
  t.live.fetch_add(1, std::memory_order_relaxed);
  return static_cast<uintptr_t>(generation << 32 | (uint64_t(index) + 1));
}

void *lookupHandle(uintptr_t token, HandleKind kind, const char *name) {
  uint64_t generation = 0;
  Slot *s = token ? decode(token, generation) : nullptr;
  // Pin first, then check: a destroy that advanced the generation before this load is seen
  // here; one after it sees the pin and waits (both sequentially consistent).
  bool pin = s && pinned;
  if (pin)
    s->pins.fetch_add(1, std::memory_order_seq_cst);
  uint64_t state = s ? s->state.load(std::memory_order_seq_cst) : 0;
  uint64_t liveGeneration = state >> 8;
  auto liveKind = static_cast<HandleKind>(state & 0xff);
  if (s && liveGeneration == generation && liveKind == kind) {
    if (pin)
      pinned->push_back(s);
    return s->object.load(std::memory_order_relaxed);
  }
  if (pin)
    s->pins.fetch_sub(1, std::memory_order_seq_cst);
  // The error paths: messages are built only here, off the launch hot path.
  const std::string what = std::string(handleKindName(kind)) + " handle '" + name + "'";
  if (token == 0)
    fail(FLY_ERROR_INVALID_HANDLE, what + " is NULL");
  if (!s)
    fail(FLY_ERROR_INVALID_HANDLE, "'" + std::string(name) + "' is not a " +
                                       handleKindName(kind) + " handle (nor any handle)");
  if (liveGeneration > generation || (liveGeneration == 0 && generation != 0))
    fail(FLY_ERROR_INVALID_HANDLE, what + " was already destroyed");
  if (liveGeneration == generation && state & 0xff)
    fail(FLY_ERROR_INVALID_HANDLE, "'" + std::string(name) + "' is a " +
                                       handleKindName(liveKind) + " handle, not a " +
                                       handleKindName(kind) + " handle");
  fail(FLY_ERROR_INVALID_HANDLE,
       "'" + std::string(name) + "' is not a " + handleKindName(kind) + " handle");
}

void *removeHandle(uintptr_t token, HandleKind kind) {
  uint64_t generation;
  Slot *s = token ? decode(token, generation) : nullptr;
  if (!s)
    return nullptr;
  Table &t = table();
  void *object;
  {
    std::lock_guard<std::mutex> lock(t.mutex);
    uint64_t state = s->state.load(std::memory_order_relaxed);
    if (state >> 8 != generation || static_cast<HandleKind>(state & 0xff) != kind)
      return nullptr;
    // The object stays in the slot until the pins are gone: a lookup that validated the old
    // generation just before the store below still reads it.
    object = s->object.load(std::memory_order_relaxed);
    // Generation 0 matches no token: a slot that used its last generation is retired.
    uint64_t next = generation >= kMaxGeneration ? 0 : generation + 1;
    s->state.store(next << 8, std::memory_order_seq_cst);
    t.live.fetch_sub(1, std::memory_order_relaxed);
  }
  // This thread's own pins end here: it destroys the object, so it has no further use of it,
  // and kept until its call returns they would hold the slot (soon another object's) against
  // a destroy on another thread, which may be waiting for a lock this thread waits for.
  if (uint32_t own = pinsOfThisThread(s)) {
    pinned->erase(std::remove(pinned->begin(), pinned->end(), s), pinned->end());
    s->pins.fetch_sub(own, std::memory_order_seq_cst);
  }
  // Lookups that pinned the slot before the generation moved finish with the object first.
  while (s->pins.load(std::memory_order_seq_cst) > 0)
    std::this_thread::yield();
  std::lock_guard<std::mutex> lock(t.mutex);
  s->object.store(nullptr, std::memory_order_relaxed);
  if (s->state.load(std::memory_order_relaxed) >> 8 != 0)
    t.freeSlots.push_back(static_cast<uint32_t>(uint64_t(token)) - 1);
  return object;
}

void setNextGenerationForTesting(uint64_t generation) {
  Table &t = table();
  std::lock_guard<std::mutex> lock(t.mutex);
  for (uint32_t index : t.freeSlots)
    slotAt(t, index)->state.store(std::min(generation, kMaxGeneration) << 8);
}

PinScope::PinScope() : outermost_(pinned == nullptr) {
  if (outermost_)
    pinned = new std::vector<Slot *>();
}

PinScope::~PinScope() {
  if (!outermost_)
    return;
  for (Slot *s : *pinned)
    s->pins.fetch_sub(1, std::memory_order_seq_cst);
  delete pinned;
  pinned = nullptr;
}

uint64_t liveHandleCount() { return table().live.load(std::memory_order_relaxed); }

} // namespace fly::capi
