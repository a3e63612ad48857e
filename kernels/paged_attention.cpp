//===- paged_attention.cpp - Decode attention over a paged KV cache --------------===//
//
// One block per (sequence, KV head, partition of `partition` tokens): the group of query heads
// that share the KV head is computed together, so each K and V row is read once for all of
// them. The block keeps the group's scaled queries in shared memory; each thread takes whole
// tokens, finds its row through the block table and dots it with every query of the group
// (runs of four elements); the scores stay in shared memory, whose block-wide maximum and sum
// of exponentials give the partition's softmax; then the threads split V's rows by runs of the
// head dimension, `lanes` threads to a run taking every lanes-th token, and add their partial
// sums through shared memory. A single partition writes the output; several write their
// normalised sums, maxima and sums, and a second kernel (buildPagedAttentionReduce) combines
// them. Tokens whose block id falls outside the cache count as masked: the host cannot read a
// GPU's tables without waiting, so the kernel keeps memory safe where the host did not check.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/row_tiles.h"
#include "kernels/vector_runs.h"

#include <algorithm>
#include <limits>
#include <string>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kUnroll = 4;      // tokens whose V runs a thread reads before weighing them
constexpr int kScoreUnroll = 2; // tokens whose K runs a lane group reads before its dots

struct PagedAttentionKernel {
  const PagedAttentionSpec &spec;
  Kernel &k;
  VectorRuns runs;
  Value tid, sequence, kvHead, start, count, kCache, vCache, table, blocks;

  PagedAttentionKernel(const PagedAttentionSpec &s, Kernel &kernel)
      : spec(s), k(kernel), runs(kernel) {}

  Value i32(int64_t v) { return k.constInt(FLY_I32, v); }
  Value f32(double v) { return k.constFloat(FLY_F32, v); }
  Value rowOf(Value t, Value r) { return k.slice(t, k.tuple("(?,_)", {r})); }

  /// The cache row of token j of the sequence, and whether its block id is inside the cache
  /// (where it is not, row 0 stands in and the token is masked).
  std::pair<Value, Value> slotOf(Value j) {
    Value block = k.load(table, {j / i32(spec.blockSize)});
    Value inside = k.binary(FLY_AND, block >= i32(0), k.cast(block, FLY_I64) < blocks);
    Value slot = k.cast(block, FLY_I64) * k.constInt(FLY_I64, spec.blockSize) +
                 k.cast(j % i32(spec.blockSize), FLY_I64);
    return {k.select(inside, slot, k.constInt(FLY_I64, 0)), inside};
  }

  void build() {
    const int G = spec.group, D = spec.headDim, T = spec.threads, P = spec.partition;
    auto bytes = [](fly_dtype d) { return int64_t(d == FLY_F32 ? 4 : 2); };
    auto rows = [&](fly_dtype d, int64_t cols, int lanes) {
      return k.tensorParam(d, {FLY_DYNAMIC, cols}, {FLY_DYNAMIC, 1}, lanes * bytes(d));
    };
    int64_t heads = int64_t(spec.kvHeads) * G;
    Value q = rows(spec.q, heads * D, 1); // read element by element, once
    kCache = rows(spec.cache, int64_t(spec.kvHeads) * D, spec.keyRun);
    vCache = rows(spec.cache, int64_t(spec.kvHeads) * D, spec.vec);
    Value tables = k.tensorParam(FLY_I32, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1});
    Value seqLens = k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1});
    Value out, partOut, partMax, partSum;
    if (spec.split) {
      partOut = k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC, D}, {FLY_DYNAMIC, D, 1},
                              spec.vec * 4);
      partMax = k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1});
      partSum = k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1});
    } else {
      out = rows(spec.out, heads * D, spec.vec);
    }
    Value scale = k.scalarParam(FLY_F32);

    tid = k.gpuIndex(FLY_THREAD_IDX);
    Value pair = k.gpuIndex(FLY_BLOCK_IDX, 0), part = k.gpuIndex(FLY_BLOCK_IDX, 1);
    sequence = pair / i32(spec.kvHeads);
    kvHead = pair % i32(spec.kvHeads);
    table = rowOf(tables, sequence);
    blocks = k.tensorDim(kCache, 0) / k.constInt(FLY_I64, spec.blockSize);
    Value capacity = k.cast(k.tensorDim(tables, 1), FLY_I32) * i32(spec.blockSize);
    Value length = k.min(k.max(k.load(seqLens, {sequence}), i32(0)), capacity);
    start = part * i32(P);
    count = k.max(k.min(length - start, i32(P)), i32(0));

    // A later partition of a short sequence has nothing to do; the reduction never reads it.
    Value busy = spec.split ? start < length : k.constInt(FLY_I1, 1);
    Value queries = k.sharedTensor(FLY_F32, int64_t(G) * D);
    Value scores = k.sharedTensor(FLY_F32, scratchFloats());
    k.ifThen(busy, [&] {
      Value qRow = rowOf(q, sequence);
      k.forLoop(tid, i32(int64_t(G) * D), i32(T), [&](Value i) {
        Value e = kvHead * i32(int64_t(G) * D) + i;
        k.store(queries, k.cast(k.load(qRow, {e}), FLY_F32) * scale, {i});
      });
      k.barrier();
      std::vector<Value> maxima = scoreTokens(queries, scores);
      std::vector<Value> sums(G);
      for (int g = 0; g < G; ++g) {
        maxima[g] = reduceBlock(k, maxima[g], FLY_MAX, T);
        // exp(-inf - shift) is 0 for a masked token; a partition of masked tokens shifts by 0
        maxima[g] = k.select(maxima[g] == -kInf, f32(0.0), maxima[g]);
      }
      std::vector<Value> zeros(G, f32(0.0));
      auto local = k.forLoop(tid, count, i32(T), zeros, [&](Value t, const std::vector<Value> &s) {
        std::vector<Value> next;
        for (int g = 0; g < G; ++g) {
          Value at = i32(int64_t(g) * P) + t;
          Value e = k.unary(FLY_EXP, k.load(scores, {at}) - maxima[g]);
          k.store(scores, e, {at});
          next.push_back(s[g] + e);
        }
        return next;
      });
      for (int g = 0; g < G; ++g)
        sums[g] = reduceBlock(k, local[g], FLY_ADD, T); // its barrier publishes the exponentials
      std::vector<Value> acc = weighValues(scores);
      finishHeads(acc, sums, maxima, out, partOut, partMax, partSum, part);
    });
    k.finish();
  }

  /// Floats of the shared scratch: the scores (G x partition), later the V partial sums of
  /// the threads that share a run (lanes x G x D).
  int64_t scratchFloats() const {
    int64_t lanes = spec.threads / (spec.headDim / spec.vec);
    return std::max<int64_t>(int64_t(spec.group) * spec.partition,
                             lanes * spec.group * spec.headDim);
  }

  /// The scores q_g . k_j of the partition's tokens into shared memory; returns each thread's
  /// maxima. A token's K row is read by a group of `lanesPerToken()` neighbouring lanes, each
  /// taking every lanesPerToken-th run of it (so one load instruction covers contiguous bytes
  /// of several rows), and their partial dots meet by xor shuffles. A step reads the runs of
  /// kScoreUnroll tokens before using them. Every thread of the block takes the same number of
  /// steps, as the shuffles need.
  std::vector<Value> scoreTokens(Value queries, Value scores) {
    const int G = spec.group, D = spec.headDim, P = spec.partition, run = spec.keyRun;
    const int L = lanesPerToken(), perLane = D / run / L, perStep = spec.threads / L;
    Value sub = tid % i32(L), last = count - i32(1);
    std::vector<Value> lowest(G, f32(-kInf));
    auto body = [&](Value t0, const std::vector<Value> &mx) {
      std::vector<Value> tokens, real, valid;
      std::vector<std::vector<Value>> keys(kScoreUnroll);
      for (int u = 0; u < kScoreUnroll; ++u) {
        Value t = t0 + tid / i32(L) + i32(u * perStep);
        real.push_back(t < count);
        tokens.push_back(k.min(t, last));
        auto [slot, inside] = slotOf(start + tokens[u]);
        valid.push_back(k.binary(FLY_AND, real[u], inside));
        Value kRow = rowOf(kCache, slot);
        for (int i = 0; i < perLane; ++i)
          keys[u].push_back(runs.load(kRow, kvHead * i32(D / run) + sub + i32(i * L), run));
      }
      std::vector<Value> next = mx;
      for (int g = 0; g < G; ++g) {
        std::vector<Value> qs;
        for (int i = 0; i < perLane; ++i)
          qs.push_back(queryRun(queries, g * D / run + i * L, sub));
        for (int u = 0; u < kScoreUnroll; ++u) {
          Value dot;
          for (int i = 0; i < perLane; ++i) {
            Value term = reduceLanes(k, qs[i] * keys[u][i], FLY_ADD);
            dot = i == 0 ? term : dot + term;
          }
          for (int offset = L / 2; offset > 0; offset /= 2)
            dot = dot + k.shuffle(FLY_SHUFFLE_XOR, dot, offset, 32);
          Value score = k.select(valid[u], dot, f32(-kInf));
          k.store(scores, score, {i32(int64_t(g) * P) + tokens[u]},
                  k.binary(FLY_AND, real[u], sub == i32(0)));
          next[g] = k.max(next[g], score);
        }
      }
      return next;
    };
    return k.forLoop(i32(0), count, i32(perStep * kScoreUnroll), lowest, body);
  }

  /// Run `first + sub` (in K runs) of the shared float32 queries.
  Value queryRun(Value queries, int first, Value sub) {
    return runs.load(queries, i32(first) + sub, spec.keyRun);
  }

  /// Lanes that share a token's K row: the most (a power of two, at most a warp's 32) that
  /// leave each at least two runs.
  int lanesPerToken() const {
    int runsPerRow = spec.headDim / spec.keyRun, lanes = 1;
    while (lanes * 2 <= 32 && runsPerRow % (lanes * 2) == 0 && runsPerRow / (lanes * 2) >= 2)
      lanes *= 2;
    return lanes;
  }

  /// Sum over the partition's tokens of p_g(j) * v_j for the thread's run of D, over all
  /// threads that share the run; valid in the threads of lane 0. Each step of a thread's loop
  /// reads `kUnroll` tokens' runs before weighing them, so their loads overlap; a step past
  /// the partition's end rereads its last token with weight 0.
  std::vector<Value> weighValues(Value scores) {
    const int G = spec.group, D = spec.headDim, P = spec.partition, vec = spec.vec;
    int perRow = D / vec, lanes = spec.threads / perRow;
    Value run = tid % i32(perRow), lane = tid / i32(perRow);
    Value none = vec > 1 ? k.splat(f32(0.0), vec) : f32(0.0);
    std::vector<Value> zeros(G, none);
    Value last = count - i32(1);
    auto body = [&](Value t0, const std::vector<Value> &a) {
      std::vector<Value> values, weights;
      for (int u = 0; u < kUnroll; ++u) {
        Value t = t0 + i32(u * lanes);
        Value real = t < count;
        t = k.min(t, last);
        auto [slot, inside] = slotOf(start + t);
        values.push_back(runs.load(rowOf(vCache, slot), kvHead * i32(perRow) + run, vec));
        weights.push_back(k.binary(FLY_AND, real, inside));
      }
      std::vector<Value> next = a;
      for (int u = 0; u < kUnroll; ++u) {
        Value t = k.min(t0 + i32(u * lanes), last);
        Value v = k.select(weights[u], values[u], none);
        for (int g = 0; g < G; ++g) {
          Value p = k.select(weights[u], k.load(scores, {i32(int64_t(g) * P) + t}), f32(0.0));
          next[g] = k.fma(vec > 1 ? k.splat(p, vec) : p, v, next[g]);
        }
      }
      return next;
    };
    auto acc = k.forLoop(lane, count, i32(int64_t(lanes) * kUnroll), zeros, body);
    if (lanes == 1)
      return acc;
    k.barrier(); // every thread is done with the scores, whose memory now takes the sums
    auto at = [&](Value l, int g) { return l * i32(int64_t(G) * perRow) + i32(g * perRow) + run; };
    for (int g = 0; g < G; ++g)
      runs.store(scores, at(lane, g), acc[g]);
    k.barrier();
    for (int g = 0; g < G; ++g)
      for (int l = 1; l < lanes; ++l)
        acc[g] = acc[g] + runs.load(scores, at(i32(l), g), vec);
    return acc;
  }

  /// The threads of lane 0 write each query's output (one partition), or its normalised sum,
  /// maximum and sum of exponentials (several).
  void finishHeads(const std::vector<Value> &acc, const std::vector<Value> &sums,
                   const std::vector<Value> &maxima, Value out, Value partOut, Value partMax,
                   Value partSum, Value part) {
    const int G = spec.group, perRow = spec.headDim / spec.vec;
    Value run = tid % i32(perRow);
    k.ifThen(tid < i32(perRow), [&] {
      for (int g = 0; g < G; ++g) {
        Value head = kvHead * i32(G) + i32(g);
        // a sequence of no tokens (or of masked ones only) reads zeros
        Value inverse = k.select(sums[g] > f32(0.0), 1.0 / sums[g], f32(0.0));
        Value y = acc[g] * (spec.vec > 1 ? k.splat(inverse, spec.vec) : inverse);
        if (!spec.split) {
          runs.store(rowOf(out, sequence), head * i32(perRow) + run, y);
          continue;
        }
        Value row = sequence * i32(int64_t(spec.kvHeads) * G) + head;
        runs.store(k.slice(partOut, k.tuple("(?,?,_)", {row, part})), run, y);
        k.store(partMax, maxima[g], {row, part}, tid == i32(0));
        k.store(partSum, sums[g], {row, part}, tid == i32(0));
      }
    });
  }
};

} // namespace

void buildPagedAttention(flydsl::Module &m, const PagedAttentionSpec &spec) {
  Kernel k(m, "main");
  PagedAttentionKernel(spec, k).build();
}

void buildPagedAttentionReduce(flydsl::Module &m, const PagedAttentionSpec &spec) {
  // Block r combines the partitions of query row r = sequence * heads + head: each thread a
  // run of the head dimension, the partitions' weights sum_p * exp(max_p - max).
  Kernel k(m, "main");
  const int D = spec.headDim, vec = spec.vec;
  int64_t heads = int64_t(spec.kvHeads) * spec.group;
  auto i32 = [&](int64_t v) { return k.constInt(FLY_I32, v); };
  Value partOut =
      k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC, D}, {FLY_DYNAMIC, D, 1}, vec * 4);
  Value partMax = k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1});
  Value partSum = k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1});
  Value seqLens = k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1});
  Value out = k.tensorParam(spec.out, {FLY_DYNAMIC, heads * D}, {FLY_DYNAMIC, 1},
                            vec * (spec.out == FLY_F32 ? 4 : 2));
  Value capacity = k.scalarParam(FLY_I32);
  VectorRuns runs(k);
  Value row = k.gpuIndex(FLY_BLOCK_IDX), run = k.gpuIndex(FLY_THREAD_IDX);
  Value sequence = row / i32(heads), head = row % i32(heads);
  Value length = k.min(k.max(k.load(seqLens, {sequence}), i32(0)), capacity);
  Value parts = (length + i32(spec.partition - 1)) / i32(spec.partition);
  Value zero = k.constFloat(FLY_F32, 0.0);
  auto mx = k.forLoop(i32(0), parts, i32(1), {k.constFloat(FLY_F32, -kInf)},
                      [&](Value p, const std::vector<Value> &m) {
                        return std::vector<Value>{k.max(m[0], k.load(partMax, {row, p}))};
                      });
  Value none = vec > 1 ? k.splat(zero, vec) : zero;
  auto total = k.forLoop(
      i32(0), parts, i32(1), {none, zero}, [&](Value p, const std::vector<Value> &acc) {
        Value w = k.load(partSum, {row, p}) * k.unary(FLY_EXP, k.load(partMax, {row, p}) - mx[0]);
        Value y = runs.load(k.slice(partOut, k.tuple("(?,?,_)", {row, p})), run, vec);
        return std::vector<Value>{k.fma(vec > 1 ? k.splat(w, vec) : w, y, acc[0]), acc[1] + w};
      });
  Value inverse = k.select(total[1] > zero, 1.0 / total[1], zero);
  Value y = total[0] * (vec > 1 ? k.splat(inverse, vec) : inverse);
  runs.store(k.slice(out, k.tuple("(?,_)", {sequence})), head * i32(D / vec) + run, y);
  k.finish();
}

} // namespace fly::kernels
