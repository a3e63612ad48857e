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

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kLn2 = 0.69314718055994530942;
constexpr int kElemBits = 16; // q, k, v and P are f16 or bf16

std::string str(int64_t v) { return std::to_string(v); }

int log2Of(int64_t v) {
  int l = 0;
  while ((int64_t(1) << l) < v)
    ++l;
  return l;
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
    return k.sharedTensor(spec.dtype, rows * spec.headDim, std::min(span, most));
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
    const int64_t R = T / BM; // threads sharing a row of the softmax
    const int64_t perThread = BN / R;
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

    Value sQ = sharedRows(BM), sK = sharedRows(BN);
    Value sVraw = sharedRaw(BN);
    Value sV = swizzled(sVraw, "(" + str(BN) + "," + str(D) + "):(" + str(D) + ",1)");
    // V as the (N = D, K = BN) operand B of P V: contiguous along N.
    Value sVt = swizzled(sVraw, "(" + str(D) + "," + str(BN) + "):(1," + str(D) + ")");
    // Scores and probabilities in padded rows: a row's threads and the MMA's lanes reach
    // columns of many rows at once, which rows of a whole number of bank lines would put in
    // one bank (P's rows stay 16-byte aligned for ldmatrix).
    const int64_t padS = BN + 1, padP = BN + 8;
    Value sS = k.makeTensor(k.sharedTensor(FLY_F32, BM * padS, 16),
                            k.layout("(" + str(BM) + "," + str(BN) + "):(" + str(padS) + ",1)"));
    Value sP = k.makeTensor(k.sharedTensor(spec.dtype, BM * padP, 16),
                            k.layout("(" + str(BM) + "," + str(BN) + "):(" + str(padP) + ",1)"));
    Value sRow = k.sharedTensor(FLY_F32, BM, 16); // each row's rescale factor, then 1 / sum

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
      commit(stagedK, sK);
      commit(stagedV, sV);
      k.barrier();
      Value fragQ = fragment(mma, FLY_MMA_A, sQ, true);

      Value accO =
          k.fragment(k.mmaPartition(mma, FLY_MMA_C, tid,
                                    k.identityTensor(k.tuple("(" + str(BM) + "," + str(D) + ")"))),
                     FLY_F32);
      k.fragmentFill(accO, f32(0.0));
      Value coordsO = k.mmaPartition(mma, FLY_MMA_C, tid,
                                     k.identityTensor(k.tuple("(" + str(BM) + "," + str(D) + ")")));
      Value tS = k.mmaPartition(mma, FLY_MMA_C, tid, sS);
      Value accS = k.fragment(tS, FLY_F32);

      // The row this thread's softmax share belongs to, and where its
      // columns start.
      Value row = tid / i32(R), part = tid % i32(R);
      Value qRow = m0 + row; // within the sequence
      Value kEnd = kLen;
      if (spec.causal)
        kEnd = k.max(k.min(kLen, m0 + i32(BM) + kLen - qLen), i32(0));
      int64_t valuesS = BM * BN / T, valuesO = BM * D / T;

      auto step = [&](Value n0, const std::vector<Value> &carried) {
        Value mOld = carried[0], lOld = carried[1];
        Value next = n0 + i32(BN); // past the last tile: no row is read
        issue(kTile(next), stagedK, BN, kLen - next);
        issue(vTile(next), stagedV, BN, kLen - next);
        k.fragmentFill(accS, f32(0.0));
        Value fragK = fragment(mma, FLY_MMA_B, sK, true);
        k.gemm(mma, accS, fragQ, fragK, accS);
        for (int64_t i = 0; i < valuesS; ++i)
          k.storeAt(tS, k.loadAt(accS, i32(i)) * scale, i32(i));
        k.barrier();

        // The row's share: columns part, part + R, ... of the tile.
        std::vector<Value> s(perThread);
        Value mTile = f32(-kInf);
        for (int64_t j = 0; j < perThread; ++j) {
          Value c = part + i32(j * R);
          Value key = n0 + c;
          Value visible = key < kLen;
          if (spec.causal)
            visible = k.binary(FLY_AND, visible, key <= qRow + kLen - qLen);
          s[j] = k.select(visible, k.load(sS, {row, c}), f32(-kInf));
          mTile = k.max(mTile, s[j]);
        }
        for (int64_t o = R / 2; o > 0; o /= 2)
          mTile = k.max(mTile, k.shuffle(FLY_SHUFFLE_XOR, mTile, int(o), 32));
        Value mNew = k.max(mOld, mTile);
        // A row that has seen only masked keys shifts by 0: exp2(-inf - 0)
        // is 0, not NaN.
        Value shift = k.select(mNew == f32(-kInf), f32(0.0), mNew);
        Value alpha = k.unary(FLY_EXP2, mOld - shift);
        Value sum = f32(0.0);
        for (int64_t j = 0; j < perThread; ++j) {
          Value p = k.unary(FLY_EXP2, s[j] - shift);
          sum = sum + p;
          k.store(sP, k.cast(p, spec.dtype), {row, part + i32(j * R)});
        }
        for (int64_t o = R / 2; o > 0; o /= 2)
          sum = sum + k.shuffle(FLY_SHUFFLE_XOR, sum, int(o), 32);
        k.store(sRow, alpha, {row}, part == i32(0));
        k.barrier();

        for (int64_t i = 0; i < valuesO; ++i) {
          Value r = k.cast(k.tupleLeaf(k.loadAt(coordsO, i32(i)), 0), FLY_I32);
          k.storeAt(accO, k.loadAt(accO, i32(i)) * k.load(sRow, {r}), i32(i));
        }
        Value fragP = fragment(mma, FLY_MMA_A, sP, true);
        Value fragV = fragment(mma, FLY_MMA_B, sVt, false);
        k.gemm(mma, accO, fragP, fragV, accO);
        k.barrier(); // every thread is done with K, V, the scores and P
        commit(stagedK, sK);
        commit(stagedV, sV);
        k.barrier();
        return std::vector<Value>{mNew, lOld * alpha + sum};
      };
      auto ml = k.forLoop(i32(0), kEnd, i32(BN), {f32(-kInf), f32(0.0)}, step);
      Value m = ml[0], l = ml[1];

      // A row without visible keys (an empty sequence of keys, or causal
      // rows before the first key) reads zeros, and its log-sum-exp is
      // -inf.
      Value inverse = k.select(l > f32(0.0), 1.0 / l, f32(0.0));
      k.store(sRow, inverse, {row}, part == i32(0));
      if (spec.lse) {
        Value natural = k.select(l > f32(0.0), (m + k.unary(FLY_LOG2, l)) * f32(kLn2), f32(-kInf));
        k.store(lse, natural, {head, qStart + qRow},
                k.binary(FLY_AND, part == i32(0), qRow < qLen));
      }
      k.barrier();
      Value tO = k.mmaPartition(mma, FLY_MMA_C, tid, headTile(out, qStart + m0, head, BM));
      for (int64_t i = 0; i < valuesO; ++i) {
        Value r = k.cast(k.tupleLeaf(k.loadAt(coordsO, i32(i)), 0), FLY_I32);
        Value y = k.loadAt(accO, i32(i)) * k.load(sRow, {r});
        k.storeAt(tO, spec.out == FLY_F32 ? y : k.cast(y, spec.out), i32(i), r < qRows);
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
  // One atom row a warp, stacked over the block's 64 query rows.
  spec.bm = 64;
  spec.bn = 32;
  spec.threads = int(spec.bm / spec.atomM) * spec.wave;
}

void buildAttention(flydsl::Module &m, const AttentionSpec &spec) {
  Kernel k(m, "main");
  AttentionKernel(spec, k).build();
}

} // namespace fly::kernels
