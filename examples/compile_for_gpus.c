/* One kernel compiled for every target: a HSACO code object for AMD gfx942, gfx950 and
 * gfx1201, PTX for NVIDIA sm_80 and sm_90, and a host object for cpu, which it also runs.
 * The code objects go to files (argv[1], default ".") for llvm-objdump-22 or a GPU runtime.
 * Run: ./build/examples/compile_for_gpus [dir] */
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <stdio.h>
#include <string.h>

#define CHECK_OK(call)                                                                         \
  do {                                                                                         \
    if ((call) != FLY_OK) {                                                                    \
      fprintf(stderr, "%s failed: %s\n", #call, fly_last_error_message());                     \
      return 1;                                                                                \
    }                                                                                          \
  } while (0)

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK_OK(fly_module_create(&m));
  CHECK_OK(fly_kernel_create(m, "scale", &k));
  /* x[i] *= a for i < n, with the block's slice staged through dynamic shared memory. */
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *a = fly_kernel_scalar_param(k, FLY_F32);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *i = fly_binary(k, FLY_ADD, tid,
                              fly_binary(k, FLY_MUL, fly_gpu_index(k, FLY_BLOCK_IDX, 0),
                                         fly_gpu_index(k, FLY_BLOCK_DIM, 0)));
  fly_value_t *inside = fly_compare(k, FLY_LT, i, n);
  fly_value_t *stage = fly_dynamic_shared_tensor(k, FLY_F32, fly_gpu_index(k, FLY_BLOCK_DIM, 0));
  fly_store(k, stage, fly_load(k, x, &i, 1, inside), &tid, 1, NULL);
  fly_barrier(k);
  fly_store(k, x, fly_binary(k, FLY_MUL, fly_load(k, stage, &tid, 1, NULL), a), &i, 1, inside);
  CHECK_OK(fly_kernel_finish(k));

  const char *targets[][2] = {{"rocm", "gfx942"}, {"rocm", "gfx950"}, {"rocm", "gfx1201"},
                              {"cuda", "sm_80"},  {"cuda", "sm_90"},  {"cpu", "gfx942"}};
  for (size_t t = 0; t < sizeof targets / sizeof targets[0]; ++t) {
    fly_compile_options_t o = {sizeof o, targets[t][0], targets[t][1], 2, NULL, 0};
    fly_compiled_t *c;
    CHECK_OK(fly_compile(m, &o, &c));
    const void *code;
    size_t size;
    CHECK_OK(fly_compiled_binary(c, &code, &size));
    const char *ext = !strcmp(targets[t][0], "rocm") ? "hsaco" : !strcmp(targets[t][0], "cuda") ? "ptx" : "o";
    char path[512];
    snprintf(path, sizeof path, "%s/scale-%s.%s", dir, targets[t][1], ext);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(code, 1, size, f) != size) {
      fprintf(stderr, "cannot write %s\n", path);
      return 1;
    }
    fclose(f);
    printf("%-5s %-8s %7zu bytes -> %s\n", targets[t][0], targets[t][1], size, path);
    if (!strcmp(targets[t][0], "cpu")) {
      float data[300];
      for (int j = 0; j < 300; ++j)
        data[j] = (float)j;
      int64_t shape[1] = {300};
      DLTensor tensor = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
      fly_arg_t args[3] = {{FLY_ARG_DLTENSOR, &tensor, 0, 0}, {FLY_ARG_FLOAT, NULL, 0, 0.5},
                           {FLY_ARG_INT, NULL, 300, 0}};
      fly_launch_config_t cfg = {sizeof cfg, {3, 1, 1}, {128, 1, 1}, 128 * sizeof(float), NULL};
      CHECK_OK(fly_launch(c, "scale", &cfg, args, 3));
      for (int j = 0; j < 300; ++j)
        if (data[j] != 0.5f * (float)j) {
          fprintf(stderr, "element %d is %f\n", j, data[j]);
          return 1;
        }
    }
    fly_compiled_destroy(c);
  }
  fly_module_destroy(m);
  printf("ok\n");
  return 0;
}
