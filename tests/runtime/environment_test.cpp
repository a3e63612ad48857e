#include "capi/environment.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace fly::capi;

TEST(Environment, GpuArchNames) {
  for (const char *yes : {"gfx942", "gfx950", "gfx1201", "gfx90a", "sm_90", "sm_90a", "sm_80"})
    EXPECT_TRUE(isGpuArchName(yes)) << yes;
  for (const char *no : {"x86_64", "gfx", "sm_", "sm_9x", "gfx94g", "aarch64", "", "sm_90aa"})
    EXPECT_FALSE(isGpuArchName(no)) << no;
}

TEST(Environment, ArchTakesEffectOnlyAsAGpuArch) {
  setenv("ARCH", "x86_64", 1);
  unsetenv("FLYDSL_GPU_ARCH");
  EXPECT_EQ(archFromEnvironment(), nullptr);
  setenv("FLYDSL_GPU_ARCH", "gfx950", 1);
  EXPECT_STREQ(archFromEnvironment(), "gfx950");
  setenv("ARCH", "sm_90", 1);
  EXPECT_STREQ(archFromEnvironment(), "sm_90");
  unsetenv("ARCH");
  unsetenv("FLYDSL_GPU_ARCH");
}

TEST(Environment, CompileOnlyValues) {
  for (const char *yes : {"1", "true", "TRUE", "yes", "on"}) {
    setenv("COMPILE_ONLY", yes, 1);
    EXPECT_TRUE(compileOnly()) << yes;
  }
  for (const char *no : {"0", "false", "no", "off", "2", "please", ""}) {
    setenv("COMPILE_ONLY", no, 1);
    EXPECT_FALSE(compileOnly()) << no;
  }
  unsetenv("COMPILE_ONLY");
  EXPECT_FALSE(compileOnly());
}

TEST(Environment, Counts) {
  setenv("FLYDSL_TEST_COUNT", "12", 1);
  EXPECT_EQ(envCount("FLYDSL_TEST_COUNT", 3), 12u);
  for (const char *bad : {"-1", "1e3", "12MB", " 4", "99999999999999999999999"}) {
    setenv("FLYDSL_TEST_COUNT", bad, 1);
    EXPECT_EQ(envCount("FLYDSL_TEST_COUNT", 3), 3u) << bad;
  }
  unsetenv("FLYDSL_TEST_COUNT");
  EXPECT_EQ(envCount("FLYDSL_TEST_COUNT", 3), 3u);
}
