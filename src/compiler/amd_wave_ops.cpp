//===- amd_wave_ops.cpp - AMD's wave instructions on the other targets ----===//

#include "compiler/amd_wave_ops.h"

#include "compiler/compiler.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace fly::compiler {

namespace {

// The lane a DPP control reads for each lane, and whether that lane lies inside the row (or
// the wave) the control moves within (a null `valid`: always).
struct Source {
  mlir::Value lane, valid;
};

Source sourceOf(mlir::ImplicitLocOpBuilder &b, mlir::Value lane, int ctrl, int wave) {
  namespace ar = mlir::arith;
  auto c = [&](int64_t v) -> mlir::Value {
    return ar::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(int32_t(v)));
  };
  auto cmp = [&](ar::CmpIPredicate p, mlir::Value x, mlir::Value y) -> mlir::Value {
    return ar::CmpIOp::create(b, p, x, y);
  };
  mlir::Value inRow = ar::AndIOp::create(b, lane, c(15));
  mlir::Value rowBase = ar::AndIOp::create(b, lane, c(~15));
  int n = ctrl & 15;
  if (ctrl <= 0xFF) { // quad_perm: lane i of each quad reads lane (ctrl >> 2i) & 3 of it
    mlir::Value shift = ar::MulIOp::create(b, ar::AndIOp::create(b, lane, c(3)), c(2));
    mlir::Value pick = ar::AndIOp::create(b, ar::ShRUIOp::create(b, c(ctrl), shift), c(3));
    return {ar::OrIOp::create(b, ar::AndIOp::create(b, lane, c(~3)), pick), nullptr};
  }
  if (ctrl <= 0x10F) // row_shl: lane i reads i + n of its row
    return {ar::AddIOp::create(b, lane, c(n)), cmp(ar::CmpIPredicate::ult, inRow, c(16 - n))};
  if (ctrl <= 0x11F) // row_shr: lane i reads i - n of its row
    return {ar::SubIOp::create(b, lane, c(n)), cmp(ar::CmpIPredicate::uge, inRow, c(n))};
  if (ctrl <= 0x12F) // row_ror: lane i reads (i - n) mod 16 of its row
    return {ar::OrIOp::create(b, rowBase,
                              ar::AndIOp::create(b, ar::SubIOp::create(b, inRow, c(n)), c(15))),
            nullptr};
  switch (ctrl) {
  case 0x130: // wave_shl 1
    return {ar::AddIOp::create(b, lane, c(1)), cmp(ar::CmpIPredicate::ult, lane, c(wave - 1))};
  case 0x134: // wave_rol 1
    return {ar::AndIOp::create(b, ar::AddIOp::create(b, lane, c(1)), c(wave - 1)), nullptr};
  case 0x138: // wave_shr 1
    return {ar::SubIOp::create(b, lane, c(1)), cmp(ar::CmpIPredicate::uge, lane, c(1))};
  case 0x13C: // wave_ror 1
    return {ar::AndIOp::create(b, ar::SubIOp::create(b, lane, c(1)), c(wave - 1)), nullptr};
  case 0x140: // row_mirror
    return {ar::OrIOp::create(b, rowBase, ar::SubIOp::create(b, c(15), inRow)), nullptr};
  case 0x141: // row_half_mirror
    return {ar::OrIOp::create(b, ar::AndIOp::create(b, lane, c(~7)),
                              ar::SubIOp::create(b, c(7), ar::AndIOp::create(b, lane, c(7)))),
            nullptr};
  case 0x142: // row_bcast 15: the last lane of the row before
    return {ar::SubIOp::create(b, rowBase, c(1)), cmp(ar::CmpIPredicate::uge, lane, c(16))};
  case 0x143: // row_bcast 31: lane 31, for the rows after it
    return {c(31), cmp(ar::CmpIPredicate::uge, lane, c(32))};
  default:
    throw CompileError("DPP control " + std::to_string(ctrl) + " has no emulation here");
  }
}

void emulate(mlir::ROCDL::DPPUpdateOp op, int wave) {
  namespace ar = mlir::arith;
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  auto c = [&](int64_t v) -> mlir::Value {
    return ar::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(int32_t(v)));
  };
  mlir::Value lane =
      ar::IndexCastOp::create(b, b.getI32Type(), mlir::gpu::LaneIdOp::create(b, nullptr));
  Source s = sourceOf(b, lane, int(op.getDppCtrl()), wave);
  mlir::Value from = ar::AndIOp::create(b, s.lane, c(wave - 1)); // in range where invalid too
  mlir::Value moved =
      mlir::gpu::ShuffleOp::create(b, op.getSrc(), from, c(wave), mlir::gpu::ShuffleMode::IDX)
          .getShuffleResult();
  mlir::Value old = op.getOld();
  if (s.valid) {
    mlir::Value outside =
        op.getBoundCtrl()
            ? ar::ConstantOp::create(b, old.getType(), b.getZeroAttr(old.getType())).getResult()
            : old;
    moved = ar::SelectOp::create(b, s.valid, moved, outside);
  }
  uint32_t rows = op.getRowMask(), banks = op.getBankMask();
  if (rows != 0xF || banks != 0xF) {
    mlir::Value row = ar::ShRUIOp::create(b, lane, c(4));
    mlir::Value bank = ar::AndIOp::create(b, ar::ShRUIOp::create(b, lane, c(2)), c(3));
    mlir::Value rowOn = ar::AndIOp::create(b, ar::ShRUIOp::create(b, c(rows), row), c(1));
    mlir::Value bankOn = ar::AndIOp::create(b, ar::ShRUIOp::create(b, c(banks), bank), c(1));
    mlir::Value on =
        ar::CmpIOp::create(b, ar::CmpIPredicate::ne, ar::AndIOp::create(b, rowOn, bankOn), c(0));
    moved = ar::SelectOp::create(b, on, moved, old);
  }
  op.getRes().replaceAllUsesWith(moved);
  op.erase();
}

// readfirstlane and readlane as shuffles from lane 0 and from the lane named; the hints erased.
void lowerLaneReadsAndHints(mlir::ModuleOp m, int wave) {
  llvm::SmallVector<mlir::Operation *> hints, reads;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::ROCDL::SchedBarrier, mlir::ROCDL::SchedGroupBarrier,
                  mlir::ROCDL::SWaitcntOp, mlir::ROCDL::SetPrioOp>(op))
      hints.push_back(op);
    else if (mlir::isa<mlir::ROCDL::ReadfirstlaneOp, mlir::ROCDL::ReadlaneOp>(op))
      reads.push_back(op);
  });
  for (mlir::Operation *op : hints)
    op->erase();
  for (mlir::Operation *op : reads) {
    mlir::ImplicitLocOpBuilder b(op->getLoc(), op);
    mlir::Value lane =
        op->getNumOperands() > 1
            ? op->getOperand(1)
            : mlir::arith::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(0));
    // Not mlir::m_ConstantInt: its trait check, compiled by GCC, misses a Clang-built libMLIR's
    // ops (see fly_dialect.h's constantInt).
    if (auto cst = lane.getDefiningOp<mlir::arith::ConstantOp>()) {
      int64_t at = mlir::cast<mlir::IntegerAttr>(cst.getValue()).getInt();
      if (at < 0 || at >= wave)
        throw CompileError("readlane reads lane " + std::to_string(at) + " of a wave of " +
                           std::to_string(wave) + " lanes");
    }
    mlir::Value width =
        mlir::arith::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(wave));
    mlir::Value read =
        mlir::gpu::ShuffleOp::create(b, op->getOperand(0), lane, width, mlir::gpu::ShuffleMode::IDX)
            .getShuffleResult();
    op->getResult(0).replaceAllUsesWith(read);
    op->erase();
  }
}

// A ballot gathered by shuffles: each lane's bit (the mask's low or high word), ORed across the
// wave by xor shuffles, so that every lane holds the whole mask.
mlir::Value gatheredBallot(mlir::ImplicitLocOpBuilder &b, mlir::Value pred, int wave,
                           mlir::Type result) {
  namespace ar = mlir::arith;
  auto c = [&](int64_t v) -> mlir::Value {
    return ar::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(int32_t(v)));
  };
  mlir::Value lane =
      ar::IndexCastOp::create(b, b.getI32Type(), mlir::gpu::LaneIdOp::create(b, nullptr));
  mlir::Value bit = ar::ShLIOp::create(b, c(1), ar::AndIOp::create(b, lane, c(31)));
  mlir::Value upper = ar::CmpIOp::create(b, ar::CmpIPredicate::uge, lane, c(32));
  mlir::Value mine = ar::SelectOp::create(b, pred, bit, c(0));
  mlir::Value word[2] = {ar::SelectOp::create(b, upper, c(0), mine),
                         ar::SelectOp::create(b, upper, mine, c(0))};
  int words = wave > 32 ? 2 : 1;
  for (int w = 0; w < words; ++w)
    for (int d = wave / 2; d >= 1; d /= 2)
      word[w] = ar::OrIOp::create(
          b, word[w],
          mlir::gpu::ShuffleOp::create(b, word[w], c(d), c(wave), mlir::gpu::ShuffleMode::XOR)
              .getShuffleResult());
  if (result.isInteger(32))
    return word[0];
  mlir::Value low = ar::ExtUIOp::create(b, result, word[0]);
  if (words == 1)
    return low;
  mlir::Value high =
      ar::ShLIOp::create(b, ar::ExtUIOp::create(b, result, word[1]),
                         ar::ConstantOp::create(b, result, b.getIntegerAttr(result, 32)));
  return ar::OrIOp::create(b, low, high);
}

// Every ballot in `m`, by `lower`.
void lowerBallots(
    mlir::ModuleOp m,
    llvm::function_ref<mlir::Value(mlir::ImplicitLocOpBuilder &, mlir::ROCDL::BallotOp)> lower) {
  llvm::SmallVector<mlir::ROCDL::BallotOp> ballots;
  m.walk([&](mlir::ROCDL::BallotOp op) { ballots.push_back(op); });
  for (auto op : ballots) {
    mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
    op.getRes().replaceAllUsesWith(lower(b, op));
    op.erase();
  }
}

// The 64-bit `word` of lane `from`, moved as two 32-bit halves (every target shuffles those).
mlir::Value shuffledWord(mlir::ImplicitLocOpBuilder &b, mlir::Value word, mlir::Value from,
                         mlir::Value width) {
  namespace ar = mlir::arith;
  mlir::Type i32 = b.getI32Type(), i64 = b.getI64Type();
  mlir::Value thirtyTwo = ar::ConstantOp::create(b, i64, b.getI64IntegerAttr(32));
  mlir::Value halves[2] = {ar::TruncIOp::create(b, i32, word),
                           ar::TruncIOp::create(b, i32, ar::ShRUIOp::create(b, word, thirtyTwo))};
  for (mlir::Value &h : halves)
    h = ar::ExtUIOp::create(
        b, i64,
        mlir::gpu::ShuffleOp::create(b, h, from, width, mlir::gpu::ShuffleMode::IDX)
            .getShuffleResult());
  return ar::OrIOp::create(b, halves[0], ar::ShLIOp::create(b, halves[1], thirtyTwo));
}

// gfx950's transposing LDS read: each lane loads its 64 bits, and lane i of a group of 16 takes
// element i % E of the word of lane 16/E k + i / E of its group as its element k (E elements of
// 64 / E bits a lane), through shuffles over the wave of `wave` lanes.
template <typename ReadOp> void emulateTransposedRead(ReadOp op, int wave) {
  namespace ar = mlir::arith;
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  auto c = [&](int64_t v) -> mlir::Value {
    return ar::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(int32_t(v)));
  };
  int perLane = std::is_same_v<ReadOp, mlir::ROCDL::ds_read_tr16_b64> ? 4 : 8;
  int bits = 64 / perLane, lanesPerRow = 16 / perLane;
  mlir::Type element = b.getIntegerType(bits);
  mlir::Value word = mlir::LLVM::LoadOp::create(b, b.getI64Type(), op.getPtr(), bits / 8);
  mlir::Value lane =
      ar::IndexCastOp::create(b, b.getI32Type(), mlir::gpu::LaneIdOp::create(b, nullptr));
  mlir::Value inGroup = ar::AndIOp::create(b, lane, c(15));
  mlir::Value group = ar::AndIOp::create(b, lane, c(~15));
  mlir::Value column = ar::DivUIOp::create(b, inGroup, c(perLane));
  mlir::Value shift = ar::ExtUIOp::create(
      b, b.getI64Type(),
      ar::MulIOp::create(b, ar::RemUIOp::create(b, inGroup, c(perLane)), c(bits)));
  auto vecType = mlir::VectorType::get({perLane}, element);
  mlir::Value result = mlir::LLVM::UndefOp::create(b, vecType);
  for (int k = 0; k < perLane; ++k) {
    mlir::Value from =
        ar::AddIOp::create(b, group, ar::AddIOp::create(b, column, c(lanesPerRow * k)));
    mlir::Value theirs = shuffledWord(b, word, from, c(wave));
    mlir::Value value = ar::TruncIOp::create(b, element, ar::ShRUIOp::create(b, theirs, shift));
    result = mlir::LLVM::InsertElementOp::create(b, result, value, c(k));
  }
  op.getRes().replaceAllUsesWith(
      mlir::LLVM::BitcastOp::create(b, op.getRes().getType(), result).getResult());
  op.erase();
}

void emulateTransposedReads(mlir::ModuleOp m, int wave) {
  llvm::SmallVector<mlir::Operation *> reads;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::ROCDL::ds_read_tr16_b64, mlir::ROCDL::ds_read_tr8_b64>(op))
      reads.push_back(op);
  });
  for (mlir::Operation *op : reads) {
    if (auto r16 = mlir::dyn_cast<mlir::ROCDL::ds_read_tr16_b64>(op))
      emulateTransposedRead(r16, wave);
    else
      emulateTransposedRead(mlir::cast<mlir::ROCDL::ds_read_tr8_b64>(op), wave);
  }
}

} // namespace

void checkTransposedLdsReads(mlir::ModuleOp m, const std::string &arch) {
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::ROCDL::ds_read_tr16_b64, mlir::ROCDL::ds_read_tr8_b64>(op) &&
        arch != "gfx950")
      throw CompileError("a transposing LDS read (ds_read_b64_tr_b16 / _tr_b8) is gfx950's "
                         "(CDNA4), not " +
                         arch + "'s; the cpu target emulates it for any arch");
  });
}

void emulateAmdWaveOps(mlir::ModuleOp m, int wave) {
  llvm::SmallVector<mlir::ROCDL::DPPUpdateOp> ops;
  m.walk([&](mlir::ROCDL::DPPUpdateOp op) { ops.push_back(op); });
  if (!ops.empty() && wave != 64 && wave != 32)
    throw CompileError("DPP moves need an AMD arch's wave of 32 or 64 lanes");
  for (auto op : ops)
    emulate(op, wave);
  lowerLaneReadsAndHints(m, wave);
  emulateTransposedReads(m, wave);
  lowerBallots(m, [&](mlir::ImplicitLocOpBuilder &b, mlir::ROCDL::BallotOp op) {
    return gatheredBallot(b, op.getPred(), wave, op.getRes().getType());
  });
}

void lowerAmdWaveOpsForCuda(mlir::ModuleOp m) {
  m.walk([&](mlir::ROCDL::DPPUpdateOp) {
    throw CompileError("a DPP lane move (rocdl.update.dpp) is AMD's: the cuda target has none; "
                       "shuffles (fx.shuffle_*) move values between lanes on every target");
  });
  lowerLaneReadsAndHints(m, 32);
  emulateTransposedReads(m, 32);
  // the warp's vote: 32 lanes, so a 64-bit mask's high word is 0
  lowerBallots(m, [&](mlir::ImplicitLocOpBuilder &b, mlir::ROCDL::BallotOp op) -> mlir::Value {
    mlir::Value all = mlir::arith::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(-1));
    mlir::Value vote = mlir::NVVM::VoteSyncOp::create(b, b.getI32Type(), all, op.getPred(),
                                                      mlir::NVVM::VoteSyncKind::ballot);
    mlir::Type t = op.getRes().getType();
    return t.isInteger(32) ? vote : mlir::arith::ExtUIOp::create(b, t, vote).getResult();
  });
}

} // namespace fly::compiler
