// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm | FileCheck %s
// Tiled MMAs as values (fly.make_tiled_mma) and the registers a thread holds of an operand
// (fly.mma.make_fragment, FlyDSL's spelling: the operand a bare a, b, c or d):
// make_fragment_like of thread 0's partition, in the operand's element type; `stages = n`
// adds a last mode of n copies after the others.

// A 16x16x16 f16 MFMA's B operand of a (16,16) column-major tile: four values a lane, one
// call in N and K; two stages double it.
// ROUND-LABEL: func.func @fragments_of_b
// ROUND: fly.make_tiled_mma(%{{.*}}, %{{.*}}) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.layout<(1,1,1):(0,1,2)>) -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
// ROUND: fly.mma.make_fragment(b, %{{.*}}, %{{.*}}) : {{.*}} -> !fly.memref<f16, register, (4,1,1):(1,0,0)>
// ROUND: fly.mma.make_fragment(b, %{{.*}}, %{{.*}}, stages = 2) : {{.*}} -> !fly.memref<f16, register, (4,1,1,2):(1,0,0,4)>
// ROUND: fly.mma.make_fragment(c, %{{.*}}, %{{.*}}) : {{.*}} -> !fly.memref<f32, register, (4,1,1):(1,0,0)>
// CHECK-LABEL: func.func @fragments_of_b
// CHECK: %[[N4:.*]] = arith.constant 4 : i64
// CHECK: llvm.alloca %[[N4]] x f16 : (i64) -> !llvm.ptr<5>
// CHECK: %[[N8:.*]] = arith.constant 8 : i64
// CHECK: llvm.alloca %[[N8]] x f16 : (i64) -> !llvm.ptr<5>
// CHECK-NOT: fly.
func.func @fragments_of_b(%p: !fly.ptr<f16, shared>) -> (f16, f16, f32) {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %mma = fly.make_tiled_mma(%atom, %atoms) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.layout<(1,1,1):(0,1,2)>) -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
  %l = fly.static : !fly.layout<(16,16):(1,16)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, shared>, !fly.layout<(16,16):(1,16)>) -> !fly.memref<f16, shared, (16,16):(1,16)>
  %b = fly.mma.make_fragment(b, %mma, %t) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>) -> !fly.memref<f16, register, (4,1,1):(1,0,0)>
  %s = fly.mma.make_fragment(b, %mma, %t, stages = 2) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>) -> !fly.memref<f16, register, (4,1,1,2):(1,0,0,4)>
  %c = fly.mma.make_fragment(c, %mma, %t) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>) -> !fly.memref<f32, register, (4,1,1):(1,0,0)>
  %i = fly.static : !fly.int_tuple<(1,0,0)>
  %j = fly.static : !fly.int_tuple<(0,0,0,1)>
  %x = fly.memref.load(%b, %i) : (!fly.memref<f16, register, (4,1,1):(1,0,0)>, !fly.int_tuple<(1,0,0)>) -> f16
  %y = fly.memref.load(%s, %j) : (!fly.memref<f16, register, (4,1,1,2):(1,0,0,4)>, !fly.int_tuple<(0,0,0,1)>) -> f16
  %z = fly.memref.load(%c, %i) : (!fly.memref<f32, register, (4,1,1):(1,0,0)>, !fly.int_tuple<(1,0,0)>) -> f32
  return %x, %y, %z : f16, f16, f32
}

// A thread's part of an operand (fly.tiled_mma.partition, CuTe's partition_B): in the MFMA's B
// operand lane l holds (n, k) = (l mod 16, 4 (l div 16) + v), so lane 17 of the column-major
// (16,16) tile starts at element 1 + 16 * 4 = 65 and its 4 values lie 16 apart: the second is
// element 81, 162 bytes in.
// ROUND-LABEL: func.func @partition_of_b
// ROUND: fly.tiled_mma.partition(b, %{{.*}}, %{{.*}}, %{{.*}}) : {{.*}} -> !fly.memref<f16, shared, (4,1,1):(16,0,0)>
// CHECK-LABEL: func.func @partition_of_b
// CHECK: %[[BASE:.*]] = fly.to_llvm_ptr
// CHECK: %[[C65:.*]] = arith.constant 65 : i32
// CHECK: %[[LANE:.*]] = llvm.getelementptr %[[BASE]][%[[C65]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[SECOND:.*]] = llvm.getelementptr %[[LANE]][%[[C16]]]
// CHECK: llvm.load %[[SECOND]] {alignment = 2 : i64} : !llvm.ptr<3> -> f16
// CHECK-NOT: fly.
func.func @partition_of_b(%p: !fly.ptr<f16, shared>) -> f16 {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %mma = fly.make_tiled_mma(%atom, %atoms) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.layout<(1,1,1):(0,1,2)>) -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
  %l = fly.static : !fly.layout<(16,16):(1,16)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, shared>, !fly.layout<(16,16):(1,16)>) -> !fly.memref<f16, shared, (16,16):(1,16)>
  %thr = fly.static : !fly.int_tuple<17>
  %b = fly.tiled_mma.partition(b, %mma, %t, %thr) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>, !fly.int_tuple<17>) -> !fly.memref<f16, shared, (4,1,1):(16,0,0)>
  %i = fly.static : !fly.int_tuple<(1,0,0)>
  %x = fly.memref.load(%b, %i) : (!fly.memref<f16, shared, (4,1,1):(16,0,0)>, !fly.int_tuple<(1,0,0)>) -> f16
  return %x : f16
}

// FlyDSL's third parameter of a tiled MMA permutes M, N and K. M permuted by (8,2):(2,1): row
// 1 of the atom's A, which lane 17 reads, is row 2 of the (16,16) column-major tile, so the
// lane's first value is element 2 + 16 * 4 = 66. A permutation of nothing is not printed.
// ROUND-LABEL: func.func @partition_of_a_permuted
// ROUND: fly.make_tiled_mma(%{{.*}}, %{{.*}}, %{{.*}}) : {{.*}} -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>, !fly.tile<[(8,2):(2,1)|*|*]>>
// ROUND: fly.make_tiled_mma(%{{.*}}, %{{.*}}, %{{.*}}) : {{.*}} -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
// CHECK-LABEL: func.func @partition_of_a_permuted
// CHECK: arith.constant 66 : i32
// CHECK-NOT: fly.
func.func @partition_of_a_permuted(%p: !fly.ptr<f16, shared>) -> f16 {
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %perm = fly.static : !fly.tile<[(8,2):(2,1)|*|*]>
  %mma = fly.make_tiled_mma(%atom, %atoms, %perm) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.layout<(1,1,1):(0,1,2)>, !fly.tile<[(8,2):(2,1)|*|*]>) -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>, !fly.tile<[(8,2):(2,1)|*|*]>>
  %none = fly.static : !fly.tile<[*|*|*]>
  %plain = fly.make_tiled_mma(%atom, %atoms, %none) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.layout<(1,1,1):(0,1,2)>, !fly.tile<[*|*|*]>) -> !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>
  %l = fly.static : !fly.layout<(16,16):(1,16)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, shared>, !fly.layout<(16,16):(1,16)>) -> !fly.memref<f16, shared, (16,16):(1,16)>
  %thr = fly.static : !fly.int_tuple<17>
  %a = fly.tiled_mma.partition(a, %mma, %t, %thr) : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>, !fly.tile<[(8,2):(2,1)|*|*]>>, !fly.memref<f16, shared, (16,16):(1,16)>, !fly.int_tuple<17>) -> !fly.memref<f16, shared, (4,1,1):(16,0,0)>
  %i = fly.static : !fly.int_tuple<(0,0,0)>
  %x = fly.memref.load(%a, %i) : (!fly.memref<f16, shared, (4,1,1):(16,0,0)>, !fly.int_tuple<(0,0,0)>) -> f16
  return %x : f16
}
