//===- hip_module.cpp - A HSACO code object loaded on a HIP device and launched ------===//

#include "runtime/hip/hip_module.h"

#include "runtime/gpu/stream_blocks.h"

namespace fly::runtime::hip {

namespace {

gpu::DeviceLimits readLimits(const Driver &d, int device) {
  return gpu::readLimits({kMaxThreadsPerBlock, kMaxBlockDimX, kMaxGridDimX,
                          kMaxSharedMemoryPerBlock, kSharedMemPerBlockOptin},
                         [&](int attribute) {
                           int v = 0;
                           d.check(d.hipDeviceGetAttribute(&v, attribute, device),
                                   "hipDeviceGetAttribute");
                           return int64_t(v);
                         });
}

} // namespace

LoadedModule::~LoadedModule() {
  std::string why;
  const Driver *d = Driver::get(why);
  for (auto &[device, per] : devices_)
    if (d && per->module && d->hipSetDevice(device) == hipSuccess)
      d->hipModuleUnload(per->module);
}

BoundKernel &LoadedModule::bind(int device, const std::string &name) {
  const Driver &d = Driver::require();
  std::lock_guard<std::mutex> lock(mutex_);
  auto &per = devices_[device];
  if (!per) {
    auto fresh = std::make_unique<PerDevice>();
    d.check(d.hipSetDevice(device), "hipSetDevice");
    fresh->limits = readLimits(d, device);
    d.check(d.hipModuleLoadData(&fresh->module, art_.image.data()),
            "hipModuleLoadData (loading the code object)");
    per = std::move(fresh);
  }
  auto &k = per->kernels[name];
  if (k)
    return *k;
  auto bound = std::make_unique<BoundKernel>();
  d.check(d.hipModuleGetFunction(&bound->function, per->module, name.c_str()),
          "hipModuleGetFunction");
  bound->device = device;
  bound->limits = per->limits;
  const compiler::KernelInfo *info = art_.kernel(name);
  bound->staticSharedBytes = info ? info->staticSharedBytes : 0;
  k = std::move(bound);
  return *k;
}

void LoadedModule::launch(BoundKernel &k, const gpu::Launch &l, void **args) {
  const Driver &d = Driver::require();
  gpu::checkLaunch(k.limits, l, k.staticSharedBytes);
  d.check(d.hipSetDevice(k.device), "hipSetDevice");
  auto stream = static_cast<hipStream_t>(l.stream);
  if (stream && stream != k.checkedStream.load()) {
    int owner = -1;
    d.check(d.hipStreamGetDevice(stream, &owner),
            "hipStreamGetDevice (reading the stream's device)");
    if (owner != k.device)
      throw DriverError("the stream belongs to device " + std::to_string(owner) +
                        ", the tensors to device " + std::to_string(k.device));
    k.checkedStream.store(stream);
  }
  d.check(d.hipModuleLaunchKernel(k.function, l.grid[0], l.grid[1], l.grid[2], l.block[0],
                                  l.block[1], l.block[2], unsigned(l.dynamicSharedBytes), stream,
                                  args, nullptr),
          "hipModuleLaunchKernel");
}

int deviceOfPointer(const void *p) {
  if (int device = gpu::deviceOfStreamBlock(gpu::Runtime::Hip, p); device >= 0)
    return device;
  std::string why;
  const Driver *d = Driver::get(why);
  if (!d)
    return -1;
  unsigned type = 0;
  int ordinal = -1;
  void *ptr = const_cast<void *>(p);
  if (d->hipPointerGetAttribute(&type, kPointerAttributeMemoryType, ptr) != hipSuccess ||
      type != kMemoryTypeDevice)
    return -1;
  if (d->hipPointerGetAttribute(&ordinal, kPointerAttributeDeviceOrdinal, ptr) != hipSuccess)
    return -1;
  return ordinal;
}

} // namespace fly::runtime::hip
