//===- gemm.cpp - D = alpha * A * B + beta * C on the matrix cores -----------------===//
//
// One block computes a BM x BN tile of D. A (M x K) and B (seen as N x K) pass through shared
// memory BK columns at a time, in a ring of buffers: while the matrix cores multiply one, the
// next K tiles are copied into the others. On NVIDIA cp.async keeps two tiles in flight (three
// buffers); on AMD and cpu the next tile goes through registers, loaded before the multiply and
// stored after it (two buffers). The shared tiles are swizzled so that the
// threads of a warp read different banks. Each thread's part of the tiled MMA accumulates in
// registers (f32); the epilogue scales it, adds beta * C and writes D. Every copy is
// predicated on its coordinates, so any M, N and K work: copies past an edge read zeros and
// stores past it are skipped.
//
//===-----------------------------------------------------------------------------===//

#include "kernels/generators.h"
#include "kernels/layout_text.h"

#include <string>
#include <vector>

namespace fly::kernels {

using flydsl::Kernel;
using flydsl::Value;

namespace {

/// An (rows, K) operand of the block (A: rows = M, B: rows = N) on its way to the MMA.
class StagedOperand {
public:
  StagedOperand(Kernel &k, const GemmSpec &spec, const GemmOperand &op, int64_t rows, Value global,
                Value blockRow, Value tid, Value tma)
      : k_(k), spec_(spec), op_(op), rows_(rows), tid_(tid), blockRow_(blockRow), tma_(tma) {
    const GemmPlan &p = spec.plan;
    std::string tile = "(" + str(rows) + "," + str(p.bk) + ")";
    tiles_ = k.tiled(FLY_TILER_ZIPPED_DIVIDE, global, tile);
    extent_ = k.layoutQuery(FLY_QUERY_SHAPE, global);
    coordTiles_ = k.tiled(FLY_TILER_ZIPPED_DIVIDE, k.identityTensor(extent_), tile);
    // Threads cover a pass of whole rows (K-major) or whole K columns (M/N-major), each call
    // `vec` consecutive elements along the contiguous dimension.
    int64_t T = p.threads, v = op.vec, bk = p.bk;
    std::string tv, passTile;
    if (op.kMajor) {
      int64_t perRow = bk / v, passRows = T / perRow;
      tv = "((" + str(perRow) + "," + str(passRows) + ")," + str(v) + "):((" + str(v * passRows) +
           ",1)," + str(passRows) + ")";
      passTile = "(" + str(passRows) + "," + str(bk) + ")";
    } else {
      int64_t perCol = rows / v, passCols = T / perCol;
      tv = "((" + str(perCol) + "," + str(passCols) + ")," + str(v) + "):((" + str(v) + "," +
           str(rows) + "),1)";
      passTile = "(" + str(rows) + "," + str(passCols) + ")";
    }
    fly_copy_op gop = p.cpAsync ? FLY_COPY_CP_ASYNC_ZFILL : FLY_COPY_UNIVERSAL;
    int elemBits = 8 * p.elemBytes;
    globalAtom_ = k.copyAtom(gop, int(v) * elemBits, spec.ab);
    tiledCopy_ = k.tiledCopy(globalAtom_, k.layout(tv), passTile);
    if (!p.cpAsync)
      sharedAtom_ = k.copyAtom(FLY_COPY_UNIVERSAL, int(v) * elemBits, spec.ab);
    fragAtom_ = k.copyAtom(FLY_COPY_UNIVERSAL, op.fragVec * elemBits, spec.ab);
    // Swizzles keep 16-byte blocks (8 16-bit or 16 8-bit elements: 2^base) whole and spread a
    // warp's reads over the banks: the block index of a K-major row takes the XOR of the row
    // index over the 128-byte line (the rows sharing one line first); an M/N-major row's takes
    // the K index's.
    std::string layout = op.kMajor ? "(" + str(rows) + "," + str(bk) + "):(" + str(bk) + ",1)"
                                   : "(" + str(rows) + "," + str(bk) + "):(1," + str(rows) + ")";
    int base = log2Of(16 / p.elemBytes);
    int rowBits = log2Of(op.kMajor ? bk : rows) - base;
    int bits = std::min(3, rowBits), shift = op.kMajor ? base : rowBits;
    int64_t align = 128;
    if (p.family == FLY_MMA_WGMMA) {
      // wgmma's 128-byte swizzled layouts (BK = 64): K-major rows of 64 are the layout above;
      // an M/N-major tile is runs of 64 rows by 8 K, one after another along M/N, then K.
      // With TMA each run of 64 rows is one box of 64 x BK, whole, so runs follow each other.
      if (!op.kMajor)
        layout = p.tma ? "((64," + str(rows / 64) + "),(8," + str(bk / 8) + ")):((1," +
                             str(64 * bk) + "),(64,512))"
                       : "((64," + str(rows / 64) + "),(8," + str(bk / 8) + ")):((1,512),(64," +
                             str(rows * 8) + "))";
      bits = 3, shift = 3, align = 1024;
    }
    // Aligned to every address bit the swizzle touches, the tile is a view of a pointer that
    // swizzles byte addresses (FlyDSL's). Shared memory aligns to 4 KiB at most; on cuda its
    // static part to 1 KiB, so a wider span takes dynamic shared memory there, whose start the
    // kernel rounds up. A wider swizzle stays the builder's swizzle of offsets.
    int64_t span = int64_t(p.elemBytes) << (base + shift + bits);
    bool dynamic = p.dynamicShared() || (p.nvidia() && span > FLY_MAX_SHARED_ALIGN_CUDA);
    if (span <= FLY_MAX_SHARED_ALIGN)
      align = std::max(align, span);
    shared_.resize(p.stages);
    for (Value &s : shared_) {
      Value raw = dynamic ? k.dynamicShared(spec.ab, rows * bk, align)
                          : k.sharedTensor(spec.ab, rows * bk, align);
      s = k.swizzle(k.makeTensor(raw, k.layout(layout)), bits, base, shift);
    }
  }

  /// A split-K block's share of K: tile kt of issue() is K tile first + kt, and copies stop
  /// at column kEnd (elements past it read as zeros, as past K).
  void shareK(Value first, Value kEnd) {
    first_ = first;
    splitK_ = true;
    extent_ = k_.tuple(
        "(?,?)", {k_.tupleLeaf(extent_, 0), k_.binary(FLY_MIN, kEnd, k_.tupleLeaf(extent_, 1))});
  }

  /// Starts bringing K tile `kt` into buffer `stage`: cp.async copies, or loads into registers
  /// that commit() stores.
  void issue(Value kt, int stage) {
    if (splitK_)
      kt = kt + first_;
    Value coord = k_.tuple("(_,(?,?))", {blockRow_, kt});
    Value src = k_.partition(tiledCopy_, tid_, k_.slice(tiles_, coord), true);
    Value coords = k_.partition(tiledCopy_, tid_, k_.slice(coordTiles_, coord), true);
    Value dst = k_.partition(tiledCopy_, tid_, shared_[stage], false);
    int64_t calls = callsPerThread();
    Value preds = k_.fragment(k_.layout("(" + str(calls) + ")"), FLY_I1);
    for (int64_t c = 0; c < calls; ++c) {
      Value first = k_.loadAt(coords, k_.constInt(FLY_I32, c * op_.vec));
      k_.storeAt(preds, k_.elemLess(first, extent_), k_.constInt(FLY_I32, c));
    }
    if (spec_.plan.cpAsync) {
      k_.copy(globalAtom_, src, dst, preds);
      return;
    }
    staged_ = k_.fragment(src, spec_.ab);
    k_.fragmentFill(staged_, k_.constFloat(spec_.ab, 0.0));
    k_.copy(globalAtom_, src, staged_, preds);
    pendingDst_ = dst;
  }

  /// One thread's bulk copies of K tile `kt` into buffer `stage`, completing on mbarrier
  /// bars[stage]: the whole tile (K-major), or its runs of 64 rows (M/N-major).
  void issueTma(Value kt, int stage, Value bars) { issueTma(kt, stage, bars, blockRow_, rowBase_); }
  /// The same for the tile of block row `blockRow` (persistent kernels walk several), its rows
  /// counted from row `rowBase` of the described tensor (a grouped B's expert; null: 0).
  void issueTma(Value kt, int stage, Value bars, Value blockRow, Value rowBase) {
    if (splitK_)
      kt = kt + first_;
    Value k0 = kt * spec_.plan.bk, row0 = blockRow * rows_;
    if (rowBase.handle)
      row0 = row0 + rowBase;
    Value at = k_.constInt(FLY_I32, stage);
    if (op_.kMajor) {
      k_.tmaLoad(tma_, shared_[stage], k_.tuple("(?,?)", {row0, k0}), bars, at);
      return;
    }
    Value runs =
        k_.tiled(FLY_TILER_ZIPPED_DIVIDE, shared_[stage], "(64," + str(spec_.plan.bk) + ")");
    for (int64_t j = 0; j < rows_ / 64; ++j)
      k_.tmaLoad(tma_, k_.slice(runs, k_.tuple("(_,(" + str(j) + ",0))")),
                 k_.tuple("(?,?)", {row0 + j * 64, k0}), bars, at);
  }

  /// Where TMA copies of this block's tiles start (see issueTma).
  void setRowBase(Value rowBase) { rowBase_ = rowBase; }

  /// Stores what issue() loaded into registers (nothing to do after cp.async).
  void commit() {
    if (!spec_.plan.cpAsync)
      k_.copy(sharedAtom_, staged_, pendingDst_);
  }

  /// This thread's MMA fragment of buffer `stage`: mma.sync's 16-bit operands by ldmatrix,
  /// the others by reads of fragVec elements; wgmma reads the shared partition itself.
  Value fragment(Value mma, fly_mma_operand which, int stage) {
    Value part = k_.mmaPartition(mma, which, tid_, shared_[stage]);
    if (spec_.plan.family == FLY_MMA_WGMMA)
      return part;
    Value frag = k_.fragment(part, spec_.ab);
    if (spec_.plan.family == FLY_MMA_SYNC && spec_.plan.elemBytes == 2)
      k_.mmaLoad(mma, which, tid_, shared_[stage], frag);
    else
      k_.copy(fragAtom_, part, frag);
    return frag;
  }

private:
  int64_t callsPerThread() const { return rows_ * spec_.plan.bk / spec_.plan.threads / op_.vec; }

  Kernel &k_;
  const GemmSpec &spec_;
  GemmOperand op_;
  int64_t rows_;
  Value tid_, blockRow_, tma_, tiles_, coordTiles_, extent_;
  Value globalAtom_, sharedAtom_, fragAtom_, tiledCopy_;
  std::vector<Value> shared_;
  Value staged_, pendingDst_;
  Value first_, rowBase_;
  bool splitK_ = false;
};

} // namespace

void buildGemm(flydsl::Module &m, const GemmSpec &spec) {
  const GemmPlan &p = spec.plan;
  Kernel k(m, "main");
  auto operandParam = [&](const GemmOperand &op) {
    return k.tensorParam(spec.ab, {FLY_DYNAMIC, FLY_DYNAMIC},
                         op.kMajor ? flydsl::Tuple{FLY_DYNAMIC, 1} : flydsl::Tuple{1, FLY_DYNAMIC},
                         int64_t(op.vec) * p.elemBytes);
  };
  auto bytes = [](fly_dtype d) { return d == FLY_F32 ? 4 : 2; };
  // A grouped B without TMA is (E, N, K), each block taking its expert's slice; TMA describes
  // it as (E * N, K) and offsets the rows by the expert's first.
  bool perExpert = spec.grouped;
  Value A = operandParam(p.a);
  Value B = perExpert && !p.tma
                ? k.tensorParam(spec.ab, {FLY_DYNAMIC, FLY_DYNAMIC, FLY_DYNAMIC},
                                {FLY_DYNAMIC, FLY_DYNAMIC, 1}, int64_t(p.b.vec) * p.elemBytes)
                : operandParam(p.b);
  Value C = spec.hasC
                ? k.tensorParam(spec.c, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1}, bytes(spec.c))
                : Value{};
  // Split-K: D is the workspace of partial sums, (splits, M, N), and block z writes slice z.
  bool split = p.splitK > 1;
  Value D = split ? k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC, FLY_DYNAMIC},
                                  {FLY_DYNAMIC, FLY_DYNAMIC, 1}, 4 * p.outVec)
                  : k.tensorParam(spec.out, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 1},
                                  bytes(spec.out) * p.outVec);
  // Scales of A's rows and B's columns as (M, N) views (stride 0 along the other dimension,
  // and along their own for one scale of the whole tensor).
  Value scaleA = spec.scaled
                     ? k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC}, {FLY_DYNAMIC, 0}, 4)
                     : Value{};
  Value scaleB = spec.scaled
                     ? k.tensorParam(FLY_F32, {FLY_DYNAMIC, FLY_DYNAMIC}, {0, FLY_DYNAMIC}, 4)
                     : Value{};
  Value tileExperts = perExpert ? k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1}) : Value{};
  Value tilesUsed = perExpert ? k.tensorParam(FLY_I32, {FLY_DYNAMIC}, {1}) : Value{};
  Value alpha = k.scalarParam(FLY_F32);
  Value beta = spec.hasC ? k.scalarParam(FLY_F32) : Value{};
  if (split)
    D = k.slice(D, k.tuple("(?,_,_)", {k.gpuIndex(FLY_BLOCK_IDX, 2)}));
  // TMA boxes: a K-major operand's whole tile, an M/N-major one's 64 rows at a time (the
  // 128-byte swizzle holds 64 16-bit elements along the contiguous dimension).
  auto descriptor = [&](Value global, const GemmOperand &op, int64_t rows) {
    return op.kMajor ? k.tmaDescriptor(global, {rows, p.bk}, 128)
                     : k.tmaDescriptor(global, {64, p.bk}, 128);
  };
  Value tmaA = p.tma ? descriptor(A, p.a, p.bm) : Value{};
  Value tmaB = p.tma ? descriptor(B, p.b, p.bn) : Value{};
  Value tmaD = p.tmaStore ? k.tmaDescriptor(D, {64, 64}, 128) : Value{};

  Value tid = k.gpuIndex(FLY_THREAD_IDX);
  // Warp-specialised: warpgroup 0 copies, the rest are the tiled MMA's threads 0, 1, ...
  Value producer;
  if (p.warpSpecialized) {
    k.setBlockSize(p.blockThreads());
    producer = tid < k.constInt(Kernel::dtype(tid), 128);
    tid = tid - 128;
  }
  Value bm = k.gpuIndex(FLY_BLOCK_IDX, 0), bn = k.gpuIndex(FLY_BLOCK_IDX, 1);
  // Tile `id` of a rowsM x cols grid of tiles (x fastest) is, in groups of G block rows
  // (fewer in the last group), column by column, the tile of group id / (G * cols).
  auto grouped = [&](Value id, Value rowsM, Value cols) {
    Value inGroup = cols * p.groupM;
    Value firstRow = id / inGroup * p.groupM;
    Value size = k.binary(FLY_MIN, rowsM - firstRow, k.constInt(Kernel::dtype(rowsM), p.groupM));
    Value r = id % inGroup;
    return std::make_pair(firstRow + r % size, r / size);
  };
  if (p.groupM > 1 && !p.warpSpecialized) {
    Value rowsM = k.gpuIndex(FLY_GRID_DIM, 0);
    std::tie(bm, bn) = grouped(bm + bn * rowsM, rowsM, k.gpuIndex(FLY_GRID_DIM, 1));
  }
  flydsl::TiledMma host(p.family, p.atomM, p.atomN, p.atomK, spec.ab, p.wave, p.atomLayout);
  Value mma = k.tiledMma(host);
  if (p.dependentLaunch) {
    // Started while the stream's previous kernel may still run, the block reads memory (A, B,
    // C, a grouped GEMM's experts table) and writes D only after it; the next kernel may be
    // scheduled at once, its own wait keeping it from this one's memory until this grid is
    // done.
    k.gridDependencyWait();
    k.launchDependents();
  }

  Value extentD = k.layoutQuery(FLY_QUERY_SHAPE, D);
  // Grouped: block row r lies in entry r / f of the experts table (f = groupRows / BM) and
  // multiplies that expert (-1, past the rows in use: expert 0 stands in, and such blocks skip
  // their work), whose rows of B start at expert * N.
  int64_t perEntry = perExpert ? spec.groupRows / p.bm : 1;
  auto expertOf = [&](Value tileM) {
    return k.max(k.load(tileExperts, {tileM / perEntry}), k.constInt(FLY_I32, 0));
  };
  auto expertRow = [&](Value tileM, Value like) {
    fly_dtype t = Kernel::dtype(like);
    return k.cast(expertOf(tileM), t) * k.cast(k.tupleLeaf(extentD, 1), t);
  };
  auto rowsInUse = [&] { return k.load(tilesUsed, {k.constInt(FLY_I32, 0)}) * perEntry; };
  Value expertB = B, active;
  if (perExpert && !p.warpSpecialized) {
    active = k.cast(bm, FLY_I32) < rowsInUse();
    if (!p.tma)
      expertB = k.slice(B, k.tuple("(?,_,_)", {expertOf(bm)}));
  }
  StagedOperand a(k, spec, p.a, p.bm, A, bm, tid, tmaA),
      b(k, spec, p.b, p.bn, expertB, bn, tid, tmaB);
  if (perExpert && p.tma && !p.warpSpecialized)
    b.setRowBase(expertRow(bm, bn));
  std::string dTile = "(" + str(p.bm) + "," + str(p.bn) + ")";
  Value tilesD = k.tiled(FLY_TILER_ZIPPED_DIVIDE, D, dTile);
  Value coordTilesD = k.tiled(FLY_TILER_ZIPPED_DIVIDE, k.identityTensor(extentD), dTile);
  auto tileOf = [&](Value tiles, Value tileM, Value tileN) {
    return k.slice(tiles, k.tuple("(_,(?,?))", {tileM, tileN}));
  };
  Value acc = k.fragment(k.mmaPartition(mma, FLY_MMA_C, tid, tileOf(tilesD, bm, bn)), FLY_F32);
  k.fragmentFill(acc, k.constFloat(FLY_F32, 0.0));
  Value K = k.tupleLeaf(k.layoutQuery(FLY_QUERY_SHAPE, A), 1);
  fly_dtype it = Kernel::dtype(K);
  Value zero = k.constInt(it, 0), one = k.constInt(it, 1);
  auto multiply = [&](int stage) {
    Value fa = a.fragment(mma, FLY_MMA_A, stage), fb = b.fragment(mma, FLY_MMA_B, stage);
    k.gemm(mma, acc, fa, fb, acc);
  };
  // Steps go in rounds of one step a buffer, so that every buffer index is static; steps past
  // the last K tile multiply zeros (their copies are predicated off).
  int S = p.stages;
  Value rounds = (K + (S * p.bk - 1)) / (S * p.bk);
  // Split-K: block z takes `rounds` rounds of K tiles from tile first = z * rounds * S, its
  // copies stopping at the end of its share (or of K).
  if (split) {
    Value kTiles = (K + (p.bk - 1)) / p.bk;
    rounds = (kTiles + (p.splitK * S - 1)) / (p.splitK * S);
    Value first = k.cast(k.gpuIndex(FLY_BLOCK_IDX, 2), it) * rounds * S;
    Value kEnd = (first + rounds * S) * p.bk;
    a.shareK(first, kEnd);
    b.shareK(first, kEnd);
  }
  // The TMA-store epilogue (plan.tmaStore): warpgroup w's 64 x BN share of the tile goes into
  // the shared buffer sD (its row blocks alias: stride 0) once warpgroup w - 1 has stored this
  // tile from it (warpgroup 0: the last one the previous tile), announced on stored[w - 1].
  // The buffer is 64-column boxes one after another, each laid out and swizzled as TMA moves
  // it. The warpgroups' turns never overlap, so they share named barrier 1.
  Value sD, stored;
  auto stageAndStore = [&](Value atom, Value store, Value out, Value tileM, Value tileN,
                           Value iter) {
    int W = p.threads / 128;
    fly_dtype ti = Kernel::dtype(tileM);
    Value wg = k.cast(tid / 128, ti), turn = k.cast(iter, ti);
    Value zeroT = k.constInt(ti, 0);
    Value after = (wg + (W - 1)) % W, wrapped = (wg + (W - 1)) / W; // 0 for warpgroup 0
    k.ifThen(zeroT < wg + turn, [&] { k.mbarrierWait(stored, after, (turn + 1 + wrapped) % 2); });
    k.copy(atom, k.retile(store, out), k.partition(store, tid, sD, false));
    k.fenceProxyAsync();
    k.namedBarrier(1, 128);
    k.ifThen(tid % 128 == k.constInt(Kernel::dtype(tid), 0), [&] {
      Value boxes = k.tiled(FLY_TILER_ZIPPED_DIVIDE, sD, "(64,64)");
      for (int64_t c = 0; c < p.bn / 64; ++c)
        k.tmaStore(tmaD, k.slice(boxes, k.tuple("(_,(0," + str(c) + "))")),
                   k.tuple("(?,?)", {tileM * p.bm + wg * 64, tileN * p.bn + c * 64}));
      k.tmaStoreWait(0); // the buffer is read: the next warpgroup may write it
      k.mbarrierArrive(stored, wg, 0);
    });
  };
  // Epilogue: D = alpha * acc (+ beta * C) inside the edges, element by element, or with
  // outVec > 1 into a register fragment that a tiled copy of the accumulator's threads and
  // values (make_tiled_copy_C) stores outVec columns at a time. N is then a multiple of
  // outVec, so a store is wholly inside or wholly outside. With TMA stores the fragment goes
  // through shared memory (iter: the block's count of tiles before this one).
  auto epilogue = [&](Value tileM, Value tileN, Value iter = {}) {
    Value gD = tileOf(tilesD, tileM, tileN), cD = tileOf(coordTilesD, tileM, tileN);
    Value tD = k.mmaPartition(mma, FLY_MMA_C, tid, gD);
    Value tcD = k.mmaPartition(mma, FLY_MMA_C, tid, cD);
    auto partitionOf = [&](Value t) {
      return t.handle
                 ? k.mmaPartition(mma, FLY_MMA_C, tid,
                                  tileOf(k.tiled(FLY_TILER_ZIPPED_DIVIDE, t, dTile), tileM, tileN))
                 : Value{};
    };
    Value tC = partitionOf(C), tSA = partitionOf(scaleA), tSB = partitionOf(scaleB);
    Value out = p.outVec > 1 ? k.fragment(tD, spec.out) : Value{};
    int64_t values = p.bm * p.bn / p.threads;
    for (int64_t i = 0; i < values; ++i) {
      Value at = k.constInt(FLY_I32, i);
      Value inside = k.elemLess(k.loadAt(tcD, at), extentD);
      Value v = alpha * k.loadAt(acc, at);
      if (spec.scaled)
        v = v * k.loadAt(tSA, at, inside) * k.loadAt(tSB, at, inside);
      if (spec.hasC) {
        Value c = k.loadAt(tC, at, inside);
        v = v + beta * (spec.c == FLY_F32 ? c : k.cast(c, FLY_F32));
      }
      v = spec.out == FLY_F32 ? v : k.cast(v, spec.out);
      if (p.outVec > 1)
        k.storeAt(out, v, at);
      else
        k.storeAt(tD, v, at, inside);
    }
    if (p.outVec > 1) {
      Value atom = k.copyAtom(FLY_COPY_UNIVERSAL, 8 * bytes(spec.out) * p.outVec, spec.out);
      Value store = k.tiledCopyForMma(atom, mma, FLY_MMA_C);
      if (p.tmaStore) {
        stageAndStore(atom, store, out, tileM, tileN, iter);
        return;
      }
      Value coords = k.partition(store, tid, cD, false);
      int64_t calls = values / p.outVec;
      Value preds = k.fragment(k.layout("(" + str(calls) + ")"), FLY_I1);
      for (int64_t c = 0; c < calls; ++c)
        k.storeAt(preds, k.elemLess(k.loadAt(coords, k.constInt(FLY_I32, c * p.outVec)), extentD),
                  k.constInt(FLY_I32, c));
      k.copy(atom, k.retile(store, out), k.partition(store, tid, gD, false), preds);
    }
  };
  if (p.warpSpecialized) {
    // full[s]: the producer's arrival with the tile's bytes; empty[s]: one arrival of each
    // consumer warpgroup once its atoms reading buffer s are done. The producer waits for the
    // phase of empty[s] that released the buffer a round ago (a fresh barrier passes parity
    // 1), the consumers for the phase of full[s] of this round.
    int consumers = p.threads / 128;
    int64_t tileBytes = (p.bm + p.bn) * p.bk * p.elemBytes;
    Value full = k.sharedTensor(FLY_I64, S, 8), empty = k.sharedTensor(FLY_I64, S, 8);
    if (p.tmaStore) {
      stored = k.sharedTensor(FLY_I64, consumers, 8);
      std::string boxes =
          "((64," + str(consumers) + "),(64," + str(p.bn / 64) + ")):((64,0),(1,4096))";
      sD = k.swizzle(k.makeTensor(k.dynamicShared(spec.out, 64 * p.bn, 1024), k.layout(boxes)), 3,
                     3, 3);
    }
    Value first = k.gpuIndex(FLY_THREAD_IDX) == k.constInt(Kernel::dtype(tid), 0);
    k.ifThen(first, [&] {
      for (int s = 0; s < S; ++s) {
        k.mbarrierInit(full, k.constInt(FLY_I32, s), 1);
        k.mbarrierInit(empty, k.constInt(FLY_I32, s), consumers);
      }
      for (int w = 0; p.tmaStore && w < consumers; ++w)
        k.mbarrierInit(stored, k.constInt(FLY_I32, w), 1);
    });
    k.barrier();
    // Tiles t = block, block + grid, ...; each takes `rounds` rounds of all S buffers, so the
    // block's tile `iter` (0, 1, ...) continues the barriers' phases at round iter * rounds.
    Value rowsM = (k.tupleLeaf(extentD, 0) + (p.bm - 1)) / p.bm;
    Value cols = (k.tupleLeaf(extentD, 1) + (p.bn - 1)) / p.bn;
    fly_dtype ti = Kernel::dtype(rowsM);
    if (perExpert) // the block rows in use come first
      rowsM = k.cast(rowsInUse(), ti);
    Value tiles = rowsM * cols, block = k.cast(k.gpuIndex(FLY_BLOCK_IDX, 0), ti);
    Value grid = k.cast(k.gpuIndex(FLY_GRID_DIM, 0), ti);
    auto eachTile = [&](auto body) {
      k.forLoop(block, tiles, grid, [&](Value t) {
        auto [tileM, tileN] = grouped(t, rowsM, cols);
        body(tileM, tileN, k.cast((t - block) / grid, it));
      });
    };
    k.ifThenElse(
        producer, {},
        [&] {
          k.setMaxRegisters(40, false);
          k.ifThen(first, [&] {
            eachTile([&](Value tileM, Value tileN, Value iter) {
              Value rowBase = perExpert ? expertRow(tileM, tileN) : Value{};
              k.forLoop(zero, rounds, one, [&](Value round) {
                Value parity = (iter * rounds + round + 1) % 2;
                for (int s = 0; s < S; ++s) {
                  Value at = k.constInt(FLY_I32, s);
                  k.mbarrierWait(empty, at, parity);
                  k.mbarrierArrive(full, at, tileBytes);
                  a.issueTma(round * S + s, s, full, tileM, {});
                  b.issueTma(round * S + s, s, full, tileN, rowBase);
                }
              });
            });
          });
          return std::vector<Value>{};
        },
        [&] {
          k.setMaxRegisters(232, true);
          // One thread of each consumer warpgroup releases buffer `stage` where `when` holds.
          Value leader = tid % 128 == k.constInt(Kernel::dtype(tid), 0);
          auto release = [&](int stage, Value when) {
            k.ifThen(when, [&] { k.mbarrierArrive(empty, k.constInt(FLY_I32, stage), 0); });
          };
          eachTile([&](Value tileM, Value tileN, Value iter) {
            k.fragmentFill(acc, k.constFloat(FLY_F32, 0.0));
            k.forLoop(zero, rounds, one, [&](Value round) {
              Value parity = (iter * rounds + round) % 2;
              for (int s = 0; s < S; ++s) {
                k.mbarrierWait(full, k.constInt(FLY_I32, s), parity);
                k.gemmAsync(mma, acc, a.fragment(mma, FLY_MMA_A, s), b.fragment(mma, FLY_MMA_B, s),
                            acc);
                k.wgmmaWait(1);
                // The previous step's atoms are done: its buffer may be refilled.
                release((s + S - 1) % S, s > 0 ? leader : k.binary(FLY_AND, leader, round > zero));
              }
            });
            k.wgmmaWait(0, acc);
            release(S - 1, leader);
            epilogue(tileM, tileN, iter);
          });
          return std::vector<Value>{};
        });
    k.finish();
    return;
  }
  auto mainLoop = [&] {
    if (p.tma) {
      // As the cp.async pipeline below, with thread 0 copying each K tile by TMA and every
      // thread waiting on the tile's mbarrier (phase = the round's parity) instead of its own
      // copies. The barrier after the wait still keeps the buffer being refilled (tile t - 2's)
      // from a warpgroup that has not finished reading it.
      int L = S - 2;
      int64_t tileBytes = (p.bm + p.bn) * p.bk * p.elemBytes;
      Value bars = k.sharedTensor(FLY_I64, S, 8);
      Value first = tid == k.constInt(Kernel::dtype(tid), 0);
      k.ifThen(first, [&] {
        for (int s = 0; s < S; ++s)
          k.mbarrierInit(bars, k.constInt(FLY_I32, s), 1);
      });
      k.barrier();
      auto issue = [&](Value kt, int stage) {
        k.ifThen(first, [&] {
          k.mbarrierArrive(bars, k.constInt(FLY_I32, stage), tileBytes);
          a.issueTma(kt, stage, bars);
          b.issueTma(kt, stage, bars);
        });
      };
      for (int s = 0; s < L; ++s)
        issue(k.constInt(it, s), s);
      k.forLoop(zero, rounds, one, [&](Value round) {
        Value parity = round % 2;
        for (int s = 0; s < S; ++s) {
          Value kt = round * S + s;
          k.mbarrierWait(bars, k.constInt(FLY_I32, s), parity);
          k.barrier();
          issue(kt + L, (s + L) % S);
          k.gemmAsync(mma, acc, a.fragment(mma, FLY_MMA_A, s), b.fragment(mma, FLY_MMA_B, s), acc);
          k.wgmmaWait(1);
        }
      });
      k.wgmmaWait(0, acc);
    } else if (p.cpAsync) {
      // Tiles 0 .. L-1 start loading; step t waits for tile t (L - 1 younger groups may still
      // be in flight), starts tile t + L in the buffer of tile t + L - S, and multiplies. With
      // the multiplies in flight (wgmma) each step leaves its atoms running and waits for the
      // previous step's, so L = S - 2: tile t - 2's buffer, which every warpgroup finished
      // reading before this step's barrier, takes the new tile. Else L = S - 1.
      int L = p.mmaInFlight ? S - 2 : S - 1;
      for (int s = 0; s < L; ++s) {
        a.issue(k.constInt(it, s), s);
        b.issue(k.constInt(it, s), s);
        k.cpAsyncCommit();
      }
      k.forLoop(zero, rounds, one, [&](Value round) {
        for (int s = 0; s < S; ++s) {
          Value kt = round * S + s;
          k.cpAsyncWaitGroup(L - 1);
          if (p.family == FLY_MMA_WGMMA)
            k.fenceProxyAsync(); // the copies land before the tensor cores read them
          k.barrier();
          a.issue(kt + L, (s + L) % S);
          b.issue(kt + L, (s + L) % S);
          k.cpAsyncCommit();
          if (p.mmaInFlight) {
            k.gemmAsync(mma, acc, a.fragment(mma, FLY_MMA_A, s), b.fragment(mma, FLY_MMA_B, s),
                        acc);
            k.wgmmaWait(1);
          } else {
            multiply(s);
          }
        }
      });
      if (p.mmaInFlight)
        k.wgmmaWait(0, acc);
    } else {
      // Buffer 0 holds K tile 0; each step loads the next tile into registers, multiplies, and
      // stores the loaded tile into the other buffer.
      a.issue(zero, 0);
      b.issue(zero, 0);
      a.commit();
      b.commit();
      k.barrier();
      k.forLoop(zero, rounds, one, [&](Value round) {
        for (int s = 0; s < S; ++s) {
          Value kt = round * S + s;
          a.issue(kt + 1, (s + 1) % S);
          b.issue(kt + 1, (s + 1) % S);
          multiply(s);
          a.commit();
          b.commit();
          k.barrier();
        }
      });
    }

    epilogue(bm, bn);
  };
  if (perExpert)
    k.ifThen(active, mainLoop);
  else
    mainLoop();
  k.finish();
}

} // namespace fly::kernels
