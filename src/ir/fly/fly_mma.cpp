//===- fly_mma.cpp - The Fly dialect's MMA atoms and tiled MMAs ------------===//
//
// `!fly.mma_atom<instruction>` wraps a target dialect's instruction type (through
// MmaOpTypeInterface); how many values of A, B and C a lane holds comes from its layouts.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_dialect.h"

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

Type TiledMmaType::parse(AsmParser &parser) {
  // FlyDSL writes the atom layout bare: `!fly.tiled_mma<!fly.mma_atom<...>, <(1,4,1):(0,1,0)>>`.
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
  if (!layout || parser.parseGreater())
    return {};
  if (!isa<LayoutType>(layout)) {
    parser.emitError(at, "a tiled MMA's atom layout is a layout, not ") << layout;
    return {};
  }
  auto mmaAtom = dyn_cast<MmaAtomType>(atom);
  if (!mmaAtom) {
    parser.emitError(at, "a tiled MMA tiles an !fly.mma_atom, not ") << atom;
    return {};
  }
  return getChecked([&] { return parser.emitError(at); }, parser.getContext(), mmaAtom,
                    cast<LayoutType>(layout));
}

void TiledMmaType::print(AsmPrinter &printer) const {
  printer << "<" << getAtom() << ", ";
  getAtomLayout().print(printer);
  printer << ">";
}

LogicalResult TiledMmaType::verify(function_ref<InFlightDiagnostic()> emitError, MmaAtomType atom,
                                   LayoutType atomLayout) {
  if (atomLayout.getNumDynamicLeaves())
    return emitError() << "a tiled MMA's atom layout is static, not " << atomLayout.getText();
  try {
    (void)L::makeTiledMma(atom.getInstruction().getAtom(), atomLayout.getLayout());
    return success();
  } catch (const L::LayoutError &e) {
    return emitError() << e.what();
  }
}

L::TiledMma TiledMmaType::getTiledMma() const {
  return L::makeTiledMma(getAtom().getInstruction().getAtom(), getAtomLayout().getLayout());
}

namespace {

/// The values one lane holds of an operand laid out by thread-value layout `tv`.
int64_t valuesPerLane(const L::Layout &tv) { return L::size(tv.mode(1)).value(); }

/// Whether a value of type `given` stands for the atom's `want` (an 8-bit float as i8 too).
bool sameBits(Type given, Type want) {
  return given == want ||
         (given.isInteger(8) && isa<FloatType>(want) && want.getIntOrFloatBitWidth() == 8);
}

/// A register fragment holding `values` elements of `element` for one atom call.
LogicalResult verifyFragment(Operation *op, const char *name, FlyMemRefType t, Type element,
                             int64_t values) {
  if (t.getAddressSpace() != Register)
    return op->emitOpError("takes ") << name << " in registers, not in another address space";
  if (!sameBits(t.getElementType(), element))
    return op->emitOpError("takes ") << name << " of " << element << ", not " << t.getElementType();
  L::Int n = L::size(t.getLayout().getLayout());
  if (!n.isStatic() || n.value() != values)
    return op->emitOpError("takes ")
           << values << " values of " << name << " per lane, not " << t.getLayout().getText()
           << " (" << (n.isStatic() ? std::to_string(n.value()) : "?") << ")";
  return success();
}

LogicalResult verifyFragments(Operation *op, MmaOpTypeInterface inst, FlyMemRefType d,
                              FlyMemRefType a, FlyMemRefType b, FlyMemRefType c) {
  L::MmaAtom atom = inst.getAtom();
  if (failed(verifyFragment(op, "D", d, inst.getCElementType(), valuesPerLane(atom.layoutC))) ||
      failed(verifyFragment(op, "A", a, inst.getAElementType(), valuesPerLane(atom.layoutA))) ||
      failed(verifyFragment(op, "B", b, inst.getBElementType(), valuesPerLane(atom.layoutB))) ||
      failed(verifyFragment(op, "C", c, inst.getCElementType(), valuesPerLane(atom.layoutC))))
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
                         getA().getType(), getB().getType(), getC().getType());
}

LogicalResult GemmOp::verify() {
  return verifyFragments(*this, getTiledMma().getType().getAtom().getInstruction(),
                         getD().getType(), getA().getType(), getB().getType(), getC().getType());
}

LogicalResult MmaAtomCallSsaOp::verify() {
  MmaOpTypeInterface inst = getAtom().getType().getInstruction();
  L::MmaAtom atom = inst.getAtom();
  if (failed(verifyLaneValues(*this, "A", getA().getType(), inst.getAElementType(),
                              valuesPerLane(atom.layoutA))) ||
      failed(verifyLaneValues(*this, "B", getB().getType(), inst.getBElementType(),
                              valuesPerLane(atom.layoutB))) ||
      failed(verifyLaneValues(*this, "C", getC().getType(), inst.getCElementType(),
                              valuesPerLane(atom.layoutC))))
    return failure();
  if (getResult().getType() != getC().getType())
    return emitOpError("gives D as C's type ")
           << getC().getType() << ", not " << getResult().getType();
  return success();
}
