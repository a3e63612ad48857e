//===- fly_dialect.cpp - The Fly dialect: types, inference, folds ---------===//
//
// Result types of the algebra ops come from src/layout, the same code that
// answers host calls, so a kernel's static layouts agree with CuTe C++ exactly
// as host layouts do. An operation CuTe rejects is a diagnostic on the op.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

#include "layout/text.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

#include "FlyDialect.cpp.inc"

void FlyDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "FlyOps.cpp.inc"
      >();
}

Operation *FlyDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                           Location loc) {
  if (auto attr = dyn_cast<IntegerAttr>(value))
    return arith::ConstantOp::create(builder, loc, type, attr);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The layout type: `!fly.layout<(4,8):(8,1)>`.
//===----------------------------------------------------------------------===//

namespace {

// Reads an IntTuple written with MLIR's tokens: an integer, `_`, or `(t, ...)`.
ParseResult parseIntTupleText(AsmParser &parser, std::string &out) {
  if (succeeded(parser.parseOptionalLParen())) {
    out += "(";
    if (succeeded(parser.parseOptionalRParen()))
      return out += ")", success();
    do {
      if (failed(parseIntTupleText(parser, out)))
        return failure();
      out += ",";
    } while (succeeded(parser.parseOptionalComma()));
    out.back() = ')';
    return parser.parseRParen();
  }
  if (succeeded(parser.parseOptionalQuestion()))
    return out += "?", success();
  int64_t v;
  if (failed(parser.parseInteger(v)))
    return failure();
  out += std::to_string(v);
  return success();
}

/// A leaf known only at run time, in a type: the algebra carries it through and prints `?`.
struct Unknown final : L::DynamicInt {
  std::string str() const override { return "?"; }
  L::Int combine(L::ArithOp, const L::Int &, const L::Int &) const override { return unknown(); }
  static L::Int unknown() { return L::Int::dynamic(std::make_shared<Unknown>()); }
};

/// Reads layout text whose `?` leaves take leaf() in order.
L::Layout readLayout(llvm::StringRef text, const std::function<L::Int()> &leaf) {
  L::TextReader r(std::string_view(text.data(), text.size()));
  r.setDynamicLeaves(leaf);
  L::Layout l = r.layout();
  r.expectEnd();
  return l;
}

} // namespace

Type LayoutType::parse(AsmParser &parser) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parseIntTupleText(parser, text) || parser.parseColon())
    return {};
  text += ":";
  if (parseIntTupleText(parser, text) || parser.parseGreater())
    return {};
  try {
    return LayoutType::get(parser.getContext(), readLayout(text, Unknown::unknown));
  } catch (const L::LayoutError &e) {
    parser.emitError(loc, "invalid layout ") << text << ": " << e.what();
    return {};
  }
}

void LayoutType::print(AsmPrinter &printer) const { printer << "<" << getText() << ">"; }

LogicalResult LayoutType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 llvm::StringRef text) {
  try {
    readLayout(text, Unknown::unknown);
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << "invalid layout " << text << ": " << e.what();
  }
}

L::Layout LayoutType::getLayout() const { return readLayout(getText(), Unknown::unknown); }

unsigned LayoutType::getNumDynamicLeaves() const { return llvm::count(getText(), '?'); }

LogicalResult LayoutOp::verify() {
  unsigned want = getResult().getType().getNumDynamicLeaves();
  if (getLeaves().size() != want)
    return emitOpError("takes one index per '?' leaf of its type: ")
           << want << ", got " << getLeaves().size();
  return success();
}

LayoutType LayoutType::get(MLIRContext *ctx, const L::Layout &layout) {
  return Base::get(ctx, layout.str());
}

//===----------------------------------------------------------------------===//
// Result types by the algebra of src/layout.
//===----------------------------------------------------------------------===//

namespace {

template <class F>
LogicalResult inferLayout(MLIRContext *ctx, std::optional<Location> loc, const char *op,
                          ValueRange operands, SmallVectorImpl<Type> &results, F f) {
  std::vector<L::Layout> in;
  for (Value v : operands) {
    auto t = dyn_cast<LayoutType>(v.getType());
    if (!t)
      return emitOptionalError(loc, "fly.", op, ": operands must be !fly.layout values");
    in.push_back(t.getLayout());
  }
  try {
    results.push_back(LayoutType::get(ctx, f(in)));
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, "fly.", op, ": ", e.what());
  }
}

} // namespace

bool fly::ir::fly::isAlgebraOp(llvm::StringRef name) {
  static const llvm::StringRef names[] = {
      "fly.coalesce",       "fly.filter",          "fly.filter_zeros",    "fly.complement",
      "fly.right_inverse",  "fly.left_inverse",    "fly.flatten",         "fly.composition",
      "fly.logical_divide", "fly.zipped_divide",   "fly.tiled_divide",    "fly.flat_divide",
      "fly.logical_product", "fly.zipped_product", "fly.tiled_product",   "fly.flat_product",
      "fly.blocked_product", "fly.raked_product"};
  return llvm::is_contained(names, name);
}

L::Layout fly::ir::fly::computeLayout(llvm::StringRef name, const std::vector<L::Layout> &in) {
  // Divides and products take the right-hand layout as their tiler.
  auto tiler = [&] { return L::Tiler(in.at(1)); };
  if (name == "fly.coalesce")
    return L::coalesce(in.at(0));
  if (name == "fly.filter")
    return L::filter(in.at(0));
  if (name == "fly.filter_zeros")
    return L::filterZeros(in.at(0));
  if (name == "fly.complement")
    return L::complement(in.at(0));
  if (name == "fly.right_inverse")
    return L::rightInverse(in.at(0));
  if (name == "fly.left_inverse")
    return L::leftInverse(in.at(0));
  if (name == "fly.flatten")
    return L::flatten(in.at(0));
  if (name == "fly.composition")
    return L::composition(in.at(0), in.at(1));
  if (name == "fly.logical_divide")
    return L::logicalDivide(in.at(0), tiler());
  if (name == "fly.zipped_divide")
    return L::zippedDivide(in.at(0), tiler());
  if (name == "fly.tiled_divide")
    return L::tiledDivide(in.at(0), tiler());
  if (name == "fly.flat_divide")
    return L::flatDivide(in.at(0), tiler());
  if (name == "fly.logical_product")
    return L::logicalProduct(in.at(0), tiler());
  if (name == "fly.zipped_product")
    return L::zippedProduct(in.at(0), tiler());
  if (name == "fly.tiled_product")
    return L::tiledProduct(in.at(0), tiler());
  if (name == "fly.flat_product")
    return L::flatProduct(in.at(0), tiler());
  if (name == "fly.blocked_product")
    return L::blockedProduct(in.at(0), in.at(1));
  if (name == "fly.raked_product")
    return L::rakedProduct(in.at(0), in.at(1));
  L::fail(L::ErrorKind::Unsupported, "no layout algebra op " + name.str());
}

#define FLY_INFERENCE(Op)                                                                         \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,              \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,       \
                                     RegionRange, SmallVectorImpl<Type> &results) {               \
    llvm::StringRef name = Op::getOperationName();                                               \
    return inferLayout(ctx, loc, name.data() + 4, operands, results,                              \
                       [&](const std::vector<L::Layout> &in) { return computeLayout(name, in); }); \
  }

FLY_INFERENCE(CoalesceOp)
FLY_INFERENCE(FilterOp)
FLY_INFERENCE(FilterZerosOp)
FLY_INFERENCE(ComplementOp)
FLY_INFERENCE(RightInverseOp)
FLY_INFERENCE(LeftInverseOp)
FLY_INFERENCE(FlattenOp)
FLY_INFERENCE(CompositionOp)
FLY_INFERENCE(LogicalDivideOp)
FLY_INFERENCE(ZippedDivideOp)
FLY_INFERENCE(TiledDivideOp)
FLY_INFERENCE(FlatDivideOp)
FLY_INFERENCE(LogicalProductOp)
FLY_INFERENCE(ZippedProductOp)
FLY_INFERENCE(TiledProductOp)
FLY_INFERENCE(FlatProductOp)
FLY_INFERENCE(BlockedProductOp)
FLY_INFERENCE(RakedProductOp)

//===----------------------------------------------------------------------===//
// Queries fold to constants; crd2idx checks its coordinate.
//===----------------------------------------------------------------------===//

namespace {
template <class F> OpFoldResult foldQuery(Operation *op, Value input, F f) {
  auto t = cast<LayoutType>(input.getType());
  try {
    return IntegerAttr::get(IndexType::get(op->getContext()), f(t.getLayout()));
  } catch (const L::LayoutError &) { // a dynamic answer: fly-layout-lowering computes it
    return {}; // left alone; the value is not representable
  }
}
} // namespace

OpFoldResult SizeOp::fold(FoldAdaptor) {
  return foldQuery(*this, getInput(), [](const L::Layout &l) { return L::size(l).value(); });
}
OpFoldResult CosizeOp::fold(FoldAdaptor) {
  return foldQuery(*this, getInput(), [](const L::Layout &l) { return L::cosize(l).value(); });
}
OpFoldResult RankOp::fold(FoldAdaptor) {
  return foldQuery(*this, getInput(), [](const L::Layout &l) { return int64_t(l.rank()); });
}
OpFoldResult DepthOp::fold(FoldAdaptor) {
  return foldQuery(*this, getInput(), [](const L::Layout &l) { return int64_t(L::depth(l)); });
}

LogicalResult Crd2IdxOp::verify() {
  L::Layout l = getLayout().getType().getLayout();
  std::vector<L::Int> leaves;
  L::flattenInto(l.shape(), leaves);
  if (getCoord().size() != leaves.size())
    return emitOpError("takes one index per leaf of the shape: ")
           << leaves.size() << " for " << l.str() << ", got " << getCoord().size();
  return success();
}

#define GET_TYPEDEF_CLASSES
#include "FlyTypes.cpp.inc"

#define GET_OP_CLASSES
#include "FlyOps.cpp.inc"
