#include "layout/swizzle.h"

#include <gtest/gtest.h>

#include <random>

using namespace fly::layout;

namespace {
Layout L(const char *text) { return Layout::parse(text); }
Tiler T(const char *text) { return Tiler::parse(text); }
} // namespace

TEST(Layout, PrintsLikeCuTe) {
  EXPECT_EQ(makeLayout(IntTuple::parse("(2,(2,2))")).str(), "(2,(2,2)):(1,(2,4))");
  EXPECT_EQ(makeLayout(IntTuple(4)).str(), "4:1");
  EXPECT_EQ(makeLayout({L("3:1")}).str(), "(3):(1)");
  EXPECT_EQ(makeLayout({L("(3):(1)")}).str(), "((3)):((1))");
  EXPECT_EQ(makeLayout(IntTuple::parse("(1,4)")).str(), "(1,4):(0,1)");
}

TEST(Layout, RejectsBadShapes) {
  EXPECT_THROW(L("(2,0):(1,2)"), LayoutError);
  EXPECT_THROW(L("(2,-3):(1,2)"), LayoutError);
  EXPECT_THROW(L("(2,3):(1)"), LayoutError);
  EXPECT_THROW(L("(2,3)"), LayoutError);
}

TEST(Layout, ComplementCotargets) {
  EXPECT_EQ(complement(L("4:2"), IntTuple(24)).str(), "(2,3):(1,8)");
  EXPECT_EQ(complement(L("4:2"), IntTuple(7)).str(), "2:1");
  EXPECT_EQ(complement(L("4:2"), IntTuple(9)).str(), "(2,2):(1,8)");
  EXPECT_THROW(complement(L("(2,2):(1,1)"), IntTuple(8)), LayoutError);
  EXPECT_THROW(complement(L("(3,2):(2,3)"), IntTuple(12)), LayoutError);
}

TEST(Layout, CompositionRejectsNonDivisible) {
  try {
    composition(L("(4,6):(1,5)"), L("6:1"));
    FAIL();
  } catch (const LayoutError &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Divisibility);
  }
  EXPECT_THROW(composition(L("(4,6):(1,5)"), L("3:2")), LayoutError);
  EXPECT_EQ(composition(L("(4,6):(1,4)"), L("6:1")).str(), "6:1");
}

TEST(Layout, CompositionReachingPastTheEndExtendsTheLastMode) {
  EXPECT_EQ(composition(L("(4,1):(1,0)"), L("8:1")).str(), "(4,2):(1,0)");
  EXPECT_EQ(composition(L("4:1"), L("8:1")).str(), "8:1");
}

TEST(Layout, InversesAndIdentity) {
  EXPECT_EQ(rightInverse(L("4:2")).str(), "1:0");
  Layout id = makeIdentityLayout(IntTuple::parse("(4,8)"));
  EXPECT_EQ(id.str(), "(4,8):(1@0,1@1)");
  EXPECT_EQ(evaluate(id, IntTuple(13)).str(), "(1,3)");
  EXPECT_EQ(Layout::parse(id.str()), id);
}

TEST(Layout, ProductsAndTileToShape) {
  EXPECT_EQ(tiledDivide(L("8:1"), T("4")).str(), "(4,2):(1,4)");
  EXPECT_EQ(tileToShape(L("(2,2):(1,2)"), IntTuple::parse("(4,6)"), IntTuple()).str(),
            "((2,2),(2,3)):((1,4),(2,8))");
  EXPECT_THROW(tileToShape(L("(2,2):(1,2)"), IntTuple::parse("(3,6)"), IntTuple()), LayoutError);
  EXPECT_EQ(makeOrderedLayout(IntTuple::parse("(2,3,4)"), IntTuple::parse("(1,0,2)")).str(),
            "(2,3,4):(3,1,6)");
}

TEST(Layout, RecastLayout) {
  EXPECT_EQ(recastLayout(L("(4,8):(1,4)"), 16, 32).str(), "(2,8):(1,2)");
  EXPECT_EQ(recastLayout(L("(4,8):(1,4)"), 32, 16).str(), "(8,8):(1,8)");
  EXPECT_THROW(recastLayout(L("(4,8):(2,8)"), 32, 16), LayoutError);
  // Neither size divides the other: upcast<3> then downcast<2>, as CuTe does.
  EXPECT_EQ(recastLayout(L("(12,2):(1,12)"), 16, 24).str(), "(8,2):(1,8)");
  EXPECT_THROW(recastLayout(L("(4,8):(1,4)"), 16, 24), LayoutError);
}

TEST(Layout, MaxCommonVector) {
  EXPECT_EQ(maxCommonVector(L("(4,8):(1,4)"), L("(4,8):(1,4)")).value(), 32);
  EXPECT_EQ(maxCommonVector(L("(4,8):(1,4)"), L("(4,8):(8,1)")).value(), 1);
}

TEST(Swizzle, AppliesAndValidates) {
  Swizzle s(3, 4, 3);
  // bits [7,10) are xor-ed into bits [4,7).
  EXPECT_EQ(s.apply(0x80), 0x80 ^ 0x10);
  EXPECT_EQ(s.apply(0x0f), 0x0f);
  EXPECT_THROW(Swizzle(3, 4, 0), LayoutError);
  ComposedLayout c(s, 0, L("(8,8):(8,1)"));
  EXPECT_EQ(c.str(), "Sw<3,4,3> o 0 o (8,8):(8,1)");
  EXPECT_EQ(ComposedLayout::parse(c.str()), c);
  EXPECT_EQ(c.evaluate(IntTuple::parse("(2,0)")), s.apply(16));
}

// Property tests over random compact and strided layouts.
class RandomLayouts : public ::testing::Test {
protected:
  std::mt19937 rng{12345};
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  Layout randomInjective() {
    // A permuted compact layout with optional gaps: always injective.
    int r = pick(1, 4);
    std::vector<int64_t> shape(r), order(r);
    for (int i = 0; i < r; ++i) {
      shape[i] = pick(1, 4);
      order[i] = i;
    }
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<int64_t> stride(r);
    int64_t running = pick(1, 2);
    for (int i = 0; i < r; ++i) {
      stride[order[i]] = running;
      running *= shape[order[i]] * pick(1, 2);
    }
    std::vector<IntTuple> s, d;
    for (int i = 0; i < r; ++i) {
      s.emplace_back(shape[i]);
      d.emplace_back(stride[i]);
    }
    return Layout(IntTuple::tuple(s), IntTuple::tuple(d));
  }
};

TEST_F(RandomLayouts, RightInverseIsIdentityOnItsImage) {
  for (int n = 0; n < 300; ++n) {
    Layout l = randomInjective();
    Layout r = rightInverse(l);
    for (int64_t i = 0; i < size(r).value(); ++i)
      ASSERT_EQ(evaluate(l, evaluate(r, IntTuple(i))).value(), i) << l.str();
  }
}

TEST_F(RandomLayouts, ComplementIsDisjointAndFills) {
  for (int n = 0; n < 300; ++n) {
    Layout l = randomInjective();
    int64_t m = cosize(l).value() * pick(1, 3);
    Layout c = complement(l, IntTuple(m));
    std::vector<int64_t> a, b;
    for (int64_t i = 0; i < size(l).value(); ++i)
      a.push_back(evaluate(l, IntTuple(i)).value());
    for (int64_t j = 0; j < size(c).value(); ++j)
      b.push_back(evaluate(c, IntTuple(j)).value());
    for (int64_t j = 1; j < (int64_t)b.size(); ++j)
      for (int64_t x : a)
        ASSERT_NE(x, b[j]) << l.str() << " " << c.str();
    ASSERT_GE(size(l).value() * size(c).value(), m / 1) << l.str() << " " << c.str();
  }
}

TEST_F(RandomLayouts, LogicalDivideIsCompositionWithComplement) {
  for (int n = 0; n < 300; ++n) {
    Layout l = makeLayout(IntTuple::parse("(4,6)"));
    l = Layout(IntTuple(int64_t(size(l).value())), IntTuple(int64_t(pick(1, 3))));
    Layout t = Layout(IntTuple(int64_t(pick(1, 2) * 2)), IntTuple(int64_t(pick(1, 2))));
    Layout expect = composition(l, makeLayout({t, complement(t, IntTuple(size(l)))}));
    ASSERT_EQ(logicalDivide(l, Tiler(t)), expect);
  }
}

TEST_F(RandomLayouts, CoalescePreservesTheFunction) {
  for (int n = 0; n < 300; ++n) {
    Layout l = randomInjective();
    Layout c = coalesce(l);
    ASSERT_EQ(size(c).value(), size(l).value());
    for (int64_t i = 0; i < size(l).value(); ++i)
      ASSERT_EQ(evaluate(c, IntTuple(i)), evaluate(l, IntTuple(i))) << l.str();
  }
}
