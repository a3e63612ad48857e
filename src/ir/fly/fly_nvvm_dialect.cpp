//===- fly_nvvm_dialect.cpp - NVIDIA atoms for the Fly dialect ------------===//
//
// `!fly_nvvm.cp_async<bits>`: a copy instruction for `!fly.copy_atom`, which
// fly-atom-lowering makes fly.cp_async on cuda. `!fly_nvvm.mma_sync<...>`: an MMA
// instruction for `!fly.mma_atom`, its lanes' values from src/layout/mma.h. The mbarrier
// ops, which fly-lower-to-llvm makes NVVM's.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_nvvm_dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fly::ir::fly_nvvm;
namespace L = fly::layout;

#include "FlyNVVMDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyNVVMTypes.cpp.inc"

#define GET_OP_CLASSES
#include "FlyNVVMOps.cpp.inc"

void FlyNVVMDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyNVVMTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "FlyNVVMOps.cpp.inc"
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

//===-- wgmma ---------------------------------------------------------------===//

namespace {
/// `, majorX = k` or `, majorX = mn`: whether operand X's tile is MN-major.
ParseResult parseMajor(AsmParser &parser, const char *name, bool &mnMajor) {
  StringRef word;
  SMLoc at;
  if (parser.parseComma() || parser.parseKeyword(name) || parser.parseEqual() ||
      (at = parser.getCurrentLocation(), parser.parseKeyword(&word)))
    return failure();
  if (word != "k" && word != "mn")
    return parser.emitError(at, "expected k or mn for ") << name << ", got " << word;
  mnMajor = word == "mn";
  return success();
}
} // namespace

Type WgmmaType::parse(AsmParser &parser) {
  int64_t m = 0, n = 0, k = 0;
  bool mnA = false, mnB = false;
  Type a, b, c;
  SMLoc at = parser.getCurrentLocation();
  if (::fly::ir::fly::parseMmaShapeAndTypes(parser, m, n, k, a, b, c) ||
      parseMajor(parser, "majorA", mnA) || parseMajor(parser, "majorB", mnB) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), m, n, k, a, b, c,
                    mnA, mnB);
}

void WgmmaType::print(AsmPrinter &printer) const {
  ::fly::ir::fly::printMmaShapeAndTypes(printer, getM(), getN(), getK(), getAType(), getBType(),
                                        getCType());
  printer << ", majorA = " << (getMnMajorA() ? "mn" : "k")
          << ", majorB = " << (getMnMajorB() ? "mn" : "k") << ">";
}

LogicalResult WgmmaType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t m, int64_t n,
                                int64_t k, Type a, Type b, Type c, bool mnA, bool mnB) {
  bool fp8 = isa<Float8E4M3FNType, Float8E5M2Type>(a);
  if (!(a.isF16() || a.isBF16() || fp8) || b != a)
    return emitError() << "a wgmma takes A and B of one type, f16, bf16, f8E4M3FN or f8E5M2, not "
                       << a << " and " << b;
  if (fp8 && (mnA || mnB))
    return emitError() << "an fp8 wgmma reads K-major A and B (majorA = k, majorB = k)";
  if (!c.isF32())
    return emitError() << "a wgmma accumulates in f32, not " << c;
  try {
    (void)L::mmaAtom(L::MmaFamily::Wgmma, m, n, k, *::fly::ir::fly::mmaAbTypeName(a), 128);
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << e.what();
  }
}

L::MmaAtom WgmmaType::getAtom() const {
  return L::mmaAtom(L::MmaFamily::Wgmma, getM(), getN(), getK(),
                    *::fly::ir::fly::mmaAbTypeName(getAType()), 128);
}

Type WgmmaType::getAElementType() const { return getAType(); }
Type WgmmaType::getBElementType() const { return getBType(); }
Type WgmmaType::getCElementType() const { return getCType(); }
bool WgmmaType::takesDescriptors() const { return true; }

L::WgmmaOperandLayout fly::ir::fly_nvvm::wgmmaOperandLayout(WgmmaType w, bool isB,
                                                            ::fly::ir::fly::FlyMemRefType t) {
  std::string what = isB ? "B" : "A";
  Type element = isB ? w.getBType() : w.getAType();
  int64_t rows = isB ? w.getN() : w.getM();
  if (t.getAddressSpace() != ::fly::ir::fly::Shared || t.getElementType() != element ||
      !t.getSwizzle().empty() || t.getComposed())
    L::fail(L::ErrorKind::InvalidArgument,
            "a wgmma reads " + what +
                " from a shared-memory tile of its element type, a plain "
                "layout whose pointer may swizzle");
  L::Layout l = t.getLayout().getLayout();
  L::Int size = L::size(l);
  if (!size.isStatic() || size.value() != rows * w.getK())
    L::fail(L::ErrorKind::InvalidArgument,
            "a wgmma reads " + what + " as one call's " + std::to_string(rows) + " x " +
                std::to_string(w.getK()) + " tile, not " + t.getLayout().getText().str());
  int swizzleBits = 0;
  if (std::optional<L::Swizzle> sw = t.getAddressSwizzleFunction()) {
    // The hardware swizzles byte addresses: Swizzle<b, 4, 3> on bytes, b = 1..3.
    if (sw->shift() != 3 || sw->base() != 4 || sw->bits() < 1 || sw->bits() > 3)
      L::fail(L::ErrorKind::InvalidArgument,
              "a wgmma's " + what + " swizzle " + sw->str() +
                  " is none of the 32, 64 and 128-byte swizzles (S<1..3,4,3> on bytes)");
    swizzleBits = sw->bits();
  }
  int elementBytes = int(::fly::ir::fly::elementBytes(element));
  bool dynamic = false;
  std::optional<L::WgmmaOperandLayout> canonical =
      L::matchWgmmaSlice(l, rows, elementBytes, swizzleBits, &dynamic);
  if (!canonical)
    L::fail(L::ErrorKind::InvalidArgument,
            "a wgmma reads " + what + " in a canonical K-major or (16-bit) MN-major layout (8 x " +
                "16-byte core matrices, or 32/64/128-byte rows under the matching swizzle); " +
                (dynamic ? "its offsets are not static: " : "got ") +
                t.getLayout().getText().str());
  bool mn = isB ? w.getMnMajorB() : w.getMnMajorA();
  if (canonical->mnMajor != mn)
    L::fail(L::ErrorKind::InvalidArgument, "the atom reads " + what +
                                               (mn ? " MN-major" : " K-major") + ", but the tile " +
                                               t.getLayout().getText().str() + " is " +
                                               (canonical->mnMajor ? "MN-major" : "K-major"));
  return *canonical;
}

LogicalResult WgmmaWaitOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                            ValueRange operands, DictionaryAttr, OpaqueProperties,
                                            RegionRange, SmallVectorImpl<Type> &results) {
  llvm::append_range(results, operands.getTypes());
  return success();
}

LogicalResult WgmmaWaitOp::verify() {
  if (getPendingAttr().getInt() < 0)
    return emitOpError("lets a number >= 0 of groups stay pending, not ")
           << getPendingAttr().getInt();
  return success();
}

//===-- mbarriers -----------------------------------------------------------===//

namespace {
/// An mbarrier is an i64 in shared memory.
LogicalResult verifyBarrier(Operation *op, Type barrier) {
  auto p = dyn_cast<::fly::ir::fly::PointerType>(barrier);
  if (!p || p.getAddressSpace() != ::fly::ir::fly::Shared || !p.getElementType().isInteger(64))
    return op->emitOpError("takes an mbarrier: a !fly.ptr<i64, shared>, not ") << barrier;
  return success();
}
} // namespace

// The counts are i32 attributes, signed as written.

LogicalResult MBarrierInitOp::verify() {
  int32_t arrivals = getArrivalsAttr().getInt();
  if (arrivals < 1 || arrivals > 1024)
    return emitOpError("expects 1..1024 arrivals a phase, not ") << arrivals;
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierArriveExpectTxOp::verify() {
  int32_t bytes = getTxBytesAttr().getInt();
  if (bytes < 0 || bytes >= (1 << 20))
    return emitOpError("expects 0..2^20-1 transaction bytes, not ") << bytes;
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult MBarrierTryWaitParityOp::verify() {
  return verifyBarrier(*this, getBarrier().getType());
}

//===-- bulk tensor copies --------------------------------------------------===//

namespace {
/// A TMA descriptor is a generic pointer to the tensor map; a box has 1..5 coordinates.
LogicalResult verifyBulkCopy(Operation *op, Value descriptor, Value box, size_t coords) {
  auto d = dyn_cast<LLVM::LLVMPointerType>(descriptor.getType());
  if (!d || d.getAddressSpace() != 0)
    return op->emitOpError("takes the TMA descriptor as a generic !llvm.ptr, not ")
           << descriptor.getType();
  auto p = dyn_cast<::fly::ir::fly::PointerType>(box.getType());
  if (!p || p.getAddressSpace() != ::fly::ir::fly::Shared)
    return op->emitOpError("copies a box of shared memory (a !fly.ptr in shared), not ")
           << box.getType();
  if (coords < 1 || coords > 5)
    return op->emitOpError("takes 1..5 box coordinates, not ") << coords;
  return success();
}
} // namespace

LogicalResult TmaLoadOp::verify() {
  if (failed(verifyBulkCopy(*this, getDescriptor(), getDst(), getCoords().size())))
    return failure();
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult TmaStoreOp::verify() {
  return verifyBulkCopy(*this, getDescriptor(), getSrc(), getCoords().size());
}

LogicalResult TmaStoreWaitOp::verify() {
  int32_t pending = getPendingAttr().getInt();
  if (pending < 0 || pending > 63)
    return emitOpError("lets 0..63 stores stay pending, not ") << pending;
  return success();
}

//===-- ldmatrix ------------------------------------------------------------===//

LogicalResult LdMatrixOp::verify() {
  size_t n = getValues().size();
  if (n != 2 && n != 4 && n != 8)
    return emitOpError("gives a lane 2, 4 or 8 values (x1, x2 or x4 matrices), not ") << n;
  if (getResult().getType().getNumElements() != int64_t(n))
    return emitOpError("returns the ") << n << " values it reads, not " << getResult().getType();
  for (Value v : getOperation()->getOperands()) { // the row, then the values
    auto p = dyn_cast<::fly::ir::fly::PointerType>(v.getType());
    if (!p || p.getAddressSpace() != ::fly::ir::fly::Shared ||
        p.getElementType().getIntOrFloatBitWidth() != 16)
      return emitOpError("reads 16-bit elements of shared memory (a !fly.ptr in shared), not ")
             << v.getType();
  }
  return success();
}
