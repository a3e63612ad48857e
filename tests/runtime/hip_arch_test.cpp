// The gfx arch of a HIP device read from a KFD topology, here a made-up one on disk.
#include "runtime/hip/hip_arch.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using fly::runtime::hip::archFromTopology;
using fly::runtime::hip::gfxName;

TEST(HipArch, NamesFromTargetVersions) {
  EXPECT_EQ(gfxName(90402), "gfx942");
  EXPECT_EQ(gfxName(90500), "gfx950");
  EXPECT_EQ(gfxName(90010), "gfx90a");
  EXPECT_EQ(gfxName(120001), "gfx1201");
  EXPECT_EQ(gfxName(110000), "gfx1100");
  EXPECT_EQ(gfxName(0), "");
  EXPECT_EQ(gfxName(91600), ""); // a minor past one hex digit is no arch
}

TEST(HipArch, GpuNodesInOrderSkippingCpus) {
  fs::path root = fs::temp_directory_path() / ("fly_kfd_" + std::to_string(getpid()));
  auto node = [&](int n, const char *properties) {
    fs::create_directories(root / std::to_string(n));
    std::ofstream(root / std::to_string(n) / "properties") << properties;
  };
  node(0, "cpu_cores_count 64\ngfx_target_version 0\n");
  node(1, "simd_count 304\ngfx_target_version 90402\nmax_waves_per_simd 8\n");
  node(10, "gfx_target_version 120001\n"); // numeric order: after 2, not before it
  node(2, "gfx_target_version 90500\n");
  EXPECT_EQ(archFromTopology(root.string(), 0), "gfx942");
  EXPECT_EQ(archFromTopology(root.string(), 1), "gfx950");
  EXPECT_EQ(archFromTopology(root.string(), 2), "gfx1201");
  EXPECT_EQ(archFromTopology(root.string(), 3), "");
  EXPECT_EQ(archFromTopology((root / "missing").string(), 0), "");
  fs::remove_all(root);
}
