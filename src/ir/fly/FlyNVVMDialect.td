//===- FlyNVVMDialect.td - NVIDIA atoms for the Fly dialect -*- tablegen -*-===//
//
// The sibling of FlyROCDL for NVIDIA's instructions: types that Fly's atoms wrap
// (`!fly.copy_atom<!fly_nvvm.cp_async<128>, 32>`, `!fly.mma_atom<!fly_nvvm.mma_sync<...>>`).
// Ours; FlyDSL targets AMD only.
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
    addresses are aligned to its width, as the instruction requires. A call under a
    false predicate copies nothing; with `zfill` (`!fly_nvvm.cp_async<128, zfill>`) it
    writes zeros instead and reads nothing (a source size of 0 bytes), so its source may
    lie outside the tensor.
  }];
  let parameters = (ins "int64_t":$bitSize, DefaultValuedParameter<"bool", "false">:$zeroFill);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def FlyNVVM_MmaSyncType : TypeDef<FlyNVVM_Dialect, "MmaSync",
    [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface>]> {
  let mnemonic = "mma_sync";
  let summary = "a warp's mma.sync (sm_80+; fp8 sm_89+)";
  let description = [{
    `!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>` (f16 or bf16) or
    `<16x8x32, (f8E4M3FN, f8E4M3FN) -> f32>` (e4m3 or e5m2): a warp of 32 lanes, the lanes'
    values those of src/layout/mma.h (the PTX fragment layouts), lowered through
    ir/nvidia_matrix_core.h as the kernel builder's mma.sync atoms are.
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k, "::mlir::Type":$aType,
                        "::mlir::Type":$bType, "::mlir::Type":$cType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // FLY_NVVM_DIALECT_TD
