//===- cpu_launch.cpp - Running a kernel's GPU threads on host threads ----===//

#include "runtime/cpu/cpu_launch.h"
#include "runtime/cpu/fiber_switch.h"
#include "runtime/cpu/worker_pool.h"

#include "layout/wgmma_descriptor.h"
#include "runtime/gpu/tma_box.h"

#include "llvm/ADT/APFloat.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace fly::runtime::cpu {

namespace {

constexpr size_t kFiberStackBytes = 256 * 1024;
constexpr uint32_t kMaxThreadsPerBlock = 1024;

enum class FiberState { Ready, AtBarrier, AtShuffle, AtMbarrier, AtNamedBarrier, Done };

namespace ids = compiler::cpu_ids;

struct Fiber {
  FiberContext context;
  FiberState state = FiberState::Ready;
  int64_t ids[ids::kCount]; // what the kernel reads as its thread's indices
  uint32_t linear;          // x fastest
  int shuffleParity = 0;
  const void *mbarrier = nullptr; // AtMbarrier: the barrier and the phase parity awaited
  int parity = 0;
  int namedBarrier = 0, namedThreads = 0; // AtNamedBarrier: its id and thread count
};

struct Block;

// What the runtime functions called by kernel code read: the calling GPU thread.
struct ThreadContext {
  const Geometry *geometry;
  int64_t ids[ids::kCount]; // block index and sizes; thread slots in serial runs
  uint32_t linear;
  uint8_t *shared;
  Block *block;   // fibers only
  Fiber *fiber;   // fibers only
  std::string error; // what a runtime function found wrong (the block's run then fails)
};

thread_local ThreadContext *current = nullptr;

using ir::kMaxSharedAlign;

/// A worker's shared memory, aligned like the GPU's (the builder allows alignments up to
/// kMaxSharedAlign). AMD kernels may keep a shared-memory address in 32 bits, as the hardware's
/// LDS addresses are (FlyDSL's conv3d takes ptrtoint to an i32 and back): where the system can
/// map memory below 2 GiB the window lies there, so that round trip gives the address back.
/// With `guard`, the window ends at a page mapped with no access (its usable part rounded up to
/// kMaxSharedAlign), so that an access past the end faults: a test's crash where a GPU would
/// report an illegal address, not a silent write into the next allocation.
class SharedWindow {
public:
  SharedWindow(uint64_t bytes, bool guard) : size_(bytes + kMaxSharedAlign) {
    if (guard && mapGuarded(bytes))
      return;
#ifdef MAP_32BIT
    void *low = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    if (low != MAP_FAILED)
      mapped_ = static_cast<uint8_t *>(low);
#endif
    if (!mapped_)
      heap_.resize(size_);
    uint8_t *raw = mapped_ ? mapped_ : heap_.data();
    base_ = reinterpret_cast<uint8_t *>((reinterpret_cast<uintptr_t>(raw) + kMaxSharedAlign - 1) &
                                        ~(kMaxSharedAlign - 1));
  }
  ~SharedWindow() {
    if (mapped_)
      munmap(mapped_, size_);
  }
  SharedWindow(const SharedWindow &) = delete;
  SharedWindow &operator=(const SharedWindow &) = delete;
  uint8_t *base() const { return base_; }

private:
  bool mapGuarded(uint64_t bytes) {
    uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
    uint64_t usable = (bytes + kMaxSharedAlign - 1) / kMaxSharedAlign * kMaxSharedAlign;
    uint64_t body = (usable + page - 1) / page * page;
    size_ = body + page;
    int flags = MAP_PRIVATE | MAP_ANONYMOUS;
    void *raw = MAP_FAILED;
#ifdef MAP_32BIT
    raw = mmap(nullptr, size_, PROT_READ | PROT_WRITE, flags | MAP_32BIT, -1, 0);
#endif
    if (raw == MAP_FAILED)
      raw = mmap(nullptr, size_, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (raw == MAP_FAILED) { // no guard then
      size_ = bytes + kMaxSharedAlign;
      return false;
    }
    mapped_ = static_cast<uint8_t *>(raw);
    mprotect(mapped_ + body, page, PROT_NONE);
    base_ = mapped_ + body - usable;
    return true;
  }

  size_t size_;
  uint8_t *mapped_ = nullptr;
  std::vector<uint8_t> heap_;
  uint8_t *base_ = nullptr;
};

/// The calling thread's shared window of `bytes` (guarded or not), kept from its last launch
/// where that one asked for the same: mapping a window takes two system calls, more than the
/// rest of a small kernel's launch. Windows of more than kKeptWindowBytes go after the launch,
/// and so does one a launch within a launch on the same thread asks for.
class KeptSharedWindow {
public:
  KeptSharedWindow(uint64_t bytes, bool guard) {
    thread_local std::unique_ptr<SharedWindow> kept;
    thread_local uint64_t keptBytes = 0;
    thread_local bool keptGuard = false, keptBusy = false;
    if (keptBusy || bytes > kKeptWindowBytes) {
      own_ = std::make_unique<SharedWindow>(bytes, guard);
      base_ = own_->base();
      return;
    }
    if (!kept || keptBytes != bytes || keptGuard != guard) {
      kept.reset(); // unmapped before the next is mapped
      kept = std::make_unique<SharedWindow>(bytes, guard);
      keptBytes = bytes;
      keptGuard = guard;
    }
    base_ = kept->base();
    busy_ = &keptBusy;
    keptBusy = true;
  }
  ~KeptSharedWindow() {
    if (busy_)
      *busy_ = false;
  }
  KeptSharedWindow(const KeptSharedWindow &) = delete;
  KeptSharedWindow &operator=(const KeptSharedWindow &) = delete;
  uint8_t *base() const { return base_; }

private:
  static constexpr uint64_t kKeptWindowBytes = uint64_t(1) << 20;
  std::unique_ptr<SharedWindow> own_;
  bool *busy_ = nullptr;
  uint8_t *base_ = nullptr;
};

uint64_t dynamicSharedOffset(const Geometry &g) {
  return compiler::dynamicSharedStart(g.staticSharedBytes);
}

// An mbarrier as the cpu keeps it in its 8 bytes of shared memory: the transaction bytes the
// phase still expects (negative while copies run ahead of their arrivals), and the phase bit
// (bit 31), the expected arrivals (bits 16..30) and the pending ones (bits 0..15).
struct CpuMbarrier {
  int32_t tx;
  uint32_t state;
  uint32_t phase() const { return state >> 31; }
  uint32_t expected() const { return (state >> 16) & 0x7fff; }
  uint32_t pending() const { return state & 0xffff; }
};
static_assert(sizeof(CpuMbarrier) == 8, "an mbarrier is 8 bytes");

// Whether the phase of parity `parity` of the barrier at `bar` has completed.
bool phaseDone(const void *bar, int parity) {
  CpuMbarrier b;
  std::memcpy(&b, bar, sizeof b);
  return int(b.phase()) != (parity & 1);
}

// The fibers of one block and the scheduler that switches among them.
struct Block {
  FiberContext scheduler;
  const void *schedulerStack = nullptr; // for AddressSanitizer's view of the switches
  size_t schedulerStackSize = 0;
  std::vector<Fiber> fibers;
  std::vector<std::unique_ptr<char[]>> *stacks;
  // Shuffle exchange slots: two buffers (alternating per shuffle) of one slot per thread.
  std::vector<uint64_t> slots[2];
  EntryFn fn;
  void **args;
};

// AddressSanitizer must be told of every stack switch (no-ops in other builds): before it, the
// stack being entered; after it, that the switch is complete.
void sanitizerStartSwitch(void **save, const void *stack, size_t size) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_start_switch_fiber(save, stack, size);
#endif
}
void sanitizerFinishSwitch(void *save, const void **from, size_t *fromSize) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(save, from, fromSize);
#endif
}

void fiberEntry(void *block) {
  auto *b = static_cast<Block *>(block);
  sanitizerFinishSwitch(nullptr, &b->schedulerStack, &b->schedulerStackSize);
  Fiber *f = current->fiber;
  b->fn(b->args, f->ids);
  f->state = FiberState::Done;
  // This fiber's stack is done: no save, and it is never resumed.
  sanitizerStartSwitch(nullptr, b->schedulerStack, b->schedulerStackSize);
  fiberSwitch(f->context, b->scheduler);
}

void yieldToScheduler() {
  Block *b = current->block;
  Fiber *f = current->fiber;
  void *save = nullptr;
  sanitizerStartSwitch(&save, b->schedulerStack, b->schedulerStackSize);
  fiberSwitch(f->context, b->scheduler);
  sanitizerFinishSwitch(save, nullptr, nullptr);
}

std::string describe(const int64_t *bid) {
  return "block (" + std::to_string(bid[0]) + "," + std::to_string(bid[1]) + "," +
         std::to_string(bid[2]) + ")";
}

// Runs one block as fibers. Returns an error message, or empty.
std::string runFibers(EntryFn fn, void **args, const Geometry &g, ThreadContext &ctx,
                      std::vector<std::unique_ptr<char[]>> &stacks) {
  uint32_t n = g.block[0] * g.block[1] * g.block[2];
  Block b;
  b.fibers.resize(n);
  b.stacks = &stacks;
  b.slots[0].assign(n, 0);
  b.slots[1].assign(n, 0);
  b.fn = fn;
  b.args = args;
  while (stacks.size() < n)
    stacks.push_back(std::unique_ptr<char[]>(new char[kFiberStackBytes]));
  uint32_t wave = std::max(1, g.waveSize);
  for (uint32_t i = 0; i < n; ++i) {
    Fiber &f = b.fibers[i];
    f.linear = i;
    std::copy(ctx.ids, ctx.ids + ids::kCount, f.ids);
    f.ids[ids::kThreadIdx] = i % g.block[0];
    f.ids[ids::kThreadIdx + 1] = (i / g.block[0]) % g.block[1];
    f.ids[ids::kThreadIdx + 2] = i / (g.block[0] * g.block[1]);
    f.ids[ids::kLaneId] = i % wave;
    fiberPrepare(f.context, stacks[i].get(), kFiberStackBytes, fiberEntry, &b);
  }
  ctx.block = &b;
  auto releaseMbarrierWaits = [&] {
    bool any = false;
    for (Fiber &f : b.fibers)
      if (f.state == FiberState::AtMbarrier && phaseDone(f.mbarrier, f.parity)) {
        f.state = FiberState::Ready;
        any = true;
      }
    return any;
  };
  while (true) {
    releaseMbarrierWaits();
    for (Fiber &f : b.fibers) {
      if (f.state != FiberState::Ready)
        continue;
      ctx.fiber = &f;
      ctx.linear = f.linear;
      void *save = nullptr;
      sanitizerStartSwitch(&save, stacks[f.linear].get(), kFiberStackBytes);
      fiberSwitch(b.scheduler, f.context);
      sanitizerFinishSwitch(save, nullptr, nullptr);
    }
    // Fibers that yielded in lockstep run again; once every fiber is done or waiting,
    // release what can be released.
    uint32_t done = 0, atBarrier = 0, ready = 0;
    for (Fiber &f : b.fibers) {
      done += f.state == FiberState::Done;
      atBarrier += f.state == FiberState::AtBarrier;
      ready += f.state == FiberState::Ready;
    }
    if (ready)
      continue;
    if (done == n)
      return {};
    bool released = false;
    // As the hardware's barriers (s_barrier, bar.sync), one waits for the threads that have not
    // exited: a thread that returned early no longer holds the others up.
    if (atBarrier && atBarrier + done == n) {
      for (Fiber &f : b.fibers)
        if (f.state == FiberState::AtBarrier)
          f.state = FiberState::Ready;
      released = true;
    }
    for (uint32_t w = 0; w < n; w += wave) {
      uint32_t end = std::min(n, w + wave);
      bool all = true;
      for (uint32_t i = w; i < end && all; ++i)
        all = b.fibers[i].state == FiberState::AtShuffle;
      if (all) {
        for (uint32_t i = w; i < end; ++i)
          b.fibers[i].state = FiberState::Ready;
        released = true;
      }
    }
    // A named barrier lets its first `threads` arrivals go (the count they all name).
    uint32_t atNamed[16] = {};
    for (Fiber &f : b.fibers)
      if (f.state == FiberState::AtNamedBarrier)
        ++atNamed[f.namedBarrier];
    for (int id = 1; id < 16; ++id) {
      if (!atNamed[id])
        continue;
      uint32_t left = 0;
      for (Fiber &f : b.fibers)
        if (f.state == FiberState::AtNamedBarrier && f.namedBarrier == id) {
          left = left ? left : uint32_t(f.namedThreads);
          break;
        }
      if (atNamed[id] < left)
        continue;
      for (Fiber &f : b.fibers)
        if (left && f.state == FiberState::AtNamedBarrier && f.namedBarrier == id) {
          f.state = FiberState::Ready;
          --left;
        }
      released = true;
    }
    if (!released && !releaseMbarrierWaits()) {
      std::string what = atBarrier ? "a barrier" : "a shuffle";
      for (Fiber &f : b.fibers)
        if (f.state == FiberState::AtNamedBarrier)
          what = "named barrier " + std::to_string(f.namedBarrier);
      for (Fiber &f : b.fibers)
        if (f.state == FiberState::AtMbarrier)
          what = "an mbarrier wait";
      return describe(ctx.ids + ids::kBlockIdx) + ": " + what + " can never complete (" +
             std::to_string(done) + " of " + std::to_string(n) +
             " threads have exited, the others wait)";
    }
  }
}

// Runtime functions called by kernel code.

extern "C" void flyCpuBarrier() {
  if (!current->fiber)
    return; // kernels without collectives never call it
  current->fiber->state = FiberState::AtBarrier;
  yieldToScheduler();
}

extern "C" void *flySharedBase() { return current->shared; }

// Before each shared-memory access of a kernel on fibers: the other threads of the block make
// their access first (lockstepSharedAccesses in the cpu target says why).
extern "C" void flyCpuLockstep() {
  if (current->fiber)
    yieldToScheduler();
}

void recordError(const std::string &e) {
  if (current->error.empty())
    current->error = e;
}

extern "C" void flyCpuNamedBarrier(int32_t id, int32_t threads) {
  if (!current->fiber) {
    recordError("a named barrier outside a block run on fibers");
    return;
  }
  current->fiber->state = FiberState::AtNamedBarrier;
  current->fiber->namedBarrier = id;
  current->fiber->namedThreads = threads;
  yieldToScheduler();
}

extern "C" void flyCpuMbarrierInit(void *bar, int32_t count) {
  CpuMbarrier b{0, (uint32_t(count) << 16) | uint32_t(count)};
  std::memcpy(bar, &b, sizeof b);
}

// Adds `tx` expected bytes (negative: bytes that landed) and `arrivals`; the phase completes
// when no arrival is pending and no byte is expected.
void mbarrierUpdate(void *bar, int32_t tx, uint32_t arrivals) {
  CpuMbarrier b;
  std::memcpy(&b, bar, sizeof b);
  if (b.expected() == 0) {
    recordError("an mbarrier is used before mbarrier_init");
    return;
  }
  if (arrivals > b.pending()) {
    recordError("an mbarrier phase got more arrivals than the " + std::to_string(b.expected()) +
                " it expects");
    return;
  }
  b.tx += tx;
  b.state -= arrivals;
  if (b.pending() == 0 && b.tx == 0)
    b.state = ((b.phase() ^ 1u) << 31) | (b.expected() << 16) | b.expected();
  std::memcpy(bar, &b, sizeof b);
}

extern "C" void flyCpuMbarrierArrive(void *bar, int32_t txBytes) {
  mbarrierUpdate(bar, txBytes, 1);
}

extern "C" void flyCpuMbarrierWait(void *bar, int32_t parity) {
  while (!phaseDone(bar, parity)) {
    if (!current->fiber) {
      recordError("an mbarrier wait never completes: the block's threads run one after "
                  "another here, and the phase it waits for needs a thread that runs later");
      return;
    }
    current->fiber->state = FiberState::AtMbarrier;
    current->fiber->mbarrier = bar;
    current->fiber->parity = parity;
    yieldToScheduler();
  }
}

// Calls visit(shared, global) for each element of the box at coordinates `start` (descriptor
// dimensions, the contiguous one first), in the order a bulk copy lays the box out densely in
// shared memory from `smem`, with the swizzle applied to the shared address bits as the
// hardware applies it; `global` is null for elements outside the tensor. Returns the count.
template <class Visit>
int64_t forEachBoxElement(const gpu::TmaBox &d, const int64_t *start, uint8_t *smem, Visit visit) {
  int64_t count = 1;
  for (int i = 0; i < d.rank; ++i)
    count *= d.box[i];
  uintptr_t mask = d.swizzleBytes ? uintptr_t(d.swizzleBytes / 16 - 1) : 0;
  int64_t index[gpu::kTmaMaxRank] = {0, 0, 0, 0, 0};
  for (int64_t e = 0; e < count; ++e) {
    bool inside = true;
    auto *global = static_cast<uint8_t *>(const_cast<void *>(d.data));
    for (int i = 0; i < d.rank; ++i) {
      int64_t g = start[i] + index[i];
      inside = inside && g >= 0 && uint64_t(g) < d.extent[i];
      global += g * int64_t(d.strideBytes[i]);
    }
    uintptr_t at = reinterpret_cast<uintptr_t>(smem) + uintptr_t(e) * uintptr_t(d.elementBytes);
    at ^= ((at >> 7) & mask) << 4;
    visit(reinterpret_cast<uint8_t *>(at), inside ? global : nullptr);
    for (int i = 0; i < d.rank && ++index[i] == int64_t(d.box[i]); ++i)
      index[i] = 0;
  }
  return count;
}

bool sameRank(const gpu::TmaBox &d, int32_t rank) {
  if (rank != d.rank)
    recordError("a bulk copy of rank " + std::to_string(rank) + " through a descriptor of rank " +
                std::to_string(d.rank));
  return rank == d.rank;
}

// The bulk tensor copies, done at once. A load writes elements outside the tensor as zeros
// and completes its bytes on the barrier; a store skips them.
extern "C" void flyCpuTmaLoad(void *dst, const void *descriptor, void *bar, int32_t rank,
                              int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4) {
  const auto &d = *static_cast<const gpu::TmaBox *>(descriptor);
  if (!sameRank(d, rank))
    return;
  const int64_t start[gpu::kTmaMaxRank] = {c0, c1, c2, c3, c4};
  size_t bytes = size_t(d.elementBytes);
  int64_t count = forEachBoxElement(d, start, static_cast<uint8_t *>(dst),
                                    [&](uint8_t *shared, const uint8_t *global) {
                                      if (global)
                                        std::memcpy(shared, global, bytes);
                                      else
                                        std::memset(shared, 0, bytes);
                                    });
  mbarrierUpdate(bar, -int32_t(count * d.elementBytes), 0);
}

extern "C" void flyCpuTmaStore(void *src, const void *descriptor, int32_t rank, int32_t c0,
                               int32_t c1, int32_t c2, int32_t c3, int32_t c4) {
  const auto &d = *static_cast<const gpu::TmaBox *>(descriptor);
  if (!sameRank(d, rank))
    return;
  const int64_t start[gpu::kTmaMaxRank] = {c0, c1, c2, c3, c4};
  size_t bytes = size_t(d.elementBytes);
  forEachBoxElement(d, start, static_cast<uint8_t *>(src),
                    [&](const uint8_t *shared, uint8_t *global) {
                      if (global)
                        std::memcpy(global, shared, bytes);
                    });
}
extern "C" void *flyDynamicSharedBase() {
  return current->shared + dynamicSharedOffset(*current->geometry);
}

template <class T> T shuffle(T v, int32_t offset, int32_t width, int32_t mode) {
  ThreadContext &c = *current;
  if (!c.fiber)
    return v;
  Block &b = *c.block;
  uint32_t wave = std::max(1, c.geometry->waveSize);
  uint32_t lane = c.linear % wave, base = c.linear - lane;
  int parity = c.fiber->shuffleParity;
  c.fiber->shuffleParity ^= 1;
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  b.slots[parity][c.linear] = bits;
  c.fiber->state = FiberState::AtShuffle;
  yieldToScheduler();
  // The segment of `width` lanes this lane belongs to, as gpu.shuffle defines it.
  uint32_t w = width > 0 ? uint32_t(width) : wave;
  uint32_t segment = lane / w * w, inSeg = lane - segment;
  int64_t src;
  switch (static_cast<compiler::CpuShuffleMode>(mode)) {
  case compiler::CpuShuffleMode::Xor:
    src = inSeg ^ uint32_t(offset);
    break;
  case compiler::CpuShuffleMode::Up:
    src = int64_t(inSeg) - offset;
    break;
  case compiler::CpuShuffleMode::Down:
    src = int64_t(inSeg) + offset;
    break;
  default: // an absolute lane, as MLIR's and FlyDSL's
    src = int64_t(offset) - segment;
    break;
  }
  T out = v;
  if (src >= 0 && src < int64_t(w) && uint64_t(base + segment + src) < b.fibers.size()) {
    uint64_t got = b.slots[parity][base + segment + uint32_t(src)];
    std::memcpy(&out, &got, sizeof(T));
  }
  return out;
}

extern "C" int32_t flyShuffleI32(int32_t v, int32_t o, int32_t w, int32_t m) {
  return shuffle(v, o, w, m);
}
extern "C" int64_t flyShuffleI64(int64_t v, int32_t o, int32_t w, int32_t m) {
  return shuffle(v, o, w, m);
}
extern "C" float flyShuffleF32(float v, int32_t o, int32_t w, int32_t m) {
  return shuffle(v, o, w, m);
}
extern "C" double flyShuffleF64(double v, int32_t o, int32_t w, int32_t m) {
  return shuffle(v, o, w, m);
}

// f32 -> bf16, rounding to nearest even: LLVM calls it for scalar casts, and the libgcc of
// older compilers lacks it. bf16 is returned as the low 16 bits of xmm0, as _Float16 is.
extern "C" _Float16 flyTruncSfBf2(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t bits = (x & 0x7fffffff) > 0x7f800000 ? uint16_t((x >> 16) | 0x40)
                                                : uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
  _Float16 r;
  std::memcpy(&r, &bits, 2);
  return r;
}
extern "C" _Float16 flyTruncDfBf2(double d) { return flyTruncSfBf2(float(d)); }

// The f32 value of each bit pattern of e4m3 (OCP's E4M3FN) or e5m2, as LLVM's APFloat reads it
// (one definition of the formats for the compiler's constants and this emulation).
const std::array<float, 256> &fp8Values(bool e5m2) {
  auto table = [](const llvm::fltSemantics &semantics) {
    std::array<float, 256> values;
    for (unsigned bits = 0; bits < 256; ++bits)
      values[bits] = llvm::APFloat(semantics, llvm::APInt(8, bits)).convertToFloat();
    return values;
  };
  static const std::array<float, 256> e4m3Values = table(llvm::APFloat::Float8E4M3FN());
  static const std::array<float, 256> e5m2Values = table(llvm::APFloat::Float8E5M2());
  return e5m2 ? e5m2Values : e4m3Values;
}

// One accumulator of a wgmma atom: acc + A(row, :) . B(col, :) over the atom's K (16 16-bit or
// 32 fp8 elements, 32 bytes), each element read where the descriptors put it. A descriptor
// holds 18 bits of a shared window address; the block's shared memory (less than 256 KiB) is
// that window here. `flags`: bit 0 bf16 (else f16), bits 1 and 2 A and B M/N-major (else
// K-major), bit 3 e4m3 and bit 4 e5m2 operands (one byte each).
extern "C" float flyCpuWgmmaDot(int64_t descA, int64_t descB, int32_t row, int32_t col,
                                int32_t flags, float acc) {
  auto *base = static_cast<const uint8_t *>(flySharedBase());
  bool bf16 = flags & 1;
  const std::array<float, 256> *fp8 = flags & 24 ? &fp8Values(flags & 16) : nullptr;
  int bytes = fp8 ? 1 : 2;
  auto element = [&](int64_t desc, bool mnMajor, int64_t r, int64_t k) {
    uint64_t address = layout::wgmmaElementAddress(uint64_t(desc), mnMajor, bytes, r, k);
    uint64_t offset = (address - reinterpret_cast<uintptr_t>(base)) & ((uint64_t(1) << 18) - 1);
    if (fp8)
      return (*fp8)[base[offset]];
    uint16_t bits;
    std::memcpy(&bits, base + offset, 2);
    if (bf16) {
      uint32_t wide = uint32_t(bits) << 16;
      float f;
      std::memcpy(&f, &wide, 4);
      return f;
    }
    _Float16 h;
    std::memcpy(&h, &bits, 2);
    return float(h);
  };
  for (int64_t k = 0; k < 32 / bytes; ++k)
    acc = std::fma(element(descA, flags & 2, row, k), element(descB, flags & 4, col, k), acc);
  return acc;
}

} // namespace

const std::map<std::string, void *> &runtimeSymbols() {
  static const std::map<std::string, void *> table = {
      {"__fly_cpu_barrier", reinterpret_cast<void *>(&flyCpuBarrier)},
      {"__fly_shared_base", reinterpret_cast<void *>(&flySharedBase)},
      {"__fly_cpu_lockstep", reinterpret_cast<void *>(&flyCpuLockstep)},
      {"__fly_dynamic_shared_base", reinterpret_cast<void *>(&flyDynamicSharedBase)},
      {"__fly_cpu_shuffle_i32", reinterpret_cast<void *>(&flyShuffleI32)},
      {"__fly_cpu_shuffle_i64", reinterpret_cast<void *>(&flyShuffleI64)},
      {"__fly_cpu_shuffle_f32", reinterpret_cast<void *>(&flyShuffleF32)},
      {"__fly_cpu_shuffle_f64", reinterpret_cast<void *>(&flyShuffleF64)},
      {"__fly_cpu_wgmma_dot", reinterpret_cast<void *>(&flyCpuWgmmaDot)},
      {"__fly_cpu_mbarrier_init", reinterpret_cast<void *>(&flyCpuMbarrierInit)},
      {"__fly_cpu_mbarrier_arrive", reinterpret_cast<void *>(&flyCpuMbarrierArrive)},
      {"__fly_cpu_mbarrier_wait", reinterpret_cast<void *>(&flyCpuMbarrierWait)},
      {"__fly_cpu_tma_load", reinterpret_cast<void *>(&flyCpuTmaLoad)},
      {"__fly_cpu_tma_store", reinterpret_cast<void *>(&flyCpuTmaStore)},
      {"__fly_cpu_named_barrier", reinterpret_cast<void *>(&flyCpuNamedBarrier)},
      {"__truncsfbf2", reinterpret_cast<void *>(&flyTruncSfBf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&flyTruncDfBf2)},
  };
  return table;
}

void launch(const KernelEntry &entry, void **args, const Geometry &g) {
  uint64_t threads = uint64_t(g.block[0]) * g.block[1] * g.block[2];
  uint64_t blocks = uint64_t(g.grid[0]) * g.grid[1] * g.grid[2];
  if (threads == 0 || blocks == 0)
    throw LaunchError("grid and block extents must all be at least 1");
  if (threads > kMaxThreadsPerBlock)
    throw LaunchError("a block of " + std::to_string(threads) + " threads exceeds " +
                      std::to_string(kMaxThreadsPerBlock));
  // The GPUs' limits, which kernels are written for: block indices fit an i32.
  if (g.grid[0] > uint32_t(INT32_MAX) || g.grid[1] > 65535 || g.grid[2] > 65535)
    throw LaunchError("a grid of (" + std::to_string(g.grid[0]) + ", " +
                      std::to_string(g.grid[1]) + ", " + std::to_string(g.grid[2]) +
                      ") blocks exceeds the limits of (2^31 - 1, 65535, 65535)");
  uint64_t sharedBytes = dynamicSharedOffset(g) + g.dynamicSharedBytes;
  if (g.dynamicSharedBytes > (uint64_t(1) << 30) || sharedBytes > (uint64_t(1) << 30))
    throw LaunchError("shared memory of " + std::to_string(g.staticSharedBytes) + " + " +
                      std::to_string(g.dynamicSharedBytes) + " bytes is too large");

  std::atomic<uint64_t> next{0};
  std::mutex errorMutex;
  std::string error;
  auto worker = [&] {
    KeptSharedWindow window(sharedBytes, g.guardShared);
    uint8_t *shared = window.base();
    std::vector<std::unique_ptr<char[]>> stacks;
    ThreadContext ctx{};
    ctx.geometry = &g;
    ctx.shared = shared;
    for (int d = 0; d < 3; ++d) {
      ctx.ids[ids::kBlockDim + d] = g.block[d];
      ctx.ids[ids::kGridDim + d] = g.grid[d];
    }
    ctx.ids[ids::kWaveSize] = std::max(1, g.waveSize);
    ThreadContext *saved = current;
    current = &ctx;
    for (uint64_t i; (i = next.fetch_add(1)) < blocks;) {
      ctx.ids[ids::kBlockIdx] = i % g.grid[0];
      ctx.ids[ids::kBlockIdx + 1] = (i / g.grid[0]) % g.grid[1];
      ctx.ids[ids::kBlockIdx + 2] = i / (uint64_t(g.grid[0]) * g.grid[1]);
      std::fill(shared, shared + sharedBytes, 0);
      std::string e;
      if (entry.block && !g.collectives) {
        entry.block(args, ctx.ids);
      } else {
        e = runFibers(entry.thread, args, g, ctx, stacks);
        ctx.block = nullptr;
        ctx.fiber = nullptr;
      }
      if (e.empty() && !ctx.error.empty())
        e = describe(ctx.ids + ids::kBlockIdx) + ": " + ctx.error;
      if (!e.empty()) {
        std::lock_guard<std::mutex> lock(errorMutex);
        if (error.empty())
          error = e;
        next.store(blocks); // stop handing out blocks
      }
    }
    current = saved;
  };
  runOnWorkers(unsigned(std::min<uint64_t>(poolSize(), blocks)), worker);
  // Kernels print with the C library's printf: keep their output ahead of the caller's.
  std::fflush(stdout);
  if (!error.empty())
    throw LaunchError(error);
}

} // namespace fly::runtime::cpu
