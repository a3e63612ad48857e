/* A kernel generator keyed by its parameters: fly_compile_keyed finds the compiled kernel in
 * memory or on disk by the key "scale/<factor>" and calls the generator only when neither
 * holds it, so a later process pays neither for building the IR nor for compiling it.
 * Run: ./build/examples/keyed_compile (twice: the second run finds every kernel on disk). */
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <stdio.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    fly_status s_ = (call);                                                                        \
    if (s_ != FLY_OK) {                                                                            \
      fprintf(stderr, "%s failed: %s: %s\n", #call, fly_status_name(s_),                           \
              fly_last_error_message());                                                           \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

struct scale_spec {
  int factor;
  int generated; /* how often the generator ran */
};

/* x[i] *= factor, the factor a constant of the kernel: one kernel per factor. */
static fly_status generate_scale(fly_module_t *module, void *user_data) {
  struct scale_spec *spec = user_data;
  ++spec->generated;
  fly_kernel_t *k;
  fly_status s = fly_kernel_create(module, "scale", &k);
  if (s != FLY_OK)
    return s;
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *factor = fly_const_float(k, FLY_F32, spec->factor);
  fly_store(k, x, fly_binary(k, FLY_MUL, fly_load(k, x, &i, 1, NULL), factor), &i, 1, NULL);
  return fly_kernel_finish(k); /* reports the first mistake of the calls above */
}

int main(void) {
  enum { N = 8 };
  float data[N];
  for (int j = 0; j < N; ++j)
    data[j] = 1.0f;
  int64_t shape[1] = {N};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_arg_t arg = {FLY_ARG_DLTENSOR, &t, 0, 0};
  fly_launch_config_t config = {sizeof(config), {1, 1, 1}, {N, 1, 1}, 0, NULL};
  fly_compile_options_t options = {sizeof(options), "cpu", NULL, 2, NULL, 0};

  /* Factors 2, 3, 2, 3: each factor's second request is answered from memory. */
  struct scale_spec specs[2] = {{2, 0}, {3, 0}};
  for (int r = 0; r < 4; ++r) {
    struct scale_spec *spec = &specs[r % 2];
    char key[32];
    snprintf(key, sizeof key, "scale/%d", spec->factor);
    fly_compiled_t *compiled;
    CHECK(fly_compile_keyed(key, generate_scale, spec, &options, &compiled));
    CHECK(fly_launch(compiled, "scale", &config, &arg, 1));
    fly_compiled_destroy(compiled);
  }
  int wrong = 0;
  for (int j = 0; j < N; ++j)
    wrong += data[j] != 36.0f;
  printf("x = %g (expected 36); generated: factor 2 %d time(s), factor 3 %d time(s)\n", data[0],
         specs[0].generated, specs[1].generated);
  /* At most once each: zero when an earlier run left them on disk. */
  return wrong != 0 || specs[0].generated > 1 || specs[1].generated > 1;
}
