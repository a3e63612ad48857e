// RUN: fly-opt %s --convert-fly-to-rocdl --canonicalize | FileCheck %s
// convert-fly-to-rocdl (FlyDSL's name): tensors with static layouts and pointers cross kernel
// and function boundaries as LLVM pointers in their address space; inside, they are Fly
// values again, and the bodies are lowered (a transpose's accesses become getelementptr at
// i*8 + j and j*8 + i; a pointer moved by a dynamic offset, one more).

// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: (%[[T:.*]]: !llvm.ptr<1>, %[[S:.*]]: !llvm.ptr<3>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[A:.*]] = arith.muli %[[I]], %[[C8]]
// CHECK: %[[B:.*]] = arith.addi %[[A]], %[[J]]
// CHECK: llvm.getelementptr %[[T]]
// CHECK: %[[X:.*]] = llvm.load
// CHECK: llvm.store %[[X]]
// CHECK: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[Q:.*]] = llvm.getelementptr %[[S]][%[[I64]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %[[X]], %[[Q]]
// CHECK-NOT: fly.
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%t: !fly.memref<f32, global, (4,8):(8,1), align 16>,
                        %s: !fly.ptr<f32, shared>, %i: index, %j: index) kernel {
      %crd1 = fly.make_coord(%i, %j) : (index, index) -> !fly.int_tuple<(?,?)>
      %x = fly.memref.load(%t, %crd1) : (!fly.memref<f32, global, (4,8):(8,1), align 16>, !fly.int_tuple<(?,?)>) -> f32
      %crd2 = fly.make_coord(%j, %i) : (index, index) -> !fly.int_tuple<(?,?)>
      fly.memref.store(%x, %t, %crd2) : (f32, !fly.memref<f32, global, (4,8):(8,1), align 16>, !fly.int_tuple<(?,?)>) -> ()
      %o = fly.make_int_tuple(%i) : (index) -> !fly.int_tuple<?>
      %q = fly.add_offset(%s, %o) : (!fly.ptr<f32, shared>, !fly.int_tuple<?>) -> !fly.ptr<f32, shared>
      fly.ptr.store(%x, %q) : (f32, !fly.ptr<f32, shared>) -> ()
      gpu.return
    }
  }

  // The launch passes the pointers the kernel now takes.
  // CHECK-LABEL: func.func @host
  // CHECK-SAME: (%[[HT:.*]]: !llvm.ptr<1>, %[[HS:.*]]: !llvm.ptr<3>)
  // CHECK: gpu.launch_func @kernels::@transpose
  // CHECK-SAME: args(%[[HT]] : !llvm.ptr<1>, %[[HS]] : !llvm.ptr<3>
  func.func @host(%t: !fly.memref<f32, global, (4,8):(8,1), align 16>, %s: !fly.ptr<f32, shared>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@transpose blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%t : !fly.memref<f32, global, (4,8):(8,1), align 16>, %s : !fly.ptr<f32, shared>,
             %c1 : index, %c1 : index)
    return
  }
}
