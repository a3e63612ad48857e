// RUN: fly-opt %s --fly-layout-lowering --convert-fly-to-rocdl | FileCheck %s
// Pointers into an AMD buffer resource (FlyROCDL's #fly_rocdl.buffer_desc address space): the
// resource and an i32 element offset, which add_offset moves and the buffer instructions read
// as bytes, so a runtime offset and the constant tails after it stay separate adds.

// A function takes one as the pair, and a load goes to that offset times the element's bytes.
// CHECK-LABEL: func.func @load_at_offsets
// CHECK-SAME: (%[[P:.*]]: !llvm.struct<(ptr<8>, i32)>, %[[X:.*]]: i32)
// CHECK: %[[O:.*]] = llvm.extractvalue %[[P]][1]
// CHECK: %[[SUM:.*]] = arith.addi %[[O]], %[[X]] : i32
// CHECK: %[[Q:.*]] = llvm.insertvalue %[[SUM]], %[[P]][1]
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: %[[E:.*]] = llvm.extractvalue %[[Q]][1]
// CHECK: %[[BYTES:.*]] = arith.muli %[[E]], %[[FOUR]] : i32
// CHECK: %[[R:.*]] = llvm.extractvalue %[[Q]][0]
// CHECK: rocdl.raw.ptr.buffer.load %[[R]], %[[BYTES]], %{{.*}}, %{{.*}} : f32
func.func @load_at_offsets(%p: !fly.ptr<f32, #fly_rocdl.buffer_desc>, %x: i32) -> f32 {
  %d = fly.make_int_tuple(%x) : (i32) -> !fly.int_tuple<?>
  %q = fly.add_offset(%p, %d) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.int_tuple<?>) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %v = fly.ptr.load(%q) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>) -> f32
  return %v : f32
}

// make_ptr over a global pointer builds the resource (stride, records, flags as given) at
// offset 0; a swizzled buffer pointer swizzles the byte offset of each access.
// CHECK-LABEL: func.func @store_through_a_new_resource
// CHECK: %[[RSRC:.*]] = rocdl.make.buffer.rsrc %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <1> to <8>
// CHECK: llvm.insertvalue %[[RSRC]], %{{.*}}[0]
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[YYY:.*]] = arith.andi %[[BYTES]], %{{.*}} : i32
// CHECK: %[[MOVED:.*]] = arith.shrui %[[YYY]], %{{.*}} : i32
// CHECK: %[[SW:.*]] = arith.xori %[[BYTES]], %[[MOVED]] : i32
// CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %[[SW]], %{{.*}}, %{{.*}} : vector<4xf16>
func.func @store_through_a_new_resource(%g: !llvm.ptr<1>, %n: i64, %v: vector<4xf16>) {
  %base = fly.make_ptr(%g) : (!llvm.ptr<1>) -> !fly.ptr<f16, global>
  %stride = arith.constant 0 : i16
  %flags = arith.constant 159744 : i32
  %p = fly.make_ptr(%base, %stride, %n, %flags) : (!fly.ptr<f16, global>, i16, i64, i32) -> !fly.ptr<f16, #fly_rocdl.buffer_desc, align<8>, S<2,3,3>>
  %c = fly.make_int_tuple() : () -> !fly.int_tuple<64>
  %q = fly.add_offset(%p, %c) : (!fly.ptr<f16, #fly_rocdl.buffer_desc, align<8>, S<2,3,3>>, !fly.int_tuple<64>) -> !fly.ptr<f16, #fly_rocdl.buffer_desc, align<8>, S<2,3,3>>
  fly.ptr.store(%v, %q) : (vector<4xf16>, !fly.ptr<f16, #fly_rocdl.buffer_desc, align<8>, S<2,3,3>>) -> ()
  return
}
