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
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "FlyInterfaces.td"

def FlyNVVM_Dialect : Dialect {
  let name = "fly_nvvm";
  let summary = "NVIDIA's copy and matrix instructions as Fly atom types, and its mbarriers";
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

def FlyNVVM_WgmmaType : TypeDef<FlyNVVM_Dialect, "Wgmma",
    [DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface, ["takesDescriptors"]>]> {
  let mnemonic = "wgmma";
  let summary = "a warpgroup's wgmma.mma_async (sm_90a), A and B read from shared memory";
  let description = [{
    `!fly_nvvm.wgmma<64x128x16, (f16, f16) -> f32, majorA = k, majorB = mn>` (f16 or bf16, K
    16; f8E4M3FN or f8E5M2, K 32; N = 8..256 in steps of 8): the 128 threads of a warpgroup
    multiply A (64 x K) and B (N x K), which each call names by shared-memory matrix
    descriptors (i64; src/layout/wgmma_descriptor.h), into the lanes' f32 accumulators (the
    atom's C layout). `majorA` and `majorB` say whether each operand's tile is K-major (`k`) or
    MN-major (`mn`, the instruction's transpose, which fp8 operands do not have). Calls are asynchronous: fly_nvvm.wgmma_fence before them,
    fly_nvvm.wgmma_commit after, and fly_nvvm.wgmma_wait before their accumulators are read.
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k, "::mlir::Type":$aType,
                        "::mlir::Type":$bType, "::mlir::Type":$cType, "bool":$mnMajorA,
                        "bool":$mnMajorB);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class FlyNVVM_Op<string mnemonic, list<Trait> traits = []>
    : Op<FlyNVVM_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
}

def FlyNVVM_LdMatrixOp : FlyNVVM_Op<"ldmatrix"> {
  let summary = "a warp's ldmatrix: 8x8 matrices of 16-bit elements from shared memory";
  let description = [{
    `%v = fly_nvvm.ldmatrix(%row)[%e0, %e1, ...] {trans} : !fly.ptr<f16, shared>, ... ->
    vector<8xi16>` (sm_75+): each lane gives in `%row` the address of one row (16 bytes) of one
    of the x1, x2 or x4 matrices, and receives two elements of each matrix (of a column of it
    with `trans`): 2, 4 or 8 values in all. `%e0, %e1, ...` are the addresses of those values,
    which a target without ldmatrix (cpu, rocm) reads one by one instead: fly-atom-lowering
    makes the op those loads there, and fly-lower-to-llvm makes it NVVM's on cuda.
  }];
  let arguments = (ins AnyType:$row, Variadic<AnyType>:$values, UnitAttr:$trans);
  let results = (outs VectorOfRankAndType<[1], [I16]>:$result);
  let assemblyFormat = [{
    `(` $row `)` `` `[` $values `]` attr-dict `:` qualified(type($row)) `,`
    qualified(type($values)) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// mbarriers (sm_90): the barriers in shared memory that bulk copies (TMA) complete on
//===----------------------------------------------------------------------===//

def FlyNVVM_MBarrierInitOp : FlyNVVM_Op<"mbarrier_init"> {
  let summary = "initialise an mbarrier for a number of arrivals a phase";
  let description = [{
    `fly_nvvm.mbarrier_init(%bar) {arrivals = 128 : i32} : !fly.ptr<i64, shared>`: the
    barrier (an i64 in shared memory) expects `arrivals` (1..1024) arrivals each phase. The
    initialisation is fenced so that the bulk copies (the async proxy) see it.
  }];
  let arguments = (ins AnyType:$barrier, I32Attr:$arrivals);
  let assemblyFormat = "`(` $barrier `)` attr-dict `:` qualified(type($barrier))";
}

def FlyNVVM_MBarrierArriveExpectTxOp : FlyNVVM_Op<"mbarrier_arrive_expect_tx"> {
  let summary = "arrive on an mbarrier, expecting a number of bytes of transactions";
  let description = [{
    `fly_nvvm.mbarrier_arrive_expect_tx(%bar) {txBytes = 4096 : i32} : !fly.ptr<i64, shared>`:
    this thread's arrival, and `txBytes` (0..2^20-1) bytes that bulk copies completing on the
    barrier will bring before its phase ends.
  }];
  let arguments = (ins AnyType:$barrier, I32Attr:$txBytes);
  let assemblyFormat = "`(` $barrier `)` attr-dict `:` qualified(type($barrier))";
}

def FlyNVVM_MBarrierTryWaitParityOp : FlyNVVM_Op<"mbarrier_try_wait_parity"> {
  let summary = "wait until the mbarrier's phase of the given parity has completed";
  let description = [{
    `fly_nvvm.mbarrier_try_wait_parity(%bar, %parity) : !fly.ptr<i64, shared>, i32`: returns
    once the phase whose parity is bit 0 of `%parity` has completed.
  }];
  let arguments = (ins AnyType:$barrier, I32:$parity);
  let assemblyFormat = [{
    `(` $barrier `,` $parity `)` attr-dict `:` qualified(type($barrier)) `,` type($parity)
  }];
}

//===----------------------------------------------------------------------===//
// Bulk tensor copies (TMA, sm_90): a box of a global tensor that a descriptor describes
//===----------------------------------------------------------------------===//

def FlyNVVM_TmaLoadOp : FlyNVVM_Op<"tma_load"> {
  let summary = "copy a box of a global tensor into shared memory, completing on an mbarrier";
  let description = [{
    `fly_nvvm.tma_load(%desc, %dst, %bar)[%x, %y] : !llvm.ptr, !fly.ptr<f16, shared>,
    !fly.ptr<i64, shared>`: the box at coordinates (`%x`, `%y`, ...: one i32 a dimension of the
    descriptor, innermost first) of the tensor that the TMA descriptor `%desc` describes lands
    at `%dst`; its bytes complete a transaction of the mbarrier `%bar`.
  }];
  let arguments = (ins AnyType:$descriptor, AnyType:$dst, AnyType:$barrier,
                       Variadic<I32>:$coords);
  let assemblyFormat = [{
    `(` $descriptor `,` $dst `,` $barrier `)` `` `[` $coords `]` attr-dict `:` type($descriptor)
    `,` qualified(type($dst)) `,` qualified(type($barrier))
  }];
}

def FlyNVVM_TmaStoreOp : FlyNVVM_Op<"tma_store"> {
  let summary = "copy shared memory to a box of a global tensor, as a bulk group of its own";
  let description = [{
    `fly_nvvm.tma_store(%desc, %src)[%x, %y] : !llvm.ptr, !fly.ptr<f16, shared>`: the box at
    the coordinates of the tensor `%desc` describes gets the shared memory at `%src`. Each
    store is committed as a group, so that fly_nvvm.tma_store_wait counts stores.
  }];
  let arguments = (ins AnyType:$descriptor, AnyType:$src, Variadic<I32>:$coords);
  let assemblyFormat = [{
    `(` $descriptor `,` $src `)` `` `[` $coords `]` attr-dict `:` type($descriptor) `,`
    qualified(type($src))
  }];
}

def FlyNVVM_TmaStoreWaitOp : FlyNVVM_Op<"tma_store_wait"> {
  let summary = "wait until at most `pending` of this thread's bulk stores still read shared memory";
  let description = [{
    `fly_nvvm.tma_store_wait {pending = 0 : i32}`: after it, the shared memory of all but the
    newest `pending` (0..63) stores may be written again.
  }];
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// The warpgroup's asynchronous MMA (wgmma, sm_90a): ordering around its atom calls
//===----------------------------------------------------------------------===//

def FlyNVVM_WgmmaFenceOp : FlyNVVM_Op<"wgmma_fence"> {
  let summary = "order the warpgroup's register and shared-memory writes before its wgmma calls";
  let description = [{
    `fly_nvvm.wgmma_fence`: the accumulators and the shared memory that the following wgmma
    atom calls read are written before they start.
  }];
  let hasVerifier = 0;
  let assemblyFormat = "attr-dict";
}

def FlyNVVM_WgmmaCommitOp : FlyNVVM_Op<"wgmma_commit"> {
  let summary = "commit the warpgroup's wgmma calls since the last commit as one group";
  let description = [{
    `fly_nvvm.wgmma_commit`: the wgmma atom calls issued since the previous commit form a
    group, which fly_nvvm.wgmma_wait counts.
  }];
  let hasVerifier = 0;
  let assemblyFormat = "attr-dict";
}

def FlyNVVM_WgmmaWaitOp : FlyNVVM_Op<"wgmma_wait",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "wait until at most `pending` committed wgmma groups are in flight";
  let description = [{
    `%d0, %d1 = fly_nvvm.wgmma_wait(%c0, %c1) {pending = 0 : i32} : vector<64xf32>,
    vector<64xf32>`: after it, the groups committed before the newest `pending` (>= 0) have
    completed, and their accumulators (`%c0, ...`, the atom calls' results) may be read: the op
    gives them back, as they are after the wait.
  }];
  let arguments = (ins Variadic<VectorOfRankAndType<[1], [F32]>>:$accumulators, I32Attr:$pending);
  let results = (outs Variadic<VectorOfRankAndType<[1], [F32]>>:$results);
  let assemblyFormat = [{
    (`(` $accumulators^ `)`)? attr-dict (`:` type($accumulators)^)?
  }];
}

#endif // FLY_NVVM_DIALECT_TD
