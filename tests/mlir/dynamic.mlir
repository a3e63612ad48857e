// RUN: fly-opt %s --fly-canonicalize --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// Layouts with leaves known at run time (`?`, SSA operands of fly.make_shape / make_stride, or
// of fly.layout): result types come
// from the algebra with unknown leaves, and fly-layout-lowering runs the same algebra on the
// SSA leaves, so offsets are products and sums of the leaves, without division.

// CHECK-LABEL: func.func @offset
// CHECK-SAME: (%[[M:.*]]: index, %[[S:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[A:.*]] = arith.muli %[[S]], %[[I]]
// CHECK: %[[B:.*]] = arith.addi %[[A]], %[[J]]
// CHECK: return %[[B]]
// CHECK-NOT: fly.
func.func @offset(%m: index, %s: index, %i: index, %j: index) -> index {
  %shape = fly.make_shape(%m) : (index) -> !fly.int_tuple<(?,8)>
  %stride = fly.make_stride(%s) : (index) -> !fly.int_tuple<(?,1)>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(?,1)>)
       -> !fly.layout<(?,8):(?,1)>
  %c = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %o = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<?>
  %r = fly.get_scalar(%o) : (!fly.int_tuple<?>) -> index
  return %r : index
}

// The result type (4,?):(?,?{div=4}) is checked by the parser against the inferred one: the rest
// mode's stride is the stride times 4, so a multiple of 4.
// CHECK-LABEL: func.func @divide
// CHECK-SAME: (%[[N:.*]]: index, %[[S:.*]]: index, %[[I:.*]]: index, %[[K:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[S4:.*]] = arith.muli %[[S]], %[[C4]]
// CHECK-DAG: %[[A:.*]] = arith.muli %[[S]], %[[I]]
// CHECK: %[[B:.*]] = arith.muli %[[S4]], %[[K]]
// CHECK: %[[C:.*]] = arith.addi %[[A]], %[[B]]
// CHECK-NOT: divsi
// CHECK: return %[[C]]
func.func @divide(%n: index, %s: index, %i: index, %k: index) -> index {
  %l = fly.layout %n, %s : !fly.layout<?:?>
  %t = fly.static : !fly.layout<4:1>
  %d = fly.zipped_divide(%l, %t) : (!fly.layout<?:?>, !fly.layout<4:1>)
       -> !fly.layout<(4,?):(?,?{div=4})>
  %c = fly.make_coord(%i, %k) : (index, index) -> !fly.int_tuple<(?,?)>
  %o = fly.crd2idx(%c, %d) : (!fly.int_tuple<(?,?)>, !fly.layout<(4,?):(?,?{div=4})>)
       -> !fly.int_tuple<?>
  %r = fly.get_scalar(%o) : (!fly.int_tuple<?>) -> index
  return %r : index
}

// A static query folds; a dynamic one is computed from the leaves.
// CHECK-LABEL: func.func @queries
// CHECK-SAME: (%[[M:.*]]: index, %[[S:.*]]: index)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[SIZE:.*]] = arith.muli %[[M]], %[[C8]]
// CHECK: return %[[SIZE]], %[[C2]]
func.func @queries(%m: index, %s: index) -> (index, index) {
  %l = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>
  %n = fly.size(%l) : (!fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<?{div=8}>
  %ns = fly.get_scalar(%n) : (!fly.int_tuple<?{div=8}>) -> index
  %r = fly.rank(%l) : (!fly.layout<(?,8):(?,1)>) -> index
  return %ns, %r : index, index
}
