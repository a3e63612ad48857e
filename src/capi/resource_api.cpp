//===- resource_api.cpp - Registers, shared memory and occupancy of a compiled kernel ---===//

#include "capi/compiled.h"
#include "compiler/compiler.h"
#include "compiler/resource_usage.h"
#include "runtime/cuda/cuda_driver.h"

#include <algorithm>

using namespace fly;
using namespace fly::capi;

namespace {

/// Warps of `threads`-thread blocks resident on one SM of an sm_80/sm_90 GPU: 64 K registers
/// (allocated 256 a warp), 64 warps and 32 blocks at most, and the SM's shared memory.
int nvidiaWarpsPerSm(int registers, int64_t sharedBytes, int threads, const std::string &arch) {
  int warpsPerBlock = std::max(1, (threads + 31) / 32);
  int perWarp = std::max(256, (registers * 32 + 255) / 256 * 256);
  int blocks = std::min(32, 65536 / perWarp / warpsPerBlock);
  int64_t smem = arch >= "sm_90" ? 228 * 1024 : 164 * 1024;
  if (sharedBytes > 0) // each block also reserves 1 KiB
    blocks = int(std::min<int64_t>(blocks, smem / (sharedBytes + 1024)));
  return std::min(64, blocks * warpsPerBlock);
}

void checkOut(const char *kernel, int blockThreads, fly_resource_usage_t *out) {
  requireOut(out, "out");
  if (out->struct_size < sizeof(fly_resource_usage_t))
    fail(FLY_ERROR_INVALID_ARGUMENT, "fly_resource_usage_t.struct_size is not set");
  if (!kernel)
    fail(FLY_ERROR_INVALID_ARGUMENT, "kernel is NULL");
  if (blockThreads < 0)
    fail(FLY_ERROR_INVALID_ARGUMENT, "block_threads must be >= 0");
}

fly_resource_usage_t amdUsage(const std::string &image, const char *kernel, const std::string &arch,
                              int blockThreads) {
  compiler::ResourceUsage u;
  try {
    u = compiler::amdResourceUsage(image, kernel);
  } catch (const compiler::CompileError &e) {
    fail(FLY_ERROR_INVALID_ARGUMENT, e.what());
  }
  fly_resource_usage_t r = {sizeof(r), u.vgprs, u.agprs, u.sgprs, u.sharedBytes, u.scratchBytes, 0};
  r.occupancy = compiler::amdWavesPerSimd(u, arch, blockThreads ? blockThreads : u.maxThreads);
  return r;
}

} // namespace

fly_status fly_code_object_resource_usage(const void *hsaco, size_t size, const char *kernel,
                                          const char *arch, int block_threads,
                                          fly_resource_usage_t *out) {
  return guard([&] {
    checkOut(kernel, block_threads, out);
    if (!hsaco || !arch)
      fail(FLY_ERROR_INVALID_ARGUMENT, "hsaco and arch must not be NULL");
    if (std::string(arch).rfind("gfx9", 0) != 0)
      fail(FLY_ERROR_UNSUPPORTED, std::string("occupancy is known for gfx9 archs, not ") + arch);
    *out =
        amdUsage(std::string(static_cast<const char *>(hsaco), size), kernel, arch, block_threads);
  });
}

fly_status fly_compiled_resource_usage(const fly_compiled_t *compiled, const char *kernel,
                                       int block_threads, fly_resource_usage_t *out) {
  return guard([&] {
    const fly_compiled *c = compiledOf(compiled);
    checkOut(kernel, block_threads, out);
    if (!c->code->artifact.kernel(kernel))
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("the compiled module has no kernel named '") + kernel + "'");
    fly_resource_usage_t r = {sizeof(r), 0, 0, 0, 0, 0, 0};
    if (c->target == "rocm") {
      r = amdUsage(c->code->artifact.image, kernel, c->arch, block_threads);
    } else if (c->target == "cuda") {
      try {
        const runtime::cuda::Driver &d = runtime::cuda::Driver::require();
        runtime::cuda::BoundKernel &k = c->code->cuda->bind(0, kernel);
        int regs = 0, shared = 0, local = 0, maxThreads = 0;
        d.check(d.cuFuncGetAttribute(&regs, runtime::cuda::kFuncAttributeNumRegs, k.function),
                "cuFuncGetAttribute");
        d.check(
            d.cuFuncGetAttribute(&shared, runtime::cuda::kFuncAttributeSharedSizeBytes, k.function),
            "cuFuncGetAttribute");
        d.check(
            d.cuFuncGetAttribute(&local, runtime::cuda::kFuncAttributeLocalSizeBytes, k.function),
            "cuFuncGetAttribute");
        d.check(d.cuFuncGetAttribute(&maxThreads, 0, k.function), "cuFuncGetAttribute");
        r.registers = regs;
        r.shared_bytes = shared;
        r.scratch_bytes = local;
        r.occupancy =
            nvidiaWarpsPerSm(regs, shared, block_threads ? block_threads : maxThreads, c->arch);
      } catch (const runtime::cuda::DriverError &e) {
        fail(FLY_ERROR_UNSUPPORTED,
             std::string("a cuda kernel's resources come from the driver: ") + e.what());
      }
    } else {
      fail(FLY_ERROR_UNSUPPORTED, "the cpu target has no registers or occupancy to report; "
                                  "compile for rocm or cuda");
    }
    *out = r;
  });
}

namespace {
/// Checks target and arch as a pair; the total or the static capacity of the pair.
fly_status sharedMemoryCapacity(const char *target, const char *arch, int64_t *bytes, bool total) {
  return guard([&] {
    requireOut(bytes, "bytes");
    if (!target || !arch)
      fail(FLY_ERROR_INVALID_ARGUMENT, "target and arch must not be NULL");
    std::string t = target, a = arch;
    if (t != "rocm" && t != "cuda" && t != "cpu")
      fail(FLY_ERROR_INVALID_ARGUMENT, "unknown target '" + t + "' (expected rocm, cuda or cpu)");
    bool amd = a.rfind("gfx", 0) == 0, nvidia = a.rfind("sm_", 0) == 0;
    if ((t == "rocm" && !amd) || (t == "cuda" && !nvidia) || (t == "cpu" && !amd && !nvidia))
      fail(FLY_ERROR_INVALID_ARGUMENT,
           "arch '" + a + "' is not an arch of the " + t + " target (expected gfxNNN or sm_NN)");
    *bytes = int64_t(total ? compiler::totalSharedCapacity(t, a) : compiler::sharedCapacity(t, a));
  });
}
} // namespace

fly_status fly_shared_memory_capacity(const char *target, const char *arch, int64_t *bytes) {
  return sharedMemoryCapacity(target, arch, bytes, false);
}

fly_status fly_shared_memory_capacity_total(const char *target, const char *arch, int64_t *bytes) {
  return sharedMemoryCapacity(target, arch, bytes, true);
}
