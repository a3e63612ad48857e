/* A tiled MMA from C: four MFMA 16x16x4 f32 atoms laid out 2 x 2 over 256 threads (the
 * tutorial's make_tiled_mma(atom, make_layout((2,2,1),(1,2,0)))), its thread-value layouts,
 * one thread's share of a 64 x 64 C tile, a check that the threads cover C exactly once, and
 * an atom the instruction set does not have.
 * Run: ./build/examples/tiled_mma */
#include <flydsl/flydsl.h>

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

static int print_layout(const char *what, const fly_layout_t *l) {
  char *text;
  CHECK(fly_layout_to_string(l, &text));
  printf("%s: %s\n", what, text);
  fly_string_free(text);
  return 0;
}

int main(void) {
  fly_layout_t *atoms, *tv_c, *tv_a, *c_tile, *part;
  fly_tiled_mma_t *mma;
  CHECK(fly_layout_parse("(2,2,1):(1,2,0)", &atoms));
  CHECK(fly_tiled_mma_create(FLY_MMA_MFMA, 16, 16, 4, FLY_F32, 64, atoms, NULL, &mma));
  char *name;
  int64_t threads, tile[3];
  CHECK(fly_tiled_mma_atom_name(mma, &name));
  CHECK(fly_tiled_mma_size(mma, &threads, tile));
  printf("atom %s, %lld threads, tile %lldx%lldx%lld\n", name, (long long)threads,
         (long long)tile[0], (long long)tile[1], (long long)tile[2]);
  fly_string_free(name);
  CHECK(fly_tiled_mma_layout_tv(mma, FLY_MMA_A, &tv_a));
  CHECK(fly_tiled_mma_layout_tv(mma, FLY_MMA_C, &tv_c));
  if (print_layout("A (thread, value) -> (m, k)", tv_a) ||
      print_layout("C (thread, value) -> (m, n)", tv_c))
    return 1;

  /* Every element of the 32 x 32 C tile is held by exactly one (thread, value). */
  int64_t values = (tile[0] * tile[1]) / threads, wrong = 0;
  int *seen = calloc((size_t)(tile[0] * tile[1]), sizeof(int));
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      int64_t crd[4] = {FLY_TOKEN_OPEN, t, v, FLY_TOKEN_CLOSE}, idx;
      CHECK(fly_layout_crd2idx(tv_c, crd, 4, &idx));
      seen[idx] += 1;
    }
  for (int64_t i = 0; i < tile[0] * tile[1]; ++i)
    wrong += seen[i] != 1;
  free(seen);
  printf("C covered once by every (thread, value): %s\n", wrong ? "no" : "yes");

  /* Thread 70's share of a 64 x 64 row-major C: (values, rest m, rest n). */
  CHECK(fly_layout_parse("(64,64):(64,1)", &c_tile));
  CHECK(fly_tiled_mma_partition(mma, FLY_MMA_C, c_tile, 70, &part));
  if (print_layout("thread 70's part of a 64x64 row-major C", part))
    return 1;

  /* MFMA has no 16x16x8 f16 atom: the error names the shapes it has. */
  fly_tiled_mma_t *none = NULL;
  fly_status s = fly_tiled_mma_create(FLY_MMA_MFMA, 16, 16, 8, FLY_F16, 64, NULL, NULL, &none);
  printf("MFMA 16x16x8 f16: %s (%s)\n", fly_status_name(s), fly_last_error_message());
  wrong += s != FLY_ERROR_UNSUPPORTED || none != NULL;

  fly_layout_destroy(atoms);
  fly_layout_destroy(tv_a);
  fly_layout_destroy(tv_c);
  fly_layout_destroy(c_tile);
  fly_layout_destroy(part);
  fly_tiled_mma_destroy(mma);
  printf(wrong ? "wrong\n" : "ok\n");
  return wrong != 0;
}
