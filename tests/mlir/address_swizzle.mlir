// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-canonicalize --fly-atom-lowering=target=cpu --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// FlyDSL's swizzled shared memory: a pointer that swizzles the byte addresses its accesses go
// to (S<B,M,S>), viewed through a layout. The view keeps the pointer's swizzle, moving the
// pointer keeps the pattern where it is in memory, and every access, whole vectors of one
// copy atom call included, goes to the swizzled address.

!sp = !fly.ptr<f16, shared, align<1024>, S<3,4,3>>
!moved = !fly.ptr<f16, shared, align<16>, S<3,4,3>>
!tile = !fly.memref<f16, shared, (8,4):(1,64), align<16>, S<3,4,3>>
!frag = !fly.memref<f16, register, (8,4):(1,8), align<16>>
!atom = !fly.copy_atom<!fly.universal_copy<128>, 16>

// ROUND-LABEL: func.func @store_tile
// ROUND: fly.make_view({{.*}}) : (!fly.ptr<f16, shared, align<16>, S<3,4,3>>, !fly.layout<(8,4):(1,64)>) -> !fly.memref<f16, shared, (8,4):(1,64), align<16>, S<3,4,3>>

// A thread's 4 rows of 8 halves (16 bytes each) from a register fragment into its place in a
// 64-wide tile whose base is aligned past the swizzle's bits (1024 bytes): each row is one
// 16-byte store at base + swizzle(x), x its byte offset, swizzle(x) = x ^ ((x & 0x380) >> 3).
// CHECK-LABEL: func.func @store_tile
// CHECK-SAME: (%[[BASE:.*]]: !llvm.ptr<3>,
// CHECK-DAG: %[[BY:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[YYY:.*]] = arith.constant 896 : i32
// CHECK: %[[Y:.*]] = arith.andi %[[X:.*]], %[[YYY]]
// CHECK: %[[Z:.*]] = arith.shrui %[[Y]], %[[BY]]
// CHECK: %[[S:.*]] = arith.xori %[[X]], %[[Z]]
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[BASE]][%[[S]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[AT]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-COUNT-3: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
func.func @store_tile(%raw: !llvm.ptr<3>, %row: i32, %v: vector<32xf16>) {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !sp
  %r = fly.make_int_tuple(%row) : (i32) -> !fly.int_tuple<?{div=8}>
  %q = fly.add_offset(%p, %r) : (!sp, !fly.int_tuple<?{div=8}>) -> !moved
  %l = fly.static : !fly.layout<(8,4):(1,64)>
  %t = fly.make_view(%q, %l) : (!moved, !fly.layout<(8,4):(1,64)>) -> !tile
  %fl = fly.static : !fly.layout<(8,4):(1,8)>
  %f = fly.memref.alloca(%fl) : (!fly.layout<(8,4):(1,8)>) -> !frag
  fly.memref.store_vec(%v, %f) : (vector<32xf16>, !frag) -> ()
  %a = fly.make_copy_atom {valBits = 16 : i32} : !atom
  fly.copy(%a, %f, %t) : (!atom, !frag, !tile) -> ()
  return
}

// One element read through a pointer whose base is not known to be aligned that far: the
// swizzle goes to the whole byte address.
// CHECK-LABEL: func.func @load_one
// CHECK: %[[X:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
// CHECK: %[[Y:.*]] = arith.andi %[[X]], %{{.*}} : i64
// CHECK: %[[Z:.*]] = arith.shrui %[[Y]], %{{.*}} : i64
// CHECK: %[[S:.*]] = arith.xori %[[X]], %[[Z]] : i64
// CHECK: %[[AT:.*]] = llvm.inttoptr %[[S]] : i64 to !llvm.ptr<3>
// CHECK: llvm.load %[[AT]] {alignment = 2 : i64} : !llvm.ptr<3> -> f16
func.func @load_one(%raw: !llvm.ptr<3>, %i: index, %j: index) -> f16 {
  %p = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !fly.ptr<f16, shared, align<16>, S<3,4,3>>
  %l = fly.static : !fly.layout<(16,64):(64,1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f16, shared, align<16>, S<3,4,3>>, !fly.layout<(16,64):(64,1)>) -> !fly.memref<f16, shared, (16,64):(64,1), align<16>, S<3,4,3>>
  %c = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %x = fly.memref.load(%t, %c) : (!fly.memref<f16, shared, (16,64):(64,1), align<16>, S<3,4,3>>, !fly.int_tuple<(?,?)>) -> f16
  return %x : f16
}
