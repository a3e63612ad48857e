/* Launch overhead on a CUDA device (not a test): an empty kernel launched through fly_launch,
 * a prepared launch (fly_arg_t and slots) and a raw cuLaunchKernel of the same PTX function.
 * Each way times batches of launches on the host clock, the device drained between batches
 * (untimed) so the driver's queue never fills; the table gives the median per launch.
 * Run on a machine with a CUDA device: ./build/bench/bench_launch_cuda */
#define _POSIX_C_SOURCE 199309L
#include <flydsl/flydsl.h>
#include <flydsl/kernels.h>

#include <dlfcn.h>
#include <dlpack/dlpack.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BATCH = 256, BATCHES = 200 };

static struct {
  int (*init)(unsigned);
  int (*device_get)(int *, int);
  int (*primary_ctx_retain)(void **, int);
  int (*ctx_set_current)(void *);
  int (*ctx_synchronize)(void);
  int (*mem_alloc)(uint64_t *, size_t);
  int (*module_load_data)(void **, const void *);
  int (*module_get_function)(void **, void *, const char *);
  int (*launch_kernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                       unsigned, void *, void **, void **);
} cu;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *why) {
  fprintf(stderr, "bench_launch_cuda: %s: %s\n", what, why);
  exit(1);
}

static void cu_check(int r, const char *call) {
  if (r != 0) {
    char code[32];
    snprintf(code, sizeof code, "CUresult %d", r);
    die(call, code);
  }
}

static void *sym(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p)
    die("libcuda.so.1 lacks", name);
  return p;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median microseconds per launch of `launch(i)` over BATCHES batches of BATCH launches. */
typedef void (*launch_fn)(void *ctx);
static double time_launches(launch_fn launch, void *ctx) {
  double per[BATCHES];
  for (int b = -5; b < BATCHES; ++b) { /* 5 warm-up batches */
    double t0 = now();
    for (int i = 0; i < BATCH; ++i)
      launch(ctx);
    double t1 = now();
    cu_check(cu.ctx_synchronize(), "cuCtxSynchronize");
    if (b >= 0)
      per[b] = (t1 - t0) / BATCH * 1e6;
  }
  qsort(per, BATCHES, sizeof per[0], compare);
  return per[BATCHES / 2];
}

struct state {
  fly_compiled_t *compiled;
  fly_prepared_t *prepared;
  fly_launch_config_t cfg;
  fly_arg_t args[2];
  uint64_t slots[4];
  void *function;
  void *params[4];
  fly_arg_t a, b, out; /* the kernel library's add over 256 floats of device memory */
};

static void by_name(void *p) {
  struct state *s = p;
  if (fly_launch(s->compiled, "empty", &s->cfg, s->args, 2))
    die("fly_launch", fly_last_error_message());
}
static void prepared_args(void *p) {
  struct state *s = p;
  if (fly_prepared_launch(s->prepared, &s->cfg, s->args, 2))
    die("fly_prepared_launch", fly_last_error_message());
}
static void prepared_slots(void *p) {
  struct state *s = p;
  if (fly_prepared_launch_slots(s->prepared, &s->cfg, s->slots, 4))
    die("fly_prepared_launch_slots", fly_last_error_message());
}
static void library_add(void *p) {
  struct state *s = p;
  if (fly_kernels_elementwise(FLY_EW_ADD, &s->a, &s->b, 0, 0, &s->out, NULL))
    die("fly_kernels_elementwise", fly_last_error_message());
}
static void raw(void *p) {
  struct state *s = p;
  cu_check(cu.launch_kernel(s->function, 1, 1, 1, 32, 1, 1, 0, NULL, s->params, NULL),
           "cuLaunchKernel");
}

int main(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib)
    die("no CUDA driver", dlerror());
  cu.init = sym(lib, "cuInit");
  cu.device_get = sym(lib, "cuDeviceGet");
  cu.primary_ctx_retain = sym(lib, "cuDevicePrimaryCtxRetain");
  cu.ctx_set_current = sym(lib, "cuCtxSetCurrent");
  cu.ctx_synchronize = sym(lib, "cuCtxSynchronize");
  cu.mem_alloc = sym(lib, "cuMemAlloc_v2");
  cu.module_load_data = sym(lib, "cuModuleLoadData");
  cu.module_get_function = sym(lib, "cuModuleGetFunction");
  cu.launch_kernel = sym(lib, "cuLaunchKernel");
  int dev;
  void *ctx;
  cu_check(cu.init(0), "cuInit");
  cu_check(cu.device_get(&dev, 0), "cuDeviceGet");
  cu_check(cu.primary_ctx_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  cu_check(cu.ctx_set_current(ctx), "cuCtxSetCurrent");
  uint64_t buffer;
  cu_check(cu.mem_alloc(&buffer, 1024), "cuMemAlloc");

  /* empty(x: f32[n], n: i32): takes a tensor and a scalar, does nothing. */
  fly_module_t *m;
  fly_kernel_t *k;
  struct state s;
  memset(&s, 0, sizeof s);
  if (fly_module_create(&m) || fly_kernel_create(m, "empty", &k))
    die("create", fly_last_error_message());
  fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_kernel_scalar_param(k, FLY_I32);
  fly_compile_options_t o = {sizeof o, "cuda", NULL, 2, NULL, 0};
  if (fly_kernel_finish(k) || fly_compile(m, &o, &s.compiled))
    die("compile", fly_last_error_message());
  if (fly_prepare_launch(s.compiled, "empty", &s.prepared))
    die("prepare", fly_last_error_message());

  static int64_t shape[1] = {256};
  static DLTensor t;
  t.data = (void *)(uintptr_t)buffer;
  t.device.device_type = kDLCUDA;
  t.ndim = 1;
  t.dtype.code = kDLFloat;
  t.dtype.bits = 32;
  t.dtype.lanes = 1;
  t.shape = shape;
  s.args[0].kind = FLY_ARG_DLTENSOR;
  s.args[0].tensor = &t;
  s.args[1].kind = FLY_ARG_INT;
  s.args[1].i = 256;
  s.cfg = (fly_launch_config_t){sizeof s.cfg, {1, 1, 1}, {32, 1, 1}, 0, NULL};
  s.slots[0] = buffer;
  s.slots[1] = 256;
  s.slots[2] = 1;
  s.slots[3] = 256;

  /* The same PTX loaded by hand, for the raw driver loop. */
  const void *ptx;
  size_t size;
  void *module;
  if (fly_compiled_binary(s.compiled, &ptx, &size))
    die("binary", fly_last_error_message());
  cu_check(cu.module_load_data(&module, ptx), "cuModuleLoadData");
  cu_check(cu.module_get_function(&s.function, module, "empty"), "cuModuleGetFunction");
  for (int i = 0; i < 4; ++i)
    s.params[i] = &s.slots[i];

  /* The library's add: three DLTensors of 256 floats (the same buffer read twice). */
  static DLTensor ta, tout;
  static uint64_t out_buffer;
  cu_check(cu.mem_alloc(&out_buffer, 1024), "cuMemAlloc");
  ta = t;
  tout = t;
  tout.data = (void *)(uintptr_t)out_buffer;
  s.a = (fly_arg_t){FLY_ARG_DLTENSOR, &ta, 0, 0};
  s.b = s.a;
  s.out = (fly_arg_t){FLY_ARG_DLTENSOR, &tout, 0, 0};

  double t_raw = time_launches(raw, &s);
  double t_library = time_launches(library_add, &s);
  double t_slots = time_launches(prepared_slots, &s);
  double t_args = time_launches(prepared_args, &s);
  double t_name = time_launches(by_name, &s);
  /* Timed again last, so that the order of the ways does not favour one. */
  double t_raw2 = time_launches(raw, &s);
  t_raw = (t_raw + t_raw2) / 2;
  printf("| launch path (empty kernel, C)        | us per launch | over raw |\n");
  printf("|--------------------------------------|---------------|----------|\n");
  printf("| raw cuLaunchKernel (first, last)     | %13.2f | %.2f, %.2f |\n", t_raw,
         2 * t_raw - t_raw2, t_raw2);
  printf("| fly_prepared_launch_slots            | %13.2f | %+7.2f |\n", t_slots, t_slots - t_raw);
  printf("| fly_prepared_launch (fly_arg_t)      | %13.2f | %+7.2f |\n", t_args, t_args - t_raw);
  printf("| fly_launch (by name, fly_arg_t)      | %13.2f | %+7.2f |\n", t_name, t_name - t_raw);
  printf("| fly_kernels_elementwise (add, 256)   | %13.2f | %+7.2f |\n", t_library,
         t_library - t_raw);
  fly_prepared_destroy(s.prepared);
  fly_compiled_destroy(s.compiled);
  fly_module_destroy(m);
  return 0;
}
