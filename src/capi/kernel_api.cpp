//===- kernel_api.cpp - The C API of kernel modules, builders and compiling -------===//
//
// No MLIR here: ir/kernel.h, compiler/compiler.h and runtime/ keep it behind plain C++.
//
//===------------------------------------------------------------------------------===//

#include "capi/compiled.h"
#include "capi/kernel_values.h"
#include "capi/lru_cache.h"
#include "compiler/disk_cache.h"
#include "compiler/llvm_options.h"
#include "ir/kernel_collectives.h"
#include "ir/random.h"
#include "runtime/cuda/cuda_driver.h"
#include "runtime/hip/hip_arch.h"
#include "runtime/hip/hip_driver.h"

#include <dlfcn.h>
#include <dlpack/dlpack.h>
#include <sys/stat.h>

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <strings.h>

using namespace fly;
using namespace fly::capi;

struct fly_kernel {
  ir::Kernel *kernel;
};

// The module owns its kernels; their handles go when the module goes.
struct fly_module {
  std::unique_ptr<ir::Module> module;
  std::deque<fly_kernel> kernels;
  std::vector<fly_kernel_t *> kernelHandles;
};

namespace {

fly_module *moduleOf(fly_module_t *m) {
  return fromHandle<fly_module>(m, HandleKind::Module, "module");
}

fly_kernel *kernelOf(fly_kernel_t *k) {
  return fromHandle<fly_kernel>(k, HandleKind::Kernel, "kernel");
}

void fillOut(const std::vector<ir::Value *> &vs, fly_value_t **out, size_t n) {
  for (size_t i = 0; out && i < n; ++i)
    out[i] = i < vs.size() ? handle(vs[i]) : nullptr;
}

// The version, and the size and time of this library's file: a rebuilt compiler must not reuse
// what an older build of the same version put in the disk cache.
const std::string &buildId() {
  static const std::string id = [] {
    std::string out = FLYDSL_VERSION_STRING;
    Dl_info info;
    struct stat st;
    if (dladdr(reinterpret_cast<void *>(&fly_compile), &info) && info.dli_fname &&
        stat(info.dli_fname, &st) == 0)
      out += "+" + std::to_string(st.st_size) + "." + std::to_string(st.st_mtime);
    return out;
  }();
  return id;
}

compiler::Options resolve(const fly_compile_options_t *o) {
  if (o && o->struct_size < sizeof(size_t))
    fail(FLY_ERROR_INVALID_ARGUMENT, "fly_compile_options_t.struct_size is not set");
  compiler::Options out;
  const char *target = o && o->target ? o->target : env("FLYDSL_COMPILE_BACKEND");
  // Unset: the target of the memory the arguments lie in, so that host arrays run on the cpu
  // target where a GPU is present too.
  bool hasDataDevice = o && o->struct_size >= offsetof(fly_compile_options_t, data_device_type) +
                                                  sizeof(o->data_device_type);
  if (!target && hasDataDevice)
    target = o->data_device_type == kDLCPU    ? "cpu"
             : o->data_device_type == kDLCUDA ? "cuda"
             : o->data_device_type == kDLROCM ? "rocm"
                                              : nullptr;
  // Else the GPU present (CUDA first), else cpu; the arch of that device unless one is
  // given.
  bool cudaPresent = !target && runtime::cuda::deviceCount() > 0;
  bool hipPresent = !target && !cudaPresent && runtime::hip::deviceCount() > 0;
  out.target = target ? target : cudaPresent ? "cuda" : hipPresent ? "rocm" : "cpu";
  const char *arch = o && o->arch ? o->arch : archFromEnvironment();
  if (arch)
    out.arch = arch;
  else if (out.target == "cuda" && runtime::cuda::deviceCount() > 0)
    try {
      out.arch = runtime::cuda::archOf(0);
    } catch (const runtime::cuda::DriverError &e) {
      fail(FLY_ERROR_LAUNCH, std::string("cannot read the CUDA device's arch: ") + e.what());
    }
  else if (out.target == "rocm" && runtime::hip::deviceCount() > 0)
    out.arch = runtime::hip::archFromTopology(runtime::hip::kKfdNodes, 0);
  if (out.arch.empty())
    out.arch = out.target == "cuda" ? "sm_90" : "gfx942";
  out.optLevel = o ? o->opt_level : 2;
  if (out.optLevel < 0 || out.optLevel > 3)
    fail(FLY_ERROR_INVALID_ARGUMENT, "opt_level must be 0..3");
  if (out.target != "cpu" && out.target != "rocm" && out.target != "cuda")
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "unknown target '" + out.target + "' (expected rocm, cuda or cpu)");
  if (out.target != "cpu" && out.arch.rfind(out.target == "rocm" ? "gfx" : "sm_", 0) != 0)
    fail(FLY_ERROR_UNSUPPORTED, "arch '" + out.arch + "' is not an arch of the " + out.target +
                                    " target " +
                                    (out.target == "rocm" ? "(expected gfxNNN, e.g. gfx942)"
                                                          : "(expected sm_NN, e.g. sm_90)"));
  if (envFlag("FLYDSL_DUMP_IR", false)) {
    const char *dir = env("FLYDSL_DUMP_DIR"), *home = env("HOME");
    out.dumpDir = dir ? dir : home ? std::string(home) + "/.flydsl/debug" : ".flydsl/debug";
  }
  bool hasLlvmOptions = o && o->struct_size >= offsetof(fly_compile_options_t, llvm_options) +
                                                   sizeof(o->llvm_options);
  if (hasLlvmOptions && o->llvm_options)
    try {
      out.llvmOptions = compiler::parseLlvmOptions(o->llvm_options);
    } catch (const std::invalid_argument &e) {
      fail(FLY_ERROR_INVALID_ARGUMENT, e.what());
    }
  out.printAfterAll = envFlag("FLYDSL_DEBUG_PRINT_AFTER_ALL", false);
  out.cpuFibers = envFlag("FLYDSL_CPU_FIBERS", false);
  return out;
}

// The in-memory cache: equal IR, target, arch and options share one compiled module. It keeps
// the most recently used modules (FLYDSL_RUNTIME_MEMORY_CACHE_ENTRIES); handles keep theirs
// alive after it lets them go.
std::mutex cacheMutex;
LruCache<std::shared_ptr<const CompiledCode>> &memoryCache() {
  static auto *cache = new LruCache<std::shared_ptr<const CompiledCode>>(
      envCount("FLYDSL_RUNTIME_MEMORY_CACHE_ENTRIES", kDefaultMemoryCacheEntries));
  return *cache;
}

// The disk cache's directory, or empty when it is off.
std::string diskCacheDir() {
  if (!envFlag("FLYDSL_RUNTIME_ENABLE_CACHE", true))
    return "";
  if (const char *dir = env("FLYDSL_RUNTIME_CACHE_DIR"))
    return dir;
  const char *home = env("HOME");
  return home ? std::string(home) + "/.flydsl/cache" : "";
}

// The disk cache, or nullptr when it is off or its directory is not trusted (said once).
std::unique_ptr<compiler::DiskCache> diskCache(const compiler::Options &o) {
  std::string dir = o.dumpDir.empty() ? diskCacheDir() : "";
  if (dir.empty())
    return nullptr;
  uint64_t mb = envCount("FLYDSL_RUNTIME_CACHE_MAX_MB", compiler::kDefaultDiskCacheBytes >> 20);
  auto cache = std::make_unique<compiler::DiskCache>(dir, mb << 20);
  if (cache->refusal().empty())
    return cache;
  warnOnce("cache:" + dir, "the disk cache is off: its directory " + dir + " is not trusted (" +
                               cache->refusal() +
                               "); it must be a directory of this user's that no one else "
                               "can write, or set FLYDSL_RUNTIME_CACHE_DIR");
  return nullptr;
}

// The loaded code of `art`.
void loadCode(CompiledCode &code, const compiler::Options &o) {
  if (o.target == "cpu")
    code.cpu = runtime::cpu::load(code.artifact);
  else if (o.target == "cuda")
    code.cuda = std::make_unique<runtime::cuda::LoadedModule>(code.artifact);
  else
    code.hip = std::make_unique<runtime::hip::LoadedModule>(code.artifact);
}

// The code for `key`, from the disk cache or compiled (and stored there). An entry that parses
// but does not load is removed and rebuilt, so a bad entry costs one compile, not every one.
std::shared_ptr<CompiledCode> buildCode(const std::function<ir::Module &()> &module,
                                        const compiler::Options &o, const std::string &key) {
  std::unique_ptr<compiler::DiskCache> cache = diskCache(o);
  if (cache) {
    if (std::optional<compiler::Artifact> hit = cache->load(key)) {
      auto code = std::make_shared<CompiledCode>();
      code->artifact = std::move(*hit);
      try {
        loadCode(*code, o);
        return code;
      } catch (const std::exception &) {
        cache->remove(key);
      }
    }
  }
  auto code = std::make_shared<CompiledCode>();
  code->artifact = compiler::compile(module(), o);
  if (cache)
    cache->store(key, code->artifact);
  loadCode(*code, o);
  return code;
}

// What besides the module decides the code: target, arch, options and this library's build.
std::string optionsKey(const compiler::Options &o) {
  return o.target + "|" + o.arch + "|" + std::to_string(o.optLevel) +
         (o.cpuFibers ? "|fibers" : "") + "|llvm:" + compiler::llvmOptionsText(o.llvmOptions) +
         "|" + buildId();
}

// The compiled module for `key`: from this process's cache, the disk cache, or compiled from
// `module()`, which is only called then (it may build the module).
std::shared_ptr<const CompiledCode> codeFor(const std::string &key, const compiler::Options &o,
                                            const std::function<ir::Module &()> &module) {
  if (o.dumpDir.empty()) {
    std::lock_guard<std::mutex> lock(cacheMutex);
    if (const auto *hit = memoryCache().find(key))
      return *hit;
  }
  std::shared_ptr<const CompiledCode> code;
  try {
    code = buildCode(module, o, key);
  } catch (const compiler::CompileError &e) {
    fail(FLY_ERROR_COMPILE, e.what());
  } catch (const runtime::cpu::LoadError &e) {
    fail(FLY_ERROR_COMPILE, e.what());
  }
  std::lock_guard<std::mutex> lock(cacheMutex);
  memoryCache().put(key, code);
  return code;
}

// The wave size of the options' arch; an arch without one is unsupported.
int waveOf(const compiler::Options &o) {
  try {
    return compiler::waveSize(o.arch);
  } catch (const compiler::CompileError &e) {
    fail(FLY_ERROR_UNSUPPORTED, e.what());
  }
}

// A new handle on `code`, its kernels' signatures read from `module`, or without one from the
// artifact (which a disk-cache entry carries too, so a keyed hit needs no module). Modules of
// equal IR may differ in what their launches accept (a stride assumed a multiple of 16 bytes
// that no instruction relied on), hence the module's own signatures where there is one.
fly_compiled_t *compiledHandle(const compiler::Options &o, std::shared_ptr<const CompiledCode> code,
                               const ir::Module *module) {
  auto c = std::make_unique<fly_compiled>();
  c->target = o.target;
  c->arch = o.arch;
  c->waveSize = waveOf(o);
  if (module)
    for (auto &k : module->kernels())
      c->signatures[k->name()] = k->params();
  else
    for (auto &k : code->artifact.kernels)
      c->signatures[k.name] = k.params;
  c->code = std::move(code);
  return adoptHandle<fly_compiled_t>(HandleKind::Compiled, std::move(c));
}

} // namespace

namespace fly::capi {

ir::Kernel *kernelOrNull(fly_kernel_t *k) {
  ir::Kernel *out = nullptr;
  guard([&] { out = kernelOf(k)->kernel; });
  return out;
}

std::vector<ir::Value *> values(fly_value_t *const *vs, size_t n) {
  std::vector<ir::Value *> out;
  for (size_t i = 0; vs && i < n; ++i)
    out.push_back(val(vs[i]));
  if (!vs && n)
    out.assign(n, nullptr); // reported by the builder as NULL values
  return out;
}

ir::DType dtypeArg(int d, bool &ok) {
  ok = ir::isValidDType(d);
  return ok ? static_cast<ir::DType>(d) : ir::DType::I32;
}

} // namespace fly::capi

extern "C" {

fly_status fly_module_create(fly_module_t **out) {
  return guard([&] {
    requireOut(out, "out");
    auto m = std::make_unique<fly_module>();
    m->module = std::make_unique<ir::Module>();
    *out = adoptHandle<fly_module_t>(HandleKind::Module, std::move(m));
  });
}

void fly_module_destroy(fly_module_t *module) {
  std::unique_ptr<fly_module> m(takeHandle<fly_module>(module, HandleKind::Module));
  if (!m)
    return;
  for (fly_kernel_t *k : m->kernelHandles)
    removeHandle(reinterpret_cast<uintptr_t>(k), HandleKind::Kernel);
}

fly_status fly_module_to_string(fly_module_t *module, char **text) {
  return guard([&] {
    requireOut(text, "text");
    *text = copyString(moduleOf(module)->module->str());
  });
}

fly_status fly_module_parse(const char *text, fly_module_t **out) {
  return guard([&] {
    requireOut(out, "out");
    if (!text)
      fail(FLY_ERROR_INVALID_ARGUMENT, "the module text is NULL");
    std::string error;
    auto m = std::make_unique<fly_module>();
    m->module = ir::Module::parse(text, error);
    if (!m->module)
      fail(FLY_ERROR_INVALID_ARGUMENT, error);
    *out = adoptHandle<fly_module_t>(HandleKind::Module, std::move(m));
  });
}

fly_status fly_pass_pipeline_check(const char *pipeline) {
  return guard([&] {
    if (!pipeline)
      fail(FLY_ERROR_INVALID_ARGUMENT, "the pass pipeline is NULL");
    try {
      compiler::checkPassPipeline(pipeline);
    } catch (const compiler::PipelineError &e) {
      fail(FLY_ERROR_INVALID_ARGUMENT, e.what());
    }
  });
}

fly_status fly_module_run_passes(fly_module_t *module, const char *pipeline) {
  return guard([&] {
    fly_module *m = moduleOf(module);
    if (!pipeline)
      fail(FLY_ERROR_INVALID_ARGUMENT, "the pass pipeline is NULL");
    try {
      compiler::runPassPipeline(*m->module, pipeline);
    } catch (const compiler::PipelineError &e) {
      fail(FLY_ERROR_INVALID_ARGUMENT, e.what());
    } catch (const compiler::CompileError &e) {
      fail(FLY_ERROR_COMPILE, e.what());
    }
  });
}

fly_status fly_kernel_create(fly_module_t *module, const char *name, fly_kernel_t **out) {
  return guard([&] {
    requireOut(out, "out");
    fly_module *m = moduleOf(module);
    if (!name)
      fail(FLY_ERROR_INVALID_ARGUMENT, "kernel name is NULL");
    std::string error;
    ir::Kernel *k = m->module->addKernel(name, error);
    if (!k)
      fail(FLY_ERROR_INVALID_ARGUMENT, error);
    m->kernels.push_back(fly_kernel{k});
    m->kernelHandles.reserve(m->kernelHandles.size() + 1);
    *out = toHandle<fly_kernel_t>(HandleKind::Kernel, &m->kernels.back());
    m->kernelHandles.push_back(*out);
  });
}

fly_status fly_kernel_finish(fly_kernel_t *kernel) {
  return guard([&] {
    ir::Kernel *k = kernelOf(kernel)->kernel;
    k->finish();
    if (!k->error().empty())
      fail(FLY_ERROR_COMPILE, k->error());
  });
}

const char *fly_kernel_error(fly_kernel_t *kernel) {
  ir::Kernel *k = kernelOrNull(kernel);
  return k && !k->error().empty() ? k->error().c_str() : nullptr;
}

fly_value_t *fly_kernel_tensor_param(fly_kernel_t *k, int dtype, int rank) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return ok ? handle(K->tensorParam(d, rank)) : handle(K->tensorParam(ir::DType::Index, 0));
}

fly_value_t *fly_kernel_scalar_param(fly_kernel_t *k, int dtype) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return ok ? handle(K->scalarParam(d)) : handle(K->scalarParam(ir::DType::I1));
}

fly_value_t *fly_const_int(fly_kernel_t *k, int dtype, int64_t value) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return handle(K->constInt(ok ? d : ir::DType::F32, value));
}

fly_value_t *fly_const_float(fly_kernel_t *k, int dtype, double value) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return handle(K->constFloat(ok ? d : ir::DType::I32, value));
}

fly_value_t *fly_binary(fly_kernel_t *k, int op, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  if (op < FLY_ADD || op > FLY_POWU)
    return handle(K->binary(ir::BinaryOp::Add, nullptr, nullptr));
  return handle(K->binary(static_cast<ir::BinaryOp>(op), val(a), val(b)));
}

fly_value_t *fly_unary(fly_kernel_t *k, int op, fly_value_t *a) {
  FLY_KERNEL_OR(k, nullptr);
  if (op < FLY_NEG || op > FLY_CTPOP)
    return handle(K->unary(ir::UnaryOp::Neg, nullptr));
  return handle(K->unary(static_cast<ir::UnaryOp>(op), val(a)));
}

fly_value_t *fly_fma(fly_kernel_t *k, fly_value_t *a, fly_value_t *b, fly_value_t *c) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->fma(val(a), val(b), val(c)));
}

fly_value_t *fly_powi(fly_kernel_t *k, fly_value_t *base, fly_value_t *exponent) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->powi(val(base), val(exponent)));
}

fly_value_t *fly_clamp(fly_kernel_t *k, fly_value_t *x, fly_value_t *lo, fly_value_t *hi) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->clamp(val(x), val(lo), val(hi)));
}

void fly_sincos(fly_kernel_t *k, fly_value_t *x, fly_value_t **sin_out, fly_value_t **cos_out) {
  if (sin_out)
    *sin_out = nullptr;
  if (cos_out)
    *cos_out = nullptr;
  FLY_KERNEL_OR(k, );
  if (!sin_out || !cos_out) {
    K->reject("fly_sincos needs both outputs");
    return;
  }
  ir::Value *s = nullptr, *c = nullptr;
  if (K->sincos(val(x), s, c)) {
    *sin_out = handle(s);
    *cos_out = handle(c);
  }
}

fly_value_t *fly_float_class_test(fly_kernel_t *k, int test, fly_value_t *x) {
  FLY_KERNEL_OR(k, nullptr);
  if (test < FLY_ISNAN || test > FLY_ISNORMAL) {
    K->reject("unknown float test " + std::to_string(test));
    return nullptr;
  }
  return handle(K->floatClass(static_cast<ir::FloatClass>(test), val(x)));
}

void fly_philox(fly_kernel_t *k, fly_value_t *const key[2], fly_value_t *const counter[4],
                int rounds, fly_value_t *out[4]) {
  if (out)
    std::fill(out, out + 4, nullptr);
  FLY_KERNEL_OR(k, );
  if (!key || !counter || !out) {
    K->reject("fly_philox needs the key, the counter and the outputs");
    return;
  }
  ir::Value *keys[2] = {val(key[0]), val(key[1])}, *words[4], *got[4];
  for (int i = 0; i < 4; ++i)
    words[i] = val(counter[i]);
  if (ir::philox(*K, keys, words, rounds, got))
    for (int i = 0; i < 4; ++i)
      out[i] = handle(got[i]);
}

fly_value_t *fly_uniform_from_bits(fly_kernel_t *k, fly_value_t *word) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(ir::uniformFromBits(*K, val(word)));
}

void fly_normal_pair(fly_kernel_t *k, fly_value_t *u1, fly_value_t *u2, fly_value_t *out[2]) {
  if (out)
    out[0] = out[1] = nullptr;
  FLY_KERNEL_OR(k, );
  if (!out) {
    K->reject("fly_normal_pair needs its two outputs");
    return;
  }
  ir::Value *got[2];
  if (ir::normalPair(*K, val(u1), val(u2), got)) {
    out[0] = handle(got[0]);
    out[1] = handle(got[1]);
  }
}

fly_status fly_philox_host(int bits, const uint64_t key[2], const uint64_t counter[4], int rounds,
                           uint64_t out[4]) {
  return guard([&] {
    if (!key || !counter || !out)
      fail(FLY_ERROR_INVALID_ARGUMENT, "fly_philox_host needs the key, the counter and out");
    if (auto e = ir::philoxHost(bits, key, counter, rounds, out); !e.empty())
      fail(FLY_ERROR_INVALID_ARGUMENT, e);
  });
}

fly_status fly_uniform_from_bits_host(int bits, uint64_t word, float *out) {
  return guard([&] {
    requireOut(out, "out");
    if (auto e = ir::uniformFromBitsHost(bits, word, *out); !e.empty())
      fail(FLY_ERROR_INVALID_ARGUMENT, e);
  });
}

fly_status fly_normal_pair_host(float u1, float u2, float out[2]) {
  return guard([&] {
    requireOut(out, "out");
    ir::normalPairHost(u1, u2, out);
  });
}

fly_status fly_kernel_set_fastmath(fly_kernel_t *k, unsigned flags) {
  return guard([&] {
    if (!kernelOf(k)->kernel->setFastMath(flags))
      fail(FLY_ERROR_INVALID_ARGUMENT,
           "fast-math flags " + std::to_string(flags) + " are outside FLY_FASTMATH_FAST");
  });
}

fly_value_t *fly_compare(fly_kernel_t *k, int op, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  if (op < FLY_EQ || op > FLY_UGE)
    return handle(K->compare(ir::CmpOp::Eq, nullptr, nullptr));
  return handle(K->compare(static_cast<ir::CmpOp>(op), val(a), val(b)));
}

fly_value_t *fly_select(fly_kernel_t *k, fly_value_t *cond, fly_value_t *a, fly_value_t *b) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->select(val(cond), val(a), val(b)));
}

fly_value_t *fly_cast(fly_kernel_t *k, fly_value_t *a, int to) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(to, ok);
  return handle(K->cast(ok ? val(a) : nullptr, d));
}

fly_value_t *fly_cast_ext(fly_kernel_t *k, fly_value_t *a, int to, int flags) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(to, ok);
  if (flags & ~(FLY_CAST_FROM_UNSIGNED | FLY_CAST_TO_UNSIGNED)) {
    K->reject("fly_cast_ext: unknown flags " + std::to_string(flags));
    return nullptr;
  }
  return handle(K->cast(ok ? val(a) : nullptr, d, flags & FLY_CAST_FROM_UNSIGNED,
                        flags & FLY_CAST_TO_UNSIGNED));
}

fly_value_t *fly_cast_rounded(fly_kernel_t *k, fly_value_t *a, int to, int mode) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(to, ok);
  return handle(K->castRounded(ok ? val(a) : nullptr, d, mode));
}

fly_value_t *fly_bitcast(fly_kernel_t *k, fly_value_t *a, int to) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(to, ok);
  return handle(K->bitcast(ok ? val(a) : nullptr, d));
}

fly_dtype fly_value_dtype(fly_kernel_t *k, fly_value_t *v) {
  FLY_KERNEL_OR(k, FLY_I32);
  return static_cast<fly_dtype>(K->dtypeOf(val(v)));
}

int fly_value_lanes(fly_kernel_t *k, fly_value_t *v) {
  FLY_KERNEL_OR(k, 0);
  return K->lanesOf(val(v));
}

fly_value_t *fly_vector_from_elements(fly_kernel_t *k, fly_value_t *const *elements, size_t n) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->vectorFromElements(values(elements, n)));
}

fly_value_t *fly_vector_shuffle(fly_kernel_t *k, fly_value_t *a, fly_value_t *b,
                                const int64_t *mask, size_t n) {
  FLY_KERNEL_OR(k, nullptr);
  if (!mask && n) {
    K->reject("the shuffle mask is NULL");
    return nullptr;
  }
  return handle(K->vectorShuffle(val(a), val(b), std::vector<int64_t>(mask, mask + n)));
}

fly_value_t *fly_vector_splat(fly_kernel_t *k, fly_value_t *element, int lanes) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->vectorSplat(val(element), lanes));
}

fly_value_t *fly_vector_extract(fly_kernel_t *k, fly_value_t *vec, fly_value_t *index) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->vectorExtract(val(vec), val(index)));
}

fly_value_t *fly_vector_insert(fly_kernel_t *k, fly_value_t *vec, fly_value_t *element,
                               fly_value_t *index) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->vectorInsert(val(vec), val(element), val(index)));
}

fly_value_t *fly_vector_bitcast(fly_kernel_t *k, fly_value_t *vec, int to) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(to, ok);
  return handle(K->vectorBitcast(ok ? val(vec) : nullptr, d));
}

fly_value_t *fly_vector_load(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *const *coord,
                             size_t n, int lanes, fly_value_t *pred) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->vectorLoad(val(tensor), values(coord, n), lanes, val(pred)));
}

fly_value_t *fly_buffer_resource(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->bufferResource(val(tensor)));
}

fly_value_t *fly_buffer_load(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *offset, int lanes) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->bufferLoad(val(rsrc), val(offset), lanes));
}

void fly_buffer_store(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *value, fly_value_t *offset) {
  FLY_KERNEL_OR(k, );
  K->bufferStore(val(rsrc), val(value), val(offset));
}

fly_value_t *fly_buffer_resource_at(fly_kernel_t *k, fly_value_t *address, fly_value_t *stride,
                                    fly_value_t *num_bytes) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->bufferResourceAt(val(address), val(stride), val(num_bytes)));
}

fly_value_t *fly_buffer_load_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *offset,
                                   fly_value_t *soffset, int dtype, int lanes) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  if (!ok) {
    K->reject("fly_buffer_load_bytes: unknown dtype " + std::to_string(dtype));
    return nullptr;
  }
  return handle(K->bufferLoadBytes(val(rsrc), val(offset), val(soffset), d, lanes));
}

void fly_buffer_store_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *value,
                            fly_value_t *offset, fly_value_t *soffset) {
  FLY_KERNEL_OR(k, );
  K->bufferStoreBytes(val(rsrc), val(value), val(offset), val(soffset));
}

void fly_buffer_load_lds_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *lds, int bytes,
                               fly_value_t *offset, fly_value_t *soffset, int imm) {
  FLY_KERNEL_OR(k, );
  K->bufferLoadLdsBytes(val(rsrc), val(lds), bytes, val(offset), val(soffset), imm);
}

void fly_buffer_atomic_add_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *value,
                                 fly_value_t *offset, fly_value_t *soffset) {
  FLY_KERNEL_OR(k, );
  K->bufferAtomicAddBytes(val(rsrc), val(value), val(offset), val(soffset));
}

fly_value_t *fly_dpp(fly_kernel_t *k, fly_value_t *old, fly_value_t *src, int ctrl, int row_mask,
                     int bank_mask, int bound_ctrl) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->dpp(val(old), val(src), ctrl, row_mask, bank_mask, bound_ctrl != 0));
}

fly_value_t *fly_readfirstlane(fly_kernel_t *k, fly_value_t *v) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->readFirstLane(val(v)));
}

fly_value_t *fly_readlane(fly_kernel_t *k, fly_value_t *v, int lane) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->readLane(val(v), lane));
}

fly_value_t *fly_ballot(fly_kernel_t *k, fly_value_t *pred, int bits) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->ballot(val(pred), bits));
}

fly_value_t *fly_lds_read_transposed(fly_kernel_t *k, fly_value_t *tensor) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->ldsReadTransposed(val(tensor)));
}

void fly_sched_barrier(fly_kernel_t *k, int mask) {
  FLY_KERNEL_OR(k, );
  K->amdHint(fly::ir::AmdHint::SchedBarrier, mask, 0, 0);
}

void fly_sched_group_barrier(fly_kernel_t *k, int mask, int size, int group_id) {
  FLY_KERNEL_OR(k, );
  K->amdHint(fly::ir::AmdHint::SchedGroupBarrier, mask, size, group_id);
}

void fly_s_waitcnt(fly_kernel_t *k, int bitfield) {
  FLY_KERNEL_OR(k, );
  K->amdHint(fly::ir::AmdHint::WaitCount, bitfield, 0, 0);
}

void fly_s_setprio(fly_kernel_t *k, int priority) {
  FLY_KERNEL_OR(k, );
  K->amdHint(fly::ir::AmdHint::Priority, priority, 0, 0);
}

void fly_printf(fly_kernel_t *k, const char *format, fly_value_t *const *args, size_t n) {
  FLY_KERNEL_OR(k, );
  if (!format) {
    K->print("", {nullptr}); // reported as a NULL argument
    return;
  }
  K->print(format, values(args, n));
}

void fly_print(fly_kernel_t *k, const char *format, fly_value_t *const *args, size_t n) {
  FLY_KERNEL_OR(k, );
  if (!format) {
    K->print("", {nullptr}, true); // reported as a NULL argument
    return;
  }
  K->print(format, values(args, n), true);
}

fly_value_t *fly_gpu_index(fly_kernel_t *k, int which, int dim) {
  FLY_KERNEL_OR(k, nullptr);
  if (which < FLY_THREAD_IDX || which > FLY_GRID_DIM)
    dim = -1; // reported by the builder
  return handle(K->gpuIndex(static_cast<ir::GpuIndex>(which < 0 || which > 3 ? 0 : which), dim));
}

fly_value_t *fly_lane_id(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->laneId());
}

void fly_barrier(fly_kernel_t *k) {
  FLY_KERNEL_OR(k, );
  K->barrier();
}

fly_value_t *fly_shuffle(fly_kernel_t *k, int mode, fly_value_t *value, fly_value_t *offset,
                         fly_value_t *width) {
  FLY_KERNEL_OR(k, nullptr);
  if (mode < FLY_SHUFFLE_XOR || mode > FLY_SHUFFLE_IDX)
    return handle(K->shuffle(ir::ShuffleMode::Xor, nullptr, nullptr, nullptr));
  return handle(
      K->shuffle(static_cast<ir::ShuffleMode>(mode), val(value), val(offset), val(width)));
}

// An op outside fly_binary_op becomes Pow, which the collectives refuse with their reason.
static ir::BinaryOp collectiveOp(int op) {
  return op < FLY_ADD || op > FLY_POW ? ir::BinaryOp::Pow : static_cast<ir::BinaryOp>(op);
}

fly_value_t *fly_warp_reduce(fly_kernel_t *k, int op, fly_value_t *value, int width) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->warpReduce(collectiveOp(op), val(value), width));
}

fly_value_t *fly_warp_reduce_dpp(fly_kernel_t *k, int op, fly_value_t *value, int width) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->warpReduce(collectiveOp(op), val(value), width, ir::WarpForm::Dpp));
}

static fly_value_t *warpScan(ir::Kernel &k, int op, fly_value_t *value, int width,
                             fly_value_t **exclusive, fly_value_t **aggregate, ir::WarpForm form) {
  ir::Value *ex = nullptr, *all = nullptr;
  ir::Value *inclusive = k.warpScan(collectiveOp(op), val(value), width, exclusive ? &ex : nullptr,
                                    aggregate ? &all : nullptr, form);
  if (exclusive)
    *exclusive = inclusive ? handle(ex) : nullptr;
  if (aggregate)
    *aggregate = inclusive ? handle(all) : nullptr;
  return handle(inclusive);
}

fly_value_t *fly_warp_scan(fly_kernel_t *k, int op, fly_value_t *value, int width,
                           fly_value_t **exclusive, fly_value_t **aggregate) {
  FLY_KERNEL_OR(k, nullptr);
  return warpScan(*K, op, value, width, exclusive, aggregate, ir::WarpForm::Shuffles);
}

fly_value_t *fly_warp_scan_dpp(fly_kernel_t *k, int op, fly_value_t *value, int width,
                               fly_value_t **exclusive, fly_value_t **aggregate) {
  FLY_KERNEL_OR(k, nullptr);
  return warpScan(*K, op, value, width, exclusive, aggregate, ir::WarpForm::Dpp);
}

fly_value_t *fly_vector_reduce(fly_kernel_t *k, int op, fly_value_t *vec,
                               fly_value_t *init) {
  FLY_KERNEL_OR(k, nullptr);
  bool known = op >= FLY_ADD && op <= FLY_POWU;
  return handle(K->vectorReduce(known ? static_cast<ir::BinaryOp>(op) : ir::BinaryOp::Pow, val(vec),
                                val(init)));
}

static bool blockShape(ir::Kernel &k, const int64_t *block, int warpThreads,
                       ir::BlockShape &shape) {
  if (!block) {
    k.reject("a block collective needs the block's three extents");
    return false;
  }
  std::copy(block, block + 3, shape.dims);
  shape.warpThreads = warpThreads;
  return true;
}

fly_value_t *fly_block_reduce(fly_kernel_t *k, int op, fly_value_t *value,
                              const int64_t block[3], int warp_threads,
                              int algorithm, fly_value_t *slots,
                              fly_value_t *result) {
  FLY_KERNEL_OR(k, nullptr);
  ir::BlockShape shape;
  if (!blockShape(*K, block, warp_threads, shape))
    return nullptr;
  if (algorithm != FLY_BLOCK_REDUCE_WARP_REDUCTIONS &&
      algorithm != FLY_BLOCK_REDUCE_RAKING) {
    K->reject("block reduce: unknown algorithm " + std::to_string(algorithm));
    return nullptr;
  }
  auto alg = algorithm == FLY_BLOCK_REDUCE_RAKING
                 ? ir::BlockReduceAlgorithm::Raking
                 : ir::BlockReduceAlgorithm::WarpReductions;
  return handle(ir::blockReduce(*K, collectiveOp(op), val(value), shape, alg,
                                val(slots), val(result)));
}

fly_value_t *fly_block_scan(fly_kernel_t *k, int op, fly_value_t *value,
                            const int64_t block[3], int warp_threads,
                            fly_value_t *slots, fly_value_t *init,
                            int exclusive, fly_value_t **aggregate) {
  FLY_KERNEL_OR(k, nullptr);
  ir::BlockShape shape;
  ir::Value *all = nullptr;
  ir::Value *out = nullptr;
  if (blockShape(*K, block, warp_threads, shape))
    out = ir::blockScan(*K, collectiveOp(op), val(value), shape, val(slots),
                        val(init), exclusive != 0, aggregate ? &all : nullptr);
  if (aggregate)
    *aggregate = out ? handle(all) : nullptr;
  return handle(out);
}

fly_value_t *fly_tensor_dim(fly_kernel_t *k, fly_value_t *tensor, int mode) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->tensorDim(val(tensor), mode));
}

fly_value_t *fly_tensor_stride(fly_kernel_t *k, fly_value_t *tensor, int mode) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->tensorStride(val(tensor), mode));
}

fly_value_t *fly_load(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *const *coord, size_t n,
                      fly_value_t *pred) {
  FLY_KERNEL_OR(k, nullptr);
  return handle(K->load(val(tensor), values(coord, n), val(pred)));
}

void fly_store(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *value, fly_value_t *const *coord,
               size_t n, fly_value_t *pred) {
  FLY_KERNEL_OR(k, );
  K->store(val(tensor), val(value), values(coord, n), val(pred));
}

fly_value_t *fly_atomic(fly_kernel_t *k, int op, fly_value_t *tensor, fly_value_t *const *coord,
                        size_t n, fly_value_t *value) {
  FLY_KERNEL_OR(k, nullptr);
  if (op < FLY_ATOMIC_ADD || op > FLY_ATOMIC_XCHG)
    return handle(K->atomic(ir::AtomicOp::Add, nullptr, {}, nullptr));
  return handle(
      K->atomic(static_cast<ir::AtomicOp>(op), val(tensor), values(coord, n), val(value)));
}

static_assert(FLY_MAX_SHARED_ALIGN == ir::kMaxSharedAlign, "the header's shared alignment");
static_assert(FLY_MAX_SHARED_ALIGN_CUDA == ir::kMaxSharedAlignCuda, "the header's cuda alignment");

fly_value_t *fly_shared_tensor(fly_kernel_t *k, int dtype, int64_t count, int64_t align) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return handle(K->sharedTensor(ok ? d : ir::DType::Index, count, align));
}

fly_value_t *fly_dynamic_shared_tensor(fly_kernel_t *k, int dtype, fly_value_t *count) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return handle(K->dynamicSharedTensor(ok ? d : ir::DType::Index, val(count)));
}

fly_value_t *fly_dynamic_shared_allocate(fly_kernel_t *k, int dtype, int64_t count, int64_t align) {
  FLY_KERNEL_OR(k, nullptr);
  bool ok;
  ir::DType d = dtypeArg(dtype, ok);
  return handle(K->dynamicSharedAllocate(ok ? d : ir::DType::Index, count, align));
}

fly_value_t *fly_for_begin(fly_kernel_t *k, fly_value_t *lb, fly_value_t *ub, fly_value_t *step,
                           fly_value_t *const *inits, size_t n, fly_value_t **iter_args) {
  FLY_KERNEL_OR(k, nullptr);
  std::vector<ir::Value *> iters;
  ir::Value *iv = K->forBegin(val(lb), val(ub), val(step), values(inits, n), iters);
  fillOut(iters, iter_args, n);
  return handle(iv);
}

void fly_for_end(fly_kernel_t *k, fly_value_t *const *yields, size_t n, fly_value_t **results) {
  FLY_KERNEL_OR(k, );
  fillOut(K->forEnd(values(yields, n)), results, n);
}

void fly_if_begin(fly_kernel_t *k, fly_value_t *cond, const int *result_types, size_t n) {
  FLY_KERNEL_OR(k, );
  std::vector<ir::DType> types;
  for (size_t i = 0; i < n; ++i) {
    bool ok = result_types && ir::isValidDType(result_types[i]);
    types.push_back(ok ? static_cast<ir::DType>(result_types[i]) : ir::DType::I32);
    if (!ok)
      cond = nullptr; // reported as a missing condition
  }
  K->ifBegin(val(cond), types);
}

void fly_if_begin_typed_by_then(fly_kernel_t *k, fly_value_t *cond) {
  FLY_KERNEL_OR(k, );
  K->ifBegin(val(cond), {}, /*typesFromThen=*/true);
}

void fly_if_else(fly_kernel_t *k, fly_value_t *const *then_yields, size_t n) {
  FLY_KERNEL_OR(k, );
  K->ifElse(values(then_yields, n));
}

void fly_if_end(fly_kernel_t *k, fly_value_t *const *yields, size_t n, fly_value_t **results) {
  FLY_KERNEL_OR(k, );
  std::vector<ir::Value *> out = K->ifEnd(values(yields, n));
  fillOut(out, results, out.size());
}

void fly_while_begin(fly_kernel_t *k, fly_value_t *const *inits, size_t n, fly_value_t **before) {
  FLY_KERNEL_OR(k, );
  std::vector<ir::Value *> out;
  K->whileBegin(values(inits, n), out);
  fillOut(out, before, n);
}

void fly_while_do(fly_kernel_t *k, fly_value_t *cond, fly_value_t **body_args, size_t n) {
  FLY_KERNEL_OR(k, );
  std::vector<ir::Value *> out;
  K->whileDo(val(cond), out);
  fillOut(out, body_args, n);
}

void fly_while_end(fly_kernel_t *k, fly_value_t *const *yields, size_t n, fly_value_t **results) {
  FLY_KERNEL_OR(k, );
  fillOut(K->whileEnd(values(yields, n)), results, n);
}

fly_status fly_compile(fly_module_t *module, const fly_compile_options_t *options,
                       fly_compiled_t **out) {
  return guard([&] {
    requireOut(out, "out");
    fly_module *m = moduleOf(module);
    compiler::Options o = resolve(options);
    waveOf(o);
    if (!m->module->foreignIr().empty())
      fail(FLY_ERROR_UNSUPPORTED, "this module's IR was " + m->module->foreignIr() +
                                      "; only the IR its kernels built compiles");
    if (m->module->kernels().empty())
      fail(FLY_ERROR_COMPILE, "the module has no kernels");
    std::string key = std::to_string(m->module->hash()) + "|" + optionsKey(o);
    auto code = codeFor(key, o, [&]() -> ir::Module & { return *m->module; });
    *out = compiledHandle(o, std::move(code), m->module.get());
  });
}

fly_status fly_compile_keyed(const char *key, fly_module_builder_t build, void *user_data,
                             const fly_compile_options_t *options, fly_compiled_t **out) {
  return guard([&] {
    requireOut(out, "out");
    if (!key || !*key)
      fail(FLY_ERROR_INVALID_ARGUMENT, "the key is NULL or empty");
    if (!build)
      fail(FLY_ERROR_INVALID_ARGUMENT, "the module builder is NULL");
    compiler::Options o = resolve(options);
    waveOf(o);
    // The prefix keeps keys of this kind apart from the IR hashes fly_compile uses.
    std::string full = std::string("keyed:") + key + "|" + optionsKey(o);
    fly_module_t *built = nullptr;
    auto release = [&] {
      if (built)
        fly_module_destroy(built);
    };
    try {
      auto code = codeFor(full, o, [&]() -> ir::Module & {
        if (fly_module_create(&built) != FLY_OK)
          fail(fly_last_error_status(), fly_last_error_message());
        if (fly_status s = build(built, user_data); s != FLY_OK) {
          const char *why = fly_last_error_status() == s ? fly_last_error_message() : "";
          fail(s, std::string("the builder of key '") + key + "' failed" +
                      (*why ? std::string(": ") + why : std::string()));
        }
        ir::Module &module = *moduleOf(built)->module;
        if (module.kernels().empty())
          fail(FLY_ERROR_COMPILE, std::string("the builder of key '") + key + "' made no kernels");
        return module;
      });
      release();
      *out = compiledHandle(o, std::move(code), nullptr);
    } catch (...) {
      release();
      throw;
    }
  });
}

int64_t fly_debug_cpu_fiber_kernels(void) { return compiler::fiberKernelCount(); }

void fly_compiled_destroy(fly_compiled_t *compiled) {
  delete takeHandle<fly_compiled>(compiled, HandleKind::Compiled);
}

const char *fly_compiled_target(const fly_compiled_t *compiled) {
  const char *out = nullptr;
  guard([&] { out = compiledOf(compiled)->target.c_str(); });
  return out;
}

fly_status fly_resolve_target(const fly_compile_options_t *options, char **target, char **arch) {
  return guard([&] {
    compiler::Options o = resolve(options);
    char *t = target ? copyString(o.target) : nullptr;
    if (arch)
      *arch = copyString(o.arch);
    if (target)
      *target = t;
  });
}

fly_status fly_arch_wave_size(const char *arch, int *out) {
  return guard([&] {
    requireOut(out, "out");
    if (!arch)
      fail(FLY_ERROR_INVALID_ARGUMENT, "arch is NULL");
    try {
      *out = compiler::waveSize(arch);
    } catch (const compiler::CompileError &e) {
      fail(FLY_ERROR_INVALID_ARGUMENT, e.what());
    }
  });
}

const char *fly_compiled_arch(const fly_compiled_t *compiled) {
  const char *out = nullptr;
  guard([&] { out = compiledOf(compiled)->arch.c_str(); });
  return out;
}

fly_status fly_compiled_binary(const fly_compiled_t *compiled, const void **data, size_t *size) {
  return guard([&] {
    const fly_compiled *c = compiledOf(compiled);
    requireOut(data, "data");
    requireOut(size, "size");
    *data = c->code->artifact.image.data();
    *size = c->code->artifact.image.size();
  });
}

fly_status fly_module_lowered_ir(fly_module_t *module, const fly_compile_options_t *options,
                                 char **text) {
  return guard([&] {
    requireOut(text, "text");
    fly_module *m = moduleOf(module);
    compiler::Options o = resolve(options);
    try {
      *text = copyString(compiler::loweredIr(*m->module, o));
    } catch (const compiler::CompileError &e) {
      fail(FLY_ERROR_COMPILE, e.what());
    }
  });
}

} // extern "C"
