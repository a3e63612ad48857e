// RUN: fly-opt %s --fly-canonicalize --canonicalize | FileCheck %s
// With static layouts the algebra is all in the types: fly-canonicalize leaves plain layout
// values, and the queries fold to constants.

// CHECK-LABEL: func.func @folded
// CHECK-DAG: %[[L:.*]] = fly.layout : <((8,2),(1,8)):((16,1),(0,2))>
// CHECK-DAG: %[[C:.*]] = arith.constant 128 : index
// CHECK-NOT: fly.raked_product
// CHECK-NOT: fly.coalesce
// CHECK: return %[[L]], %[[C]]
func.func @folded() -> (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>, index) {
  %a = fly.layout : !fly.layout<(2,8):(1,2)>
  %t = fly.layout : !fly.layout<(8):(1)>
  %r = fly.raked_product %a, %t : !fly.layout<(2,8):(1,2)>, !fly.layout<(8):(1)>
  %c = fly.coalesce %r : !fly.layout<((8,2),(1,8)):((16,1),(0,2))>
  %n = fly.cosize %c : !fly.layout<(8,16):(16,1)>
  return %r, %n : !fly.layout<((8,2),(1,8)):((16,1),(0,2))>, index
}
