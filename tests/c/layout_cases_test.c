/* The shared table of layout-algebra cases with CuTe C++'s answers
 * (tests/data/layout_cases.tsv, written by tests/cute/cute_diff.py), through the C API; the
 * Python, Rust and Julia tests read the same file. Usage: layout_cases_test TABLE */
#include "flydsl/flydsl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 4 };

typedef struct {
  int64_t *t;
  size_t n;
} tuple_t;

static tuple_t tup(const char *text, fly_status *st) {
  tuple_t r = {NULL, 0};
  if (*st == FLY_OK)
    *st = fly_tuple_parse(text, &r.t, &r.n);
  return r;
}

static fly_layout_t *lay(const char *text, fly_status *st) {
  fly_layout_t *l = NULL;
  if (*st == FLY_OK)
    *st = fly_layout_parse(text, &l);
  return l;
}

static int tiler_op(const char *op) {
  static const char *names[] = {"composition_tiler", "logical_divide",  "zipped_divide",
                                "tiled_divide",      "flat_divide",     "logical_product",
                                "zipped_product",    "tiled_product",   "flat_product"};
  for (int i = 0; i < 9; ++i)
    if (strcmp(op, names[i]) == 0)
      return i; /* fly_tiler_op numbering */
  return -1;
}

static int unary_op(const char *op) {
  static const char *names[] = {"coalesce",      "filter",       "filter_zeros", "complement",
                                "right_inverse", "left_inverse", "flatten"};
  for (int i = 0; i < 7; ++i)
    if (strcmp(op, names[i]) == 0)
      return i; /* fly_layout_unary_op numbering */
  return -1;
}

/* Runs one case; on success writes CuTe text of the result into out. */
static fly_status run(const char *op, char **a, char *out, size_t cap) {
  fly_status st = FLY_OK;
  fly_layout_t *l = NULL, *m = NULL, *r = NULL;
  tuple_t x = {NULL, 0}, y = {NULL, 0}, z = {NULL, 0}, t = {NULL, 0};
  int64_t v = 0;
  int kind = 0; /* 0 layout r, 1 tuple t, 2 integer v */
  int k;
  if ((k = unary_op(op)) >= 0) {
    l = lay(a[0], &st);
    if (!st)
      st = fly_layout_unary((fly_layout_unary_op)k, l, &r);
  } else if ((k = tiler_op(op)) >= 0) {
    l = lay(a[0], &st);
    if (!st)
      st = fly_layout_tiler_op((fly_tiler_op)k, l, a[1], &r);
  } else if (!strcmp(op, "size") || !strcmp(op, "cosize")) {
    l = lay(a[0], &st);
    kind = 2;
    if (!st)
      st = op[0] == 's' ? fly_layout_size(l, &v) : fly_layout_cosize(l, &v);
  } else if (!strcmp(op, "complement_to") || !strcmp(op, "coalesce_profile") ||
             !strcmp(op, "filter_profile") || !strcmp(op, "tile_to_shape")) {
    l = lay(a[0], &st);
    x = tup(a[1], &st);
    if (!st && op[0] == 'c' && op[2] == 'm')
      st = fly_layout_complement_to(l, x.t, x.n, &r);
    else if (!st && op[0] == 'c')
      st = fly_layout_coalesce_profile(l, x.t, x.n, &r);
    else if (!st && op[0] == 'f')
      st = fly_layout_filter_profile(l, x.t, x.n, &r);
    else if (!st)
      st = fly_layout_tile_to_shape(l, x.t, x.n, NULL, 0, &r);
  } else if (!strcmp(op, "composition") || !strcmp(op, "blocked_product") ||
             !strcmp(op, "raked_product")) {
    l = lay(a[0], &st);
    m = lay(a[1], &st);
    fly_layout_binary_op b = op[0] == 'c'   ? FLY_LAYOUT_COMPOSITION
                             : op[0] == 'b' ? FLY_LAYOUT_BLOCKED_PRODUCT
                                            : FLY_LAYOUT_RAKED_PRODUCT;
    if (!st)
      st = fly_layout_binary(b, l, m, &r);
  } else if (!strcmp(op, "max_common_vector")) {
    l = lay(a[0], &st);
    m = lay(a[1], &st);
    kind = 2;
    if (!st)
      st = fly_layout_max_common_vector(l, m, &v);
  } else if (!strcmp(op, "make_layout") || !strcmp(op, "make_ordered_layout")) {
    x = tup(a[0], &st);
    if (op[5] == 'o')
      y = tup(a[1], &st);
    if (!st)
      st = op[5] == 'o' ? fly_layout_make_ordered(x.t, x.n, y.t, y.n, &r)
                        : fly_layout_make(x.t, x.n, NULL, 0, &r);
  } else if (!strcmp(op, "crd2idx")) {
    x = tup(a[0], &st);
    l = lay(a[1], &st);
    kind = 2;
    if (!st)
      st = fly_layout_crd2idx(l, x.t, x.n, &v);
  } else if (!strcmp(op, "recast_layout")) {
    l = lay(a[0], &st);
    if (!st)
      st = fly_layout_recast(l, atoll(a[1]), atoll(a[2]), &r);
  } else {
    /* IntTuple helpers. */
    static const char *binary[] = {"shape_div", "ceil_div", "elem_scale", "idx2crd"};
    kind = 1;
    x = tup(a[0], &st);
    for (k = 0; k < 4 && strcmp(op, binary[k]); ++k)
      ;
    if (k < 4) {
      y = tup(a[1], &st);
      if (!st)
        st = fly_tuple_binary((fly_tuple_op)k, x.t, x.n, y.t, y.n, &t.t, &t.n);
    } else if (!strcmp(op, "compact_col_major")) {
      int64_t one = 1;
      if (!st)
        st = fly_tuple_binary(FLY_TUPLE_COMPACT_COL_MAJOR, x.t, x.n, &one, 1, &t.t, &t.n);
    } else if (!strcmp(op, "product_each")) {
      if (!st)
        st = fly_tuple_unary(FLY_TUPLE_PRODUCT_EACH, x.t, x.n, &t.t, &t.n);
    } else if (!strcmp(op, "idx2crd_stride") || !strcmp(op, "crd2crd")) {
      y = tup(a[1], &st);
      z = tup(a[2], &st);
      if (!st)
        st = fly_tuple_ternary(op[0] == 'i' ? FLY_TUPLE_IDX2CRD_STRIDE : FLY_TUPLE_CRD2CRD, x.t,
                               x.n, y.t, y.n, z.t, z.n, &t.t, &t.n);
    } else {
      fprintf(stderr, "unknown op %s\n", op);
      exit(2);
    }
  }
  if (st == FLY_OK) {
    char *s = NULL;
    if (kind == 0)
      st = fly_layout_to_string(r, &s);
    else if (kind == 1)
      st = fly_tuple_to_string(t.t, t.n, &s);
    else
      snprintf(out, cap, "%lld", (long long)v);
    if (s) {
      snprintf(out, cap, "%s", s);
      fly_string_free(s);
    }
  }
  fly_layout_destroy(l);
  fly_layout_destroy(m);
  fly_layout_destroy(r);
  fly_tuple_free(x.t);
  fly_tuple_free(y.t);
  fly_tuple_free(z.t);
  fly_tuple_free(t.t);
  return st;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s tests/data/layout_cases.tsv\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  static char line[1 << 16];
  int passed = 0, failed = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!line[0] || line[0] == '#')
      continue;
    char *cols[MAX_ARGS + 2];
    int n = 0;
    for (char *p = strtok(line, "\t"); p && n < MAX_ARGS + 2; p = strtok(NULL, "\t"))
      cols[n++] = p;
    char got[4096] = "error";
    if (run(cols[0], cols + 1, got, sizeof got) != FLY_OK)
      snprintf(got, sizeof got, "error");
    if (strcmp(got, cols[n - 1]) == 0) {
      ++passed;
    } else {
      ++failed;
      fprintf(stderr, "%s: CuTe says %s, got %s\n", cols[0], cols[n - 1], got);
    }
  }
  fclose(f);
  printf("%d passed, %d failed\n", passed, failed);
  return failed || passed < 300 ? 1 : 0;
}
