//===- attention.cpp - Attention forward (prefill) on the matrix cores -----------===//
//
// FlashAttention's forward pass over variable-length sequences: one block computes BM query
// rows of one head of one sequence and walks the sequence's keys BN at a time, never holding
// a whole row of scores. Each step brings a K and a V tile into shared memory, multiplies the
// block's queries (read from shared memory once, kept as MMA fragments) by K on the tiled MMA,
// and hands the scores to a row-wise online softmax: the scores go through shared memory,
// where BM x (threads / BM) threads each take a share of a row, keep its running maximum and
// sum, write the probabilities P (in the operands' dtype) and each row's rescale factor. The
// accumulator of P V (f32, in the MMA's registers) is rescaled row by row and P V of the tile
// added on the same tiled MMA. The last step divides by the row sums and writes the output
// and, where asked, the rows' log-sum-exp. Scores are kept in base 2 (scale * log2(e)
// folded in), masked keys as -inf; causal masking aligns the last query with the last key
// (FlashAttention's rule for sequences of unequal lengths), and a causal block stops at its
// last visible key.
//
//===---------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/layout_text.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kLn2 = 0.69314718055994530942;
constexpr int kElemBits = 16; // q, k, v and P are f16 or bf16

/// How the tiled MMA's accumulator of a rows x cols tile lies over the rows: value i of thread
/// t's fragment is in row first[t] + offsets[slot[i]], and the threads that hold a row are
/// t ^ m for m in the span of the xor masks `lanes` (all within a warp). The online softmax
/// keeps a maximum and a sum per slot, and a row's threads meet by xor shuffles.
struct RowMap {
  std::vector<int> slot;
  std::vector<int64_t> offsets;
  std::vector<int> lanes;
};

RowMap rowMapOf(const flydsl::TiledMma &mma, int64_t rows, int64_t cols, int wave) {
  flydsl::Layout tv = mma.layoutTv(FLY_MMA_C);
  std::vector<int64_t> tile = mma.tileMnk();
  const int64_t threads = mma.threads(), tileM = tile[0];
  const int64_t values = tv.size() / threads, perM = rows / tileM;
  const int64_t fragment = rows * cols / threads;
  auto rowOf = [&](int64_t t, int64_t i) {
    // the fragment is (values, M repeats, N repeats), column-major
    return tv(t + i % values * threads) % tileM + (i / values) % perM * tileM; // (T, V) -> index
  };
  RowMap map;
  for (int64_t i = 0; i < fragment; ++i) {
    int64_t off = rowOf(0, i) - rowOf(0, 0);
    auto at = std::find(map.offsets.begin(), map.offsets.end(), off);
    map.slot.push_back(int(at - map.offsets.begin()));
    if (at == map.offsets.end())
      map.offsets.push_back(off);
  }
  std::vector<int64_t> first(threads);
  for (int64_t t = 0; t < threads; ++t) {
    first[t] = rowOf(t, 0);
    for (int64_t i = 0; i < fragment; ++i)
      if (rowOf(t, i) - first[t] != map.offsets[map.slot[i]])
        throw flydsl::Error(FLY_ERROR_INTERNAL,
                            "attention: the MMA's threads do not hold their rows alike");
  }
  std::vector<int64_t> masks;
  for (int64_t t = 0; t < threads; ++t)
    if (first[t] == first[0])
      masks.push_back(t);
  for (int bit = 1; bit < wave; bit *= 2)
    if (std::find(masks.begin(), masks.end(), bit) != masks.end())
      map.lanes.push_back(bit);
  // Every thread's partners are exactly its xor images under the span of `lanes`.
  bool span = masks.size() == (size_t(1) << map.lanes.size());
  for (int64_t t = 0; span && t < threads; ++t)
    for (int64_t m : masks)
      span = span && (t ^ m) < threads && first[t ^ m] == first[t];
  if (!span)
    throw flydsl::Error(FLY_ERROR_INTERNAL,
                        "attention: the threads sharing an accumulator row are not xor lanes");
  return map;
}

/// Which accumulator value of the tiled MMA over a rows x cols tile each value of its A operand
/// over that tile is, where every thread holds its A values among its own accumulator values
/// (value a of A is value at[a] of C in every thread): then P feeds the second product from
/// registers (mma.sync's m16n8 accumulators pair up into m16n8k16's A). Nothing where some
/// value lies in another thread (MFMA's accumulator columns against its operands' rows).
std::optional<std::vector<int>> accumulatorAsA(const flydsl::TiledMma &mma, int64_t rows,
                                               int64_t cols) {
  flydsl::Layout tvA = mma.layoutTv(FLY_MMA_A), tvC = mma.layoutTv(FLY_MMA_C);
  std::vector<int64_t> tile = mma.tileMnk();
  const int64_t threads = mma.threads(), tileM = tile[0], perM = rows / tileM;
  const int64_t valuesA = tvA.size() / threads, valuesC = tvC.size() / threads;
  const int64_t fragment = rows * cols / threads;
  // (row, column) of value i of a (values, M repeats, other repeats) fragment, column-major
  auto coord = [&](const flydsl::Layout &tv, int64_t values, int64_t tileCols, int64_t t,
                   int64_t i) {
    int64_t idx = tv(t + i % values * threads);
    return std::make_pair(idx % tileM + (i / values) % perM * tileM,
                          idx / tileM + i / (values * perM) * tileCols);
  };
  std::vector<int> at(fragment, -1);
  for (int64_t t = 0; t < threads; ++t) {
    std::map<std::pair<int64_t, int64_t>, int> held;
    for (int64_t u = 0; u < fragment; ++u)
      held[coord(tvC, valuesC, tile[1], t, u)] = int(u);
    for (int64_t a = 0; a < fragment; ++a) {
      auto it = held.find(coord(tvA, valuesA, tile[2], t, a));
      if (it == held.end() || (t > 0 && at[a] != it->second))
        return std::nullopt;
      at[a] = it->second;
    }
  }
  return at;
}

struct AttentionKernel {
  const AttentionSpec &spec;
  Kernel &k;
  Value tid;
  Value copier, globalAtom, sharedAtom; // global -> registers -> shared, 16-byte runs

  AttentionKernel(const AttentionSpec &s, Kernel &kernel) : spec(s), k(kernel) {}

  Value i32(int64_t v) { return k.constInt(FLY_I32, v); }
  Value f32(double v) { return k.constFloat(FLY_F32, v); }

  /// rows x D elements of head `head` of a (tokens, heads * D) operand from token `row` on,
  /// with the operand's row stride.
  Value headTile(Value t, Value row, Value head, int64_t rows) {
    const int64_t D = spec.headDim;
    Value stride = k.tupleLeaf(k.layoutQuery(FLY_QUERY_STRIDE, t), 0);
    Value first = k.slice(t, k.tuple("(?,_)", {row}));
    Value heads = k.tiled(FLY_TILER_ZIPPED_DIVIDE, first, "(" + str(D) + ")");
    Value start = k.slice(heads, k.tuple("(_,?)", {head}));
    // The row stride is a multiple of the copies' vec elements (the operands' alignment).
    return k.makeTensor(
        start,
        k.layout("(" + str(rows) + "," + str(D) + "):(?{div=" + str(spec.vec) + "},1)", {stride}));
  }

  /// Shared memory for rows x D elements of the operands' dtype, row-major, seen through
  /// `layout` (the same elements in another order: V as the MMA's (D, rows) operand) and
  /// swizzled: the 16-byte run c of row r lies at run c ^ (r % 8), so that the eight rows an
  /// ldmatrix (or a lane group's fragment read) takes at one column hit eight bank groups.
  Value swizzled(Value raw, const std::string &layout) {
    const int base = 3, bits = 3, shift = log2Of(spec.headDim) - base; // 8 elements a run
    return k.swizzle(k.makeTensor(raw, k.layout(layout)), bits, base, shift);
  }
  Value sharedRaw(int64_t rows) {
    int64_t span = int64_t(2 * spec.headDim) * 8; // the bytes of the swizzle's eight rows
    int64_t most = spec.family == FLY_MMA_SYNC ? FLY_MAX_SHARED_ALIGN_CUDA : FLY_MAX_SHARED_ALIGN;
    return k.dynamicShared(spec.dtype, rows * spec.headDim, std::min(span, most));
  }
  Value sharedRows(int64_t rows) {
    return swizzled(sharedRaw(rows),
                    "(" + str(rows) + "," + str(spec.headDim) + "):(" + str(spec.headDim) + ",1)");
  }

  /// This thread's registers for its part of a copy of a tile like `g`.
  Value staging(Value g) { return k.fragment(k.partition(copier, tid, g, true), spec.dtype); }

  /// Loads this thread's part of `rows` x D of global tile `g` into `staged`, the rows from
  /// `valid` on as zeros (so that a V row past the sequence adds 0 * 0, never 0 * NaN).
  void issue(Value g, Value staged, int64_t rows, Value valid) {
    const int64_t D = spec.headDim, vec = spec.vec;
    Value src = k.partition(copier, tid, g, true);
    Value coords = k.partition(
        copier, tid, k.identityTensor(k.tuple("(" + str(rows) + "," + str(D) + ")")), true);
    Value extent = k.tuple("(?," + str(D) + ")", {valid});
    int64_t calls = rows * D / spec.threads / vec;
    Value preds = k.fragment(k.layout("(" + str(calls) + ")"), FLY_I1);
    for (int64_t c = 0; c < calls; ++c)
      k.storeAt(preds, k.elemLess(k.loadAt(coords, i32(c * vec)), extent), i32(c));
    k.fragmentFill(staged, k.constFloat(spec.dtype, 0.0));
    k.copy(globalAtom, src, staged, preds);
  }

  /// Stores what issue() loaded into shared tile `s`.
  void commit(Value staged, Value s) {
    k.copy(sharedAtom, staged, k.partition(copier, tid, s, false));
  }

  /// This thread's MMA operand fragment of shared tensor `s`.
  Value fragment(Value mma, fly_mma_operand which, Value s, bool kMajor) {
    Value part = k.mmaPartition(mma, which, tid, s);
    Value frag = k.fragment(part, spec.dtype);
    if (spec.family == FLY_MMA_SYNC) {
      k.mmaLoad(mma, which, tid, s, frag);
    } else {
      int v = kMajor ? spec.fragVec : 1;
      k.copy(k.copyAtom(FLY_COPY_UNIVERSAL, v * kElemBits, spec.dtype), part, frag);
    }
    return frag;
  }

  void build() {
    const int64_t D = spec.headDim, BM = spec.bm, BN = spec.bn, T = spec.threads;
    const int64_t heads = int64_t(spec.kvHeads) * spec.group;
    int alignQ = spec.vec * 2;
    Value q = k.tensorParam(spec.dtype, {FLY_DYNAMIC, heads * D}, {FLY_DYNAMIC, 1}, alignQ);
    Value kT = k.tensorParam(spec.dtype, {FLY_DYNAMIC, spec.kvHeads * D}, {FLY_DYNAMIC, 1}, alignQ);
    Value vT = k.tensorParam(spec.dtype, {FLY_DYNAMIC, spec.kvHeads * D}, {FLY_DYNAMIC, 1}, alignQ);
    Value cuQ = k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1});
    Value cuK = k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1});
    Value out = k.tensorParam(spec.out, {FLY_DYNAMIC, heads * D}, {FLY_DYNAMIC, 1});
    Value lse = spec.lse ? k.tensorParam(FLY_F32, {heads, FLY_DYNAMIC}, {FLY_DYNAMIC, 1}) : Value{};
    Value scale = k.scalarParam(FLY_F32); // softmax scale * log2(e)

    tid = k.gpuIndex(FLY_THREAD_IDX);
    Value mBlock = k.gpuIndex(FLY_BLOCK_IDX, 0), head = k.gpuIndex(FLY_BLOCK_IDX, 1),
          seq = k.gpuIndex(FLY_BLOCK_IDX, 2);
    Value kvHead = head / i32(spec.group);
    Value qStart = k.load(cuQ, {seq}), kStart = k.load(cuK, {seq});
    Value qLen = k.load(cuQ, {seq + i32(1)}) - qStart;
    Value kLen = k.load(cuK, {seq + i32(1)}) - kStart;
    Value m0 = mBlock * i32(BM);

    flydsl::TiledMma host(spec.family, spec.atomM, spec.atomN, spec.atomK, spec.dtype, spec.wave,
                          "(" + str(BM / spec.atomM) + ",1,1):(1,0,0)");
    Value mma = k.tiledMma(host);
    // Copies: 16-byte runs (vec elements), whole rows of D a pass.
    int64_t perRow = D / spec.vec, passRows = T / perRow;
    Value copyLayout = k.layout("((" + str(perRow) + "," + str(passRows) + ")," + str(spec.vec) +
                                "):((" + str(spec.vec * passRows) + ",1)," + str(passRows) + ")");
    globalAtom = k.copyAtom(FLY_COPY_UNIVERSAL, int(spec.vec) * kElemBits, spec.dtype);
    sharedAtom = k.copyAtom(FLY_COPY_UNIVERSAL, int(spec.vec) * kElemBits, spec.dtype);
    copier = k.tiledCopy(globalAtom, copyLayout, "(" + str(passRows) + "," + str(D) + ")");

    // K and V in two buffers each: a step multiplies one while the next tiles go into the other.
    struct KV {
      Value k, v, vt; // V also as the (N = D, K = BN) operand B of P V: contiguous along N
    };
    Value sQ = sharedRows(BM);
    KV kv[2];
    for (KV &b : kv) {
      b.k = sharedRows(BN);
      Value raw = sharedRaw(BN);
      b.v = swizzled(raw, "(" + str(BN) + "," + str(D) + "):(" + str(D) + ",1)");
      b.vt = swizzled(raw, "(" + str(D) + "," + str(BN) + "):(1," + str(D) + ")");
    }
    // P straight from the accumulator's registers where the layouts allow; else through shared
    // memory, in padded rows: the MMA's lanes write columns of many rows at once, which rows of
    // a whole number of bank lines would put in one bank (the rows stay 16-byte aligned for
    // ldmatrix).
    const std::optional<std::vector<int>> pInRegisters = accumulatorAsA(host, BM, BN);
    const int64_t padP = BN + 8;
    Value sP =
        pInRegisters
            ? Value{}
            : k.makeTensor(k.dynamicShared(spec.dtype, BM * padP, 16),
                           k.layout("(" + str(BM) + "," + str(BN) + "):(" + str(padP) + ",1)"));
    const RowMap rowsS = rowMapOf(host, BM, BN, spec.wave),
                 rowsO = rowMapOf(host, BM, D, spec.wave);
    const size_t slots = rowsS.offsets.size();

    k.ifThen(m0 < qLen, [&] {
      Value qRows = qLen - m0;
      // The queries, and the first K and V tiles; each step then loads the next tiles into
      // registers before it multiplies, and stores them once every thread is done with the
      // shared ones, so the loads' latency hides behind the step's work.
      Value gQ = headTile(q, qStart + m0, head, BM);
      Value stagedQ = staging(gQ);
      issue(gQ, stagedQ, BM, qRows);
      commit(stagedQ, sQ);
      auto kTile = [&](Value n0) { return headTile(kT, kStart + n0, kvHead, BN); };
      auto vTile = [&](Value n0) { return headTile(vT, kStart + n0, kvHead, BN); };
      Value stagedK = staging(kTile(i32(0))), stagedV = staging(vTile(i32(0)));
      issue(kTile(i32(0)), stagedK, BN, kLen);
      issue(vTile(i32(0)), stagedV, BN, kLen);
      commit(stagedK, kv[0].k);
      commit(stagedV, kv[0].v);
      k.barrier();
      Value fragQ = fragment(mma, FLY_MMA_A, sQ, true);

      Value idO = k.identityTensor(k.tuple("(" + str(BM) + "," + str(D) + ")"));
      Value accO = k.fragment(k.mmaPartition(mma, FLY_MMA_C, tid, idO), FLY_F32);
      k.fragmentFill(accO, f32(0.0));
      Value coordsS = k.mmaPartition(
          mma, FLY_MMA_C, tid, k.identityTensor(k.tuple("(" + str(BM) + "," + str(BN) + ")")));
      Value accS = k.fragment(coordsS, FLY_F32);
      Value tP = pInRegisters ? Value{} : k.mmaPartition(mma, FLY_MMA_C, tid, sP);
      Value fragP =
          pInRegisters
              ? k.fragment(
                    k.mmaPartition(mma, FLY_MMA_A, tid,
                                   k.identityTensor(k.tuple("(" + str(BM) + "," + str(BN) + ")"))),
                    spec.dtype)
              : Value{};
      int64_t valuesS = BM * BN / T, valuesO = BM * D / T;
      // This thread's rows (of the block's queries) by slot, and the keys of its values.
      Value firstRow = k.cast(k.tupleLeaf(k.loadAt(coordsS, i32(0)), 0), FLY_I32);
      std::vector<Value> rowOf(slots), cols(valuesS);
      for (size_t j = 0; j < slots; ++j)
        rowOf[j] = firstRow + i32(rowsS.offsets[j]);
      for (int64_t i = 0; i < valuesS; ++i)
        cols[i] = k.cast(k.tupleLeaf(k.loadAt(coordsS, i32(i)), 1), FLY_I32);
      // The O fragment's slots are the S fragment's rows.
      std::vector<int> slotO(valuesO);
      for (int64_t i = 0; i < valuesO; ++i) {
        int64_t off = rowsO.offsets[rowsO.slot[i]];
        slotO[i] =
            int(std::find(rowsS.offsets.begin(), rowsS.offsets.end(), off) - rowsS.offsets.begin());
        if (size_t(slotO[i]) == slots)
          throw flydsl::Error(FLY_ERROR_INTERNAL, "attention: O's rows are not S's");
      }
      auto reduce = [&](Value v, fly_binary_op op) {
        for (int lane : rowsS.lanes)
          v = k.binary(op, v, k.shuffle(FLY_SHUFFLE_XOR, v, lane, spec.wave));
        return v;
      };

      Value kEnd = kLen;
      if (spec.causal)
        kEnd = k.max(k.min(kLen, m0 + i32(BM) + kLen - qLen), i32(0));

      // Carried per slot: the row's running maximum, and this thread's share of its sum (the
      // row's threads add theirs up at the end; each rescales by the row's common factor).
      // Tile n0 is in buffer `b`; the next tile goes into the other one, which every thread
      // finished reading before the previous step's barrier, so one barrier a step suffices.
      auto step = [&](Value n0, const std::vector<Value> &carried, const KV &buf, const KV &other) {
        Value next = n0 + i32(BN); // past the last tile: no row is read
        issue(kTile(next), stagedK, BN, kLen - next);
        issue(vTile(next), stagedV, BN, kLen - next);
        k.fragmentFill(accS, f32(0.0));
        Value fragK = fragment(mma, FLY_MMA_B, buf.k, true);
        k.gemm(mma, accS, fragQ, fragK, accS);

        std::vector<Value> s(valuesS), top(slots, f32(-kInf));
        for (int64_t i = 0; i < valuesS; ++i) {
          int j = rowsS.slot[i];
          Value key = n0 + cols[i];
          Value visible = key < kLen;
          if (spec.causal)
            visible = k.binary(FLY_AND, visible, key <= m0 + rowOf[j] + kLen - qLen);
          s[i] = k.select(visible, k.loadAt(accS, i32(i)) * scale, f32(-kInf));
          top[j] = k.max(top[j], s[i]);
        }
        std::vector<Value> carry(2 * slots), shift(slots), alpha(slots), sum(slots, f32(0.0));
        for (size_t j = 0; j < slots; ++j) {
          Value mNew = k.max(carried[j], reduce(top[j], FLY_MAX));
          // A row that has seen only masked keys shifts by 0: exp2(-inf - 0) is 0, not NaN.
          shift[j] = k.select(mNew == f32(-kInf), f32(0.0), mNew);
          alpha[j] = k.unary(FLY_EXP2, carried[j] - shift[j]);
          carry[j] = mNew;
        }
        std::vector<Value> p(valuesS);
        for (int64_t i = 0; i < valuesS; ++i) {
          int j = rowsS.slot[i];
          p[i] = k.unary(FLY_EXP2, s[i] - shift[j]);
          sum[j] = sum[j] + p[i];
          if (!pInRegisters)
            k.storeAt(tP, k.cast(p[i], spec.dtype), i32(i));
        }
        if (pInRegisters)
          for (size_t a = 0; a < pInRegisters->size(); ++a)
            k.storeAt(fragP, k.cast(p[(*pInRegisters)[a]], spec.dtype), i32(int64_t(a)));
        for (size_t j = 0; j < slots; ++j)
          carry[slots + j] = carried[slots + j] * alpha[j] + sum[j];
        for (int64_t i = 0; i < valuesO; ++i)
          k.storeAt(accO, k.loadAt(accO, i32(i)) * alpha[slotO[i]], i32(i));
        Value fragA = fragP;
        if (!pInRegisters) {
          k.barrier(); // P is written
          fragA = fragment(mma, FLY_MMA_A, sP, true);
        }
        Value fragV = fragment(mma, FLY_MMA_B, buf.vt, false);
        k.gemm(mma, accO, fragA, fragV, accO);
        commit(stagedK, other.k);
        commit(stagedV, other.v);
        k.barrier(); // the next tiles are in; every thread is done with this step's and P
        return carry;
      };
      std::vector<Value> inits(slots, f32(-kInf));
      inits.resize(2 * slots, f32(0.0));
      // Two steps a round, so that each step's buffers are known; a round's second step past
      // the last visible key sees only masked keys (P = 0, nothing rescaled).
      std::vector<Value> ml =
          k.forLoop(i32(0), kEnd, i32(2 * BN), inits, [&](Value n0, const std::vector<Value> &c) {
            return step(n0 + i32(BN), step(n0, c, kv[0], kv[1]), kv[1], kv[0]);
          });

      // A row without visible keys (an empty sequence of keys, or causal rows before the first
      // key) reads zeros, and its log-sum-exp is -inf.
      std::vector<Value> inverse(slots);
      Value leader = i32(0);
      for (int lane : rowsS.lanes)
        leader = leader + k.binary(FLY_AND, tid, i32(lane));
      for (size_t j = 0; j < slots; ++j) {
        Value m = ml[j], l = reduce(ml[slots + j], FLY_ADD);
        inverse[j] = k.select(l > f32(0.0), 1.0 / l, f32(0.0));
        if (spec.lse) {
          Value natural =
              k.select(l > f32(0.0), (m + k.unary(FLY_LOG2, l)) * f32(kLn2), f32(-kInf));
          Value qRow = m0 + rowOf[j];
          k.store(lse, natural, {head, qStart + qRow},
                  k.binary(FLY_AND, leader == i32(0), qRow < qLen));
        }
      }
      Value tO = k.mmaPartition(mma, FLY_MMA_C, tid, headTile(out, qStart + m0, head, BM));
      for (int64_t i = 0; i < valuesO; ++i) {
        Value y = k.loadAt(accO, i32(i)) * inverse[slotO[i]];
        k.storeAt(tO, spec.out == FLY_F32 ? y : k.cast(y, spec.out), i32(i),
                  rowOf[slotO[i]] < qRows);
      }
    });
    k.finish();
  }
};

} // namespace

/// The tiled MMA of the attention kernel on `arch`: MFMA on gfx9, mma.sync on sm_80 and later.
void planAttention(AttentionSpec &spec, const std::string &target, const std::string &arch) {
  if (arch.rfind("gfx9", 0) == 0) {
    spec.family = FLY_MMA_MFMA;
    spec.atomM = spec.atomN = 16;
    spec.atomK = arch == "gfx950" ? 32 : 16;
    spec.wave = 64;
    spec.fragVec = int(spec.atomK / 4);
  } else if (arch.rfind("sm_", 0) == 0 && std::atoi(arch.c_str() + 3) >= 80) {
    spec.family = FLY_MMA_SYNC;
    spec.atomM = 16, spec.atomN = 8, spec.atomK = 16;
    spec.wave = 32;
    spec.fragVec = 2;
  } else {
    throw flydsl::Error(FLY_ERROR_UNSUPPORTED,
                        "attention has no matrix-core path for arch " + arch + " (target " +
                            target + "); it runs on gfx9 (MFMA) and sm_80+ (mma.sync)");
  }
  // One atom row a warp, stacked over the block's query rows: 128 on NVIDIA (eight warps; on an
  // H100 at 4096 tokens 173 TFLOP/s against 125 for 64 rows, 165 for 128 x 64), 64 within
  // gfx9's 64 KiB of LDS; 32 keys a step.
  spec.bm = spec.family == FLY_MMA_SYNC ? 128 : 64;
  spec.bn = 32;
  // FLYDSL_ATTENTION_TILE=BMxBN replaces them (for tuning).
  if (const char *env = std::getenv("FLYDSL_ATTENTION_TILE")) {
    long bm = 0, bn = 0;
    char tail = 0;
    int64_t atomRows = spec.atomM;
    if (std::sscanf(env, "%ldx%ld%c", &bm, &bn, &tail) != 2 || bm <= 0 || bn <= 0 ||
        bm % atomRows != 0 || bm / atomRows > 16 || bn % 16 != 0 || bn > 128)
      throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT, "FLYDSL_ATTENTION_TILE='" + std::string(env) +
                                                          "' is not BMxBN with BM a multiple of " +
                                                          std::to_string(atomRows) + " up to " +
                                                          std::to_string(16 * atomRows) +
                                                          " and BN a multiple of 16 up to 128");
    spec.bm = bm;
    spec.bn = bn;
  }
  spec.threads = int(spec.bm / spec.atomM) * spec.wave;
}

void buildAttention(flydsl::Module &m, const AttentionSpec &spec) {
  Kernel k(m, "main");
  AttentionKernel(spec, k).build();
}

} // namespace fly::kernels
