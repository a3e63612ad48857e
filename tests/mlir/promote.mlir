// RUN: fly-opt %s --fly-promote-regmem-to-vectorssa | FileCheck %s
// RUN: fly-opt %s --fly-convert-atom-call-to-ssa-form --fly-promote-regmem-to-vectorssa | FileCheck %s --check-prefix=KEPT
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

// An access inside a loop: the vector is carried through the loop as one more iter_arg.
// CHECK-LABEL: func.func @in_loop
// CHECK-SAME: (%[[A:.*]]: f32)
// CHECK: %[[P:.*]] = ub.poison : vector<8xf32>
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %[[P]]) -> (vector<8xf32>) {
// CHECK-NEXT: %[[N:.*]] = vector.insert %[[A]], %[[S]] [1] : f32 into vector<8xf32>
// CHECK-NEXT: scf.yield %[[N]] : vector<8xf32>
// CHECK: vector.extract %[[R]][1] : f32 from vector<8xf32>
// CHECK-NOT: fly.memref
func.func @in_loop(%a: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f_layout = fly.static : !fly.layout<(2,4):(4,1)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(2,4):(4,1)>) -> !frag
  %crd30 = fly.make_coord(%c0, %c1) : (index, index) -> !fly.int_tuple<(?,?)>
  scf.for %k = %c0 to %c4 step %c1 {
    fly.memref.store(%a, %f, %crd30) : (f32, !frag, !fly.int_tuple<(?,?)>) -> ()
  }
  %x = fly.memref.load(%f, %crd30) : (!frag, !fly.int_tuple<(?,?)>) -> f32
  return %x : f32
}

// Through an scf.if without an else (it gets one passing the vector on) and an scf.while (one
// more value through both regions), nested in a loop that already carries a value.
// CHECK-LABEL: func.func @branches_and_while
// CHECK-SAME: (%[[C:.*]]: i1, %[[V:.*]]: i32)
// CHECK: %[[P:.*]] = ub.poison : vector<2xi32>
// CHECK: %[[FOR:.*]]:2 = scf.for {{.*}} iter_args(%[[SUM:.*]] = %{{.*}}, %[[S:.*]] = %[[P]]) -> (i32, vector<2xi32>) {
// CHECK: %[[IF:.*]] = scf.if %[[C]] -> (vector<2xi32>) {
// CHECK-NEXT: %[[T:.*]] = vector.insert %[[V]], %[[S]] [0] : i32 into vector<2xi32>
// CHECK-NEXT: scf.yield %[[T]] : vector<2xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[S]] : vector<2xi32>
// CHECK: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %[[WS:.*]] = %[[IF]]) : (i32, vector<2xi32>) -> (i32, vector<2xi32>) {
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %[[WS]] : i32, vector<2xi32>
// CHECK: ^bb0(%{{.*}}: i32, %[[AS:.*]]: vector<2xi32>):
// CHECK: %[[X:.*]] = vector.extract %[[AS]][0] : i32 from vector<2xi32>
// CHECK: %[[Y:.*]] = vector.insert %{{.*}}, %[[AS]] [1] : i32 into vector<2xi32>
// CHECK: scf.yield %{{.*}}, %[[Y]] : i32, vector<2xi32>
// CHECK: scf.yield %{{.*}}, %[[W]]#1 : i32, vector<2xi32>
// CHECK: vector.extract %[[FOR]]#1[1] : i32 from vector<2xi32>
// CHECK-NOT: fly.ptr
func.func @branches_and_while(%c: i1, %v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = fly.make_ptr() {dictAttrs = {allocSize = 2 : i64}} : () -> !fly.ptr<i32, register>
  %o1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
  %r1 = fly.add_offset(%r, %o1) : (!fly.ptr<i32, register>, !fly.int_tuple<1>) -> !fly.ptr<i32, register>
  %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (i32) {
    scf.if %c {
      fly.ptr.store(%v, %r) : (i32, !fly.ptr<i32, register>) -> ()
    }
    %w = scf.while (%i = %z) : (i32) -> i32 {
      %go = arith.cmpi slt, %i, %one : i32
      scf.condition(%go) %i : i32
    } do {
    ^bb0(%i: i32):
      %x = fly.ptr.load(%r) : (!fly.ptr<i32, register>) -> i32
      %y = arith.addi %x, %i : i32
      fly.ptr.store(%y, %r1) : (i32, !fly.ptr<i32, register>) -> ()
      %next = arith.addi %i, %one : i32
      scf.yield %next : i32
    }
    %acc2 = arith.addi %acc, %w : i32
    scf.yield %acc2 : i32
  }
  %last = fly.ptr.load(%r1) : (!fly.ptr<i32, register>) -> i32
  %res = arith.addi %last, %sum : i32
  return %res : i32
}

// An access inside another region op (scf.execute_region) keeps the registers in memory.
// CHECK-LABEL: func.func @other_region
// CHECK: fly.memref.alloca
// CHECK: scf.execute_region
// CHECK: fly.memref.store
func.func @other_region(%a: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f_layout = fly.static : !fly.layout<(2,4):(4,1)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(2,4):(4,1)>) -> !frag
  %crd = fly.make_coord(%c0, %c1) : (index, index) -> !fly.int_tuple<(?,?)>
  scf.execute_region {
    fly.memref.store(%a, %f, %crd) : (f32, !frag, !fly.int_tuple<(?,?)>) -> ()
    scf.yield
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

// An MMA atom call whose D fragment is not consecutive: A, B and C become SSA values, D stays
// a register fragment in memory (written by the call).
// KEPT-LABEL: func.func @mma_strided_accumulator
// KEPT: %[[D:.*]] = fly.make_ptr() {dictAttrs = {allocSize = 16 : i64}} : () -> !fly.ptr<f32, register>
// KEPT-NOT: fly.make_ptr()
// KEPT: %[[DV:.*]] = fly.make_view(%[[D]]
// KEPT: fly.mma_atom_call_ssa(%{{.*}}, %[[DV]], %{{.*}}, %{{.*}}, %{{.*}}) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.memref<f32, register, (4,2):(1,8)>, vector<4xf16>, vector<4xf16>, vector<4xf32>) -> ()
func.func @mma_strided_accumulator(%av: vector<4xf16>, %bv: vector<4xf16>, %cv: vector<4xf32>) {
  %l = fly.static : !fly.layout<4:1>
  %s = fly.static : !fly.layout<(4,2):(1,8)>
  %ap = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f16, register>
  %bp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f16, register>
  %cp = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
  %dp = fly.make_ptr() {dictAttrs = {allocSize = 16 : i64}} : () -> !fly.ptr<f32, register>
  fly.ptr.store(%av, %ap) : (vector<4xf16>, !fly.ptr<f16, register>) -> ()
  fly.ptr.store(%bv, %bp) : (vector<4xf16>, !fly.ptr<f16, register>) -> ()
  fly.ptr.store(%cv, %cp) : (vector<4xf32>, !fly.ptr<f32, register>) -> ()
  %a = fly.make_view(%ap, %l) : (!fly.ptr<f16, register>, !fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %b = fly.make_view(%bp, %l) : (!fly.ptr<f16, register>, !fly.layout<4:1>) -> !fly.memref<f16, register, 4:1>
  %c = fly.make_view(%cp, %l) : (!fly.ptr<f32, register>, !fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  %d = fly.make_view(%dp, %s) : (!fly.ptr<f32, register>, !fly.layout<(4,2):(1,8)>) -> !fly.memref<f32, register, (4,2):(1,8)>
  %atom = fly.make_mma_atom : !fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>
  fly.mma_atom_call(%atom, %d, %a, %b, %c) : (!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>, !fly.memref<f32, register, (4,2):(1,8)>, !fly.memref<f16, register, 4:1>, !fly.memref<f16, register, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// Registers of 8-bit floats are held as their bits: a float stored is bitcast to i8, a float
// read is bitcast back, an i8 read (as the matrix cores take fp8) is the bits themselves.
// CHECK-LABEL: func.func @fp8_registers_as_bits
// CHECK: %[[P:.*]] = ub.poison : vector<8xi8>
// CHECK: %[[B:.*]] = vector.bitcast %{{.*}} : vector<8xf8E4M3FNUZ> to vector<8xi8>
// CHECK: %[[S:.*]] = vector.insert_strided_slice %[[B]], %[[P]] {offsets = [0], strides = [1]} : vector<8xi8> into vector<8xi8>
// CHECK: %[[I:.*]] = vector.extract_strided_slice %[[S]] {offsets = [0], sizes = [8], strides = [1]} : vector<8xi8> to vector<8xi8>
// CHECK: %[[E:.*]] = vector.extract %[[S]][3] : i8 from vector<8xi8>
// CHECK: %[[F:.*]] = arith.bitcast %[[E]] : i8 to f8E4M3FNUZ
// CHECK: return %[[I]], %[[F]]
func.func @fp8_registers_as_bits(%v: vector<8xf8E4M3FNUZ>) -> (vector<8xi8>, f8E4M3FNUZ) {
  %r = fly.make_ptr() {dictAttrs = {allocSize = 8 : i64}} : () -> !fly.ptr<f8E4M3FNUZ, register>
  fly.ptr.store(%v, %r) : (vector<8xf8E4M3FNUZ>, !fly.ptr<f8E4M3FNUZ, register>) -> ()
  %bits = fly.ptr.load(%r) : (!fly.ptr<f8E4M3FNUZ, register>) -> vector<8xi8>
  %o = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %r3 = fly.add_offset(%r, %o) : (!fly.ptr<f8E4M3FNUZ, register>, !fly.int_tuple<3>) -> !fly.ptr<f8E4M3FNUZ, register>
  %x = fly.ptr.load(%r3) : (!fly.ptr<f8E4M3FNUZ, register>) -> f8E4M3FNUZ
  return %bits, %x : vector<8xi8>, f8E4M3FNUZ
}
