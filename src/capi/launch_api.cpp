//===- launch_api.cpp - Launching compiled kernels: arguments, devices, prepared launches -===//
//
// A Launcher binds one kernel of a compiled module to its parameters once: the slot layout of
// its arguments, the cpu entry or the CUDA function per device, and the data pointers already
// found to be device memory. fly_launch keeps one per kernel in the compiled module;
// fly_prepare_launch hands one to the caller, whose repeated launches then only check and
// write argument values and call the driver.
//
//===-------------------------------------------------------------------------------------===//

#include "capi/compiled.h"
#include "runtime/cpu/cpu_launch.h"
#include "runtime/cuda/cuda_driver.h"
#include "runtime/cuda/cuda_module.h"
#include "runtime/cuda/tma_descriptors.h"
#include "runtime/gpu/tma_box.h"
#include "runtime/hip/hip_module.h"

#include "capi/dlpack_args.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <type_traits>

using namespace fly;
using namespace fly::capi;

namespace {

uint16_t toHalfBits(float f, bool bf16) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if (bf16) {
    if ((x & 0x7fffffff) > 0x7f800000)
      return uint16_t((x >> 16) | 0x40);
    return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
  }
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift, rest = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exp) << 10) | (mant >> 13), rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return uint16_t(half);
}

// A scalar parameter's float type: significant bits (the implicit one
// included), the exponent of its smallest normal value as std::frexp counts it,
// and its largest value.
struct FloatFormat {
  int bits;
  int minExp;
  double largest;
};

FloatFormat floatFormat(ir::DType d) {
  switch (d) {
  case ir::DType::F64:
    return {53, -1021, std::numeric_limits<double>::max()};
  case ir::DType::F16:
    return {11, -13, 65504.0};
  case ir::DType::BF16:
    return {8, -125, 3.3895313892515355e38};
  default:
    return {24, -125, double(std::numeric_limits<float>::max())};
  }
}

// v rounded once, to nearest with ties to even, onto format f's grid
// (subnormals included), so the narrowing casts that follow are exact.
// Narrowing a double to float and then to half would round twice and can land
// one step from the nearest half.
double roundedTo(double v, FloatFormat f) {
  if (!std::isfinite(v) || v == 0)
    return v;
  int e;
  std::frexp(v, &e);
  int quantum = std::max(e, f.minExp) - f.bits;
  return std::ldexp(std::nearbyint(std::ldexp(v, -quantum)), quantum);
}

// An integer rounded once onto format f's grid: through a double first, a
// 64-bit integer would already be rounded to 53 bits, and the second rounding
// can miss the nearest value.
double integerRoundedTo(int64_t i, FloatFormat f) {
  uint64_t m = i < 0 ? 0 - uint64_t(i) : uint64_t(i);
  int length = 0;
  for (uint64_t x = m; x; x >>= 1)
    ++length;
  int extra = length - f.bits;
  if (extra <= 0)
    return double(i);
  uint64_t q = m >> extra, rest = m & ((uint64_t(1) << extra) - 1);
  uint64_t half = uint64_t(1) << (extra - 1);
  if (rest > half || (rest == half && (q & 1)))
    ++q;
  double v = std::ldexp(double(q), extra);
  return i < 0 ? -v : v;
}

// One 8-byte slot per flattened kernel argument, the value in its low bytes; the kernel
// reads each through a pointer to its slot.
struct Slots {
  std::vector<uint64_t> values;
  std::vector<int> claimedDevices; // per tensor, the DLPack device id
  template <class T> void push(T v) {
    uint64_t s = 0;
    std::memcpy(&s, &v, sizeof(T));
    values.push_back(s);
  }
};

/// "argument i", for messages: made only when one is (a launch is too short for strings).
std::string argumentName(size_t i) { return "argument " + std::to_string(i); }

void packScalar(Slots &p, const ir::Param &param, const fly_arg_t &a, size_t i) {
  auto where = [i] { return argumentName(i); };
  ir::DType d = param.dtype;
  if (a.kind != FLY_ARG_INT && a.kind != FLY_ARG_FLOAT)
    fail(FLY_ERROR_LAUNCH,
         where() + " is a tensor where the kernel takes a scalar " + ir::dtypeName(d));
  if (ir::isFloat(d)) {
    FloatFormat f = floatFormat(d);
    double v = a.kind == FLY_ARG_INT ? integerRoundedTo(a.i, f) : roundedTo(a.f, f);
    // A finite value past the type's largest would arrive as infinity.
    if (std::isfinite(v) && std::fabs(v) > f.largest)
      fail(FLY_ERROR_LAUNCH, where() + ": " + std::to_string(v) + " does not fit " +
                                 ir::dtypeName(d) + " (it would become infinity)");
    if (d == ir::DType::F64)
      p.push(v);
    else if (d == ir::DType::F32)
      p.push(float(v));
    else
      p.push(toHalfBits(float(v), d == ir::DType::BF16));
    return;
  }
  if (a.kind != FLY_ARG_INT)
    fail(FLY_ERROR_LAUNCH, where() + " is a float where the kernel takes " + ir::dtypeName(d));
  int bits = ir::bitWidth(d);
  if (bits < 64) {
    // Signed, as the kernel reads it: 2^31 for an i32 would arrive as -2^31.
    int64_t lo = bits == 1 ? 0 : -(int64_t(1) << (bits - 1));
    int64_t hi = bits == 1 ? 1 : (int64_t(1) << (bits - 1)) - 1;
    if (a.i < lo || a.i > hi)
      fail(FLY_ERROR_LAUNCH, where() + ": " + std::to_string(a.i) + " does not fit " +
                                 ir::dtypeName(d) + " (" + std::to_string(lo) + ".." +
                                 std::to_string(hi) + ")");
  }
  switch (bits) {
  case 8:
    p.push(int8_t(a.i));
    break;
  case 16:
    p.push(int16_t(a.i));
    break;
  case 32:
    p.push(int32_t(a.i));
    break;
  default:
    p.push(a.i);
  }
}

void checkDevice(const DLTensor *t, const std::string &target, size_t i) {
  int type = t->device.device_type;
  bool host = type == kDLCPU || type == kDLCUDAHost || type == kDLROCMHost;
  const char *needs = target == "cpu"    ? (host ? nullptr : "host memory")
                      : target == "cuda" ? (type == kDLCUDA ? nullptr : "kDLCUDA device memory")
                                         : (type == kDLROCM ? nullptr : "kDLROCM device memory");
  if (needs)
    fail(FLY_ERROR_LAUNCH, argumentName(i) + ": the tensor is on device type " +
                               std::to_string(type) + ", the " + target + " target needs " + needs);
}

// With compileOnly the device is not checked: compiling for a GPU on a machine without one
// passes host tensors.
void packTensor(Slots &p, const ir::Param &param, const fly_arg_t &a, size_t i,
                const std::string &target, bool compileOnly) {
  const DLTensor *t = tensorOf(a, i);
  auto where = [i] { return argumentName(i); };
  if (!compileOnly)
    checkDevice(t, target, i);
  if (!dtypeMatches(param.dtype, t->dtype))
    fail(FLY_ERROR_LAUNCH, where() + ": the kernel takes " + ir::dtypeName(param.dtype) +
                               ", the tensor holds " + dlTypeName(t->dtype));
  if (t->ndim != param.rank)
    fail(FLY_ERROR_LAUNCH, where() + ": the kernel takes a tensor of rank " +
                               std::to_string(param.rank) + ", got rank " +
                               std::to_string(t->ndim));
  p.claimedDevices.push_back(t->device.device_id);
  p.push(static_cast<char *>(t->data) + t->byte_offset);
  for (int m = 0; m < t->ndim; ++m) {
    if (t->shape[m] < 0)
      fail(FLY_ERROR_LAUNCH, where() + ": negative extent");
    p.push(int64_t(t->shape[m]));
  }
  // DLPack: no strides means compact row-major.
  for (int m = 0; m < t->ndim; ++m) {
    int64_t stride = 1;
    if (t->strides)
      stride = t->strides[m];
    else
      for (int n = m + 1; n < t->ndim; ++n)
        stride *= t->shape[n];
    p.push(stride);
  }
}

// The two GPU runtimes, which have the same shape, as the launcher sees them.
struct Cuda {
  using Driver = runtime::cuda::Driver;
  using Module = runtime::cuda::LoadedModule;
  using Bound = runtime::cuda::BoundKernel;
  static constexpr const char *kMemory = "CUDA device memory";
  static constexpr const char *kDLPackDevice = "kDLCUDA";
  static int deviceOfPointer(const void *p) { return runtime::cuda::deviceOfPointer(p); }
};
struct Hip {
  using Driver = runtime::hip::Driver;
  using Module = runtime::hip::LoadedModule;
  using Bound = runtime::hip::BoundKernel;
  static constexpr const char *kMemory = "HIP device memory";
  static constexpr const char *kDLPackDevice = "kDLROCM";
  static int deviceOfPointer(const void *p) { return runtime::hip::deviceOfPointer(p); }
};

} // namespace

namespace fly::capi {

class Launcher {
public:
  Launcher(const fly_compiled &c, const std::string &name) : name_(name), target_(c.target) {
    auto sig = c.signatures.find(name);
    info_ = c.code->artifact.kernel(name);
    if (sig == c.signatures.end() || !info_)
      fail(FLY_ERROR_INVALID_ARGUMENT, "no kernel named '" + name + "'");
    code_ = c.code;
    params_ = sig->second;
    waveSize_ = c.waveSize;
    std::map<size_t, size_t> firstSlot; // of each tensor parameter
    for (size_t i = 0; i < params_.size(); ++i) {
      const ir::Param &p = params_[i];
      if (p.kind == ir::Param::Kind::TmaDescriptor) {
        tmaParams_.push_back(i);
        continue;
      }
      ++argCount_;
      if (p.kind == ir::Param::Kind::Tensor) {
        tensorParams_.push_back(i);
        tensorSlots_.push_back(slotCount_);
        firstSlot[i] = slotCount_;
        slotCount_ += 1 + 2 * size_t(p.rank);
      } else {
        ++slotCount_;
      }
    }
    // A descriptor names a tensor parameter with a stride-1 mode and a box extent per mode (the
    // builder made it so; a signature read from a damaged cache entry may not be).
    for (size_t i : tmaParams_) {
      const ir::Param &d = params_[i];
      auto tensor = firstSlot.find(size_t(d.tensor));
      const ir::Param *t = tensor == firstSlot.end() ? nullptr : &params_[tensor->first];
      bool ok = t && t->rank == d.rank && d.rank <= runtime::gpu::kTmaMaxRank &&
                int(d.box.size()) == d.rank && int(t->spec.stride.size()) == t->rank &&
                std::count(t->spec.stride.begin(), t->spec.stride.end(), 1) > 0;
      if (!ok)
        fail(FLY_ERROR_INVALID_ARGUMENT,
             "kernel '" + name + "': a TMA descriptor parameter does not describe a tensor");
      tmaTensorSlots_.push_back(tensor->second);
    }
    verified_.assign(tensorSlots_.size(), {0, -1});
    if (code_->cpu)
      entry_ = code_->cpu->entry(name);
  }

  size_t slotCount() const { return slotCount_; }

  void launch(const fly_launch_config_t &config, const fly_arg_t *args, size_t n) {
    if (n != argCount_)
      fail(FLY_ERROR_LAUNCH, "kernel '" + name_ + "' takes " + std::to_string(argCount_) +
                                 " arguments, got " + std::to_string(n));
    if (n && !args)
      fail(FLY_ERROR_INVALID_ARGUMENT, "args is NULL");
    bool checkOnly = compileOnly();
    Slots packed;
    packed.values.reserve(slotCount_);
    for (size_t i = 0; i < n; ++i) {
      if (params_[i].kind == ir::Param::Kind::Tensor)
        packTensor(packed, params_[i], args[i], i, target_, checkOnly);
      else
        packScalar(packed, params_[i], args[i], i);
    }
    if (!checkOnly)
      launchSlots(config, packed.values.data(), packed.values.size(), packed.claimedDevices.data());
  }

  /// `claimed`: per tensor, the device its DLPack descriptor names (nullptr: none named).
  void launchSlots(const fly_launch_config_t &config, const uint64_t *slots, size_t n,
                   const int *claimed = nullptr) {
    if (n != slotCount_)
      fail(FLY_ERROR_LAUNCH, "kernel '" + name_ + "' takes " + std::to_string(slotCount_) +
                                 " argument slots, got " + std::to_string(n));
    if (n && !slots)
      fail(FLY_ERROR_INVALID_ARGUMENT, "slots is NULL");
    checkTensorSlots(slots);
    if (compileOnly())
      return;
    // TMA descriptors follow the caller's slots: the cpu kernel reads the box itself, a CUDA
    // kernel the tensor map in device memory (filled in by launchGpu).
    std::vector<runtime::gpu::TmaBox> boxes = tmaBoxes(slots);
    std::vector<uint64_t> withHidden;
    if (!boxes.empty()) {
      withHidden.assign(slots, slots + n);
      for (auto &b : boxes)
        withHidden.push_back(reinterpret_cast<uintptr_t>(&b));
      slots = withHidden.data();
      n = withHidden.size();
    }
    // The driver reads each argument through a pointer to its slot.
    void *small[64];
    std::vector<void *> large;
    void **pointers = small;
    if (n > std::size(small)) {
      large.resize(n);
      pointers = large.data();
    }
    for (size_t i = 0; i < n; ++i)
      pointers[i] = const_cast<uint64_t *>(slots + i);
    if (code_->cuda)
      return launchGpu<Cuda>(*code_->cuda, config, slots, pointers, claimed, boxes);
    if (code_->hip)
      return launchGpu<Hip>(*code_->hip, config, slots, pointers, claimed, boxes);
    runtime::cpu::Geometry g{};
    for (int d = 0; d < 3; ++d) {
      g.grid[d] = config.grid[d];
      g.block[d] = config.block[d];
    }
    g.staticSharedBytes = info_->staticSharedBytes;
    g.dynamicSharedBytes = std::max<uint64_t>(config.dynamic_smem, info_->dynamicArenaBytes);
    g.waveSize = waveSize_;
    g.collectives = info_->usesCollectives;
    static const bool guardShared = envFlag("FLYDSL_CPU_GUARD_SHARED", false);
    g.guardShared = guardShared;
    try {
      runtime::cpu::launch(entry_, pointers, g);
    } catch (const runtime::cpu::LaunchError &e) {
      fail(FLY_ERROR_LAUNCH, "kernel '" + name_ + "': " + e.what());
    }
  }

private:
  // The boxes of the kernel's TMA descriptors, read from their tensors' slots.
  std::vector<runtime::gpu::TmaBox> tmaBoxes(const uint64_t *slots) const {
    std::vector<runtime::gpu::TmaBox> boxes;
    for (size_t j = 0; j < tmaParams_.size(); ++j) {
      const ir::Param &d = params_[tmaParams_[j]];
      const ir::Param &t = params_[size_t(d.tensor)];
      const uint64_t *s = slots + tmaTensorSlots_[j];
      runtime::gpu::TmaBox b{};
      b.data = reinterpret_cast<const void *>(s[0]);
      b.rank = t.rank;
      b.elementBytes = ir::bitWidth(t.dtype) / 8;
      b.swizzleBytes = d.swizzleBytes;
      // The first mode of static stride 1 (as the builder chose it), then the others.
      int contiguous =
          int(std::find(t.spec.stride.begin(), t.spec.stride.end(), 1) - t.spec.stride.begin());
      std::vector<int> order{contiguous};
      for (int m = 0; m < t.rank; ++m)
        if (m != contiguous)
          order.push_back(m);
      for (int i = 0; i < t.rank; ++i) {
        int m = order[i];
        b.extent[i] = s[1 + m];
        b.box[i] = uint32_t(d.box[m]);
        uint64_t stride = s[1 + t.rank + m] * uint64_t(b.elementBytes);
        // A mode of extent 1 never moves along its stride, which may be anything.
        if (i > 0 && b.extent[i] <= 1)
          stride = (b.strideBytes[i - 1] * std::max<uint64_t>(b.extent[i - 1], 1) + 15) / 16 * 16;
        b.strideBytes[i] = i == 0 ? uint64_t(b.elementBytes) : stride;
      }
      std::string why = runtime::gpu::checkTmaBox(b);
      if (!why.empty())
        fail(FLY_ERROR_LAUNCH, "argument " + std::to_string(d.tensor) + " (copied by TMA): " + why);
      boxes.push_back(b);
    }
    return boxes;
  }

  // Extents are not negative; a data pointer is NULL only for a tensor with no elements.
  void checkTensorSlots(const uint64_t *slots) const {
    for (size_t t = 0; t < tensorSlots_.size(); ++t) {
      size_t first = tensorSlots_[t];
      bool empty = false;
      for (int m = 0; m < params_[tensorParams_[t]].rank; ++m) {
        auto extent = int64_t(slots[first + 1 + m]);
        if (extent < 0)
          fail(FLY_ERROR_LAUNCH, tensorName(t) + ": negative extent");
        empty |= extent == 0;
      }
      if (!slots[first] && !empty)
        fail(FLY_ERROR_LAUNCH, tensorName(t) + ": the tensor's data pointer is NULL");
      checkSpec(t, slots + first);
    }
  }

  // What the kernel was compiled to assume of the tensor (static extents and strides, the
  // alignment of its pointer and dynamic strides) must hold, or its code reads wrong memory.
  void checkSpec(size_t t, const uint64_t *slots) const {
    const ir::Param &p = params_[tensorParams_[t]];
    const ir::TensorSpec &spec = p.spec;
    if (spec.shape.empty() && spec.stride.empty() && spec.alignBytes == 0)
      return;
    int64_t elem = ir::bitWidth(p.dtype) / 8;
    auto compiledFor = [&](const std::string &what) {
      fail(FLY_ERROR_LAUNCH, tensorName(t) + ": the kernel was compiled for " + what +
                                 "; this tensor differs (a new signature needs a new compile)");
    };
    for (int m = 0; m < p.rank; ++m) {
      auto extent = int64_t(slots[1 + m]), stride = int64_t(slots[1 + p.rank + m]);
      if (!spec.shape.empty() && spec.shape[m] != ir::kDynamic && spec.shape[m] != extent)
        compiledFor("extent " + std::to_string(spec.shape[m]) + " in mode " + std::to_string(m) +
                    ", got " + std::to_string(extent));
      bool staticStride = !spec.stride.empty() && spec.stride[m] != ir::kDynamic;
      // A mode of extent 0 or 1 never moves along its stride.
      if (extent <= 1)
        continue;
      if (staticStride && spec.stride[m] != stride)
        compiledFor("stride " + std::to_string(spec.stride[m]) + " in mode " + std::to_string(m) +
                    ", got " + std::to_string(stride));
      if (!staticStride && spec.alignBytes && (stride * elem) % spec.alignBytes != 0)
        compiledFor("strides that are multiples of " + std::to_string(spec.alignBytes) +
                    " bytes, got " + std::to_string(stride) + " elements in mode " +
                    std::to_string(m));
    }
    if (spec.alignBytes && slots[0] % uint64_t(spec.alignBytes) != 0)
      compiledFor("a " + std::to_string(spec.alignBytes) + "-byte aligned data pointer");
  }

  std::string tensorName(size_t tensor) const {
    return "argument " + std::to_string(tensorParams_[tensor]);
  }

  // All tensors on one GPU, each one's data really device memory there: checked with the
  // runtime once per data pointer (the last one per argument is remembered).
  template <class Rt> int gpuDevice(const uint64_t *slots, const int *claimed) {
    int device = -1;
    for (size_t t = 0; t < tensorSlots_.size(); ++t) {
      uint64_t data = slots[tensorSlots_[t]];
      if (!data)
        continue;
      int actual;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        actual = verified_[t].first == data ? verified_[t].second : -2;
      }
      if (actual == -2) {
        actual = Rt::deviceOfPointer(reinterpret_cast<const void *>(data));
        if (actual >= 0) {
          std::lock_guard<std::mutex> lock(mutex_);
          verified_[t] = {data, actual};
        }
      }
      if (actual < 0)
        fail(FLY_ERROR_LAUNCH, tensorName(t) + ": its data is not " + Rt::kMemory);
      if (claimed && claimed[t] != actual)
        fail(FLY_ERROR_LAUNCH, tensorName(t) + " says " + Rt::kDLPackDevice + " device " +
                                   std::to_string(claimed[t]) + " but its data is on device " +
                                   std::to_string(actual));
      if (device >= 0 && actual != device)
        fail(FLY_ERROR_LAUNCH, tensorName(t) + " is on device " + std::to_string(actual) +
                                   ", the others on device " + std::to_string(device));
      device = actual;
    }
    return device < 0 ? 0 : device;
  }

  template <class Rt>
  void launchGpu(typename Rt::Module &module, const fly_launch_config_t &config,
                 const uint64_t *slots, void **pointers, const int *claimed,
                 const std::vector<runtime::gpu::TmaBox> &boxes) {
    try {
      Rt::Driver::require(); // first: without a runtime no pointer can be device memory
      int device = gpuDevice<Rt>(slots, claimed);
      void *k;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        k = bound_[device];
      }
      if (!k) {
        k = &module.bind(device, name_);
        std::lock_guard<std::mutex> lock(mutex_);
        bound_[device] = k;
      }
      runtime::gpu::Launch l{};
      for (int d = 0; d < 3; ++d) {
        l.grid[d] = config.grid[d];
        l.block[d] = config.block[d];
      }
      l.dynamicSharedBytes = std::max<uint64_t>(config.dynamic_smem, info_->dynamicArenaBytes) +
                             info_->dynamicSharedPad;
      l.stream = config.stream;
      if (!boxes.empty()) {
        if constexpr (std::is_same_v<Rt, Cuda>) {
          // Hidden slots, one per descriptor, end the slots: point them at device copies.
          auto &bound = *static_cast<typename Rt::Bound *>(k);
          const auto &d = Rt::Driver::require();
          d.check(d.cuCtxSetCurrent(bound.context), "cuCtxSetCurrent");
          size_t first = slotCount_;
          for (size_t j = 0; j < boxes.size(); ++j)
            const_cast<uint64_t *>(slots)[first + j] =
                runtime::cuda::tmaDescriptor(d, bound.context, boxes[j]);
        } else {
          fail(FLY_ERROR_LAUNCH, "kernel '" + name_ + "': TMA descriptors are NVIDIA's");
        }
      }
      Rt::Module::launch(*static_cast<typename Rt::Bound *>(k), l, pointers);
    } catch (const runtime::gpu::GpuError &e) {
      fail(FLY_ERROR_LAUNCH, "kernel '" + name_ + "': " + e.what());
    }
  }

  std::shared_ptr<const CompiledCode> code_;
  std::string name_, target_;
  std::vector<ir::Param> params_;
  const compiler::KernelInfo *info_ = nullptr;
  int waveSize_ = 64;
  size_t slotCount_ = 0;
  size_t argCount_ = 0;                // parameters the caller passes (not TMA descriptors)
  std::vector<size_t> tmaParams_;      // the parameter index of each TMA descriptor
  std::vector<size_t> tmaTensorSlots_; // the first slot of its tensor
  std::vector<size_t> tensorParams_;   // the parameter index of each tensor argument
  std::vector<size_t> tensorSlots_;    // its first slot
  runtime::cpu::KernelEntry entry_{};
  std::mutex mutex_;
  std::vector<std::pair<uint64_t, int>> verified_;
  std::map<int, void *> bound_; // the runtime's BoundKernel per device
};

} // namespace fly::capi

struct fly_prepared {
  std::unique_ptr<Launcher> launcher;
};

fly_compiled::fly_compiled() = default;
fly_compiled::~fly_compiled() = default;

void fly::capi::releaseLaunchers(fly_compiled &c) {
  std::lock_guard<std::mutex> lock(c.launchersMutex);
  c.launchers.clear();
}

namespace {

const fly_launch_config_t &configOf(const fly_launch_config_t *config) {
  if (!config)
    fail(FLY_ERROR_INVALID_ARGUMENT, "launch config is NULL");
  if (config->struct_size < sizeof(fly_launch_config_t))
    fail(FLY_ERROR_INVALID_ARGUMENT, "fly_launch_config_t.struct_size is not set");
  return *config;
}

Launcher &launcherOf(fly_prepared_t *p) {
  return *fromHandle<fly_prepared>(p, HandleKind::Prepared, "prepared")->launcher;
}

} // namespace

extern "C" {

fly_status fly_launch(const fly_compiled_t *compiled, const char *name,
                      const fly_launch_config_t *config, const fly_arg_t *args, size_t n_args) {
  return guard([&] {
    fly_compiled *c = compiledOf(compiled);
    if (!name)
      fail(FLY_ERROR_INVALID_ARGUMENT, "kernel name is NULL");
    const fly_launch_config_t &cfg = configOf(config);
    Launcher *l;
    {
      std::lock_guard<std::mutex> lock(c->launchersMutex);
      auto &slot = c->launchers[name];
      if (!slot) {
        try {
          slot = std::make_unique<Launcher>(*c, name);
        } catch (...) {
          c->launchers.erase(name);
          throw;
        }
      }
      l = slot.get();
    }
    l->launch(cfg, args, n_args);
  });
}

fly_status fly_prepare_launch(const fly_compiled_t *compiled, const char *name,
                              fly_prepared_t **out) {
  return guard([&] {
    requireOut(out, "out");
    fly_compiled *c = compiledOf(compiled);
    if (!name)
      fail(FLY_ERROR_INVALID_ARGUMENT, "kernel name is NULL");
    auto p = std::make_unique<fly_prepared>();
    p->launcher = std::make_unique<Launcher>(*c, name);
    *out = adoptHandle<fly_prepared_t>(HandleKind::Prepared, std::move(p));
  });
}

void fly_prepared_destroy(fly_prepared_t *prepared) {
  delete takeHandle<fly_prepared>(prepared, HandleKind::Prepared);
}

size_t fly_prepared_num_slots(fly_prepared_t *prepared) {
  size_t n = 0;
  guard([&] { n = launcherOf(prepared).slotCount(); });
  return n;
}

fly_status fly_prepared_launch(fly_prepared_t *prepared, const fly_launch_config_t *config,
                               const fly_arg_t *args, size_t n_args) {
  return guard([&] { launcherOf(prepared).launch(configOf(config), args, n_args); });
}

fly_status fly_prepared_launch_slots(fly_prepared_t *prepared, const fly_launch_config_t *config,
                                     const uint64_t *slots, size_t n_slots) {
  return guard([&] { launcherOf(prepared).launchSlots(configOf(config), slots, n_slots); });
}

} // extern "C"
