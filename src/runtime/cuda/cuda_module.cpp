//===- cuda_module.cpp - PTX loaded on a CUDA device and launched ---------===//

#include "runtime/cuda/cuda_module.h"

#include "runtime/gpu/stream_blocks.h"

namespace fly::runtime::cuda {

namespace {

gpu::DeviceLimits readLimits(const Driver &d, CUdevice dev) {
  return gpu::readLimits({kMaxThreadsPerBlock, kMaxBlockDimX, kMaxGridDimX,
                          kMaxSharedMemoryPerBlock, kMaxSharedMemoryPerBlockOptin},
                         [&](int attribute) {
                           int v = 0;
                           d.check(d.cuDeviceGetAttribute(&v, attribute, dev),
                                   "cuDeviceGetAttribute");
                           return int64_t(v);
                         });
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
  per->context = primaryContext(d, device);
  d.check(d.cuCtxSetCurrent(per->context), "cuCtxSetCurrent");
  per->limits = readLimits(d, dev);
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

BoundKernel &LoadedModule::bind(int device, const std::string &name) {
  const Driver &d = Driver::require();
  std::lock_guard<std::mutex> lock(mutex_);
  PerDevice &per = onDevice(d, device);
  auto &k = per.kernels[name];
  if (k)
    return *k;
  auto bound = std::make_unique<BoundKernel>();
  d.check(d.cuCtxSetCurrent(per.context), "cuCtxSetCurrent");
  d.check(d.cuModuleGetFunction(&bound->function, per.module, name.c_str()),
          "cuModuleGetFunction");
  bound->context = per.context;
  bound->device = device;
  bound->limits = per.limits;
  const compiler::KernelInfo *info = art_.kernel(name);
  bound->staticSharedBytes = info ? info->staticSharedBytes : 0;
  bound->dependentLaunch = info && info->dependentLaunch;
  k = std::move(bound);
  return *k;
}

void LoadedModule::launch(BoundKernel &k, const Launch &l, void **args) {
  const Driver &d = Driver::require();
  gpu::checkLaunch(k.limits, l, k.staticSharedBytes);
  d.check(d.cuCtxSetCurrent(k.context), "cuCtxSetCurrent");
  auto stream = static_cast<CUstream>(l.stream);
  // The legacy (1) and per-thread (2) default streams belong to the current context.
  if (reinterpret_cast<uintptr_t>(stream) > 2 && stream != k.checkedStream.load()) {
    CUcontext owner = nullptr;
    d.check(d.cuStreamGetCtx(stream, &owner), "cuStreamGetCtx (reading the stream's device)");
    if (owner != k.context)
      throw DriverError("the stream belongs to another device or context than the tensors' "
                        "device " + std::to_string(k.device));
    k.checkedStream.store(stream);
  }
  // Past the default 48 KiB a kernel must opt in to its dynamic shared memory.
  uint64_t shared = k.staticSharedBytes + l.dynamicSharedBytes;
  if (shared > uint64_t(k.limits.sharedPerBlock) &&
      l.dynamicSharedBytes > k.dynamicSharedOptedIn.load()) {
    d.check(d.cuFuncSetAttribute(k.function, kFuncAttributeMaxDynamicSharedSizeBytes,
                                 int(l.dynamicSharedBytes)),
            "cuFuncSetAttribute");
    k.dynamicSharedOptedIn.store(l.dynamicSharedBytes);
  }
  // A kernel that waits on its grid dependency may start while the stream's previous kernel
  // runs (programmatic dependent launch); a driver without cuLaunchKernelEx runs it after.
  if (k.dependentLaunch && d.cuLaunchKernelEx) {
    LaunchAttribute overlap{};
    overlap.id = kLaunchAttributeProgrammaticStreamSerialization;
    overlap.value.programmaticStreamSerializationAllowed = 1;
    LaunchConfig config{l.grid[0],
                        l.grid[1],
                        l.grid[2],
                        l.block[0],
                        l.block[1],
                        l.block[2],
                        unsigned(l.dynamicSharedBytes),
                        stream,
                        &overlap,
                        1};
    d.check(d.cuLaunchKernelEx(&config, k.function, args, nullptr), "cuLaunchKernelEx");
    return;
  }
  d.check(d.cuLaunchKernel(k.function, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                           l.block[2], unsigned(l.dynamicSharedBytes), stream, args, nullptr),
          "cuLaunchKernel");
}

int deviceOfPointer(const void *p) {
  if (int device = gpu::deviceOfStreamBlock(gpu::Runtime::Cuda, p); device >= 0)
    return device;
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
