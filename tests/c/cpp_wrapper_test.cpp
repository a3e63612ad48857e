// The header-only C++ wrapper: RAII handles, operators and exceptions; a tiled copy built,
// compiled and run on the cpu target; a builder error thrown by finish().
#include "flydsl/flydsl.hpp"

#include <dlpack/dlpack.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
// A 24 x 120 static matrix, one 8 x 24 tile per block, 4 threads with 8 values each (a raked
// thread-value layout, 128-bit calls) through registers.
bool tiledCopyRuns() {
  using flydsl::Value;
  flydsl::Module m;
  flydsl::Kernel k(m, "tiled_copy");
  Value a = k.tensorParam(FLY_F32, {24, 120}, {120, 1}, 16);
  Value b = k.tensorParam(FLY_F32, {24, 120}, {120, 1}, 16);
  Value which = k.tuple("(_,?)", {k.gpuIndex(FLY_BLOCK_IDX)});
  Value ta = k.slice(k.tiled(FLY_TILER_ZIPPED_DIVIDE, a, "(8:1,24:1)"), which);
  Value tb = k.slice(k.tiled(FLY_TILER_ZIPPED_DIVIDE, b, "(8:1,24:1)"), which);
  flydsl::Layout tv = flydsl::Layout("(4,1):(1,1)").rakedProduct(flydsl::Layout("(1,8):(1,1)"));
  Value atom = k.copyAtom(FLY_COPY_UNIVERSAL, 128, FLY_F32);
  Value tiled = k.tiledCopy(atom, k.layout(tv), "(4,8)");
  Value tid = k.gpuIndex(FLY_THREAD_IDX);
  Value src = k.partition(tiled, tid, ta, true), dst = k.partition(tiled, tid, tb, false);
  Value frag = k.fragment(src, FLY_F32);
  k.copy(atom, src, frag);
  k.copy(atom, frag, dst);
  bool shaped = k.text(src) == "((4,2),2,3):((1,4),480,8)";
  k.finish();
  flydsl::Compiled c(m, "cpu");

  float *x = static_cast<float *>(std::aligned_alloc(16, 24 * 120 * sizeof(float)));
  float *y = static_cast<float *>(std::aligned_alloc(16, 24 * 120 * sizeof(float)));
  for (int i = 0; i < 24 * 120; ++i) {
    x[i] = float(i);
    y[i] = -1.0f;
  }
  int64_t shape[2] = {24, 120};
  DLTensor dx = {x, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, nullptr, 0};
  DLTensor dy = {y, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, nullptr, 0};
  fly_launch_config_t config = {sizeof(config), {15, 1, 1}, {4, 1, 1}, 0, nullptr};
  c.launch("tiled_copy", config, {{FLY_ARG_DLTENSOR, &dx, 0, 0}, {FLY_ARG_DLTENSOR, &dy, 0, 0}});
  bool same = true;
  for (int i = 0; i < 24 * 120; ++i)
    same = same && y[i] == x[i];
  std::free(x);
  std::free(y);
  return shaped && same;
}

// Scalar code through the wrapper's operators, loop and branch: each of 8 threads walks
// j = tid, tid + 8, ... < n, writes y[j] = x[j] > 0 ? 2 x[j] + 1 : -x[j] and sums what it wrote.
bool scalarCodeRuns() {
  using flydsl::Value;
  flydsl::Module m;
  flydsl::Kernel k(m, "walk");
  Value x = k.tensorParam(FLY_F32, {100}, {1});
  Value y = k.tensorParam(FLY_F32, {100}, {1});
  Value sums = k.tensorParam(FLY_F32, {8}, {1});
  Value n = k.scalarParam(FLY_I32);
  Value tid = k.gpuIndex(FLY_THREAD_IDX), threads = k.gpuIndex(FLY_BLOCK_DIM);
  Value zero = k.constFloat(FLY_F32, 0.0);
  auto total = k.forLoop(tid, n, threads, {zero}, [&](Value j, const std::vector<Value> &acc) {
    Value v = k.load(x, {j});
    Value w = k.ifThenElse(
        v > 0.0, {FLY_F32}, [&] { return std::vector<Value>{v * 2.0 + 1.0}; },
        [&] { return std::vector<Value>{-v}; })[0];
    k.store(y, w, {j});
    return std::vector<Value>{acc[0] + w};
  });
  k.ifThen(tid < 8, [&] { k.store(sums, total[0], {tid}); });
  k.finish();
  flydsl::Compiled c(m, "cpu");

  float xs[100], ys[100] = {0}, ss[8] = {0};
  for (int i = 0; i < 100; ++i)
    xs[i] = float(i % 7) - 3.0f;
  int64_t shape[1] = {100}, eight[1] = {8};
  DLTensor dx = {xs, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, nullptr, 0};
  DLTensor dy = {ys, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, shape, nullptr, 0};
  DLTensor ds = {ss, {kDLCPU, 0}, 1, {kDLFloat, 32, 1}, eight, nullptr, 0};
  fly_launch_config_t config = {sizeof(config), {1, 1, 1}, {8, 1, 1}, 0, nullptr};
  c.launch("walk", config,
           {{FLY_ARG_DLTENSOR, &dx, 0, 0},
            {FLY_ARG_DLTENSOR, &dy, 0, 0},
            {FLY_ARG_DLTENSOR, &ds, 0, 0},
            {FLY_ARG_INT, nullptr, 100, 0}});
  bool ok = true;
  float want[8] = {0};
  for (int i = 0; i < 100; ++i) {
    float w = xs[i] > 0 ? xs[i] * 2 + 1 : -xs[i];
    ok = ok && ys[i] == w;
    want[i % 8] += w;
  }
  for (int t = 0; t < 8; ++t)
    ok = ok && ss[t] == want[t];
  return ok;
}

// Registers laid out as a layout itself (a stride-0 mode kept), or column-major over its shape.
bool registerTensorsKeepTheirLayout() {
  flydsl::Module m;
  flydsl::Kernel k(m, "registers");
  flydsl::Value l = k.layout("(4,2):(1,0)");
  bool ok = k.text(k.rmemTensor(l, FLY_F32)) == "(4,2):(1,0)" &&
            k.text(k.fragment(l, FLY_F32)) == "(4,2):(1,4)";
  k.finish();
  return ok;
}

// A 128-bit atom over values that are not consecutive: finish() throws FLY_ERROR_COMPILE.
bool builderErrorThrows() {
  flydsl::Module m;
  flydsl::Kernel k(m, "bad");
  flydsl::Value t = k.tensorParam(FLY_F32, {4, 2}, {2, 8});
  k.copy(k.copyAtom(FLY_COPY_UNIVERSAL, 128, FLY_F32), t, k.fragment(t, FLY_F32));
  try {
    k.finish();
  } catch (const flydsl::Error &e) {
    return e.status() == FLY_ERROR_COMPILE &&
           std::string(e.what()).find("consecutive") != std::string::npos;
  }
  return false;
}
// Compiled(key, build): the builder runs on a miss only; its errors come out as they went in.
bool keyedCompileRuns() {
  setenv("FLYDSL_RUNTIME_ENABLE_CACHE", "0", 1); // this process's memory cache only
  std::string key = "cpp-wrapper";
  int calls = 0;
  auto build = [&](flydsl::Module &m) {
    ++calls;
    flydsl::Kernel k(m, "one");
    k.finish();
  };
  flydsl::Compiled first(key, build, "cpu"), second(key, build, "cpu");
  bool ok = calls == 1 && first.get() && second.get();
  try {
    flydsl::Compiled failing(key + "/bad", [](flydsl::Module &m) { flydsl::Kernel k(m, ""); });
    ok = false;
  } catch (const flydsl::Error &e) {
    ok = ok && e.status() == FLY_ERROR_INVALID_ARGUMENT &&
         std::string(e.what()).find("the builder of key") != std::string::npos;
  }
  try {
    flydsl::Compiled throwing(key + "/throws",
                              [](flydsl::Module &) { throw std::runtime_error("mine"); });
    ok = false;
  } catch (const std::runtime_error &e) {
    ok = ok && std::string(e.what()) == "mine"; // not turned into a flydsl::Error
  }
  unsetenv("FLYDSL_RUNTIME_ENABLE_CACHE");
  return ok;
}
} // namespace

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
  expect(flydsl::Layout("(4,8):(16,2)").makeLayoutLike().str() == "(4,8):(8,1)",
         "make_layout_like");
  bool threw = false;
  try {
    flydsl::Layout bad("(2,3");
  } catch (const flydsl::Error &e) {
    threw = e.status() == FLY_ERROR_PARSE;
  }
  expect(threw, "parse error throws flydsl::Error");
  // mma.sync m16n8k16's accumulator: lane 5 holds (1, 2), (1, 3), (9, 2), (9, 3) of 16 x 8.
  flydsl::TiledMma sync(FLY_MMA_SYNC, 16, 8, 16, FLY_F16, 32);
  flydsl::Layout tvC = sync.layoutTv(FLY_MMA_C);
  expect(tvC.size() == 128, "layoutTv size");
  expect(tvC(5) == 1 + 2 * 16 && tvC(5 + 32) == 1 + 3 * 16 && tvC(5 + 96) == 9 + 3 * 16,
         "layoutTv maps (thread, value) to the tile's column-major index");
  expect(tiledCopyRuns(), "a tiled copy built, compiled and run through the wrapper");
  expect(registerTensorsKeepTheirLayout(), "rmemTensor keeps its layout, fragment compacts it");
  expect(builderErrorThrows(), "a builder error throws flydsl::Error from finish()");
  expect(keyedCompileRuns(), "Compiled(key, build) builds once, and its errors propagate");
  expect(scalarCodeRuns(), "operators, a loop carrying a value and branches through the wrapper");
  flydsl::Module parsed = flydsl::Module::parse(
      "gpu.module @m {\n  gpu.func @k(%x: i32) kernel {\n"
      "    \"fly.print\"(%x) <{format = \"x={}\"}> : (i32) -> ()\n    gpu.return\n  }\n}\n");
  parsed.runPasses("builtin.module(fly-layout-lowering)");
  expect(parsed.str().find("gpu.printf \"x=%d\\0A\"") != std::string::npos,
         "a parsed module runs through a pass pipeline");
  threw = false;
  try {
    parsed.runPasses("builtin.module(no-such-pass)");
  } catch (const flydsl::Error &e) {
    threw = e.status() == FLY_ERROR_INVALID_ARGUMENT;
  }
  expect(threw, "a pipeline that does not parse throws flydsl::Error");
  std::printf("cpp wrapper: %s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
