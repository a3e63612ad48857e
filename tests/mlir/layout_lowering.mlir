// RUN: fly-opt %s --split-input-file --fly-layout-lowering | FileCheck %s
// RUN: fly-opt %s --split-input-file '--fly-layout-lowering=no-wrap=true' | FileCheck %s --check-prefix=WIDE
// fly-layout-lowering alone, as FlyDSL defines it: int tuples and layouts are computed (arith for
// their run-time leaves), and what other ops still need of them comes back as construction ops
// of the computed values. Pointers, tensors and their loads stay Fly ops for fly-lower-to-llvm.

// A returned shape is the construction of its value; the layout it came from goes.
// CHECK-LABEL: func.func @returned_shape
// CHECK-NOT: fly.get_shape
// CHECK: %[[S:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<(6,2)>
// CHECK-NEXT: return %[[S]]
func.func @returned_shape() -> !fly.int_tuple<(6, 2)> {
  %s = fly.make_int_tuple() : () -> !fly.int_tuple<(6, 2)>
  %d = fly.make_int_tuple() : () -> !fly.int_tuple<(2, 1)>
  %l = fly.make_layout(%s, %d) : (!fly.int_tuple<(6, 2)>, !fly.int_tuple<(2, 1)>) -> !fly.layout<(6, 2) : (2, 1)>
  %r = fly.get_shape(%l) : (!fly.layout<(6, 2) : (2, 1)>) -> !fly.int_tuple<(6, 2)>
  return %r : !fly.int_tuple<(6, 2)>
}

// -----

// A returned product: fly.make_layout of the two computed tuples.
// CHECK-LABEL: func.func @returned_product
// CHECK-NOT: fly.blocked_product
// CHECK-DAG: %[[S:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<((2,3),(2,2))>
// CHECK-DAG: %[[D:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<((1,4),(2,12))>
// CHECK: %[[L:.*]] = fly.make_layout(%[[S]], %[[D]])
// CHECK: return %[[L]]
func.func @returned_product() -> !fly.layout<((2,3),(2,2)):((1,4),(2,12))> {
  %a = fly.static : !fly.layout<(2,3):(1,4)>
  %b = fly.static : !fly.layout<(2,2):(1,2)>
  %p = fly.logical_product(%a, %b) : (!fly.layout<(2,3):(1,4)>, !fly.layout<(2,2):(1,2)>)
       -> !fly.layout<((2,3),(2,2)):((1,4),(2,12))>
  return %p : !fly.layout<((2,3),(2,2)):((1,4),(2,12))>
}

// -----

// A run-time index: the arith of crd2idx, then one fly.make_int_tuple of it.
// CHECK-LABEL: func.func @runtime_index
// CHECK-SAME: (%[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK: %[[C5:.*]] = arith.constant 5 : i32
// CHECK: %[[JS:.*]] = arith.muli %[[J]], %[[C5]] : i32
// CHECK: %[[X:.*]] = arith.addi %[[I]], %[[JS]] : i32
// CHECK: %[[T:.*]] = fly.make_int_tuple(%[[X]]) : (i32) -> !fly.int_tuple<?>
// CHECK: return %[[T]]
func.func @runtime_index(%i: i32, %j: i32) -> !fly.int_tuple<?> {
  %l = fly.static : !fly.layout<(5,3):(1,5)>
  %c = fly.make_coord(%i, %j) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %x = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(5,3):(1,5)>) -> !fly.int_tuple<?>
  return %x : !fly.int_tuple<?>
}

// -----

// One leaf inside tuples of one mode is a scalar; basis elements compare by value and mode.
// CHECK-LABEL: func.func @scalars_and_bases
// CHECK-SAME: (%[[V:.*]]: i32)
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: return %[[C7]], %[[V]], %[[T]], %[[F]], %[[F]]
func.func @scalars_and_bases(%v: i32) -> (i32, i32, i1, i1, i1) {
  %a = fly.make_int_tuple() : () -> !fly.int_tuple<(((7)))>
  %x = fly.get_scalar(%a) : (!fly.int_tuple<(((7)))>) -> i32
  %b = fly.make_int_tuple(%v) : (i32) -> !fly.int_tuple<((?))>
  %y = fly.get_scalar(%b) : (!fly.int_tuple<((?))>) -> i32
  %e0 = fly.make_int_tuple() : () -> !fly.int_tuple<(1E0, 2E1)>
  %e1 = fly.make_int_tuple() : () -> !fly.int_tuple<(1E0, 2E0)>
  %n = fly.make_int_tuple() : () -> !fly.int_tuple<(1, 2E1)>
  %same = fly.equal(%e0, %e0) : (!fly.int_tuple<(1E0, 2E1)>, !fly.int_tuple<(1E0, 2E1)>) -> i1
  %mode = fly.equal(%e0, %e1) : (!fly.int_tuple<(1E0, 2E1)>, !fly.int_tuple<(1E0, 2E0)>) -> i1
  %int = fly.equal(%n, %e0) : (!fly.int_tuple<(1, 2E1)>, !fly.int_tuple<(1E0, 2E1)>) -> i1
  return %x, %y, %same, %mode, %int : i32, i32, i1, i1, i1
}

// -----

// A view's pointer and layout are its operands; the view and the load through it stay.
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[P:.*]]: !fly.ptr<f32, global>, %[[N:.*]]: i32)
// CHECK: %[[S:.*]] = fly.make_shape(%[[N]]) : (i32) -> !fly.int_tuple<(4,?)>
// CHECK: %[[L:.*]] = fly.make_layout(%[[S]], %{{.*}})
// CHECK: %[[V:.*]] = fly.make_view(%[[P]], %[[L]])
// CHECK: fly.memref.load(%[[V]], %{{.*}})
// CHECK-NOT: fly.get_iter
// CHECK-NOT: fly.get_layout
// CHECK: return %[[P]], %[[L]], %{{.*}} : !fly.ptr<f32, global>, !fly.layout<(4,?):(1,4)>, f32
func.func @views(%p: !fly.ptr<f32, global>, %n: i32)
    -> (!fly.ptr<f32, global>, !fly.layout<(4,?):(1,4)>, f32) {
  %s = fly.make_shape(%n) : (i32) -> !fly.int_tuple<(4, ?)>
  %d = fly.make_stride() : () -> !fly.int_tuple<(1, 4)>
  %l = fly.make_layout(%s, %d) : (!fly.int_tuple<(4, ?)>, !fly.int_tuple<(1, 4)>) -> !fly.layout<(4,?):(1,4)>
  %v = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(4,?):(1,4)>) -> !fly.memref<f32, global, (4,?):(1,4)>
  %it = fly.get_iter(%v) : (!fly.memref<f32, global, (4,?):(1,4)>) -> !fly.ptr<f32, global>
  %lay = fly.get_layout(%v) : (!fly.memref<f32, global, (4,?):(1,4)>) -> !fly.layout<(4,?):(1,4)>
  %c = fly.make_coord() : () -> !fly.int_tuple<(1, 2)>
  %x = fly.memref.load(%v, %c) : (!fly.memref<f32, global, (4,?):(1,4)>, !fly.int_tuple<(1, 2)>) -> f32
  return %it, %lay, %x : !fly.ptr<f32, global>, !fly.layout<(4,?):(1,4)>, f32
}

// -----

// Offsets chained on a pointer: constants fold, run-time offsets add, and a constant ahead of a
// run-time offset moves behind it, so accesses at constant distances share one run-time base.
// CHECK-LABEL: func.func @offsets
// CHECK-SAME: (%[[P:.*]]: !fly.ptr<f16, shared>, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[XY:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK: %[[T:.*]] = fly.make_int_tuple(%[[XY]]) : (i32) -> !fly.int_tuple<?>
// CHECK: %[[BASE:.*]] = fly.add_offset(%[[P]], %[[T]])
// CHECK: %[[C:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<40>
// CHECK: %[[END:.*]] = fly.add_offset(%[[BASE]], %[[C]])
// CHECK-NOT: fly.add_offset
// CHECK: fly.ptr.load(%[[END]])
func.func @offsets(%p: !fly.ptr<f16, shared>, %x: i32, %y: i32) -> f16 {
  %c8 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
  %c32 = fly.make_int_tuple() : () -> !fly.int_tuple<32>
  %dx = fly.make_int_tuple(%x) : (i32) -> !fly.int_tuple<?>
  %dy = fly.make_int_tuple(%y) : (i32) -> !fly.int_tuple<?>
  %p1 = fly.add_offset(%p, %c8) : (!fly.ptr<f16, shared>, !fly.int_tuple<8>) -> !fly.ptr<f16, shared>
  %p2 = fly.add_offset(%p1, %dx) : (!fly.ptr<f16, shared>, !fly.int_tuple<?>) -> !fly.ptr<f16, shared>
  %p3 = fly.add_offset(%p2, %dy) : (!fly.ptr<f16, shared>, !fly.int_tuple<?>) -> !fly.ptr<f16, shared>
  %p4 = fly.add_offset(%p3, %c32) : (!fly.ptr<f16, shared>, !fly.int_tuple<32>) -> !fly.ptr<f16, shared>
  %v = fly.ptr.load(%p4) : (!fly.ptr<f16, shared>) -> f16
  return %v : f16
}

// -----

// A constant offset whose pointer is also loaded is not moved (moving it would keep both).
// CHECK-LABEL: func.func @shared_step
// CHECK: %[[P1:.*]] = fly.add_offset(%{{.*}}, %{{.*}}) : (!fly.ptr<f32, global>, !fly.int_tuple<16>)
// CHECK: %[[P2:.*]] = fly.add_offset(%[[P1]], %{{.*}}) : (!fly.ptr<f32, global>, !fly.int_tuple<?>)
// CHECK: fly.ptr.load(%[[P1]])
// CHECK: fly.ptr.load(%[[P2]])
func.func @shared_step(%p: !fly.ptr<f32, global>, %x: i32) -> (f32, f32) {
  %c = fly.make_int_tuple() : () -> !fly.int_tuple<16>
  %d = fly.make_int_tuple(%x) : (i32) -> !fly.int_tuple<?>
  %p1 = fly.add_offset(%p, %c) : (!fly.ptr<f32, global>, !fly.int_tuple<16>) -> !fly.ptr<f32, global>
  %p2 = fly.add_offset(%p1, %d) : (!fly.ptr<f32, global>, !fly.int_tuple<?>) -> !fly.ptr<f32, global>
  %a = fly.ptr.load(%p1) : (!fly.ptr<f32, global>) -> f32
  %b = fly.ptr.load(%p2) : (!fly.ptr<f32, global>) -> f32
  return %a, %b : f32, f32
}

// -----

// With no-wrap, a leaf that may pass 2^31 has no i32 spelling: the value stays as it was, to be
// computed by fly-lower-to-llvm in i64. Without no-wrap, FlyDSL's i32 leaf is built.
// CHECK-LABEL: func.func @wide_leaf
// CHECK: fly.make_int_tuple(%{{.*}}) : (i32) -> !fly.int_tuple<?>
// CHECK-NOT: fly.crd2idx
// WIDE-LABEL: func.func @wide_leaf
// WIDE: fly.crd2idx
func.func @wide_leaf(%i: i32) -> !fly.int_tuple<?> {
  %l = fly.static : !fly.layout<(65536,65536):(1,65536)>
  %c = fly.make_coord(%i, %i) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %x = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(65536,65536):(1,65536)>) -> !fly.int_tuple<?>
  return %x : !fly.int_tuple<?>
}

// -----

// FlyDSL's 64-bit leaves: `?{i64}` takes an i64, combines with an i32 leaf in i64, and is built
// again with an i64 operand.
// CHECK-LABEL: func.func @wide_leaves
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i64)
// CHECK: %[[XW:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[S:.*]] = arith.addi %[[XW]], %[[Y]] : i64
// CHECK: %[[T:.*]] = fly.make_int_tuple(%[[S]]) : (i64) -> !fly.int_tuple<?{i64 div=2}>
// CHECK: return %[[T]], %[[X]], %[[Y]]
func.func @wide_leaves(%x: i32, %y: i64) -> (!fly.int_tuple<?{i64 div=2}>, i32, i64) {
  %t = fly.make_int_tuple(%x, %y) : (i32, i64) -> !fly.int_tuple<(4, ?{div=2}, ?{i64 div=4})>
  %l = fly.static : !fly.layout<(3,5,7):(0,1,1)>
  %i = fly.crd2idx(%t, %l) : (!fly.int_tuple<(4, ?{div=2}, ?{i64 div=4})>, !fly.layout<(3,5,7):(0,1,1)>) -> !fly.int_tuple<?{i64 div=2}>
  %leaves:2 = fly.get_leaves(%t) {dynamicOnly = true} : (!fly.int_tuple<(4, ?{div=2}, ?{i64 div=4})>) -> (i32, i64)
  return %i, %leaves#0, %leaves#1 : !fly.int_tuple<?{i64 div=2}>, i32, i64
}

// -----

// Register tensors become a pointer to their registers (allocSize: the layout's cosize) viewed
// through their layout, the form fly-promote-regmem-to-vectorssa and the LLVM lowering take; a
// fragment's layout, which only its type holds, is built as construction ops.
// CHECK-LABEL: func.func @register_tensors
// CHECK: %[[L:.*]] = fly.static : !fly.layout<(2,4):(1,4)>
// CHECK: %[[P:.*]] = fly.make_ptr() {dictAttrs = {allocSize = 14 : i64}} : () -> !fly.ptr<f32, register>
// CHECK: %[[T:.*]] = fly.make_view(%[[P]], %[[L]])
// CHECK: %[[FL:.*]] = fly.make_layout({{.*}}) : (!fly.int_tuple<(4,1,1,2)>, !fly.int_tuple<(1,0,0,4)>) -> !fly.layout<(4,1,1,2):(1,0,0,4)>
// CHECK: %[[FP:.*]] = fly.make_ptr() {dictAttrs = {allocSize = 8 : i64}} : () -> !fly.ptr<f16, register>
// CHECK: %[[F:.*]] = fly.make_view(%[[FP]], %[[FL]])
// CHECK-NOT: fly.memref.alloca
// CHECK-NOT: fly.mma.make_fragment
// CHECK: return %[[T]], %[[F]]
func.func @register_tensors(
    %mma: !fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>,
    %p: !fly.ptr<f16, shared>)
    -> (!fly.memref<f32, register, (2,4):(1,4)>, !fly.memref<f16, register, (4,1,1,2):(1,0,0,4)>) {
  %l = fly.static : !fly.layout<(2,4):(1,4)>
  %t = fly.memref.alloca(%l) : (!fly.layout<(2,4):(1,4)>) -> !fly.memref<f32, register, (2,4):(1,4)>
  %sl = fly.static : !fly.layout<(16,16):(1,16)>
  %s = fly.make_view(%p, %sl) : (!fly.ptr<f16, shared>, !fly.layout<(16,16):(1,16)>) -> !fly.memref<f16, shared, (16,16):(1,16)>
  %f = fly.mma.make_fragment(b, %mma, %s, stages = 2)
       : (!fly.tiled_mma<!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, <(1,1,1):(0,1,2)>>, !fly.memref<f16, shared, (16,16):(1,16)>)
       -> !fly.memref<f16, register, (4,1,1,2):(1,0,0,4)>
  return %t, %f : !fly.memref<f32, register, (2,4):(1,4)>, !fly.memref<f16, register, (4,1,1,2):(1,0,0,4)>
}

// -----

// A view through a composed layout comes apart: 3 * (2 + 4 * (1 + 0)) = 18 moves the pointer,
// and the tensor is read through the layout at the end of the chain. Composing the same
// function inside the outer one gives the same view.
// CHECK-LABEL: func.func @decomposed_view
// CHECK-NOT: fly.decomposition
// CHECK: %[[OFF:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<18>
// CHECK: %[[P:.*]] = fly.add_offset(%{{.*}}, %[[OFF]]) : (!fly.ptr<f16, shared, align<16>>, !fly.int_tuple<18>) -> !fly.ptr<f16, shared, align<4>>
// CHECK: fly.make_view(%[[P]], %{{.*}}) : (!fly.ptr<f16, shared, align<4>>, !fly.layout<(2,3):(3,1)>) -> !fly.memref<f16, shared, (2,3):(3,1), align<4>>
func.func @decomposed_view(%p: !fly.ptr<f16, shared, align<16>>)
    -> !fly.memref<f16, shared, (2,3):(3,1), align<4>> {
  %inner = fly.static : !fly.layout<64:3>
  %mid = fly.static : !fly.layout<64:4>
  %outer = fly.static : !fly.layout<(2,3):(3,1)>
  %two = fly.static : !fly.int_tuple<2>
  %one = fly.static : !fly.int_tuple<1>
  %c1 = fly.make_composed_layout(%mid, %one, %outer)
      : (!fly.layout<64:4>, !fly.int_tuple<1>, !fly.layout<(2,3):(3,1)>)
      -> !fly.composed_layout<64:4 o 1 o (2,3):(3,1)>
  %c2 = fly.make_composed_layout(%inner, %two, %c1)
      : (!fly.layout<64:3>, !fly.int_tuple<2>, !fly.composed_layout<64:4 o 1 o (2,3):(3,1)>)
      -> !fly.composed_layout<64:3 o 2 o [64:4 o 1 o (2,3):(3,1)]>
  %v = fly.make_view(%p, %c2)
      : (!fly.ptr<f16, shared, align<16>>, !fly.composed_layout<64:3 o 2 o [64:4 o 1 o (2,3):(3,1)]>)
      -> !fly.memref<f16, shared, 64:3 o 2 o [64:4 o 1 o (2,3):(3,1)], align<16>>
  %d = fly.decomposition(%v)
      : (!fly.memref<f16, shared, 64:3 o 2 o [64:4 o 1 o (2,3):(3,1)], align<16>>)
      -> !fly.memref<f16, shared, (2,3):(3,1), align<4>>
  return %d : !fly.memref<f16, shared, (2,3):(3,1), align<4>>
}

// -----

// A swizzle inside: S<1,1,1> sends offset 6 (0b110) to 6 ^ ((6 & 0b100) >> 1) = 4, where the
// pointer moves; a plain tensor is its own decomposition.
// CHECK-LABEL: func.func @decomposed_swizzle
// CHECK: fly.make_int_tuple() : () -> !fly.int_tuple<4>
// CHECK-NOT: fly.decomposition
func.func @decomposed_swizzle(%p: !fly.ptr<f32, global>, %t: !fly.memref<f32, global, 4:1>)
    -> (!fly.memref<f32, global, 4:2>, !fly.memref<f32, global, 4:1>) {
  %sw = fly.static : !fly.swizzle<S<1,1,1>>
  %off = fly.static : !fly.int_tuple<6>
  %l = fly.static : !fly.layout<4:2>
  %c = fly.make_composed_layout(%sw, %off, %l)
      : (!fly.swizzle<S<1,1,1>>, !fly.int_tuple<6>, !fly.layout<4:2>)
      -> !fly.composed_layout<S<1,1,1> o 6 o 4:2>
  %v = fly.make_view(%p, %c) : (!fly.ptr<f32, global>, !fly.composed_layout<S<1,1,1> o 6 o 4:2>)
      -> !fly.memref<f32, global, S<1,1,1> o 6 o 4:2>
  %d = fly.decomposition(%v) : (!fly.memref<f32, global, S<1,1,1> o 6 o 4:2>)
      -> !fly.memref<f32, global, 4:2>
  %same = fly.decomposition(%t) : (!fly.memref<f32, global, 4:1>) -> !fly.memref<f32, global, 4:1>
  return %d, %same : !fly.memref<f32, global, 4:2>, !fly.memref<f32, global, 4:1>
}
