//===- tma_descriptors.cpp - CUDA tensor maps in device memory ---------------------===//

#include "runtime/cuda/tma_descriptors.h"

#include <array>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

namespace fly::runtime::cuda {

namespace {

constexpr size_t kMapBytes = 128;
// Descriptors per block of device memory, and the most kept per context: past that the
// context is synchronized (no kernel can still read one) and the blocks are reused.
constexpr size_t kPerBlock = 256;
constexpr size_t kMaxPerContext = 4096;

using MapBytes = std::array<uint8_t, kMapBytes>;
// What determines a tensor map: the box's fields, so that a repeated launch finds its copy
// without encoding the map again.
using BoxKey = std::array<uint64_t, 4 + 3 * gpu::kTmaMaxRank>;

BoxKey keyOf(const gpu::TmaBox &b) {
  BoxKey k{};
  k[0] = reinterpret_cast<uintptr_t>(b.data);
  k[1] = uint64_t(b.rank);
  k[2] = uint64_t(b.elementBytes);
  k[3] = uint64_t(b.swizzleBytes);
  for (int i = 0; i < b.rank; ++i) {
    k[4 + 3 * i] = b.extent[i];
    k[5 + 3 * i] = b.strideBytes[i];
    k[6 + 3 * i] = b.box[i];
  }
  return k;
}

struct ContextPool {
  std::map<BoxKey, CUdeviceptr> known;
  std::vector<CUdeviceptr> blocks;
  size_t used = 0;
};

std::mutex poolMutex;
std::map<CUcontext, ContextPool> pools;

// CUtensorMapDataType by element size: the copy moves bits, and out-of-bounds elements read
// as zero bits in every type.
int dataTypeOf(int elementBytes) {
  switch (elementBytes) {
  case 1:
    return 0; // UINT8
  case 2:
    return 1; // UINT16
  case 4:
    return 2; // UINT32
  default:
    return 4; // UINT64
  }
}

int swizzleOf(int bytes) { return bytes == 128 ? 3 : bytes == 64 ? 2 : bytes == 32 ? 1 : 0; }

} // namespace

CUdeviceptr tmaDescriptor(const Driver &d, CUcontext context, const gpu::TmaBox &box) {
  BoxKey key = keyOf(box);
  std::lock_guard<std::mutex> lock(poolMutex);
  ContextPool &pool = pools[context];
  auto it = pool.known.find(key);
  if (it != pool.known.end())
    return it->second;
  if (!d.cuTensorMapEncodeTiled)
    throw DriverError("this CUDA driver has no cuTensorMapEncodeTiled (TMA needs CUDA 12 or "
                      "later)");
  alignas(64) MapBytes map{};
  uint64_t strides[gpu::kTmaMaxRank];
  unsigned elementStrides[gpu::kTmaMaxRank];
  for (int i = 0; i < box.rank; ++i) {
    elementStrides[i] = 1;
    strides[i] = i + 1 < box.rank ? box.strideBytes[i + 1] : 0;
  }
  d.check(d.cuTensorMapEncodeTiled(map.data(), dataTypeOf(box.elementBytes), unsigned(box.rank),
                                   const_cast<void *>(box.data), box.extent, strides, box.box,
                                   elementStrides, /*interleave=*/0, swizzleOf(box.swizzleBytes),
                                   /*L2 promotion 256B=*/3, /*OOB fill none (zeros)=*/0),
          "cuTensorMapEncodeTiled");
  if (pool.used == kMaxPerContext) {
    d.check(d.cuCtxSynchronize(), "cuCtxSynchronize (recycling TMA descriptors)");
    pool.known.clear();
    pool.used = 0;
  }
  if (pool.used / kPerBlock == pool.blocks.size()) {
    CUdeviceptr block = 0;
    d.check(d.cuMemAlloc(&block, kPerBlock * kMapBytes), "cuMemAlloc (TMA descriptors)");
    pool.blocks.push_back(block);
  }
  CUdeviceptr at = pool.blocks[pool.used / kPerBlock] + (pool.used % kPerBlock) * kMapBytes;
  d.check(d.cuMemcpyHtoD(at, map.data(), kMapBytes), "cuMemcpyHtoD (a TMA descriptor)");
  ++pool.used;
  pool.known.emplace(key, at);
  return at;
}

} // namespace fly::runtime::cuda
