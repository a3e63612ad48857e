// RUN: fly-opt %s --split-input-file --fly-rewrite-func-signature | FileCheck %s
// fly-rewrite-func-signature, FlyDSL's calling convention for Fly values: a static int tuple
// or layout crosses a function boundary as nothing (its type says it all), a dynamic one as a
// packed struct of its i32 leaves (a layout: one struct for the shape's, one for the
// stride's, each only where there are any), a tensor as its pointer and its layout's struct.

// CHECK-LABEL: func.func @static_arguments
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[T:.*]] = fly.static : !fly.int_tuple<(2,(3,4))>
// CHECK: fly.size(%[[T]])
func.func @static_arguments(%t: !fly.int_tuple<(2,(3,4))>, %n: i32) -> i32 {
  %s = fly.size(%t) : (!fly.int_tuple<(2,(3,4))>) -> !fly.int_tuple<24>
  %v = fly.get_scalar(%s) : (!fly.int_tuple<24>) -> i32
  %r = arith.addi %v, %n : i32
  return %r : i32
}

// -----

// A row stride known at run time: only the stride has a struct, and the shape is rebuilt
// from the type.
// CHECK-LABEL: func.func @dynamic_stride
// CHECK-SAME: (%[[L:.*]]: !llvm.struct<packed (struct<packed (i32)>)>)
// CHECK-DAG: %[[S:.*]] = fly.make_int_tuple() : () -> !fly.int_tuple<(4,8)>
// CHECK-DAG: %[[D:.*]] = llvm.extractvalue %[[L]][0]
// CHECK: %[[LD:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: %[[ST:.*]] = fly.make_int_tuple(%[[LD]]) : (i32) -> !fly.int_tuple<(?,1)>
// CHECK: fly.make_layout(%[[S]], %[[ST]])
// CHECK: return %{{.*}} : !llvm.struct<packed (i32)>
func.func @dynamic_stride(%l: !fly.layout<(4,8):(?,1)>) -> !fly.int_tuple<(?,1)> {
  %d = fly.get_stride(%l) : (!fly.layout<(4,8):(?,1)>) -> !fly.int_tuple<(?,1)>
  return %d : !fly.int_tuple<(?,1)>
}

// -----

// A tensor with a dynamic extent is a pointer and a layout struct; a call passes both, taken
// from the tensor where it is made.
// CHECK-LABEL: func.func private @consume
// CHECK-SAME: (!fly.ptr<f16, shared>, !llvm.struct<packed (struct<packed (i32)>, struct<packed (i32)>)>)
func.func private @consume(!fly.memref<f16, shared, (16,?):(1,?)>)
// CHECK-LABEL: func.func @produce
// CHECK: %[[P:.*]] = fly.get_iter
// CHECK: fly.get_layout
// CHECK: fly.get_leaves
// CHECK: llvm.insertvalue
// CHECK: call @consume(%[[P]], %{{.*}}) : (!fly.ptr<f16, shared>, !llvm.struct<packed (struct<packed (i32)>, struct<packed (i32)>)>) -> ()
func.func @produce(%p: !fly.ptr<f16, shared>, %n: i32) {
  %shape = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(16,?)>
  %stride = fly.make_int_tuple(%n) : (i32) -> !fly.int_tuple<(1,?)>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(16,?)>, !fly.int_tuple<(1,?)>)
       -> !fly.layout<(16,?):(1,?)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, shared>, !fly.layout<(16,?):(1,?)>)
       -> !fly.memref<f16, shared, (16,?):(1,?)>
  func.call @consume(%t) : (!fly.memref<f16, shared, (16,?):(1,?)>) -> ()
  return
}

// -----

// A tensor chosen by a branch: the branch yields pointers, and the tensor is rebuilt after it.
// CHECK-LABEL: func.func @choose
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (!fly.ptr<f32, shared>)
// CHECK: %[[L:.*]] = fly.static : !fly.layout<4:1>
// CHECK: fly.make_view(%[[R]], %[[L]])
func.func @choose(%c: i1, %a: !fly.ptr<f32, shared>, %b: !fly.ptr<f32, shared>) -> !fly.ptr<f32, shared> {
  %l = fly.static : !fly.layout<4:1>
  %x = fly.make_view(%a, %l) : (!fly.ptr<f32, shared>, !fly.layout<4:1>) -> !fly.memref<f32, shared, 4:1>
  %y = fly.make_view(%b, %l) : (!fly.ptr<f32, shared>, !fly.layout<4:1>) -> !fly.memref<f32, shared, 4:1>
  %r = scf.if %c -> !fly.memref<f32, shared, 4:1> {
    scf.yield %x : !fly.memref<f32, shared, 4:1>
  } else {
    scf.yield %y : !fly.memref<f32, shared, 4:1>
  }
  %p = fly.get_iter(%r) : (!fly.memref<f32, shared, 4:1>) -> !fly.ptr<f32, shared>
  return %p : !fly.ptr<f32, shared>
}

// -----

// A 64-bit leaf (`?{i64}`) crosses as an i64 field beside the i32 one.
// CHECK-LABEL: func.func @wide_leaves
// CHECK-SAME: (%[[T:.*]]: !llvm.struct<packed (i64, i32)>) -> i64
// CHECK-DAG: %[[A:.*]] = llvm.extractvalue %[[T]][0] : !llvm.struct<packed (i64, i32)>
// CHECK-DAG: %[[B:.*]] = llvm.extractvalue %[[T]][1] : !llvm.struct<packed (i64, i32)>
// CHECK: fly.make_int_tuple(%[[A]], %[[B]]) : (i64, i32) -> !fly.int_tuple<(?{i64},?)>
func.func @wide_leaves(%t: !fly.int_tuple<(?{i64}, ?)>) -> i64 {
  %l:2 = fly.get_leaves(%t) : (!fly.int_tuple<(?{i64}, ?)>) -> (i64, i32)
  return %l#0 : i64
}
