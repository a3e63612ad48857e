//===- cuda_module.cpp - PTX loaded on a CUDA device and launched ---------===//

#include "runtime/cuda/cuda_module.h"

namespace fly::runtime::cuda {

namespace {

// The limits read once per device, in the order of PerDevice::limits.
constexpr int kLimitAttributes[] = {
    kMaxThreadsPerBlock, kMaxBlockDimX,     kMaxBlockDimX + 1, kMaxBlockDimX + 2,
    kMaxGridDimX,        kMaxGridDimX + 1,  kMaxGridDimX + 2,  kMaxSharedMemoryPerBlock,
    kMaxSharedMemoryPerBlockOptin};
enum { kThreads, kBlockX, kGridX = 4, kShared = 7, kSharedOptin = 8 };

const Driver &driver() {
  std::string why;
  const Driver *d = Driver::get(why);
  if (!d)
    throw DriverError(why);
  return *d;
}

std::string dims(const uint32_t v[3]) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) +
         ")";
}

} // namespace

LoadedModule::~LoadedModule() {
  std::string why;
  const Driver *d = Driver::get(why);
  for (auto &[device, per] : devices_)
    if (d && per->module && d->cuCtxSetCurrent(per->context) == CUDA_SUCCESS)
      d->cuModuleUnload(per->module);
}

LoadedModule::PerDevice &LoadedModule::onDevice(const Driver &d, int device) {
  auto &slot = devices_[device];
  if (slot)
    return *slot;
  auto per = std::make_unique<PerDevice>();
  CUdevice dev;
  d.check(d.cuDeviceGet(&dev, device), "cuDeviceGet");
  d.check(d.cuDevicePrimaryCtxRetain(&per->context, dev), "cuDevicePrimaryCtxRetain");
  d.check(d.cuCtxSetCurrent(per->context), "cuCtxSetCurrent");
  for (size_t i = 0; i < std::size(kLimitAttributes); ++i)
    d.check(d.cuDeviceGetAttribute(&per->limits[i], kLimitAttributes[i], dev),
            "cuDeviceGetAttribute");
  // The JIT's error log explains a PTX the driver rejects.
  char errorLog[8192] = {}, infoLog[4096] = {};
  int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes, kJitInfoLogBuffer,
                   kJitInfoLogBufferSizeBytes};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof errorLog), infoLog,
                    reinterpret_cast<void *>(sizeof infoLog)};
  CUresult r = d.cuModuleLoadDataEx(&per->module, art_.image.c_str(), 4, options, values);
  if (r != CUDA_SUCCESS) {
    try {
      d.check(r, "cuModuleLoadDataEx (loading the PTX)");
    } catch (const DriverError &e) {
      throw DriverError(std::string(e.what()) + (errorLog[0] ? std::string(": ") + errorLog : ""));
    }
  }
  slot = std::move(per);
  return *slot;
}

void LoadedModule::launch(int device, const std::string &name, const Launch &l, void **args) {
  const Driver &d = driver();
  CUfunction fn;
  int sharedOptin;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    PerDevice &per = onDevice(d, device);
    d.check(d.cuCtxSetCurrent(per.context), "cuCtxSetCurrent");
    const int *lim = per.limits;
    uint64_t threads = uint64_t(l.block[0]) * l.block[1] * l.block[2];
    for (int i = 0; i < 3; ++i) {
      if (l.block[i] == 0 || l.grid[i] == 0)
        throw DriverError("grid " + dims(l.grid) + " and block " + dims(l.block) +
                          " extents must all be at least 1");
      if (l.block[i] > uint32_t(lim[kBlockX + i]) || threads > uint64_t(lim[kThreads]))
        throw DriverError("block " + dims(l.block) + " exceeds the device's limits (" +
                          std::to_string(lim[kThreads]) + " threads, (" +
                          std::to_string(lim[kBlockX]) + "," + std::to_string(lim[kBlockX + 1]) +
                          "," + std::to_string(lim[kBlockX + 2]) + ") per dimension)");
      if (l.grid[i] > uint32_t(lim[kGridX + i]))
        throw DriverError("grid " + dims(l.grid) + " exceeds the device's limits (" +
                          std::to_string(lim[kGridX]) + "," + std::to_string(lim[kGridX + 1]) +
                          "," + std::to_string(lim[kGridX + 2]) + ")");
    }
    const compiler::KernelInfo *info = art_.kernel(name);
    uint64_t shared = (info ? info->staticSharedBytes : 0) + l.dynamicSharedBytes;
    sharedOptin = std::max(lim[kShared], lim[kSharedOptin]);
    if (shared > uint64_t(sharedOptin))
      throw DriverError("shared memory of " + std::to_string(shared) + " bytes exceeds the "
                        "device's " + std::to_string(sharedOptin) + " bytes per block");
    auto it = per.functions.find(name);
    if (it == per.functions.end()) {
      d.check(d.cuModuleGetFunction(&fn, per.module, name.c_str()), "cuModuleGetFunction");
      it = per.functions.emplace(name, fn).first;
    }
    fn = it->second;
    // Past the default 48 KiB a kernel must opt in to its dynamic shared memory.
    int &set = per.dynamicSharedSet[name];
    if (l.dynamicSharedBytes > uint64_t(set) && shared > uint64_t(lim[kShared])) {
      d.check(d.cuFuncSetAttribute(fn, kFuncAttributeMaxDynamicSharedSizeBytes,
                                   int(l.dynamicSharedBytes)),
              "cuFuncSetAttribute");
      set = int(l.dynamicSharedBytes);
    }
  }
  d.check(d.cuLaunchKernel(fn, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                           l.block[2], unsigned(l.dynamicSharedBytes),
                           static_cast<CUstream>(l.stream), args, nullptr),
          "cuLaunchKernel");
}

int deviceOfPointer(const void *p) {
  std::string why;
  const Driver *d = Driver::get(why);
  if (!d)
    return -1;
  unsigned type = 0;
  int ordinal = -1;
  auto ptr = reinterpret_cast<CUdeviceptr>(p);
  if (d->cuPointerGetAttribute(&type, kPointerAttributeMemoryType, ptr) != CUDA_SUCCESS ||
      type != kMemoryTypeDevice)
    return -1;
  if (d->cuPointerGetAttribute(&ordinal, kPointerAttributeDeviceOrdinal, ptr) != CUDA_SUCCESS)
    return -1;
  return ordinal;
}

} // namespace fly::runtime::cuda
