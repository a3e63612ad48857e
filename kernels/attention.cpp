//===- attention.cpp - Attention forward (prefill) on the matrix cores -----------===//
//
// FlashAttention's forward pass over variable-length sequences: one block computes BM query
// rows of one head of one sequence and walks the sequence's keys BN at a time, never holding
// a whole row of scores. Each step multiplies the block's queries by a K tile on the tiled
// MMA, hands the scores to a row-wise online softmax in the accumulator's registers (each row's
// threads meet by xor shuffles, keeping its running maximum and sum), rescales the f32
// accumulator of P V and adds P V of the tile (P in the operands' dtype). The last step
// divides by the row sums and writes the output and, where asked, the rows' log-sum-exp.
// Scores are kept in base 2 (scale * log2(e) folded in), masked keys as -inf; causal masking
// aligns the last query with the last key (FlashAttention's rule for sequences of unequal
// lengths), and a causal block stops at its last visible key. Two forms: every thread copying
// and multiplying (mma.sync, MFMA), and Hopper's producer and consumer warpgroups on TMA and
// wgmma.
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
/// t's fragment is in row first[t] + offsets[slot[i]] and column firstCol[t] + columns[i], and
/// the threads that hold a row are t ^ m for m in the span of the xor masks `lanes` (all within
/// a warp). The online softmax keeps a maximum and a sum per slot, and a row's threads meet by
/// xor shuffles; a value's key is its thread's first plus a constant.
struct RowMap {
  std::vector<int> slot;
  std::vector<int64_t> offsets, columns;
  std::vector<int> lanes;
};

RowMap rowMapOf(const flydsl::TiledMma &mma, int64_t rows, int64_t cols, int wave) {
  flydsl::Layout tv = mma.layoutTv(FLY_MMA_C);
  std::vector<int64_t> tile = mma.tileMnk();
  const int64_t threads = mma.threads(), tileM = tile[0];
  const int64_t values = tv.size() / threads, perM = rows / tileM;
  const int64_t fragment = rows * cols / threads;
  // the fragment is (values, M repeats, N repeats), column-major; tv: (T, V) -> index
  auto rowOf = [&](int64_t t, int64_t i) {
    return tv(t + i % values * threads) % tileM + (i / values) % perM * tileM;
  };
  auto colOf = [&](int64_t t, int64_t i) {
    return tv(t + i % values * threads) / tileM + i / (values * perM) * tile[1];
  };
  RowMap map;
  for (int64_t i = 0; i < fragment; ++i) {
    int64_t off = rowOf(0, i) - rowOf(0, 0);
    auto at = std::find(map.offsets.begin(), map.offsets.end(), off);
    map.slot.push_back(int(at - map.offsets.begin()));
    if (at == map.offsets.end())
      map.offsets.push_back(off);
  }
  for (int64_t i = 0; i < fragment; ++i)
    map.columns.push_back(colOf(0, i) - colOf(0, 0));
  std::vector<int64_t> first(threads);
  for (int64_t t = 0; t < threads; ++t) {
    first[t] = rowOf(t, 0);
    for (int64_t i = 0; i < fragment; ++i)
      if (rowOf(t, i) - first[t] != map.offsets[map.slot[i]] ||
          colOf(t, i) - colOf(t, 0) != map.columns[i])
        throw flydsl::Error(FLY_ERROR_INTERNAL,
                            "attention: the MMA's threads do not hold their values alike");
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

/// The online softmax of one block's rows over the score tiles of the tiled MMA `mmaS`, the
/// output accumulating on `mmaO` (the same rows, threads and slots: the two accumulators' rows
/// lie alike), and the block's last writes.
struct OnlineSoftmax {
  Kernel &k;
  const AttentionSpec &spec;
  RowMap rowsS, rowsO;
  size_t slots = 0;
  int64_t valuesS = 0, valuesO = 0;
  std::vector<Value> rowOf; // this thread's rows (of the block's queries) by slot
  Value firstCol;           // the key of its first value in a tile
  std::vector<int> slotO;   // the slot of each O value
  Value scale, m0, qLen, kLen;

  OnlineSoftmax(Kernel &kernel, const AttentionSpec &s, const flydsl::TiledMma &mmaS,
                const flydsl::TiledMma &mmaO, int64_t threads)
      : k(kernel), spec(s), rowsS(rowMapOf(mmaS, s.bm, s.bn, s.wave)),
        rowsO(rowMapOf(mmaO, s.bm, s.headDim, s.wave)), slots(rowsS.offsets.size()),
        valuesS(s.bm * s.bn / threads), valuesO(s.bm * s.headDim / threads) {
    for (int64_t i = 0; i < valuesO; ++i) {
      int64_t off = rowsO.offsets[rowsO.slot[i]];
      slotO.push_back(
          int(std::find(rowsS.offsets.begin(), rowsS.offsets.end(), off) - rowsS.offsets.begin()));
      if (size_t(slotO.back()) == slots)
        throw flydsl::Error(FLY_ERROR_INTERNAL, "attention: O's rows are not S's");
    }
  }

  Value i32(int64_t v) { return k.constInt(FLY_I32, v); }
  Value f32(double v) { return k.constFloat(FLY_F32, v); }

  /// Reads this thread's rows and keys from the S partition of the identity tensor.
  void locate(Value coordsS) {
    Value firstRow = k.cast(k.tupleLeaf(k.loadAt(coordsS, i32(0)), 0), FLY_I32);
    for (size_t j = 0; j < slots; ++j)
      rowOf.push_back(firstRow + i32(rowsS.offsets[j]));
    firstCol = k.cast(k.tupleLeaf(k.loadAt(coordsS, i32(0)), 1), FLY_I32);
  }

  Value reduce(Value v, fly_binary_op op) {
    for (int lane : rowsS.lanes)
      v = k.binary(op, v, k.shuffle(FLY_SHUFFLE_XOR, v, lane, spec.wave));
    return v;
  }

  /// The initial carried values: per slot the row's running maximum (-inf), then this
  /// thread's share of its sum (0; the row's threads add theirs up at the end, each having
  /// rescaled by the row's common factor).
  std::vector<Value> initial() {
    std::vector<Value> inits(slots, f32(-kInf));
    inits.resize(2 * slots, f32(0.0));
    return inits;
  }

  /// The scores accS of the keys from n0 on: masks them, updates the carried maxima and sums,
  /// and returns the new carried values with the probabilities in `p` (f32, in accS's order)
  /// and the factor of each slot's row in `alpha`, by which rescale() multiplies the output.
  /// Without `masked` every key of the tile is taken as visible.
  std::vector<Value> update(Value accS, Value n0, const std::vector<Value> &carried,
                            std::vector<Value> &p, std::vector<Value> &alpha, bool masked = true) {
    std::vector<Value> s(valuesS), top(slots, f32(-kInf));
    Value firstKey = n0 + firstCol;
    for (int64_t i = 0; i < valuesS; ++i) {
      int j = rowsS.slot[i];
      s[i] = k.loadAt(accS, i32(i)) * scale;
      if (masked) {
        Value key = firstKey + i32(rowsS.columns[i]);
        Value visible = key < kLen;
        if (spec.causal)
          visible = k.binary(FLY_AND, visible, key <= m0 + rowOf[j] + kLen - qLen);
        s[i] = k.select(visible, s[i], f32(-kInf));
      }
      top[j] = k.max(top[j], s[i]);
    }
    std::vector<Value> carry(2 * slots), shift(slots), sum(slots, f32(0.0));
    alpha.assign(slots, Value{});
    for (size_t j = 0; j < slots; ++j) {
      Value mNew = k.max(carried[j], reduce(top[j], FLY_MAX));
      // A row that has seen only masked keys shifts by 0: exp2(-inf - 0) is 0, not NaN.
      shift[j] = k.select(mNew == f32(-kInf), f32(0.0), mNew);
      alpha[j] = k.unary(FLY_EXP2, carried[j] - shift[j]);
      carry[j] = mNew;
    }
    p.assign(size_t(valuesS), Value{});
    for (int64_t i = 0; i < valuesS; ++i) {
      int j = rowsS.slot[i];
      p[i] = k.unary(FLY_EXP2, s[i] - shift[j]);
      sum[j] = sum[j] + p[i];
    }
    for (size_t j = 0; j < slots; ++j)
      carry[slots + j] = carried[slots + j] * alpha[j] + sum[j];
    return carry;
  }

  /// update() of the tile of keys from n0 on, masking only where some key of the tile may be
  /// hidden from some row of the block (past the sequence's keys, or past the causal diagonal
  /// of the block's first row): the condition is the block's, so its threads take one branch.
  /// `use` receives the probabilities (in either branch); the rows' factors go to `alpha`.
  template <class Use>
  std::vector<Value> step(Value accS, Value n0, const std::vector<Value> &carried,
                          std::vector<Value> &alpha, Use use) {
    Value last = n0 + i32(spec.bn - 1);
    Value hidden = kLen <= last;
    if (spec.causal)
      hidden = k.binary(FLY_OR, hidden, m0 + kLen - qLen < last);
    std::vector<int> types(3 * slots, FLY_F32);
    auto branch = [&](bool masked) {
      std::vector<Value> p, factors;
      std::vector<Value> out = update(accS, n0, carried, p, factors, masked);
      use(p);
      out.insert(out.end(), factors.begin(), factors.end());
      return out;
    };
    std::vector<Value> out =
        k.ifThenElse(hidden, types, [&] { return branch(true); }, [&] { return branch(false); });
    alpha.assign(out.begin() + 2 * slots, out.end());
    out.resize(2 * slots);
    return out;
  }

  void rescale(Value accO, const std::vector<Value> &alpha) {
    for (int64_t i = 0; i < valuesO; ++i)
      k.storeAt(accO, k.loadAt(accO, i32(i)) * alpha[slotO[i]], i32(i));
  }

  /// Divides by the row sums and writes this thread's part of the output tile tO (the O
  /// partition of the block's rows) and the rows' log-sum-exp. A row without visible keys (an
  /// empty sequence of keys, or causal rows before the first key) reads zeros, and its
  /// log-sum-exp is -inf.
  void finish(const std::vector<Value> &ml, Value accO, Value mmaO, Value gO, Value tid, Value lse,
              Value head, Value qStart) {
    std::vector<Value> inverse(slots);
    Value leader = i32(0);
    for (int lane : rowsS.lanes)
      leader = leader + k.binary(FLY_AND, tid, i32(lane));
    for (size_t j = 0; j < slots; ++j) {
      Value m = ml[j], l = reduce(ml[slots + j], FLY_ADD);
      inverse[j] = k.select(l > f32(0.0), 1.0 / l, f32(0.0));
      if (spec.lse) {
        Value natural = k.select(l > f32(0.0), (m + k.unary(FLY_LOG2, l)) * f32(kLn2), f32(-kInf));
        Value qRow = m0 + rowOf[j];
        k.store(lse, natural, {head, qStart + qRow},
                k.binary(FLY_AND, leader == i32(0), qRow < qLen));
      }
    }
    Value tO = k.mmaPartition(mmaO, FLY_MMA_C, tid, gO);
    Value rows = qLen - m0;
    if (spec.outVec == 1) {
      for (int64_t i = 0; i < valuesO; ++i) {
        Value y = k.loadAt(accO, i32(i)) * inverse[slotO[i]];
        k.storeAt(tO, spec.out == FLY_F32 ? y : k.cast(y, spec.out), i32(i),
                  rowOf[slotO[i]] < rows);
      }
      return;
    }
    // outVec adjacent columns of a row a store (mma.sync's and wgmma's accumulator pairs):
    // through a register fragment and a tiled copy of the accumulator's threads and values.
    Value frag = k.fragment(tO, spec.out);
    for (int64_t i = 0; i < valuesO; ++i) {
      Value y = k.loadAt(accO, i32(i)) * inverse[slotO[i]];
      k.storeAt(frag, spec.out == FLY_F32 ? y : k.cast(y, spec.out), i32(i));
    }
    int bits = spec.out == FLY_F32 ? 32 : 16;
    Value atom = k.copyAtom(FLY_COPY_UNIVERSAL, spec.outVec * bits, spec.out);
    Value store = k.tiledCopyForMma(atom, mmaO, FLY_MMA_C);
    Value coords = k.partition(
        store, tid, k.identityTensor(k.tuple("(" + str(spec.bm) + "," + str(spec.headDim) + ")")),
        false);
    int64_t calls = valuesO / spec.outVec;
    Value preds = k.fragment(k.layout("(" + str(calls) + ")"), FLY_I1);
    for (int64_t c = 0; c < calls; ++c)
      k.storeAt(preds,
                k.cast(k.tupleLeaf(k.loadAt(coords, i32(c * spec.outVec)), 0), FLY_I32) < rows,
                i32(c));
    k.copy(atom, k.retile(store, frag), k.partition(store, tid, gO, false), preds);
  }
};

/// What both forms of the kernel read: the parameters, the block's head and sequence, and the
/// keys its queries see.
struct AttentionKernel {
  const AttentionSpec &spec;
  Kernel &k;
  Value q, kT, vT, cuQ, cuK, out, lse, scale;
  Value head, kvHead, qStart, kStart, qLen, kLen, m0, kEnd;

  AttentionKernel(const AttentionSpec &s, Kernel &kernel) : spec(s), k(kernel) {}

  Value i32(int64_t v) { return k.constInt(FLY_I32, v); }
  Value f32(double v) { return k.constFloat(FLY_F32, v); }

  /// Declares the parameters; Hopper's V is (kvHeads * D, tokens), N-major for the TMA boxes
  /// of the second product's B operand.
  void declare() {
    const int64_t D = spec.headDim, heads = int64_t(spec.kvHeads) * spec.group;
    bool hopper = spec.family == FLY_MMA_WGMMA;
    int align = hopper ? 16 : spec.vec * 2;
    q = k.tensorParam(spec.dtype, {FLY_DYNAMIC, heads * D}, {FLY_DYNAMIC, 1}, align);
    kT = k.tensorParam(spec.dtype, {FLY_DYNAMIC, spec.kvHeads * D}, {FLY_DYNAMIC, 1}, align);
    vT = hopper
             ? k.tensorParam(spec.dtype, {spec.kvHeads * D, FLY_DYNAMIC}, {1, FLY_DYNAMIC}, align)
             : k.tensorParam(spec.dtype, {FLY_DYNAMIC, spec.kvHeads * D}, {FLY_DYNAMIC, 1}, align);
    cuQ = k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1});
    cuK = k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1});
    out = k.tensorParam(spec.out, {FLY_DYNAMIC, heads * D}, {FLY_DYNAMIC, 1},
                        spec.outVec * (spec.out == FLY_F32 ? 4 : 2));
    lse = spec.lse ? k.tensorParam(FLY_F32, {heads, FLY_DYNAMIC}, {FLY_DYNAMIC, 1}) : Value{};
    scale = k.scalarParam(FLY_F32); // softmax scale * log2(e)
  }

  /// The block's sequence and head, and kEnd: the keys before it are all its queries see (a
  /// causal block stops at its last visible key).
  void locate() {
    Value mBlock = k.gpuIndex(FLY_BLOCK_IDX, 0), seq = k.gpuIndex(FLY_BLOCK_IDX, 2);
    // Causal blocks of later queries see more keys: they start first (the GPU starts blocks in
    // order of their index), so that the grid's last wave holds short ones.
    if (spec.causal)
      mBlock = k.gpuIndex(FLY_GRID_DIM, 0) - i32(1) - mBlock;
    head = k.gpuIndex(FLY_BLOCK_IDX, 1);
    kvHead = head / i32(spec.group);
    qStart = k.load(cuQ, {seq}), kStart = k.load(cuK, {seq});
    qLen = k.load(cuQ, {seq + i32(1)}) - qStart;
    kLen = k.load(cuK, {seq + i32(1)}) - kStart;
    m0 = mBlock * i32(spec.bm);
    kEnd = kLen;
    if (spec.causal)
      kEnd = k.max(k.min(kLen, m0 + i32(spec.bm) + kLen - qLen), i32(0));
  }

  OnlineSoftmax softmax(const flydsl::TiledMma &mmaS, const flydsl::TiledMma &mmaO,
                        int64_t threads) {
    OnlineSoftmax sm(k, spec, mmaS, mmaO, threads);
    sm.scale = scale, sm.m0 = m0, sm.qLen = qLen, sm.kLen = kLen;
    return sm;
  }

  /// rows x D elements of head `head` of a (tokens, heads * D) operand from token `row` on,
  /// with the operand's row stride.
  Value headTile(Value t, Value row, Value head, int64_t rows, int64_t div = 0) {
    const int64_t D = spec.headDim;
    Value stride = k.tupleLeaf(k.layoutQuery(FLY_QUERY_STRIDE, t), 0);
    Value first = k.slice(t, k.tuple("(?,_)", {row}));
    Value heads = k.tiled(FLY_TILER_ZIPPED_DIVIDE, first, "(" + str(D) + ")");
    Value start = k.slice(heads, k.tuple("(_,?)", {head}));
    // The row stride is a multiple of `div` elements (the copies' vec: the operands'
    // alignment; out's stores for out).
    return k.makeTensor(start, k.layout("(" + str(rows) + "," + str(D) +
                                            "):(?{div=" + str(div ? div : spec.vec) + "},1)",
                                        {stride}));
  }
};

/// sm_80+ and gfx9: every thread copies, multiplies and takes its share of the softmax. K and
/// V come through registers into double-buffered shared tiles; the queries stay in registers
/// as MMA fragments; P feeds the second product from registers where the accumulator's
/// layout is the A operand's, else through shared memory.
struct SyncAttention : AttentionKernel {
  Value tid;
  Value copier, globalAtom, sharedAtom; // global -> registers -> shared, 16-byte runs

  using AttentionKernel::AttentionKernel;

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
    return k.dynamicShared(spec.dtype, rows * spec.headDim,
                           std::min<int64_t>(span, FLY_MAX_SHARED_ALIGN));
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
    declare();
    tid = k.gpuIndex(FLY_THREAD_IDX);
    locate();

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
    OnlineSoftmax sm = softmax(host, host, T);

    k.ifThen(m0 < qLen, [&] {
      // The queries, and the first K and V tiles; each step then loads the next tiles into
      // registers before it multiplies, and stores them once every thread is done with the
      // shared ones, so the loads' latency hides behind the step's work.
      Value gQ = headTile(q, qStart + m0, head, BM);
      Value stagedQ = staging(gQ);
      issue(gQ, stagedQ, BM, qLen - m0);
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
      sm.locate(coordsS);

      // Tile n0 is in buffer `b`; the next tile goes into the other one, which every thread
      // finished reading before the previous step's barrier, so one barrier a step suffices.
      auto step = [&](Value n0, const std::vector<Value> &carried, const KV &buf, const KV &other) {
        Value next = n0 + i32(BN); // past the last tile: no row is read
        issue(kTile(next), stagedK, BN, kLen - next);
        issue(vTile(next), stagedV, BN, kLen - next);
        k.fragmentFill(accS, f32(0.0));
        Value fragK = fragment(mma, FLY_MMA_B, buf.k, true);
        k.gemm(mma, accS, fragQ, fragK, accS);
        std::vector<Value> alpha;
        std::vector<Value> carry = sm.step(accS, n0, carried, alpha, [&](const auto &p) {
          if (pInRegisters)
            for (size_t a = 0; a < pInRegisters->size(); ++a)
              k.storeAt(fragP, k.cast(p[(*pInRegisters)[a]], spec.dtype), i32(int64_t(a)));
          else
            for (size_t i = 0; i < p.size(); ++i)
              k.storeAt(tP, k.cast(p[i], spec.dtype), i32(int64_t(i)));
        });
        sm.rescale(accO, alpha);
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
      // Two steps a round, so that each step's buffers are known; a round's second step past
      // the last visible key sees only masked keys (P = 0, nothing rescaled).
      std::vector<Value> ml = k.forLoop(
          i32(0), kEnd, i32(2 * BN), sm.initial(), [&](Value n0, const std::vector<Value> &c) {
            return step(n0 + i32(BN), step(n0, c, kv[0], kv[1]), kv[1], kv[0]);
          });
      sm.finish(ml, accO, mma, headTile(out, qStart + m0, head, BM, spec.outVec), tid, lse, head,
                qStart);
    });
    k.finish();
  }
};

/// sm_90: FlashAttention-3's division of labour. A producer warpgroup brings the queries and
/// each step's K and V tiles into shared memory by TMA (two buffers each, the next tile loading
/// while the consumers multiply this one), on mbarriers; the consumer warpgroups (64 query rows
/// each) multiply Q K^T on wgmma from shared memory, take the softmax in registers, write P
/// (the operands' dtype) into shared memory in wgmma's K-major layout and multiply P V,
/// releasing each buffer to the producer as soon as its product is done. Every tile is
/// 64-element rows under the 128-byte swizzle: Q, K and P K-major in blocks of 64 columns, V
/// N-major (the head dimension contiguous) in runs of 64.
struct HopperAttention : AttentionKernel {
  using AttentionKernel::AttentionKernel;

  int64_t consumers() const { return spec.bm / 64; }

  /// rows x cols K-major in blocks of 64 columns, swizzled as wgmma and TMA read them.
  Value kMajorTile(int64_t rows, int64_t cols) {
    Value raw = k.dynamicShared(spec.dtype, rows * cols, 1024);
    return swizzle128(raw, "(" + str(rows) + ",(64," + str(cols / 64) + ")):(64,(1," +
                               str(rows * 64) + "))");
  }
  Value swizzle128(Value raw, const std::string &layout) {
    return k.swizzle(k.makeTensor(raw, k.layout(layout)), 3, 3, 3);
  }

  void build() {
    const int64_t D = spec.headDim, BM = spec.bm, BN = spec.bn, W = consumers();
    const int64_t bytes = kElemBits / 8;
    declare();
    Value tmaQ = k.tmaDescriptor(q, {BM, 64}, 128);
    Value tmaK = k.tmaDescriptor(kT, {BN, 64}, 128);
    Value tmaV = k.tmaDescriptor(vT, {64, BN}, 128);
    k.setBlockSize(128 * (W + 1));
    Value all = k.gpuIndex(FLY_THREAD_IDX);
    Value producer = all < i32(128);
    Value consumerTid = all - i32(128); // the consumers' index in the tiled MMAs
    locate();

    std::string along = "(" + str(W) + ",1,1):(1,0,0)";
    flydsl::TiledMma hostS(FLY_MMA_WGMMA, 64, BN, 16, spec.dtype, 32, along),
        hostO(FLY_MMA_WGMMA, 64, D, 16, spec.dtype, 32, along);
    mmaS = k.tiledMma(hostS), mmaO = k.tiledMma(hostO);

    sQ = kMajorTile(BM, D), sP = kMajorTile(BM, BN);
    for (int s = 0; s < 2; ++s) {
      sK[s] = kMajorTile(BN, D);
      // V as the (N = D, K = BN) operand: runs of 64 of D, 8 keys a core-matrix group
      sV[s] = swizzle128(k.dynamicShared(spec.dtype, BN * D, 1024),
                         "((64," + str(D / 64) + "),(8," + str(BN / 8) + ")):((1," + str(64 * BN) +
                             "),(64,512))");
    }
    // fullK[s] / fullV[s]: the producer's arrival with the tile's bytes; emptyK[s] / emptyV[s]:
    // one arrival of each consumer warpgroup once its product with the tile of buffer s is
    // done (K frees before V); qBar: the queries.
    bars = Bars{k.sharedTensor(FLY_I64, 2, 8), k.sharedTensor(FLY_I64, 2, 8),
                k.sharedTensor(FLY_I64, 2, 8), k.sharedTensor(FLY_I64, 2, 8),
                k.sharedTensor(FLY_I64, 1, 8)};
    k.ifThen(all == i32(0), [&] {
      for (int s = 0; s < 2; ++s) {
        k.mbarrierInit(bars.fullK, i32(s), 1);
        k.mbarrierInit(bars.fullV, i32(s), 1);
        k.mbarrierInit(bars.emptyK, i32(s), W);
        k.mbarrierInit(bars.emptyV, i32(s), W);
      }
      k.mbarrierInit(bars.q, i32(0), 1);
    });
    k.barrier();
    // Tiles go in rounds of two, one a buffer, so that every buffer index is static; tile t is
    // the (t / 2)-th of its buffer, whose barriers' phase is then t / 2 % 2. Past the last
    // visible key a round's second tile is only masked keys (P = 0).
    rounds = (kEnd + i32(2 * BN - 1)) / i32(2 * BN);
    int64_t tileBytes = BN * D * bytes;

    k.ifThen(m0 < qLen, [&] {
      k.ifThenElse(
          producer, {},
          [&] {
            k.setMaxRegisters(W > 2 ? 32 : 24, false);
            k.ifThen(all == i32(0), [&] {
              k.mbarrierArrive(bars.q, i32(0), BM * D * bytes);
              Value blocksQ = k.tiled(FLY_TILER_ZIPPED_DIVIDE, sQ, "(" + str(BM) + ",64)");
              for (int64_t c = 0; c < D / 64; ++c)
                k.tmaLoad(tmaQ, k.slice(blocksQ, k.tuple("(_,(0," + str(c) + "))")),
                          k.tuple("(?,?)", {qStart + m0, head * i32(D) + i32(64 * c)}), bars.q,
                          i32(0));
              k.forLoop(i32(0), rounds, i32(1), [&](Value round) {
                // a fresh barrier passes parity 1: the first round waits for nothing
                Value free = (round + i32(1)) % i32(2);
                for (int s = 0; s < 2; ++s) {
                  Value n0 = (round * i32(2) + i32(s)) * i32(BN);
                  k.mbarrierWait(bars.emptyK, i32(s), free);
                  k.mbarrierArrive(bars.fullK, i32(s), tileBytes);
                  Value blocksK = k.tiled(FLY_TILER_ZIPPED_DIVIDE, sK[s], "(" + str(BN) + ",64)");
                  for (int64_t c = 0; c < D / 64; ++c)
                    k.tmaLoad(tmaK, k.slice(blocksK, k.tuple("(_,(0," + str(c) + "))")),
                              k.tuple("(?,?)", {kStart + n0, kvHead * i32(D) + i32(64 * c)}),
                              bars.fullK, i32(s));
                  k.mbarrierWait(bars.emptyV, i32(s), free);
                  k.mbarrierArrive(bars.fullV, i32(s), tileBytes);
                  Value runsV = k.tiled(FLY_TILER_ZIPPED_DIVIDE, sV[s], "(64," + str(BN) + ")");
                  for (int64_t c = 0; c < D / 64; ++c)
                    k.tmaLoad(tmaV, k.slice(runsV, k.tuple("(_,(" + str(c) + ",0))")),
                              k.tuple("(?,?)", {kvHead * i32(D) + i32(64 * c), kStart + n0}),
                              bars.fullV, i32(s));
                }
              });
            });
            return std::vector<Value>{};
          },
          [&] {
            k.setMaxRegisters(W > 2 ? 160 : 240, true);
            consume(consumerTid, hostS, hostO);
            return std::vector<Value>{};
          });
    });
    k.finish();
  }

private:
  struct Bars {
    Value fullK, fullV, emptyK, emptyV, q;
  };
  Bars bars;
  Value mmaS, mmaO, sQ, sP, sK[2], sV[2], rounds;
  // The consumer's values: its accumulators, operand partitions and the P and zeroing copies.
  Value tid, wg, lane, accS, accO, aQ, aP, fragP, pAtom, pCopy, tP;
  Value zeroAtom, zeroCopy, coordsV, zeros, zeroPreds;
  int64_t zeroCalls = 0;

  Value parityOf(Value round, int later) { return (round + i32(later)) % i32(2); }

  /// One consumer warpgroup's arrival on barrier `bar`[s].
  void release(Value bar, int s) {
    k.ifThen(lane == i32(0), [&] { k.mbarrierArrive(bar, i32(s), 0); });
  }

  /// Waits for V's tile in buffer s, whose keys start at n0, zeroes its rows past the sequence
  /// (TMA reads the next sequence's there: P's zeros must meet zeros, never a NaN) and shows
  /// the warpgroup's stores (those zeros, P) to its wgmma: a fence of the async proxy and named
  /// barrier 2 + w.
  void readyV(int s, Value parity, Value n0) {
    k.mbarrierWait(bars.fullV, i32(s), parity);
    Value valid = kLen - n0;
    k.ifThen(valid < i32(spec.bn), [&] {
      for (int64_t c = 0; c < zeroCalls; ++c)
        k.storeAt(zeroPreds,
                  valid <= k.cast(k.tupleLeaf(k.loadAt(coordsV, i32(c * 8)), 1), FLY_I32), i32(c));
      k.copy(zeroAtom, zeros, k.partition(zeroCopy, lane, sV[s], false), zeroPreds);
    });
    k.fenceProxyAsync();
    for (int64_t w = 0; w < consumers(); ++w)
      k.ifThen(wg == i32(w), [&] { k.namedBarrier(2 + w, 128); });
  }

  /// S = Q K^T of K's tile in buffer s, left in flight.
  void scores(int s, Value parity) {
    k.mbarrierWait(bars.fullK, i32(s), parity);
    k.fragmentFill(accS, f32(0.0));
    k.gemmAsync(mmaS, accS, aQ, k.mmaPartition(mmaS, FLY_MMA_B, tid, sK[s]), accS);
  }

  /// P in the operands' dtype, in registers until storeP().
  void holdP(const std::vector<Value> &p) {
    for (size_t i = 0; i < p.size(); ++i)
      k.storeAt(fragP, k.cast(p[i], spec.dtype), i32(int64_t(i)));
  }
  /// P into shared memory (its reads by the last P V done), two columns a store.
  void storeP() { k.copy(pAtom, k.retile(pCopy, fragP), tP); }

  /// Tile j's step (FlashAttention-3's overlap within a warpgroup): S_j = Q K_j^T and
  /// O += P_{j-1} V_{j-1} both in flight, the softmax of S_j while the second runs, then O
  /// rescaled and P_j stored. K_j is in buffer kb, V_{j-1} in the other.
  std::vector<Value> overlapped(Value n0, int kb, Value kParity, Value vParity,
                                const std::vector<Value> &carried, OnlineSoftmax &sm) {
    int vb = 1 - kb;
    scores(kb, kParity);
    readyV(vb, vParity, n0 - i32(spec.bn));
    k.gemmAsync(mmaO, accO, aP, k.mmaPartition(mmaO, FLY_MMA_B, tid, sV[vb]), accO);
    k.wgmmaWait(1, accS);
    release(bars.emptyK, kb);
    std::vector<Value> alpha;
    std::vector<Value> carry = sm.step(accS, n0, carried, alpha, [&](const auto &p) { holdP(p); });
    k.wgmmaWait(0, accO);
    release(bars.emptyV, vb);
    sm.rescale(accO, alpha);
    storeP();
    return carry;
  }

  void consume(Value consumerTid, const flydsl::TiledMma &hostS, const flydsl::TiledMma &hostO) {
    const int64_t D = spec.headDim, BM = spec.bm, BN = spec.bn;
    tid = consumerTid;
    OnlineSoftmax sm = softmax(hostS, hostO, 128 * consumers());
    Value idO = k.identityTensor(k.tuple("(" + str(BM) + "," + str(D) + ")"));
    accO = k.fragment(k.mmaPartition(mmaO, FLY_MMA_C, tid, idO), FLY_F32);
    k.fragmentFill(accO, f32(0.0));
    Value coordsS = k.mmaPartition(mmaS, FLY_MMA_C, tid,
                                   k.identityTensor(k.tuple("(" + str(BM) + "," + str(BN) + ")")));
    accS = k.fragment(coordsS, FLY_F32);
    sm.locate(coordsS);
    // P leaves the accumulator's registers two adjacent columns (4 bytes) a store.
    pAtom = k.copyAtom(FLY_COPY_UNIVERSAL, 2 * kElemBits, spec.dtype);
    pCopy = k.tiledCopyForMma(pAtom, mmaS, FLY_MMA_C);
    fragP = k.fragment(k.mmaPartition(mmaS, FLY_MMA_C, tid, sP), spec.dtype);
    tP = k.partition(pCopy, tid, sP, false);
    aQ = k.mmaPartition(mmaS, FLY_MMA_A, tid, sQ);
    aP = k.mmaPartition(mmaO, FLY_MMA_A, tid, sP);
    wg = tid / i32(128), lane = tid % i32(128);
    // V's rows are zeroed a 16-byte run a call, whole runs of D a pass.
    int64_t perCol = D / 8, passKeys = 128 / perCol;
    zeroAtom = k.copyAtom(FLY_COPY_UNIVERSAL, 8 * kElemBits, spec.dtype);
    zeroCopy = k.tiledCopy(
        zeroAtom,
        k.layout("((" + str(perCol) + "," + str(passKeys) + "),8):((8," + str(D) + "),1)"),
        "(" + str(D) + "," + str(passKeys) + ")");
    coordsV = k.partition(zeroCopy, lane,
                          k.identityTensor(k.tuple("(" + str(D) + "," + str(BN) + ")")), false);
    zeroCalls = D * BN / 128 / 8;
    zeros = k.fragment(k.partition(zeroCopy, lane, sV[0], false), spec.dtype);
    k.fragmentFill(zeros, k.constFloat(spec.dtype, 0.0));
    zeroPreds = k.fragment(k.layout("(" + str(zeroCalls) + ")"), FLY_I1);

    k.mbarrierWait(bars.q, i32(0), i32(0));
    std::vector<Value> ml;
    if (spec.overlap) {
      // Tile 0 alone, tiles 1 .. 2R - 2 two a round, tile 2R - 1, then P V of the last.
      std::vector<int> types(2 * sm.slots, FLY_F32);
      ml = k.ifThenElse(
          i32(0) < rounds, types,
          [&] {
            scores(0, i32(0));
            k.wgmmaWait(0, accS);
            release(bars.emptyK, 0);
            std::vector<Value> alpha;
            std::vector<Value> first =
                sm.step(accS, i32(0), sm.initial(), alpha, [&](const auto &p) { holdP(p); });
            storeP();
            std::vector<Value> c =
                k.forLoop(i32(0), rounds - i32(1), i32(1), first,
                          [&](Value round, const std::vector<Value> &c) {
                            Value n0 = (round * i32(2) + i32(1)) * i32(BN);
                            std::vector<Value> odd =
                                overlapped(n0, 1, parityOf(round, 0), parityOf(round, 0), c, sm);
                            return overlapped(n0 + i32(BN), 0, parityOf(round, 1),
                                              parityOf(round, 0), odd, sm);
                          });
            Value last = rounds - i32(1);
            c = overlapped((rounds * i32(2) - i32(1)) * i32(BN), 1, parityOf(last, 0),
                           parityOf(last, 0), c, sm);
            readyV(1, parityOf(last, 0), (rounds * i32(2) - i32(1)) * i32(BN));
            k.gemm(mmaO, accO, aP, k.mmaPartition(mmaO, FLY_MMA_B, tid, sV[1]), accO);
            release(bars.emptyV, 1);
            return c;
          },
          [&] { return sm.initial(); });
    } else {
      // Each tile's products one after the other.
      auto step = [&](Value n0, int s, Value parity, const std::vector<Value> &carried) {
        scores(s, parity);
        k.wgmmaWait(0, accS);
        release(bars.emptyK, s);
        std::vector<Value> alpha;
        std::vector<Value> carry =
            sm.step(accS, n0, carried, alpha, [&](const auto &p) { holdP(p); });
        sm.rescale(accO, alpha);
        storeP();
        readyV(s, parity, n0);
        k.gemm(mmaO, accO, aP, k.mmaPartition(mmaO, FLY_MMA_B, tid, sV[s]), accO);
        release(bars.emptyV, s);
        return carry;
      };
      ml = k.forLoop(
          i32(0), rounds, i32(1), sm.initial(), [&](Value round, const std::vector<Value> &c) {
            Value n0 = round * i32(2 * BN);
            return step(n0 + i32(BN), 1, parityOf(round, 0), step(n0, 0, parityOf(round, 0), c));
          });
    }
    sm.finish(ml, accO, mmaO, headTile(out, qStart + m0, head, BM, spec.outVec), tid, lse, head,
              qStart);
  }
};

} // namespace

/// The kernel's form and tiles for `arch`: FlashAttention-3's on sm_90 where q, k and v suit
/// TMA (`tmaReady`: 16-byte aligned addresses and row strides), else one of every thread's
/// MMAs: MFMA on gfx9, mma.sync on sm_80 and later.
void planAttention(AttentionSpec &spec, const std::string &target, const std::string &arch,
                   bool tmaReady) {
  bool hopper = (arch == "sm_90" || arch == "sm_90a") && tmaReady;
  if (hopper) {
    spec.family = FLY_MMA_WGMMA;
    spec.atomM = 64, spec.atomN = 128, spec.atomK = 16;
    spec.wave = 32;
  } else if (arch.rfind("gfx9", 0) == 0) {
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
  // sm_90: two consumer warpgroups of 64 query rows and 128 keys a step. Elsewhere one atom
  // row a warp, stacked over the block's query rows: 128 on NVIDIA (eight warps; on an H100 at
  // 4096 tokens 173 TFLOP/s against 125 for 64 rows, 165 for 128 x 64), 64 within gfx9's
  // 64 KiB of LDS; 32 keys a step.
  spec.bm = spec.family == FLY_MMA_MFMA ? 64 : 128;
  spec.bn = hopper ? 128 : 32;
  // FLYDSL_ATTENTION_TILE=BMxBN replaces them (for tuning).
  if (const char *env = std::getenv("FLYDSL_ATTENTION_TILE")) {
    long bm = 0, bn = 0;
    char tail = 0;
    int64_t atomRows = spec.atomM, most = hopper ? 3 : 16, keys = hopper ? 64 : 16;
    if (std::sscanf(env, "%ldx%ld%c", &bm, &bn, &tail) != 2 || bm <= 0 || bn <= 0 ||
        bm % atomRows != 0 || bm / atomRows > most || bn % keys != 0 || bn > 128)
      throw flydsl::Error(FLY_ERROR_INVALID_ARGUMENT,
                          "FLYDSL_ATTENTION_TILE='" + std::string(env) +
                              "' is not BMxBN with BM a multiple of " + std::to_string(atomRows) +
                              " up to " + std::to_string(most * atomRows) +
                              " and BN a multiple of " + std::to_string(keys) + " up to 128");
    spec.bm = bm;
    spec.bn = bn;
  }
  spec.atomN = hopper ? spec.bn : spec.atomN;
  // FLYDSL_ATTENTION_OVERLAP=0: Hopper's products of a tile one after the other (to compare).
  if (const char *env = std::getenv("FLYDSL_ATTENTION_OVERLAP"))
    spec.overlap = std::string(env) != "0";
  // Hopper's block adds the producer warpgroup.
  spec.threads = hopper ? int(128 * (spec.bm / 64 + 1)) : int(spec.bm / spec.atomM) * spec.wave;
}

void buildAttention(flydsl::Module &m, const AttentionSpec &spec) {
  Kernel k(m, "main");
  if (spec.family == FLY_MMA_WGMMA)
    HopperAttention(spec, k).build();
  else
    SyncAttention(spec, k).build();
}

} // namespace fly::kernels
