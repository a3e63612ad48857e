// RUN: fly-opt %s --canonicalize | FileCheck %s
// Sizes of static layouts are static int tuples: their scalars fold to constants, and the
// values they came from go.

// CHECK-LABEL: func.func @queries
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[C24I:.*]] = arith.constant 24 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT: fly.
// CHECK: return %[[C24]], %[[C24I]], %[[C2]], %[[C2]]
func.func @queries() -> (index, i32, index, index) {
  %l = fly.static : !fly.layout<(2,(3,4)):(12,(1,3))>
  %s = fly.size(%l) : (!fly.layout<(2,(3,4)):(12,(1,3))>) -> !fly.int_tuple<24>
  %c = fly.cosize(%l) : (!fly.layout<(2,(3,4)):(12,(1,3))>) -> !fly.int_tuple<24>
  %sn = fly.get_scalar(%s) : (!fly.int_tuple<24>) -> index
  %cn = fly.get_scalar(%c) : (!fly.int_tuple<24>) -> i32
  %r = fly.rank(%l) : (!fly.layout<(2,(3,4)):(12,(1,3))>) -> index
  %d = fly.depth(%l) : (!fly.layout<(2,(3,4)):(12,(1,3))>) -> index
  return %sn, %cn, %r, %d : index, i32, index, index
}

// Comparisons of static int tuples fold.
// CHECK-LABEL: func.func @compare
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %[[T]], %[[F]]
func.func @compare() -> (i1, i1) {
  %a = fly.static : !fly.int_tuple<(1,(2,3))>
  %b = fly.static : !fly.int_tuple<(2,(3,4))>
  %lt = fly.elem_less(%a, %b) : (!fly.int_tuple<(1,(2,3))>, !fly.int_tuple<(2,(3,4))>) -> i1
  %eq = fly.equal(%a, %b) : (!fly.int_tuple<(1,(2,3))>, !fly.int_tuple<(2,(3,4))>) -> i1
  return %lt, %eq : i1, i1
}
