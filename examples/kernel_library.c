/* The kernel library from C: a row softmax and an rmsnorm with a fused residual add over host
 * (kDLCPU) tensors, so they run on the cpu target; the same calls on kDLCUDA or kDLROCM memory
 * run on that GPU. Each result is checked against a direct computation.
 * Run: ./build/examples/kernel_library */
#include <flydsl/kernels.h>

#include <dlpack/dlpack.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    fly_status s_ = (call);                                                                        \
    if (s_ != FLY_OK) {                                                                            \
      fprintf(stderr, "%s failed: %s: %s\n", #call, fly_status_name(s_),                           \
              fly_last_error_message());                                                           \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

enum { ROWS = 4, COLS = 1000 };

static DLTensor matrix(float *data, int64_t *shape, int ndim) {
  DLTensor t = {data, {kDLCPU, 0}, ndim, {kDLFloat, 32, 1}, shape, NULL, 0};
  return t;
}

int main(void) {
  static float x[ROWS][COLS], y[ROWS][COLS], residual[ROWS][COLS], w[COLS];
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c) {
      x[r][c] = sinf(0.37f * (float)(r * COLS + c)) * 6.0f;
      residual[r][c] = cosf(0.11f * (float)c) + (float)r;
    }
  for (int c = 0; c < COLS; ++c)
    w[c] = 1.0f + 0.001f * (float)c;

  int64_t shape[2] = {ROWS, COLS}, wshape[1] = {COLS};
  DLTensor tx = matrix(&x[0][0], shape, 2), ty = matrix(&y[0][0], shape, 2);
  DLTensor tr = matrix(&residual[0][0], shape, 2), tw = matrix(w, wshape, 1);
  fly_arg_t ax = {FLY_ARG_DLTENSOR, &tx, 0, 0}, ay = {FLY_ARG_DLTENSOR, &ty, 0, 0};
  fly_arg_t ar = {FLY_ARG_DLTENSOR, &tr, 0, 0}, aw = {FLY_ARG_DLTENSOR, &tw, 0, 0};

  CHECK(fly_kernels_softmax(&ax, &ay, NULL));
  double worst = 0;
  for (int r = 0; r < ROWS; ++r) {
    double mx = -INFINITY, sum = 0;
    for (int c = 0; c < COLS; ++c)
      mx = fmax(mx, x[r][c]);
    for (int c = 0; c < COLS; ++c)
      sum += exp(x[r][c] - mx);
    for (int c = 0; c < COLS; ++c)
      worst = fmax(worst, fabs(y[r][c] - exp(x[r][c] - mx) / sum));
  }
  printf("softmax %dx%d: max error %.1e\n", ROWS, COLS, worst);
  if (worst > 1e-6)
    return 1;

  /* h = x + residual lands in residual (in place); y = h / rms(h) * w. */
  static double h[ROWS][COLS];
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      h[r][c] = (double)x[r][c] + residual[r][c];
  CHECK(fly_kernels_rmsnorm(&ax, &aw, &ar, &ar, 1e-6, &ay, NULL));
  worst = 0;
  for (int r = 0; r < ROWS; ++r) {
    double ms = 0;
    for (int c = 0; c < COLS; ++c)
      ms += h[r][c] * h[r][c] / COLS;
    for (int c = 0; c < COLS; ++c) {
      worst = fmax(worst, fabs(y[r][c] - h[r][c] / sqrt(ms + 1e-6) * w[c]));
      worst = fmax(worst, fabs(residual[r][c] - h[r][c]));
    }
  }
  printf("rmsnorm with residual %dx%d: max error %.1e\n", ROWS, COLS, worst);
  if (worst > 1e-5)
    return 1;

  /* A weight of the wrong length is refused before anything runs. */
  int64_t short_shape[1] = {COLS - 1};
  tw.shape = short_shape;
  fly_status s = fly_kernels_rmsnorm(&ax, &aw, NULL, NULL, 1e-6, &ay, NULL);
  printf("a weight of %d: %s (%s)\n", COLS - 1, fly_status_name(s), fly_last_error_message());
  printf(s == FLY_ERROR_INVALID_ARGUMENT ? "ok\n" : "wrong\n");
  return s != FLY_ERROR_INVALID_ARGUMENT;
}
