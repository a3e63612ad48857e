/* A program built against an installed libflydsl (pkg-config or CMake), as a user builds one. */
#include <flydsl/flydsl.h>

#include <stdio.h>
#include <string.h>

int main(void) {
  fly_layout_t *l = NULL, *d = NULL;
  char *text = NULL;
  if (fly_layout_parse("(4,8):(8,1)", &l) != FLY_OK ||
      fly_layout_tiler_op(FLY_TILER_ZIPPED_DIVIDE, l, "(2,4)", &d) != FLY_OK ||
      fly_layout_to_string(d, &text) != FLY_OK) {
    fprintf(stderr, "consumer: %s\n", fly_last_error_message());
    return 1;
  }
  int ok = strcmp(text, "((2,4),(2,2)):((8,1),(16,4))") == 0 &&
           fly_abi_version() == FLYDSL_ABI_VERSION;
  printf("consumer: libflydsl %s: %s %s\n", fly_version(), text, ok ? "ok" : "WRONG");
  fly_string_free(text);
  fly_layout_destroy(d);
  fly_layout_destroy(l);
  return ok ? 0 : 1;
}
