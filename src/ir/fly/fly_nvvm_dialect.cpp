//===- fly_nvvm_dialect.cpp - NVIDIA atoms for the Fly dialect ------------===//
//
// `!fly_nvvm.cp_async<bits>`: a copy instruction for `!fly.copy_atom`, which
// fly-atom-lowering makes fly.cp_async on cuda. `!fly_nvvm.mma_sync<...>`: an MMA
// instruction for `!fly.mma_atom`, its lanes' values from src/layout/mma.h.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_nvvm_dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fly::ir::fly_nvvm;
namespace L = fly::layout;

#include "FlyNVVMDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyNVVMTypes.cpp.inc"

void FlyNVVMDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyNVVMTypes.cpp.inc"
      >();
}

Type CpAsyncType::parse(AsmParser &parser) {
  int64_t bits = 0;
  bool zeroFill = false;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseInteger(bits))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("zfill"))
      return {};
    zeroFill = true;
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), bits, zeroFill);
}

void CpAsyncType::print(AsmPrinter &printer) const {
  printer << "<" << getBitSize() << (getZeroFill() ? ", zfill>" : ">");
}

LogicalResult CpAsyncType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t bits,
                                  bool) {
  if (bits < 32 || bits > 128 || (bits & (bits - 1)) != 0)
    return emitError() << "a cp_async copy moves 32..128 bits a call (a power of two), not "
                       << bits;
  return success();
}

int64_t CpAsyncType::getCopyBits() const { return getBitSize(); }

bool CpAsyncType::requiresAlignedCalls() const { return true; }

std::string CpAsyncType::checkSpaces(unsigned src, unsigned dst) const {
  if (src != ::fly::ir::fly::Global || dst != ::fly::ir::fly::Shared)
    return "a cp_async copy moves global memory into shared memory";
  return {};
}

Type MmaSyncType::parse(AsmParser &parser) {
  int64_t m = 0, n = 0, k = 0;
  Type a, b, c;
  SMLoc at = parser.getCurrentLocation();
  if (::fly::ir::fly::parseMmaShapeAndTypes(parser, m, n, k, a, b, c) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), m, n, k, a, b, c);
}

void MmaSyncType::print(AsmPrinter &printer) const {
  ::fly::ir::fly::printMmaShapeAndTypes(printer, getM(), getN(), getK(), getAType(), getBType(),
                                        getCType());
  printer << ">";
}

LogicalResult MmaSyncType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m,
                                  int64_t n, int64_t k, Type a, Type b, Type c) {
  auto name = ::fly::ir::fly::mmaAbTypeName(a);
  bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(a);
  if (!name || (*name != "f16" && *name != "bf16" && !fp8) || b != a)
    return emitError() << "an mma_sync takes A and B of one type: f16, bf16, f8E4M3FN or "
                          "f8E5M2, not "
                       << a << " and " << b;
  if (!c.isF32())
    return emitError() << "an mma_sync accumulates in f32, not " << c;
  try {
    (void)L::mmaAtom(L::MmaFamily::MmaSync, m, n, k, *name, 32);
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << e.what();
  }
}

L::MmaAtom MmaSyncType::getAtom() const {
  return L::mmaAtom(L::MmaFamily::MmaSync, getM(), getN(), getK(),
                    *::fly::ir::fly::mmaAbTypeName(getAType()), 32);
}

Type MmaSyncType::getAElementType() const { return getAType(); }
Type MmaSyncType::getBElementType() const { return getBType(); }
Type MmaSyncType::getCElementType() const { return getCType(); }
