// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering | FileCheck %s
// A coordinate tensor is an int tuple base read through a layout: its elements are computed,
// never loaded. fly-layout-lowering resolves them like the layouts they are made of.

// ROUND-LABEL: func.func @spelled
// ROUND-SAME: !fly.coord_tensor<(0,2), (4,8):(1E0,1E1)>
// ROUND-SAME: !fly.coord_tensor<?{i64}, 16:?>
func.func @spelled(%a: !fly.coord_tensor<(0, 2), (4, 8) : (1E0, 1E1)>,
                   %b: !fly.coord_tensor<?{i64}, 16 : ?>) {
  return
}

// The elements of a static tensor of integers fold into one constant vector, in index order
// (column-major): base 3, stride 0 down a column and 2 along a row.
// CHECK-LABEL: func.func @static_elements
// CHECK: %[[V:.*]] = arith.constant dense<[3, 3, 5, 5, 7, 7]> : vector<6xi32>
// CHECK-NOT: fly.
// CHECK: return %[[V]]
func.func @static_elements() -> vector<6xi32> {
  %base = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %l = fly.static : !fly.layout<(2,3):(0,2)>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<3>, !fly.layout<(2,3):(0,2)>)
       -> !fly.coord_tensor<3, (2,3):(0,2)>
  %v = fly.memref.load_vec(%t) : (!fly.coord_tensor<3, (2,3):(0,2)>) -> vector<6xi32>
  return %v : vector<6xi32>
}

// A run-time base and stride: the constant elements in one vector, each run-time one computed
// and inserted in index order; a 64-bit leaf makes the elements i64.
// CHECK-LABEL: func.func @runtime_elements
// CHECK-SAME: (%[[B:.*]]: i32, %[[S:.*]]: i64)
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<3xi64>
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i64
// CHECK: %[[B64:.*]] = arith.extsi %[[B]] : i32 to i64
// CHECK: %[[V0:.*]] = vector.insert %[[B64]], %[[Z]] [0]
// CHECK: %[[E1:.*]] = arith.addi %{{.*}}, %[[S]] : i64
// CHECK: %[[V1:.*]] = vector.insert %[[E1]], %[[V0]] [1]
// CHECK: %[[S2:.*]] = arith.muli %[[S]], %[[TWO]] : i64
// CHECK: %[[E2:.*]] = arith.addi %{{.*}}, %[[S2]] : i64
// CHECK: %[[V2:.*]] = vector.insert %[[E2]], %[[V1]] [2]
// CHECK: return %[[V2]]
func.func @runtime_elements(%b: i32, %s: i64) -> vector<3xi64> {
  %base = fly.make_int_tuple(%b) : (i32) -> !fly.int_tuple<?>
  %shape = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %stride = fly.make_int_tuple(%s) : (i64) -> !fly.int_tuple<?{i64}>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<3>, !fly.int_tuple<?{i64}>)
       -> !fly.layout<3:?{i64}>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<?>, !fly.layout<3:?{i64}>)
       -> !fly.coord_tensor<?, 3:?{i64}>
  %v = fly.memref.load_vec(%t) : (!fly.coord_tensor<?, 3:?{i64}>) -> vector<3xi64>
  return %v : vector<3xi64>
}

// The base and layout of a view are its operands.
// CHECK-LABEL: func.func @parts
// CHECK-SAME: (%[[B:.*]]: i32)
// CHECK-DAG: %[[N:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[T:.*]] = fly.make_int_tuple(%[[B]]) : (i32) -> !fly.int_tuple<?>
// CHECK: return %[[T]], %[[N]]
func.func @parts(%b: i32) -> (!fly.int_tuple<?>, i32) {
  %base = fly.make_int_tuple(%b) : (i32) -> !fly.int_tuple<?>
  %l = fly.static : !fly.layout<(2,4):(4,1)>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<?>, !fly.layout<(2,4):(4,1)>)
       -> !fly.coord_tensor<?, (2,4):(4,1)>
  %again = fly.get_iter(%t) : (!fly.coord_tensor<?, (2,4):(4,1)>) -> !fly.int_tuple<?>
  %layout = fly.get_layout(%t) : (!fly.coord_tensor<?, (2,4):(4,1)>) -> !fly.layout<(2,4):(4,1)>
  %n = fly.size(%layout) : (!fly.layout<(2,4):(4,1)>) -> !fly.int_tuple<8>
  %s = fly.get_scalar(%n) : (!fly.int_tuple<8>) -> i32
  return %again, %s : !fly.int_tuple<?>, i32
}

// Through basis strides a run-time coordinate gives a coordinate: mode 1 collects both terms
// (the scale 3 of 3E1 kept), mode 0 none.
// CHECK-LABEL: func.func @basis_strides
// CHECK-SAME: (%[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK: %[[J3:.*]] = arith.muli %[[J]], %[[THREE]] : i32
// CHECK: %[[X:.*]] = arith.addi %[[I]], %[[J3]] : i32
// CHECK: return %[[X]]
func.func @basis_strides(%i: i32, %j: i32) -> i32 {
  %l = fly.static : !fly.layout<(3,5):(1E1,3E1)>
  %c = fly.make_coord(%i, %j) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %x = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(3,5):(1E1,3E1)>)
       -> !fly.int_tuple<(0,?)>
  %m = fly.select(%x) {indices = array<i32: 1>} : (!fly.int_tuple<(0,?)>) -> !fly.int_tuple<?>
  %s = fly.get_scalar(%m) : (!fly.int_tuple<?>) -> i32
  return %s : i32
}

// One element is an int tuple, base + crd2idx(c, layout): an identity tensor's coordinate
// (4, 6) moved by the run-time coordinate (i, j), its first mode by i, its second by 2j (so
// it stays even); the static parts fold.
// ROUND-LABEL: func.func @one_element
// ROUND: fly.memref.load(%{{.*}}, %{{.*}}) : (!fly.coord_tensor<(4,6), (8,4):(1E0,2E1)>,
// ROUND-SAME: !fly.int_tuple<(?,?)>) -> !fly.int_tuple<(?,?{div=2})>
// CHECK-LABEL: func.func @one_element
// CHECK-SAME: (%[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[J2:.*]] = arith.muli %[[J]], %[[TWO]] : i32
// CHECK-DAG: %[[X:.*]] = arith.addi %[[I]], %[[FOUR]] : i32
// CHECK-DAG: %[[Y:.*]] = arith.addi %[[J2]], %[[SIX]] : i32
// CHECK: return %[[X]], %[[Y]]
func.func @one_element(%i: i32, %j: i32) -> (i32, i32) {
  %base = fly.make_int_tuple() : () -> !fly.int_tuple<(4,6)>
  %l = fly.static : !fly.layout<(8,4):(1E0,2E1)>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<(4,6)>, !fly.layout<(8,4):(1E0,2E1)>)
       -> !fly.coord_tensor<(4,6), (8,4):(1E0,2E1)>
  %c = fly.make_coord(%i, %j) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %e = fly.memref.load(%t, %c) : (!fly.coord_tensor<(4,6), (8,4):(1E0,2E1)>,
       !fly.int_tuple<(?,?)>) -> !fly.int_tuple<(?,?{div=2})>
  %x, %y = fly.get_leaves(%e) : (!fly.int_tuple<(?,?{div=2})>) -> (i32, i32)
  return %x, %y : i32, i32
}

// A counting tensor's element at a static coordinate is in its type.
// ROUND-LABEL: func.func @counted
// ROUND: -> !fly.int_tuple<23>
func.func @counted() -> !fly.int_tuple<23> {
  %base = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %l = fly.static : !fly.layout<(2,3):(10,5)>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<3>, !fly.layout<(2,3):(10,5)>)
       -> !fly.coord_tensor<3, (2,3):(10,5)>
  %c = fly.make_coord() : () -> !fly.int_tuple<(1,2)>
  %e = fly.memref.load(%t, %c) : (!fly.coord_tensor<3, (2,3):(10,5)>, !fly.int_tuple<(1,2)>)
       -> !fly.int_tuple<23>
  return %e : !fly.int_tuple<23>
}

// A slice of a coordinate tensor moves its base to the coordinate at the slice's origin: row i
// of a 4x8 identity tensor starts at (i, 0) and runs along 1E1; its element 3 is (i, 3).
// ROUND-LABEL: func.func @row_of_coordinates
// ROUND: fly.slice(%{{.*}}, %{{.*}}) : (!fly.coord_tensor<(0,0), (4,8):(1E0,1E1)>, !fly.int_tuple<(?,*)>) -> !fly.coord_tensor<(?,0), 8:1E1>
// CHECK-LABEL: func.func @row_of_coordinates
// CHECK-SAME: (%[[I:.*]]: i32)
// CHECK: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-NOT: fly.
// CHECK: return %[[I]], %[[THREE]]
func.func @row_of_coordinates(%i: i32) -> (i32, i32) {
  %base = fly.make_int_tuple() : () -> !fly.int_tuple<(0,0)>
  %l = fly.static : !fly.layout<(4,8):(1E0,1E1)>
  %t = fly.make_view(%base, %l) : (!fly.int_tuple<(0,0)>, !fly.layout<(4,8):(1E0,1E1)>)
       -> !fly.coord_tensor<(0,0), (4,8):(1E0,1E1)>
  %c = fly.make_int_tuple(%i) : (i32) -> !fly.int_tuple<(?,*)>
  %r = fly.slice(%t, %c) : (!fly.coord_tensor<(0,0), (4,8):(1E0,1E1)>, !fly.int_tuple<(?,*)>)
       -> !fly.coord_tensor<(?,0), 8:1E1>
  %k = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %e = fly.memref.load(%r, %k) : (!fly.coord_tensor<(?,0), 8:1E1>, !fly.int_tuple<3>)
       -> !fly.int_tuple<(?,3)>
  %x, %y = fly.get_leaves(%e) : (!fly.int_tuple<(?,3)>) -> (i32, i32)
  return %x, %y : i32, i32
}
