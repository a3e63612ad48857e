//===- kernel_layout.cpp - Layouts, tensors, copy atoms and tiled copies in kernels ------===//
//
// The layout algebra inside a kernel is src/layout's, run on leaves that are host integers
// or SsaInts (ir/ssa_int.h). Static leaves fold while the kernel is built, so a kernel whose
// layouts are static gets only the index arithmetic its dynamic coordinates need (constant strides
// and divisors, which LLVM turns into shifts and multiplies). A dynamic leaf turns each arithmetic
// step on it into one arith op, and carries the power of two it is a multiple of, which is
// what proves a vector access aligned.
//
//===--------------------------------------------------------------------------------===//

#include "ir/buffer_extent.h"
#include "ir/fly/fly_dialect.h"
#include "ir/fly/fly_nvvm_dialect.h"
#include "ir/fly/fly_rocdl_dialect.h"
#include "ir/kernel_impl.h"
#include "layout/codomain.h"
#include "layout/copy.h"
#include "layout/mma.h"
#include "layout/ops.h"
#include "layout/text.h"
#include "layout/wgmma_descriptor.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <numeric>
#include <set>

namespace fly::ir {

using layout::CopyPlan;
using layout::Int;
using layout::IntTuple;
using layout::Layout;
using layout::planCopy;
using layout::staticSize;

Layout Kernel::Impl::paramLayout(const Entry &e, mlir::Block &entry, unsigned a) {
  int64_t elem = bitWidth(e.dtype) / 8;
  int64_t strideDiv = e.spec.alignBytes ? e.spec.alignBytes / elem : 1;
  std::vector<IntTuple> shape, stride;
  for (int i = 0; i < e.rank; ++i) {
    bool staticShape = !e.spec.shape.empty() && e.spec.shape[i] != kDynamic;
    bool staticStride = !e.spec.stride.empty() && e.spec.stride[i] != kDynamic;
    shape.emplace_back(staticShape ? Int(e.spec.shape[i])
                                   : dynamicInt(entry.getArgument(a + 1 + i), 1));
    stride.emplace_back(staticStride
                            ? Int(e.spec.stride[i])
                            : dynamicInt(entry.getArgument(a + 1 + e.rank + i), strideDiv));
  }
  if (e.rank == 1) // a vector is CuTe's make_layout(n, s), not a rank-1 tuple
    return layout::makeUnchecked(shape[0], stride[0]);
  return layout::makeUnchecked(IntTuple::tuple(std::move(shape)),
                               IntTuple::tuple(std::move(stride)));
}

//===-- Fly values ------------------------------------------------------------===//
//
// Layouts and coordinates written as Fly ops: fly-layout-lowering, every target's first pass,
// turns what they compute into arith on the same SsaInt leaves.

namespace {

bool integerLeaves(const IntTuple &t) {
  std::vector<Int> leaves;
  layout::flattenInto(t, leaves);
  return std::none_of(leaves.begin(), leaves.end(), [](const Int &x) { return x.isBasis(); });
}

/// `t` as a Fly value: Op (fly.make_int_tuple, make_shape, ...) of its dynamic leaves' values;
/// the static leaves are in its type.
template <class Op> MValue flyTuple(Kernel::Impl &k, const IntTuple &t) {
  std::vector<Int> leaves;
  layout::flattenInto(t, leaves);
  llvm::SmallVector<MValue> dynamic;
  for (const Int &x : leaves)
    if (const SsaInt *s = SsaInt::of(x))
      dynamic.push_back(s->v);
  return Op::create(k.b, k.loc(), fly::IntTupleType::get(k.ctx(), t), dynamic);
}

MValue flyLayout(Kernel::Impl &k, const Layout &l) {
  return fly::MakeLayoutOp::create(k.b, k.loc(), flyTuple<fly::MakeShapeOp>(k, l.shape()),
                                   flyTuple<fly::MakeStrideOp>(k, l.stride()));
}

} // namespace

MValue Kernel::Impl::flyValueOf(const Entry &e) {
  return e.kind == ValueKind::Layout ? flyLayout(*this, *e.layout)
                                     : flyTuple<fly::MakeIntTupleOp>(*this, *e.tuple);
}

namespace {

/// Saturating bounds on a tuple's leaves: the largest, their sum and their product; and whether a
/// dynamic leaf is 64 bits wide.
struct LeafBounds {
  uint64_t largest = 0, sum = 0, product = 1;
  bool wide = false;
  explicit LeafBounds(const IntTuple &t) {
    std::vector<Int> leaves;
    layout::flattenInto(t, leaves);
    for (const Int &x : leaves) {
      uint64_t v = boundOf(x);
      largest = std::max(largest, v);
      if (__builtin_add_overflow(sum, v, &sum))
        sum = UINT64_MAX;
      if (__builtin_mul_overflow(product, v, &product))
        product = UINT64_MAX;
      if (const SsaInt *s = SsaInt::of(x))
        wide |= s->v.getType().getIntOrFloatBitWidth() > 32;
    }
  }
};

uint64_t times(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

} // namespace

Int Kernel::Impl::flyScalar(const std::function<Int()> &types, const std::function<MValue()> &build,
                            bool wide, uint64_t bound) {
  // The types' algebra first (placeholder leaves with their divisors, no IR): operands that do
  // not fit throw here, before any op is built.
  Int r = types();
  if (r.isStatic()) // as fly.get_scalar folds it
    return r;
  // i32 where the leaves are and the result provably fits, as SsaInt's LeafWidth::Bounds
  // computes it in the pass; else i64.
  wide |= bound > uint64_t(INT32_MAX);
  mlir::Type t = wide ? b.getI64Type() : b.getI32Type();
  return dynamicInt(fly::GetScalarOp::create(b, loc(), t, build()), fly::divisorOf(r),
                    std::min<uint64_t>(bound, INT64_MAX));
}

IntTuple Kernel::Impl::flyTupleResult(const std::function<IntTuple()> &types,
                                      const std::function<MValue()> &build, bool wide,
                                      uint64_t bound) {
  IntTuple r = types();
  std::vector<Int> leaves;
  layout::flattenInto(r, leaves);
  size_t dynamic = llvm::count_if(leaves, [](const Int &x) { return !x.isStatic(); });
  if (!dynamic)
    return r;
  wide |= bound > uint64_t(INT32_MAX);
  llvm::SmallVector<mlir::Type> widths(dynamic, wide ? b.getI64Type() : b.getI32Type());
  auto read = fly::GetLeavesOp::create(b, loc(), widths, build(), b.getBoolAttr(true));
  auto next = read.getResults().begin();
  for (Int &x : leaves)
    if (!x.isStatic())
      x = dynamicInt(*next++, fly::divisorOf(x), std::min<uint64_t>(bound, INT64_MAX));
  return layout::unflatten(r, leaves);
}

namespace {

/// The Fly op of a layout-algebra function, where the dialect has one that fly-layout-lowering
/// lowers (the others keep the builder's computation: their results have no arithmetic).
llvm::StringRef algebraOpName(layout::UnaryOp op) {
  using U = layout::UnaryOp;
  switch (op) {
  case U::Coalesce:
    return "fly.coalesce";
  case U::Filter:
    return "fly.filter";
  case U::FilterZeros:
    return "fly.filter_zeros";
  case U::Complement:
    return "fly.complement";
  case U::RightInverse:
    return "fly.right_inverse";
  case U::LeftInverse:
    return "fly.left_inverse";
  case U::Flatten:
    return "fly.flatten";
  case U::MakeFragmentLike:
    return "fly.make_fragment_layout_like";
  case U::MakeLayoutLike:
    return {};
  }
  return {};
}
llvm::StringRef algebraOpName(layout::BinaryOp op) {
  using B = layout::BinaryOp;
  switch (op) {
  case B::Composition:
    return "fly.composition";
  case B::BlockedProduct:
    return "fly.blocked_product";
  case B::RakedProduct:
    return "fly.raked_product";
  case B::Append:
  case B::Prepend:
  case B::MaxCommonLayout:
    return {};
  }
  return {};
}
llvm::StringRef algebraOpName(layout::TilerOp op) {
  using T = layout::TilerOp;
  switch (op) {
  case T::Composition:
    return "fly.composition";
  case T::LogicalDivide:
    return "fly.logical_divide";
  case T::ZippedDivide:
    return "fly.zipped_divide";
  case T::TiledDivide:
    return "fly.tiled_divide";
  case T::FlatDivide:
    return "fly.flat_divide";
  case T::LogicalProduct:
    return "fly.logical_product";
  case T::ZippedProduct:
    return "fly.zipped_product";
  case T::TiledProduct:
    return "fly.tiled_product";
  case T::FlatProduct:
    return "fly.flat_product";
  }
  return {};
}

bool flyLayoutForm(const Layout &l) {
  return integerLeaves(l.shape()) && integerLeaves(l.stride());
}

/// What the builder's algebra knows of a dynamic leaf it computed.
struct LeafFacts {
  int64_t divisor;
  uint64_t bound;
  mlir::Type type;
};

/// The leaves of `t`, each dynamic one replaced by 0 with its facts kept aside.
IntTuple factsOf(const IntTuple &t, std::vector<std::optional<LeafFacts>> &facts) {
  std::vector<Int> leaves;
  layout::flattenInto(t, leaves);
  for (Int &x : leaves) {
    const SsaInt *s = SsaInt::of(x);
    facts.push_back(s ? std::optional<LeafFacts>({s->divisor, s->bound, s->v.getType()})
                      : std::nullopt);
    if (s)
      x = Int(0);
  }
  return layout::unflatten(t, leaves);
}

/// `cute()`'s result run in a scratch block whose arithmetic is thrown away: its shape and
/// stride with each dynamic leaf 0 and that leaf's facts kept aside.
std::pair<IntTuple, IntTuple> structureOf(Kernel::Impl &k, const std::function<Layout()> &cute,
                                          std::vector<std::optional<LeafFacts>> &shapeFacts,
                                          std::vector<std::optional<LeafFacts>> &strideFacts) {
  mlir::Block scratch;
  mlir::OpBuilder::InsertionGuard guard(k.b);
  k.b.setInsertionPointToEnd(&scratch);
  Layout r = cute();
  return {factsOf(r.shape(), shapeFacts), factsOf(r.stride(), strideFacts)};
}

/// `t`'s leaves where `facts` has one read from the Fly tuple `value` (of type `typed`), whose
/// fly.get_leaves the lowering computes. A leaf the Fly type has static is taken from it.
IntTuple readLeaves(Kernel::Impl &k, const IntTuple &t,
                    const std::vector<std::optional<LeafFacts>> &facts, const IntTuple &typed,
                    const std::function<MValue()> &value) {
  std::vector<Int> leaves, types;
  layout::flattenInto(t, leaves);
  layout::flattenInto(typed, types);
  if (types.size() != leaves.size())
    layout::fail(layout::ErrorKind::Unsupported,
                 "the Fly type " + typed.str() + " does not have the leaves of " + t.str());
  llvm::SmallVector<mlir::Type> widths;
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (types[i].isStatic()) {
      if (facts[i]) // FlyDSL's canonical form: a stride under extent 1 is 0
        leaves[i] = types[i];
      continue;
    }
    if (!facts[i])
      layout::fail(layout::ErrorKind::Unsupported, "the Fly type " + typed.str() +
                                                       " has a dynamic leaf where " + t.str() +
                                                       " has a static one");
    widths.push_back(facts[i]->type);
  }
  if (widths.empty())
    return layout::unflatten(t, leaves);
  auto read = fly::GetLeavesOp::create(k.b, k.loc(), widths, value(), k.b.getBoolAttr(true));
  auto next = read.getResults().begin();
  for (size_t i = 0; i < leaves.size(); ++i)
    if (!types[i].isStatic())
      leaves[i] = k.dynamicInt(*next++, facts[i]->divisor, facts[i]->bound);
  return layout::unflatten(t, leaves);
}

/// The layout-algebra op `name` on `in` (and the static `tile`), as the builder holds its result.
/// `cute()` is src/layout's function on the builder's leaves. Where the inputs have a Fly form,
/// it runs in a scratch block whose arithmetic is thrown away: it gives the result's structure
/// (CuTe's, which the builder's users index) and each dynamic leaf's width, divisor and bound,
/// while the leaves' values come from the Fly op through fly.get_leaves. fly-layout-lowering
/// computes them: one lowering of in-kernel layouts.
Layout flyAlgebra(Kernel::Impl &k, llvm::StringRef name, const std::vector<const Layout *> &in,
                  const std::optional<layout::Tiler> &tile, const std::function<Layout()> &cute) {
  if (name.empty() || !llvm::all_of(in, [](const Layout *l) { return flyLayoutForm(*l); }))
    return cute();
  std::vector<std::optional<LeafFacts>> shapeFacts, strideFacts;
  auto [shape, stride] = structureOf(k, cute, shapeFacts, strideFacts);
  auto dynamic = [](const std::optional<LeafFacts> &f) { return f.has_value(); };
  if (llvm::none_of(shapeFacts, dynamic) && llvm::none_of(strideFacts, dynamic))
    return layout::makeUnchecked(shape, stride); // all in the types: nothing to compute
  std::vector<Layout> typeIn;
  for (const Layout *l : in)
    typeIn.push_back(fly::LayoutType::get(k.ctx(), *l).getLayout());
  Layout typed = fly::computeLayout(name, typeIn, std::nullopt, tile);
  mlir::OperationState state(k.loc(), name);
  for (const Layout *l : in)
    state.addOperands(flyLayout(k, *l));
  if (tile)
    state.addOperands(
        fly::StaticOp::create(k.b, k.loc(), fly::TileType::get(k.ctx(), *tile)).getResult());
  state.addTypes(fly::LayoutType::get(k.ctx(), typed));
  MValue v = k.b.create(state)->getResult(0);
  IntTuple shapeRead = readLeaves(k, shape, shapeFacts, typed.shape(),
                                  [&] { return MValue(fly::GetShapeOp::create(k.b, k.loc(), v)); });
  return layout::makeUnchecked(shapeRead, readLeaves(k, stride, strideFacts, typed.stride(), [&] {
                                 return MValue(fly::GetStrideOp::create(k.b, k.loc(), v));
                               }));
}

} // namespace

namespace {
/// What fly.crd2idx of `crd` in `l` gives as its type says (static leaves, `?` where dynamic);
/// fails as the op's verifier does where it is not one offset.
Int offsetType(mlir::MLIRContext *ctx, const Layout &l, const IntTuple &crd) {
  IntTuple r = layout::evaluate(fly::LayoutType::get(ctx, l).getLayout(),
                                fly::IntTupleType::get(ctx, crd).getTuple());
  if (!r.isLeaf())
    layout::fail(layout::ErrorKind::RankMismatch,
                 "crd2idx of " + crd.str() + " in " + l.str() + " is not one offset");
  return r.leaf();
}
} // namespace

Int Kernel::Impl::flyOffset(const Layout &l, const IntTuple &crd) {
  LeafBounds c(crd), shape(l.shape()), stride(l.stride());
  return flyScalar([&] { return offsetType(ctx(), l, crd); },
                   [&] {
                     return fly::Crd2IdxOp::create(b, loc(), flyTuple<fly::MakeCoordOp>(*this, crd),
                                                   flyLayout(*this, l));
                   },
                   c.wide || shape.wide || stride.wide, times(c.largest, stride.sum));
}

Int Kernel::Impl::flySize(const Layout &l, bool cosize) {
  LeafBounds shape(l.shape()), stride(l.stride());
  uint64_t bound = cosize ? times(shape.largest, stride.sum) + 1 : shape.product;
  return flyScalar(
      [&] {
        Layout types = fly::LayoutType::get(ctx(), l).getLayout();
        return cosize ? layout::cosize(types) : layout::size(types);
      },
      [&]() -> MValue {
        MValue v = flyLayout(*this, l);
        if (cosize)
          return fly::CosizeOp::create(b, loc(), v);
        return fly::SizeOp::create(b, loc(), v);
      },
      shape.wide || stride.wide, bound);
}

bool Kernel::Impl::flyForm(const Layout &l, const IntTuple &crd) {
  return integerLeaves(l.shape()) && integerLeaves(l.stride()) && integerLeaves(crd) &&
         !layout::hasUnderscore(crd);
}

//===-- Addresses -------------------------------------------------------------===//

namespace {

/// The stride tuple of an identity layout projected on the element's leaf at basis path
/// `path`: the scale of each `s@path` leaf, 0 elsewhere (integer strides stay: a counting
/// tensor's one leaf).
IntTuple projectStride(const IntTuple &stride, const std::vector<int> &path) {
  if (stride.isTuple()) {
    std::vector<IntTuple> out;
    for (const IntTuple &e : stride.elems())
      out.push_back(projectStride(e, path));
    return IntTuple::tuple(std::move(out));
  }
  const Int &x = stride.leaf();
  if (!x.isBasis())
    return IntTuple(x.isStatic() && x.value() == 0 ? Int(0) : x);
  return IntTuple(x.basis() == path ? Int(x.scale()) : Int(0));
}

/// The basis path of each leaf of identity tensor t's elements, in order: the leaves' paths in
/// its profile, or (flat elements) j for leaf j.
std::vector<std::vector<int>> leafPaths(const Entry &t) {
  std::vector<std::vector<int>> paths;
  if (!t.identityProfile) {
    for (size_t j = 0; j < t.identityOffset.size(); ++j)
      paths.push_back({static_cast<int>(j)});
    return paths;
  }
  std::vector<int> path;
  std::function<void(const IntTuple &)> walk = [&](const IntTuple &x) {
    if (!x.isTuple()) {
      paths.push_back(path);
      return;
    }
    for (size_t i = 0; i < x.rank(); ++i) {
      path.push_back(static_cast<int>(i));
      walk(x[i]);
      path.pop_back();
    }
  };
  walk(*t.identityProfile);
  return paths;
}

Layout project(const Layout &l, const std::vector<int> &path) {
  return layout::makeUnchecked(l.shape(), projectStride(l.stride(), path));
}

/// An element of identity tensor t as the user sees it: its leaves `flat` (one per entry of
/// identityOffset) in the element's structure.
IntTuple identityElement(const Entry &t, IntTuple flat) {
  if (!t.identityProfile)
    return flat;
  std::vector<Int> leaves;
  layout::flattenInto(flat, leaves);
  return layout::unflatten(*t.identityProfile, leaves);
}

} // namespace

MValue Kernel::Impl::swizzled(const layout::Swizzle &sw, const Int &x) {
  if (x.isStatic())
    return materialize(Int(sw.apply(x.value())));
  namespace ar = mlir::arith;
  auto i64 = b.getI64Type();
  MValue v = materialize(x, i64);
  auto c = [&](int64_t n) {
    return MValue(ar::ConstantOp::create(b, loc(), i64, b.getI64IntegerAttr(n)));
  };
  MValue y = ar::AndIOp::create(b, loc(), v, c(sw.yyyMask()));
  MValue moved = sw.shift() >= 0 ? MValue(ar::ShRUIOp::create(b, loc(), y, c(sw.shift())))
                                 : MValue(ar::ShLIOp::create(b, loc(), y, c(-sw.shift())));
  return ar::XOrIOp::create(b, loc(), v, moved);
}

MValue Kernel::Impl::elementAddress(Entry &t, const Int &offset) {
  MValue off =
      t.swizzle ? swizzled(*t.swizzle, layout::add(t.swizzleOffset, offset)) : materialize(offset);
  return mlir::LLVM::GEPOp::create(b, loc(), t.v.getType(), memType(t.dtype), t.v,
                                   mlir::ValueRange{off});
}

std::optional<IntTuple> Kernel::Impl::coordinateOf(Entry &t, const std::vector<Value *> &coord) {
  if ((int)coord.size() != t.rank) {
    fail("a coordinate of " + std::to_string(coord.size()) + " values for a tensor of rank " +
         std::to_string(t.rank));
    return std::nullopt;
  }
  std::vector<IntTuple> crd;
  for (Value *h : coord) {
    Entry *c = getScalar(h, "coordinate");
    if (!c)
      return std::nullopt;
    if (!isInteger(c->dtype) || c->dtype == DType::I1) {
      fail(std::string("a coordinate must be an integer, got ") + dtypeName(c->dtype));
      return std::nullopt;
    }
    crd.emplace_back(dynamicInt(c->v, 1));
  }
  return crd.size() == 1 ? crd[0] : IntTuple::tuple(std::move(crd));
}

std::optional<Int> Kernel::Impl::offsetOf(Entry &t, const std::vector<Value *> &coord) {
  std::optional<IntTuple> crd = coordinateOf(t, coord);
  if (!crd)
    return std::nullopt;
  const IntTuple &c = *crd;
  std::optional<Int> out;
  algebra("tensor access", [&] {
    out = flyForm(*t.layout, c) ? flyOffset(*t.layout, c) : layout::evaluate(*t.layout, c).leaf();
  });
  return out;
}

MValue Kernel::Impl::address(Entry &t, const std::vector<Value *> &coord) {
  if (t.identity) {
    fail("a coordinate tensor holds coordinates, not memory: read it with fly_load_at");
    return {};
  }
  std::optional<Int> off = offsetOf(t, coord);
  if (!off)
    return {};
  MValue addr;
  algebra("tensor access", [&] { addr = elementAddress(t, *off); });
  return addr;
}

//===-- Tuples and layouts --------------------------------------------------===//

namespace {

struct LayoutOps {
  Kernel::Impl &k;

  Value *tuple(IntTuple t) {
    Entry e;
    e.kind = ValueKind::IntTuple;
    e.tuple = std::move(t);
    return k.newValue(std::move(e));
  }
  Value *layoutValue(Layout l) {
    Entry e;
    e.kind = ValueKind::Layout;
    e.layout = std::move(l);
    return k.newValue(std::move(e));
  }
  /// A tensor like `like` (memory, dtype, buffer) with a new layout, `offset` elements on.
  Value *tensorLike(const Entry &like, Layout l, const IntTuple &offset) {
    Entry e = like;
    e.paramIndex = -1;
    e.rank = static_cast<int>(l.rank());
    e.layout = std::move(l);
    bool zero = offset.isLeaf() && offset.leaf().isStatic() && !offset.leaf().isBasis() &&
                offset.leaf().value() == 0;
    if (like.identity && !zero) {
      // offset is a coordinate: one component per identity dimension.
      for (size_t j = 0; j < e.identityOffset.size(); ++j)
        e.identityOffset[j] = layout::add(e.identityOffset[j], offset[j].leaf());
    } else if (like.swizzle && !zero) {
      e.swizzleOffset = layout::add(like.swizzleOffset, offset.leaf());
    } else if (!like.identity && !zero) {
      e.v = k.elementAddress(e, offset.leaf());
      if (like.rsrc)
        e.rsrcOffset = layout::add(e.rsrcOffset, offset.leaf());
      e.baseAlign =
          std::min(like.baseAlign, layout::largestPowerOfTwoDividing(divisorOf(offset.leaf())) *
                                       (bitWidth(like.dtype) / 8));
    }
    return k.newValue(std::move(e));
  }

  Entry *layoutLike(Value *h, const char *what) {
    Entry *e = k.get(h, what);
    if (e && !e->layout) {
      k.fail(std::string(what) + " is a " + kindName(e->kind) +
             " where a layout or tensor is "
             "needed");
      return nullptr;
    }
    return e;
  }
  Entry *tupleOrScalar(Value *h, const char *what, IntTuple &out) {
    Entry *e = k.get(h, what);
    if (!e)
      return nullptr;
    if (e->kind == ValueKind::IntTuple) {
      out = *e->tuple;
      return e;
    }
    if (e->kind == ValueKind::Scalar && e->lanes == 1) {
      if (!isInteger(e->dtype) || e->dtype == DType::I1) {
        k.fail(std::string("a coordinate must be an integer, got ") + dtypeName(e->dtype));
        return nullptr;
      }
      out = IntTuple(k.dynamicInt(e->v, 1));
      return e;
    }
    k.fail(std::string(what) + " is a " + kindName(e->kind) + " where a coordinate is needed");
    return nullptr;
  }

  /// The offset of `crd` in a tensor: a leaf, or for an identity tensor a coordinate.
  IntTuple offsetIn(const Entry &t, const IntTuple &crd, const Layout &l, bool sliced) {
    IntTuple at = sliced ? layout::underscoresAsZero(crd) : crd;
    if (!t.identity && k.flyForm(l, at))
      return IntTuple(k.flyOffset(l, at));
    auto one = [&](const Layout &m) {
      return sliced ? layout::sliceAndOffset(crd, m).second : layout::evaluate(m, crd);
    };
    if (!t.identity)
      return one(l);
    std::vector<IntTuple> comps;
    for (const std::vector<int> &path : leafPaths(t))
      comps.push_back(one(project(l, path)));
    return IntTuple::tuple(std::move(comps));
  }
};

} // namespace

ValueKind Kernel::kindOf(Value *h) {
  Entry *e = impl_->get(h, "value");
  return e ? e->kind : ValueKind::Scalar;
}

std::optional<int64_t> Kernel::scalarConstant(Value *h) {
  Entry *e = impl_->get(h, "value");
  if (!e || e->kind != ValueKind::Scalar || e->lanes != 1 || !isInteger(e->dtype))
    return std::nullopt;
  return integerConstant(e->v);
}

int Kernel::addressSpaceOf(Value *h) {
  Entry *e = impl_->get(h, "tensor");
  if (!e)
    return -1;
  if (!e->tensor || e->identity) {
    impl_->fail(std::string("the address space of a ") + kindName(e->kind) +
                (e->identity ? " of coordinates" : "") + ": only tensors of memory have one");
    return -1;
  }
  // AMDGPU's address space of buffer resources: a buffer tensor is no plain global pointer
  return e->rsrc ? 8 : int(e->addrSpace);
}

namespace {
/// Reads text whose `?` leaves take the given integer scalars in order; `?{d}` declares the
/// scalar a multiple of d (trusted, as CuTe trusts an assumed divisibility).
template <class Read>
bool readTemplate(Kernel::Impl &k, const std::string &text, const std::vector<Value *> &dynamic,
                  Read read) {
  std::vector<MValue> leaves;
  for (Value *h : dynamic) {
    Entry *e = k.getScalar(h, "dynamic leaf");
    if (!e)
      return false;
    if (!isInteger(e->dtype) || e->dtype == DType::I1) {
      k.fail(std::string("a dynamic leaf must be an integer, got ") + dtypeName(e->dtype));
      return false;
    }
    leaves.push_back(e->v);
  }
  size_t used = 0;
  return k.algebra("reading a layout", [&] {
    layout::TextReader r(text);
    r.setDynamicLeaves([&](const layout::DynamicLeafSpec &spec) -> Int {
      if (used == leaves.size())
        layout::fail(layout::ErrorKind::InvalidArgument,
                     "'" + text + "' has more '?' leaves than the " +
                         std::to_string(leaves.size()) + " values given");
      return k.dynamicInt(leaves[used++], spec.divisor);
    });
    read(r);
    r.expectEnd();
    if (used != leaves.size())
      layout::fail(layout::ErrorKind::InvalidArgument,
                   "'" + text + "' has " + std::to_string(used) + " '?' leaves for " +
                       std::to_string(leaves.size()) + " values");
  });
}
} // namespace

Value *Kernel::intTuple(const std::string &text, const std::vector<Value *> &dynamic) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  IntTuple t;
  if (!readTemplate(k, text, dynamic, [&](layout::TextReader &r) { t = r.intTuple(); }))
    return nullptr;
  return LayoutOps{k}.tuple(std::move(t));
}

Value *Kernel::layoutValue(const std::string &text, const std::vector<Value *> &dynamic) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  std::optional<Layout> l;
  // `shape` alone is make_layout(shape): compact column-major strides.
  if (!readTemplate(k, text, dynamic, [&](layout::TextReader &r) {
        IntTuple shape = r.intTuple();
        l = r.accept(':') ? layout::makeLayout(shape, r.intTuple()) : layout::makeLayout(shape);
      }))
    return nullptr;
  return LayoutOps{k}.layoutValue(std::move(*l));
}

std::optional<std::string> Kernel::text(Value *h) {
  Entry *e = impl_->get(h, "value");
  if (!e)
    return std::nullopt;
  if (e->tuple)
    return e->tuple->str();
  if (e->layout)
    return e->layout->str();
  return kindName(e->kind);
}

std::optional<std::pair<uint64_t, std::string>> Kernel::owner(Value *h) {
  Entry *e = impl_->getValue(h, "value");
  if (!e)
    return std::nullopt;
  if (mlir::Operation *op = e->v.getDefiningOp())
    return std::pair{uint64_t(reinterpret_cast<uintptr_t>(op)), op->getName().getStringRef().str()};
  auto arg = mlir::cast<mlir::BlockArgument>(e->v);
  return std::pair{uint64_t(reinterpret_cast<uintptr_t>(arg.getOwner())), std::string()};
}

Value *Kernel::tupleLeaf(Value *h, int index) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *e = k.get(h, "tuple");
  if (!e)
    return nullptr;
  if (!e->tuple) {
    k.fail(std::string("tuple is a ") + kindName(e->kind) + " where a tuple is needed");
    return nullptr;
  }
  std::vector<Int> leaves;
  layout::flattenInto(*e->tuple, leaves);
  if (index < 0 || size_t(index) >= leaves.size()) {
    k.fail("leaf " + std::to_string(index) + " of the tuple " + e->tuple->str() + " with " +
           std::to_string(leaves.size()) + " leaves");
    return nullptr;
  }
  const Int &x = leaves[index];
  if (x.isStatic()) {
    if (x.isBasis()) {
      k.fail("the leaf " + x.str() + " is a basis element, not an integer");
      return nullptr;
    }
    int64_t v = x.value();
    return constInt(v == int32_t(v) ? DType::I32 : DType::I64, v);
  }
  MValue v = SsaInt::of(x)->v;
  return k.scalar(v, v.getType().getIntOrFloatBitWidth() > 32 ? DType::I64 : DType::I32);
}

Value *Kernel::tensorLayout(Value *h) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = LayoutOps{k}.layoutLike(h, "tensor");
  return t ? LayoutOps{k}.layoutValue(*t->layout) : nullptr;
}

namespace {
/// The layout op `apply` gives on the layout or tensor `h`: a tensor stays one where the op keeps
/// its elements (`keeps` set by `apply`), else the result is a layout of its own.
template <class Apply> Value *layoutOp(Kernel::Impl &k, Value *h, Apply apply) {
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *a = ops.layoutLike(h, "layout");
  if (!a)
    return nullptr;
  std::optional<Layout> r;
  bool keeps = false;
  if (!k.algebra("layout op", [&] { r = apply(*a->layout, keeps); }))
    return nullptr;
  if (a->tensor && keeps)
    return ops.tensorLike(*a, std::move(*r), IntTuple(0));
  return ops.layoutValue(std::move(*r));
}
} // namespace

Value *Kernel::layoutUnary(int op, Value *h) {
  // Coalescing or flattening a tensor keeps what it points to; the other results are
  // functions of their own (an inverse or complement maps offsets, not this memory).
  return layoutOp(*impl_, h, [&](const Layout &l, bool &keeps) {
    layout::UnaryOp which = layout::unaryOp(op);
    keeps = layout::keepsElements(which);
    return flyAlgebra(*impl_, algebraOpName(which), {&l}, std::nullopt,
                      [&] { return layout::apply(which, l); });
  });
}

Value *Kernel::layoutQuery(int which, Value *h) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *a = ops.layoutLike(h, "layout");
  if (!a)
    return nullptr;
  std::optional<IntTuple> r;
  bool plain = k.flyForm(*a->layout, IntTuple(0));
  if (!k.algebra("layout query", [&] {
        switch (which) {
        case 0: // a coordinate tensor's layout has basis strides: no Fly form yet
          r = IntTuple(plain ? k.flySize(*a->layout, false) : layout::size(*a->layout));
          break;
        case 1:
          if (a->identity)
            layout::fail(layout::ErrorKind::Unsupported, "a coordinate tensor has no cosize");
          r = IntTuple(plain ? k.flySize(*a->layout, true) : layout::cosize(*a->layout));
          break;
        case 2:
          r = IntTuple(static_cast<int64_t>(a->layout->rank()));
          break;
        case 3:
          r = IntTuple(static_cast<int64_t>(layout::depth(*a->layout)));
          break;
        case 4:
          r = a->layout->shape();
          break;
        case 5:
          r = a->layout->stride();
          break;
        case 6:
          r = layout::coshape(*a->layout);
          break;
        case 7:
          r = layout::coprofile(*a->layout);
          break;
        case 8:
          r = IntTuple(int64_t(a->identity ? 1 : 0));
          break;
        default:
          layout::fail(layout::ErrorKind::InvalidArgument,
                       "unknown layout query " + std::to_string(which));
        }
      }))
    return nullptr;
  return ops.tuple(std::move(*r));
}

Value *Kernel::layoutBinary(int op, Value *ha, Value *hb) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *a = ops.layoutLike(ha, "layout");
  Entry *b = a ? ops.layoutLike(hb, "layout") : nullptr;
  if (!b)
    return nullptr;
  std::optional<Layout> r;
  if (!k.algebra("layout op", [&] {
        layout::BinaryOp which = layout::binaryOp(op);
        r = flyAlgebra(k, algebraOpName(which), {&*a->layout, &*b->layout}, std::nullopt,
                       [&] { return layout::apply(which, *a->layout, *b->layout); });
      }))
    return nullptr;
  if (a->tensor && op == 0) // composing a tensor with a layout re-indexes the same memory
    return ops.tensorLike(*a, std::move(*r), IntTuple(0));
  return ops.layoutValue(std::move(*r));
}

Value *Kernel::tilerOp(int op, Value *h, const std::string &tilerText) {
  // Compositions and divides of a tensor view the same memory; products describe more
  // elements than the tensor has, so they stay layouts.
  return layoutOp(*impl_, h, [&](const Layout &l, bool &keeps) {
    layout::TilerOp which = layout::tilerOp(op);
    keeps = layout::keepsElements(which);
    layout::Tiler tile = layout::Tiler::parse(tilerText);
    return flyAlgebra(*impl_, algebraOpName(which), {&l}, tile,
                      [&] { return layout::apply(which, l, tile); });
  });
}

namespace {
bool flyViewable(const Entry &x);
std::optional<IntTuple> coordinateBase(const Entry &x);
Value *flyCoordinateOp(Kernel::Impl &k, const Entry &x, const IntTuple &base,
                       const std::function<std::pair<Layout, IntTuple>()> &cute,
                       const std::function<MValue(MValue)> &make);
Value *flyTensorOp(Kernel::Impl &k, const Entry &x, bool buffer,
                   const std::function<Layout()> &cute, const std::function<IntTuple()> &offset,
                   const std::function<MValue(MValue)> &make);

/// slice(crd, l) as FlyDSL's fly.slice gives it: a tuple of one mode is that mode, so
/// T[(None, b)] of a zipped divide is the tile itself.
Layout slicedLayout(const IntTuple &crd, const Layout &l) {
  return fly::unwrapOneMode(layout::slice(crd, l));
}

Value *sliceOrDice(Kernel::Impl &k, Value *h, Value *hc, bool dice) {
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *a = ops.layoutLike(h, dice ? "dice operand" : "slice operand");
  IntTuple crd;
  if (!a || !ops.tupleOrScalar(hc, "coordinate", crd))
    return nullptr;
  auto makeSlice = [&](MValue view) -> MValue {
    return fly::SliceOp::create(k.b, k.loc(), view, flyTuple<fly::MakeIntTupleOp>(k, crd));
  };
  std::optional<IntTuple> base = a->identity ? coordinateBase(*a) : std::nullopt;
  if (base && !dice && integerLeaves(crd)) {
    // FlyDSL's fly.slice of the coordinate tensor: the layout pass moves its base.
    Value *v = nullptr;
    if (!k.algebra("slice", [&] {
          v = flyCoordinateOp(
              k, *a, *base,
              [&] {
                return std::pair(slicedLayout(crd, *a->layout),
                                 ops.offsetIn(*a, crd, *a->layout, /*sliced=*/true));
              },
              makeSlice);
        }))
      return nullptr;
    return v;
  }
  if (a->tensor && !dice && flyViewable(*a) && integerLeaves(crd)) {
    // FlyDSL's fly.slice of the tensor's Fly view: the pass moves its pointer.
    Value *v = nullptr;
    if (!k.algebra("slice", [&] {
          v = flyTensorOp(
              k, *a, /*buffer=*/false, [&] { return slicedLayout(crd, *a->layout); },
              [&] { return ops.offsetIn(*a, crd, *a->layout, /*sliced=*/true); }, makeSlice);
        }))
      return nullptr;
    return v;
  }
  std::optional<Layout> r;
  IntTuple offset(0);
  if (!k.algebra(dice ? "dice" : "slice", [&] {
        const Layout &l = *a->layout;
        if (dice) {
          r = fly::unwrapOneMode(layout::dice(crd, l));
          return;
        }
        r = slicedLayout(crd, l);
        if (a->tensor)
          offset = ops.offsetIn(*a, crd, l, /*sliced=*/true);
      }))
    return nullptr;
  if (a->tensor && !dice)
    return ops.tensorLike(*a, std::move(*r), offset);
  return ops.layoutValue(std::move(*r));
}
} // namespace

Value *Kernel::slice(Value *h, Value *coord) { return sliceOrDice(*impl_, h, coord, false); }
Value *Kernel::dice(Value *h, Value *coord) { return sliceOrDice(*impl_, h, coord, true); }

Value *Kernel::crd2idx(Value *h, Value *hc) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *a = ops.layoutLike(h, "layout");
  IntTuple crd;
  if (!a || !ops.tupleOrScalar(hc, "coordinate", crd))
    return nullptr;
  const Layout &l = *a->layout;
  // Basis strides (a coordinate tensor) give a coordinate, which has no Fly form here yet.
  std::optional<IntTuple> r;
  if (!k.algebra("crd2idx", [&] {
        r = k.flyForm(l, crd) ? IntTuple(k.flyOffset(l, crd)) : layout::evaluate(l, crd);
      }))
    return nullptr;
  if (!r->isLeaf() || r->leaf().isBasis())
    return ops.tuple(std::move(*r));
  return tupleLeaf(ops.tuple(std::move(*r)), 0);
}

Value *Kernel::localPartition(Value *ht, Value *hthr, Value *hidx) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *t = k.getTensor(ht, "tensor");
  Entry *thr = t ? ops.layoutLike(hthr, "thread layout") : nullptr;
  IntTuple idx;
  if (!thr || !ops.tupleOrScalar(hidx, "thread index", idx))
    return nullptr;
  std::optional<Layout> r;
  IntTuple offset(0);
  if (!k.algebra("local_partition", [&] {
        // CuTe's outer_partition(t, product_each(shape(thr)), thr.get_hier_coord(idx)): the
        // tiles of the thread layout's shape, at this thread's coordinate in each.
        const Layout &tl = *thr->layout;
        std::vector<layout::Tiler> tile;
        IntTuple sizes = layout::productEach(tl.shape());
        for (const IntTuple &e : sizes.isTuple() ? sizes.elems() : std::vector<IntTuple>{sizes})
          tile.push_back(layout::Tiler::integer(e.value()));
        layout::Tiler tiler = layout::Tiler::tuple(tile);
        Layout zipped = flyAlgebra(k, algebraOpName(layout::TilerOp::ZippedDivide), {&*t->layout},
                                   tiler, [&] { return layout::zippedDivide(*t->layout, tiler); });
        IntTuple crd = layout::idx2crd(idx, tl.shape(), tl.stride());
        IntTuple c{crd, IntTuple::underscore()};
        r = layout::slice(c, zipped);
        offset = ops.offsetIn(*t, c, zipped, /*sliced=*/true);
      }))
    return nullptr;
  return ops.tensorLike(*t, std::move(*r), offset);
}

//===-- Tensors -------------------------------------------------------------===//

Value *Kernel::makeTensor(Value *hp, Value *hl) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *p = k.get(hp, "pointer");
  if (p && (p->kind == ValueKind::IntTuple || p->kind == ValueKind::Scalar)) {
    // An integer iterator: a counting tensor whose element c is offset + layout(c).
    IntTuple start;
    Entry *l = ops.tupleOrScalar(hp, "iterator", start) ? ops.layoutLike(hl, "layout") : nullptr;
    if (!l)
      return nullptr;
    Entry e;
    e.kind = ValueKind::Tensor;
    e.tensor = true;
    e.identity = true;
    e.dtype = DType::I32;
    e.layout = *l->layout;
    e.rank = static_cast<int>(e.layout->rank());
    layout::flattenInto(start, e.identityOffset);
    // A tuple start offsets a layout whose values are tuples (basis strides, as an identity
    // layout has): one integer per leaf of those values.
    size_t leaves = 1;
    if (e.identityOffset.size() != 1 && !k.algebra("make_tensor", [&] {
          // At the origin (zeros congruent with the shape), no extent enters the value.
          std::vector<Int> origin, value;
          layout::flattenInto(e.layout->shape(), origin);
          std::fill(origin.begin(), origin.end(), Int(0));
          IntTuple zero = layout::unflatten(e.layout->shape(), origin);
          IntTuple atOrigin = layout::evaluate(*e.layout, zero);
          layout::flattenInto(atOrigin, value);
          leaves = value.size();
          if (layout::depth(atOrigin) > 1)
            e.identityProfile = atOrigin;
        }))
      return nullptr;
    if (e.identityOffset.size() != 1 && e.identityOffset.size() != leaves) {
      k.fail("a counting tensor starts at one integer, or at one per leaf of its layout's "
             "values (" +
             std::to_string(leaves) + " here), got " + start.str());
      return nullptr;
    }
    return k.newValue(std::move(e));
  }
  if (p && !p->tensor) {
    k.fail(std::string("pointer is a ") + kindName(p->kind) +
           " where a tensor, pointer or integer iterator is needed");
    return nullptr;
  }
  Entry *l = p ? ops.layoutLike(hl, "layout") : nullptr;
  if (!l)
    return nullptr;
  return ops.tensorLike(*p, *l->layout, IntTuple(0));
}

namespace {
/// The tensor if it is plain memory (not a coordinate, buffer or swizzled tensor); else null,
/// and the kernel is told that only such a tensor can be `what`.
Entry *plainMemoryTensor(Kernel::Impl &k, Value *ht, const char *what) {
  Entry *t = k.getTensor(ht, "tensor");
  if (t && (t->identity || t->swizzle || t->rsrc)) {
    k.fail(std::string("only a plain memory tensor can be ") + what +
           " (not a coordinate, buffer or swizzled tensor)");
    return nullptr;
  }
  return t;
}
} // namespace

Value *Kernel::recastTensor(Value *ht, DType to) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(to, "a recast tensor"))
    return nullptr;
  // A buffer tensor keeps its resource, and its offset into it counts elements: it recasts to
  // a type of the same width (FlyDSL's i8 buffer read as fp8), its layout and offset unchanged.
  Entry *b = k.getTensor(ht, "tensor");
  bool buffer = b && b->rsrc && !b->identity && !b->swizzle;
  if (buffer && to != DType::Index && to != DType::I1 && bitWidth(b->dtype) != bitWidth(to)) {
    k.fail(std::string("a buffer tensor of ") + dtypeName(b->dtype) +
           " recasts only to a type of its width, not to " + dtypeName(to));
    return nullptr;
  }
  Entry *t = buffer ? b : plainMemoryTensor(k, ht, "recast");
  if (!t)
    return nullptr;
  if (to == DType::Index || to == DType::I1) {
    k.fail(std::string("memory holds no ") + dtypeName(to) + " elements to recast to");
    return nullptr;
  }
  Entry e = *t;
  if (!k.algebra("recast", [&] {
        e.layout = layout::recastLayout(*t->layout, bitWidth(t->dtype), bitWidth(to));
      }))
    return nullptr;
  e.dtype = to;
  e.rank = static_cast<int>(e.layout->rank());
  e.paramIndex = -1;
  return k.newValue(std::move(e));
}

Value *Kernel::tensorAddress(Value *ht) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = plainMemoryTensor(k, ht, "addressed");
  if (!t)
    return nullptr;
  if (t->addrSpace != 1 && t->addrSpace != 3) {
    k.fail("only a global or shared memory tensor has an address, not a register tensor");
    return nullptr;
  }
  return k.scalar(mlir::LLVM::PtrToIntOp::create(k.b, k.loc(), k.b.getI64Type(), t->v), DType::I64);
}

Value *Kernel::ldsReadTransposed(Value *ht) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = plainMemoryTensor(k, ht, "read transposed");
  if (!t)
    return nullptr;
  int bits = bitWidth(t->dtype);
  if (t->addrSpace != 3 || (bits != 8 && bits != 16) || t->dtype == DType::I1) {
    k.fail("a transposing LDS read takes a shared memory tensor of 8- or 16-bit elements, not " +
           Impl::describe(*t));
    return nullptr;
  }
  // The intrinsics' own result types: four i16 lanes, or the eight bytes as two i32.
  mlir::Type raw = bits == 16 ? k.typeOf(DType::I16, 4) : k.typeOf(DType::I32, 2);
  MValue read = bits == 16 ? MValue(mlir::ROCDL::ds_read_tr16_b64::create(k.b, k.loc(), raw, t->v))
                           : MValue(mlir::ROCDL::ds_read_tr8_b64::create(k.b, k.loc(), raw, t->v));
  int lanes = 64 / bits;
  return k.scalar(mlir::LLVM::BitcastOp::create(k.b, k.loc(), k.typeOf(t->dtype, lanes), read),
                  t->dtype);
}

Value *Kernel::tensorAtAddress(Value *haddr, DType dtype, unsigned addrSpace) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a tensor at an address"))
    return nullptr;
  Entry *a = k.getScalar(haddr, "address");
  if (!a)
    return nullptr;
  if (a->dtype != DType::I64 && a->dtype != DType::I32) {
    k.fail(std::string("an address is an i64 or i32, not ") + dtypeName(a->dtype));
    return nullptr;
  }
  if (addrSpace != 1 && addrSpace != 3) {
    k.fail("an address names global (1) or shared (3) memory, not address space " +
           std::to_string(addrSpace));
    return nullptr;
  }
  if (dtype == DType::Index || dtype == DType::I1) {
    k.fail(std::string("memory holds no ") + dtypeName(dtype) + " elements");
    return nullptr;
  }
  Entry e;
  auto ptr = mlir::LLVM::LLVMPointerType::get(k.ctx(), addrSpace);
  e.v = mlir::LLVM::IntToPtrOp::create(k.b, k.loc(), ptr, a->v);
  e.dtype = dtype;
  e.tensor = true;
  e.rank = 1;
  e.kind = ValueKind::Tensor;
  e.addrSpace = addrSpace;
  int64_t elem = bitWidth(dtype) / 8;
  e.baseAlign = elem; // an address is trusted to be aligned for its element, no more
  e.layout = layout::makeLayout(IntTuple((int64_t(1) << 48) / elem), IntTuple(1));
  return k.newValue(std::move(e));
}

Value *Kernel::swizzleTensor(Value *ht, int bits, int base, int shift, int64_t offset) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = plainMemoryTensor(k, ht, "swizzled");
  if (!t)
    return nullptr;
  Entry e = *t;
  if (!k.algebra("swizzle", [&] { e.swizzle = layout::Swizzle(bits, base, shift); }))
    return nullptr;
  e.paramIndex = -1;
  e.swizzleOffset = Int(offset);
  return k.newValue(std::move(e));
}

Value *Kernel::swizzleOffset(Value *ho, int bits, int base, int shift) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *o = k.getScalar(ho, "offset");
  if (!o)
    return nullptr;
  if (!isInteger(o->dtype) || o->dtype == DType::I1) {
    k.fail(std::string("a swizzle takes an integer offset, got ") + dtypeName(o->dtype));
    return nullptr;
  }
  std::optional<layout::Swizzle> sw;
  if (!k.algebra("swizzle", [&] { sw = layout::Swizzle(bits, base, shift); }))
    return nullptr;
  MValue r = k.swizzled(*sw, k.dynamicInt(o->v, 1));
  mlir::Type t = k.typeOf(o->dtype, 1);
  if (r.getType() != t)
    r = t.isIndex() ? MValue(mlir::arith::IndexCastOp::create(k.b, k.loc(), t, r))
                    : MValue(mlir::arith::TruncIOp::create(k.b, k.loc(), t, r));
  return k.scalar(r, o->dtype);
}

Value *Kernel::identityTensor(Value *hs) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  IntTuple shape;
  if (!ops.tupleOrScalar(hs, "shape", shape))
    return nullptr;
  Entry e;
  if (!k.algebra("make_identity_tensor", [&] {
        layout::requireValidShape(shape, "shape");
        e.layout = layout::makeIdentityLayout(shape);
      }))
    return nullptr;
  e.kind = ValueKind::Tensor;
  e.tensor = true;
  e.dtype = DType::I32;
  e.identity = true;
  e.rank = static_cast<int>(e.layout->rank());
  std::vector<Int> leaves;
  layout::flattenInto(shape, leaves);
  e.identityOffset.assign(leaves.size(), Int(0));
  if (layout::depth(shape) > 1)
    e.identityProfile = shape;
  return k.newValue(std::move(e));
}

namespace {

/// Registers of `dtype` laid out as `l` (static; its cosize of them), written as FlyDSL writes
/// them: fly.memref.alloca of the layout `layoutValue` builds, in the entry block (the cpu
/// target's work-item loops give each thread its own copy of an entry-block alloca).
/// fly-layout-lowering makes the allocation (the register address space, 5); the builder reads
/// and writes it through a generic pointer, which each target's stack space then replaces.
Value *allocateRegisters(Kernel::Impl &k, const Layout &l, DType dtype,
                         const std::function<MValue()> &layoutValue) {
  if (dtype == DType::Index) {
    k.fail("a register tensor cannot hold index values");
    return nullptr;
  }
  std::vector<Int> leaves;
  layout::flattenInto(l.shape(), leaves);
  layout::flattenInto(l.stride(), leaves);
  if (!std::all_of(leaves.begin(), leaves.end(),
                   [](const Int &x) { return x.isStatic() && !x.isBasis(); })) {
    k.fail("a register tensor needs a static layout of integer strides, got " + l.str());
    return nullptr;
  }
  int64_t n = layout::cosize(l).value();
  if (n > 4096) {
    k.fail("a register tensor of " + std::to_string(n) + " elements does not fit in registers");
    return nullptr;
  }
  mlir::OpBuilder::InsertionGuard guard(k.b);
  k.b.setInsertionPointToStart(&k.func.getBody().front());
  mlir::Type element = k.memType(dtype);
  auto type =
      fly::FlyMemRefType::get(k.ctx(), element, fly::Register, fly::LayoutType::get(k.ctx(), l),
                              fly::elementBytes(element), {});
  MValue tensor = fly::AllocaOp::create(k.b, k.loc(), type, layoutValue());
  MValue iter = fly::GetIterOp::create(k.b, k.loc(), tensor);
  MValue ptr = fly::ToLLVMPtrOp::create(k.b, k.loc(),
                                        mlir::LLVM::LLVMPointerType::get(k.ctx(), fly::Register),
                                        iter, k.b.getI32IntegerAttr(fly::Register));
  Entry e;
  e.v = mlir::LLVM::AddrSpaceCastOp::create(k.b, k.loc(),
                                            mlir::LLVM::LLVMPointerType::get(k.ctx(), 0), ptr);
  e.kind = ValueKind::Tensor;
  e.tensor = true;
  e.dtype = dtype;
  e.addrSpace = 5;
  e.baseAlign = fly::elementBytes(element);
  e.layout = l;
  e.rank = static_cast<int>(l.rank());
  return k.newValue(std::move(e));
}

} // namespace

Value *Kernel::fragment(Value *h, DType dtype) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a fragment"))
    return nullptr;
  LayoutOps ops{k};
  Entry *a = ops.layoutLike(h, "layout");
  if (!a)
    return nullptr;
  if (staticSize(*a->layout) < 0) {
    k.fail("a register tensor needs a static size; the layout " + a->layout->str() +
           " has a dynamic one");
    return nullptr;
  }
  // Column-major over the same shape: the first (value) mode is contiguous, so copies into
  // and out of it vectorize, and every index is static, so it lives in registers. FlyDSL
  // spells it as the shape's ordered layout with the modes in order.
  std::optional<Layout> l;
  if (!k.algebra("make_fragment_like", [&] { l = layout::makeLayout(a->layout->shape()); }))
    return nullptr;
  return allocateRegisters(k, *l, dtype, [&]() -> MValue {
    std::vector<IntTuple> order;
    for (size_t i = 0; i < l->shape().rank(); ++i)
      order.emplace_back(int64_t(i));
    IntTuple modes = l->shape().isLeaf() ? IntTuple(int64_t(0)) : IntTuple::tuple(order);
    return fly::MakeOrderedLayoutOp::create(k.b, k.loc(), flyTuple<fly::MakeShapeOp>(k, l->shape()),
                                            flyTuple<fly::MakeIntTupleOp>(k, modes));
  });
}

Value *Kernel::rmemTensor(Value *h, DType dtype) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a register tensor"))
    return nullptr;
  Entry *a = LayoutOps{k}.layoutLike(h, "layout");
  if (!a)
    return nullptr;
  if (a->kind != ValueKind::Layout || a->swizzle) {
    k.fail("a register tensor's layout is a plain layout, got a " +
           std::string(a->swizzle ? "swizzled layout" : kindName(a->kind)));
    return nullptr;
  }
  Layout l = *a->layout;
  return allocateRegisters(k, l, dtype, [&] { return flyLayout(k, l); });
}

namespace {
/// The start of identity or counting tensor x as the base of a !fly.coord_tensor: one integer
/// for a counting tensor (integer strides), or the element's tuple of coordinates (nested as
/// the elements are) where every stride is 0 or the basis element of one of its leaves. Nothing
/// otherwise.
std::optional<IntTuple> coordinateBase(const Entry &x) {
  size_t n = x.identityOffset.size();
  if (!x.identity || n == 0 || !integerLeaves(x.layout->shape()))
    return std::nullopt;
  if (n == 1 && integerLeaves(x.layout->stride()))
    return IntTuple(x.identityOffset[0]);
  std::vector<std::vector<int>> paths = leafPaths(x);
  std::vector<Int> strides;
  layout::flattenInto(x.layout->stride(), strides);
  for (const Int &s : strides) {
    bool zero = s.isStatic() && !s.isBasis() && s.value() == 0;
    bool leaf = s.isBasis() && llvm::is_contained(paths, s.basis());
    if (!zero && !leaf)
      return std::nullopt;
  }
  return identityElement(
      x, IntTuple::tuple(std::vector<IntTuple>(x.identityOffset.begin(), x.identityOffset.end())));
}

/// Identity or counting tensor x as FlyDSL's !fly.coord_tensor: fly.make_view of its start
/// (`base`, coordinateBase) and its layout.
MValue coordinateView(Kernel::Impl &k, const Entry &x, const IntTuple &base) {
  return fly::MakeViewOp::create(k.b, k.loc(), flyTuple<fly::MakeIntTupleOp>(k, base),
                                 flyLayout(k, *x.layout), mlir::DenseI64ArrayAttr());
}

/// The element offset (or the coordinate of an identity tensor) at `crd`.
std::optional<IntTuple> accessOffset(Kernel::Impl &k, Entry &t, const IntTuple &crd) {
  std::optional<IntTuple> off;
  k.algebra("tensor access", [&] {
    if (layout::hasUnderscore(crd))
      layout::fail(layout::ErrorKind::InvalidArgument,
                   "the coordinate " + crd.str() + " contains '_': slice the tensor instead");
    off = LayoutOps{k}.offsetIn(t, crd, *t.layout, false);
    if (t.identity)
      for (size_t j = 0; j < t.identityOffset.size(); ++j)
        off->elems()[j] = IntTuple(layout::add(t.identityOffset[j], (*off)[j].leaf()));
  });
  return off;
}

/// Element `crd` of identity or counting tensor t as FlyDSL's fly.memref.load of its
/// !fly.coord_tensor, where t has that form: the builder's algebra, run in a scratch block,
/// gives the element's structure and its dynamic leaves' facts, the op (which
/// fly-layout-lowering computes) their values. Nothing where t or crd has no Fly form, or where
/// the builder's access fails (its error is recorded).
std::optional<IntTuple> flyCoordinateElement(Kernel::Impl &k, Entry &t, const IntTuple &crd,
                                             bool &failed) {
  std::optional<IntTuple> base = coordinateBase(t);
  if (!base || !integerLeaves(crd) || layout::hasUnderscore(crd))
    return std::nullopt;
  std::vector<std::optional<LeafFacts>> facts;
  IntTuple element;
  {
    mlir::Block scratch;
    mlir::OpBuilder::InsertionGuard guard(k.b);
    k.b.setInsertionPointToEnd(&scratch);
    std::optional<IntTuple> off = accessOffset(k, t, crd);
    if (!off) {
      failed = true;
      return std::nullopt;
    }
    element = factsOf(*off, facts);
  }
  std::optional<IntTuple> typed;
  if (!k.algebra("tensor access", [&] {
        auto typeOf = [&](const IntTuple &x) {
          return fly::IntTupleType::get(k.ctx(), x).getTuple();
        };
        typed = fly::coordinateAt(
            typeOf(*base), fly::LayoutType::get(k.ctx(), *t.layout).getLayout(), typeOf(crd));
        std::vector<Int> opLeaves, builderLeaves;
        layout::flattenInto(*typed, opLeaves);
        layout::flattenInto(element, builderLeaves);
        if (opLeaves.size() != builderLeaves.size())
          typed.reset(); // a structure the op does not give: the builder's own element
      })) {
    failed = true;
    return std::nullopt;
  }
  if (!typed)
    return std::nullopt;
  MValue coords = coordinateView(k, t, *base);
  MValue at = flyTuple<fly::MakeIntTupleOp>(k, crd);
  std::optional<IntTuple> read;
  if (!k.algebra("tensor access", [&] {
        read = readLeaves(k, element, facts, *typed, [&] {
          return MValue(fly::MemRefLoadOp::create(k.b, k.loc(), coords, at));
        });
      }))
    failed = true;
  return read;
}

Entry *predicate(Kernel::Impl &k, Value *h) {
  if (!h)
    return nullptr;
  Entry *p = k.getScalar(h, "predicate");
  if (p && p->dtype != DType::I1) {
    k.fail("a predicate must be i1 (a comparison)");
    return nullptr;
  }
  return p;
}

/// Runs body() under `if (p)`; the result (if any) is 0 where p is false.
MValue guarded(Kernel::Impl &k, Entry *p, mlir::Type result, const std::function<MValue()> &body) {
  if (!p)
    return body();
  if (!result) {
    auto ifOp = mlir::scf::IfOp::create(k.b, k.loc(), p->v, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(k.b);
    k.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    body();
    return {};
  }
  auto ifOp = mlir::scf::IfOp::create(k.b, k.loc(), mlir::TypeRange{result}, p->v, true, true);
  OpBuilder::InsertionGuard guard(k.b);
  k.b.setInsertionPointToStart(ifOp.thenBlock());
  MValue v = body();
  mlir::scf::YieldOp::create(k.b, k.loc(), v ? v : MValue());
  k.b.setInsertionPointToStart(ifOp.elseBlock());
  mlir::Attribute zero =
      mlir::isa<mlir::FloatType>(mlir::getElementTypeOrSelf(result))
          ? mlir::Attribute(k.b.getFloatAttr(mlir::getElementTypeOrSelf(result), 0))
          : mlir::Attribute(k.b.getIntegerAttr(mlir::getElementTypeOrSelf(result), 0));
  if (auto vt = mlir::dyn_cast<mlir::VectorType>(result))
    zero = mlir::DenseElementsAttr::get(vt, zero);
  mlir::scf::YieldOp::create(
      k.b, k.loc(),
      MValue(mlir::arith::ConstantOp::create(k.b, k.loc(), mlir::cast<mlir::TypedAttr>(zero))));
  return ifOp.getResult(0);
}
} // namespace

namespace {
/// The swizzle of byte addresses that FlyDSL's pointer would carry for the swizzled tensor `t`,
/// if there is one: the builder swizzles element offsets from t's base, which is the same as
/// swizzling byte addresses (the swizzle's M moved by the element's size) where that base is
/// aligned to every bit the swizzle reads or writes.
std::optional<layout::Swizzle> addressSwizzleOf(const Entry &t) {
  int64_t elem = bitWidth(t.dtype) / 8;
  if (!t.swizzle || (t.addrSpace != fly::Global && t.addrSpace != fly::Shared) ||
      bitWidth(t.dtype) % 8 != 0 || (elem & (elem - 1)) != 0)
    return std::nullopt;
  const layout::Swizzle &sw = *t.swizzle;
  layout::Swizzle bytes(sw.bits(), sw.base() + llvm::Log2_64(uint64_t(elem)), sw.shift());
  if (bytes.bitsSpanned() >= 31 || t.baseAlign < (int64_t(1) << bytes.bitsSpanned()))
    return std::nullopt;
  return bytes;
}

/// Whether `t` is unswizzled, or swizzled as a Fly pointer can be.
bool flySwizzle(const Entry &t) { return !t.swizzle || addressSwizzleOf(t); }
} // namespace

// An i1 element takes a byte, as in the dialect (fly::elementBytes), so a predicate tensor's
// elements are read and written one at a time as Fly ops too; its whole-fragment accesses stay
// the builder's, element by element, since LLVM packs vectors of i1 into bits in memory.
bool Kernel::Impl::flyElementAccess(const Entry &t, const IntTuple &crd) {
  // A buffer tensor's accesses go through its resource, which bounds them.
  return t.tensor && !t.identity && !t.buffer && !t.rsrc && flySwizzle(t) &&
         (t.addrSpace == fly::Global || t.addrSpace == fly::Shared ||
          t.addrSpace == fly::Register) &&
         (bitWidth(t.dtype) % 8 == 0 || t.dtype == DType::I1) && flyForm(*t.layout, crd);
}

namespace {
/// Whether `t` is a plain tensor of memory or registers that a Fly view can stand for in a copy.
bool flyCopySide(Kernel::Impl &k, const Entry &t) {
  return !t.identity && !t.rsrc && flySwizzle(t) &&
         (t.addrSpace == fly::Global || t.addrSpace == fly::Shared ||
          t.addrSpace == fly::Register) &&
         bitWidth(t.dtype) % 8 == 0 && k.flyForm(*t.layout, IntTuple(int64_t(0)));
}

/// The tensor `t` as a Fly value: fly.make_view(fly.make_ptr(base), layout), its base aligned
/// to `align` bytes (the element's size where 0). A swizzled tensor's pointer swizzles byte
/// addresses, moved from the base by the tensor's offset under the swizzle.
/// The Fly value of the op that made `t`, while `t` is still what that value stands for.
MValue madeByFly(const Entry &t) {
  const std::optional<Entry::FlyForm> &f = t.fly;
  if (f && f->base == t.v && f->rsrc == t.rsrc && t.layout && f->layout == *t.layout &&
      f->swizzleOffset == t.swizzleOffset && f->rsrcOffset == t.rsrcOffset &&
      f->swizzle == t.swizzle && f->dtype == t.dtype)
    return f->value;
  return {};
}

/// Records `value` as the Fly value of tensor `e` as it is now.
void keepFlyValue(Entry &e, MValue value) {
  e.fly = Entry::FlyForm{value,           e.v,          e.rsrc,    *e.layout,
                         e.swizzleOffset, e.rsrcOffset, e.swizzle, e.dtype};
}

MValue flyView(Kernel::Impl &k, const Entry &t, int64_t align = 0) {
  if (MValue made = madeByFly(t))
    return made; // the op's own result: its pointer and layout as the pass computes them
  mlir::Type element = k.typeOf(t.dtype, 1);
  llvm::SmallVector<int64_t, 3> swizzle;
  if (std::optional<layout::Swizzle> sw = addressSwizzleOf(t)) {
    swizzle = {sw->bits(), sw->base(), sw->shift()};
    align = std::max(align, t.baseAlign); // the base the swizzle is anchored at
  }
  auto ptrType = fly::PointerType::get(
      k.ctx(), element, t.addrSpace, std::max<int64_t>(align, fly::elementBytes(element)), swizzle);
  MValue ptr =
      fly::MakePtrOp::create(k.b, k.loc(), ptrType, mlir::ValueRange{t.v}, mlir::DictionaryAttr());
  if (!swizzle.empty() && (!t.swizzleOffset.isStatic() || t.swizzleOffset.value() != 0))
    ptr = fly::AddOffsetOp::create(k.b, k.loc(), ptr,
                                   flyTuple<fly::MakeIntTupleOp>(k, IntTuple(t.swizzleOffset)));
  return fly::MakeViewOp::create(k.b, k.loc(), ptr, flyLayout(k, *t.layout),
                                 mlir::DenseI64ArrayAttr());
}

/// The resource a buffer tensor's accesses go through, where the kernel made it (a resource
/// given as a value, with no operands to remake it from, is not a Fly pointer).
mlir::ROCDL::MakeBufferRsrcOp bufferResourceOf(const Entry &t) {
  return t.rsrc ? t.rsrc.getDefiningOp<mlir::ROCDL::MakeBufferRsrcOp>() : nullptr;
}

/// Whether `t` is a buffer tensor (make_buffer_tensor) that a Fly view over FlyROCDL's
/// buffer_desc pointer can stand for in a copy.
bool flyBufferSide(Kernel::Impl &k, const Entry &t) {
  return bufferResourceOf(t) && !t.identity && !t.swizzle && t.addrSpace == fly::Global &&
         bitWidth(t.dtype) % 8 == 0 && k.flyForm(*t.layout, IntTuple(int64_t(0)));
}

/// The buffer tensor `t` as a Fly value: a view over fly.make_ptr(base, stride, records, flags)
/// (the operands of the resource the builder made, so both resources are one after CSE) moved
/// by the tensor's offset into the resource.
MValue flyBufferPointer(Kernel::Impl &k, const Entry &t) {
  auto rsrc = bufferResourceOf(t);
  mlir::Type element = k.typeOf(t.dtype, 1);
  int64_t bytes = fly::elementBytes(element);
  auto globalType = fly::PointerType::get(k.ctx(), element, fly::Global, bytes, {});
  MValue base = fly::MakePtrOp::create(k.b, k.loc(), globalType, mlir::ValueRange{rsrc.getBase()},
                                       mlir::DictionaryAttr());
  auto bufferType = fly::PointerType::get(k.ctx(), element, fly::BufferDesc, bytes, {});
  MValue ptr = fly::MakePtrOp::create(
      k.b, k.loc(), bufferType,
      mlir::ValueRange{base, rsrc.getStride(), rsrc.getNumRecords(), rsrc.getFlags()},
      mlir::DictionaryAttr());
  if (rsrc->hasAttr(kTensorExtentResource))
    ptr.getDefiningOp()->setAttr(kTensorExtentResource, k.b.getUnitAttr());
  if (!t.rsrcOffset.isStatic() || t.rsrcOffset.value() != 0)
    ptr = fly::AddOffsetOp::create(k.b, k.loc(), ptr,
                                   flyTuple<fly::MakeIntTupleOp>(k, IntTuple(t.rsrcOffset)));
  return ptr;
}

MValue flyBufferView(Kernel::Impl &k, const Entry &t) {
  if (MValue made = madeByFly(t))
    return made;
  return fly::MakeViewOp::create(k.b, k.loc(), flyBufferPointer(k, t), flyLayout(k, *t.layout),
                                 mlir::DenseI64ArrayAttr());
}

/// One atom call's elements of `t` as a Fly view: from element offset `off` (before any
/// swizzle), laid out by `values` (their offsets from the first), at the address the builder
/// computes (aligned to `align` bytes) or, for a buffer tensor, its buffer pointer moved there.
MValue flyCallView(Kernel::Impl &k, Entry &t, const Int &off, const Layout &values,
                   int64_t align = 0) {
  Entry e = t;
  e.fly.reset();
  e.layout = values;
  if (t.rsrc) {
    e.rsrcOffset = layout::add(t.rsrcOffset, off);
    return flyBufferView(k, e);
  }
  e.v = k.elementAddress(t, off);
  e.swizzle.reset();
  e.swizzleOffset = Int(0);
  return flyView(k, e, align);
}

/// Refuses a buffer access of `lanes` elements of `d` that no buffer instruction makes.
void checkBufferAccess(DType d, int lanes) {
  int bytes = bitWidth(d) / 8 * lanes;
  if (!(bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 12 || bytes == 16))
    layout::fail(layout::ErrorKind::Unsupported,
                 "one buffer access moves 1, 2, 4, 8, 12 or 16 bytes, not " +
                     std::to_string(bytes));
}

/// The byte offset of a buffer access at element `offset` of `t`.
MValue bufferBytes(Kernel::Impl &k, const Entry &t, const Int &offset) {
  Int elements = layout::add(t.rsrcOffset, offset);
  return mlir::arith::MulIOp::create(k.b, k.loc(), k.materialize(elements, k.b.getI32Type()),
                                     k.constantOf(DType::I32, bitWidth(t.dtype) / 8));
}

/// Where `lanes` elements of `t` at element `offset` start, as FlyDSL's pointer: the address
/// the builder computes (swizzled, for a swizzled tensor), aligned to the access's size.
MValue elementPointer(Kernel::Impl &k, Entry &t, const Int &offset, int lanes) {
  auto type = fly::PointerType::get(k.ctx(), k.typeOf(t.dtype, 1), t.addrSpace,
                                    k.alignmentOf(t.dtype, lanes), {});
  return fly::MakePtrOp::create(k.b, k.loc(), type, mlir::ValueRange{k.elementAddress(t, offset)},
                                mlir::DictionaryAttr());
}

/// Elements LLVM keeps in memory by its own rule (i1, sub-byte integers and floats), which
/// the builder reads and writes through LLVM's loads and stores.
bool llvmPacked(DType d) { return bitWidth(d) % 8 != 0; }

/// Checks `crd` against `t`'s layout as fly.crd2idx's verifier would.
bool checkedCoordinate(Kernel::Impl &k, const Entry &t, const IntTuple &crd) {
  return k.algebra("tensor access", [&] {
    if (layout::hasUnderscore(crd))
      layout::fail(layout::ErrorKind::InvalidArgument,
                   "the coordinate " + crd.str() + " contains '_': slice the tensor instead");
    offsetType(k.ctx(), *t.layout, crd);
  });
}
} // namespace

MValue Kernel::Impl::flyLoad(Entry &t, const IntTuple &crd) {
  if (!checkedCoordinate(*this, t, crd))
    return {};
  return fly::MemRefLoadOp::create(b, loc(), typeOf(t.dtype, 1), flyView(*this, t),
                                   flyTuple<fly::MakeIntTupleOp>(*this, crd));
}

bool Kernel::Impl::flyStore(MValue v, Entry &t, const IntTuple &crd) {
  if (!checkedCoordinate(*this, t, crd))
    return false;
  fly::MemRefStoreOp::create(b, loc(), v, flyView(*this, t),
                             flyTuple<fly::MakeIntTupleOp>(*this, crd));
  return true;
}

// A buffer tensor's elements are read and written as FlyDSL's, by fly.ptr.load / store of its
// buffer pointer, unless the kernel was given the resource as a value (no operands to make
// the pointer from): then by the MUBUF instructions themselves.
MValue Kernel::Impl::bufferLoadAt(Entry &t, const Int &offset, int lanes) {
  checkBufferAccess(t.dtype, lanes);
  if (bufferResourceOf(t)) {
    Entry e = t;
    e.rsrcOffset = layout::add(t.rsrcOffset, offset);
    return fromMem(
        fly::PtrLoadOp::create(b, loc(), memType(t.dtype, lanes), flyBufferPointer(*this, e)),
        t.dtype, lanes);
  }
  MValue zero = constantOf(DType::I32, 0);
  MValue v = mlir::ROCDL::RawPtrBufferLoadOp::create(b, loc(), memType(t.dtype, lanes), t.rsrc,
                                                     bufferBytes(*this, t, offset), zero, zero,
                                                     nullptr, nullptr, nullptr);
  return fromMem(v, t.dtype, lanes);
}

void Kernel::Impl::bufferStoreAt(Entry &t, MValue v, const Int &offset, int lanes) {
  checkBufferAccess(t.dtype, lanes);
  if (bufferResourceOf(t)) {
    Entry e = t;
    e.rsrcOffset = layout::add(t.rsrcOffset, offset);
    fly::PtrStoreOp::create(b, loc(), toMem(v, t.dtype, lanes), flyBufferPointer(*this, e));
    return;
  }
  MValue zero = constantOf(DType::I32, 0);
  mlir::ROCDL::RawPtrBufferStoreOp::create(b, loc(), toMem(v, t.dtype, lanes), t.rsrc,
                                           bufferBytes(*this, t, offset), zero, zero, nullptr,
                                           nullptr, nullptr);
}

MValue Kernel::Impl::elementLoad(Entry &t, const Int &offset, int lanes) {
  if (t.rsrc)
    return bufferLoadAt(t, offset, lanes);
  if (llvmPacked(t.dtype))
    return loadAt(elementAddress(t, offset), t.dtype, lanes);
  return fromMem(fly::PtrLoadOp::create(b, loc(), memType(t.dtype, lanes),
                                        elementPointer(*this, t, offset, lanes)),
                 t.dtype, lanes);
}

void Kernel::Impl::elementStore(MValue v, Entry &t, const Int &offset, int lanes) {
  if (t.rsrc)
    bufferStoreAt(t, v, offset, lanes);
  else if (llvmPacked(t.dtype))
    storeAt(v, elementAddress(t, offset), t.dtype, lanes);
  else
    fly::PtrStoreOp::create(b, loc(), toMem(v, t.dtype, lanes),
                            elementPointer(*this, t, offset, lanes));
}

MValue Kernel::Impl::elementLoad(Entry &t, const std::vector<Value *> &coord, int lanes) {
  if (t.identity) {
    fail("a coordinate tensor holds coordinates, not memory: read it with fly_load_at");
    return {};
  }
  std::optional<Int> off = offsetOf(t, coord);
  MValue v;
  if (off)
    algebra("tensor access", [&] { v = elementLoad(t, *off, lanes); });
  return v;
}

void Kernel::Impl::elementStore(MValue v, Entry &t, const std::vector<Value *> &coord, int lanes) {
  if (t.identity) {
    fail("a coordinate tensor holds coordinates, not memory: read it with fly_load_at");
    return;
  }
  if (std::optional<Int> off = offsetOf(t, coord))
    algebra("tensor access", [&] { elementStore(v, t, *off, lanes); });
}

Value *Kernel::loadAt(Value *ht, Value *hc, Value *hp) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *t = k.getTensor(ht, "tensor");
  IntTuple crd;
  if (!t || !ops.tupleOrScalar(hc, "coordinate", crd))
    return nullptr;
  Entry *p = predicate(k, hp);
  if (hp && !p)
    return nullptr;
  if (k.flyElementAccess(*t, crd)) {
    if (!checkedCoordinate(k, *t, crd)) // before the branch: the error is the access's
      return nullptr;
    MValue v = guarded(k, p, k.typeOf(t->dtype, 1), [&] { return k.flyLoad(*t, crd); });
    return k.scalar(v, t->dtype);
  }
  if (t->identity && p) {
    k.fail("a coordinate tensor is read without a predicate");
    return nullptr;
  }
  bool failed = false;
  std::optional<IntTuple> off;
  if (t->identity)
    off = flyCoordinateElement(k, *t, crd, failed);
  if (!off && !failed)
    off = accessOffset(k, *t, crd);
  if (!off)
    return nullptr;
  if (t->identity) {
    if (t->identityOffset.size() == 1 && off->rank() == 1) // a counting tensor: an integer
      return tupleLeaf(ops.tuple(std::move(*off)), 0);
    return ops.tuple(identityElement(*t, std::move(*off)));
  }
  MValue v;
  if (!k.algebra("tensor load", [&] {
        v = guarded(k, p, k.typeOf(t->dtype, 1), [&] { return k.elementLoad(*t, off->leaf(), 1); });
      }))
    return nullptr;
  return k.scalar(v, t->dtype);
}

void Kernel::storeAt(Value *ht, Value *hv, Value *hc, Value *hp) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  LayoutOps ops{k};
  Entry *t = k.getTensor(ht, "tensor");
  Entry *v = t ? k.getScalar(hv, "value") : nullptr;
  IntTuple crd;
  if (!v || !ops.tupleOrScalar(hc, "coordinate", crd))
    return;
  if (t->identity) {
    k.fail("a coordinate tensor cannot be written");
    return;
  }
  if (v->dtype != t->dtype) {
    k.fail(std::string("storing ") + dtypeName(v->dtype) + " into a tensor of " +
           dtypeName(t->dtype));
    return;
  }
  Entry *p = predicate(k, hp);
  if (hp && !p)
    return;
  if (k.flyElementAccess(*t, crd)) {
    if (checkedCoordinate(k, *t, crd))
      guarded(k, p, {}, [&] {
        k.flyStore(v->v, *t, crd);
        return MValue();
      });
    return;
  }
  std::optional<IntTuple> off = accessOffset(k, *t, crd);
  if (!off)
    return;
  k.algebra("tensor store", [&] {
    guarded(k, p, {}, [&] {
      k.elementStore(v->v, *t, off->leaf(), 1);
      return MValue();
    });
  });
}

namespace {
Entry *registerTensor(Kernel::Impl &k, Value *h) {
  Entry *t = k.getTensor(h, "register tensor");
  if (t && t->addrSpace != 5) {
    k.fail("this needs a register tensor (a fragment); index other tensors");
    return nullptr;
  }
  return t;
}

/// The static offsets of a register tensor's elements, in logical order.
std::vector<int64_t> fragmentOffsets(const Entry &t) {
  std::vector<int64_t> out;
  int64_t n = staticSize(*t.layout);
  for (int64_t i = 0; i < n; ++i)
    out.push_back(layout::evaluate(*t.layout, IntTuple(i)).value());
  return out;
}

/// Whether the register tensor `t`, whose elements sit at `offs`, is read and written whole in
/// FlyDSL's form (fly.memref.load_vec / store_vec): more than one element, each in a register of
/// its own.
bool flyWhole(Kernel::Impl &k, const Entry &t, const std::vector<int64_t> &offs) {
  return offs.size() > 1 && flyCopySide(k, t) &&
         std::set<int64_t>(offs.begin(), offs.end()).size() == offs.size();
}
} // namespace

namespace {
/// All values of a counting tensor of static size, as an i32 vector (or scalar).
Value *countingLoad(Kernel::Impl &k, Entry &t) {
  Value *out = nullptr;
  k.algebra("load", [&] {
    int64_t n = staticSize(*t.layout);
    if (n < 1 || n > kMaxLanes)
      layout::fail(layout::ErrorKind::Unsupported,
                   "load() of a counting tensor needs a static size of 1.." +
                       std::to_string(kMaxLanes) + ", got " + t.layout->str());
    Layout values = project(*t.layout, {0});
    auto i32 = k.b.getI32Type();
    std::vector<MValue> lanes;
    for (int64_t i = 0; i < n; ++i)
      lanes.push_back(k.materialize(
          layout::add(t.identityOffset[0], layout::evaluate(values, IntTuple(i)).leaf()), i32));
    if (n == 1) {
      out = k.scalar(lanes[0], DType::I32);
      return;
    }
    mlir::Type vt = k.typeOf(DType::I32, static_cast<int>(n));
    MValue vec = mlir::LLVM::UndefOp::create(k.b, k.loc(), vt);
    for (int64_t i = 0; i < n; ++i)
      vec = mlir::LLVM::InsertElementOp::create(k.b, k.loc(), vt, vec, lanes[i],
                                                k.constantOf(DType::I32, double(i)));
    out = k.scalar(vec, DType::I32);
  });
  return out;
}
/// The offsets of a memory tensor's elements in logical order (static or not: its strides may be
/// run-time values); empty after a kernel error when its size is not static or too large.
std::vector<Int> memoryOffsets(Kernel::Impl &k, const Entry &t, const char *what) {
  std::vector<Int> out;
  k.algebra(what, [&] {
    int64_t n = staticSize(*t.layout);
    if (n < 1 || n > kMaxLanes)
      layout::fail(layout::ErrorKind::Unsupported,
                   std::string(what) + " of a memory tensor needs a static size of 1.." +
                       std::to_string(kMaxLanes) + " (one vector), got " + t.layout->str());
    for (int64_t i = 0; i < n; ++i)
      out.push_back(layout::evaluate(*t.layout, IntTuple(i)).leaf());
  });
  return out;
}

/// FlyDSL's load() of a tensor in global or shared memory, or of a buffer tensor: its elements,
/// in logical order, as one vector (or a scalar), each read where the layout puts it.
Value *memoryLoad(Kernel::Impl &k, Entry &t) {
  std::vector<Int> offs = memoryOffsets(k, t, "load()");
  if (offs.empty())
    return nullptr;
  int n = int(offs.size());
  auto element = [&](const Int &off) { return k.elementLoad(t, off, 1); };
  if (n == 1)
    return k.scalar(element(offs[0]), t.dtype);
  mlir::Type vt = k.memType(t.dtype, n);
  MValue vec = mlir::LLVM::UndefOp::create(k.b, k.loc(), vt);
  for (int i = 0; i < n; ++i)
    vec = mlir::LLVM::InsertElementOp::create(k.b, k.loc(), vt, vec,
                                              k.toMem(element(offs[size_t(i)]), t.dtype, 1),
                                              k.constantOf(DType::I32, i));
  return k.scalar(k.fromMem(vec, t.dtype, n), t.dtype);
}

/// FlyDSL's store() into a tensor in global or shared memory, or into a buffer tensor.
void memoryStore(Kernel::Impl &k, Entry &t, Entry &v) {
  std::vector<Int> offs = memoryOffsets(k, t, "store()");
  if (offs.empty())
    return;
  if (v.dtype != t.dtype || size_t(v.lanes) != offs.size()) {
    k.fail("store() of " + Kernel::Impl::describe(v) + " into a tensor of " +
           std::to_string(offs.size()) + " x " + dtypeName(t.dtype));
    return;
  }
  MValue bits = k.toMem(v.v, v.dtype, v.lanes);
  for (size_t i = 0; i < offs.size(); ++i) {
    MValue e = v.v;
    if (v.lanes > 1)
      e = k.fromMem(mlir::LLVM::ExtractElementOp::create(k.b, k.loc(), bits,
                                                         k.constantOf(DType::I32, double(i))),
                    t.dtype, 1);
    k.elementStore(e, t, offs[i], 1);
  }
}
} // namespace

Value *Kernel::fragmentLoad(Value *ht) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = k.getTensor(ht, "tensor");
  if (t && t->identity && t->identityOffset.size() == 1)
    return countingLoad(k, *t);
  if (t && t->addrSpace != 5 && !t->identity)
    return memoryLoad(k, *t);
  t = t ? registerTensor(k, ht) : nullptr;
  if (!t)
    return nullptr;
  std::vector<int64_t> offs = fragmentOffsets(*t);
  if (offs.size() > size_t(kMaxLanes)) {
    k.fail("load() of a register tensor of " + std::to_string(offs.size()) +
           " elements: a vector has at most " + std::to_string(kMaxLanes) + " lanes");
    return nullptr;
  }
  int n = static_cast<int>(offs.size());
  if (flyWhole(k, *t, offs))
    return k.scalar(fly::MemRefLoadVecOp::create(k.b, k.loc(), flyView(k, *t, t->baseAlign)),
                    t->dtype);
  if (n == 1)
    return k.scalar(k.elementLoad(*t, Int(offs[0]), 1), t->dtype);
  // Lanes move in their memory type (fp8 as i8: LLVM's vector ops take LLVM types).
  mlir::Type vt = k.memType(t->dtype, n);
  MValue vec = mlir::LLVM::UndefOp::create(k.b, k.loc(), vt);
  for (int i = 0; i < n; ++i) {
    MValue e = k.toMem(k.elementLoad(*t, Int(offs[i]), 1), t->dtype, 1);
    MValue idx = k.constantOf(DType::I32, i);
    vec = mlir::LLVM::InsertElementOp::create(k.b, k.loc(), vt, vec, e, idx);
  }
  return k.scalar(k.fromMem(vec, t->dtype, n), t->dtype);
}

void Kernel::fragmentStore(Value *ht, Value *hv) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *m = k.getTensor(ht, "tensor");
  if (m && m->addrSpace != 5 && !m->identity) {
    if (Entry *v = k.getValue(hv, "value"))
      memoryStore(k, *m, *v);
    return;
  }
  Entry *t = m ? registerTensor(k, ht) : nullptr;
  Entry *v = t ? k.getValue(hv, "value") : nullptr;
  if (!v)
    return;
  std::vector<int64_t> offs = fragmentOffsets(*t);
  if (v->dtype != t->dtype || size_t(v->lanes) != offs.size()) {
    k.fail("store() of " + Kernel::Impl::describe(*v) + " into a register tensor of " +
           std::to_string(offs.size()) + " x " + dtypeName(t->dtype));
    return;
  }
  if (flyWhole(k, *t, offs)) {
    fly::MemRefStoreVecOp::create(k.b, k.loc(), v->v, flyView(k, *t, t->baseAlign));
    return;
  }
  MValue bits = k.toMem(v->v, v->dtype, v->lanes);
  for (size_t i = 0; i < offs.size(); ++i) {
    MValue e = v->v;
    if (v->lanes > 1)
      e = k.fromMem(mlir::LLVM::ExtractElementOp::create(k.b, k.loc(), bits,
                                                         k.constantOf(DType::I32, double(i))),
                    t->dtype, 1);
    k.elementStore(e, *t, Int(offs[i]), 1);
  }
}

void Kernel::fragmentFill(Value *ht, Value *hv) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *t = registerTensor(k, ht);
  Entry *v = t ? k.getScalar(hv, "value") : nullptr;
  if (!v)
    return;
  if (v->dtype != t->dtype) {
    k.fail(std::string("fill() of ") + dtypeName(v->dtype) + " into a register tensor of " +
           dtypeName(t->dtype));
    return;
  }
  std::vector<int64_t> offs = fragmentOffsets(*t);
  if (flyWhole(k, *t, offs)) {
    auto type = mlir::VectorType::get({int64_t(offs.size())}, k.typeOf(t->dtype, 1));
    fly::MemRefStoreVecOp::create(k.b, k.loc(),
                                  mlir::vector::BroadcastOp::create(k.b, k.loc(), type, v->v),
                                  flyView(k, *t, t->baseAlign));
    return;
  }
  for (int64_t off : offs)
    k.elementStore(v->v, *t, Int(off), 1);
}

namespace {

/// A bound on the magnitude of every leaf `op` can give for operands bounded by a and b.
uint64_t tupleOpBound(layout::TupleOp op, const LeafBounds &a, const LeafBounds &b) {
  switch (op) {
  case layout::TupleOp::Add:
  case layout::TupleOp::Sub:
    return a.largest > UINT64_MAX - b.largest ? UINT64_MAX : a.largest + b.largest;
  case layout::TupleOp::Mul:
  case layout::TupleOp::ElemScale:
    return times(a.largest, b.product);
  case layout::TupleOp::ProductLike:
    return a.product;
  case layout::TupleOp::CompactColMajor:
  case layout::TupleOp::PrefixProduct:
  case layout::TupleOp::Crd2Idx:
    return times(a.product, b.product);
  default: // quotients, remainders and coordinates stay within their operands
    return std::max(a.largest, b.largest);
  }
}

/// `name` (a Fly op of int tuples) of the tuples `in`, typed `type`.
MValue buildFlyTupleOp(Kernel::Impl &k, llvm::StringRef name, const std::vector<IntTuple> &in,
                       mlir::Type type) {
  mlir::OperationState st(k.loc(), name);
  for (const IntTuple &t : in)
    st.addOperands(flyTuple<fly::MakeIntTupleOp>(k, t));
  st.addTypes(type);
  return k.b.create(st)->getResult(0);
}

bool anyWide(const std::vector<IntTuple> &in) {
  return llvm::any_of(in, [](const IntTuple &t) { return LeafBounds(t).wide; });
}

} // namespace

Value *Kernel::tupleBinary(int op, Value *ha, Value *hb) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  IntTuple a, b;
  if (!ops.tupleOrScalar(ha, "tuple operand", a) || !ops.tupleOrScalar(hb, "tuple operand", b))
    return nullptr;
  std::optional<IntTuple> r;
  if (!k.algebra("tuple op", [&] {
        layout::TupleOp which = layout::tupleOp(op);
        llvm::StringRef name = fly::tupleOpName(which);
        if (name.empty() || !integerLeaves(a) || !integerLeaves(b)) {
          r = layout::apply(which, a, b);
          return;
        }
        auto typeOf = [&] {
          return layout::apply(which, fly::IntTupleType::get(k.ctx(), a).getTuple(),
                               fly::IntTupleType::get(k.ctx(), b).getTuple());
        };
        IntTuple type = typeOf();
        r = k.flyTupleResult(
            [&] { return type; },
            [&] { return buildFlyTupleOp(k, name, {a, b}, fly::IntTupleType::get(k.ctx(), type)); },
            anyWide({a, b}), tupleOpBound(which, LeafBounds(a), LeafBounds(b)));
      }))
    return nullptr;
  return ops.tuple(std::move(*r));
}

Value *Kernel::tupleUnary(int op, Value *ha) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  IntTuple a;
  if (!ops.tupleOrScalar(ha, "tuple operand", a))
    return nullptr;
  std::optional<IntTuple> r;
  if (!k.algebra("tuple op", [&] {
        layout::TupleUnaryOp which = layout::tupleUnaryOp(op);
        llvm::StringRef name = fly::tupleOpName(which);
        if (name.empty() || !integerLeaves(a)) {
          r = layout::apply(which, a);
          return;
        }
        IntTuple type = layout::apply(which, fly::IntTupleType::get(k.ctx(), a).getTuple());
        r = k.flyTupleResult(
            [&] { return type; },
            [&] { return buildFlyTupleOp(k, name, {a}, fly::IntTupleType::get(k.ctx(), type)); },
            anyWide({a}), LeafBounds(a).product);
      }))
    return nullptr;
  return ops.tuple(std::move(*r));
}

Value *Kernel::layoutCoord(int op, Value *hl, Value *hi) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  Entry *l = ops.layoutLike(hl, "layout");
  IntTuple index;
  if (!l || !ops.tupleOrScalar(hi, "index", index))
    return nullptr;
  std::optional<IntTuple> r;
  if (!k.algebra("coordinate", [&] {
        layout::CoordOp which = layout::coordOp(op);
        if (!k.flyForm(*l->layout, index)) {
          r = layout::apply(which, index, *l->layout);
          return;
        }
        static const char *const names[] = {"fly.idx2crd", "fly.get_flat_coord",
                                            "fly.get_1d_coord"};
        IntTuple type = layout::apply(which, fly::IntTupleType::get(k.ctx(), index).getTuple(),
                                      fly::LayoutType::get(k.ctx(), *l->layout).getLayout());
        LeafBounds shape(l->layout->shape());
        r = k.flyTupleResult(
            [&] { return type; },
            [&] {
              mlir::OperationState st(k.loc(), names[int(which)]);
              st.addOperands({flyTuple<fly::MakeIntTupleOp>(k, index), flyLayout(k, *l->layout)});
              st.addTypes(fly::IntTupleType::get(k.ctx(), type));
              return k.b.create(st)->getResult(0);
            },
            anyWide({index, l->layout->shape(), l->layout->stride()}), shape.product);
      }))
    return nullptr;
  return ops.tuple(std::move(*r));
}

namespace {
/// fly.elem_less or fly.equal of two tuples or integer scalars, an i1: a constant where the
/// operands' structures or static leaves decide.
Value *tupleCompare(Kernel::Impl &k, Value *ha, Value *hb, bool equal) {
  const char *what = equal ? "equal operand" : "elem_less operand";
  if (!k.startOp())
    return nullptr;
  LayoutOps ops{k};
  IntTuple a, b;
  if (!ops.tupleOrScalar(ha, what, a) || !ops.tupleOrScalar(hb, what, b))
    return nullptr;
  if (!integerLeaves(a) || !integerLeaves(b)) {
    k.fail(std::string(equal ? "equal(" : "elem_less(") + a.str() + ", " + b.str() +
           "): basis leaves are coordinates, not integers");
    return nullptr;
  }
  std::optional<bool> known;
  if (!k.algebra(equal ? "equal" : "elem_less", [&] {
        std::vector<std::pair<Int, Int>> pairs;
        if (!layout::comparedLeaves(a, b, equal, pairs))
          known = false;
        else if (llvm::all_of(pairs, [](const auto &p) {
                   return p.first.isStatic() && p.second.isStatic();
                 }))
          known = llvm::all_of(pairs, [&](const auto &p) {
            return equal ? p.first.value() == p.second.value() : p.first.value() < p.second.value();
          });
      }))
    return nullptr;
  if (known)
    return k.scalar(k.constantOf(DType::I1, *known ? 1 : 0), DType::I1);
  MValue x = flyTuple<fly::MakeIntTupleOp>(k, a), y = flyTuple<fly::MakeIntTupleOp>(k, b);
  MValue r = equal ? MValue(fly::EqualOp::create(k.b, k.loc(), k.b.getI1Type(), x, y))
                   : MValue(fly::ElemLessOp::create(k.b, k.loc(), k.b.getI1Type(), x, y));
  return k.scalar(r, DType::I1);
}
} // namespace

Value *Kernel::elemLess(Value *ha, Value *hb) { return tupleCompare(*impl_, ha, hb, false); }
Value *Kernel::tupleEqual(Value *ha, Value *hb) { return tupleCompare(*impl_, ha, hb, true); }

//===-- Copy atoms and tiled copies -----------------------------------------===//

struct CopyAtomInfo {
  CopyOp op;
  int bits;
  DType dtype;
  int values; // elements per call
  AtomicOp atomic = AtomicOp::Add; // CopyOp::Atomic: how a value combines into the destination
  std::string scope;               // and the LLVM sync scope it does so at
};

struct TiledCopyInfo {
  std::shared_ptr<const CopyAtomInfo> atom;
  Layout tv;          // (thread, value) -> coordinate in the tile
  layout::Tiler tile; // the tile the threads cover together
};

namespace {
/// The copy atom `h` names (or, with `tiledToo`, a tiled copy, which carries its atom).
Entry *copyAtomOf(Kernel::Impl &k, Value *h, bool tiledToo) {
  Entry *a = k.get(h, "copy atom");
  if (a && (tiledToo ? !a->atom : a->kind != ValueKind::CopyAtom)) {
    k.fail(std::string("copy atom is a ") + kindName(a->kind) + " where a copy atom is needed");
    return nullptr;
  }
  return a;
}

/// The tiled copy `h` stands for, or null (with the builder's error) where it is none.
Entry *tiledCopyOf(Kernel::Impl &k, Value *h) {
  Entry *tc = k.get(h, "tiled copy");
  if (tc && tc->kind != ValueKind::TiledCopy) {
    k.fail(std::string("tiled copy is a ") + kindName(tc->kind) + " where a tiled copy is needed");
    return nullptr;
  }
  return tc;
}
} // namespace

Value *Kernel::copyAtom(CopyOp op, int bits, DType dtype) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a copy atom"))
    return nullptr;
  int w = static_cast<int>(bitWidth(dtype));
  // Buffer loads and stores move 1 to 16 bytes (buffer_load_ubyte .. _dwordx4), as universal
  // copies do; LDS, cp.async and buffer-to-LDS instructions start at 32 bits.
  bool wide = op == CopyOp::Lds || op == CopyOp::CpAsync || op == CopyOp::CpAsyncZfill ||
              op == CopyOp::BufferToLds;
  bool widthOk = layout::copyAtomWidthOk(bits, w, wide) &&
                 (op != CopyOp::BufferToLds || bits == 32 || bits == 128);
  if (!widthOk || dtype == DType::Index || dtype == DType::I1) {
    k.fail("a copy atom of " + std::to_string(bits) + " bits cannot move " + dtypeName(dtype) +
           " elements (universal and buffer copies move 8..128 bits, LDS and cp.async copies "
           "32..128, buffer-to-LDS copies 32 or 128, a multiple of the element width)");
    return nullptr;
  }
  Entry e;
  e.kind = ValueKind::CopyAtom;
  e.atom = std::make_shared<CopyAtomInfo>(CopyAtomInfo{op, bits, dtype, bits / w, {}, {}});
  e.dtype = dtype;
  return k.newValue(std::move(e));
}

Value *Kernel::atomicCopyAtom(AtomicOp op, DType dtype, const std::string &scope) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "an atomic copy atom"))
    return nullptr;
  if (auto why = Impl::atomicRefusal(op, dtype)) {
    k.fail("an atomic copy atom: " + *why);
    return nullptr;
  }
  if (!fly::isAtomicSyncScope(scope)) {
    k.fail("an atomic copy atom's sync scope is \"\" (the system), singlethread, agent, "
           "workgroup, wavefront or one of their -one-as forms, not '" +
           scope + "'");
    return nullptr;
  }
  Entry e;
  e.kind = ValueKind::CopyAtom;
  int bits = static_cast<int>(bitWidth(dtype));
  e.atom = std::make_shared<CopyAtomInfo>(CopyAtomInfo{CopyOp::Atomic, bits, dtype, 1, op, scope});
  e.dtype = dtype;
  return k.newValue(std::move(e));
}

Value *Kernel::bufferAtomicCopyAtom(AtomicOp op, DType dtype, int lanes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a buffer atomic copy atom"))
    return nullptr;
  bool half = dtype == DType::F16 || dtype == DType::BF16;
  if (lanes != 1 && !(lanes == 2 && half)) {
    k.fail("a buffer atomic copy atom combines one value a call, or a pair of f16 or bf16, not " +
           std::to_string(lanes) + " of " + dtypeName(dtype));
    return nullptr;
  }
  if (dtype == DType::Index || dtype == DType::I1 || (half && lanes == 1)) {
    k.fail(std::string("a buffer atomic copy atom of ") + dtypeName(dtype) +
           (half ? " combines pairs of them (lanes 2)" : ": no buffer atomic combines those"));
    return nullptr;
  }
  std::string why = fly_rocdl::bufferAtomicRefusal(int32_t(op), k.typeOf(dtype, lanes));
  if (!why.empty()) {
    k.fail(why);
    return nullptr;
  }
  Entry e;
  e.kind = ValueKind::CopyAtom;
  int bits = static_cast<int>(bitWidth(dtype)) * lanes;
  e.atom = std::make_shared<CopyAtomInfo>(
      CopyAtomInfo{CopyOp::BufferAtomic, bits, dtype, lanes, op, {}});
  e.dtype = dtype;
  return k.newValue(std::move(e));
}

namespace {
Entry *tiledMmaOf(Kernel::Impl &k, Value *h) {
  Entry *t = k.get(h, "tiled MMA");
  if (t && t->kind != ValueKind::TiledMma) {
    k.fail(std::string("tiled MMA is a ") + kindName(t->kind) + " where a tiled MMA is needed");
    return nullptr;
  }
  return t;
}

/// A tiled copy of atom entry `a` over the (thread-value layout, tile) that `make` gives,
/// checked under `what`.
template <class Make>
Value *newTiledCopy(Kernel::Impl &k, const Entry &a, const char *what, Make make) {
  std::shared_ptr<TiledCopyInfo> info;
  if (!k.algebra(what, [&] {
        auto [tv, tile] = make();
        layout::checkThreadValueLayout(tv, a.atom->values);
        info = std::make_shared<TiledCopyInfo>(TiledCopyInfo{a.atom, tv, tile});
      }))
    return nullptr;
  Entry e;
  e.kind = ValueKind::TiledCopy;
  e.tiled = std::move(info);
  e.atom = e.tiled->atom;
  e.dtype = a.dtype;
  return k.newValue(std::move(e));
}
} // namespace

Value *Kernel::tiledCopy(Value *ha, Value *hl, const std::string &tileText) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = copyAtomOf(k, ha, /*tiledToo=*/false);
  if (!a)
    return nullptr;
  Entry *l = LayoutOps{k}.layoutLike(hl, "thread-value layout");
  if (!l)
    return nullptr;
  return newTiledCopy(k, *a, "make_tiled_copy",
                      [&] { return std::make_pair(*l->layout, layout::Tiler::parse(tileText)); });
}

Value *Kernel::tiledCopyForMma(Value *ha, Value *hm, int operand) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = copyAtomOf(k, ha, /*tiledToo=*/false);
  Entry *tm = a ? tiledMmaOf(k, hm) : nullptr;
  if (!tm)
    return nullptr;
  if (operand < 0 || operand > 2) {
    k.fail("an MMA operand is A (0), B (1) or C (2), not " + std::to_string(operand));
    return nullptr;
  }
  const char *name[] = {"make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C"};
  return newTiledCopy(k, *a, name[operand], [&] {
    // The operand's tile: (M,K) for A, (N,K) for B, (M,N) for C.
    const layout::TiledMma &t = *tm->mma;
    int rows = operand == 1 ? 1 : 0, cols = operand == 2 ? 1 : 2;
    auto tile = layout::Tiler::tuple({layout::Tiler::integer(layout::tileSizeMnk(t, rows)),
                                      layout::Tiler::integer(layout::tileSizeMnk(t, cols))});
    return std::make_pair(layout::layoutTV(t, static_cast<layout::MmaOperand>(operand)), tile);
  });
}

namespace {
/// The copy atom's Fly type, its values of `valBits` each; `dst` is the element type an
/// atomic atom combines into.
fly::CopyAtomType flyCopyAtomType(Kernel::Impl &k, const CopyAtomInfo &atom, DType dst,
                                  int32_t valBits) {
  mlir::Type op = fly::UniversalCopyType::get(k.ctx(), atom.bits);
  if (atom.op == CopyOp::BufferLoadStore)
    op = fly_rocdl::BufferCopyType::get(k.ctx(), atom.bits, 0);
  else if (atom.op == CopyOp::BufferToLds)
    op = fly_rocdl::BufferCopyLdsType::get(k.ctx(), atom.bits);
  else if (atom.op == CopyOp::CpAsync || atom.op == CopyOp::CpAsyncZfill)
    op = fly_nvvm::CpAsyncType::get(k.ctx(), atom.bits, atom.op == CopyOp::CpAsyncZfill);
  else if (atom.op == CopyOp::Atomic)
    op = fly::UniversalAtomicType::get(k.ctx(), int32_t(atom.atomic), k.typeOf(dst, 1), atom.scope);
  else if (atom.op == CopyOp::BufferAtomic)
    op = fly_rocdl::BufferAtomicType::get(k.ctx(), int32_t(atom.atomic),
                                          k.typeOf(atom.dtype, atom.values));
  return fly::CopyAtomType::get(k.ctx(), op, valBits);
}

/// The tiled copy as FlyDSL's !fly.tiled_copy, for tensors of `dtype`: null where its atom's
/// values do not split its bits evenly.
fly::TiledCopyType flyTiledCopyType(Kernel::Impl &k, const TiledCopyInfo &info, DType dtype) {
  const CopyAtomInfo &atom = *info.atom;
  if (atom.bits % std::max(atom.values, 1) != 0)
    return {};
  auto atomType = flyCopyAtomType(k, atom, dtype, atom.bits / std::max(atom.values, 1));
  std::string tile = info.tile.str();
  return fly::TiledCopyType::getChecked([] { return mlir::InFlightDiagnostic(); }, k.ctx(),
                                        atomType, fly::LayoutType::get(k.ctx(), info.tv),
                                        llvm::StringRef(tile));
}

/// fly.make_tiled_copy of a fly.make_copy_atom, its layout and its tile, all in `type`.
MValue flyTiledCopy(Kernel::Impl &k, fly::TiledCopyType type) {
  fly::CopyAtomType atomType = type.getAtom();
  MValue a = fly::MakeCopyAtomOp::create(k.b, k.loc(), atomType, atomType.getValBits());
  MValue tv = fly::StaticOp::create(k.b, k.loc(), type.getThreadValue());
  MValue tile = fly::StaticOp::create(
      k.b, k.loc(), fly::TileType::get(k.ctx(), layout::Tiler::parse(type.getTile().str())));
  return fly::MakeTiledCopyOp::create(k.b, k.loc(), a, tv, tile);
}

/// Whether x is a plain tensor of memory or registers, unswizzled or swizzled as a Fly pointer
/// swizzles, of whole bytes, whose base is an LLVM pointer of its address space: what a Fly
/// view stands for in partitions and retiles.
bool flyViewable(const Entry &x) {
  auto llvmPtr =
      mlir::dyn_cast_if_present<mlir::LLVM::LLVMPointerType>(x.v ? x.v.getType() : mlir::Type());
  // Registers are read and written through a generic pointer (allocateRegisters).
  unsigned space = x.addrSpace == fly::Register ? 0 : x.addrSpace;
  return !x.identity && !x.rsrc && flySwizzle(x) && llvmPtr && llvmPtr.getAddressSpace() == space &&
         (x.addrSpace == fly::Global || x.addrSpace == fly::Shared ||
          x.addrSpace == fly::Register) &&
         bitWidth(x.dtype) % 8 == 0 && flyLayoutForm(*x.layout);
}

/// The LLVM pointer the builder holds for a Fly pointer into x's memory: of x's address space,
/// or generic for registers.
MValue builderPointer(Kernel::Impl &k, const Entry &x, MValue flyPointer) {
  auto space = mlir::LLVM::LLVMPointerType::get(k.ctx(), x.addrSpace);
  MValue p = fly::ToLLVMPtrOp::create(k.b, k.loc(), space, flyPointer,
                                      k.b.getI32IntegerAttr(int32_t(x.addrSpace)));
  if (x.v.getType() != space)
    p = mlir::LLVM::AddrSpaceCastOp::create(k.b, k.loc(), x.v.getType(), p);
  return p;
}

/// A tensor's (thread, ...) view for a partition and the coordinate that selects one thread in
/// it (`fragments`), and the thread's part of that view (`part`).
using PartitionFragments =
    std::function<std::pair<IntTuple, Layout>(const Layout &, const IntTuple &)>;
using PartitionPart = std::function<Layout(const Layout &, const IntTuple &)>;

/// The layout of a partition op's result `p` (of type layout `typed`): the structure the
/// builder's algebra gave (`shape`, `stride`), each dynamic leaf read from the op.
Layout readPartitionLayout(Kernel::Impl &k, MValue p, const Layout &typed, const IntTuple &shape,
                           const IntTuple &stride,
                           const std::vector<std::optional<LeafFacts>> &shapeFacts,
                           const std::vector<std::optional<LeafFacts>> &strideFacts) {
  auto layoutOf = [&] { return MValue(fly::GetLayoutOp::create(k.b, k.loc(), p)); };
  IntTuple shapeRead = readLeaves(k, shape, shapeFacts, typed.shape(), [&] {
    return MValue(fly::GetShapeOp::create(k.b, k.loc(), layoutOf()));
  });
  IntTuple strideRead = readLeaves(k, stride, strideFacts, typed.stride(), [&] {
    return MValue(fly::GetStrideOp::create(k.b, k.loc(), layoutOf()));
  });
  return layout::makeUnchecked(shapeRead, strideRead);
}

/// Identity or counting tensor x (whose !fly.coord_tensor base is `base`, coordinateBase) as the
/// FlyDSL op `make(view)` builds on that coordinate tensor (a partition, a slice). `cute()`, the
/// builder's algebra run in a scratch block, gives the result's layout and its offset from x's
/// start (LayoutOps::offsetIn), whose structure and dynamic leaves' facts stand for the op's,
/// whose values fly-layout-lowering computes.
Value *flyCoordinateOp(Kernel::Impl &k, const Entry &x, const IntTuple &base,
                       const std::function<std::pair<Layout, IntTuple>()> &cute,
                       const std::function<MValue(MValue)> &make) {
  std::vector<std::optional<LeafFacts>> shapeFacts, strideFacts, startFacts;
  IntTuple start;
  auto [shape, stride] = structureOf(
      k,
      [&] {
        auto [result, off] = cute();
        std::vector<Int> leaves;
        for (size_t j = 0; j < x.identityOffset.size(); ++j)
          leaves.push_back(layout::add(x.identityOffset[j], off[j].leaf()));
        // The facts are taken here: the scratch block's values die with it.
        start = factsOf(layout::unflatten(base, leaves), startFacts);
        return result;
      },
      shapeFacts, strideFacts);
  MValue p = make(coordinateView(k, x, base));
  auto type = mlir::cast<fly::CoordTensorType>(p.getType());
  Layout read = readPartitionLayout(k, p, type.getLayout().getLayout(), shape, stride, shapeFacts,
                                    strideFacts);
  IntTuple startRead = readLeaves(k, start, startFacts, type.getBase().getTuple(),
                                  [&] { return MValue(fly::GetIterOp::create(k.b, k.loc(), p)); });
  Entry e = x;
  e.paramIndex = -1;
  e.layout = read;
  e.rank = static_cast<int>(e.layout->rank());
  e.identityOffset.clear();
  layout::flattenInto(startRead, e.identityOffset);
  return k.newValue(std::move(e));
}

/// Thread `thr`'s part of identity or counting tensor x as FlyDSL's partition op on its
/// !fly.coord_tensor (`make(view, thr)` builds the op; flyCoordinateOp). Nothing where x has no
/// coordinate tensor or the thread is not one index.
std::optional<Value *> flyCoordinatePartition(Kernel::Impl &k, const Entry &x, const IntTuple &thr,
                                              const PartitionFragments &fragments,
                                              const PartitionPart &part,
                                              const std::function<MValue(MValue, MValue)> &make) {
  std::optional<IntTuple> base = coordinateBase(x);
  if (!base || !thr.isLeaf() || thr.leaf().isBasis())
    return std::nullopt;
  return flyCoordinateOp(
      k, x, *base,
      [&] {
        auto [crd, view] = fragments(*x.layout, thr);
        return std::pair(part(view, thr), LayoutOps{k}.offsetIn(x, crd, view, /*sliced=*/true));
      },
      [&](MValue view) { return make(view, flyTuple<fly::MakeIntTupleOp>(k, thr)); });
}

/// Tensor x as the FlyDSL op `make(view)` builds on x's Fly view (a partition, a slice): the
/// view of global, shared or register memory (swizzled only as a Fly pointer swizzles), or a
/// buffer tensor's (`buffer`). src/layout's answer on the builder's leaves, `cute()` run in a
/// scratch block, gives the result's structure and its dynamic leaves' facts, while the pointer
/// and the leaves' values come from the op, which fly-lower-to-llvm computes. `offset()` is the
/// builder's own offset of the result from x, for the tensors whose pointer the builder keeps.
Value *flyTensorOp(Kernel::Impl &k, const Entry &x, bool buffer,
                   const std::function<Layout()> &cute, const std::function<IntTuple()> &offset,
                   const std::function<MValue(MValue)> &make) {
  std::vector<std::optional<LeafFacts>> shapeFacts, strideFacts;
  auto [shape, stride] = structureOf(k, cute, shapeFacts, strideFacts);
  MValue p = make(buffer ? flyBufferView(k, x) : flyView(k, x, x.baseAlign));
  auto type = mlir::cast<fly::FlyMemRefType>(p.getType());
  Layout read = readPartitionLayout(k, p, type.getLayout().getLayout(), shape, stride, shapeFacts,
                                    strideFacts);
  if (x.swizzle || buffer) {
    // The builder keeps a swizzled tile's pointer at the swizzle's base and a buffer tensor's
    // offset from its resource: those offsets are computed here for the builder's own accesses
    // (dead where all go through the op's result: read back from the op's pointer, a swizzled
    // offset lost the structure the swizzle's arithmetic folds with, and sm_80's GEMM grew
    // from 1124 to 1809 lines of PTX).
    Value *h = LayoutOps{k}.tensorLike(x, read, offset());
    keepFlyValue(*k.get(h, "partition"), p);
    return h;
  }
  Entry e = x;
  e.paramIndex = -1;
  e.layout = read;
  e.rank = static_cast<int>(e.layout->rank());
  e.v = builderPointer(k, x, fly::GetIterOp::create(k.b, k.loc(), p));
  e.baseAlign = std::max<int64_t>(1, type.getAlignment());
  keepFlyValue(e, p);
  return k.newValue(std::move(e));
}

/// Thread `thr`'s part of tensor x as FlyDSL's partition op, which `make(view, thr)` builds,
/// where x has a Fly view (flyTensorOp) and the thread is one index. Nothing otherwise.
std::optional<Value *> flyPartition(Kernel::Impl &k, const Entry &x, const IntTuple &thr,
                                    const PartitionFragments &fragments, const PartitionPart &part,
                                    const std::function<MValue(MValue, MValue)> &make) {
  if (x.identity)
    return flyCoordinatePartition(k, x, thr, fragments, part, make);
  bool buffer = x.rsrc && flyBufferSide(k, x);
  if (!(buffer || flyViewable(x)) || !thr.isLeaf() || thr.leaf().isBasis())
    return std::nullopt;
  return flyTensorOp(
      k, x, buffer, [&] { return part(fragments(*x.layout, thr).second, thr); },
      [&] {
        auto [crd, view] = fragments(*x.layout, thr);
        return LayoutOps{k}.offsetIn(x, crd, view, /*sliced=*/true);
      },
      [&](MValue view) { return make(view, flyTuple<fly::MakeIntTupleOp>(k, thr)); });
}

} // namespace

namespace {
/// Thread thr's part of tensor x, built here: `fragments` gives x's (thread, ...) view and the
/// coordinate that selects thr in it; `part` slices that view.
Value *threadPart(Kernel::Impl &k, const Entry &x, const IntTuple &thr,
                  const PartitionFragments &fragments, const PartitionPart &part) {
  LayoutOps ops{k};
  std::optional<Layout> r;
  IntTuple offset(0);
  if (!k.algebra("partition", [&] {
        auto [crd, view] = fragments(*x.layout, thr);
        offset = ops.offsetIn(x, crd, view, /*sliced=*/true);
        r = part(view, thr);
      }))
    return nullptr;
  return ops.tensorLike(x, std::move(*r), offset);
}
} // namespace

Value *Kernel::partition(Value *ht, Value *hthr, Value *hx, bool src) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *tc = tiledCopyOf(k, ht);
  if (!tc)
    return nullptr;
  const TiledCopyInfo &info = *tc->tiled;
  LayoutOps ops{k};
  IntTuple thr;
  Entry *x = ops.tupleOrScalar(hthr, "thread index", thr) ? k.getTensor(hx, "tensor") : nullptr;
  if (!x)
    return nullptr;
  const CopyAtomInfo &atom = *info.atom;
  fly::TiledCopyType tiledType = flyTiledCopyType(k, info, x->dtype);
  PartitionFragments fragments = [&](const Layout &l, const IntTuple &thr) {
    return std::make_pair(layout::threadCoordinate(thr),
                          layout::threadFragments(l, info.tv, info.tile, atom.values));
  };
  PartitionPart part = [](const Layout &view, const IntTuple &thr) {
    return layout::threadPartition(view, thr);
  };
  std::optional<Value *> asFly;
  if (tiledType && !k.algebra("partition", [&] {
        asFly =
            flyPartition(k, *x, thr, fragments, part, [&](MValue view, MValue thread) -> MValue {
              MValue t = flyTiledCopy(k, tiledType);
              if (src)
                return fly::PartitionSrcOp::create(k.b, k.loc(), t, view, thread);
              return fly::PartitionDstOp::create(k.b, k.loc(), t, view, thread);
            });
      }))
    return nullptr;
  if (asFly)
    return *asFly;
  return threadPart(k, *x, thr, fragments, part);
}

//===-- Tiled MMAs -----------------------------------------------------------===//

Value *Kernel::tiledMma(const layout::TiledMma &tiled) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry e;
  e.kind = ValueKind::TiledMma;
  e.mma = std::make_shared<layout::TiledMma>(tiled);
  return k.newValue(std::move(e));
}

namespace {
mlir::Type flyMmaInstruction(mlir::MLIRContext *ctx, const layout::MmaAtom &atom, mlir::Type ab,
                             mlir::Type acc);
std::optional<DType> atomInputType(const std::string &t);

/// The tiled MMA as FlyDSL's !fly.tiled_mma, for a partition of `operand` (A, B or C) of a
/// tensor of `dtype`: where the dialect has the atom's instruction and the tiled MMA is
/// make_tiled_mma(atom, atom layout, permutation); null otherwise.
fly::TiledMmaType flyTiledMmaType(Kernel::Impl &k, const layout::TiledMma &t, int operand,
                                  DType dtype) {
  const layout::MmaAtom &atom = t.atom;
  mlir::Type acc =
      layout::accumulatorType(atom) == "i32" ? k.typeOf(DType::I32, 1) : k.typeOf(DType::F32, 1);
  mlir::Type inst;
  if (atom.scaleBlock != 0) {
    // A block-scaled atom names its operands' formats; their tensors hold codes (i8) or fp8.
    if (llvm::StringRef(atom.name).starts_with("v_mfma_scale_"))
      inst = fly_rocdl::MfmaScaleType::get(
          k.ctx(), atom.m, atom.n, atom.k, fly_rocdl::scaledFormatType(k.ctx(), atom.abType),
          fly_rocdl::scaledFormatType(k.ctx(), atom.bType), acc, 0, 0);
  } else {
    // A and B name their element type (fp8's two formats); C's comes from the atom.
    std::optional<DType> ab = atomInputType(atom.abType);
    bool fp8Atom = ab ? isFp8(*ab) : atom.abType == "fp8";
    if (operand < 2) {
      // Tensors of bytes that hold the codes of an fp8 atom's operands partition as they do.
      bool fp8Codes = fp8Atom && bitWidth(dtype) == 8;
      if (ab ? *ab != dtype && !fp8Codes : !fp8Codes)
        return {};
      if (!ab && isFp8(dtype))
        ab = dtype;
    }
    if (ab)
      inst = flyMmaInstruction(k.ctx(), atom, k.typeOf(*ab, 1), acc);
    // C's partition reads the atom's shape alone, which an fp8 atom has in either format, and
    // so do A's and B's of bytes: the first format the target's instruction takes stands in.
    for (DType f : {DType::F8E4M3FNUZ, DType::F8E4M3})
      if (!ab && !inst && fp8Atom)
        inst = flyMmaInstruction(k.ctx(), atom, k.typeOf(f, 1), acc);
  }
  if (!inst)
    return {};
  // thr_layout_vmnk is (ThrV, M, N, K) with the atom layout's strides times ThrV's size.
  const Layout &vmnk = t.thrLayoutVMNK;
  std::vector<Int> leaves;
  layout::flattenInto(vmnk.shape(), leaves);
  layout::flattenInto(vmnk.stride(), leaves);
  if (vmnk.rank() != 4 ||
      !std::all_of(leaves.begin(), leaves.end(), [](const Int &x) { return x.isStatic(); }))
    return {};
  int64_t threads = layout::staticSize(vmnk.mode(0));
  std::vector<IntTuple> shape, stride;
  for (size_t i = 1; i < 4; ++i) {
    const Layout m = vmnk.mode(i);
    if (!m.shape().isLeaf())
      return {};
    int64_t s = m.stride().leaf().value();
    if (s % threads != 0)
      return {};
    shape.push_back(m.shape());
    stride.push_back(IntTuple(s / threads));
  }
  Layout atomLayout =
      layout::makeUnchecked(IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride)));
  auto permutation = fly::TileType::get(k.ctx(), layout::Tiler::tuple(t.permutation));
  auto type = fly::TiledMmaType::getChecked([] { return mlir::InFlightDiagnostic(); }, k.ctx(),
                                            fly::MmaAtomType::get(k.ctx(), inst),
                                            fly::LayoutType::get(k.ctx(), atomLayout), permutation);
  if (!type || type.getTiledMma().thrLayoutVMNK.str() != vmnk.str() ||
      type.getAtom().getInstruction().getAtom().name != atom.name ||
      layout::Tiler::tuple(type.getTiledMma().permutation).str() != permutation.getText())
    return {};
  return type;
}

/// fly.make_tiled_mma of a fly.make_mma_atom, its atom layout and permutation, all in `type`.
MValue flyTiledMma(Kernel::Impl &k, fly::TiledMmaType type) {
  MValue atom = fly::MakeMmaAtomOp::create(k.b, k.loc(), type.getAtom());
  return fly::MakeTiledMmaOp::create(
      k.b, k.loc(), atom, fly::StaticOp::create(k.b, k.loc(), type.getAtomLayout()),
      type.getPermutation() == fly::TiledMmaType::getDefaultPermutation(k.ctx())
          ? MValue()
          : MValue(fly::StaticOp::create(k.b, k.loc(), type.getPermutation())));
}
} // namespace

Value *Kernel::mmaPartition(Value *ht, int operand, Value *hthr, Value *hx) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *tm = tiledMmaOf(k, ht);
  if (!tm)
    return nullptr;
  if (operand < 0 || operand > 4) {
    k.fail("an MMA operand is A (0), B (1), C (2), SFA (3) or SFB (4), not " +
           std::to_string(operand));
    return nullptr;
  }
  if (operand > 2 && tm->mma->atom.scaleBlock == 0) {
    k.fail("only scaled atoms have scale operands (SFA, SFB); " + tm->mma->atom.name + " has none");
    return nullptr;
  }
  auto which = static_cast<layout::MmaOperand>(operand);
  LayoutOps ops{k};
  IntTuple thr;
  Entry *x = ops.tupleOrScalar(hthr, "thread index", thr) ? k.getTensor(hx, "tensor") : nullptr;
  if (!x)
    return nullptr;
  PartitionFragments fragments = [&](const Layout &l, const IntTuple &thr) {
    return std::make_pair(IntTuple{thr, IntTuple::underscore()},
                          layout::threadFragmentsMma(*tm->mma, which, l));
  };
  PartitionPart part = layout::partitionByThread;
  // A coordinate tensor's partition depends on the atom alone: its operands' type stands in.
  DType dtype = x->dtype;
  if (x->identity && operand < 2)
    dtype = atomInputType(tm->mma->atom.abType).value_or(x->dtype);
  std::optional<Value *> asFly;
  if (fly::TiledMmaType type =
          operand <= 2 ? flyTiledMmaType(k, *tm->mma, operand, dtype) : fly::TiledMmaType();
      type && !k.algebra("partition", [&] {
        asFly =
            flyPartition(k, *x, thr, fragments, part, [&](MValue view, MValue thread) -> MValue {
              return fly::TiledMmaPartitionOp::create(k.b, k.loc(), k.b.getI32IntegerAttr(operand),
                                                      flyTiledMma(k, type), view, thread);
            });
      }))
    return nullptr;
  if (asFly)
    return *asFly;
  return threadPart(k, *x, thr, fragments, part);
}

namespace {
/// The A/B dtype of an atom's operands.
std::optional<DType> atomInputType(const std::string &t) {
  if (t == "f32")
    return DType::F32;
  if (t == "f16")
    return DType::F16;
  if (t == "bf16")
    return DType::BF16;
  if (t == "i8")
    return DType::I8;
  if (t == "i4")
    return DType::I4;
  return std::nullopt; // fp8: either format
}
} // namespace

namespace {
bool isWgmma(const layout::MmaAtom &atom) { return atom.name.rfind("wgmma.", 0) == 0; }

/// The descriptor of atom slice (i, kk) of a wgmma operand: the shared-memory partition `t`,
/// (values, rest rows, rest K), whose values are the atom's rows x 16 K (row + rows * k).
/// Bits 14..63 are static (the canonical layout the partition's offsets match); the start
/// address is the element's shared-memory address.
MValue wgmmaDescriptor(Kernel::Impl &k, Entry &t, int64_t rows, int64_t i, int64_t kk,
                       const char *what, bool &mnMajor) {
  int eb = bitWidth(t.dtype) / 8;
  int swizzleBits = 0;
  if (t.swizzle) {
    // The hardware swizzles byte addresses: Swizzle<b, 4, 3>, b = 1..3, in bytes.
    const layout::Swizzle &sw = *t.swizzle;
    int byteBase = sw.base() + (eb == 2 ? 1 : eb == 4 ? 2 : 0);
    if (sw.shift() != 3 || byteBase != 4 || sw.bits() < 1 || sw.bits() > 3) {
      k.fail(std::string("gemm: wgmma's ") + what + " swizzle " + sw.str() +
             " is none of the 32, 64 and 128-byte swizzles (Swizzle<1..3, 4, 3> on bytes)");
      return {};
    }
    swizzleBits = sw.bits();
  }
  Int first(0);
  std::optional<layout::WgmmaOperandLayout> canonical;
  bool dynamicOffsets = false;
  IntTuple at{IntTuple::underscore(), i, kk};
  k.algebra("gemm", [&] {
    auto [slice, offset] = layout::sliceAndOffset(at, *t.layout);
    first = offset.leaf();
    canonical = layout::matchWgmmaSlice(slice, rows, eb, swizzleBits, &dynamicOffsets);
  });
  if (!canonical) {
    if (k.error.empty())
      k.fail(std::string("gemm: wgmma reads ") + what +
             " from shared memory in a canonical K-major or (16-bit) MN-major layout (8 x 16-byte "
             "core matrices, or 32/64/128-byte rows under the matching swizzle); " +
             (dynamicOffsets ? "its offsets are not static: " : "got ") + t.layout->str() +
             (t.swizzle ? " swizzled by " + t.swizzle->str() : ""));
    return {};
  }
  mnMajor = canonical->mnMajor;
  // The swizzle is anchored at the tensor's base: the hardware's at absolute addresses.
  int64_t period = canonical->swizzleBytes * 8;
  if (canonical->swizzleBytes && t.baseAlign < period) {
    k.fail(std::string("gemm: wgmma's ") + what + " needs its " +
           std::to_string(canonical->swizzleBytes) + "-byte swizzled tile aligned to " +
           std::to_string(period) + " bytes, got " + std::to_string(t.baseAlign));
    return {};
  }
  // FlyNVVM's wgmma takes the slice itself where the tile has a Fly view: fly-lower-to-llvm
  // makes its descriptor.
  if (flyViewable(t))
    return fly::SliceOp::create(k.b, k.loc(), flyView(k, t), flyTuple<fly::MakeIntTupleOp>(k, at));
  auto i64 = k.b.getI64Type();
  auto c64 = [&](uint64_t v) -> MValue {
    return mlir::arith::ConstantOp::create(k.b, k.loc(), i64, k.b.getI64IntegerAttr(int64_t(v)));
  };
  MValue element = mlir::LLVM::GEPOp::create(
      k.b, k.loc(), t.v.getType(), k.memType(t.dtype), t.v,
      mlir::ValueRange{k.materialize(layout::add(t.swizzleOffset, first))});
  MValue address = mlir::LLVM::PtrToIntOp::create(k.b, k.loc(), i64, element);
  MValue start = mlir::arith::AndIOp::create(
      k.b, k.loc(), mlir::arith::ShRUIOp::create(k.b, k.loc(), address, c64(4)), c64(0x3fff));
  return mlir::arith::OrIOp::create(k.b, k.loc(), start,
                                    c64(layout::wgmmaDescriptorBits(*canonical)));
}

/// The (rest M, rest N, rest K) of gemm's operands, partitions of the tiled MMA as (values,
/// rest, rest); nullopt after a kernel error when they are not, or do not agree.
std::optional<std::array<int64_t, 3>> gemmExtents(Kernel::Impl &k, const layout::MmaAtom &atom,
                                                  Entry &d, Entry &a, Entry &b, Entry &c) {
  auto extents = [&](const Entry &t, const char *what, const Layout &tv) -> std::vector<int64_t> {
    int64_t values = staticSize(tv.mode(1));
    std::vector<int64_t> out;
    if (t.layout->rank() == 3)
      for (size_t i = 0; i < 3; ++i)
        out.push_back(staticSize(t.layout->mode(i)));
    if (out.size() != 3 || out[0] != values) {
      k.fail(std::string("gemm: ") + what + " must be a partition of the tiled MMA (" +
             std::to_string(values) + " values, rest, rest), got " + t.layout->str());
      return {};
    }
    return out;
  };
  auto ed = extents(d, "d", atom.layoutC), ea = extents(a, "a", atom.layoutA),
       eb = extents(b, "b", atom.layoutB), ec = extents(c, "c", atom.layoutC);
  if (ed.empty() || ea.empty() || eb.empty() || ec.empty())
    return std::nullopt;
  int64_t M = ec[1], N = ec[2], K = ea[2];
  if (ed != ec || ea[1] != M || eb[1] != N || eb[2] != K) {
    k.fail("gemm: operands of mismatched shapes: d " + d.layout->str() + ", a " + a.layout->str() +
           ", b " + b.layout->str() + ", c " + c.layout->str());
    return std::nullopt;
  }
  return std::array<int64_t, 3>{M, N, K};
}

/// Element (v, i, j) of an MMA fragment, read or written as Fly ops (Impl::elementLoad).
MValue fragmentElement(Kernel::Impl &k, Entry &t, int64_t v, int64_t i, int64_t j) {
  return k.elementLoad(t, layout::evaluate(*t.layout, IntTuple{v, i, j}).leaf(), 1);
}
void setFragmentElement(Kernel::Impl &k, MValue x, Entry &t, int64_t v, int64_t i, int64_t j) {
  k.elementStore(x, t, layout::evaluate(*t.layout, IntTuple{v, i, j}).leaf(), 1);
}

/// Fragment slice (values, i, j) as one value: a scalar for one value, else a vector.
MValue fragmentSlice(Kernel::Impl &k, Entry &t, int64_t values, int64_t i, int64_t j) {
  if (values == 1)
    return fragmentElement(k, t, 0, i, j);
  mlir::Type vt = k.memType(t.dtype, int(values)); // fp8 lanes as i8 bits
  MValue vec = mlir::LLVM::UndefOp::create(k.b, k.loc(), vt);
  for (int64_t v = 0; v < values; ++v)
    vec = mlir::LLVM::InsertElementOp::create(k.b, k.loc(), vt, vec,
                                              k.toMem(fragmentElement(k, t, v, i, j), t.dtype, 1),
                                              k.constantOf(DType::I32, double(v)));
  return k.fromMem(vec, t.dtype, int(values));
}

/// The Fly instruction type of a synchronous atom on A/B values of `ab` and accumulators of
/// `acc` (Fly's universal FMA, FlyROCDL's MFMA and gfx12 WMMA, FlyNVVM's mma.sync), where the
/// Fly dialect has one that is exactly this atom; null otherwise.
mlir::Type flyMmaInstruction(mlir::MLIRContext *ctx, const layout::MmaAtom &atom, mlir::Type ab,
                             mlir::Type acc) {
  llvm::StringRef name = atom.name;
  if (atom.m == 1 && atom.n == 1 && atom.k == 1) // the builder checked one type for all
    return ab.getIntOrFloatBitWidth() >= 8 ? fly::UniversalFmaType::get(ctx, ab) : mlir::Type();
  mlir::Type t;
  if (name.starts_with("v_mfma_") && atom.scaleBlock == 0 && fly::mmaAbTypeName(ab))
    t = fly_rocdl::MfmaType::get(ctx, atom.m, atom.n, atom.k, ab, ab, acc);
  else if (((name == "v_wmma_i32_16x16x16_iu8" && ab.isInteger(8)) ||
            (name == "v_wmma_i32_16x16x16_iu4" && ab.isInteger(4))) &&
           acc.isInteger(32))
    t = fly_rocdl::Gfx11WmmaType::get(ctx, atom.m, atom.n, atom.k, ab, ab, acc, atom.signedA,
                                      atom.signedB, atom.clamp);
  else if (name.starts_with("v_wmma_") && (ab.isF16() || ab.isBF16()) && acc.isF32())
    // RDNA3's and RDNA4's WMMA share their names; the lanes' values tell them apart
    t = layout::staticSize(atom.layoutA.mode(1)) == 16
            ? mlir::Type(fly_rocdl::Gfx11WmmaType::get(ctx, atom.m, atom.n, atom.k, ab, ab, acc,
                                                       false, false, false))
            : mlir::Type(fly_rocdl::Gfx120xWmmaType::get(ctx, atom.m, atom.n, atom.k, ab, ab, acc,
                                                         false, false, false));
  else if (name.starts_with("mma.sync.") && acc.isF32() &&
           (ab.isF16() || ab.isBF16() ||
            mlir::isa<mlir::Float8E4M3FNType, mlir::Float8E5M2Type>(ab)))
    t = fly_nvvm::MmaSyncType::get(ctx, atom.m, atom.n, atom.k, ab, ab, acc);
  // A partition's wgmma: the operands' majors change the descriptors each call reads, not
  // which lane holds which value, so the atom's K-major form stands for both.
  else if (name.starts_with("wgmma.") && acc.isF32() &&
           (ab.isF16() || ab.isBF16() ||
            mlir::isa<mlir::Float8E4M3FNType, mlir::Float8E5M2Type>(ab)))
    t = fly_nvvm::WgmmaType::get(ctx, atom.m, atom.n, atom.k, ab, ab, acc, false, false);
  if (!t)
    return {};
  layout::MmaAtom flyAtom = mlir::cast<fly::MmaOpTypeInterface>(t).getAtom();
  if (flyAtom.name != atom.name || flyAtom.layoutA != atom.layoutA)
    return {};
  return t;
}

/// The private declaration of atom or helper `name` in the GPU module, made once.
void declareCallee(Kernel::Impl &k, const std::string &name, mlir::FunctionType type) {
  if (k.mod->gpuModule.lookupSymbol(name))
    return;
  mlir::OpBuilder mb(k.ctx());
  mb.setInsertionPointToStart(k.mod->gpuModule.getBody());
  mlir::func::FuncOp::create(mb, k.loc(), name, type).setPrivate();
}

/// The calls of one synchronous atom on a lane's A, B and C values (vectors of the atom's value
/// counts): FlyDSL's fly.mma_atom_call_ssa of the atom where the dialect has its instruction,
/// else a call of the atom's function, which each target lowers to its instruction or emulates.
struct AtomCaller {
  const layout::MmaAtom *atom;
  MValue flyAtom;
  std::string callee;
  mlir::Type result;

  /// Fails (saying so for `what`) where an atom of universal FMA is asked of sub-byte values.
  static std::optional<AtomCaller> make(Kernel::Impl &k, const layout::MmaAtom &atom, DType ab,
                                        DType acc, const std::string &what) {
    AtomCaller c{&atom,
                 {},
                 std::string(kMmaFnPrefix) + atom.name,
                 k.typeOf(acc, int(layout::staticSize(atom.layoutC.mode(1))))};
    if (mlir::Type inst = flyMmaInstruction(k.ctx(), atom, k.typeOf(ab, 1), k.typeOf(acc, 1))) {
      c.flyAtom = fly::MakeMmaAtomOp::create(k.b, k.loc(), fly::MmaAtomType::get(k.ctx(), inst));
    } else if (atom.m == 1 && atom.n == 1 && atom.k == 1) {
      k.fail(what + " computes on integers or floats of 8 bits or more, not " + dtypeName(ab));
      return std::nullopt;
    } else {
      auto values = [&](const Layout &tv) { return int(layout::staticSize(tv.mode(1))); };
      declareCallee(k, c.callee,
                    k.b.getFunctionType({k.typeOf(ab, values(atom.layoutA)),
                                         k.typeOf(ab, values(atom.layoutB)), c.result},
                                        {c.result}));
    }
    return c;
  }

  MValue call(Kernel::Impl &k, MValue a, MValue b, MValue acc) const {
    if (flyAtom)
      return fly::MmaAtomCallSsaOp::create(k.b, k.loc(), mlir::TypeRange{result}, flyAtom, MValue(),
                                           a, b, acc)
          .getResult(0);
    auto call = mlir::func::CallOp::create(k.b, k.loc(), callee, mlir::TypeRange{result},
                                           mlir::ValueRange{a, b, acc});
    // What a target that emulates the atom needs: its shape, lanes and operand layouts.
    call->setAttr(kMmaShapeAttr, k.b.getDenseI64ArrayAttr(
                                     {atom->m, atom->n, atom->k, layout::staticSize(atom->thrID)}));
    call->setAttr(kMmaLayoutsAttr, k.b.getStrArrayAttr({atom->layoutA.str(), atom->layoutB.str(),
                                                        atom->layoutC.str()}));
    if (!atom->signedA || !atom->signedB || atom->clamp)
      call->setAttr(kMmaIntegerAttr,
                    k.b.getDenseBoolArrayAttr({atom->signedA, atom->signedB, atom->clamp}));
    return call.getResult(0);
  }
};

/// d's fragment slices (values, m, n) from the accumulator vectors, n-major as gemm keeps them.
void storeAccumulators(Kernel::Impl &k, const std::vector<MValue> &accs, Entry &d, int64_t M,
                       int64_t N, int64_t values) {
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t v = 0; v < values; ++v)
        setFragmentElement(
            k,
            mlir::LLVM::ExtractElementOp::create(k.b, k.loc(), accs[size_t(n * M + m)],
                                                 k.constantOf(DType::I32, double(v))),
            d, v, m, n);
}

/// gemm with a wgmma atom: A and B are shared-memory partitions read through descriptors, the
/// accumulators are the thread's registers. The warpgroup fences its registers, issues every
/// atom and commits them; with `wait` it waits for them, so d holds the result when gemm
/// returns.
void gemmWgmma(Kernel::Impl &k, const layout::MmaAtom &atom, Entry &d, Entry &a, Entry &b, Entry &c,
               bool wait) {
  int64_t vc = staticSize(atom.layoutC.mode(1));
  auto mnk = gemmExtents(k, atom, d, a, b, c);
  if (!mnk)
    return;
  auto [M, N, K] = *mnk;
  // An fp8 atom takes either OCP kind (the instruction is named after the operands').
  DType input = atom.abType == "bf16" ? DType::BF16
                : atom.abType == "fp8" && (a.dtype == DType::F8E4M3 || a.dtype == DType::F8E5M2)
                    ? a.dtype
                : atom.abType == "fp8" ? DType::F8E4M3
                                       : DType::F16;
  if (a.dtype != input || b.dtype != input || c.dtype != DType::F32 || d.dtype != DType::F32) {
    k.fail("gemm with " + atom.name + " takes " +
           (atom.abType == "fp8" ? std::string("f8e4m3 or f8e5m2 (both alike)") : atom.abType) +
           " a and b and f32 c and d, got " + dtypeName(a.dtype) + ", " + dtypeName(b.dtype) +
           ", " + dtypeName(c.dtype) + ", " + dtypeName(d.dtype));
    return;
  }
  std::vector<MValue> descA, descB;
  std::vector<char> mnA, mnB; // whether each slice is M/N-major (the instruction's transpose)
  for (int64_t kk = 0; kk < K; ++kk) {
    bool mn = false;
    for (int64_t m = 0; m < M; ++m) {
      if (!descA.emplace_back(wgmmaDescriptor(k, a, atom.m, m, kk, "A", mn)))
        return;
      mnA.push_back(mn);
    }
    for (int64_t n = 0; n < N; ++n) {
      if (!descB.emplace_back(wgmmaDescriptor(k, b, atom.n, n, kk, "B", mn)))
        return;
      mnB.push_back(mn);
    }
  }
  // FlyNVVM's wgmma atom, one for each pair of operand majors the slices have
  std::map<std::pair<bool, bool>, MValue> flyAtoms;
  auto flyAtom = [&](bool mnA, bool mnB) {
    MValue &a = flyAtoms[{mnA, mnB}];
    if (!a) {
      mlir::Type ab = mlirType(k.ctx(), input);
      auto inst = fly_nvvm::WgmmaType::get(k.ctx(), atom.m, atom.n, atom.k, ab, ab,
                                           k.b.getF32Type(), mnA, mnB);
      a = fly::MakeMmaAtomOp::create(k.b, k.loc(), fly::MmaAtomType::get(k.ctx(), inst));
    }
    return a;
  };
  mlir::Type tc = k.typeOf(DType::F32, int(vc));
  std::vector<MValue> accs;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m) {
      MValue vec = mlir::LLVM::UndefOp::create(k.b, k.loc(), tc);
      for (int64_t v = 0; v < vc; ++v)
        vec = mlir::LLVM::InsertElementOp::create(k.b, k.loc(), tc, vec,
                                                  fragmentElement(k, c, v, m, n),
                                                  k.constantOf(DType::I32, double(v)));
      accs.push_back(vec);
    }
  fly_nvvm::WgmmaFenceOp::create(k.b, k.loc());
  for (int64_t kk = 0; kk < K; ++kk)
    for (int64_t n = 0; n < N; ++n)
      for (int64_t m = 0; m < M; ++m) {
        MValue &x = accs[size_t(n * M + m)];
        size_t ia = size_t(kk * M + m), ib = size_t(kk * N + n);
        x = fly::MmaAtomCallSsaOp::create(k.b, k.loc(), mlir::TypeRange{tc},
                                          flyAtom(mnA[ia], mnB[ib]), MValue(), descA[ia], descB[ib],
                                          x)
                .getResult(0);
      }
  fly_nvvm::WgmmaCommitOp::create(k.b, k.loc());
  if (wait) {
    auto settled = fly_nvvm::WgmmaWaitOp::create(k.b, k.loc(), mlir::ValueRange(accs),
                                                 k.b.getI32IntegerAttr(0));
    for (size_t i = 0; i < accs.size(); ++i)
      accs[i] = settled.getResult(i);
  }
  storeAccumulators(k, accs, d, M, N, vc);
}
} // namespace

namespace {
/// gemm with a scaled atom: A and B hold one code per byte (or fp8 values of the format), the
/// scale fragments one E8M0 byte per (rest, rest K) of the thread's scale partitions. Without
/// scale fragments the atom keeps its default state, FlyDSL's scales of 0, which the compiler
/// makes the unscaled instruction (v_mfma_f32_16x16x128_f8f6f4): plain products.
void gemmScaled(Kernel::Impl &k, const layout::MmaAtom &atom, Entry &d, Entry &a, Entry &b,
                Entry &c, Value *hsa, Value *hsb) {
  auto mnk = gemmExtents(k, atom, d, a, b, c);
  if (!mnk)
    return;
  Entry *sa = nullptr, *sb = nullptr;
  if (hsa) {
    sa = registerTensor(k, hsa);
    sb = sa ? registerTensor(k, hsb) : nullptr;
    if (!sb)
      return;
  }
  auto [M, N, K] = *mnk;
  auto takes = [](const std::string &format, DType t) {
    return t == DType::I8 || (format == "e4m3" && t == DType::F8E4M3) ||
           (format == "e5m2" && t == DType::F8E5M2);
  };
  if (!takes(atom.abType, a.dtype) || !takes(atom.bType, b.dtype) || c.dtype != DType::F32 ||
      d.dtype != DType::F32 || (sa && (sa->dtype != DType::I8 || sb->dtype != DType::I8))) {
    k.fail("gemm with " + atom.name + " takes " + atom.abType + " a and " + atom.bType +
           " b (i8 codes, or that fp8 dtype), f32 c and d and i8 scales, got " +
           dtypeName(a.dtype) + ", " + dtypeName(b.dtype) + ", " + dtypeName(c.dtype) + ", " +
           dtypeName(d.dtype) +
           (sa ? std::string(", ") + dtypeName(sa->dtype) + ", " + dtypeName(sb->dtype) : ""));
    return;
  }
  for (auto [s, rows, what] : {std::tuple{sa, M, "scale_a"}, std::tuple{sb, N, "scale_b"}}) {
    if (!s)
      continue;
    const Layout &l = *s->layout;
    if (l.rank() != 3 || staticSize(l.mode(0)) != 1 || staticSize(l.mode(1)) != rows ||
        staticSize(l.mode(2)) != K) {
      k.fail(std::string("gemm: ") + what + " must be a fragment of the scales' partition (1, " +
             std::to_string(rows) + ", " + std::to_string(K) + "), got " + l.str());
      return;
    }
  }
  int64_t va = staticSize(atom.layoutA.mode(1)), vb = staticSize(atom.layoutB.mode(1)),
          vc = staticSize(atom.layoutC.mode(1));
  // FlyROCDL's scaled MFMA, its scales the atom's state: set before each call.
  auto inst = fly_rocdl::MfmaScaleType::get(
      k.ctx(), atom.m, atom.n, atom.k, fly_rocdl::scaledFormatType(k.ctx(), atom.abType),
      fly_rocdl::scaledFormatType(k.ctx(), atom.bType), k.b.getF32Type(), 0, 0);
  MValue flyAtom = fly::MakeMmaAtomOp::create(k.b, k.loc(), fly::MmaAtomType::get(k.ctx(), inst));
  mlir::Type i32 = k.b.getI32Type(), tc = k.typeOf(DType::F32, int(vc));
  auto scale = [&](Entry &s, int64_t i, int64_t kk) -> MValue {
    return mlir::arith::ExtUIOp::create(k.b, k.loc(), i32, fragmentElement(k, s, 0, i, kk));
  };
  std::vector<MValue> accs;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      accs.push_back(fragmentSlice(k, c, vc, m, n));
  for (int64_t kk = 0; kk < K; ++kk) {
    std::vector<MValue> as, bs, sas, sbs;
    for (int64_t m = 0; m < M; ++m) {
      as.push_back(fragmentSlice(k, a, va, m, kk));
      if (sa)
        sas.push_back(scale(*sa, m, kk));
    }
    for (int64_t n = 0; n < N; ++n) {
      bs.push_back(fragmentSlice(k, b, vb, n, kk));
      if (sb)
        sbs.push_back(scale(*sb, n, kk));
    }
    for (int64_t n = 0; n < N; ++n)
      for (int64_t m = 0; m < M; ++m) {
        MValue &x = accs[size_t(n * M + m)];
        MValue scaled = flyAtom;
        if (sa) {
          scaled = fly::AtomSetValueOp::create(k.b, k.loc(), flyAtom, "scale_a", sas[size_t(m)]);
          scaled = fly::AtomSetValueOp::create(k.b, k.loc(), scaled, "scale_b", sbs[size_t(n)]);
        }
        x = fly::MmaAtomCallSsaOp::create(k.b, k.loc(), mlir::TypeRange{tc}, scaled, MValue(),
                                          as[size_t(m)], bs[size_t(n)], x)
                .getResult(0);
      }
  }
  storeAccumulators(k, accs, d, M, N, vc);
}
} // namespace

/// CuTe's gemm over fewer modes: (V) x (V) => (V), (V,M) x (V,N) => (V,M,N). Each operand as
/// (values, rest, rest), a missing mode of extent one.
Entry asGemmOperand(const Entry &t) {
  Entry out = t;
  if (t.layout && t.layout->rank() < 3) {
    Layout l = *t.layout;
    while (l.rank() < 3)
      l = layout::append(l, layout::makeLayout(IntTuple(1), IntTuple(0)));
    out.layout = l;
    out.rank = 3;
  }
  return out;
}

void Kernel::gemm(Value *ht, Value *hd, Value *ha, Value *hb, Value *hc, bool wait, Value *hsa,
                  Value *hsb, const GemmTraversal &traversal) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *tm = tiledMmaOf(k, ht);
  if (!tm)
    return;
  const layout::MmaAtom &atom = tm->mma->atom;
  bool scaled = atom.scaleBlock > 0;
  if ((traversal.order != -1 || traversal.layout) && (scaled || isWgmma(atom))) {
    k.fail("a gemm traversal order is for synchronous, unscaled atoms, not " + atom.name);
    return;
  }
  if ((hsa != nullptr) != (hsb != nullptr) || (!scaled && hsa)) {
    k.fail(scaled ? "gemm with " + atom.name + " takes the scales of both A and B, or neither"
                  : "gemm with scales takes a scaled atom; " + atom.name + " has no scales");
    return;
  }
  if (isWgmma(atom)) {
    Entry *d = registerTensor(k, hd), *c = d ? registerTensor(k, hc) : nullptr;
    Entry *a = c ? k.getTensor(ha, "a") : nullptr, *b = a ? k.getTensor(hb, "b") : nullptr;
    if (!b)
      return;
    if (a->addrSpace != 3 || b->addrSpace != 3 || a->identity || b->identity) {
      k.fail("gemm with " + atom.name +
             " reads a and b from shared memory: pass partition_A/B of shared-memory tensors");
      return;
    }
    Entry od = asGemmOperand(*d), oa = asGemmOperand(*a), ob = asGemmOperand(*b),
          oc = asGemmOperand(*c);
    gemmWgmma(k, atom, od, oa, ob, oc, wait);
    return;
  }
  if (!wait) {
    k.fail("gemm without waiting takes a wgmma atom; " + atom.name + " is synchronous");
    return;
  }
  // A scaled atom's codes held as i32 words (FlyDSL's fp8 GEMMs pass a lane's 32 fp8 values as
  // eight i32): their bytes, one code each.
  for (Value **h : {&ha, &hb})
    if (Entry *t = scaled ? k.getTensor(*h, "a or b") : nullptr; t && t->dtype == DType::I32)
      if (!(*h = recastTensor(*h, DType::I8)))
        return;
  Entry *d = registerTensor(k, hd), *a = d ? registerTensor(k, ha) : nullptr;
  Entry *b = a ? registerTensor(k, hb) : nullptr, *c = b ? registerTensor(k, hc) : nullptr;
  if (!c)
    return;
  Entry od = asGemmOperand(*d), oa = asGemmOperand(*a), ob = asGemmOperand(*b),
        oc = asGemmOperand(*c);
  d = &od, a = &oa, b = &ob, c = &oc;
  if (scaled) {
    gemmScaled(k, atom, *d, *a, *b, *c, hsa, hsb);
    return;
  }
  bool fma = atom.m == 1 && atom.n == 1 && atom.k == 1;
  int64_t va = layout::staticSize(atom.layoutA.mode(1)),
          vb = layout::staticSize(atom.layoutB.mode(1)),
          vc = layout::staticSize(atom.layoutC.mode(1));
  auto mnk = gemmExtents(k, atom, *d, *a, *b, *c);
  if (!mnk)
    return;
  auto [M, N, K] = *mnk;
  auto input = atomInputType(atom.abType);
  bool fp8 = atom.abType == "fp8" && isFp8(a->dtype);
  DType acc = layout::accumulatorType(atom) == "i32" ? DType::I32 : DType::F32;
  bool typesOk = a->dtype == b->dtype && c->dtype == d->dtype &&
                 (fma ? a->dtype == c->dtype : (fp8 || a->dtype == input) && c->dtype == acc);
  if (!typesOk) {
    k.fail("gemm with " + atom.name + " takes " +
           (fma ? std::string("one dtype for a, b, c and d")
                : atom.abType + " a and b and " + dtypeName(acc) + " c and d") +
           ", got " + dtypeName(a->dtype) + ", " + dtypeName(b->dtype) + ", " +
           dtypeName(c->dtype) + ", " + dtypeName(d->dtype));
    return;
  }
  // FlyDSL's fly.gemm where the dialect has the tiled MMA and the fragments have Fly views:
  // fly-layout-lowering makes its atom calls, in the builder's order (mnk unless told).
  if (fly::TiledMmaType type = flyTiledMmaType(k, *tm->mma, 0, a->dtype);
      type && flyViewable(*d) && flyViewable(*a) && flyViewable(*b) && flyViewable(*c)) {
    MValue tiled = flyTiledMma(k, type);
    fly::GemmTraversalOrderAttr order;
    MValue byLayout;
    if (traversal.layout)
      byLayout =
          fly::StaticOp::create(k.b, k.loc(), fly::LayoutType::get(k.ctx(), *traversal.layout));
    else
      order = fly::GemmTraversalOrderAttr::get(
          k.ctx(), fly::GemmTraversalOrder(traversal.order == -1 ? int(layout::GemmOrder::Mnk)
                                                                 : traversal.order));
    fly::GemmOp::create(k.b, k.loc(), tiled, flyView(k, *d), flyView(k, *a), flyView(k, *b),
                        flyView(k, *c), order, byLayout);
    return;
  }
  std::optional<AtomCaller> caller =
      AtomCaller::make(k, atom, a->dtype, c->dtype, "gemm with " + atom.name);
  if (!caller)
    return;
  std::vector<std::array<int64_t, 3>> calls;
  if (!k.algebra("gemm traversal", [&] {
        calls = traversal.layout ? layout::gemmTraversal(M, N, K, *traversal.layout)
                : traversal.order == -1
                    ? layout::gemmTraversal(M, N, K, layout::GemmOrder::Mnk)
                    : layout::gemmTraversal(M, N, K, layout::GemmOrder(traversal.order));
      }))
    return;
  std::vector<MValue> accs;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      accs.push_back(fragmentSlice(k, *c, vc, m, n));
  // A K block's A and B values are read once, all of them, before its first call.
  std::map<int64_t, std::pair<std::vector<MValue>, std::vector<MValue>>> blocks;
  for (auto [m, n, kk] : calls) {
    auto [it, first] = blocks.try_emplace(kk);
    auto &[as, bs] = it->second;
    for (int64_t i = 0; first && i < M; ++i)
      as.push_back(fragmentSlice(k, *a, va, i, kk));
    for (int64_t i = 0; first && i < N; ++i)
      bs.push_back(fragmentSlice(k, *b, vb, i, kk));
    MValue &x = accs[size_t(n * M + m)];
    x = caller->call(k, as[size_t(m)], bs[size_t(n)], x);
  }
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m) {
      MValue x = accs[size_t(n * M + m)];
      for (int64_t v = 0; v < vc; ++v) {
        MValue e = vc == 1 ? x
                           : MValue(mlir::LLVM::ExtractElementOp::create(
                                 k.b, k.loc(), x, k.constantOf(DType::I32, double(v))));
        setFragmentElement(k, e, *d, v, m, n);
      }
    }
}

Value *Kernel::mmaAtomCall(Value *ht, Value *ha, Value *hb, Value *hc) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *tm = tiledMmaOf(k, ht);
  if (!tm)
    return nullptr;
  const layout::MmaAtom &atom = tm->mma->atom;
  if (atom.scaleBlock > 0 || isWgmma(atom)) {
    k.fail("an atom call on values takes a synchronous, unscaled atom; " + atom.name +
           " is called by gemm");
    return nullptr;
  }
  Entry *a = k.getValue(ha, "a"), *b = a ? k.getValue(hb, "b") : nullptr;
  Entry *c = b ? k.getValue(hc, "c") : nullptr;
  if (!c)
    return nullptr;
  auto values = [](const Layout &tv) { return layout::staticSize(tv.mode(1)); };
  std::optional<DType> input = atomInputType(atom.abType);
  DType acc = atom.m == 1 && atom.n == 1 && atom.k == 1 ? a->dtype
              : layout::accumulatorType(atom) == "i32"  ? DType::I32
                                                        : DType::F32;
  auto fits = [&](const Entry &x, std::optional<DType> want, int64_t lanes) {
    bool type = want ? x.dtype == *want : isFp8(x.dtype);
    return type && x.lanes == lanes;
  };
  if (!fits(*a, input, values(atom.layoutA)) || !fits(*b, input, values(atom.layoutB)) ||
      a->dtype != b->dtype || !fits(*c, acc, values(atom.layoutC))) {
    k.fail("an atom call of " + atom.name + " takes " + std::to_string(values(atom.layoutA)) +
           " and " + std::to_string(values(atom.layoutB)) + " values of " +
           (input ? dtypeName(*input) : "one fp8 type") + " and " +
           std::to_string(values(atom.layoutC)) + " of " + dtypeName(acc) + ", got " +
           Impl::describe(*a) + ", " + Impl::describe(*b) + " and " + Impl::describe(*c));
    return nullptr;
  }
  std::optional<AtomCaller> caller =
      AtomCaller::make(k, atom, a->dtype, acc, "an atom call of " + atom.name);
  if (!caller)
    return nullptr;
  return k.scalar(caller->call(k, a->v, b->v, c->v), acc);
}

void Kernel::mmaLoad(Value *ht, int operand, Value *hthr, Value *hs, Value *hf) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *tm = tiledMmaOf(k, ht);
  if (!tm)
    return;
  if (operand != 0 && operand != 1) {
    k.fail("mma_load loads operand A (0) or B (1), not " + std::to_string(operand));
    return;
  }
  Entry *s = k.getTensor(hs, "mma_load source");
  Entry *f = s ? registerTensor(k, hf) : nullptr;
  Entry *thrEntry = f ? k.getScalar(hthr, "thread index") : nullptr;
  if (!thrEntry)
    return;
  if (s->addrSpace != 3 || s->identity || s->rsrc) {
    k.fail("mma_load reads a shared-memory tensor");
    return;
  }
  Value *hp = mmaPartition(ht, operand, hthr, hs);
  Entry *p = hp ? k.getTensor(hp, "partition") : nullptr;
  if (!p)
    return;
  const layout::MmaAtom &atom = tm->mma->atom;
  auto which = static_cast<layout::MmaOperand>(operand);
  int64_t values = layout::staticSize((operand == 0 ? atom.layoutA : atom.layoutB).mode(1));
  int64_t size = layout::staticSize(*p->layout);
  if (f->dtype != s->dtype || layout::staticSize(*f->layout) != size || p->layout->rank() < 2 ||
      layout::staticSize(p->layout->mode(0)) != values) {
    k.fail("mma_load: the fragment must be make_fragment of the operand's partition (" +
           p->layout->str() + " of " + dtypeName(s->dtype) + "), got " + f->layout->str() + " of " +
           dtypeName(f->dtype));
    return;
  }
  // ldmatrix serves mma.sync's 16-bit operands: thread t holds pairs of one row (A: row t/4,
  // B: column t/4) of each 8x8 matrix, pair by pair in value order. Lane l gives the address of
  // row l%8 of matrix l/8: value pair l/8 of thread 4(l%8) where a row's eight elements are
  // consecutive, or (.trans, where the M/N dimension is) element (l%8)%2 of that pair of
  // thread (l%8)/2. Either way rows must be 16 bytes, 16-byte aligned.
  bool sixteen = s->dtype == DType::F16 || s->dtype == DType::BF16;
  int mode = 0; // 1: ldmatrix, 2: ldmatrix.trans
  if (atom.m == 16 && atom.n == 8 && atom.k == 16 && sixteen &&
      (!s->swizzle || s->swizzle->base() >= 3)) {
    k.algebra("mma_load", [&] {
      Layout tf = layout::threadFragmentsMma(*tm->mma, which, *s->layout);
      auto at = [&](const Layout &l, int64_t i) { return layout::evaluate(l, IntTuple(i)).leaf(); };
      Layout thr = tf.mode(0), vals = tf.mode(1);
      // Offsets of a static shared layout are static; a dynamic one never takes ldmatrix.
      auto value = [](const Int &o) { return o.isStatic() ? o.value() : -(int64_t(1) << 40); };
      auto aligned = [&](const std::vector<Int> &offs) {
        for (const Int &o : offs)
          if (!o.isStatic() || o.value() % 8 != 0)
            return false;
        return true;
      };
      // Row starts: each value pair (or, transposed, each value) and each repetition of the
      // atom; and each row's thread (or, transposed, the first thread).
      int64_t n = layout::staticSize(vals);
      std::vector<Int> pairStarts, valueStarts;
      for (int64_t i = 0; i < n; ++i)
        (i % 2 == 0 ? pairStarts : valueStarts).push_back(at(vals, i));
      valueStarts.insert(valueStarts.end(), pairStarts.begin(), pairStarts.end());
      valueStarts.push_back(at(thr, 0));
      for (int64_t r = 0; r < 8; ++r)
        pairStarts.push_back(at(thr, 4 * r));
      if (value(at(vals, 1)) - value(at(vals, 0)) == 1 && aligned(pairStarts))
        mode = 1;
      else if (value(at(thr, 4)) - value(at(thr, 0)) == 1 && aligned(valueStarts))
        mode = 2;
    });
    if (!k.ok())
      return;
  }
  auto offsetOf = [&](Entry &t, int64_t v, int64_t rest) {
    return layout::evaluate(*t.layout, IntTuple(v + values * rest)).leaf();
  };
  auto element = [&](Entry &t, int64_t v, int64_t rest) {
    return k.elementAddress(t, offsetOf(t, v, rest));
  };
  int64_t rests = size / values;
  if (mode == 0) { // plain loads of the thread's own values
    for (int64_t i = 0; i < size; ++i) {
      Int off = layout::evaluate(*p->layout, IntTuple(i)).leaf();
      Int fo = layout::evaluate(*f->layout, IntTuple(i)).leaf();
      k.elementStore(k.elementLoad(*p, off, 1), *f, fo, 1);
    }
    return;
  }
  // The thread (of the tiled MMA) and value whose element this lane's row address is.
  auto i32 = k.b.getI32Type();
  auto c = [&](int64_t v) {
    return MValue(mlir::arith::ConstantIntOp::create(k.b, k.loc(), i32, v));
  };
  MValue tid = thrEntry->v;
  if (tid.getType() != i32)
    tid = mlir::arith::IndexCastOp::create(k.b, k.loc(), i32, tid);
  MValue lane = mlir::arith::AndIOp::create(k.b, k.loc(), tid, c(31));
  MValue warp = mlir::arith::SubIOp::create(k.b, k.loc(), tid, lane);
  MValue row = mlir::arith::AndIOp::create(k.b, k.loc(), lane, c(7));
  MValue matrix = mlir::arith::ShRUIOp::create(k.b, k.loc(), lane, c(3));
  int64_t pairs = values / 2;
  MValue pair = mlir::arith::RemUIOp::create(k.b, k.loc(), matrix, c(pairs));
  MValue srcThr, srcVal = mlir::arith::MulIOp::create(k.b, k.loc(), pair, c(2));
  if (mode == 1) {
    srcThr = mlir::arith::AddIOp::create(k.b, k.loc(), warp,
                                         mlir::arith::MulIOp::create(k.b, k.loc(), row, c(4)));
  } else {
    srcThr = mlir::arith::AddIOp::create(k.b, k.loc(), warp,
                                         mlir::arith::ShRUIOp::create(k.b, k.loc(), row, c(1)));
    srcVal = mlir::arith::AddIOp::create(k.b, k.loc(), srcVal,
                                         mlir::arith::AndIOp::create(k.b, k.loc(), row, c(1)));
  }
  Value *hsrc = mmaPartition(ht, operand, k.scalar(srcThr, DType::I32), hs);
  Entry *src = hsrc ? k.getTensor(hsrc, "partition") : nullptr;
  if (!src)
    return;
  // FlyNVVM's ldmatrix on Fly pointers: the row this lane gives, and its own values' places,
  // which the targets without ldmatrix read instead.
  auto i16s = mlir::VectorType::get({values}, k.b.getI16Type());
  mlir::Type half = k.typeOf(s->dtype, 1);
  auto sharedPtr = fly::PointerType::get(k.ctx(), half, fly::Shared, fly::elementBytes(half), {});
  auto flyPtr = [&](MValue address) -> MValue {
    return fly::MakePtrOp::create(k.b, k.loc(), sharedPtr, mlir::ValueRange{address},
                                  mlir::DictionaryAttr());
  };
  k.algebra("mma_load", [&] {
    for (int64_t r = 0; r < rests; ++r) {
      MValue rowAddress = element(*src, 0, r);
      for (int64_t v = 1; v < values; ++v) {
        if (mode == 1 && v % 2)
          continue;
        MValue is =
            mlir::arith::CmpIOp::create(k.b, k.loc(), mlir::arith::CmpIPredicate::eq, srcVal, c(v));
        rowAddress =
            mlir::arith::SelectOp::create(k.b, k.loc(), is, element(*src, v, r), rowAddress);
      }
      llvm::SmallVector<MValue> own;
      for (int64_t v = 0; v < values; ++v)
        own.push_back(flyPtr(element(*p, v, r)));
      MValue got = fly_nvvm::LdMatrixOp::create(k.b, k.loc(), i16s, flyPtr(rowAddress), own,
                                                /*trans=*/mode == 2);
      MValue typed =
          mlir::LLVM::BitcastOp::create(k.b, k.loc(), k.typeOf(s->dtype, int(values)), got);
      for (int64_t v = 0; v < values; ++v)
        k.elementStore(mlir::LLVM::ExtractElementOp::create(k.b, k.loc(), typed, c(v)), *f,
                       offsetOf(*f, v, r), 1);
    }
  });
}

Value *Kernel::retile(Value *ht, Value *hx) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *tc = tiledCopyOf(k, ht);
  if (!tc)
    return nullptr;
  Entry *x = k.getTensor(hx, "fragment");
  if (!x)
    return nullptr;
  const TiledCopyInfo &info = *tc->tiled;
  std::optional<Layout> r;
  if (!k.algebra("retile",
                 [&] { r = layout::retile(*x->layout, info.tv, info.tile, info.atom->values); }))
    return nullptr;
  fly::TiledCopyType tiledType = flyTiledCopyType(k, info, x->dtype);
  if (!tiledType || !flyViewable(*x) || x->swizzle ||
      fly::LayoutType::get(k.ctx(), *x->layout).getNumDynamicLeaves() != 0)
    return LayoutOps{k}.tensorLike(*x, std::move(*r), IntTuple(0));
  // FlyDSL's op: the layout is all in its type, the pointer read back from it.
  MValue retiled = fly::TiledCopyRetileOp::create(k.b, k.loc(), flyTiledCopy(k, tiledType),
                                                  flyView(k, *x, x->baseAlign));
  Entry e = *x;
  e.paramIndex = -1;
  e.layout = mlir::cast<fly::FlyMemRefType>(retiled.getType()).getLayout().getLayout();
  e.rank = static_cast<int>(e.layout->rank());
  e.v = builderPointer(k, *x, fly::GetIterOp::create(k.b, k.loc(), retiled));
  keepFlyValue(e, retiled);
  return k.newValue(std::move(e));
}

void Kernel::copy(Value *hatom, Value *hs, Value *hd, Value *hp) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *a = copyAtomOf(k, hatom, /*tiledToo=*/true);
  if (!a)
    return;
  Entry *s = k.getTensor(hs, "copy source");
  Entry *d = s ? k.getTensor(hd, "copy destination") : nullptr;
  if (!d)
    return;
  Entry *p = hp ? k.getTensor(hp, "copy predicate") : nullptr;
  if (hp && !p)
    return;
  const CopyAtomInfo &atom = *a->atom;
  if (s->identity || d->identity) {
    k.fail("copy moves memory; a coordinate tensor is read with fly_load_at");
    return;
  }
  // An atom moves bits: its dtype gives their width; the tensors' element types may differ
  // where their widths agree (f32 bits stored into an i32 tensor).
  if (bitWidth(s->dtype) != bitWidth(d->dtype) || bitWidth(s->dtype) != bitWidth(atom.dtype)) {
    k.fail(std::string("copy of ") + dtypeName(s->dtype) + " to " + dtypeName(d->dtype) +
           " with an atom for " + dtypeName(atom.dtype) + " (elements of another width)");
    return;
  }
  if (p && (p->dtype != DType::I1 || p->addrSpace != 5)) {
    k.fail("a copy predicate is a register tensor of booleans");
    return;
  }
  if (atom.op == CopyOp::Lds && s->addrSpace != 3 && d->addrSpace != 3) {
    k.fail("an LDS copy atom moves data to or from shared memory; neither tensor is there");
    return;
  }
  bool cpAsync = atom.op == CopyOp::CpAsync || atom.op == CopyOp::CpAsyncZfill;
  if (cpAsync && (s->addrSpace != 1 || s->rsrc || d->addrSpace != 3)) {
    k.fail("a cp.async copy atom moves global memory into shared memory");
    return;
  }
  if (atom.op == CopyOp::BufferToLds && (!s->rsrc || d->addrSpace != 3)) {
    k.fail("a buffer-to-LDS copy atom moves a tensor made by make_buffer_tensor into shared "
           "memory");
    return;
  }
  if (atom.op == CopyOp::Atomic && (d->rsrc || (d->addrSpace != 1 && d->addrSpace != 3))) {
    k.fail("an atomic copy atom combines into global or shared memory, not into " +
           std::string(d->rsrc ? "a buffer tensor" : "registers"));
    return;
  }
  if (atom.op == CopyOp::BufferAtomic && (!d->rsrc || s->rsrc)) {
    k.fail("a buffer atomic copy atom combines values into a tensor made by make_buffer_tensor "
           "from a tensor that is not one");
    return;
  }
  if (atom.op == CopyOp::BufferLoadStore && !s->rsrc && !d->rsrc) {
    k.fail("a buffer copy atom needs a tensor made by make_buffer_tensor on one side");
    return;
  }
  int64_t elem = bitWidth(atom.dtype) / 8;
  // FlyDSL's fly.copy where Fly has the atom and views for both tensors: a universal copy
  // between plain tensors, a buffer copy between a buffer tensor and a plain one, a buffer
  // copy into LDS from a buffer tensor to a plain shared one, a cp.async copy, or an atomic one.
  bool flySides = false;
  if (atom.op == CopyOp::Universal)
    flySides = flyCopySide(k, *s) && flyCopySide(k, *d);
  else if (atom.op == CopyOp::BufferLoadStore)
    flySides = s->rsrc ? flyBufferSide(k, *s) && flyCopySide(k, *d)
                       : flyCopySide(k, *s) && flyBufferSide(k, *d);
  else if (atom.op == CopyOp::BufferToLds)
    flySides =
        flyBufferSide(k, *s) && flyCopySide(k, *d) && d->addrSpace == fly::Shared && !d->swizzle;
  else if (atom.op == CopyOp::BufferAtomic)
    flySides = flyCopySide(k, *s) && flyBufferSide(k, *d);
  else if (cpAsync || atom.op == CopyOp::Atomic) // between memories, as checked above
    flySides = flyCopySide(k, *s) && flyCopySide(k, *d);
  bool asFly = flySides;
  k.algebra("copy", [&] {
    CopyPlan ps = planCopy(*s->layout, atom.values), pd = planCopy(*d->layout, atom.values);
    if (ps.calls != pd.calls)
      layout::fail(layout::ErrorKind::RankMismatch, "copy from " + s->layout->str() + " to " +
                                                        d->layout->str() +
                                                        ": the tensors have different sizes");
    // A register fragment's values need not be consecutive: registers are read and written one
    // element at a time (FlyDSL's atom calls gather and scatter register values alike).
    for (auto [plan, t] : {std::pair{&ps, s}, std::pair{&pd, d}})
      if (!plan->contiguous && t->addrSpace != 5)
        layout::fail(layout::ErrorKind::Divisibility,
                     "a " + std::to_string(atom.bits) + "-bit copy atom moves " +
                         std::to_string(atom.values) +
                         " consecutive elements per call; the "
                         "layout " +
                         t->layout->str() + " does not keep them consecutive");
    int64_t predSize = p ? staticSize(*p->layout) : 0;
    if (p && predSize != ps.calls)
      layout::fail(layout::ErrorKind::RankMismatch,
                   "a copy predicate needs one element per atom call (" + std::to_string(ps.calls) +
                       "), got " + std::to_string(predSize));
    int64_t vecBytes = elem * atom.values;
    std::vector<int64_t> alignS, alignD; // each call's alignment on each side
    for (int64_t c = 0; c < ps.calls; ++c) {
      Int so = layout::evaluate(ps.byCall.mode(1), IntTuple(c)).leaf();
      Int dof = layout::evaluate(pd.byCall.mode(1), IntTuple(c)).leaf();
      for (auto [t, off] : {std::pair{s, &so}, std::pair{d, &dof}}) {
        int64_t guaranteed = std::min<int64_t>(
            t->baseAlign, layout::largestPowerOfTwoDividing(divisorOf(*off)) * elem);
        // Registers are not memory: their calls need no alignment (the builder's rule below),
        // nor do buffer accesses (AMD's buffer instructions take unaligned addresses).
        asFly = asFly && (guaranteed >= vecBytes || t->addrSpace == 5 || t->rsrc);
        if (t->swizzle) {
          // The Fly view's alignment: its pointer moved by the swizzle's offset.
          asFly = asFly &&
                  std::min<int64_t>(layout::largestPowerOfTwoDividing(divisorOf(t->swizzleOffset)) *
                                        elem,
                                    (int64_t(1) << t->swizzle->base()) * elem) >= vecBytes;
          // A swizzle keeps aligned blocks of 2^base elements together.
          Int whole = layout::add(t->swizzleOffset, *off);
          guaranteed = std::min<int64_t>(
              std::min<int64_t>(t->baseAlign,
                                layout::largestPowerOfTwoDividing(divisorOf(whole)) * elem),
              (int64_t(1) << t->swizzle->base()) * elem);
        }
        // AMD's buffer instructions take unaligned addresses (ROCm enables unaligned access).
        // A buffer load into LDS writes where M0 says: the wave's base, each lane's bytes after
        // the last lane's, so its LDS side is the instruction's to place, as FlyDSL leaves it.
        bool bufferAccess =
            (t->rsrc && (atom.op == CopyOp::BufferLoadStore || atom.op == CopyOp::BufferAtomic)) ||
            atom.op == CopyOp::BufferToLds;
        (t == s ? alignS : alignD).push_back(guaranteed);
        if (guaranteed < vecBytes && t->addrSpace != 5 && !bufferAccess)
          layout::fail(layout::ErrorKind::Divisibility,
                       "a " + std::to_string(atom.bits) + "-bit copy atom needs " +
                           std::to_string(vecBytes) + "-byte aligned accesses; the layout " +
                           t->layout->str() + " only guarantees " + std::to_string(guaranteed) +
                           " bytes (declare the tensor's alignment or divisibility)");
      }
    }
    auto atomType = flyCopyAtomType(k, atom, d->dtype, int32_t(elem * 8));
    MValue a = fly::MakeCopyAtomOp::create(k.b, k.loc(), atomType, int32_t(elem * 8));
    if (asFly) { // FlyDSL's form: fly-atom-lowering expands it into its atom calls
      auto view = [&](const Entry &t) {
        return t.rsrc ? flyBufferView(k, t) : flyView(k, t, t.baseAlign);
      };
      fly::CopyOp::create(k.b, k.loc(), a, view(*s), view(*d), p ? flyView(k, *p) : MValue());
      return;
    }
    // Where a side has no Fly view (a tile swizzled from a base that is not aligned to its
    // swizzle's span: no pointer of FlyDSL's swizzles its addresses so), the builder expands
    // the copy itself, as fly.copy would: one fly.copy_atom_call a call, between views of the
    // call's values at the addresses it computes.
    auto callView = [&](Entry &t, const CopyPlan &plan, const Int &off, int64_t align) {
      Layout values =
          plan.contiguous ? layout::makeLayout(IntTuple(atom.values)) : plan.byCall.mode(0);
      return flyCallView(k, t, off, values, align);
    };
    for (int64_t c = 0; c < ps.calls; ++c) {
      Int so = layout::evaluate(ps.byCall.mode(1), IntTuple(c)).leaf();
      Int dof = layout::evaluate(pd.byCall.mode(1), IntTuple(c)).leaf();
      MValue pred;
      if (p)
        pred = flyCallView(k, *p, layout::evaluate(*p->layout, IntTuple(c)).leaf(),
                           layout::makeLayout(IntTuple(1)));
      fly::CopyAtomCallOp::create(k.b, k.loc(), a, callView(*s, ps, so, alignS[c]),
                                  callView(*d, pd, dof, alignD[c]), pred);
    }
  });
}

void Kernel::gatherScatter(Value *hatom, Value *hbase, Value *hoffsets, Value *hfrag, Value *hpred,
                           bool scatter) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *a = copyAtomOf(k, hatom, /*tiledToo=*/true);
  if (!a)
    return;
  const char *op = scatter ? "scatter" : "gather";
  Entry *base = k.getTensor(hbase, "base");
  Entry *offsets = base ? k.getTensor(hoffsets, "offsets") : nullptr;
  Entry *frag = offsets ? k.getTensor(hfrag, scatter ? "source" : "destination") : nullptr;
  if (!frag)
    return;
  Entry *p = hpred ? k.getTensor(hpred, "predicate") : nullptr;
  if (hpred && !p)
    return;
  const CopyAtomInfo &atom = *a->atom;
  if (base->identity || frag->identity || offsets->identity || base->rsrc) {
    k.fail(std::string(op) + " moves memory through a plain tensor's pointer");
    return;
  }
  if (atom.op == CopyOp::Atomic || atom.op == CopyOp::BufferAtomic) {
    k.fail(std::string(op) + " loads and stores; an atomic copy atom combines (copy with it)");
    return;
  }
  if (base->dtype != atom.dtype || frag->dtype != atom.dtype) {
    k.fail(std::string(op) + " of " + dtypeName(frag->dtype) + " through a base of " +
           dtypeName(base->dtype) + " with an atom for " + dtypeName(atom.dtype));
    return;
  }
  if (!isInteger(offsets->dtype) || offsets->dtype == DType::I1 || offsets->addrSpace != 5) {
    k.fail(std::string(op) + " takes its offsets from a register tensor of integers");
    return;
  }
  if (p && (p->dtype != DType::I1 || p->addrSpace != 5)) {
    k.fail(std::string(op) + ": a predicate is a register tensor of booleans");
    return;
  }
  k.algebra(op, [&] {
    CopyPlan plan = planCopy(*frag->layout, atom.values);
    if (!plan.contiguous)
      layout::fail(layout::ErrorKind::Divisibility,
                   "a " + std::to_string(atom.bits) + "-bit atom moves " +
                       std::to_string(atom.values) + " consecutive elements per call; the layout " +
                       frag->layout->str() + " does not keep them consecutive");
    for (auto [t, what] : {std::pair{offsets, "offsets"}, std::pair{p, "predicate"}})
      if (t && staticSize(*t->layout) != plan.calls)
        layout::fail(layout::ErrorKind::RankMismatch,
                     std::string(op) + " needs one element of its " + what + " per atom call (" +
                         std::to_string(plan.calls) + "), got " + t->layout->str());
    // Each call is FlyDSL's fly.copy_atom_call of a universal atom of the atom's width (a
    // load and a store, whatever the atom) between views of its values: the fragment's, and the
    // base's at the call's offset, as aligned as CuTe trusts such offsets to be.
    CopyAtomInfo universal = atom;
    universal.op = CopyOp::Universal;
    int64_t elem = bitWidth(atom.dtype) / 8;
    auto atomType = flyCopyAtomType(k, universal, atom.dtype, int32_t(elem * 8));
    MValue av = fly::MakeCopyAtomOp::create(k.b, k.loc(), atomType, int32_t(elem * 8));
    int lanes = static_cast<int>(atom.values);
    auto callView = [&](Entry &t, const Int &off, int64_t align) {
      return flyCallView(k, t, off, layout::makeLayout(IntTuple(lanes)), align);
    };
    for (int64_t c = 0; c < plan.calls; ++c) {
      Int fo = layout::evaluate(plan.byCall.mode(1), IntTuple(c)).leaf();
      auto elementOf = [&](Entry &t) { return layout::evaluate(*t.layout, IntTuple(c)).leaf(); };
      Int where = k.dynamicInt(k.elementLoad(*offsets, elementOf(*offsets), 1), 1 << 20);
      MValue pred;
      if (p)
        pred = flyCallView(k, *p, elementOf(*p), layout::makeLayout(IntTuple(1)));
      int64_t fragAlign = std::min<int64_t>(
          frag->baseAlign, layout::largestPowerOfTwoDividing(divisorOf(fo)) * elem);
      MValue onBase = callView(*base, where, k.alignmentOf(atom.dtype, lanes));
      MValue onFrag = callView(*frag, fo, fragAlign);
      fly::CopyAtomCallOp::create(k.b, k.loc(), av, scatter ? onFrag : onBase,
                                  scatter ? onBase : onFrag, pred);
    }
  });
}

void Kernel::cpAsyncWait() {
  Impl &k = *impl_;
  if (k.startOp())
    fly::CpAsyncWaitOp::create(k.b, k.loc());
}

void Kernel::cpAsyncCommit() {
  Impl &k = *impl_;
  if (k.startOp())
    fly::CpAsyncCommitOp::create(k.b, k.loc());
}

void Kernel::cpAsyncWaitGroup(int pending) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (pending < 0) {
    k.fail("cp_async_wait_group: pending groups must be >= 0, got " + std::to_string(pending));
    return;
  }
  fly::CpAsyncWaitGroupOp::create(k.b, k.loc(), pending);
}

void Kernel::wgmmaWait(int pending, Value *hacc) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  if (pending < 0) {
    k.fail("wgmma_wait: pending groups must be >= 0, got " + std::to_string(pending));
    return;
  }
  Entry *acc = hacc ? registerTensor(k, hacc) : nullptr;
  if (hacc && !acc)
    return;
  if (acc && acc->dtype != DType::F32) {
    k.fail(std::string("wgmma_wait settles f32 accumulators, got ") + dtypeName(acc->dtype));
    return;
  }
  if (!acc) {
    fly_nvvm::WgmmaWaitOp::create(k.b, k.loc(), mlir::ValueRange{}, k.b.getI32IntegerAttr(pending));
    return;
  }
  // The fragment's values, as one vector, through a settle; then back: the whole fragment's
  // fly.memref.load_vec / store_vec where each value has a register of its own, else value by
  // value.
  std::vector<int64_t> offs = fragmentOffsets(*acc);
  auto settle = [&](MValue vec) {
    return fly_nvvm::WgmmaWaitOp::create(k.b, k.loc(), mlir::ValueRange{vec},
                                         k.b.getI32IntegerAttr(pending))
        .getResult(0);
  };
  if (flyWhole(k, *acc, offs)) {
    MValue view = flyView(k, *acc, acc->baseAlign);
    fly::MemRefStoreVecOp::create(k.b, k.loc(),
                                  settle(fly::MemRefLoadVecOp::create(k.b, k.loc(), view)), view);
    return;
  }
  mlir::Type vt = k.typeOf(DType::F32, int(offs.size()));
  MValue vec = mlir::LLVM::UndefOp::create(k.b, k.loc(), vt);
  for (size_t i = 0; i < offs.size(); ++i)
    vec = mlir::LLVM::InsertElementOp::create(k.b, k.loc(), vt, vec,
                                              k.elementLoad(*acc, Int(offs[i]), 1),
                                              k.constantOf(DType::I32, double(i)));
  MValue settled = settle(vec);
  for (size_t i = 0; i < offs.size(); ++i)
    k.elementStore(mlir::LLVM::ExtractElementOp::create(k.b, k.loc(), settled,
                                                        k.constantOf(DType::I32, double(i))),
                   *acc, Int(offs[i]), 1);
}

void Kernel::fenceProxyAsync() {
  Impl &k = *impl_;
  if (k.startOp())
    mlir::NVVM::FenceProxyOp::create(
        k.b, k.loc(), mlir::NVVM::ProxyKind::async_shared,
        mlir::NVVM::SharedSpaceAttr::get(k.ctx(), mlir::NVVM::SharedSpace::shared_cta));
}

} // namespace fly::ir
