/* A tour of the CuTe layout documentation's worked examples through the C API:
 * builds each layout, prints it and its algebra, and checks every result
 * against the value the documentation states. Exits non-zero on a mismatch. */
#include "flydsl/flydsl.h"

#include <stdio.h>
#include <string.h>

static int mismatches = 0;

static void show(const char *what, fly_layout_t *l, const char *expect) {
  char *s = NULL;
  if (!l || fly_layout_to_string(l, &s) != FLY_OK) {
    printf("  %-44s ERROR %s\n", what, fly_last_error_message());
    ++mismatches;
    return;
  }
  int ok = strcmp(s, expect) == 0;
  mismatches += !ok;
  printf("  %-44s %-40s %s\n", what, s, ok ? "ok" : "MISMATCH");
  fly_string_free(s);
  fly_layout_destroy(l);
}

static fly_layout_t *P(const char *text) {
  fly_layout_t *l = NULL;
  fly_layout_parse(text, &l);
  return l;
}

static fly_layout_t *tiler(fly_tiler_op op, const char *layout, const char *t) {
  fly_layout_t *a = P(layout), *r = NULL;
  fly_layout_tiler_op(op, a, t, &r);
  fly_layout_destroy(a);
  return r;
}

static fly_layout_t *binary(fly_layout_binary_op op, const char *x, const char *y) {
  fly_layout_t *a = P(x), *b = P(y), *r = NULL;
  fly_layout_binary(op, a, b, &r);
  fly_layout_destroy(a);
  fly_layout_destroy(b);
  return r;
}

static fly_layout_t *unary(fly_layout_unary_op op, const char *x) {
  fly_layout_t *a = P(x), *r = NULL;
  fly_layout_unary(op, a, &r);
  fly_layout_destroy(a);
  return r;
}

static fly_layout_t *complement_to(const char *x, int64_t m) {
  fly_layout_t *a = P(x), *r = NULL;
  fly_layout_complement_to(a, &m, 1, &r);
  fly_layout_destroy(a);
  return r;
}

int main(void) {
  printf("FlyDSL %s: the CuTe layout documentation, worked through libflydsl\n\n", fly_version());

  printf("Layouts (01_layout.md)\n");
  int64_t shape[] = {FLY_TOKEN_OPEN, 2, FLY_TOKEN_OPEN, 2, 2, FLY_TOKEN_CLOSE, FLY_TOKEN_CLOSE};
  fly_layout_t *l = NULL;
  fly_layout_make(shape, 7, NULL, 0, &l);
  show("make_layout((2,(2,2)))", l, "(2,(2,2)):(1,(2,4))");
  fly_layout_t *rm = P("(2,(2,2)):(4,(2,1))");
  printf("  %-44s", "(2,(2,2)):(4,(2,1)) as a 2x4 table");
  for (int64_t m = 0; m < 2; ++m) {
    printf("\n    ");
    for (int64_t n = 0; n < 4; ++n) {
      int64_t crd[] = {FLY_TOKEN_OPEN, m, n, FLY_TOKEN_CLOSE}, v = 0;
      fly_layout_crd2idx(rm, crd, 4, &v);
      printf("%3lld", (long long)v);
    }
  }
  printf("\n");
  fly_layout_destroy(rm);

  printf("\nCoalesce, composition, complement (02_layout_algebra.md)\n");
  show("coalesce((2,(1,6)):(1,(6,2)))", unary(FLY_LAYOUT_COALESCE, "(2,(1,6)):(1,(6,2))"),
       "12:1");
  show("(6,2):(8,2) o (4,3):(3,1)", binary(FLY_LAYOUT_COMPOSITION, "(6,2):(8,2)", "(4,3):(3,1)"),
       "((2,2),3):((24,2),8)");
  show("(12,(4,8)):(59,(13,1)) o <3:4,8:2>",
       tiler(FLY_TILER_COMPOSITION, "(12,(4,8)):(59,(13,1))", "(3:4,8:2)"),
       "(3,(2,4)):(236,(26,1))");
  show("complement(4:2, 24)", complement_to("4:2", 24), "(2,3):(1,8)");
  show("complement((2,2):(1,6), 24)", complement_to("(2,2):(1,6)", 24), "(3,2):(2,12)");

  printf("\nDivides\n");
  show("logical_divide((4,2,3):(2,1,8), 4:2)",
       tiler(FLY_TILER_LOGICAL_DIVIDE, "(4,2,3):(2,1,8)", "4:2"), "((2,2),(2,3)):((4,1),(2,8))");
  show("zipped_divide((9,(4,8)), <3:3,(2,4):(1,8)>)",
       tiler(FLY_TILER_ZIPPED_DIVIDE, "(9,(4,8)):(59,(13,1))", "(3:3,(2,4):(1,8))"),
       "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
  show("tiled_divide(...)", tiler(FLY_TILER_TILED_DIVIDE, "(9,(4,8)):(59,(13,1))", "(3:3,(2,4):(1,8))"),
       "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");

  printf("\nProducts\n");
  show("logical_product((2,2):(4,1), 6:1)", tiler(FLY_TILER_LOGICAL_PRODUCT, "(2,2):(4,1)", "6:1"),
       "((2,2),(2,3)):((4,1),(2,8))");
  show("blocked_product((2,5):(5,1), (3,4):(1,3))",
       binary(FLY_LAYOUT_BLOCKED_PRODUCT, "(2,5):(5,1)", "(3,4):(1,3)"),
       "((2,3),(5,4)):((5,10),(1,30))");
  show("raked_product((2,5):(5,1), (3,4):(1,3))",
       binary(FLY_LAYOUT_RAKED_PRODUCT, "(2,5):(5,1)", "(3,4):(1,3)"),
       "((3,2),(4,5)):((10,5),(30,1))");

  printf("\nInverses\n");
  show("right_inverse(((2,4),(2,2)):((8,1),(4,16)))",
       unary(FLY_LAYOUT_RIGHT_INVERSE, "((2,4),(2,2)):((8,1),(4,16))"), "(8,2,2):(2,1,16)");

  printf("\n%s\n", mismatches ? "MISMATCHES FOUND" : "every result matches the documentation");
  return mismatches ? 1 : 0;
}
