// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering | FileCheck %s --check-prefix=CALLS
// RUN: fly-opt %s --fly-layout-lowering --convert-fly-to-rocdl | FileCheck %s
// A gemm of several atom calls: D and C as (V, M, N), A as (V, M, K) and B as (V, N, K) of
// register fragments. fly-layout-lowering makes it one fly.mma_atom_call per (m, n, k), in
// FlyDSL's order (nmk unless the op says another: n innermost, k outermost), each (m, n)'s first
// call accumulating onto C, the later ones onto D.

!atom = !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x4, (f32, f32) -> f32>>
!mma = !fly.tiled_mma<!atom, <(1,1,1):(0,0,0)>>
!acc = !fly.memref<f32, register, (4,2,2):(1,4,8)>
!ab = !fly.memref<f32, register, (1,2,2):(0,1,2)>

// ROUND-LABEL: func.func @two_by_two_by_two
// ROUND: fly.gemm(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!fly.tiled_mma{{.*}}, !fly.memref<f32, register, (4,2,2):(1,4,8)>
// The fifth call, (0, 0) at k = 1, accumulates onto D's (0, 0).
// CALLS-LABEL: func.func @two_by_two_by_two
// CALLS-DAG: %[[Z:.*]] = arith.constant 0 : index
// CALLS-DAG: %[[O:.*]] = arith.constant 1 : index
// CALLS-NOT: fly.gemm
// CALLS-COUNT-4: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[Z]], %[[Z]], %[[Z]]]
// CALLS: fly.memref.element_ptr %arg1[%[[Z]], %[[Z]], %[[O]]]
// CALLS: fly.memref.element_ptr %arg2[%[[Z]], %[[Z]], %[[O]]]
// CALLS: fly.memref.element_ptr %arg0[%[[Z]], %[[Z]], %[[Z]]]
// CALLS: fly.mma_atom_call(
// CALLS-COUNT-3: fly.mma_atom_call(
// CALLS-NOT: fly.mma_atom_call(
// CHECK-LABEL: func.func @two_by_two_by_two
// CHECK-COUNT-8: rocdl.mfma.f32.16x16x4f32
// CHECK-NOT: rocdl.mfma
func.func @two_by_two_by_two(%d: !acc, %a: !ab, %b: !ab, %c: !acc) {
  %atom = fly.make_mma_atom : !atom
  %l = fly.static : !fly.layout<(1,1,1):(0,0,0)>
  %mma = fly.make_tiled_mma(%atom, %l) : (!atom, !fly.layout<(1,1,1):(0,0,0)>) -> !mma
  fly.gemm(%mma, %d, %a, %b, %c) : (!mma, !acc, !ab, !ab, !acc) -> ()
  return
}

// Without K (A as (V, M), B as (V, N)): one call per (m, n), here in mnk order (m innermost):
// (0,0), (1,0), (0,1), (1,1); each call's D and C at (m, n), its A at m and its B at n.
!a2 = !fly.memref<f32, register, (1,2):(0,1)>
// CALLS-LABEL: func.func @without_k
// CALLS-DAG: %[[C0:.*]] = arith.constant 0 : index
// CALLS-DAG: %[[C1:.*]] = arith.constant 1 : index
// CALLS: fly.memref.element_ptr %arg0[%[[C0]], %[[C0]], %[[C0]]]
// CALLS: fly.memref.element_ptr %arg1[%[[C0]], %[[C0]]]
// CALLS: fly.memref.element_ptr %arg2[%[[C0]], %[[C0]]]
// CALLS: fly.memref.element_ptr %arg3[%[[C0]], %[[C0]], %[[C0]]]
// CALLS: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[C0]], %[[C1]], %[[C0]]]
// CALLS: fly.memref.element_ptr %arg1[%[[C0]], %[[C1]]]
// CALLS: fly.memref.element_ptr %arg2[%[[C0]], %[[C0]]]
// CALLS: fly.memref.element_ptr %arg3[%[[C0]], %[[C1]], %[[C0]]]
// CALLS: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[C0]], %[[C0]], %[[C1]]]
// CALLS: fly.memref.element_ptr %arg1[%[[C0]], %[[C0]]]
// CALLS: fly.memref.element_ptr %arg2[%[[C0]], %[[C1]]]
// CALLS: fly.memref.element_ptr %arg3[%[[C0]], %[[C0]], %[[C1]]]
// CALLS: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[C0]], %[[C1]], %[[C1]]]
// CALLS: fly.mma_atom_call(
// CALLS-NOT: fly.mma_atom_call(
// ROUND-LABEL: func.func @without_k
// ROUND: fly.gemm(%{{.*}}) {traversalOrder = #fly<gemm_traversal_order mnk>} :
// CHECK-LABEL: func.func @without_k
// CHECK-COUNT-4: rocdl.mfma.f32.16x16x4f32
// CHECK-NOT: rocdl.mfma
func.func @without_k(%d: !acc, %a: !a2, %b: !a2, %c: !acc) {
  %atom = fly.make_mma_atom : !atom
  %l = fly.static : !fly.layout<(1,1,1):(0,0,0)>
  %mma = fly.make_tiled_mma(%atom, %l) : (!atom, !fly.layout<(1,1,1):(0,0,0)>) -> !mma
  fly.gemm(%mma, %d, %a, %b, %c) {traversalOrder = #fly<gemm_traversal_order mnk>} : (!mma, !acc, !a2, !a2, !acc) -> ()
  return
}

// FlyDSL's traversal layout: its i-th value x is the call (x % M, x / M % N, x / (M N)); here
// (2,2):(2,1) over M = N = 2 visits x = 0, 2, 1, 3: (0,0), (0,1), (1,0), (1,1).
// ROUND-LABEL: func.func @by_layout
// ROUND: fly.gemm(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) traversalLayout = %{{.*}} :
// CALLS-LABEL: func.func @by_layout
// CALLS-DAG: %[[Z:.*]] = arith.constant 0 : index
// CALLS-DAG: %[[O:.*]] = arith.constant 1 : index
// CALLS: fly.memref.element_ptr %arg0[%[[Z]], %[[Z]], %[[Z]]]
// CALLS: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[Z]], %[[Z]], %[[O]]]
// CALLS: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[Z]], %[[O]], %[[Z]]]
// CALLS: fly.mma_atom_call(
// CALLS: fly.memref.element_ptr %arg0[%[[Z]], %[[O]], %[[O]]]
// CALLS: fly.mma_atom_call(
// CALLS-NOT: fly.mma_atom_call(
// CHECK-LABEL: func.func @by_layout
// CHECK-COUNT-4: rocdl.mfma.f32.16x16x4f32
func.func @by_layout(%d: !acc, %a: !a2, %b: !a2, %c: !acc) {
  %atom = fly.make_mma_atom : !atom
  %l = fly.static : !fly.layout<(1,1,1):(0,0,0)>
  %mma = fly.make_tiled_mma(%atom, %l) : (!atom, !fly.layout<(1,1,1):(0,0,0)>) -> !mma
  %order = fly.static : !fly.layout<(2,2):(2,1)>
  fly.gemm(%mma, %d, %a, %b, %c) traversalLayout = %order
      : (!mma, !acc, !a2, !a2, !acc, !fly.layout<(2,2):(2,1)>) -> ()
  return
}
