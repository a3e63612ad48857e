// RUN: fly-opt %s --pass-pipeline='builtin.module(fly-expand-small-floats)' | FileCheck %s --check-prefix=FP8
// RUN: fly-opt %s --pass-pipeline='builtin.module(fly-materialize-shared-memory{target=rocm arch=gfx942})' | FileCheck %s --check-prefix=SHARED
// RUN: fly-opt %s --pass-pipeline='builtin.module(fly-cpu-outline-kernels{arch=gfx950})' | FileCheck %s --check-prefix=HOST
// RUN: fly-opt %s --pass-pipeline='builtin.module(fly-materialize-shared-memory{target=rocm arch=gfx942},fly-expand-small-floats,convert-scf-to-cf,gpu.module(convert-gpu-to-rocdl{chipset=gfx942 runtime=HIP}),reconcile-unrealized-casts,fly-extract-gpu-module)' | FileCheck %s --check-prefix=ROCM
// Each target's own lowering steps are passes of their own: one step at a time here, as the
// compile runs them (its FLYDSL_DUMP_IR pipeline.txt lists them all).

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @__fly_shared_base() -> !llvm.ptr<3>
    gpu.func @widen(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>) kernel attributes {fly.dynamic_arena_bytes = 0 : i64, fly.shared_align = 16 : i64, fly.shared_bytes = 256 : i64} {
      %tid = gpu.thread_id x
      %i = arith.index_cast %tid : index to i32
      %src = llvm.getelementptr %arg0[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
      %bits = llvm.load %src : !llvm.ptr<1> -> i8
      %f8 = arith.bitcast %bits : i8 to f8E4M3FN
      %x = arith.extf %f8 : f8E4M3FN to f32
      %smem = func.call @__fly_shared_base() : () -> !llvm.ptr<3>
      %slot = llvm.getelementptr %smem[%i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
      llvm.store %x, %slot : f32, !llvm.ptr<3>
      gpu.barrier
      %y = llvm.load %slot : !llvm.ptr<3> -> f32
      %dst = llvm.getelementptr %arg1[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      llvm.store %y, %dst : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}

// fp8 has no LLVM type: the widening is integer and f32 arithmetic on the bits.
// FP8-LABEL: gpu.func @widen
// FP8: arith.bitcast %{{.*}} : f8E4M3FN to i8
// FP8: arith.extui %{{.*}} : i8 to i32
// FP8: arith.shli
// FP8: arith.select
// FP8: arith.bitcast %{{.*}} : i32 to f32
// FP8-NOT: arith.extf
// FP8: gpu.return

// The shared-memory base is the kernel's own workgroup global, of the kernel's size.
// SHARED: llvm.mlir.global internal @__fly_shared_widen() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x i8>
// SHARED-LABEL: gpu.func @widen
// SHARED: llvm.mlir.addressof @__fly_shared_widen : !llvm.ptr<3>
// SHARED-NOT: func.call @__fly_shared_base

// On the host a kernel is a function taking the runtime's ids last; its barrier is a runtime
// call (or a work-item loop boundary), and what its launcher needs is on it.
// HOST-NOT: gpu.module
// HOST: func.func @widen(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr)
// HOST-SAME: fly.kernel
// HOST-SAME: fly.shared_bytes = 256

// The whole rocm lowering of the module: ROCDL and the LLVM dialect, outside a gpu.module.
// ROCM-NOT: gpu.module
// ROCM: llvm.func @widen
// ROCM-SAME: rocdl.kernel
// ROCM: rocdl.workitem.id.x
// ROCM: rocdl.barrier
// ROCM-NOT: f8E4M3FN
