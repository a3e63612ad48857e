//===- fly_rocdl_dialect.cpp - FlyDSL's FlyROCDL dialect ------------------===//
//
// `!fly_rocdl.cdna3.mfma<M x N x K, (A, B) -> C>`: what each lane holds comes from
// src/layout/mma.h, the tables the kernel builder's MFMA atoms use.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_rocdl_dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fly::ir::fly_rocdl;
namespace L = fly::layout;

#include "FlyROCDLDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyROCDLTypes.cpp.inc"

void FlyROCDLDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyROCDLTypes.cpp.inc"
      >();
}

namespace {

/// src/layout's name for an A/B element type: f32, f16, bf16, fp8 (any 8-bit float), i8.
std::optional<std::string> abTypeName(Type t) {
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

} // namespace

Type MfmaType::parse(AsmParser &parser) {
  // `16x16x4` reaches the parser as the integer 16 and the keyword `x16x4`.
  int64_t m = 0, n = 0, k = 0;
  StringRef rest;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseInteger(m) || parser.parseKeyword(&rest))
    return {};
  SmallVector<StringRef> parts;
  rest.split(parts, 'x');
  if (parts.size() != 3 || !parts[0].empty() || parts[1].getAsInteger(10, n) ||
      parts[2].getAsInteger(10, k)) {
    parser.emitError(at, "expected a shape MxNxK, got ") << m << rest;
    return {};
  }
  Type a, b, c;
  if (parser.parseComma() || parser.parseLParen() || parser.parseType(a) || parser.parseComma() ||
      parser.parseType(b) || parser.parseRParen() || parser.parseArrow() || parser.parseType(c) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), m, n, k, a, b, c);
}

void MfmaType::print(AsmPrinter &printer) const {
  printer << "<" << getM() << "x" << getN() << "x" << getK() << ", (" << getAType() << ", "
          << getBType() << ") -> " << getCType() << ">";
}

LogicalResult MfmaType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m, int64_t n,
                               int64_t k, Type a, Type b, Type c) {
  auto name = abTypeName(a);
  if (!name || abTypeName(b) != name)
    return emitError() << "an MFMA takes A and B of the same type: f32, f16, bf16, an 8-bit float "
                          "or i8, not "
                       << a << " and " << b;
  Type want = *name == "i8" ? Type(IntegerType::get(a.getContext(), 32))
                            : Type(Float32Type::get(a.getContext()));
  if (c != want)
    return emitError() << "an MFMA on " << a << " accumulates in " << want << ", not " << c;
  try {
    (void)L::mmaAtom(L::MmaFamily::Mfma, m, n, k, *name);
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << e.what();
  }
}

L::MmaAtom MfmaType::getAtom() const {
  return L::mmaAtom(L::MmaFamily::Mfma, getM(), getN(), getK(), *abTypeName(getAType()));
}

Type MfmaType::getAElementType() const { return getAType(); }
Type MfmaType::getBElementType() const { return getBType(); }
Type MfmaType::getCElementType() const { return getCType(); }
