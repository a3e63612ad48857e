//===- kernel_tma.cpp - Bulk tensor copies (TMA) and mbarriers --------------------===//
//
// Hopper's tensor memory accelerator copies a box of a global tensor into shared memory
// without the threads computing an address: one thread names the box's coordinates and an
// mbarrier, and the barrier's phase completes when the box's bytes have landed. The box's
// description (the tensor's address, extents, strides, the box and the swizzle) is a TMA
// descriptor that the host builds at launch; the kernel receives a pointer to it as a hidden
// parameter. mbarriers also count arrivals, so they order producers and consumers in shared
// memory without a barrier of the whole block.
//
//===------------------------------------------------------------------------------===//

#include "ir/kernel_impl.h"

#include "ir/fly/fly_nvvm_dialect.h"
#include "layout/copy.h"
#include "layout/ops.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace fly::ir {

using layout::Int;
using layout::IntTuple;

namespace {

int log2Exact(int64_t v) {
  int l = 0;
  while ((int64_t(1) << l) < v)
    ++l;
  return (int64_t(1) << l) == v ? l : -1;
}

/// The address of mbarrier bars[index].
MValue mbarrierAddress(Kernel::Impl &k, Value *hbars, Value *hindex, const char *op) {
  Entry *bars = k.getTensor(hbars, "mbarriers");
  if (!bars)
    return {};
  if (bars->addrSpace != 3 || bars->dtype != DType::I64 || bars->identity || bars->swizzle) {
    k.fail(std::string(op) + ": mbarriers are a shared-memory tensor of i64");
    return {};
  }
  Entry *index = k.getScalar(hindex, "mbarrier index");
  if (!index)
    return {};
  if (!isInteger(index->dtype) || index->dtype == DType::I1) {
    k.fail(std::string(op) + ": the mbarrier index must be an integer, got " +
           dtypeName(index->dtype));
    return {};
  }
  MValue address;
  k.algebra(op, [&] {
    Int at = k.dynamicInt(k.toI64(index->v, index->dtype), 1);
    address = k.elementAddress(*bars, layout::evaluate(*bars->layout, IntTuple(at)).leaf());
  });
  return address;
}

/// The mbarrier at `address` as FlyNVVM's mbarrier ops take it: a !fly.ptr<i64, shared>.
MValue mbarrierPointer(Kernel::Impl &k, MValue address) {
  auto type = fly::PointerType::get(k.ctx(), k.b.getI64Type(), fly::Shared, 8, {});
  return fly::MakePtrOp::create(k.b, k.loc(), type, mlir::ValueRange{address},
                                mlir::DictionaryAttr());
}

/// The index among the kernel's parameters of tensor parameter `t`.
size_t paramOrdinal(const Kernel::Impl &k, const Entry &t) {
  int arg = 0;
  for (size_t i = 0; i < k.params.size(); ++i) {
    if (arg == t.paramIndex)
      return i;
    const Param &p = k.params[i];
    arg += p.kind == Param::Kind::Tensor ? 1 + 2 * p.rank : 1;
  }
  return k.params.size();
}

MValue constI32(Kernel::Impl &k, int64_t v) {
  return mlir::LLVM::ConstantOp::create(k.b, k.loc(), k.b.getI32Type(),
                                        k.b.getI32IntegerAttr(int32_t(v)));
}

} // namespace

Value *Kernel::tmaDescriptor(Value *htensor, const std::vector<int64_t> &box, int swizzleBytes) {
  Impl &k = *impl_;
  if (!k.ok())
    return nullptr;
  Entry *t = k.getTensor(htensor, "TMA tensor");
  if (!t)
    return nullptr;
  if (t->paramIndex < 0) {
    k.fail("a TMA descriptor describes a tensor parameter");
    return nullptr;
  }
  int rank = t->rank;
  if (rank > 5 || int(box.size()) != rank) {
    k.fail("a TMA descriptor needs one box extent per mode of a tensor of rank 1..5, got " +
           std::to_string(box.size()) + " for rank " + std::to_string(rank));
    return nullptr;
  }
  int contiguous = -1;
  for (int m = 0; m < rank; ++m)
    if (m < int(t->spec.stride.size()) && t->spec.stride[m] == 1)
      contiguous = contiguous < 0 ? m : contiguous;
  if (contiguous < 0) {
    k.fail("a TMA descriptor's tensor needs a mode of static stride 1 (declare it in the "
           "tensor's spec)");
    return nullptr;
  }
  int64_t elem = bitWidth(t->dtype) / 8;
  for (int64_t b : box)
    if (b < 1 || b > 256) {
      k.fail("a TMA box extent is 1..256, got " + std::to_string(b));
      return nullptr;
    }
  int64_t innerBytes = box[contiguous] * elem;
  if (innerBytes % 16 != 0) {
    k.fail("a TMA box's contiguous extent must span a multiple of 16 bytes, got " +
           std::to_string(innerBytes));
    return nullptr;
  }
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 && swizzleBytes != 128) {
    k.fail("a TMA swizzle is 0, 32, 64 or 128 bytes, got " + std::to_string(swizzleBytes));
    return nullptr;
  }
  if (swizzleBytes && innerBytes > swizzleBytes) {
    k.fail("a TMA box's contiguous extent (" + std::to_string(innerBytes) +
           " bytes) must fit its " + std::to_string(swizzleBytes) + "-byte swizzle");
    return nullptr;
  }
  // The tensor's pointer and strides must be multiples of 16 bytes: the launcher checks them.
  size_t ordinal = paramOrdinal(k, *t);
  t->spec.alignBytes = std::max<int64_t>(t->spec.alignBytes, 16);
  t->baseAlign = std::max<int64_t>(t->baseAlign, 16);
  k.params[ordinal].spec.alignBytes = t->spec.alignBytes;
  Entry e;
  e.kind = ValueKind::TmaDescriptor;
  e.dtype = t->dtype;
  e.tma = std::make_shared<TmaInfo>(TmaInfo{t->dtype, box, swizzleBytes, contiguous});
  auto ptr = mlir::LLVM::LLVMPointerType::get(k.ctx());
  if (k.func) {
    // Declared inside the body (as Python kernels do): the function's new last argument. No
    // other parameter can follow once operations exist, so descriptors stay last.
    unsigned at = k.func.getNumArguments();
    if (mlir::failed(k.func.insertArgument(at, ptr, mlir::DictionaryAttr(), k.loc()))) {
      k.fail("cannot add the TMA descriptor's parameter");
      return nullptr;
    }
    e.v = k.func.getArgument(at);
  } else {
    e.paramIndex = k.argTypes.size();
  }
  k.argTypes.push_back(ptr);
  Param p;
  p.kind = Param::Kind::TmaDescriptor;
  p.dtype = t->dtype;
  p.rank = rank;
  p.tensor = int(ordinal);
  p.box = box;
  p.swizzleBytes = swizzleBytes;
  k.params.push_back(std::move(p));
  return k.newValue(std::move(e));
}

void Kernel::mbarrierInit(Value *bars, Value *index, int64_t arrivals) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (arrivals < 1 || arrivals > 1024) {
    k.fail("mbarrier_init: the expected arrivals are 1..1024, got " + std::to_string(arrivals));
    return;
  }
  MValue at = mbarrierAddress(k, bars, index, "mbarrier_init");
  if (!at)
    return;
  fly_nvvm::MBarrierInitOp::create(k.b, k.loc(), mbarrierPointer(k, at), int32_t(arrivals));
}

void Kernel::mbarrierArrive(Value *bars, Value *index, int64_t txBytes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (txBytes < 0 || txBytes >= (int64_t(1) << 20)) {
    k.fail("mbarrier_arrive: the expected transaction bytes are 0..2^20-1, got " +
           std::to_string(txBytes));
    return;
  }
  MValue at = mbarrierAddress(k, bars, index, "mbarrier_arrive");
  if (!at)
    return;
  fly_nvvm::MBarrierArriveExpectTxOp::create(k.b, k.loc(), mbarrierPointer(k, at),
                                             int32_t(txBytes));
}

void Kernel::mbarrierWait(Value *bars, Value *index, Value *hparity) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  MValue at = mbarrierAddress(k, bars, index, "mbarrier_wait");
  if (!at)
    return;
  Entry *parity = k.getScalar(hparity, "mbarrier parity");
  if (!parity)
    return;
  if (!isInteger(parity->dtype) || parity->dtype == DType::I1) {
    k.fail(std::string("mbarrier_wait: the parity must be an integer, got ") +
           dtypeName(parity->dtype));
    return;
  }
  MValue p = k.toI64(parity->v, parity->dtype);
  p = mlir::arith::TruncIOp::create(k.b, k.loc(), k.b.getI32Type(), p);
  p = mlir::arith::AndIOp::create(k.b, k.loc(), p, constI32(k, 1));
  fly_nvvm::MBarrierTryWaitParityOp::create(k.b, k.loc(), mbarrierPointer(k, at), p);
}

void Kernel::setBlockSize(int64_t x, int64_t y, int64_t z) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (x < 1 || y < 1 || z < 1 || x * y * z > 1024) {
    k.fail("set_block_size: a block is 1..1024 threads of positive extents, got (" +
           std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ")");
    return;
  }
  k.func.setKnownBlockSizeAttr(k.b.getDenseI32ArrayAttr({int32_t(x), int32_t(y), int32_t(z)}));
}

void Kernel::setMaxRegisters(int64_t count, bool increase) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (count < 24 || count > 256 || count % 8 != 0) {
    k.fail("set_max_registers: a count of 24..256 registers, a multiple of 8, got " +
           std::to_string(count));
    return;
  }
  if (!k.func.getKnownBlockSize()) {
    k.fail("set_max_registers needs the kernel's block size first (set_block_size)");
    return;
  }
  mlir::NVVM::SetMaxRegisterOp::create(k.b, k.loc(), int32_t(count),
                                       increase ? mlir::NVVM::SetMaxRegisterAction::increase
                                                : mlir::NVVM::SetMaxRegisterAction::decrease);
}

namespace {

/// The bulk copy's element order, and the address in `smem` where the box starts: the copy
/// moves the box densely, the descriptor's first dimension (the contiguous mode) fastest, then
/// the other modes in order, swizzled: byte bits [4, 4 + B) take the XOR of bits [7, 7 + B),
/// B = log2(swizzle / 16). `smem`'s layout must hold each element where the copy puts it.
/// Null (and the kernel failed) where it does not.
MValue boxAddress(Kernel::Impl &k, const Entry &desc, Value *hsmem, const char *op,
                  std::vector<int> &order) {
  const TmaInfo &tma = *desc.tma;
  Entry *dst = k.getTensor(hsmem, "TMA shared tensor");
  if (!dst)
    return {};
  if (dst->addrSpace != 3 || dst->identity || dst->rsrc) {
    k.fail(std::string(op) + " copies between global memory and a shared-memory tensor");
    return {};
  }
  if (dst->dtype != tma.dtype) {
    k.fail(std::string(op) + " of " + dtypeName(tma.dtype) + " with a shared tensor of " +
           dtypeName(dst->dtype));
    return {};
  }
  int rank = int(tma.box.size());
  int64_t elem = bitWidth(tma.dtype) / 8;
  order = {tma.contiguous};
  for (int m = 0; m < rank; ++m)
    if (m != tma.contiguous)
      order.push_back(m);
  std::vector<int64_t> pitch(rank);
  int64_t run = 1;
  for (int m : order) {
    pitch[m] = run;
    run *= tma.box[m];
  }
  MValue address;
  k.algebra(op, [&] {
    const layout::Layout &l = *dst->layout;
    if (l.rank() != size_t(rank))
      layout::fail(layout::ErrorKind::RankMismatch, "the shared tensor " + l.str() +
                                                        " needs one mode per box mode (" +
                                                        std::to_string(rank) + ")");
    for (int m = 0; m < rank; ++m) {
      layout::Layout mode = l.mode(m);
      std::vector<Int> shape, stride;
      layout::flattenInto(mode.shape(), shape);
      layout::flattenInto(mode.stride(), stride);
      int64_t below = 1;
      for (size_t j = 0; j < shape.size(); ++j) {
        int64_t s = shape[j].value();
        if (s > 1 && stride[j].value() != pitch[m] * below)
          layout::fail(layout::ErrorKind::Divisibility,
                       "the shared tensor " + l.str() +
                           " does not place the box as the bulk copy "
                           "moves it (mode " +
                           std::to_string(m) + " at stride " + std::to_string(pitch[m]) + ")");
        below *= s;
      }
      if (below != tma.box[m])
        layout::fail(layout::ErrorKind::RankMismatch,
                     "the shared tensor " + l.str() + " has " + std::to_string(below) +
                         " elements in mode " + std::to_string(m) + ", the box " +
                         std::to_string(tma.box[m]));
    }
    Int first = layout::evaluate(l, IntTuple(Int(0))).leaf();
    Int start = dst->swizzle ? layout::add(dst->swizzleOffset, first) : first;
    if (!start.isStatic())
      layout::fail(layout::ErrorKind::Divisibility,
                   "the shared tensor's first element must be at a static offset");
    int64_t startBytes = start.value() * elem;
    if (startBytes % 128 != 0 || dst->baseAlign < 128)
      layout::fail(layout::ErrorKind::Divisibility,
                   "a bulk copy's shared tensor starts on 128 bytes, got offset " +
                       std::to_string(startBytes) + " from a base aligned to " +
                       std::to_string(dst->baseAlign));
    if (bool(dst->swizzle) != bool(tma.swizzleBytes))
      layout::fail(layout::ErrorKind::Divisibility,
                   std::string("the shared tensor is ") + (dst->swizzle ? "" : "not ") +
                       "swizzled, the descriptor's swizzle is " + std::to_string(tma.swizzleBytes) +
                       " bytes");
    if (dst->swizzle) {
      int elemLog = log2Exact(elem);
      layout::Swizzle expected(log2Exact(tma.swizzleBytes / 16), 4 - elemLog, 3);
      if (!(*dst->swizzle == expected) || dst->baseAlign < 8 * tma.swizzleBytes)
        layout::fail(layout::ErrorKind::Divisibility,
                     "a " + std::to_string(tma.swizzleBytes) + "-byte bulk-copy swizzle is " +
                         expected.str() + " over " + std::to_string(elem) +
                         "-byte elements on a base aligned to " +
                         std::to_string(8 * tma.swizzleBytes) + " bytes; the shared tensor has " +
                         dst->swizzle->str() + " aligned to " + std::to_string(dst->baseAlign));
    }
    address = mlir::LLVM::GEPOp::create(k.b, k.loc(), dst->v.getType(), k.memType(dst->dtype),
                                        dst->v, mlir::ValueRange{k.materialize(start)});
  });
  return address;
}

/// The shared-memory box at `address` (of tensor `hbox`) as FlyNVVM's bulk copies take it.
MValue boxPointer(Kernel::Impl &k, Value *hbox, MValue address) {
  mlir::Type element = k.typeOf(k.get(hbox, "box")->dtype, 1);
  auto type = fly::PointerType::get(k.ctx(), element, fly::Shared, fly::elementBytes(element), {});
  return fly::MakePtrOp::create(k.b, k.loc(), type, mlir::ValueRange{address},
                                mlir::DictionaryAttr());
}

/// `hdesc` as a TMA descriptor; null (and the kernel failed) if it is none.
const Entry *descriptorOf(Kernel::Impl &k, Value *hdesc, const char *op) {
  Entry *desc = k.get(hdesc, "TMA descriptor");
  if (desc && desc->kind != ValueKind::TmaDescriptor) {
    k.fail(std::string(op) + " takes a TMA descriptor, got a " + kindName(desc->kind));
    return nullptr;
  }
  return desc;
}

/// The box coordinates `hcoord` in the copy's order, as i32.
bool boxCoordinates(Kernel::Impl &k, const Entry &desc, Value *hcoord, const char *op,
                    const std::vector<int> &order, std::vector<MValue> &coords) {
  Entry *coord = k.get(hcoord, "TMA coordinate");
  if (!coord)
    return false;
  size_t rank = desc.tma->box.size();
  if (coord->kind != ValueKind::IntTuple || coord->tuple->rank() != rank) {
    k.fail(std::string(op) + " takes a tuple of " + std::to_string(rank) + " coordinates");
    return false;
  }
  for (int m : order) {
    const IntTuple &c = (*coord->tuple)[m];
    if (!c.isLeaf()) {
      k.fail(std::string(op) + ": coordinate " + std::to_string(m) + " is not an integer");
      return false;
    }
    coords.push_back(k.materialize(c.leaf(), k.b.getI32Type()));
  }
  return true;
}

} // namespace

void Kernel::tmaLoad(Value *hdesc, Value *hdst, Value *hcoord, Value *bars, Value *index) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  const Entry *desc = descriptorOf(k, hdesc, "tma_load");
  if (!desc)
    return;
  std::vector<int> order;
  MValue dstAddress = boxAddress(k, *desc, hdst, "tma_load", order);
  if (!dstAddress)
    return;
  std::vector<MValue> coords;
  if (!boxCoordinates(k, *desc, hcoord, "tma_load", order, coords))
    return;
  MValue mbar = mbarrierAddress(k, bars, index, "tma_load");
  if (!mbar)
    return;
  fly_nvvm::TmaLoadOp::create(k.b, k.loc(), desc->v, boxPointer(k, hdst, dstAddress),
                              mbarrierPointer(k, mbar), coords);
}

void Kernel::tmaStore(Value *hdesc, Value *hsrc, Value *hcoord) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  const Entry *desc = descriptorOf(k, hdesc, "tma_store");
  if (!desc)
    return;
  std::vector<int> order;
  MValue srcAddress = boxAddress(k, *desc, hsrc, "tma_store", order);
  if (!srcAddress)
    return;
  std::vector<MValue> coords;
  if (!boxCoordinates(k, *desc, hcoord, "tma_store", order, coords))
    return;
  // Each store is a bulk group of its own, so that tmaStoreWait counts stores.
  fly_nvvm::TmaStoreOp::create(k.b, k.loc(), desc->v, boxPointer(k, hsrc, srcAddress), coords);
}

void Kernel::tmaStoreWait(int64_t pending) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (pending < 0 || pending > 63) {
    k.fail("tma_store_wait: 0..63 stores may stay pending, got " + std::to_string(pending));
    return;
  }
  fly_nvvm::TmaStoreWaitOp::create(k.b, k.loc(), int32_t(pending));
}

void Kernel::namedBarrier(int64_t id, int64_t threads) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (id < 1 || id > 15) {
    k.fail("named_barrier: the barrier is 1..15 (0 is the whole block's), got " +
           std::to_string(id));
    return;
  }
  if (threads < 32 || threads > 1024 || threads % 32 != 0) {
    k.fail("named_barrier: 32..1024 threads, whole warps, got " + std::to_string(threads));
    return;
  }
  mlir::NVVM::BarrierOp::create(k.b, k.loc(), mlir::Type(), constI32(k, id), constI32(k, threads),
                                mlir::NVVM::BarrierReductionAttr(), MValue());
}

void Kernel::gridDependencyWait() {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  mlir::NVVM::GriddepcontrolOp::create(k.b, k.loc(), mlir::NVVM::GridDepActionKind::wait);
  k.gridDependencyWait = true;
}

void Kernel::launchDependents() {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  mlir::NVVM::GriddepcontrolOp::create(k.b, k.loc(),
                                       mlir::NVVM::GridDepActionKind::launch_dependents);
}

bool Kernel::waitsOnGridDependency() const { return impl_->gridDependencyWait; }

} // namespace fly::ir
