//===- mma.cpp - The layout side of MMA atoms and tiled MMAs ---------------===//

#include "layout/mma.h"

#include "layout/copy.h"

namespace fly::layout {

namespace {

Layout L(const IntTuple &shape, const IntTuple &stride) { return makeLayout(shape, stride); }

std::string shapeName(int64_t m, int64_t n, int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

// CDNA3/CDNA4 MFMA on a wave of 64 lanes, S x S x K (S = 16 or 32): lane l holds row (A) or
// column (B) l % S and the K/G consecutive k from (K/G) * (l / S), G = 64 / S lane groups.
// C/D: lane l holds column l % S; for S = 16 rows 4 (l / 16) + i; for S = 32 rows
// 8 (i / 4) + 4 (l / 32) + i % 4, i = 0..15.
MmaAtom mfma(int64_t s, int64_t k, const std::string &name) {
  MmaAtom a;
  a.name = name;
  a.m = a.n = s;
  a.k = k;
  a.thrID = L(IntTuple(64), IntTuple(1));
  int64_t groups = 64 / s, values = k / groups;
  IntTuple valStride = values == 1 ? IntTuple(0) : IntTuple(s);
  a.layoutA = L(IntTuple{IntTuple{s, groups}, IntTuple(values)},
                IntTuple{IntTuple{1, s * values}, valStride});
  a.layoutB = a.layoutA;
  if (s == 16)
    a.layoutC = L(IntTuple{IntTuple{16, 4}, IntTuple(4)}, IntTuple{IntTuple{16, 4}, IntTuple(1)});
  else
    a.layoutC =
        L(IntTuple{IntTuple{32, 2}, IntTuple{4, 4}}, IntTuple{IntTuple{32, 4}, IntTuple{1, 8}});
  return a;
}

// CDNA4's scaled MFMA, S x S x K with K = 2048 / S: lane l holds row (A) or column (B) l % S
// and the G = 64 / S lane groups split K. 8-bit formats are read as two passes of half the K,
// lane group g holding 16 K values at 16 g in each; 6- and 4-bit formats as one, 32 K values
// at 32 g. Lane l gives the scale of row l % S and block l / S of 32 K values. C/D as MFMA's.
MmaAtom scaledMfma(int64_t s, int64_t k, const std::string &aFormat, const std::string &bFormat) {
  MmaAtom a = mfma(s, k, "v_mfma_scale_f32_" + shapeName(s, s, k) + "_f8f6f4");
  int64_t groups = 64 / s;
  auto operand = [&](const std::string &format) {
    if (format == "e4m3" || format == "e5m2")
      return L(IntTuple{IntTuple{s, groups}, IntTuple{16, 2}},
               IntTuple{IntTuple{1, s * 16}, IntTuple{s, s * k / 2}});
    return L(IntTuple{IntTuple{s, groups}, IntTuple(32)},
             IntTuple{IntTuple{1, s * 32}, IntTuple(s)});
  };
  a.layoutA = operand(aFormat);
  a.layoutB = operand(bFormat);
  a.bType = bFormat;
  a.scaleBlock = 32;
  a.layoutSFA = a.layoutSFB =
      L(IntTuple{IntTuple{s, groups}, IntTuple(1)}, IntTuple{IntTuple{1, s}, IntTuple(0)});
  return a;
}

// RDNA4 (gfx12) WMMA 16x16x16 on a wave of 32: lane l holds row (A) or column (B) l % 16 and
// eight K values, 8 (l / 16) + 0..7; C/D: lane l holds column l % 16, rows 8 (l / 16) + i.
// AMD's matrix instruction calculator numbers K otherwise (lanes 0-15 hold k 0..3 and 8..11,
// lanes 16-31 k 4..7 and 12..15); the two numberings differ by swapping k 4..7 with k 8..11 in
// both A and B, which leaves every product unchanged. This one, FlyDSL's, gives each lane eight
// consecutive K values: one 128-bit load from a K-contiguous tile.
MmaAtom wmma(const std::string &name) {
  MmaAtom a;
  a.name = name;
  a.m = a.n = a.k = 16;
  a.thrID = L(IntTuple(32), IntTuple(1));
  a.layoutA = L(IntTuple{IntTuple{16, 2}, IntTuple(8)}, IntTuple{IntTuple{1, 128}, IntTuple(16)});
  a.layoutB = a.layoutA;
  a.layoutC = L(IntTuple{IntTuple{16, 2}, IntTuple(8)}, IntTuple{IntTuple{16, 8}, IntTuple(1)});
  return a;
}

// RDNA3 (gfx11) WMMA 16x16x16 on a wave of 32: lane l holds row (A) or column (B) l % 16 and
// all 16 K values, lanes 16-31 repeating lanes 0-15; C/D (32-bit): lane l holds column l % 16,
// rows 2 i + l / 16 (AMD's RDNA3 WMMA guide).
MmaAtom wmmaGfx11(const std::string &name) {
  MmaAtom a;
  a.name = name;
  a.m = a.n = a.k = 16;
  a.thrID = L(IntTuple(32), IntTuple(1));
  a.layoutA = L(IntTuple{IntTuple{16, 2}, IntTuple(16)}, IntTuple{IntTuple{1, 0}, IntTuple(16)});
  a.layoutB = a.layoutA;
  a.layoutC = L(IntTuple{IntTuple{16, 2}, IntTuple(8)}, IntTuple{IntTuple{16, 1}, IntTuple(2)});
  return a;
}

// gfx1250's WMMA, 16 x 16 x K on a wave of 32: lane l holds row (A) or column (B) l % 16 and
// half of K. 32-bit operands (K = 4): lane group g = l / 16 holds K 2 g, 2 g + 1. Narrower ones
// hold runs of 8 consecutive K values, group g the runs at 16 j + 8 g (j = 0 .. K / 16 - 1).
// C/D: lane l holds column l % 16, rows 8 (l / 16) + i, as RDNA4's.
MmaAtom wmmaGfx1250(int64_t k, const std::string &name) {
  MmaAtom a = wmma(name);
  a.k = k;
  if (k == 4)
    a.layoutA = L(IntTuple{IntTuple{16, 2}, IntTuple(2)}, IntTuple{IntTuple{1, 32}, IntTuple(16)});
  else
    a.layoutA = L(IntTuple{IntTuple{16, 2}, IntTuple{8, k / 16}},
                  IntTuple{IntTuple{1, 128}, IntTuple{16, 256}});
  a.layoutB = a.layoutA;
  return a;
}

// NVIDIA mma.sync (PTX ISA fragment layouts for m16n8k16 and m16n8k32): lane l is
// (l % 4, l / 4) of a 4 x 8 grid; C/D holds rows l / 4 and l / 4 + 8, columns 2 (l % 4) + 0..1.
MmaAtom mmaSync(int64_t k, const std::string &name) {
  MmaAtom a;
  a.name = name;
  a.m = 16;
  a.n = 8;
  a.k = k;
  a.thrID = L(IntTuple(32), IntTuple(1));
  int64_t pack = k / 8; // consecutive k per register: 2 (16-bit types) or 4 (8-bit)
  a.layoutA = L(IntTuple{IntTuple{4, 8}, IntTuple{pack, 2, 2}},
                IntTuple{IntTuple{16 * pack, 1}, IntTuple{16, 8, 8 * k}});
  a.layoutB = L(IntTuple{IntTuple{4, 8}, IntTuple{pack, 2}},
                IntTuple{IntTuple{8 * pack, 1}, IntTuple{8, 4 * k}});
  a.layoutC =
      L(IntTuple{IntTuple{4, 8}, IntTuple{2, 2}}, IntTuple{IntTuple{32, 1}, IntTuple{16, 8}});
  return a;
}

// NVIDIA wgmma m64nNk16 (16-bit A and B) and m64nNk32 (fp8) (PTX ISA, "Register Fragments and
// Shared Memory Matrix Layouts"): A and B come from shared memory through descriptors, so each
// of the warpgroup's 128 threads sees all of them; D: warp w holds rows 16 w + l / 4 (+ 8),
// columns 8 j + 2 (l % 4) + 0..1 of each 8-column group j, lane l.
MmaAtom wgmma(int64_t n, int64_t k, const std::string &name) {
  MmaAtom a;
  a.name = name;
  a.m = 64;
  a.n = n;
  a.k = k;
  a.thrID = L(IntTuple(128), IntTuple(1));
  a.layoutA = L(IntTuple{IntTuple(128), IntTuple{64, k}}, IntTuple{IntTuple(0), IntTuple{1, 64}});
  a.layoutB = L(IntTuple{IntTuple(128), IntTuple{n, k}}, IntTuple{IntTuple(0), IntTuple{1, n}});
  a.layoutC = L(IntTuple{IntTuple{4, 8, 4}, IntTuple{2, 2, n / 8}},
                IntTuple{IntTuple{128, 1, 16}, IntTuple{64, 8, 512}});
  return a;
}

[[noreturn]] void noSuchAtom(const std::string &family, int64_t m, int64_t n, int64_t k,
                             const std::string &type, const std::string &has) {
  fail(ErrorKind::Unsupported, family + " has no " + shapeName(m, n, k) + " atom for " + type +
                                   " inputs (it has " + has + ")");
}

} // namespace

namespace {
MmaAtom atomOf(MmaFamily family, int64_t m, int64_t n, int64_t k, const std::string &abType,
               int wave);
} // namespace

std::vector<std::array<int64_t, 3>> gemmTraversal(int64_t M, int64_t N, int64_t K,
                                                  GemmOrder order) {
  // Each order's loops, outermost first, as indices into (M, N, K).
  static const std::array<std::array<int, 3>, 6> loops = {{
      {1, 0, 2}, {0, 1, 2}, {1, 2, 0}, {2, 1, 0}, {0, 2, 1}, {2, 0, 1} // kmn knm mkn mnk nkm nmk
  }};
  int which = static_cast<int>(order);
  if (which < 0 || which > 11)
    fail(ErrorKind::InvalidArgument, "unknown gemm order " + std::to_string(which));
  const std::array<int, 3> &loop = loops[size_t(which % 6)];
  bool serpentine = which >= 6;
  int64_t bounds[3] = {M, N, K};
  std::vector<std::array<int64_t, 3>> calls;
  std::array<int64_t, 3> at{};
  for (int64_t i0 = 0; i0 < bounds[loop[0]]; ++i0) {
    at[size_t(loop[0])] = i0;
    for (int64_t i1 = 0; i1 < bounds[loop[1]]; ++i1) {
      at[size_t(loop[1])] = serpentine && (i0 & 1) ? bounds[loop[1]] - 1 - i1 : i1;
      for (int64_t i2 = 0; i2 < bounds[loop[2]]; ++i2) {
        bool back = serpentine && ((i0 * bounds[loop[1]] + i1) & 1);
        at[size_t(loop[2])] = back ? bounds[loop[2]] - 1 - i2 : i2;
        calls.push_back(at);
      }
    }
  }
  return calls;
}

std::vector<std::array<int64_t, 3>> gemmTraversal(int64_t M, int64_t N, int64_t K,
                                                  const Layout &traversal) {
  int64_t total = M * N * K;
  if (staticSize(traversal) != total)
    fail(ErrorKind::RankMismatch, "a gemm traversal of " + std::to_string(M) + "x" +
                                      std::to_string(N) + "x" + std::to_string(K) +
                                      " atom calls has " + std::to_string(total) +
                                      " values, not the layout " + traversal.str() + "'s " +
                                      std::to_string(staticSize(traversal)));
  std::vector<bool> seen(size_t(total), false);
  std::vector<std::array<int64_t, 3>> calls;
  for (int64_t i = 0; i < total; ++i) {
    IntTuple v = evaluate(traversal, IntTuple(i));
    int64_t x = v.isLeaf() && v.leaf().isStatic() && !v.leaf().isBasis() ? v.leaf().value() : -1;
    if (x < 0 || x >= total || seen[size_t(x)])
      fail(ErrorKind::InvalidArgument, "the gemm traversal " + traversal.str() +
                                           " must visit each of the " + std::to_string(total) +
                                           " atom calls once; its value " + v.str() + " at " +
                                           std::to_string(i) + " does not");
    seen[size_t(x)] = true;
    calls.push_back({x % M, x / M % N, x / (M * N)});
  }
  return calls;
}

std::string accumulatorType(const MmaAtom &atom) {
  if (atom.m == 1 && atom.n == 1 && atom.k == 1)
    return atom.abType;
  return atom.abType == "i8" || atom.abType == "i4" ? "i32" : "f32";
}

MmaAtom mmaAtom(MmaFamily family, int64_t m, int64_t n, int64_t k, const std::string &abType,
                int wave) {
  MmaAtom a = atomOf(family, m, n, k, abType, wave);
  a.abType = abType;
  return a;
}

namespace {
MmaAtom atomOf(MmaFamily family, int64_t m, int64_t n, int64_t k, const std::string &abType,
               int wave) {
  std::string shape = shapeName(m, n, k);
  switch (family) {
  case MmaFamily::UniversalFMA: {
    if (m != 1 || n != 1 || k != 1)
      fail(ErrorKind::Unsupported, "UniversalFMA is 1x1x1, not " + shape);
    MmaAtom a;
    a.name = "fma_" + abType;
    a.layoutA = a.layoutB = a.layoutC = L(IntTuple{1, 1}, IntTuple{0, 0});
    return a;
  }
  case MmaFamily::Mfma: {
    if (wave != 64)
      fail(ErrorKind::Unsupported, "MFMA runs on waves of 64 lanes, not " + std::to_string(wave));
    struct Entry {
      int64_t s, k;
      const char *type, *name;
    };
    static const Entry table[] = {
        {16, 4, "f32", "v_mfma_f32_16x16x4_f32"},
        {32, 2, "f32", "v_mfma_f32_32x32x2_f32"},
        {16, 16, "f16", "v_mfma_f32_16x16x16_f16"},
        {32, 8, "f16", "v_mfma_f32_32x32x8_f16"},
        {16, 16, "bf16", "v_mfma_f32_16x16x16_bf16"},
        {32, 8, "bf16", "v_mfma_f32_32x32x8_bf16"},
        {16, 32, "f16", "v_mfma_f32_16x16x32_f16"},
        {32, 16, "f16", "v_mfma_f32_32x32x16_f16"},
        {16, 32, "bf16", "v_mfma_f32_16x16x32_bf16"},
        {32, 16, "bf16", "v_mfma_f32_32x32x16_bf16"},
        {16, 32, "fp8", "v_mfma_f32_16x16x32_fp8_fp8"},
        {32, 16, "fp8", "v_mfma_f32_32x32x16_fp8_fp8"},
        {16, 32, "i8", "v_mfma_i32_16x16x32_i8"},
        {32, 16, "i8", "v_mfma_i32_32x32x16_i8"},
    };
    std::string has;
    for (const Entry &e : table) {
      if (e.type != abType)
        continue;
      if (m == e.s && n == e.s && k == e.k)
        return mfma(e.s, e.k, e.name);
      has += (has.empty() ? "" : ", ") + shapeName(e.s, e.s, e.k);
    }
    noSuchAtom("MFMA", m, n, k, abType, has.empty() ? "no atom for that type" : has);
  }
  case MmaFamily::Wmma:
    if (wave != 32)
      fail(ErrorKind::Unsupported,
           "WMMA (gfx12) runs on waves of 32 lanes, not " + std::to_string(wave));
    if (abType != "f16" && abType != "bf16" && abType != "fp8")
      noSuchAtom("WMMA", m, n, k, abType, "16x16x16 for f16, bf16 and fp8");
    if (m != 16 || n != 16 || k != 16)
      noSuchAtom("WMMA", m, n, k, abType, "16x16x16");
    // fp8's eight one-byte K values a lane are the same layout, the calculator's own numbering
    // for fp8; the instruction's name takes each operand's format (fp8 or bf8).
    return wmma("v_wmma_f32_16x16x16_" + (abType == "fp8" ? std::string("fp8_fp8") : abType));
  case MmaFamily::WmmaGfx11: {
    if (wave != 32)
      fail(ErrorKind::Unsupported,
           "WMMA (gfx11) runs on waves of 32 lanes, not " + std::to_string(wave));
    bool half = abType == "f16" || abType == "bf16", integer = abType == "i8" || abType == "i4";
    if (!half && !integer)
      noSuchAtom("WMMA", m, n, k, abType, "16x16x16 for f16, bf16, i8 and i4");
    if (m != 16 || n != 16 || k != 16)
      noSuchAtom("WMMA", m, n, k, abType, "16x16x16");
    return wmmaGfx11(half ? "v_wmma_f32_16x16x16_" + abType
                          : "v_wmma_i32_16x16x16_iu" + abType.substr(1));
  }
  case MmaFamily::WmmaGfx1250: {
    if (wave != 32)
      fail(ErrorKind::Unsupported,
           "WMMA (gfx1250) runs on waves of 32 lanes, not " + std::to_string(wave));
    struct Entry {
      int64_t k;
      const char *type, *name;
    };
    static const Entry table[] = {
        {4, "f32", "v_wmma_f32_16x16x4_f32"},         {32, "f16", "v_wmma_f32_16x16x32_f16"},
        {32, "bf16", "v_wmma_f32_16x16x32_bf16"},     {64, "fp8", "v_wmma_f32_16x16x64_fp8_fp8"},
        {128, "fp8", "v_wmma_f32_16x16x128_fp8_fp8"}, {64, "i8", "v_wmma_i32_16x16x64_iu8"},
        {32, "i4", "v_wmma_i32_16x16x32_iu4"},
    };
    std::string has;
    for (const Entry &e : table) {
      if (e.type != abType)
        continue;
      if (m == 16 && n == 16 && k == e.k)
        return wmmaGfx1250(e.k, e.name);
      has += (has.empty() ? "" : ", ") + shapeName(16, 16, e.k);
    }
    noSuchAtom("WMMA (gfx1250)", m, n, k, abType, has.empty() ? "no atom for that type" : has);
  }
  case MmaFamily::MmaSync: {
    bool half = abType == "f16" || abType == "bf16", fp8 = abType == "fp8";
    if (m == 16 && n == 8 && ((half && k == 16) || (fp8 && k == 32)))
      return mmaSync(k, "mma.sync.aligned.m16n8k" + std::to_string(k) + "." + abType);
    noSuchAtom("mma.sync", m, n, k, abType,
               half  ? "16x8x16"
               : fp8 ? "16x8x32"
                     : "16x8x16 for f16/bf16, 16x8x32 for fp8");
  }
  case MmaFamily::Wgmma: {
    // fp8's atom names its kind of fp8 no further: the operands' type chooses e4m3 or e5m2.
    bool half = abType == "f16" || abType == "bf16", fp8 = abType == "fp8";
    int64_t depth = fp8 ? 32 : 16;
    if ((half || fp8) && m == 64 && k == depth && n >= 8 && n <= 256 && n % 8 == 0)
      return wgmma(n, k,
                   "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) + "k" +
                       std::to_string(k) + ".f32." + abType + (half ? "." + abType : ""));
    noSuchAtom("wgmma", m, n, k, abType,
               half  ? "64xNx16, N = 8..256 in steps of 8"
               : fp8 ? "64xNx32, N = 8..256 in steps of 8"
                     : "64xNx16 for f16 and bf16, 64xNx32 for fp8");
  }
  }
  fail(ErrorKind::InvalidArgument, "unknown MMA family");
}
} // namespace

MmaAtom scaledWmmaGfx1250Atom(int64_t m, const std::string &aFormat, const std::string &bFormat,
                              int64_t blockSize) {
  if ((m != 16 && m != 32) || (m == 32 && (aFormat != "e2m1" || bFormat != "e2m1")))
    fail(ErrorKind::Unsupported, "gfx1250's scaled WMMA has 16x16x128 and, on e2m1, 32x16x128, "
                                 "not " +
                                     shapeName(m, 16, 128) + " on " + aFormat + " and " + bFormat);
  MmaAtom a = wmmaGfx1250(128, m == 16 ? "v_wmma_scale_f32_16x16x128_f8f6f4"
                                       : "v_wmma_scale_f32_32x16x128_f4");
  a.abType = aFormat;
  a.bType = bFormat;
  a.scaleBlock = blockSize;
  if (m == 32) {
    a.m = 32;
    a.layoutA = L(IntTuple{IntTuple(32), IntTuple(128)}, IntTuple{IntTuple(1), IntTuple(32)});
    a.layoutC = L(IntTuple{IntTuple{16, 2}, IntTuple(16)}, IntTuple{IntTuple{32, 16}, IntTuple(1)});
  }
  return a;
}

MmaAtom scaledMfmaAtom(int64_t m, int64_t n, int64_t k, const std::string &aFormat,
                       const std::string &bFormat) {
  for (const std::string &f : {aFormat, bFormat})
    if (f != "e4m3" && f != "e5m2" && f != "e2m3" && f != "e3m2" && f != "e2m1")
      fail(ErrorKind::Unsupported, "a scaled MFMA's operands are e4m3, e5m2 (fp8), e2m3, e3m2 "
                                   "(fp6) or e2m1 (fp4), not " +
                                       f);
  if (!((m == 16 && n == 16 && k == 128) || (m == 32 && n == 32 && k == 64)))
    noSuchAtom("scaled MFMA", m, n, k, aFormat + " x " + bFormat, "16x16x128, 32x32x64");
  MmaAtom a = scaledMfma(m, k, aFormat, bFormat);
  a.abType = aFormat;
  return a;
}

namespace {
Tiler layoutOf(int64_t n) { return Tiler(makeLayout(IntTuple(n))); }
int64_t sizeOf(const Layout &l) { return staticSize(l); }
int64_t atomSize(const MmaAtom &a, int mode) { return mode == 0 ? a.m : mode == 1 ? a.n : a.k; }

// CuTe's permutation_mnk<I>: the given tiler, or the atom's extent times the threads there.
Tiler permutationOf(const TiledMma &t, int mode) {
  const Tiler &p = t.permutation[size_t(mode)];
  if (p.kind() != Tiler::Kind::Underscore)
    return p;
  return Tiler::integer(atomSize(t.atom, mode) * sizeOf(t.thrLayoutVMNK.mode(size_t(mode) + 1)));
}

// The common body of thrfrg_A/B/C: modes (x, y) of MNK, the atom's TV layout for them.
Layout threadFragmentsOf(const TiledMma &t, const Layout &x, int mx, int my, const Layout &atomTV) {
  if (x.rank() < 2)
    fail(ErrorKind::RankMismatch, "an MMA operand has at least two modes, got " + x.str());
  Layout permuted = logicalDivide(x, Tiler::tuple({permutationOf(t, mx), permutationOf(t, my)}));
  Layout tiles = zippedDivide(
      permuted, Tiler::tuple({layoutOf(atomSize(t.atom, mx)), layoutOf(atomSize(t.atom, my))}));
  Layout tv = makeLayout({composition(tiles.mode(0), atomTV), tiles.mode(1)});
  Tiler threads =
      Tiler::tuple({Tiler::underscore(),
                    Tiler::tuple({layoutOf(sizeOf(t.thrLayoutVMNK.mode(size_t(mx) + 1))),
                                  layoutOf(sizeOf(t.thrLayoutVMNK.mode(size_t(my) + 1)))})});
  return zippedDivide(tv, threads);
}

// thr_idx -> (ThrV, ThrM, ThrN, ThrK) as one index of thrLayoutVMNK's domain.
Layout threadIndexToId(const TiledMma &t) {
  const Layout &vmnk = t.thrLayoutVMNK;
  Layout full = makeLayout({vmnk, complement(vmnk)});
  return composition(makeLayout(IntTuple{sizeOf(vmnk), 1}, IntTuple{1, 0}), rightInverse(full));
}

} // namespace

TiledMma makeTiledMma(const MmaAtom &atom, const Layout &atomLayout, const Tiler &permutation) {
  if (atomLayout.rank() > 3 || staticSize(atomLayout) < 0)
    fail(ErrorKind::InvalidArgument,
         "a tiled MMA's atom layout is a static layout of at most 3 modes (M, N, K), got " +
             atomLayout.str());
  std::vector<Layout> modes;
  bool leaf = atomLayout.shape().isLeaf();
  for (size_t i = 0; i < 3; ++i)
    modes.push_back(i < (leaf ? 1 : atomLayout.rank()) ? atomLayout.mode(i)
                                                       : makeLayout(IntTuple(1), IntTuple(0)));
  TiledMma t;
  t.atom = atom;
  t.thrLayoutVMNK = tiledProduct(atom.thrID, Tiler(makeLayout(modes)));
  if (permutation.kind() == Tiler::Kind::Underscore) {
    t.permutation.assign(3, Tiler::underscore());
  } else if (permutation.kind() == Tiler::Kind::Tuple && permutation.rank() <= 3) {
    t.permutation = permutation.elems();
    t.permutation.resize(3, Tiler::underscore());
  } else {
    fail(ErrorKind::InvalidArgument,
         "a tiled MMA's permutation is `_` or a tuple of up to three tilers, got " +
             permutation.str());
  }
  return t;
}

int64_t tiledMmaThreads(const TiledMma &t) { return sizeOf(t.thrLayoutVMNK); }

int64_t tileSizeMnk(const TiledMma &t, int mode) {
  Tiler p = permutationOf(t, mode);
  return p.kind() == Tiler::Kind::Integer ? p.integer() : sizeOf(p.layout());
}

Layout thrfrgA(const TiledMma &t, const Layout &a) {
  return threadFragmentsOf(t, a, 0, 2, t.atom.layoutA);
}
Layout thrfrgB(const TiledMma &t, const Layout &b) {
  return threadFragmentsOf(t, b, 1, 2, t.atom.layoutB);
}
Layout thrfrgC(const TiledMma &t, const Layout &c) {
  return threadFragmentsOf(t, c, 0, 1, t.atom.layoutC);
}

namespace {
// A scaled atom's scales partition as its A or B would over a K of one value per block: the
// tiled MMA seen with K / scaleBlock and the scale layouts as A's and B's.
TiledMma scalesView(const TiledMma &t) {
  if (t.atom.scaleBlock == 0)
    fail(ErrorKind::InvalidArgument,
         "only scaled atoms have scale operands (SFA, SFB); " + t.atom.name + " has none");
  TiledMma s = t;
  s.atom.k = t.atom.k / t.atom.scaleBlock;
  s.atom.layoutA = t.atom.layoutSFA;
  s.atom.layoutB = t.atom.layoutSFB;
  Tiler &pk = s.permutation[2];
  if (pk.kind() == Tiler::Kind::Integer && pk.integer() % t.atom.scaleBlock == 0)
    pk = Tiler::integer(pk.integer() / t.atom.scaleBlock);
  else if (pk.kind() != Tiler::Kind::Underscore)
    fail(ErrorKind::Unsupported, "the scales of a tiled MMA whose K is permuted by " + pk.str() +
                                     " (only a multiple of " + std::to_string(t.atom.scaleBlock) +
                                     " or `_`)");
  return s;
}
} // namespace

Layout threadFragmentsMma(const TiledMma &t, MmaOperand operand, const Layout &x) {
  if (operand == MmaOperand::SFA || operand == MmaOperand::SFB)
    return threadFragmentsMma(scalesView(t),
                              operand == MmaOperand::SFA ? MmaOperand::A : MmaOperand::B, x);
  Layout frg = operand == MmaOperand::A   ? thrfrgA(t, x)
               : operand == MmaOperand::B ? thrfrgB(t, x)
                                          : thrfrgC(t, x);
  Layout threads = frg.mode(0);
  if (operand != MmaOperand::C) {
    // (ThrV,(ThrM,ThrK)) seen from (ThrV,(ThrM,ThrN,ThrK)): the other of M and N does not move
    // the operand (CuTe's get_layoutA_TV / get_layoutB_TV).
    int64_t tm = sizeOf(t.thrLayoutVMNK.mode(1)), tn = sizeOf(t.thrLayoutVMNK.mode(2));
    bool a = operand == MmaOperand::A;
    Layout spread = makeLayout(IntTuple{tm, tn}, a ? IntTuple{1, 0} : IntTuple{0, 1});
    threads = composition(
        threads, Tiler::tuple({Tiler::underscore(), Tiler::tuple({spread, Tiler::underscore()})}));
  }
  return makeLayout({composition(threads, threadIndexToId(t)), frg.mode(1)});
}

namespace {
Layout tileOf(const TiledMma &t, MmaOperand operand) {
  int x = operand == MmaOperand::B ? 1 : 0, y = operand == MmaOperand::C ? 1 : 2;
  return makeLayout(IntTuple{tileSizeMnk(t, x), tileSizeMnk(t, y)});
}
} // namespace

Layout layoutTV(const TiledMma &t, MmaOperand operand) {
  if (operand == MmaOperand::SFA || operand == MmaOperand::SFB) {
    TiledMma s = scalesView(t);
    MmaOperand as = operand == MmaOperand::SFA ? MmaOperand::A : MmaOperand::B;
    return threadFragmentsMma(s, as, tileOf(s, as));
  }
  return threadFragmentsMma(t, operand, tileOf(t, operand));
}

Layout partitionByThread(const Layout &fragments, const IntTuple &thr) {
  const Layout rest = fragments.mode(1).mode(1);
  bool nested = rest.rank() > 1 || rest.shape().isTuple();
  std::vector<IntTuple> restCrd(nested ? rest.rank() : 1, IntTuple::underscore());
  IntTuple crd{thr, IntTuple{IntTuple::underscore(),
                             nested ? IntTuple::tuple(restCrd) : IntTuple::underscore()}};
  return slice(crd, fragments);
}

Layout partition(const TiledMma &t, MmaOperand operand, const Layout &x, int64_t thr) {
  int64_t threads = tiledMmaThreads(t);
  if (thr < 0 || thr >= threads)
    fail(ErrorKind::InvalidArgument, "thread " + std::to_string(thr) + " of a tiled MMA of " +
                                         std::to_string(threads) + " threads");
  return partitionByThread(threadFragmentsMma(t, operand, x), IntTuple(thr));
}

} // namespace fly::layout
