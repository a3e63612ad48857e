// The header-only C++ wrapper: RAII handles, operators and exceptions.
#include "flydsl/flydsl.hpp"

#include <cstdio>

int main() {
  int failures = 0;
  auto expect = [&](bool ok, const char *what) {
    if (!ok) {
      std::fprintf(stderr, "failed: %s\n", what);
      ++failures;
    }
  };
  flydsl::Layout a("(4,8):(8,1)");
  expect(a.str() == "(4,8):(8,1)", "str");
  expect(a(flydsl::parseTuple("(1,2)")) == 10, "evaluate coordinate");
  expect(a.size() == 32, "size");
  expect(a.logicalDivide("(2,4)").str() == "((2,2),(4,2)):((8,16),(1,4))", "logical_divide");
  expect(flydsl::Layout("1000:1").logicalDivide("128").str() == "(128,8):(1,128)", "divide 1000");
  bool threw = false;
  try {
    flydsl::Layout bad("(2,3");
  } catch (const flydsl::Error &e) {
    threw = e.status() == FLY_ERROR_PARSE;
  }
  expect(threw, "parse error throws flydsl::Error");
  std::printf("cpp wrapper: %s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
