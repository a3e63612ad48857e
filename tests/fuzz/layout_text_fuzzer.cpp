// libFuzzer harness: arbitrary bytes as CuTe text (layouts, IntTuples, tilers, composed
// layouts) through the C API. Whatever the text, each call returns a status; nothing crashes,
// hangs or leaks.
#include "flydsl/flydsl.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size); // NUL-terminated copy
  fly_layout_t *l = nullptr;
  if (fly_layout_parse(text.c_str(), &l) == FLY_OK) {
    char *s = nullptr;
    if (fly_layout_to_string(l, &s) == FLY_OK) {
      fly_layout_t *again = nullptr;
      // What prints must parse back to an equal layout.
      if (fly_layout_parse(s, &again) != FLY_OK)
        __builtin_trap();
      int equal = 0;
      if (fly_layout_equal(l, again, &equal) != FLY_OK || !equal)
        __builtin_trap();
      fly_layout_destroy(again);
      fly_string_free(s);
    }
  }
  int64_t *tokens = nullptr;
  size_t count = 0;
  if (fly_tuple_parse(text.c_str(), &tokens, &count) == FLY_OK) {
    char *s = nullptr;
    if (fly_tuple_to_string(tokens, count, &s) == FLY_OK)
      fly_string_free(s);
    fly_tuple_free(tokens);
  }
  // The same text as a tiler of a fixed layout, for every tiler operation.
  fly_layout_t *base = nullptr;
  if (fly_layout_parse("((4,2),(3,8)):((1,24),(4,48))", &base) == FLY_OK) {
    for (int op = 0; op <= 9; ++op) {
      fly_layout_t *r = nullptr;
      if (fly_layout_tiler_op(op, base, text.c_str(), &r) == FLY_OK)
        fly_layout_destroy(r);
    }
    fly_layout_destroy(base);
  }
  fly_layout_destroy(l);
  return 0;
}
