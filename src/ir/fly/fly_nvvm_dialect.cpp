//===- fly_nvvm_dialect.cpp - NVIDIA atoms for the Fly dialect ------------===//
//
// `!fly_nvvm.cp_async<bits>`: a copy instruction for `!fly.copy_atom`, which
// fly-atom-lowering makes fly.cp_async on cuda.
//
//===----------------------------------------------------------------------===//

#include "ir/fly/fly_nvvm_dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fly::ir::fly_nvvm;

#include "FlyNVVMDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "FlyNVVMTypes.cpp.inc"

void FlyNVVMDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "FlyNVVMTypes.cpp.inc"
      >();
}

LogicalResult CpAsyncType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t bits) {
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
