//===- worker_pool.h - The host threads that run a launch's blocks --*- C++ -*-===//
//
// One pool per process, started on the first launch that has more than one block: a thread
// per core but one (the launching thread is the last worker), parked on a condition variable
// between launches (after looking for the next one for 100 us: launches in a row then start
// their helpers without waking them), so a launch starts no thread. A launch hands each worker the
// same job, which takes blocks from a shared atomic counter until none are left (dynamic self-
// scheduling: a worker that finishes early simply takes the next block). Launches from
// several host threads take turns; a child process after fork() starts a pool of its own.
//
//===------------------------------------------------------------------------===//
#ifndef FLYDSL_RUNTIME_CPU_WORKER_POOL_H
#define FLYDSL_RUNTIME_CPU_WORKER_POOL_H

#include <functional>

namespace fly::runtime::cpu {

/// The number of workers a launch may use: the host's cores.
unsigned poolSize();

/// Runs `job` on `workers` threads at once, the calling thread among them, and returns when
/// every one has returned. `job` must not throw.
void runOnWorkers(unsigned workers, const std::function<void()> &job);

} // namespace fly::runtime::cpu

#endif // FLYDSL_RUNTIME_CPU_WORKER_POOL_H
