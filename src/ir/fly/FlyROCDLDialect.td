//===- FlyROCDLDialect.td - AMD atoms for the Fly dialect -*- tablegen -*-===//
//
// FlyDSL's FlyROCDL dialect: AMD's instructions as types that Fly's atoms wrap
// (`!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>`).
//
//===----------------------------------------------------------------------===//

#ifndef FLY_ROCDL_DIALECT_TD
#define FLY_ROCDL_DIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
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

def FlyROCDL_BufferCopyLdsType : TypeDef<FlyROCDL_Dialect, "BufferCopyLds",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface,
                                 ["checkSpaces", "getStateTypes", "getStateFieldIndex",
                                  "takesStartAddresses"]>]> {
  let mnemonic = "cdna3.buffer_copy_lds";
  let summary = "a buffer load straight into LDS (MUBUF with lds): 32 or 128 bits a lane";
  let description = [{
    `!fly_rocdl.cdna3.buffer_copy_lds<32>`: the source of each call is a tensor over a
    `#fly_rocdl.buffer_desc` pointer, the destination one in shared memory; the copy atom's
    state is `soffset` (elements, the instruction's soffset) and `imm_offset` (bytes, its
    immediate offset), zero from fly.make_copy_atom (the atom lowers to
    `!llvm.struct<(i32, i32)>`). The hardware writes lane i's bytes at M0 + i x the width, M0
    being one wave-uniform LDS address read from the first active lane: the lowering gives it
    this lane's destination less its share, so the lanes' destinations must follow each other.
    A call's tensors name where the lane's bytes start: their elements may be narrower than the
    atom's values (FlyDSL copies 128 bits from `!fly.memref<f32, ..., 1:1>`), and soffset counts
    the source's elements. 128 bits need gfx950.
  }];
  let parameters = (ins "int64_t":$bitSize);
  let assemblyFormat = "`<` $bitSize `>`";
  let genVerifyDecl = 1;
}

def FlyROCDL_BufferAtomicType : TypeDef<FlyROCDL_Dialect, "BufferAtomic",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface,
                                 ["checkSpaces", "getStateTypes", "getStateFieldIndex"]>]> {
  let mnemonic = "cdna3.buffer_atomic";
  let summary = "a buffer atomic (MUBUF) that combines registers into a buffer";
  let description = [{
    `!fly_rocdl.cdna3.buffer_atomic<add, f32>`, `<add, vector<2xbf16>>`, `<max, i32>`: FlyDSL's
    BufferAtomic, each call combining one value of the given type (a pair of f16 or bf16 being
    one packed add) into a tensor over a `#fly_rocdl.buffer_desc` pointer, where the hardware
    drops what falls outside the buffer. `add` takes f32 and f16 or bf16 pairs, `max` f32
    (buffer_atomic_fmax) and i32 or i64 (signed: smax), `min` i32 or i64 (unsigned: umin, the
    only integer min MLIR's ROCDL dialect has). The atom's state `soffset` (elements, zero from
    fly.make_copy_atom; `!llvm.struct<(i32)>`) is the instruction's soffset. fly-layout-lowering
    lowers its calls with the buffer pointers.
  }];
  let parameters = (ins "int32_t":$atomicOp, "::mlir::Type":$valType);
  let hasCustomAssemblyFormat = 1;
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

def FlyROCDL_MfmaScaleType : TypeDef<FlyROCDL_Dialect, "MfmaScale",
    [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface,
                                 ["getStateTypes", "getStateFieldIndex"]>]> {
  let mnemonic = "cdna4.mfma_scale";
  let summary = "a CDNA4 block-scaled MFMA (V_MFMA_SCALE_*_F8F6F4, E8M0 scales), wave of 64";
  let description = [{
    `!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0,
    opselB = 0>`: 16x16x128 or 32x32x64 on A and B each in fp8 (f8E4M3FN, f8E5M2), fp6
    (f6E2M3FN, f6E3M2FN) or fp4 (f4E2M1FN), into f32, one E8M0 scale per 32 K values of a row
    of A (column of B). An MMA atom of it carries state `scale_a` and `scale_b` (i32, set by
    fly.atom.set_value, zero from fly.make_mma_atom; the atom lowers to
    `!llvm.struct<(i32, i32)>`): each lane's scale registers, of which opselA / opselB (0..3)
    pick the byte. Register fragments hold fp8 values, or fp6 / fp4 codes one per byte (i8).
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k, "::mlir::Type":$aType,
                        "::mlir::Type":$bType, "::mlir::Type":$cType, "int64_t":$opselA,
                        "int64_t":$opselB);
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

def FlyROCDL_Gfx1250WmmaType : FlyROCDL_WmmaType<"Gfx1250Wmma", "gfx1250", "gfx1250"> {
  let description = [{
    `!fly_rocdl.gfx1250.wmma<16x16x32, (f16, f16) -> f32, signA = false, signB = false,
    clamp = false>`: f32 16x16x4, f16 and bf16 16x16x32 (into f32 or their own type), OCP fp8
    (f8E4M3FN, f8E5M2, either for A and B) 16x16x64 and 16x16x128 (into f32 or f16), i8
    16x16x64 and i4 16x16x32 into i32, where signA / signB / clamp apply. A lane holds half of
    K of a row of A (column of B) in runs of 8; src/layout/mma.cpp has the lanes' values.
  }];
}

def FlyROCDL_Gfx1250WmmaScaleType : TypeDef<FlyROCDL_Dialect, "Gfx1250WmmaScale",
    [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface,
                                 ["getStateTypes", "getStateFieldIndex"]>]> {
  let mnemonic = "gfx1250.wmma_scale";
  let summary = "a gfx1250 block-scaled WMMA (V_WMMA_SCALE, E8M0 scales) on a wave of 32 lanes";
  let description = [{
    `!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0,
    opselB = 0, modC = 0, reuseA = false, reuseB = false, blockSize = 32>`: 16x16x128 on fp8,
    fp6 or fp4 (A and B each), 32x16x128 on fp4, into f32; one E8M0 scale per `blockSize` (16
    or 32) K values. opselA / opselB pick the scale rows (0 or 1), modC is the C modifier,
    reuseA / reuseB the operand-reuse hints. An MMA atom of it carries state `scale_a` and
    `scale_b`, the lane's scale registers: i32 with blockSize 32, i64 with 16 (the SCALE16
    form), the atom a struct of the two once lowered. Its calls lower to
    `rocdl.wmma.scale[16].f32.16x16x128.f8f6f4` (formats from A's and B's types) or
    `.32x16x128.f4`, each lane's codes packed into dwords as the scaled MFMA's are.
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k, "::mlir::Type":$aType,
                        "::mlir::Type":$bType, "::mlir::Type":$cType, "int64_t":$opselA,
                        "int64_t":$opselB, "int64_t":$modC, "bool":$reuseA, "bool":$reuseB,
                        "int64_t":$blockSize);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def FlyROCDL_Gfx1250TdmType : TypeDef<FlyROCDL_Dialect, "Gfx1250Tdm",
    [DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface,
                                 ["checkSpaces", "copiesWholeTensors"]>]> {
  let mnemonic = "gfx1250.tdm";
  let summary = "gfx1250's Tensor Data Mover: a DMA of a tile of rank 1..5 between global and "
                "shared memory";
  let description = [{
    `!fly_rocdl.gfx1250.tdm<rank = 2, warps = 1, pad = 0, 0, cache = 0, barrier = false,
    timeout = false>`: one call moves a whole tile (its copy atom's valBits is 0, and fly.copy
    stays one call), issued by `warps` waves; `pad` is the interval and amount (elements) of
    the shared side's row padding, `cache` the cache policy, `barrier` and `timeout` the
    descriptor's auto-barrier and early-timeout bits. The type parses and verifies as
    FlyDSL's; the descriptor its calls lower to is not built here yet.
  }];
  let parameters = (ins "int64_t":$rank, "int64_t":$warps, "int64_t":$padInterval,
                        "int64_t":$padAmount, "int64_t":$cacheModifier, "bool":$barrier,
                        "bool":$timeout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def FlyROCDL_GetBufferRsrcOp : Op<FlyROCDL_Dialect, "get_buffer_rsrc", [Pure]> {
  let summary = "the AMD buffer resource under a buffer pointer";
  let description = [{
    `%r = fly_rocdl.get_buffer_rsrc(%p) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>) ->
    !llvm.ptr<8>`: the resource (base, records, flags) a buffer pointer reads through,
    without its offset, for rocdl's raw buffer intrinsics.
  }];
  let arguments = (ins AnyType:$ptr);
  let results = (outs AnyType:$result);
  let assemblyFormat = "`(` $ptr `)` attr-dict `:` functional-type($ptr, $result)";
  let hasVerifier = 1;
}

#endif // FLY_ROCDL_DIALECT_TD
