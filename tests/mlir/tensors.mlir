// RUN: fly-opt %s --fly-canonicalize --fly-atom-lowering --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// Tensors are a pointer and a layout: an access is a getelementptr by the offset the layout
// gives (multiplications and additions by static strides, no division) and an LLVM load or
// store aligned as far as the layout guarantees there.

// CHECK-LABEL: func.func @load_store
// CHECK-SAME: (%[[RAW:.*]]: !llvm.ptr<1>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[A:.*]] = arith.muli %[[I]], %[[C8]]
// CHECK: %[[B:.*]] = arith.addi %[[A]], %[[J]]
// CHECK: %[[B64:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[RAW]][%[[B64]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: %[[X:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.store %[[X]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: divsi
// CHECK-NOT: remsi
// CHECK-NOT: fly.
func.func @load_store(%raw: !llvm.ptr<1>, %i: index, %j: index) -> f32 {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(4,8):(8,1)>) -> !fly.memref<f32, global, (4,8):(8,1), align 16>
  %crd3 = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%t, %crd3) : (!fly.memref<f32, global, (4,8):(8,1), align 16>, !fly.int_tuple<(?,?)>) -> f32
  %crd4 = fly.make_coord(%j, %i) : (index, index) -> !fly.int_tuple<(?,?)>
  fly.memref.store(%x, %t, %crd4) : (f32, !fly.memref<f32, global, (4,8):(8,1), align 16>, !fly.int_tuple<(?,?)>) -> ()
  return %x : f32
}

// A constant coordinate is a constant offset, and the access keeps the alignment it has.
// CHECK-LABEL: func.func @constant_offset
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[12]
// CHECK: llvm.load %[[P]] {alignment = 16 : i64}
func.func @constant_offset(%raw: !llvm.ptr<1>) -> f32 {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(4,8):(8,1)>) -> !fly.memref<f32, global, (4,8):(8,1), align 16>
  %crd5 = fly.make_coord(%c1, %c4) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%t, %crd5) : (!fly.memref<f32, global, (4,8):(8,1), align 16>, !fly.int_tuple<(?,?)>) -> f32
  return %x : f32
}

// A dynamic row stride: the offset multiplies by the SSA leaf.
// CHECK-LABEL: func.func @dynamic_stride
// CHECK-SAME: (%[[RAW:.*]]: !llvm.ptr<1>, %[[LD:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[A:.*]] = arith.muli %[[LD]], %[[I]]
// CHECK: %[[B:.*]] = arith.addi %[[A]], %[[J]]
// CHECK: llvm.getelementptr
// CHECK: llvm.load {{.*}} -> f16
func.func @dynamic_stride(%raw: !llvm.ptr<1>, %ld: index, %i: index, %j: index) -> f16 {
  %c64 = arith.constant 64 : index
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f16, global>
  %l = fly.layout %c64, %ld : !fly.layout<(?,32):(?,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, global>, !fly.layout<(?,32):(?,1)>) -> !fly.memref<f16, global, (?,32):(?,1)>
  %crd6 = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%t, %crd6) : (!fly.memref<f16, global, (?,32):(?,1)>, !fly.int_tuple<(?,?)>) -> f16
  return %x : f16
}

// A swizzled shared tensor: the offset passes through Swizzle<3,2,3>, x ^ ((x & 0xe0) >> 3).
// CHECK-LABEL: func.func @swizzled
// CHECK-DAG: %[[MASK:.*]] = arith.constant 224 : index
// CHECK-DAG: %[[S:.*]] = arith.constant 3 : index
// CHECK: %[[Y:.*]] = arith.andi %[[X:.*]], %[[MASK]]
// CHECK: %[[M:.*]] = arith.shrui %[[Y]], %[[S]]
// CHECK: %[[Z:.*]] = arith.xori %[[X]], %[[M]]
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
func.func @swizzled(%raw: !llvm.ptr<3>, %i: index, %j: index) -> f32 {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align 16>
  %l = fly.static : !fly.layout<(32,32):(32,1)>
  %t = fly.make_view(%p, %l) {swizzle = array<i64: 3, 2, 3>} : (!fly.ptr<f32, shared, align 16>, !fly.layout<(32,32):(32,1)>) -> !fly.memref<f32, shared, (32,32):(32,1), align 16, swizzle<3,2,3>>
  %crd7 = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%t, %crd7) : (!fly.memref<f32, shared, (32,32):(32,1), align 16, swizzle<3,2,3>>, !fly.int_tuple<(?,?)>) -> f32
  return %x : f32
}

// A fragment read at an index known only at run time stays in memory: an llvm.alloca.
// CHECK-LABEL: func.func @fragment_in_memory
// CHECK: %[[N:.*]] = arith.constant 8 : i64
// CHECK: llvm.alloca %[[N]] x f32 {alignment = 16 : i64}
func.func @fragment_in_memory(%i: index) -> f32 {
  %f_layout = fly.static : !fly.layout<(2,4):(4,1)>
  %f = fly.memref.alloca(%f_layout) : (!fly.layout<(2,4):(4,1)>) -> !fly.memref<f32, register, (2,4):(4,1), align 16>
  %crd9 = fly.make_coord(%i, %i) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%f, %crd9) : (!fly.memref<f32, register, (2,4):(4,1), align 16>, !fly.int_tuple<(?,?)>) -> f32
  return %x : f32
}

// Accesses at one constant element of one tensor share its address: one getelementptr.
// CHECK-LABEL: func.func @one_address
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[X:.*]]: f32)
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[P]][10] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-NEXT: llvm.store %[[X]], %[[AT]]
// CHECK-NEXT: %[[Y:.*]] = llvm.load %[[AT]]
// CHECK-NOT: llvm.getelementptr
// CHECK: return %[[Y]]
func.func @one_address(%raw: !llvm.ptr<1>, %x: f32) -> f32 {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(4,8):(8,1)>) -> !fly.memref<f32, global, (4,8):(8,1)>
  %c = fly.make_coord() : () -> !fly.int_tuple<(1,2)>
  fly.memref.store(%x, %t, %c) : (f32, !fly.memref<f32, global, (4,8):(8,1)>, !fly.int_tuple<(1,2)>) -> ()
  %y = fly.memref.load(%t, %c) : (!fly.memref<f32, global, (4,8):(8,1)>, !fly.int_tuple<(1,2)>) -> f32
  return %y : f32
}

// A leaf declared a multiple of 4 (`?{div=4}`, as mark_layout_dynamic(divisibility=4) declares a
// row stride) keeps every row 16-byte aligned, so 128-bit atoms access at 16-byte alignment;
// with a plain `?` they access at 4 (and cp_async atoms are refused: tests/mlir/invalid.mlir).
// CHECK-LABEL: func.func @divisible_stride
// CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
func.func @divisible_stride(%raw: !llvm.ptr<1>, %out: !llvm.ptr<3>, %ld: index) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align 16>
  %l = fly.layout %ld : !fly.layout<(4,2):(1,?{div=4})>
  %s = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(4,2):(1,?{div=4})>) -> !fly.memref<f32, global, (4,2):(1,?{div=4}), align 16>
  %m = fly.static : !fly.layout<(4,2):(1,4)>
  %d = fly.make_view(%q, %m) : (!fly.ptr<f32, shared, align 16>, !fly.layout<(4,2):(1,4)>) -> !fly.memref<f32, shared, (4,2):(1,4), align 16>
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  fly.copy(%a, %s, %d) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, (4,2):(1,?{4}), align 16>, !fly.memref<f32, shared, (4,2):(1,4), align 16>) -> ()
  return
}

// A vector wider than its pointer's alignment is one access at the alignment the pointer has.
// CHECK-LABEL: func.func @vector_past_alignment
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<4xf32>
func.func @vector_past_alignment(%raw: !llvm.ptr<1>) -> vector<4xf32> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 8>
  %v = fly.ptr.load(%p) : (!fly.ptr<f32, global, align 8>) -> vector<4xf32>
  return %v : vector<4xf32>
}

// A whole tensor as one vector, element i at coordinate index i: the first mode has stride 1,
// so each column is one vector<2> access (offsets 0, 2, 4, 6), placed at 0, 2, 4, 6.
// CHECK-LABEL: func.func @load_columns
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK-NOT: llvm.load
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [6], strides = [1]}
func.func @load_columns(%raw: !llvm.ptr<1>) -> vector<8xf32> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align 16>
  %l = fly.static : !fly.layout<(2,4):(1,2)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global, align 16>, !fly.layout<(2,4):(1,2)>) -> !fly.memref<f32, global, (2,4):(1,2), align 16>
  %v = fly.memref.load_vec(%t) : (!fly.memref<f32, global, (2,4):(1,2), align 16>) -> vector<8xf32>
  return %v : vector<8xf32>
}

// Runs go along the first mode of stride 1 wherever it is: here rows of 3 (offsets 0 and 3).
// The values, in coordinate order (column-major), are permuted into run order first.
// CHECK-LABEL: func.func @store_row_major
// CHECK: %[[C:.*]] = vector.shape_cast %arg1 : vector<6xf32> to vector<3x2xf32>
// CHECK: %[[T:.*]] = vector.transpose %[[C]], [1, 0] : vector<3x2xf32> to vector<2x3xf32>
// CHECK: %[[R:.*]] = vector.shape_cast %[[T]] : vector<2x3xf32> to vector<6xf32>
// CHECK: %[[ROW0:.*]] = vector.extract_strided_slice %[[R]] {offsets = [0], sizes = [3], strides = [1]}
// CHECK: llvm.store %[[ROW0]], %arg0 {alignment = 4 : i64} : vector<3xf32>, !llvm.ptr<1>
// CHECK: %[[P3:.*]] = llvm.getelementptr %arg0[3] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: %[[ROW1:.*]] = vector.extract_strided_slice %[[R]] {offsets = [3], sizes = [3], strides = [1]}
// CHECK: llvm.store %[[ROW1]], %[[P3]] {alignment = 4 : i64} : vector<3xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
func.func @store_row_major(%raw: !llvm.ptr<1>, %v: vector<6xf32>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l = fly.static : !fly.layout<(2,3):(3,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(2,3):(3,1)>) -> !fly.memref<f32, global, (2,3):(3,1)>
  fly.memref.store_vec(%v, %t) : (vector<6xf32>, !fly.memref<f32, global, (2,3):(3,1)>) -> ()
  return
}

// FlyDSL's alignment arithmetic can write align<12> for f32 addresses: a multiple of the
// element's size that is not a power of two guarantees the largest power of two dividing it.
// CHECK-LABEL: func.func @align_twelve
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
func.func @align_twelve(%raw: !llvm.ptr<1>) -> f32 {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align<12>>
  %x = fly.ptr.load(%p) : (!fly.ptr<f32, global, align<12>>) -> f32
  return %x : f32
}

// FlyDSL's swizzled pointers swizzle the byte address of each access: S<3,3,3> XORs address
// bits 6..8 into bits 3..5 (mask 448), so of align<16> only the low 3 bits, 8 bytes, stay.
// CHECK-LABEL: func.func @swizzled_address
// CHECK: %[[P:.*]] = llvm.getelementptr %arg0[64] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK: %[[X:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<3> to i64
// CHECK: %[[Y:.*]] = arith.andi %[[X]], %{{.*}} : i64
// CHECK: %[[M:.*]] = arith.shrui %[[Y]], %{{.*}} : i64
// CHECK: %[[S:.*]] = arith.xori %[[X]], %[[M]] : i64
// CHECK: %[[A:.*]] = llvm.inttoptr %[[S]] : i64 to !llvm.ptr<3>
// CHECK: llvm.load %[[A]] {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xf16>
func.func @swizzled_address(%raw: !llvm.ptr<3>) -> vector<4xf16> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f16, shared, align<16>, S<3,3,3>>
  %c = fly.static : !fly.int_tuple<64>
  %q = fly.add_offset(%p, %c) : (!fly.ptr<f16, shared, align<16>, S<3,3,3>>, !fly.int_tuple<64>) -> !fly.ptr<f16, shared, align<16>, S<3,3,3>>
  %v = fly.ptr.load(%q) : (!fly.ptr<f16, shared, align<16>, S<3,3,3>>) -> vector<4xf16>
  return %v : vector<4xf16>
}

// make_ptr's allocating forms: registers for allocSize elements, and a shared allocation of its
// own (a module global, named after the first free __shared_alloc_N) aligned as allocAlign says.
// CHECK: llvm.mlir.global internal @__shared_alloc_1() {addr_space = 3 : i32, alignment = 128 : i64, dso_local} : !llvm.array<1024 x i8>
// CHECK-LABEL: func.func @allocations
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__shared_alloc_1 : !llvm.ptr<3>
// CHECK: %[[REG:.*]] = llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr<5>
// CHECK: llvm.store %{{.*}}, %[[REG]]
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[SMEM]][32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, bf16
// CHECK: llvm.load %[[AT]]
module @alloc_module {
  llvm.mlir.global internal @__shared_alloc_0() {addr_space = 3 : i32} : !llvm.array<4 x i8>
  func.func @allocations(%v: f32) -> bf16 {
    %smem = fly.make_ptr() {dictAttrs = {allocBytes = 1024 : i64, allocAlign = 128 : i64}} : () -> !fly.ptr<bf16, shared>
    %reg = fly.make_ptr() {dictAttrs = {allocSize = 4 : i64}} : () -> !fly.ptr<f32, register>
    fly.ptr.store(%v, %reg) : (f32, !fly.ptr<f32, register>) -> ()
    %off = fly.static : !fly.int_tuple<32>
    %p = fly.add_offset(%smem, %off) : (!fly.ptr<bf16, shared>, !fly.int_tuple<32>) -> !fly.ptr<bf16, shared>
    %x = fly.ptr.load(%p) : (!fly.ptr<bf16, shared>) -> bf16
    return %x : bf16
  }
}

// recast_iter reads the same address as another element type.
// CHECK-LABEL: func.func @recast_bits
// CHECK: %[[R:.*]] = llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr<5>
// CHECK: llvm.store %arg0, %[[R]]
// CHECK: llvm.load %[[R]] {alignment = 4 : i64} : !llvm.ptr<5> -> i32
func.func @recast_bits(%x: f32) -> i32 {
  %r = fly.make_ptr() {dictAttrs = {allocSize = 1 : i64}} : () -> !fly.ptr<f32, register>
  fly.ptr.store(%x, %r) : (f32, !fly.ptr<f32, register>) -> ()
  %i = fly.recast_iter(%r) : (!fly.ptr<f32, register>) -> !fly.ptr<i32, register>
  %y = fly.ptr.load(%i) : (!fly.ptr<i32, register>) -> i32
  return %y : i32
}

// No mode of stride 1: element by element in coordinate order (offsets 0, 4, 7, 11).
// CHECK-LABEL: func.func @load_scattered
// CHECK: %[[E0:.*]] = llvm.load %arg0 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.getelementptr %arg0[4]
// CHECK: llvm.getelementptr %arg0[7]
// CHECK: llvm.getelementptr %arg0[11]
// CHECK-NOT: vector.transpose
func.func @load_scattered(%raw: !llvm.ptr<1>) -> vector<4xf32> {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l = fly.static : !fly.layout<(2,2):(4,7)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, global>, !fly.layout<(2,2):(4,7)>) -> !fly.memref<f32, global, (2,2):(4,7)>
  %v = fly.memref.load_vec(%t) : (!fly.memref<f32, global, (2,2):(4,7)>) -> vector<4xf32>
  return %v : vector<4xf32>
}
