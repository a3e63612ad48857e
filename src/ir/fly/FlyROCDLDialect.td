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
  let useDefaultAttributePrinterParser = 1;
}

def FlyROCDL_BufferDescAttr : AttrDef<FlyROCDL_Dialect, "BufferDesc",
    [DeclareAttrInterfaceMethods<Fly_AddressSpaceAttrInterface>]> {
  let mnemonic = "buffer_desc";
  let summary = "the address space of pointers into an AMD buffer resource";
  let description = [{
    `!fly.ptr<f32, #fly_rocdl.buffer_desc>`: a buffer resource (base, records, flags) and an
    element offset; `fly.add_offset` adds to the offset, `fly.ptr.load` / `fly.ptr.store`
    become `rocdl.raw.ptr.buffer.load` / `store` at its byte offset (swizzled where the pointer
    has a swizzle), which the hardware checks against the records.
  }];
}

def FlyROCDL_BufferCopyType : TypeDef<FlyROCDL_Dialect, "BufferCopy",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface,
                                 ["checkSpaces", "getStateTypes", "getStateFieldIndex"]>]> {
  let mnemonic = "cdna3.buffer_copy";
  let summary = "a buffer load or store (MUBUF) of 8..128 bits between a buffer and registers";
  let description = [{
    `!fly_rocdl.cdna3.buffer_copy<128>` or `<64, cache = 2>`: one side of each call is a tensor
    over a `#fly_rocdl.buffer_desc` pointer; the copy atom's state `soffset` (set by
    fly.atom.set_value, zero from fly.make_copy_atom; the atom lowers to `!llvm.struct<(i32)>`)
    adds that many elements on the buffer side, as the instruction's soffset operand. `cache` is
    the instruction's cache policy (0 cached, 2 non-temporal). fly-layout-lowering lowers its
    calls (with the buffer pointers), moving the values as integers of the call's width.
  }];
  let parameters = (ins "int64_t":$bitSize, DefaultValuedParameter<"int64_t", "0">:$cacheModifier);
  let assemblyFormat = "`<` $bitSize (`,` `cache` `=` $cacheModifier^)? `>`";
  let genVerifyDecl = 1;
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

class FlyROCDL_WmmaType<string name, string arch, string archName>
    : TypeDef<FlyROCDL_Dialect, name, [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface>]> {
  let mnemonic = arch # ".wmma";
  let summary = "an " # archName # " WMMA instruction on a wave of 32 lanes";
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k, "::mlir::Type":$aType,
                        "::mlir::Type":$bType, "::mlir::Type":$cType, "bool":$signA,
                        "bool":$signB, "bool":$clamp);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def FlyROCDL_Gfx11WmmaType : FlyROCDL_WmmaType<"Gfx11Wmma", "gfx11", "RDNA3 (gfx11)"> {
  let description = [{
    `!fly_rocdl.gfx11.wmma<16x16x16, (bf16, bf16) -> f32, signA = false, signB = false,
    clamp = false>`: f16 or bf16 into f32, or 8-bit (i8, si8, ui8) or 4-bit (i4) integers into
    i32, where signA / signB say the integers are signed and clamp saturates the sum. A lane
    holds a whole row of A (column of B), lanes 16-31 repeating lanes 0-15.
  }];
}

def FlyROCDL_Gfx120xWmmaType : FlyROCDL_WmmaType<"Gfx120xWmma", "gfx120x", "RDNA4 (gfx1200/1201)"> {
  let description = [{
    `!fly_rocdl.gfx120x.wmma<16x16x16, (f16, f16) -> f32, signA = false, signB = false,
    clamp = false>`: f16 or bf16 into f32; a lane holds half a row of A (column of B).
  }];
}

#endif // FLY_ROCDL_DIALECT_TD
