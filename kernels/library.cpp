//===- library.cpp - The kernel library's C entry points -------------------------===//
//
// Each call reads and checks its operands, picks the plan (block, vector width) from the
// tensors' shape and alignment, fetches the kernel specialised for it and launches it.
//
//===---------------------------------------------------------------------------===//

#include "flydsl/kernels.h"

#include "capi/environment.h"
#include "capi/status.h"
#include "kernels/generators.h"
#include "kernels/kernel_cache.h"
#include "kernels/tensor_args.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

using namespace fly::kernels;
using fly::capi::fail;

namespace {

/// guard() for bodies that use flydsl.hpp, whose failures are flydsl::Error.
template <class F> fly_status run(F &&body) {
  return fly::capi::guard([&] {
    try {
      body();
    } catch (const flydsl::Error &e) {
      fail(e.status(), e.what());
    }
  });
}

/// The vector width every operand allows.
int commonVector(int64_t extent, const std::vector<const TensorArg *> &args) {
  int vec = 16;
  for (const TensorArg *a : args)
    vec = std::min(vec, vectorWidth(extent, a->elemBytes(), a->alignBytes()));
  return vec;
}

/// Launches `prepared`. Under COMPILE_ONLY the kernel is compiled (and cached) but a library
/// call must not return as if it had computed `out`: it fails instead.
void launchConfigured(fly_prepared_t *prepared, const fly_launch_config_t &config,
                      const std::vector<fly_arg_t> &args) {
  if (fly::capi::compileOnly())
    fail(FLY_ERROR_LAUNCH, "COMPILE_ONLY is set, so the kernel was compiled but not run and "
                           "out is unchanged; unset COMPILE_ONLY to compute");
  flydsl::check(fly_prepared_launch(prepared, &config, args.data(), args.size()));
}

void launch(fly_prepared_t *prepared, int64_t blocks, int threads, void *stream,
            const std::vector<fly_arg_t> &args) {
  if (blocks > std::numeric_limits<int32_t>::max())
    fail(FLY_ERROR_INVALID_ARGUMENT, "too many rows or elements: " + std::to_string(blocks) +
                                         " blocks exceed a grid's 2^31 - 1");
  fly_launch_config_t config = {
      sizeof(config), {uint32_t(blocks), 1, 1}, {uint32_t(threads), 1, 1}, 0, stream};
  launchConfigured(prepared, config, args);
}

fly_arg_t scalar(double v) { return {FLY_ARG_FLOAT, nullptr, 0, v}; }

/// Scratch memory of a call, taken from the stream's allocator and given back in stream order
/// when the call returns: after the kernels it launched (or those that launched, where one
/// failed) have used it.
class StreamScratch {
public:
  StreamScratch(const char *target, int device, void *stream, size_t bytes)
      : target_(target), device_(device), stream_(stream) {
    flydsl::check(fly_stream_alloc(target, device, stream, bytes, &data_));
  }
  ~StreamScratch() { fly_stream_free(target_, device_, stream_, data_); }
  StreamScratch(const StreamScratch &) = delete;
  StreamScratch &operator=(const StreamScratch &) = delete;
  char *data() const { return static_cast<char *>(data_); }

private:
  const char *target_;
  int device_;
  void *stream_, *data_ = nullptr;
};

std::string planKey(const RowPlan &p) {
  return std::to_string(p.cols) + "/v" + std::to_string(p.vec) + "/t" + std::to_string(p.threads) +
         "/c" + std::to_string(p.calls) + "/k" + std::to_string(p.chunks);
}

void norm(bool rms, const fly_arg_t *x, const fly_arg_t *weight, const fly_arg_t *bias,
          const fly_arg_t *residual, const fly_arg_t *residualOut, double eps, const fly_arg_t *out,
          void *stream) {
  const char *what = rms ? "rmsnorm" : "layernorm";
  TensorArg tx(x, std::string(what) + " x"), tout(out, "out"), tw(weight, "weight");
  tx.asRows();
  tout.asRows();
  tx.requireSameShape(tout);
  tw.asFlat();
  if (tw.shape().size() != 1 || tw.shape()[0] != tx.cols())
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "weight must be a rank-1 tensor of the row length " + std::to_string(tx.cols()));
  std::vector<const TensorArg *> all = {&tx, &tout, &tw};
  std::unique_ptr<TensorArg> tb, tr, tro;
  if (bias) {
    tb = std::make_unique<TensorArg>(bias, "bias");
    tb->asFlat();
    if (tb->shape() != tw.shape())
      fail(FLY_ERROR_INVALID_ARGUMENT, "bias must have weight's shape");
    all.push_back(tb.get());
  }
  if (residual) {
    tr = std::make_unique<TensorArg>(residual, "residual");
    tr->asRows();
    tx.requireSameShape(*tr);
    all.push_back(tr.get());
  }
  if (residualOut) {
    if (!residual)
      fail(FLY_ERROR_INVALID_ARGUMENT, "residual_out is given without a residual");
    tro = std::make_unique<TensorArg>(residualOut, "residual_out");
    tro->asRows();
    tx.requireSameShape(*tro);
    all.push_back(tro.get());
  }
  for (const TensorArg *a : all)
    tx.requireSameDevice(*a);
  // Each row's threads read x, residual and residual_out's chunk before writing it, so out
  // may be x or residual, and residual_out x or residual; weight and bias are read by every
  // row, and the two outputs hold different values.
  for (const TensorArg *written : {&tout, tro.get()}) {
    if (!written)
      continue;
    for (const TensorArg *read : {&tx, tr.get()})
      if (read)
        written->requireApartFrom(*read, true);
    for (const TensorArg *read : {&tw, tb.get()})
      if (read)
        written->requireApartFrom(*read, false);
  }
  if (tro)
    tout.requireApartFrom(*tro, false);
  if (!(eps >= 0) || eps > std::numeric_limits<float>::max())
    fail(FLY_ERROR_INVALID_ARGUMENT, "eps must be a finite float >= 0");
  if (tx.rows() == 0 || tx.cols() == 0)
    return;

  NormSpec spec;
  spec.rms = rms;
  spec.in = tx.dtype();
  spec.out = tout.dtype();
  spec.weight = tw.dtype();
  spec.hasBias = tb != nullptr;
  spec.bias = tb ? tb->dtype() : FLY_F32;
  spec.hasResidual = tr != nullptr;
  spec.residual = tr ? tr->dtype() : FLY_F32;
  spec.hasResidualOut = tro != nullptr;
  spec.residualOut = tro ? tro->dtype() : FLY_F32;
  spec.plan = planRow(tx.cols(), commonVector(tx.cols(), all));
  std::string key = std::string(what) + "/" + dtypeName(spec.in) + dtypeName(spec.out) +
                    dtypeName(spec.weight) + (spec.hasBias ? dtypeName(spec.bias) : "-") +
                    (spec.hasResidual ? dtypeName(spec.residual) : "-") +
                    (spec.hasResidualOut ? dtypeName(spec.residualOut) : "-") + "/" +
                    planKey(spec.plan);
  fly_prepared_t *k = kernelFor(key, tx.target(), [&](flydsl::Module &m) { buildNorm(m, spec); });
  std::vector<fly_arg_t> args = {tx.arg()};
  if (tr)
    args.push_back(tr->arg());
  if (tro)
    args.push_back(tro->arg());
  args.push_back(tw.arg());
  if (tb)
    args.push_back(tb->arg());
  args.push_back(tout.arg());
  args.push_back(scalar(eps));
  launch(k, tx.rows(), spec.plan.threads, stream, args);
}

/// q or k (or v): (tokens, heads, head_dim), each token's heads contiguous.
void asHeads(TensorArg &t) {
  if (t.shape().size() != 3)
    fail(FLY_ERROR_INVALID_ARGUMENT, t.name() + " has rank " + std::to_string(t.shape().size()) +
                                         ": q, k and v are (tokens, heads, head_dim)");
  t.asRows(2);
}

void ropeKvCache(const fly_arg_t *positions, const fly_arg_t *q, const fly_arg_t *k,
                 const fly_arg_t *cosSin, bool neox, const fly_arg_t *v, const fly_arg_t *slots,
                 const fly_arg_t *kCache, const fly_arg_t *vCache, void *stream) {
  TensorArg tpos(positions, "positions", Accept::Index), tq(q, "rope q"), tk(k, "k"),
      tcs(cosSin, "cos_sin_cache");
  asHeads(tq);
  asHeads(tk);
  tpos.asFlat();
  tcs.asRows();
  int64_t tokens = tq.shape()[0], heads = tq.shape()[1], dim = tq.shape()[2];
  int64_t kvHeads = tk.shape()[1], rotary = tcs.cols();
  if (tk.shape()[0] != tokens || tk.shape()[2] != dim)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "k has shape (" + std::to_string(tk.shape()[0]) + ", " + std::to_string(kvHeads) + ", " +
             std::to_string(tk.shape()[2]) + ") but q has " + std::to_string(tokens) +
             " tokens of head_dim " + std::to_string(dim));
  if (tpos.shape().size() != 1 || tpos.elements() != tokens)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "positions must be a rank-1 tensor of one position per token (" + std::to_string(tokens) +
             ")");
  if (tk.dtype() != tq.dtype())
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string("k has dtype ") + dtypeName(tk.dtype()) +
                                         " but q has " + dtypeName(tq.dtype()));
  if (tcs.shape().size() != 2 || rotary % 2 != 0 || rotary == 0 || rotary > dim)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "cos_sin_cache must be (max_position, rotary_dim) with rotary_dim even, > 0 and at most "
         "head_dim " +
             std::to_string(dim) + "; its last extent is " + std::to_string(rotary));
  std::vector<TensorArg *> all = {&tpos, &tq, &tk, &tcs}, written = {&tq, &tk};
  int given = (v != nullptr) + (slots != nullptr) + (kCache != nullptr) + (vCache != nullptr);
  if (given != 0 && given != 4)
    fail(FLY_ERROR_INVALID_ARGUMENT, "the cache write takes v, slot_mapping, k_cache and v_cache "
                                     "together: give all four or none");
  std::unique_ptr<TensorArg> tv, tslots, tkc, tvc;
  if (given) {
    tv = std::make_unique<TensorArg>(v, "v");
    tslots = std::make_unique<TensorArg>(slots, "slot_mapping", Accept::Index);
    tkc = std::make_unique<TensorArg>(kCache, "k_cache");
    tvc = std::make_unique<TensorArg>(vCache, "v_cache");
    asHeads(*tv);
    tk.requireSameShape(*tv);
    if (tv->dtype() != tq.dtype())
      fail(FLY_ERROR_INVALID_ARGUMENT, std::string("v has dtype ") + dtypeName(tv->dtype()) +
                                           " but q and k have " + dtypeName(tq.dtype()));
    tslots->asFlat();
    if (tslots->shape().size() != 1 || tslots->elements() != tokens)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           "slot_mapping must be a rank-1 tensor of one slot per token (" + std::to_string(tokens) +
               ")");
    const std::vector<int64_t> &cs = tkc->shape();
    if (cs.size() < 3 || cs[cs.size() - 2] != kvHeads || cs.back() != dim)
      fail(FLY_ERROR_INVALID_ARGUMENT, "k_cache must be (..., kv_heads, head_dim) = (..., " +
                                           std::to_string(kvHeads) + ", " + std::to_string(dim) +
                                           ") with at least one leading dimension of slots");
    tkc->requireSameShape(*tvc);
    if (tvc->dtype() != tkc->dtype())
      fail(FLY_ERROR_INVALID_ARGUMENT, std::string("v_cache has dtype ") + dtypeName(tvc->dtype()) +
                                           " but k_cache has " + dtypeName(tkc->dtype()));
    tkc->asRows(2);
    tvc->asRows(2);
    all.insert(all.end(), {tv.get(), tslots.get(), tkc.get(), tvc.get()});
    written.insert(written.end(), {tkc.get(), tvc.get()});
  }
  for (TensorArg *t : all)
    tq.requireSameDevice(*t);
  // Each written element is read by the thread that writes it, but q and k rotate in place
  // only as themselves: nothing else may share their memory, nor the caches'.
  for (TensorArg *w : written)
    for (TensorArg *t : all)
      if (t != w)
        w->requireApartFrom(*t, false);
  if (tokens == 0)
    return;
  // The host reads the cpu target's indices before the launch that would read them too
  // (under COMPILE_ONLY nothing is launched, and nothing is read).
  if (std::string(tq.target()) == "cpu" && !fly::capi::compileOnly()) {
    int64_t limit = tcs.rows(), rows = tkc ? tkc->rows() : 0;
    for (int64_t t = 0; t < tokens; ++t) {
      int64_t p = tpos.hostIndex(t);
      if (p < 0 || p >= limit)
        fail(FLY_ERROR_INVALID_ARGUMENT, "positions[" + std::to_string(t) + "] is " +
                                             std::to_string(p) + ", outside the " +
                                             std::to_string(limit) + " rows of cos_sin_cache");
      if (tslots && tslots->hostIndex(t) >= rows)
        fail(FLY_ERROR_INVALID_ARGUMENT,
             "slot_mapping[" + std::to_string(t) + "] is " + std::to_string(tslots->hostIndex(t)) +
                 ", past the caches' " + std::to_string(rows) + " slots");
    }
  }
  RopeSpec spec;
  spec.x = tq.dtype();
  spec.cosSin = tcs.dtype();
  spec.positions = tpos.dtype();
  spec.heads = heads;
  spec.kvHeads = kvHeads;
  spec.headDim = dim;
  spec.rotary = rotary;
  spec.neox = neox;
  spec.writeCache = given != 0;
  if (given) {
    spec.cache = tkc->dtype();
    spec.slots = tslots->dtype();
  }
  std::vector<std::pair<int64_t, int>> runs;
  for (TensorArg *t : {&tq, &tk, tv.get(), tkc.get(), tvc.get()})
    if (t)
      runs.push_back({t->alignBytes(), t->elemBytes()});
  spec.vec = ropeVector(spec, runs, {tcs.alignBytes(), tcs.elemBytes()});
  std::string key = std::string("rope/") + dtypeName(spec.x) + dtypeName(spec.cosSin) +
                    dtypeName(spec.positions) +
                    (given ? std::string(dtypeName(spec.cache)) + dtypeName(spec.slots) : "-") +
                    "/" + std::to_string(heads) + "x" + std::to_string(kvHeads) + "x" +
                    std::to_string(dim) + "/r" + std::to_string(rotary) + (neox ? "n" : "j") +
                    "/v" + std::to_string(spec.vec) + "/t" + std::to_string(spec.threads);
  fly_prepared_t *kernel =
      kernelFor(key, tq.target(), [&](flydsl::Module &m) { buildRope(m, spec); });
  std::vector<fly_arg_t> args = {tpos.arg(), tq.arg(), tk.arg(), tcs.arg()};
  if (given)
    for (TensorArg *t : {tv.get(), tslots.get(), tkc.get(), tvc.get()})
      args.push_back(t->arg());
  launch(kernel, tokens, spec.threads, stream, args);
}

/// The widest run of {8, 4, 2, 1} elements, at most `most` and 16 bytes, that divides `dim` and
/// whose bytes divide each operand's alignment.
int runWidth(int64_t dim, int most, const std::vector<const TensorArg *> &operands) {
  for (int run : {8, 4, 2}) {
    bool fits = run <= most && dim % run == 0;
    for (const TensorArg *t : operands)
      fits = fits && t->alignBytes() % (run * t->elemBytes()) == 0 && run * t->elemBytes() <= 16;
    if (fits)
      return run;
  }
  return 1;
}

void pagedAttention(const fly_arg_t *q, const fly_arg_t *kCache, const fly_arg_t *vCache,
                    const fly_arg_t *blockTables, const fly_arg_t *seqLens, double scale,
                    const fly_arg_t *out, void *stream) {
  TensorArg tq(q, "paged_attention q"), tkc(kCache, "k_cache"), tvc(vCache, "v_cache"),
      tbt(blockTables, "block_tables", Accept::Index), tsl(seqLens, "seq_lens", Accept::Index),
      tout(out, "out");
  asHeads(tq);
  tq.requireSameShape(tout);
  asHeads(tout);
  const std::vector<int64_t> &cs = tkc.shape();
  int64_t batch = tq.shape()[0], heads = tq.shape()[1], dim = tq.shape()[2];
  if (cs.size() != 4 || cs[3] != dim || cs[2] == 0 || heads % cs[2] != 0)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "k_cache must be (blocks, block_size, kv_heads, head_dim) with head_dim " +
             std::to_string(dim) + " and kv_heads dividing q's " + std::to_string(heads) +
             " heads");
  tkc.requireSameShape(tvc);
  if (tvc.dtype() != tkc.dtype())
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string("v_cache has dtype ") + dtypeName(tvc.dtype()) +
                                         " but k_cache has " + dtypeName(tkc.dtype()));
  int64_t blockSize = cs[1], kvHeads = cs[2], blocks = cs[0];
  tkc.asRows(2);
  tvc.asRows(2);
  if (tbt.dtype() != FLY_I32 || tbt.shape().size() != 2 || tbt.shape()[0] != batch)
    fail(FLY_ERROR_INVALID_ARGUMENT, "block_tables must be int32 of shape (batch, max_blocks) = (" +
                                         std::to_string(batch) + ", ...)");
  tbt.asRows();
  if (tsl.dtype() != FLY_I32 || tsl.shape().size() != 1 || tsl.shape()[0] != batch)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "seq_lens must be int32 of shape (batch,) = (" + std::to_string(batch) + ",)");
  tsl.asFlat();
  if (!std::isfinite(scale))
    fail(FLY_ERROR_INVALID_ARGUMENT, "scale must be finite");
  std::vector<const TensorArg *> all = {&tq, &tkc, &tvc, &tbt, &tsl};
  for (const TensorArg *t : all)
    tq.requireSameDevice(*t);
  tq.requireSameDevice(tout);
  for (const TensorArg *t : all)
    tout.requireApartFrom(*t, false);
  int64_t capacity = tbt.cols() * blockSize;
  if (capacity > std::numeric_limits<int32_t>::max() || blockSize == 0)
    fail(FLY_ERROR_INVALID_ARGUMENT, "block_tables address " + std::to_string(capacity) +
                                         " tokens: at most 2^31 - 1, in blocks of at least one");
  if (batch == 0 || heads == 0 || dim == 0)
    return;
  // The host reads the cpu target's indices before the launch that would read them too
  // (under COMPILE_ONLY nothing is launched, and nothing is read).
  if (std::string(tq.target()) == "cpu" && !fly::capi::compileOnly()) {
    for (int64_t b = 0; b < batch; ++b) {
      int64_t length = tsl.hostIndex(b);
      if (length < 0 || length > capacity)
        fail(FLY_ERROR_INVALID_ARGUMENT,
             "seq_lens[" + std::to_string(b) + "] is " + std::to_string(length) + ", outside [0, " +
                 std::to_string(capacity) + "] (max_blocks * block_size)");
      for (int64_t j = 0; j < (length + blockSize - 1) / blockSize; ++j)
        if (int64_t id = tbt.hostIndex(j, b); id < 0 || id >= blocks)
          fail(FLY_ERROR_INVALID_ARGUMENT, "block_tables[" + std::to_string(b) + ", " +
                                               std::to_string(j) + "] is " + std::to_string(id) +
                                               ", outside the " + std::to_string(blocks) +
                                               " blocks of the cache");
    }
  }
  PagedAttentionSpec spec;
  spec.q = tq.dtype();
  spec.cache = tkc.dtype();
  spec.out = tout.dtype();
  spec.kvHeads = int(kvHeads);
  spec.group = int(heads / kvHeads);
  spec.headDim = int(dim);
  spec.blockSize = blockSize;
  // The scores of a partition (group x partition floats) take at most 16 KiB of shared memory.
  spec.partition = 512;
  while (spec.partition > 16 && int64_t(spec.group) * spec.partition > 4096)
    spec.partition /= 2;
  // Short tables or few sequences: smaller partitions, for blocks enough to fill a GPU.
  auto blocksFor = [&](int64_t p) { return batch * kvHeads * ((capacity + p - 1) / p); };
  while (spec.partition > 64 && blocksFor(spec.partition) < 256)
    spec.partition /= 2;
  spec.keyRun = runWidth(dim, 8, {&tkc});
  // V's accumulators, group x vec floats a thread, stay within 32 registers.
  spec.vec = runWidth(dim, std::max(1, 32 / spec.group), {&tvc, &tout});
  // 256 threads where the shared memory takes them: the queries, then the scores or the V
  // sums of the threads that share a run of the head dimension (lanes x group x head_dim).
  auto sharedBytes = [&](int64_t threads) {
    int64_t lanes = std::max<int64_t>(1, threads / (dim / spec.vec));
    return 4 * (int64_t(spec.group) * dim +
                std::max<int64_t>(int64_t(spec.group) * spec.partition, lanes * spec.group * dim));
  };
  spec.threads = int(std::max<int64_t>(sharedBytes(256) <= 40960 ? 256 : 128, dim / spec.vec));
  if (spec.threads > 1024 || int64_t(spec.group) * dim > 16384)
    fail(FLY_ERROR_INVALID_ARGUMENT, "head_dim " + std::to_string(dim) + " with " +
                                         std::to_string(spec.group) +
                                         " query heads per KV head is more than a block holds");
  int64_t parts = (capacity + spec.partition - 1) / spec.partition;
  spec.split = parts > 1;
  if (parts > 65535)
    fail(FLY_ERROR_INVALID_ARGUMENT, "block_tables address " + std::to_string(capacity) +
                                         " tokens, more partitions than a grid holds");
  std::string key = std::string("paged_attention/") + dtypeName(spec.q) + dtypeName(spec.cache) +
                    dtypeName(spec.out) + "/" + std::to_string(kvHeads) + "x" +
                    std::to_string(spec.group) + "x" + std::to_string(dim) + "/b" +
                    std::to_string(blockSize) + "/p" + std::to_string(spec.partition) + "/k" +
                    std::to_string(spec.keyRun) + "/v" + std::to_string(spec.vec) + "/t" +
                    std::to_string(spec.threads) + (spec.split ? "/split" : "");
  const char *target = tq.target();
  fly_prepared_t *kernel =
      kernelFor(key, target, [&](flydsl::Module &m) { buildPagedAttention(m, spec); });
  fly_launch_config_t config = {sizeof(config),
                                {uint32_t(batch * kvHeads), uint32_t(parts), 1},
                                {uint32_t(spec.threads), 1, 1},
                                0,
                                stream};
  if (batch * kvHeads > std::numeric_limits<int32_t>::max())
    fail(FLY_ERROR_INVALID_ARGUMENT, "too many sequences for a grid");
  std::vector<fly_arg_t> args = {tq.arg(), tkc.arg(), tvc.arg(), tbt.arg(), tsl.arg()};
  if (!spec.split) {
    args.push_back(tout.arg());
    args.push_back(scalar(scale));
    launchConfigured(kernel, config, args);
    return;
  }
  fly_prepared_t *reduce = kernelFor(
      key + "/reduce", target, [&](flydsl::Module &m) { buildPagedAttentionReduce(m, spec); });
  if (fly::capi::compileOnly())
    launchConfigured(kernel, config, {}); // fails, saying that nothing ran
  int64_t rows = batch * heads;
  size_t floats = size_t(rows * parts) * size_t(dim + 2);
  StreamScratch scratch(target, tq.deviceId(), stream, floats * sizeof(float));
  float *base = reinterpret_cast<float *>(scratch.data());
  int64_t outShape[3] = {rows, parts, dim}, outStrides[3] = {parts * dim, dim, 1};
  int64_t statShape[2] = {rows, parts}, statStrides[2] = {parts, 1};
  DLTensor partOut = {base, tq.device(), 3, {kDLFloat, 32, 1}, outShape, outStrides, 0};
  DLTensor partMax = {
      base + rows * parts * dim, tq.device(), 2, {kDLFloat, 32, 1}, statShape, statStrides, 0};
  DLTensor partSum = {base + rows * parts * (dim + 1),
                      tq.device(),
                      2,
                      {kDLFloat, 32, 1},
                      statShape,
                      statStrides,
                      0};
  fly_arg_t po = {FLY_ARG_DLTENSOR, &partOut, 0, 0.0}, pm = {FLY_ARG_DLTENSOR, &partMax, 0, 0.0},
            ps = {FLY_ARG_DLTENSOR, &partSum, 0, 0.0};
  args.insert(args.end(), {po, pm, ps, scalar(scale)});
  launchConfigured(kernel, config, args);
  fly_launch_config_t reduceConfig = {
      sizeof(reduceConfig), {uint32_t(rows), 1, 1}, {uint32_t(dim / spec.vec), 1, 1}, 0, stream};
  fly_arg_t cap = {FLY_ARG_INT, nullptr, capacity, 0.0};
  launchConfigured(reduce, reduceConfig, {po, pm, ps, tsl.arg(), tout.arg(), cap});
}

/// FlashAttention's varlen forward: out = softmax(scale * q k^T [masked]) v per sequence.
void attention(const fly_arg_t *q, const fly_arg_t *k, const fly_arg_t *v, const fly_arg_t *cuQ,
               const fly_arg_t *cuK, int64_t maxSeqlenQ, double scale, bool causal,
               const fly_arg_t *out, const fly_arg_t *lse, void *stream) {
  TensorArg tq(q, "attention q"), tk(k, "k"), tv(v, "v"), tcq(cuQ, "cu_seqlens_q", Accept::Index),
      tck(cuK, "cu_seqlens_k", Accept::Index), tout(out, "out");
  for (TensorArg *t : {&tq, &tk, &tv, &tout})
    asHeads(*t);
  int64_t tokensQ = tq.shape()[0], heads = tq.shape()[1], dim = tq.shape()[2];
  int64_t tokensK = tk.shape()[0], kvHeads = tk.shape()[1];
  if (tout.shape() != tq.shape())
    fail(FLY_ERROR_INVALID_ARGUMENT, "out must have q's shape (tokens, heads, head_dim)");
  if (tk.shape()[2] != dim || kvHeads == 0 || heads % kvHeads != 0)
    fail(FLY_ERROR_INVALID_ARGUMENT, "k must be (tokens, kv_heads, head_dim) with head_dim " +
                                         std::to_string(dim) + " and kv_heads dividing q's " +
                                         std::to_string(heads) + " heads");
  if (tv.shape() != tk.shape())
    fail(FLY_ERROR_INVALID_ARGUMENT, "v must have k's shape");
  if (tq.dtype() != FLY_F16 && tq.dtype() != FLY_BF16)
    fail(FLY_ERROR_INVALID_ARGUMENT, std::string("attention takes float16 or bfloat16 q, k and "
                                                 "v, not ") +
                                         dtypeName(tq.dtype()));
  for (TensorArg *t : {&tk, &tv})
    if (t->dtype() != tq.dtype())
      fail(FLY_ERROR_INVALID_ARGUMENT, t->name() + " has dtype " + dtypeName(t->dtype()) +
                                           " but q has " + dtypeName(tq.dtype()));
  if (dim != 64 && dim != 128)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "head_dim is " + std::to_string(dim) + "; attention takes 64 or 128");
  for (TensorArg *t : {&tcq, &tck}) {
    if (t->dtype() != FLY_I32 || t->shape().size() != 1 || t->shape()[0] < 1)
      fail(FLY_ERROR_INVALID_ARGUMENT, t->name() + " must be int32 of shape (batch + 1,)");
    t->asFlat();
  }
  if (tck.shape()[0] != tcq.shape()[0])
    fail(FLY_ERROR_INVALID_ARGUMENT, "cu_seqlens_k must have cu_seqlens_q's length (batch + 1)");
  int64_t batch = tcq.shape()[0] - 1;
  std::unique_ptr<TensorArg> tl;
  if (lse) {
    tl = std::make_unique<TensorArg>(lse, "lse");
    if (tl->dtype() != FLY_F32 || tl->shape() != std::vector<int64_t>{heads, tokensQ})
      fail(FLY_ERROR_INVALID_ARGUMENT, "lse must be float32 of shape (heads, tokens) = (" +
                                           std::to_string(heads) + ", " + std::to_string(tokensQ) +
                                           ")");
    tl->asRows();
  }
  if (!std::isfinite(scale))
    fail(FLY_ERROR_INVALID_ARGUMENT, "scale must be finite");
  if (maxSeqlenQ < 0)
    fail(FLY_ERROR_INVALID_ARGUMENT, "max_seqlen_q is negative");
  if (std::max(tokensQ, tokensK) > std::numeric_limits<int32_t>::max())
    fail(FLY_ERROR_INVALID_ARGUMENT, "more than 2^31 - 1 tokens");
  std::vector<const TensorArg *> inputs = {&tq, &tk, &tv, &tcq, &tck};
  for (const TensorArg *t : inputs) {
    tq.requireSameDevice(*t);
    tout.requireApartFrom(*t, false);
    if (tl)
      tl->requireApartFrom(*t, false);
  }
  tq.requireSameDevice(tout);
  if (tl) {
    tq.requireSameDevice(*tl);
    tl->requireApartFrom(tout, false);
  }
  // The cpu target's offsets are read here, before anything is written; a GPU's are clamped
  // by the kernel to the tensors' tokens.
  if (std::string(tq.target()) == "cpu" && !fly::capi::compileOnly()) {
    for (auto [t, tokens] : {std::pair{&tcq, tokensQ}, std::pair{&tck, tokensK}}) {
      for (int64_t b = 0; b <= batch; ++b) {
        int64_t at = t->hostIndex(b), before = b ? t->hostIndex(b - 1) : 0;
        if (at < before || at > tokens)
          fail(FLY_ERROR_INVALID_ARGUMENT,
               t->name() + "[" + std::to_string(b) + "] is " + std::to_string(at) +
                   ": the offsets must rise from 0 or more to at most the " +
                   std::to_string(tokens) + " tokens");
        if (t == &tcq && b > 0 && at - before > maxSeqlenQ)
          fail(FLY_ERROR_INVALID_ARGUMENT,
               "sequence " + std::to_string(b - 1) + " has " + std::to_string(at - before) +
                   " queries, more than max_seqlen_q " + std::to_string(maxSeqlenQ));
      }
    }
  }
  if (batch == 0 || heads == 0 || maxSeqlenQ == 0 || tokensQ == 0)
    return;
  AttentionSpec spec;
  spec.dtype = tq.dtype();
  spec.out = tout.dtype();
  spec.kvHeads = int(kvHeads);
  spec.group = int(heads / kvHeads);
  spec.headDim = int(dim);
  spec.causal = causal;
  spec.lse = lse != nullptr;
  auto [target, arch] = flydsl::resolveTarget(tq.target());
  bool tmaReady = std::min({tq.alignBytes(), tk.alignBytes(), tv.alignBytes()}) >= 16;
  planAttention(spec, target, arch, tmaReady);
  if (spec.family == FLY_MMA_WGMMA)
    tv.transposeView();
  spec.vec = runWidth(dim, 8, {&tq, &tk, &tv});
  // The copies of the other forms take whole runs of every thread (Hopper's are TMA's).
  while (spec.family != FLY_MMA_WGMMA && spec.vec > 1 &&
         (dim / spec.vec > spec.threads || spec.bn * dim % (int64_t(spec.threads) * spec.vec) != 0))
    spec.vec /= 2;
  // mma.sync's and wgmma's accumulators pair adjacent columns: one store each where out allows.
  if (spec.family != FLY_MMA_MFMA && tout.alignBytes() % (2 * tout.elemBytes()) == 0)
    spec.outVec = 2;
  int64_t mBlocks = (maxSeqlenQ + spec.bm - 1) / spec.bm;
  if (mBlocks > std::numeric_limits<int32_t>::max() || heads > 65535 || batch > 65535)
    fail(FLY_ERROR_INVALID_ARGUMENT, "too many query blocks, heads or sequences for a grid");
  std::string key = std::string("attention/") + dtypeName(spec.dtype) + dtypeName(spec.out) + "/" +
                    std::to_string(kvHeads) + "x" + std::to_string(spec.group) + "x" +
                    std::to_string(dim) + (causal ? "/causal" : "") + (spec.lse ? "/lse" : "") +
                    "/v" + std::to_string(spec.vec) + "/t" + std::to_string(spec.bm) + "x" +
                    std::to_string(spec.bn) +
                    (spec.family == FLY_MMA_WGMMA && spec.overlap ? "/overlap" : "") + "/o" +
                    std::to_string(spec.outVec);
  fly_prepared_t *kernel =
      kernelFor(key, tq.target(), [&](flydsl::Module &m) { buildAttention(m, spec); });
  fly_launch_config_t config = {sizeof(config),
                                {uint32_t(mBlocks), uint32_t(heads), uint32_t(batch)},
                                {uint32_t(spec.threads), 1, 1},
                                0,
                                stream};
  std::vector<fly_arg_t> args = {tq.arg(), tk.arg(), tv.arg(), tcq.arg(), tck.arg(), tout.arg()};
  if (tl)
    args.push_back(tl->arg());
  args.push_back(scalar(scale * 1.4426950408889634)); // base-2 exponentials in the kernel
  launchConfigured(kernel, config, args);
}

/// What the GEMM's plan is chosen from.
struct GemmProblem {
  std::string target, arch;
  int64_t m, n, k;
  fly_dtype ab;
  GemmOperand a, b;
  int outVec, outBytes;
  GemmPlan plan(const GemmTile *tile) const {
    return planGemm(target, arch, m, n, k, ab, a, b, outVec, outBytes, tile);
  }
};

/// float8 operands only where the call may be the scaled GEMM (unset: either).
Accept accepted(std::optional<bool> scaled) {
  return scaled.value_or(true) ? Accept::FloatOrFp8 : Accept::Float;
}

/// a, b and out of out = a @ b, read and checked: a is M x K, b K x N (held as N x K), out
/// M x N with contiguous rows; a and b both float16 or both bfloat16, or (scaled; unset: as a's
/// dtype says) of one float8 kind.
struct GemmOperands {
  TensorArg a, b, out;
  int64_t m, n, k;
  bool scaled;

  GemmOperands(const fly_arg_t *pa, const fly_arg_t *pb, const fly_arg_t *pout,
               std::optional<bool> isScaled)
      : a(pa, "gemm a", accepted(isScaled)), b(pb, "b", accepted(isScaled)), out(pout, "out") {
    a.asMatrix(false);
    b.asMatrix(true); // b (K x N) seen as N x K
    out.asMatrix(false);
    m = a.rows(), k = a.cols(), n = b.rows();
    scaled = isScaled.value_or(TensorArg::isFp8(a.dtype()));
    if (b.cols() != k)
      fail(FLY_ERROR_INVALID_ARGUMENT, "b has " + std::to_string(b.cols()) + " rows but a has " +
                                           std::to_string(k) + " columns: a @ b needs them equal");
    requireOutShape(out);
    if (!scaled && (a.dtype() == FLY_F32 || b.dtype() != a.dtype()))
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("gemm takes a and b both float16 or both bfloat16, got ") +
               dtypeName(a.dtype()) + " and " + dtypeName(b.dtype()));
    if (scaled && (!TensorArg::isFp8(a.dtype()) || b.dtype() != a.dtype()))
      fail(FLY_ERROR_INVALID_ARGUMENT,
           std::string("gemm_scaled takes a and b of one float8 kind (e4m3fn, e5m2 or their FNUZ "
                       "variants), got ") +
               dtypeName(a.dtype()) + " and " + dtypeName(b.dtype()));
  }

  /// t (out, or c) must be M x N with contiguous rows.
  void requireOutShape(const TensorArg &t) const {
    auto shapeText = [](int64_t r, int64_t c) {
      return "(" + std::to_string(r) + ", " + std::to_string(c) + ")";
    };
    if (t.rows() != m || t.cols() != n)
      fail(FLY_ERROR_INVALID_ARGUMENT, t.name() + " has shape " + shapeText(t.rows(), t.cols()) +
                                           " but a @ b has " + shapeText(m, n));
    if (t.contiguousDim() != 1 && m > 1 && n > 1)
      fail(FLY_ERROR_INVALID_ARGUMENT,
           t.name() + " must have contiguous rows (row-major); its columns are contiguous");
  }

  GemmProblem problem() const {
    auto operand = [&](const TensorArg &t, int64_t rows) {
      GemmOperand o;
      o.kMajor = t.contiguousDim() == 1;
      o.vec = vectorWidth(o.kMajor ? k : rows, t.elemBytes(), t.alignBytes());
      return o;
    };
    auto [target, arch] = flydsl::resolveTarget(a.target());
    int outBytes = out.dtype() == FLY_F32 ? 4 : 2;
    return {target,
            arch,
            m,
            n,
            k,
            a.dtype(),
            operand(a, m),
            operand(b, n),
            vectorWidth(n, outBytes, out.alignBytes()),
            outBytes};
  }
};

/// The caller's tile (NULL: none), its struct checked.
std::optional<GemmTile> tileFrom(const fly_gemm_tile_t *tile) {
  if (!tile)
    return std::nullopt;
  if (tile->struct_size < sizeof(fly_gemm_tile_t))
    fail(FLY_ERROR_INVALID_ARGUMENT, "fly_gemm_tile_t.struct_size is not sizeof(fly_gemm_tile_t)");
  return GemmTile{tile->bm,      tile->bn,      tile->bk,     tile->stages,
                  tile->warps_m, tile->warps_n, tile->split_k};
}

/// out = alpha * a @ b + beta * c; with scales (fp8 operands) out = alpha * scale_a[m] *
/// scale_b[n] * (a @ b)[m, n].
void gemm(const fly_arg_t *a, const fly_arg_t *b, const fly_arg_t *c, double alpha, double beta,
          const fly_arg_t *out, void *stream, const fly_gemm_tile_t *tile,
          const fly_arg_t *scaleA = nullptr, const fly_arg_t *scaleB = nullptr) {
  std::optional<GemmTile> chosen = tileFrom(tile);
  bool scaled = scaleA || scaleB;
  GemmOperands ops(a, b, out, scaled);
  TensorArg &ta = ops.a, &tb = ops.b, &tout = ops.out;
  int64_t M = ops.m, N = ops.n;
  std::unique_ptr<TensorArg> tc;
  if (c) {
    tc = std::make_unique<TensorArg>(c, "c");
    tc->asMatrix(false);
    ops.requireOutShape(*tc);
  }
  std::unique_ptr<TensorArg> tsa, tsb;
  if (scaled) {
    if (!scaleA || !scaleB)
      fail(FLY_ERROR_INVALID_ARGUMENT, "gemm_scaled needs both scale_a and scale_b");
    tsa = std::make_unique<TensorArg>(scaleA, "scale_a");
    tsb = std::make_unique<TensorArg>(scaleB, "scale_b");
    tsa->asScales(M, N, true);
    tsb->asScales(M, N, false);
  }
  for (const TensorArg *t : {&tb, &tout, tc.get(), tsa.get(), tsb.get()})
    if (t)
      ta.requireSameDevice(*t);
  // A block reads rows of a and columns of b that other blocks' tiles of out cover; each
  // element of c is read by the thread that then writes it.
  tout.requireApartFrom(ta, false);
  tout.requireApartFrom(tb, false);
  if (tc)
    tout.requireApartFrom(*tc, true);
  if (!std::isfinite(alpha) || !std::isfinite(beta))
    fail(FLY_ERROR_INVALID_ARGUMENT, "alpha and beta must be finite");
  if (M == 0 || N == 0)
    return;

  GemmProblem problem = ops.problem();
  const std::string &target = problem.target;
  GemmSpec spec;
  spec.ab = ta.dtype();
  spec.out = tout.dtype();
  spec.hasC = tc != nullptr;
  spec.c = tc ? tc->dtype() : FLY_F32;
  spec.scaled = scaled;
  spec.plan = problem.plan(chosen ? &*chosen : nullptr);
  if (ops.k == 0) // a TMA descriptor describes a tensor with elements
    spec.plan.tma = spec.plan.warpSpecialized = spec.plan.tmaStore = false;
  // Split-K: the GEMM writes f32 partial sums (splits, M, N) into the stream's workspace,
  // which the sum kernel then reduces into D (with alpha, beta and C).
  int64_t splits = spec.plan.splitK;
  GemmSpec gemmSpec = spec;
  if (splits > 1) {
    gemmSpec.out = FLY_F32;
    gemmSpec.hasC = false;
  }
  std::string key = std::string("gemm/") + dtypeName(gemmSpec.ab) + dtypeName(gemmSpec.out) +
                    (gemmSpec.hasC ? dtypeName(gemmSpec.c) : "-") + (scaled ? "/scaled" : "") +
                    "/" + spec.plan.key();
  fly_prepared_t *k =
      kernelFor(key, target.c_str(), [&](flydsl::Module &m) { buildGemm(m, gemmSpec); });
  int64_t gridM = (M + spec.plan.bm - 1) / spec.plan.bm,
          gridN = (N + spec.plan.bn - 1) / spec.plan.bn;
  if (gridN > 65535)
    fail(FLY_ERROR_INVALID_ARGUMENT, "N = " + std::to_string(N) + " needs " +
                                         std::to_string(gridN) +
                                         " column blocks; a grid has at most 65535");
  if (gridM > std::numeric_limits<int32_t>::max())
    fail(FLY_ERROR_INVALID_ARGUMENT, "M = " + std::to_string(M) + " is too large for a grid");
  // The warp-specialised kernel is persistent: a block per processor walks the tiles (a block
  // per tile where the device does not say, as without a driver under COMPILE_ONLY; the
  // launch then reports what is missing).
  if (spec.plan.warpSpecialized) {
    int processors = 0;
    gridM *= gridN;
    if (fly_device_processors(target.c_str(), ta.deviceId(), &processors) == FLY_OK)
      gridM = std::min(gridM, int64_t(processors));
    gridM = std::min(gridM, int64_t(std::numeric_limits<int32_t>::max())); // blocks loop on
    gridN = 1;
  }
  fly_launch_config_t config = {sizeof(config),
                                {uint32_t(gridM), uint32_t(gridN), uint32_t(splits)},
                                {uint32_t(spec.plan.blockThreads()), 1, 1},
                                0,
                                stream};
  if (splits == 1) {
    std::vector<fly_arg_t> args = {ta.arg(), tb.arg()};
    if (tc)
      args.push_back(tc->arg());
    args.push_back(tout.arg());
    if (scaled) {
      args.push_back(tsa->arg());
      args.push_back(tsb->arg());
    }
    args.push_back(scalar(alpha));
    if (tc)
      args.push_back(scalar(beta));
    launchConfigured(k, config, args);
    return;
  }

  SplitKSumSpec sum;
  sum.splits = splits;
  sum.out = spec.out;
  sum.hasC = spec.hasC;
  sum.c = spec.c;
  std::vector<const TensorArg *> rows = {&tout};
  if (tc)
    rows.push_back(tc.get());
  sum.plan = planRow(N, std::min(commonVector(N, rows), vectorWidth(N, 4, 16)));
  if (sum.plan.chunks > 65535)
    fail(FLY_ERROR_INVALID_ARGUMENT, "N = " + std::to_string(N) + " is too long a row");
  std::string sumKey = std::string("gemm_split_k_sum/") + std::to_string(splits) + "/" +
                       dtypeName(sum.out) + (sum.hasC ? dtypeName(sum.c) : "-") + "/" +
                       planKey(sum.plan);
  // Both kernels are built (and under COMPILE_ONLY compiled) before the workspace is taken.
  fly_prepared_t *reduce =
      kernelFor(sumKey, target.c_str(), [&](flydsl::Module &m) { buildSplitKSum(m, sum); });
  if (fly::capi::compileOnly())
    launchConfigured(k, config, {}); // fails, saying that nothing ran
  // The partial sums live from the GEMM's launch to the sum's, in stream order.
  StreamScratch scratch(target.c_str(), ta.deviceId(), stream,
                        size_t(splits * M * N) * sizeof(float));
  int64_t partialShape[3] = {splits, M, N}, partialStrides[3] = {M * N, N, 1};
  DLTensor partial = {scratch.data(), ta.device(),    3, {kDLFloat, 32, 1},
                      partialShape,   partialStrides, 0};
  fly_arg_t partialArg = {FLY_ARG_DLTENSOR, &partial, 0, 0.0};
  launchConfigured(k, config, {ta.arg(), tb.arg(), partialArg, scalar(1.0)});
  std::vector<fly_arg_t> sumArgs = {partialArg};
  if (tc)
    sumArgs.push_back(tc->arg());
  sumArgs.push_back(tout.arg());
  sumArgs.push_back(scalar(alpha));
  if (tc)
    sumArgs.push_back(scalar(beta));
  fly_launch_config_t sumConfig = {sizeof(sumConfig),
                                   {uint32_t(M), uint32_t(sum.plan.chunks), 1},
                                   {uint32_t(sum.plan.threads), 1, 1},
                                   0,
                                   stream};
  launchConfigured(reduce, sumConfig, sumArgs);
}

/// topk_weights and topk_ids, (tokens, topk) with tokens the rows of `of`: checked and seen as
/// rows (the ids flat where `flatIds`); returns topk, 1 to `most`.
int64_t routingOperands(TensorArg &weights, TensorArg &ids, int64_t tokens, const char *of,
                        bool flatIds, int64_t most) {
  if (weights.shape().size() != 2 || weights.shape()[0] != tokens)
    fail(FLY_ERROR_INVALID_ARGUMENT, "topk_weights must be (tokens, topk) with tokens = " +
                                         std::to_string(tokens) + ", the rows of " + of);
  weights.requireSameShape(ids);
  weights.asRows();
  if (flatIds)
    ids.asFlat();
  else
    ids.asRows();
  int64_t topk = weights.cols();
  if (topk < 1 || topk > most)
    fail(FLY_ERROR_INVALID_ARGUMENT, "topk (the columns of topk_weights) is " +
                                         std::to_string(topk) + ": it must be 1 to " +
                                         std::to_string(most));
  return topk;
}

void moeTopkSoftmax(const fly_arg_t *logits, int renormalize, const fly_arg_t *weights,
                    const fly_arg_t *ids, void *stream) {
  TensorArg tl(logits, "moe_topk_softmax logits"), tw(weights, "topk_weights"),
      ti(ids, "topk_ids", Accept::Index);
  tl.asRows();
  int64_t tokens = tl.rows(), experts = tl.cols();
  if (experts < 1 || experts > 1024)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "logits have " + std::to_string(experts) + " experts: 1 to 1024 are supported");
  int64_t topk = routingOperands(tw, ti, tokens, "logits", false, std::min<int64_t>(experts, 64));
  tl.requireSameDevice(tw);
  tl.requireSameDevice(ti);
  tw.requireApartFrom(tl, false);
  ti.requireApartFrom(tl, false);
  ti.requireApartFrom(tw, false);
  if (tokens == 0)
    return;
  MoeGatingSpec spec;
  spec.in = tl.dtype();
  spec.weights = tw.dtype();
  spec.ids = ti.dtype();
  spec.experts = int(experts);
  spec.topk = int(topk);
  spec.renormalize = renormalize != 0;
  std::string key = std::string("moe_topk_softmax/") + dtypeName(spec.in) +
                    dtypeName(spec.weights) + dtypeName(spec.ids) + "/" + std::to_string(experts) +
                    "x" + std::to_string(topk) + (spec.renormalize ? "/renormalize" : "");
  fly_prepared_t *k =
      kernelFor(key, tl.target(), [&](flydsl::Module &m) { buildMoeTopkSoftmax(m, spec); });
  launch(k, (tokens + spec.rowsPerBlock - 1) / spec.rowsPerBlock, 32 * spec.rowsPerBlock, stream,
         {tl.arg(), tw.arg(), ti.arg()});
}

DLDataType dlType(fly_dtype d) {
  switch (d) {
  case FLY_BF16:
    return {kDLBfloat, 16, 1};
  case FLY_F16:
    return {kDLFloat, 16, 1};
  case FLY_I32:
    return {kDLInt, 32, 1};
  default:
    return {kDLFloat, 32, 1};
  }
}

/// A row-major tensor the library lays over memory itself (scratch, or an operand's elements
/// seen with other extents). It points into itself: built in place, never copied.
struct LaidOut {
  DLTensor t{};
  int64_t shape[3] = {0, 0, 0}, strides[3] = {0, 0, 0};
  LaidOut(void *data, DLDevice device, fly_dtype dtype, std::vector<int64_t> extents,
          int64_t rowStride = 0) {
    int rank = int(extents.size());
    int64_t step = 1;
    for (int i = rank - 1; i >= 0; --i) {
      shape[i] = extents[i];
      strides[i] = step;
      step *= extents[i];
    }
    if (rowStride && rank == 2)
      strides[0] = rowStride;
    t = {data, device, rank, dlType(dtype), shape, strides, 0};
  }
  LaidOut(const LaidOut &) = delete;
  fly_arg_t arg() const { return {FLY_ARG_DLTENSOR, &t, 0, 0.0}; }
};

/// The plan of a grouped GEMM over rows sorted by expert: a (rows, K) K-major in scratch, the
/// experts' b as (E * N, K) K-major, d (rows, N) of `out` in scratch.
GemmSpec groupedGemmSpec(const std::string &target, const std::string &arch, int64_t rows,
                         int64_t n, int64_t k, fly_dtype ab, const TensorArg &b, fly_dtype out) {
  int bytes = ab == FLY_F32 ? 4 : 2, outBytes = out == FLY_F32 ? 4 : 2;
  GemmOperand ga, gb;
  ga.vec = vectorWidth(k, bytes, 16);
  gb.vec = vectorWidth(k, bytes, b.alignBytes());
  GemmSpec spec;
  spec.ab = ab;
  spec.out = out;
  spec.grouped = true;
  spec.plan =
      planGemm(target, arch, rows, n, k, ab, ga, gb, vectorWidth(n, outBytes, 16), outBytes);
  spec.plan.splitK = 1;
  if (k == 0) // a TMA descriptor describes a tensor with elements
    spec.plan.tma = spec.plan.warpSpecialized = spec.plan.tmaStore = false;
  return spec;
}

fly_prepared_t *groupedGemmKernel(const GemmSpec &spec, const char *target) {
  std::string key = std::string("moe_gemm/") + dtypeName(spec.ab) + dtypeName(spec.out) + "/g" +
                    std::to_string(spec.groupRows) + "/" + spec.plan.key();
  return kernelFor(key, target, [&](flydsl::Module &m) { buildGemm(m, spec); });
}

/// Launches a grouped GEMM of `spec` (its groupRows set) with d (rows, N); b3 is b as
/// (E, N, K), b2 as (E * N, K).
void launchGroupedGemm(const GemmSpec &spec, const char *target, int device, void *stream,
                       int64_t rows, int64_t n, const fly_arg_t &a, const fly_arg_t &b3,
                       const fly_arg_t &b2, const fly_arg_t &d, const fly_arg_t &tileExperts,
                       const fly_arg_t &used) {
  const GemmPlan &p = spec.plan;
  fly_prepared_t *k = groupedGemmKernel(spec, target);
  int64_t gridM = (rows + p.bm - 1) / p.bm, gridN = (n + p.bn - 1) / p.bn;
  if (gridN > 65535 || gridM > std::numeric_limits<int32_t>::max())
    fail(FLY_ERROR_INVALID_ARGUMENT, "the experts' GEMM of " + std::to_string(rows) + " x " +
                                         std::to_string(n) + " needs more blocks than a grid has");
  if (p.warpSpecialized) { // persistent: a block per processor walks the tiles
    int processors = 0;
    gridM *= gridN;
    if (fly_device_processors(target, device, &processors) == FLY_OK)
      gridM = std::min(gridM, int64_t(processors));
    gridN = 1;
  }
  fly_launch_config_t config = {sizeof(config),
                                {uint32_t(gridM), uint32_t(gridN), 1},
                                {uint32_t(p.blockThreads()), 1, 1},
                                0,
                                stream};
  launchConfigured(k, config, {a, p.tma ? b2 : b3, d, tileExperts, used, scalar(1.0)});
}

/// out = sum over j of topk_weights[t, j] * expert_j(x[t]), expert e's output
/// (silu(x w1[e, :I]^T) * (x w1[e, I:]^T)) w2[e]^T.
void fusedMoe(const fly_arg_t *x, const fly_arg_t *w1, const fly_arg_t *w2,
              const fly_arg_t *topkWeights, const fly_arg_t *topkIds, const fly_arg_t *out,
              void *stream) {
  TensorArg tx(x, "fused_moe x"), tw1(w1, "w1"), tw2(w2, "w2"), tw(topkWeights, "topk_weights"),
      ti(topkIds, "topk_ids", Accept::Index), tout(out, "out");
  tx.asRows();
  int64_t tokens = tx.rows(), hidden = tx.cols();
  if (tx.dtype() == FLY_F32)
    fail(FLY_ERROR_INVALID_ARGUMENT, "fused_moe takes x of float16 or bfloat16, got float32");
  const std::vector<int64_t> &s1 = tw1.shape(), &s2 = tw2.shape();
  if (s1.size() != 3 || s1[0] < 1 || s1[2] != hidden || s1[1] % 2 != 0)
    fail(FLY_ERROR_INVALID_ARGUMENT,
         "w1 must be (experts, 2 * intermediate, hidden) with hidden = " + std::to_string(hidden) +
             " (x's columns), at least one expert");
  int64_t experts = s1[0], inter = s1[1] / 2;
  if (s2.size() != 3 || s2[0] != experts || s2[1] != hidden || s2[2] != inter)
    fail(FLY_ERROR_INVALID_ARGUMENT, "w2 must be (experts, hidden, intermediate) = (" +
                                         std::to_string(experts) + ", " + std::to_string(hidden) +
                                         ", " + std::to_string(inter) + ")");
  for (const TensorArg *w : {&tw1, &tw2})
    if (w->dtype() != tx.dtype())
      fail(FLY_ERROR_INVALID_ARGUMENT, w->name() + " has dtype " + dtypeName(w->dtype()) +
                                           " but x has " + dtypeName(tx.dtype()));
  tw1.asFlat();
  tw2.asFlat();
  int64_t topk = routingOperands(tw, ti, tokens, "x", true, 64);
  if (experts > 4096)
    fail(FLY_ERROR_INVALID_ARGUMENT, std::to_string(experts) + " experts: at most 4096");
  tx.requireSameShape(tout);
  tout.asRows();
  for (const TensorArg *t : {&tw1, &tw2, &tw, &ti, &tout})
    tx.requireSameDevice(*t);
  for (const TensorArg *t : {&tx, &tw1, &tw2, &tw, &ti})
    tout.requireApartFrom(*t, false);
  int64_t pairs = tokens * topk;
  if (pairs > std::numeric_limits<int32_t>::max() / 2)
    fail(FLY_ERROR_INVALID_ARGUMENT, "too many tokens: tokens * topk must stay below 2^30");
  if (tokens == 0 || hidden == 0)
    return;

  // Every scratch size in bytes stays far inside int64, whatever extents a descriptor claims
  // (rows padded to blocks of at most 256).
  int64_t widest = std::max(hidden, s1[1]), most = pairs + std::min(experts, pairs) * 256;
  if (widest > (int64_t(1) << 40) || most > ((int64_t(1) << 60) / 4) / widest)
    fail(FLY_ERROR_INVALID_ARGUMENT, "fused_moe's scratch for " + std::to_string(most) +
                                         " rows of " + std::to_string(widest) +
                                         " columns would not fit an address");
  auto [target, arch] = flydsl::resolveTarget(tx.target());
  fly_dtype ab = tx.dtype();
  // Both GEMMs' block rows take rows of one expert; the sort pads each expert's rows to the
  // larger block. Where an expert gets fewer rows than a large block on average, the plans
  // see that many rows (small blocks, little padding); where it fills them, all the rows, so
  // that the table takes its large tiles for a grid that fills the GPU.
  int64_t perExpert = (pairs + std::min(experts, pairs) - 1) / std::min(experts, pairs);
  int64_t planRows = perExpert < 128 ? perExpert : pairs;
  GemmSpec up = groupedGemmSpec(target, arch, planRows, 2 * inter, hidden, ab, tw1, ab);
  GemmSpec down = groupedGemmSpec(target, arch, planRows, hidden, inter, ab, tw2, FLY_F32);
  int64_t group = std::max(up.plan.bm, down.plan.bm);
  up.groupRows = down.groupRows = group;
  int64_t capacity = (pairs + std::min(experts, pairs) * (group - 1) + group - 1) / group * group;
  int64_t tiles = capacity / group;

  MoeAlignSpec align;
  align.ids = ti.dtype();
  align.experts = int(experts);
  align.blockRows = group;
  align.threads = 256;
  auto rowPlan = [&](int64_t cols, const std::vector<const TensorArg *> &operands, int elemBytes) {
    int vec = std::min(commonVector(cols, operands), vectorWidth(cols, elemBytes, 16));
    return planRow(cols, vec);
  };
  MoeRowsSpec gather;
  gather.dtype = ab;
  gather.topk = int(topk);
  gather.blockRows = group;
  gather.plan = rowPlan(hidden, {&tx}, tx.elemBytes());
  // The up half of each row starts inter elements in: its alignment bounds the vectors too.
  MoeRowsSpec act = gather;
  int64_t upOffset = inter * tx.elemBytes();
  act.plan = planRow(
      inter, vectorWidth(inter, tx.elemBytes(), std::min<int64_t>(16, upOffset & -upOffset)));
  MoeRowsSpec combine = gather;
  combine.dtype = tout.dtype();
  combine.weights = tw.dtype();
  combine.plan = rowPlan(hidden, {&tout}, 4);
  auto rowsKey = [&](const char *name, const MoeRowsSpec &r) {
    return std::string(name) + dtypeName(r.dtype) + dtypeName(r.weights) + "/k" +
           std::to_string(r.topk) + "/g" + std::to_string(r.blockRows) + "/" + planKey(r.plan);
  };
  const char *t = target.c_str();
  // Every kernel is built (and under COMPILE_ONLY compiled) before scratch memory is taken.
  fly_prepared_t *kAlign = kernelFor(std::string("moe_align/") + dtypeName(align.ids) + "/" +
                                         std::to_string(experts) + "/g" + std::to_string(group),
                                     t, [&](flydsl::Module &m) { buildMoeAlign(m, align); });
  fly_prepared_t *kGather = kernelFor(rowsKey("moe_gather/", gather), t,
                                      [&](flydsl::Module &m) { buildMoeGather(m, gather); });
  fly_prepared_t *kAct = kernelFor(rowsKey("moe_activation/", act), t,
                                   [&](flydsl::Module &m) { buildMoeActivation(m, act); });
  fly_prepared_t *kCombine = kernelFor(rowsKey("moe_combine/", combine), t,
                                       [&](flydsl::Module &m) { buildMoeCombine(m, combine); });
  groupedGemmKernel(up, t);
  groupedGemmKernel(down, t);
  if (fly::capi::compileOnly())
    launch(kAlign, 1, align.threads, stream, {}); // fails, saying that nothing ran

  // Scratch: the sort's tables, the gathered rows, both GEMMs' outputs and the activation.
  int eb = tx.elemBytes();
  std::vector<int64_t> sizes = {capacity * 4,
                                tiles * 4,
                                4,
                                pairs * 4,
                                capacity * hidden * eb,
                                capacity * 2 * inter * eb,
                                capacity * inter * eb,
                                capacity * hidden * 4};
  std::vector<int64_t> offsets;
  int64_t total = 0;
  for (int64_t b : sizes) {
    offsets.push_back(total);
    total += (b + 255) / 256 * 256;
  }
  StreamScratch scratch(t, tx.deviceId(), stream, size_t(total));
  auto at = [&](int i) { return scratch.data() + offsets[i]; };
  DLDevice dev = tx.device();
  LaidOut sorted(at(0), dev, FLY_I32, {capacity}), tileExperts(at(1), dev, FLY_I32, {tiles}),
      used(at(2), dev, FLY_I32, {1}), slots(at(3), dev, FLY_I32, {pairs}),
      a(at(4), dev, ab, {capacity, hidden}), h1(at(5), dev, ab, {capacity, 2 * inter}),
      gate(at(5), dev, ab, {capacity, inter}, 2 * inter),
      upHalf(at(5) + inter * eb, dev, ab, {capacity, inter}, 2 * inter),
      h2(at(6), dev, ab, {capacity, inter}), y(at(7), dev, FLY_F32, {capacity, hidden});
  void *w1Data = const_cast<void *>(static_cast<const DLTensor *>(tw1.arg().tensor)->data);
  void *w2Data = const_cast<void *>(static_cast<const DLTensor *>(tw2.arg().tensor)->data);
  LaidOut w1e(w1Data, dev, ab, {experts, 2 * inter, hidden}),
      w1r(w1Data, dev, ab, {experts * 2 * inter, hidden}),
      w2e(w2Data, dev, ab, {experts, hidden, inter}),
      w2r(w2Data, dev, ab, {experts * hidden, inter});

  launch(kAlign, 1, align.threads, stream,
         {ti.arg(), sorted.arg(), tileExperts.arg(), used.arg(), slots.arg()});
  launch(kGather, capacity, gather.plan.threads, stream,
         {tx.arg(), sorted.arg(), used.arg(), a.arg()});
  launchGroupedGemm(up, t, tx.deviceId(), stream, capacity, 2 * inter, a.arg(), w1e.arg(),
                    w1r.arg(), h1.arg(), tileExperts.arg(), used.arg());
  launch(kAct, capacity, act.plan.threads, stream,
         {gate.arg(), upHalf.arg(), used.arg(), h2.arg()});
  launchGroupedGemm(down, t, tx.deviceId(), stream, capacity, hidden, h2.arg(), w2e.arg(),
                    w2r.arg(), y.arg(), tileExperts.arg(), used.arg());
  launch(kCombine, tokens, combine.plan.threads, stream,
         {y.arg(), slots.arg(), tw.arg(), tout.arg()});
}

} // namespace

extern "C" {

fly_status fly_kernels_elementwise(int op, const fly_arg_t *a, const fly_arg_t *b, double alpha,
                                   double beta, const fly_arg_t *out, void *stream) {
  return run([&] {
    if (op < FLY_EW_ADD || op > FLY_EW_SILU_MUL)
      fail(FLY_ERROR_INVALID_ARGUMENT, "unknown elementwise op " + std::to_string(op));
    bool binary = takesSecondOperand(op);
    if (!binary && b)
      fail(FLY_ERROR_INVALID_ARGUMENT, "this elementwise op takes one operand; b must be NULL");
    TensorArg ta(a, "a"), tout(out, "out");
    ta.asFlat();
    tout.asFlat();
    ta.requireSameShape(tout);
    ta.requireSameDevice(tout);
    std::vector<const TensorArg *> all = {&ta, &tout};
    std::unique_ptr<TensorArg> tb;
    if (binary) {
      if (!b)
        fail(FLY_ERROR_INVALID_ARGUMENT, "this elementwise op takes two operands; b is NULL");
      tb = std::make_unique<TensorArg>(b, "b");
      tb->asFlat();
      ta.requireSameShape(*tb);
      ta.requireSameDevice(*tb);
      all.push_back(tb.get());
    }
    for (const TensorArg *t : all)
      if (t->dtype() != ta.dtype())
        fail(FLY_ERROR_INVALID_ARGUMENT, t->name() + " has dtype " + dtypeName(t->dtype()) +
                                             " but a has " + dtypeName(ta.dtype()) +
                                             ": elementwise operands share one dtype");
    for (const TensorArg *t : all)
      if (t != &tout)
        tout.requireApartFrom(*t, true);
    if (ta.elements() == 0)
      return;
    ElementwiseSpec spec;
    spec.op = op;
    spec.dtype = ta.dtype();
    spec.plan = planFlat(commonVector(ta.elements(), all));
    std::string key = "elementwise/" + std::to_string(op) + "/" + dtypeName(spec.dtype) + "/v" +
                      std::to_string(spec.plan.vec);
    fly_prepared_t *k =
        kernelFor(key, ta.target(), [&](flydsl::Module &m) { buildElementwise(m, spec); });
    std::vector<fly_arg_t> args = {ta.arg()};
    if (tb)
      args.push_back(tb->arg());
    args.push_back(tout.arg());
    if (op == FLY_EW_SCALE_BIAS) {
      args.push_back(scalar(alpha));
      args.push_back(scalar(beta));
    }
    int64_t tile = spec.plan.tileElements();
    launch(k, (ta.elements() + tile - 1) / tile, spec.plan.threads, stream, args);
  });
}

fly_status fly_kernels_softmax(const fly_arg_t *x, const fly_arg_t *out, void *stream) {
  return run([&] {
    TensorArg tx(x, "softmax x"), tout(out, "out");
    tx.asRows();
    tout.asRows();
    tx.requireSameShape(tout);
    tx.requireSameDevice(tout);
    tout.requireApartFrom(tx, true);
    if (tx.rows() == 0 || tx.cols() == 0)
      return;
    SoftmaxSpec spec;
    spec.in = tx.dtype();
    spec.out = tout.dtype();
    spec.plan = planRow(tx.cols(), commonVector(tx.cols(), {&tx, &tout}));
    std::string key = std::string("softmax/") + dtypeName(spec.in) + dtypeName(spec.out) + "/" +
                      planKey(spec.plan);
    fly_prepared_t *k =
        kernelFor(key, tx.target(), [&](flydsl::Module &m) { buildSoftmax(m, spec); });
    launch(k, tx.rows(), spec.plan.threads, stream, {tx.arg(), tout.arg()});
  });
}

fly_status fly_kernels_layernorm(const fly_arg_t *x, const fly_arg_t *weight, const fly_arg_t *bias,
                                 const fly_arg_t *residual, const fly_arg_t *residual_out,
                                 double eps, const fly_arg_t *out, void *stream) {
  return run([&] { norm(false, x, weight, bias, residual, residual_out, eps, out, stream); });
}

fly_status fly_kernels_rmsnorm(const fly_arg_t *x, const fly_arg_t *weight,
                               const fly_arg_t *residual, const fly_arg_t *residual_out, double eps,
                               const fly_arg_t *out, void *stream) {
  return run([&] { norm(true, x, weight, nullptr, residual, residual_out, eps, out, stream); });
}

fly_status fly_kernels_gemm(const fly_arg_t *a, const fly_arg_t *b, const fly_arg_t *c,
                            double alpha, double beta, const fly_arg_t *out, void *stream) {
  return run([&] { gemm(a, b, c, alpha, beta, out, stream, nullptr); });
}

fly_status fly_kernels_gemm_tiled(const fly_arg_t *a, const fly_arg_t *b, const fly_arg_t *c,
                                  double alpha, double beta, const fly_arg_t *out, void *stream,
                                  const fly_gemm_tile_t *tile) {
  return run([&] { gemm(a, b, c, alpha, beta, out, stream, tile); });
}

fly_status fly_kernels_gemm_scaled(const fly_arg_t *a, const fly_arg_t *b, const fly_arg_t *scale_a,
                                   const fly_arg_t *scale_b, const fly_arg_t *out, void *stream) {
  return fly_kernels_gemm_scaled_tiled(a, b, scale_a, scale_b, out, stream, nullptr);
}

fly_status fly_kernels_gemm_scaled_tiled(const fly_arg_t *a, const fly_arg_t *b,
                                         const fly_arg_t *scale_a, const fly_arg_t *scale_b,
                                         const fly_arg_t *out, void *stream,
                                         const fly_gemm_tile_t *tile) {
  return run([&] {
    if (!scale_a || !scale_b)
      fail(FLY_ERROR_INVALID_ARGUMENT, "gemm_scaled needs both scale_a and scale_b");
    gemm(a, b, nullptr, 1.0, 0.0, out, stream, tile, scale_a, scale_b);
  });
}

fly_status fly_kernels_gemm_tiles(const fly_arg_t *a, const fly_arg_t *b, const fly_arg_t *out,
                                  fly_gemm_tile_t *tiles, size_t capacity, size_t *count) {
  return run([&] {
    if (!count)
      fail(FLY_ERROR_INVALID_ARGUMENT, "count must not be NULL");
    if (capacity && !tiles)
      fail(FLY_ERROR_INVALID_ARGUMENT, "tiles is NULL but capacity is " + std::to_string(capacity));
    for (size_t i = 0; i < capacity; ++i)
      if (tiles[i].struct_size < sizeof(fly_gemm_tile_t))
        fail(FLY_ERROR_INVALID_ARGUMENT,
             "tiles[" + std::to_string(i) + "].struct_size is not sizeof(fly_gemm_tile_t)");
    GemmOperands ops(a, b, out, std::nullopt);
    if (ops.m == 0 || ops.n == 0) { // nothing to time
      *count = 0;
      return;
    }
    GemmProblem p = ops.problem();
    std::vector<GemmTile> found =
        gemmTiles(p.target, p.arch, p.m, p.n, p.k, p.ab, p.a, p.b, p.outVec, p.outBytes);
    for (size_t i = 0; i < found.size() && i < capacity; ++i) {
      const GemmTile &t = found[i];
      tiles[i] = {
          sizeof(fly_gemm_tile_t), t.bm, t.bn, t.bk, t.stages, t.warpsM, t.warpsN, t.splitK};
    }
    *count = found.size();
  });
}

fly_status fly_kernels_rope_kv_cache(const fly_arg_t *positions, const fly_arg_t *q,
                                     const fly_arg_t *k, const fly_arg_t *cos_sin_cache, int neox,
                                     const fly_arg_t *v, const fly_arg_t *slot_mapping,
                                     const fly_arg_t *k_cache, const fly_arg_t *v_cache,
                                     void *stream) {
  return run([&] {
    ropeKvCache(positions, q, k, cos_sin_cache, neox != 0, v, slot_mapping, k_cache, v_cache,
                stream);
  });
}

fly_status fly_kernels_paged_attention(const fly_arg_t *q, const fly_arg_t *k_cache,
                                       const fly_arg_t *v_cache, const fly_arg_t *block_tables,
                                       const fly_arg_t *seq_lens, double scale,
                                       const fly_arg_t *out, void *stream) {
  return run(
      [&] { pagedAttention(q, k_cache, v_cache, block_tables, seq_lens, scale, out, stream); });
}

fly_status fly_kernels_attention(const fly_arg_t *q, const fly_arg_t *k, const fly_arg_t *v,
                                 const fly_arg_t *cu_seqlens_q, const fly_arg_t *cu_seqlens_k,
                                 int64_t max_seqlen_q, double scale, int causal,
                                 const fly_arg_t *out, const fly_arg_t *lse, void *stream) {
  return run([&] {
    attention(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, scale, causal != 0, out, lse,
              stream);
  });
}

fly_status fly_kernels_moe_topk_softmax(const fly_arg_t *logits, int renormalize,
                                        const fly_arg_t *topk_weights, const fly_arg_t *topk_ids,
                                        void *stream) {
  return run([&] { moeTopkSoftmax(logits, renormalize, topk_weights, topk_ids, stream); });
}

fly_status fly_kernels_fused_moe(const fly_arg_t *x, const fly_arg_t *w1, const fly_arg_t *w2,
                                 const fly_arg_t *topk_weights, const fly_arg_t *topk_ids,
                                 const fly_arg_t *out, void *stream) {
  return run([&] { fusedMoe(x, w1, w2, topk_weights, topk_ids, out, stream); });
}

int64_t fly_kernels_built(void) { return kernelsBuilt(); }

int64_t fly_kernels_generated(void) { return kernelsGenerated(); }

} // extern "C"
