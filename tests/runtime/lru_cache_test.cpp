#include "capi/lru_cache.h"

#include <gtest/gtest.h>

using fly::capi::LruCache;

TEST(LruCache, DropsTheLeastRecentlyUsedBeyondItsCapacity) {
  LruCache<int> cache(2);
  cache.put("a", 1);
  cache.put("b", 2);
  ASSERT_NE(cache.find("a"), nullptr); // a is now more recent than b
  cache.put("c", 3);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_EQ(*cache.find("a"), 1);
  EXPECT_EQ(*cache.find("c"), 3);
}

TEST(LruCache, ReplacingAKeyKeepsOneEntry) {
  LruCache<int> cache(2);
  cache.put("a", 1);
  cache.put("a", 5);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(*cache.find("a"), 5);
}

TEST(LruCache, CapacityZeroKeepsNothing) {
  LruCache<int> cache(0);
  cache.put("a", 1);
  EXPECT_EQ(cache.find("a"), nullptr);
}
