// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm --canonicalize --cse | FileCheck %s
// Modes regrouped and grown (fly.group, fly.append, fly.prepend), what a layout's offsets span
// (fly.coshape, fly.coprofile), products down to a profile (fly.int_tuple_product_like) and
// the layout of registers that hold a thread's part of a tensor (fly.make_fragment_layout_like):
// result types from src/layout, dynamic leaves carried into the result and computed by
// fly-layout-lowering.

// ROUND-LABEL: func.func @group_keeps_a_dynamic_leaf
// ROUND: fly.group(%{{.*}}) {begin = 1 : i32, end = 3 : i32} : (!fly.int_tuple<(2,?,4,5)>) -> !fly.int_tuple<(2,(?,4),5)>
// CHECK-LABEL: func.func @group_keeps_a_dynamic_leaf
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: return %[[N]]
func.func @group_keeps_a_dynamic_leaf(%n: i32) -> i32 {
  %t = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(2,?,4,5)>
  %g = fly.group(%t) {begin = 1 : i32, end = 3 : i32} : (!fly.int_tuple<(2,?,4,5)>) -> !fly.int_tuple<(2,(?,4),5)>
  %m = fly.get(%g) {mode = array<i32: 1, 0>} : (!fly.int_tuple<(2,(?,4),5)>) -> !fly.int_tuple<?>
  %s = fly.get_scalar(%m) : (!fly.int_tuple<?>) -> i32
  return %s : i32
}

// ROUND-LABEL: func.func @group_to_the_end
// ROUND: -> !fly.layout<(2,(3,4)):(1,(2,6))>
func.func @group_to_the_end() -> !fly.layout<(2,(3,4)):(1,(2,6))> {
  %l = fly.static : !fly.layout<(2,3,4):(1,2,6)>
  %g = fly.group(%l) {begin = 1 : i32, end = -1 : i32} : (!fly.layout<(2,3,4):(1,2,6)>) -> !fly.layout<(2,(3,4)):(1,(2,6))>
  return %g : !fly.layout<(2,(3,4)):(1,(2,6))>
}

// ROUND-LABEL: func.func @grow
// ROUND: fly.append<3> (%{{.*}}, %{{.*}}) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<1>) -> !fly.int_tuple<(2,3,1)>
// ROUND: fly.append (%{{.*}}, %{{.*}}) : (!fly.int_tuple<2>, !fly.int_tuple<1>) -> !fly.int_tuple<(2,1)>
// ROUND: fly.prepend<4> (%{{.*}}, %{{.*}}) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<1>) -> !fly.int_tuple<(1,1,2,3)>
// ROUND: fly.append (%{{.*}}, %{{.*}}) : (!fly.layout<(4,8):(1,4)>, !fly.layout<2:32>) -> !fly.layout<(4,8,2):(1,4,32)>
func.func @grow() -> (!fly.int_tuple<(2,3,1)>, !fly.int_tuple<(2,1)>, !fly.int_tuple<(1,1,2,3)>, !fly.layout<(4,8,2):(1,4,32)>) {
  %t = fly.static : !fly.int_tuple<(2,3)>
  %leaf = fly.static : !fly.int_tuple<2>
  %one = fly.static : !fly.int_tuple<1>
  %a = fly.append<3>(%t, %one) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<1>) -> !fly.int_tuple<(2,3,1)>
  %b = fly.append(%leaf, %one) : (!fly.int_tuple<2>, !fly.int_tuple<1>) -> !fly.int_tuple<(2,1)>
  %c = fly.prepend<4>(%t, %one) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<1>) -> !fly.int_tuple<(1,1,2,3)>
  %l = fly.static : !fly.layout<(4,8):(1,4)>
  %m = fly.static : !fly.layout<2:32>
  %d = fly.append(%l, %m) : (!fly.layout<(4,8):(1,4)>, !fly.layout<2:32>) -> !fly.layout<(4,8,2):(1,4,32)>
  return %a, %b, %c, %d : !fly.int_tuple<(2,3,1)>, !fly.int_tuple<(2,1)>, !fly.int_tuple<(1,1,2,3)>, !fly.layout<(4,8,2):(1,4,32)>
}

// The largest offset plus one: 3*1 + 7*8 + 1 of (4,8):(1,8); per basis mode of an identity
// layout, the shape it covers; the profile: one 0 per mode of the codomain.
// ROUND-LABEL: func.func @codomain
// ROUND: fly.coshape(%{{.*}}) : (!fly.layout<(4,8):(1,8)>) -> !fly.int_tuple<60>
// ROUND: fly.coshape(%{{.*}}) : (!fly.layout<(4,8):(1E0,1E1)>) -> !fly.int_tuple<(4,8)>
// ROUND: fly.coprofile(%{{.*}}) : (!fly.layout<(4,8):(1,8)>) -> !fly.int_tuple<0>
// ROUND: fly.coprofile(%{{.*}}) : (!fly.layout<(4,8):(1E0,1E1)>) -> !fly.int_tuple<(0,0)>
func.func @codomain() -> (!fly.int_tuple<60>, !fly.int_tuple<(4,8)>, !fly.int_tuple<0>, !fly.int_tuple<(0,0)>) {
  %l = fly.static : !fly.layout<(4,8):(1,8)>
  %s = fly.static : !fly.int_tuple<(4,8)>
  %i = fly.make_identity_layout(%s) : (!fly.int_tuple<(4,8)>) -> !fly.layout<(4,8):(1E0,1E1)>
  %a = fly.coshape(%l) : (!fly.layout<(4,8):(1,8)>) -> !fly.int_tuple<60>
  %b = fly.coshape(%i) : (!fly.layout<(4,8):(1E0,1E1)>) -> !fly.int_tuple<(4,8)>
  %c = fly.coprofile(%l) : (!fly.layout<(4,8):(1,8)>) -> !fly.int_tuple<0>
  %d = fly.coprofile(%i) : (!fly.layout<(4,8):(1E0,1E1)>) -> !fly.int_tuple<(0,0)>
  return %a, %b, %c, %d : !fly.int_tuple<60>, !fly.int_tuple<(4,8)>, !fly.int_tuple<0>, !fly.int_tuple<(0,0)>
}

// (m - 1) * 1 + 7 * s + 1 for (m,8):(1,s): the lowering multiplies and adds the leaves.
// CHECK-LABEL: func.func @coshape_of_dynamic_leaves
// CHECK-SAME: (%[[M:.*]]: i32, %[[S:.*]]: i32)
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: %[[MS:.*]] = arith.muli %[[S]], %[[C7]] : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[M]], %[[MS]] : i32
// CHECK: return %[[SUM]]
func.func @coshape_of_dynamic_leaves(%m: i32, %s: i32) -> i32 {
  %shape = fly.make_shape(%m) : (i32) -> !fly.int_tuple<(?,8)>
  %stride = fly.make_stride(%s) : (i32) -> !fly.int_tuple<(1,?)>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(1,?)>) -> !fly.layout<(?,8):(1,?)>
  %c = fly.coshape(%l) : (!fly.layout<(?,8):(1,?)>) -> !fly.int_tuple<?>
  %v = fly.get_scalar(%c) : (!fly.int_tuple<?>) -> i32
  return %v : i32
}

// ROUND-LABEL: func.func @products_like
// ROUND: fly.int_tuple_product_like(%{{.*}}, %{{.*}}) : (!fly.int_tuple<((2,3),(4,5))>, !fly.int_tuple<(1,1)>) -> !fly.int_tuple<(6,20)>
// ROUND: fly.int_tuple_product_like(%{{.*}}, %{{.*}}) : (!fly.int_tuple<((2,3),(4,5))>, !fly.int_tuple<((1,1),1)>) -> !fly.int_tuple<((2,3),20)>
// CHECK-LABEL: func.func @products_like
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: %[[P:.*]] = arith.muli %[[N]], %[[C2]] : i32
// CHECK: return %[[P]]
func.func @products_like(%n: i32) -> i32 {
  %t = fly.static : !fly.int_tuple<((2,3),(4,5))>
  %p = fly.static : !fly.int_tuple<(1,1)>
  %q = fly.static : !fly.int_tuple<((1,1),1)>
  %a = fly.int_tuple_product_like(%t, %p) : (!fly.int_tuple<((2,3),(4,5))>, !fly.int_tuple<(1,1)>) -> !fly.int_tuple<(6,20)>
  %b = fly.int_tuple_product_like(%t, %q) : (!fly.int_tuple<((2,3),(4,5))>, !fly.int_tuple<((1,1),1)>) -> !fly.int_tuple<((2,3),20)>
  %d = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<((2,?),5)>
  %one = fly.static : !fly.int_tuple<(1,1)>
  %c = fly.int_tuple_product_like(%d, %one) : (!fly.int_tuple<((2,?),5)>, !fly.int_tuple<(1,1)>) -> !fly.int_tuple<(?{div=2},5)>
  %m = fly.get(%c) {mode = array<i32: 0>} : (!fly.int_tuple<(?{div=2},5)>) -> !fly.int_tuple<?{div=2}>
  %v = fly.get_scalar(%m) : (!fly.int_tuple<?{div=2}>) -> i32
  return %v : i32
}

// The first mode compact, the others in their strides' order after it (a dynamic stride
// last); a broadcast part of the first mode stays broadcast.
// ROUND-LABEL: func.func @fragment_layouts
// ROUND: fly.make_fragment_layout_like(%{{.*}}) : (!fly.layout<((2,2),4):((1,16),64)>) -> !fly.layout<((2,2),4):((1,2),4)>
// ROUND: fly.make_fragment_layout_like(%{{.*}}) : (!fly.layout<((4,2),2):((1,0),128)>) -> !fly.layout<((4,2),2):((1,0),4)>
// ROUND: fly.make_fragment_layout_like(%{{.*}}) : (!fly.layout<(8,2):(?,1024)>) -> !fly.layout<(8,2):(1,8)>
// ROUND: fly.make_fragment_layout_like(%{{.*}}) : (!fly.layout<(4,2,3):(1,?,64)>) -> !fly.layout<(4,2,3):(1,12,4)>
func.func @fragment_layouts(%s: i32) {
  %a = fly.static : !fly.layout<((2,2),4):((1,16),64)>
  %b = fly.static : !fly.layout<((4,2),2):((1,0),128)>
  %fa = fly.make_fragment_layout_like(%a) : (!fly.layout<((2,2),4):((1,16),64)>) -> !fly.layout<((2,2),4):((1,2),4)>
  %fb = fly.make_fragment_layout_like(%b) : (!fly.layout<((4,2),2):((1,0),128)>) -> !fly.layout<((4,2),2):((1,0),4)>
  %shape = fly.static : !fly.int_tuple<(8,2)>
  %stride = fly.make_stride(%s) : (i32) -> !fly.int_tuple<(?,1024)>
  %c = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(8,2)>, !fly.int_tuple<(?,1024)>) -> !fly.layout<(8,2):(?,1024)>
  %fc = fly.make_fragment_layout_like(%c) : (!fly.layout<(8,2):(?,1024)>) -> !fly.layout<(8,2):(1,8)>
  %staged_shape = fly.static : !fly.int_tuple<(4,2,3)>
  %staged_stride = fly.make_stride(%s) : (i32) -> !fly.int_tuple<(1,?,64)>
  %d = fly.make_layout(%staged_shape, %staged_stride) : (!fly.int_tuple<(4,2,3)>, !fly.int_tuple<(1,?,64)>) -> !fly.layout<(4,2,3):(1,?,64)>
  %fd = fly.make_fragment_layout_like(%d) : (!fly.layout<(4,2,3):(1,?,64)>) -> !fly.layout<(4,2,3):(1,12,4)>
  return
}
