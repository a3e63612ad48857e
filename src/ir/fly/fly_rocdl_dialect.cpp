//===- fly_rocdl_dialect.cpp - FlyDSL's FlyROCDL dialect ------------------===//
//
// `!fly_rocdl.cdna3.mfma<M x N x K, (A, B) -> C>`: what each lane holds comes from
// src/layout/mma.h, the tables the kernel builder's MFMA atoms use. The buffer copy
// (`cdna3.buffer_copy<bits>`) is a copy instruction for `!fly.copy_atom`.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_rocdl_dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fly::ir::fly_rocdl;
using fly::ir::fly::mmaAbTypeName;
using fly::ir::fly::parseMmaShapeAndTypes;
using fly::ir::fly::printMmaShapeAndTypes;
namespace L = fly::layout;

#include "FlyROCDLDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyROCDLTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "FlyROCDLAttrs.cpp.inc"

void FlyROCDLDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyROCDLTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "FlyROCDLAttrs.cpp.inc"
      >();
}

unsigned BufferDescAttr::getAddressSpace() const { return ::fly::ir::fly::BufferDesc; }

LogicalResult BufferCopyType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t bits,
                                     int64_t cache) {
  if (bits < 8 || bits > 128 || (bits & (bits - 1)) != 0)
    return emitError() << "a buffer copy moves 8..128 bits a call (a power of two), not " << bits;
  if (cache < 0 || cache > 7)
    return emitError() << "a buffer copy's cache policy is 0..7 (glc, slc, dlc bits), not "
                       << cache;
  return success();
}

int64_t BufferCopyType::getCopyBits() const { return getBitSize(); }

std::string BufferCopyType::checkSpaces(unsigned src, unsigned dst) const {
  if ((src == ::fly::ir::fly::BufferDesc) == (dst == ::fly::ir::fly::BufferDesc))
    return "a buffer copy moves between a buffer (#fly_rocdl.buffer_desc) and another address "
           "space: one side is a buffer";
  return {};
}

SmallVector<Type> BufferCopyType::getStateTypes() const {
  return {IntegerType::get(getContext(), 32)};
}

int BufferCopyType::getStateFieldIndex(StringRef field) const {
  return field == "soffset" ? 0 : -1;
}

Type MfmaType::parse(AsmParser &parser) {
  int64_t m = 0, n = 0, k = 0;
  Type a, b, c;
  SMLoc at = parser.getCurrentLocation();
  if (parseMmaShapeAndTypes(parser, m, n, k, a, b, c) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), m, n, k, a, b, c);
}

void MfmaType::print(AsmPrinter &printer) const {
  printMmaShapeAndTypes(printer, getM(), getN(), getK(), getAType(), getBType(), getCType());
  printer << ">";
}

LogicalResult MfmaType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m, int64_t n,
                               int64_t k, Type a, Type b, Type c) {
  auto name = mmaAbTypeName(a);
  if (!name || mmaAbTypeName(b) != name)
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
  return L::mmaAtom(L::MmaFamily::Mfma, getM(), getN(), getK(), *mmaAbTypeName(getAType()));
}

Type MfmaType::getAElementType() const { return getAType(); }
Type MfmaType::getBElementType() const { return getBType(); }
Type MfmaType::getCElementType() const { return getCType(); }

//===-- RDNA's WMMA ---------------------------------------------------------===//

namespace {

struct WmmaParams {
  int64_t m = 0, n = 0, k = 0;
  Type a, b, c;
  bool signA = false, signB = false, clamp = false;
};

/// `<MxNxK, (A, B) -> C, signA = b, signB = b, clamp = b>`.
std::optional<WmmaParams> parseWmma(AsmParser &parser) {
  WmmaParams p;
  if (parseMmaShapeAndTypes(parser, p.m, p.n, p.k, p.a, p.b, p.c))
    return std::nullopt;
  for (auto [name, flag] :
       {std::pair{"signA", &p.signA}, {"signB", &p.signB}, {"clamp", &p.clamp}}) {
    StringRef word;
    SMLoc at = parser.getCurrentLocation();
    if (parser.parseComma() || parser.parseKeyword(name) || parser.parseEqual() ||
        parser.parseKeyword(&word))
      return std::nullopt;
    if (word != "true" && word != "false") {
      parser.emitError(at, "expected true or false for ") << name << ", got " << word;
      return std::nullopt;
    }
    *flag = word == "true";
  }
  if (parser.parseGreater())
    return std::nullopt;
  return p;
}

/// Either arch's WMMA type from its text.
template <class WmmaType> Type parseWmmaType(AsmParser &parser) {
  SMLoc at = parser.getCurrentLocation();
  auto p = parseWmma(parser);
  if (!p)
    return {};
  return WmmaType::getChecked([&] { return parser.emitError(at); }, parser.getContext(), p->m, p->n,
                              p->k, p->a, p->b, p->c, p->signA, p->signB, p->clamp);
}

void printWmma(AsmPrinter &printer, int64_t m, int64_t n, int64_t k, Type a, Type b, Type c,
               bool signA, bool signB, bool clamp) {
  printMmaShapeAndTypes(printer, m, n, k, a, b, c);
  printer << ", signA = " << (signA ? "true" : "false")
          << ", signB = " << (signB ? "true" : "false")
          << ", clamp = " << (clamp ? "true" : "false") << ">";
}

/// src/layout's name for a WMMA's A/B type: f16, bf16, i8 (any signedness), i4.
std::optional<std::string> wmmaTypeName(Type t) {
  if (t.isF16() || t.isBF16())
    return mmaAbTypeName(t);
  if (auto i = dyn_cast<IntegerType>(t); i && (i.getWidth() == 8 || i.getWidth() == 4))
    return "i" + std::to_string(i.getWidth());
  return std::nullopt;
}

/// What both archs' WMMA types check: the shape, the types an instruction of `arch` takes, and
/// sign and clamp only where the instruction has them (the integer forms).
LogicalResult verifyWmma(function_ref<InFlightDiagnostic()> emitError, const char *arch,
                         bool integers, int64_t m, int64_t n, int64_t k, Type a, Type b, Type c,
                         bool signA, bool signB, bool clamp) {
  if (m != 16 || n != 16 || k != 16)
    return emitError() << arch << " WMMA requires M=N=K=16, got " << m << "x" << n << "x" << k;
  auto name = wmmaTypeName(a);
  bool half = name && (*name == "f16" || *name == "bf16");
  bool ok = name && (half || integers) && wmmaTypeName(b) == name &&
            (half ? a == b && c.isF32() : c.isInteger(32));
  if (!ok)
    return emitError() << "unsupported " << arch << " WMMA configuration: " << m << "x" << n << "x"
                       << k << " with A=" << a << ", B=" << b << ", C=" << c;
  if (half && (signA || signB || clamp))
    return emitError() << arch << " WMMA fp16/bf16 path does not accept signA/signB/clamp";
  return success();
}

} // namespace

Type Gfx11WmmaType::parse(AsmParser &parser) { return parseWmmaType<Gfx11WmmaType>(parser); }

void Gfx11WmmaType::print(AsmPrinter &printer) const {
  printWmma(printer, getM(), getN(), getK(), getAType(), getBType(), getCType(), getSignA(),
            getSignB(), getClamp());
}

LogicalResult Gfx11WmmaType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                                    int64_t n, int64_t k, Type a, Type b, Type c, bool signA,
                                    bool signB, bool clamp) {
  return verifyWmma(emitError, "GFX11", /*integers=*/true, m, n, k, a, b, c, signA, signB, clamp);
}

L::MmaAtom Gfx11WmmaType::getAtom() const {
  return L::mmaAtom(L::MmaFamily::WmmaGfx11, getM(), getN(), getK(), *wmmaTypeName(getAType()), 32);
}

Type Gfx11WmmaType::getAElementType() const { return getAType(); }
Type Gfx11WmmaType::getBElementType() const { return getBType(); }
Type Gfx11WmmaType::getCElementType() const { return getCType(); }

Type Gfx120xWmmaType::parse(AsmParser &parser) { return parseWmmaType<Gfx120xWmmaType>(parser); }

void Gfx120xWmmaType::print(AsmPrinter &printer) const {
  printWmma(printer, getM(), getN(), getK(), getAType(), getBType(), getCType(), getSignA(),
            getSignB(), getClamp());
}

LogicalResult Gfx120xWmmaType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                                      int64_t n, int64_t k, Type a, Type b, Type c, bool signA,
                                      bool signB, bool clamp) {
  return verifyWmma(emitError, "GFX120X", /*integers=*/false, m, n, k, a, b, c, signA, signB,
                    clamp);
}

L::MmaAtom Gfx120xWmmaType::getAtom() const {
  return L::mmaAtom(L::MmaFamily::Wmma, getM(), getN(), getK(), *wmmaTypeName(getAType()), 32);
}

Type Gfx120xWmmaType::getAElementType() const { return getAType(); }
Type Gfx120xWmmaType::getBElementType() const { return getBType(); }
Type Gfx120xWmmaType::getCElementType() const { return getCType(); }

fly::ir::MatrixCoreModifiers fly::ir::fly_rocdl::matrixCoreModifiers(Type instruction) {
  if (auto w = dyn_cast<Gfx11WmmaType>(instruction))
    return {w.getSignA(), w.getSignB(), w.getClamp()};
  if (auto w = dyn_cast<Gfx120xWmmaType>(instruction))
    return {w.getSignA(), w.getSignB(), w.getClamp()};
  return {};
}
