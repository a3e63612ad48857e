// MMA atoms and tiled MMAs. The tiled-MMA expectations quote CuTe C++ (CUTLASS 4.2,
// make_tiled_mma over SM80_16x8x16_F32F16F16F32_TN and UniversalFMA) and its printed answers
// without the `_` of static integers; the atoms' lane facts are the ISA documents' operand
// layouts, each checked at a few (lane, register) points and as a bijection onto its tile.
#include "layout/mma.h"

#include <gtest/gtest.h>

#include <set>

using namespace fly::layout;

namespace {
Layout L(const char *text) { return Layout::parse(text); }
int64_t at(const Layout &l, int64_t thr, int64_t val) {
  return evaluate(l, IntTuple{thr, val}).leaf().value();
}
// Every (thread, value) lands on a different element and every element is reached.
void expectBijection(const Layout &tv, int64_t threads, int64_t elements, const std::string &what) {
  std::set<int64_t> seen;
  int64_t values = elements / threads;
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v)
      seen.insert(at(tv, t, v));
  EXPECT_EQ(int64_t(seen.size()), elements) << what;
  EXPECT_EQ(*seen.rbegin(), elements - 1) << what;
}
} // namespace

TEST(MmaAtoms, EveryAtomCoversItsTiles) {
  struct Case {
    MmaFamily family;
    int64_t m, n, k;
    const char *type;
    int wave;
  };
  const Case cases[] = {
      {MmaFamily::Mfma, 16, 16, 4, "f32", 64},    {MmaFamily::Mfma, 32, 32, 2, "f32", 64},
      {MmaFamily::Mfma, 16, 16, 16, "f16", 64},   {MmaFamily::Mfma, 32, 32, 8, "bf16", 64},
      {MmaFamily::Mfma, 16, 16, 32, "fp8", 64},   {MmaFamily::Mfma, 32, 32, 16, "i8", 64},
      {MmaFamily::Mfma, 16, 16, 32, "bf16", 64},  {MmaFamily::Mfma, 32, 32, 16, "f16", 64},
      {MmaFamily::Wmma, 16, 16, 16, "f16", 32},   {MmaFamily::MmaSync, 16, 8, 16, "bf16", 32},
      {MmaFamily::MmaSync, 16, 8, 32, "fp8", 32},
  };
  for (const Case &c : cases) {
    MmaAtom a = mmaAtom(c.family, c.m, c.n, c.k, c.type, c.wave);
    int64_t lanes = c.wave;
    expectBijection(a.layoutA, lanes, c.m * c.k, a.name + " A");
    expectBijection(a.layoutB, lanes, c.n * c.k, a.name + " B");
    expectBijection(a.layoutC, lanes, c.m * c.n, a.name + " C");
  }
}

TEST(MmaAtoms, LaneFactsOfTheIsaDocuments) {
  // v_mfma_f32_16x16x16_f16: lane 17 holds A row 1, k 4..7; C column 1, rows 4..7.
  MmaAtom a = mmaAtom(MmaFamily::Mfma, 16, 16, 16, "f16");
  EXPECT_EQ(at(a.layoutA, 17, 2), 1 + 16 * 6);
  EXPECT_EQ(at(a.layoutC, 17, 3), 7 + 16 * 1);
  // v_mfma_f32_32x32x8_f16: lane 40 holds A row 8, k 4..7; C register 6 of lane 40 is
  // row 8 * (6 / 4) + 4 * (40 / 32) + 6 % 4 = 14, column 8.
  MmaAtom b = mmaAtom(MmaFamily::Mfma, 32, 32, 8, "f16");
  EXPECT_EQ(at(b.layoutA, 40, 1), 8 + 32 * 5);
  EXPECT_EQ(at(b.layoutC, 40, 6), 14 + 32 * 8);
  // v_mfma_f32_16x16x4_f32: one value a lane, k = lane / 16.
  MmaAtom c = mmaAtom(MmaFamily::Mfma, 16, 16, 4, "f32");
  EXPECT_EQ(at(c.layoutA, 50, 0), 2 + 16 * 3);
  // v_wmma_f32_16x16x16_f16 (gfx12): lane 20 holds A row 4, k 8..15 (FlyDSL's numbering of K;
  // AMD's calculator has the same registers at k 4..7 and 12..15, k 4..7 and 8..11 swapped in
  // A and B alike); lane 3 holds A[3][5]; C column 4, rows 8..15.
  MmaAtom w = mmaAtom(MmaFamily::Wmma, 16, 16, 16, "f16", 32);
  EXPECT_EQ(at(w.layoutA, 20, 3), 4 + 16 * 11);
  EXPECT_EQ(at(w.layoutA, 20, 5), 4 + 16 * 13);
  EXPECT_EQ(at(w.layoutA, 3, 5), 3 + 16 * 5);
  EXPECT_EQ(at(w.layoutB, 17, 0), 1 + 16 * 8);
  EXPECT_EQ(at(w.layoutC, 20, 5), 13 + 16 * 4);
  // mma.sync m16n8k16: lane 5 (group 1, thread-in-group 1) holds A rows 1 and 9, k 2,3 and
  // 10,11; C rows 1 and 9, columns 2 and 3.
  MmaAtom s = mmaAtom(MmaFamily::MmaSync, 16, 8, 16, "f16", 32);
  EXPECT_EQ(at(s.layoutA, 5, 0), 1 + 16 * 2);
  EXPECT_EQ(at(s.layoutA, 5, 7), 9 + 16 * 11);
  EXPECT_EQ(at(s.layoutC, 5, 3), 9 + 16 * 3);
}

TEST(MmaAtoms, UnknownShapesAndTypesSayWhatExists) {
  try {
    mmaAtom(MmaFamily::Mfma, 16, 16, 8, "f16");
    FAIL();
  } catch (const LayoutError &e) {
    EXPECT_NE(std::string(e.what()).find("16x16x16"), std::string::npos) << e.what();
  }
  EXPECT_THROW(mmaAtom(MmaFamily::Mfma, 16, 16, 16, "f16", 32), LayoutError);
  EXPECT_THROW(mmaAtom(MmaFamily::Wmma, 16, 16, 16, "f32", 32), LayoutError);
  EXPECT_THROW(mmaAtom(MmaFamily::MmaSync, 16, 8, 8, "f16", 32), LayoutError);
  EXPECT_THROW(mmaAtom(MmaFamily::UniversalFMA, 2, 1, 1, "f32"), LayoutError);
}

TEST(TiledMma, AgreesWithCuteForMmaSync2x2) {
  // make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})
  TiledMma t =
      makeTiledMma(mmaAtom(MmaFamily::MmaSync, 16, 8, 16, "f16", 32), L("(2,2,1):(1,2,0)"));
  EXPECT_EQ(tiledMmaThreads(t), 128);
  EXPECT_EQ(layoutTV(t, MmaOperand::A).str(),
            "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))");
  EXPECT_EQ(layoutTV(t, MmaOperand::B).str(),
            "((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))");
  EXPECT_EQ(layoutTV(t, MmaOperand::C).str(),
            "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))");
  // thrfrg_A(make_layout(make_shape(_64{}, _32{})))
  EXPECT_EQ(thrfrgA(t, L("(64,32):(1,64)")).str(),
            "(((4,8),(2,1)),((2,2,2),(2,2))):(((128,1),(16,0)),((64,8,512),(32,1024)))");
  // get_slice(7).partition_C(a (64,32):(32,1) counting tensor).layout()
  EXPECT_EQ(partition(t, MmaOperand::C, L("(64,32):(32,1)"), 7).str(),
            "((2,2),2,2):((1,256),1024,16)");
  // get_slice(37).partition_A(a (64,32) counting tensor).layout()
  EXPECT_EQ(partition(t, MmaOperand::A, L("(64,32):(1,64)"), 37).str(),
            "((2,2,2),2,2):((64,8,512),32,1024)");
}

TEST(TiledMma, AgreesWithCuteForUniversalFma) {
  // make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_16,_8,_1>>{})
  TiledMma t =
      makeTiledMma(mmaAtom(MmaFamily::UniversalFMA, 1, 1, 1, "f32"), L("(16,8,1):(1,16,0)"));
  EXPECT_EQ(layoutTV(t, MmaOperand::A).str(), "((16,8),(1,(1,1))):((1,0),(0,(0,0)))");
  EXPECT_EQ(layoutTV(t, MmaOperand::B).str(), "((16,8),(1,(1,1))):((0,1),(0,(0,0)))");
  EXPECT_EQ(layoutTV(t, MmaOperand::C).str(), "(128,(1,(1,1))):(1,(0,(0,0)))");
  EXPECT_EQ(partition(t, MmaOperand::C, L("(64,32):(1,64)"), 5).str(), "(1,4,4):(0,16,512)");
}

TEST(TiledMma, AgreesWithCuteWithAPermutation) {
  // make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_1,_1>>{}, Tile<_32,_16,_16>{})
  TiledMma t = makeTiledMma(mmaAtom(MmaFamily::MmaSync, 16, 8, 16, "f16", 32), L("(2,1,1):(1,0,0)"),
                            Tiler::parse("(32,16,16)"));
  EXPECT_EQ(layoutTV(t, MmaOperand::A).str(),
            "((4,8,2),((2,2,2),(1,1))):((64,1,16),((32,8,256),(0,0)))");
  EXPECT_EQ(layoutTV(t, MmaOperand::C).str(),
            "((4,8,2),((2,2),(1,2))):((64,1,16),((32,8),(0,256)))");
}

TEST(TiledMma, BadLayoutsAndThreadsAreErrors) {
  MmaAtom a = mmaAtom(MmaFamily::Mfma, 16, 16, 16, "f16");
  EXPECT_THROW(makeTiledMma(a, L("(2,2,1,1):(1,2,0,0)")), LayoutError);
  TiledMma t = makeTiledMma(a, L("(2,2,1):(1,2,0)"));
  EXPECT_THROW(partition(t, MmaOperand::C, L("(64,64):(1,64)"), 256), LayoutError);
  EXPECT_THROW(partition(t, MmaOperand::A, L("(64):(1)"), 0), LayoutError);
}
