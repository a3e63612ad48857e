// RUN: fly-opt %s --fly-canonicalize --canonicalize | FileCheck %s
// With static layouts the algebra is all in the types: fly-canonicalize leaves FlyDSL's
// canonical values, fly.make_int_tuple() and fly.make_layout of two of them, and the scalars
// fold to constants.

// CHECK-LABEL: func.func @folded
// CHECK-DAG: %[[S:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<((8,2),(1,8))>
// CHECK-DAG: %[[D:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<((16,1),(0,2))>
// CHECK-DAG: %[[L:.*]] = fly.make_layout(%[[S]], %[[D]])
// CHECK-DAG: %[[T:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<(6,10)>
// CHECK-DAG: %[[C:.*]] = arith.constant 128 : index
// CHECK-NOT: fly.raked_product
// CHECK-NOT: fly.coalesce
// CHECK-NOT: fly.int_tuple_add
// CHECK-NOT: fly.static
// CHECK: return %[[L]], %[[C]], %[[T]]
func.func @folded() -> (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>, index, !fly.int_tuple<(6,10)>) {
  %a = fly.static : !fly.layout<(2,8):(1,2)>
  %t = fly.static : !fly.layout<(8):(1)>
  %r = fly.raked_product(%a, %t) : (!fly.layout<(2,8):(1,2)>, !fly.layout<(8):(1)>)
       -> !fly.layout<((8,2),(1,8)):((16,1),(0,2))>
  %c = fly.coalesce(%r) : (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>) -> !fly.layout<(8,16):(16,1)>
  %n = fly.cosize(%c) : (!fly.layout<(8,16):(16,1)>) -> !fly.int_tuple<128>
  %s = fly.get_scalar(%n) : (!fly.int_tuple<128>) -> index
  %x = fly.make_int_tuple() : () -> !fly.int_tuple<(4,8)>
  %y = fly.static : !fly.int_tuple<(2,2)>
  %sum = fly.int_tuple_add(%x, %y) : (!fly.int_tuple<(4,8)>, !fly.int_tuple<(2,2)>) -> !fly.int_tuple<(6,10)>
  return %r, %s, %sum : !fly.layout<((8,2),(1,8)):((16,1),(0,2))>, index, !fly.int_tuple<(6,10)>
}
