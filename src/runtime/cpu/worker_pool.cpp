//===- worker_pool.cpp - The host threads that run a launch's blocks ------===//

#include "runtime/cpu/worker_pool.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace fly::runtime::cpu {

namespace {

/// How long a worker, and a launching thread waiting for its helpers, keep looking before they
/// sleep: waking a sleeping thread takes tens of microseconds, more than a small kernel, and
/// launches often follow one another closer than this. Each look yields the core.
constexpr std::chrono::microseconds kSpin{100};

/// Waits until `done()` or kSpin has passed; whether `done()`.
template <class Done> bool spinUntil(Done done) {
  auto until = std::chrono::steady_clock::now() + kSpin;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= until)
      return false;
    std::this_thread::yield();
  }
  return true;
}

class Pool {
public:
  explicit Pool(unsigned helpers) {
    for (unsigned i = 0; i < helpers; ++i)
      std::thread([this] { serve(); }).detach(); // parked until the process ends
    count = helpers;
  }

  void run(unsigned helpers, const std::function<void()> &job) {
    std::lock_guard<std::mutex> turn(launchMutex);
    helpers = std::min(helpers, count);
    {
      std::lock_guard<std::mutex> lock(mutex);
      current = &job;
      open = helpers;
      running = helpers;
      published.store(++generation, std::memory_order_release);
    }
    wake.notify_all();
    job();
    spinUntil([&] { return running.load(std::memory_order_acquire) == 0; });
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, [&] { return running == 0; });
    current = nullptr;
  }

private:
  void serve() {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex);
    while (true) {
      lock.unlock();
      spinUntil([&] { return published.load(std::memory_order_acquire) != seen; });
      lock.lock();
      wake.wait(lock, [&] { return generation != seen && open > 0; });
      seen = generation;
      --open;
      const std::function<void()> *job = current;
      lock.unlock();
      (*job)();
      lock.lock();
      if (--running == 0)
        finished.notify_one();
    }
  }

  unsigned count = 0;
  std::mutex launchMutex; // one launch at a time
  std::mutex mutex;
  std::condition_variable wake, finished;
  const std::function<void()> *current = nullptr;
  unsigned open = 0;                // workers yet to take the job
  std::atomic<unsigned> running{0}; // ... and still in it (changed under `mutex`)
  uint64_t generation = 0;
  std::atomic<uint64_t> published{0}; // `generation`, for workers looking without the lock
};

std::mutex poolMutex;
Pool *pool = nullptr;
pid_t poolOwner = 0;

Pool &thePool() {
  std::lock_guard<std::mutex> lock(poolMutex);
  // After fork() the parent's threads are gone: the child leaves its copy alone and starts anew.
  if (!pool || poolOwner != getpid()) {
    pool = new Pool(poolSize() - 1);
    poolOwner = getpid();
  }
  return *pool;
}

} // namespace

// Read once: the C library reads a file of /sys for it, more than a small launch takes.
unsigned poolSize() {
  static const unsigned size = std::max(1u, std::thread::hardware_concurrency());
  return size;
}

void runOnWorkers(unsigned workers, const std::function<void()> &job) {
  if (workers <= 1) {
    job();
    return;
  }
  thePool().run(workers - 1, job);
}

} // namespace fly::runtime::cpu
