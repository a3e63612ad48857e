/* The kernel C API with bad inputs: each gets a status and a message, and the library stays
 * usable afterwards. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv */
#include <flydsl/flydsl.h>

#include <dlpack/dlpack.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                            \
  do {                                                                                         \
    ++checks;                                                                                  \
    if (!(cond)) {                                                                             \
      ++failures;                                                                              \
      fprintf(stderr, "%s:%d: CHECK(%s) failed; last error: %s\n", __FILE__, __LINE__, #cond, \
              fly_last_error_message());                                                       \
    }                                                                                          \
  } while (0)

static int mentions(const char *text, const char *word) { return text && strstr(text, word); }

/* out[i] = x[i] * 2 for i < size(x); one f32 tensor parameter of rank 1 and one i32. */
static fly_compiled_t *doubler(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  if (fly_module_create(&m) || fly_kernel_create(m, "doubler", &k))
    return NULL;
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *in = fly_compare(k, FLY_LT, i, n);
  fly_value_t *v = fly_load(k, x, &i, 1, in);
  fly_store(k, x, fly_binary(k, FLY_MUL, v, fly_const_float(k, FLY_F32, 2.0)), &i, 1, in);
  if (fly_kernel_finish(k) || fly_compile(m, NULL, &c))
    c = NULL;
  fly_module_destroy(m); /* the compiled module outlives its source */
  return c;
}

/* A fly_module_builder_t: the doubler into `m`, counting its calls in *calls; `*calls < 0`
 * asks for a builder mistake (-1: a bad call, -2: no kernel). */
static fly_status build_doubler(fly_module_t *m, void *calls) {
  int *n = (int *)calls;
  if (*n == -1)
    return fly_kernel_create(m, NULL, NULL);
  if (*n == -2)
    return FLY_OK;
  ++*n;
  fly_kernel_t *k;
  fly_status s = fly_kernel_create(m, "doubler", &k);
  if (s != FLY_OK)
    return s;
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_store(k, x,
            fly_binary(k, FLY_MUL, fly_load(k, x, &i, 1, NULL), fly_const_float(k, FLY_F32, 2.0)),
            &i, 1, NULL);
  return fly_kernel_finish(k);
}

/* fly_compile_keyed calls its builder only when no cache holds the key. */
static void keyed_compiles(void) {
  char dir[] = "/tmp/flydsl_keyed_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  setenv("FLYDSL_RUNTIME_CACHE_DIR", dir, 1);
  char key[64];
  snprintf(key, sizeof key, "doubler/%ld", (long)getpid());
  int calls = 0;
  fly_compiled_t *c1 = NULL, *c2 = NULL, *c3 = NULL;
  CHECK(fly_compile_keyed(key, build_doubler, &calls, NULL, &c1) == FLY_OK);
  CHECK(calls == 1);
  CHECK(fly_compile_keyed(key, build_doubler, &calls, NULL, &c2) == FLY_OK);
  CHECK(calls == 1); /* the memory cache answered */
  fly_compile_options_t o0 = {sizeof(o0), "cpu", NULL, 0, NULL, 0};
  CHECK(fly_compile_keyed(key, build_doubler, &calls, &o0, &c3) == FLY_OK);
  CHECK(calls == 2); /* other options, other code */
  float data[4] = {1, 2, 3, 4};
  int64_t shape[1] = {4};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {4, 1, 1}, 0, NULL};
  fly_arg_t arg = {FLY_ARG_DLTENSOR, &t, 0, 0};
  CHECK(c2 && fly_launch(c2, "doubler", &cfg, &arg, 1) == FLY_OK);
  CHECK(c3 && fly_launch(c3, "doubler", &cfg, &arg, 1) == FLY_OK);
  CHECK(data[0] == 4.0f && data[3] == 16.0f);
  CHECK(c2 && fly_launch(c2, "doubler", &cfg, &arg, 2) == FLY_ERROR_LAUNCH); /* signature kept */
  fly_compiled_destroy(c1);
  fly_compiled_destroy(c2);
  fly_compiled_destroy(c3);

  fly_compiled_t *c = NULL;
  CHECK(fly_compile_keyed(NULL, build_doubler, &calls, NULL, &c) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_compile_keyed("", build_doubler, &calls, NULL, &c) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_compile_keyed(key, NULL, &calls, NULL, &c) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "builder"));
  CHECK(fly_compile_keyed(key, build_doubler, &calls, NULL, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  int bad_call = -1;
  CHECK(fly_compile_keyed("bad call", build_doubler, &bad_call, NULL, &c) ==
        FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "the builder of key 'bad call' failed"));
  int no_kernel = -2;
  CHECK(fly_compile_keyed("empty", build_doubler, &no_kernel, NULL, &c) == FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "made no kernels"));
  fly_compile_options_t wrong = {sizeof(wrong), "cpu", "banana", 2, NULL, 0};
  CHECK(fly_compile_keyed(key, build_doubler, &calls, &wrong, &c) == FLY_ERROR_UNSUPPORTED);
  CHECK(c == NULL && calls == 2);
  /* A failed build is not cached: the next call builds again. */
  CHECK(fly_compile_keyed("bad call", build_doubler, &calls, NULL, &c) == FLY_OK);
  CHECK(calls == 3);
  fly_compiled_destroy(c);

  /* LLVM's command-line options are the compile's and part of its key; an unknown name and a
   * value LLVM refuses are errors; a caller of the older, shorter struct is not read past it. */
  int tuned_calls = 0;
  fly_compile_options_t tuned = {sizeof(tuned), "cpu", NULL, 2, "enable-post-misched=false", 0};
  CHECK(fly_compile_keyed(key, build_doubler, &tuned_calls, &tuned, &c) == FLY_OK);
  CHECK(tuned_calls == 1 && c && fly_launch(c, "doubler", &cfg, &arg, 1) == FLY_OK);
  CHECK(data[0] == 8.0f);
  fly_compiled_destroy(c);
  tuned.llvm_options = "  enable-post-misched=false  ";
  CHECK(fly_compile_keyed(key, build_doubler, &tuned_calls, &tuned, &c) == FLY_OK);
  CHECK(tuned_calls == 1); /* the same options, spaced otherwise: the same key */
  fly_compiled_destroy(c);
  c = NULL;
  tuned.llvm_options = "no-such-llvm-option-xyz=1";
  CHECK(fly_compile_keyed(key, build_doubler, &tuned_calls, &tuned, &c) ==
        FLY_ERROR_INVALID_ARGUMENT);
  CHECK(c == NULL && mentions(fly_last_error_message(), "Unknown LLVM option"));
  tuned.llvm_options = "=1";
  CHECK(fly_compile_keyed(key, build_doubler, &tuned_calls, &tuned, &c) ==
        FLY_ERROR_INVALID_ARGUMENT);
  tuned.llvm_options = "enable-post-misched=banana";
  CHECK(fly_compile_keyed(key, build_doubler, &tuned_calls, &tuned, &c) == FLY_ERROR_COMPILE);
  CHECK(c == NULL && mentions(fly_last_error_message(), "does not take the value 'banana'"));
  CHECK(tuned_calls == 2); /* built, then refused by LLVM */
  tuned.struct_size = offsetof(fly_compile_options_t, llvm_options);
  tuned.llvm_options = (const char *)"not read";
  CHECK(fly_compile_keyed(key, build_doubler, &tuned_calls, &tuned, &c) == FLY_OK);
  CHECK(tuned_calls == 2); /* no options read: the plain compile's key, already cached */
  fly_compiled_destroy(c);
  unsetenv("FLYDSL_RUNTIME_CACHE_DIR");
  char rm[96];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  CHECK(system(rm) == 0);
}

/* make_tiled_copy_A/B/C from C: wrong operands and wrong kinds of value are kernel errors. */
static void tiled_copy_for_mma_errors(void) {
  fly_tiled_mma_t *host = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_MFMA, 16, 16, 4, FLY_F32, 64, NULL, NULL, &host) == FLY_OK);
  for (int mistake = 0; mistake < 3; ++mistake) {
    fly_module_t *m;
    fly_kernel_t *k;
    CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "k", &k) == FLY_OK);
    fly_value_t *mma = fly_kernel_tiled_mma(k, host);
    fly_value_t *atom =
        fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, mistake == 2 ? 64 : 32, FLY_F32);
    fly_value_t *copy = mistake == 0   ? fly_kernel_tiled_copy_for_mma(k, atom, mma, 3)
                        : mistake == 1 ? fly_kernel_tiled_copy_for_mma(k, atom, atom, FLY_MMA_A)
                                       : fly_kernel_tiled_copy_for_mma(k, atom, mma, FLY_MMA_A);
    const char *want[] = {"not 3", "copy atom where a tiled MMA is needed", "not a multiple"};
    CHECK(copy == NULL && mentions(fly_kernel_error(k), want[mistake]));
    CHECK(fly_kernel_finish(k) != FLY_OK);
    fly_module_destroy(m);
  }
  fly_tiled_mma_destroy(host);
}

/* wgmma atoms from C: a warpgroup of 128 threads per atom; shapes it lacks are refused. */
static void wgmma_atoms(void) {
  fly_tiled_mma_t *t = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_WGMMA, 64, 128, 16, FLY_BF16, 32, NULL, NULL, &t) == FLY_OK);
  int64_t threads = 0, tile[3] = {0, 0, 0};
  CHECK(fly_tiled_mma_size(t, &threads, tile) == FLY_OK);
  CHECK(threads == 128 && tile[0] == 64 && tile[1] == 128 && tile[2] == 16);
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_WGMMA, 64, 100, 16, FLY_F16, 32, NULL, NULL, &t) ==
        FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL && mentions(fly_last_error_message(), "N = 8..256 in steps of 8"));
  CHECK(fly_tiled_mma_create(FLY_MMA_WGMMA, 64, 64, 16, FLY_F32, 32, NULL, NULL, &t) ==
        FLY_ERROR_UNSUPPORTED);
  CHECK(fly_tiled_mma_create(FLY_MMA_WMMA_GFX11 + 1, 64, 64, 16, FLY_F16, 32, NULL, NULL, &t) ==
        FLY_ERROR_INVALID_ARGUMENT);
}

/* RDNA3's WMMA from C: a wave of 32 threads per 16x16x16 atom; fp8, which RDNA4 has, is not
 * RDNA3's. */
static void rdna3_wmma_atoms(void) {
  fly_tiled_mma_t *t = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_F16, 32, NULL, NULL, &t) ==
        FLY_OK);
  int64_t threads = 0, tile[3] = {0, 0, 0};
  CHECK(fly_tiled_mma_size(t, &threads, tile) == FLY_OK);
  CHECK(threads == 32 && tile[0] == 16 && tile[1] == 16 && tile[2] == 16);
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_F8E4M3, 32, NULL, NULL, &t) ==
        FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL && mentions(fly_last_error_message(), "f16, bf16, i8 and i4"));
  CHECK(fly_tiled_mma_create(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I8, 32, NULL, NULL, &t) ==
        FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL && mentions(fly_last_error_message(), "sign and clamp controls"));
  CHECK(fly_tiled_mma_create(FLY_MMA_WMMA, 16, 16, 16, FLY_F8E4M3, 32, NULL, NULL, &t) == FLY_OK);
  fly_tiled_mma_destroy(t);
}

/* Integer atoms with their controls: RDNA3's iu8 WMMA takes any; MFMA's i8 is signed and wraps,
 * the only controls it is given; float dtypes and unknown bits are refused. */
static void integer_mma_atoms(void) {
  fly_tiled_mma_t *t = NULL;
  int modifiers = -1;
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I8, 32,
                                     FLY_MMA_SIGNED_B | FLY_MMA_CLAMP, NULL, NULL, &t) == FLY_OK);
  char *name = NULL;
  CHECK(fly_tiled_mma_atom_name(t, &name) == FLY_OK &&
        strcmp(name, "v_wmma_i32_16x16x16_iu8") == 0);
  fly_string_free(name);
  CHECK(fly_tiled_mma_modifiers(t, &modifiers) == FLY_OK &&
        modifiers == (FLY_MMA_SIGNED_B | FLY_MMA_CLAMP));
  CHECK(fly_tiled_mma_modifiers(t, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_MFMA, 16, 16, 32, FLY_I8, 64, NULL, NULL, &t) == FLY_OK);
  CHECK(fly_tiled_mma_modifiers(t, &modifiers) == FLY_OK &&
        modifiers == (FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B));
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_MFMA, 16, 16, 32, FLY_I8, 64,
                                     FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B, NULL, NULL,
                                     &t) == FLY_OK);
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_MFMA, 16, 16, 32, FLY_I8, 64, FLY_MMA_SIGNED_A, NULL,
                                     NULL, &t) == FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL && mentions(fly_last_error_message(), "reads signed values and wraps"));
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_F16, 32, 0, NULL, NULL,
                                     &t) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(t == NULL && mentions(fly_last_error_message(), "integer inputs"));
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I8, 32, 8, NULL, NULL,
                                     &t) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(t == NULL && mentions(fly_last_error_message(), "fly_mma_modifier bits"));
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I8, 32, 0, NULL, NULL,
                                     NULL) == FLY_ERROR_INVALID_ARGUMENT);
  /* The 4-bit form: RDNA3's iu4, which no other family has; fly_tiled_mma_create asks for it
   * by its controls too. */
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I4, 32, FLY_MMA_SIGNED_A,
                                     NULL, NULL, &t) == FLY_OK);
  CHECK(fly_tiled_mma_atom_name(t, &name) == FLY_OK &&
        strcmp(name, "v_wmma_i32_16x16x16_iu4") == 0);
  fly_string_free(name);
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I4, 32, NULL, NULL, &t) ==
        FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL && mentions(fly_last_error_message(), "sign and clamp controls"));
  CHECK(fly_tiled_mma_create_integer(FLY_MMA_MFMA, 16, 16, 32, FLY_I4, 64,
                                     FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B, NULL, NULL,
                                     &t) == FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL);
}

/* fly_select of two buffer resources is one of them (its accesses bounded by its own size);
 * a resource and a value are no pair. */
static void buffer_resource_choice(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "pick", &k) == FLY_OK);
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *y = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *take_y =
      fly_compare(k, FLY_EQ, fly_const_int(k, FLY_I32, 1), fly_const_int(k, FLY_I32, 1));
  fly_value_t *r = fly_select(k, take_y, fly_buffer_resource(k, y), fly_buffer_resource(k, x));
  CHECK(r != NULL && fly_kernel_error(k) == NULL);
  /* x[0] = y[1] + y[3] (past y's 3 elements: 0) */
  fly_value_t *sum = fly_binary(k, FLY_ADD, fly_buffer_load(k, r, fly_const_int(k, FLY_I32, 1), 1),
                                fly_buffer_load(k, r, fly_const_int(k, FLY_I32, 3), 1));
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_store(k, x, sum, &zero, 1, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  fly_compiled_t *c = NULL;
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  int32_t xs[4] = {-1, 100, 200, 300}, ys[4] = {5, 6, 7, 8};
  int64_t xn[1] = {4}, yn[1] = {3}; /* ys[3] lies past y's extent */
  DLTensor tx = {xs, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, xn, NULL, 0};
  DLTensor ty = {ys, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, yn, NULL, 0};
  fly_launch_config_t cfg = {sizeof cfg, {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &tx, 0, 0}, {FLY_ARG_DLTENSOR, &ty, 0, 0}};
  CHECK(fly_launch(c, "pick", &cfg, args, 2) == FLY_OK);
  CHECK(xs[0] == 6 && xs[1] == 100);
  fly_compiled_destroy(c);
  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "bad", &bad) == FLY_OK);
  fly_value_t *bx = fly_kernel_tensor_param(bad, FLY_I32, 1);
  fly_value_t *yes =
      fly_compare(bad, FLY_EQ, fly_const_int(bad, FLY_I32, 0), fly_const_int(bad, FLY_I32, 0));
  CHECK(fly_select(bad, yes, fly_buffer_resource(bad, bx), fly_const_int(bad, FLY_I32, 0)) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "select of buffer resources takes"));
  fly_module_destroy(m);
}

/* i4 values in a kernel: a vector bitcast from packed words is one, and the atom call on values
 * takes it; memory of i4 (register tensors, shared arrays, tensor parameters) is refused. */
static void int4_values(void) {
  for (int mistake = 0; mistake < 4; ++mistake) {
    fly_module_t *m;
    fly_kernel_t *k;
    CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "k", &k) == FLY_OK);
    if (mistake == 2) {
      CHECK(fly_kernel_tensor_param(k, FLY_I4, 1) == NULL);
      CHECK(mentions(fly_kernel_error(k), "a tensor parameter cannot be of i4"));
    } else if (mistake == 3) {
      CHECK(fly_shared_tensor(k, FLY_I4, 64, 16) == NULL);
      CHECK(mentions(fly_kernel_error(k), "shared memory cannot be of i4"));
    } else {
      fly_value_t *word = fly_const_int(k, FLY_I32, 0x76543210);
      fly_value_t *words[2] = {word, word};
      fly_value_t *nibbles = fly_vector_bitcast(k, fly_vector_from_elements(k, words, 2), FLY_I4);
      CHECK(nibbles && fly_value_dtype(k, nibbles) == FLY_I4);
      if (mistake == 1) {
        fly_value_t *l = fly_kernel_layout(k, "8:1", NULL, 0);
        CHECK(fly_kernel_make_rmem_tensor(k, l, FLY_I4) == NULL);
        CHECK(mentions(fly_kernel_error(k), "register tensor cannot be of i4"));
      } else {
        fly_tiled_mma_t *host = NULL;
        CHECK(fly_tiled_mma_create_integer(FLY_MMA_WMMA_GFX11, 16, 16, 16, FLY_I4, 32, 0, NULL,
                                           NULL, &host) == FLY_OK);
        fly_value_t *zero = fly_vector_splat(k, fly_const_int(k, FLY_I32, 0), 8);
        fly_value_t *d =
            fly_kernel_mma_atom_call_ssa(k, fly_kernel_tiled_mma(k, host), nibbles, nibbles, zero);
        CHECK(d && fly_value_dtype(k, d) == FLY_I32 && fly_kernel_error(k) == NULL);
        /* A and B of 8 values where the atom takes 16 */
        fly_value_t *eight = fly_vector_bitcast(k, word, FLY_I4);
        CHECK(fly_kernel_mma_atom_call_ssa(k, fly_kernel_tiled_mma(k, host), eight, eight, zero) ==
              NULL);
        CHECK(mentions(fly_kernel_error(k), "takes 16 and 16 values of i4"));
        fly_tiled_mma_destroy(host);
      }
    }
    fly_module_destroy(m);
  }
}

/* Block-scaled MFMA atoms from C: a wave of 64 threads, one scale per lane; formats, shapes
 * and scale operands the atom lacks are refused. */
static void scaled_mfma_atoms(void) {
  fly_tiled_mma_t *t = NULL;
  CHECK(fly_tiled_mma_create_scaled(32, 32, 64, FLY_MX_E4M3, FLY_MX_E2M1, NULL, NULL, &t) ==
        FLY_OK);
  int64_t threads = 0, tile[3] = {0, 0, 0};
  CHECK(fly_tiled_mma_size(t, &threads, tile) == FLY_OK);
  CHECK(threads == 64 && tile[0] == 32 && tile[1] == 32 && tile[2] == 64);
  char *name = NULL;
  CHECK(fly_tiled_mma_atom_name(t, &name) == FLY_OK &&
        strcmp(name, "v_mfma_scale_f32_32x32x64_f8f6f4") == 0);
  fly_string_free(name);
  fly_layout_t *sfb = NULL;
  CHECK(fly_tiled_mma_layout_tv(t, FLY_MMA_SFB, &sfb) == FLY_OK);
  int64_t lane = 0, index = -1; /* lane l gives the scale at l = column + 32 * K block */
  for (lane = 0; lane < 64; ++lane)
    CHECK(fly_layout_crd2idx(sfb, &lane, 1, &index) == FLY_OK && index == lane);
  fly_layout_destroy(sfb);
  fly_tiled_mma_destroy(t);
  t = NULL;
  CHECK(fly_tiled_mma_create_scaled(16, 16, 64, FLY_MX_E4M3, FLY_MX_E4M3, NULL, NULL, &t) ==
        FLY_ERROR_UNSUPPORTED);
  CHECK(t == NULL && mentions(fly_last_error_message(), "16x16x128, 32x32x64"));
  CHECK(fly_tiled_mma_create_scaled(16, 16, 128, FLY_MX_E2M1 + 1, FLY_MX_E4M3, NULL, NULL, &t) ==
        FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "a_format"));
  CHECK(fly_tiled_mma_create(FLY_MMA_MFMA, 16, 16, 32, FLY_F8E4M3, 64, NULL, NULL, &t) == FLY_OK);
  int acc = -1; /* what C and D hold: f32 for fp8, i32 for i8, an FMA's own type */
  CHECK(fly_tiled_mma_accumulator_dtype(t, &acc) == FLY_OK && acc == FLY_F32);
  CHECK(fly_tiled_mma_accumulator_dtype(t, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_tiled_mma_accumulator_dtype(NULL, &acc) == FLY_ERROR_INVALID_HANDLE);
  fly_tiled_mma_t *other = NULL;
  CHECK(fly_tiled_mma_create(FLY_MMA_MFMA, 16, 16, 32, FLY_I8, 64, NULL, NULL, &other) == FLY_OK);
  CHECK(fly_tiled_mma_accumulator_dtype(other, &acc) == FLY_OK && acc == FLY_I32);
  fly_tiled_mma_destroy(other);
  CHECK(fly_tiled_mma_create(FLY_MMA_UNIVERSAL_FMA, 1, 1, 1, FLY_F16, 64, NULL, NULL, &other) ==
        FLY_OK);
  CHECK(fly_tiled_mma_accumulator_dtype(other, &acc) == FLY_OK && acc == FLY_F16);
  fly_tiled_mma_destroy(other);
  CHECK(fly_tiled_mma_atom_layout_tv(t, FLY_MMA_SFA, &sfb) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_tiled_mma_layout_tv(t, FLY_MMA_SFB + 1, &sfb) == FLY_ERROR_INVALID_ARGUMENT);
  fly_tiled_mma_destroy(t);
}

/* The processors blocks run on: the host's threads for cpu; what is unknown is an error. */
static void device_processors(void) {
  int count = 0;
  CHECK(fly_device_processors("cpu", 0, &count) == FLY_OK && count >= 1);
  CHECK(fly_device_processors("rocm", 0, &count) == FLY_ERROR_UNSUPPORTED);
  CHECK(fly_device_processors("tpu", 0, &count) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_processors("cpu", -1, &count) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_processors("cpu", 0, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_processors(NULL, 0, &count) == FLY_ERROR_INVALID_ARGUMENT);
}

/* A device's product name: the host processor's model (never empty) on cpu; an unknown
 * target or a missing out pointer is an error. */
static void device_count(void) {
  int count = -1;
  CHECK(fly_device_count("cpu", &count) == FLY_OK && count == 1);
  /* No GPU runtime here, or one that finds its devices: never an error. */
  count = -1;
  CHECK(fly_device_count("rocm", &count) == FLY_OK && count >= 0);
  count = -1;
  CHECK(fly_device_count("cuda", &count) == FLY_OK && count >= 0);
  CHECK(fly_device_count("tpu", &count) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_count("cpu", NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_count(NULL, &count) == FLY_ERROR_INVALID_ARGUMENT);
}

static void device_name(void) {
  char *name = NULL;
  CHECK(fly_device_name("cpu", 0, &name) == FLY_OK && name && name[0] != '\0');
  fly_string_free(name);
  CHECK(fly_device_name("tpu", 0, &name) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_name("cpu", -1, &name) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_device_name("cpu", 0, NULL) == FLY_ERROR_INVALID_ARGUMENT);
}

/* Scratch memory in stream order: on cpu host memory, written and read, one block apart from
 * the next; 0 bytes still give an address; NULL frees nothing; bad targets, devices and out
 * pointers are errors, as is a size past any memory. */
static void stream_memory(void) {
  void *a = NULL, *b = NULL;
  CHECK(fly_stream_alloc("cpu", 0, NULL, 1000, &a) == FLY_OK && a);
  CHECK(fly_stream_alloc("cpu", 0, NULL, 0, &b) == FLY_OK && b && b != a);
  memset(a, 0x5a, 1000);
  CHECK(((unsigned char *)a)[999] == 0x5a);
  CHECK(fly_stream_free("cpu", 0, NULL, a) == FLY_OK);
  CHECK(fly_stream_free("cpu", 0, NULL, b) == FLY_OK);
  CHECK(fly_stream_free("cpu", 0, NULL, NULL) == FLY_OK);
  CHECK(fly_stream_alloc("tpu", 0, NULL, 8, &a) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_stream_alloc("cpu", -1, NULL, 8, &a) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_stream_alloc("cpu", 0, NULL, 8, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_stream_alloc(NULL, 0, NULL, 8, &a) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_stream_alloc("cpu", 0, NULL, SIZE_MAX, &a) == FLY_ERROR_OUT_OF_MEMORY);
  CHECK(strstr(fly_last_error_message(), "bytes") != NULL);
  CHECK(fly_stream_free("tpu", 0, NULL, NULL) == FLY_ERROR_INVALID_ARGUMENT);
}

/* A TMA box through shared memory: thread 0 starts the bulk copy of a 4 x 8 box of a 20 x 24
 * f32 tensor at (18, 20), half of it past the edges (zeros), on an mbarrier every thread waits
 * for; each thread then stores one element. The cpu target emulating sm_90 runs it. */
static fly_compiled_t *tma_box_kernel(const char *arch, int bad) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  if (fly_module_create(&m) || fly_kernel_create(m, "box", &k))
    return NULL;
  int64_t dyn[2] = {FLY_DYNAMIC, FLY_DYNAMIC}, rows[2] = {FLY_DYNAMIC, 1};
  fly_value_t *src = fly_kernel_tensor_param_spec(k, FLY_F32, 2, dyn, rows, 16);
  fly_value_t *out = fly_kernel_tensor_param_spec(k, FLY_F32, 2, dyn, rows, 0);
  int64_t box[2] = {4, 8};
  fly_value_t *desc = fly_kernel_tma_descriptor(k, src, box, 2, 0);
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_value_t *tile = fly_kernel_make_tensor(
      k, fly_shared_tensor(k, FLY_F32, 32, 128),
      fly_kernel_layout(k, bad == 1 ? "(4,8):(1,4)" : "(4,8):(8,1)", NULL, 0));
  fly_value_t *bars = fly_shared_tensor(k, FLY_I64, 1, 8);
  fly_value_t *first = fly_compare(k, FLY_EQ, tid, zero);
  fly_if_begin(k, first, NULL, 0);
  fly_kernel_mbarrier_init(k, bars, zero, 1);
  fly_if_end(k, NULL, 0, NULL);
  fly_barrier(k);
  fly_if_begin(k, first, NULL, 0);
  fly_kernel_mbarrier_arrive(k, bars, zero, 4 * 8 * 4);
  fly_kernel_tma_load(k, desc, tile, fly_kernel_int_tuple(k, "(18,20)", NULL, 0), bars, zero);
  fly_if_end(k, NULL, 0, NULL);
  fly_kernel_mbarrier_wait(k, bars, zero, zero);
  fly_value_t *coord[2] = {fly_binary(k, FLY_DIV, tid, fly_const_int(k, FLY_I32, 8)),
                           fly_binary(k, FLY_REM, tid, fly_const_int(k, FLY_I32, 8))};
  fly_store(k, out, fly_load(k, tile, coord, 2, NULL), coord, 2, NULL);
  fly_compile_options_t o = {sizeof o, "cpu", arch, 2, NULL, 0};
  if (fly_kernel_finish(k) == FLY_OK && fly_compile(m, &o, &c) != FLY_OK) {
    c = NULL;
    CHECK(mentions(fly_last_error_message(), "sm_90 (Hopper) operations"));
  } else if (bad) {
    CHECK(mentions(fly_kernel_error(k), "does not place the box"));
  }
  fly_module_destroy(m);
  return c;
}

static void tma_copies(void) {
  fly_compiled_t *c = tma_box_kernel("sm_90", 0);
  CHECK(c != NULL);
  if (!c)
    return;
  static float src[20 * 24] __attribute__((aligned(16)));
  float out[4 * 8];
  for (int i = 0; i < 20 * 24; ++i)
    src[i] = (float)i;
  int64_t src_shape[2] = {20, 24}, out_shape[2] = {4, 8};
  DLTensor ts = {src, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, src_shape, NULL, 0};
  DLTensor to = {out, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, out_shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof cfg, {1, 1, 1}, {32, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &ts, 0, 0}, {FLY_ARG_DLTENSOR, &to, 0, 0}};
  CHECK(fly_launch(c, "box", &cfg, args, 2) == FLY_OK); /* the descriptor is not an argument */
  int exact = 1;
  for (int r = 0; r < 4; ++r)
    for (int col = 0; col < 8; ++col) {
      int gr = 18 + r, gc = 20 + col;
      float want = gr < 20 && gc < 24 ? (float)(gr * 24 + gc) : 0.0f;
      exact &= out[r * 8 + col] == want;
    }
  CHECK(exact);
  /* The hardware's rules: a 16-byte aligned address and strides that are multiples of 16. */
  int64_t odd_shape[2] = {20, 23};
  DLTensor odd = ts;
  odd.shape = odd_shape;
  fly_arg_t bad_stride[2] = {{FLY_ARG_DLTENSOR, &odd, 0, 0}, {FLY_ARG_DLTENSOR, &to, 0, 0}};
  CHECK(fly_launch(c, "box", &cfg, bad_stride, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "multiples of 16 bytes"));
  CHECK(fly_launch(c, "box", &cfg, args, 3) == FLY_ERROR_LAUNCH);
  fly_compiled_destroy(c);
  /* Other archs have no bulk copies; a destination the box does not fit is refused. */
  CHECK(tma_box_kernel("gfx942", 0) == NULL);
  CHECK(tma_box_kernel("sm_90", 1) == NULL);
}

/* The mistakes of TMA stores and named barriers are kernel errors; a NULL kernel is ignored. */
static int store_mistake(int which, const char *message) {
  fly_module_t *m;
  fly_kernel_t *k;
  if (fly_module_create(&m) || fly_kernel_create(m, "store", &k))
    return 0;
  int64_t dyn[2] = {FLY_DYNAMIC, FLY_DYNAMIC}, rows[2] = {FLY_DYNAMIC, 1}, box[2] = {4, 8};
  fly_value_t *out = fly_kernel_tensor_param_spec(k, FLY_F32, 2, dyn, rows, 16);
  fly_value_t *desc = fly_kernel_tma_descriptor(k, out, box, 2, 0);
  if (which == 0)
    fly_kernel_tma_store(k, desc, out, fly_kernel_int_tuple(k, "(0,0)", NULL, 0));
  else if (which == 1)
    fly_kernel_tma_store_wait(k, -1);
  else if (which == 2)
    fly_kernel_named_barrier(k, 16, 128);
  else
    fly_kernel_named_barrier(k, 1, 48);
  int found = fly_kernel_finish(k) != FLY_OK && mentions(fly_kernel_error(k), message);
  fly_module_destroy(m);
  return found;
}

static void tma_store_mistakes(void) {
  CHECK(store_mistake(0, "between global memory and a shared-memory tensor"));
  CHECK(store_mistake(1, "0..63 stores may stay pending, got -1"));
  CHECK(store_mistake(2, "the barrier is 1..15"));
  CHECK(store_mistake(3, "32..1024 threads, whole warps, got 48"));
  fly_kernel_tma_store(NULL, NULL, NULL, NULL);
  fly_kernel_tma_store_wait(NULL, 0);
  fly_kernel_named_barrier(NULL, 1, 128);
}

/* A kernel that waits on its grid dependency compiles for sm_90+ (the cpu target emulating it
 * drops the wait) and is refused elsewhere by name; a NULL kernel is ignored. */
static int dependent_kernel(const char *arch) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  if (fly_module_create(&m) || fly_kernel_create(m, "step", &k))
    return 0;
  int64_t dyn[1] = {FLY_DYNAMIC}, unit[1] = {1};
  fly_value_t *x = fly_kernel_tensor_param_spec(k, FLY_F32, 1, dyn, unit, 0);
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_kernel_grid_dependency_wait(k);
  fly_kernel_launch_dependents(k);
  fly_value_t *v = fly_load(k, x, &tid, 1, NULL);
  fly_store(k, x, fly_binary(k, FLY_ADD, v, v), &tid, 1, NULL);
  fly_compile_options_t o = {sizeof o, "cpu", arch, 2, NULL, 0};
  int ok = fly_kernel_finish(k) == FLY_OK && fly_compile(m, &o, &c) == FLY_OK;
  if (!ok)
    ok = -mentions(fly_last_error_message(), "grid dependency control (programmatic dependent "
                                             "launch) is an NVIDIA sm_90+ operation");
  if (c) {
    float data[4] = {1, 2, 3, 4};
    int64_t shape[1] = {4};
    DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
    fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {4, 1, 1}, 0, NULL};
    fly_arg_t args[1] = {{FLY_ARG_DLTENSOR, &t, 0, 0}};
    ok = fly_launch(c, "step", &cfg, args, 1) == FLY_OK && data[3] == 8.0f;
    fly_compiled_destroy(c);
  }
  fly_module_destroy(m);
  return ok;
}

static void grid_dependency_control(void) {
  CHECK(dependent_kernel("sm_90") == 1);
  CHECK(dependent_kernel("sm_80") == -1);
  CHECK(dependent_kernel("gfx942") == -1);
  fly_kernel_grid_dependency_wait(NULL);
  fly_kernel_launch_dependents(NULL);
}

static void launch_argument_checks(void) {
  fly_compiled_t *c = doubler();
  CHECK(c != NULL);
  if (!c)
    return;
  float data[4] = {1, 2, 3, 4};
  int64_t shape[1] = {4}, shape2[2] = {2, 2};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {4, 1, 1}, 0, NULL};
  fly_arg_t good[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, good, 2) == FLY_OK);
  CHECK(data[3] == 8.0f);

  CHECK(fly_launch(c, "doubler", &cfg, good, 1) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "takes 2 arguments, got 1"));
  CHECK(fly_launch(c, "nope", &cfg, good, 2) == FLY_ERROR_INVALID_ARGUMENT);

  DLTensor wrong_dtype = t;
  wrong_dtype.dtype.bits = 64;
  fly_arg_t a1[2] = {{FLY_ARG_DLTENSOR, &wrong_dtype, 0, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a1, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "float64"));

  DLTensor wrong_rank = t;
  wrong_rank.ndim = 2;
  wrong_rank.shape = shape2;
  fly_arg_t a2[2] = {{FLY_ARG_DLTENSOR, &wrong_rank, 0, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a2, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "rank 1, got rank 2"));

  DLTensor on_gpu = t;
  on_gpu.device.device_type = kDLCUDA;
  fly_arg_t a3[2] = {{FLY_ARG_DLTENSOR, &on_gpu, 0, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a3, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "host memory"));

  fly_arg_t a4[2] = {{FLY_ARG_INT, NULL, 1, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a4, 2) == FLY_ERROR_LAUNCH);
  fly_arg_t a5[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0}, {FLY_ARG_FLOAT, NULL, 0, 4.0}};
  CHECK(fly_launch(c, "doubler", &cfg, a5, 2) == FLY_ERROR_LAUNCH);
  fly_arg_t a6[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0}, {FLY_ARG_INT, NULL, (int64_t)1 << 40, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a6, 2) == FLY_ERROR_LAUNCH);
  fly_arg_t a7[2] = {{FLY_ARG_DLTENSOR, NULL, 0, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a7, 2) == FLY_ERROR_LAUNCH);

  /* DLPack 1.x versioned tensors, and a version it does not know. */
  struct {
    uint32_t major, minor;
    void *ctx;
    void (*deleter)(void *);
    uint64_t flags;
    DLTensor dl_tensor;
  } versioned = {1, 0, NULL, NULL, 0, t};
  fly_arg_t a8[2] = {{FLY_ARG_DLMANAGED_VERSIONED, &versioned, 0, 0}, {FLY_ARG_INT, NULL, 4, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, a8, 2) == FLY_OK);
  CHECK(data[0] == 4.0f);
  versioned.major = 2;
  CHECK(fly_launch(c, "doubler", &cfg, a8, 2) == FLY_ERROR_LAUNCH);

  fly_launch_config_t zero = cfg;
  zero.block[0] = 0;
  CHECK(fly_launch(c, "doubler", &zero, good, 2) == FLY_ERROR_LAUNCH);
  fly_launch_config_t huge = cfg;
  huge.block[0] = 4096;
  CHECK(fly_launch(c, "doubler", &huge, good, 2) == FLY_ERROR_LAUNCH);
  fly_launch_config_t unsized = cfg;
  unsized.struct_size = 0;
  CHECK(fly_launch(c, "doubler", &unsized, good, 2) == FLY_ERROR_INVALID_ARGUMENT);

  fly_compiled_destroy(c);
  CHECK(fly_launch(c, "doubler", &cfg, good, 2) == FLY_ERROR_INVALID_HANDLE);
  CHECK(mentions(fly_last_error_message(), "already destroyed"));
  CHECK(fly_launch(NULL, "doubler", &cfg, good, 2) == FLY_ERROR_INVALID_HANDLE);
}

/* Prepared launches: the same kernel through fly_arg_t and through raw slots, outliving the
 * compiled module, and the slot checks. */
static void prepared_launches(void) {
  fly_compiled_t *c = doubler();
  CHECK(c != NULL);
  if (!c)
    return;
  fly_prepared_t *p = NULL;
  CHECK(fly_prepare_launch(c, "nope", &p) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "no kernel named 'nope'"));
  CHECK(fly_prepare_launch(c, "doubler", NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_prepare_launch(c, "doubler", &p) == FLY_OK);
  fly_compiled_destroy(c); /* the prepared launch keeps the code */
  CHECK(fly_prepared_num_slots(p) == 4); /* data, extent, stride; n */

  float data[5] = {1, 2, 3, 4, 5};
  int64_t shape[1] = {5};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {8, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0}, {FLY_ARG_INT, NULL, 5, 0}};
  CHECK(fly_prepared_launch(p, &cfg, args, 2) == FLY_OK);
  CHECK(data[4] == 10.0f);
  CHECK(fly_prepared_launch(p, &cfg, args, 1) == FLY_ERROR_LAUNCH);

  /* Slots: every other element (stride 2) of the first four, n = 2 in an i32's low bytes. */
  uint64_t slots[4] = {(uint64_t)(uintptr_t)data, 2, 2, 2};
  CHECK(fly_prepared_launch_slots(p, &cfg, slots, 4) == FLY_OK);
  CHECK(data[0] == 4.0f && data[1] == 4.0f && data[2] == 12.0f && data[3] == 8.0f);
  CHECK(fly_prepared_launch_slots(p, &cfg, slots, 3) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "takes 4 argument slots, got 3"));
  CHECK(fly_prepared_launch_slots(p, &cfg, NULL, 4) == FLY_ERROR_INVALID_ARGUMENT);
  uint64_t negative[4] = {(uint64_t)(uintptr_t)data, (uint64_t)-1, 1, 1};
  CHECK(fly_prepared_launch_slots(p, &cfg, negative, 4) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "negative extent"));
  uint64_t null_data[4] = {0, 3, 1, 1};
  CHECK(fly_prepared_launch_slots(p, &cfg, null_data, 4) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "data pointer is NULL"));
  uint64_t empty[4] = {0, 0, 1, 0}; /* no elements: a NULL pointer is fine */
  CHECK(fly_prepared_launch_slots(p, &cfg, empty, 4) == FLY_OK);
  CHECK(fly_prepared_launch_slots(p, NULL, slots, 4) == FLY_ERROR_INVALID_ARGUMENT);

  fly_prepared_destroy(p);
  CHECK(fly_prepared_launch_slots(p, &cfg, slots, 4) == FLY_ERROR_INVALID_HANDLE);
  CHECK(mentions(fly_last_error_message(), "already destroyed"));
  CHECK(fly_prepared_num_slots(p) == 0);
  CHECK(fly_prepared_launch(NULL, &cfg, args, 2) == FLY_ERROR_INVALID_HANDLE);
  fly_prepared_destroy(NULL);
}

/* Events: no GPU runtime here, so creating one says which is missing; bad arguments. */
static void event_errors(void) {
  fly_event_t *e = NULL;
  fly_status s = fly_event_create("cuda", 0, &e);
  CHECK(s == FLY_OK || s == FLY_ERROR_LAUNCH);
  if (s == FLY_OK) { /* a CUDA device is present: the event works */
    float ms = -1;
    CHECK(fly_event_record(e, NULL) == FLY_OK && fly_event_synchronize(e) == FLY_OK);
    CHECK(fly_event_elapsed_ms(e, e, &ms) == FLY_OK && ms == 0.0f);
    fly_event_destroy(e);
  } else {
    CHECK(mentions(fly_last_error_message(), "CUDA"));
  }
  s = fly_event_create("rocm", 0, &e);
  CHECK(s == FLY_OK || (s == FLY_ERROR_LAUNCH && mentions(fly_last_error_message(), "HIP")));
  if (s == FLY_OK)
    fly_event_destroy(e);
  CHECK(fly_event_create("cpu", 0, &e) == FLY_ERROR_UNSUPPORTED);
  CHECK(mentions(fly_last_error_message(), "host clock"));
  CHECK(fly_event_create("tpu", 0, &e) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_event_create("cuda", -1, &e) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_event_create(NULL, 0, &e) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_event_create("cuda", 0, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  float ms;
  CHECK(fly_event_record(NULL, NULL) == FLY_ERROR_INVALID_HANDLE);
  CHECK(fly_event_synchronize(NULL) == FLY_ERROR_INVALID_HANDLE);
  CHECK(fly_event_elapsed_ms(NULL, NULL, &ms) == FLY_ERROR_INVALID_HANDLE);
  fly_event_destroy(NULL);
}

static void builder_errors(void) {
  fly_module_t *m, *other;
  fly_kernel_t *k, *k2;
  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_module_create(&other) == FLY_OK);
  CHECK(fly_kernel_create(m, "k", &k) == FLY_OK);
  CHECK(fly_kernel_create(m, "k", &k2) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_kernel_create(m, "bad name", &k2) == FLY_ERROR_INVALID_ARGUMENT);

  /* A value of another kernel: sticky error, reported at finish and compile. */
  fly_kernel_t *ko;
  CHECK(fly_kernel_create(other, "o", &ko) == FLY_OK);
  fly_value_t *foreign = fly_const_int(ko, FLY_I32, 1);
  fly_value_t *mine = fly_const_int(k, FLY_I32, 1);
  CHECK(fly_binary(k, FLY_ADD, mine, foreign) == NULL);
  CHECK(mentions(fly_kernel_error(k), "another kernel"));
  CHECK(fly_binary(k, FLY_ADD, mine, mine) == NULL); /* sticky: later ops do nothing */
  CHECK(fly_kernel_finish(k) == FLY_ERROR_COMPILE);
  fly_compiled_t *c = NULL;
  CHECK(fly_compile(m, NULL, &c) == FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "another kernel"));

  /* Type errors, NULL values, a value from a finished loop. */
  fly_kernel_t *t;
  CHECK(fly_kernel_create(other, "types", &t) == FLY_OK);
  CHECK(fly_binary(t, FLY_ADD, fly_const_int(t, FLY_I32, 1), fly_const_float(t, FLY_F32, 1)) == NULL);
  CHECK(mentions(fly_kernel_error(t), "one type"));
  fly_kernel_t *t2;
  CHECK(fly_kernel_create(other, "nulls", &t2) == FLY_OK);
  CHECK(fly_unary(t2, FLY_EXP, NULL) == NULL);
  CHECK(mentions(fly_kernel_error(t2), "NULL"));
  fly_kernel_t *t3;
  CHECK(fly_kernel_create(other, "scope", &t3) == FLY_OK);
  fly_value_t *zero = fly_const_int(t3, FLY_I32, 0), *one = fly_const_int(t3, FLY_I32, 1);
  fly_value_t *iv = fly_for_begin(t3, zero, one, one, NULL, 0, NULL);
  fly_for_end(t3, NULL, 0, NULL);
  CHECK(fly_binary(t3, FLY_ADD, iv, one) == NULL);
  CHECK(mentions(fly_kernel_error(t3), "loop or branch that has ended"));

  /* An unfinished kernel cannot be compiled; an open loop cannot be finished. */
  fly_module_t *m2;
  fly_kernel_t *open;
  CHECK(fly_module_create(&m2) == FLY_OK);
  CHECK(fly_kernel_create(m2, "open", &open) == FLY_OK);
  fly_value_t *z = fly_const_int(open, FLY_I32, 0);
  CHECK(fly_compile(m2, NULL, &c) == FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "not finished"));
  fly_for_begin(open, z, z, z, NULL, 0, NULL);
  CHECK(fly_kernel_finish(open) == FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "still open"));

  /* Enum arguments outside their enums are builder errors, not undefined behaviour. */
  const int bad_enums[] = {-1, 99, 1 << 30};
  for (int i = 0; i < 3; ++i) {
    fly_kernel_t *e;
    CHECK(fly_kernel_create(m2, i == 0 ? "e0" : i == 1 ? "e1" : "e2", &e) == FLY_OK);
    fly_value_t *one = fly_const_int(e, FLY_I32, 1);
    CHECK(fly_const_int(e, bad_enums[i], 1) == NULL || fly_kernel_error(e) != NULL);
    fly_binary(e, bad_enums[i], one, one);
    fly_compare(e, bad_enums[i], one, one);
    fly_gpu_index(e, bad_enums[i], 0);
    CHECK(fly_kernel_error(e) != NULL);
    CHECK(fly_kernel_finish(e) != FLY_OK);
  }

  /* A ballot takes an i1 and gives 32 or 64 bits. */
  fly_kernel_t *v1, *v2, *v3;
  CHECK(fly_kernel_create(m2, "ballot_of_i32", &v1) == FLY_OK);
  CHECK(fly_ballot(v1, fly_const_int(v1, FLY_I32, 1), 64) == NULL);
  CHECK(mentions(fly_kernel_error(v1), "ballot takes an i1 predicate"));
  CHECK(fly_kernel_create(m2, "ballot_of_16_bits", &v2) == FLY_OK);
  CHECK(fly_ballot(v2, fly_const_int(v2, FLY_I1, 1), 16) == NULL);
  CHECK(mentions(fly_kernel_error(v2), "an i32 or an i64 lane mask, not 16 bits"));
  CHECK(fly_kernel_create(m2, "ballot_of_null", &v3) == FLY_OK);
  CHECK(fly_ballot(v3, NULL, 32) == NULL);
  CHECK(mentions(fly_kernel_error(v3), "NULL"));

  /* Unsupported arch and target names. */
  fly_module_t *m3;
  fly_kernel_t *fine;
  CHECK(fly_module_create(&m3) == FLY_OK);
  CHECK(fly_kernel_create(m3, "fine", &fine) == FLY_OK);
  CHECK(fly_kernel_finish(fine) == FLY_OK);
  fly_compile_options_t o = {sizeof(o), "cpu", "gfx9999x", 2, NULL, 0};
  o.arch = "banana";
  CHECK(fly_compile(m3, &o, &c) == FLY_ERROR_UNSUPPORTED);
  CHECK(mentions(fly_last_error_message(), "banana"));
  o.arch = NULL;
  o.target = "tpu";
  CHECK(fly_compile(m3, &o, &c) == FLY_ERROR_INVALID_ARGUMENT);
  o.target = "cpu";
  o.arch = "gfx1201";
  CHECK(fly_compile(m3, &o, &c) == FLY_OK);
  CHECK(strcmp(fly_compiled_arch(c), "gfx1201") == 0);
  fly_compiled_destroy(c);

  fly_module_destroy(m);
  fly_module_destroy(other);
  fly_module_destroy(m2);
  fly_module_destroy(m3);
  CHECK(fly_kernel_create(m, "late", &k) == FLY_ERROR_INVALID_HANDLE);
  CHECK(fly_const_int(k, FLY_I32, 1) == NULL); /* a kernel of a destroyed module */
  CHECK(mentions(fly_last_error_message(), "destroyed"));
}

/* The lanes from 16 on of each wave wait at a shuffle (whose value is stored) while the wave's
 * others wait at the barrier: neither can complete. Threads that return early instead do not
 * hold the barrier up, as on the hardware. */
static void deadlock_is_an_error(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "stuck", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *low = fly_compare(k, FLY_LT, fly_lane_id(k), fly_const_int(k, FLY_I32, 16));
  fly_if_begin(k, low, NULL, 0);
  fly_barrier(k);
  fly_if_else(k, NULL, 0);
  fly_value_t *other = fly_shuffle(k, FLY_SHUFFLE_XOR, tid, fly_const_int(k, FLY_I32, 1),
                                   fly_const_int(k, FLY_I32, 64));
  fly_store(k, out, other, &tid, 1, NULL);
  fly_if_end(k, NULL, 0, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  CHECK(fly_kernel_create(m, "early_return", &k) == FLY_OK);
  tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_if_begin(k, fly_compare(k, FLY_LT, tid, fly_const_int(k, FLY_I32, 32)), NULL, 0);
  fly_barrier(k);
  fly_if_end(k, NULL, 0, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  int32_t data[64] = {0};
  int64_t shape[1] = {64};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, shape, NULL, 0};
  fly_arg_t args[1] = {{FLY_ARG_DLTENSOR, &t, 0, 0}};
  fly_launch_config_t cfg = {sizeof(cfg), {2, 1, 1}, {64, 1, 1}, 0, NULL};
  CHECK(fly_launch(c, "stuck", &cfg, args, 1) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "can never complete"));
  CHECK(fly_launch(c, "early_return", &cfg, NULL, 0) == FLY_OK);
  /* Still usable: a block where every thread reaches the barrier runs. */
  cfg.block[0] = 16;
  CHECK(fly_launch(c, "stuck", &cfg, args, 1) == FLY_OK);
  fly_compiled_destroy(c);
  fly_module_destroy(m);
}

/* rotate(out, n): each thread writes its id into dynamic shared memory (after 3 bytes of
 * static shared memory), then stores its neighbour's. With `bad`, one op gets a NULL count. */
static fly_kernel_t *build_rotate(fly_module_t *m, int bad) {
  fly_kernel_t *k;
  CHECK(fly_kernel_create(m, "rotate", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_value_t *fixed = fly_shared_tensor(k, FLY_I8, 3, 1);
  fly_value_t *dyn = fly_dynamic_shared_tensor(k, FLY_I32, n);
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_store(k, fixed, fly_cast(k, tid, FLY_I8), &zero, 1, NULL);
  fly_store(k, dyn, tid, &tid, 1, NULL);
  fly_barrier(k);
  fly_value_t *next =
      fly_binary(k, FLY_REM, fly_binary(k, FLY_ADD, tid, fly_const_int(k, FLY_I32, 1)), n);
  fly_store(k, out, fly_load(k, dyn, &next, 1, NULL), &tid, 1, NULL);
  if (bad)
    CHECK(fly_dynamic_shared_tensor(k, FLY_I32, NULL) == NULL); /* sticky error from here */
  return k;
}

/* Tensors carved from dynamic shared memory: launches need no dynamic_smem, and a bad request
 * is a sticky error, not a crash. */
static void dynamic_shared_arena(void) {
  fly_module_t *m;
  CHECK(fly_module_create(&m) == FLY_OK);
  fly_kernel_t *bad, *empty, *k;
  CHECK(fly_kernel_create(m, "overaligned", &bad) == FLY_OK);
  CHECK(fly_dynamic_shared_allocate(bad, FLY_F32, 8, 2 * FLY_MAX_SHARED_ALIGN) == NULL);
  CHECK(fly_kernel_finish(bad) != FLY_OK);
  CHECK(mentions(fly_last_error_message(), "alignment of at most 4096"));
  CHECK(fly_kernel_create(m, "empty", &empty) == FLY_OK);
  CHECK(fly_dynamic_shared_allocate(empty, FLY_F32, 0, 4) == NULL);
  CHECK(fly_kernel_finish(empty) != FLY_OK);
  fly_module_destroy(m);

  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "swap", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *a = fly_dynamic_shared_allocate(k, FLY_I8, 3, 1);
  fly_value_t *b = fly_dynamic_shared_allocate(k, FLY_I32, 32, 16); /* at byte 16 */
  fly_value_t *tid = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_store(k, a, fly_const_int(k, FLY_I8, 7), &zero, 1, NULL);
  fly_store(k, b, tid, &tid, 1, NULL);
  fly_barrier(k);
  fly_value_t *other = fly_binary(k, FLY_SUB, fly_const_int(k, FLY_I32, 31), tid);
  fly_value_t *seven = fly_cast(k, fly_load(k, a, &zero, 1, NULL), FLY_I32);
  fly_store(k, out, fly_binary(k, FLY_ADD, fly_load(k, b, &other, 1, NULL), seven), &tid, 1, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  fly_compiled_t *c = NULL;
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  int32_t data[32] = {0};
  int64_t shape[1] = {32};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, shape, NULL, 0};
  fly_arg_t args[1] = {{FLY_ARG_DLTENSOR, &t, 0, 0.0}};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {32, 1, 1}, 0, NULL};
  CHECK(fly_launch(c, "swap", &cfg, args, 1) == FLY_OK);
  int ok = 1;
  for (int i = 0; i < 32; ++i)
    ok &= data[i] == 31 - i + 7;
  CHECK(ok);
  fly_compiled_destroy(c);
  fly_module_destroy(m);
}

static void dynamic_shared_memory(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK);
  k = build_rotate(m, 1);
  CHECK(fly_kernel_finish(k) != FLY_OK);
  CHECK(mentions(fly_last_error_message(), "element count is NULL"));
  fly_module_destroy(m);

  CHECK(fly_module_create(&m) == FLY_OK);
  k = build_rotate(m, 0);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  int32_t data[48] = {0};
  int64_t shape[1] = {48};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, shape, NULL, 0};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0.0}, {FLY_ARG_INT, NULL, 48, 0.0}};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {48, 1, 1}, 48 * sizeof(int32_t), NULL};
  CHECK(fly_launch(c, "rotate", &cfg, args, 2) == FLY_OK);
  int ok = 1;
  for (int i = 0; i < 48; ++i)
    ok &= data[i] == (i + 1) % 48;
  CHECK(ok);
  /* The code object of a cpu module is an ELF relocatable object. */
  const void *bytes = NULL;
  size_t size = 0;
  CHECK(fly_compiled_binary(c, &bytes, &size) == FLY_OK);
  CHECK(size > 4 && memcmp(bytes, "\177ELF", 4) == 0);
  CHECK(fly_compiled_binary(c, NULL, &size) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_compiled_binary(NULL, &bytes, &size) == FLY_ERROR_INVALID_HANDLE);

  /* rocm and cuda code: compiled here; launched only where the runtime and a device are. */
  fly_compiled_t *gpu = NULL;
  fly_compile_options_t rocm = {sizeof(rocm), "rocm", "gfx942", 2, NULL, 0};
  CHECK(fly_compile(m, &rocm, &gpu) == FLY_OK);
  CHECK(fly_compiled_binary(gpu, &bytes, &size) == FLY_OK && memcmp(bytes, "\177ELF", 4) == 0);
  CHECK(strcmp(fly_compiled_target(gpu), "rocm") == 0);
  CHECK(fly_launch(gpu, "rotate", &cfg, args, 2) == FLY_ERROR_LAUNCH); /* host memory */
  CHECK(mentions(fly_last_error_message(), "kDLROCM"));
  /* Claims HIP device memory: without the HIP runtime or a device that is what is said, with
   * one the host pointer is found out. */
  t.device.device_type = kDLROCM;
  CHECK(fly_launch(gpu, "rotate", &cfg, args, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "HIP runtime (libamdhip64.so) cannot be loaded") ||
        mentions(fly_last_error_message(), "no HIP device") ||
        mentions(fly_last_error_message(), "not HIP device memory"));
  t.device.device_type = kDLCPU;
  fly_compiled_destroy(gpu);
  fly_compile_options_t cuda = {sizeof(cuda), "cuda", "sm_90", 2, NULL, 0};
  CHECK(fly_compile(m, &cuda, &gpu) == FLY_OK);
  CHECK(fly_compiled_binary(gpu, &bytes, &size) == FLY_OK && mentions(bytes, ".target sm_90"));
  CHECK(fly_launch(gpu, "rotate", &cfg, args, 2) == FLY_ERROR_LAUNCH); /* host memory */
  CHECK(mentions(fly_last_error_message(), "kDLCUDA"));
  /* Claims device memory but holds host memory: without a driver that is what is said, with
   * one the pointer is found out. */
  t.device.device_type = kDLCUDA;
  CHECK(fly_launch(gpu, "rotate", &cfg, args, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "libcuda.so.1") ||
        mentions(fly_last_error_message(), "no CUDA device") ||
        mentions(fly_last_error_message(), "is not CUDA device memory"));
  t.device.device_type = kDLCPU;
  fly_compiled_destroy(gpu);
  fly_compile_options_t wrong = {sizeof(wrong), "cuda", "gfx942", 2, NULL, 0};
  CHECK(fly_compile(m, &wrong, &gpu) == FLY_ERROR_UNSUPPORTED);
  wrong.target = "rocm";
  wrong.arch = "gfx123456";
  CHECK(fly_compile(m, &wrong, &gpu) == FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "gfx123456"));
  char *ir = NULL;
  CHECK(fly_module_lowered_ir(m, &rocm, &ir) == FLY_OK && mentions(ir, "rocdl.kernel"));
  fly_string_free(ir);
  fly_compiled_destroy(c);
  fly_module_destroy(m);
}

/* A kernel of one thread: the i32 tensor holds n; a while loop counts halvings of n into
 * out[0], a 4-lane vector round trip fills out[1..4], and buffer loads read past the end. */
static void vectors_buffers_while(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "ops", &k) == FLY_OK);
  fly_value_t *x = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0), *one = fly_const_int(k, FLY_I32, 1);
  fly_value_t *inits[2] = {fly_load(k, x, &zero, 1, NULL), zero}, *before[2], *body[2], *res[2];
  fly_while_begin(k, inits, 2, before);
  fly_while_do(k, fly_compare(k, FLY_GT, before[0], one), body, 2);
  fly_value_t *next[2] = {fly_binary(k, FLY_DIV, body[0], fly_const_int(k, FLY_I32, 2)),
                          fly_binary(k, FLY_ADD, body[1], one)};
  fly_while_end(k, next, 2, res);
  fly_store(k, x, res[1], &zero, 1, NULL);
  /* Lanes 10, 20, 30, 40; lane 2 replaced by the count; stored at 1..4. */
  fly_value_t *e[4];
  for (int i = 0; i < 4; ++i)
    e[i] = fly_const_int(k, FLY_I32, 10 * (i + 1));
  fly_value_t *vec = fly_vector_from_elements(k, e, 4);
  CHECK(fly_value_lanes(k, vec) == 4 && fly_value_lanes(k, res[1]) == 1);
  vec = fly_vector_insert(k, vec, res[1], fly_const_int(k, FLY_I32, 2));
  fly_store(k, x, vec, &one, 1, NULL);
  /* out[5] = buffer x[4] + buffer x[100] (out of range: 0). */
  fly_value_t *r = fly_buffer_resource(k, x);
  fly_value_t *b = fly_binary(k, FLY_ADD, fly_buffer_load(k, r, fly_const_int(k, FLY_I32, 4), 1),
                              fly_buffer_load(k, r, fly_const_int(k, FLY_I32, 100), 1));
  fly_buffer_store(k, r, b, fly_const_int(k, FLY_I32, 5));
  fly_buffer_store(k, r, b, fly_const_int(k, FLY_I32, 6)); /* past the end: dropped */
  fly_printf(k, "ops: %d halvings\n", &res[1], 1);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  int32_t data[7] = {1000, -1, -1, -1, -1, -1, 77};
  int64_t shape[1] = {6}; /* the kernel sees 6 elements; data[6] is a guard */
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof cfg, {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[1] = {{FLY_ARG_DLTENSOR, &t, 0, 0}};
  CHECK(fly_launch(c, "ops", &cfg, args, 1) == FLY_OK);
  CHECK(data[0] == 9);                                     /* 1000 -> 1 in 9 halvings */
  CHECK(data[1] == 10 && data[2] == 20 && data[3] == 9 && data[4] == 40);
  CHECK(data[5] == 40 && data[6] == 77);
  fly_compiled_destroy(c);

  /* Misuse: clear builder errors. */
  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "bad_lanes", &bad) == FLY_OK);
  fly_value_t *y = fly_kernel_tensor_param(bad, FLY_F32, 1);
  fly_value_t *z = fly_const_int(bad, FLY_I32, 0);
  CHECK(fly_vector_load(bad, y, &z, 1, 1025, NULL) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "1..1024 lanes"));
  CHECK(fly_kernel_create(m, "bad_mix", &bad) == FLY_OK);
  fly_value_t *mix[2] = {fly_const_int(bad, FLY_I32, 1), fly_const_float(bad, FLY_F32, 1.0)};
  CHECK(fly_vector_from_elements(bad, mix, 2) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "i32 and f32"));
  CHECK(fly_kernel_create(m, "bad_shuffle_mix", &bad) == FLY_OK);
  int64_t lanes01[2] = {0, 1}, lane2[1] = {2};
  mix[0] = fly_const_int(bad, FLY_I32, 1);
  mix[1] = fly_const_float(bad, FLY_F32, 1.0);
  CHECK(fly_vector_shuffle(bad, mix[0], mix[1], lanes01, 2) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "one dtype, got i32 and f32"));
  CHECK(fly_kernel_create(m, "bad_shuffle_lane", &bad) == FLY_OK);
  mix[0] = fly_const_int(bad, FLY_I32, 1);
  CHECK(fly_vector_shuffle(bad, mix[0], mix[0], lane2, 1) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "entry 2 is not a lane of 0..1"));
  CHECK(fly_kernel_create(m, "bad_shuffle_mask", &bad) == FLY_OK);
  mix[0] = fly_const_int(bad, FLY_I32, 1);
  CHECK(fly_vector_shuffle(bad, mix[0], mix[0], NULL, 2) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "mask is NULL"));
  CHECK(fly_kernel_create(m, "bad_shuffle_empty", &bad) == FLY_OK);
  mix[0] = fly_const_int(bad, FLY_I32, 1);
  CHECK(fly_vector_shuffle(bad, mix[0], mix[0], lanes01, 0) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "at least one lane"));
  CHECK(fly_kernel_create(m, "bad_while", &bad) == FLY_OK);
  fly_value_t *w = fly_const_int(bad, FLY_I32, 1);
  fly_while_end(bad, &w, 1, NULL);
  CHECK(mentions(fly_kernel_error(bad), "without a matching while_begin"));
  CHECK(fly_kernel_create(m, "bad_while2", &bad) == FLY_OK);
  fly_value_t *wb;
  fly_while_begin(bad, NULL, 0, &wb);
  fly_while_end(bad, NULL, 0, NULL);
  CHECK(mentions(fly_kernel_error(bad), "before while_do"));
  CHECK(fly_kernel_create(m, "bad_buffer", &bad) == FLY_OK);
  fly_value_t *s = fly_const_int(bad, FLY_I32, 1);
  CHECK(fly_buffer_resource(bad, s) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "scalar where a tensor is needed"));
  CHECK(fly_kernel_create(m, "bad_printf", &bad) == FLY_OK);
  fly_printf(bad, NULL, NULL, 0);
  CHECK(mentions(fly_kernel_error(bad), "NULL"));
  CHECK(fly_kernel_finish(bad) == FLY_ERROR_INVALID_ARGUMENT || fly_kernel_error(bad) != NULL);
  fly_module_destroy(m);
}

/* A float argument is rounded once to its parameter's type: an int64 straight
 * to f32, not through a double; a double straight to bf16, not through a float.
 * Each value below lies just past a tie, where rounding twice lands one step
 * below the nearest value. */
static void float_arguments_round_once(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "narrow", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *a = fly_kernel_scalar_param(k, FLY_F32);
  fly_value_t *b = fly_kernel_scalar_param(k, FLY_BF16);
  fly_value_t *i0 = fly_const_int(k, FLY_INDEX, 0), *i1 = fly_const_int(k, FLY_INDEX, 1);
  fly_store(k, out, a, &i0, 1, NULL);
  fly_store(k, out, fly_cast(k, b, FLY_F32), &i1, 1, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  fly_module_destroy(m);
  float data[2] = {0, 0};
  int64_t shape[1] = {2};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[3] = {{FLY_ARG_DLTENSOR, &t, 0, 0},
                       {FLY_ARG_INT, NULL, 2751698685128605574LL, 0},
                       {FLY_ARG_FLOAT, NULL, 0, 1.0 + 0x1p-8 + 0x1p-30}};
  CHECK(fly_launch(c, "narrow", &cfg, args, 3) == FLY_OK);
  CHECK(data[0] == 2751698547689652224.0f && data[1] == 1.0f + 0x1p-7f);
  args[1] = (fly_arg_t){FLY_ARG_FLOAT, NULL, 0, 0x1p-149 * 0.75}; /* a subnormal f32 */
  args[2] = (fly_arg_t){FLY_ARG_INT, NULL, (1LL << 30) + (1LL << 22) + 1, 0};
  CHECK(fly_launch(c, "narrow", &cfg, args, 3) == FLY_OK);
  CHECK(data[0] == 0x1p-149f && data[1] == 0x1p30f + 0x1p23f);
  args[2].i = INT64_MIN; /* -2^63 fits bf16 exactly */
  CHECK(fly_launch(c, "narrow", &cfg, args, 3) == FLY_OK && data[1] == -0x1p63f);
  args[2] = (fly_arg_t){FLY_ARG_FLOAT, NULL, 0, 3.3962e38}; /* rounds past bf16's largest */
  CHECK(fly_launch(c, "narrow", &cfg, args, 3) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "does not fit bf16"));
  fly_compiled_destroy(c);
}

/* fly_cast_rounded: 1 + 2^-11 lies halfway between the f16 values 1 and 1 + 2^-10, so each
 * mode picks its side; integers and unknown modes are kernel errors. */
static void cast_rounded(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "rounded", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *x = fly_kernel_scalar_param(k, FLY_F32);
  for (int mode = 0; mode <= 4; ++mode) {
    fly_value_t *i = fly_const_int(k, FLY_INDEX, mode);
    fly_value_t *h = fly_cast_rounded(k, x, FLY_F16, mode);
    fly_store(k, out, fly_cast(k, h, FLY_F32), &i, 1, NULL);
  }
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  fly_module_destroy(m);
  float data[5] = {0};
  int64_t shape[1] = {5};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0}, {FLY_ARG_FLOAT, NULL, 0, -(1.0 + 0x1p-11)}};
  CHECK(fly_launch(c, "rounded", &cfg, args, 2) == FLY_OK);
  float down = -(1.0f + 0x1p-10f);
  CHECK(data[FLY_ROUND_TO_NEAREST_EVEN] == -1.0f && data[FLY_ROUND_DOWNWARD] == down);
  CHECK(data[FLY_ROUND_UPWARD] == -1.0f && data[FLY_ROUND_TOWARD_ZERO] == -1.0f);
  CHECK(data[FLY_ROUND_TO_NEAREST_AWAY] == down);
  fly_compiled_destroy(c);

  const struct {
    int from, to, mode;
    const char *message;
  } mistakes[] = {{FLY_I32, FLY_F16, FLY_ROUND_UPWARD, "between floats, not i32 to f16"},
                  {FLY_F32, FLY_I8, FLY_ROUND_UPWARD, "between floats, not f32 to i8"},
                  {FLY_F32, FLY_F16, 5, "unknown rounding mode 5"},
                  {FLY_F32, FLY_F16, -1, "unknown rounding mode -1"}};
  for (size_t n = 0; n < sizeof(mistakes) / sizeof(mistakes[0]); ++n) {
    CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "bad", &k) == FLY_OK);
    fly_value_t *v = fly_kernel_scalar_param(k, mistakes[n].from);
    CHECK(fly_cast_rounded(k, v, mistakes[n].to, mistakes[n].mode) == NULL);
    CHECK(mentions(fly_kernel_error(k), mistakes[n].message));
    fly_module_destroy(m);
  }
  CHECK(fly_cast_rounded(NULL, NULL, FLY_F16, 0) == NULL);
}

/* fly_cast_ext reads integers as unsigned where its flags say: 0xF0 as an unsigned byte
 * widens to 240 and converts to 240.0f, where fly_cast gives -16; 250.0f converts to the
 * unsigned byte 250. Unknown flags are an error. */
static void unsigned_casts(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "widen", &k) == FLY_OK);
  fly_value_t *ints = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *flts = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *bytes = fly_kernel_tensor_param(k, FLY_I8, 1);
  fly_value_t *i[3];
  for (int n = 0; n < 3; ++n)
    i[n] = fly_const_int(k, FLY_INDEX, n);
  fly_value_t *b = fly_load(k, bytes, &i[0], 1, NULL);
  fly_store(k, ints, fly_cast_ext(k, b, FLY_I32, FLY_CAST_FROM_UNSIGNED), &i[0], 1, NULL);
  fly_store(k, ints, fly_cast(k, b, FLY_I32), &i[1], 1, NULL);
  fly_store(k, flts, fly_cast_ext(k, b, FLY_F32, FLY_CAST_FROM_UNSIGNED), &i[0], 1, NULL);
  fly_value_t *f = fly_const_float(k, FLY_F32, 250.0);
  fly_store(k, bytes, fly_cast_ext(k, f, FLY_I8, FLY_CAST_TO_UNSIGNED), &i[1], 1, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  int32_t iv[2] = {0, 0};
  float fv[1] = {0};
  uint8_t bv[2] = {0xF0, 0};
  int64_t two[1] = {2}, one[1] = {1};
  DLTensor ti = {iv, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, two, NULL, 0};
  DLTensor tf = {fv, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, one, NULL, 0};
  DLTensor tb = {bv, {kDLCPU, 0}, 1, {kDLUInt, 8, 1}, two, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[3] = {
      {FLY_ARG_DLTENSOR, &ti, 0, 0}, {FLY_ARG_DLTENSOR, &tf, 0, 0}, {FLY_ARG_DLTENSOR, &tb, 0, 0}};
  CHECK(fly_launch(c, "widen", &cfg, args, 3) == FLY_OK);
  CHECK(iv[0] == 240 && iv[1] == -16 && fv[0] == 240.0f && bv[1] == 250);
  fly_compiled_destroy(c);

  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "bad_flags", &bad) == FLY_OK);
  CHECK(fly_cast_ext(bad, fly_const_int(bad, FLY_I8, 1), FLY_I32, 4) == NULL);
  CHECK(fly_kernel_finish(bad) != FLY_OK && mentions(fly_kernel_error(bad), "unknown flags 4"));
  fly_module_destroy(m);
}

/* The math functions beyond fly_unary (powi, clamp, sincos, float class tests) and the
 * fast-math flags: results on the cpu target, the flags in the module text, and each misuse
 * refused with its reason. */
/* Philox's published known answers (zero key and counter, ten rounds) on the host and in a
 * kernel, the kernel's uniform and normal values against the host's, and wrong operands. */
static void random_numbers(void) {
  const uint64_t zero2[2] = {0, 0}, zero4[4] = {0, 0, 0, 0};
  uint64_t w[4];
  CHECK(fly_philox_host(32, zero2, zero4, 10, w) == FLY_OK);
  CHECK(w[0] == 0x6627e8d5u && w[1] == 0xe169c58du && w[2] == 0xbc57ac4cu && w[3] == 0x9b00dbd8u);
  CHECK(fly_philox_host(64, zero2, zero4, 10, w) == FLY_OK);
  CHECK(w[0] == 0x16554d9eca36314cull && w[1] == 0xdb20fe9d672d0fdcull &&
        w[2] == 0xd7e772cee186176bull && w[3] == 0x7e68b68aec7ba23bull);
  CHECK(fly_philox_host(16, zero2, zero4, 10, w) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "32 or 64 are offered"));
  CHECK(fly_philox_host(32, zero2, zero4, 65, w) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_philox_host(32, NULL, zero4, 10, w) == FLY_ERROR_INVALID_ARGUMENT);
  float u = -1, n[2] = {0, 0};
  CHECK(fly_uniform_from_bits_host(32, 0xffffffffu, &u) == FLY_OK && u == 0.0f);
  CHECK(fly_uniform_from_bits_host(32, 0x7fffffffu, &u) == FLY_OK && u > 0.99f && u <= 1.0f);
  CHECK(fly_uniform_from_bits_host(8, 1, &u) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_normal_pair_host(0.5f, 0.25f, n) == FLY_OK);
  CHECK(fabsf(n[0]) < 1e-6f && fabsf(n[1] - 1.1774100f) < 1e-5f); /* r = sqrt(2 ln 2) */

  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "philox", &k) == FLY_OK);
  fly_value_t *words = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *reals = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *key[2] = {fly_const_int(k, FLY_I32, 7), fly_const_int(k, FLY_I32, 0)};
  fly_value_t *counter[4] = {fly_const_int(k, FLY_I32, 11), fly_const_int(k, FLY_I32, 0),
                             fly_const_int(k, FLY_I32, 0), fly_const_int(k, FLY_I32, 0)};
  fly_value_t *out[4] = {NULL, NULL, NULL, NULL}, *normal[2] = {NULL, NULL};
  fly_philox(k, key, counter, 10, out);
  CHECK(out[0] && out[3]);
  fly_value_t *uniform = fly_uniform_from_bits(k, out[0]);
  fly_normal_pair(k, uniform, fly_uniform_from_bits(k, out[1]), normal);
  CHECK(normal[0] && normal[1]);
  for (int i = 0; i < 4; ++i) {
    fly_value_t *at = fly_const_int(k, FLY_INDEX, i);
    fly_store(k, words, out[i], &at, 1, NULL);
  }
  fly_value_t *at[3] = {fly_const_int(k, FLY_INDEX, 0), fly_const_int(k, FLY_INDEX, 1),
                        fly_const_int(k, FLY_INDEX, 2)};
  fly_store(k, reals, uniform, &at[0], 1, NULL);
  fly_store(k, reals, normal[0], &at[1], 1, NULL);
  fly_store(k, reals, normal[1], &at[2], 1, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  uint32_t got[4] = {0};
  float gotf[3] = {0};
  int64_t four[1] = {4}, three[1] = {3};
  DLTensor tw = {got, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, four, NULL, 0};
  DLTensor tr = {gotf, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, three, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &tw, 0, 0}, {FLY_ARG_DLTENSOR, &tr, 0, 0}};
  CHECK(fly_launch(c, "philox", &cfg, args, 2) == FLY_OK);
  const uint64_t hkey[2] = {7, 0}, hcounter[4] = {11, 0, 0, 0};
  CHECK(fly_philox_host(32, hkey, hcounter, 10, w) == FLY_OK);
  CHECK(got[0] == w[0] && got[1] == w[1] && got[2] == w[2] && got[3] == w[3]);
  float u0, u1, pair[2];
  CHECK(fly_uniform_from_bits_host(32, w[0], &u0) == FLY_OK && gotf[0] == u0);
  CHECK(fly_uniform_from_bits_host(32, w[1], &u1) == FLY_OK);
  CHECK(fly_normal_pair_host(u0, u1, pair) == FLY_OK);
  CHECK(fabsf(gotf[1] - pair[0]) < 1e-5f && fabsf(gotf[2] - pair[1]) < 1e-5f);
  fly_compiled_destroy(c);

  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "bad_philox", &bad) == FLY_OK);
  fly_value_t *mixed[4] = {fly_const_int(bad, FLY_I32, 1), fly_const_int(bad, FLY_I64, 2),
                           fly_const_int(bad, FLY_I32, 3), fly_const_int(bad, FLY_I32, 4)};
  fly_value_t *own_key[2] = {mixed[0], mixed[0]};
  fly_philox(bad, own_key, mixed, 10, out);
  CHECK(out[0] == NULL && mentions(fly_kernel_error(bad), "all i32 (4x32) or all i64"));
  fly_kernel_t *bad2;
  CHECK(fly_kernel_create(m, "bad_uniform", &bad2) == FLY_OK);
  CHECK(fly_uniform_from_bits(bad2, fly_const_float(bad2, FLY_F32, 1.0)) == NULL);
  CHECK(mentions(fly_kernel_error(bad2), "i32 or i64 word"));
  fly_module_destroy(m);
}

static void math_functions_and_fastmath(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "mathfn", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *flags = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *i[6];
  for (int n = 0; n < 6; ++n)
    i[n] = fly_const_int(k, FLY_INDEX, n);
  fly_value_t *x = fly_const_float(k, FLY_F32, 1.5);
  CHECK(fly_kernel_set_fastmath(k, FLY_FASTMATH_NNAN | FLY_FASTMATH_CONTRACT) == FLY_OK);
  fly_store(k, out, fly_powi(k, x, fly_const_int(k, FLY_I32, 3)), &i[0], 1, NULL);
  CHECK(fly_kernel_set_fastmath(k, FLY_FASTMATH_NONE) == FLY_OK);
  fly_store(k, out,
            fly_clamp(k, x, fly_const_float(k, FLY_F32, -1.0), fly_const_float(k, FLY_F32, 1.0)),
            &i[1], 1, NULL);
  fly_value_t *s = NULL, *co = NULL;
  fly_sincos(k, fly_const_float(k, FLY_F32, 0.0), &s, &co);
  CHECK(s != NULL && co != NULL);
  fly_store(k, out, s, &i[2], 1, NULL);
  fly_store(k, out, co, &i[3], 1, NULL);
  fly_store(k, out, fly_binary(k, FLY_MAXNUM, x, fly_const_float(k, FLY_F32, 2.0)), &i[4], 1, NULL);
  fly_value_t *inf = fly_binary(k, FLY_DIV, x, fly_const_float(k, FLY_F32, 0.0));
  fly_store(k, flags, fly_cast(k, fly_float_class_test(k, FLY_ISINF, inf), FLY_I32), &i[0], 1,
            NULL);
  fly_store(k, flags, fly_powi(k, fly_const_int(k, FLY_I32, -2), fly_const_int(k, FLY_I32, 5)),
            &i[1], 1, NULL);
  CHECK(fly_kernel_finish(k) == FLY_OK);
  char *text = NULL;
  CHECK(fly_module_to_string(m, &text) == FLY_OK);
  CHECK(mentions(text, "math.fpowi") && mentions(text, "fastmath<nnan,contract>"));
  CHECK(mentions(text, "math.clampf") && mentions(text, "arith.maxnumf"));
  fly_string_free(text);
  CHECK(fly_compile(m, NULL, &c) == FLY_OK);
  float ov[6] = {0};
  int32_t fv[2] = {0};
  int64_t six[1] = {6}, two[1] = {2};
  DLTensor to = {ov, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, six, NULL, 0};
  DLTensor tf = {fv, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, two, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &to, 0, 0}, {FLY_ARG_DLTENSOR, &tf, 0, 0}};
  CHECK(fly_launch(c, "mathfn", &cfg, args, 2) == FLY_OK);
  CHECK(ov[0] == 3.375f && ov[1] == 1.0f && ov[2] == 0.0f && ov[3] == 1.0f && ov[4] == 2.0f);
  CHECK(fv[0] == 1 && fv[1] == -32);
  fly_compiled_destroy(c);

  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "bad_math", &bad) == FLY_OK);
  CHECK(fly_kernel_set_fastmath(bad, 128) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "outside FLY_FASTMATH_FAST"));
  CHECK(fly_kernel_set_fastmath(NULL, 0) == FLY_ERROR_INVALID_HANDLE);
  fly_value_t *one = fly_const_float(bad, FLY_F32, 1.0);
  CHECK(fly_float_class_test(bad, 9, one) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "unknown float test 9"));
  fly_kernel_t *bad2;
  CHECK(fly_kernel_create(m, "bad_math2", &bad2) == FLY_OK);
  fly_value_t *f = fly_const_float(bad2, FLY_F32, 1.0);
  CHECK(fly_powi(bad2, f, f) == NULL); /* a float exponent */
  CHECK(mentions(fly_kernel_error(bad2), "integer exponent"));
  fly_kernel_t *bad3;
  CHECK(fly_kernel_create(m, "bad_math3", &bad3) == FLY_OK);
  fly_value_t *n = fly_const_int(bad3, FLY_I32, 1);
  fly_sincos(bad3, n, &s, &co);
  CHECK(s == NULL && co == NULL && mentions(fly_kernel_error(bad3), "sincos needs a float"));
  fly_kernel_t *bad4;
  CHECK(fly_kernel_create(m, "bad_math4", &bad4) == FLY_OK);
  fly_sincos(bad4, fly_const_float(bad4, FLY_F32, 1.0), NULL, &co);
  CHECK(co == NULL && mentions(fly_kernel_error(bad4), "needs both outputs"));
  fly_kernel_t *bad5;
  CHECK(fly_kernel_create(m, "bad_math5", &bad5) == FLY_OK);
  CHECK(fly_unary(bad5, FLY_CTPOP, fly_const_float(bad5, FLY_F32, 1.0)) == NULL);
  CHECK(mentions(fly_kernel_error(bad5), "needs an integer operand"));
  fly_module_destroy(m);
}

/* A buffer resource over raw bytes (an address and a byte count): loads of any dtype at byte
 * offsets, zeros past the bytes, stores there dropped; a stride or a float address refused. */
static void raw_buffer_resources(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "rawbuf", &k) == FLY_OK);
  fly_value_t *src = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *dst = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *zero16 = fly_const_int(k, FLY_I16, 0), *zero = fly_const_int(k, FLY_I32, 0);
  fly_value_t *in = fly_buffer_resource_at(k, fly_kernel_tensor_address(k, src), zero16,
                                           fly_const_int(k, FLY_I32, 12));
  fly_value_t *out = fly_buffer_resource_at(k, fly_kernel_tensor_address(k, dst), zero16,
                                            fly_const_int(k, FLY_I64, 16));
  /* Bytes 4..11 as two i32, then bytes 8..15, half of them past the 12 bytes. */
  fly_value_t *a = fly_buffer_load_bytes(k, in, fly_const_int(k, FLY_I32, 4), zero, FLY_I32, 2);
  fly_value_t *b = fly_buffer_load_bytes(k, in, zero, fly_const_int(k, FLY_I32, 8), FLY_I32, 2);
  fly_value_t *sum = fly_binary(k, FLY_ADD, a, b);
  fly_buffer_store_bytes(k, out, fly_cast(k, sum, FLY_F32), zero, zero);
  fly_buffer_store_bytes(k, out, fly_const_float(k, FLY_F32, 9.0), fly_const_int(k, FLY_I32, 16),
                         zero); /* past 16 bytes: dropped */
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  int32_t sv[4] = {10, 20, 30, 40};
  float dv[5] = {-1, -1, -1, -1, -1};
  int64_t four[1] = {4}, five[1] = {5};
  DLTensor ts = {sv, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, four, NULL, 0};
  DLTensor td = {dv, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, five, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &ts, 0, 0}, {FLY_ARG_DLTENSOR, &td, 0, 0}};
  CHECK(fly_launch(c, "rawbuf", &cfg, args, 2) == FLY_OK);
  /* a = (20, 30); b = (30, 0): bytes 12..15 lie past the resource. */
  CHECK(dv[0] == 50.0f && dv[1] == 30.0f && dv[2] == -1.0f && dv[4] == -1.0f);
  fly_compiled_destroy(c);

  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "strided", &bad) == FLY_OK);
  fly_value_t *t = fly_kernel_tensor_param(bad, FLY_I32, 1);
  CHECK(fly_buffer_resource_at(bad, fly_kernel_tensor_address(bad, t),
                               fly_const_int(bad, FLY_I16, 4),
                               fly_const_int(bad, FLY_I32, 8)) == NULL);
  CHECK(mentions(fly_kernel_error(bad), "structured buffer"));
  fly_kernel_t *bad2;
  CHECK(fly_kernel_create(m, "float_address", &bad2) == FLY_OK);
  CHECK(fly_buffer_resource_at(bad2, fly_const_float(bad2, FLY_F32, 1.0),
                               fly_const_int(bad2, FLY_I16, 0),
                               fly_const_int(bad2, FLY_I32, 8)) == NULL);
  CHECK(mentions(fly_kernel_error(bad2), "address is an i64"));
  fly_kernel_t *bad3;
  CHECK(fly_kernel_create(m, "wide_access", &bad3) == FLY_OK);
  fly_value_t *t3 = fly_kernel_tensor_param(bad3, FLY_I32, 1);
  fly_value_t *r3 =
      fly_buffer_resource_at(bad3, fly_kernel_tensor_address(bad3, t3),
                             fly_const_int(bad3, FLY_I16, 0), fly_const_int(bad3, FLY_I32, 64));
  fly_value_t *z3 = fly_const_int(bad3, FLY_I32, 0);
  CHECK(fly_buffer_load_bytes(bad3, r3, z3, z3, FLY_I32, 8) == NULL); /* 32 bytes */
  CHECK(mentions(fly_kernel_error(bad3), "1, 2, 4, 8, 12 or 16 bytes"));
  fly_kernel_t *bad4;
  CHECK(fly_kernel_create(m, "bad_dtype", &bad4) == FLY_OK);
  fly_value_t *z4 = fly_const_int(bad4, FLY_I32, 0);
  CHECK(fly_buffer_load_bytes(bad4, z4, z4, z4, 99, 1) == NULL);
  CHECK(mentions(fly_kernel_error(bad4), "unknown dtype 99"));
  fly_module_destroy(m);
}

/* Buffer atomic adds: every thread adds 1 to word 0 and 2 to word 1 of an 8-byte resource,
 * and 5 to word 2, which lies past it (dropped); a lone f16 is refused. */
static void buffer_atomic_adds(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "atomic_adds", &k) == FLY_OK);
  fly_value_t *t = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *zero = fly_const_int(k, FLY_I32, 0);
  fly_value_t *r =
      fly_buffer_resource_at(k, fly_kernel_tensor_address(k, t), fly_const_int(k, FLY_I16, 0),
                             fly_const_int(k, FLY_I32, 8));
  fly_buffer_atomic_add_bytes(k, r, fly_const_float(k, FLY_F32, 1.0), zero, zero);
  fly_buffer_atomic_add_bytes(k, r, fly_const_float(k, FLY_F32, 2.0), fly_const_int(k, FLY_I32, 4),
                              zero);
  fly_buffer_atomic_add_bytes(k, r, fly_const_float(k, FLY_F32, 5.0), zero,
                              fly_const_int(k, FLY_I32, 8));
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  float words[3] = {0, 0, 0};
  int64_t three[1] = {3};
  DLTensor tw = {words, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, three, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {2, 1, 1}, {32, 1, 1}, 0, NULL};
  fly_arg_t args[1] = {{FLY_ARG_DLTENSOR, &tw, 0, 0}};
  CHECK(fly_launch(c, "atomic_adds", &cfg, args, 1) == FLY_OK);
  CHECK(words[0] == 64.0f && words[1] == 128.0f && words[2] == 0.0f);
  fly_compiled_destroy(c);

  fly_kernel_t *bad;
  CHECK(fly_kernel_create(m, "lone_half", &bad) == FLY_OK);
  fly_value_t *tb = fly_kernel_tensor_param(bad, FLY_F16, 1);
  fly_value_t *zb = fly_const_int(bad, FLY_I32, 0);
  fly_value_t *rb = fly_buffer_resource_at(bad, fly_kernel_tensor_address(bad, tb),
                                           fly_const_int(bad, FLY_I16, 0), zb);
  fly_buffer_atomic_add_bytes(bad, rb, fly_const_float(bad, FLY_F16, 1.0), zb, zb);
  CHECK(mentions(fly_kernel_error(bad), "an f32 or a pair of f16 or bf16, not 1 x f16"));
  fly_kernel_t *bad2;
  CHECK(fly_kernel_create(m, "not_a_resource", &bad2) == FLY_OK);
  fly_value_t *z2 = fly_const_int(bad2, FLY_I32, 0);
  fly_buffer_atomic_add_bytes(bad2, z2, fly_const_float(bad2, FLY_F32, 1.0), z2, z2);
  CHECK(fly_kernel_error(bad2) != NULL);
  fly_module_destroy(m);
}

/* Values at the edges of what a launch, a printf or a swizzle can carry: each is refused
 * with a message, never wrapped, truncated or read past. */
static void values_at_the_edges(void) {
  fly_compiled_t *c = doubler();
  CHECK(c != NULL);
  float data[4] = {1, 2, 3, 4};
  int64_t shape[1] = {4};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {4, 1, 1}, 0, NULL};
  fly_arg_t args[2] = {{FLY_ARG_DLTENSOR, &t, 0, 0}, {FLY_ARG_INT, NULL, 2147483648LL, 0}};
  CHECK(fly_launch(c, "doubler", &cfg, args, 2) == FLY_ERROR_LAUNCH); /* 2^31 is no i32 */
  CHECK(mentions(fly_last_error_message(), "does not fit i32"));
  args[1].i = -2147483649LL;
  CHECK(fly_launch(c, "doubler", &cfg, args, 2) == FLY_ERROR_LAUNCH);
  args[1].i = 4;
  t.ndim = 1 << 30; /* a damaged descriptor: its shape array is not that long */
  CHECK(fly_launch(c, "doubler", &cfg, args, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "dimensions"));
  t.ndim = 1;
  t.shape = NULL;
  CHECK(fly_launch(c, "doubler", &cfg, args, 2) == FLY_ERROR_LAUNCH);
  CHECK(mentions(fly_last_error_message(), "shape is NULL"));
  t.shape = shape;
  fly_launch_config_t wide = {sizeof(wide), {2147483648u, 1, 1}, {4, 1, 1}, 0, NULL};
  CHECK(fly_launch(c, "doubler", &wide, args, 2) != FLY_OK); /* block indices past an i32 */
  CHECK(mentions(fly_last_error_message(), "exceeds the limits"));
  CHECK(data[0] == 1.0f && data[3] == 4.0f); /* nothing ran */
  CHECK(fly_launch(c, "doubler", &cfg, args, 2) == FLY_OK && data[3] == 8.0f);
  fly_compiled_destroy(c);

  int64_t r = 0;
  CHECK(fly_swizzle_apply(1, 2147483647, 1, 5, &r) != FLY_OK);
  CHECK(fly_swizzle_apply(1, 1, -2147483647 - 1, 5, &r) != FLY_OK);
  CHECK(fly_swizzle_apply(3, 4, 3, 5, &r) == FLY_OK);

  const char *bad_formats[] = {"%s\n", "%d %d\n", "%f\n", "%n", "%*d", "%ld", "%", "%p"};
  for (size_t i = 0; i < sizeof bad_formats / sizeof *bad_formats; ++i) {
    fly_module_t *m;
    fly_kernel_t *k;
    CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "p", &k) == FLY_OK);
    fly_value_t *v = fly_gpu_index(k, FLY_THREAD_IDX, 0); /* one i32 */
    fly_printf(k, bad_formats[i], &v, 1);
    CHECK(mentions(fly_kernel_error(k), "printf: "));
    fly_module_destroy(m);
  }
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "p", &k) == FLY_OK);
  fly_value_t *vs[3] = {fly_gpu_index(k, FLY_THREAD_IDX, 0), fly_const_int(k, FLY_I64, 5),
                        fly_const_float(k, FLY_F32, 0.5)};
  fly_printf(k, "%%%3d %lld %.2f\n", vs, 3);
  CHECK(fly_kernel_error(k) == NULL);
  fly_module_destroy(m);
}

/* Warp collectives from C: a segmented sum, a max scan with its aggregate, run on cpu; and
 * the mistakes (a width that is not a power of two, an op that does not fold, a NULL value,
 * an unknown arch) as errors with reasons. */
static int collective_mistake(int op, int width, int null_value, const char *message) {
  fly_module_t *m;
  fly_kernel_t *k;
  if (fly_module_create(&m) || fly_kernel_create(m, "wrong", &k))
    return 0;
  fly_value_t *v = null_value ? NULL : fly_lane_id(k);
  int ok = fly_warp_reduce(k, op, v, width) == NULL && mentions(fly_kernel_error(k), message);
  fly_module_destroy(m);
  return ok;
}

/* The gfx9 (DPP) forms check what the shuffle forms check; readlane reads a lane 0..63 of a
 * 32- or 64-bit scalar. */
static int dpp_mistake(int which, int width, const char *message) {
  fly_module_t *m;
  fly_kernel_t *k;
  if (fly_module_create(&m) || fly_kernel_create(m, "wrong", &k))
    return 0;
  fly_value_t *lane = fly_lane_id(k), *ex = NULL, *result = NULL;
  if (which == 0)
    result = fly_warp_reduce_dpp(k, FLY_ADD, lane, width);
  else if (which == 1)
    result = fly_warp_scan_dpp(k, FLY_SUB, lane, width, &ex, NULL);
  else
    result = fly_readlane(k, which == 2 ? lane : fly_const_int(k, FLY_I8, 1), width);
  int ok = result == NULL && ex == NULL && mentions(fly_kernel_error(k), message);
  fly_module_destroy(m);
  return ok;
}

/* A float vector folds with FLY_MAXNUM (a NaN lane ignored) and FLY_MIN (a NaN lane wins);
 * a fold its lanes' type has no form of, or an init of another type, is refused. */
static int vector_reduce_mistake(int op, int init_dtype, const char *message) {
  fly_module_t *m;
  fly_kernel_t *k;
  if (fly_module_create(&m) || fly_kernel_create(m, "wrong", &k))
    return 0;
  fly_value_t *one = fly_const_float(k, FLY_F32, 1.0);
  fly_value_t *pair[2] = {one, one};
  fly_value_t *init = init_dtype < 0 ? NULL : fly_const_int(k, init_dtype, 0);
  int ok = fly_vector_reduce(k, op, fly_vector_from_elements(k, pair, 2), init) == NULL &&
           mentions(fly_kernel_error(k), message);
  fly_module_destroy(m);
  return ok;
}

static void vector_folds(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "folds", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *lanes[3] = {fly_const_float(k, FLY_F32, 2.0), fly_const_float(k, FLY_F32, NAN),
                           fly_const_float(k, FLY_F32, -5.0)};
  fly_value_t *v = fly_vector_from_elements(k, lanes, 3);
  fly_value_t *folds[3] = {fly_vector_reduce(k, FLY_MAXNUM, v, NULL),
                           fly_vector_reduce(k, FLY_MIN, v, NULL),
                           fly_vector_reduce(k, FLY_MINNUM, v, fly_const_float(k, FLY_F32, -9.0))};
  for (int r = 0; r < 3; ++r) {
    fly_value_t *at = fly_const_int(k, FLY_I32, r);
    fly_store(k, out, folds[r], &at, 1, NULL);
  }
  fly_compiled_t *c = NULL;
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  float data[3] = {0};
  int64_t shape[1] = {3};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {1, 1, 1}, 0, NULL};
  fly_arg_t arg = {FLY_ARG_DLTENSOR, &t, 0, 0};
  CHECK(c && fly_launch(c, "folds", &cfg, &arg, 1) == FLY_OK);
  CHECK(data[0] == 2.0f && isnan(data[1]) && data[2] == -9.0f);
  fly_compiled_destroy(c);
  fly_module_destroy(m);
  CHECK(vector_reduce_mistake(FLY_XOR, -1, "take f32 lanes"));
  CHECK(vector_reduce_mistake(FLY_SUB, -1, "associative and commutative"));
  CHECK(vector_reduce_mistake(99, -1, "associative and commutative"));
  CHECK(vector_reduce_mistake(FLY_ADD, FLY_I32, "is not of the lanes' type"));
}

static void warp_collectives(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "collectives", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *sum = fly_warp_reduce(k, FLY_ADD, i, 8);
  fly_value_t *exclusive = NULL, *aggregate = NULL;
  fly_value_t *negated = fly_binary(k, FLY_SUB, fly_const_int(k, FLY_I32, 0), i);
  fly_value_t *inclusive = fly_warp_scan(k, FLY_MAX, negated, 4, &exclusive, &aggregate);
  fly_value_t *at[4];
  for (int r = 0; r < 4; ++r)
    at[r] = fly_binary(k, FLY_ADD, i, fly_const_int(k, FLY_I32, 16 * r));
  fly_store(k, out, sum, &at[0], 1, NULL);
  fly_store(k, out, inclusive, &at[1], 1, NULL);
  fly_store(k, out, exclusive, &at[2], 1, NULL);
  fly_store(k, out, aggregate, &at[3], 1, NULL);
  fly_compiled_t *c = NULL;
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  int32_t data[64] = {0};
  int64_t shape[1] = {64};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {16, 1, 1}, 0, NULL};
  fly_arg_t arg = {FLY_ARG_DLTENSOR, &t, 0, 0};
  CHECK(c && fly_launch(c, "collectives", &cfg, &arg, 1) == FLY_OK);
  for (int lane = 0; lane < 16; ++lane) {
    int group8 = lane / 8 * 8, group4 = lane / 4 * 4;
    CHECK(data[lane] == 8 * group8 + 28);          /* the sum of the lane's group of 8 */
    CHECK(data[16 + lane] == -group4);             /* max of -group4..-lane */
    CHECK(data[32 + lane] == (lane == group4 ? INT32_MIN : -group4));
    CHECK(data[48 + lane] == -group4);             /* the group's whole max */
  }
  fly_compiled_destroy(c);
  fly_module_destroy(m);

  CHECK(collective_mistake(FLY_ADD, 3, 0, "power of two"));
  CHECK(collective_mistake(FLY_ADD, 128, 0, "power of two from 1 to 64"));
  CHECK(collective_mistake(FLY_SUB, 4, 0, "associative and commutative"));
  CHECK(collective_mistake(99, 4, 0, "associative and commutative"));
  CHECK(collective_mistake(FLY_ADD, 4, 1, "NULL"));
  CHECK(dpp_mistake(0, 48, "power of two"));
  CHECK(dpp_mistake(1, 8, "associative and commutative"));
  CHECK(dpp_mistake(2, 64, "0 to 63, not 64"));
  CHECK(dpp_mistake(2, -1, "0 to 63, not -1"));
  CHECK(dpp_mistake(3, 0, "readlane takes a 32- or 64-bit"));
  CHECK(fly_warp_reduce_dpp(NULL, FLY_ADD, NULL, 4) == NULL);
  CHECK(fly_readlane(NULL, NULL, 0) == NULL);
  int wave = 0;
  CHECK(fly_arch_wave_size("gfx942", &wave) == FLY_OK && wave == 64);
  CHECK(fly_arch_wave_size("gfx1201", &wave) == FLY_OK && wave == 32);
  CHECK(fly_arch_wave_size("sm_90a", &wave) == FLY_OK && wave == 32);
  CHECK(fly_arch_wave_size("vax", &wave) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "unknown arch 'vax'"));
  CHECK(fly_arch_wave_size(NULL, &wave) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_arch_wave_size("gfx942", NULL) == FLY_ERROR_INVALID_ARGUMENT);
}

/* A block of 128 threads (2 waves of 64) reduces and scans thread ids through
 * warp collectives and one shared slot per warp; a vector folds lane by lane;
 * bad storage and shapes are errors. */
static int block_mistake(const int64_t *block, int algorithm, int slots_dtype,
                         const char *message) {
  fly_module_t *m;
  fly_kernel_t *k;
  if (fly_module_create(&m) || fly_kernel_create(m, "wrong", &k))
    return 0;
  fly_value_t *slots = fly_shared_tensor(k, slots_dtype, 4, 16);
  fly_value_t *v = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  int ok = fly_block_reduce(k, FLY_ADD, v, block, 64, algorithm, slots, NULL) ==
               NULL &&
           mentions(fly_kernel_error(k), message);
  fly_module_destroy(m);
  return ok;
}

static void block_collectives(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "block", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_I32, 1);
  fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  const int64_t block[3] = {128, 1, 1};
  fly_value_t *slots = fly_shared_tensor(k, FLY_I32, 2, 16);
  fly_value_t *sum = fly_block_reduce(
      k, FLY_ADD, i, block, 64, FLY_BLOCK_REDUCE_WARP_REDUCTIONS, slots, NULL);
  fly_barrier(k);
  fly_value_t *aggregate = NULL;
  fly_value_t *ten = fly_const_int(k, FLY_I32, 10);
  fly_value_t *exclusive =
      fly_block_scan(k, FLY_ADD, i, block, 64, slots, ten, 1, &aggregate);
  fly_value_t *pair[2] = {i, i};
  fly_value_t *folded =
      fly_vector_reduce(k, FLY_MAX, fly_vector_from_elements(k, pair, 2), ten);
  fly_value_t *at[4];
  for (int r = 0; r < 4; ++r)
    at[r] = fly_binary(k, FLY_ADD, i, fly_const_int(k, FLY_I32, 128 * r));
  fly_store(k, out, sum, &at[0], 1, NULL);
  fly_store(k, out, exclusive, &at[1], 1, NULL);
  fly_store(k, out, aggregate, &at[2], 1, NULL);
  fly_store(k, out, folded, &at[3], 1, NULL);
  fly_compiled_t *c = NULL;
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  static int32_t data[512];
  int64_t shape[1] = {512};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {128, 1, 1}, 0, NULL};
  fly_arg_t arg = {FLY_ARG_DLTENSOR, &t, 0, 0};
  CHECK(c && fly_launch(c, "block", &cfg, &arg, 1) == FLY_OK);
  for (int tid = 0; tid < 128; ++tid) {
    CHECK(data[tid] == 127 * 128 / 2);
    CHECK(data[128 + tid] == 10 + tid * (tid - 1) / 2);
    CHECK(data[256 + tid] == 127 * 128 / 2);
    CHECK(data[384 + tid] == (tid > 10 ? tid : 10));
  }
  fly_compiled_destroy(c);
  fly_module_destroy(m);

  const int64_t odd[3] = {96, 1, 1}, zero[3] = {0, 1, 1};
  CHECK(block_mistake(odd, 0, FLY_I32, "power of two of threads"));
  CHECK(block_mistake(zero, 0, FLY_I32, "power of two of threads"));
  CHECK(block_mistake(NULL, 0, FLY_I32, "three extents"));
  CHECK(block_mistake(block, 7, FLY_I32, "unknown algorithm 7"));
  CHECK(block_mistake(block, 0, FLY_F32, "the value's dtype"));
  CHECK(block_mistake(block, FLY_BLOCK_REDUCE_RAKING, FLY_I32,
                      "one-element result tensor"));
}

/* An if whose results take their types from the then branch: a vector and a
 * scalar here; an else branch that yields another type is an error with the
 * types named. */
static void if_typed_by_then(void) {
  fly_module_t *m;
  fly_kernel_t *k;
  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "typed", &k) == FLY_OK);
  fly_value_t *out = fly_kernel_tensor_param(k, FLY_F32, 1);
  fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_value_t *x = fly_cast(k, i, FLY_F32);
  fly_value_t *odd = fly_compare(
      k, FLY_EQ, fly_binary(k, FLY_AND, i, fly_const_int(k, FLY_I32, 1)),
      fly_const_int(k, FLY_I32, 1));
  fly_if_begin_typed_by_then(k, odd);
  fly_value_t *then_vals[2] = {fly_vector_splat(k, x, 2), x};
  fly_if_else(k, then_vals, 2);
  fly_value_t *neg = fly_unary(k, FLY_NEG, x);
  fly_value_t *else_vals[2] = {fly_vector_splat(k, neg, 2), neg};
  fly_value_t *results[2] = {NULL, NULL};
  fly_if_end(k, else_vals, 2, results);
  CHECK(results[0] && fly_value_lanes(k, results[0]) == 2 &&
        fly_value_lanes(k, results[1]) == 1);
  fly_value_t *sum = fly_binary(
      k, FLY_ADD, fly_vector_reduce(k, FLY_ADD, results[0], NULL), results[1]);
  fly_store(k, out, sum, &i, 1, NULL);
  fly_compiled_t *c = NULL;
  CHECK(fly_kernel_finish(k) == FLY_OK && fly_compile(m, NULL, &c) == FLY_OK);
  float data[8] = {0};
  int64_t shape[1] = {8};
  DLTensor t = {data, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  fly_launch_config_t cfg = {sizeof(cfg), {1, 1, 1}, {8, 1, 1}, 0, NULL};
  fly_arg_t arg = {FLY_ARG_DLTENSOR, &t, 0, 0};
  CHECK(c && fly_launch(c, "typed", &cfg, &arg, 1) == FLY_OK);
  for (int j = 0; j < 8; ++j)
    CHECK(data[j] == (j % 2 ? 3.0f * j : -3.0f * j));
  fly_compiled_destroy(c);
  fly_module_destroy(m);

  CHECK(fly_module_create(&m) == FLY_OK);
  CHECK(fly_kernel_create(m, "mismatch", &k) == FLY_OK);
  i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
  fly_if_begin_typed_by_then(
      k, fly_compare(k, FLY_LT, i, fly_const_int(k, FLY_I32, 2)));
  fly_if_else(k, &i, 1);
  fly_value_t *f = fly_const_float(k, FLY_F32, 1.0);
  fly_if_end(k, &f, 1, results);
  CHECK(mentions(fly_kernel_error(k), "the else branch yields"));
  CHECK(fly_kernel_finish(k) == FLY_ERROR_COMPILE);
  fly_module_destroy(m);
}

/* The static shared memory a block may have, per target and arch, and the mistakes. */
/* Modules of MLIR text and pass pipelines run on a module: bad input gets a status and a
 * message, and a rewritten module prints but does not compile. */
static void parsed_modules_and_pass_pipelines(void) {
  fly_module_t *m = NULL, *p = NULL;
  fly_kernel_t *k;
  fly_compiled_t *c = NULL;
  char *text = NULL;
  CHECK(fly_module_parse(NULL, &p) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_module_parse("func.func @f(", &p) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "not an MLIR module"));
  CHECK(fly_module_parse("func.func @f() { return }", NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_pass_pipeline_check(NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_pass_pipeline_check("builtin.module(fly-layout-lowering,cse)") == FLY_OK);
  CHECK(fly_pass_pipeline_check("builtin.module(nothing-of-the-kind)") ==
        FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "nothing-of-the-kind"));
  CHECK(fly_module_run_passes(NULL, "builtin.module(cse)") == FLY_ERROR_INVALID_HANDLE);

  const char *printing = "gpu.module @m {\n"
                         "  gpu.func @k(%x: i32) kernel {\n"
                         "    \"fly.print\"(%x) <{format = \"x={}\"}> : (i32) -> ()\n"
                         "    gpu.return\n  }\n}\n";
  CHECK(fly_module_parse(printing, &p) == FLY_OK);
  CHECK(fly_kernel_create(p, "more", &k) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_module_run_passes(p, NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_module_run_passes(p, "builtin.module(fly-layout-lowering)") == FLY_OK);
  CHECK(fly_module_to_string(p, &text) == FLY_OK);
  CHECK(mentions(text, "gpu.printf \"x=%d\\0A\", %arg0 : i32") && !mentions(text, "fly.print"));
  fly_string_free(text);
  CHECK(fly_compile(p, NULL, &c) == FLY_ERROR_UNSUPPORTED);
  fly_module_destroy(p);

  /* A built module: its kernels must be finished first; a failing pass says why. */
  CHECK(fly_module_create(&m) == FLY_OK && fly_kernel_create(m, "k", &k) == FLY_OK);
  fly_value_t *n = fly_kernel_scalar_param(k, FLY_I32);
  fly_print(k, "n={}", &n, 1);
  CHECK(fly_module_run_passes(m, "builtin.module(cse)") == FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "not finished"));
  CHECK(fly_kernel_finish(k) == FLY_OK);
  CHECK(fly_module_run_passes(m, "builtin.module(fly-atom-lowering{target=nope})") ==
        FLY_ERROR_COMPILE);
  CHECK(mentions(fly_last_error_message(), "failed"));
  CHECK(fly_compile(m, NULL, &c) == FLY_ERROR_UNSUPPORTED);
  CHECK(mentions(fly_last_error_message(), "rewritten by a pass pipeline"));
  fly_module_destroy(m);
}

static void shared_memory_capacity(void) {
  int64_t bytes = 0;
  CHECK(fly_shared_memory_capacity("rocm", "gfx942", &bytes) == FLY_OK && bytes == 65536);
  CHECK(fly_shared_memory_capacity("rocm", "gfx950", &bytes) == FLY_OK && bytes == 163840);
  CHECK(fly_shared_memory_capacity("cuda", "sm_90", &bytes) == FLY_OK && bytes == 49152);
  CHECK(fly_shared_memory_capacity("cpu", "gfx950", &bytes) == FLY_OK && bytes == 163840);
  CHECK(fly_shared_memory_capacity("cuda", "gfx942", &bytes) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(mentions(fly_last_error_message(), "gfx942"));
  CHECK(fly_shared_memory_capacity("tpu", "gfx942", &bytes) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_shared_memory_capacity(NULL, "gfx942", &bytes) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_shared_memory_capacity("rocm", "gfx942", NULL) == FLY_ERROR_INVALID_ARGUMENT);
}

int main(void) {
  values_at_the_edges();
  shared_memory_capacity();
  float_arguments_round_once();
  unsigned_casts();
  math_functions_and_fastmath();
  random_numbers();
  raw_buffer_resources();
  buffer_atomic_adds();
  launch_argument_checks();
  keyed_compiles();
  tiled_copy_for_mma_errors();
  wgmma_atoms();
  rdna3_wmma_atoms();
  integer_mma_atoms();
  int4_values();
  buffer_resource_choice();
  scaled_mfma_atoms();
  device_processors();
  device_count();
  cast_rounded();
  device_name();
  stream_memory();
  tma_copies();
  tma_store_mistakes();
  grid_dependency_control();
  prepared_launches();
  event_errors();
  vectors_buffers_while();
  dynamic_shared_memory();
  dynamic_shared_arena();
  builder_errors();
  deadlock_is_an_error();
  warp_collectives();
  vector_folds();
  block_collectives();
  if_typed_by_then();
  parsed_modules_and_pass_pipelines();
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures != 0;
}
