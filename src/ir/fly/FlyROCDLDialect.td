//===- FlyROCDLDialect.td - AMD atoms for the Fly dialect -*- tablegen -*-===//
//
// FlyDSL's FlyROCDL dialect: AMD's instructions as types that Fly's atoms wrap
// (`!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>`).
//
//===----------------------------------------------------------------------===//

#ifndef FLY_ROCDL_DIALECT_TD
#define FLY_ROCDL_DIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "FlyInterfaces.td"

def FlyROCDL_Dialect : Dialect {
  let name = "fly_rocdl";
  let summary = "AMD matrix-core and memory instructions as Fly atom types";
  let cppNamespace = "::fly::ir::fly_rocdl";
  let useDefaultTypePrinterParser = 1;
}

def FlyROCDL_MfmaType : TypeDef<FlyROCDL_Dialect, "Mfma",
    [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface>]> {
  let mnemonic = "cdna3.mfma";
  let summary = "a CDNA3/CDNA4 MFMA instruction on a wave of 64 lanes";
  let description = [{
    `!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>`: M x N x K and the A, B and C
    element types (fp8 as f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3FN or f8E5M2; i8 into i32). The
    lanes' values are those of src/layout/mma.h.
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k, "::mlir::Type":$aType,
                        "::mlir::Type":$bType, "::mlir::Type":$cType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // FLY_ROCDL_DIALECT_TD
