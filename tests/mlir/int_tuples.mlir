// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm --canonicalize --cse | FileCheck %s
// Int tuples as values, in FlyDSL's spelling: shapes, strides and coordinates built from
// integers, layouts made of them, arithmetic leaf by leaf. Result types come from src/layout
// (a declared type that differed would not verify); fly-layout-lowering computes the dynamic
// leaves with arith.

// ROUND-LABEL: func.func @spelled
// ROUND: fly.make_shape(%{{.*}}) : (i32) -> !fly.int_tuple<(?,8)>
// ROUND: fly.make_layout(%{{.*}}, %{{.*}}) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(1,?{div=4})>) -> !fly.layout<(?,8):(1,?{div=4})>
// ROUND: fly.coalesce(%{{.*}}, %{{.*}}) : (!fly.layout<(2,(4,2)):(1,(2,8))>, !fly.int_tuple<(1,1)>) -> !fly.layout<(2,8):(1,2)>
// ROUND: fly.complement(%{{.*}}, %{{.*}}) : (!fly.layout<4:2>, !fly.int_tuple<16>) -> !fly.layout<(2,2):(1,8)>
func.func @spelled(%m: i32, %s: i32) {
  %shape = fly.make_shape(%m) : (i32) -> !fly.int_tuple<(?, 8)>
  %stride = fly.make_stride(%s) : (i32) -> !fly.int_tuple<(1, ?{div=4})>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(?, 8)>, !fly.int_tuple<(1, ?{div=4})>)
       -> !fly.layout<(?, 8) : (1, ?{div=4})>
  %a = fly.static : !fly.layout<(2,(4,2)):(1,(2,8))>
  %p = fly.static : !fly.int_tuple<(1,1)>
  %c = fly.coalesce(%a, %p) : (!fly.layout<(2,(4,2)):(1,(2,8))>, !fly.int_tuple<(1,1)>)
       -> !fly.layout<(2,8):(1,2)>
  %b = fly.static : !fly.layout<4:2>
  %n = fly.static : !fly.int_tuple<16>
  %k = fly.complement(%b, %n) : (!fly.layout<4:2>, !fly.int_tuple<16>) -> !fly.layout<(2,2):(1,8)>
  return
}

// Shape and stride come back out of the layout, and arithmetic on dynamic leaves is arith on
// them, in their own width (i32 here, as FlyDSL's leaves); a result asked for as index or
// i64 is cast at the end. Static leaves fold (x - 9 + 9, x * 8 where 8 is known).
// CHECK-LABEL: func.func @arithmetic
// CHECK-SAME: (%[[M:.*]]: i32, %[[LD:.*]]: i32)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[SIZE:.*]] = arith.muli %[[M]], %[[C8]] : i32
// CHECK-DAG: %[[SIZEI:.*]] = arith.index_cast %[[SIZE]] : i32 to index
// CHECK-DAG: %[[ROWS:.*]] = arith.muli %[[LD]], %[[M]] : i32
// CHECK-DAG: %[[R:.*]] = arith.extsi %[[ROWS]] : i32 to i64
// CHECK-DAG: %[[SUM:.*]] = arith.addi %[[M]], %[[LD]] : i32
// CHECK-DAG: %[[SUMI:.*]] = arith.index_cast %[[SUM]] : i32 to index
// CHECK: return %[[SIZEI]], %[[R]], %[[SUMI]]
// CHECK-NOT: fly.
func.func @arithmetic(%m: i32, %ld: i32) -> (index, i64, index) {
  %shape = fly.make_shape(%m) : (i32) -> !fly.int_tuple<(?,8)>
  %stride = fly.make_stride(%ld) : (i32) -> !fly.int_tuple<(?,1)>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(?,1)>)
       -> !fly.layout<(?,8):(?,1)>
  %n = fly.size(%l) : (!fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<?{div=8}>
  %size = fly.get_scalar(%n) : (!fly.int_tuple<?{div=8}>) -> index
  %row = fly.make_coord() : () -> !fly.int_tuple<(1,0)>
  %pick = fly.crd2idx(%row, %l) : (!fly.int_tuple<(1,0)>, !fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<?>
  %mt = fly.make_int_tuple(%m) : (i32) -> !fly.int_tuple<?>
  %rows = fly.int_tuple_mul(%pick, %mt) : (!fly.int_tuple<?>, !fly.int_tuple<?>) -> !fly.int_tuple<?>
  %r = fly.get_scalar(%rows) : (!fly.int_tuple<?>) -> i64
  %sh = fly.get_shape(%l) : (!fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<(?,8)>
  %st = fly.get_stride(%l) : (!fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<(?,1)>
  %sum = fly.int_tuple_add(%sh, %st) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(?,1)>) -> !fly.int_tuple<(?,9)>
  %nine = fly.static : !fly.int_tuple<(0,9)>
  %less = fly.int_tuple_sub(%sum, %nine) : (!fly.int_tuple<(?,9)>, !fly.int_tuple<(0,9)>) -> !fly.int_tuple<(?,0)>
  %back = fly.int_tuple_add(%less, %nine) : (!fly.int_tuple<(?,0)>, !fly.int_tuple<(0,9)>) -> !fly.int_tuple<(?,9)>
  %pl = fly.make_layout(%back, %st) : (!fly.int_tuple<(?,9)>, !fly.int_tuple<(?,1)>) -> !fly.layout<(?,9):(?,1)>
  %first = fly.make_coord() : () -> !fly.int_tuple<(0,1)>
  %one = fly.crd2idx(%first, %pl) : (!fly.int_tuple<(0,1)>, !fly.layout<(?,9):(?,1)>) -> !fly.int_tuple<1>
  %msh = fly.get_shape(%pl) : (!fly.layout<(?,9):(?,1)>) -> !fly.int_tuple<(?,9)>
  %each = fly.int_tuple_product_each(%msh) : (!fly.int_tuple<(?,9)>) -> !fly.int_tuple<(?,9)>
  %per = fly.shape_div(%each, %each) : (!fly.int_tuple<(?,9)>, !fly.int_tuple<(?,9)>) -> !fly.int_tuple<(?,1)>
  %mm = fly.make_int_tuple(%m, %ld) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %both = fly.int_tuple_product(%mm) : (!fly.int_tuple<(?,?)>) -> !fly.int_tuple<?>
  %ldt = fly.make_int_tuple(%ld) : (i32) -> !fly.int_tuple<?>
  %lead = fly.int_tuple_add(%mt, %ldt) : (!fly.int_tuple<?>, !fly.int_tuple<?>) -> !fly.int_tuple<?>
  %s = fly.get_scalar(%lead) : (!fly.int_tuple<?>) -> index
  return %size, %r, %s : index, i64, index
}

// FlyDSL's arithmetic keeps the extra modes of the longer tuple; equal and elem_less of
// dynamic leaves are one comparison per leaf pair, and where the structures alone decide
// (equal of different ranks) a constant.
// ROUND-LABEL: func.func @longer_and_compared
// ROUND: fly.int_tuple_add(%{{.*}}, %{{.*}}) : (!fly.int_tuple<(?,8,3)>, !fly.int_tuple<(1,2)>) -> !fly.int_tuple<(?,10,3)>
// CHECK-LABEL: func.func @longer_and_compared
// CHECK-SAME: (%[[M:.*]]: i32, %[[N:.*]]: i32)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[SUM:.*]] = arith.addi %[[M]], %[[ONE]] : i32
// CHECK-DAG: %[[E1:.*]] = arith.cmpi eq, %[[M]], %[[N]] : i32
// CHECK-DAG: %[[E2:.*]] = arith.cmpi eq, %[[N]], %[[M]] : i32
// CHECK-DAG: %[[EQ:.*]] = arith.andi %[[E1]], %[[E2]] : i1
// CHECK-DAG: %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: return %[[SUM]], %[[EQ]], %[[LT]], %[[FALSE]]
func.func @longer_and_compared(%m: i32, %n: i32) -> (i32, i1, i1, i1) {
  %a = fly.make_int_tuple(%m) : (i32) -> !fly.int_tuple<(?,8,3)>
  %b = fly.static : !fly.int_tuple<(1,2)>
  %sum = fly.int_tuple_add(%a, %b) : (!fly.int_tuple<(?,8,3)>, !fly.int_tuple<(1,2)>) -> !fly.int_tuple<(?,10,3)>
  %first = fly.get_leaves(%sum) {dynamicOnly = true} : (!fly.int_tuple<(?,10,3)>) -> i32
  %x = fly.make_int_tuple(%m, %n) : (i32, i32) -> !fly.int_tuple<(?,(?,4))>
  %y = fly.make_int_tuple(%n, %m) : (i32, i32) -> !fly.int_tuple<(?,(?,4))>
  %eq = fly.equal(%x, %y) : (!fly.int_tuple<(?,(?,4))>, !fly.int_tuple<(?,(?,4))>) -> i1
  %mt = fly.make_int_tuple(%m) : (i32) -> !fly.int_tuple<?>
  %nt = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(?,7)>
  %lt = fly.elem_less(%mt, %nt) : (!fly.int_tuple<?>, !fly.int_tuple<(?,7)>) -> i1
  %z = fly.make_int_tuple(%m) : (i32) -> !fly.int_tuple<(?,1)>
  %ne = fly.equal(%mt, %z) : (!fly.int_tuple<?>, !fly.int_tuple<(?,1)>) -> i1
  return %first, %eq, %lt, %ne : i32, i1, i1, i1
}

// FlyDSL's 64-bit leaves print as they are written, with or without a divisibility.
// ROUND-LABEL: func.func @wide
// ROUND: fly.make_int_tuple(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i32, i64) -> !fly.int_tuple<(?{i64},?{div=8},?{i64 div=16})>
func.func @wide(%a: i64, %b: i32) {
  %t = fly.make_int_tuple(%a, %b, %a) : (i64, i32, i64) -> !fly.int_tuple<(?{i64}, ?{i32 div=8}, ?{i64 div=16})>
  return
}
