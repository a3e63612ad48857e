// Each expectation quotes the CuTe C++ expression it mirrors (static integers, CUTLASS 4.2) and
// CuTe's printed answer without the `_` of static integers. tests/cute/cute_diff.py checks the
// same agreement on random cases; these are the classes that once differed.
#include "layout/layout.h"

#include <gtest/gtest.h>

using namespace fly::layout;

namespace {
Layout L(const char *text) { return Layout::parse(text); }
Tiler T(const char *text) { return Tiler::parse(text); }
IntTuple I(const char *text) { return IntTuple::parse(text); }
} // namespace

TEST(CuteAgreement, ProductsPadTheSmallerRank) {
  // raked_product(Layout<Shape<_2,_8>,Stride<_1,_2>>{}, Layout<Shape<_8>,Stride<_1>>{})
  EXPECT_EQ(rakedProduct(L("(2,8):(1,2)"), L("(8):(1)")).str(), "((8,2),(1,8)):((16,1),(0,2))");
  // blocked_product(make_layout(((1,2,4),2,6), ((96,12,24),1,2)), make_layout((5,1), (1,1)))
  EXPECT_EQ(blockedProduct(L("((1,2,4),2,6):((96,12,24),1,2)"), L("(5,1):(1,1)")).str(),
            "(((1,2,4),5),(2,1),(6,1)):(((96,12,24),96),(1,96),(2,0))");
  // tile_to_shape(make_layout((3,1), (1,3)), make_shape(3,4))
  EXPECT_EQ(tileToShape(L("(3,1):(1,3)"), I("(3,4)"), IntTuple()).str(),
            "((3,1),(1,4)):((1,0),(3,3))");
  // raked_product(make_layout((4,(4,4)),(1,(8,32))), make_layout((3,1,(1)),(1,3,(3)))): zip of
  // mismatched ranks, a static_assert in CuTe.
  EXPECT_THROW(rakedProduct(L("(4,(4,4)):(1,(8,32))"), L("(3,1,(1)):(1,3,(3))")), LayoutError);
}

TEST(CuteAgreement, SizeOneModesKeepTheirStrides) {
  // composition(make_layout((2,5),(3,2)), make_layout((2,1),(1,2)))
  EXPECT_EQ(composition(L("(2,5):(3,2)"), L("(2,1):(1,2)")).str(), "(2,1):(3,2)");
  // composition(make_layout(_4{}), make_tile(_2{})): an integer tiler is 2:1
  EXPECT_EQ(composition(L("4:1"), T("(2)")).str(), "(2):(1)");
  // filter(make_layout((1,6,4),(1,1,6)), make_tuple(_1{},_1{},_1{}))
  EXPECT_EQ(filter(L("(1,6,4):(1,1,6)"), I("(1,1,1)")).str(), "(1,6,4):(0,1,6)");
}

TEST(CuteAgreement, DividesByTilersThatDoNotDivide) {
  // logical_divide(make_layout((8,1,2),(1,1,8)), Layout<_15,_1>{})
  EXPECT_EQ(logicalDivide(L("(8,1,2):(1,1,8)"), T("15:1")).str(), "(15,2):(1,15)");
  // zipped_divide(make_layout(((1,8,3),1),((1,1,8),24)), make_tile(_4{}, _)): zip2_by needs
  // the `_` mode to have rank 2 (a static_assert in CuTe).
  EXPECT_THROW(zippedDivide(L("((1,8,3),1):((1,1,8),24)"), T("(4,_)")), LayoutError);
}

TEST(CuteAgreement, CompositionByTilerFollowsCuteDivisibility) {
  // composition(make_layout((4,((5,9),4)),(360,((9,1),90))),
  //             make_tile(make_layout(make_shape(make_shape(2,1,2)),
  //                                   make_stride(make_stride(1,0,2))), _30{}))
  EXPECT_EQ(composition(L("(4,((5,9),4)):(360,((9,1),90))"), T("(((2,1,2)):((1,0,2)),30)")).str(),
            "(((2,1,2)),(5,6)):(((360,0,720)),(9,1))");
}

TEST(CuteAgreement, InversesFollowTheCppDefinition) {
  // left_inverse(Layout<_4,_2>{})
  EXPECT_EQ(leftInverse(L("4:2")).str(), "(2,4):(0,1)");
  // right_inverse(Layout<_4,_2>{})
  EXPECT_EQ(rightInverse(L("4:2")).str(), "1:0");
  // complement(make_layout((2,2),(1,3)), _12{}): CuTe checks only for a zero gap
  EXPECT_EQ(complement(L("(2,2):(1,3)"), IntTuple(12)).str(), "2:6");
}

TEST(CuteAgreement, CoordinateForms) {
  // idx2crd(_11{}, make_shape(8,2,2), make_stride(2,1,16))
  EXPECT_EQ(idx2crd(IntTuple(11), I("(8,2,2)"), I("(2,1,16)")).str(), "(5,1,0)");
  // idx2crd(_3{}, make_shape(6), make_stride(1)) -- a size-1 shape gives 0 in CuTe
  EXPECT_EQ(idx2crd(IntTuple(3), I("(6)"), I("(1)")).str(), "(3)");
  EXPECT_EQ(idx2crd(IntTuple(3), IntTuple(1), IntTuple(5)).str(), "0");
  // crd2crd(make_coord(1, make_coord(1,1)), make_shape(3, make_shape(3,3)), make_shape(4,1))
  EXPECT_EQ(crd2crd(I("(1,(1,1))"), I("(3,(3,3))"), I("(4,1)")).str(), "(1,4)");
  // crd2idx(make_coord(1, make_coord(2,1)), make_shape(4, make_shape(3,2)))
  EXPECT_EQ(crd2idx(I("(1,(2,1))"), I("(4,(3,2))")).str(), "21");
  // compact_col_major(make_shape(1, make_shape(make_shape(3,2),3)))
  EXPECT_EQ(compactColMajor(I("(1,((3,2),3))")).str(), "(0,((1,3),6))");
  // product_each(_5{}) wraps the scalar
  EXPECT_EQ(productEach(IntTuple(5)).str(), "(5)");
  // prefix_product (older CuTe, pycute): exclusive, from init
  EXPECT_EQ(prefixProduct(I("(2,(3,4))"), Int(2)).str(), "(2,(4,12))");
}
