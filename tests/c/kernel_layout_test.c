/* Layouts, tensors and copies inside kernels through the C API with bad inputs: each gives
 * the kernel a builder error that names the problem (NULL results, never a crash), and
 * fly_kernel_finish reports it as FLY_ERROR_COMPILE. */
#include <flydsl/flydsl.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      ++failures;                                                                                  \
      fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);                     \
    }                                                                                              \
  } while (0)

/* A fresh kernel with one dynamic f32 matrix parameter. */
static fly_kernel_t *kernel(fly_module_t **m, fly_value_t **t) {
  fly_kernel_t *k = NULL;
  if (fly_module_create(m) || fly_kernel_create(*m, "k", &k))
    return NULL;
  *t = fly_kernel_tensor_param(k, FLY_F32, 2);
  return k;
}

/* Runs `body` on a fresh kernel and checks that its first error mentions `word`. */
#define EXPECT_ERROR(word, body)                                                                   \
  do {                                                                                             \
    fly_module_t *m;                                                                               \
    fly_value_t *t;                                                                                \
    fly_kernel_t *k = kernel(&m, &t);                                                              \
    (void)t;                                                                                       \
    body;                                                                                          \
    const char *e = fly_kernel_error(k);                                                           \
    if (!e || !strstr(e, word)) {                                                                  \
      ++failures;                                                                                  \
      fprintf(stderr, "%s:%d: expected an error about '%s', got '%s'\n", __FILE__, __LINE__, word, \
              e ? e : "(none)");                                                                   \
    }                                                                                              \
    CHECK(fly_kernel_finish(k) == FLY_ERROR_COMPILE);                                              \
    fly_module_destroy(m);                                                                         \
  } while (0)

int main(void) {
  /* Text: NULL, malformed, and `?` leaves that do not match the values given. */
  EXPECT_ERROR("tuple text is NULL", CHECK(!fly_kernel_int_tuple(k, NULL, NULL, 0)));
  EXPECT_ERROR("expected", CHECK(!fly_kernel_layout(k, "(4,8):(", NULL, 0)));
  EXPECT_ERROR("more '?' leaves", CHECK(!fly_kernel_layout(k, "(?,8):(8,1)", NULL, 0)));
  EXPECT_ERROR("'?' leaves for 1 values", {
    fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
    CHECK(!fly_kernel_int_tuple(k, "(4,8)", &i, 1));
  });
  EXPECT_ERROR("must be an integer", {
    fly_value_t *f = fly_const_float(k, FLY_F32, 1.0);
    CHECK(!fly_kernel_int_tuple(k, "(?,8)", &f, 1));
  });

  /* Kinds: a scalar where a layout is needed, a layout where a tensor is needed. */
  EXPECT_ERROR("where a layout or tensor is needed", {
    fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
    CHECK(!fly_kernel_layout_unary(k, FLY_LAYOUT_COALESCE, i));
  });
  EXPECT_ERROR("where a tensor is needed", {
    fly_value_t *l = fly_kernel_layout(k, "(4,8):(1,4)", NULL, 0);
    CHECK(!fly_load_at(k, l, fly_const_int(k, FLY_I32, 0), NULL));
  });
  EXPECT_ERROR("unknown fly_layout_unary_op 99", { CHECK(!fly_kernel_layout_unary(k, 99, t)); });
  EXPECT_ERROR("unknown copy op", CHECK(!fly_kernel_copy_atom(k, 7, 32, FLY_F32)));
  EXPECT_ERROR("cannot move", CHECK(!fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, 24, FLY_F32)));
  EXPECT_ERROR("unknown atomic op 9", CHECK(!fly_kernel_atomic_copy_atom(k, 9, FLY_F32, "")));
  /* An exchange is fly_atomic's alone: FlyDSL's atomic copies have none. */
  EXPECT_ERROR("unknown atomic op 7",
               CHECK(!fly_kernel_atomic_copy_atom(k, FLY_ATOMIC_XCHG, FLY_F32, "")));
  EXPECT_ERROR("take integers, not f64",
               CHECK(!fly_kernel_atomic_copy_atom(k, FLY_ATOMIC_INC, FLY_F64, NULL)));
  EXPECT_ERROR("not 'device'",
               CHECK(!fly_kernel_atomic_copy_atom(k, FLY_ATOMIC_ADD, FLY_I32, "device")));
  EXPECT_ERROR("i32, i64, f32 or f64 values, not f16",
               CHECK(!fly_kernel_atomic_copy_atom(k, FLY_ATOMIC_ADD, FLY_F16, "agent")));
  EXPECT_ERROR("unknown atomic op -1",
               CHECK(!fly_kernel_buffer_atomic_copy_atom(k, -1, FLY_F32, 1)));
  EXPECT_ERROR("a buffer atomic add of i32 is none AMD has here",
               CHECK(!fly_kernel_buffer_atomic_copy_atom(k, FLY_ATOMIC_ADD, FLY_I32, 1)));
  EXPECT_ERROR("a buffer atomic and of i32",
               CHECK(!fly_kernel_buffer_atomic_copy_atom(k, FLY_ATOMIC_AND, FLY_I32, 1)));
  EXPECT_ERROR("or a pair of f16 or bf16, not 4 of f32",
               CHECK(!fly_kernel_buffer_atomic_copy_atom(k, FLY_ATOMIC_ADD, FLY_F32, 4)));
  EXPECT_ERROR("f16 combines pairs of them",
               CHECK(!fly_kernel_buffer_atomic_copy_atom(k, FLY_ATOMIC_ADD, FLY_F16, 1)));
  EXPECT_ERROR("a buffer atomic max of vector<2xbf16>",
               CHECK(!fly_kernel_buffer_atomic_copy_atom(k, FLY_ATOMIC_MAX, FLY_BF16, 2)));

  /* Tuple arithmetic: unknown ops, operands that are not tuples or integers, mismatched
   * structures. */
  EXPECT_ERROR("unknown fly_tuple_op 13", {
    fly_value_t *a = fly_kernel_int_tuple(k, "(2,3)", NULL, 0);
    CHECK(!fly_kernel_tuple_binary(k, 13, a, a));
  });
  EXPECT_ERROR("unknown fly_tuple_unary_op -1",
               { CHECK(!fly_kernel_tuple_unary(k, -1, fly_kernel_int_tuple(k, "4", NULL, 0))); });
  EXPECT_ERROR("where a coordinate is needed", {
    fly_value_t *a = fly_kernel_int_tuple(k, "(2,3)", NULL, 0);
    CHECK(!fly_kernel_tuple_binary(k, FLY_TUPLE_ADD, a, t));
  });
  EXPECT_ERROR("int_tuple_mul", {
    fly_value_t *i = fly_gpu_index(k, FLY_THREAD_IDX, 0);
    fly_value_t *a = fly_kernel_int_tuple(k, "(?,3)", &i, 1);
    CHECK(!fly_kernel_tuple_binary(k, FLY_TUPLE_MUL, a, i));
  });
  EXPECT_ERROR("tuple operand is NULL", CHECK(!fly_kernel_tuple_unary(k, 0, NULL)));
  EXPECT_ERROR("basis leaves are coordinates", {
    fly_value_t *a = fly_kernel_int_tuple(k, "(1@0,1@1)", NULL, 0);
    CHECK(!fly_kernel_tuple_equal(k, a, a));
  });
  {
    /* Static operands fold: the answers are constants, no Fly op is needed. */
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *a = fly_kernel_int_tuple(k, "(7,(2,3),5)", NULL, 0);
    fly_value_t *b = fly_kernel_int_tuple(k, "(3,(4,5))", NULL, 0);
    char *text = NULL;
    CHECK(fly_kernel_value_to_string(k, fly_kernel_tuple_binary(k, FLY_TUPLE_ADD, a, b), &text) ==
              FLY_OK &&
          strcmp(text, "(10,(6,8),5)") == 0);
    fly_string_free(text);
    CHECK(fly_kernel_value_to_string(k, fly_kernel_tuple_unary(k, FLY_TUPLE_PRODUCT, a), &text) ==
              FLY_OK &&
          strcmp(text, "210") == 0);
    fly_string_free(text);
    fly_value_t *eq = fly_kernel_tuple_equal(k, a, b);
    CHECK(fly_value_dtype(k, eq) == FLY_I1);
    CHECK(fly_kernel_error(k) == NULL);
    fly_module_destroy(m);
  }

  /* A tensor's address space; only tensors of memory have one. */
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *frag = fly_kernel_make_fragment(k, fly_kernel_layout(k, "4", NULL, 0), FLY_F32);
    CHECK(fly_kernel_tensor_address_space(k, t) == 1);
    /* a buffer tensor: AMDGPU's address space of buffer resources */
    CHECK(fly_kernel_tensor_address_space(k, fly_kernel_make_buffer_tensor(k, t)) == 8);
    CHECK(fly_kernel_tensor_address_space(k, frag) == 5);
    CHECK(fly_kernel_tensor_address_space(k, fly_shared_tensor(k, FLY_F32, 64, 16)) == 3);
    CHECK(fly_kernel_error(k) == NULL);
    fly_module_destroy(m);
  }
  EXPECT_ERROR("only tensors of memory have one", {
    CHECK(fly_kernel_tensor_address_space(k, fly_kernel_layout(k, "4:1", NULL, 0)) == -1);
  });
  CHECK(fly_kernel_tensor_address_space(NULL, NULL) == -1);

  /* Coordinates of the wrong profile, tiles that CuTe rejects, fragments of dynamic size. */
  EXPECT_ERROR("do not have matching ranks", {
    fly_value_t *c = fly_kernel_int_tuple(k, "(0,1,2)", NULL, 0);
    CHECK(!fly_load_at(k, t, c, NULL));
  });
  EXPECT_ERROR("divisibility", {
    fly_value_t *l = fly_kernel_layout(k, "(4,6):(1,8)", NULL, 0);
    CHECK(!fly_kernel_layout_tiler_op(k, FLY_TILER_COMPOSITION, l, "3:3"));
  });
  EXPECT_ERROR("needs a static size", CHECK(!fly_kernel_make_fragment(k, t, FLY_F32)));
  /* Registers laid out as a layout itself: a plain static layout of at most 4096 of them. */
  EXPECT_ERROR("is a plain layout, got a tensor",
               CHECK(!fly_kernel_make_rmem_tensor(k, t, FLY_F32)));
  EXPECT_ERROR("needs a static layout", {
    fly_value_t *n = fly_const_int(k, FLY_I32, 3);
    fly_value_t *l = fly_kernel_layout(k, "(2,?):(1,2)", &n, 1);
    CHECK(!fly_kernel_make_rmem_tensor(k, l, FLY_F32));
  });
  EXPECT_ERROR("4098 elements does not fit", {
    fly_value_t *l = fly_kernel_layout(k, "(2,2):(1,4096)", NULL, 0);
    CHECK(!fly_kernel_make_rmem_tensor(k, l, FLY_F32));
  });
  EXPECT_ERROR("cannot hold index values", {
    fly_value_t *l = fly_kernel_layout(k, "4:1", NULL, 0);
    CHECK(!fly_kernel_make_rmem_tensor(k, l, 999));
  });
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *r =
        fly_kernel_make_rmem_tensor(k, fly_kernel_layout(k, "(2,3):(0,1)", NULL, 0), FLY_F32);
    char *text = NULL;
    CHECK(fly_kernel_value_to_string(k, r, &text) == FLY_OK && strcmp(text, "(2,3):(0,1)") == 0);
    fly_string_free(text);
    CHECK(fly_kernel_tensor_address_space(k, r) == 5);
    CHECK(fly_kernel_error(k) == NULL);
    fly_module_destroy(m);
  }
  EXPECT_ERROR("more modes than the layout", {
    fly_value_t *l = fly_kernel_layout(k, "8:1", NULL, 0);
    CHECK(!fly_kernel_layout_tiler_op(k, FLY_TILER_LOGICAL_DIVIDE, l, "(2,2)"));
  });

  /* A 128-bit atom on a tensor whose rows start 8 bytes apart. */
  EXPECT_ERROR("16-byte aligned", {
    fly_value_t *v = fly_kernel_layout(k, "(4,2):(1,6)", NULL, 0);
    fly_value_t *src = fly_kernel_make_tensor(k, t, v);
    fly_value_t *frag = fly_kernel_make_fragment(k, v, FLY_F32);
    fly_kernel_copy(k, fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, 128, FLY_F32), src, frag, NULL);
  });

  /* A row stride known only at run time: `?` allows 4-byte accesses, `?{4}` (a multiple of 4
   * elements) 16-byte ones. */
  EXPECT_ERROR("16-byte aligned", {
    fly_value_t *aligned = fly_kernel_tensor_param_spec(k, FLY_F32, 1, NULL, NULL, 16);
    fly_value_t *ld = fly_gpu_index(k, FLY_BLOCK_DIM, 0);
    fly_value_t *src =
        fly_kernel_make_tensor(k, aligned, fly_kernel_layout(k, "(4,2):(1,?)", &ld, 1));
    fly_value_t *frag = fly_kernel_make_fragment(k, fly_kernel_layout(k, "8", NULL, 0), FLY_F32);
    fly_kernel_copy(k, fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, 128, FLY_F32), src, frag, NULL);
  });
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *aligned = fly_kernel_tensor_param_spec(k, FLY_F32, 1, NULL, NULL, 16);
    fly_value_t *ld = fly_gpu_index(k, FLY_BLOCK_DIM, 0);
    fly_value_t *src =
        fly_kernel_make_tensor(k, aligned, fly_kernel_layout(k, "(4,2):(1,?{4})", &ld, 1));
    fly_value_t *frag = fly_kernel_make_fragment(k, fly_kernel_layout(k, "8", NULL, 0), FLY_F32);
    fly_kernel_copy(k, fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, 128, FLY_F32), src, frag, NULL);
    CHECK(fly_kernel_error(k) == NULL);
    fly_module_destroy(m);
  }
  EXPECT_ERROR("a divisibility is positive", {
    fly_value_t *ld = fly_gpu_index(k, FLY_BLOCK_DIM, 0);
    CHECK(!fly_kernel_layout(k, "(4,2):(1,?{0})", &ld, 1));
  });

  /* gather with one offset too few for its atom calls. */
  EXPECT_ERROR("one element of its offsets per atom call (2)", {
    fly_value_t *frag = fly_kernel_make_fragment(k, fly_kernel_layout(k, "4", NULL, 0), FLY_F32);
    fly_value_t *offs = fly_kernel_make_fragment(k, fly_kernel_layout(k, "1", NULL, 0), FLY_I32);
    fly_value_t *base = fly_kernel_make_tensor(k, t, fly_kernel_layout(k, "16", NULL, 0));
    fly_kernel_gather(k, fly_kernel_copy_atom(k, FLY_COPY_UNIVERSAL, 64, FLY_F32), base, offs, frag,
                      NULL);
  });

  /* A value from another kernel. */
  {
    fly_module_t *m1, *m2;
    fly_value_t *t1, *t2;
    fly_kernel_t *k1 = kernel(&m1, &t1), *k2 = kernel(&m2, &t2);
    fly_value_t *l1 = fly_kernel_layout(k1, "(4,8)", NULL, 0);
    CHECK(l1 && !fly_kernel_make_tensor(k2, t2, l1));
    CHECK(strstr(fly_kernel_error(k2), "another kernel") != NULL);
    CHECK(fly_value_kind_of(k1, l1) == FLY_VALUE_LAYOUT);
    CHECK(fly_value_kind_of(k1, t1) == FLY_VALUE_TENSOR);
    CHECK(fly_kernel_finish(k1) == FLY_OK);
    fly_module_destroy(m1);
    fly_module_destroy(m2);
  }

  /* Recasts: only memory reinterprets; a dtype that no memory holds, or no dtype at all. */
  EXPECT_ERROR("only a plain memory tensor can be recast", {
    fly_value_t *c = fly_kernel_make_identity_tensor(k, fly_kernel_int_tuple(k, "(4,4)", NULL, 0));
    CHECK(!fly_kernel_recast_tensor(k, c, FLY_I8));
  });
  EXPECT_ERROR("memory holds no i1 elements", CHECK(!fly_kernel_recast_tensor(k, t, FLY_I1)));
  EXPECT_ERROR("needs a stride-1 mode", CHECK(!fly_kernel_recast_tensor(k, t, FLY_I8)));
  EXPECT_ERROR("memory holds no index elements", CHECK(!fly_kernel_recast_tensor(k, t, 99)));
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *rows = fly_kernel_make_tensor(k, t, fly_kernel_layout(k, "(4,8):(8,1)", NULL, 0));
    fly_value_t *bytes = fly_kernel_recast_tensor(k, rows, FLY_I8);
    CHECK(bytes && fly_value_kind_of(k, bytes) == FLY_VALUE_TENSOR);
    CHECK(fly_value_dtype(k, bytes) == FLY_I8);
    CHECK(fly_kernel_finish(k) == FLY_OK);
    fly_module_destroy(m);
  }

  /* Constants: a static leaf or folded integer is one while the kernel is built; a parameter's
   * value, a float or a tensor is not; a NULL output is refused. */
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *l = fly_kernel_layout(k, "(4,8):(8,1)", NULL, 0);
    int64_t value = -1;
    fly_value_t *offset = fly_kernel_crd2idx(k, l, fly_kernel_int_tuple(k, "(1,2)", NULL, 0));
    CHECK(fly_kernel_scalar_constant(k, offset, &value) == 1 && value == 10);
    CHECK(fly_kernel_scalar_constant(k, fly_const_int(k, FLY_I64, -3), &value) == 1 && value == -3);
    CHECK(fly_kernel_scalar_constant(k, t, &value) == 0);
    CHECK(fly_kernel_scalar_constant(k, fly_const_float(k, FLY_F32, 1.0), &value) == 0);
    CHECK(fly_kernel_finish(k) == FLY_OK);
    fly_module_destroy(m);
  }
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    int64_t value = 0;
    CHECK(fly_kernel_scalar_constant(k, NULL, &value) == -1);
    fly_module_destroy(m);
    k = kernel(&m, &t);
    CHECK(fly_kernel_scalar_constant(k, t, NULL) == -1);
    CHECK(strstr(fly_kernel_error(k), "must not be NULL") != NULL);
    fly_module_destroy(m);
  }

  /* A gemm's order: a fly_gemm_order or a traversal layout, not a number outside them nor
   * both (the atoms' own checks come after). */
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_kernel_gemm_ordered(k, NULL, t, t, t, t, FLY_GEMM_NMK_SERPENTINE + 1, NULL);
    CHECK(strstr(fly_kernel_error(k), "order must be a fly_gemm_order") != NULL);
    fly_module_destroy(m);
    k = kernel(&m, &t);
    fly_layout_t *walk = NULL;
    CHECK(fly_layout_parse("(2,2):(1,2)", &walk) == FLY_OK);
    fly_kernel_gemm_ordered(k, NULL, t, t, t, t, FLY_GEMM_KMN, walk);
    CHECK(strstr(fly_kernel_error(k), "not both") != NULL);
    fly_layout_destroy(walk);
    fly_module_destroy(m);
  }

  /* Addresses: of memory only; back to a tensor from an integer, in global or shared memory. */
  EXPECT_ERROR("only a global or shared memory tensor has an address", {
    fly_value_t *f = fly_kernel_make_fragment(k, fly_kernel_layout(k, "4:1", NULL, 0), FLY_F32);
    CHECK(!fly_kernel_tensor_address(k, f));
  });
  EXPECT_ERROR("an address is an i64 or i32, not f32", {
    CHECK(!fly_kernel_tensor_at_address(k, fly_const_float(k, FLY_F32, 0), FLY_F32, 1));
  });
  EXPECT_ERROR("not address space 5", {
    CHECK(!fly_kernel_tensor_at_address(k, fly_const_int(k, FLY_I64, 0), FLY_F32, 5));
  });
  {
    fly_module_t *m;
    fly_value_t *t;
    fly_kernel_t *k = kernel(&m, &t);
    fly_value_t *at = fly_kernel_tensor_address(k, t);
    CHECK(at && fly_value_dtype(k, at) == FLY_I64);
    fly_value_t *back = fly_kernel_tensor_at_address(k, at, FLY_I16, 1);
    CHECK(back && fly_value_kind_of(k, back) == FLY_VALUE_TENSOR);
    CHECK(fly_value_dtype(k, back) == FLY_I16);
    CHECK(fly_kernel_finish(k) == FLY_OK);
    fly_module_destroy(m);
  }

  /* A NULL kernel handle: a status on the thread, NULL back. */
  CHECK(!fly_kernel_layout(NULL, "(4,8)", NULL, 0));
  CHECK(fly_last_error_status() == FLY_ERROR_INVALID_HANDLE);
  CHECK(fly_value_kind_of(NULL, NULL) == -1);

  if (failures)
    fprintf(stderr, "%d failures\n", failures);
  else
    printf("ok\n");
  return failures != 0;
}
