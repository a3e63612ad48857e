#include "layout/int_tuple.h"

#include <gtest/gtest.h>

using namespace fly::layout;

TEST(IntTuple, PrintAndParseRoundTrip) {
  for (const char *text : {"4", "(4)", "(2,(3,4))", "((2,4),8)", "_", "(_,2)", "1@0", "()"})
    EXPECT_EQ(IntTuple::parse(text).str(), text);
  EXPECT_EQ(IntTuple::parse(" ( 2 , ( 3,4 ) ) ").str(), "(2,(3,4))");
  EXPECT_NE(IntTuple::parse("4"), IntTuple::parse("(4)"));
}

TEST(IntTuple, ParseErrorsNameTheProblem) {
  for (const char *bad : {"", "(", "(2,", "(2,3", "2)", "(2;3)", "abc", "(2,,3)"}) {
    try {
      IntTuple::parse(bad);
      FAIL() << "parsed " << bad;
    } catch (const LayoutError &e) {
      EXPECT_EQ(e.kind(), ErrorKind::Parse) << bad;
    }
  }
  EXPECT_THROW(IntTuple::parse("99999999999999999999"), LayoutError);
}

TEST(IntTuple, RankDepthProduct) {
  IntTuple t = IntTuple::parse("(2,(3,4))");
  EXPECT_EQ(t.rank(), 2u);
  EXPECT_EQ(depth(t), 2);
  EXPECT_EQ(depth(IntTuple(4)), 0);
  EXPECT_EQ(product(t).value(), 24);
}

TEST(IntTuple, ShapeDivAndCeilDiv) {
  EXPECT_EQ(shapeDiv(IntTuple::parse("(6,2)"), IntTuple(12)).str(), "(1,1)");
  EXPECT_EQ(shapeDiv(IntTuple::parse("(3,6,2,8)"), IntTuple(9)).str(), "(1,2,2,8)");
  EXPECT_THROW(shapeDiv(IntTuple(6), IntTuple(4)), LayoutError);
  EXPECT_EQ(ceilDiv(IntTuple::parse("(4,2,3)"), IntTuple(8)).str(), "(1,1,3)");
  EXPECT_EQ(ceilDiv(IntTuple(7), IntTuple(2)).str(), "4");
}

TEST(IntTuple, PrefixProductAndInnerProduct) {
  EXPECT_EQ(prefixProduct(IntTuple::parse("(2,(3,4))")).str(), "(1,(2,6))");
  EXPECT_EQ(innerProduct(IntTuple::parse("(1,(2,3))"), IntTuple::parse("(4,(5,6))")).value(), 32);
  EXPECT_TRUE(elemLess(IntTuple::parse("(1,2)"), IntTuple::parse("(2,3)")));
  EXPECT_FALSE(elemLess(IntTuple::parse("(1,3)"), IntTuple::parse("(2,3)")));
}

TEST(IntTuple, Idx2CrdExtendsTheLastMode) {
  IntTuple shape = IntTuple::parse("(3,(2,3))");
  EXPECT_EQ(idx2crd(IntTuple(16), shape).str(), "(1,(1,2))");
  EXPECT_EQ(idx2crd(IntTuple(20), shape).str(), "(2,(0,3))");
}

TEST(IntTuple, ProductOverflowIsAnError) {
  try {
    product(IntTuple::parse("(4294967296,4294967296)"));
    FAIL();
  } catch (const LayoutError &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Overflow);
  }
}
