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

// A buffer copy atom with state crosses a function boundary as FlyDSL's !llvm.struct<(i32)>; a
// predicated store of SSA values goes under scf.if, the values as i32 words, the soffset (in
// elements) times the element's bytes as the instruction's soffset, the cache policy as its aux.
// CHECK-LABEL: func.func @atom_argument_store
// CHECK-SAME: (%[[ATOM:.*]]: !llvm.struct<(i32)>, %[[P:.*]]: !llvm.struct<(ptr<8>, i32)>, %[[V:.*]]: vector<4xf16>, %[[C:.*]]: i1)
// CHECK: scf.if %[[C]] {
// CHECK: %[[S:.*]] = llvm.extractvalue %[[ATOM]][0] : !llvm.struct<(i32)>
// CHECK: %[[SB:.*]] = arith.muli %[[S]], %{{.*}} : i32
// CHECK: %[[AUX:.*]] = arith.constant 2 : i32
// CHECK: %[[W:.*]] = llvm.bitcast %[[V]] : vector<4xf16> to vector<2xi32>
// CHECK: rocdl.raw.ptr.buffer.store %[[W]], %{{.*}}, %{{.*}}, %[[SB]], %[[AUX]] : vector<2xi32>
!nt = !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64, cache = 2>, 16>
func.func @atom_argument_store(%atom: !nt, %p: !fly.ptr<f16, #fly_rocdl.buffer_desc>, %v: vector<4xf16>, %c: i1) {
  %l = fly.static : !fly.layout<4:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f16, #fly_rocdl.buffer_desc, 4:1>
  fly.copy_atom_call_ssa(%atom, %v, %t, %c) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (!nt, vector<4xf16>, !fly.memref<f16, #fly_rocdl.buffer_desc, 4:1>, i1) -> ()
  return
}
