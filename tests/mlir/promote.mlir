// RUN: fly-opt %s --fly-promote-regmem-to-vectorssa | FileCheck %s
// Registers (fragments, make_ptr allocations) accessed at constant offsets in their block become
// one SSA vector, poison where nothing was written yet; any other use leaves them in memory for
// fly-layout-lowering.

!frag = !fly.memref<f32, register, (2,4):(4,1), align 16>

// Stores and loads in order, through coordinates and through pointers.
// CHECK-LABEL: func.func @promoted
// CHECK-SAME: (%[[A:.*]]: f32, %[[V:.*]]: vector<4xf32>)
// CHECK: %[[Z:.*]] = ub.poison : vector<8xf32>
// CHECK: %[[S1:.*]] = vector.insert %[[A]], %[[Z]] [6]
// CHECK: %[[S2:.*]] = vector.insert_strided_slice %[[V]], %[[S1]] {offsets = [0], strides = [1]}
// CHECK: %[[X:.*]] = vector.extract %[[S2]][6]
// CHECK: %[[W:.*]] = vector.extract_strided_slice %[[S2]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK: return %[[X]], %[[W]]
// CHECK-NOT: fly.
func.func @promoted(%a: f32, %v: vector<4xf32>) -> (f32, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %f_layout = fly.static : !fly.layout<(2,4):(4,1)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(2,4):(4,1)>) -> !frag
  %crd25 = fly.make_coord(%c1, %c2) : (index, index) -> !fly.int_tuple<(?,?)>
  fly.memref.store(%a, %f, %crd25) : (f32, !frag, !fly.int_tuple<(?,?)>) -> ()
  %p = fly.get_iter(%f) : (!frag) -> !fly.ptr<f32, register, align<16>>
  fly.ptr.store(%v, %p) : (vector<4xf32>, !fly.ptr<f32, register, align 16>) -> ()
  %crd26 = fly.make_coord(%c1, %c2) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%f, %crd26) : (!frag, !fly.int_tuple<(?,?)>) -> f32
  %four = fly.static : !fly.int_tuple<4>
  %q = fly.add_offset(%p, %four) : (!fly.ptr<f32, register, align<16>>, !fly.int_tuple<4>)
       -> !fly.ptr<f32, register, align<16>>
  %w = fly.ptr.load(%q) : (!fly.ptr<f32, register, align 16>) -> vector<4xf32>
  return %x, %w : f32, vector<4xf32>
}

// An index known only at run time: stays in memory.
// CHECK-LABEL: func.func @dynamic_index
// CHECK: fly.memref.alloca
// CHECK: fly.memref.load
func.func @dynamic_index(%i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %f_layout = fly.static : !fly.layout<(2,4):(4,1)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(2,4):(4,1)>) -> !frag
  %crd28 = fly.make_coord(%c0, %i) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%f, %crd28) : (!frag, !fly.int_tuple<(?,?)>) -> f32
  return %x : f32
}

// An access inside a loop body (another block): stays in memory.
// CHECK-LABEL: func.func @in_loop
// CHECK: fly.memref.alloca
// CHECK: scf.for
// CHECK: fly.memref.store
func.func @in_loop(%a: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f_layout = fly.static : !fly.layout<(2,4):(4,1)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(2,4):(4,1)>) -> !frag
  scf.for %k = %c0 to %c4 step %c1 {
    %crd30 = fly.make_coord(%c0, %c1) : (index, index) -> !fly.int_tuple<(?,?)>
    fly.memref.store(%a, %f, %crd30) : (f32, !frag, !fly.int_tuple<(?,?)>) -> ()
  }
  return
}

// A make_ptr allocation of registers promotes the same way, through its pointer.
// CHECK-LABEL: func.func @allocated_registers
// CHECK: %[[P:.*]] = ub.poison : vector<4xi32>
// CHECK: %[[S:.*]] = vector.insert %arg0, %[[P]] [2] : i32 into vector<4xi32>
// CHECK: vector.extract %[[S]][2] : i32 from vector<4xi32>
// CHECK-NOT: fly.
func.func @allocated_registers(%x: i32) -> i32 {
  %r = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<i32, register>
  %two = fly.static : !fly.int_tuple<2>
  %q = fly.add_offset(%r, %two) : (!fly.ptr<i32, register>, !fly.int_tuple<2>) -> !fly.ptr<i32, register>
  fly.ptr.store(%x, %q) : (i32, !fly.ptr<i32, register>) -> ()
  %y = fly.ptr.load(%q) : (!fly.ptr<i32, register>) -> i32
  return %y : i32
}

// Read as another element type (recast_iter), the registers stay in memory.
// CHECK-LABEL: func.func @recast_registers
// CHECK: fly.make_ptr() {dictAttrs = {allocSize = 1 : i64}}
// CHECK: fly.recast_iter
func.func @recast_registers(%x: f32) -> i32 {
  %r = fly.make_ptr() {dictAttrs = {allocSize = 1 : i64}} : () -> !fly.ptr<f32, register>
  fly.ptr.store(%x, %r) : (f32, !fly.ptr<f32, register>) -> ()
  %i = fly.recast_iter(%r) : (!fly.ptr<f32, register>) -> !fly.ptr<i32, register>
  %y = fly.ptr.load(%i) : (!fly.ptr<i32, register>) -> i32
  return %y : i32
}
