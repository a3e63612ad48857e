// libFuzzer harness: arbitrary bytes as a disk-cache entry. The parser answers an entry or
// nothing; what it accepts serialises back to the same bytes (so no field is read past its
// end or misread), and nothing crashes, hangs or leaks.
#include "compiler/disk_cache.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string bytes(reinterpret_cast<const char *>(data), size);
  // The key is the payload's first field; try the one the bytes claim, and a fixed one.
  for (const std::string &key : {std::string("fuzz-key"), bytes.size() > 32
                                                             ? bytes.substr(32, bytes[24] & 63)
                                                             : std::string()}) {
    auto art = fly::compiler::parseEntry(bytes, key);
    if (art && fly::compiler::serializeEntry(key, *art) != bytes)
      __builtin_trap();
  }
  return 0;
}
