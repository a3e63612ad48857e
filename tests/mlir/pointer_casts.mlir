// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// FlyDSL's pointer casts: a pointer's address as an integer (fly.ptrtoint: 64 bits for global
// memory, 32 for shared), an integer as a pointer of a written-out type (fly.inttoptr), a
// swizzle given to a pointer (fly.apply_swizzle: the same address, accesses through it go to
// swizzled byte addresses), a tensor's first element as an LLVM pointer
// (fly.extract_aligned_pointer_as_index) and a buffer pointer's resource
// (fly_rocdl.get_buffer_rsrc).

// The address of element 3 of a global tensor, moved by 32 bytes as an integer and read back
// through a pointer made from it: element 3 + 8 = 11 of the same memory.
// ROUND-LABEL: func.func @round_trip_global
// ROUND: fly.ptrtoint(%{{.*}}) : (!fly.ptr<f32, global>) -> i64
// ROUND: fly.inttoptr(%{{.*}}) : (i64) -> !fly.ptr<f32, global, align<16>>
// CHECK-LABEL: func.func @round_trip_global
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[P:.*]] = fly.to_llvm_ptr
// CHECK: %[[AT3:.*]] = llvm.getelementptr %[[P]][3] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: %[[A:.*]] = llvm.ptrtoint %[[AT3]] : !llvm.ptr<1> to i64
// CHECK: %[[B:.*]] = arith.addi %[[A]], %[[C32]] : i64
// CHECK: %[[Q:.*]] = llvm.inttoptr %[[B]] : i64 to !llvm.ptr<1>
// CHECK: llvm.load %[[Q]] {alignment = 16 : i64} : !llvm.ptr<1> -> f32
func.func @round_trip_global(%p: !fly.ptr<f32, global>) -> f32 {
  %three = fly.static : !fly.int_tuple<3>
  %at3 = fly.add_offset(%p, %three) : (!fly.ptr<f32, global>, !fly.int_tuple<3>) -> !fly.ptr<f32, global>
  %a = fly.ptrtoint(%at3) : (!fly.ptr<f32, global>) -> i64
  %c32 = arith.constant 32 : i64
  %b = arith.addi %a, %c32 : i64
  %q = fly.inttoptr(%b) : (i64) -> !fly.ptr<f32, global, align<16>>
  %x = fly.ptr.load(%q) : (!fly.ptr<f32, global, align<16>>) -> f32
  return %x : f32
}

// A shared pointer's address is 32 bits wide.
// ROUND-LABEL: func.func @shared_address
// ROUND: fly.ptrtoint(%{{.*}}) : (!fly.ptr<f16, shared>) -> i32
// CHECK-LABEL: func.func @shared_address
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
func.func @shared_address(%p: !fly.ptr<f16, shared>) -> i32 {
  %a = fly.ptrtoint(%p) : (!fly.ptr<f16, shared>) -> i32
  return %a : i32
}

// A pointer to shared memory aligned past the swizzle's bits (1024 bytes) given S<3,4,3>: the
// element at offset 80 (byte 160 = 0b0010100000) goes to byte 160 ^ ((160 & 0x380) >> 3) = 160
// ^ 16 = 176, a constant past the aligned base; the load may assume the 16 bytes the swizzle
// leaves alone.
// ROUND-LABEL: func.func @swizzled_access
// ROUND: fly.apply_swizzle(%{{.*}}, %{{.*}}) : (!fly.ptr<f16, shared, align<1024>>, !fly.swizzle<S<3,4,3>>) -> !fly.ptr<f16, shared, align<1024>, S<3,4,3>>
// CHECK-LABEL: func.func @swizzled_access
// CHECK: %[[S:.*]] = fly.to_llvm_ptr
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[S]][176] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.load %[[AT]] {alignment = 16 : i64} : !llvm.ptr<3> -> f16
func.func @swizzled_access(%p: !fly.ptr<f16, shared, align<1024>>) -> f16 {
  %s = fly.static : !fly.swizzle<S<3,4,3>>
  %q = fly.apply_swizzle(%p, %s) : (!fly.ptr<f16, shared, align<1024>>, !fly.swizzle<S<3,4,3>>) -> !fly.ptr<f16, shared, align<1024>, S<3,4,3>>
  %l = fly.static : !fly.layout<(8,64):(64,1)>
  %t = fly.make_view(%q, %l) : (!fly.ptr<f16, shared, align<1024>, S<3,4,3>>, !fly.layout<(8,64):(64,1)>) -> !fly.memref<f16, shared, (8,64):(64,1), align<1024>, S<3,4,3>>
  %c = fly.static : !fly.int_tuple<(1,16)>
  %x = fly.memref.load(%t, %c) : (!fly.memref<f16, shared, (8,64):(64,1), align<1024>, S<3,4,3>>, !fly.int_tuple<(1,16)>) -> f16
  return %x : f16
}

// A shared tensor's first element as a generic LLVM pointer (cast out of address space 3), and
// as a shared one (no cast). The tensor's type prints in its short form, as in FlyDSL.
// ROUND-LABEL: func.func @first_element
// ROUND: fly.extract_aligned_pointer_as_index %{{.*}} : <f32, shared, 64:1> -> !llvm.ptr{{$}}
// CHECK-LABEL: func.func @first_element
// CHECK: %[[S:.*]] = fly.to_llvm_ptr
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[S]] : !llvm.ptr<3> to !llvm.ptr
// CHECK: return %[[G]], %[[S]] : !llvm.ptr, !llvm.ptr<3>
func.func @first_element(%p: !fly.ptr<f32, shared>) -> (!llvm.ptr, !llvm.ptr<3>) {
  %l = fly.static : !fly.layout<64:1>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f32, shared>, !fly.layout<64:1>) -> !fly.memref<f32, shared, 64:1>
  %g = fly.extract_aligned_pointer_as_index %t : !fly.memref<f32, shared, 64:1> -> !llvm.ptr
  %s = fly.extract_aligned_pointer_as_index %t : !fly.memref<f32, shared, 64:1> -> !llvm.ptr<3>
  return %g, %s : !llvm.ptr, !llvm.ptr<3>
}

// A buffer pointer moved by 5 elements keeps its resource: the resource is the struct's first
// field, the offset (not read here) its second.
// ROUND-LABEL: func.func @buffer_resource
// ROUND: fly_rocdl.get_buffer_rsrc(%{{.*}}) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>) -> !llvm.ptr<8>
// CHECK-LABEL: func.func @buffer_resource
// CHECK: %[[B:.*]] = fly.to_llvm_ptr
// CHECK: %[[R:.*]] = llvm.extractvalue %[[B]][0] : !llvm.struct<(ptr<8>, i32)>
// CHECK: return %[[R]] : !llvm.ptr<8>
func.func @buffer_resource(%p: !fly.ptr<f32, #fly_rocdl.buffer_desc>) -> !llvm.ptr<8> {
  %five = fly.static : !fly.int_tuple<5>
  %q = fly.add_offset(%p, %five) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.int_tuple<5>) -> !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %r = fly_rocdl.get_buffer_rsrc(%q) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>) -> !llvm.ptr<8>
  return %r : !llvm.ptr<8>
}
