//===- buffer_ops.cpp - AMD buffer loads and stores, per target -----------===//

#include "compiler/buffer_ops.h"
#include "compiler/compiler.h"
#include "ir/buffer_extent.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <algorithm>

namespace fly::compiler {

namespace {

// The third word of a raw buffer descriptor: 32-bit data format, and on gfx10+ the
// out-of-bounds mode that checks the range of raw (stride 0) buffers.
uint32_t bufferFlags(const std::string &arch) {
  if (arch.rfind("gfx9", 0) == 0)
    return 0x00020000;
  if (arch.rfind("gfx11", 0) == 0)
    return 0x31004000;
  if (arch.rfind("gfx10", 0) == 0 || arch.rfind("gfx12", 0) == 0)
    return 0x31014000;
  throw CompileError("buffer resources are not supported on " + arch);
}

/// What an emulated access needs of its resource: one the kernel made, or a choice
/// (arith.select) between such (FlyDSL's kernels pick the tensor a wave reads so).
struct Resource {
  mlir::Value base, numBytes;
  bool tensorExtent;
};

Resource resourceOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value rsrc) {
  if (auto make = rsrc.getDefiningOp<mlir::ROCDL::MakeBufferRsrcOp>())
    return {make.getBase(), make.getNumRecords(), make->hasAttr(ir::kTensorExtentResource)};
  auto choice = rsrc.getDefiningOp<mlir::arith::SelectOp>();
  if (!choice)
    throw CompileError("a buffer access whose resource is not made in the kernel");
  Resource t = resourceOf(b, loc, choice.getTrueValue());
  Resource f = resourceOf(b, loc, choice.getFalseValue());
  if (t.numBytes.getType() != f.numBytes.getType())
    throw CompileError("a choice between buffer resources whose sizes have different types");
  auto pick = [&](mlir::Value x, mlir::Value y) -> mlir::Value {
    return mlir::arith::SelectOp::create(b, loc, choice.getCondition(), x, y);
  };
  return {pick(t.base, f.base), pick(t.numBytes, f.numBytes), t.tensorExtent && f.tensorExtent};
}

struct Access {
  mlir::Value base;      // !llvm.ptr<1>
  mlir::Value numBytes;  // i64
  mlir::Value offset;    // i64 bytes
  mlir::Type elemType;   // LLVM-compatible
  int lanes;
  unsigned elemBytes;
  unsigned align;    // bytes the address is known aligned to (see ir/buffer_extent.h)
  bool tensorExtent; // bounded at its tensor's extent (see ir/buffer_extent.h)
};

Access describeAccess(mlir::Operation *op, mlir::OpBuilder &b, mlir::Location loc, mlir::Value rsrc,
                      mlir::Value off, mlir::Value soff, mlir::Type type) {
  Resource r = resourceOf(b, loc, rsrc);
  Access a;
  a.base = r.base;
  a.numBytes = r.numBytes;
  // Hardware offsets are unsigned 32-bit: a negative element offset lands far out of range.
  mlir::Value sum = mlir::arith::AddIOp::create(b, loc, off, soff);
  a.offset = mlir::arith::ExtUIOp::create(b, loc, b.getI64Type(), sum);
  auto vec = mlir::dyn_cast<mlir::VectorType>(type);
  a.elemType = vec ? vec.getElementType() : type;
  a.lanes = vec ? vec.getNumElements() : 1;
  a.elemBytes = a.elemType.getIntOrFloatBitWidth() / 8;
  a.tensorExtent = r.tensorExtent;
  // A copy wider than its tensor's elements moves them as integer words (a 32-bit copy of f16
  // elements is an i32 access bitcast from or to vector<2xf16>), and its address is aligned
  // only to those elements: AMD's buffer instructions take that, the emulating targets' loads
  // and stores must not assume the word's alignment (on cuda a misaligned one faults).
  a.align = a.elemBytes;
  auto elementBytesOf = [](mlir::Type t) {
    auto vec = mlir::dyn_cast<mlir::VectorType>(t);
    mlir::Type e = vec ? vec.getElementType() : t;
    return e.isIntOrFloat() ? std::max(1u, e.getIntOrFloatBitWidth() / 8) : 1u;
  };
  auto narrow = [&](mlir::Type moved) { a.align = std::min(a.align, elementBytesOf(moved)); };
  if (auto load = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferLoadOp>(op)) {
    for (mlir::Operation *user : load.getRes().getUsers())
      if (auto cast = mlir::dyn_cast<mlir::LLVM::BitcastOp>(user))
        narrow(cast.getType());
  } else if (auto store = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferStoreOp>(op)) {
    if (auto cast = store.getVdata().getDefiningOp<mlir::LLVM::BitcastOp>())
      narrow(cast.getArg().getType());
  }
  return a;
}

mlir::Value i64Const(mlir::OpBuilder &b, mlir::Location loc, int64_t v) {
  return mlir::arith::ConstantOp::create(b, loc, b.getI64Type(), b.getI64IntegerAttr(v));
}

// Whether `bytes` bytes at `offset + first` lie inside the resource.
mlir::Value inRange(mlir::OpBuilder &b, mlir::Location loc, const Access &a, int64_t first,
                    int64_t bytes) {
  mlir::Value end = mlir::arith::AddIOp::create(b, loc, a.offset, i64Const(b, loc, first + bytes));
  return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ule, end, a.numBytes);
}

mlir::Value addressAt(mlir::OpBuilder &b, mlir::Location loc, const Access &a, int64_t first) {
  mlir::Value off = mlir::arith::AddIOp::create(b, loc, a.offset, i64Const(b, loc, first));
  return mlir::LLVM::GEPOp::create(b, loc, a.base.getType(), b.getI8Type(), a.base,
                                   mlir::ValueRange{off});
}

// The bytes of an access to a resource bounded at its tensor's extent, each read where it
// lies inside and zero past it, as a value of `type`.
mlir::Value loadBytes(mlir::OpBuilder &b, mlir::Location loc, const Access &a, mlir::Type type) {
  int64_t n = int64_t(a.elemBytes) * a.lanes;
  auto bytesType = mlir::VectorType::get({n}, b.getI8Type());
  mlir::Value zero = mlir::arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0));
  mlir::Value out = mlir::arith::ConstantOp::create(b, loc, b.getZeroAttr(bytesType));
  for (int64_t i = 0; i < n; ++i) {
    auto byte = mlir::scf::IfOp::create(b, loc, mlir::TypeRange{b.getI8Type()},
                                        inRange(b, loc, a, i, 1), true, true);
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(byte.thenBlock());
    mlir::scf::YieldOp::create(b, loc,
                               mlir::ValueRange{mlir::LLVM::LoadOp::create(
                                   b, loc, b.getI8Type(), addressAt(b, loc, a, i), 1)});
    b.setInsertionPointToStart(byte.elseBlock());
    mlir::scf::YieldOp::create(b, loc, zero);
    b.setInsertionPointAfter(byte);
    mlir::Value pos =
        mlir::arith::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i));
    out = mlir::LLVM::InsertElementOp::create(b, loc, out, byte.getResult(0), pos);
  }
  return mlir::LLVM::BitcastOp::create(b, loc, type, out);
}

// The bytes of `data` stored where they lie inside a resource bounded at its tensor's extent.
void storeBytes(mlir::OpBuilder &b, mlir::Location loc, const Access &a, mlir::Value data) {
  int64_t n = int64_t(a.elemBytes) * a.lanes;
  auto bytesType = mlir::VectorType::get({n}, b.getI8Type());
  mlir::Value bytes = mlir::LLVM::BitcastOp::create(b, loc, bytesType, data);
  for (int64_t i = 0; i < n; ++i) {
    auto byte = mlir::scf::IfOp::create(b, loc, inRange(b, loc, a, i, 1), false);
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(byte.thenBlock()->getTerminator());
    mlir::Value pos =
        mlir::arith::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i));
    mlir::Value v = mlir::LLVM::ExtractElementOp::create(b, loc, bytes, pos);
    mlir::LLVM::StoreOp::create(b, loc, v, addressAt(b, loc, a, i), 1);
  }
}

void emulateLoad(mlir::ROCDL::RawPtrBufferLoadOp op) {
  mlir::OpBuilder b(op);
  auto loc = op.getLoc();
  mlir::Type type = op.getRes().getType();
  Access a = describeAccess(op, b, loc, op.getRsrc(), op.getOffset(), op.getSoffset(), type);
  auto whole = mlir::scf::IfOp::create(b, loc, mlir::TypeRange{type},
                                       inRange(b, loc, a, 0, int64_t(a.elemBytes) * a.lanes),
                                       true, true);
  {
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(whole.thenBlock());
    mlir::Value v = mlir::LLVM::LoadOp::create(b, loc, type, addressAt(b, loc, a, 0), a.align);
    mlir::scf::YieldOp::create(b, loc, v);
    // Partly outside: element by element, zeros outside; byte by byte at a tensor's extent.
    b.setInsertionPointToStart(whole.elseBlock());
    if (a.tensorExtent) {
      mlir::scf::YieldOp::create(b, loc, loadBytes(b, loc, a, type));
      op.getRes().replaceAllUsesWith(whole.getResult(0));
      op.erase();
      return;
    }
    mlir::Value zero = mlir::arith::ConstantOp::create(b, loc, b.getZeroAttr(a.elemType));
    mlir::Value out = mlir::arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
    for (int i = 0; a.lanes > 1 && i < a.lanes; ++i) {
      int64_t first = int64_t(i) * a.elemBytes;
      auto lane = mlir::scf::IfOp::create(b, loc, mlir::TypeRange{a.elemType},
                                          inRange(b, loc, a, first, a.elemBytes), true, true);
      mlir::OpBuilder::InsertionGuard lg(b);
      b.setInsertionPointToStart(lane.thenBlock());
      mlir::scf::YieldOp::create(b, loc,
                                 mlir::ValueRange{mlir::LLVM::LoadOp::create(
                                     b, loc, a.elemType, addressAt(b, loc, a, first), a.align)});
      b.setInsertionPointToStart(lane.elseBlock());
      mlir::scf::YieldOp::create(b, loc, zero);
      b.setInsertionPointAfter(lane);
      mlir::Value pos = mlir::arith::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i));
      out = mlir::LLVM::InsertElementOp::create(b, loc, out, lane.getResult(0), pos);
    }
    mlir::scf::YieldOp::create(b, loc, out);
  }
  op.getRes().replaceAllUsesWith(whole.getResult(0));
  op.erase();
}

// Lane `i` of a written vector; the value itself when it has one lane.
mlir::Value laneOf(mlir::OpBuilder &b, mlir::Location loc, const Access &a, mlir::Value data,
                   int i) {
  if (a.lanes == 1)
    return data;
  mlir::Value pos = mlir::arith::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i));
  return mlir::LLVM::ExtractElementOp::create(b, loc, data, pos);
}

// The `if` on whether every byte a write moves lies inside the resource.
mlir::scf::IfOp ifWholeInRange(mlir::OpBuilder &b, mlir::Location loc, const Access &a,
                               bool withElse) {
  return mlir::scf::IfOp::create(b, loc, inRange(b, loc, a, 0, int64_t(a.elemBytes) * a.lanes),
                                 withElse);
}

void emulateStore(mlir::ROCDL::RawPtrBufferStoreOp op) {
  mlir::OpBuilder b(op);
  auto loc = op.getLoc();
  mlir::Value data = op.getVdata();
  Access a =
      describeAccess(op, b, loc, op.getRsrc(), op.getOffset(), op.getSoffset(), data.getType());
  auto whole = ifWholeInRange(b, loc, a, /*withElse=*/true);
  {
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(whole.thenBlock()->getTerminator());
    mlir::LLVM::StoreOp::create(b, loc, data, addressAt(b, loc, a, 0), a.align);
    b.setInsertionPoint(whole.elseBlock()->getTerminator());
    if (a.tensorExtent)
      storeBytes(b, loc, a, data);
    for (int i = 0; !a.tensorExtent && a.lanes > 1 && i < a.lanes; ++i) {
      int64_t first = int64_t(i) * a.elemBytes;
      auto lane = mlir::scf::IfOp::create(b, loc, inRange(b, loc, a, first, a.elemBytes), false);
      mlir::OpBuilder::InsertionGuard lg(b);
      b.setInsertionPoint(lane.thenBlock()->getTerminator());
      mlir::LLVM::StoreOp::create(b, loc, laneOf(b, loc, a, data, i), addressAt(b, loc, a, first),
                                  a.align);
    }
  }
  op.erase();
}

// A buffer atomic as the hardware does it: dropped where its bytes leave the resource, else
// each lane combined atomically (a pair's two adds are independent in the instruction too).
template <class AtomicOp> void emulateAtomic(AtomicOp op, mlir::LLVM::AtomicBinOp bin) {
  mlir::OpBuilder b(op);
  auto loc = op.getLoc();
  mlir::Value data = op.getVdata();
  Access a =
      describeAccess(op, b, loc, op.getRsrc(), op.getOffset(), op.getSoffset(), data.getType());
  auto whole = ifWholeInRange(b, loc, a, /*withElse=*/false);
  mlir::OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(whole.thenBlock()->getTerminator());
  for (int i = 0; i < a.lanes; ++i)
    mlir::LLVM::AtomicRMWOp::create(b, loc, bin, addressAt(b, loc, a, int64_t(i) * a.elemBytes),
                                    laneOf(b, loc, a, data, i),
                                    mlir::LLVM::AtomicOrdering::monotonic);
  op.erase();
}

// The bytes a buffer load into LDS moves per lane (its size operand, a constant), 0 if unknown.
int64_t bytesPerLane(mlir::ROCDL::RawPtrBufferLoadLdsOp op) {
  auto size = op.getSize().getDefiningOp<mlir::arith::ConstantOp>();
  return size ? mlir::cast<mlir::IntegerAttr>(size.getValue()).getInt() : 0;
}

// A buffer load into LDS as the hardware does it: the bytes a plain buffer load would give
// (zeros outside the resource), stored at the LDS base plus this lane's share. The base is M0,
// which the backend reads from the first active lane: lane 0's here (readfirstlane, emulated
// over the wave later), so a wave's lanes agree on it as they do on the hardware.
void splitLoadToLds(mlir::ROCDL::RawPtrBufferLoadLdsOp op) {
  mlir::OpBuilder b(op);
  auto loc = op.getLoc();
  int64_t bytes = bytesPerLane(op);
  if (bytes != 4 && bytes != 16)
    throw CompileError("a buffer load into LDS of other than 4 or 16 bytes");
  mlir::Type type = bytes == 4 ? mlir::Type(b.getI32Type())
                               : mlir::Type(mlir::VectorType::get({4}, b.getI32Type()));
  mlir::Value offset = mlir::arith::AddIOp::create(b, loc, op.getVoffset(), op.getOffset());
  auto load = mlir::ROCDL::RawPtrBufferLoadOp::create(
      b, loc, type, op.getRsrc(), offset, op.getSoffset(), op.getAux(), nullptr, nullptr, nullptr);
  mlir::Value lane = mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                                      mlir::gpu::LaneIdOp::create(b, loc, nullptr));
  mlir::Value share = mlir::arith::MulIOp::create(b, loc, lane, i64Const(b, loc, bytes));
  mlir::Type ldsType = op.getLdsPtr().getType();
  mlir::Value mine = mlir::LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), op.getLdsPtr());
  mlir::Value m0 = mlir::ROCDL::ReadfirstlaneOp::create(b, loc, b.getI64Type(), mine);
  mlir::Value base = mlir::LLVM::IntToPtrOp::create(b, loc, ldsType, m0);
  mlir::Value at =
      mlir::LLVM::GEPOp::create(b, loc, ldsType, b.getI8Type(), base, mlir::ValueRange{share});
  mlir::LLVM::StoreOp::create(b, loc, load, at, 4);
  op.erase();
}

} // namespace

void checkBufferOps(mlir::ModuleOp m, const std::string &arch) {
  bool gfx9 = arch.rfind("gfx9", 0) == 0, gfx12 = arch.rfind("gfx12", 0) == 0;
  m.walk([&](mlir::ROCDL::RawPtrBufferAtomicFaddOp op) {
    auto vec = mlir::dyn_cast<mlir::VectorType>(op.getVdata().getType());
    if (!gfx9 && !gfx12)
      throw CompileError("buffer atomic adds need a gfx9 (CDNA) or gfx12 arch, not " + arch);
    if (vec && vec.getElementType().isBF16() && gfx9 && arch != "gfx950")
      throw CompileError("a buffer atomic add of a bf16 pair needs gfx950 or gfx12; " + arch +
                         " has f32 and f16-pair ones");
  });
  m.walk([&](mlir::ROCDL::RawPtrBufferAtomicFmaxOp op) {
    if (gfx9)
      throw CompileError("a buffer atomic max of floats needs gfx10, gfx11 or gfx12 "
                         "(buffer_atomic_fmax); " +
                         arch + " has none (an atomic max on a plain tensor has one)");
  });
  m.walk([&](mlir::ROCDL::RawPtrBufferLoadLdsOp op) {
    int64_t bytes = bytesPerLane(op);
    if (arch.rfind("gfx9", 0) != 0)
      throw CompileError("buffer loads into LDS (FLY_COPY_BUFFER_TO_LDS) need a gfx9 (CDNA) "
                         "arch, not " +
                         arch);
    if (bytes != 4 && arch != "gfx950")
      throw CompileError("a " + std::to_string(8 * bytes) +
                         "-bit buffer load into LDS needs gfx950; " + arch + " has 32-bit ones");
  });
}

namespace {

/// The type AMDGPU's instruction selection takes for `data` of a buffer load or store: scalars,
/// vectors of 32- and 64-bit elements and pairs, quads and octets of 16-bit ones as they are
/// (null); other vectors, such as byte vectors (fp8 and i8 tiles) and six 16-bit values, as
/// the integer or i32 vector of their width. LLVM 22 aborts on those, and on any access of
/// another size than the instructions': that is a CompileError.
mlir::Type dwordsFor(mlir::Type data) {
  auto vec = mlir::dyn_cast<mlir::VectorType>(data);
  mlir::Type element = mlir::getElementTypeOrSelf(data);
  if (!element.isIntOrFloat())
    return {};
  unsigned elemBits = element.getIntOrFloatBitWidth();
  int64_t bytes = int64_t(elemBits) * (vec ? vec.getNumElements() : 1) / 8;
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 12 && bytes != 16)
    throw CompileError("a buffer load or store of " + std::to_string(bytes) +
                       " bytes: AMD's buffer instructions move 1, 2, 4, 8, 12 or 16 bytes");
  if (!vec || elemBits >= 32 || (elemBits == 16 && bytes != 2 && bytes != 12))
    return {};
  mlir::MLIRContext *ctx = data.getContext();
  if (bytes <= 4)
    return mlir::IntegerType::get(ctx, 8 * bytes);
  return mlir::VectorType::get({bytes / 4}, mlir::IntegerType::get(ctx, 32));
}

} // namespace

void moveBufferBytesAsDwords(mlir::ModuleOp m) {
  m.walk([](mlir::ROCDL::RawPtrBufferLoadOp op) {
    mlir::Type dwords = dwordsFor(op.getType());
    if (!dwords)
      return;
    mlir::OpBuilder b(op);
    b.setInsertionPointAfter(op);
    mlir::Type bytes = op.getType();
    op.getResult().setType(dwords);
    auto cast = mlir::LLVM::BitcastOp::create(b, op.getLoc(), bytes, op.getResult());
    op.getResult().replaceAllUsesExcept(cast, cast);
  });
  m.walk([](mlir::ROCDL::RawPtrBufferStoreOp op) {
    if (mlir::Type dwords = dwordsFor(op.getVdata().getType())) {
      mlir::OpBuilder b(op);
      op.getVdataMutable().assign(
          mlir::LLVM::BitcastOp::create(b, op.getLoc(), dwords, op.getVdata()));
    }
  });
}

void setBufferFlags(mlir::ModuleOp m, const std::string &arch) {
  m.walk([&](mlir::ROCDL::MakeBufferRsrcOp op) {
    mlir::OpBuilder b(op);
    uint32_t flags = bufferFlags(arch);
    op.getFlagsMutable().assign(mlir::arith::ConstantOp::create(
        b, op.getLoc(), b.getI32Type(), b.getI32IntegerAttr(int32_t(flags))));
  });
}

void emulateBufferOps(mlir::ModuleOp m) {
  llvm::SmallVector<mlir::ROCDL::RawPtrBufferLoadLdsOp> toLds;
  m.walk([&](mlir::ROCDL::RawPtrBufferLoadLdsOp op) { toLds.push_back(op); });
  for (auto op : toLds)
    splitLoadToLds(op);
  llvm::SmallVector<mlir::Operation *> ops;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::ROCDL::RawPtrBufferLoadOp, mlir::ROCDL::RawPtrBufferStoreOp,
                  mlir::ROCDL::RawPtrBufferAtomicFaddOp, mlir::ROCDL::RawPtrBufferAtomicFmaxOp,
                  mlir::ROCDL::RawPtrBufferAtomicSmaxOp, mlir::ROCDL::RawPtrBufferAtomicUminOp>(op))
      ops.push_back(op);
  });
  using Bin = mlir::LLVM::AtomicBinOp;
  for (mlir::Operation *op : ops) {
    if (auto load = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferLoadOp>(op))
      emulateLoad(load);
    else if (auto add = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferAtomicFaddOp>(op))
      emulateAtomic(add, Bin::fadd);
    else if (auto fmax = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferAtomicFmaxOp>(op))
      emulateAtomic(fmax, Bin::fmax);
    else if (auto smax = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferAtomicSmaxOp>(op))
      emulateAtomic(smax, Bin::max);
    else if (auto umin = mlir::dyn_cast<mlir::ROCDL::RawPtrBufferAtomicUminOp>(op))
      emulateAtomic(umin, Bin::umin);
    else
      emulateStore(mlir::cast<mlir::ROCDL::RawPtrBufferStoreOp>(op));
  }
  // Choices between resources went with their accesses, innermost last.
  llvm::SmallVector<mlir::arith::SelectOp> choices;
  m.walk([&](mlir::arith::SelectOp op) {
    auto ptr = mlir::dyn_cast<mlir::LLVM::LLVMPointerType>(op.getType());
    if (ptr && ptr.getAddressSpace() == 8)
      choices.push_back(op);
  });
  for (auto op : llvm::reverse(choices))
    if (op->use_empty())
      op.erase();
  llvm::SmallVector<mlir::ROCDL::MakeBufferRsrcOp> makes;
  m.walk([&](mlir::ROCDL::MakeBufferRsrcOp op) { makes.push_back(op); });
  for (auto op : makes) {
    if (!op->use_empty())
      throw CompileError("a buffer resource is used by an operation this target cannot run");
    op.erase();
  }
}

} // namespace fly::compiler
