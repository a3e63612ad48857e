// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// Partitions of coordinate tensors, as FlyDSL's partition ops take them: the thread's part has
// the partition's layout, and its base is the tensor's base plus the coordinate the thread
// starts at; its elements are computed, never loaded.

!tc = !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<32>, 32>, !fly.layout<(4,1):(1,0)>, !fly.tile<[4]>>
!mfma = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
!tiled = !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>

// Four threads copy 16 counted elements from 100 on, one at a time: thread t's part is
// ((1,1),4):((0,0),4) from 100 + t, so it counts 100 + t, 104 + t, 108 + t, 112 + t.
// ROUND-LABEL: func.func @copy_partition
// ROUND: "fly.tiled_copy.partition_src"(%{{.*}}, %{{.*}}, %{{.*}}) : ({{.*}}, !fly.coord_tensor<100, 16:1>, !fly.int_tuple<?>) -> !fly.coord_tensor<?, ((1,1),4):((0,0),4)>
// CHECK-LABEL: func.func @copy_partition
// CHECK-SAME: (%[[T:.*]]: i32)
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : i32
// CHECK-DAG: %[[C104:.*]] = arith.constant 104 : i32
// CHECK-DAG: %[[C108:.*]] = arith.constant 108 : i32
// CHECK-DAG: %[[C112:.*]] = arith.constant 112 : i32
// CHECK: %[[E0:.*]] = arith.addi %[[T]], %[[C100]] : i32
// CHECK: %[[E1:.*]] = arith.addi %[[T]], %[[C104]] : i32
// CHECK: %[[E2:.*]] = arith.addi %[[T]], %[[C108]] : i32
// CHECK: %[[E3:.*]] = arith.addi %[[T]], %[[C112]] : i32
// CHECK: vector.from_elements %[[E0]], %[[E1]], %[[E2]], %[[E3]] : vector<4xi32>
// CHECK-NOT: fly.
func.func @copy_partition(%t: i32) -> vector<4xi32> {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<32>, 32>
  %tv = fly.static : !fly.layout<(4,1):(1,0)>
  %tile = fly.static : !fly.tile<[4]>
  %tc = "fly.make_tiled_copy"(%a, %tv, %tile) : (!fly.copy_atom<!fly.universal_copy<32>, 32>, !fly.layout<(4,1):(1,0)>, !fly.tile<[4]>) -> !tc
  %base = fly.static : !fly.int_tuple<100>
  %l = fly.static : !fly.layout<16:1>
  %ct = fly.make_view(%base, %l) : (!fly.int_tuple<100>, !fly.layout<16:1>) -> !fly.coord_tensor<100, 16:1>
  %thr = fly.make_int_tuple(%t) : (i32) -> !fly.int_tuple<?>
  %p = "fly.tiled_copy.partition_src"(%tc, %ct, %thr) : (!tc, !fly.coord_tensor<100, 16:1>, !fly.int_tuple<?>) -> !fly.coord_tensor<?, ((1,1),4):((0,0),4)>
  %v = fly.memref.load_vec(%p) : (!fly.coord_tensor<?, ((1,1),4):((0,0),4)>) -> vector<4xi32>
  return %v : vector<4xi32>
}

// The element indices a lane of a 16x16x16 MFMA reads of a column-major (16,16) B tile: lane
// 17 holds (n, k) = (1, 4 + v), indices 1 + 16 (4 + v): 65, 81, 97, 113.
// ROUND-LABEL: func.func @mma_partition
// ROUND: fly.tiled_mma.partition(b, %{{.*}}, %{{.*}}, %{{.*}}) : ({{.*}}, !fly.coord_tensor<0, (16,16):(1,16)>, !fly.int_tuple<17>) -> !fly.coord_tensor<65, (4,1,1):(16,0,0)>
// CHECK-LABEL: func.func @mma_partition
// CHECK: %[[V:.*]] = arith.constant dense<[65, 81, 97, 113]> : vector<4xi32>
// CHECK: return %[[V]]
func.func @mma_partition() -> vector<4xi32> {
  %atom = fly.make_mma_atom : !mfma
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %mma = fly.make_tiled_mma(%atom, %atoms) : (!mfma, !fly.layout<(1,1,1):(0,1,2)>) -> !tiled
  %base = fly.static : !fly.int_tuple<0>
  %l = fly.static : !fly.layout<(16,16):(1,16)>
  %ct = fly.make_view(%base, %l) : (!fly.int_tuple<0>, !fly.layout<(16,16):(1,16)>) -> !fly.coord_tensor<0, (16,16):(1,16)>
  %thr = fly.static : !fly.int_tuple<17>
  %p = fly.tiled_mma.partition(b, %mma, %ct, %thr) : (!tiled, !fly.coord_tensor<0, (16,16):(1,16)>, !fly.int_tuple<17>) -> !fly.coord_tensor<65, (4,1,1):(16,0,0)>
  %v = fly.memref.load_vec(%p) : (!fly.coord_tensor<65, (4,1,1):(16,0,0)>) -> vector<4xi32>
  return %v : vector<4xi32>
}
