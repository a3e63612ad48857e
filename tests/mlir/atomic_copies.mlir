// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// RUN: fly-opt %s --fly-atom-lowering=target=rocm | FileCheck %s --check-prefix=ATOMS
// RUN: fly-opt %s --fly-atom-lowering=target=cpu --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// FlyDSL's universal atomic copy: each register value combined into global (or shared) memory
// by one atomic read-modify-write, relaxed, in the sync scope the atom names.

!add = !fly.copy_atom<!fly.universal_atomic<add, f32>, 32>
!max = !fly.copy_atom<!fly.universal_atomic<max, i32, "agent">, 32>

// ROUND-LABEL: func.func @accumulate
// ROUND: fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_atomic<add, f32>, 32>
// ROUND: fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_atomic<max, i32, "agent">, 32>

// ATOMS-LABEL: func.func @accumulate
// ATOMS: %[[V:.*]] = fly.ptr.load(%{{.*}}) : (!fly.ptr<f32, register>) -> f32
// ATOMS: fly.ptr.atomic_rmw(%[[V]], %{{.*}}) {atom = !fly.universal_atomic<add, f32>} : (f32, !fly.ptr<f32, global>) -> ()
// ATOMS: scf.if
// ATOMS: fly.ptr.atomic_rmw({{.*}}) {atom = !fly.universal_atomic<max, i32, "agent">}

// CHECK-LABEL: func.func @accumulate
// CHECK-COUNT-2: llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, f32
// CHECK: scf.if
// CHECK: llvm.atomicrmw max %{{.*}}, %{{.*}} syncscope("agent") monotonic : !llvm.ptr<3>, i32
// CHECK-NOT: fly.
func.func @accumulate(%sum: !llvm.ptr<1>, %best: !llvm.ptr<3>, %x: f32, %i: i32, %ok: i1) {
  %p = fly.make_ptr(%sum) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %l2 = fly.static : !fly.layout<2:1>
  %g = fly.make_view(%p, %l2) : (!fly.ptr<f32, global>, !fly.layout<2:1>) -> !fly.memref<f32, global, 2:1>
  %f = fly.memref.alloca(%l2) : (!fly.layout<2:1>) -> !fly.memref<f32, register, 2:1>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k0 = fly.make_coord(%c0) : (index) -> !fly.int_tuple<?>
  %k1 = fly.make_coord(%c1) : (index) -> !fly.int_tuple<?>
  fly.memref.store(%x, %f, %k0) : (f32, !fly.memref<f32, register, 2:1>, !fly.int_tuple<?>) -> ()
  fly.memref.store(%x, %f, %k1) : (f32, !fly.memref<f32, register, 2:1>, !fly.int_tuple<?>) -> ()
  %a = fly.make_copy_atom {valBits = 32 : i32} : !add
  fly.copy(%a, %f, %g) : (!add, !fly.memref<f32, register, 2:1>, !fly.memref<f32, global, 2:1>) -> ()

  %q = fly.make_ptr(%best) : (!llvm.ptr<3>) -> !fly.ptr<i32, shared>
  %l1 = fly.static : !fly.layout<1:1>
  %s = fly.make_view(%q, %l1) : (!fly.ptr<i32, shared>, !fly.layout<1:1>) -> !fly.memref<i32, shared, 1:1>
  %r = fly.memref.alloca(%l1) : (!fly.layout<1:1>) -> !fly.memref<i32, register, 1:1>
  fly.memref.store(%i, %r, %k0) : (i32, !fly.memref<i32, register, 1:1>, !fly.int_tuple<?>) -> ()
  %pr = fly.memref.alloca(%l1) : (!fly.layout<1:1>) -> !fly.memref<i1, register, 1:1>
  fly.memref.store(%ok, %pr, %k0) : (i1, !fly.memref<i1, register, 1:1>, !fly.int_tuple<?>) -> ()
  %m = fly.make_copy_atom {valBits = 32 : i32} : !max
  fly.copy(%m, %r, %s, %pr) : (!max, !fly.memref<i32, register, 1:1>, !fly.memref<i32, shared, 1:1>, !fly.memref<i1, register, 1:1>) -> ()
  return
}
