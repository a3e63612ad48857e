//===- kernel_impl.h - The MLIR side of ir::Kernel, shared by its TUs -*- C++ -*-===//
//
// Private to src/ir: kernel_builder.cpp (scalars, memory, control flow) and kernel_layout.cpp
// (layouts, tensors with layouts, atoms, tiled copies) build one kernel through this state.
// Every tensor is a base pointer plus a layout (src/layout) whose leaves are host integers or
// SsaInts: values computed inside the kernel. The layout algebra runs unchanged on both;
// where it combines an SsaInt, the kernel gets the arith op (see ir/ssa_int.h).
//
//===-------------------------------------------------------------------------------===//
#ifndef FLYDSL_IR_KERNEL_IMPL_H
#define FLYDSL_IR_KERNEL_IMPL_H

#include "ir/kernel.h"
#include "ir/mlir_module.h"
#include "ir/ssa_int.h"
#include "layout/layout.h"
#include "layout/swizzle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

#include <deque>
#include <functional>
#include <memory>
#include <optional>

namespace fly::ir {

using mlir::OpBuilder;
using MValue = mlir::Value;

struct CopyAtomInfo;
struct TiledCopyInfo;

inline const char *kindName(ValueKind k) {
  switch (k) {
  case ValueKind::Scalar:
    return "scalar";
  case ValueKind::Tensor:
    return "tensor";
  case ValueKind::Buffer:
    return "buffer resource";
  case ValueKind::IntTuple:
    return "tuple";
  case ValueKind::Layout:
    return "layout";
  case ValueKind::CopyAtom:
    return "copy atom";
  case ValueKind::TiledCopy:
    return "tiled copy";
  case ValueKind::TmaDescriptor:
    return "TMA descriptor";
  case ValueKind::TiledMma:
    return "tiled MMA";
  }
  return "value";
}

/// What a TMA descriptor copies: boxes of its tensor's element type, `box` per tensor mode, mode
/// `contiguous` (stride 1) the descriptor's first dimension.
struct TmaInfo {
  DType dtype;
  std::vector<int64_t> box;
  int swizzleBytes;
  int contiguous;
};

/// The most lanes a vector value has: a whole register fragment of a large tile (FlyDSL's
/// `frag.load()` of a 256x256 accumulator over 256 threads has 256).
constexpr int kMaxLanes = 1024;

struct Entry {
  MValue v; // a scalar or vector; a tensor's base pointer; a buffer's resource
  DType dtype = DType::I32;
  int lanes = 1;
  ValueKind kind = ValueKind::Scalar;
  bool tensor = false;
  bool buffer = false; // v is an AMD buffer resource over a tensor of dtype
  int rank = 0;        // tensors: rank of the layout
  unsigned addrSpace = 1;
  // Tensors: the element layout. Tuples and layouts: the value itself.
  std::optional<layout::Layout> layout;
  std::optional<layout::IntTuple> tuple;
  int64_t baseAlign = 1; // tensors: bytes the base pointer is known to be a multiple of
  // A coordinate tensor (make_identity_tensor): its layout has basis strides (1@0, 1@1, ...)
  // and an element is identityOffset plus the layout's value, one integer per coordinate.
  bool identity = false;
  std::vector<layout::Int> identityOffset;
  // The structure of an element where it is nested (an identity tensor of ((2,3),4) gives
  // ((i,j),k)): identityOffset holds its leaves in order, and the leaf at path p counts the
  // strides of basis p (1@0@1 is the second leaf's). Flat elements have none.
  std::optional<layout::IntTuple> identityProfile;
  // A tensor made by make_buffer_tensor: the resource over the whole tensor, and this view's
  // first element counted from the resource's.
  MValue rsrc;
  layout::Int rsrcOffset = layout::Int(0);
  // A swizzled tensor (swizzle o offset o layout): the pointer stays at the swizzle's base and
  // an element at layout offset x lives at swizzle(swizzleOffset + x).
  std::optional<layout::Swizzle> swizzle;
  layout::Int swizzleOffset = layout::Int(0);
  // The tensor as the Fly value of the op that made it (a partition, a retile) and what that
  // value stands for: the Fly view of the tensor while those fields are still the same.
  struct FlyForm {
    MValue value, base, rsrc;
    layout::Layout layout;
    layout::Int swizzleOffset, rsrcOffset;
    std::optional<layout::Swizzle> swizzle;
    DType dtype;
  };
  std::optional<FlyForm> fly;
  std::shared_ptr<const CopyAtomInfo> atom;
  std::shared_ptr<const TiledCopyInfo> tiled;
  std::shared_ptr<const layout::TiledMma> mma;
  std::shared_ptr<const TmaInfo> tma; // TMA descriptors
  int paramIndex = -1; // parameters get their MLIR values when the function is created
  TensorSpec spec;     // tensor parameters: what is static
};

struct Frame {
  enum class Kind { For, If, WhileBefore, WhileBody } kind;
  mlir::Operation *op;
  bool inElse = false;
  std::vector<DType> resultTypes;
  bool typesFromThen =
      false; // an if whose result types come from its then branch's yields
};

struct Kernel::Impl {
  Module::Impl *mod;
  Kernel *self = nullptr;
  std::string name;
  std::vector<Param> params;
  std::vector<mlir::Type> argTypes;
  // Deques: builder functions hold Entry* and hand out Value* across calls that create
  // new values, so neither may move when it grows.
  std::deque<Entry> entries;
  std::deque<Value> handles;
  std::vector<Frame> frames;
  mlir::gpu::GPUFuncOp func;
  OpBuilder b;
  std::string error;
  bool finished = false;
  uint64_t sharedBytes = 0;
  uint64_t sharedAlign = 16;
  uint64_t dynamicArenaBytes = 0; // what dynamicSharedAllocate carved from dynamic shared memory
  uint64_t dynamicArenaAlign = 0; // the widest alignment one of those asked for
  bool gridDependencyWait = false; // fly_kernel_grid_dependency_wait was called
  unsigned fastMath = 0;           // arith::FastMathFlags bits that new float ops carry
  MValue sharedBase, dynamicSharedBase;

  Impl(Module::Impl *m, std::string n) : mod(m), name(std::move(n)), b(&m->context) {}

  mlir::MLIRContext *ctx() { return &mod->context; }
  mlir::Location loc() { return b.getUnknownLoc(); }

  bool ok() const { return error.empty() && !finished; }

  void fail(std::string message) {
    if (error.empty())
      error = name + ": " + message;
  }

  /// Fails where `d` has no storage (isRegisterOnly) for `what`, which needs memory.
  bool refuseRegisterOnly(DType d, const std::string &what) {
    if (!isRegisterOnly(d))
      return false;
    fail(what + " cannot be of " + dtypeName(d) +
         ": its values live in registers only (bitcast packed words to a vector of it)");
    return true;
  }

  Value *newValue(Entry e) {
    entries.push_back(std::move(e));
    handles.push_back(Value{kValueMagic, self, static_cast<uint32_t>(entries.size() - 1)});
    return &handles.back();
  }
  // A scalar or vector value; the lanes come from its type.
  Value *scalar(MValue v, DType d) {
    Entry e;
    e.v = v;
    e.dtype = d;
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(v.getType()))
      e.lanes = vt.getNumElements();
    return newValue(std::move(e));
  }

  mlir::Type typeOf(DType d, int lanes) {
    mlir::Type t = mlirType(ctx(), d);
    return lanes > 1 ? mlir::Type(mlir::VectorType::get({lanes}, t)) : t;
  }

  // Checks that a handle belongs to this kernel and is visible at the insertion point.
  Entry *get(Value *h, const char *what) {
    if (!h) {
      fail(std::string(what) + " is NULL");
      return nullptr;
    }
    if (h->magic != kValueMagic) {
      fail(std::string(what) + " is not a value handle");
      return nullptr;
    }
    if (h->owner != self) {
      fail(std::string(what) + " belongs to another kernel");
      return nullptr;
    }
    Entry &e = entries[h->id];
    if (e.v && func) {
      mlir::Region *defRegion = e.v.getParentRegion();
      if (!defRegion->isAncestor(b.getInsertionBlock()->getParent())) {
        fail(std::string(what) + " was defined inside a loop or branch that has ended");
        return nullptr;
      }
    }
    return &e;
  }
  // A scalar or a vector.
  Entry *getValue(Value *h, const char *what) {
    Entry *e = get(h, what);
    if (e && e->kind != ValueKind::Scalar) {
      fail(std::string(what) + " is a " + kindName(e->kind) + " where a value is needed");
      return nullptr;
    }
    return e;
  }
  Entry *getScalar(Value *h, const char *what) {
    Entry *e = getValue(h, what);
    if (e && e->lanes > 1) {
      fail(std::string(what) + " is a vector where a scalar is needed");
      return nullptr;
    }
    return e;
  }
  bool checkLanes(int lanes, DType d) {
    if (lanes < 1 || lanes > kMaxLanes || d == DType::Index) {
      fail("a vector has 1.." + std::to_string(kMaxLanes) + " lanes of a non-index dtype, got " +
           std::to_string(lanes) + " lanes of " + dtypeName(d));
      return false;
    }
    return true;
  }
  bool sameShape(Entry *a, Entry *b, const char *what) {
    if (a->dtype == b->dtype && a->lanes == b->lanes)
      return true;
    fail(std::string(what) + " needs operands of one type, got " + describe(*a) + " and " +
         describe(*b));
    return false;
  }
  static std::string describe(const Entry &e) {
    std::string d = dtypeName(e.dtype);
    return e.lanes > 1 ? "vector<" + std::to_string(e.lanes) + "x" + d + ">" : d;
  }
  Entry *getTensor(Value *h, const char *what) {
    Entry *e = get(h, what);
    if (e && !e->tensor) {
      fail(std::string(what) + " is a " + kindName(e->kind) + " where a tensor is needed");
      return nullptr;
    }
    return e;
  }

  // Creates the gpu.func on the first operation: parameters are all known by then.
  bool ensureFunc() {
    if (func)
      return true;
    OpBuilder mb(ctx());
    mb.setInsertionPointToEnd(mod->gpuModule.getBody());
    auto type = mb.getFunctionType(argTypes, {});
    func = mlir::gpu::GPUFuncOp::create(mb, loc(), name, type);
    func->setAttr(mlir::gpu::GPUDialect::getKernelFuncAttrName(), mb.getUnitAttr());
    mlir::Block &entry = func.getBody().front();
    b.setInsertionPointToEnd(&entry);
    for (Entry &e : entries) {
      if (e.paramIndex < 0)
        continue;
      unsigned a = e.paramIndex;
      if (e.tensor) {
        e.v = entry.getArgument(a);
        e.layout = paramLayout(e, entry, a);
      } else {
        e.v = entry.getArgument(a);
      }
    }
    return true;
  }

  bool startOp() {
    if (!ok())
      return false;
    return ensureFunc();
  }

  MValue constantOf(DType d, double v, int lanes = 1) {
    mlir::Type t = mlirType(ctx(), d);
    mlir::TypedAttr a = isFloat(d) ? mlir::TypedAttr(b.getFloatAttr(t, v))
                                   : mlir::TypedAttr(b.getIntegerAttr(t, (int64_t)v));
    if (lanes > 1)
      a = mlir::DenseElementsAttr::get(mlir::VectorType::get({lanes}, t), mlir::Attribute(a));
    return mlir::arith::ConstantOp::create(b, loc(), a);
  }

  MValue toI64(MValue v, DType d) {
    auto i64 = b.getI64Type();
    if (d == DType::I64)
      return v;
    if (d == DType::Index)
      return mlir::arith::IndexCastOp::create(b, loc(), i64, v);
    if (d == DType::I1)
      return mlir::arith::ExtUIOp::create(b, loc(), i64, v);
    return mlir::arith::ExtSIOp::create(b, loc(), i64, v);
  }

  // fp8 values live in memory (and in LLVM vector ops) as i8: LLVM has no fp8 type.
  mlir::Type memType(DType d, int lanes = 1) {
    if (isFp8(d))
      return typeOf(DType::I8, lanes);
    return typeOf(d, lanes);
  }
  MValue toMem(MValue v, DType d, int lanes) {
    if (memType(d, lanes) == typeOf(d, lanes))
      return v;
    return mlir::arith::BitcastOp::create(b, loc(), memType(d, lanes), v);
  }
  MValue fromMem(MValue v, DType d, int lanes) {
    if (memType(d, lanes) == typeOf(d, lanes))
      return v;
    return mlir::arith::BitcastOp::create(b, loc(), typeOf(d, lanes), v);
  }

  // Vectors are aligned to their size (a power of two), scalars to their element.
  unsigned alignmentOf(DType d, int lanes) {
    unsigned bytes = bitWidth(d) / 8 * lanes;
    return (bytes & (bytes - 1)) == 0 ? bytes : bitWidth(d) / 8;
  }

  MValue loadAt(MValue ptr, DType d, int lanes = 1) {
    MValue v = mlir::LLVM::LoadOp::create(b, loc(), memType(d, lanes), ptr, alignmentOf(d, lanes));
    return fromMem(v, d, lanes);
  }

  void storeAt(MValue v, MValue ptr, DType d, int lanes = 1) {
    mlir::LLVM::StoreOp::create(b, loc(), toMem(v, d, lanes), ptr, alignmentOf(d, lanes));
  }

  /// Why `op` cannot combine `d` values atomically, or nothing when it can.
  static std::optional<std::string> atomicRefusal(AtomicOp op, DType d);
  /// One relaxed atomic read-modify-write of `v` (a `d`) into `ptr` at LLVM sync scope
  /// `scope` ("" for the system's); the old value.
  MValue atomicRmw(AtomicOp op, MValue ptr, MValue v, DType d, const std::string &scope);

  // The block's static (or dynamic) shared memory base: a call that each target replaces,
  // made once at the kernel's entry so that every use dominates.
  MValue sharedBasePtr(bool dynamic) {
    MValue &base = dynamic ? dynamicSharedBase : sharedBase;
    if (base)
      return base;
    const char *callee = dynamic ? kDynamicSharedBaseFn : kSharedBaseFn;
    auto ptr3 = mlir::LLVM::LLVMPointerType::get(ctx(), 3);
    auto fnType = b.getFunctionType({}, {ptr3});
    if (!mod->gpuModule.lookupSymbol(callee)) {
      OpBuilder mb(ctx());
      mb.setInsertionPointToStart(mod->gpuModule.getBody());
      auto decl = mlir::func::FuncOp::create(mb, loc(), callee, fnType);
      decl.setPrivate();
    }
    OpBuilder eb(ctx());
    eb.setInsertionPointToStart(&func.getBody().front());
    base = mlir::func::CallOp::create(eb, loc(), callee, mlir::TypeRange{ptr3}, mlir::ValueRange{})
               .getResult(0);
    return base;
  }

  // Layout leaves (kernel_layout.cpp).
  layout::Layout paramLayout(const Entry &e, mlir::Block &entry, unsigned firstArg);
  /// A dynamic leaf of value `v`, a multiple of `divisor`, at most `bound` in magnitude
  /// (0: what the ops that computed `v` allow, see magnitudeBound).
  layout::Int dynamicInt(MValue v, int64_t divisor, uint64_t bound = 0) {
    return SsaInt::make(b, loc(), LeafWidth::Bounds, v, divisor, bound);
  }
  /// A leaf as an integer value of type `t` (i64 by default): a constant or its SsaInt's.
  MValue materialize(const layout::Int &x, mlir::Type t = {}) {
    return SsaInt::materialize(b, loc(), x, t ? t : mlir::Type(b.getI64Type()));
  }
  /// The Fly form of what the builder computes on layouts: ops that fly-layout-lowering lowers.
  /// A scalar the Fly ops `build` give (read by fly.get_scalar), or the static leaf `types` (the
  /// algebra on the operands' types, which carry the leaves' divisors) gives; i64 where `wide`
  /// or `bound` passes 2^31. Throws a LayoutError (call within algebra()) where the types'
  /// algebra does.
  layout::Int flyScalar(const std::function<layout::Int()> &types,
                        const std::function<MValue()> &build, bool wide, uint64_t bound);
  /// A tuple, as flyScalar: its structure and static leaves from `types`, its dynamic leaves
  /// those of the Fly value `build` gives, read back by fly.get_leaves.
  layout::IntTuple flyTupleResult(const std::function<layout::IntTuple()> &types,
                                  const std::function<MValue()> &build, bool wide, uint64_t bound);
  /// The offset l(crd) (fly.crd2idx), as flyScalar.
  layout::Int flyOffset(const layout::Layout &l, const layout::IntTuple &crd);
  /// size(l) or cosize(l) (fly.size, fly.cosize), as flyScalar.
  layout::Int flySize(const layout::Layout &l, bool cosize);
  /// An int tuple's or layout's value (e.kind IntTuple or Layout) as a Fly value: the
  /// construction ops of its dynamic leaves (fly.make_int_tuple, fly.make_layout).
  MValue flyValueOf(const Entry &e);
  /// Whether l and crd have a Fly form: integer leaves (a basis stride, as a coordinate tensor's,
  /// has none here yet).
  bool flyForm(const layout::Layout &l, const layout::IntTuple &crd);
  /// The address of the element at `offset` (a leaf of the tensor's layout's codomain).
  MValue elementAddress(Entry &t, const layout::Int &offset);
  /// sw(x) as an i64 (a constant where x is static).
  MValue swizzled(const layout::Swizzle &sw, const layout::Int &x);
  /// A coordinate of integer scalars, one per top-level mode of the tensor's layout, as a tuple.
  std::optional<layout::IntTuple> coordinateOf(Entry &t, const std::vector<Value *> &coord);
  /// The offset of a coordinate, one integer per top-level mode of the tensor's layout.
  std::optional<layout::Int> offsetOf(Entry &t, const std::vector<Value *> &coord);
  MValue address(Entry &t, const std::vector<Value *> &coord);
  /// Whether the element of `t` at `crd` is read and written as FlyDSL writes it (fly.make_view
  /// of the tensor, fly.memref.load / store), which fly-layout-lowering lowers: plain global,
  /// shared or register tensors of types memory holds as they are, at a coordinate of integers.
  /// Other tensors (swizzled ones not aligned to their span, buffers, coordinates, fp8 and
  /// sub-byte elements) get their addresses here (address, elementAddress).
  bool flyElementAccess(const Entry &t, const layout::IntTuple &crd);
  /// fly.memref.load of `t` at `crd`, checked as fly.crd2idx is; null after a failure.
  MValue flyLoad(Entry &t, const layout::IntTuple &crd);
  /// fly.memref.store of `v` into `t` at `crd`; false after a failure.
  bool flyStore(MValue v, Entry &t, const layout::IntTuple &crd);
  // Buffer access at an element offset from a buffer tensor's view.
  MValue bufferLoadAt(Entry &t, const layout::Int &offset, int lanes);
  void bufferStoreAt(Entry &t, MValue v, const layout::Int &offset, int lanes);
  /// `lanes` consecutive elements of `t` at element offset `offset` (at coordinate `coord`) read
  /// or written through FlyDSL's pointers (fly.ptr.load / store of the element's pointer, or
  /// of a buffer tensor's buffer pointer); elements LLVM packs (i1, sub-byte) by LLVM's own
  /// loads and stores.
  MValue elementLoad(Entry &t, const layout::Int &offset, int lanes);
  void elementStore(MValue v, Entry &t, const layout::Int &offset, int lanes);
  MValue elementLoad(Entry &t, const std::vector<Value *> &coord, int lanes);
  void elementStore(MValue v, Entry &t, const std::vector<Value *> &coord, int lanes);
  /// Runs a layout-algebra step; a LayoutError becomes the kernel's error.
  template <class F> bool algebra(const char *op, F &&f) {
    try {
      f();
      return true;
    } catch (const layout::LayoutError &e) {
      fail(std::string(op) + ": " + e.what());
      return false;
    }
  }
};

} // namespace fly::ir

#endif // FLYDSL_IR_KERNEL_IMPL_H
