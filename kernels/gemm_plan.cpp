//===- gemm_plan.cpp - The GEMM's tile table -------------------------------------===//

#include "kernels/gemm_plan.h"

#include "flydsl/flydsl.hpp"

namespace fly::kernels {

namespace {
bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }
} // namespace

std::string GemmPlan::key() const {
  auto operand = [](const GemmOperand &o) {
    return std::string(o.kMajor ? "k" : "mn") + std::to_string(o.vec) + "." +
           std::to_string(o.fragVec);
  };
  return std::to_string(int(family)) + "/" + std::to_string(atomM) + "x" + std::to_string(atomN) +
         "x" + std::to_string(atomK) + "/" + atomLayout + "/t" + std::to_string(threads) + "/" +
         std::to_string(bm) + "x" + std::to_string(bn) + "x" + std::to_string(bk) +
         (cpAsync ? "/async" : "/regs") + std::to_string(stages) + "/a" + operand(a) + "/b" + operand(b);
}

GemmPlan planGemm(const std::string &target, const std::string &arch, int64_t m, int64_t n,
                  fly_dtype ab, GemmOperand a, GemmOperand b) {
  GemmPlan p;
  bool small = m * n <= int64_t(1024) * 1024;
  if (startsWith(arch, "sm_")) {
    // mma.sync m16n8k16: four warps, 2 x 2, each pass covering 32 x 16.
    p.family = FLY_MMA_SYNC;
    p.atomM = 16, p.atomN = 8, p.atomK = 16;
    p.wave = 32;
    p.atomLayout = "(2,2,1):(1,2,0)";
    p.threads = 128;
    p.bm = m <= 32 ? 32 : small ? 64 : 128;
    p.bn = m <= 32 || small ? 64 : 128;
    // A thread's A values pair up along K (two per register), as do its B values.
    a.fragVec = a.kMajor ? 2 : 1;
    b.fragVec = b.kMajor ? 2 : 1;
  } else if (startsWith(arch, "gfx9")) {
    // MFMA 16x16x16: four waves of 64, 2 x 2, each pass covering 32 x 32; each lane holds four
    // consecutive K values of A and of B.
    p.family = FLY_MMA_MFMA;
    p.atomM = p.atomN = p.atomK = 16;
    p.wave = 64;
    p.atomLayout = "(2,2,1):(1,2,0)";
    p.threads = 256;
    p.bm = m <= 64 || small ? 64 : 128;
    p.bn = small ? 64 : 128;
    a.fragVec = a.kMajor ? 4 : 1;
    b.fragVec = b.kMajor ? 4 : 1;
  } else {
    throw flydsl::Error(FLY_ERROR_UNSUPPORTED,
                        "the GEMM has no matrix-core path for arch " + arch + " (target " +
                            target + "); it runs on gfx9 (MFMA) and sm_80+ (mma.sync)");
  }
  (void)ab; // f16 and bf16 share every shape
  p.bk = 32;
  // A copy pass of the block must fit in a tile: threads * vec <= rows * BK.
  for (GemmOperand *o : {&a, &b}) {
    int64_t rows = o == &a ? p.bm : p.bn;
    while (int64_t(p.threads) * o->vec > rows * p.bk)
      o->vec /= 2;
  }
  p.a = a;
  p.b = b;
  // cp.async moves 4..16 bytes. The cpu target emulating an NVIDIA arch runs the same kernel,
  // its copies synchronous.
  p.cpAsync = p.family == FLY_MMA_SYNC && a.vec >= 2 && b.vec >= 2;
  // cp.async keeps two tiles in flight while the third is multiplied: 3 x (BM + BN) x BK
  // 16-bit elements, 48 KiB at 128 x 128 x 32, the static shared memory a block may have.
  p.stages = p.cpAsync ? 3 : 2;
  return p;
}

} // namespace fly::kernels
