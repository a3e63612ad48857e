// RUN: fly-opt %s --convert-fly-to-rocdl | FileCheck %s
// Fly pointers meeting LLVM ones: fly.to_llvm_ptr is the pointer a Fly one lowers to (no
// casts), and fly.get_dyn_shared reads the block's dynamic shared memory through one external
// zero-length global per module, aligned for its strictest reader and renamed where its name
// is taken.

// CHECK-LABEL: func.func @as_llvm
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[Q:.*]]: !llvm.ptr<5>)
// CHECK-NOT: llvm.ptrtoint
// CHECK: return %[[P]], %[[Q]] : !llvm.ptr<1>, !llvm.ptr<5>
func.func @as_llvm(%p: !fly.ptr<f16, global>, %q: !fly.ptr<i32, register>)
    -> (!llvm.ptr<1>, !llvm.ptr<5>) {
  %a = fly.to_llvm_ptr(%p) {llvm_address_space = 1 : i32} : (!fly.ptr<f16, global>) -> !llvm.ptr<1>
  %b = fly.to_llvm_ptr(%q) {llvm_address_space = 5 : i32} : (!fly.ptr<i32, register>) -> !llvm.ptr<5>
  return %a, %b : !llvm.ptr<1>, !llvm.ptr<5>
}

// The module already has a symbol of the global's name: the global takes another one.
// CHECK: gpu.module @kernels
// CHECK-NEXT: llvm.mlir.global external @[[G:__dynamic_shared_memory_[0-9]+]]() {addr_space = 3 : i32, alignment = 256 : i64, dso_local} : !llvm.array<0 x i8>
// CHECK-NOT: llvm.mlir.global external @__dynamic_shared
// CHECK: llvm.func @__dynamic_shared_memory()
// CHECK-LABEL: gpu.func @first
// CHECK: %[[A:.*]] = llvm.mlir.addressof @[[G]] : !llvm.ptr<3>
// CHECK: %[[B:.*]] = llvm.getelementptr %[[A]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[C:.*]] = llvm.getelementptr %[[B]][%arg0] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[F:.*]] = llvm.getelementptr %[[C]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %arg1, %[[F]] {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK-LABEL: gpu.func @second
// CHECK: llvm.mlir.addressof @[[G]] : !llvm.ptr<3>
gpu.module @kernels {
  llvm.func @__dynamic_shared_memory()
  gpu.func @first(%i: i32, %v: f32) kernel {
    %raw = fly.get_dyn_shared() : !fly.ptr<i8, shared, align<16>>
    %at = fly.make_int_tuple(%i) : (i32) -> !fly.int_tuple<?>
    %bytes = fly.add_offset(%raw, %at) : (!fly.ptr<i8, shared, align<16>>, !fly.int_tuple<?>) -> !fly.ptr<i8, shared>
    %f = fly.to_llvm_ptr(%bytes) {llvm_address_space = 3 : i32} : (!fly.ptr<i8, shared>) -> !llvm.ptr<3>
    %fp = fly.make_ptr(%f) : (!llvm.ptr<3>) -> !fly.ptr<f32, shared, align<4>>
    %four = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %at4 = fly.add_offset(%fp, %four) : (!fly.ptr<f32, shared, align<4>>, !fly.int_tuple<4>) -> !fly.ptr<f32, shared, align<4>>
    fly.ptr.store(%v, %at4) : (f32, !fly.ptr<f32, shared, align<4>>) -> ()
    gpu.return
  }
  gpu.func @second() kernel {
    %raw = fly.get_dyn_shared() : !fly.ptr<i8, shared, align<256>>
    gpu.return
  }
}
