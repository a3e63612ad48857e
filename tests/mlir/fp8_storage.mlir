// RUN: fly-opt %s --fly-layout-lowering --fly-atom-lowering=target=cuda --fly-lower-to-llvm --canonicalize | FileCheck %s
// RUN: fly-opt %s --fly-layout-lowering --fly-atom-lowering=target=cpu --fly-lower-to-llvm --canonicalize --convert-vector-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-translate-22 --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// LLVM has no fp8 type: tensors of f8E4M3FN are bytes in memory. Their loads, stores, registers
// and element addresses are made of i8 by fly-lower-to-llvm, the values crossing as
// arith.bitcast, so the module translates to LLVM IR (it could not before: the translation
// aborted on a vector of fp8).

!atom = !fly.copy_atom<!fly.universal_copy<128>, 8>
!g = !fly.memref<f8E4M3FN, global, (32):(1), align 16>
!s = !fly.memref<f8E4M3FN, shared, (32):(1), align 16>
!r = !fly.memref<f8E4M3FN, register, (32):(1), align 16>

// CHECK-LABEL: func.func @fp8_copy_through_registers
// CHECK: llvm.load {{.*}} -> vector<16xi8>
// CHECK: llvm.store {{.*}} : vector<16xi8>, !llvm.ptr<3>
// CHECK: %[[B:.*]] = llvm.load {{.*}} : !llvm.ptr<1> -> i8
// CHECK-NOT: f8E4M3FN
// CHECK: llvm.store %[[B]], {{.*}} : i8, !llvm.ptr<3>
// CHECK-NOT: f8E4M3FN>
// IR-LABEL: define void @fp8_copy_through_registers
// IR: load <16 x i8>, ptr addrspace(1)
// IR: store <16 x i8> {{.*}}, ptr addrspace(3)
// IR: load i8, ptr addrspace(1)
// IR: store i8 {{.*}}, ptr addrspace(3)
func.func @fp8_copy_through_registers(%in: !llvm.ptr<1>, %out: !llvm.ptr<3>) {
  %p = fly.make_ptr(%in) : (!llvm.ptr<1>) -> !fly.ptr<f8E4M3FN, global, align 16>
  %q = fly.make_ptr(%out) : (!llvm.ptr<3>) -> !fly.ptr<f8E4M3FN, shared, align 16>
  %l = fly.static : !fly.layout<(32):(1)>
  %t = fly.make_view(%p, %l) : (!fly.ptr<f8E4M3FN, global, align 16>, !fly.layout<(32):(1)>) -> !g
  %o = fly.make_view(%q, %l) : (!fly.ptr<f8E4M3FN, shared, align 16>, !fly.layout<(32):(1)>) -> !s
  %f = fly.memref.alloca(%l) : (!fly.layout<(32):(1)>) -> !r
  %a = fly.make_copy_atom {valBits = 8 : i32} : !atom
  fly.copy(%a, %t, %f) : (!atom, !g, !r) -> ()
  fly.copy(%a, %f, %o) : (!atom, !r, !s) -> ()
  %c3 = arith.constant 3 : index
  %crd = fly.make_coord(%c3) : (index) -> !fly.int_tuple<(?)>
  %x = fly.memref.load(%t, %crd) : (!g, !fly.int_tuple<(?)>) -> f8E4M3FN
  fly.memref.store(%x, %o, %crd) : (f8E4M3FN, !s, !fly.int_tuple<(?)>) -> ()
  return
}

// A buffer copy moves fp8 values as its words: the bitcasts between them go through bytes.
// CHECK-LABEL: func.func @fp8_buffer_round_trip
// CHECK: %[[W:.*]] = rocdl.raw.ptr.buffer.load {{.*}} : vector<4xi32>
// CHECK: llvm.bitcast %[[W]] : vector<4xi32> to vector<16xi8>
// CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : vector<16xi8> to vector<4xi32>
// CHECK: rocdl.raw.ptr.buffer.store %[[V]]
// IR-LABEL: define void @fp8_buffer_round_trip
// IR: call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32
// IR: call void @llvm.amdgcn.raw.ptr.buffer.store.v4i32
func.func @fp8_buffer_round_trip(%raw: !llvm.ptr<1>, %n: i64) {
  %g = fly.make_ptr(%raw) : (!llvm.ptr<1>) -> !fly.ptr<f8E4M3FN, global>
  %stride = arith.constant 0 : i16
  %flags = arith.constant 159744 : i32
  %b = fly.make_ptr(%g, %stride, %n, %flags) : (!fly.ptr<f8E4M3FN, global>, i16, i64, i32) -> !fly.ptr<f8E4M3FN, #fly_rocdl.buffer_desc>
  %l = fly.static : !fly.layout<16:1>
  %src = fly.make_view(%b, %l) : (!fly.ptr<f8E4M3FN, #fly_rocdl.buffer_desc>, !fly.layout<16:1>) -> !fly.memref<f8E4M3FN, #fly_rocdl.buffer_desc, 16:1>
  %r = fly.memref.alloca(%l) : (!fly.layout<16:1>) -> !fly.memref<f8E4M3FN, register, 16:1>
  %a = fly.make_copy_atom {valBits = 8 : i32} : !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 8>
  fly.copy_atom_call(%a, %src, %r) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 8>, !fly.memref<f8E4M3FN, #fly_rocdl.buffer_desc, 16:1>, !fly.memref<f8E4M3FN, register, 16:1>) -> ()
  fly.copy_atom_call(%a, %r, %src) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 8>, !fly.memref<f8E4M3FN, register, 16:1>, !fly.memref<f8E4M3FN, #fly_rocdl.buffer_desc, 16:1>) -> ()
  return
}
