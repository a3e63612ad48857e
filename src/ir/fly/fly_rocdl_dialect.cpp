//===- fly_rocdl_dialect.cpp - FlyDSL's FlyROCDL dialect ------------------===//
//
// `!fly_rocdl.cdna3.mfma<M x N x K, (A, B) -> C>`: what each lane holds comes from
// src/layout/mma.h, the tables the kernel builder's MFMA atoms use. The buffer copy
// (`cdna3.buffer_copy<bits>`) is a copy instruction for `!fly.copy_atom`.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_rocdl_dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
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

#define GET_OP_CLASSES
#include "FlyROCDLOps.cpp.inc"

void FlyROCDLDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyROCDLTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "FlyROCDLAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "FlyROCDLOps.cpp.inc"
      >();
}

LogicalResult GetBufferRsrcOp::verify() {
  auto ptr = dyn_cast<::fly::ir::fly::PointerType>(getPtr().getType());
  if (!ptr || ptr.getAddressSpace() != ::fly::ir::fly::BufferDesc)
    return emitOpError("takes a pointer into a buffer (#fly_rocdl.buffer_desc), not ")
           << getPtr().getType();
  auto result = dyn_cast<LLVM::LLVMPointerType>(getType());
  if (!result || result.getAddressSpace() != ::fly::ir::fly::BufferDesc)
    return emitOpError("gives the resource as an !llvm.ptr<8>, not ") << getType();
  return success();
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

LogicalResult BufferCopyLdsType::verify(function_ref<InFlightDiagnostic()> emitError,
                                        int64_t bits) {
  // The LDS DMA moves 1, 2 or 4 bytes a lane, and 12 or 16 on gfx950; FlyDSL offers 4 and 16.
  if (bits != 32 && bits != 128)
    return emitError() << "a buffer copy into LDS moves 32 or 128 bits a lane (128 on gfx950), "
                          "not "
                       << bits;
  return success();
}

int64_t BufferCopyLdsType::getCopyBits() const { return getBitSize(); }

std::string BufferCopyLdsType::checkSpaces(unsigned src, unsigned dst) const {
  if (src != ::fly::ir::fly::BufferDesc || dst != ::fly::ir::fly::Shared)
    return "a buffer copy into LDS moves from a buffer (#fly_rocdl.buffer_desc) into shared "
           "memory";
  return {};
}

bool BufferCopyLdsType::takesStartAddresses() const { return true; }

SmallVector<Type> BufferCopyLdsType::getStateTypes() const {
  Type i32 = IntegerType::get(getContext(), 32);
  return {i32, i32};
}

int BufferCopyLdsType::getStateFieldIndex(StringRef field) const {
  return field == "soffset" ? 0 : field == "imm_offset" ? 1 : -1;
}

Type BufferAtomicType::parse(AsmParser &parser) {
  StringRef name;
  Type value;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&name) || parser.parseComma() ||
      parser.parseType(value) || parser.parseGreater())
    return {};
  int op = ::fly::ir::fly::atomicOpNumber(name);
  if (op < 0) {
    parser.emitError(at, "an atomic operation is add, max, min, and, or, inc or dec, not ") << name;
    return {};
  }
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), int32_t(op), value);
}

void BufferAtomicType::print(AsmPrinter &printer) const {
  printer << "<" << ::fly::ir::fly::atomicOpName(getAtomicOp()) << ", " << getValType() << ">";
}

std::string fly::ir::fly_rocdl::bufferAtomicRefusal(int32_t op, Type value) {
  auto pair = dyn_cast<VectorType>(value);
  bool halfPair = pair && pair.getRank() == 1 && pair.getNumElements() == 2 &&
                  (pair.getElementType().isF16() || pair.getElementType().isBF16());
  bool integer = value.isInteger(32) || value.isInteger(64);
  // What MLIR's ROCDL dialect has: fadd, fmax, smax and umin.
  if ((op == 0 && (value.isF32() || halfPair)) || (op == 1 && (value.isF32() || integer)) ||
      (op == 2 && integer))
    return {};
  std::string text;
  llvm::raw_string_ostream os(text);
  StringRef name = ::fly::ir::fly::atomicOpName(op);
  os << "a buffer atomic " << (name.empty() ? StringRef("?") : name) << " of " << value
     << " is none AMD has here: add takes f32 or a pair of f16 or bf16, max f32, i32 or i64 "
        "(signed), min i32 or i64 (unsigned)";
  return text;
}

LogicalResult BufferAtomicType::verify(function_ref<InFlightDiagnostic()> emitError, int32_t op,
                                       Type value) {
  std::string why = bufferAtomicRefusal(op, value);
  if (!why.empty())
    return emitError() << why;
  return success();
}

int64_t BufferAtomicType::getCopyBits() const {
  auto pair = dyn_cast<VectorType>(getValType());
  return pair ? 2 * pair.getElementTypeBitWidth() : getValType().getIntOrFloatBitWidth();
}

std::string BufferAtomicType::checkSpaces(unsigned src, unsigned dst) const {
  if (dst != ::fly::ir::fly::BufferDesc || src == ::fly::ir::fly::BufferDesc)
    return "a buffer atomic combines values into a buffer (#fly_rocdl.buffer_desc) from another "
           "address space";
  return {};
}

SmallVector<Type> BufferAtomicType::getStateTypes() const {
  return {IntegerType::get(getContext(), 32)};
}

int BufferAtomicType::getStateFieldIndex(StringRef field) const {
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
  L::MmaAtom atom =
      L::mmaAtom(L::MmaFamily::WmmaGfx11, getM(), getN(), getK(), *wmmaTypeName(getAType()), 32);
  if (getAType().isInteger()) { // float operands carry their signs
    atom.signedA = getSignA();
    atom.signedB = getSignB();
    atom.clamp = getClamp();
  }
  return atom;
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

//===-- gfx1250's WMMA -------------------------------------------------------===//

namespace {

bool isOcpFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// src/layout's name for a gfx1250 WMMA's A/B type.
std::optional<std::string> gfx1250TypeName(Type t) {
  if (t.isF32() || t.isF16() || t.isBF16())
    return mmaAbTypeName(t);
  if (isOcpFp8(t))
    return std::string("fp8");
  return wmmaTypeName(t);
}

} // namespace

Type Gfx1250WmmaType::parse(AsmParser &parser) { return parseWmmaType<Gfx1250WmmaType>(parser); }

void Gfx1250WmmaType::print(AsmPrinter &printer) const {
  printWmma(printer, getM(), getN(), getK(), getAType(), getBType(), getCType(), getSignA(),
            getSignB(), getClamp());
}

LogicalResult Gfx1250WmmaType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                                      int64_t n, int64_t k, Type a, Type b, Type c, bool signA,
                                      bool signB, bool clamp) {
  if (m != 16 || n != 16)
    return emitError() << "GFX1250 WMMA requires M=N=16, got " << m << "x" << n;
  bool integers = a.isInteger(4) || a.isInteger(8);
  if ((signA || signB || clamp) && !integers)
    return emitError() << "signA/signB/clamp are only valid for integer (iu4/iu8) WMMA, got A="
                       << a;
  bool ok = (k == 4 && a.isF32() && b.isF32() && c.isF32()) ||
            (k == 32 && a.isF16() && b.isF16() && (c.isF32() || c.isF16())) ||
            (k == 32 && a.isBF16() && b.isBF16() && (c.isF32() || c.isBF16())) ||
            ((k == 64 || k == 128) && isOcpFp8(a) && isOcpFp8(b) && (c.isF32() || c.isF16())) ||
            (k == 64 && a.isInteger(8) && b.isInteger(8) && c.isInteger(32)) ||
            (k == 32 && a.isInteger(4) && b.isInteger(4) && c.isInteger(32));
  if (!ok)
    return emitError() << "unsupported GFX1250 WMMA configuration: " << m << "x" << n << "x" << k
                       << " with A=" << a << ", B=" << b << ", Acc=" << c;
  return success();
}

L::MmaAtom Gfx1250WmmaType::getAtom() const {
  L::MmaAtom atom = L::mmaAtom(L::MmaFamily::WmmaGfx1250, getM(), getN(), getK(),
                               *gfx1250TypeName(getAType()), 32);
  if (getAType().isInteger()) { // float operands carry their signs
    atom.signedA = getSignA();
    atom.signedB = getSignB();
    atom.clamp = getClamp();
  }
  // A 16-bit accumulator is its own instruction (v_wmma_f16_* / v_wmma_bf16_*), with the same
  // lanes.
  if (getCType().isF16() || getCType().isBF16())
    atom.name = "v_wmma_" + *mmaAbTypeName(getCType()) + atom.name.substr(strlen("v_wmma_f32"));
  return atom;
}

Type Gfx1250WmmaType::getAElementType() const { return getAType(); }
Type Gfx1250WmmaType::getBElementType() const { return getBType(); }
Type Gfx1250WmmaType::getCElementType() const { return getCType(); }

Type Gfx1250WmmaScaleType::parse(AsmParser &parser) {
  int64_t m = 0, n = 0, k = 0, opselA = 0, opselB = 0, modC = 0, blockSize = 0;
  bool reuseA = false, reuseB = false;
  Type a, b, c;
  SMLoc at = parser.getCurrentLocation();
  if (parseMmaShapeAndTypes(parser, m, n, k, a, b, c))
    return {};
  auto integer = [&](const char *name, int64_t &v) {
    return failed(parser.parseComma()) || failed(parser.parseKeyword(name)) ||
           failed(parser.parseEqual()) || failed(parser.parseInteger(v));
  };
  auto flag = [&](const char *name, bool &v) {
    StringRef word;
    SMLoc wordAt;
    if (failed(parser.parseComma()) || failed(parser.parseKeyword(name)) ||
        failed(parser.parseEqual()) || (wordAt = parser.getCurrentLocation(), false) ||
        failed(parser.parseKeyword(&word)))
      return true;
    if (word != "true" && word != "false")
      return failed(parser.emitError(wordAt, "expected true or false for ") << name);
    v = word == "true";
    return false;
  };
  if (integer("opselA", opselA) || integer("opselB", opselB) || integer("modC", modC) ||
      flag("reuseA", reuseA) || flag("reuseB", reuseB) || integer("blockSize", blockSize) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), m, n, k, a, b, c,
                    opselA, opselB, modC, reuseA, reuseB, blockSize);
}

void Gfx1250WmmaScaleType::print(AsmPrinter &printer) const {
  printMmaShapeAndTypes(printer, getM(), getN(), getK(), getAType(), getBType(), getCType());
  printer << ", opselA = " << getOpselA() << ", opselB = " << getOpselB()
          << ", modC = " << getModC() << ", reuseA = " << (getReuseA() ? "true" : "false")
          << ", reuseB = " << (getReuseB() ? "true" : "false") << ", blockSize = " << getBlockSize()
          << ">";
}

namespace {
/// The block-scaled formats' names in src/layout (CDNA4's scaled MFMA uses the same).
std::optional<std::string> scaledFormatName(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return std::string("e4m3");
  if (isa<Float8E5M2Type>(t))
    return std::string("e5m2");
  if (isa<Float6E2M3FNType>(t))
    return std::string("e2m3");
  if (isa<Float6E3M2FNType>(t))
    return std::string("e3m2");
  if (isa<Float4E2M1FNType>(t))
    return std::string("e2m1");
  return std::nullopt;
}
} // namespace

Type fly::ir::fly_rocdl::scaledFormatType(MLIRContext *ctx, StringRef format) {
  return llvm::StringSwitch<Type>(format)
      .Case("e4m3", Float8E4M3FNType::get(ctx))
      .Case("e5m2", Float8E5M2Type::get(ctx))
      .Case("e2m3", Float6E2M3FNType::get(ctx))
      .Case("e3m2", Float6E3M2FNType::get(ctx))
      .Case("e2m1", Float4E2M1FNType::get(ctx))
      .Default(Type());
}

namespace {

/// What both block-scaled atoms check of their operands (FlyDSL's messages): an f32
/// accumulator, A and B in the scaled formats, and scale selects in 0..maxOpsel.
LogicalResult verifyScaledOperands(function_ref<InFlightDiagnostic()> emitError, Type a, Type b,
                                   Type c, int64_t opselA, int64_t opselB, int64_t maxOpsel,
                                   StringRef meaning) {
  if (!c.isF32())
    return emitError() << "elemTyAcc must be f32, got " << c;
  for (auto [name, t] : {std::pair{"elemTyA", a}, {"elemTyB", b}})
    if (!scaledFormatName(t))
      return emitError() << name
                         << " must be one of f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, got "
                         << t;
  for (auto [name, opsel] : {std::pair{"opselA", opselA}, {"opselB", opselB}})
    if (opsel < 0 || opsel > maxOpsel)
      return emitError() << name << " must be in [0, " << maxOpsel << "]" << meaning << ", got "
                         << opsel;
  return success();
}
} // namespace

LogicalResult Gfx1250WmmaScaleType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                                           int64_t n, int64_t k, Type a, Type b, Type c,
                                           int64_t opselA, int64_t opselB, int64_t modC, bool, bool,
                                           int64_t blockSize) {
  if (blockSize != 16 && blockSize != 32)
    return emitError() << "blockSize must be 16 or 32, got " << blockSize;
  bool square = m == 16 && n == 16 && k == 128, tall = m == 32 && n == 16 && k == 128;
  if (!square && !tall)
    return emitError() << "unsupported MNK for GFX1250 WMMA_Scale: " << m << "x" << n << "x" << k
                       << " (expected 16x16x128 or 32x16x128)";
  if (tall && !(isa<Float4E2M1FNType>(a) && isa<Float4E2M1FNType>(b)))
    return emitError() << "GFX1250 WMMA_Scale 32x16x128 requires f4E2M1FN A and B, got A=" << a
                       << ", B=" << b;
  if (failed(verifyScaledOperands(emitError, a, b, c, opselA, opselB, 1, " (row0/row1)")))
    return failure();
  if (modC < 0 || modC > 0xFFFF)
    return emitError() << "modC must fit the i16 intrinsic field [0, 65535], got " << modC;
  return success();
}

L::MmaAtom Gfx1250WmmaScaleType::getAtom() const {
  return L::scaledWmmaGfx1250Atom(getM(), *scaledFormatName(getAType()),
                                  *scaledFormatName(getBType()), getBlockSize());
}

Type Gfx1250WmmaScaleType::getAElementType() const { return getAType(); }
Type Gfx1250WmmaScaleType::getBElementType() const { return getBType(); }
Type Gfx1250WmmaScaleType::getCElementType() const { return getCType(); }

SmallVector<Type> Gfx1250WmmaScaleType::getStateTypes() const {
  // SCALE16 takes twice the scales of a lane's K: 64-bit registers
  Type scale = IntegerType::get(getContext(), getBlockSize() == 16 ? 64 : 32);
  return {scale, scale};
}

int Gfx1250WmmaScaleType::getStateFieldIndex(StringRef field) const {
  return field == "scale_a" ? 0 : field == "scale_b" ? 1 : -1;
}

//===-- CDNA4's scaled MFMA -------------------------------------------------===//

Type MfmaScaleType::parse(AsmParser &parser) {
  int64_t m = 0, n = 0, k = 0, opselA = 0, opselB = 0;
  Type a, b, c;
  SMLoc at = parser.getCurrentLocation();
  auto integer = [&](const char *name, int64_t &v) {
    return failed(parser.parseComma()) || failed(parser.parseKeyword(name)) ||
           failed(parser.parseEqual()) || failed(parser.parseInteger(v));
  };
  if (parseMmaShapeAndTypes(parser, m, n, k, a, b, c) || integer("opselA", opselA) ||
      integer("opselB", opselB) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), m, n, k, a, b, c,
                    opselA, opselB);
}

void MfmaScaleType::print(AsmPrinter &printer) const {
  printMmaShapeAndTypes(printer, getM(), getN(), getK(), getAType(), getBType(), getCType());
  printer << ", opselA = " << getOpselA() << ", opselB = " << getOpselB() << ">";
}

LogicalResult MfmaScaleType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                                    int64_t n, int64_t k, Type a, Type b, Type c, int64_t opselA,
                                    int64_t opselB) {
  if (!((m == 16 && n == 16 && k == 128) || (m == 32 && n == 32 && k == 64)))
    return emitError() << "unsupported MNK for CDNA4 MFMA_Scale: " << m << "x" << n << "x" << k
                       << " (expected 16x16x128 or 32x32x64)";
  return verifyScaledOperands(emitError, a, b, c, opselA, opselB, 3, "");
}

L::MmaAtom MfmaScaleType::getAtom() const {
  return L::scaledMfmaAtom(getM(), getN(), getK(), *scaledFormatName(getAType()),
                           *scaledFormatName(getBType()));
}

Type MfmaScaleType::getAElementType() const { return getAType(); }
Type MfmaScaleType::getBElementType() const { return getBType(); }
Type MfmaScaleType::getCElementType() const { return getCType(); }

SmallVector<Type> MfmaScaleType::getStateTypes() const {
  Type i32 = IntegerType::get(getContext(), 32);
  return {i32, i32};
}

int MfmaScaleType::getStateFieldIndex(StringRef field) const {
  return field == "scale_a" ? 0 : field == "scale_b" ? 1 : -1;
}

//===-- gfx1250's Tensor Data Mover ---------------------------------------------===//

Type Gfx1250TdmType::parse(AsmParser &parser) {
  int64_t rank = 0, warps = 0, padInterval = 0, padAmount = 0, cache = 0;
  bool flags[2] = {false, false};
  SMLoc at = parser.getCurrentLocation();
  auto keyword = [&](const char *name) {
    return failed(parser.parseKeyword(name)) || failed(parser.parseEqual());
  };
  if (parser.parseLess() || keyword("rank") || parser.parseInteger(rank) || parser.parseComma() ||
      keyword("warps") || parser.parseInteger(warps) || parser.parseComma() || keyword("pad") ||
      parser.parseInteger(padInterval) || parser.parseComma() || parser.parseInteger(padAmount) ||
      parser.parseComma() || keyword("cache") || parser.parseInteger(cache))
    return {};
  for (auto [name, flag] : {std::pair{"barrier", &flags[0]}, {"timeout", &flags[1]}}) {
    StringRef word;
    if (parser.parseComma() || keyword(name))
      return {};
    SMLoc wordAt = parser.getCurrentLocation();
    if (parser.parseKeyword(&word))
      return {};
    if (word != "true" && word != "false") {
      parser.emitError(wordAt, "expected true or false for ") << name << ", got " << word;
      return {};
    }
    *flag = word == "true";
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), rank, warps,
                    padInterval, padAmount, cache, flags[0], flags[1]);
}

void Gfx1250TdmType::print(AsmPrinter &printer) const {
  printer << "<rank = " << getRank() << ", warps = " << getWarps() << ", pad = " << getPadInterval()
          << ", " << getPadAmount() << ", cache = " << getCacheModifier()
          << ", barrier = " << (getBarrier() ? "true" : "false")
          << ", timeout = " << (getTimeout() ? "true" : "false") << ">";
}

LogicalResult Gfx1250TdmType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t rank,
                                     int64_t warps, int64_t padInterval, int64_t padAmount, int64_t,
                                     bool, bool) {
  if (rank < 1 || rank > 5)
    return emitError() << "TDM rank must be in [1, 5], got " << rank;
  if (warps < 1 || (warps & (warps - 1)) != 0)
    return emitError() << "numWarps must be a positive power of two, got " << warps;
  if ((padInterval == 0) != (padAmount == 0))
    return emitError() << "padInterval and padAmount must both be zero or both non-zero";
  if (padInterval < 0 || padAmount < 0)
    return emitError() << "padInterval and padAmount must be non-negative, got " << padInterval
                       << ", " << padAmount;
  // In dwords the interval is a power of two exactly when it is one in elements, which are
  // powers of two bits wide.
  if ((padInterval & (padInterval - 1)) != 0)
    return emitError() << "padInterval must be a power of two (in elements), got " << padInterval;
  return success();
}

int64_t Gfx1250TdmType::getCopyBits() const { return 0; }

std::string Gfx1250TdmType::checkSpaces(unsigned src, unsigned dst) const {
  using namespace ::fly::ir::fly;
  if ((src == Global && dst == Shared) || (src == Shared && dst == Global))
    return {};
  return "the Tensor Data Mover copies between global and shared memory (one side each)";
}

bool Gfx1250TdmType::copiesWholeTensors() const { return true; }

fly::ir::MatrixCoreModifiers fly::ir::fly_rocdl::matrixCoreModifiers(Type instruction) {
  if (auto w = dyn_cast<Gfx11WmmaType>(instruction))
    return {w.getSignA(), w.getSignB(), w.getClamp()};
  if (auto w = dyn_cast<Gfx120xWmmaType>(instruction))
    return {w.getSignA(), w.getSignB(), w.getClamp()};
  if (auto w = dyn_cast<Gfx1250WmmaType>(instruction))
    return {w.getSignA(), w.getSignB(), w.getClamp()};
  return {};
}
