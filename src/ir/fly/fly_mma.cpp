//===- fly_mma.cpp - The Fly dialect's MMA atoms and tiled MMAs ------------===//
//
// `!fly.mma_atom<instruction>` wraps a target dialect's instruction type (through
// MmaOpTypeInterface); how many values of A, B and C a lane holds comes from its layouts.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"
#include "ir/fly/fly_nvvm_dialect.h"
#include "layout/fragment.h"
#include "layout/mma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

LogicalResult MmaAtomType::verify(function_ref<InFlightDiagnostic()> emitError, Type mmaOp) {
  if (!isa<MmaOpTypeInterface>(mmaOp))
    return emitError() << "an MMA atom wraps an MMA instruction type (such as "
                          "!fly_rocdl.cdna3.mfma<...>), not "
                       << mmaOp;
  return success();
}

Type UniversalFmaType::parse(AsmParser &parser) {
  int64_t m = 0, n = 0, k = 0;
  Type a, b, c;
  SMLoc at = parser.getCurrentLocation();
  if (parseMmaShapeAndTypes(parser, m, n, k, a, b, c) || parser.parseGreater())
    return {};
  if (m != 1 || n != 1 || k != 1) {
    parser.emitError(at, "a universal FMA is 1x1x1, not ") << m << "x" << n << "x" << k;
    return {};
  }
  if (a != b || b != c) {
    parser.emitError(at, "a universal FMA takes one type for A, B and C, not ")
        << a << ", " << b << " and " << c;
    return {};
  }
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), a);
}

void UniversalFmaType::print(AsmPrinter &printer) const {
  printMmaShapeAndTypes(printer, 1, 1, 1, getElementType(), getElementType(), getElementType());
  printer << ">";
}

LogicalResult UniversalFmaType::verify(function_ref<InFlightDiagnostic()> emitError, Type t) {
  if (!isa<IntegerType, FloatType>(t) || t.getIntOrFloatBitWidth() < 8)
    return emitError() << "a universal FMA computes on integers or floats of 8 bits or more, not "
                       << t;
  return success();
}

L::MmaAtom UniversalFmaType::getAtom() const {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << getElementType();
  return L::mmaAtom(L::MmaFamily::UniversalFMA, 1, 1, 1, name);
}

Type UniversalFmaType::getAElementType() const { return getElementType(); }
Type UniversalFmaType::getBElementType() const { return getElementType(); }
Type UniversalFmaType::getCElementType() const { return getElementType(); }

Type TiledMmaType::parse(AsmParser &parser) {
  // FlyDSL writes the atom layout bare: `!fly.tiled_mma<!fly.mma_atom<...>, <(1,4,1):(0,1,0)>>`,
  // and the permutation, where there is one, as a type: `, !fly.tile<[...]>`.
  Type atom;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseType(atom) || parser.parseComma())
    return {};
  Type layout;
  OptionalParseResult qualified = parser.parseOptionalType(layout);
  if (!qualified.has_value())
    layout = LayoutType::parse(parser);
  else if (failed(*qualified))
    return {};
  if (!layout)
    return {};
  Type permutation = getDefaultPermutation(parser.getContext());
  if (succeeded(parser.parseOptionalComma()) && parser.parseType(permutation))
    return {};
  if (parser.parseGreater())
    return {};
  if (!isa<LayoutType>(layout)) {
    parser.emitError(at, "a tiled MMA's atom layout is a layout, not ") << layout;
    return {};
  }
  if (!isa<TileType>(permutation)) {
    parser.emitError(at, "a tiled MMA's permutation is a !fly.tile, not ") << permutation;
    return {};
  }
  auto mmaAtom = dyn_cast<MmaAtomType>(atom);
  if (!mmaAtom) {
    parser.emitError(at, "a tiled MMA tiles an !fly.mma_atom, not ") << atom;
    return {};
  }
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), mmaAtom,
                    cast<LayoutType>(layout), cast<TileType>(permutation));
}

namespace {
/// Whether a permutation permutes nothing: `*`, or a tuple of `*`.
bool permutesNothing(const L::Tiler &t) {
  return t.kind() == L::Tiler::Kind::Underscore ||
         (t.kind() == L::Tiler::Kind::Tuple && llvm::all_of(t.elems(), [](const L::Tiler &e) {
            return e.kind() == L::Tiler::Kind::Underscore;
          }));
}
} // namespace

void TiledMmaType::print(AsmPrinter &printer) const {
  printer << "<" << getAtom() << ", ";
  getAtomLayout().print(printer);
  if (!permutesNothing(getPermutation().getTiler()))
    printer << ", " << getPermutation();
  printer << ">";
}

TileType TiledMmaType::getDefaultPermutation(MLIRContext *ctx) {
  return TileType::get(ctx, L::Tiler::tuple(std::vector<L::Tiler>(3, L::Tiler::underscore())));
}

LogicalResult TiledMmaType::verify(function_ref<InFlightDiagnostic()> emitError, MmaAtomType atom,
                                   LayoutType atomLayout, TileType permutation) {
  if (atomLayout.getNumDynamicLeaves())
    return emitError() << "a tiled MMA's atom layout is static, not " << atomLayout.getText();
  try {
    (void)L::makeTiledMma(atom.getInstruction().getAtom(), atomLayout.getLayout(),
                          permutation.getTiler());
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << e.what();
  }
}

L::TiledMma TiledMmaType::getTiledMma() const {
  return L::makeTiledMma(getAtom().getInstruction().getAtom(), getAtomLayout().getLayout(),
                         getPermutation().getTiler());
}

namespace {

/// The values one lane holds of an operand laid out by thread-value layout `tv`.
int64_t valuesPerLane(const L::Layout &tv) { return L::size(tv.mode(1)).value(); }

/// Whether a value of type `given` stands for the atom's `want` (a float of 8 bits or fewer as i8).
bool sameBits(Type given, Type want) {
  // fp6 and fp4 (the scaled atoms' operands) are held as one code a byte, as i8
  return given == want ||
         (given.isInteger(8) && isa<FloatType>(want) && want.getIntOrFloatBitWidth() <= 8);
}

/// A register fragment holding `values` elements of `element` for one atom call (`atLeast`: an
/// atom call's fragment may hold more; the call reads and writes the first ones, which lowering
/// takes only where there are exactly those).
LogicalResult verifyFragment(Operation *op, const char *name, FlyMemRefType t, Type element,
                             int64_t values, bool atLeast = false) {
  if (t.getAddressSpace() != Register)
    return op->emitOpError("takes ") << name << " in registers, not in another address space";
  if (!sameBits(t.getElementType(), element))
    return op->emitOpError("takes ") << name << " of " << element << ", not " << t.getElementType();
  L::Int n = L::size(t.getLayout().getLayout());
  if (!n.isStatic() || (atLeast ? n.value() < values : n.value() != values))
    return op->emitOpError("takes ")
           << values << " values of " << name << " per lane, not " << t.getLayout().getText()
           << " (" << (n.isStatic() ? std::to_string(n.value()) : "?") << ")";
  return success();
}

LogicalResult verifyFragments(Operation *op, MmaOpTypeInterface inst, FlyMemRefType d,
                              FlyMemRefType a, FlyMemRefType b, FlyMemRefType c, bool atLeast) {
  if (inst.takesDescriptors())
    return op->emitOpError("reads A and B of ")
           << cast<Type>(inst)
           << " through shared-memory descriptors: call the atom with fly.mma_atom_call_ssa";
  L::MmaAtom atom = inst.getAtom();
  auto check = [&](const char *name, FlyMemRefType t, Type element, const L::Layout &tv) {
    return verifyFragment(op, name, t, element, valuesPerLane(tv), atLeast);
  };
  if (failed(check("D", d, inst.getCElementType(), atom.layoutC)) ||
      failed(check("A", a, inst.getAElementType(), atom.layoutA)) ||
      failed(check("B", b, inst.getBElementType(), atom.layoutB)) ||
      failed(check("C", c, inst.getCElementType(), atom.layoutC)))
    return failure();
  return success();
}

/// A lane's values as the SSA form takes them: a scalar for one value, else a vector.
LogicalResult verifyLaneValues(Operation *op, const char *name, Type t, Type element,
                               int64_t values) {
  auto v = dyn_cast<VectorType>(t);
  bool ok = values == 1 && !v ? sameBits(t, element)
            : v               ? v.getRank() == 1 && v.getNumElements() == values &&
                                    sameBits(v.getElementType(), element)
                              : false;
  if (!ok)
    return op->emitOpError("takes ")
           << name << " as " << (values == 1 ? "one " : std::to_string(values) + " values of ")
           << element << " per lane, not " << t;
  return success();
}

} // namespace

LogicalResult MmaAtomCallOp::verify() {
  return verifyFragments(*this, getAtom().getType().getInstruction(), getD().getType(),
                         getA().getType(), getB().getType(), getC().getType(), /*atLeast=*/true);
}

namespace {
/// The extents of a fly.gemm of several atom calls: each fragment's modes after its values.
struct GemmExtents {
  int64_t m = 1, n = 1, k = 1;
};

/// Mode `i` of `t`'s layout as a static extent (1 past its rank), or -1.
int64_t staticMode(FlyMemRefType t, size_t i) {
  L::Layout l = t.getLayout().getLayout();
  if (i >= l.rank())
    return 1;
  L::Int n = L::size(l.mode(i));
  return n.isStatic() ? n.value() : -1;
}

/// D and C as (V, M, N), A as (V, M[, K]) and B as (V, N[, K]), each V one call's values: the
/// M, N and K they agree on, or an error.
FailureOr<GemmExtents> gemmExtents(GemmOp op) {
  MmaOpTypeInterface inst = op.getTiledMma().getType().getAtom().getInstruction();
  L::MmaAtom atom = inst.getAtom();
  FlyMemRefType d = op.getD().getType(), a = op.getA().getType(), b = op.getB().getType(),
                c = op.getC().getType();
  auto rank = [](FlyMemRefType t) { return t.getLayout().getLayout().rank(); };
  GemmExtents e{staticMode(d, 1), staticMode(d, 2), staticMode(a, 2)};
  bool shaped = rank(d) == 3 && rank(c) == 3 && rank(a) >= 2 && rank(a) <= 3 &&
                rank(b) == rank(a) && e.m > 0 && e.n > 0 && e.k > 0 && staticMode(c, 1) == e.m &&
                staticMode(c, 2) == e.n && staticMode(a, 1) == e.m && staticMode(b, 1) == e.n &&
                staticMode(b, 2) == e.k;
  if (!shaped)
    return op.emitOpError("takes one atom call's fragments, or D and C as (V, M, N), A as (V, M, "
                          "K) and B as (V, N, K) (K may be left out) of static extents; got D ")
           << d.getLayout().getText() << ", A " << a.getLayout().getText() << ", B "
           << b.getLayout().getText() << ", C " << c.getLayout().getText();
  auto values = [&](const char *name, FlyMemRefType t, Type element,
                    const L::Layout &tv) -> LogicalResult {
    if (t.getAddressSpace() != Register)
      return op.emitOpError("takes ") << name << " in registers, not in another address space";
    if (!sameBits(t.getElementType(), element))
      return op.emitOpError("takes ")
             << name << " of " << element << ", not " << t.getElementType();
    if (staticMode(t, 0) != valuesPerLane(tv))
      return op.emitOpError("takes ")
             << valuesPerLane(tv) << " values of " << name << " per lane and call (mode 0), not "
             << t.getLayout().getText();
    return success();
  };
  if (failed(values("D", d, inst.getCElementType(), atom.layoutC)) ||
      failed(values("A", a, inst.getAElementType(), atom.layoutA)) ||
      failed(values("B", b, inst.getBElementType(), atom.layoutB)) ||
      failed(values("C", c, inst.getCElementType(), atom.layoutC)))
    return failure();
  return e;
}

bool oneCall(GemmOp op) {
  for (Value v : {op.getD(), op.getA(), op.getB(), op.getC()})
    if (cast<FlyMemRefType>(v.getType()).getLayout().getLayout().rank() != 1)
      return false;
  return true;
}

/// A view of one call's values of fragment `t`: mode 0 at (0, i, j) of its other modes.
Value callValues(OpBuilder &b, Location loc, Value t, int64_t i, int64_t j) {
  auto type = cast<FlyMemRefType>(t.getType());
  L::Layout l = type.getLayout().getLayout();
  std::vector<L::IntTuple> modes = {L::IntTuple(int64_t(0)), L::IntTuple(i), L::IntTuple(j)};
  std::vector<L::Int> leaves;
  for (size_t m = 0; m < l.rank(); ++m)
    L::flattenInto(L::idx2crd(modes[m], l.mode(m).shape()), leaves);
  SmallVector<Value> crd;
  for (const L::Int &x : leaves)
    crd.push_back(arith::ConstantIndexOp::create(b, loc, x.value()));
  L::IntTuple at =
      L::IntTuple::tuple(std::vector<L::IntTuple>(modes.begin(), modes.begin() + l.rank()));
  auto ptr =
      PointerType::get(b.getContext(), type.getElementType(), type.getAddressSpace(),
                       alignmentAt(type, L::evaluate(l, at).leaf()), type.getAddressSwizzle());
  Value first = ElementPtrOp::create(b, loc, ptr, t, crd);
  Value layout = StaticOp::create(b, loc, LayoutType::get(b.getContext(), l.mode(0)));
  return MakeViewOp::create(b, loc, first, layout, DenseI64ArrayAttr());
}
} // namespace

namespace {
/// The (m, n, k) of each atom call of a gemm of extents `e`, in its traversal.
std::vector<std::array<int64_t, 3>> gemmCalls(GemmOp g, const GemmExtents &e) {
  if (Value l = g.getTraversalLayout())
    return L::gemmTraversal(e.m, e.n, e.k, cast<LayoutType>(l.getType()).getLayout());
  return L::gemmTraversal(
      e.m, e.n, e.k,
      static_cast<L::GemmOrder>(g.getTraversalOrder().value_or(GemmTraversalOrder::NMK)));
}
} // namespace

LogicalResult GemmOp::verify() {
  if (getTraversalOrder() && getTraversalLayout())
    return emitOpError("takes a traversal order or a traversal layout, not both");
  if (oneCall(*this) && getTraversalLayout())
    return emitOpError("takes a traversal layout for fragments of several atom calls only");
  if (oneCall(*this))
    return verifyFragments(*this, getTiledMma().getType().getAtom().getInstruction(),
                           getD().getType(), getA().getType(), getB().getType(), getC().getType(),
                           /*atLeast=*/false);
  FailureOr<GemmExtents> e = gemmExtents(*this);
  if (failed(e))
    return failure();
  if (Value l = getTraversalLayout()) {
    L::Layout traversal = cast<LayoutType>(l.getType()).getLayout();
    std::vector<L::Int> leaves;
    L::flattenInto(traversal.shape(), leaves);
    L::flattenInto(traversal.stride(), leaves);
    if (!llvm::all_of(leaves, [](const L::Int &x) { return x.isStatic(); }))
      return emitOpError("takes a static traversal layout, not ") << traversal.str();
    try {
      gemmCalls(*this, *e);
    } catch (const L::LayoutError &error) {
      return emitOpError(error.what());
    }
  }
  return success();
}

void fly::ir::fly::expandGemm(GemmOp g) {
  if (oneCall(g))
    return;                        // the atom call's own lowering takes it
  GemmExtents e = *gemmExtents(g); // the verifier checked them
  OpBuilder b(g);
  Location loc = g.getLoc();
  // FlyDSL's atom: the one the tiled MMA was made of, where that is in sight.
  Value atom;
  if (auto made = g.getTiledMma().getDefiningOp<MakeTiledMmaOp>())
    atom = made.getMmaAtom();
  else
    atom = MakeMmaAtomOp::create(b, loc, g.getTiledMma().getType().getAtom());
  std::vector<bool> started(size_t(e.m * e.n), false);
  for (auto [m, n, k] : gemmCalls(g, e)) {
    bool seen = started[size_t(m * e.n + n)];
    started[size_t(m * e.n + n)] = true;
    Value d = callValues(b, loc, g.getD(), m, n);
    Value a = callValues(b, loc, g.getA(), m, k);
    Value bv = callValues(b, loc, g.getB(), n, k);
    Value c = callValues(b, loc, seen ? g.getD() : g.getC(), m, n);
    MmaAtomCallOp::create(b, loc, atom, d, a, bv, c);
  }
  g.erase();
}

LogicalResult MmaAtomCallSsaOp::verify() {
  MmaOpTypeInterface inst = getAtom().getType().getInstruction();
  L::MmaAtom atom = inst.getAtom();
  // Each operand: this lane's values, or a register fragment holding them.
  auto operand = [&](const char *name, Value v, Type element,
                     const L::Layout &tv) -> LogicalResult {
    if (inst.takesDescriptors() && *name != 'C') {
      auto tile = dyn_cast<FlyMemRefType>(v.getType());
      auto wgmma = dyn_cast<fly_nvvm::WgmmaType>(inst);
      if (tile && wgmma) {
        try {
          (void)fly_nvvm::wgmmaOperandLayout(wgmma, *name == 'B', tile);
          return success();
        } catch (const L::LayoutError &e) {
          return emitOpError(e.what());
        }
      }
      if (!v.getType().isInteger(64))
        return emitOpError("takes ") << name
                                     << " as a shared-memory matrix descriptor (i64) or the tile "
                                        "it describes, not "
                                     << v.getType();
      return success();
    }
    if (auto t = dyn_cast<FlyMemRefType>(v.getType()))
      return verifyFragment(*this, name, t, element, valuesPerLane(tv), /*atLeast=*/true);
    return verifyLaneValues(*this, name, v.getType(), element, valuesPerLane(tv));
  };
  if (failed(operand("A", getA(), inst.getAElementType(), atom.layoutA)) ||
      failed(operand("B", getB(), inst.getBElementType(), atom.layoutB)) ||
      failed(operand("C", getC(), inst.getCElementType(), atom.layoutC)))
    return failure();
  if (getD()) {
    if (getNumResults() != 0)
      return emitOpError("stores D into its fragment and gives no value");
    return verifyFragment(*this, "D", getD().getType(), inst.getCElementType(),
                          valuesPerLane(atom.layoutC), /*atLeast=*/true);
  }
  if (getNumResults() != 1)
    return emitOpError("gives D as its one value (or takes a D fragment)");
  Type c = getC().getType();
  if (auto t = dyn_cast<FlyMemRefType>(c)) {
    int64_t n = valuesPerLane(atom.layoutC);
    c = accessType(t.getElementType(), n);
  }
  if (getResult(0).getType() != c)
    return emitOpError("gives D as C's values, ") << c << ", not " << getResult(0).getType();
  return success();
}

//===-- Tiled MMAs and their fragments ---------------------------------------===//

namespace {

constexpr llvm::StringLiteral kMmaOperands[] = {"a", "b", "c", "d"};

} // namespace

/// An MMA operand as FlyDSL writes it, a bare `a`, `b`, `c` or `d` (0 to 3).
ParseResult fly::ir::fly::parseMmaOperand(OpAsmParser &parser, IntegerAttr &operand) {
  StringRef word;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseKeyword(&word))
    return failure();
  const auto *it = llvm::find(kMmaOperands, word);
  if (it == std::end(kMmaOperands))
    return parser.emitError(at, "expected an MMA operand a, b, c or d, got ") << word;
  operand = parser.getBuilder().getI32IntegerAttr(int32_t(it - std::begin(kMmaOperands)));
  return success();
}

void fly::ir::fly::printMmaOperand(OpAsmPrinter &printer, Operation *, IntegerAttr operand) {
  printer << kMmaOperands[operand.getInt()];
}

LogicalResult MakeTiledMmaOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                               Adaptor adaptor, SmallVectorImpl<Type> &results) {
  auto atom = cast<MmaAtomType>(adaptor.getMmaAtom().getType());
  auto layout = cast<LayoutType>(adaptor.getAtomLayout().getType());
  auto emit = [&]() -> InFlightDiagnostic {
    InFlightDiagnostic d = mlir::emitError(loc.value_or(UnknownLoc::get(ctx)));
    d << getOperationName() << ": ";
    return d;
  };
  TileType permutation = adaptor.getPermutation()
                             ? cast<TileType>(adaptor.getPermutation().getType())
                             : TiledMmaType::getDefaultPermutation(ctx);
  if (failed(TiledMmaType::verify(emit, atom, layout, permutation)))
    return failure();
  results.push_back(TiledMmaType::get(ctx, atom, layout, permutation));
  return success();
}

namespace {
/// FlyDSL's MMA operand 0..3 (a, b, c, d) as src/layout's (d is laid out as c); a diagnostic
/// for another number.
FailureOr<L::MmaOperand> mmaOperandOf(std::optional<Location> loc, llvm::StringRef op,
                                      int operand) {
  if (operand < 0 || operand > 3)
    return emitOptionalError(loc, op, ": an MMA operand is a, b, c or d (0 to 3), not ", operand);
  return static_cast<L::MmaOperand>(std::min(operand, 2));
}
} // namespace

LogicalResult TiledMmaPartitionOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                    Adaptor adaptor,
                                                    SmallVectorImpl<Type> &results) {
  auto tiled = cast<TiledMmaType>(adaptor.getTiledMma().getType());
  FailureOr<L::MmaOperand> operand =
      mmaOperandOf(loc, getOperationName(), int(adaptor.getOperandId()));
  if (failed(operand))
    return failure();
  L::MmaOperand which = *operand;
  L::IntTuple thr = cast<IntTupleType>(adaptor.getCoord().getType()).getTuple();
  if (auto coords = dyn_cast<CoordTensorType>(adaptor.getInput().getType())) {
    try {
      L::Layout frag =
          L::threadFragmentsMma(tiled.getTiledMma(), which, coords.getLayout().getLayout());
      L::IntTuple offset =
          L::sliceAndOffset(L::IntTuple{thr, L::IntTuple::underscore()}, frag).second;
      results.push_back(partitionedCoordinates(coords, offset, L::partitionByThread(frag, thr)));
      return success();
    } catch (const L::LayoutError &e) {
      return emitOptionalError(loc, getOperationName(), ": cannot partition coordinates ",
                               coords.getLayout().getText(), ": ", e.what());
    }
  }
  auto input = cast<FlyMemRefType>(adaptor.getInput().getType());
  if (!input.getSwizzle().empty())
    return emitOptionalError(loc, getOperationName(),
                             ": partitions of swizzled tensors are built by the kernel builder, "
                             "not yet in the dialect");
  try {
    L::Layout frag =
        L::threadFragmentsMma(tiled.getTiledMma(), which, input.getLayout().getLayout());
    L::Layout part = L::partitionByThread(frag, thr);
    // The thread moves the pointer by a combination of the thread mode's strides.
    int64_t align = input.getAlignment(), elem = elementBytes(input.getElementType());
    std::vector<L::Int> strides;
    L::flattenInto(frag.mode(0).stride(), strides);
    for (const L::Int &s : strides)
      align = std::min(align, L::largestPowerOfTwoDividing(divisorOf(s)) * elem);
    results.push_back(FlyMemRefType::get(ctx, input.getElementType(), input.getAddressSpace(),
                                         LayoutType::get(ctx, part), std::max(align, elem), {},
                                         ComposedLayoutType(), input.getAddressSwizzle()));
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, getOperationName(), ": cannot partition ",
                             input.getLayout().getText(), ": ", e.what());
  }
}

LogicalResult TiledMmaPartitionShapeOp::inferReturnTypes(MLIRContext *ctx,
                                                         std::optional<Location> loc,
                                                         Adaptor adaptor,
                                                         SmallVectorImpl<Type> &results) {
  auto tiled = cast<TiledMmaType>(adaptor.getTiledMma().getType());
  FailureOr<L::MmaOperand> which =
      mmaOperandOf(loc, getOperationName(), int(adaptor.getOperandId()));
  if (failed(which))
    return failure();
  L::IntTuple shape = cast<IntTupleType>(adaptor.getShape().getType()).getTuple();
  std::vector<L::Int> extents;
  L::flattenInto(shape, extents);
  if (llvm::any_of(extents, [](const L::Int &x) { return !x.isStatic(); }))
    return emitOptionalError(loc, getOperationName(), ": the tile's shape must be static, got ",
                             adaptor.getShape().getType());
  try {
    L::Layout part = L::partition(tiled.getTiledMma(), *which, L::makeLayout(shape), 0);
    results.push_back(IntTupleType::get(ctx, part.shape()));
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, getOperationName(), ": cannot partition a tile of shape ",
                             adaptor.getShape().getType(), ": ", e.what());
  }
}

L::Layout fly::ir::fly::mmaFragmentLayout(TiledMmaType tiled, int operand, const L::Layout &x,
                                          std::optional<int64_t> stages) {
  if (operand < 0 || operand > 3)
    L::fail(L::ErrorKind::InvalidArgument,
            "an MMA operand is a, b, c or d (0 to 3), not " + std::to_string(operand));
  L::MmaOperand which = operand == 0   ? L::MmaOperand::A
                        : operand == 1 ? L::MmaOperand::B
                                       : L::MmaOperand::C;
  L::Layout part = L::partition(tiled.getTiledMma(), which, x, 0);
  // (FrgV, (RestX, RestY, ...)) or already flat: the values, then one mode per rest mode
  std::vector<L::Layout> modes{part.mode(0)};
  for (size_t i = 1; i < part.rank(); ++i) {
    L::Layout m = part.mode(i);
    if (m.shape().isTuple())
      for (size_t j = 0; j < m.rank(); ++j)
        modes.push_back(m.mode(j));
    else
      modes.push_back(m);
  }
  L::Layout fragment = L::makeFragmentLike(L::makeLayout(modes));
  if (!stages)
    return fragment;
  if (*stages <= 0)
    L::fail(L::ErrorKind::InvalidArgument,
            "stages must be positive, not " + std::to_string(*stages));
  return L::append(fragment, L::makeLayout(L::IntTuple(*stages), L::cosize(fragment)));
}

LogicalResult MmaMakeFragmentOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                  Adaptor adaptor, SmallVectorImpl<Type> &results) {
  auto tiled = cast<TiledMmaType>(adaptor.getTiledMma().getType());
  auto input = cast<FlyMemRefType>(adaptor.getInput().getType());
  int operand = int(adaptor.getOperandId());
  MmaOpTypeInterface inst = tiled.getAtom().getInstruction();
  Type element = operand == 0   ? inst.getAElementType()
                 : operand == 1 ? inst.getBElementType()
                                : inst.getCElementType();
  std::optional<int64_t> stages;
  if (auto s = adaptor.getStagesAttr())
    stages = s.getInt();
  try {
    if (input.getLayout().getNumDynamicLeaves())
      L::fail(L::ErrorKind::Unsupported,
              "the fragment of a tensor of dynamic layout " + input.getLayout().getText().str());
    L::Layout l = mmaFragmentLayout(tiled, operand, input.getLayout().getLayout(), stages);
    results.push_back(FlyMemRefType::get(ctx, element, Register, LayoutType::get(ctx, l),
                                         elementBytes(element), {}));
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, getOperationName(), ": ", e.what());
  }
}
