#include "capi/handle_table.h"
#include "capi/status.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace fly::capi;

namespace {
constexpr uint64_t kLargestGeneration = (1ull << 31) - 1;

bool live(uintptr_t token, HandleKind kind) {
  PinScope scope;
  try {
    lookupHandle(token, kind, "h");
    return true;
  } catch (const ApiError &) {
    return false;
  }
}
} // namespace

TEST(HandleTable, AStaleHandleStaysStaleWhenGenerationsRunOut) {
  int object = 0;
  uintptr_t first = addHandle(HandleKind::Event, &object);
  ASSERT_EQ(removeHandle(first, HandleKind::Event), &object);
  setNextGenerationForTesting(kLargestGeneration - 1);
  std::vector<uintptr_t> stale = {first};
  for (int i = 0; i < 3; ++i) {
    uintptr_t h = addHandle(HandleKind::Event, &object);
    EXPECT_TRUE(live(h, HandleKind::Event));
    for (uintptr_t old : stale)
      EXPECT_FALSE(live(old, HandleKind::Event)) << std::hex << old;
    ASSERT_EQ(removeHandle(h, HandleKind::Event), &object);
    EXPECT_FALSE(live(h, HandleKind::Event));
    stale.push_back(h);
  }
  // The slot that reached the largest generation was retired, not handed out again.
  EXPECT_NE(uint32_t(stale[2]), uint32_t(stale[3]));
}

TEST(HandleTable, ADestroyWaitsForAUseOnAnotherThread) {
  auto *object = new std::vector<int>(1000, 7);
  uintptr_t h = addHandle(HandleKind::Layout, object);
  std::atomic<bool> pinned{false}, done{false};
  std::atomic<long> sum{0};
  std::thread user([&] {
    PinScope scope;
    auto *v = static_cast<std::vector<int> *>(lookupHandle(h, HandleKind::Layout, "h"));
    pinned = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    long s = 0;
    for (int x : *v) // still the live object: the destroy waits for this scope
      s += x;
    sum = s;
    done = true;
  });
  while (!pinned)
    std::this_thread::yield();
  auto *taken = static_cast<std::vector<int> *>(removeHandle(h, HandleKind::Layout));
  EXPECT_TRUE(done.load());
  delete taken;
  user.join();
  EXPECT_EQ(sum.load(), 7000);
  EXPECT_FALSE(live(h, HandleKind::Layout));
}

TEST(HandleTable, ManyThreadsUseAndDestroyHandlesAtOnce) {
  constexpr int kHandles = 64, kRounds = 200;
  std::vector<std::atomic<uintptr_t>> handles(kHandles);
  for (auto &h : handles)
    h = addHandle(HandleKind::Compiled, new int(42));
  std::atomic<bool> stop{false};
  std::atomic<long> reads{0};
  std::vector<std::thread> users;
  for (int t = 0; t < 4; ++t)
    users.emplace_back([&] {
      while (!stop) {
        for (auto &h : handles) {
          PinScope scope;
          try {
            int *p = static_cast<int *>(lookupHandle(h.load(), HandleKind::Compiled, "h"));
            if (*p == 42) // a freed object would be read here (ASan and TSan see it)
              ++reads;
          } catch (const ApiError &) {
          }
        }
      }
    });
  // Destroy in rounds until the users have read many times in between, however the threads
  // are scheduled.
  for (int r = 0; r < kRounds || reads.load() < 10000; ++r)
    for (auto &h : handles) {
      uintptr_t old = h.exchange(addHandle(HandleKind::Compiled, new int(42)));
      delete static_cast<int *>(removeHandle(old, HandleKind::Compiled));
    }
  stop = true;
  for (auto &u : users)
    u.join();
  for (auto &h : handles)
    delete static_cast<int *>(removeHandle(h.load(), HandleKind::Compiled));
  EXPECT_GE(reads.load(), 10000);
}

TEST(HandleTable, ASlotAThreadFreedCarriesNoPinOfItsIntoTheNextObject) {
  // A call that looks up and destroys an object keeps going (its pin scope open); the slot's
  // next object, on another thread, is destroyed at once, not after that call returns.
  int first = 1, second = 2;
  std::atomic<bool> freed{false}, nextDestroyed{false};
  std::thread call([&] {
    PinScope scope;
    uintptr_t h = addHandle(HandleKind::Event, &first);
    lookupHandle(h, HandleKind::Event, "h");
    EXPECT_EQ(removeHandle(h, HandleKind::Event), &first);
    freed = true;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!nextDestroyed && std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
    EXPECT_TRUE(nextDestroyed.load()) << "the destroy waited for this call's scope";
  });
  while (!freed)
    std::this_thread::yield();
  uintptr_t next = addHandle(HandleKind::Event, &second); // the freed slot, reused
  EXPECT_EQ(removeHandle(next, HandleKind::Event), &second);
  nextDestroyed = true;
  call.join();
}
