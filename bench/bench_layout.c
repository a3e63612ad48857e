#define _POSIX_C_SOURCE 199309L
/* Operations per second of the layout algebra through the C API (not a test). */
#include "flydsl/flydsl.h"

#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define RUN(name, body)                                                                          \
  do {                                                                                           \
    long n = 0;                                                                                  \
    double t0 = now(), t;                                                                        \
    do {                                                                                         \
      for (int k = 0; k < 1000; ++k) {                                                           \
        body;                                                                                    \
      }                                                                                          \
      n += 1000;                                                                                 \
      t = now() - t0;                                                                            \
    } while (t < 0.5);                                                                           \
    printf("| %-42s | %12.0f | %8.2f |\n", name, n / t, 1e9 * t / n);                            \
  } while (0)

int main(void) {
  fly_layout_t *a = NULL, *b = NULL, *r = NULL;
  fly_layout_parse("((2,4),(8,16)):((64,1),(4,128))", &a);
  fly_layout_parse("((4,2),8):((2,1),8)", &b);
  int64_t crd[] = {FLY_TOKEN_OPEN, FLY_TOKEN_OPEN, 1, 3, FLY_TOKEN_CLOSE,
                   FLY_TOKEN_OPEN, 5, 9, FLY_TOKEN_CLOSE, FLY_TOKEN_CLOSE};
  int64_t idx = 0;
  printf("| %-42s | %12s | %8s |\n", "C API operation (nested layouts)", "ops/s", "ns/op");
  printf("|%s|%s|%s|\n", "--------------------------------------------", "--------------",
         "----------");
  RUN("composition(((2,4),(8,16)), ((4,2),8))",
      (fly_layout_binary(FLY_LAYOUT_COMPOSITION, a, b, &r), fly_layout_destroy(r)));
  RUN("logical_divide(L, \"(4:2,(2,4):(1,8))\")",
      (fly_layout_tiler_op(FLY_TILER_LOGICAL_DIVIDE, a, "(4:2,(2,4):(1,8))", &r),
       fly_layout_destroy(r)));
  RUN("crd2idx(L, ((1,3),(5,9)))", fly_layout_crd2idx(a, crd, 10, &idx));
  RUN("crd2idx(L, 1000)", (idx = 1000, fly_layout_crd2idx(a, &idx, 1, &idx)));
  fly_layout_destroy(a);
  fly_layout_destroy(b);
  return 0;
}
