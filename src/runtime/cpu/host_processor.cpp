//===- host_processor.cpp - The host processor the cpu target runs on -----===//

#include "runtime/cpu/host_processor.h"

#include <fstream>

namespace fly::runtime::cpu {

std::string processorName() {
  std::ifstream info("/proc/cpuinfo");
  std::string line;
  while (std::getline(info, line)) {
    if (line.rfind("model name", 0) != 0)
      continue;
    size_t colon = line.find(':');
    size_t start = colon == std::string::npos ? colon : line.find_first_not_of(" \t", colon + 1);
    if (start != std::string::npos)
      return line.substr(start);
  }
  return "cpu";
}

} // namespace fly::runtime::cpu
