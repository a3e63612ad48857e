// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// FlyDSL's fly.make_fragment_like (registers laid out by make_fragment_layout_like's rule: the
// first mode compact, the others in the order of their strides) and
// fly.tiled_mma.partition_shape (the shape of thread 0's part of a compact tile, which
// fly.mma.make_fragment's fragments have).

!mfma = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
!tiled = !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>

// A (2,3,4) tensor whose last mode has the smaller stride: the fragment keeps mode 0 compact
// and lays mode 2 before mode 1, so element (1,2,3) is register 1 + 2 * 8 + 3 * 2 = 23 of 24.
// ROUND-LABEL: func.func @fragment_of_tensor
// ROUND: fly.make_fragment_like(%{{.*}}) : (!fly.memref<f32, global, (2,3,4):(1,100,10)>) -> !fly.memref<f32, register, (2,3,4):(1,8,2)>
// CHECK-LABEL: func.func @fragment_of_tensor
// CHECK: %[[N:.*]] = arith.constant 24 : i64
// CHECK: %[[R:.*]] = llvm.alloca %[[N]] x f32 : (i64) -> !llvm.ptr<5>
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[R]][23] : (!llvm.ptr<5>) -> !llvm.ptr<5>, f32
// CHECK: llvm.store %{{.*}}, %[[AT]]
// CHECK-NOT: fly.
func.func @fragment_of_tensor(%p: !fly.ptr<f32, global>, %v: f32) {
  %l = fly.static : !fly.layout<(2,3,4):(1,100,10)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(2,3,4):(1,100,10)>) -> !fly.memref<f32, global, (2,3,4):(1,100,10)>
  %f = fly.make_fragment_like(%t) : (!fly.memref<f32, global, (2,3,4):(1,100,10)>) -> !fly.memref<f32, register, (2,3,4):(1,8,2)>
  %c = fly.static : !fly.int_tuple<(1,2,3)>
  fly.memref.store(%v, %f, %c) : (f32, !fly.memref<f32, register, (2,3,4):(1,8,2)>, !fly.int_tuple<(1,2,3)>) -> ()
  return
}

// Of a layout, the element type is the dtype attribute's; a stride-0 mode keeps stride 0, so
// element ((1,1),3) is register 1 + 0 + 3 * 2 = 7 of 8.
// ROUND-LABEL: func.func @fragment_of_layout
// ROUND: fly.make_fragment_like(%{{.*}}) {dtype = bf16} : (!fly.layout<((2,2),4):((1,0),64)>) -> !fly.memref<bf16, register, ((2,2),4):((1,0),2)>
// CHECK-LABEL: func.func @fragment_of_layout
// CHECK: %[[N:.*]] = arith.constant 8 : i64
// CHECK: %[[R:.*]] = llvm.alloca %[[N]] x bf16 : (i64) -> !llvm.ptr<5>
// CHECK: llvm.getelementptr %[[R]][7] : (!llvm.ptr<5>) -> !llvm.ptr<5>, bf16
func.func @fragment_of_layout(%v: bf16) {
  %l = fly.static : !fly.layout<((2,2),4):((1,0),64)>
  %f = fly.make_fragment_like(%l) {dtype = bf16} : (!fly.layout<((2,2),4):((1,0),64)>) -> !fly.memref<bf16, register, ((2,2),4):((1,0),2)>
  %c = fly.static : !fly.int_tuple<((1,1),3)>
  fly.memref.store(%v, %f, %c) : (bf16, !fly.memref<bf16, register, ((2,2),4):((1,0),2)>, !fly.int_tuple<((1,1),3)>) -> ()
  return
}

// A 16x16x16 MFMA's C part of a (32,32) tile: 4 values of one call, 2 calls in M and 2 in N;
// its A part of a (16,16) tile: 4 values, one call.
// ROUND-LABEL: func.func @partition_shapes
// ROUND: fly.tiled_mma.partition_shape(c, %{{.*}}, %{{.*}}) : (!fly.tiled_mma<{{.*}}>, !fly.int_tuple<(32,32)>) -> !fly.int_tuple<(4,2,2)>
// ROUND: fly.tiled_mma.partition_shape(a, %{{.*}}, %{{.*}}) : (!fly.tiled_mma<{{.*}}>, !fly.int_tuple<(16,16)>) -> !fly.int_tuple<(4,1,1)>
// CHECK-LABEL: func.func @partition_shapes
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: return %[[C16]], %[[C4]] : i32, i32
func.func @partition_shapes() -> (i32, i32) {
  %atom = fly.make_mma_atom : !mfma
  %atoms = fly.static : !fly.layout<(1,1,1):(0,1,2)>
  %mma = fly.make_tiled_mma(%atom, %atoms) : (!mfma, !fly.layout<(1,1,1):(0,1,2)>) -> !tiled
  %tc = fly.static : !fly.int_tuple<(32,32)>
  %sc = fly.tiled_mma.partition_shape(c, %mma, %tc) : (!tiled, !fly.int_tuple<(32,32)>) -> !fly.int_tuple<(4,2,2)>
  %ta = fly.static : !fly.int_tuple<(16,16)>
  %sa = fly.tiled_mma.partition_shape(a, %mma, %ta) : (!tiled, !fly.int_tuple<(16,16)>) -> !fly.int_tuple<(4,1,1)>
  %nc = fly.size(%sc) : (!fly.int_tuple<(4,2,2)>) -> !fly.int_tuple<16>
  %na = fly.size(%sa) : (!fly.int_tuple<(4,1,1)>) -> !fly.int_tuple<4>
  %xc = fly.get_scalar(%nc) : (!fly.int_tuple<16>) -> i32
  %xa = fly.get_scalar(%na) : (!fly.int_tuple<4>) -> i32
  return %xc, %xa : i32, i32
}
