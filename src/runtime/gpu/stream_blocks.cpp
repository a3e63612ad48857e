//===- stream_blocks.cpp - Device memory the library allocated in stream order -===//

#include "runtime/gpu/stream_blocks.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

namespace fly::runtime::gpu {

namespace {
struct Block {
  uintptr_t end;
  int device;
};
std::mutex mutex;
std::map<std::pair<Runtime, uintptr_t>, Block> blocks;
} // namespace

void rememberStreamBlock(Runtime r, const void *data, size_t bytes, int device) {
  auto start = reinterpret_cast<uintptr_t>(data);
  std::lock_guard<std::mutex> lock(mutex);
  blocks[{r, start}] = {start + bytes, device};
}

void forgetStreamBlock(Runtime r, const void *data) {
  std::lock_guard<std::mutex> lock(mutex);
  blocks.erase({r, reinterpret_cast<uintptr_t>(data)});
}

int deviceOfStreamBlock(Runtime r, const void *p) {
  auto at = reinterpret_cast<uintptr_t>(p);
  std::lock_guard<std::mutex> lock(mutex);
  auto it = blocks.upper_bound({r, at}); // the first block starting after p
  if (it == blocks.begin())
    return -1;
  --it;
  return it->first.first == r && at < it->second.end ? it->second.device : -1;
}

} // namespace fly::runtime::gpu
