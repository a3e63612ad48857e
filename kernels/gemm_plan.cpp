//===- gemm_plan.cpp - The GEMM's tile table -------------------------------------===//

#include "kernels/gemm_plan.h"

#include "flydsl/flydsl.hpp"
#include "kernels/tensor_args.h"

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
/// K split over `splits` blocks (1: not split) of an M x N problem. The partial sums are f32,
/// without C, written by the threads (the TMA store epilogue and the persistent grid that overlaps
/// it take 16-bit D); the sum kernel follows in the stream.
void setSplitK(GemmPlan &p, int64_t splits, int64_t n) {
  p.splitK = int(std::max<int64_t>(1, splits));
  if (p.splitK == 1)
    return;
  p.outVec = p.nvidia() && n % 2 == 0 ? 2 : 1; // into the f32 workspace
  p.warpSpecialized = p.tmaStore = false;
  p.dependentLaunch = false;
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
  setSplitK(p, splits, n);
}

/// FLYDSL_GEMM_TILE's fields; the warps default to 2 x 2. Fields too large to be any tile's are
/// refused here, before they are narrowed.
GemmTile parseTile(const char *text, const std::string &what) {
  long v[6] = {0, 0, 0, 0, 2, 2};
  int got = std::sscanf(text, "%ldx%ldx%ldx%ldx%ldx%ld", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]);
  bool ok = got == 4 || got == 6;
  for (long x : v)
    ok = ok && x >= 0 && x <= 4096;
  if (!ok)
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT, what + " is not BMxBNxBKxSTAGES[xWMxWN]");
  return {v[0], v[1], v[2], int(v[3]), int(v[4]), int(v[5]), 0};
}

/// Sets the plan's block tile from `t`, each field range-checked before any product or
/// remainder uses it.
void applyTile(GemmPlan &p, const GemmTile &t, const GemmOperand &b, const std::string &what) {
  auto pow2 = [](int64_t x) { return x > 0 && (x & (x - 1)) == 0; };
  int64_t unitN = p.family == FLY_MMA_WGMMA ? 8 : p.atomN; // wgmma's N follows the tile
  bool ok = t.bm > 0 && t.bn > 0 && t.bm <= 256 && t.bn <= 256 && pow2(t.bk) && t.bk >= 16 &&
            t.bk <= 128 && t.stages >= 2 && t.stages <= 8 && pow2(t.warpsM) && pow2(t.warpsN) &&
            t.warpsM <= 16 && t.warpsN <= 16 && t.warpsM * t.warpsN <= 16 && t.splitK >= 0 &&
            t.splitK <= 16 && t.bm % (t.warpsM * p.atomM) == 0 && t.bn % (t.warpsN * unitN) == 0;
  if (!ok)
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                        what + " is not BMxBNxBKxSTAGES[xWMxWN] with BK a power of two in 16..128, "
                               "2..8 stages, WM x WN <= 16 and BM, BN multiples of the atoms' tile "
                               "(at most 256), K split 0..16 ways");
  // The table's largest tiles hold 128 f32 accumulators a thread; more spill, and compiling
  // the unrolled atoms of far more (a 64 x 128 tile on one warp) exhausts the host's memory.
  int64_t threads = int64_t(t.warpsM) * t.warpsN * p.wave;
  if (t.bm * t.bn / threads > 128)
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                        what + " gives each of its " + std::to_string(threads) + " threads " +
                            std::to_string(t.bm * t.bn / threads) +
                            " accumulators (BM x BN / threads); at most 128 fit in registers");
  p.bm = t.bm, p.bn = t.bn, p.bk = t.bk, p.stages = t.stages;
  if (p.family != FLY_MMA_WGMMA)
    return;
  // A warpgroup's atom spans its share of the tile's width; K-major rows stay 128 bytes.
  p.atomN = p.bn / t.warpsN;
  // An M/N-major operand's tile is runs of 64 rows (its 128-byte swizzle).
  if (p.bk * p.elemBytes != 128 || p.bm % (64 * t.warpsM) != 0 || p.atomN % 8 != 0 ||
      p.atomN > 256 || (!b.kMajor && p.bn % 64 != 0))
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                        what + " does not suit wgmma: BK 64 (fp8: 128), BM a multiple of 64 x WM, "
                               "BN / WN a multiple of 8 up to 256, and BN a multiple of 64 "
                               "where B is N-major");
}

/// A tile whose buffers (and up to 1 KiB of mbarriers and alignment) pass the shared memory a
/// block of the arch may have is refused before anything compiles.
void requireSharedFits(const GemmPlan &p, const std::string &target, const std::string &arch,
                       const std::string &what) {
  int64_t capacity = 0;
  if (fly_shared_memory_capacity_total(target.c_str(), arch.c_str(), &capacity) != FLY_OK)
    return; // an arch the compile will name
  int64_t need = p.sharedBytes() + 1024;
  if (need > capacity)
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT, what + " needs " + std::to_string(need) +
                                                        " bytes of shared memory a block; " +
                                                        target + " " + arch + " has " +
                                                        std::to_string(capacity));
}

} // namespace

std::string GemmTile::text() const {
  return std::to_string(bm) + "x" + std::to_string(bn) + "x" + std::to_string(bk) + "x" +
         std::to_string(stages) + "x" + std::to_string(warpsM) + "x" + std::to_string(warpsN) +
         (splitK ? "/k" + std::to_string(splitK) : "");
}

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
                  int64_t k, fly_dtype ab, GemmOperand a, GemmOperand b, int outVec, int outBytes,
                  const GemmTile *tile) {
  GemmPlan p;
  int gpuStages = 4; // shared buffers on a GPU (the cpu target takes two)
  bool small = m * n <= int64_t(1024) * 1024;
  int warpsM = 2, warpsN = 2;
  bool hopper = arch == "sm_90" || arch == "sm_90a";
  bool fp8 = ab == FLY_F8E4M3 || ab == FLY_F8E5M2 || ab == FLY_F8E4M3FNUZ || ab == FLY_F8E5M2FNUZ;
  if (fp8 && (!a.kMajor || !b.kMajor))
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                        "fp8 operands must both be contiguous along K (A row-major, B "
                        "column-major, as torch._scaled_mm takes them)");
  p.elemBytes = fp8 ? 1 : 2;
  // The MFMA reads bytes in its arch's formats: tensors of the other kind would be misread.
  bool fnuz = ab == FLY_F8E4M3FNUZ || ab == FLY_F8E5M2FNUZ;
  bool readsFnuz = startsWith(arch, "gfx9") && arch != "gfx950";
  if (fp8 && (startsWith(arch, "gfx9") || startsWith(arch, "sm_")) && fnuz != readsFnuz)
    throw flydsl::Error(FLY_ERROR_UNSUPPORTED,
                        "gemm_scaled on " + arch + " reads fp8 as the " +
                            (readsFnuz ? "FNUZ formats (float8_e4m3fnuz, float8_e5m2fnuz)"
                                       : "OCP formats (float8_e4m3fn, float8_e5m2)") +
                            ", not " + dtypeName(ab) + ": convert the operands to those");
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
      // ... in six buffers: the K loop is most of such a problem (M = 128, N = 10240,
      // K = 8192: 387 -> 415 TFLOP/s on an H200, bench_gemm.py --models --tune); 128 x 64 in
      // eight where those still fit one wave (on an H100, bench_gemm.py's TILE table: 128 x
      // 8192 x 8192 325 -> 348 TFLOP/s, 256 x 4096 x 14336 423 -> 516, 128 x 4096 x 4096
      // 181 -> 292, 256 x 2048 x 8192 204 -> 324).
      bool oneWave = !fp8 && tilesOf(m, n, 128, 64) <= kHopperSms;
      p.bn = oneWave ? 64 : 128;
      gpuStages = oneWave ? 8 : 6;
    } else if (!one && tilesOf(m, n, 128, 256) >= kHopperSms &&
               waveEfficiency(tilesOf(m, n, 128, 192)) >
                   waveEfficiency(tilesOf(m, n, 128, 256)) + 0.1) {
      p.bn = 192;
    } else if (one && tilesOf(m, n, 64, 128) < half) {
      p.bn = 64;
    }
    // fp8's 128-row tiles are 128 wide: on an H200 (bench_gemm.py --fp8 --tune) 128 x 128
    // reached 1164 TFLOP/s at 4096^3 where 128 x 256 reached 867, 1196 against 981 at 8192^3,
    // 1163 against 822 at 4096 x 11008 x 4096.
    if (fp8 && !one)
      p.bn = 128;
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
  // A tile from the caller, else FLYDSL_GEMM_TILE=BMxBNxBKxSTAGES[xWMxWN], replaces the
  // table's (for tuning; stages apply to cp.async, WM x WN atoms lie over the block).
  GemmTile envTile;
  const char *envText = tile ? nullptr : std::getenv("FLYDSL_GEMM_TILE");
  std::string what = envText ? "FLYDSL_GEMM_TILE='" + std::string(envText) + "'"
                     : tile  ? "the GEMM tile " + tile->text()
                             : "";
  if (envText) {
    envTile = parseTile(envText, what);
    tile = &envTile;
  }
  if (tile) {
    applyTile(p, *tile, b, what);
    warpsM = tile->warpsM, warpsN = tile->warpsN;
  }
  p.warpsM = warpsM, p.warpsN = warpsN;
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
                              " elements at a time" + (tile ? " (" + what + ")" : ""));
  }
  p.a = a;
  p.b = b;
  // mma.sync's and wgmma's accumulators come in pairs of adjacent columns: one store each
  // where D allows. An MFMA lane's lie down a column, which a row-major D cannot store together.
  bool nvidia = p.nvidia();
  p.outVec = nvidia ? std::min(outVec, 2) : 1;
  // cp.async moves 4..16 bytes. The cpu target emulating an NVIDIA arch runs the same kernel,
  // its copies synchronous.
  p.cpAsync = nvidia && a.vec * p.elemBytes >= 4 && b.vec * p.elemBytes >= 4;
  // cp.async keeps stages - 1 tiles in flight while one is multiplied; registers stage one.
  // The cpu target, whose copies are synchronous, gains nothing from more buffers than two
  // (and compiles each buffer's unrolled step).
  if (!p.cpAsync)
    p.stages = 2;
  else if (!tile)
    p.stages = target == "cpu" ? 2 : streaming ? 8 : gpuStages;
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
  // fp8's scales apply to the final sums: its GEMM is never split along K.
  if (fp8 && tile && tile->splitK > 1)
    throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                        what + " splits K, which the fp8 GEMM does not (its scales apply to the "
                               "final sums)");
  if (tile && tile->splitK > 0)
    setSplitK(p, tile->splitK, n);
  else if (!fp8)
    planSplitK(p, m, n, k);
  requireSharedFits(p, target, arch, tile ? what : "the GEMM's table tile");
  return p;
}

std::vector<GemmTile> gemmTiles(const std::string &target, const std::string &arch, int64_t m,
                                int64_t n, int64_t k, fly_dtype ab, GemmOperand a, GemmOperand b,
                                int outVec, int outBytes) {
  GemmPlan table = planGemm(target, arch, m, n, k, ab, a, b, outVec, outBytes);
  bool fp8 = table.elemBytes == 1;
  int64_t bk = table.bk;
  std::vector<GemmTile> options;
  switch (table.family) {
  case FLY_MMA_WGMMA:
    // Warpgroups stacked in M, each atom the tile's width; 64-row tiles also split along K,
    // where the table's 64-row tiles split (bench_gemm.py's TILE and --splits tables).
    options = {{128, 256, bk, 4, 2, 1}, {128, 192, bk, 4, 2, 1}, {128, 128, bk, 6, 2, 1},
               {128, 128, bk, 4, 2, 1}, {64, 256, bk, 4, 1, 1},  {64, 128, bk, 4, 1, 1},
               {64, 64, bk, 4, 1, 1}};
    if (!fp8)
      options.push_back({128, 64, bk, 8, 2, 1});
    if (!fp8)
      for (int s : {1, 2, 4})
        options.push_back({64, 128, bk, 4, 1, 1, s});
    break;
  case FLY_MMA_SYNC:
    if (m <= 32) // the skinny stream: a column of warps over narrow tiles, deep pipelines
      options = {{table.bm, 32, bk, 8, 1, 4},
                 {table.bm, 64, bk, 8, 1, 4},
                 {table.bm, 64, bk, 4, 1, 4},
                 {table.bm, 128, bk, 4, 1, 4}};
    else
      options = {{128, 256, bk, 4, 2, 4}, {128, 128, bk, 4, 2, 2}, {64, 128, bk, 4, 2, 2},
                 {128, 64, bk, 4, 2, 2},  {64, 64, bk, 4, 2, 2},   {128, 128, bk, 3, 2, 2}};
    break;
  default: // MFMA: two register-staged buffers
    options = {{128, 128, bk, 2, 2, 2},
               {64, 128, bk, 2, 2, 2},
               {128, 64, bk, 2, 2, 2},
               {64, 64, bk, 2, 2, 2}};
    break;
  }
  std::vector<GemmTile> tiles = {table.tile()};
  std::vector<std::string> keys = {table.key()};
  for (const GemmTile &t : options) {
    try {
      GemmPlan p = planGemm(target, arch, m, n, k, ab, a, b, outVec, outBytes, &t);
      if (std::find(keys.begin(), keys.end(), p.key()) != keys.end())
        continue;
      keys.push_back(p.key());
      tiles.push_back(p.tile());
    } catch (const flydsl::Error &) {
      // A tile this problem's operands or the arch's shared memory cannot take: not a choice.
    }
  }
  return tiles;
}

} // namespace fly::kernels
