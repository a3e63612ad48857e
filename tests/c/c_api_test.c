/* Uses the C API as a C program would, bad inputs included. */
#include "flydsl/flydsl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                              \
  do {                                                                                           \
    ++checks;                                                                                    \
    if (!(cond)) {                                                                               \
      ++failures;                                                                                \
      fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__, #cond,    \
              fly_last_error_message());                                                         \
    }                                                                                            \
  } while (0)

static fly_layout_t *parse(const char *text) {
  fly_layout_t *l = NULL;
  CHECK(fly_layout_parse(text, &l) == FLY_OK);
  return l;
}

static int has_text(const fly_layout_t *l, const char *expect) {
  char *s = NULL;
  if (fly_layout_to_string(l, &s) != FLY_OK)
    return 0;
  int same = strcmp(s, expect) == 0;
  if (!same)
    fprintf(stderr, "  got %s, expected %s\n", s, expect);
  fly_string_free(s);
  return same;
}

static int error_mentions(const char *word) {
  return strstr(fly_last_error_message(), word) != NULL;
}

/* A drawing's fill callback: one grey for even indices, one for odd, or a malformed fill. */
static int two_greys(int64_t a, int64_t b, char out[8], void *user) {
  (void)b;
  strcpy(out, user ? "grey" : (a % 2 ? "#101010" : "#202020"));
  return 0;
}

static int refuse(int64_t a, int64_t b, char out[8], void *user) {
  (void)a, (void)b, (void)out, (void)user;
  return 1;
}

int main(void) {
  CHECK(fly_abi_version() == FLYDSL_ABI_VERSION);
  CHECK(strlen(fly_version()) >= 5);

  /* Construction from tokens: (4,8) with strides (8,1). */
  int64_t shape[] = {FLY_TOKEN_OPEN, 4, 8, FLY_TOKEN_CLOSE};
  int64_t stride[] = {FLY_TOKEN_OPEN, 8, 1, FLY_TOKEN_CLOSE};
  fly_layout_t *a = NULL;
  CHECK(fly_layout_make(shape, 4, stride, 4, &a) == FLY_OK);
  CHECK(has_text(a, "(4,8):(8,1)"));
  int64_t crd[] = {FLY_TOKEN_OPEN, 1, 2, FLY_TOKEN_CLOSE}, idx = -1, v = 0;
  CHECK(fly_layout_crd2idx(a, crd, 4, &idx) == FLY_OK && idx == 10);
  CHECK(fly_layout_size(a, &v) == FLY_OK && v == 32);
  CHECK(fly_layout_cosize(a, &v) == FLY_OK && v == 32);

  /* Algebra through handles and tiler text. */
  fly_layout_t *b = parse("(9,(4,8)):(59,(13,1))"), *r = NULL;
  CHECK(fly_layout_tiler_op(FLY_TILER_ZIPPED_DIVIDE, b, "(3:3,(2,4):(1,8))", &r) == FLY_OK);
  CHECK(has_text(r, "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"));
  fly_layout_destroy(r);
  fly_layout_t *c = parse("(6,2):(8,2)"), *d = parse("(4,3):(3,1)");
  CHECK(fly_layout_binary(FLY_LAYOUT_COMPOSITION, c, d, &r) == FLY_OK);
  CHECK(has_text(r, "((2,2),3):((24,2),8)"));
  fly_layout_destroy(r);

  /* CuTe's make_fragment_like, coshape and coprofile. */
  {
    fly_layout_t *g = parse("((2,2),4):((1,16),64)"), *id = parse("(4,8):(1@0,1@1)"), *sw;
    CHECK(fly_layout_unary(FLY_LAYOUT_MAKE_FRAGMENT_LIKE, g, &r) == FLY_OK);
    CHECK(has_text(r, "((2,2),(4)):((1,2),(4))")); /* CuTe C++ prints the same */
    fly_layout_destroy(r);
    int64_t *t = NULL;
    size_t count = 0;
    char *s = NULL;
    CHECK(fly_layout_coshape(g, &t, &count) == FLY_OK && count == 1 && t[0] == 210);
    fly_tuple_free(t);
    CHECK(fly_layout_coshape(id, &t, &count) == FLY_OK);
    CHECK(fly_tuple_to_string(t, count, &s) == FLY_OK && strcmp(s, "(4,8)") == 0);
    fly_string_free(s);
    fly_tuple_free(t);
    CHECK(fly_layout_coprofile(id, &t, &count) == FLY_OK);
    CHECK(fly_tuple_to_string(t, count, &s) == FLY_OK && strcmp(s, "(0,0)") == 0);
    fly_string_free(s);
    fly_tuple_free(t);
    CHECK(fly_layout_parse("Sw<2,0,2> o 0 o (4,4):(4,1)", &sw) == FLY_OK);
    CHECK(fly_layout_coshape(sw, &t, &count) != FLY_OK && error_mentions("coshape"));
    CHECK(fly_layout_coprofile(g, NULL, &count) == FLY_ERROR_INVALID_ARGUMENT);
    fly_layout_destroy(sw);
    fly_layout_destroy(id);
    fly_layout_destroy(g);
  }

  /* Tokens round trip through text. */
  int64_t *tok = NULL;
  size_t n = 0;
  char *text = NULL;
  CHECK(fly_tuple_parse("(2,(_,4),1@1)", &tok, &n) == FLY_OK);
  CHECK(fly_tuple_to_string(tok, n, &text) == FLY_OK && strcmp(text, "(2,(_,4),1@1)") == 0);
  fly_string_free(text);
  fly_tuple_free(tok);

  /* FlyDSL's int tuple arithmetic: leaf by leaf, the longer tuple's extra modes kept. */
  {
    int64_t *a = NULL, *b = NULL, *r = NULL;
    size_t na = 0, nb = 0, nr = 0;
    CHECK(fly_tuple_parse("(7,(2,3),5)", &a, &na) == FLY_OK);
    CHECK(fly_tuple_parse("(3,(4,5))", &b, &nb) == FLY_OK);
    CHECK(fly_tuple_binary(FLY_TUPLE_ADD, a, na, b, nb, &r, &nr) == FLY_OK);
    CHECK(fly_tuple_to_string(r, nr, &text) == FLY_OK && strcmp(text, "(10,(6,8),5)") == 0);
    fly_string_free(text);
    fly_tuple_free(r);
    CHECK(fly_tuple_binary(FLY_TUPLE_MOD, a, na, b, nb, &r, &nr) == FLY_OK);
    CHECK(fly_tuple_to_string(r, nr, &text) == FLY_OK && strcmp(text, "(1,(2,3),5)") == 0);
    fly_string_free(text);
    fly_tuple_free(r);
    CHECK(fly_tuple_binary(FLY_TUPLE_PRODUCT_LIKE, a, na, b, nb, &r, &nr) == FLY_OK);
    CHECK(fly_tuple_to_string(r, nr, &text) == FLY_OK && strcmp(text, "(7,(2,3))") == 0);
    fly_string_free(text);
    fly_tuple_free(r);
    CHECK(fly_tuple_unary(FLY_TUPLE_PRODUCT, a, na, &r, &nr) == FLY_OK && nr == 1 && r[0] == 210);
    fly_tuple_free(r);
    r = NULL;
    /* A leaf against a tuple, a zero divisor, a guide deeper than the tuple: errors. */
    int64_t seven = 7, zero = 0;
    CHECK(fly_tuple_binary(FLY_TUPLE_SUB, a, na, &seven, 1, &r, &nr) == FLY_ERROR_RANK_MISMATCH &&
          error_mentions("int_tuple_sub"));
    CHECK(fly_tuple_binary(FLY_TUPLE_DIV, b, nb, a, na, &r, &nr) == FLY_OK);
    fly_tuple_free(r);
    r = NULL;
    CHECK(fly_tuple_binary(FLY_TUPLE_DIV, &seven, 1, &zero, 1, &r, &nr) != FLY_OK);
    CHECK(fly_tuple_binary(FLY_TUPLE_PRODUCT_LIKE, b, nb, a, na, &r, &nr) ==
          FLY_ERROR_RANK_MISMATCH);
    CHECK(r == NULL);
    fly_tuple_free(a);
    fly_tuple_free(b);
  }

  /* Bad inputs: each gets a status and a message, and the library stays usable. */
  fly_layout_t *bad = (fly_layout_t *)0x1;
  CHECK(fly_layout_parse("(2,3:(1,2)", &bad) == FLY_ERROR_PARSE && error_mentions("offset"));
  CHECK(fly_layout_parse("(2,0):(1,2)", &bad) == FLY_ERROR_INVALID_ARGUMENT &&
        error_mentions("positive"));
  CHECK(fly_layout_parse("(2,3):(1)", &bad) == FLY_ERROR_RANK_MISMATCH);
  CHECK(fly_layout_parse(NULL, &bad) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_layout_parse("4:1", NULL) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_layout_tiler_op(FLY_TILER_LOGICAL_DIVIDE, a, "(2,2,2)", &r) ==
            FLY_ERROR_RANK_MISMATCH &&
        fly_layout_tiler_op(FLY_TILER_LOGICAL_DIVIDE, a, "(2:1,2:1,2:1)", &r) ==
        FLY_ERROR_RANK_MISMATCH);
  fly_layout_t *e = parse("(4,6):(1,5)"), *f = parse("6:1");
  CHECK(fly_layout_binary(FLY_LAYOUT_COMPOSITION, e, f, &r) == FLY_ERROR_DIVISIBILITY &&
        error_mentions("divisibility"));
  CHECK(fly_layout_parse("(4294967296,4294967296):(1,4294967296)", &r) == FLY_OK);
  CHECK(fly_layout_size(r, &v) == FLY_ERROR_OVERFLOW && error_mentions("overflow"));
  fly_layout_destroy(r);
  CHECK(fly_layout_size(NULL, &v) == FLY_ERROR_INVALID_HANDLE && error_mentions("NULL"));
  int64_t bad_tokens[] = {FLY_TOKEN_OPEN, 4};
  CHECK(fly_layout_make(bad_tokens, 2, NULL, 0, &r) == FLY_ERROR_INVALID_ARGUMENT);
  int64_t reserved[] = {FLY_TOKEN_CLOSE};
  CHECK(fly_layout_make(reserved, 1, NULL, 0, &r) == FLY_ERROR_INVALID_ARGUMENT);
  /* Enum arguments arrive as int and are validated, whatever the value. */
  CHECK(fly_layout_unary(99, a, &r) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_layout_unary(9, a, &r) == FLY_ERROR_INVALID_ARGUMENT &&
        error_mentions("fly_layout_unary_op"));
  CHECK(fly_layout_unary(-1, a, &r) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_layout_binary(99, a, a, &r) == FLY_ERROR_INVALID_ARGUMENT);
  CHECK(fly_layout_tiler_op(-7, a, "2", &r) == FLY_ERROR_INVALID_ARGUMENT);
  {
    int64_t two = 2, *out = NULL;
    size_t n = 0;
    CHECK(fly_tuple_binary(1000, &two, 1, &two, 1, &out, &n) == FLY_ERROR_INVALID_ARGUMENT);
    CHECK(fly_tuple_unary(3, &two, 1, &out, &n) == FLY_ERROR_INVALID_ARGUMENT);
    CHECK(fly_tuple_ternary(-1, &two, 1, &two, 1, &two, 1, &out, &n) ==
          FLY_ERROR_INVALID_ARGUMENT);
    CHECK(out == NULL);
  }
  CHECK(fly_swizzle_apply(3, 4, 0, 1, &v) == FLY_ERROR_INVALID_ARGUMENT);
  {
    /* The coordinates of an index: 5 in (4,8):(8,1) is (0,5) through the strides, the
     * flat (per mode) form of the same, and 20 as a column-major index of (4,8). */
    fly_layout_t *rows = parse("(4,8):(8,1)"), *swizzled = parse("Sw<1,1,1> o 0 o 8:1");
    int64_t five = 5, *out = NULL;
    size_t n = 0;
    CHECK(fly_layout_coord(FLY_COORD_IDX2CRD, rows, &five, 1, &out, &n) == FLY_OK && n == 4 &&
          out[1] == 0 && out[2] == 5);
    fly_tuple_free(out);
    CHECK(fly_layout_coord(FLY_COORD_FLAT, rows, &five, 1, &out, &n) == FLY_OK && n == 4 &&
          out[1] == 0 && out[2] == 5);
    fly_tuple_free(out);
    CHECK(fly_layout_coord(FLY_COORD_1D, rows, &five, 1, &out, &n) == FLY_OK && n == 1 &&
          out[0] == 20);
    fly_tuple_free(out);
    out = NULL;
    CHECK(fly_layout_coord(3, rows, &five, 1, &out, &n) == FLY_ERROR_INVALID_ARGUMENT &&
          error_mentions("fly_layout_coord_op"));
    CHECK(fly_layout_coord(FLY_COORD_FLAT, swizzled, &five, 1, &out, &n) == FLY_ERROR_UNSUPPORTED &&
          error_mentions("not defined for the composed"));
    CHECK(fly_layout_coord(FLY_COORD_FLAT, rows, NULL, 1, &out, &n) == FLY_ERROR_INVALID_ARGUMENT);
    CHECK(fly_layout_coord(FLY_COORD_FLAT, NULL, &five, 1, &out, &n) == FLY_ERROR_INVALID_HANDLE);
    CHECK(out == NULL);
    fly_layout_t *like = NULL;
    CHECK(fly_layout_unary(FLY_LAYOUT_MAKE_LAYOUT_LIKE, rows, &like) == FLY_OK);
    CHECK(fly_layout_stride(like, &out, &n) == FLY_OK && n == 4 && out[1] == 8 && out[2] == 1);
    fly_tuple_free(out);
    fly_layout_destroy(like);
    fly_layout_destroy(rows);
    fly_layout_destroy(swizzled);
  }
  CHECK(strcmp(fly_status_name(FLY_ERROR_PARSE), "FLY_ERROR_PARSE") == 0);

  /* A destroyed handle is reported, not dereferenced as a live one. */
  fly_layout_t *gone = parse("8:1");
  fly_layout_destroy(gone);
  CHECK(fly_layout_size(gone, &v) == FLY_ERROR_INVALID_HANDLE && error_mentions("destroyed"));
  fly_layout_destroy(NULL);
  fly_layout_destroy(gone); /* a second destroy does nothing */
  /* Its slot is reused by the next layout, yet the old handle stays dead (generations). */
  fly_layout_t *next = parse("4:2");
  CHECK(fly_layout_size(gone, &v) == FLY_ERROR_INVALID_HANDLE && error_mentions("destroyed"));
  CHECK(fly_layout_size(next, &v) == FLY_OK && v == 4);
  /* A handle of another kind, and a pointer that is no handle at all. */
  fly_module_t *mod = NULL;
  CHECK(fly_module_create(&mod) == FLY_OK);
  CHECK(fly_layout_size((const fly_layout_t *)mod, &v) == FLY_ERROR_INVALID_HANDLE &&
        error_mentions("is a module handle, not a layout handle"));
  int on_stack = 0;
  CHECK(fly_layout_size((const fly_layout_t *)&on_stack, &v) == FLY_ERROR_INVALID_HANDLE &&
        error_mentions("not a layout handle"));
  fly_layout_destroy((fly_layout_t *)mod); /* the wrong kind: nothing happens */
  fly_module_destroy(mod);
  fly_layout_destroy(next);
  /* Many handles made and freed: the table reuses slots (LeakSanitizer checks the memory). */
  int made = 0;
  for (int i = 0; i < 100000; ++i) {
    fly_layout_t *t = NULL;
    made += fly_layout_parse("(2,3):(3,1)", &t) == FLY_OK;
    fly_layout_destroy(t);
  }
  CHECK(made == 100000);

  /* Typst drawings: the cells, the callback's fills, and the mistakes. */
  {
    char *text = NULL;
    CHECK(fly_layout_typst(a, 1, two_greys, NULL, &text) == FLY_OK);
    CHECK(text && strstr(text, "#set page(") && strstr(text, "(4,8):(8,1)"));
    CHECK(text && strstr(text, "rgb(\"#101010\")") && strstr(text, "rgb(\"#202020\")"));
    fly_string_free(text);
    CHECK(fly_layout_typst(a, 0, NULL, NULL, &text) == FLY_OK && !strstr(text, "#set page("));
    fly_string_free(text);
    CHECK(fly_layout_typst(a, 0, two_greys, (void *)1, &text) == FLY_ERROR_INVALID_ARGUMENT &&
          error_mentions("#rrggbb"));
    CHECK(fly_layout_typst(a, 0, refuse, NULL, &text) == FLY_ERROR_INVALID_ARGUMENT &&
          error_mentions("callback failed"));
    CHECK(fly_layout_typst(NULL, 0, NULL, NULL, &text) != FLY_OK);
    CHECK(fly_layout_typst(a, 0, NULL, NULL, NULL) == FLY_ERROR_INVALID_ARGUMENT);
    fly_layout_t *deep = parse("(2,2,2):(1,2,4)");
    CHECK(fly_layout_typst(deep, 0, NULL, NULL, &text) == FLY_ERROR_INVALID_ARGUMENT &&
          error_mentions("rank 1 or 2"));
    fly_layout_destroy(deep);
    fly_layout_t *tv = parse("(2,2):(1,2)");
    CHECK(fly_tiled_copy_typst(tv, tv, 2, 2, "copy", 0, NULL, NULL, &text) == FLY_OK &&
          strstr(text, "T1 #linebreak() V1"));
    fly_string_free(text);
    CHECK(fly_tiled_copy_typst(tv, tv, 1, 2, NULL, 0, NULL, NULL, &text) ==
              FLY_ERROR_INVALID_ARGUMENT &&
          error_mentions("outside the 1x2 tile"));
    fly_layout_destroy(tv);
  }

  /* Still usable after all of that. */
  CHECK(fly_layout_size(a, &v) == FLY_OK && v == 32);

  fly_layout_destroy(a);
  fly_layout_destroy(b);
  fly_layout_destroy(c);
  fly_layout_destroy(d);
  fly_layout_destroy(e);
  fly_layout_destroy(f);
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
