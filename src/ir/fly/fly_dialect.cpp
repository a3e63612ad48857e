//===- fly_dialect.cpp - The Fly dialect: types, inference, folds ---------===//
//
// Result types of the algebra ops come from src/layout, the same code that
// answers host calls, so a kernel's static layouts agree with CuTe C++ exactly
// as host layouts do. An operation CuTe rejects is a diagnostic on the op.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"
#include "ir/printf_format.h"
#include "layout/codomain.h"
#include "layout/fragment.h"

#include "layout/copy.h"
#include "layout/text.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace fly::ir::fly;
namespace L = fly::layout;

#include "FlyDialect.cpp.inc"
#include "FlyEnums.cpp.inc"

#include "FlyAttrInterfaces.cpp.inc"
#include "FlyTypeInterfaces.cpp.inc"

void FlyDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "FlyAttrs.cpp.inc"
      >();
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

/// The spellings a basis element's modes may take after its integer (`E0`, `E1E0`, ...): only
/// these are read as part of a leaf, so a keyword that follows a tuple (a composed layout's `o`)
/// stays for its reader.
llvm::ArrayRef<llvm::StringRef> basisModeSpellings() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    std::function<void(std::string, int)> grow = [&](std::string prefix, int depth) {
      for (int m = 0; m < (depth == 0 ? 16 : 8); ++m) {
        std::string t = prefix + "E" + std::to_string(m);
        out.push_back(t);
        if (depth < 2)
          grow(t, depth + 1);
      }
    };
    grow("", 0);
    return out;
  }();
  static const std::vector<llvm::StringRef> refs(texts.begin(), texts.end());
  return refs;
}

// Reads an IntTuple written with MLIR's tokens: an integer (1E0: a basis element), `*`, `?`,
// `?{div=d}`, or `(t, ...)`.
// Where a keyword may follow the tuple (a composed layout's `o`), only basis spellings are read
// as part of a leaf; elsewhere any keyword there is read, and a malformed one is an error.
ParseResult parseIntTupleText(AsmParser &parser, std::string &out, bool keywordFollows = false) {
  if (succeeded(parser.parseOptionalLParen())) {
    out += "(";
    if (succeeded(parser.parseOptionalRParen()))
      return out += ")", success();
    do {
      if (failed(parseIntTupleText(parser, out, keywordFollows)))
        return failure();
      out += ",";
    } while (succeeded(parser.parseOptionalComma()));
    out.back() = ')';
    return parser.parseRParen();
  }
  if (succeeded(parser.parseOptionalStar())) // FlyDSL's `*`, CuTe's `_`: keep this mode
    return out += "_", success();
  if (succeeded(parser.parseOptionalQuestion())) {
    out += "?";
    if (failed(parser.parseOptionalLBrace()))
      return success();
    // FlyDSL's ?{i32}, ?{i64}, ?{div=16}, ?{i64 div=16}; ?{16} as well.
    SMLoc at = parser.getCurrentLocation();
    bool wide = succeeded(parser.parseOptionalKeyword("i64"));
    if (!wide)
      (void)parser.parseOptionalKeyword("i32");
    int64_t d = 1;
    if (succeeded(parser.parseOptionalKeyword("div"))) {
      if (parser.parseEqual() || parser.parseInteger(d) || parser.parseRBrace())
        return failure();
    } else if (failed(parser.parseOptionalRBrace())) {
      Type other;
      if (parser.parseOptionalType(other).has_value())
        return parser.emitError(at, "a dynamic leaf is 32 or 64 bits wide (?{i32}, ?{i64}), not ")
               << other;
      if (parser.parseInteger(d) || parser.parseRBrace())
        return failure();
    }
    if (d < 1)
      return parser.emitError(at, "a divisibility is positive");
    std::string spec = wide ? "i64" : "";
    if (d > 1)
      spec += (wide ? " div=" : "div=") + std::to_string(d);
    if (!spec.empty())
      out += "{" + spec + "}";
    return success();
  }
  int64_t v;
  if (failed(parser.parseInteger(v)))
    return failure();
  out += std::to_string(v);
  // A scaled basis element, FlyDSL's 1E0 or 2E1E0 (CuTe text's 1@0, 2@1@0): MLIR's lexer
  // reads the integer, then the rest as one bare identifier.
  llvm::StringRef modes;
  SMLoc at = parser.getCurrentLocation();
  if (keywordFollows ? succeeded(parser.parseOptionalKeyword(&modes, basisModeSpellings()))
                     : succeeded(parser.parseOptionalKeyword(&modes))) {
    llvm::SmallVector<llvm::StringRef> parts;
    modes.split(parts, 'E');
    if (parts.size() < 2 || !parts.front().empty())
      return parser.emitError(at, "expected a basis mode (E0, E1, ...), got ") << modes;
    for (llvm::StringRef m : llvm::drop_begin(parts)) {
      unsigned mode;
      if (m.getAsInteger(10, mode))
        return parser.emitError(at, "expected a basis mode (E0, E1, ...), got ") << modes;
      out += "@" + std::to_string(mode);
    }
  }
  return success();
}

/// CuTe text as FlyDSL prints it: basis elements as 1E0 rather than 1@0, `*` for `_`.
std::string flydslText(llvm::StringRef text) {
  std::string out = text.str();
  std::replace(out.begin(), out.end(), '@', 'E');
  std::replace(out.begin(), out.end(), '_', '*');
  return out;
}

/// A leaf known only at run time, in a type, with a number it is a multiple of and its width
/// (FlyDSL's: 32 bits, or 64 for `?{i64}`): the algebra carries both through (a product of
/// multiples of 2 and 8 is a multiple of 16; two leaves combine in the wider width) and prints
/// `?`, `?{div=16}`, `?{i64}` or `?{i64 div=16}`.
struct Unknown final : L::DynamicInt {
  Unknown(int64_t divisor, int bits) : divisor(divisor), bits(bits) {}
  std::string str() const override {
    std::string spec = bits == 64 ? "i64" : "";
    if (divisor > 1)
      spec += (spec.empty() ? "div=" : " div=") + std::to_string(divisor);
    return spec.empty() ? "?" : "?{" + spec + "}";
  }
  L::Int combine(L::ArithOp op, const L::Int &x, const L::Int &y) const override {
    if (auto folded = L::foldTrivial(op, x, y))
      return *folded;
    return unknown(L::resultDivisor(op, divisorOf(x), divisorOf(y)),
                   std::max(leafBits(x), leafBits(y)));
  }
  static L::Int unknown(int64_t divisor = 1, int bits = 32) {
    return L::Int::dynamic(std::make_shared<Unknown>(divisor < 1 ? 1 : divisor, bits));
  }
  static L::Int of(const L::DynamicLeafSpec &spec) { return unknown(spec.divisor, spec.bits); }
  int64_t divisor;
  int bits;
};

/// Reads layout text whose `?` leaves take leaf(divisor) in order.
L::Layout readLayout(llvm::StringRef text,
                     const std::function<L::Int(const L::DynamicLeafSpec &)> &leaf) {
  L::TextReader r(std::string_view(text.data(), text.size()));
  r.setDynamicLeaves(leaf);
  L::Layout l = r.layout();
  r.expectEnd();
  return l;
}

/// Reads int-tuple text whose `?` leaves take leaf(divisor) in order.
L::IntTuple readIntTuple(llvm::StringRef text,
                         const std::function<L::Int(const L::DynamicLeafSpec &)> &leaf) {
  L::TextReader r(std::string_view(text.data(), text.size()));
  r.setDynamicLeaves(leaf);
  L::IntTuple t = r.intTuple();
  r.expectEnd();
  return t;
}

} // namespace

llvm::SmallVector<Type> fly::ir::fly::dynamicLeafTypes(IntTupleType t) {
  std::vector<L::Int> leaves;
  L::flattenInto(t.getTuple(), leaves);
  llvm::SmallVector<Type> types;
  for (const L::Int &x : leaves)
    if (!x.isStatic())
      types.push_back(IntegerType::get(t.getContext(), leafBits(x) == 64 ? 64 : 32));
  return types;
}

int fly::ir::fly::leafBits(const L::Int &x) {
  const auto *u = dynamic_cast<const Unknown *>(x.dynamicPart());
  return u ? u->bits : 0;
}

int64_t fly::ir::fly::divisorOf(const L::Int &x) {
  if (const auto *u = dynamic_cast<const Unknown *>(x.dynamicPart()))
    return u->divisor;
  if (!x.isStatic() || x.isBasis())
    return 1;
  return x.value() < 0 ? -x.value() : x.value();
}

namespace {

/// Parses `<tuple>`, or `<shape:stride>` for a layout, into the type `make` builds from the
/// text; a LayoutError is a parse error naming `what`.
template <class Make>
Type parseTextType(AsmParser &parser, bool isLayout, const char *what, Make make) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parseIntTupleText(parser, text))
    return {};
  if (isLayout) {
    if (parser.parseColon())
      return {};
    text += ":";
    if (parseIntTupleText(parser, text))
      return {};
  }
  if (parser.parseGreater())
    return {};
  try {
    return make(text);
  } catch (const L::LayoutError &e) {
    parser.emitError(loc, "invalid ") << what << " " << text << ": " << e.what();
    return {};
  }
}

/// A text type's verifier: its text must read back with `read`.
template <class Read>
LogicalResult verifyText(function_ref<InFlightDiagnostic()> emitError, const char *what,
                         llvm::StringRef text, Read read) {
  try {
    read(text, Unknown::of);
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << "invalid " << what << " " << text << ": " << e.what();
  }
}

} // namespace

Type IntTupleType::parse(AsmParser &parser) {
  return parseTextType(parser, false, "int tuple", [&](const std::string &text) {
    return IntTupleType::get(parser.getContext(), readIntTuple(text, Unknown::of));
  });
}

void IntTupleType::print(AsmPrinter &printer) const {
  printer << "<" << flydslText(getText()) << ">";
}

LogicalResult IntTupleType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   llvm::StringRef text) {
  return verifyText(emitError, "int tuple", text, readIntTuple);
}

L::IntTuple IntTupleType::getTuple() const { return readIntTuple(getText(), Unknown::of); }

unsigned IntTupleType::getNumDynamicLeaves() const { return llvm::count(getText(), '?'); }

IntTupleType IntTupleType::get(MLIRContext *ctx, const L::IntTuple &tuple) {
  return Base::get(ctx, tuple.str());
}

namespace {

/// Reads one element of FlyDSL's tile text: `*`, `[e|e|...]`, a layout `s:d` or an integer.
ParseResult parseTileElement(AsmParser &parser, L::Tiler &out) {
  if (succeeded(parser.parseOptionalStar()))
    return out = L::Tiler::underscore(), success();
  if (succeeded(parser.parseOptionalLSquare())) {
    std::vector<L::Tiler> elems;
    do {
      L::Tiler e = L::Tiler::underscore();
      if (failed(parseTileElement(parser, e)))
        return failure();
      elems.push_back(e);
    } while (succeeded(parser.parseOptionalVerticalBar()));
    out = L::Tiler::tuple(std::move(elems));
    return parser.parseRSquare();
  }
  SMLoc loc = parser.getCurrentLocation();
  std::string text;
  if (parseIntTupleText(parser, text))
    return failure();
  if (llvm::StringRef(text).contains('?'))
    return parser.emitError(loc, "a tile's leaves are static here; dynamic tiles are not offered");
  bool isLayout = succeeded(parser.parseOptionalColon());
  if (isLayout) {
    text += ":";
    if (parseIntTupleText(parser, text))
      return failure();
  }
  try {
    out = isLayout ? L::Tiler(L::Layout::parse(text)) : L::Tiler::parse(text);
  } catch (const L::LayoutError &e) {
    return parser.emitError(loc, "invalid tile element ") << text << ": " << e.what();
  }
  if (!isLayout && out.kind() != L::Tiler::Kind::Integer)
    return parser.emitError(loc, "a tile element is a layout, an integer or *, not ") << text;
  return success();
}

void printTileElement(AsmPrinter &printer, const L::Tiler &t) {
  switch (t.kind()) {
  case L::Tiler::Kind::Layout:
    printer << flydslText(t.layout().str());
    return;
  case L::Tiler::Kind::Integer:
    printer << t.integer();
    return;
  case L::Tiler::Kind::Underscore:
    printer << "*";
    return;
  case L::Tiler::Kind::Tuple:
    break;
  }
  printer << "[";
  for (size_t i = 0; i < t.elems().size(); ++i) {
    if (i)
      printer << "|";
    printTileElement(printer, t.elems()[i]);
  }
  printer << "]";
}

} // namespace

Type TileType::parse(AsmParser &parser) {
  L::Tiler t = L::Tiler::underscore();
  if (parser.parseLess() || parseTileElement(parser, t) || parser.parseGreater())
    return {};
  return TileType::get(parser.getContext(), t);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  printTileElement(printer, getTiler());
  printer << ">";
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               llvm::StringRef text) {
  try {
    L::Tiler::parse(std::string_view(text.data(), text.size()));
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << "invalid tile " << text << ": " << e.what();
  }
}

L::Tiler TileType::getTiler() const {
  return L::Tiler::parse(std::string_view(getText().data(), getText().size()));
}

TileType TileType::get(MLIRContext *ctx, const L::Tiler &tiler) {
  return Base::get(ctx, tiler.str());
}

Type LayoutType::parse(AsmParser &parser) {
  return parseTextType(parser, true, "layout", [&](const std::string &text) {
    return LayoutType::get(parser.getContext(), readLayout(text, Unknown::of));
  });
}

void LayoutType::print(AsmPrinter &printer) const {
  printer << "<" << flydslText(getText()) << ">";
}

LogicalResult LayoutType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 llvm::StringRef text) {
  return verifyText(emitError, "layout", text, readLayout);
}

L::Layout LayoutType::getLayout() const { return readLayout(getText(), Unknown::of); }

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
// Swizzles and composed layouts: `!fly.swizzle<S<3,4,3>>`, `!fly.coord_swizzle<CS<...>>`,
// `!fly.composed_layout<inner o offset o outer>`.
//===----------------------------------------------------------------------===//

namespace {

ParseResult parseIntegerText(AsmParser &parser, std::string &out) {
  int64_t v;
  if (parser.parseInteger(v))
    return failure();
  out += std::to_string(v);
  return success();
}

/// `<b,m,s>` after `S`, or `<mask,baseRow,[path],baseCol,[path]>` after `CS`.
ParseResult parseSwizzleBody(AsmParser &parser, bool coord, std::string &out) {
  auto path = [&]() -> ParseResult {
    out += "[";
    if (parser.parseLSquare())
      return failure();
    if (failed(parser.parseOptionalRSquare())) {
      if (parser.parseCommaSeparatedList([&]() -> ParseResult {
            if (out.back() != '[')
              out += ",";
            return parseIntegerText(parser, out);
          }) ||
          parser.parseRSquare())
        return failure();
    }
    out += "]";
    return success();
  };
  out += coord ? "CS<" : "S<";
  if (parser.parseLess() || parseIntegerText(parser, out) || parser.parseComma())
    return failure();
  out += ",";
  if (parseIntegerText(parser, out) || parser.parseComma())
    return failure();
  out += ",";
  if (coord) {
    if (path() || parser.parseComma())
      return failure();
    out += ",";
    if (parseIntegerText(parser, out) || parser.parseComma())
      return failure();
    out += ",";
    if (path())
      return failure();
  } else if (parseIntegerText(parser, out)) {
    return failure();
  }
  out += ">";
  return parser.parseGreater();
}

ParseResult parseLayoutText(AsmParser &parser, std::string &out, bool keywordFollows = false) {
  if (parseIntTupleText(parser, out) || parser.parseColon())
    return failure();
  out += ":";
  return parseIntTupleText(parser, out, keywordFollows);
}

ParseResult parseComposedRest(AsmParser &parser, std::string &out);

/// `inner o offset o outer (o offset o outer)*`, an outer composition between `[` and `]`.
ParseResult parseComposedText(AsmParser &parser, std::string &out) {
  if (succeeded(parser.parseOptionalKeyword("CS"))) {
    if (parseSwizzleBody(parser, true, out))
      return failure();
  } else if (succeeded(parser.parseOptionalKeyword("S"))) {
    if (parseSwizzleBody(parser, false, out))
      return failure();
  } else if (parseLayoutText(parser, out, true)) {
    return failure();
  }
  if (parser.parseKeyword("o"))
    return failure();
  return parseComposedRest(parser, out);
}

/// What follows a composition's inner function and its first `o`.
ParseResult parseComposedRest(AsmParser &parser, std::string &out) {
  do {
    out += " o ";
    if (parseIntTupleText(parser, out, true) || parser.parseKeyword("o"))
      return failure();
    out += " o ";
    if (succeeded(parser.parseOptionalLSquare())) {
      out += "[";
      if (parseComposedText(parser, out) || parser.parseRSquare())
        return failure();
      out += "]";
    } else if (parseLayoutText(parser, out, true)) {
      return failure();
    }
  } while (succeeded(parser.parseOptionalKeyword("o")));
  return success();
}

L::Swizzle readSwizzle(llvm::StringRef text) {
  L::TextReader r(std::string_view(text.data(), text.size()));
  if (!r.accept('S'))
    r.error("expected S<b,m,s>");
  L::Swizzle s = L::readSwizzleBody(r);
  r.expectEnd();
  return s;
}

L::CoordSwizzle readCoordSwizzle(llvm::StringRef text) {
  L::TextReader r(std::string_view(text.data(), text.size()));
  if (!r.accept("CS"))
    r.error("expected CS<mask,baseRow,[mode],baseCol,[mode]>");
  L::CoordSwizzle s = L::readCoordSwizzleBody(r);
  r.expectEnd();
  return s;
}

L::ComposedFunction readComposed(llvm::StringRef text) {
  if (text.contains('?'))
    L::fail(L::ErrorKind::Unsupported, "a composed layout is static: no '?' leaves");
  return L::ComposedFunction::parse(std::string_view(text.data(), text.size()));
}

/// Parses `<...>` with `body`, then builds the type from the text `canonical` gives; a
/// LayoutError is a parse error naming `what`.
template <class Body, class Make>
Type parseFunctionType(AsmParser &parser, const char *what, Body body, Make make) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || body(text) || parser.parseGreater())
    return {};
  try {
    return make(text);
  } catch (const L::LayoutError &e) {
    parser.emitError(loc, "invalid ") << what << " " << text << ": " << e.what();
    return {};
  }
}

template <class Read>
LogicalResult verifyFunctionText(function_ref<InFlightDiagnostic()> emitError, const char *what,
                                 llvm::StringRef text, Read read) {
  try {
    read(text);
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << "invalid " << what << " " << text << ": " << e.what();
  }
}

} // namespace

Type SwizzleType::parse(AsmParser &parser) {
  return parseFunctionType(
      parser, "swizzle",
      [&](std::string &text) -> ParseResult {
        return failure(parser.parseKeyword("S") || parseSwizzleBody(parser, false, text));
      },
      [&](const std::string &text) { return get(parser.getContext(), readSwizzle(text)); });
}

void SwizzleType::print(AsmPrinter &printer) const { printer << "<" << getText() << ">"; }

LogicalResult SwizzleType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  llvm::StringRef text) {
  return verifyFunctionText(emitError, "swizzle", text, readSwizzle);
}

L::Swizzle SwizzleType::getSwizzle() const { return readSwizzle(getText()); }

SwizzleType SwizzleType::get(MLIRContext *ctx, const L::Swizzle &s) {
  return Base::get(ctx, L::flydslSwizzleText(s));
}

Type CoordSwizzleType::parse(AsmParser &parser) {
  return parseFunctionType(
      parser, "coordinate swizzle",
      [&](std::string &text) -> ParseResult {
        return failure(parser.parseKeyword("CS") || parseSwizzleBody(parser, true, text));
      },
      [&](const std::string &text) { return get(parser.getContext(), readCoordSwizzle(text)); });
}

void CoordSwizzleType::print(AsmPrinter &printer) const { printer << "<" << getText() << ">"; }

LogicalResult CoordSwizzleType::verify(function_ref<InFlightDiagnostic()> emitError,
                                       llvm::StringRef text) {
  return verifyFunctionText(emitError, "coordinate swizzle", text, readCoordSwizzle);
}

L::CoordSwizzle CoordSwizzleType::getCoordSwizzle() const { return readCoordSwizzle(getText()); }

CoordSwizzleType CoordSwizzleType::get(MLIRContext *ctx, const L::CoordSwizzle &s) {
  return Base::get(ctx, s.str());
}

Type ComposedLayoutType::parse(AsmParser &parser) {
  return parseFunctionType(
      parser, "composed layout", [&](std::string &text) { return parseComposedText(parser, text); },
      [&](const std::string &text) { return get(parser.getContext(), readComposed(text)); });
}

void ComposedLayoutType::print(AsmPrinter &printer) const {
  printer << "<" << flydslText(getText()) << ">";
}

LogicalResult ComposedLayoutType::verify(function_ref<InFlightDiagnostic()> emitError,
                                         llvm::StringRef text) {
  return verifyFunctionText(emitError, "composed layout", text, readComposed);
}

L::ComposedFunction ComposedLayoutType::getFunction() const { return readComposed(getText()); }

ComposedLayoutType ComposedLayoutType::get(MLIRContext *ctx, const L::ComposedFunction &f) {
  return Base::get(ctx, f.str());
}

//===----------------------------------------------------------------------===//
// Result types by the algebra of src/layout.
//===----------------------------------------------------------------------===//

namespace {

/// The layout or int tuple an operand's type holds (placeholders for `?`
/// leaves).
L::Layout layoutOf(Value v) { return cast<LayoutType>(v.getType()).getLayout(); }
L::IntTuple tupleOf(Value v) { return cast<IntTupleType>(v.getType()).getTuple(); }

/// One result type computed by `f`; a LayoutError is the op's diagnostic.
template <class F>
LogicalResult inferOne(std::optional<Location> loc, llvm::StringRef op,
                       SmallVectorImpl<Type> &results, F f) {
  try {
    results.push_back(f());
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, op, ": ", e.what());
  }
}

/// The layout-algebra ops, and whether FlyDSL canonicalizes their results (it does for
/// compositions, complements, divides and products).
struct AlgebraOp {
  llvm::StringLiteral name;
  bool canonical;
};
constexpr AlgebraOp kAlgebraOps[] = {{"fly.coalesce", false},
                                     {"fly.filter", false},
                                     {"fly.filter_zeros", false},
                                     {"fly.complement", true},
                                     {"fly.right_inverse", false},
                                     {"fly.left_inverse", false},
                                     {"fly.flatten", false},
                                     {"fly.composition", true},
                                     {"fly.logical_divide", true},
                                     {"fly.zipped_divide", true},
                                     {"fly.tiled_divide", true},
                                     {"fly.flat_divide", true},
                                     {"fly.logical_product", true},
                                     {"fly.zipped_product", true},
                                     {"fly.tiled_product", true},
                                     {"fly.flat_product", true},
                                     {"fly.blocked_product", true},
                                     {"fly.raked_product", true},
                                     {"fly.make_fragment_layout_like", true}};

const AlgebraOp *findAlgebraOp(llvm::StringRef name) {
  for (const AlgebraOp &op : kAlgebraOps)
    if (op.name == name)
      return &op;
  return nullptr;
}

} // namespace

bool fly::ir::fly::isAlgebraOp(llvm::StringRef name) { return findAlgebraOp(name) != nullptr; }

namespace {

/// FlyDSL's canonical form of a shape-stride pair: a tuple of one mode is that mode, and an
/// extent-1 leaf has stride 0. CuTe keeps both (`((8),(4)):((1),(8))`), FlyDSL's dialect
/// writes the same function as `(8,4):(1,8)`; the two agree at every coordinate.
void canonicalPair(const L::IntTuple &shape, const L::IntTuple &stride, L::IntTuple &outShape,
                   L::IntTuple &outStride) {
  if (shape.isLeaf()) {
    bool one = shape.leaf().isStatic() && !shape.leaf().isBasis() && shape.leaf().value() == 1;
    outShape = shape;
    outStride = one ? L::IntTuple(int64_t(0)) : stride;
    return;
  }
  if (shape.rank() == 1)
    return canonicalPair(shape[0], stride[0], outShape, outStride);
  std::vector<L::IntTuple> shapes(shape.rank()), strides(shape.rank());
  for (size_t i = 0; i < shape.rank(); ++i)
    canonicalPair(shape[i], stride[i], shapes[i], strides[i]);
  outShape = L::IntTuple::tuple(std::move(shapes));
  outStride = L::IntTuple::tuple(std::move(strides));
}

L::Layout flydslCanonical(const L::Layout &l) {
  L::IntTuple shape, stride;
  canonicalPair(l.shape(), l.stride(), shape, stride);
  return L::Layout(shape, stride);
}

L::Layout cuteLayout(llvm::StringRef name, const std::vector<L::Layout> &in,
                     const std::optional<L::IntTuple> &extra, const std::optional<L::Tiler> &tile);

} // namespace

L::Layout fly::ir::fly::computeLayout(llvm::StringRef name, const std::vector<L::Layout> &in,
                                      const std::optional<L::IntTuple> &extra,
                                      const std::optional<L::Tiler> &tile) {
  L::Layout l = cuteLayout(name, in, extra, tile);
  const AlgebraOp *op = findAlgebraOp(name);
  return op && op->canonical ? flydslCanonical(l) : l;
}

namespace {

/// The layout CuTe's function of the op's name gives.
L::Layout cuteLayout(llvm::StringRef name, const std::vector<L::Layout> &in,
                     const std::optional<L::IntTuple> &extra, const std::optional<L::Tiler> &tile) {
  // Divides and products take a !fly.tile, or the right-hand layout, as their tiler.
  auto tiler = [&] { return tile ? *tile : L::Tiler(in.at(1)); };
  if (name == "fly.coalesce")
    return extra ? L::coalesce(in.at(0), *extra) : L::coalesce(in.at(0));
  if (name == "fly.filter")
    return L::filter(in.at(0));
  if (name == "fly.filter_zeros")
    return L::filterZeros(in.at(0));
  if (name == "fly.complement")
    return extra ? L::complement(in.at(0), *extra) : L::complement(in.at(0));
  if (name == "fly.right_inverse")
    return L::rightInverse(in.at(0));
  if (name == "fly.left_inverse")
    return L::leftInverse(in.at(0));
  if (name == "fly.flatten")
    return L::flatten(in.at(0));
  if (name == "fly.composition")
    return tile ? L::composition(in.at(0), *tile) : L::composition(in.at(0), in.at(1));
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
  if (name == "fly.make_fragment_layout_like")
    return L::makeFragmentLike(in.at(0));
  L::fail(L::ErrorKind::Unsupported, "no layout algebra op " + name.str());
}

} // namespace

namespace {
// The int-tuple ops of the dialect and the src/layout operation each one is.
constexpr std::pair<llvm::StringLiteral, L::TupleOp> kTupleOps[] = {
    {"fly.int_tuple_add", L::TupleOp::Add},
    {"fly.int_tuple_sub", L::TupleOp::Sub},
    {"fly.int_tuple_mul", L::TupleOp::Mul},
    {"fly.int_tuple_div", L::TupleOp::Div},
    {"fly.int_tuple_mod", L::TupleOp::Mod},
    {"fly.int_tuple_product_like", L::TupleOp::ProductLike},
    {"fly.shape_div", L::TupleOp::ShapeDiv},
    {"fly.ceil_div", L::TupleOp::CeilDiv}};
constexpr std::pair<llvm::StringLiteral, L::TupleUnaryOp> kTupleUnaryOps[] = {
    {"fly.int_tuple_product", L::TupleUnaryOp::Product},
    {"fly.int_tuple_product_each", L::TupleUnaryOp::ProductEach}};

template <class Table, class Op> llvm::StringRef nameIn(const Table &table, Op op) {
  for (const auto &[name, entry] : table)
    if (entry == op)
      return name;
  return {};
}
} // namespace

llvm::StringRef fly::ir::fly::tupleOpName(L::TupleOp op) { return nameIn(kTupleOps, op); }
llvm::StringRef fly::ir::fly::tupleOpName(L::TupleUnaryOp op) { return nameIn(kTupleUnaryOps, op); }

bool fly::ir::fly::isIntTupleOp(llvm::StringRef name) {
  return llvm::any_of(kTupleOps, [&](const auto &e) { return e.first == name; }) ||
         llvm::any_of(kTupleUnaryOps, [&](const auto &e) { return e.first == name; });
}

L::IntTuple fly::ir::fly::computeIntTuple(llvm::StringRef name,
                                          const std::vector<L::IntTuple> &in) {
  for (const auto &[opName, op] : kTupleUnaryOps)
    if (opName == name)
      return L::apply(op, in.at(0));
  for (const auto &[opName, op] : kTupleOps)
    if (opName == name)
      return L::apply(op, in.at(0), in.at(1));
  L::fail(L::ErrorKind::Unsupported, "no int tuple op " + name.str());
}

#define FLY_LAYOUT_INFERENCE(Op)                                                                   \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,                \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,        \
                                     RegionRange, SmallVectorImpl<Type> &results) {                \
    llvm::StringRef name = Op::getOperationName();                                                 \
    return inferOne(loc, name, results, [&]() -> Type {                                            \
      std::vector<L::Layout> in;                                                                   \
      std::optional<L::IntTuple> extra;                                                            \
      std::optional<L::Tiler> tile;                                                                \
      for (Value v : operands) {                                                                   \
        if (isa<IntTupleType>(v.getType()))                                                        \
          extra = tupleOf(v);                                                                      \
        else if (auto t = dyn_cast<TileType>(v.getType()))                                         \
          tile = t.getTiler();                                                                     \
        else                                                                                       \
          in.push_back(layoutOf(v));                                                               \
      }                                                                                            \
      return LayoutType::get(ctx, computeLayout(name, in, extra, tile));                           \
    });                                                                                            \
  }

FLY_LAYOUT_INFERENCE(CoalesceOp)
FLY_LAYOUT_INFERENCE(FilterOp)
FLY_LAYOUT_INFERENCE(FilterZerosOp)
FLY_LAYOUT_INFERENCE(ComplementOp)
FLY_LAYOUT_INFERENCE(RightInverseOp)
FLY_LAYOUT_INFERENCE(LeftInverseOp)
FLY_LAYOUT_INFERENCE(FlattenOp)
FLY_LAYOUT_INFERENCE(CompositionOp)
FLY_LAYOUT_INFERENCE(LogicalDivideOp)
FLY_LAYOUT_INFERENCE(ZippedDivideOp)
FLY_LAYOUT_INFERENCE(TiledDivideOp)
FLY_LAYOUT_INFERENCE(FlatDivideOp)
FLY_LAYOUT_INFERENCE(LogicalProductOp)
FLY_LAYOUT_INFERENCE(ZippedProductOp)
FLY_LAYOUT_INFERENCE(TiledProductOp)
FLY_LAYOUT_INFERENCE(FlatProductOp)
FLY_LAYOUT_INFERENCE(BlockedProductOp)
FLY_LAYOUT_INFERENCE(RakedProductOp)
FLY_LAYOUT_INFERENCE(MakeFragmentLayoutLikeOp)

#define FLY_TUPLE_INFERENCE(Op)                                                                    \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,                \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,        \
                                     RegionRange, SmallVectorImpl<Type> &results) {                \
    llvm::StringRef name = Op::getOperationName();                                                 \
    return inferOne(loc, name, results, [&]() -> Type {                                            \
      std::vector<L::IntTuple> in;                                                                 \
      for (Value v : operands)                                                                     \
        in.push_back(tupleOf(v));                                                                  \
      return IntTupleType::get(ctx, computeIntTuple(name, in));                                    \
    });                                                                                            \
  }

FLY_TUPLE_INFERENCE(IntTupleAddOp)
FLY_TUPLE_INFERENCE(IntTupleSubOp)
FLY_TUPLE_INFERENCE(IntTupleMulOp)
FLY_TUPLE_INFERENCE(IntTupleDivOp)
FLY_TUPLE_INFERENCE(IntTupleModOp)
FLY_TUPLE_INFERENCE(ShapeDivOp)
FLY_TUPLE_INFERENCE(CeilDivOp)
FLY_TUPLE_INFERENCE(IntTupleProductOp)
FLY_TUPLE_INFERENCE(IntTupleProductEachOp)
FLY_TUPLE_INFERENCE(IntTupleProductLikeOp)

LogicalResult MakeLayoutOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                             ValueRange operands, DictionaryAttr, OpaqueProperties,
                                             RegionRange, SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    return LayoutType::get(ctx, L::Layout(tupleOf(operands[0]), tupleOf(operands[1])));
  });
}

LogicalResult MakeOrderedLayoutOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                    ValueRange operands, DictionaryAttr,
                                                    OpaqueProperties, RegionRange,
                                                    SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    return LayoutType::get(ctx, L::makeOrderedLayout(tupleOf(operands[0]), tupleOf(operands[1])));
  });
}

LogicalResult MakeIdentityLayoutOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                     ValueRange operands, DictionaryAttr,
                                                     OpaqueProperties, RegionRange,
                                                     SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    return LayoutType::get(ctx, L::makeIdentityLayout(tupleOf(operands[0])));
  });
}

LogicalResult MakeLayoutLikeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                 ValueRange operands, DictionaryAttr,
                                                 OpaqueProperties, RegionRange,
                                                 SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    return LayoutType::get(ctx, L::makeLayoutLike(layoutOf(operands[0])));
  });
}

LogicalResult GetShapeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                           ValueRange operands, DictionaryAttr, OpaqueProperties,
                                           RegionRange, SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results,
                  [&]() -> Type { return IntTupleType::get(ctx, layoutOf(operands[0]).shape()); });
}

LogicalResult GetStrideOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                            ValueRange operands, DictionaryAttr, OpaqueProperties,
                                            RegionRange, SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results,
                  [&]() -> Type { return IntTupleType::get(ctx, layoutOf(operands[0]).stride()); });
}

LogicalResult SizeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                       ValueRange operands, DictionaryAttr, OpaqueProperties,
                                       RegionRange, SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    Value v = operands[0];
    L::Int n = isa<IntTupleType>(v.getType()) ? L::product(tupleOf(v)) : L::size(layoutOf(v));
    return IntTupleType::get(ctx, L::IntTuple(n));
  });
}

LogicalResult CosizeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                         ValueRange operands, DictionaryAttr, OpaqueProperties,
                                         RegionRange, SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    return IntTupleType::get(ctx, L::IntTuple(L::cosize(layoutOf(operands[0]))));
  });
}

//===----------------------------------------------------------------------===//
// Constructors check their leaves; queries fold to constants.
//===----------------------------------------------------------------------===//

LogicalResult StaticOp::verify() {
  Type t = getResult().getType();
  unsigned dynamic = isa<IntTupleType>(t) ? cast<IntTupleType>(t).getNumDynamicLeaves()
                     : isa<LayoutType>(t)  ? cast<LayoutType>(t).getNumDynamicLeaves()
                                           : 0; // tiles are static
  if (dynamic)
    return emitOpError("is a static value; its type has ") << dynamic << " '?' leaves";
  return success();
}

namespace {
LogicalResult verifyLeafCount(Operation *op, IntTupleType t, size_t given) {
  if (given != t.getNumDynamicLeaves())
    return op->emitOpError("takes one integer per '?' leaf of its type: ")
           << t.getNumDynamicLeaves() << ", got " << given;
  return success();
}

/// The host value of a one-leaf static int tuple type, if it is one.
std::optional<int64_t> staticScalar(Type t) {
  L::IntTuple x = cast<IntTupleType>(t).getTuple();
  const L::Int *leaf = fly::ir::fly::soleLeaf(x);
  if (!leaf || !leaf->isStatic() || leaf->isBasis())
    return std::nullopt;
  return leaf->value();
}
} // namespace

const L::Int *fly::ir::fly::soleLeaf(const L::IntTuple &t) {
  const L::IntTuple *x = &t;
  while (x->isTuple() && x->rank() == 1)
    x = &(*x)[0];
  return x->isLeaf() ? &x->leaf() : nullptr;
}

LogicalResult MakeIntTupleOp::verify() {
  return verifyLeafCount(*this, getType(), getDyncElems().size());
}
LogicalResult MakeShapeOp::verify() {
  return verifyLeafCount(*this, getType(), getDyncElems().size());
}
LogicalResult MakeStrideOp::verify() {
  return verifyLeafCount(*this, getType(), getDyncElems().size());
}
LogicalResult MakeCoordOp::verify() {
  return verifyLeafCount(*this, getType(), getDyncElems().size());
}

LogicalResult GetScalarOp::verify() {
  if (!soleLeaf(getIntTuple().getType().getTuple()))
    return emitOpError("takes an int tuple of one leaf, not ") << getIntTuple().getType().getText();
  return success();
}

OpFoldResult GetScalarOp::fold(FoldAdaptor) {
  if (auto v = staticScalar(getIntTuple().getType()))
    return IntegerAttr::get(getType(), *v);
  return {};
}

namespace {
template <class F> OpFoldResult foldCompare(Operation *op, Value a, Value b, F f) {
  L::IntTuple x = tupleOf(a), y = tupleOf(b);
  if (llvm::StringRef(x.str()).contains('?') || llvm::StringRef(y.str()).contains('?'))
    return {}; // a dynamic answer: not offered yet
  try {
    return BoolAttr::get(op->getContext(), f(x, y));
  } catch (const L::LayoutError &) {
    return {};
  }
}

template <class F> OpFoldResult foldQuery(Operation *op, Value input, F f) {
  auto t = cast<LayoutType>(input.getType());
  try {
    return IntegerAttr::get(IndexType::get(op->getContext()), f(t.getLayout()));
  } catch (const L::LayoutError &) { // not representable
    return {};
  }
}
} // namespace

OpFoldResult ElemLessOp::fold(FoldAdaptor) {
  return foldCompare(*this, getLhs(), getRhs(), L::elemLess);
}
OpFoldResult EqualOp::fold(FoldAdaptor) {
  return foldCompare(*this, getLhs(), getRhs(),
                     [](const L::IntTuple &a, const L::IntTuple &b) { return a == b; });
}
OpFoldResult RankOp::fold(FoldAdaptor) {
  return foldQuery(*this, getInput(), [](const L::Layout &l) { return int64_t(l.rank()); });
}
OpFoldResult DepthOp::fold(FoldAdaptor) {
  return foldQuery(*this, getInput(), [](const L::Layout &l) { return int64_t(L::depth(l)); });
}

LogicalResult Crd2IdxOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                          ValueRange operands, DictionaryAttr, OpaqueProperties,
                                          RegionRange, SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    if (auto c = dyn_cast<ComposedLayoutType>(operands[1].getType())) {
      auto coord = cast<IntTupleType>(operands[0].getType());
      if (coord.getNumDynamicLeaves())
        L::fail(L::ErrorKind::Unsupported,
                "a coordinate of a composed layout is static here, not " + coord.getText().str());
      return IntTupleType::get(ctx, c.getFunction().evaluate(coord.getTuple()));
    }
    return IntTupleType::get(ctx, L::evaluate(layoutOf(operands[1]), tupleOf(operands[0])));
  });
}

namespace {

/// A static layout operand's layout; a `?` leaf is an error (compositions are static).
L::Layout staticLayoutOf(Value v, const char *what) {
  auto t = cast<LayoutType>(v.getType());
  if (t.getNumDynamicLeaves())
    L::fail(L::ErrorKind::Unsupported, std::string("a composed layout's ") + what +
                                           " is static here, not " + t.getText().str());
  return t.getLayout();
}

L::ComposedFunction::Nested nested(Value v) {
  return std::make_shared<const L::ComposedFunction>(
      cast<ComposedLayoutType>(v.getType()).getFunction());
}

Type typeOfPart(MLIRContext *ctx, const L::ComposedFunction::Inner &part) {
  return std::visit(
      [&](const auto &x) -> Type {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, L::Swizzle>)
          return SwizzleType::get(ctx, x);
        else if constexpr (std::is_same_v<T, L::CoordSwizzle>)
          return CoordSwizzleType::get(ctx, x);
        else if constexpr (std::is_same_v<T, L::Layout>)
          return LayoutType::get(ctx, x);
        else
          return ComposedLayoutType::get(ctx, *x);
      },
      part);
}

} // namespace

LogicalResult MakeComposedLayoutOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                     ValueRange operands, DictionaryAttr,
                                                     OpaqueProperties, RegionRange,
                                                     SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    Type innerType = operands[0].getType(), outerType = operands[2].getType();
    L::ComposedFunction::Inner inner = L::Layout(L::IntTuple(1), L::IntTuple(0));
    if (auto s = dyn_cast<SwizzleType>(innerType))
      inner = s.getSwizzle();
    else if (auto s = dyn_cast<CoordSwizzleType>(innerType))
      inner = s.getCoordSwizzle();
    else if (isa<LayoutType>(innerType))
      inner = staticLayoutOf(operands[0], "inner layout");
    else
      inner = nested(operands[0]);
    auto offset = cast<IntTupleType>(operands[1].getType());
    if (offset.getNumDynamicLeaves())
      L::fail(L::ErrorKind::Unsupported,
              "a composed layout's offset is static here, not " + offset.getText().str());
    L::ComposedFunction::Outer outer = L::Layout(L::IntTuple(1), L::IntTuple(0));
    if (isa<LayoutType>(outerType))
      outer = staticLayoutOf(operands[2], "outer layout");
    else
      outer = nested(operands[2]);
    return ComposedLayoutType::get(ctx, L::ComposedFunction(inner, offset.getTuple(), outer));
  });
}

#define FLY_COMPOSED_PART(Op, part)                                                                \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,                \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,        \
                                     RegionRange, SmallVectorImpl<Type> &results) {                \
    return inferOne(loc, getOperationName(), results, [&]() -> Type {                              \
      L::ComposedFunction f = cast<ComposedLayoutType>(operands[0].getType()).getFunction();       \
      return part;                                                                                 \
    });                                                                                            \
  }
FLY_COMPOSED_PART(ComposedGetInnerOp, typeOfPart(ctx, f.inner()))
FLY_COMPOSED_PART(ComposedGetOffsetOp, IntTupleType::get(ctx, f.offset()))
FLY_COMPOSED_PART(
    ComposedGetOuterOp,
    std::holds_alternative<L::Layout>(f.outer())
        ? Type(LayoutType::get(ctx, std::get<L::Layout>(f.outer())))
        : Type(ComposedLayoutType::get(ctx, *std::get<L::ComposedFunction::Nested>(f.outer()))))
#undef FLY_COMPOSED_PART

//===----------------------------------------------------------------------===//
// Structure: slice, dice, get, take, select, recast_layout, tile_to_shape.
//===----------------------------------------------------------------------===//

namespace {

/// The modes `indices` of t: one index gives that mode itself.
L::IntTuple selectModes(const L::IntTuple &t, llvm::ArrayRef<int32_t> indices) {
  std::vector<L::IntTuple> out;
  for (int32_t i : indices) {
    if (i < 0 || size_t(i) >= t.rank())
      L::fail(L::ErrorKind::InvalidArgument, "mode " + std::to_string(i) + " of " + t.str() +
                                                 ", which has " + std::to_string(t.rank()));
    out.push_back(t[size_t(i)]);
  }
  return out.size() == 1 ? out.front() : L::IntTuple::tuple(std::move(out));
}

/// f applied to an int tuple, or to a layout's shape and stride alike.
template <class F> Structure onModes(const Structure &x, F f) {
  if (const auto *t = std::get_if<L::IntTuple>(&x))
    return f(*t);
  const auto &l = std::get<L::Layout>(x);
  return L::Layout(f(l.shape()), f(l.stride()));
}

} // namespace

Structure fly::ir::fly::computeStructure(llvm::StringRef name, const std::vector<Structure> &in,
                                         llvm::ArrayRef<int32_t> ints) {
  const Structure &x = in.at(0);
  auto tupleAt = [&](size_t i) { return std::get<L::IntTuple>(in.at(i)); };
  if (name == "fly.slice" || name == "fly.dice") {
    bool slice = name == "fly.slice";
    L::IntTuple crd = tupleAt(1);
    if (const auto *l = std::get_if<L::Layout>(&x))
      return unwrapOneMode(slice ? L::slice(crd, *l) : L::dice(crd, *l));
    const auto &t = std::get<L::IntTuple>(x);
    return unwrapOneMode(slice ? L::slice(crd, t) : L::dice(crd, t));
  }
  if (name == "fly.get")
    return onModes(x, [&](const L::IntTuple &t) {
      return L::get(t, std::vector<int64_t>(ints.begin(), ints.end()));
    });
  if (name == "fly.take")
    return onModes(x, [&](const L::IntTuple &t) {
      int64_t end = ints[1] == -1 ? int64_t(t.rank()) : ints[1]; // -1: to the last mode
      if (ints[0] < 0 || end < ints[0])
        L::fail(L::ErrorKind::InvalidArgument, "take needs 0 <= begin <= end");
      // FlyDSL's take of one mode is that mode (CuTe's take<b,b+1> keeps a rank-1 tuple).
      if (end - ints[0] == 1 && t.isTuple() && size_t(end) <= t.rank())
        return t[size_t(ints[0])];
      return L::take(t, size_t(ints[0]), size_t(end));
    });
  if (name == "fly.select")
    return onModes(x, [&](const L::IntTuple &t) { return selectModes(t, ints); });
  if (name == "fly.group")
    return onModes(x, [&](const L::IntTuple &t) {
      if (t.isLeaf())
        return t;
      size_t end = ints[1] == -1 ? t.rank() : size_t(ints[1]);
      if (ints[0] < 0 || ints[1] < -1 || size_t(ints[0]) > end || end > t.rank())
        L::fail(L::ErrorKind::InvalidArgument, "group of " + t.str() +
                                                   " needs 0 <= begin <= end "
                                                   "<= its rank (end -1: the rank)");
      std::vector<L::IntTuple> modes;
      for (size_t i = 0; i < size_t(ints[0]); ++i)
        modes.push_back(t[i]);
      if (size_t(ints[0]) < end)
        modes.push_back(L::take(t, size_t(ints[0]), end));
      for (size_t i = end; i < t.rank(); ++i)
        modes.push_back(t[i]);
      return L::IntTuple::tuple(std::move(modes));
    });
  if (name == "fly.append" || name == "fly.prepend") {
    bool back = name == "fly.append";
    auto grow = [&](const L::IntTuple &t, const L::IntTuple &e) {
      if (ints.empty())
        return back ? L::append(t, e) : L::prepend(t, e);
      size_t rank = t.isTuple() ? t.rank() : 1;
      if (ints[0] < 0 || size_t(ints[0]) < rank)
        L::fail(L::ErrorKind::InvalidArgument, name.drop_front(4).str() + "<" +
                                                   std::to_string(ints[0]) + "> of " + t.str() +
                                                   ", which has more modes");
      L::IntTuple out = t;
      for (size_t r = rank; r < size_t(ints[0]); ++r)
        out = back ? L::append(out, e) : L::prepend(out, e);
      return out;
    };
    if (in.at(0).index() != in.at(1).index())
      L::fail(L::ErrorKind::InvalidArgument,
              name.drop_front(4).str() + " takes an element of its tuple's kind (both int tuples "
                                         "or both layouts)");
    if (const auto *t = std::get_if<L::IntTuple>(&x))
      return grow(*t, tupleAt(1));
    const auto &l = std::get<L::Layout>(x), &e = std::get<L::Layout>(in.at(1));
    return L::Layout(grow(l.shape(), e.shape()), grow(l.stride(), e.stride()));
  }
  if (name == "fly.coshape")
    return L::coshape(std::get<L::Layout>(x));
  if (name == "fly.coprofile")
    return L::coprofile(std::get<L::Layout>(x));
  if (name == "fly.recast_layout")
    return L::recastLayout(std::get<L::Layout>(x), ints[1], ints[0]);
  if (name == "fly.tile_to_shape")
    return L::tileToShape(std::get<L::Layout>(x), tupleAt(1), tupleAt(2));
  L::fail(L::ErrorKind::Unsupported, "no structure op " + name.str());
}

namespace {

Structure structureOf(Value v) {
  if (auto t = dyn_cast<IntTupleType>(v.getType()))
    return t.getTuple();
  return cast<LayoutType>(v.getType()).getLayout();
}

Type typeOf(MLIRContext *ctx, const Structure &x) {
  if (const auto *t = std::get_if<L::IntTuple>(&x))
    return IntTupleType::get(ctx, *t);
  return LayoutType::get(ctx, std::get<L::Layout>(x));
}

LogicalResult inferStructure(MLIRContext *ctx, std::optional<Location> loc, llvm::StringRef name,
                             ValueRange operands, llvm::ArrayRef<int32_t> ints,
                             SmallVectorImpl<Type> &results) {
  return inferOne(loc, name, results, [&]() -> Type {
    std::vector<Structure> in;
    for (Value v : operands)
      in.push_back(structureOf(v));
    return typeOf(ctx, computeStructure(name, in, ints));
  });
}

} // namespace

LogicalResult SliceOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                        Adaptor adaptor, SmallVectorImpl<Type> &results) {
  if (auto t = dyn_cast<CoordTensorType>(adaptor.getSrc().getType()))
    return inferOne(loc, getOperationName(), results, [&]() -> Type {
      auto [part, offset] =
          unwrappedSliceAndOffset(tupleOf(adaptor.getCoord()), t.getLayout().getLayout());
      return partitionedCoordinates(t, offset, part);
    });
  if (auto t = dyn_cast<FlyMemRefType>(adaptor.getSrc().getType()))
    return inferOne(loc, getOperationName(), results, [&]() -> Type {
      if (!t.getSwizzle().empty() || t.getComposed())
        L::fail(L::ErrorKind::Unsupported, "slices tensors of plain layouts (the pointer may "
                                           "swizzle), not " +
                                               t.getLayout().getText().str() +
                                               (t.getComposed() ? " composed" : " swizzled"));
      auto [part, offset] =
          unwrappedSliceAndOffset(tupleOf(adaptor.getCoord()), t.getLayout().getLayout());
      int64_t elem = elementBytes(t.getElementType());
      int64_t align =
          std::max(elem, std::min(t.getAlignment(),
                                  L::largestPowerOfTwoDividing(divisorOf(offset.leaf())) * elem));
      return FlyMemRefType::get(ctx, t.getElementType(), t.getAddressSpace(),
                                LayoutType::get(ctx, part), align, {}, ComposedLayoutType(),
                                t.getAddressSwizzle());
    });
  if (auto c = dyn_cast<ComposedLayoutType>(adaptor.getSrc().getType()))
    return inferOne(loc, getOperationName(), results, [&]() -> Type {
      return ComposedLayoutType::get(
          ctx, c.getFunction().slice(tupleOf(adaptor.getCoord())).mapLayouts(flydslCanonical));
    });
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), {}, results);
}

LogicalResult DiceOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                       Adaptor adaptor, SmallVectorImpl<Type> &results) {
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), {}, results);
}

LogicalResult GetOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                      Adaptor adaptor, SmallVectorImpl<Type> &results) {
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), adaptor.getMode(),
                        results);
}

LogicalResult TakeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                       Adaptor adaptor, SmallVectorImpl<Type> &results) {
  int32_t range[2] = {int32_t(adaptor.getBegin()), int32_t(adaptor.getEnd())};
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), range, results);
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                         Adaptor adaptor, SmallVectorImpl<Type> &results) {
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), adaptor.getIndices(),
                        results);
}

LogicalResult GroupOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                        Adaptor adaptor, SmallVectorImpl<Type> &results) {
  int32_t range[2] = {int32_t(adaptor.getBegin()), int32_t(adaptor.getEnd())};
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), range, results);
}

#define FLY_GROW_INFERENCE(Op)                                                                     \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,                \
                                     Adaptor adaptor, SmallVectorImpl<Type> &results) {            \
    llvm::SmallVector<int32_t> n;                                                                  \
    if (auto a = adaptor.getNAttr())                                                               \
      n.push_back(int32_t(a.getInt()));                                                            \
    return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), n, results);        \
  }
FLY_GROW_INFERENCE(AppendOp)
FLY_GROW_INFERENCE(PrependOp)
#undef FLY_GROW_INFERENCE

LogicalResult CoshapeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                          Adaptor adaptor, SmallVectorImpl<Type> &results) {
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), {}, results);
}

LogicalResult CoprofileOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                            Adaptor adaptor, SmallVectorImpl<Type> &results) {
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), {}, results);
}

LogicalResult RecastLayoutOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                               Adaptor adaptor, SmallVectorImpl<Type> &results) {
  int32_t bits[2] = {int32_t(adaptor.getNewTypeBits()), int32_t(adaptor.getOldTypeBits())};
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), bits, results);
}

LogicalResult TileToShapeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                              Adaptor adaptor, SmallVectorImpl<Type> &results) {
  return inferStructure(ctx, loc, getOperationName(), adaptor.getOperands(), {}, results);
}

llvm::SmallVector<int32_t> fly::ir::fly::structureInts(Operation *op) {
  if (auto g = dyn_cast<GetOp>(op))
    return llvm::to_vector(g.getMode());
  if (auto t = dyn_cast<TakeOp>(op))
    return {int32_t(t.getBegin()), int32_t(t.getEnd())};
  if (auto g = dyn_cast<GroupOp>(op))
    return {int32_t(g.getBegin()), int32_t(g.getEnd())};
  if (isa<AppendOp, PrependOp>(op))
    if (auto n = op->getAttrOfType<IntegerAttr>("n"))
      return {int32_t(n.getInt())};
  if (auto s = dyn_cast<SelectOp>(op))
    return llvm::to_vector(s.getIndices());
  if (auto r = dyn_cast<RecastLayoutOp>(op))
    return {int32_t(r.getNewTypeBits()), int32_t(r.getOldTypeBits())};
  return {};
}

L::IntTuple fly::ir::fly::computeCoord(llvm::StringRef name, const L::IntTuple &index,
                                       const L::Layout &l) {
  L::CoordOp op = name == "fly.get_flat_coord" ? L::CoordOp::FlatCoord
                  : name == "fly.get_1d_coord" ? L::CoordOp::OneDCoord
                                               : L::CoordOp::Idx2Crd;
  return L::apply(op, index, l);
}

#define FLY_COORD_INFERENCE(Op)                                                                    \
  LogicalResult Op::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,                \
                                     ValueRange operands, DictionaryAttr, OpaqueProperties,        \
                                     RegionRange, SmallVectorImpl<Type> &results) {                \
    return inferOne(loc, getOperationName(), results, [&]() -> Type {                              \
      return IntTupleType::get(                                                                    \
          ctx, computeCoord(getOperationName(), tupleOf(operands[0]), layoutOf(operands[1])));     \
    });                                                                                            \
  }

FLY_COORD_INFERENCE(Idx2CrdOp)
FLY_COORD_INFERENCE(GetFlatCoordOp)
FLY_COORD_INFERENCE(Get1DCoordOp)

LogicalResult GetLeavesOp::verify() {
  std::vector<L::Int> leaves;
  L::flattenInto(getInput().getType().getTuple(), leaves);
  size_t want = getDynamicOnly()
                    ? size_t(llvm::count_if(leaves, [](const L::Int &x) { return !x.isStatic(); }))
                    : leaves.size();
  if (getResults().size() != want)
    return emitOpError("gives ") << want << (getDynamicOnly() ? " dynamic" : "") << " leaves of "
                                 << getInput().getType().getText() << ", not "
                                 << getResults().size();
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers, tensors and copy atoms: types.
//===----------------------------------------------------------------------===//

namespace {

/// The type T of `text` read by `read`; an error at `loc` (and null) where it does not read.
template <class T, class Read>
T typeOfText(AsmParser &parser, SMLoc loc, const std::string &text, const char *what, Read read) {
  try {
    return T::get(parser.getContext(), read(text, Unknown::of));
  } catch (const L::LayoutError &e) {
    parser.emitError(loc, "invalid ") << what << " " << text << ": " << e.what();
    return {};
  }
}

LayoutType layoutTypeOf(AsmParser &parser, SMLoc loc, const std::string &text) {
  return typeOfText<LayoutType>(parser, loc, text, "layout", readLayout);
}

IntTupleType intTupleTypeOf(AsmParser &parser, SMLoc loc, const std::string &text) {
  return typeOfText<IntTupleType>(parser, loc, text, "int tuple", readIntTuple);
}

const char *spaceName(unsigned space) {
  switch (space) {
  case Global:
    return "global";
  case Shared:
    return "shared";
  case Register:
    return "register";
  case BufferDesc:
    return "buffer_desc";
  }
  return "?";
}

/// An address space as the types print it (a target's as its dialect's attribute).
const char *spaceText(unsigned space) {
  return space == BufferDesc ? "#fly_rocdl.buffer_desc" : spaceName(space);
}

ParseResult parseSpace(AsmParser &parser, unsigned &space) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (failed(parser.parseOptionalKeyword(&word))) {
    // A target's address space is an attribute of its dialect (#fly_rocdl.buffer_desc).
    Attribute attr;
    if (parser.parseAttribute(attr))
      return failure();
    if (auto target = dyn_cast<AddressSpaceAttrInterface>(attr))
      return space = target.getAddressSpace(), success();
    return parser.emitError(loc, "an address space is global, shared, register or a target's "
                                 "(#fly_rocdl.buffer_desc), not ")
           << attr;
  }
  for (unsigned s : {Global, Shared, Register})
    if (word == spaceName(s))
      return space = s, success();
  return parser.emitError(loc, "an address space is global, shared or register, not ") << word;
}

/// `, align<N>` (or `, align N`) and `, swizzle<B,M,S>` after the mandatory parameters (either
/// may be absent). FlyDSL's alignment arithmetic can write a count that is not a power of two
/// (align<12> for f32): a multiple of the element's size reads as the largest power of two
/// dividing it, what such addresses guarantee.
ParseResult parseOptions(AsmParser &parser, Type element, int64_t &align,
                         SmallVectorImpl<int64_t> *swizzle,
                         SmallVectorImpl<int64_t> *addressSwizzle = nullptr) {
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("align"))) {
      // FlyDSL's align<16>; align 16 as well.
      bool bracketed = succeeded(parser.parseOptionalLess());
      if (parser.parseInteger(align) || (bracketed && parser.parseGreater()))
        return failure();
      int64_t elem = elementBytes(element);
      if (align > 0 && elem > 0 && align % elem == 0)
        align = L::largestPowerOfTwoDividing(align);
      continue;
    }
    if (addressSwizzle && succeeded(parser.parseOptionalKeyword("S"))) {
      int64_t b, m, s;
      if (parser.parseLess() || parser.parseInteger(b) || parser.parseComma() ||
          parser.parseInteger(m) || parser.parseComma() || parser.parseInteger(s) ||
          parser.parseGreater())
        return failure();
      addressSwizzle->assign({b, m, s});
      continue;
    }
    if (swizzle && succeeded(parser.parseOptionalKeyword("swizzle"))) {
      int64_t b, m, s;
      if (parser.parseLess() || parser.parseInteger(b) || parser.parseComma() ||
          parser.parseInteger(m) || parser.parseComma() || parser.parseInteger(s) ||
          parser.parseGreater())
        return failure();
      swizzle->assign({b, m, s});
      continue;
    }
    return parser.emitError(parser.getCurrentLocation(), "expected `align<N>`")
           << (swizzle ? " or `swizzle<B,M,S>`" : "") << (addressSwizzle ? " or `S<B,M,S>`" : "");
  }
  return success();
}

void printOptions(AsmPrinter &printer, Type element, int64_t align, ArrayRef<int64_t> swizzle) {
  if (align != elementBytes(element))
    printer << ", align<" << align << ">";
  if (!swizzle.empty())
    printer << ", swizzle<" << swizzle[0] << "," << swizzle[1] << "," << swizzle[2] << ">";
}

LogicalResult verifyElement(function_ref<InFlightDiagnostic()> emitError, Type element,
                            int64_t align) {
  if (elementBytes(element) == 0)
    return emitError() << "tensor elements are integers or floats of at most 64 bits, not "
                       << element;
  if (align <= 0 || (align & (align - 1)) != 0 || align % elementBytes(element) != 0)
    return emitError() << "an alignment is a power of two and a multiple of the element's size ("
                       << elementBytes(element) << " bytes), not " << align;
  return success();
}

} // namespace

int64_t fly::ir::fly::elementBytes(Type t) {
  if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
    return 0;
  unsigned bits = t.getIntOrFloatBitWidth();
  if (bits < 8) // i1 is a byte; sub-byte elements (i4, fp4, fp6) pack, a byte their least alignment
    return 1;
  return bits % 8 == 0 ? bits / 8 : 0;
}

bool fly::ir::fly::isSubByteElement(Type t) {
  return t.isIntOrFloat() && t.getIntOrFloatBitWidth() > 1 && t.getIntOrFloatBitWidth() < 8;
}

Type PointerType::parse(AsmParser &parser) {
  Type element;
  unsigned space;
  if (parser.parseLess() || parser.parseType(element) || parser.parseComma() ||
      parseSpace(parser, space))
    return {};
  int64_t align = elementBytes(element);
  SmallVector<int64_t> addressSwizzle;
  if (parseOptions(parser, element, align, nullptr, &addressSwizzle) || parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(parser.getContext(), element, space, align, addressSwizzle);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getElementType() << ", " << spaceText(getAddressSpace());
  printOptions(printer, getElementType(), getAlignment(), {});
  if (auto s = getAddressSwizzle(); !s.empty())
    printer << ", S<" << s[0] << "," << s[1] << "," << s[2] << ">";
  printer << ">";
}

namespace {
LogicalResult verifySwizzle(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<int64_t> swizzle) {
  if (swizzle.empty())
    return success();
  if (swizzle.size() != 3)
    return emitError() << "a swizzle has three parameters <B,M,S>";
  try {
    L::Swizzle(int(swizzle[0]), int(swizzle[1]), int(swizzle[2]));
  } catch (const L::LayoutError &e) {
    return emitError() << e.what();
  }
  return success();
}
} // namespace

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError, Type element,
                                  unsigned space, int64_t align, ArrayRef<int64_t> swizzle) {
  if (space != Global && space != Shared && space != Register && space != BufferDesc)
    return emitError() << "no address space " << space;
  if (failed(verifyElement(emitError, element, align)))
    return failure();
  if (isSubByteElement(element) && space != Register)
    return emitError() << "elements of " << element.getIntOrFloatBitWidth() << " bits (" << element
                       << ") are held in registers here, a fragment read and written whole";
  return verifySwizzle(emitError, swizzle);
}

std::optional<L::Swizzle> PointerType::getAddressSwizzleFunction() const {
  auto s = getAddressSwizzle();
  if (s.empty())
    return std::nullopt;
  return L::Swizzle(int(s[0]), int(s[1]), int(s[2]));
}

int64_t PointerType::getAccessAlignment() const {
  auto s = getAddressSwizzleFunction();
  int64_t kept = s ? int64_t(1) << s->base() : getAlignment(); // bits the swizzle leaves alone
  return std::min(getAlignment(), kept);
}

int64_t PointerType::getElementBytes() const { return elementBytes(getElementType()); }

Type FlyMemRefType::parse(AsmParser &parser) {
  Type element;
  unsigned space;
  std::string text;
  if (parser.parseLess() || parser.parseType(element) || parser.parseComma() ||
      parseSpace(parser, space) || parser.parseComma())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  // A layout, or FlyDSL's composed layout (a swizzle or a layout, then `o`).
  bool composed = false;
  if (succeeded(parser.parseOptionalKeyword("CS"))) {
    composed = true;
    if (parseSwizzleBody(parser, true, text) || parser.parseKeyword("o"))
      return {};
  } else if (succeeded(parser.parseOptionalKeyword("S"))) {
    composed = true;
    if (parseSwizzleBody(parser, false, text) || parser.parseKeyword("o"))
      return {};
  } else if (parseLayoutText(parser, text, true)) {
    return {};
  } else {
    composed = succeeded(parser.parseOptionalKeyword("o"));
  }
  LayoutType layout;
  ComposedLayoutType function;
  if (composed) {
    if (parseComposedRest(parser, text))
      return {};
    try {
      L::ComposedFunction f = readComposed(text);
      function = ComposedLayoutType::get(parser.getContext(), f);
      layout = LayoutType::get(parser.getContext(), f.domain());
    } catch (const L::LayoutError &e) {
      parser.emitError(loc, "invalid composed layout ") << text << ": " << e.what();
      return {};
    }
  } else {
    layout = layoutTypeOf(parser, loc, text);
  }
  if (!layout)
    return {};
  int64_t align = elementBytes(element);
  SmallVector<int64_t> swizzle, addressSwizzle;
  if (parseOptions(parser, element, align, &swizzle, &addressSwizzle) || parser.parseGreater())
    return {};
  return parser.getChecked<FlyMemRefType>(parser.getContext(), element, space, layout, align,
                                          swizzle, function, addressSwizzle);
}

void FlyMemRefType::print(AsmPrinter &printer) const {
  printer << "<" << getElementType() << ", " << spaceText(getAddressSpace()) << ", "
          << (getComposed() ? flydslText(getComposed().getText()) : getLayout().getText().str());
  printOptions(printer, getElementType(), getAlignment(), getSwizzle());
  if (auto s = getAddressSwizzle(); !s.empty())
    printer << ", S<" << s[0] << "," << s[1] << "," << s[2] << ">";
  printer << ">";
}

LogicalResult FlyMemRefType::verify(function_ref<InFlightDiagnostic()> emitError, Type element,
                                    unsigned space, LayoutType layout, int64_t align,
                                    ArrayRef<int64_t> swizzle, ComposedLayoutType composed,
                                    ArrayRef<int64_t> addressSwizzle) {
  if (failed(PointerType::verify(emitError, element, space, align, addressSwizzle)))
    return failure();
  if (composed && (!swizzle.empty() || !addressSwizzle.empty()))
    return emitError() << "a tensor over a composed layout has no swizzle of its own";
  if (!swizzle.empty() && !addressSwizzle.empty())
    return emitError() << "a tensor swizzles its offsets or its pointer's addresses, not both";
  if (!addressSwizzle.empty() && space == Register)
    return emitError() << "registers have no addresses to swizzle";
  return verifySwizzle(emitError, swizzle);
}

PointerType FlyMemRefType::getPointerType() const {
  return PointerType::get(getContext(), getElementType(), getAddressSpace(), getAlignment(),
                          getAddressSwizzle());
}

std::optional<L::Swizzle> FlyMemRefType::getAddressSwizzleFunction() const {
  return getPointerType().getAddressSwizzleFunction();
}

std::optional<L::Swizzle> FlyMemRefType::getSwizzleFunction() const {
  if (getSwizzle().empty())
    return std::nullopt;
  return L::Swizzle(int(getSwizzle()[0]), int(getSwizzle()[1]), int(getSwizzle()[2]));
}

Type CoordTensorType::parse(AsmParser &parser) {
  std::string base, layout;
  if (parser.parseLess())
    return {};
  SMLoc baseLoc = parser.getCurrentLocation();
  if (parseIntTupleText(parser, base) || parser.parseComma())
    return {};
  SMLoc layoutLoc = parser.getCurrentLocation();
  if (parseLayoutText(parser, layout) || parser.parseGreater())
    return {};
  IntTupleType baseType = intTupleTypeOf(parser, baseLoc, base);
  LayoutType layoutType = layoutTypeOf(parser, layoutLoc, layout);
  if (!baseType || !layoutType)
    return {};
  return CoordTensorType::get(parser.getContext(), baseType, layoutType);
}

void CoordTensorType::print(AsmPrinter &printer) const {
  printer << "<" << flydslText(getBase().getText()) << ", " << flydslText(getLayout().getText())
          << ">";
}

VectorType CoordTensorType::getElementsType() const {
  L::Int n = L::size(getLayout().getLayout());
  if (!n.isStatic())
    L::fail(L::ErrorKind::Unsupported, "the elements of a coordinate tensor as one vector need a "
                                       "static shape, not " +
                                           getLayout().getLayout().shape().str());
  if (!getBase().getTuple().isLeaf())
    L::fail(L::ErrorKind::Unsupported,
            "the elements of a coordinate tensor as one vector are integers: its base is one, "
            "not " +
                getBase().getTuple().str());
  std::vector<L::Int> leaves;
  L::flattenInto(getBase().getTuple(), leaves);
  L::flattenInto(getLayout().getLayout().stride(), leaves);
  unsigned bits = 32;
  for (const L::Int &x : leaves) {
    if (x.isBasis())
      L::fail(L::ErrorKind::Unsupported,
              "the elements of a coordinate tensor as one vector are integers; basis strides "
              "make coordinates: " +
                  getLayout().getLayout().str());
    bits = std::max(bits, unsigned(leafBits(x)));
  }
  return VectorType::get({n.value()}, IntegerType::get(getContext(), bits));
}

namespace {
/// A copy instruction's width: 8..128 bits, a power of two (`least` for those of 32 or more).
LogicalResult verifyCopyBits(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                             int64_t bits, int64_t least) {
  if (bits < least || bits > 128 || (bits & (bits - 1)) != 0)
    return emitError() << "a " << name << " moves " << least << ".." << 128
                       << " bits a call (a power of two), not " << bits;
  return success();
}
} // namespace

LogicalResult UniversalCopyType::verify(function_ref<InFlightDiagnostic()> emitError,
                                        int64_t bits) {
  return verifyCopyBits(emitError, "universal copy", bits, 8);
}

int64_t UniversalCopyType::getCopyBits() const { return getBitSize(); }

namespace {
/// The atomic operations in FlyDSL's order (its AtomicOp enum: add 0 ... dec 6).
constexpr const char *kAtomicOps[] = {"add", "max", "min", "and", "or", "inc", "dec"};
constexpr int kFloatAtomicOps = 3; // add, max and min also combine floats
/// LLVM's sync scopes for AMDGPU (and "", the system's): the others name nothing.
constexpr const char *kSyncScopes[] = {"",
                                       "singlethread",
                                       "agent",
                                       "workgroup",
                                       "wavefront",
                                       "one-as",
                                       "agent-one-as",
                                       "workgroup-one-as",
                                       "wavefront-one-as",
                                       "singlethread-one-as"};
} // namespace

std::optional<LLVM::AtomicBinOp> fly::ir::fly::atomicBinOp(int op, bool isFloat) {
  using B = LLVM::AtomicBinOp;
  static const B kInts[] = {B::add, B::max, B::min, B::_and, B::_or, B::uinc_wrap, B::udec_wrap};
  static const B kFloats[] = {B::fadd, B::fmax, B::fmin};
  if (op < 0 || op >= (isFloat ? kFloatAtomicOps : int(std::size(kInts))))
    return std::nullopt;
  return isFloat ? kFloats[op] : kInts[op];
}

StringRef fly::ir::fly::atomicOpName(int op) {
  return op >= 0 && op < int(std::size(kAtomicOps)) ? kAtomicOps[op] : "";
}

int fly::ir::fly::atomicOpNumber(StringRef name) {
  auto known = llvm::find(kAtomicOps, name);
  return known == std::end(kAtomicOps) ? -1 : int(known - std::begin(kAtomicOps));
}

bool fly::ir::fly::isAtomicSyncScope(StringRef scope) {
  return llvm::find(kSyncScopes, scope) != std::end(kSyncScopes);
}

Type UniversalAtomicType::parse(AsmParser &parser) {
  StringRef name, scope;
  Type value;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&name) || parser.parseComma() ||
      parser.parseType(value))
    return {};
  std::string scopeText;
  if (succeeded(parser.parseOptionalComma()) && parser.parseString(&scopeText))
    return {};
  if (parser.parseGreater())
    return {};
  int op = atomicOpNumber(name);
  if (op < 0) {
    parser.emitError(at, "an atomic operation is add, max, min, and, or, inc or dec, not ") << name;
    return {};
  }
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), int32_t(op), value,
                    scopeText);
}

void UniversalAtomicType::print(AsmPrinter &printer) const {
  printer << "<" << getAtomicOpName() << ", " << getValType();
  if (!getSyncscope().empty())
    printer << ", \"" << getSyncscope() << "\"";
  printer << ">";
}

StringRef UniversalAtomicType::getAtomicOpName() const { return atomicOpName(getAtomicOp()); }

LogicalResult UniversalAtomicType::verify(function_ref<InFlightDiagnostic()> emitError, int32_t op,
                                          Type value, StringRef scope) {
  if (op < 0 || op >= int32_t(std::size(kAtomicOps)))
    return emitError() << "no atomic operation is numbered " << op;
  if (!value.isIntOrFloat() ||
      (value.getIntOrFloatBitWidth() != 32 && value.getIntOrFloatBitWidth() != 64 &&
       !value.isF16() && !value.isBF16()))
    return emitError() << "an atomic copy combines 32- or 64-bit integers or floats, f16 or "
                          "bf16, not "
                       << value;
  if (isa<FloatType>(value) && op >= kFloatAtomicOps)
    return emitError() << "'" << kAtomicOps[op] << "' combines integers, not " << value;
  if (!isAtomicSyncScope(scope))
    return emitError() << "an atomic copy's sync scope is \"\" (the system's), singlethread, "
                          "agent, workgroup, wavefront or one of their -one-as forms, not \""
                       << scope << "\"";
  return success();
}

int64_t UniversalAtomicType::getCopyBits() const { return getValType().getIntOrFloatBitWidth(); }

std::string UniversalAtomicType::checkSpaces(unsigned, unsigned dst) const {
  if (dst != Global && dst != Shared)
    return std::string("an atomic copy combines into global or shared memory, not into ") +
           spaceName(dst);
  return {};
}

LogicalResult CopyAtomType::verify(function_ref<InFlightDiagnostic()> emitError, Type copyOp,
                                   int32_t valBits) {
  auto inst = dyn_cast<CopyOpTypeInterface>(copyOp);
  if (!inst)
    return emitError() << "a copy atom wraps a copy instruction (such as !fly.universal_copy<N>), "
                          "not "
                       << copyOp;
  if (inst.copiesWholeTensors()) {
    if (valBits != 0)
      return emitError() << "a copy atom of " << copyOp
                         << " moves whole tensors: its valBits is 0, not " << valBits;
    return success();
  }
  if (valBits <= 0 || inst.getCopyBits() % valBits != 0)
    return emitError() << "a copy of " << inst.getCopyBits()
                       << " bits a call cannot move values of " << valBits
                       << " bits (a whole number of them per call)";
  return success();
}

Type TiledCopyType::parse(AsmParser &parser) {
  // FlyDSL's form: `<!fly.copy_atom<...>, !fly.layout<...>, !fly.tile<[...]>>`.
  CopyAtomType atom;
  LayoutType tv;
  TileType tile;
  if (parser.parseLess() || parser.parseType(atom) || parser.parseComma() || parser.parseType(tv) ||
      parser.parseComma() || parser.parseType(tile) || parser.parseGreater())
    return {};
  return parser.getChecked<TiledCopyType>(parser.getContext(), atom, tv, tile.getTiler().str());
}

void TiledCopyType::print(AsmPrinter &printer) const {
  printer << "<" << getAtom() << ", " << getThreadValue() << ", "
          << TileType::get(getContext(), L::Tiler::parse(std::string(getTile()))) << ">";
}

LogicalResult TiledCopyType::verify(function_ref<InFlightDiagnostic()> emitError, CopyAtomType atom,
                                    LayoutType tv, StringRef tile) {
  if (atom.getInstruction().copiesWholeTensors())
    return emitError() << "a copy atom of " << atom.getCopyOp()
                       << " moves whole tensors and is not tiled over threads";
  try {
    L::checkThreadValueLayout(tv.getLayout(), atom.getValues());
    L::Tiler::parse(std::string(tile));
  } catch (const L::LayoutError &e) {
    return emitError() << "invalid tiled copy: " << e.what();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers, tensors and copies: what the passes share.
//===----------------------------------------------------------------------===//

std::optional<APInt> fly::ir::fly::constantInt(Value v) {
  Attribute value;
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    value = c.getValue();
  else if (auto c = v.getDefiningOp<LLVM::ConstantOp>())
    value = c.getValue();
  if (auto i = dyn_cast_or_null<IntegerAttr>(value))
    return i.getValue();
  return std::nullopt;
}

std::optional<L::Int> fly::ir::fly::constantOffset(const L::Layout &l, ValueRange coord) {
  std::vector<L::Int> leaves;
  for (Value c : coord) {
    std::optional<APInt> v = constantInt(c);
    if (!v)
      return std::nullopt;
    leaves.push_back(L::Int(v->getSExtValue()));
  }
  return L::evaluate(l, L::unflatten(l.shape(), leaves)).leaf();
}

int64_t fly::ir::fly::alignmentAt(FlyMemRefType t, const L::Int &offset) {
  int64_t elem = elementBytes(t.getElementType());
  int64_t a = std::min(t.getAlignment(), L::largestPowerOfTwoDividing(divisorOf(offset)) * elem);
  if (auto sw = t.getSwizzleFunction()) // a swizzle keeps blocks of 2^M elements together
    a = std::min(a, (int64_t(1) << sw->base()) * elem);
  if (auto sw = t.getAddressSwizzleFunction()) // and an address swizzle blocks of 2^M bytes
    a = std::min(a, int64_t(1) << sw->base());
  return std::max(a, elem);
}

std::optional<std::string> fly::ir::fly::mmaAbTypeName(Type t) {
  if (t.isF32())
    return "f32";
  if (t.isF16())
    return "f16";
  if (t.isBF16())
    return "bf16";
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType, Float8E4M3FNType, Float8E5M2Type>(t))
    return "fp8";
  if (t.isInteger(8))
    return "i8";
  return std::nullopt;
}

ParseResult fly::ir::fly::parseMmaShapeAndTypes(AsmParser &parser, int64_t &m, int64_t &n,
                                                int64_t &k, Type &a, Type &b, Type &c) {
  // `16x16x4` reaches the parser as the integer 16 and the keyword `x16x4`.
  StringRef rest;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseInteger(m) || parser.parseKeyword(&rest))
    return failure();
  SmallVector<StringRef> parts;
  rest.split(parts, 'x');
  if (parts.size() != 3 || !parts[0].empty() || parts[1].getAsInteger(10, n) ||
      parts[2].getAsInteger(10, k))
    return parser.emitError(at, "expected a shape MxNxK, got ") << m << rest;
  return failure(parser.parseComma() || parser.parseLParen() || parser.parseType(a) ||
                 parser.parseComma() || parser.parseType(b) || parser.parseRParen() ||
                 parser.parseArrow() || parser.parseType(c));
}

void fly::ir::fly::printMmaShapeAndTypes(AsmPrinter &printer, int64_t m, int64_t n, int64_t k,
                                         Type a, Type b, Type c) {
  printer << "<" << m << "x" << n << "x" << k << ", (" << a << ", " << b << ") -> " << c;
}

Value fly::ir::fly::buildPredicated(OpBuilder &b, Location loc, Value pred, Value otherwise,
                                    function_ref<Value(OpBuilder &)> body) {
  if (!pred)
    return body(b);
  TypeRange results = otherwise ? TypeRange{otherwise.getType()} : TypeRange{};
  auto ifOp = scf::IfOp::create(b, loc, results, pred, /*withElseRegion=*/bool(otherwise));
  OpBuilder then = ifOp.getThenBodyBuilder();
  Value v = body(then);
  if (!otherwise)
    return {};
  scf::YieldOp::create(then, loc, v);
  OpBuilder other = ifOp.getElseBodyBuilder();
  scf::YieldOp::create(other, loc, otherwise);
  return ifOp.getResult(0);
}

Type fly::ir::fly::bitsOf(Type element) {
  if (isa<FloatType>(element) && element.getIntOrFloatBitWidth() <= 8)
    return IntegerType::get(element.getContext(), element.getIntOrFloatBitWidth());
  return element;
}

Type fly::ir::fly::accessType(Type element, int64_t n) {
  return n == 1 ? element : Type(VectorType::get({n}, element));
}

Value fly::ir::fly::tensorPointer(OpBuilder &b, Location loc, Value tensor) {
  if (auto v = tensor.getDefiningOp<MakeViewOp>(); v && !v.getSwizzle())
    return v.getPtr();
  return GetIterOp::create(b, loc, tensor);
}

AtomCalls fly::ir::fly::planAtomCalls(FlyMemRefType t, CopyAtomType atom) {
  if (atom.getInstruction().copiesWholeTensors())
    L::fail(L::ErrorKind::Unsupported,
            "a copy atom of whole tensors moves them in one call, not in calls of each thread's "
            "values");
  L::Layout l = t.getLayout().getLayout();
  L::CopyPlan plan = L::planCopy(l, atom.getValues());
  if (!plan.contiguous && t.getAddressSpace() != Register)
    L::fail(L::ErrorKind::Divisibility,
            "a " + std::to_string(atom.getBits()) + "-bit copy atom moves " +
                std::to_string(atom.getValues()) + " consecutive elements per call; the layout " +
                l.str() + " does not keep them consecutive");
  AtomCalls calls;
  calls.values =
      plan.contiguous ? L::makeLayout(L::IntTuple(atom.getValues())) : plan.byCall.mode(0);
  for (int64_t c = 0; c < plan.calls; ++c) {
    L::IntTuple crd = L::idx2crd(L::IntTuple(c * atom.getValues()), l.shape());
    std::vector<L::Int> leaves;
    L::flattenInto(crd, leaves);
    std::vector<int64_t> coord;
    for (const L::Int &x : leaves)
      coord.push_back(x.value());
    calls.coords.push_back(std::move(coord));
    calls.offsets.push_back(L::evaluate(l, crd).leaf());
  }
  return calls;
}

//===----------------------------------------------------------------------===//
// Pointers, tensors and copies: ops.
//===----------------------------------------------------------------------===//

std::optional<int64_t> MakePtrOp::getAllocInt(StringRef name) {
  DictionaryAttr dict = getDictAttrsAttr();
  auto value = dict ? dyn_cast_or_null<IntegerAttr>(dict.get(name)) : IntegerAttr();
  if (!value)
    return std::nullopt;
  return value.getInt();
}

LogicalResult MakePtrOp::verify() {
  unsigned space = getType().getAddressSpace();
  DictionaryAttr dict = getDictAttrsAttr();
  if (dict)
    for (NamedAttribute a : dict) {
      if (!llvm::is_contained({"allocSize", "allocBytes", "allocAlign"}, a.getName().strref()))
        return emitOpError("knows the entries allocSize, allocBytes and allocAlign, not ")
               << a.getName();
      if (!isa<IntegerAttr>(a.getValue()) || cast<IntegerAttr>(a.getValue()).getInt() <= 0)
        return emitOpError("takes a positive integer ") << a.getName() << ", not " << a.getValue();
    }
  if (getArgs().empty()) {
    if (auto size = getAllocInt("allocSize")) {
      if (space != Register || getAllocInt("allocBytes") || getAllocInt("allocAlign"))
        return emitOpError("allocates allocSize elements in registers only (alone), not in ")
               << spaceName(space) << " memory";
      return success();
    }
    if (auto bytes = getAllocInt("allocBytes")) {
      int64_t align = getAllocInt("allocAlign").value_or(getType().getAlignment());
      if (space != Shared)
        return emitOpError("allocates allocBytes in shared memory only, not in ")
               << spaceName(space) << " memory";
      if (!llvm::isPowerOf2_64(uint64_t(align)))
        return emitOpError("aligns an allocation to a power of two, not ") << align;
      return success();
    }
    return emitOpError("without an operand allocates: it needs allocSize (registers) or "
                       "allocBytes (shared memory) in dictAttrs");
  }
  if (dict)
    return emitOpError("allocates (dictAttrs) or takes operands, not both");
  if (space == BufferDesc) {
    // (base, stride, numRecords, flags) as rocdl.make.buffer.rsrc takes them, or the lowered
    // pointer itself where a function's signature lowered it.
    TypeRange t = getArgs().getTypes();
    auto base = t.empty() ? PointerType() : dyn_cast<PointerType>(t[0]);
    bool whole = t.size() == 4 && base && base.getAddressSpace() == Global && t[1].isInteger(16) &&
                 t[2].isInteger(64) && t[3].isInteger(32);
    bool lowered = t.size() == 1 && t[0] == bufferPointerType(getContext());
    if (!whole && !lowered)
      return emitOpError("makes a buffer_desc pointer from (global pointer, i16 stride, i64 "
                         "records, i32 flags), not from ")
             << t;
    return success();
  }
  if (getArgs().size() != 1)
    return emitOpError("makes a ")
           << spaceName(space) << " pointer from one LLVM pointer, not from " << getArgs().size()
           << " operands";
  auto raw = dyn_cast<LLVM::LLVMPointerType>(getArgs()[0].getType());
  if (!raw)
    return emitOpError("takes an !llvm.ptr, not ") << getArgs()[0].getType();
  if (raw.getAddressSpace() != 0 && raw.getAddressSpace() != space)
    return emitOpError("makes a ") << spaceName(space) << " pointer from an LLVM pointer in "
                                   << "address space " << raw.getAddressSpace();
  return success();
}

LogicalResult RecastIterOp::verify() {
  PointerType from = getSrc().getType(), to = getType();
  if (from.getAddressSpace() != to.getAddressSpace() ||
      from.getAddressSwizzle() != to.getAddressSwizzle())
    return emitOpError("keeps the pointer's address space and swizzle, not ")
           << from << " to " << to;
  if (from.getAddressSpace() == BufferDesc && from.getElementBytes() != to.getElementBytes())
    return emitOpError("recasts a buffer_desc pointer only to elements of the same size (its "
                       "offset counts elements)");
  if (to.getAlignment() > from.getAlignment())
    return emitOpError("cannot promise more alignment (")
           << to.getAlignment() << " bytes) than " << from << " has";
  return success();
}

LogicalResult GetDynSharedOp::verify() {
  if (getType().getAddressSpace() != Shared)
    return emitOpError("gives a shared pointer, not a ")
           << spaceName(getType().getAddressSpace()) << " one";
  return success();
}

LogicalResult CpAsyncOp::verify() {
  if (getSrc().getType().getAddressSpace() != Global ||
      getDst().getType().getAddressSpace() != Shared)
    return emitOpError("copies from a global pointer to a shared one, not from ")
           << spaceName(getSrc().getType().getAddressSpace()) << " to "
           << spaceName(getDst().getType().getAddressSpace());
  for (PointerType t : {getSrc().getType(), getDst().getType()})
    if (t.getAccessAlignment() < int64_t(getBytes()))
      return emitOpError("copies ") << getBytes() << " bytes from and to addresses aligned to as "
                                    << "many; " << t << " guarantees " << t.getAccessAlignment();
  return success();
}

LogicalResult PrintOp::verify() {
  auto printable = [](Type t) {
    if (auto v = dyn_cast<VectorType>(t))
      t = v.getRank() == 1 && !v.isScalable() ? v.getElementType() : Type();
    return t && (t.isIntOrIndexOrFloat() || isa<IntTupleType, LayoutType>(t));
  };
  for (Value v : getValues())
    if (!printable(v.getType()))
      return emitOpError("prints integers, floats, their vectors, int tuples and layouts, not ")
             << v.getType();
  size_t placeholders = placeholderCount(getFormat().str());
  if (!getFormat().empty() && placeholders < getValues().size())
    return emitOpError("has ") << getValues().size() << " values for " << placeholders
                               << " {} placeholders";
  return success();
}

LLVM::LLVMStructType fly::ir::fly::bufferPointerType(MLIRContext *ctx) {
  return LLVM::LLVMStructType::getLiteral(
      ctx, {LLVM::LLVMPointerType::get(ctx, BufferDesc), IntegerType::get(ctx, 32)});
}

LogicalResult ToLLVMPtrOp::verify() {
  unsigned space = getPtr().getType().getAddressSpace();
  if (space == BufferDesc) {
    if (getType() != bufferPointerType(getContext()) || getLlvmAddressSpace() != BufferDesc)
      return emitOpError("lowers a buffer_desc pointer to ")
             << bufferPointerType(getContext()) << " (address space 8), not " << getType();
    return success();
  }
  auto result = dyn_cast<LLVM::LLVMPointerType>(getType());
  if (!result)
    return emitOpError("gives an !llvm.ptr, not ") << getType();
  if (result.getAddressSpace() != getLlvmAddressSpace() || getLlvmAddressSpace() != space)
    return emitOpError("lowers a ") << spaceName(space) << " pointer to address space " << space
                                    << ", not " << getLlvmAddressSpace() << " (its attribute) or "
                                    << result.getAddressSpace() << " (its result)";
  return success();
}

LogicalResult MakeViewOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                           ValueRange operands, DictionaryAttr attrs,
                                           OpaqueProperties props, RegionRange regions,
                                           SmallVectorImpl<Type> &results) {
  Adaptor adaptor(operands, attrs, props, regions);
  if (auto composed = dyn_cast<ComposedLayoutType>(adaptor.getLayout().getType())) {
    auto ptr = dyn_cast<PointerType>(adaptor.getPtr().getType());
    if (!ptr)
      return emitOptionalError(loc, "fly.make_view: a coordinate tensor over a composed layout "
                                    "is not offered");
    if (adaptor.getSwizzleAttr() || !ptr.getAddressSwizzle().empty())
      return emitOptionalError(loc, "fly.make_view: a view through a composed layout has no "
                                    "other swizzle");
    return inferOne(loc, getOperationName(), results, [&]() -> Type {
      return FlyMemRefType::get(ctx, ptr.getElementType(), ptr.getAddressSpace(),
                                LayoutType::get(ctx, composed.getFunction().domain()),
                                ptr.getAlignment(), {}, composed);
    });
  }
  auto layout = cast<LayoutType>(adaptor.getLayout().getType());
  if (auto base = dyn_cast<IntTupleType>(adaptor.getPtr().getType())) {
    if (adaptor.getSwizzleAttr())
      return emitOptionalError(loc, "fly.make_view: a coordinate tensor has no swizzle");
    results.push_back(CoordTensorType::get(ctx, base, layout));
    return success();
  }
  auto ptr = cast<PointerType>(adaptor.getPtr().getType());
  if (!ptr.getAddressSwizzle().empty()) {
    if (adaptor.getSwizzleAttr())
      return emitOptionalError(loc, "fly.make_view: a view of a pointer that swizzles its "
                                    "addresses has no swizzle of offsets too");
    results.push_back(FlyMemRefType::get(ctx, ptr.getElementType(), ptr.getAddressSpace(), layout,
                                         ptr.getAlignment(), {}, ComposedLayoutType(),
                                         ptr.getAddressSwizzle()));
    return success();
  }
  ArrayRef<int64_t> swizzle;
  if (auto s = adaptor.getSwizzleAttr())
    swizzle = s.asArrayRef();
  if (!swizzle.empty()) { // the pointer's element and alignment were checked with its type
    if (swizzle.size() != 3)
      return emitOptionalError(loc, "fly.make_view: a swizzle has three parameters [B, M, S]");
    try {
      L::Swizzle(int(swizzle[0]), int(swizzle[1]), int(swizzle[2]));
    } catch (const L::LayoutError &e) {
      return emitOptionalError(loc, "fly.make_view: ", e.what());
    }
  }
  results.push_back(FlyMemRefType::get(ctx, ptr.getElementType(), ptr.getAddressSpace(), layout,
                                       ptr.getAlignment(), swizzle));
  return success();
}

LogicalResult GetIterOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                          ValueRange operands, DictionaryAttr, OpaqueProperties,
                                          RegionRange, SmallVectorImpl<Type> &results) {
  if (auto coords = dyn_cast<CoordTensorType>(operands[0].getType()))
    results.push_back(coords.getBase());
  else
    results.push_back(cast<FlyMemRefType>(operands[0].getType()).getPointerType());
  return success();
}

LogicalResult GetLayoutOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                            ValueRange operands, DictionaryAttr, OpaqueProperties,
                                            RegionRange, SmallVectorImpl<Type> &results) {
  if (auto coords = dyn_cast<CoordTensorType>(operands[0].getType()))
    results.push_back(coords.getLayout());
  else if (auto composed = cast<FlyMemRefType>(operands[0].getType()).getComposed())
    results.push_back(composed);
  else
    results.push_back(cast<FlyMemRefType>(operands[0].getType()).getLayout());
  return success();
}

LogicalResult DecompositionOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                ValueRange operands, DictionaryAttr,
                                                OpaqueProperties, RegionRange,
                                                SmallVectorImpl<Type> &results) {
  auto t = dyn_cast<FlyMemRefType>(operands[0].getType());
  if (!t || !t.getComposed()) { // a plain tensor is its own decomposition
    results.push_back(operands[0].getType());
    return success();
  }
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    auto [linear, offset] = t.getComposed().getFunction().decompose();
    if (!offset.isLeaf() || !offset.leaf().isStatic() || offset.leaf().isBasis())
      L::fail(L::ErrorKind::Unsupported, "the offset of " + t.getComposed().getText().str() +
                                             " is " + offset.str() + ", not one integer");
    // The alignment the moved pointer keeps, as fly.add_offset computes it.
    int64_t elem = t.getPointerType().getElementBytes(), align = elem;
    align = std::max(
        elem, std::min(t.getAlignment(), L::largestPowerOfTwoDividing(offset.value()) * elem));
    return FlyMemRefType::get(ctx, t.getElementType(), t.getAddressSpace(),
                              LayoutType::get(ctx, linear), align, {});
  });
}

std::optional<L::IntTuple> fly::ir::fly::constantTuple(Value tuple) {
  auto type = cast<IntTupleType>(tuple.getType());
  if (type.getNumDynamicLeaves() == 0)
    return type.getTuple();
  Operation *maker = tuple.getDefiningOp();
  if (!isa_and_present<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp>(maker))
    return std::nullopt;
  std::vector<int64_t> leaves;
  for (Value v : maker->getOperands()) {
    std::optional<APInt> c = constantInt(v);
    if (!c)
      return std::nullopt;
    leaves.push_back(c->getSExtValue());
  }
  size_t next = 0;
  L::TextReader r(std::string_view(type.getText().data(), type.getText().size()));
  r.setDynamicLeaves([&](const L::DynamicLeafSpec &) { return L::Int(leaves.at(next++)); });
  return r.intTuple();
}

std::optional<int64_t> fly::ir::fly::constantScalar(Value tuple) {
  auto t = constantTuple(tuple);
  if (!t || !t->isLeaf() || !t->leaf().isStatic() || t->leaf().isBasis())
    return std::nullopt;
  return t->value();
}

LogicalResult AddOffsetOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location>,
                                            ValueRange operands, DictionaryAttr, OpaqueProperties,
                                            RegionRange, SmallVectorImpl<Type> &results) {
  auto ptr = cast<PointerType>(operands[0].getType());
  int64_t elem = ptr.getElementBytes(), align = elem;
  if (auto c = constantScalar(operands[1]))
    align = std::max(elem, std::min(ptr.getAlignment(), L::largestPowerOfTwoDividing(*c) * elem));
  else if (L::IntTuple t = cast<IntTupleType>(operands[1].getType()).getTuple();
           t.isLeaf() && !t.leaf().isBasis()) // a dynamic offset: as far as its divisibility says
    align = std::max(elem, std::min(ptr.getAlignment(),
                                    L::largestPowerOfTwoDividing(divisorOf(t.leaf())) * elem));
  results.push_back(PointerType::get(ctx, ptr.getElementType(), ptr.getAddressSpace(), align,
                                     ptr.getAddressSwizzle()));
  return success();
}

namespace {
/// A load or store of `type` (an element or a vector of elements) through `ptr`.
LogicalResult verifyAccess(Operation *op, Type type, PointerType ptr) {
  Type element = type;
  if (auto v = dyn_cast<VectorType>(type); v && v.getRank() == 1)
    element = v.getElementType();
  // An 8-bit float may be read and written as its bits (an i8), as the matrix cores take it.
  if (element != ptr.getElementType() && element != bitsOf(ptr.getElementType()))
    return op->emitOpError("accesses ") << type << " through a pointer to " << ptr.getElementType();
  // A vector wider than the pointer's alignment is one access at that alignment (FlyDSL's rule;
  // LLVM splits it where a target needs).
  return success();
}

/// One index per leaf of the layout's shape.
LogicalResult verifyCoord(Operation *op, LayoutType layout, size_t given) {
  std::vector<L::Int> leaves;
  L::Layout l = layout.getLayout();
  L::flattenInto(l.shape(), leaves);
  if (given != leaves.size())
    return op->emitOpError("takes one index per leaf of the shape: ")
           << leaves.size() << " for " << l.str() << ", got " << given;
  return success();
}
} // namespace

LogicalResult PtrLoadOp::verify() { return verifyAccess(*this, getType(), getPtr().getType()); }
LogicalResult PtrAtomicRmwOp::verify() {
  if (getValue().getType() != getAtom().getValType())
    return emitOpError("combines ")
           << getAtom().getValType() << " values, not " << getValue().getType();
  if (std::string why = getAtom().checkSpaces(Register, getPtr().getType().getAddressSpace());
      !why.empty())
    return emitOpError(why);
  return verifyAccess(*this, getValue().getType(), getPtr().getType());
}
LogicalResult PtrStoreOp::verify() {
  return verifyAccess(*this, getValue().getType(), getPtr().getType());
}

LogicalResult AllocaOp::verify() {
  FlyMemRefType t = getType();
  if (getLayout().getType() != t.getLayout())
    return emitOpError("allocates a fragment of layout ")
           << getLayout().getType() << ", but its type has " << t.getLayout();
  if (t.getAddressSpace() != Register)
    return emitOpError("allocates register tensors, not ") << spaceName(t.getAddressSpace());
  if (t.getLayout().getNumDynamicLeaves() != 0)
    return emitOpError("a fragment's layout must be static to live in registers, got ")
           << t.getLayout().getText();
  int64_t cosize = L::cosize(t.getLayout().getLayout()).value();
  if (cosize > 4096)
    return emitOpError("a fragment of ") << cosize << " elements does not fit in registers "
                                         << "(at most 4096)";
  return success();
}

LogicalResult MakeFragmentLikeOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                   ValueRange operands, DictionaryAttr attrs,
                                                   OpaqueProperties props, RegionRange regions,
                                                   SmallVectorImpl<Type> &results) {
  Adaptor adaptor(operands, attrs, props, regions);
  Type src = adaptor.getSrc().getType();
  Type element = adaptor.getDtypeAttr() ? adaptor.getDtypeAttr().getValue() : Type();
  LayoutType layout;
  if (auto t = dyn_cast<FlyMemRefType>(src)) {
    if (t.getComposed())
      return emitOptionalError(loc, getOperationName(),
                               ": a tensor over a composed layout has "
                               "no fragment like it; take its "
                               "fly.decomposition");
    layout = t.getLayout();
    element = element ? element : t.getElementType();
  } else if (auto c = dyn_cast<CoordTensorType>(src)) {
    layout = c.getLayout();
  } else {
    layout = cast<LayoutType>(src);
  }
  if (!element)
    return emitOptionalError(loc, getOperationName(),
                             ": the fragment of a layout or a coordinate tensor needs a dtype");
  std::vector<L::Int> extents;
  L::flattenInto(layout.getLayout().shape(), extents);
  if (llvm::any_of(extents, [](const L::Int &x) { return !x.isStatic(); }))
    return emitOptionalError(loc, getOperationName(), ": a fragment's shape must be static, got ",
                             layout.getText());
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    L::Layout l = computeLayout("fly.make_fragment_layout_like", {layout.getLayout()}, std::nullopt,
                                std::nullopt);
    int64_t cosize = L::cosize(l).value();
    if (cosize > 4096)
      L::fail(L::ErrorKind::InvalidArgument, "a fragment of " + std::to_string(cosize) +
                                                 " elements does not fit in registers (at most "
                                                 "4096)");
    return FlyMemRefType::get(ctx, element, Register, LayoutType::get(ctx, l),
                              elementBytes(element), {});
  });
}

LogicalResult PtrToIntOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                           ValueRange operands, DictionaryAttr, OpaqueProperties,
                                           RegionRange, SmallVectorImpl<Type> &results) {
  unsigned space = cast<PointerType>(operands[0].getType()).getAddressSpace();
  if (space != Global && space != Shared)
    return emitOptionalError(loc, getOperationName(), ": a ", spaceName(space),
                             " pointer has no integer address (global and shared ones do)");
  results.push_back(IntegerType::get(ctx, space == Global ? 64 : 32));
  return success();
}

LogicalResult IntToPtrOp::verify() {
  unsigned space = getType().getAddressSpace();
  if (space != Global && space != Shared)
    return emitOpError("gives global or shared pointers, not ") << spaceName(space) << " ones";
  if (!getType().getAddressSwizzle().empty())
    return emitOpError("gives an unswizzled pointer (fly.apply_swizzle adds a swizzle), not ")
           << getType();
  return success();
}

LogicalResult ApplySwizzleOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                               ValueRange operands, DictionaryAttr,
                                               OpaqueProperties, RegionRange,
                                               SmallVectorImpl<Type> &results) {
  auto ptr = cast<PointerType>(operands[0].getType());
  L::Swizzle s = cast<SwizzleType>(operands[1].getType()).getSwizzle();
  if (!ptr.getAddressSwizzle().empty())
    return emitOptionalError(loc, getOperationName(), ": ", ptr, " swizzles its addresses already");
  if (ptr.getAddressSpace() != Shared && ptr.getAddressSpace() != Global)
    return emitOptionalError(loc, getOperationName(), ": a ", spaceName(ptr.getAddressSpace()),
                             " pointer has no byte addresses to swizzle");
  int64_t swizzle[] = {s.bits(), s.base(), s.shift()};
  Location where = loc ? *loc : Location(UnknownLoc::get(ctx));
  auto emit = [&]() -> InFlightDiagnostic {
    return mlir::emitError(where) << getOperationName() << ": ";
  };
  if (failed(PointerType::verify(emit, ptr.getElementType(), ptr.getAddressSpace(),
                                 ptr.getAlignment(), swizzle)))
    return failure();
  results.push_back(PointerType::get(ctx, ptr.getElementType(), ptr.getAddressSpace(),
                                     ptr.getAlignment(), swizzle));
  return success();
}

LogicalResult ExtractAlignedPointerAsIndexOp::verify() {
  auto result = dyn_cast<LLVM::LLVMPointerType>(getType());
  unsigned space = getSource().getType().getAddressSpace();
  if (space == Register || space == BufferDesc)
    return emitOpError("gives the address of a global or shared tensor, not of a ")
           << spaceName(space) << " one";
  if (!result || (result.getAddressSpace() != 0 && result.getAddressSpace() != space))
    return emitOpError("gives an !llvm.ptr in address space ")
           << space << " or 0, not " << getType();
  return success();
}

L::IntTuple fly::ir::fly::unwrapOneMode(const L::IntTuple &t) {
  return t.isTuple() && t.rank() == 1 ? unwrapOneMode(t[0]) : t;
}

L::Layout fly::ir::fly::unwrapOneMode(const L::Layout &l) {
  return L::Layout(unwrapOneMode(l.shape()), unwrapOneMode(l.stride()));
}

std::pair<L::Layout, L::IntTuple> fly::ir::fly::unwrappedSliceAndOffset(const L::IntTuple &crd,
                                                                        const L::Layout &l) {
  auto [part, offset] = L::sliceAndOffset(crd, l);
  return {unwrapOneMode(part), offset};
}

L::IntTuple fly::ir::fly::movedBase(const L::IntTuple &base, const L::IntTuple &offset) {
  if (offset.isLeaf() && offset.leaf().isStatic() && !offset.leaf().isBasis() &&
      offset.leaf().value() == 0)
    return base;
  return computeIntTuple("fly.int_tuple_add", {base, offset});
}

L::IntTuple fly::ir::fly::coordinateAt(const L::IntTuple &base, const L::Layout &layout,
                                       const L::IntTuple &crd) {
  return movedBase(base, L::evaluate(layout, crd));
}

LogicalResult MemRefLoadOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                             ValueRange operands, DictionaryAttr, OpaqueProperties,
                                             RegionRange, SmallVectorImpl<Type> &results) {
  if (auto t = dyn_cast<FlyMemRefType>(operands[0].getType())) {
    results.push_back(t.getElementType());
    return success();
  }
  auto coords = dyn_cast<CoordTensorType>(operands[0].getType());
  auto crd = dyn_cast<IntTupleType>(operands[1].getType());
  if (!coords || !crd)
    return emitOptionalError(loc, getOperationName(),
                             ": reads a tensor or a coordinate tensor at an int tuple, not ",
                             operands[0].getType(), " at ", operands[1].getType());
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    return IntTupleType::get(ctx, coordinateAt(coords.getBase().getTuple(),
                                               coords.getLayout().getLayout(), crd.getTuple()));
  });
}

namespace {

/// A tensor's coordinate must be one fly.crd2idx takes for its layout.
LogicalResult verifyIndices(Operation *op, FlyMemRefType t, IntTupleType indices) {
  try {
    (void)L::evaluate(t.getLayout().getLayout(), indices.getTuple());
    return success();
  } catch (const L::LayoutError &e) {
    return op->emitOpError("takes a coordinate of ") << t.getLayout() << ": " << e.what();
  }
}

} // namespace

LogicalResult MemRefLoadOp::verify() {
  // A coordinate tensor's coordinate was checked by the result type's inference.
  if (auto t = dyn_cast<FlyMemRefType>(getTensor().getType()))
    return verifyIndices(*this, t, getIndices().getType());
  return success();
}

LogicalResult MemRefStoreOp::verify() {
  if (getValue().getType() != getTensor().getType().getElementType())
    return emitOpError("stores ") << getValue().getType() << " into a tensor of "
                                  << getTensor().getType().getElementType();
  return verifyIndices(*this, getTensor().getType(), getIndices().getType());
}

namespace {

/// The vector fly.memref.load_vec gives and fly.memref.store_vec takes: one element per
/// coordinate of a static layout.
VectorType wholeVectorOf(FlyMemRefType t) {
  L::Layout l = t.getLayout().getLayout();
  L::Int n = L::size(l);
  if (!n.isStatic())
    L::fail(L::ErrorKind::Unsupported,
            "a whole-tensor vector needs a static shape, not " + l.shape().str());
  return VectorType::get({n.value()}, t.getElementType());
}

} // namespace

LogicalResult MemRefLoadVecOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                                ValueRange operands, DictionaryAttr,
                                                OpaqueProperties, RegionRange,
                                                SmallVectorImpl<Type> &results) {
  return inferOne(loc, getOperationName(), results, [&]() -> Type {
    if (auto coords = dyn_cast<CoordTensorType>(operands[0].getType()))
      return coords.getElementsType();
    return wholeVectorOf(cast<FlyMemRefType>(operands[0].getType()));
  });
}

LogicalResult MemRefStoreVecOp::verify() {
  try {
    VectorType want = wholeVectorOf(getTensor().getType());
    if (getVector().getType() != want)
      return emitOpError("stores ")
             << getVector().getType() << " into a tensor that takes " << want;
    return success();
  } catch (const L::LayoutError &e) {
    return emitOpError(e.what());
  }
}

LogicalResult ElementPtrOp::verify() {
  FlyMemRefType t = getTensor().getType();
  PointerType p = getType();
  if (p.getElementType() != t.getElementType() || p.getAddressSpace() != t.getAddressSpace() ||
      p.getAddressSwizzle() != t.getAddressSwizzle())
    return emitOpError("gives a pointer of the tensor's element type, address space and address "
                       "swizzle");
  if (failed(verifyCoord(*this, t.getLayout(), getCoord().size())))
    return failure();
  // The alignment at a constant coordinate, from the layout; else the element's.
  int64_t guaranteed = elementBytes(t.getElementType());
  if (auto offset = constantOffset(t.getLayout().getLayout(), getCoord()))
    guaranteed = alignmentAt(t, *offset);
  if (p.getAlignment() > guaranteed)
    return emitOpError("claims ") << p.getAlignment() << "-byte alignment; the tensor guarantees "
                                  << guaranteed << " there";
  return success();
}

LogicalResult MakeTiledCopyOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                Adaptor adaptor, SmallVectorImpl<Type> &results) {
  auto atom = cast<CopyAtomType>(adaptor.getAtom().getType());
  auto tv = cast<LayoutType>(adaptor.getLayoutThrVal().getType());
  std::string tile = cast<TileType>(adaptor.getTileMN().getType()).getTiler().str();
  auto emit = [&]() -> InFlightDiagnostic {
    InFlightDiagnostic d = mlir::emitError(loc.value_or(UnknownLoc::get(ctx)));
    d << getOperationName() << ": ";
    return d;
  };
  if (tv.getNumDynamicLeaves())
    return emit() << "the thread-value layout is static, not " << tv.getText();
  if (failed(TiledCopyType::verify(emit, atom, tv, tile)))
    return failure();
  results.push_back(TiledCopyType::get(ctx, atom, tv, tile));
  return success();
}

CoordTensorType fly::ir::fly::partitionedCoordinates(CoordTensorType t, const L::IntTuple &offset,
                                                     const L::Layout &part) {
  MLIRContext *ctx = t.getContext();
  L::IntTuple base = movedBase(t.getBase().getTuple(), offset);
  return CoordTensorType::get(ctx, IntTupleType::get(ctx, base), LayoutType::get(ctx, part));
}

namespace {
LogicalResult inferPartition(std::optional<Location> loc, ValueRange operands,
                             SmallVectorImpl<Type> &results) {
  auto tc = cast<TiledCopyType>(operands[0].getType());
  L::IntTuple thr = cast<IntTupleType>(operands[2].getType()).getTuple();
  if (auto coords = dyn_cast<CoordTensorType>(operands[1].getType())) {
    try {
      L::Layout frag =
          L::threadFragments(coords.getLayout().getLayout(), tc.getThreadValue().getLayout(),
                             L::Tiler::parse(tc.getTile().str()), tc.getAtom().getValues());
      L::IntTuple offset = L::sliceAndOffset(L::threadCoordinate(thr), frag).second;
      results.push_back(partitionedCoordinates(coords, offset, L::threadPartition(frag, thr)));
      return success();
    } catch (const L::LayoutError &e) {
      return emitOptionalError(loc, "cannot partition coordinates ", coords.getLayout().getText(),
                               ": ", e.what());
    }
  }
  auto t = cast<FlyMemRefType>(operands[1].getType());
  if (!t.getSwizzle().empty())
    return emitOptionalError(loc, "partitions of swizzled tensors are built by the kernel "
                                  "builder, not yet in the dialect");
  try {
    L::Layout l = t.getLayout().getLayout();
    L::Layout frag =
        L::threadFragments(l, tc.getThreadValue().getLayout(), L::Tiler::parse(tc.getTile().str()),
                           tc.getAtom().getValues());
    L::Layout part = L::threadPartition(frag, thr);
    // The thread moves the pointer by a combination of the thread mode's strides.
    int64_t align = t.getAlignment(), elem = elementBytes(t.getElementType());
    std::vector<L::Int> strides;
    L::flattenInto(frag.mode(0).stride(), strides);
    for (const L::Int &s : strides)
      align = std::min(align, L::largestPowerOfTwoDividing(divisorOf(s)) * elem);
    results.push_back(FlyMemRefType::get(t.getContext(), t.getElementType(), t.getAddressSpace(),
                                         LayoutType::get(t.getContext(), part),
                                         std::max(align, elem), {}, ComposedLayoutType(),
                                         t.getAddressSwizzle()));
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, "cannot partition ", t.getLayout().getText(), ": ", e.what());
  }
}
} // namespace

LogicalResult PartitionSrcOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                               ValueRange operands, DictionaryAttr,
                                               OpaqueProperties, RegionRange,
                                               SmallVectorImpl<Type> &results) {
  return inferPartition(loc, operands, results);
}

LogicalResult PartitionDstOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                               ValueRange operands, DictionaryAttr,
                                               OpaqueProperties, RegionRange,
                                               SmallVectorImpl<Type> &results) {
  return inferPartition(loc, operands, results);
}

LogicalResult TiledCopyRetileOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                                  ValueRange operands, DictionaryAttr,
                                                  OpaqueProperties, RegionRange,
                                                  SmallVectorImpl<Type> &results) {
  auto tc = cast<TiledCopyType>(operands[0].getType());
  auto t = cast<FlyMemRefType>(operands[1].getType());
  if (!t.getSwizzle().empty())
    return emitOptionalError(loc, "fly.tiled_copy.retile takes a fragment of a layout, not "
                                  "one swizzled by its layout");
  if (t.getLayout().getNumDynamicLeaves())
    return emitOptionalError(loc, "fly.tiled_copy.retile takes a static fragment, not ",
                             t.getLayout().getText());
  try {
    L::Layout r = L::retile(t.getLayout().getLayout(), tc.getThreadValue().getLayout(),
                            L::Tiler::parse(tc.getTile().str()), tc.getAtom().getValues());
    results.push_back(FlyMemRefType::get(t.getContext(), t.getElementType(), t.getAddressSpace(),
                                         LayoutType::get(t.getContext(), r), t.getAlignment(), {},
                                         ComposedLayoutType(), t.getAddressSwizzle()));
    return success();
  } catch (const L::LayoutError &e) {
    return emitOptionalError(loc, "cannot retile ", t.getLayout().getText(), ": ", e.what());
  }
}

namespace {
/// The bits of a tensor element (i1 as one).
int64_t elementBits(Type t) { return t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 0; }

/// What every copy by `atom` from `src` to `dst` needs: values of the atom's width, address
/// spaces the instruction copies between.
LogicalResult verifyCopySides(Operation *op, CopyAtomType atom, FlyMemRefType src,
                              FlyMemRefType dst) {
  bool whole = atom.getInstruction().copiesWholeTensors();
  bool starts = atom.getInstruction().takesStartAddresses();
  if (whole && src.getElementType() != dst.getElementType())
    return op->emitOpError("copies ") << src.getElementType() << " to " << dst.getElementType();
  auto fits = [&](int64_t bits) {
    return starts ? bits > 0 && atom.getValBits() % bits == 0 : bits == atom.getValBits();
  };
  for (FlyMemRefType t : {src, dst})
    if (!whole && !fits(elementBits(t.getElementType())))
      return op->emitOpError("copies ")
             << src.getElementType() << " to " << dst.getElementType() << " with an atom of "
             << atom.getValBits() << "-bit values";
  std::string why = atom.getInstruction().checkSpaces(src.getAddressSpace(), dst.getAddressSpace());
  if (!why.empty())
    return op->emitOpError(why);
  return success();
}

/// A predicate tensor: i1 elements, a static size of `calls`.
LogicalResult verifyPredicate(Operation *op, FlyMemRefType pred, int64_t calls) {
  if (!pred.getElementType().isInteger(1))
    return op->emitOpError("takes a predicate tensor of i1, not of ") << pred.getElementType();
  L::Int n = L::size(pred.getLayout().getLayout());
  if (!n.isStatic() || n.value() != calls)
    return op->emitOpError("takes one predicate a call (")
           << calls << "), not " << pred.getLayout().getText();
  return success();
}

/// A copy of whole tensors (one call moves all of src to dst): the same static size, no
/// predicate.
LogicalResult verifyWholeCopy(Operation *op, CopyAtomType atom, FlyMemRefType src,
                              FlyMemRefType dst, Value pred) {
  if (failed(verifyCopySides(op, atom, src, dst)))
    return failure();
  if (pred)
    return op->emitOpError("copies whole tensors with ") << atom.getCopyOp() << ", unpredicated";
  L::Int a = L::size(src.getLayout().getLayout()), b = L::size(dst.getLayout().getLayout());
  if (!a.isStatic() || !b.isStatic() || a.value() != b.value())
    return op->emitOpError("copies ")
           << src.getLayout().getText() << " to " << dst.getLayout().getText()
           << ": the tensors have different sizes";
  return success();
}

/// A tensor of an atom call: whole calls of consecutive values (the call moves the first; FlyDSL
/// lets the tensor hold more, and fly-atom-lowering takes only exactly one call's).
LogicalResult verifyOneCall(Operation *op, const char *side, FlyMemRefType t, CopyAtomType atom) {
  try {
    AtomCalls calls = planAtomCalls(t, atom);
    if (atom.getInstruction().requiresAlignedCalls() &&
        alignmentAt(t, calls.offsets[0]) < atom.getBits() / 8)
      return op->emitOpError("a ")
             << atom.getBits() << "-bit call needs " << atom.getBits() / 8 << "-byte aligned "
             << side << "; it only guarantees " << alignmentAt(t, calls.offsets[0]);
  } catch (const L::LayoutError &e) {
    return op->emitOpError(e.what());
  }
  return success();
}

/// The SSA form of one call's values: a vector of them (a scalar for one value).
LogicalResult verifyCallValue(Operation *op, Type t, Type element, int64_t values) {
  auto v = dyn_cast<VectorType>(t);
  bool ok = v ? v.getRank() == 1 && v.getNumElements() == values && v.getElementType() == element
              : values == 1 && t == element;
  if (!ok)
    return op->emitOpError("holds one call's values as ")
           << accessType(element, values) << ", not " << t;
  return success();
}
} // namespace

LogicalResult MakeCopyAtomOp::verify() {
  if (int64_t(getValBits()) != int64_t(getType().getValBits()))
    return emitOpError("valBits = ")
           << getValBits() << " but the type's values have " << getType().getValBits() << " bits";
  return success();
}

LogicalResult AtomSetValueOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                               ValueRange operands, DictionaryAttr,
                                               OpaqueProperties, RegionRange,
                                               SmallVectorImpl<Type> &results) {
  results.push_back(operands[0].getType());
  return success();
}

namespace {
/// The struct an atom whose instruction has state fields `fields` lowers to; null for none.
LLVM::LLVMStructType stateStruct(MLIRContext *ctx, ArrayRef<Type> fields) {
  return fields.empty() ? LLVM::LLVMStructType() : LLVM::LLVMStructType::getLiteral(ctx, fields);
}
} // namespace

LLVM::LLVMStructType CopyAtomType::getStateType() const {
  return stateStruct(getContext(), getInstruction().getStateTypes());
}

LLVM::LLVMStructType MmaAtomType::getStateType() const {
  return stateStruct(getContext(), getInstruction().getStateTypes());
}

SmallVector<Type> fly::ir::fly::atomStateTypes(Type atom) {
  if (auto copy = dyn_cast<CopyAtomType>(atom))
    return copy.getInstruction().getStateTypes();
  return cast<MmaAtomType>(atom).getInstruction().getStateTypes();
}

int fly::ir::fly::atomStateFieldIndex(Type atom, StringRef field) {
  if (auto copy = dyn_cast<CopyAtomType>(atom))
    return copy.getInstruction().getStateFieldIndex(field);
  return cast<MmaAtomType>(atom).getInstruction().getStateFieldIndex(field);
}

LLVM::LLVMStructType fly::ir::fly::atomStateType(Type atom) {
  return stateStruct(atom.getContext(), atomStateTypes(atom));
}

LogicalResult AtomSetValueOp::verify() {
  int index = atomStateFieldIndex(getAtom().getType(), getField());
  if (index < 0)
    return emitOpError("the atom ")
           << getAtom().getType() << " has no state field \"" << getField() << "\"";
  Type field = atomStateTypes(getAtom().getType())[index];
  if (getValue().getType() != field)
    return emitOpError("field \"")
           << getField() << "\" is " << field << ", not " << getValue().getType();
  return success();
}

LogicalResult CopyAtomCallOp::verify() {
  CopyAtomType atom = getCopyAtom().getType();
  if (atom.getInstruction().copiesWholeTensors())
    return verifyWholeCopy(*this, atom, getSrc().getType(), getDst().getType(), getPred());
  if (failed(verifyCopySides(*this, atom, getSrc().getType(), getDst().getType())) ||
      failed(verifyOneCall(*this, "src", getSrc().getType(), atom)) ||
      failed(verifyOneCall(*this, "dst", getDst().getType(), atom)))
    return failure();
  if (getPred() && failed(verifyPredicate(*this, getPred().getType(), 1)))
    return failure();
  return success();
}

LogicalResult CopyAtomCallSsaOp::verify() {
  CopyAtomType atom = getCopyAtom().getType();
  if (atom.getInstruction().copiesWholeTensors())
    return emitOpError("copies whole tensors with ")
           << atom.getCopyOp() << ", which has no SSA form (that is fly.copy_atom_call)";
  auto src = dyn_cast<FlyMemRefType>(getSrc().getType());
  auto dst = getDst() ? dyn_cast<FlyMemRefType>(getDst().getType()) : FlyMemRefType();
  if (src && dst)
    return emitOpError("has an SSA value on one side at least; both are tensors (that is "
                       "fly.copy_atom_call)");
  Type element = src ? src.getElementType() : getElementTypeOrSelf(getSrc().getType());
  if (src && failed(verifyOneCall(*this, "src", src, atom)))
    return failure();
  if (dst && failed(verifyOneCall(*this, "dst", dst, atom)))
    return failure();
  if (dst && dst.getElementType() != element)
    return emitOpError("copies ") << element << " into a tensor of " << dst.getElementType();
  if (elementBits(element) != atom.getValBits())
    return emitOpError("copies ") << element << " with an atom of " << atom.getValBits()
                                  << "-bit values";
  std::string why = atom.getInstruction().checkSpaces(src ? src.getAddressSpace() : Register,
                                                      dst ? dst.getAddressSpace() : Register);
  if (!why.empty())
    return emitOpError(why);
  for (Value v : {getSrc(), getDst()})
    if (v && !isa<FlyMemRefType>(v.getType()) &&
        failed(verifyCallValue(*this, v.getType(), element, atom.getValues())))
      return failure();
  // A result exactly where the destination is a value: the old values come with a predicate
  // and stand where it is false.
  bool oldValues = getDst() && !dst;
  if (getNumResults() != (dst ? 0u : 1u))
    return emitOpError(dst ? "stores into its destination tensor and gives no result"
                           : "gives the copied values as its one result");
  if (oldValues && !getPred())
    return emitOpError("takes old destination values only beside a predicate");
  if (oldValues && getDst().getType() != getResult(0).getType())
    return emitOpError("gives ") << getResult(0).getType() << " where the old values are "
                                 << getDst().getType();
  if (getPred() && !getDst())
    return emitOpError("takes a predicate beside a destination (a tensor or the old values)");
  if (!dst && failed(verifyCallValue(*this, getResult(0).getType(), element, atom.getValues())))
    return failure();
  return success();
}

LogicalResult CopyOp::verify() {
  CopyAtomType atom = getAtom().getType();
  FlyMemRefType src = getSrc().getType(), dst = getDst().getType();
  if (atom.getInstruction().copiesWholeTensors())
    return verifyWholeCopy(*this, atom, src, dst, getPred());
  if (failed(verifyCopySides(*this, atom, src, dst)))
    return failure();
  try {
    AtomCalls s = planAtomCalls(src, atom), d = planAtomCalls(dst, atom);
    if (s.coords.size() != d.coords.size())
      return emitOpError("copies ")
             << src.getLayout().getText() << " to " << dst.getLayout().getText()
             << ": the tensors have different sizes";
    int64_t bytes = atom.getInstruction().requiresAlignedCalls() ? atom.getBits() / 8 : 0;
    for (auto [t, calls] : {std::pair{src, &s}, std::pair{dst, &d}})
      for (const L::Int &off : calls->offsets)
        if (alignmentAt(t, off) < bytes)
          return emitOpError("a ")
                 << atom.getBits() << "-bit copy atom needs " << bytes
                 << "-byte aligned accesses; the layout " << t.getLayout().getText()
                 << " only guarantees " << alignmentAt(t, off);
    if (getPred() && failed(verifyPredicate(*this, getPred().getType(), int64_t(s.coords.size()))))
      return failure();
  } catch (const L::LayoutError &e) {
    return emitOpError(e.what());
  }
  return success();
}

#define GET_ATTRDEF_CLASSES
#include "FlyAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyTypes.cpp.inc"

#define GET_OP_CLASSES
#include "FlyOps.cpp.inc"
