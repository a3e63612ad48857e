//===- fly_layout_lowering.cpp - Layout values to arith, then to LLVM -----===//
//
// fly-layout-lowering runs the layout algebra a second time, now on SSA leaves:
// each layout value becomes a src/layout Layout whose dynamic leaves are SSA
// integers (ir/ssa_int.h's SsaInt, the kernel builder's leaves: i32 as FlyDSL's
// leaves are or as wide as the values they came from; with no-wrap, i64 wherever
// a value may pass 2^31), each algebra op calls computeLayout, the function that gave
// the op its result type, and where the algebra combines an SsaInt the pass
// emits the arith op. fly.crd2idx and the queries then become arith on those
// leaves (constants where static: a static layout costs no division or
// remainder), and the layout values, left without uses, go.
//
// One class, two passes. fly-layout-lowering (FlyDSL's) first expands each fly.copy into its
// atom calls and stops after the layouts: what other Fly ops still use of a tuple or layout
// is built again as construction ops of its value, register tensors become a pointer to their
// registers and a view, and pointers, tensors and atom calls stay Fly ops. fly-lower-to-llvm
// goes on: pointers become LLVM pointers and tensors a pointer plus such a layout (and a
// swizzle), so tensor accesses become getelementptr and llvm.load/llvm.store at the offsets
// the layout gives; register tensors become llvm.alloca (after
// fly-promote-regmem-to-vectorssa, only those it could not promote). Copy atom calls must have
// been lowered by fly-atom-lowering first (a buffer copy's: here, with its buffer pointers).
//
//===----------------------------------------------------------------------===//

#include "ir/amd_matrix_core.h"
#include "ir/buffer_extent.h"
#include "ir/fly/fly_dialect.h"
#include "ir/fly/fly_nvvm_dialect.h"
#include "ir/fly/fly_rocdl_dialect.h"
#include "ir/mlir_module.h"
#include "ir/nvidia_matrix_core.h"
#include "ir/printf_format.h"
#include "ir/ssa_int.h"
#include "layout/copy.h"
#include "layout/text.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <numeric>

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;
namespace FR = fly::ir::fly_rocdl;
namespace FN = fly::ir::fly_nvvm;
using fly::ir::castInt;
using fly::ir::LeafWidth;
using fly::ir::SsaInt;

namespace {

/// `t` as LLVM keeps it in memory: floats LLVM has no type for (fp8) as integers of their
/// width, element by element in vectors; null where `t` needs no change.
Type storageType(Type t) {
  if (auto v = dyn_cast<VectorType>(t)) {
    Type e = storageType(v.getElementType());
    return e ? VectorType::get(v.getShape(), e) : Type();
  }
  auto f = dyn_cast<FloatType>(t);
  if (!f || LLVM::isCompatibleFloatingPointType(f))
    return {};
  return IntegerType::get(t.getContext(), f.getWidth());
}

/// Loads, stores, bitcasts (a buffer copy's values to and from its words), allocas and
/// getelementptrs of fp8 values and elements, which LLVM cannot translate, made ones of integers
/// of the same width; the values pass through arith.bitcast.
void legalizeStorage(Operation *root) {
  root->walk([](Operation *op) {
    OpBuilder b(op);
    auto storeResult = [&](Value result) {
      if (Type st = storageType(result.getType())) {
        b.setInsertionPointAfter(result.getDefiningOp());
        Type original = result.getType();
        result.setType(st);
        auto cast = arith::BitcastOp::create(b, result.getLoc(), original, result);
        result.replaceAllUsesExcept(cast, cast);
      }
    };
    if (auto l = dyn_cast<LLVM::LoadOp>(op)) {
      storeResult(l.getResult());
    } else if (auto c = dyn_cast<LLVM::BitcastOp>(op)) {
      if (Type st = storageType(c.getArg().getType()))
        c.getArgMutable().assign(arith::BitcastOp::create(b, c.getLoc(), st, c.getArg()));
      storeResult(c.getResult());
    } else if (auto s = dyn_cast<LLVM::StoreOp>(op)) {
      if (Type st = storageType(s.getValue().getType()))
        s.getValueMutable().assign(arith::BitcastOp::create(b, s.getLoc(), st, s.getValue()));
    } else if (auto g = dyn_cast<LLVM::GEPOp>(op)) {
      if (Type st = storageType(g.getElemType()))
        g.setElemType(st);
    } else if (auto a = dyn_cast<LLVM::AllocaOp>(op)) {
      if (Type st = storageType(a.getElemType()))
        a.setElemType(st);
    }
  });
}

/// A tensor being lowered: its LLVM pointer, its layout on SSA leaves, its swizzle of offsets
/// and its pointer's swizzle of byte addresses (one of the two at most).
struct TensorParts {
  Value ptr;
  L::Layout layout;
  std::optional<L::Swizzle> swizzle;
  std::optional<L::Swizzle> addressSwizzle = std::nullopt;
};

struct LayoutLoweringPass : PassWrapper<LayoutLoweringPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LayoutLoweringPass)

  explicit LayoutLoweringPass(bool layoutsOnly = true) : layoutsOnly(layoutsOnly) {
    addLoweringOptions();
  }
  LayoutLoweringPass(const LayoutLoweringPass &other)
      : PassWrapper(other), layoutsOnly(other.layoutsOnly) {
    addLoweringOptions();
  }
  /// FlyDSL's fly-layout-lowering: int tuples and layouts resolved into Fly construction ops and
  /// arith, everything else left in Fly. Otherwise (fly-lower-to-llvm) every Fly op of the body.
  bool layoutsOnly;
  /// FlyDSL computes leaves in their own width (i32 leaves wrap past 2^31); kernels built
  /// here ask for i64 wherever a value may pass it (and i32 where it provably cannot).
  Option<bool> noWrap{*this, "no-wrap",
                      llvm::cl::desc("compute leaves in i64 where they may pass 2^31, in i32 "
                                     "where they provably fit"),
                      llvm::cl::init(false)};
  LeafWidth leafWidth() const { return noWrap ? LeafWidth::Bounds : LeafWidth::Operands; }
  /// fly-lower-to-llvm's: the library's targets resolve matrix-core atoms late (each arch
  /// checks its instructions, the cpu target emulates them), from calls of the atom; FlyDSL's
  /// pipeline emits the instruction here.
  std::optional<Option<bool>> mmaCalls;
  void addLoweringOptions() {
    if (!layoutsOnly)
      mmaCalls.emplace(*this, "mma-calls",
                       llvm::cl::desc("MFMA, WMMA and mma.sync atom calls as calls of "
                                      "__fly_mma.<instruction> on the lane's values, with the "
                                      "atom's shape and layouts, for the target to resolve"),
                       llvm::cl::init(false));
  }
  /// A leaf for `v`: static where it is a constant.
  L::Int leaf(OpBuilder &b, Location loc, Value v, int64_t divisor = 1) const {
    return SsaInt::leaf(b, loc, leafWidth(), v, divisor);
  }

  StringRef getArgument() const final {
    return layoutsOnly ? "fly-layout-lowering" : "fly-lower-to-llvm";
  }
  StringRef getName() const final { return getArgument(); } // one class, two passes to time
  StringRef getDescription() const final {
    return layoutsOnly ? "Resolve int tuples, layouts and their algebra (static or with SSA "
                         "leaves) into Fly construction ops and arith; pointers, tensors and "
                         "copies stay, with fly.add_offset chains in their normal form"
                       : "Lower layout values, fly.crd2idx and queries to arith, and pointers and "
                         "tensors to LLVM pointers, loads and stores";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                NVVM::NVVMDialect, ROCDL::ROCDLDialect, scf::SCFDialect, vector::VectorDialect>();
  }

  llvm::DenseMap<Value, L::Layout> layouts;
  llvm::DenseMap<Value, L::IntTuple> tuples;
  llvm::DenseMap<Value, Value> ptrs;
  llvm::DenseMap<Value, Value> atoms; // copy atoms with state: the struct of their fields
  std::vector<TensorParts> tensorStore;
  llvm::DenseMap<Value, size_t> tensors;
  /// Coordinate tensors: base and layout, on SSA leaves.
  llvm::DenseMap<Value, std::pair<L::IntTuple, L::Layout>> coordTensors;
  /// Pointers to a constant element of a base, one per block (two accesses at one place share
  /// their address, as FlyDSL's lowering gives it).
  llvm::DenseMap<std::tuple<Value, Type, int64_t, Block *>, Value> constantGeps;
  llvm::DenseMap<Operation *, LLVM::GlobalOp> dynamicShareds;
  /// A pointer `bytes` past an aligned base: an address swizzle that spans no more than that
  /// alignment swizzles the bytes and leaves the base alone, as the kernel builder's own
  /// swizzled tensors do (the base's bits stay out of the arithmetic, offsets fold).
  struct Anchor {
    Value base;
    L::Int bytes;
    int64_t align;
  };
  llvm::DenseMap<Value, Anchor> anchors; // by the LLVM pointer

  /// What a Fly value became; a value not defined by a Fly op of this walk (a block argument)
  /// is an error, not a crash.
  template <class M> auto &lookup(M &map, Value v) {
    auto it = map.find(v);
    if (it == map.end())
      L::fail(L::ErrorKind::Unsupported,
              "its Fly operands must be defined by Fly ops before it in the same region "
              "(block arguments of Fly types are not lowered)");
    return it->second;
  }
  /// The LLVM pointer a Fly pointer lowers to. A pointer block argument stands for itself through
  /// fly.to_llvm_ptr, which a later signature conversion (convert-fly-to-rocdl) resolves once the
  /// block takes an LLVM pointer.
  Value ptr(Value v) {
    auto it = ptrs.find(v);
    auto arg = dyn_cast<BlockArgument>(v);
    auto type = dyn_cast<PointerType>(v.getType());
    if (it != ptrs.end() || !arg || !type)
      return lookup(ptrs, v);
    OpBuilder b = OpBuilder::atBlockBegin(arg.getOwner());
    unsigned space = type.getAddressSpace();
    Type lowered = space == BufferDesc ? Type(bufferPointerType(b.getContext()))
                                       : Type(LLVM::LLVMPointerType::get(b.getContext(), space));
    return ptrs[v] = ToLLVMPtrOp::create(b, arg.getLoc(), lowered, v,
                                         b.getI32IntegerAttr(int32_t(space)));
  }
  TensorParts &tensor(Value v) { return tensorStore[lookup(tensors, v)]; }
  void setTensor(Value v, TensorParts t) {
    tensors[v] = tensorStore.size();
    tensorStore.push_back(std::move(t));
  }

  static bool isBuffer(Value lowered) {
    return lowered.getType() == bufferPointerType(lowered.getContext());
  }
  /// Tensors over buffers are read and written through their element pointers (fly.ptr.load /
  /// store, or copy atoms); the memref access ops take other tensors.
  static void refuseBuffer(const TensorParts &t) {
    if (isBuffer(t.ptr))
      L::fail(L::ErrorKind::Unsupported,
              "a tensor over a buffer descriptor is read and written through fly.ptr.load / "
              "fly.ptr.store of its element pointers or by copy atoms, not by memref accesses");
  }

  /// `base + offset` elements of `element` (base itself at offset 0, unless `always`).
  /// A buffer pointer (resource, element offset) moves by adding to its offset field.
  Value gep(OpBuilder &b, Location loc, Value base, Type element, const L::Int &offset,
            bool always = false) {
    if (!always && offset.isStatic() && !offset.isBasis() && offset.value() == 0)
      return base;
    if (isSubByteElement(element))
      L::fail(L::ErrorKind::Unsupported,
              "a tensor of " + std::to_string(element.getIntOrFloatBitWidth()) +
                  "-bit elements is a register fragment read and written whole; its elements "
                  "past the first have no address of their own");
    Value i = SsaInt::materialize(b, loc, offset); // i32 or i64, as the offset was computed
    if (isBuffer(base)) {
      Value by = castInt(b, loc, i, b.getI32Type()); // the offset field: 32 bits
      return withBufferOffset(b, loc, base,
                              arith::AddIOp::create(b, loc, bufferOffset(b, loc, base), by));
    }
    if (i.getType().isIndex())
      i = castInt(b, loc, i, b.getI64Type());
    Value at = LLVM::GEPOp::create(b, loc, base.getType(), element, base, ValueRange{i});
    if (auto a = anchors.find(base); a != anchors.end()) {
      Anchor moved = a->second;
      moved.bytes = L::add(moved.bytes, L::mul(offset, L::Int(elementBytes(element))));
      anchors[at] = moved;
    }
    return at;
  }

  /// As gep, but a constant offset from one base in one block is computed once.
  Value sharedGep(OpBuilder &b, Location loc, Value base, Type element, const L::Int &offset) {
    if (!offset.isStatic() || offset.isBasis() || isBuffer(base))
      return gep(b, loc, base, element, offset);
    Value &at = constantGeps[{base, element, offset.value(), b.getInsertionBlock()}];
    if (!at)
      at = gep(b, loc, base, element, offset);
    return at;
  }

  /// The elements of a coordinate tensor of integers, base + layout(i) for each index i, as
  /// one vector: the constant ones in one constant, then each run-time one computed and
  /// inserted in turn. Which are constant, the tensor's type says.
  Value coordinates(OpBuilder &b, Location loc, MemRefLoadVecOp m) {
    auto declared = cast<CoordTensorType>(m.getTensor().getType());
    const auto &[base, layout] = lookup(coordTensors, m.getTensor());
    auto type = cast<VectorType>(m.getType());
    Type element = type.getElementType();
    auto at = [](const L::IntTuple &base, const L::Layout &l, int64_t i) {
      return L::add(base.leaf(), L::evaluate(l, L::IntTuple(L::Int(i))).leaf());
    };
    SmallVector<APInt> constants;
    SmallVector<int64_t> dynamic;
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      L::Int x = at(declared.getBase().getTuple(), declared.getLayout().getLayout(), i);
      constants.push_back(APInt(element.getIntOrFloatBitWidth(),
                                x.isStatic() ? uint64_t(x.value()) : 0, /*isSigned=*/true));
      if (!x.isStatic())
        dynamic.push_back(i);
    }
    Value whole = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, constants));
    for (int64_t i : dynamic)
      whole = vector::InsertOp::create(b, loc,
                                       SsaInt::materialize(b, loc, at(base, layout, i), element),
                                       whole, ArrayRef<int64_t>{i});
    return whole;
  }

  /// The coordinate of tensor `t` whose leaves are `leaves`, in order.
  L::IntTuple coordOf(OpBuilder &b, Location loc, const TensorParts &t, ValueRange leaves) const {
    std::vector<L::Int> ints;
    for (Value v : leaves)
      ints.push_back(leaf(b, loc, v));
    return L::unflatten(t.layout.shape(), ints);
  }

  /// The offset of coordinate `coord` (or an index) in tensor `t`, through its swizzle.
  L::Int offsetOf(OpBuilder &b, Location loc, const TensorParts &t,
                  const L::IntTuple &coord) const {
    L::Int o = L::evaluate(t.layout, coord).leaf();
    if (!t.swizzle)
      return o;
    if (o.isStatic())
      return L::Int(t.swizzle->apply(o.value()));
    return SsaInt::make(b, loc, leafWidth(),
                        swizzled(b, loc, SsaInt::materialize(b, loc, o), *t.swizzle));
  }

  /// x ^ ((x & yyy) >> S) on an integer value, with a negative S shifting left.
  static Value swizzled(OpBuilder &b, Location loc, Value x, const L::Swizzle &swizzle) {
    Value mask = SsaInt::materialize(b, loc, L::Int(swizzle.yyyMask()), x.getType());
    Value yyy = arith::AndIOp::create(b, loc, x, mask);
    int s = swizzle.shift();
    Value by = SsaInt::materialize(b, loc, L::Int(s < 0 ? -s : s), x.getType());
    Value moved = s < 0 ? Value(arith::ShLIOp::create(b, loc, yyy, by))
                        : Value(arith::ShRUIOp::create(b, loc, yyy, by));
    return arith::XOrIOp::create(b, loc, x, moved);
  }

  /// How load_vec / store_vec walk a static tensor: runs along the first flattened mode whose
  /// stride is 1 (none under a swizzle: one element a run), in coordinate order of the other
  /// modes. The runs then sit in the vector as `(other modes reversed..., run)` row-major, which
  /// `toCoordinateOrder` permutes to the tensor's coordinate order.
  struct Runs {
    std::vector<int64_t> shape; // the flattened modes' extents
    size_t mode = 0;            // the mode runs go along
    int64_t width = 1;          // elements per run
  };

  /// The runs of a static tensor.
  Runs planRuns(Value tensorValue) {
    const TensorParts &t = tensor(tensorValue);
    refuseBuffer(t);
    L::Layout flat = L::flatten(t.layout);
    std::vector<L::Int> shape, stride;
    L::flattenInto(flat.shape(), shape);
    L::flattenInto(flat.stride(), stride);
    Runs runs;
    for (const L::Int &n : shape) {
      if (!n.isStatic())
        L::fail(L::ErrorKind::Unsupported,
                "a whole-tensor vector needs a static shape, not " + t.layout.shape().str());
      runs.shape.push_back(n.value());
    }
    auto unit = [](const L::Int &d) { return d.isStatic() && !d.isBasis() && d.value() == 1; };
    auto j = std::find_if(stride.begin(), stride.end(), unit);
    if (j != stride.end() && !t.swizzle && !t.addressSwizzle) {
      runs.mode = size_t(j - stride.begin());
      runs.width = runs.shape[runs.mode];
    }
    return runs;
  }

  /// Calls f(address, position in the run-order vector, vector type, alignment) for each run.
  template <class F>
  void forEachRun(OpBuilder &b, Location loc, Value tensorValue, const Runs &runs, F f) {
    const TensorParts &t = tensor(tensorValue);
    auto type = cast<FlyMemRefType>(tensorValue.getType());
    L::Layout flat = L::flatten(t.layout);
    std::vector<int64_t> rest; // the other modes' extents: the order runs come in
    for (size_t m = 0; m < runs.shape.size(); ++m)
      if (m != runs.mode || runs.width == 1)
        rest.push_back(runs.shape[m]);
    int64_t calls = L::size(flat).value() / runs.width;
    auto vector = VectorType::get({runs.width}, type.getElementType());
    TensorParts parts{t.ptr, flat, t.swizzle};
    for (int64_t c = 0; c < calls; ++c) {
      std::vector<L::IntTuple> crd;
      for (size_t m = 0, r = 0, k = c; m < runs.shape.size(); ++m) {
        if (m == runs.mode && runs.width > 1) {
          crd.push_back(L::IntTuple(0));
          continue;
        }
        crd.push_back(L::IntTuple(int64_t(k % uint64_t(rest[r]))));
        k /= uint64_t(rest[r++]);
      }
      L::IntTuple coord = crd.size() == 1 ? crd.front() : L::IntTuple::tuple(std::move(crd));
      L::Int off = offsetOf(b, loc, parts, coord);
      Value at = gep(b, loc, t.ptr, type.getElementType(), off, /*always=*/true);
      f(swizzledAddress(b, loc, at, t.addressSwizzle), c * runs.width, vector,
        unsigned(alignmentAt(type, off)));
    }
  }

  /// `v` (a whole tensor's values) from run order to coordinate order, or back (`inverse`):
  /// shape_cast to the row-major form of one order, transpose, shape_cast back. Runs along the
  /// first mode are already in coordinate order.
  static Value toCoordinateOrder(OpBuilder &b, Location loc, Value v, const Runs &runs,
                                 bool inverse) {
    if (runs.mode == 0 || runs.width == 1)
      return v;
    size_t rank = runs.shape.size();
    std::vector<size_t> runOrder; // row-major dims of the run-order vector, as flattened modes
    for (size_t m = rank; m-- > 0;)
      if (m != runs.mode)
        runOrder.push_back(m);
    runOrder.push_back(runs.mode);
    SmallVector<int64_t> from, to, perm; // dims of the run order and of the coordinate order
    for (size_t m : runOrder)
      from.push_back(runs.shape[m]);
    for (size_t m = rank; m-- > 0;) {
      to.push_back(runs.shape[m]);
      perm.push_back(int64_t(std::find(runOrder.begin(), runOrder.end(), m) - runOrder.begin()));
    }
    auto flatType = cast<VectorType>(v.getType());
    Type element = flatType.getElementType();
    if (inverse) { // coordinate order to run order: the inverse permutation
      SmallVector<int64_t> back(perm.size());
      for (size_t i = 0; i < perm.size(); ++i)
        back[size_t(perm[i])] = int64_t(i);
      std::swap(from, to);
      perm = back;
    }
    Value shaped = vector::ShapeCastOp::create(b, loc, VectorType::get(from, element), v);
    Value moved = vector::TransposeOp::create(b, loc, VectorType::get(to, element), shaped, perm);
    return vector::ShapeCastOp::create(b, loc, flatType, moved);
  }

  /// The address an access through a pointer of type `t` goes to: `raw`, through the pointer's
  /// swizzle of byte addresses where it has one.
  Value accessAddress(OpBuilder &b, Location loc, Value raw, PointerType t) {
    return swizzledAddress(b, loc, raw, t.getAddressSwizzleFunction());
  }

  /// `raw` through `swizzle` of its byte address, where there is one: its offset from an
  /// anchor aligned past the swizzle's bits swizzled, else the whole address.
  Value swizzledAddress(OpBuilder &b, Location loc, Value raw,
                        const std::optional<L::Swizzle> &swizzle) {
    if (!swizzle)
      return raw;
    if (auto a = anchors.find(raw);
        a != anchors.end() && a->second.align >= (int64_t(1) << swizzle->bitsSpanned())) {
      const L::Int &bytes = a->second.bytes;
      Value i = bytes.isStatic()
                    ? SsaInt::materialize(b, loc, L::Int(swizzle->apply(bytes.value())))
                    : swizzled(b, loc, SsaInt::materialize(b, loc, bytes), *swizzle);
      if (i.getType().isIndex())
        i = castInt(b, loc, i, b.getI64Type());
      return LLVM::GEPOp::create(b, loc, raw.getType(), b.getI8Type(), a->second.base,
                                 ValueRange{i});
    }
    Value address = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), raw);
    return LLVM::IntToPtrOp::create(b, loc, raw.getType(), swizzled(b, loc, address, *swizzle));
  }

  /// A pointer whose accesses swizzle their addresses is an anchor of its own: the offsets
  /// past it are swizzled as constants where it is aligned past the swizzle's bits.
  void anchorSwizzled(Value base, PointerType t) {
    Anchor &a = anchors.try_emplace(base, Anchor{base, L::Int(0), 0}).first->second;
    if (a.base == base)
      a.align = std::max(a.align, t.getAlignment());
  }

  /// The address of a tensor's first element as an access goes to it.
  Value firstAddress(OpBuilder &b, Location loc, Value tensorValue) {
    const TensorParts &t = tensor(tensorValue);
    return swizzledAddress(b, loc, t.ptr, t.addressSwizzle);
  }

  /// One call's values of `valueType` read from `tensorValue`: one access where they are
  /// consecutive, else value by value (register values a call gathers).
  Value loadCallValues(OpBuilder &b, Location loc, Type valueType, Value tensorValue) {
    const TensorParts &t = tensor(tensorValue);
    Value first = firstAddress(b, loc, tensorValue);
    int64_t n = L::size(t.layout).value();
    if (n == 1 || L::coalesce(t.layout) == L::makeLayout(L::IntTuple(n)))
      return LLVM::LoadOp::create(b, loc, valueType, first);
    Type element = getElementTypeOrSelf(valueType);
    Value v = LLVM::PoisonOp::create(b, loc, valueType);
    for (int64_t i = 0; i < n; ++i) {
      Value at = gep(b, loc, first, element, L::evaluate(t.layout, L::IntTuple(i)).leaf());
      v = LLVM::InsertElementOp::create(b, loc, v, LLVM::LoadOp::create(b, loc, element, at),
                                        arith::ConstantIntOp::create(b, loc, b.getI32Type(), i));
    }
    return v;
  }

  /// Stores one call's values `v` into `tensorValue`, as loadCallValues reads them.
  void storeCallValues(OpBuilder &b, Location loc, Value v, Value tensorValue) {
    const TensorParts &t = tensor(tensorValue);
    Value first = firstAddress(b, loc, tensorValue);
    int64_t n = L::size(t.layout).value();
    if (n == 1 || L::coalesce(t.layout) == L::makeLayout(L::IntTuple(n))) {
      LLVM::StoreOp::create(b, loc, v, first);
      return;
    }
    Type element = getElementTypeOrSelf(v.getType());
    for (int64_t i = 0; i < n; ++i) {
      Value at = gep(b, loc, first, element, L::evaluate(t.layout, L::IntTuple(i)).leaf());
      Value x = LLVM::ExtractElementOp::create(
          b, loc, v, arith::ConstantIntOp::create(b, loc, b.getI32Type(), i));
      LLVM::StoreOp::create(b, loc, x, at);
    }
  }

  /// An MMA fragment's values as one access takes them: a scalar for one value, else a vector.
  static Type laneValuesType(Value fragment) {
    auto t = cast<FlyMemRefType>(fragment.getType());
    int64_t n = L::size(t.getLayout().getLayout()).value(); // static: the op verified it
    return accessType(t.getElementType(), n);
  }

  /// The address of a fragment whose values are consecutive in memory, as one access reads them;
  /// it holds one atom call's values of an operand laid out by `tv` (exactly those).
  Value contiguousPtr(Value fragment, const L::Layout &tv) {
    const TensorParts &t = tensor(fragment);
    L::Layout l = L::coalesce(t.layout);
    bool consecutive =
        l.shape().isLeaf() &&
        (l.shape().value() == 1 ||
         (l.stride().leaf().isStatic() && !l.stride().leaf().isBasis() && l.stride().value() == 1));
    if (!consecutive || t.swizzle || t.addressSwizzle)
      L::fail(L::ErrorKind::Unsupported, "an MMA fragment's values are consecutive in memory "
                                         "here, not laid out as " +
                                             t.layout.str());
    if (L::size(t.layout).value() != L::size(tv.mode(1)).value())
      L::fail(L::ErrorKind::Unsupported,
              "an MMA atom call lowers fragments of exactly one call's values (" +
                  std::to_string(L::size(tv.mode(1)).value()) + "), not " + t.layout.str());
    return t.ptr;
  }

  /// This lane's values of an MMA operand laid out by `tv`: `v` itself, or read from the register
  /// fragment `v` in the type the instruction takes (A and B: bf16 as i16, integers as i32 words).
  /// The shared-memory matrix descriptor of wgmma operand tile `v` (FlyNVVM's wgmma reads its A
  /// and B through them): the tile's start address (bits 0-13, in 16-byte units) and the fixed
  /// bits of its canonical layout. The hardware swizzles absolute addresses from a base of the
  /// swizzle's period, so a swizzled tile's base must be aligned to it.
  Value wgmmaDescriptor(OpBuilder &b, Location loc, FN::WgmmaType w, bool isB, Value v) {
    auto type = cast<FlyMemRefType>(v.getType());
    L::WgmmaOperandLayout canonical = FN::wgmmaOperandLayout(w, isB, type);
    Value at = tensor(v).ptr;
    if (canonical.swizzleBytes) {
      int64_t period = canonical.swizzleBytes * 8;
      auto anchor = anchors.find(at);
      int64_t base = anchor != anchors.end() ? anchor->second.align : type.getAlignment();
      if (base < period)
        L::fail(L::ErrorKind::InvalidArgument,
                std::string("a wgmma's ") + (isB ? "B" : "A") + " tile under a " +
                    std::to_string(canonical.swizzleBytes) +
                    "-byte swizzle needs a base aligned to " + std::to_string(period) +
                    " bytes; this one's is aligned to " + std::to_string(base));
    }
    Type i64 = b.getI64Type();
    auto c64 = [&](uint64_t x) -> Value {
      return arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(int64_t(x)));
    };
    Value address = LLVM::PtrToIntOp::create(b, loc, i64, at);
    Value start =
        arith::AndIOp::create(b, loc, arith::ShRUIOp::create(b, loc, address, c64(4)), c64(0x3fff));
    return arith::OrIOp::create(b, loc, start, c64(L::wgmmaDescriptorBits(canonical)));
  }

  Value laneValues(OpBuilder &b, Location loc, MmaOpTypeInterface inst, Value v,
                   const L::Layout &tv, bool ab) {
    if (!isa<FlyMemRefType>(v.getType()))
      return v;
    Type lane = laneValuesType(v);
    // A packed fragment of fp6 / fp4 (a scaled MFMA's) is read whole, as integers of its width
    Type element = cast<FlyMemRefType>(v.getType()).getElementType();
    if (isSubByteElement(element))
      lane = VectorType::get({L::size(tv.mode(1)).value()},
                             b.getIntegerType(element.getIntOrFloatBitWidth()));
    // mma.sync and the scaled MFMA pack their registers themselves, as the target does an atom
    // call's values
    if (ab &&
        !isa<FN::MmaSyncType, UniversalFmaType, FR::MfmaScaleType, FR::Gfx1250WmmaScaleType>(
            inst) &&
        !callsAtom(inst)) {
      auto vec = dyn_cast<VectorType>(lane);
      lane = fly::ir::matrixCoreOperandType(b, inst.getAtom().name, inst.getAElementType(),
                                            vec ? vec.getNumElements() : 1);
    }
    return LLVM::LoadOp::create(b, loc, lane, contiguousPtr(v, tv));
  }

  /// Whether an atom's calls are calls of __fly_mma.<instruction> (mma-calls): the atoms the
  /// library's targets resolve, whose name says all the instruction does (gfx12's WMMA takes
  /// no integers, so no signs or clamp).
  bool callsAtom(MmaOpTypeInterface inst) const {
    return mmaCalls && bool(*mmaCalls) &&
           isa<FR::MfmaType, FR::MfmaScaleType, FR::Gfx11WmmaType, FR::Gfx120xWmmaType,
               FN::MmaSyncType, FN::WgmmaType>(inst);
  }

  /// A call of `callee` (declared here, private, in the nearest symbol table, unless it is)
  /// on `operands`, giving one `result`.
  static func::CallOp callDeclared(OpBuilder &b, Location loc, const std::string &callee,
                                   ValueRange operands, Type result) {
    auto type = b.getFunctionType(operands.getTypes(), {result});
    Operation *table = SymbolTable::getNearestSymbolTable(b.getInsertionBlock()->getParentOp());
    if (auto existing = SymbolTable::lookupSymbolIn(table, callee)) {
      auto f = dyn_cast<func::FuncOp>(existing);
      if (!f || f.getFunctionType() != type) {
        std::string text;
        llvm::raw_string_ostream(text) << type;
        L::fail(L::ErrorKind::InvalidArgument, "the symbol " + callee +
                                                   " is not a function of type " + text +
                                                   ", which the lowering calls");
      }
    } else {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&table->getRegion(0).front());
      func::FuncOp::create(b, loc, callee, type).setPrivate();
    }
    return func::CallOp::create(b, loc, callee, TypeRange{result}, operands);
  }

  /// The call of an atom that the target resolves: kMmaFnPrefix + its instruction on the lane's
  /// A, B and C values, with the shape and layouts the cpu target emulates it from. A scaled
  /// MFMA's call is named with its formats after the instruction (`.e4m3.e2m1`) and takes each
  /// lane's scales (the scale bytes in the low bits) after C; an fp8 wgmma's with its PTX name.
  static Value atomCall(OpBuilder &b, Location loc, MmaOpTypeInterface inst, Value a, Value bValue,
                        Value c, ArrayRef<Value> scales = {}) {
    L::MmaAtom atom = inst.getAtom();
    auto w = dyn_cast<FN::WgmmaType>(inst);
    std::string callee = std::string(::fly::ir::kMmaFnPrefix) +
                         (w ? fly::ir::wgmmaInstruction(atom.name, w.getAType()) : atom.name);
    if (atom.scaleBlock)
      callee += "." + atom.abType + "." + atom.bType;
    SmallVector<Value> operands = {a, bValue, c};
    operands.append(scales.begin(), scales.end());
    func::CallOp call = callDeclared(b, loc, callee, operands, c.getType());
    call->setAttr(::fly::ir::kMmaShapeAttr,
                  b.getDenseI64ArrayAttr({atom.m, atom.n, atom.k, L::staticSize(atom.thrID)}));
    SmallVector<std::string> layouts = {atom.layoutA.str(), atom.layoutB.str(), atom.layoutC.str()};
    if (atom.scaleBlock)
      layouts.append({atom.layoutSFA.str(), atom.layoutSFB.str()});
    call->setAttr(::fly::ir::kMmaLayoutsAttr,
                  b.getStrArrayAttr(SmallVector<StringRef>(layouts.begin(), layouts.end())));
    if (!atom.signedA || !atom.signedB || atom.clamp)
      call->setAttr(::fly::ir::kMmaIntegerAttr,
                    b.getDenseBoolArrayAttr({atom.signedA, atom.signedB, atom.clamp}));
    return call.getResult(0);
  }

  /// The target's instruction for an MMA atom on this lane's A, B and C values; `atom`, the
  /// atom's value, gives the state of an instruction that has some (null: a fly.gemm's atom).
  Value matrixCore(OpBuilder &b, Location loc, MmaOpTypeInterface inst, Value a, Value bValue,
                   Value c, Value atom) {
    if (isa<FR::MfmaScaleType, FR::Gfx1250WmmaScaleType>(inst))
      return scaledAtom(b, loc, inst, a, bValue, c, atom);
    if (auto w = dyn_cast<FN::WgmmaType>(inst)) {
      if (!callsAtom(inst))
        return fly::ir::createWgmma(b, loc,
                                    fly::ir::wgmmaInstruction(inst.getAtom().name, w.getAType()), a,
                                    bValue, c, w.getMnMajorA(), w.getMnMajorB());
      Value d = atomCall(b, loc, inst, a, bValue, c);
      d.getDefiningOp()->setAttr(::fly::ir::kWgmmaMnMajorAttr,
                                 b.getDenseI64ArrayAttr({w.getMnMajorA(), w.getMnMajorB()}));
      return d;
    }
    if (callsAtom(inst))
      return atomCall(b, loc, inst, a, bValue, c);
    if (isa<UniversalFmaType>(inst))
      return isa<FloatType>(c.getType())
                 ? Value(LLVM::FMAOp::create(b, loc, a, bValue, c))
                 : Value(
                       arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, a, bValue), c));
    if (auto sync = dyn_cast<FN::MmaSyncType>(inst))
      return fly::ir::createMmaSync(b, loc, sync.getAType(), a, bValue, c,
                                    sync.getAType().getIntOrFloatBitWidth() == 8);
    std::string name = inst.getAtom().name;
    Operation *op =
        fly::ir::createMatrixCoreOp(b, loc, name, inst.getAElementType(), a, bValue, c, c.getType(),
                                    FR::matrixCoreModifiers(inst), inst.getBElementType());
    if (!op)
      L::fail(L::ErrorKind::Unsupported, "no ROCDL intrinsic for the MMA atom " + name);
    return op->getResult(0);
  }

  /// A block-scaled atom (CDNA4's MFMA, gfx1250's WMMA) on a lane's codes, its scales the atom's
  /// state (scale_a, scale_b): the instruction, or (mma-calls, the MFMA) the atom's call with
  /// each scale's byte that opselA / opselB pick moved to the low bits.
  Value scaledAtom(OpBuilder &b, Location loc, MmaOpTypeInterface inst, Value a, Value bValue,
                   Value c, Value atom) {
    if (!atom)
      L::fail(L::ErrorKind::Unsupported,
              "a scaled atom's scales are state of its atom: a gemm of a tiled MMA has no atom "
              "value to read them from; call the atom (fly.mma_atom_call) with scale_a and "
              "scale_b set");
    // Each operand's codes one a byte (fp8 values, fp6 / fp4 codes as i8) or packed at the
    // width of its format (FlyDSL's fp6 / fp4 fragments); the atom's call takes bytes.
    bool calls = callsAtom(inst);
    // (the ops' verifiers saw the atom's values of the format, or of i8)
    auto codes = [&](Value v) -> Value {
      auto vt = cast<VectorType>(v.getType());
      unsigned width = vt.getElementType().getIntOrFloatBitWidth();
      if (width == 8)
        return v;
      auto packed = VectorType::get(vt.getShape(), b.getIntegerType(width));
      if (!vt.getElementType().isInteger())
        v = arith::BitcastOp::create(b, loc, packed, v);
      return calls ? Value(LLVM::ZExtOp::create(b, loc, vt.clone(b.getI8Type()), v)) : v;
    };
    a = codes(a);
    bValue = codes(bValue);
    Value state = atomState(atom);
    Value scaleA = LLVM::ExtractValueOp::create(b, loc, state, ArrayRef<int64_t>{0});
    Value scaleB = LLVM::ExtractValueOp::create(b, loc, state, ArrayRef<int64_t>{1});
    L::MmaAtom layouts = inst.getAtom();
    int formatA = fly::ir::scaledMfmaFormatCode(layouts.abType),
        formatB = fly::ir::scaledMfmaFormatCode(layouts.bType);
    Operation *op = nullptr;
    if (auto mfma = dyn_cast<FR::MfmaScaleType>(inst)) {
      if (calls) {
        auto low = [&](Value scale, int64_t opsel) -> Value {
          if (opsel == 0)
            return scale;
          Value shift = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 8 * opsel);
          return arith::ShRUIOp::create(b, loc, scale, shift);
        };
        return atomCall(b, loc, inst, a, bValue, c,
                        {low(scaleA, mfma.getOpselA()), low(scaleB, mfma.getOpselB())});
      }
      op = fly::ir::createScaledMfmaOp(b, loc, layouts.name, formatA, formatB, a, bValue, c, scaleA,
                                       mfma.getOpselA(), scaleB, mfma.getOpselB());
    } else {
      auto wmma = cast<FR::Gfx1250WmmaScaleType>(inst);
      op = fly::ir::createScaledWmmaOp(b, loc, layouts.name, formatA, formatB, a, bValue, c, scaleA,
                                       wmma.getOpselA(), scaleB, wmma.getOpselB(), wmma.getModC(),
                                       wmma.getReuseA(), wmma.getReuseB());
    }
    if (!op)
      L::fail(L::ErrorKind::Unsupported, "no ROCDL intrinsic for the MMA atom " + layouts.name);
    return op->getResult(0);
  }

  /// The shared-memory address of an mbarrier (a !fly.ptr<i64, shared>, as its op verified).
  Value barrierAddress(OpBuilder &b, Location loc, Value barrier) {
    return accessAddress(b, loc, ptr(barrier), cast<PointerType>(barrier.getType()));
  }

  /// A new atom's state: every field zero (one constant a type, as FlyDSL's).
  static Value zeroState(OpBuilder &b, Location loc, LLVM::LLVMStructType state) {
    Value s = LLVM::UndefOp::create(b, loc, state);
    llvm::DenseMap<Type, Value> zeros;
    for (auto [i, field] : llvm::enumerate(state.getBody())) {
      Value &zero = zeros[field];
      if (!zero)
        zero = arith::ConstantOp::create(b, loc, field, b.getZeroAttr(field));
      s = LLVM::InsertValueOp::create(b, loc, s, zero, ArrayRef<int64_t>{int64_t(i)});
    }
    return s;
  }

  /// A buffer pointer (resource, element offset) with its offset replaced.
  static Value withBufferOffset(OpBuilder &b, Location loc, Value fat, Value offset) {
    return LLVM::InsertValueOp::create(b, loc, fat, offset, ArrayRef<int64_t>{1});
  }
  static Value bufferResource(OpBuilder &b, Location loc, Value fat) {
    return LLVM::ExtractValueOp::create(b, loc, fat, ArrayRef<int64_t>{0});
  }
  static Value bufferOffset(OpBuilder &b, Location loc, Value fat) {
    return LLVM::ExtractValueOp::create(b, loc, fat, ArrayRef<int64_t>{1});
  }
  /// The byte offset a buffer access through a pointer of type `t` goes to (swizzled as the
  /// pointer's byte addresses are).
  static Value bufferByteOffset(OpBuilder &b, Location loc, Value fat, PointerType t) {
    Value size = arith::ConstantIntOp::create(b, loc, b.getI32Type(), t.getElementBytes());
    Value bytes = arith::MulIOp::create(b, loc, bufferOffset(b, loc, fat), size);
    auto swizzle = t.getAddressSwizzleFunction();
    return swizzle ? swizzled(b, loc, bytes, *swizzle) : bytes;
  }
  /// Where one call of a buffer atom goes in the buffer of tensor `t`: the byte offset of its
  /// first element (the instruction's voffset) and the atom's state field 0, `soffset`, in
  /// elements, as bytes (the instruction's soffset).
  std::pair<Value, Value> bufferCallOffsets(OpBuilder &b, Location loc, Value atom, Value t) {
    auto type = cast<FlyMemRefType>(t.getType());
    Value voffset = bufferByteOffset(b, loc, tensor(t).ptr, type.getPointerType());
    Value elem =
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), elementBytes(type.getElementType()));
    Value soffset = LLVM::ExtractValueOp::create(b, loc, atomState(atom), ArrayRef<int64_t>{0});
    return {voffset, arith::MulIOp::create(b, loc, soffset, elem)};
  }
  /// The struct a copy or MMA atom with state lowers to. A block argument stands for itself
  /// through an unrealized cast, which convert-fly-to-rocdl resolves once the block takes the
  /// struct.
  Value atomState(Value atom) {
    if (auto it = atoms.find(atom); it != atoms.end())
      return it->second;
    LLVM::LLVMStructType type = atomStateType(atom.getType());
    if (auto c = atom.getDefiningOp<UnrealizedConversionCastOp>();
        c && c.getInputs().size() == 1 && c.getInputs()[0].getType() == type)
      return atoms[atom] = c.getInputs()[0];
    auto arg = dyn_cast<BlockArgument>(atom);
    if (!arg)
      return lookup(atoms, atom); // fails with the reason
    OpBuilder b = OpBuilder::atBlockBegin(arg.getOwner());
    return atoms[atom] = UnrealizedConversionCastOp::create(b, arg.getLoc(), TypeRange{type}, atom)
                             .getResult(0);
  }

  /// One call of a buffer copy (FlyROCDL's MUBUF load or store): the buffer side's resource at its
  /// byte offset, the atom's soffset (elements) as the instruction's, the values moved as
  /// integers of the call's width. `src` / `dst` are tensors or (one side) values; gives the
  /// values loaded where the destination is not a tensor.
  Value bufferCopy(OpBuilder &b, Location loc, Value atom, Value src, Value dst) {
    auto atomType = cast<CopyAtomType>(atom.getType());
    auto inst = cast<FR::BufferCopyType>(atomType.getCopyOp());
    bool load = isa<FlyMemRefType>(src.getType()) &&
                cast<FlyMemRefType>(src.getType()).getAddressSpace() == BufferDesc;
    Value bufferSide = load ? src : dst, other = load ? dst : src;
    auto bufferType = cast<FlyMemRefType>(bufferSide.getType());
    int64_t values = atomType.getValues(), bits = inst.getBitSize();
    Type valueType = accessType(bufferType.getElementType(), values);
    Type bitsType = bits <= 32 ? Type(b.getIntegerType(bits))
                               : Type(VectorType::get({bits / 32}, b.getI32Type()));
    auto exactlyOneCall = [&](Value t) {
      if (auto m = dyn_cast<FlyMemRefType>(t.getType()))
        if (L::size(m.getLayout().getLayout()).value() != values)
          L::fail(L::ErrorKind::Unsupported, "a buffer copy call lowers tensors of exactly one "
                                             "call's values, not " +
                                                 m.getLayout().getText().str());
    };
    exactlyOneCall(src);
    exactlyOneCall(dst ? dst : src);
    Value fat = tensor(bufferSide).ptr;
    auto [voffset, soffset] = bufferCallOffsets(b, loc, atom, bufferSide);
    Value aux = arith::ConstantIntOp::create(b, loc, b.getI32Type(), inst.getCacheModifier());
    Value rsrc = bufferResource(b, loc, fat);
    if (load) {
      Value raw = ROCDL::RawPtrBufferLoadOp::create(b, loc, bitsType, rsrc, voffset, soffset, aux,
                                                    nullptr, nullptr, nullptr);
      Value v = LLVM::BitcastOp::create(b, loc, valueType, raw);
      if (!other)
        return v;
      storeCallValues(b, loc, v, other);
      return {};
    }
    Value v =
        isa<FlyMemRefType>(other.getType()) ? loadCallValues(b, loc, valueType, other) : other;
    Value raw = LLVM::BitcastOp::create(b, loc, bitsType, v);
    ROCDL::RawPtrBufferStoreOp::create(b, loc, raw, rsrc, voffset, soffset, aux, nullptr, nullptr,
                                       nullptr);
    return {};
  }

  /// One call of a buffer atomic (FlyROCDL's MUBUF atomic without return): the source's value
  /// (a tensor's, or itself) combined into the destination buffer at its byte offset, the
  /// atom's soffset (elements) as the instruction's.
  void bufferAtomic(OpBuilder &b, Location loc, Value atom, Value src, Value dst) {
    auto atomType = cast<CopyAtomType>(atom.getType());
    auto inst = cast<FR::BufferAtomicType>(atomType.getCopyOp());
    for (Value t : {src, dst})
      if (auto m = dyn_cast<FlyMemRefType>(t.getType());
          m && L::size(m.getLayout().getLayout()).value() != atomType.getValues())
        L::fail(L::ErrorKind::Unsupported, "a buffer atomic call lowers tensors of exactly one "
                                           "call's values, not " +
                                               m.getLayout().getText().str());
    Type valueType = inst.getValType();
    Value v = isa<FlyMemRefType>(src.getType()) ? loadCallValues(b, loc, valueType, src) : src;
    auto [voffset, soffset] = bufferCallOffsets(b, loc, atom, dst);
    Value aux = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    Value rsrc = bufferResource(b, loc, tensor(dst).ptr);
    // The verifier left add (floats), max (floats: fmax; integers: smax) and min (integers: umin).
    if (inst.getAtomicOp() == 0)
      ROCDL::RawPtrBufferAtomicFaddOp::create(b, loc, v, rsrc, voffset, soffset, aux, nullptr,
                                              nullptr, nullptr);
    else if (inst.getAtomicOp() == 1 && isa<FloatType>(valueType))
      ROCDL::RawPtrBufferAtomicFmaxOp::create(b, loc, v, rsrc, voffset, soffset, aux, nullptr,
                                              nullptr, nullptr);
    else if (inst.getAtomicOp() == 1)
      ROCDL::RawPtrBufferAtomicSmaxOp::create(b, loc, v, rsrc, voffset, soffset, aux, nullptr,
                                              nullptr, nullptr);
    else
      ROCDL::RawPtrBufferAtomicUminOp::create(b, loc, v, rsrc, voffset, soffset, aux, nullptr,
                                              nullptr, nullptr);
  }

  /// One call of a buffer copy into LDS (FlyROCDL's MUBUF load with lds): the source's
  /// resource at its byte offset, the atom's soffset (elements) and imm_offset (bytes) as the
  /// instruction's. The instruction writes lane i's bytes at M0 + i x the width, M0 read from
  /// the first active lane: the destination is that base, as FlyDSL's lowering passes it.
  void bufferCopyLds(OpBuilder &b, Location loc, Value atom, Value src, Value dst) {
    auto atomType = cast<CopyAtomType>(atom.getType());
    auto inst = cast<FR::BufferCopyLdsType>(atomType.getCopyOp());
    auto srcType = cast<FlyMemRefType>(src.getType());
    // Each tensor: one call's values, or one element, where they start.
    for (Value t : {src, dst}) {
      auto type = cast<FlyMemRefType>(t.getType());
      int64_t n = L::size(type.getLayout().getLayout()).value();
      if (n != atomType.getValues() && n != 1)
        L::fail(L::ErrorKind::Unsupported,
                "a buffer copy into LDS lowers tensors of one call's values or of where they "
                "start, not " +
                    type.getLayout().getText().str());
    }
    int64_t bytes = inst.getBitSize() / 8;
    if (tensor(dst).addressSwizzle) // the instruction writes each lane's bytes after the last's
      L::fail(L::ErrorKind::Unsupported,
              "a buffer copy into LDS writes consecutive addresses, not swizzled ones");
    Value fat = tensor(src).ptr;
    Value voffset = bufferByteOffset(b, loc, fat, srcType.getPointerType());
    Value elem = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                              elementBytes(srcType.getElementType()));
    Value state = atomState(atom);
    Value soffsetRaw = LLVM::ExtractValueOp::create(b, loc, state, ArrayRef<int64_t>{0});
    Value imm = LLVM::ExtractValueOp::create(b, loc, state, ArrayRef<int64_t>{1});
    Value soffset = arith::MulIOp::create(b, loc, soffsetRaw, elem);
    Value base = tensor(dst).ptr;
    Value size = arith::ConstantIntOp::create(b, loc, b.getI32Type(), bytes);
    Value aux = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    ROCDL::RawPtrBufferLoadLdsOp::create(b, loc, bufferResource(b, loc, fat), base, size, voffset,
                                         soffset, imm, aux, nullptr, nullptr, nullptr);
  }

  /// `make_ptr(base, stride, records, flags)`: the resource over `base`, at offset 0.
  Value newBufferPointer(OpBuilder &b, Location loc, MakePtrOp p) {
    auto rsrc = ROCDL::MakeBufferRsrcOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), BufferDesc), ptr(p.getArgs()[0]),
        p.getArgs()[1], p.getArgs()[2], p.getArgs()[3]);
    if (p->hasAttr(::fly::ir::kTensorExtentResource))
      rsrc->setAttr(::fly::ir::kTensorExtentResource, b.getUnitAttr());
    Value fat = LLVM::UndefOp::create(b, loc, bufferPointerType(b.getContext()));
    fat = LLVM::InsertValueOp::create(b, loc, fat, rsrc, ArrayRef<int64_t>{0});
    return withBufferOffset(b, loc, fat, arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0));
  }

  /// A lane's registers for `count` elements: stack memory in the register address space (5,
  /// AMDGPU's private one, as FlyDSL's), which promotion and LLVM's SROA turn into registers.
  /// An alignment beyond the element's own is stated.
  static Value registers(OpBuilder &b, Location loc, Type element, int64_t count, int64_t align) {
    if (isSubByteElement(element)) { // packed: the bytes they fill
      count = (count * element.getIntOrFloatBitWidth() + 7) / 8;
      element = b.getI8Type();
    }
    Value n = arith::ConstantIntOp::create(b, loc, b.getI64Type(), count);
    int64_t natural = std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
    return LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext(), Register),
                                  element, n, unsigned(align > natural ? align : 0));
  }

  /// The shared global of its own that a `make_ptr() {allocBytes, allocAlign}` allocates:
  /// `__shared_alloc_N`, N the first number no symbol of the module has.
  LLVM::GlobalOp sharedAllocation(MakePtrOp op) {
    Operation *table = SymbolTable::getNearestSymbolTable(op->getParentOp());
    if (!table)
      L::fail(L::ErrorKind::Unsupported, "needs an enclosing module for its global");
    int64_t bytes = *op.getAllocInt("allocBytes");
    int64_t align = op.getAllocInt("allocAlign").value_or(op.getType().getAlignment());
    std::string name;
    for (int n = 0; name.empty() || SymbolTable::lookupSymbolIn(table, name); ++n)
      name = "__shared_alloc_" + std::to_string(n);
    OpBuilder top = OpBuilder::atBlockBegin(&table->getRegion(0).front());
    return LLVM::GlobalOp::create(top, op.getLoc(),
                                  LLVM::LLVMArrayType::get(top.getI8Type(), uint64_t(bytes)),
                                  /*isConstant=*/false, LLVM::Linkage::Internal, name, Attribute(),
                                  uint64_t(align), Shared, /*dsoLocal=*/true);
  }

  /// The zero-length external shared global that stands for the dynamic shared memory of the
  /// kernels of op's module (one per module, aligned as its strictest reader asks).
  LLVM::GlobalOp dynamicShared(GetDynSharedOp op) {
    Operation *table = SymbolTable::getNearestSymbolTable(op->getParentOp());
    if (!table)
      L::fail(L::ErrorKind::Unsupported, "needs an enclosing module for its global");
    uint64_t align = op.getType().getAlignment();
    LLVM::GlobalOp &global = dynamicShareds[table];
    if (!global) {
      std::string name = "__dynamic_shared_memory";
      for (int n = 0; SymbolTable::lookupSymbolIn(table, name); ++n) // a name not yet taken
        name = "__dynamic_shared_memory_" + std::to_string(n);
      OpBuilder top = OpBuilder::atBlockBegin(&table->getRegion(0).front());
      global =
          LLVM::GlobalOp::create(top, op.getLoc(), LLVM::LLVMArrayType::get(top.getI8Type(), 0),
                                 /*isConstant=*/false, LLVM::Linkage::External, name, Attribute(),
                                 align, Shared, /*dsoLocal=*/true);
    } else if (global.getAlignment().value_or(1) < align) {
      global.setAlignment(align);
    }
    return global;
  }

  /// `v` as FlyDSL's print shows it: text with a `{}` for each scalar appended to `args`.
  /// Narrow integers and floats widen to what printf takes, an index to i64.
  std::string printed(OpBuilder &b, Location loc, Value v, SmallVector<Value> &args) {
    auto scalar = [&](Value x) -> std::string {
      Type t = x.getType();
      if (t.isIndex()) {
        x = arith::IndexCastOp::create(b, loc, b.getI64Type(), x);
      } else if (auto i = dyn_cast<IntegerType>(t); i && i.getWidth() < 32) {
        x = i.getWidth() == 1 ? Value(arith::ExtUIOp::create(b, loc, b.getI32Type(), x))
                              : Value(arith::ExtSIOp::create(b, loc, b.getI32Type(), x));
      } else if (auto f = dyn_cast<FloatType>(t); f && f.getWidth() < 32) {
        if (!isa<Float16Type, BFloat16Type>(f))
          L::fail(L::ErrorKind::Unsupported, "prints integers, f16, bf16, f32 and f64; convert " +
                                                 std::string("an 8-bit float first"));
        x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
      } else if (isa<IntegerType>(t) && t.getIntOrFloatBitWidth() > 64) {
        L::fail(L::ErrorKind::Unsupported, "prints integers of up to 64 bits");
      }
      args.push_back(x);
      return "{}";
    };
    std::function<std::string(const L::IntTuple &)> tuple = [&](const L::IntTuple &t) {
      if (t.isLeaf()) {
        const L::Int &x = t.leaf();
        std::string text = x.isStatic() ? std::to_string(x.isBasis() ? x.scale() : x.value())
                                        : scalar(SsaInt::materialize(b, loc, x));
        for (int mode : x.basis())
          text += "E" + std::to_string(mode);
        return text;
      }
      std::string text = "(";
      for (size_t i = 0; i < t.rank(); ++i)
        text += (i ? "," : "") + tuple(t[i]);
      return text + ")";
    };
    if (isa<IntTupleType>(v.getType()))
      return tuple(lookup(tuples, v));
    if (isa<LayoutType>(v.getType())) {
      const L::Layout &l = lookup(layouts, v);
      std::string shape = tuple(l.shape()); // before the stride's: its values come first
      return shape + ":" + tuple(l.stride());
    }
    auto vector = dyn_cast<VectorType>(v.getType());
    if (!vector)
      return scalar(v);
    std::string text = "[";
    for (int64_t i = 0; i < vector.getNumElements(); ++i)
      text += (i ? ", " : "") + scalar(vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{i}));
    return text + "]";
  }

  /// FlyDSL's print: inside a gpu.func one gpu.printf, elsewhere vector.print of each piece.
  void lowerPrint(PrintOp p, OpBuilder &b) {
    Location loc = p.getLoc();
    SmallVector<Value> args;
    std::string format;
    StringRef user = p.getFormat();
    size_t next = 0;
    if (user.empty()) { // the values, separated by spaces
      for (Value v : p.getValues())
        format += std::string(next++ ? " " : "") + printed(b, loc, v, args);
    } else {
      for (size_t i = 0; i < user.size(); ++i) {
        if (user.substr(i, 2) == "{}" && next < p.getValues().size()) {
          format += printed(b, loc, p.getValues()[next++], args);
          ++i;
        } else {
          format += user[i]; // a `{}` past the values stays text, after every value's
        }
      }
    }
    if (p->getParentOfType<gpu::GPUFuncOp>()) {
      std::vector<fly::ir::PrintfArg> kinds;
      for (Value a : args)
        kinds.push_back(isa<FloatType>(a.getType())                ? fly::ir::PrintfArg::Double
                        : a.getType().getIntOrFloatBitWidth() > 32 ? fly::ir::PrintfArg::Long
                                                                   : fly::ir::PrintfArg::Int);
      std::string why, text = fly::ir::placeholdersToPrintf(format, kinds, why);
      if (!why.empty())
        L::fail(L::ErrorKind::Unsupported, why);
      gpu::PrintfOp::create(b, loc, b.getStringAttr(text + "\n"), args);
      return;
    }
    // The values' `{}` come before any `{}` left as text (those are past the values).
    size_t arg = 0, from = 0;
    auto text = [&](StringRef piece) {
      if (!piece.empty())
        vector::PrintOp::create(b, loc, piece);
    };
    for (size_t at = format.find("{}"); arg < args.size(); at = format.find("{}", from)) {
      text(StringRef(format).slice(from, at));
      vector::PrintOp::create(b, loc, args[arg++], vector::PrintPunctuation::NoPunctuation);
      from = at + 2;
    }
    text(StringRef(format).substr(from));
    vector::PrintOp::create(b, loc, vector::PrintPunctuation::NewLine);
  }

  /// Lowers one op of the dialect; a LayoutError says why it cannot.
  void lower(Operation *op, OpBuilder &b) {
    Location loc = op->getLoc();
    if (auto l = dyn_cast<LayoutOp>(op)) {
      auto leaves = l.getLeaves();
      size_t next = 0;
      L::TextReader r(std::string_view(l.getType().getText().data(), l.getType().getText().size()));
      r.setDynamicLeaves(
          [&](const L::DynamicLeafSpec &s) { return leaf(b, loc, leaves[next++], s.divisor); });
      layouts.try_emplace(l.getResult(), r.layout());
    } else if (auto st = dyn_cast<StaticOp>(op)) {
      if (auto t = dyn_cast<IntTupleType>(st.getType()))
        tuples.try_emplace(st.getResult(), t.getTuple());
      else if (auto l = dyn_cast<LayoutType>(st.getType()))
        layouts.try_emplace(st.getResult(), l.getLayout());
      // a tile's value is its type: its users read it from there
    } else if (isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp>(op)) {
      auto type = cast<IntTupleType>(op->getResult(0).getType());
      size_t next = 0;
      L::TextReader r(std::string_view(type.getText().data(), type.getText().size()));
      r.setDynamicLeaves([&](const L::DynamicLeafSpec &s) {
        return leaf(b, loc, op->getOperand(next++), s.divisor);
      });
      tuples.try_emplace(op->getResult(0), r.intTuple());
    } else if (auto m = dyn_cast<MakeLayoutOp>(op)) {
      layouts.try_emplace(m.getResult(),
                          L::Layout(lookup(tuples, m.getShape()), lookup(tuples, m.getStride())));
    } else if (auto m = dyn_cast<MakeOrderedLayoutOp>(op)) {
      layouts.try_emplace(m.getResult(), L::makeOrderedLayout(lookup(tuples, m.getShape()),
                                                              lookup(tuples, m.getOrder())));
    } else if (auto m = dyn_cast<MakeIdentityLayoutOp>(op)) {
      layouts.try_emplace(m.getResult(), L::makeIdentityLayout(lookup(tuples, m.getShape())));
    } else if (auto m = dyn_cast<MakeLayoutLikeOp>(op)) {
      layouts.try_emplace(m.getResult(), L::makeLayoutLike(lookup(layouts, m.getRef())));
    } else if (auto p = dyn_cast<TiledMmaPartitionShapeOp>(op)) {
      tuples.try_emplace(p.getResult(), p.getType().getTuple()); // static, as inferred
    } else if (auto g = dyn_cast<GetShapeOp>(op)) {
      tuples.try_emplace(g.getResult(), lookup(layouts, g.getLayout()).shape());
    } else if (auto g = dyn_cast<GetStrideOp>(op)) {
      tuples.try_emplace(g.getResult(), lookup(layouts, g.getLayout()).stride());
    } else if (isIntTupleOp(op->getName().getStringRef())) {
      std::vector<L::IntTuple> in;
      for (Value v : op->getOperands())
        in.push_back(lookup(tuples, v));
      tuples.try_emplace(op->getResult(0), computeIntTuple(op->getName().getStringRef(), in));
    } else if (auto g = dyn_cast<GetScalarOp>(op)) {
      g.getResult().replaceAllUsesWith(
          SsaInt::materialize(b, loc, *soleLeaf(lookup(tuples, g.getIntTuple())), g.getType()));
    } else if (isa<SizeOp, CosizeOp>(op)) {
      Value in = op->getOperand(0);
      L::Int n = isa<CosizeOp>(op)                 ? L::cosize(lookup(layouts, in))
                 : isa<IntTupleType>(in.getType()) ? L::product(lookup(tuples, in))
                                                   : L::size(lookup(layouts, in));
      tuples.try_emplace(op->getResult(0), L::IntTuple(n));
    } else if (isAlgebraOp(op->getName().getStringRef())) {
      std::vector<L::Layout> in;
      std::optional<L::IntTuple> extra;
      std::optional<L::Tiler> tile;
      for (Value v : op->getOperands()) {
        if (isa<IntTupleType>(v.getType()))
          extra = lookup(tuples, v);
        else if (auto t = dyn_cast<TileType>(v.getType()))
          tile = t.getTiler(); // static: all in the type
        else
          in.push_back(lookup(layouts, v));
      }
      layouts.try_emplace(op->getResult(0),
                          computeLayout(op->getName().getStringRef(), in, extra, tile));
    } else if (isa<MakeComposedLayoutOp, ComposedGetInnerOp, ComposedGetOffsetOp,
                   ComposedGetOuterOp>(op) ||
               (op->getNumResults() == 1 && isa<ComposedLayoutType>(op->getResult(0).getType()))) {
      // Compositions are static: all in their types, and so are their parts.
      Type t = op->getResult(0).getType();
      if (auto tuple = dyn_cast<IntTupleType>(t))
        tuples.try_emplace(op->getResult(0), tuple.getTuple());
      else if (auto layout = dyn_cast<LayoutType>(t))
        layouts.try_emplace(op->getResult(0), layout.getLayout());
    } else if (auto s = dyn_cast<SliceOp>(op); s && isa<CoordTensorType>(s.getSrc().getType())) {
      auto [base, layout] = lookup(coordTensors, s.getSrc()); // copies: the map grows
      auto [part, offset] = unwrappedSliceAndOffset(lookup(tuples, s.getCoord()), layout);
      coordTensors.try_emplace(s.getResult(), movedBase(base, offset), part);
    } else if (auto s = dyn_cast<SliceOp>(op); s && isa<FlyMemRefType>(s.getSrc().getType())) {
      const TensorParts &t = tensor(s.getSrc());
      auto [part, offset] = unwrappedSliceAndOffset(lookup(tuples, s.getCoord()), t.layout);
      Type element = cast<FlyMemRefType>(s.getSrc().getType()).getElementType();
      setTensor(s.getResult(),
                {gep(b, loc, t.ptr, element, offset.leaf()), part, std::nullopt, t.addressSwizzle});
    } else if (isa<SliceOp, DiceOp, GetOp, TakeOp, SelectOp, RecastLayoutOp, TileToShapeOp, GroupOp,
                   AppendOp, PrependOp, CoshapeOp, CoprofileOp>(op)) {
      std::vector<Structure> in;
      for (Value v : op->getOperands()) {
        if (isa<IntTupleType>(v.getType()))
          in.push_back(lookup(tuples, v));
        else
          in.push_back(lookup(layouts, v));
      }
      Structure out = computeStructure(op->getName().getStringRef(), in, structureInts(op));
      if (auto *t = std::get_if<L::IntTuple>(&out))
        tuples.try_emplace(op->getResult(0), *t);
      else
        layouts.try_emplace(op->getResult(0), std::get<L::Layout>(out));
    } else if (isa<Idx2CrdOp, GetFlatCoordOp, Get1DCoordOp>(op)) {
      tuples.try_emplace(op->getResult(0), computeCoord(op->getName().getStringRef(),
                                                        lookup(tuples, op->getOperand(0)),
                                                        lookup(layouts, op->getOperand(1))));
    } else if (auto g = dyn_cast<GetLeavesOp>(op)) {
      // Which leaves are dynamic is the type's to say: a `?` may have become a
      // constant here.
      std::vector<L::Int> leaves, declared;
      L::flattenInto(lookup(tuples, g.getInput()), leaves);
      L::flattenInto(g.getInput().getType().getTuple(), declared);
      auto result = g.getResults().begin();
      for (auto [leaf, inType] : llvm::zip_equal(leaves, declared)) {
        if (g.getDynamicOnly() && inType.isStatic())
          continue;
        Value v = SsaInt::materialize(b, loc, leaf, (*result).getType());
        (*result++).replaceAllUsesWith(v);
      }
    } else if (auto c = dyn_cast<Crd2IdxOp>(op)) {
      if (auto composed = dyn_cast<ComposedLayoutType>(c.getLayout().getType()))
        tuples.try_emplace(c.getResult(),
                           composed.getFunction().evaluate(lookup(tuples, c.getCoord())));
      else
        tuples.try_emplace(c.getResult(), L::evaluate(lookup(layouts, c.getLayout()),
                                                      lookup(tuples, c.getCoord())));
    } else if (isa<RankOp, DepthOp>(op)) {
      const L::Layout &l = lookup(layouts, op->getOperand(0));
      L::Int answer = isa<RankOp>(op) ? L::Int(int64_t(l.rank())) : L::Int(int64_t(L::depth(l)));
      op->getResult(0).replaceAllUsesWith(
          SsaInt::materialize(b, loc, answer, op->getResult(0).getType()));
    } else if (isa<ElemLessOp, EqualOp>(op)) {
      // FlyDSL's elem_less and equal: a comparison per leaf pair, all of them true.
      bool equal = isa<EqualOp>(op);
      std::vector<std::pair<L::Int, L::Int>> pairs;
      bool possible = L::comparedLeaves(lookup(tuples, op->getOperand(0)),
                                        lookup(tuples, op->getOperand(1)), equal, pairs);
      // Basis elements have no integer value: two static ones are equal where value and modes
      // are, which is known here.
      llvm::erase_if(pairs, [&](const std::pair<L::Int, L::Int> &xy) {
        const auto &[x, y] = xy;
        if (!equal || !(x.isBasis() || y.isBasis()) || !x.isStatic() || !y.isStatic())
          return false;
        possible = possible && x == y;
        return true;
      });
      Value all = arith::ConstantOp::create(b, loc, b.getBoolAttr(possible));
      if (!possible)
        pairs.clear();
      for (auto &[x, y] : pairs) {
        Value c = arith::CmpIOp::create(
            b, loc, equal ? arith::CmpIPredicate::eq : arith::CmpIPredicate::slt,
            SsaInt::materialize(b, loc, x, b.getI64Type()),
            SsaInt::materialize(b, loc, y, b.getI64Type()));
        all = arith::AndIOp::create(b, loc, all, c);
      }
      op->getResult(0).replaceAllUsesWith(all);
    } else if (auto p = dyn_cast<MakePtrOp>(op)) {
      PointerType t = p.getType();
      if (p.getArgs().size() == 4)
        ptrs[p.getResult()] = newBufferPointer(b, loc, p);
      else if (!p.getArgs().empty())
        ptrs[p.getResult()] = p.getArgs()[0];
      else if (auto size = p.getAllocInt("allocSize"))
        ptrs[p.getResult()] = registers(b, loc, t.getElementType(), *size, t.getAlignment());
      else
        ptrs[p.getResult()] = LLVM::AddressOfOp::create(b, loc, sharedAllocation(p));
      if (p.getArgs().size() == 1 && t.getAddressSwizzleFunction())
        anchorSwizzled(ptrs[p.getResult()], t);
    } else if (auto r = dyn_cast<RecastIterOp>(op)) {
      ptrs[r.getResult()] = ptr(r.getSrc()); // pointers are opaque: the address is the same
    } else if (auto g = dyn_cast<FR::GetBufferRsrcOp>(op)) {
      g.getResult().replaceAllUsesWith(bufferResource(b, loc, ptr(g.getPtr())));
    } else if (auto a = dyn_cast<ApplySwizzleOp>(op)) {
      ptrs[a.getResult()] = ptr(a.getPtr()); // the accesses through the result swizzle
      anchorSwizzled(ptrs[a.getResult()], a.getType());
    } else if (auto p = dyn_cast<PtrToIntOp>(op)) {
      p.getResult().replaceAllUsesWith(
          LLVM::PtrToIntOp::create(b, loc, p.getType(), ptr(p.getPtr())).getResult());
    } else if (auto p = dyn_cast<IntToPtrOp>(op)) {
      auto raw = LLVM::LLVMPointerType::get(b.getContext(), p.getType().getAddressSpace());
      ptrs[p.getResult()] = LLVM::IntToPtrOp::create(b, loc, raw, p.getSrc());
    } else if (auto e = dyn_cast<ExtractAlignedPointerAsIndexOp>(op)) {
      Value raw = tensor(e.getSource()).ptr;
      if (raw.getType() != e.getType())
        raw = LLVM::AddrSpaceCastOp::create(b, loc, e.getType(), raw);
      e.getResult().replaceAllUsesWith(raw);
    } else if (auto t = dyn_cast<ToLLVMPtrOp>(op)) {
      t.getResult().replaceAllUsesWith(ptr(t.getPtr()));
    } else if (auto d = dyn_cast<GetDynSharedOp>(op)) {
      Value base = LLVM::AddressOfOp::create(b, loc, dynamicShared(d));
      ptrs[d.getResult()] = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                                                ArrayRef<LLVM::GEPArg>{0});
    } else if (auto v = dyn_cast<MakeViewOp>(op); v && isa<IntTupleType>(v.getPtr().getType())) {
      coordTensors.try_emplace(v.getResult(), lookup(tuples, v.getPtr()),
                               lookup(layouts, v.getLayout()));
    } else if (auto v = dyn_cast<MakeViewOp>(op)) {
      auto type = cast<FlyMemRefType>(v.getType());
      setTensor(v.getResult(), {ptr(v.getPtr()), lookup(layouts, v.getLayout()),
                                type.getSwizzleFunction(), type.getAddressSwizzleFunction()});
    } else if (auto g = dyn_cast<GetIterOp>(op);
               g && isa<CoordTensorType>(g.getTensor().getType())) {
      tuples.try_emplace(g.getResult(), lookup(coordTensors, g.getTensor()).first);
    } else if (auto g = dyn_cast<GetLayoutOp>(op);
               g && isa<CoordTensorType>(g.getTensor().getType())) {
      layouts.try_emplace(g.getResult(), lookup(coordTensors, g.getTensor()).second);
    } else if (auto g = dyn_cast<GetIterOp>(op)) {
      ptrs[g.getResult()] = tensor(g.getTensor()).ptr;
    } else if (auto g = dyn_cast<GetLayoutOp>(op)) {
      layouts.try_emplace(g.getResult(), tensor(g.getTensor()).layout);
    } else if (auto a = dyn_cast<AddOffsetOp>(op)) {
      ptrs[a.getResult()] = gep(b, loc, ptr(a.getPtr()), a.getType().getElementType(),
                                lookup(tuples, a.getOffset()).leaf());
    } else if (isa<AllocaOp, MmaMakeFragmentOp, MakeFragmentLikeOp>(op)) {
      auto t = cast<FlyMemRefType>(op->getResult(0).getType());
      Value ptr = registers(b, loc, t.getElementType(),
                            L::cosize(t.getLayout().getLayout()).value(), t.getAlignment());
      setTensor(op->getResult(0), {ptr, t.getLayout().getLayout(), std::nullopt});
    } else if (auto e = dyn_cast<ElementPtrOp>(op)) {
      const TensorParts &t = tensor(e.getTensor());
      ptrs[e.getResult()] = gep(b, loc, t.ptr, e.getType().getElementType(),
                                offsetOf(b, loc, t, coordOf(b, loc, t, e.getCoord())));
    } else if (auto m = dyn_cast<MemRefLoadOp>(op);
               m && isa<CoordTensorType>(m.getTensor().getType())) {
      auto [base, layout] = lookup(coordTensors, m.getTensor()); // copies: the map grows
      tuples.try_emplace(m.getResult(), coordinateAt(base, layout, lookup(tuples, m.getIndices())));
    } else if (auto m = dyn_cast<MemRefLoadOp>(op)) {
      const TensorParts &t = tensor(m.getTensor());
      refuseBuffer(t);
      auto type = cast<FlyMemRefType>(m.getTensor().getType());
      L::Int off = offsetOf(b, loc, t, lookup(tuples, m.getIndices()));
      Value at = swizzledAddress(b, loc, sharedGep(b, loc, t.ptr, type.getElementType(), off),
                                 t.addressSwizzle);
      m.getResult().replaceAllUsesWith(
          LLVM::LoadOp::create(b, loc, m.getType(), at, unsigned(alignmentAt(type, off))));
    } else if (auto m = dyn_cast<MemRefStoreOp>(op)) {
      const TensorParts &t = tensor(m.getTensor());
      refuseBuffer(t);
      FlyMemRefType type = m.getTensor().getType();
      L::Int off = offsetOf(b, loc, t, lookup(tuples, m.getIndices()));
      Value at = swizzledAddress(b, loc, sharedGep(b, loc, t.ptr, type.getElementType(), off),
                                 t.addressSwizzle);
      LLVM::StoreOp::create(b, loc, m.getValue(), at, unsigned(alignmentAt(type, off)));
    } else if (auto m = dyn_cast<MemRefLoadVecOp>(op);
               m && isa<CoordTensorType>(m.getTensor().getType())) {
      m.getResult().replaceAllUsesWith(coordinates(b, loc, m));
    } else if (auto m = dyn_cast<MemRefLoadVecOp>(op)) {
      Value whole;
      Runs runs = planRuns(m.getTensor());
      forEachRun(
          b, loc, m.getTensor(), runs,
          [&](Value at, int64_t first, VectorType run, unsigned align) {
            bool one = run.getNumElements() == 1;
            Value v =
                LLVM::LoadOp::create(b, loc, one ? run.getElementType() : Type(run), at, align);
            if (run == m.getType())
              whole = one ? Value(vector::BroadcastOp::create(b, loc, run, v)) : v;
            else if (!whole)
              whole = arith::ConstantOp::create(b, loc, b.getZeroAttr(m.getType()));
            if (run == m.getType())
              return;
            whole =
                one ? Value(vector::InsertOp::create(b, loc, v, whole, ArrayRef<int64_t>{first}))
                    : Value(vector::InsertStridedSliceOp::create(
                          b, loc, v, whole, ArrayRef<int64_t>{first}, ArrayRef<int64_t>{1}));
          });
      m.getResult().replaceAllUsesWith(toCoordinateOrder(b, loc, whole, runs, false));
    } else if (auto m = dyn_cast<MemRefStoreVecOp>(op)) {
      // The values in run order first (a permutation where runs do not go along mode 0).
      Runs runs = planRuns(m.getTensor());
      Value inRunOrder = toCoordinateOrder(b, loc, m.getVector(), runs, /*inverse=*/true);
      forEachRun(b, loc, m.getTensor(), runs,
                 [&](Value at, int64_t first, VectorType run, unsigned align) {
                   Value v;
                   if (run.getNumElements() == 1)
                     v = vector::ExtractOp::create(b, loc, inRunOrder, ArrayRef<int64_t>{first});
                   else if (run == inRunOrder.getType())
                     v = inRunOrder;
                   else
                     v = vector::ExtractStridedSliceOp::create(
                         b, loc, inRunOrder, ArrayRef<int64_t>{first}, run.getShape(),
                         ArrayRef<int64_t>{1});
                   LLVM::StoreOp::create(b, loc, v, at, align);
                 });
    } else if (auto l = dyn_cast<PtrLoadOp>(op);
               l && l.getPtr().getType().getAddressSpace() == BufferDesc) {
      Value fat = ptr(l.getPtr()), zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
      Value bytes = bufferByteOffset(b, loc, fat, l.getPtr().getType());
      l.getResult().replaceAllUsesWith(
          ROCDL::RawPtrBufferLoadOp::create(b, loc, l.getType(), bufferResource(b, loc, fat), bytes,
                                            zero, zero, nullptr, nullptr, nullptr));
    } else if (auto s = dyn_cast<PtrStoreOp>(op);
               s && s.getPtr().getType().getAddressSpace() == BufferDesc) {
      Value fat = ptr(s.getPtr()), zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
      Value bytes = bufferByteOffset(b, loc, fat, s.getPtr().getType());
      ROCDL::RawPtrBufferStoreOp::create(b, loc, s.getValue(), bufferResource(b, loc, fat), bytes,
                                         zero, zero, nullptr, nullptr, nullptr);
    } else if (auto l = dyn_cast<PtrLoadOp>(op)) {
      PointerType t = l.getPtr().getType();
      l.getResult().replaceAllUsesWith(
          LLVM::LoadOp::create(b, loc, l.getType(), accessAddress(b, loc, ptr(l.getPtr()), t),
                               unsigned(t.getAccessAlignment())));
    } else if (auto s = dyn_cast<PtrStoreOp>(op)) {
      PointerType t = s.getPtr().getType();
      LLVM::StoreOp::create(b, loc, s.getValue(), accessAddress(b, loc, ptr(s.getPtr()), t),
                            unsigned(t.getAccessAlignment()));
    } else if (auto a = dyn_cast<PtrAtomicRmwOp>(op)) {
      UniversalAtomicType atom = a.getAtom();
      PointerType t = a.getPtr().getType(); // global or shared, as the op's verifier saw
      auto rmw = LLVM::AtomicRMWOp::create(
          b, loc, *atomicBinOp(atom.getAtomicOp(), isa<FloatType>(atom.getValType())),
          accessAddress(b, loc, ptr(a.getPtr()), t), a.getValue(), LLVM::AtomicOrdering::monotonic);
      if (!atom.getSyncscope().empty())
        rmw.setSyncscope(atom.getSyncscope());
    } else if (isa<PartitionSrcOp, PartitionDstOp>(op) &&
               isa<CoordTensorType>(op->getOperand(1).getType())) {
      auto tc = cast<TiledCopyType>(op->getOperand(0).getType());
      auto [base, layout] = lookup(coordTensors, op->getOperand(1)); // copies: the map grows
      L::IntTuple thr = lookup(tuples, op->getOperand(2));
      L::Layout frag =
          L::threadFragments(layout, tc.getThreadValue().getLayout(),
                             L::Tiler::parse(tc.getTile().str()), tc.getAtom().getValues());
      L::IntTuple off = L::sliceAndOffset(L::threadCoordinate(thr), frag).second;
      coordTensors.try_emplace(op->getResult(0), movedBase(base, off),
                               L::threadPartition(frag, thr));
    } else if (auto p = dyn_cast<TiledMmaPartitionOp>(op);
               p && isa<CoordTensorType>(p.getInput().getType())) {
      auto [base, layout] = lookup(coordTensors, p.getInput());
      L::IntTuple thr = lookup(tuples, p.getCoord());
      auto which = static_cast<L::MmaOperand>(std::min<int64_t>(p.getOperandId(), 2));
      L::Layout frag =
          L::threadFragmentsMma(p.getTiledMma().getType().getTiledMma(), which, layout);
      L::IntTuple off = L::sliceAndOffset(L::IntTuple{thr, L::IntTuple::underscore()}, frag).second;
      coordTensors.try_emplace(p.getResult(), movedBase(base, off),
                               L::partitionByThread(frag, thr));
    } else if (isa<PartitionSrcOp, PartitionDstOp>(op)) {
      auto tc = cast<TiledCopyType>(op->getOperand(0).getType());
      const TensorParts &t = tensor(op->getOperand(1));
      L::IntTuple thr = lookup(tuples, op->getOperand(2));
      L::Layout frag =
          L::threadFragments(t.layout, tc.getThreadValue().getLayout(),
                             L::Tiler::parse(tc.getTile().str()), tc.getAtom().getValues());
      L::Int off = L::sliceAndOffset(L::threadCoordinate(thr), frag).second.leaf();
      auto type = cast<FlyMemRefType>(op->getOperand(1).getType());
      setTensor(op->getResult(0), {gep(b, loc, t.ptr, type.getElementType(), off),
                                   L::threadPartition(frag, thr), std::nullopt, t.addressSwizzle});
    } else if (auto r = dyn_cast<TiledCopyRetileOp>(op)) {
      const TensorParts &t = tensor(r.getInput());
      auto type = cast<FlyMemRefType>(r.getResult().getType()); // static: all in the type
      setTensor(r.getResult(),
                {t.ptr, type.getLayout().getLayout(), std::nullopt, t.addressSwizzle});
    } else if (auto p = dyn_cast<TiledMmaPartitionOp>(op)) {
      const TensorParts &t = tensor(p.getInput());
      L::IntTuple thr = lookup(tuples, p.getCoord());
      auto which = static_cast<L::MmaOperand>(std::min<int64_t>(p.getOperandId(), 2));
      L::Layout frag =
          L::threadFragmentsMma(p.getTiledMma().getType().getTiledMma(), which, t.layout);
      L::Int off =
          L::sliceAndOffset(L::IntTuple{thr, L::IntTuple::underscore()}, frag).second.leaf();
      Type element = cast<FlyMemRefType>(p.getInput().getType()).getElementType();
      setTensor(p.getResult(), {gep(b, loc, t.ptr, element, off), L::partitionByThread(frag, thr),
                                std::nullopt, t.addressSwizzle});
    } else if (isa<MmaAtomCallOp, GemmOp>(op)) {
      auto inst = isa<GemmOp>(op)
                      ? cast<GemmOp>(op).getTiledMma().getType().getAtom().getInstruction()
                      : cast<MmaAtomCallOp>(op).getAtom().getType().getInstruction();
      const L::MmaAtom &atom = inst.getAtom();
      Value a = laneValues(b, loc, inst, op->getOperand(2), atom.layoutA, true); // in order
      Value bValue = laneValues(b, loc, inst, op->getOperand(3), atom.layoutB, true);
      Value c = laneValues(b, loc, inst, op->getOperand(4), atom.layoutC, false);
      Value atomValue = isa<MmaAtomCallOp>(op) ? op->getOperand(0) : Value();
      LLVM::StoreOp::create(b, loc, matrixCore(b, loc, inst, a, bValue, c, atomValue),
                            contiguousPtr(op->getOperand(1), atom.layoutC));
    } else if (auto m = dyn_cast<MmaAtomCallSsaOp>(op)) {
      MmaOpTypeInterface inst = m.getAtom().getType().getInstruction();
      const L::MmaAtom &atom = inst.getAtom();
      auto wgmma = dyn_cast<FN::WgmmaType>(inst);
      auto abValues = [&](Value v, const L::Layout &tv, bool isB) {
        if (wgmma && isa<FlyMemRefType>(v.getType()))
          return wgmmaDescriptor(b, loc, wgmma, isB, v);
        return laneValues(b, loc, inst, v, tv, true);
      };
      Value a = abValues(m.getA(), atom.layoutA, false); // A, B, C in order
      Value bValue = abValues(m.getB(), atom.layoutB, true);
      Value c = laneValues(b, loc, inst, m.getC(), atom.layoutC, false);
      Value res = matrixCore(b, loc, inst, a, bValue, c, m.getAtom());
      if (m.getD())
        LLVM::StoreOp::create(b, loc, res, contiguousPtr(m.getD(), atom.layoutC));
      else
        m.getResult(0).replaceAllUsesWith(res);
    } else if (auto m = dyn_cast<MakeMmaAtomOp>(op)) {
      if (auto state = m.getType().getStateType()) {
        Value s = zeroState(b, loc, state);
        // A scaled MFMA's default scales, FlyDSL's 0, compile to the unscaled instruction (the
        // compiler selects v_mfma_f32_16x16x128_f8f6f4 for constant scales of 0); the atom's
        // call, which reads the scales as E8M0 codes, multiplies so with codes of 127 (1.0).
        MmaOpTypeInterface inst = m.getType().getInstruction();
        if (isa<FR::MfmaScaleType>(inst) && callsAtom(inst)) {
          Value unit = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 127);
          for (int64_t field : {0, 1})
            s = LLVM::InsertValueOp::create(b, loc, s, unit, ArrayRef<int64_t>{field});
        }
        atoms[m.getResult()] = s;
      }
    } else if (auto m = dyn_cast<MakeCopyAtomOp>(op)) {
      if (auto state = m.getType().getStateType())
        atoms[m.getResult()] = zeroState(b, loc, state);
    } else if (auto sv = dyn_cast<AtomSetValueOp>(op)) {
      int index = atomStateFieldIndex(sv.getAtom().getType(), sv.getField());
      atoms[sv.getResult()] = LLVM::InsertValueOp::create(b, loc, atomState(sv.getAtom()),
                                                          sv.getValue(), ArrayRef<int64_t>{index});
    } else if (auto c = dyn_cast<CopyAtomCallOp>(op);
               c && isa<FR::BufferCopyType, FR::BufferCopyLdsType, FR::BufferAtomicType>(
                        c.getCopyAtom().getType().getCopyOp())) {
      Value pred = c.getPred()
                       ? Value(LLVM::LoadOp::create(b, loc, b.getI1Type(), tensor(c.getPred()).ptr))
                       : Value();
      Type inst = c.getCopyAtom().getType().getCopyOp();
      buildPredicated(b, loc, pred, Value(), [&](OpBuilder &in) {
        if (isa<FR::BufferCopyType>(inst))
          return bufferCopy(in, loc, c.getCopyAtom(), c.getSrc(), c.getDst());
        if (isa<FR::BufferAtomicType>(inst))
          bufferAtomic(in, loc, c.getCopyAtom(), c.getSrc(), c.getDst());
        else
          bufferCopyLds(in, loc, c.getCopyAtom(), c.getSrc(), c.getDst());
        return Value();
      });
    } else if (auto c = dyn_cast<CopyAtomCallSsaOp>(op);
               c && isa<FR::BufferAtomicType>(c.getCopyAtom().getType().getCopyOp())) {
      buildPredicated(b, loc, c.getPred(), Value(), [&](OpBuilder &in) {
        bufferAtomic(in, loc, c.getCopyAtom(), c.getSrc(), c.getDst());
        return Value();
      });
      if (c.getNumResults()) // the source, as FlyDSL gives it back
        c.getResult(0).replaceAllUsesWith(c.getSrc());
    } else if (auto c = dyn_cast<CopyAtomCallSsaOp>(op);
               c && isa<FR::BufferCopyType>(c.getCopyAtom().getType().getCopyOp())) {
      bool dstTensor = c.getDst() && isa<FlyMemRefType>(c.getDst().getType());
      Value old = c.getDst() && !dstTensor ? c.getDst() : Value(); // where the predicate is false
      Value v = buildPredicated(b, loc, c.getPred(), old, [&](OpBuilder &in) {
        return bufferCopy(in, loc, c.getCopyAtom(), c.getSrc(), dstTensor ? c.getDst() : Value());
      });
      if (c.getNumResults())
        c.getResult(0).replaceAllUsesWith(v);
    } else if (isa<MakeTiledCopyOp, MakeTiledMmaOp>(op)) {
      // all in its type
    } else if (auto c = dyn_cast<CpAsyncOp>(op)) {
      NVVM::CpAsyncOp::create(
          b, loc, accessAddress(b, loc, ptr(c.getDst()), c.getDst().getType()),
          accessAddress(b, loc, ptr(c.getSrc()), c.getSrc().getType()), uint32_t(c.getBytes()),
          c.getBytes() == 16 ? NVVM::LoadCacheModifierKind::CG : NVVM::LoadCacheModifierKind::CA,
          c.getSrcBytes());
    } else if (isa<CpAsyncWaitOp>(op)) {
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
      NVVM::CpAsyncWaitGroupOp::create(b, loc, b.getI32IntegerAttr(0));
    } else if (auto m = dyn_cast<FN::MBarrierInitOp>(op)) {
      NVVM::MBarrierInitOp::create(
          b, loc, barrierAddress(b, loc, m.getBarrier()),
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), m.getArrivals()), Value());
      NVVM::FenceMbarrierInitOp::create(b, loc); // seen by the async proxy (bulk copies)
    } else if (auto m = dyn_cast<FN::MBarrierArriveExpectTxOp>(op)) {
      NVVM::MBarrierArriveExpectTxOp::create(
          b, loc, Type(), barrierAddress(b, loc, m.getBarrier()),
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), m.getTxBytes()), {}, {}, Value());
    } else if (auto m = dyn_cast<FN::MBarrierTryWaitParityOp>(op)) {
      // ten million nanoseconds: the time one try may suspend the thread (PTX's hint)
      NVVM::MBarrierTryWaitParityOp::create(
          b, loc, barrierAddress(b, loc, m.getBarrier()), m.getParity(),
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0x989680));
    } else if (auto ld = dyn_cast<FN::LdMatrixOp>(op)) { // on cuda: the others' went before
      auto type = ld.getResult().getType();
      int n = int(type.getNumElements() / 2); // matrices; each lane has one word of each
      Type i32 = b.getI32Type();
      Type result =
          n == 1 ? i32
                 : LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(n, i32));
      Value row = accessAddress(b, loc, ptr(ld.getRow()), cast<PointerType>(ld.getRow().getType()));
      Value got = NVVM::LdMatrixOp::create(
          b, loc, result, row, uint32_t(n),
          ld.getTrans() ? NVVM::MMALayout::col : NVVM::MMALayout::row,
          NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8), NVVM::LdStMatrixEltType::B16);
      auto wordsType = VectorType::get({n}, i32);
      Value words = LLVM::UndefOp::create(b, loc, wordsType);
      for (int j = 0; j < n; ++j) {
        Value w = n == 1 ? got : LLVM::ExtractValueOp::create(b, loc, got, j);
        words = LLVM::InsertElementOp::create(
            b, loc, wordsType, words, w,
            LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(j)));
      }
      ld.getResult().replaceAllUsesWith(LLVM::BitcastOp::create(b, loc, type, words));
    } else if (auto t = dyn_cast<FN::TmaLoadOp>(op)) {
      // The copy writes the cluster's shared window, where this block's own addresses hold.
      Value dst = LLVM::AddrSpaceCastOp::create(
          b, loc, LLVM::LLVMPointerType::get(b.getContext(), 7),
          accessAddress(b, loc, ptr(t.getDst()), cast<PointerType>(t.getDst().getType())));
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          b, loc, dst, t.getDescriptor(), t.getCoords(), barrierAddress(b, loc, t.getBarrier()),
          ValueRange{}, Value(), Value(), {}, {}, {}, Value());
    } else if (auto t = dyn_cast<FN::TmaStoreOp>(op)) {
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          b, loc, t.getDescriptor(),
          accessAddress(b, loc, ptr(t.getSrc()), cast<PointerType>(t.getSrc().getType())),
          t.getCoords(), Value(), NVVM::TMAStoreMode::TILE, Value());
      NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    } else if (isa<FN::WgmmaFenceOp>(op)) {
      NVVM::WgmmaFenceAlignedOp::create(b, loc);
    } else if (isa<FN::WgmmaCommitOp>(op)) {
      NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    } else if (auto w = dyn_cast<FN::WgmmaWaitOp>(op)) {
      NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(w.getPending()));
      // The accumulators tied after the wait: the target's settle (mma-calls), or the asm.
      for (auto [acc, settled] : llvm::zip(w.getAccumulators(), w.getResults())) {
        auto vt = cast<VectorType>(acc.getType());
        settled.replaceAllUsesWith(mmaCalls && bool(*mmaCalls)
                                       ? callDeclared(b, loc,
                                                      ::fly::ir::kWgmmaSettleFnPrefix +
                                                          std::to_string(vt.getNumElements()),
                                                      ValueRange{acc}, vt)
                                             .getResult(0)
                                       : fly::ir::settleWgmmaAccumulators(b, loc, acc));
      }
    } else if (auto w = dyn_cast<FN::TmaStoreWaitOp>(op)) {
      NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, uint32_t(w.getPending()), b.getUnitAttr());
    } else if (isa<CpAsyncCommitOp>(op)) {
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
    } else if (auto w = dyn_cast<CpAsyncWaitGroupOp>(op)) {
      NVVM::CpAsyncWaitGroupOp::create(b, loc, w.getPendingAttr());
    } else if (isa<CopyOp, CopyAtomCallOp, CopyAtomCallSsaOp>(op)) {
      L::fail(L::ErrorKind::Unsupported, "copies and their atoms are lowered by fly-atom-lowering "
                                         "first");
    } else {
      L::fail(L::ErrorKind::Unsupported, "no lowering for this op");
    }
  }

  /// An int tuple of type `t` holding the leaves of `x`: a dynamic leaf of the type takes its
  /// value as an operand of its width (i32 for `?`, i64 for `?{i64}`).
  /// Nothing where a leaf may not fit in an i32 `?` (with no-wrap, an i64 leaf past 2^31): the
  /// value is then left to the conversion to LLVM, which computes it in its own width.
  static Value remakeTuple(OpBuilder &b, Location loc, IntTupleType t, const L::IntTuple &x) {
    std::vector<L::Int> declared, leaves;
    L::flattenInto(t.getTuple(), declared);
    L::flattenInto(x, leaves);
    if (declared.size() != leaves.size())
      return {};
    auto fits = [](const L::Int &x) {
      if (x.isBasis())
        return false;
      const SsaInt *s = SsaInt::of(x);
      auto narrow = s ? dyn_cast<IntegerType>(s->v.getType()) : IntegerType();
      return (narrow && narrow.getWidth() <= 32) || fly::ir::boundOf(x) <= uint64_t(INT32_MAX);
    };
    for (size_t i = 0; i < declared.size(); ++i)
      if (leafBits(declared[i]) == 32 && !fits(leaves[i]))
        return {};
    SmallVector<Value> operands;
    for (size_t i = 0; i < declared.size(); ++i)
      if (!declared[i].isStatic())
        operands.push_back(
            SsaInt::materialize(b, loc, leaves[i], b.getIntegerType(leafBits(declared[i]))));
    return MakeIntTupleOp::create(b, loc, t, operands);
  }

  /// A tuple or layout this pass computed, built again as Fly construction ops for the users
  /// it does not lower (a function's return of a `!fly.layout`); nothing for other values.
  Value remake(OpBuilder &b, Location loc, Value v) {
    MLIRContext *ctx = b.getContext();
    if (auto t = dyn_cast<IntTupleType>(v.getType()); t && tuples.count(v))
      return remakeTuple(b, loc, t, tuples.find(v)->second);
    auto t = dyn_cast<LayoutType>(v.getType());
    if (!t || !layouts.count(v))
      return {};
    const L::Layout &l = layouts.find(v)->second;
    L::Layout declared = t.getLayout();
    Value shape = remakeTuple(b, loc, IntTupleType::get(ctx, declared.shape()), l.shape());
    Value stride = remakeTuple(b, loc, IntTupleType::get(ctx, declared.stride()), l.stride());
    if (!shape || !stride)
      return {};
    return MakeLayoutOp::create(b, loc, t, shape, stride);
  }

  /// FlyDSL's layout lowering leaves Fly values its users still need as construction ops of
  /// what they hold; the computing ops go.
  void remakeEscaping(OpBuilder &b, ArrayRef<Operation *> lowered) {
    llvm::DenseSet<Operation *> gone(lowered.begin(), lowered.end());
    auto outside = [&](OpOperand &use) { return !gone.contains(use.getOwner()); };
    auto leafMaker = [](Operation *op) {
      return isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp, StaticOp>(op);
    };
    for (Operation *op : lowered) {
      if (leafMaker(op) || (isa<MakeLayoutOp>(op) && llvm::all_of(op->getOperands(), [&](Value v) {
                              return v.getDefiningOp() && leafMaker(v.getDefiningOp());
                            })))
        continue;
      for (Value r : op->getResults()) {
        if (llvm::none_of(r.getUses(), outside))
          continue;
        b.setInsertionPointAfter(op);
        if (Value again = remake(b, op->getLoc(), r))
          r.replaceUsesWithIf(again, outside);
      }
    }
  }

  /// An op on int tuples and layouts alone (and integers): all its Fly operands and results
  /// are int tuples, layouts, composed layouts, tiles or coordinate tensors, and it has one at
  /// least.
  static bool isLayoutLevel(Operation *op) {
    bool any = false;
    auto ok = [&](Type t) {
      if (!isa<FlyDialect>(&t.getDialect()))
        return true;
      any = true;
      return isa<IntTupleType, LayoutType, ComposedLayoutType, TileType, CoordTensorType,
                 TiledMmaType, TiledCopyType>(t);
    };
    return llvm::all_of(op->getOperandTypes(), ok) && llvm::all_of(op->getResultTypes(), ok) && any;
  }

  /// Every int tuple and layout operand was computed here (not a block argument, not a
  /// value of an op left for fly-lower-to-llvm).
  bool operandsKnown(Operation *op) const {
    return llvm::all_of(op->getOperands(), [&](Value v) {
      if (isa<IntTupleType>(v.getType()))
        return tuples.count(v) != 0;
      if (isa<LayoutType>(v.getType()))
        return layouts.count(v) != 0;
      if (isa<CoordTensorType>(v.getType()))
        return coordTensors.count(v) != 0;
      return true;
    });
  }

  /// FlyDSL's layout lowering of a register tensor (fly.memref.alloca, fly.mma.make_fragment):
  /// a pointer to its registers (fly.make_ptr with allocSize, the layout's cosize) viewed
  /// through its layout, which fly-promote-regmem-to-vectorssa and the LLVM lowering take.
  static Value allocation(OpBuilder &b, Operation *op) {
    Location loc = op->getLoc();
    auto t = cast<FlyMemRefType>(op->getResult(0).getType());
    L::Layout l = t.getLayout().getLayout();
    Value layout;
    if (auto a = dyn_cast<AllocaOp>(op)) {
      layout = a.getLayout();
    } else {
      MLIRContext *ctx = b.getContext();
      Value shape = MakeIntTupleOp::create(b, loc, IntTupleType::get(ctx, l.shape()), ValueRange{});
      Value stride =
          MakeIntTupleOp::create(b, loc, IntTupleType::get(ctx, l.stride()), ValueRange{});
      layout = MakeLayoutOp::create(b, loc, t.getLayout(), shape, stride);
    }
    auto size = b.getNamedAttr("allocSize", b.getI64IntegerAttr(L::cosize(l).value()));
    Value ptr =
        MakePtrOp::create(b, loc, t.getPointerType(), ValueRange{}, b.getDictionaryAttr({size}));
    return MakeViewOp::create(b, loc, ptr, layout, DenseI64ArrayAttr());
  }

  /// FlyDSL's fly.decomposition: a plain tensor is its own; a view through a composed layout is
  /// its pointer moved by the offset the composition gathers (a constant), viewed through the
  /// layout at the end of the composition's outer chain.
  bool decomposeView(Operation *op, OpBuilder &b) {
    auto d = dyn_cast<DecompositionOp>(op);
    if (!d)
      return false;
    if (d.getTensor().getType() == d.getType()) {
      d.getResult().replaceAllUsesWith(d.getTensor());
      return true;
    }
    auto view = d.getTensor().getDefiningOp<MakeViewOp>();
    if (!view)
      return false;
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    auto [linear, offset] =
        cast<ComposedLayoutType>(view.getLayout().getType()).getFunction().decompose();
    Value moved = AddOffsetOp::create(
        b, loc, view.getPtr(),
        MakeIntTupleOp::create(b, loc, IntTupleType::get(ctx, offset), ValueRange{}));
    Value shape =
        MakeIntTupleOp::create(b, loc, IntTupleType::get(ctx, linear.shape()), ValueRange{});
    Value stride =
        MakeIntTupleOp::create(b, loc, IntTupleType::get(ctx, linear.stride()), ValueRange{});
    Value layout = MakeLayoutOp::create(b, loc, LayoutType::get(ctx, linear), shape, stride);
    d.getResult().replaceAllUsesWith(
        MakeViewOp::create(b, loc, d.getType(), moved, layout, DenseI64ArrayAttr()));
    return true;
  }

  /// An op that reads a tensor over a composed layout, other than those that take the view
  /// apart (fly.decomposition, fly.get_iter, fly.get_layout) in fly-layout-lowering: an error
  /// rather than an access through the wrong layout.
  LogicalResult refuseComposedTensors() {
    WalkResult r = getOperation()->walk([&](Operation *op) {
      auto composed = [](Value v) {
        auto t = dyn_cast<FlyMemRefType>(v.getType());
        return t && t.getComposed();
      };
      if (llvm::none_of(op->getOperands(), composed) && llvm::none_of(op->getResults(), composed))
        return WalkResult::advance();
      if (layoutsOnly && isa<MakeViewOp, DecompositionOp, GetIterOp, GetLayoutOp>(op))
        return WalkResult::advance();
      op->emitOpError("reads a tensor over a composed layout, which is taken apart by "
                      "fly.decomposition (of a fly.make_view) in fly-layout-lowering only");
      return WalkResult::interrupt();
    });
    return failure(r.wasInterrupted());
  }

  /// fly.get_iter and fly.get_layout of a fly.make_view are its operands: the view may go.
  bool forwardView(Operation *op) {
    Value tensor = isa<GetIterOp, GetLayoutOp>(op) ? op->getOperand(0) : Value();
    auto view = tensor ? tensor.getDefiningOp<MakeViewOp>() : MakeViewOp();
    if (!view)
      return false;
    Value operand = isa<GetIterOp>(op) ? Value(view.getPtr()) : Value(view.getLayout());
    if (operand.getType() == op->getResult(0).getType()) {
      op->getResult(0).replaceAllUsesWith(operand);
    } else if (auto layout = layouts.find(view.getLayout());
               isa<GetLayoutOp>(op) && layout != layouts.end()) {
      layouts.try_emplace(op->getResult(0), layout->second);
    } else {
      return false;
    }
    return true;
  }

  /// FlyDSL's normal form of a chain of fly.add_offset: at most one run-time offset, then one
  /// constant, so that accesses at constant distances share one run-time base. Constants fold,
  /// run-time offsets add, and a constant before a run-time offset moves behind it.
  void normalizeOffsets() {
    bool changed = true;
    while (changed) {
      changed = false;
      getOperation()->walk([&](AddOffsetOp outer) {
        auto inner = outer.getPtr().getDefiningOp<AddOffsetOp>();
        if (!inner)
          return WalkResult::advance();
        OpBuilder b(outer);
        Location loc = outer.getLoc();
        std::optional<int64_t> c1 = constantScalar(inner.getOffset());
        std::optional<int64_t> c2 = constantScalar(outer.getOffset());
        auto dyn1 = inner.getOffset().getDefiningOp<MakeIntTupleOp>();
        auto dyn2 = outer.getOffset().getDefiningOp<MakeIntTupleOp>();
        MLIRContext *ctx = b.getContext();
        Value offset;
        if (c1 && c2) {
          offset = MakeIntTupleOp::create(b, loc, IntTupleType::get(ctx, L::IntTuple(*c1 + *c2)),
                                          ValueRange{});
        } else if (!c1 && !c2 && dyn1 && dyn2 && dyn1.getDyncElems().size() == 1 &&
                   dyn2.getDyncElems().size() == 1 &&
                   dyn1.getDyncElems()[0].getType() == dyn2.getDyncElems()[0].getType()) {
          Value sum = arith::AddIOp::create(b, loc, dyn1.getDyncElems()[0], dyn2.getDyncElems()[0]);
          offset = MakeIntTupleOp::create(b, loc, dyn1.getType(), ValueRange{sum});
        } else if (c1 && !c2 && inner->hasOneUse()) {
          Value base = AddOffsetOp::create(b, loc, inner.getPtr(), outer.getOffset());
          Value moved = AddOffsetOp::create(b, loc, base, inner.getOffset());
          outer.getResult().replaceAllUsesWith(moved);
          outer.erase();
          inner.erase();
          changed = true;
          return WalkResult::interrupt();
        } else {
          return WalkResult::advance();
        }
        Value fused = AddOffsetOp::create(b, loc, inner.getPtr(), offset);
        outer.getResult().replaceAllUsesWith(fused);
        outer.erase();
        if (inner->use_empty())
          inner.erase();
        changed = true;
        return WalkResult::interrupt();
      });
    }
  }

  void runOnOperation() override {
    // A pass runs on one operation after another: nothing of the last one's values may answer
    // for this one's (a freed value's address can come back as a new one).
    layouts.clear();
    tuples.clear();
    ptrs.clear();
    atoms.clear();
    tensorStore.clear();
    tensors.clear();
    coordTensors.clear();
    constantGeps.clear();
    dynamicShareds.clear();
    anchors.clear();
    if (failed(refuseComposedTensors()))
      return signalPassFailure();
    if (layoutsOnly) { // FlyDSL's layout lowering expands copies into their atom calls first
      SmallVector<CopyOp> copies;
      getOperation()->walk([&](CopyOp c) { copies.push_back(c); });
      for (CopyOp c : copies)
        expandCopy(c);
    }
    // ... and gemms of several calls (either pass: lowering takes one call's gemm only).
    SmallVector<GemmOp> gemms;
    getOperation()->walk([&](GemmOp g) { gemms.push_back(g); });
    for (GemmOp g : gemms)
      expandGemm(g);
    SmallVector<Operation *> dead;
    OpBuilder b(&getContext());
    WalkResult result = getOperation()->walk([&](Operation *op) -> WalkResult {
      if (!isa<FlyDialect, FN::FlyNVVMDialect>(op->getDialect()) && !isa<FR::GetBufferRsrcOp>(op))
        return WalkResult::advance();
      b.setInsertionPoint(op);
      try {
        if (auto p = dyn_cast<PrintOp>(op)) {
          if (layoutsOnly && !operandsKnown(op)) // a block argument's layout: left for later
            return WalkResult::advance();
          lowerPrint(p, b);
        } else if (layoutsOnly && isa<AllocaOp, MmaMakeFragmentOp, MakeFragmentLikeOp>(op) &&
                   cast<FlyMemRefType>(op->getResult(0).getType()).getSwizzle().empty()) {
          op->getResult(0).replaceAllUsesWith(allocation(b, op));
        } else if (decomposeView(op, b)) {
          // the decomposed view replaced it
        } else if (layoutsOnly && !forwardView(op)) {
          if (!isLayoutLevel(op) || !operandsKnown(op))
            return WalkResult::advance();
          lower(op, b);
        } else if (!layoutsOnly) {
          lower(op, b);
        }
      } catch (const L::LayoutError &e) {
        op->emitOpError("cannot be lowered: ") << e.what();
        return WalkResult::interrupt();
      }
      dead.push_back(op);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    remakeEscaping(b, dead);
    if (layoutsOnly)
      normalizeOffsets();
    // Uses come after definitions: erase in reverse. Fly values used by ops this pass does not
    // know (a return of a !fly.layout) keep their definitions.
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        op->erase();
    if (!layoutsOnly) {
      legalizeStorage(getOperation());
      return;
    }
    // Views and pointers whose users went with the layouts go too.
    SmallVector<Operation *> kept;
    getOperation()->walk([&](Operation *op) {
      if (isa<FlyDialect>(op->getDialect()))
        kept.push_back(op);
    });
    for (Operation *op : llvm::reverse(kept))
      if (isOpTriviallyDead(op))
        op->erase();
    // FlyDSL's pass is a greedy rewrite, whose driver leaves each constant once, at the top of
    // its function (or of the region it is defined above), and no dead ops: the same shape here.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(true).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(getOperation(), FrozenRewritePatternSet(), config);
  }
};

} // namespace

std::unique_ptr<Pass> fly::ir::fly::createLayoutLoweringPass(bool noWrap) {
  auto pass = std::make_unique<LayoutLoweringPass>(/*layoutsOnly=*/true);
  pass->noWrap = noWrap;
  return pass;
}

std::unique_ptr<Pass> fly::ir::fly::createLowerToLlvmPass(bool noWrap, bool mmaCalls) {
  auto pass = std::make_unique<LayoutLoweringPass>(/*layoutsOnly=*/false);
  pass->noWrap = noWrap;
  *pass->mmaCalls = mmaCalls;
  return pass;
}

void fly::ir::fly::registerFlyPasses() {
  PassRegistration<LayoutLoweringPass>([] { return createLayoutLoweringPass(); });
  PassRegistration<LayoutLoweringPass>([] { return createLowerToLlvmPass(); });
  registerCanonicalizePass();
  registerAtomLoweringPass();
  registerAtomCallSsaPass();
  registerPromoteRegmemPass();
  registerIntSwizzleSimplifyPass();
  registerConvertSignaturesPasses();
}
