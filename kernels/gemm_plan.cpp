//===- gemm_plan.cpp - The GEMM's tile table -------------------------------------===//

#include "kernels/gemm_plan.h"

#include "flydsl/flydsl.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace fly::kernels {

namespace {
bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

/// The SMs a Hopper tile table is chosen for: an H100's and an H200's 132.
constexpr int64_t kHopperSms = 132;

int64_t tilesOf(int64_t m, int64_t n, int64_t bm, int64_t bn) {
  return ((m + bm - 1) / bm) * ((n + bn - 1) / bn);
}

/// The share of the last wave's SMs that its tiles keep busy, over all waves: 1 when the
/// tiles are a whole number of waves.
double waveEfficiency(int64_t tiles) {
  int64_t waves = (tiles + kHopperSms - 1) / kHopperSms;
  return double(tiles) / double(waves * kHopperSms);
}
/// Split-K for the one-warpgroup Hopper tiles (64 rows): where the tiles leave block slots of
/// the SMs empty (blocks whose shared memory fits several times in an SM's 228 KiB count
/// several times) and K is long, S blocks share each tile, S the most that the slots hold, at
/// most 4 and each with at least 32 K tiles. On an H200 (bench_gemm.py --splits): 64 x 4096 x
/// 14336 115 -> 192 TFLOP/s (S = 4), 64 x 8192 x 8192 191 -> 202 (3), 256 x 4096 x 14336
/// 431 -> 475 (2); more splits were slower on every shape, as was splitting the 128-row tiles
/// (128 x 8192 x 8192, 1000^3, 3000^3). FLYDSL_GEMM_SPLITK=S sets it (1: never split).
void planSplitK(GemmPlan &p, int64_t m, int64_t n, int64_t k) {
  constexpr int64_t kMinTilesPerSplit = 32, kMaxPlanned = 4, kMaxSplits = 16;
  constexpr int64_t kSharedPerSm = 228 * 1024, kReservedPerBlock = 1024;
  int64_t tiles = tilesOf(m, n, p.bm, p.bn), kTiles = (k + p.bk - 1) / p.bk;
  int64_t slots = kHopperSms * std::max<int64_t>(
                                   1, kSharedPerSm / (p.sharedBytes() + kReservedPerBlock));
  int64_t splits = 1;
  if (p.family == FLY_MMA_WGMMA && p.bm == 64)
    splits = std::min({slots / tiles, kTiles / kMinTilesPerSplit, kMaxPlanned});
  if (const char *env = std::getenv("FLYDSL_GEMM_SPLITK")) {
    char *end = nullptr;
    long v = std::strtol(env, &end, 10);
    if (end == env || *end || v < 1 || v > kMaxSplits)
      throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                          std::string("FLYDSL_GEMM_SPLITK='") + env +
                              "' is not a number of K splits from 1 to " +
                              std::to_string(kMaxSplits));
    splits = v;
  }
  p.splitK = int(std::max<int64_t>(1, splits));
  if (p.splitK == 1)
    return;
  // The partial sums are f32, without C, written by the threads (the TMA store epilogue and
  // the persistent grid that overlaps it take 16-bit D); the sum kernel follows in the stream.
  bool nvidia = p.family == FLY_MMA_SYNC || p.family == FLY_MMA_WGMMA;
  p.outVec = nvidia && n % 2 == 0 ? 2 : 1;
  p.warpSpecialized = p.tmaStore = false;
  p.dependentLaunch = false;
}

} // namespace

std::string GemmPlan::key() const {
  auto operand = [](const GemmOperand &o) {
    return std::string(o.kMajor ? "k" : "mn") + std::to_string(o.vec) + "." +
           std::to_string(o.fragVec);
  };
  return std::to_string(int(family)) + "/" + std::to_string(atomM) + "x" + std::to_string(atomN) +
         "x" + std::to_string(atomK) + "/e" + std::to_string(elemBytes) + "/" + atomLayout + "/t" +
         std::to_string(threads) + "/" + std::to_string(bm) + "x" + std::to_string(bn) + "x" +
         std::to_string(bk) + (cpAsync ? "/async" : "/regs") + std::to_string(stages) +
         (mmaInFlight ? "f" : "") + (tma ? "t" : "") + (warpSpecialized ? "w" : "") +
         (tmaStore ? "s" : "") + (dependentLaunch ? "d" : "") + "/g" + std::to_string(groupM) +
         "/a" + operand(a) + "/b" + operand(b) + "/o" + std::to_string(outVec) + "/k" +
         std::to_string(splitK);
}

GemmPlan planGemm(const std::string &target, const std::string &arch, int64_t m, int64_t n,
                  int64_t k, fly_dtype ab, GemmOperand a, GemmOperand b, int outVec, int outBytes) {
  GemmPlan p;
  bool small = m * n <= int64_t(1024) * 1024;
  int warpsM = 2, warpsN = 2;
  bool hopper = arch == "sm_90" || arch == "sm_90a";
  bool fp8 = ab == FLY_F8E4M3 || ab == FLY_F8E5M2 || ab == FLY_F8E4M3FNUZ || ab == FLY_F8E5M2FNUZ;
  if (fp8 && (!a.kMajor || !b.kMajor))
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                        "fp8 operands must both be contiguous along K (A row-major, B "
                        "column-major, as torch._scaled_mm takes them)");
  p.elemBytes = fp8 ? 1 : 2;
  if (fp8 && startsWith(arch, "sm_") && std::atoi(arch.c_str() + 3) < 89)
    throw flydsl::Error(FLY_ERROR_UNSUPPORTED, "fp8 matrix multiplies need sm_89 or later, not " +
                                                   arch + " (target " + target + ")");
  if (hopper && m > 32) {
    // wgmma m64nNk16 (fp8: m64nNk32): one warpgroup (128 threads) an atom of 64 rows and the
    // tile's whole width; two warpgroups stacked in M over 128 x 256 (one over 64 x 128 where
    // M * N <= 1024^2 or M <= 64). A and B are read from shared memory, swizzled 128 bytes
    // (K-major rows of 128 bytes, or M/N-major runs of 64), so BK is 64 (fp8: 128).
    p.family = FLY_MMA_WGMMA;
    p.wave = 128;
    bool one = small || m <= 64;
    p.bm = one ? 64 : 128;
    p.bn = one ? 128 : 256;
    // Where those tiles fill fewer than half the SMs, narrower ones: 128 x 128 (M = 128,
    // N = 10240: 267 -> 391 TFLOP/s on an H200), 64 x 64 (512^3: 57 -> 64). Where many tiles
    // leave the last wave mostly idle, 128 x 192 (3000^3: 2.2 waves of 128 x 256, 2.9 of
    // 128 x 192: 397 -> 412). bench_gemm.py's TILE tables measured each.
    int64_t half = kHopperSms / 2;
    if (!one && tilesOf(m, n, 128, 256) < half) {
      p.bn = 128;
    } else if (!one && tilesOf(m, n, 128, 256) >= kHopperSms &&
               waveEfficiency(tilesOf(m, n, 128, 192)) >
                   waveEfficiency(tilesOf(m, n, 128, 256)) + 0.1) {
      p.bn = 192;
    } else if (one && tilesOf(m, n, 64, 128) < half) {
      p.bn = 64;
    }
    p.atomM = 64, p.atomN = p.bn, p.atomK = fp8 ? 32 : 16;
    warpsM = one ? 1 : 2;
    warpsN = 1;
  } else if (startsWith(arch, "sm_")) {
    // mma.sync m16n8k16: warps 2 x 4 over the large tile (each warp's share 64 x 64), 2 x 2
    // over the small one. A skinny problem (M <= 32) streams B from memory: 1 x 4 warps over
    // M rounded up to 16, and columns narrow enough for about one block per SM of an H100
    // (132), as bench_gemm.py's tile tables measured (M=16: N=8192 64 wide, N=4096 32 wide).
    p.family = FLY_MMA_SYNC;
    p.atomM = 16, p.atomN = 8, p.atomK = fp8 ? 32 : 16; // m16n8k32 for fp8 (sm_89+)
    p.wave = 32;
    // Where 64 wide the stream is less than two waves and 32 wide keeps the last wave fuller,
    // 32 wide (N = 11008: 172 blocks are 1.3 waves, 344 are 2.6).
    bool skinny = m <= 32;
    bool narrow =
        hopper && tilesOf(m, n, 32, 64) < 2 * kHopperSms &&
        waveEfficiency(tilesOf(m, n, 32, 32)) > waveEfficiency(tilesOf(m, n, 32, 64)) + 0.05;
    p.bm = skinny ? (m <= 16 ? 16 : 32) : small ? 64 : 128;
    p.bn = skinny ? (n / 64 >= 128 && !narrow ? 64 : 32) : small ? 64 : 256;
    warpsM = skinny ? 1 : 2;
    warpsN = skinny || p.bn == 256 ? 4 : 2;
    // A thread's A values pair up along K (two per register; fp8: four), as do its B values.
    a.fragVec = a.kMajor ? 4 / p.elemBytes : 1;
    b.fragVec = b.kMajor ? 4 / p.elemBytes : 1;
  } else if (startsWith(arch, "gfx9")) {
    // MFMA 16x16x16 (16x16x32 on gfx950, twice the K an instruction): four waves of 64, 2 x 2,
    // each pass covering 32 x 32; each lane holds four (gfx950: eight) consecutive K values of
    // A and of B, one ds_read_b64 (ds_read_b128) from a K-major tile.
    p.family = FLY_MMA_MFMA;
    bool gfx950 = arch == "gfx950";
    p.atomM = p.atomN = 16;
    p.atomK = gfx950 || fp8 ? 32 : 16; // fp8: 16x16x32 on both
    p.wave = 64;
    p.bm = m <= 64 || small ? 64 : 128;
    p.bn = small ? 64 : 128;
    a.fragVec = a.kMajor ? int(p.atomK / 4) : 1;
    b.fragVec = b.kMajor ? int(p.atomK / 4) : 1;
  } else {
    throw flydsl::Error(FLY_ERROR_UNSUPPORTED,
                        "the GEMM has no matrix-core path for arch " + arch + " (target " + target +
                            "); it runs on gfx9 (MFMA), sm_80+ (mma.sync) and sm_90 (wgmma)");
  }
  // A skinny problem (M <= 32) streams B from memory: K tiles of 64 in eight buffers, seven
  // in flight (on the H100 1-2% faster than 128 in four: docs/performance.md). fp8 tiles are
  // as many bytes deep: twice the elements.
  bool streaming = p.family == FLY_MMA_SYNC && m <= 32;
  p.bk = (p.family == FLY_MMA_WGMMA || streaming ? 64 : 32) * 2 / p.elemBytes;
  // FLYDSL_GEMM_TILE=BMxBNxBKxSTAGES[xWMxWN] replaces the table's tile (for tuning; stages
  // apply to cp.async, WM x WN atoms lie over the block).
  if (const char *tile = std::getenv("FLYDSL_GEMM_TILE")) {
    long v[6] = {0, 0, 0, 0, 2, 2};
    int got =
        std::sscanf(tile, "%ldx%ldx%ldx%ldx%ldx%ld", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]);
    auto pow2 = [](long x) { return x > 0 && (x & (x - 1)) == 0; };
    int64_t unitN = p.family == FLY_MMA_WGMMA ? 8 : p.atomN; // wgmma's N follows the tile
    // Each field in range before any product or remainder uses it.
    bool ok = (got == 4 || got == 6) && v[0] > 0 && v[1] > 0 && v[0] <= 256 && v[1] <= 256 &&
              pow2(v[2]) && v[2] >= 16 && v[2] <= 128 && v[3] >= 2 && v[3] <= 8 && pow2(v[4]) &&
              pow2(v[5]) && v[4] <= 16 && v[5] <= 16 && v[4] * v[5] <= 16 &&
              v[0] % (v[4] * p.atomM) == 0 && v[1] % (v[5] * unitN) == 0;
    if (!ok)
      throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                          std::string("FLYDSL_GEMM_TILE='") + tile +
                              "' is not BMxBNxBKxSTAGES[xWMxWN] with BK a power of two in "
                              "16..128, 2..8 stages, WM x WN <= 16 and BM, BN multiples of the "
                              "atoms' tile (at most 256)");
    p.bm = v[0], p.bn = v[1], p.bk = v[2], p.stages = int(v[3]);
    warpsM = int(v[4]), warpsN = int(v[5]);
    if (p.family == FLY_MMA_WGMMA) {
      // A warpgroup's atom spans its share of the tile's width; K-major rows stay 128 bytes.
      p.atomN = p.bn / warpsN;
      // An M/N-major operand's tile is runs of 64 rows (its 128-byte swizzle).
      if (p.bk * p.elemBytes != 128 || p.bm % (64 * warpsM) != 0 || p.atomN % 8 != 0 ||
          p.atomN > 256 || (!b.kMajor && p.bn % 64 != 0))
        throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                            std::string("FLYDSL_GEMM_TILE='") + tile +
                                "' does not suit wgmma: BK 64 (fp8: 128), BM a multiple of "
                                "64 x WM, "
                                "BN / WN a multiple of 8 up to 256, and BN a multiple of 64 "
                                "where B is N-major");
    }
  }
  p.threads = warpsM * warpsN * p.wave;
  p.atomLayout = "(" + std::to_string(warpsM) + "," + std::to_string(warpsN) + ",1):(1," +
                 std::to_string(warpsM) + ",0)";
  // A copy pass of the block must fit in a tile: threads * vec <= rows * BK.
  for (GemmOperand *o : {&a, &b}) {
    int64_t rows = o == &a ? p.bm : p.bn;
    while (int64_t(p.threads) * o->vec > rows * p.bk)
      o->vec /= 2;
    // ... and a pass is whole rows (K-major) or whole K columns, repeated to cover the tile.
    int64_t line = (o->kMajor ? p.bk : rows) / o->vec;
    if (line > p.threads || (rows * p.bk) % (int64_t(p.threads) * o->vec) != 0)
      throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                          "the GEMM tile " + std::to_string(p.bm) + "x" + std::to_string(p.bn) +
                              "x" + std::to_string(p.bk) + " cannot be copied by " +
                              std::to_string(p.threads) + " threads " + std::to_string(o->vec) +
                              " elements at a time (FLYDSL_GEMM_TILE?)");
  }
  p.a = a;
  p.b = b;
  // mma.sync's and wgmma's accumulators come in pairs of adjacent columns: one store each
  // where D allows. An MFMA lane's lie down a column, which a row-major D cannot store together.
  bool nvidia = p.family == FLY_MMA_SYNC || p.family == FLY_MMA_WGMMA;
  p.outVec = nvidia ? std::min(outVec, 2) : 1;
  // cp.async moves 4..16 bytes. The cpu target emulating an NVIDIA arch runs the same kernel,
  // its copies synchronous.
  p.cpAsync = nvidia && a.vec * p.elemBytes >= 4 && b.vec * p.elemBytes >= 4;
  // cp.async keeps stages - 1 tiles in flight while one is multiplied; registers stage one.
  // The cpu target, whose copies are synchronous, gains nothing from more buffers than two
  // (and compiles each buffer's unrolled step).
  if (!p.cpAsync)
    p.stages = 2;
  else if (!std::getenv("FLYDSL_GEMM_TILE"))
    p.stages = target == "cpu" ? 2 : streaming ? 8 : 4;
  p.mmaInFlight = p.family == FLY_MMA_WGMMA && p.cpAsync && p.stages >= 3;
  // Bulk tensor copies need 16-byte aligned operands (vec 8) and leave the threads' time to
  // the matrix cores; FLYDSL_GEMM_TMA=0 keeps cp.async (for comparison). (The skinny mma.sync
  // stream measured no faster by TMA on the H100: docs/performance.md.)
  const char *tmaEnv = std::getenv("FLYDSL_GEMM_TMA");
  p.tma = p.mmaInFlight && a.vec * p.elemBytes == 16 && b.vec * p.elemBytes == 16 &&
          !(tmaEnv && std::string(tmaEnv) == "0");
  // Warp-specialised: with TMA a warpgroup of its own issues the copies, in a persistent grid;
  // its epilogue stores D by TMA where D is 16-bit with 16-byte aligned rows and address, each
  // warpgroup's atom spans 64 rows and the tile's width, and the width is whole 64-column
  // boxes. On the H100 that is the fastest kernel (docs/performance.md); without the TMA
  // stores it is no faster than thread 0 of the multiplying warpgroups issuing the copies, so
  // it is the default only with them. FLYDSL_GEMM_WS=1 or 0 chooses (for comparison).
  bool storable = outBytes == 2 && outVec * outBytes >= 16 && warpsN == 1 && p.bm == 64 * warpsM &&
                  p.bn % 64 == 0;
  const char *wsEnv = std::getenv("FLYDSL_GEMM_WS");
  p.warpSpecialized = p.tma && (wsEnv ? std::string(wsEnv) == "1" : storable);
  p.tmaStore = p.warpSpecialized && storable;
  // The GPU starts blocks in order of their linear index: in groups of block rows, one wave
  // of an H100's 132 blocks reads a squarer part of A and B than a column of all M's blocks.
  p.groupM = p.family == FLY_MMA_WGMMA ? 16 : 1;
  // mma.sync on sm_90+ (the skinny stream of one wave, some 50 us) waits on its grid
  // dependency, so that its launch and set-up overlap the previous kernel's end: 2-4% faster
  // on the H100 back to back. The persistent wgmma kernels measured 0-3% slower with it
  // (docs/performance.md). FLYDSL_GEMM_PDL=1 or 0 chooses (for comparison).
  const char *pdlEnv = std::getenv("FLYDSL_GEMM_PDL");
  bool pdl = startsWith(arch, "sm_") && std::atoi(arch.c_str() + 3) >= 90;
  // Only a grid of one wave: the next call's blocks, let in at once, would otherwise hold
  // SMs that this call's later waves need (M = 8, N = 11008: 344 blocks, 24 -> 28 TFLOP/s
  // without it on an H200).
  bool oneWave = tilesOf(m, n, p.bm, p.bn) <= kHopperSms;
  p.dependentLaunch =
      pdl && (pdlEnv ? std::string(pdlEnv) == "1" : p.family == FLY_MMA_SYNC && oneWave);
  if (const char *g = std::getenv("FLYDSL_GEMM_GROUP"))
    p.groupM = std::max(1, std::atoi(g));
  planSplitK(p, m, n, k);
  return p;
}

} // namespace fly::kernels
