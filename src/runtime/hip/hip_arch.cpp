//===- hip_arch.cpp - The gfx arch of a HIP device, from the KFD topology ---------===//

#include "runtime/hip/hip_arch.h"

#include <dirent.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace fly::runtime::hip {

std::string gfxName(unsigned version) {
  if (version == 0)
    return "";
  const char *hex = "0123456789abcdef";
  unsigned major = version / 10000, minor = version / 100 % 100, stepping = version % 100;
  if (minor > 15 || stepping > 15)
    return "";
  return "gfx" + std::to_string(major) + hex[minor] + hex[stepping];
}

std::string archFromTopology(const std::string &nodesDir, int device) {
  std::vector<int> nodes;
  if (DIR *dir = opendir(nodesDir.c_str())) {
    while (dirent *e = readdir(dir)) {
      char *end;
      long n = std::strtol(e->d_name, &end, 10);
      if (end != e->d_name && *end == '\0')
        nodes.push_back(int(n));
    }
    closedir(dir);
  }
  std::sort(nodes.begin(), nodes.end());
  int gpu = 0;
  for (int n : nodes) {
    std::ifstream in(nodesDir + "/" + std::to_string(n) + "/properties");
    std::string line, key;
    unsigned version = 0;
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      if (fields >> key && key == "gfx_target_version")
        fields >> version;
    }
    std::string name = gfxName(version);
    if (name.empty())
      continue;
    if (gpu++ == device)
      return name;
  }
  return "";
}

} // namespace fly::runtime::hip
