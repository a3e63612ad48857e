//===- fly_dialect.cpp - The Fly dialect: types, inference, folds ---------===//
//
// Result types of the algebra ops come from src/layout, the same code that
// answers host calls, so a kernel's static layouts agree with CuTe C++ exactly
// as host layouts do. An operation CuTe rejects is a diagnostic on the op.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

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
  int64_t v;
  if (failed(parser.parseInteger(v)))
    return failure();
  out += std::to_string(v);
  return success();
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
    return LayoutType::get(parser.getContext(), L::Layout::parse(text));
  } catch (const L::LayoutError &e) {
    parser.emitError(loc, "invalid layout ") << text << ": " << e.what();
    return {};
  }
}

void LayoutType::print(AsmPrinter &printer) const { printer << "<" << getText() << ">"; }

LogicalResult LayoutType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 llvm::StringRef text) {
  try {
    L::Layout::parse(std::string_view(text.data(), text.size()));
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << "invalid layout " << text << ": " << e.what();
  }
}

L::Layout LayoutType::getLayout() const {
  llvm::StringRef t = getText();
  return L::Layout::parse(std::string_view(t.data(), t.size()));
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

#define FLY_UNARY_INFERENCE(Op, name, call)                                                       \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,              \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,       \
                                     RegionRange, SmallVectorImpl<Type> &results) {               \
    return inferLayout(ctx, loc, name, operands, results,                                        \
                       [](const std::vector<L::Layout> &in) { return call(in[0]); });           \
  }

#define FLY_BINARY_INFERENCE(Op, name, call)                                                      \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,              \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,       \
                                     RegionRange, SmallVectorImpl<Type> &results) {               \
    return inferLayout(ctx, loc, name, operands, results,                                        \
                       [](const std::vector<L::Layout> &in) { return call(in[0], in[1]); });    \
  }

namespace {
L::Layout complementOf(const L::Layout &l) { return L::complement(l); }
L::Layout filterOf(const L::Layout &l) { return L::filter(l); }
L::Layout coalesceOf(const L::Layout &l) { return L::coalesce(l); }
L::Layout compose(const L::Layout &a, const L::Layout &b) { return L::composition(a, b); }
// Divides and products take the right-hand layout as their tiler.
template <L::Layout (*F)(const L::Layout &, const L::Tiler &)>
L::Layout byTiler(const L::Layout &a, const L::Layout &b) {
  return F(a, L::Tiler(b));
}
} // namespace

FLY_UNARY_INFERENCE(CoalesceOp, "coalesce", coalesceOf)
FLY_UNARY_INFERENCE(FilterOp, "filter", filterOf)
FLY_UNARY_INFERENCE(FilterZerosOp, "filter_zeros", L::filterZeros)
FLY_UNARY_INFERENCE(ComplementOp, "complement", complementOf)
FLY_UNARY_INFERENCE(RightInverseOp, "right_inverse", L::rightInverse)
FLY_UNARY_INFERENCE(LeftInverseOp, "left_inverse", L::leftInverse)
FLY_UNARY_INFERENCE(FlattenOp, "flatten", L::flatten)
FLY_BINARY_INFERENCE(CompositionOp, "composition", compose)
FLY_BINARY_INFERENCE(LogicalDivideOp, "logical_divide", byTiler<L::logicalDivide>)
FLY_BINARY_INFERENCE(ZippedDivideOp, "zipped_divide", byTiler<L::zippedDivide>)
FLY_BINARY_INFERENCE(TiledDivideOp, "tiled_divide", byTiler<L::tiledDivide>)
FLY_BINARY_INFERENCE(FlatDivideOp, "flat_divide", byTiler<L::flatDivide>)
FLY_BINARY_INFERENCE(LogicalProductOp, "logical_product", byTiler<L::logicalProduct>)
FLY_BINARY_INFERENCE(ZippedProductOp, "zipped_product", byTiler<L::zippedProduct>)
FLY_BINARY_INFERENCE(TiledProductOp, "tiled_product", byTiler<L::tiledProduct>)
FLY_BINARY_INFERENCE(FlatProductOp, "flat_product", byTiler<L::flatProduct>)
FLY_BINARY_INFERENCE(BlockedProductOp, "blocked_product", L::blockedProduct)
FLY_BINARY_INFERENCE(RakedProductOp, "raked_product", L::rakedProduct)

//===----------------------------------------------------------------------===//
// Queries fold to constants; crd2idx checks its coordinate.
//===----------------------------------------------------------------------===//

namespace {
template <class F> OpFoldResult foldQuery(Operation *op, Value input, F f) {
  auto t = cast<LayoutType>(input.getType());
  try {
    return IntegerAttr::get(IndexType::get(op->getContext()), f(t.getLayout()));
  } catch (const L::LayoutError &) {
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
