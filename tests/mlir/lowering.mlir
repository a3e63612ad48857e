// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// A static layout's offset is multiplications and additions by its strides: no division or
// remainder, no multiplication by 1, no term for a stride of 0.

// CHECK-LABEL: func.func @offset
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index)
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[A:.*]] = arith.muli %[[I]], %[[C12]]
// CHECK: %[[B:.*]] = arith.addi %[[A]], %[[J]]
// CHECK: %[[C:.*]] = arith.muli %[[K]], %[[C3]]
// CHECK: %[[D:.*]] = arith.addi %[[B]], %[[C]]
// CHECK: return %[[D]]
// CHECK-NOT: divui
// CHECK-NOT: remui
// CHECK-NOT: fly.
func.func @offset(%i: index, %j: index, %k: index) -> index {
  %l = fly.static : !fly.layout<(2,(3,4)):(12,(1,3))>
  %c = fly.make_coord(%i, %j, %k) : (index, index, index) -> !fly.int_tuple<(?,(?,?))>
  %o = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,(?,?))>, !fly.layout<(2,(3,4)):(12,(1,3))>)
       -> !fly.int_tuple<?>
  %r = fly.get_scalar(%o) : (!fly.int_tuple<?>) -> index
  return %r : index
}

// CHECK-LABEL: func.func @broadcast
// CHECK-NOT: arith.muli
// CHECK: return %{{.*}} : index
func.func @broadcast(%i: index, %j: index) -> index {
  %l = fly.static : !fly.layout<(4,8):(0,1)>
  %c = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %o = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(4,8):(0,1)>) -> !fly.int_tuple<?>
  %r = fly.get_scalar(%o) : (!fly.int_tuple<?>) -> index
  return %r : index
}
