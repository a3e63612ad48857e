/* The kernel library from C: a row softmax, an rmsnorm with a fused residual add, RoPE with the
 * paged KV-cache write, decode attention over that cache, causal attention over packed
 * sequences of two lengths, and a mixture-of-experts layer with its router, over host (kDLCPU)
 * tensors, so they run on the cpu target; the same calls on kDLCUDA or kDLROCM memory run on that
 * GPU. Each result is checked against a direct computation. Run: ./build/examples/kernel_library */
#include <flydsl/kernels.h>

#include <dlpack/dlpack.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* bfloat16: the high half of a float32, rounded to nearest even. */
static uint16_t to_bf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}
static float from_bf16(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static double bf16_round(double v) { return from_bf16(to_bf16((float)v)); }

enum { TOKENS = 5, HIDDEN = 16, INTER = 8, EXPERTS = 4, TOPK = 2 };

/* The router picks two of four experts for each of five tokens; the layer's SwiGLU experts run
 * on the matrix cores' kernel (emulated here) in bfloat16. */
static int mixture_of_experts(void) {
  static float logits[TOKENS][EXPERTS], weights[TOKENS][TOPK], out[TOKENS][HIDDEN];
  static int32_t ids[TOKENS][TOPK];
  static uint16_t x[TOKENS][HIDDEN], w1[EXPERTS][2 * INTER][HIDDEN], w2[EXPERTS][HIDDEN][INTER];
  for (int t = 0; t < TOKENS; ++t)
    for (int e = 0; e < EXPERTS; ++e)
      logits[t][e] = (float)sin(0.9 * (t * EXPERTS + e));
  for (int t = 0; t < TOKENS; ++t)
    for (int c = 0; c < HIDDEN; ++c)
      x[t][c] = to_bf16((float)cos(0.3 * (t * HIDDEN + c)));
  for (int e = 0; e < EXPERTS; ++e)
    for (int r = 0; r < 2 * INTER; ++r)
      for (int c = 0; c < HIDDEN; ++c)
        w1[e][r][c] = to_bf16((float)(0.25 * sin(0.17 * ((e * 2 * INTER + r) * HIDDEN + c))));
  for (int e = 0; e < EXPERTS; ++e)
    for (int c = 0; c < HIDDEN; ++c)
      for (int i = 0; i < INTER; ++i)
        w2[e][c][i] = to_bf16((float)(0.35 * cos(0.23 * ((e * HIDDEN + c) * INTER + i))));
  int64_t s_logits[2] = {TOKENS, EXPERTS}, s_route[2] = {TOKENS, TOPK}, s_x[2] = {TOKENS, HIDDEN};
  int64_t s_w1[3] = {EXPERTS, 2 * INTER, HIDDEN}, s_w2[3] = {EXPERTS, HIDDEN, INTER};
  DLTensor tl = matrix(&logits[0][0], s_logits, 2), tw = matrix(&weights[0][0], s_route, 2);
  DLTensor ti = {ids, {kDLCPU, 0}, 2, {kDLInt, 32, 1}, s_route, NULL, 0};
  DLTensor tx = {x, {kDLCPU, 0}, 2, {kDLBfloat, 16, 1}, s_x, NULL, 0};
  DLTensor t1 = {w1, {kDLCPU, 0}, 3, {kDLBfloat, 16, 1}, s_w1, NULL, 0};
  DLTensor t2 = {w2, {kDLCPU, 0}, 3, {kDLBfloat, 16, 1}, s_w2, NULL, 0};
  DLTensor to = matrix(&out[0][0], s_x, 2);
  fly_arg_t al = {FLY_ARG_DLTENSOR, &tl, 0, 0}, aw = {FLY_ARG_DLTENSOR, &tw, 0, 0},
            ai = {FLY_ARG_DLTENSOR, &ti, 0, 0}, ax = {FLY_ARG_DLTENSOR, &tx, 0, 0},
            a1 = {FLY_ARG_DLTENSOR, &t1, 0, 0}, a2 = {FLY_ARG_DLTENSOR, &t2, 0, 0},
            ao = {FLY_ARG_DLTENSOR, &to, 0, 0};
  CHECK(fly_kernels_moe_topk_softmax(&al, 1, &aw, &ai, NULL));
  CHECK(fly_kernels_fused_moe(&ax, &a1, &a2, &aw, &ai, &ao, NULL));
  double worst = 0;
  for (int t = 0; t < TOKENS; ++t) {
    double want[HIDDEN] = {0};
    for (int j = 0; j < TOPK; ++j) {
      int e = ids[t][j];
      double h[2 * INTER], act[INTER];
      for (int r = 0; r < 2 * INTER; ++r) {
        h[r] = 0;
        for (int c = 0; c < HIDDEN; ++c)
          h[r] += (double)from_bf16(w1[e][r][c]) * from_bf16(x[t][c]);
        h[r] = bf16_round(h[r]); /* the kernels round the first product and the activation */
      }
      for (int i = 0; i < INTER; ++i)
        act[i] = bf16_round(h[i] / (1 + exp(-h[i])) * h[INTER + i]);
      for (int c = 0; c < HIDDEN; ++c) {
        double y = 0;
        for (int i = 0; i < INTER; ++i)
          y += (double)from_bf16(w2[e][c][i]) * act[i];
        want[c] += weights[t][j] * y;
      }
    }
    for (int c = 0; c < HIDDEN; ++c)
      worst = fmax(worst, fabs(out[t][c] - want[c]));
  }
  printf("mixture of experts, %d tokens to %d of %d experts: max error %.1e\n", TOKENS, TOPK,
         EXPERTS, worst);
  return worst > 1e-2;
}

/* Causal attention forward over two packed sequences (40 queries over 40 keys, 9 over 30), 4
 * query heads over 2 KV heads, head_dim 64, bf16 operands, f32 output and log-sum-exp. */
static int attention_forward(void) {
  enum { TQ = 49, TK = 70, H = 4, HK = 2, D = 64 };
  static uint16_t q[TQ][H][D], k[TK][HK][D], v[TK][HK][D];
  static float out[TQ][H][D], lse[H][TQ];
  int32_t cu_q[3] = {0, 40, 49}, cu_k[3] = {0, 40, 70};
  for (int t = 0; t < TK; ++t)
    for (int h = 0; h < H; ++h)
      for (int d = 0; d < D; ++d) {
        if (t < TQ)
          q[t][h][d] = to_bf16((float)sin(0.37 * ((t * H + h) * D + d)));
        if (h < HK) {
          k[t][h][d] = to_bf16((float)cos(0.11 * ((t * HK + h) * D + d)));
          v[t][h][d] = to_bf16((float)sin(0.05 * ((t * HK + h) * D + d)));
        }
      }
  int64_t sq[3] = {TQ, H, D}, sk[3] = {TK, HK, D}, sl[2] = {H, TQ}, sc[1] = {3};
  DLTensor tq = {q, {kDLCPU, 0}, 3, {kDLBfloat, 16, 1}, sq, NULL, 0};
  DLTensor tk = {k, {kDLCPU, 0}, 3, {kDLBfloat, 16, 1}, sk, NULL, 0};
  DLTensor tv = {v, {kDLCPU, 0}, 3, {kDLBfloat, 16, 1}, sk, NULL, 0};
  DLTensor tcq = {cu_q, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, sc, NULL, 0};
  DLTensor tck = {cu_k, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, sc, NULL, 0};
  DLTensor tout = {out, {kDLCPU, 0}, 3, {kDLFloat, 32, 1}, sq, NULL, 0};
  DLTensor tlse = {lse, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, sl, NULL, 0};
  fly_arg_t aq = {FLY_ARG_DLTENSOR, &tq, 0, 0}, ak = {FLY_ARG_DLTENSOR, &tk, 0, 0},
            av = {FLY_ARG_DLTENSOR, &tv, 0, 0}, acq = {FLY_ARG_DLTENSOR, &tcq, 0, 0},
            ack = {FLY_ARG_DLTENSOR, &tck, 0, 0}, aout = {FLY_ARG_DLTENSOR, &tout, 0, 0},
            alse = {FLY_ARG_DLTENSOR, &tlse, 0, 0};
  double scale = 1.0 / sqrt((double)D), worst = 0, worst_lse = 0;
  CHECK(fly_kernels_attention(&aq, &ak, &av, &acq, &ack, 40, scale, 1, &aout, &alse, NULL));
  for (int b = 0; b < 2; ++b)
    for (int i = cu_q[b]; i < cu_q[b + 1]; ++i)
      for (int h = 0; h < H; ++h) {
        /* the last query of a sequence sees all its keys */
        int last = cu_k[b] + (i - cu_q[b]) + (cu_k[b + 1] - cu_k[b]) - (cu_q[b + 1] - cu_q[b]);
        double score[TK], top = -INFINITY, sum = 0;
        for (int j = cu_k[b]; j <= last; ++j) {
          score[j] = 0;
          for (int d = 0; d < D; ++d)
            score[j] += scale * from_bf16(q[i][h][d]) * from_bf16(k[j][h / (H / HK)][d]);
          top = fmax(top, score[j]);
        }
        for (int j = cu_k[b]; j <= last; ++j)
          sum += exp(score[j] - top);
        worst_lse = fmax(worst_lse, fabs(lse[h][i] - (log(sum) + top)));
        for (int d = 0; d < D; ++d) {
          double want = 0;
          for (int j = cu_k[b]; j <= last; ++j)
            want += exp(score[j] - top) / sum * from_bf16(v[j][h / (H / HK)][d]);
          worst = fmax(worst, fabs(out[i][h][d] - want));
        }
      }
  printf("causal attention of 2 packed sequences: max error %.1e, log-sum-exp %.1e\n", worst,
         worst_lse);
  return worst > 1e-2 || worst_lse > 1e-4;
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

  /* RoPE, Llama's pairing (i, i + 8) over 16 dims, for 3 new tokens of 4 query heads and 2 KV
   * heads; their k and v go to slots 5, 0 and 2 of a cache of 2 blocks of 4 slots. */
  enum { T = 3, HQ = 4, HK = 2, D = 16, P = 32, SLOTS = 8 };
  static float q[T][HQ][D], k[T][HK][D], v[T][HK][D], cos_sin[P][D];
  static float k_cache[SLOTS][HK][D], v_cache[SLOTS][HK][D];
  static double want_q[T][HQ][D], want_k[T][HK][D];
  int64_t positions[T] = {31, 0, 7}, slots[T] = {5, 0, 2};
  for (int p = 0; p < P; ++p)
    for (int i = 0; i < D / 2; ++i) {
      double angle = p * pow(10000.0, -2.0 * i / D);
      cos_sin[p][i] = (float)cos(angle);
      cos_sin[p][D / 2 + i] = (float)sin(angle);
    }
  for (int t = 0; t < T; ++t)
    for (int h = 0; h < HQ; ++h)
      for (int d = 0; d < D; ++d) {
        q[t][h][d] = sinf(0.1f * (float)(t * 100 + h * 10 + d));
        if (h < HK) {
          k[t][h][d] = cosf(0.3f * (float)(t * 100 + h * 10 + d));
          v[t][h][d] = (float)(t * 100 + h * 10 + d);
        }
      }
  for (int t = 0; t < T; ++t)
    for (int h = 0; h < HQ; ++h)
      for (int i = 0; i < D / 2; ++i) {
        double c = cos_sin[positions[t]][i], sn = cos_sin[positions[t]][D / 2 + i];
        want_q[t][h][i] = q[t][h][i] * c - q[t][h][i + D / 2] * sn;
        want_q[t][h][i + D / 2] = q[t][h][i + D / 2] * c + q[t][h][i] * sn;
        if (h < HK) {
          want_k[t][h][i] = k[t][h][i] * c - k[t][h][i + D / 2] * sn;
          want_k[t][h][i + D / 2] = k[t][h][i + D / 2] * c + k[t][h][i] * sn;
        }
      }
  int64_t qshape[3] = {T, HQ, D}, kshape[3] = {T, HK, D}, cshape[4] = {2, 4, HK, D};
  int64_t tshape[1] = {T}, csshape[2] = {P, D};
  DLTensor tq = matrix(&q[0][0][0], qshape, 3), tk = matrix(&k[0][0][0], kshape, 3);
  DLTensor tv = matrix(&v[0][0][0], kshape, 3), tcs = matrix(&cos_sin[0][0], csshape, 2);
  DLTensor tkc = matrix(&k_cache[0][0][0], cshape, 4), tvc = matrix(&v_cache[0][0][0], cshape, 4);
  DLTensor tpos = {positions, {kDLCPU, 0}, 1, {kDLInt, 64, 1}, tshape, NULL, 0};
  DLTensor tslots = {slots, {kDLCPU, 0}, 1, {kDLInt, 64, 1}, tshape, NULL, 0};
  fly_arg_t aq = {FLY_ARG_DLTENSOR, &tq, 0, 0}, ak = {FLY_ARG_DLTENSOR, &tk, 0, 0};
  fly_arg_t av = {FLY_ARG_DLTENSOR, &tv, 0, 0}, acs = {FLY_ARG_DLTENSOR, &tcs, 0, 0};
  fly_arg_t akc = {FLY_ARG_DLTENSOR, &tkc, 0, 0}, avc = {FLY_ARG_DLTENSOR, &tvc, 0, 0};
  fly_arg_t apos = {FLY_ARG_DLTENSOR, &tpos, 0, 0}, aslots = {FLY_ARG_DLTENSOR, &tslots, 0, 0};
  CHECK(fly_kernels_rope_kv_cache(&apos, &aq, &ak, &acs, 1, &av, &aslots, &akc, &avc, NULL));
  worst = 0;
  for (int t = 0; t < T; ++t)
    for (int h = 0; h < HQ; ++h)
      for (int d = 0; d < D; ++d) {
        worst = fmax(worst, fabs(q[t][h][d] - want_q[t][h][d]));
        if (h < HK) {
          worst = fmax(worst, fabs(k[t][h][d] - want_k[t][h][d]));
          worst = fmax(worst, fabs(k_cache[slots[t]][h][d] - k[t][h][d]));
          worst = fmax(worst, fabs(v_cache[slots[t]][h][d] - v[t][h][d]));
        }
      }
  printf("rope with the kv-cache write, %d tokens: max error %.1e\n", T, worst);
  if (worst > 1e-5)
    return 1;

  /* Decode attention of one new token per sequence over the cache just written: sequence 0
   * holds slots 5 and 0 (tokens 0 and 1 of blocks 1 and 0), sequence 1 slot 2. */
  static float query[2][HQ][D], attended[2][HQ][D];
  int32_t tables[2][2] = {{1, 0}, {0, 1}}, lens[2] = {5, 3};
  for (int b = 0; b < 2; ++b)
    for (int h = 0; h < HQ; ++h)
      for (int d = 0; d < D; ++d)
        query[b][h][d] = cosf(0.2f * (float)(b * 50 + h * 7 + d));
  int64_t qshape2[3] = {2, HQ, D}, tabshape[2] = {2, 2}, lenshape[1] = {2};
  DLTensor tquery = matrix(&query[0][0][0], qshape2, 3),
           tattended = matrix(&attended[0][0][0], qshape2, 3);
  DLTensor ttab = {tables, {kDLCPU, 0}, 2, {kDLInt, 32, 1}, tabshape, NULL, 0};
  DLTensor tlen = {lens, {kDLCPU, 0}, 1, {kDLInt, 32, 1}, lenshape, NULL, 0};
  fly_arg_t aquery = {FLY_ARG_DLTENSOR, &tquery, 0, 0},
            aattended = {FLY_ARG_DLTENSOR, &tattended, 0, 0};
  fly_arg_t atab = {FLY_ARG_DLTENSOR, &ttab, 0, 0}, alen = {FLY_ARG_DLTENSOR, &tlen, 0, 0};
  double scale = 1.0 / sqrt((double)D);
  CHECK(fly_kernels_paged_attention(&aquery, &akc, &avc, &atab, &alen, scale, &aattended, NULL));
  worst = 0;
  for (int b = 0; b < 2; ++b)
    for (int h = 0; h < HQ; ++h) {
      int kv = h / (HQ / HK);
      double score[8], top = -INFINITY, sum = 0;
      for (int j = 0; j < lens[b]; ++j) {
        int slot = tables[b][j / 4] * 4 + j % 4;
        score[j] = 0;
        for (int d = 0; d < D; ++d)
          score[j] += scale * query[b][h][d] * k_cache[slot][kv][d];
        top = fmax(top, score[j]);
      }
      for (int j = 0; j < lens[b]; ++j)
        sum += exp(score[j] - top);
      for (int d = 0; d < D; ++d) {
        double want = 0;
        for (int j = 0; j < lens[b]; ++j)
          want += exp(score[j] - top) / sum * v_cache[tables[b][j / 4] * 4 + j % 4][kv][d];
        worst = fmax(worst, fabs(attended[b][h][d] - want) / (1 + fabs(want))); /* v reaches 217 */
      }
    }
  printf("paged attention of 2 sequences: max relative error %.1e\n", worst);
  if (worst > 1e-5)
    return 1;
  if (mixture_of_experts() || attention_forward())
    return 1;

  /* A weight of the wrong length is refused before anything runs. */
  int64_t short_shape[1] = {COLS - 1};
  tw.shape = short_shape;
  fly_status s = fly_kernels_rmsnorm(&ax, &aw, NULL, NULL, 1e-6, &ay, NULL);
  printf("a weight of %d: %s (%s)\n", COLS - 1, fly_status_name(s), fly_last_error_message());
  printf(s == FLY_ERROR_INVALID_ARGUMENT ? "ok\n" : "wrong\n");
  return s != FLY_ERROR_INVALID_ARGUMENT;
}
