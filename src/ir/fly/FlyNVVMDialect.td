//===- FlyNVVMDialect.td - NVIDIA atoms for the Fly dialect -*- tablegen -*-===//
//
// The sibling of FlyROCDL for NVIDIA's instructions: types that Fly's atoms wrap
// (`!fly.copy_atom<!fly_nvvm.cp_async<128>, 32>`). Ours; FlyDSL targets AMD only.
//
//===----------------------------------------------------------------------===//

#ifndef FLY_NVVM_DIALECT_TD
#define FLY_NVVM_DIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "FlyInterfaces.td"

def FlyNVVM_Dialect : Dialect {
  let name = "fly_nvvm";
  let summary = "NVIDIA's copy and matrix instructions as Fly atom types";
  let cppNamespace = "::fly::ir::fly_nvvm";
  let useDefaultTypePrinterParser = 1;
}

def FlyNVVM_CpAsyncType : TypeDef<FlyNVVM_Dialect, "CpAsync",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface, ["checkSpaces", "requiresAlignedCalls"]>]> {
  let mnemonic = "cp_async";
  let summary = "an asynchronous copy of 32..128 bits from global to shared memory (sm_80+)";
  let description = [{
    `!fly_nvvm.cp_async<128>`: `cp.async` on cuda, committed and waited for by
    fly.cp_async_wait; a synchronous load and store on cpu and rocm. Each call's
    addresses are aligned to its width, as the instruction requires.
  }];
  let parameters = (ins "int64_t":$bitSize);
  let assemblyFormat = "`<` $bitSize `>`";
  let genVerifyDecl = 1;
}

#endif // FLY_NVVM_DIALECT_TD
