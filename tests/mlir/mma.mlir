// RUN: fly-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --convert-fly-to-rocdl | FileCheck %s
// MMA atoms: `!fly.mma_atom<instruction>` wraps a target's instruction type (here FlyROCDL's
// CDNA MFMA); a lane's fragments hold the values src/layout/mma.h gives it, and a call is the
// instruction's rocdl intrinsic on them.

// ROUND-LABEL: func.func @half_precision
// ROUND: fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
// 16x16x16 on 64 lanes: four values of A, B and C each.
// CHECK-LABEL: func.func @half_precision
// CHECK-SAME: (%[[D:.*]]: !llvm.ptr<5>, %[[A:.*]]: !llvm.ptr<5>, %[[B:.*]]: !llvm.ptr<5>, %[[C:.*]]: !llvm.ptr<5>)
// CHECK: %[[AV:.*]] = llvm.load %[[A]] : !llvm.ptr<5> -> vector<4xf16>
// CHECK: %[[BV:.*]] = llvm.load %[[B]] : !llvm.ptr<5> -> vector<4xf16>
// CHECK: %[[CV:.*]] = llvm.load %[[C]] : !llvm.ptr<5> -> vector<4xf32>
// CHECK: %[[R:.*]] = rocdl.mfma.f32.16x16x16f16 %[[AV]], %[[BV]], %[[CV]]
// CHECK: llvm.store %[[R]], %[[D]] : vector<4xf32>, !llvm.ptr<5>
func.func @half_precision(%d: !fly.memref<f32, register, 4:1>, %a: !fly.memref<f16, register, 4:1>,
                          %b: !fly.memref<f16, register, 4:1>, %c: !fly.memref<f32, register, 4:1>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>,
         !fly.memref<f32, register, 4:1>, !fly.memref<f16, register, 4:1>,
         !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// Eight i8 values go to the instruction as one i64; 32x32 accumulates sixteen i32 per lane.
// CHECK-LABEL: func.func @bytes
// CHECK: %[[A64:.*]] = llvm.bitcast %arg0 : vector<8xi8> to i64
// CHECK: %[[B64:.*]] = llvm.bitcast %arg1 : vector<8xi8> to i64
// CHECK: rocdl.mfma.i32.32x32x16.i8 %[[A64]], %[[B64]], %arg2
func.func @bytes(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<16xi32>) -> vector<16xi32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x16, (i8, i8) -> i32>>
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x16, (i8, i8) -> i32>>, vector<8xi8>,
         vector<8xi8>, vector<16xi32>) -> vector<16xi32>
  return %d : vector<16xi32>
}

// E5M2 operands take the bf8 form of the fp8 instruction.
// CHECK-LABEL: func.func @e5m2
// CHECK: rocdl.mfma.f32.16x16x32.bf8.bf8
func.func @e5m2(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x32, (f8E5M2FNUZ, f8E5M2FNUZ) -> f32>>
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x32, (f8E5M2FNUZ, f8E5M2FNUZ) -> f32>>,
         vector<8xi8>, vector<8xi8>, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// A tiled MMA of two atoms along N; each lane's fragments are one call's values.
// ROUND-LABEL: func.func @tiled
// ROUND-SAME: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x2, (f32, f32) -> f32>>, <(1,2,1):(0,1,0)>>
// CHECK-LABEL: func.func @tiled
// CHECK: rocdl.mfma.f32.32x32x2f32
func.func @tiled(
    %mma: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x2, (f32, f32) -> f32>>, <(1,2,1):(0,1,0)>>,
    %d: !fly.memref<f32, register, 16:1>, %a: !fly.memref<f32, register, 1:1>,
    %b: !fly.memref<f32, register, 1:1>, %c: !fly.memref<f32, register, 16:1>) {
  fly.gemm(%mma, %d, %a, %b, %c)
      : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x32x2, (f32, f32) -> f32>>, <(1,2,1):(0,1,0)>>,
         !fly.memref<f32, register, 16:1>, !fly.memref<f32, register, 1:1>,
         !fly.memref<f32, register, 1:1>, !fly.memref<f32, register, 16:1>) -> ()
  return
}

// RDNA's WMMA on waves of 32. RDNA3 (gfx11) gives each lane a whole row of A and column of B
// (16 values, the upper half-wave repeating the lower), RDNA4 (gfx120x) half of one (8); both
// accumulate 8 values per lane. bf16 fragments load as the i16 lanes the intrinsic takes.
// ROUND-LABEL: func.func @rdna3_bf16
// ROUND: !fly_rocdl.gfx11.wmma<16x16x16, (bf16, bf16) -> f32, signA = false, signB = false, clamp = false>
// CHECK-LABEL: func.func @rdna3_bf16
// CHECK: %[[AV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<16xi16>
// CHECK: %[[BV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<16xi16>
// CHECK: %[[CV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<8xf32>
// CHECK: rocdl.wmma.f32.16x16x16.bf16 %[[AV]], %[[BV]], %[[CV]]
func.func @rdna3_bf16(%d: !fly.memref<f32, register, 8:1>, %a: !fly.memref<bf16, register, 16:1>,
                      %b: !fly.memref<bf16, register, 16:1>, %c: !fly.memref<f32, register, 8:1>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (bf16, bf16) -> f32, signA = false, signB = false, clamp = false>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (bf16, bf16) -> f32, signA = false, signB = false, clamp = false>>,
         !fly.memref<f32, register, 8:1>, !fly.memref<bf16, register, 16:1>,
         !fly.memref<bf16, register, 16:1>, !fly.memref<f32, register, 8:1>) -> ()
  return
}

// Integer WMMA: the lanes' bits go as i32 words (16 bytes: four, 16 nibbles: two) and the sign
// and clamp controls become the intrinsic's attributes.
// CHECK-LABEL: func.func @rdna3_integers
// CHECK: llvm.bitcast %arg0 : vector<16xi8> to vector<4xi32>
// CHECK: rocdl.wmma.i32.16x16x16.iu8 {{.*}} {signA = true}
// CHECK: llvm.bitcast %arg3 : vector<16xi4> to vector<2xi32>
// CHECK: rocdl.wmma.i32.16x16x16.iu4 {{.*}} {clamp = true}
func.func @rdna3_integers(%a: vector<16xi8>, %b: vector<16xi8>, %c: vector<8xi32>,
                          %a4: vector<16xi4>, %b4: vector<16xi4>) -> vector<8xi32> {
  %i8 = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (i8, i8) -> i32, signA = true, signB = false, clamp = false>>
  %d = fly.mma_atom_call_ssa(%i8, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (i8, i8) -> i32, signA = true, signB = false, clamp = false>>,
         vector<16xi8>, vector<16xi8>, vector<8xi32>) -> vector<8xi32>
  %i4 = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (i4, i4) -> i32, signA = false, signB = false, clamp = true>>
  %e = fly.mma_atom_call_ssa(%i4, %a4, %b4, %d)
      : (!fly.mma_atom<!fly_rocdl.gfx11.wmma<16x16x16, (i4, i4) -> i32, signA = false, signB = false, clamp = true>>,
         vector<16xi4>, vector<16xi4>, vector<8xi32>) -> vector<8xi32>
  return %e : vector<8xi32>
}

// CHECK-LABEL: func.func @rdna4_f16
// CHECK: rocdl.wmma.f32.16x16x16.f16 %arg0, %arg1, %arg2 : (vector<8xf16>, vector<8xf16>, vector<8xf32>)
func.func @rdna4_f16(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx120x.wmma<16x16x16, (f16, f16) -> f32, signA = false, signB = false, clamp = false>>
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx120x.wmma<16x16x16, (f16, f16) -> f32, signA = false, signB = false, clamp = false>>,
         vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
  return %d : vector<8xf32>
}

// gfx1250's WMMA (still waves of 32) doubles K and names each fp8 operand's format in the
// intrinsic: an E4M3 A by an E5M2 B is fp8_bf8. A lane holds half of K: 16 f16 values for
// 16x16x32, 32 bytes (eight i32 words) for 16x16x64. A 16-bit accumulator is an instruction of
// its own.
// ROUND-LABEL: func.func @gfx1250_f16
// ROUND: !fly_rocdl.gfx1250.wmma<16x16x32, (f16, f16) -> f32, signA = false, signB = false, clamp = false>
// CHECK-LABEL: func.func @gfx1250_f16
// CHECK: %[[AV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<16xf16>
// CHECK: %[[BV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<16xf16>
// CHECK: %[[CV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<8xf32>
// CHECK: rocdl.wmma.f32.16x16x32.f16 %[[AV]], %[[BV]], %[[CV]] : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
func.func @gfx1250_f16(%d: !fly.memref<f32, register, 8:1>, %a: !fly.memref<f16, register, 16:1>,
                       %b: !fly.memref<f16, register, 16:1>, %c: !fly.memref<f32, register, 8:1>) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x32, (f16, f16) -> f32, signA = false, signB = false, clamp = false>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x32, (f16, f16) -> f32, signA = false, signB = false, clamp = false>>,
         !fly.memref<f32, register, 8:1>, !fly.memref<f16, register, 16:1>,
         !fly.memref<f16, register, 16:1>, !fly.memref<f32, register, 8:1>) -> ()
  return
}

// CHECK-LABEL: func.func @gfx1250_mixed_fp8
// CHECK: llvm.bitcast %arg0 : vector<32xi8> to vector<8xi32>
// CHECK: rocdl.wmma.f32.16x16x64.fp8_bf8 {{.*}} : (vector<8xi32>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
// CHECK: rocdl.wmma.f16.16x16x32.f16 {{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf16>) -> vector<8xf16>
// CHECK: rocdl.wmma.i32.16x16x64.iu8 {{.*}} {signA = true}
func.func @gfx1250_mixed_fp8(%a: vector<32xi8>, %b: vector<32xi8>, %c: vector<8xf32>,
                             %h: vector<16xf16>, %hc: vector<8xf16>, %ic: vector<8xi32>)
    -> (vector<8xf32>, vector<8xf16>, vector<8xi32>) {
  %fp8 = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x64, (f8E4M3FN, f8E5M2) -> f32, signA = false, signB = false, clamp = false>>
  %d = fly.mma_atom_call_ssa(%fp8, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x64, (f8E4M3FN, f8E5M2) -> f32, signA = false, signB = false, clamp = false>>,
         vector<32xi8>, vector<32xi8>, vector<8xf32>) -> vector<8xf32>
  %half = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x32, (f16, f16) -> f16, signA = false, signB = false, clamp = false>>
  %e = fly.mma_atom_call_ssa(%half, %h, %h, %hc)
      : (!fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x32, (f16, f16) -> f16, signA = false, signB = false, clamp = false>>,
         vector<16xf16>, vector<16xf16>, vector<8xf16>) -> vector<8xf16>
  %i8 = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x64, (i8, i8) -> i32, signA = true, signB = false, clamp = false>>
  %f = fly.mma_atom_call_ssa(%i8, %a, %b, %ic)
      : (!fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x64, (i8, i8) -> i32, signA = true, signB = false, clamp = false>>,
         vector<32xi8>, vector<32xi8>, vector<8xi32>) -> vector<8xi32>
  return %d, %e, %f : vector<8xf32>, vector<8xf16>, vector<8xi32>
}

// Sub-byte elements pack: a fragment of 16 i4 values is 8 bytes of registers, which the call
// reads whole, as the two i32 words the intrinsic takes.
// CHECK-LABEL: func.func @gfx1250_int4
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : i64
// CHECK: llvm.alloca %[[EIGHT]] x i8 : (i64) -> !llvm.ptr<5>
// CHECK: %[[AV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<2xi32>
// CHECK: %[[BV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<2xi32>
// CHECK: rocdl.wmma.i32.16x16x32.iu4 %[[AV]], %[[BV]], %{{.*}} {signA = true, signB = true}
func.func @gfx1250_int4(%d: !fly.memref<i32, register, 8:1>, %c: !fly.memref<i32, register, 8:1>) {
  %l = fly.static : !fly.layout<16:1>
  %a = fly.memref.alloca(%l) : (!fly.layout<16:1>) -> !fly.memref<i4, register, 16:1>
  %b = fly.memref.alloca(%l) : (!fly.layout<16:1>) -> !fly.memref<i4, register, 16:1>
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x32, (i4, i4) -> i32, signA = true, signB = true, clamp = false>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.gfx1250.wmma<16x16x32, (i4, i4) -> i32, signA = true, signB = true, clamp = false>>,
         !fly.memref<i32, register, 8:1>, !fly.memref<i4, register, 16:1>,
         !fly.memref<i4, register, 16:1>, !fly.memref<i32, register, 8:1>) -> ()
  return
}

// The block-scaled WMMA and the Tensor Data Mover parse and print as FlyDSL writes them.
// ROUND-LABEL: func.func @gfx1250_types
// ROUND-SAME: !fly_rocdl.gfx1250.wmma_scale<32x16x128, (f4E2M1FN, f4E2M1FN) -> f32, opselA = 0, opselB = 1, modC = 0, reuseA = true, reuseB = false, blockSize = 16>
// ROUND-SAME: !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 3, warps = 4, pad = 64, 8, cache = 2, barrier = true, timeout = false>, 0>
func.func @gfx1250_types(
    %s: !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<32x16x128, (f4E2M1FN, f4E2M1FN) -> f32, opselA = 0, opselB = 1, modC = 0, reuseA = true, reuseB = false, blockSize = 16>>,
    %t: !fly.copy_atom<!fly_rocdl.gfx1250.tdm<rank = 3, warps = 4, pad = 64, 8, cache = 2, barrier = true, timeout = false>, 0>) {
  return
}

// NVIDIA's mma.sync as FlyNVVM's `!fly_nvvm.mma_sync<...>` (the sibling of FlyROCDL): a warp's
// A (8 f16), B (4) and C (4) values go to nvvm.mma.sync in pairs of f16, as the kernel
// builder's mma.sync atoms do (ir/nvidia_matrix_core.h); convert-fly-to-nvvm lowers it the same.
// ROUND-LABEL: func.func @mma_sync_f16
// ROUND: !fly.mma_atom<!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>>
// CHECK-LABEL: func.func @mma_sync_f16
// CHECK: %[[M:.*]] = nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.extractvalue %[[M]][3]
func.func @mma_sync_f16(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>>
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_nvvm.mma_sync<16x8x16, (f16, f16) -> f32>>, vector<8xf16>,
         vector<4xf16>, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// fp8 operands (sm_89's m16n8k32) go as the PTX instruction, four values to a register.
// CHECK-LABEL: func.func @mma_sync_e4m3
// CHECK: llvm.inline_asm {{.*}}"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
func.func @mma_sync_e4m3(%a: vector<16xi8>, %b: vector<8xi8>, %c: vector<4xf32>) -> vector<4xf32> {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_nvvm.mma_sync<16x8x32, (f8E4M3FN, f8E4M3FN) -> f32>>
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c)
      : (!fly.mma_atom<!fly_nvvm.mma_sync<16x8x32, (f8E4M3FN, f8E4M3FN) -> f32>>, vector<16xi8>,
         vector<8xi8>, vector<4xf32>) -> vector<4xf32>
  return %d : vector<4xf32>
}

// CuTe's UniversalFMA: one value of each operand per thread, any lane count.
// ROUND-LABEL: func.func @universal
// ROUND: fly.make_mma_atom : !fly.mma_atom<!fly.universal_fma<1x1x1, (f32, f32) -> f32>>
// CHECK-LABEL: func.func @universal
// CHECK: %[[F:.*]] = llvm.intr.fma(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
// CHECK: %[[P:.*]] = arith.muli %arg3, %arg4 : i32
// CHECK: %[[S:.*]] = arith.addi %[[P]], %arg5 : i32
// CHECK: return %[[F]], %[[S]]
func.func @universal(%a: f32, %b: f32, %c: f32, %i: i32, %j: i32, %k: i32) -> (f32, i32) {
  %f = fly.make_mma_atom : !fly.mma_atom<!fly.universal_fma<1x1x1, (f32, f32) -> f32>>
  %x = fly.mma_atom_call_ssa(%f, %a, %b, %c)
      : (!fly.mma_atom<!fly.universal_fma<1x1x1, (f32, f32) -> f32>>, f32, f32, f32) -> f32
  %n = fly.make_mma_atom : !fly.mma_atom<!fly.universal_fma<1x1x1, (i32, i32) -> i32>>
  %y = fly.mma_atom_call_ssa(%n, %i, %j, %k)
      : (!fly.mma_atom<!fly.universal_fma<1x1x1, (i32, i32) -> i32>>, i32, i32, i32) -> i32
  return %x, %y : f32, i32
}
