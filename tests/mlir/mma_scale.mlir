// RUN: fly-opt %s --fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering --convert-fly-to-rocdl | FileCheck %s
// RUN: fly-opt %s --fly-lower-to-llvm=mma-calls=true | FileCheck %s --check-prefix=CALLS
// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// CDNA4's block-scaled MFMA is an MMA atom with state: its scale registers (scale_a, scale_b)
// are fields of the atom, zero when it is made, set by fly.atom.set_value, and read by each
// call. The atom lowers to a struct of the two i32 fields; a function taking one takes the
// struct.

!atom = !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E5M2) -> f32, opselA = 0, opselB = 2>>
!big = !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<32x32x64, (f4E2M1FN, f6E3M2FN) -> f32, opselA = 1, opselB = 3>>

// ROUND-LABEL: func.func @prints_back
// ROUND-SAME: !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E5M2) -> f32, opselA = 0, opselB = 2>>
// ROUND-SAME: !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<32x32x64, (f4E2M1FN, f6E3M2FN) -> f32, opselA = 1, opselB = 3>>
// CHECK-LABEL: func.func @prints_back
// CHECK-SAME: (%{{.*}}: !llvm.struct<(i32, i32)>, %{{.*}}: !llvm.struct<(i32, i32)>)
func.func @prints_back(%a: !atom, %b: !big) {
  return
}

// The scales come from the atom: (0, 0) when made, then the values set; each operand's 32
// bytes go in as eight dwords (fp8) and the formats as CBSZ 0 (e4m3) and BLGP 1 (e5m2).
// CHECK-LABEL: func.func @set_then_call
// CHECK-SAME: (%[[SA:.*]]: i32, %[[SB:.*]]: i32)
// CHECK: %[[UNDEF:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[S0:.*]] = llvm.insertvalue %[[ZERO]], %[[UNDEF]][0]
// CHECK: %[[S1:.*]] = llvm.insertvalue %[[ZERO]], %[[S0]][1]
// CHECK: %[[S2:.*]] = llvm.insertvalue %[[SA]], %[[S1]][0]
// CHECK: %[[S3:.*]] = llvm.insertvalue %[[SB]], %[[S2]][1]
// CHECK: %[[X:.*]] = llvm.extractvalue %[[S3]][0]
// CHECK: %[[Y:.*]] = llvm.extractvalue %[[S3]][1]
// CHECK: %[[AW:.*]] = llvm.bitcast %{{.*}} : vector<32xi8> to vector<8xi32>
// CHECK: %[[BW:.*]] = llvm.bitcast %{{.*}} : vector<32xi8> to vector<8xi32>
// CHECK: %[[CBSZ:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: %[[BLGP:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[OPA:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: %[[OPB:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: rocdl.mfma.scale.f32.16x16x128.f8f6f4 %[[AW]], %[[BW]], %{{.*}}, %[[CBSZ]], %[[BLGP]], %[[OPA]], %[[X]], %[[OPB]], %[[Y]]
// The atom's call instead: the scales with the byte opsel picks moved to the low bits.
// CALLS-LABEL: func.func @set_then_call
// CALLS: %[[X:.*]] = llvm.extractvalue %{{.*}}[0]
// CALLS: %[[Y:.*]] = llvm.extractvalue %{{.*}}[1]
// CALLS: %[[SIXTEEN:.*]] = arith.constant 16 : i32
// CALLS: %[[YLOW:.*]] = arith.shrui %[[Y]], %[[SIXTEEN]]
// CALLS: call @__fly_mma.v_mfma_scale_f32_16x16x128_f8f6f4.e4m3.e5m2(%{{.*}}, %{{.*}}, %{{.*}}, %[[X]], %[[YLOW]])
// CALLS-SAME: fly.mma_layouts = [
// CALLS-SAME: fly.mma_shape = array<i64: 16, 16, 128, 64>
func.func @set_then_call(%sa: i32, %sb: i32) {
  %lab = fly.static : !fly.layout<32:1>
  %lc = fly.static : !fly.layout<4:1>
  %d = fly.memref.alloca(%lc) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %a = fly.memref.alloca(%lab) : (!fly.layout<32:1>) -> !fly.memref<f8E4M3FN, register, 32:1>
  %b = fly.memref.alloca(%lab) : (!fly.layout<32:1>) -> !fly.memref<f8E5M2, register, 32:1>
  %c = fly.memref.alloca(%lc) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %atom = fly.make_mma_atom : !atom
  %1 = fly.atom.set_value(%atom, "scale_a", %sa) : (!atom, i32) -> !atom
  %2 = fly.atom.set_value(%1, "scale_b", %sb) : (!atom, i32) -> !atom
  fly.mma_atom_call(%2, %d, %a, %b, %c)
      : (!atom, !fly.memref<f32, register, 4:1>, !fly.memref<f8E4M3FN, register, 32:1>,
         !fly.memref<f8E5M2, register, 32:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// An atom argument crosses as its struct; fp4 and fp6 codes, one a byte (i8), are packed into
// four and six dwords.
// CHECK-LABEL: func.func @atom_argument
// CHECK-SAME: (%[[ATOM:.*]]: !llvm.struct<(i32, i32)>, %[[A:.*]]: vector<32xi8>, %[[B:.*]]: vector<32xi8>, %[[C:.*]]: vector<16xf32>)
// CHECK: %[[X:.*]] = llvm.extractvalue %[[ATOM]][0]
// CHECK: %[[Y:.*]] = llvm.extractvalue %[[ATOM]][1]
// CHECK: llvm.bitcast %{{.*}} : i128 to vector<4xi32>
// CHECK: llvm.bitcast %{{.*}} : i192 to vector<6xi32>
// CHECK: %[[CBSZ:.*]] = llvm.mlir.constant(4 : i32)
// CHECK: %[[BLGP:.*]] = llvm.mlir.constant(3 : i32)
// CHECK: %[[OPA:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[OPB:.*]] = llvm.mlir.constant(3 : i32)
// CHECK: rocdl.mfma.scale.f32.32x32x64.f8f6f4 %{{.*}}, %{{.*}}, %[[C]], %[[CBSZ]], %[[BLGP]], %[[OPA]], %[[X]], %[[OPB]], %[[Y]]
// CHECK-SAME: -> vector<16xf32>
func.func @atom_argument(%atom: !big, %a: vector<32xi8>, %b: vector<32xi8>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = fly.mma_atom_call_ssa(%atom, %a, %b, %c) : (!big, vector<32xi8>, vector<32xi8>, vector<16xf32>) -> vector<16xf32>
  return %d : vector<16xf32>
}

// FlyDSL's fp4 fragments are packed (32 codes in 16 bytes): read whole as 4-bit integers, they
// go into the instruction as four dwords, and into the atom's call one code a byte.
// CHECK-LABEL: func.func @packed_fp4_fragment
// CHECK: llvm.alloca %{{.*}} x f32
// CHECK: %[[N:.*]] = arith.constant 16 : i64
// CHECK: %[[A:.*]] = llvm.alloca %[[N]] x i8
// CHECK: %[[AV:.*]] = llvm.load %[[A]] : !llvm.ptr<5> -> vector<32xi4>
// CHECK: %[[AW:.*]] = llvm.bitcast %[[AV]] : vector<32xi4> to vector<4xi32>
// CHECK: rocdl.mfma.scale.f32.32x32x64.f8f6f4 %[[AW]]
// CALLS-LABEL: func.func @packed_fp4_fragment
// CALLS: %[[AV:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> vector<32xi4>
// CALLS: %[[CODES:.*]] = llvm.zext %[[AV]] : vector<32xi4> to vector<32xi8>
// CALLS: call @__fly_mma.v_mfma_scale_f32_32x32x64_f8f6f4.e2m1.e5m2(%[[CODES]],
func.func @packed_fp4_fragment() {
  %lab = fly.static : !fly.layout<32:1>
  %lc = fly.static : !fly.layout<16:1>
  %d = fly.memref.alloca(%lc) : (!fly.layout<16:1>) -> !fly.memref<f32, register, 16:1>
  %a = fly.memref.alloca(%lab) : (!fly.layout<32:1>) -> !fly.memref<f4E2M1FN, register, 32:1>
  %b = fly.memref.alloca(%lab) : (!fly.layout<32:1>) -> !fly.memref<f8E5M2, register, 32:1>
  %c = fly.memref.alloca(%lc) : (!fly.layout<16:1>) -> !fly.memref<f32, register, 16:1>
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<32x32x64, (f4E2M1FN, f8E5M2) -> f32, opselA = 0, opselB = 0>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c)
      : (!fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<32x32x64, (f4E2M1FN, f8E5M2) -> f32, opselA = 0, opselB = 0>>,
         !fly.memref<f32, register, 16:1>, !fly.memref<f4E2M1FN, register, 32:1>,
         !fly.memref<f8E5M2, register, 32:1>, !fly.memref<f32, register, 16:1>) -> ()
  return
}

// gfx1250's block-scaled WMMA is the same kind of atom on a wave of 32: a lane's 64 fp8 values
// of A and of B go in as sixteen dwords each, the formats and the picked scale rows as the
// instruction's attributes (fmtA e4m3 = 0 is the default and not printed).
!w8 = !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E5M2) -> f32, opselA = 1, opselB = 0, modC = 0, reuseA = false, reuseB = true, blockSize = 32>>
// ROUND-LABEL: func.func @wmma_set_then_call
// ROUND: fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<16x16x128, (f8E4M3FN, f8E5M2) -> f32, opselA = 1, opselB = 0, modC = 0, reuseA = false, reuseB = true, blockSize = 32>>
// CHECK-LABEL: func.func @wmma_set_then_call
// CHECK-SAME: (%[[SA:.*]]: i32, %[[SB:.*]]: i32)
// CHECK: %[[S2:.*]] = llvm.insertvalue %[[SA]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK: %[[S3:.*]] = llvm.insertvalue %[[SB]], %[[S2]][1] : !llvm.struct<(i32, i32)>
// CHECK: %[[X:.*]] = llvm.extractvalue %[[S3]][0]
// CHECK: %[[Y:.*]] = llvm.extractvalue %[[S3]][1]
// CHECK: %[[AW:.*]] = llvm.bitcast %{{.*}} : vector<64xi8> to vector<16xi32>
// CHECK: %[[BW:.*]] = llvm.bitcast %{{.*}} : vector<64xi8> to vector<16xi32>
// CHECK: rocdl.wmma.scale.f32.16x16x128.f8f6f4 %[[AW]], %[[BW]], %{{.*}}, %[[X]], %[[Y]] {fmtB = 1 : i32, reuseB = true, scaleAType = 1 : i32} : (vector<16xi32>, vector<16xi32>, vector<8xf32>, i32, i32) -> vector<8xf32>
func.func @wmma_set_then_call(%sa: i32, %sb: i32) {
  %lab = fly.static : !fly.layout<64:1>
  %lc = fly.static : !fly.layout<8:1>
  %d = fly.memref.alloca(%lc) : (!fly.layout<8:1>) -> !fly.memref<f32, register, 8:1>
  %a = fly.memref.alloca(%lab) : (!fly.layout<64:1>) -> !fly.memref<f8E4M3FN, register, 64:1>
  %b = fly.memref.alloca(%lab) : (!fly.layout<64:1>) -> !fly.memref<f8E5M2, register, 64:1>
  %c = fly.memref.alloca(%lc) : (!fly.layout<8:1>) -> !fly.memref<f32, register, 8:1>
  %atom = fly.make_mma_atom : !w8
  %1 = fly.atom.set_value(%atom, "scale_a", %sa) : (!w8, i32) -> !w8
  %2 = fly.atom.set_value(%1, "scale_b", %sb) : (!w8, i32) -> !w8
  fly.mma_atom_call(%2, %d, %a, %b, %c)
      : (!w8, !fly.memref<f32, register, 8:1>, !fly.memref<f8E4M3FN, register, 64:1>,
         !fly.memref<f8E5M2, register, 64:1>, !fly.memref<f32, register, 8:1>) -> ()
  return
}

// With blockSize 16 the scales are 64-bit registers (the SCALE16 form); the 32x16x128 fp4
// form takes A's 128 and B's 64 codes (one a byte here) packed into sixteen and eight dwords.
!w4 = !fly.mma_atom<!fly_rocdl.gfx1250.wmma_scale<32x16x128, (f4E2M1FN, f4E2M1FN) -> f32, opselA = 0, opselB = 1, modC = 0, reuseA = false, reuseB = false, blockSize = 16>>
// CHECK-LABEL: func.func @wmma_tall_fp4
// CHECK-SAME: (%[[ATOM:.*]]: !llvm.struct<(i64, i64)>, %[[SA:.*]]: i64,
// CHECK: %[[S:.*]] = llvm.insertvalue %[[SA]], %[[ATOM]][0] : !llvm.struct<(i64, i64)>
// CHECK: %[[X:.*]] = llvm.extractvalue %[[S]][0]
// CHECK: %[[Y:.*]] = llvm.extractvalue %[[S]][1]
// CHECK: %[[AW:.*]] = llvm.bitcast %{{.*}} : i512 to vector<16xi32>
// CHECK: %[[BW:.*]] = llvm.bitcast %{{.*}} : i256 to vector<8xi32>
// CHECK: rocdl.wmma.scale16.f32.32x16x128.f4 %[[AW]], %[[BW]], %{{.*}}, %[[X]], %[[Y]] {scaleBType = 1 : i32} : (vector<16xi32>, vector<8xi32>, vector<16xf32>, i64, i64) -> vector<16xf32>
func.func @wmma_tall_fp4(%atom: !w4, %sa: i64, %a: vector<128xi8>, %b: vector<64xi8>, %c: vector<16xf32>) -> vector<16xf32> {
  %1 = fly.atom.set_value(%atom, "scale_a", %sa) : (!w4, i64) -> !w4
  %d = fly.mma_atom_call_ssa(%1, %a, %b, %c) : (!w4, vector<128xi8>, vector<64xi8>, vector<16xf32>) -> vector<16xf32>
  return %d : vector<16xf32>
}
