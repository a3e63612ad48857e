// RUN: fly-opt %s --fly-cpu-work-item-loops=wave-size=32 | FileCheck %s
// The cpu target's work-item loops: a kernel whose barriers and shuffles are all at its top
// level becomes one loop over the block's threads per region between them; values that cross
// a region live in a slot per thread, a shuffle reads its source lane's slot, and register
// allocas become per-thread slabs. A barrier under control flow keeps fibers, and says why.

module attributes {gpu.container_module} {
gpu.module @kernels {
func.func private @__fly_shared_base() -> !llvm.ptr<3>

// CHECK-LABEL: gpu.func @shuffle_then_barrier
// CHECK-SAME: fly.work_item_loops
// CHECK-NOT: gpu.barrier
// CHECK-NOT: gpu.shuffle
// CHECK: %[[BXY:.*]] = arith.muli %block_dim_x, %block_dim_y
// CHECK: %[[N:.*]] = arith.muli %[[BXY]], %block_dim_z
// CHECK: %[[SLOTS:.*]] = llvm.alloca {{.*}} x f32 :
// CHECK: %[[SLAB:.*]] = llvm.alloca {{.*}} x f32 {alignment = 16 : i64}
// The first region: each thread (z, y, x nested; no division per thread) loads its value
// into its slot.
// CHECK: %[[BZ:.*]] = arith.divui %[[N]], %[[BXY]]
// CHECK: scf.for %[[Z:.*]] = %{{.*}} to %[[BZ]]
// CHECK: scf.for %[[Y:.*]] = %{{.*}} to %block_dim_y
// CHECK: scf.for %[[X:.*]] = %{{.*}} to %block_dim_x
// CHECK: arith.remui %{{.*}}, %c32
// CHECK: llvm.load
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// The shuffle's region: lane ^ 1 within the wave, read from the slots.
// CHECK: scf.for
// CHECK: arith.xori
// CHECK: %[[SRC:.*]] = arith.select
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[SLOTS]]
// CHECK: llvm.load %[[AT]] : !llvm.ptr -> f32
// After the barrier: a third loop.
// CHECK: scf.for
// CHECK: gpu.return
gpu.func @shuffle_then_barrier(%x: !llvm.ptr, %y: !llvm.ptr) kernel {
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c4 = arith.constant 4 : i64
  %frag = llvm.alloca %c4 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i64
  %p = llvm.getelementptr %x[%ti] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p : !llvm.ptr -> f32
  %s, %ok = gpu.shuffle xor %v, %c1, %c32 : f32
  %w = arith.addf %v, %s : f32
  llvm.store %w, %frag : f32, !llvm.ptr
  gpu.barrier
  %r = llvm.load %frag : !llvm.ptr -> f32
  %q = llvm.getelementptr %y[%ti] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %r, %q : f32, !llvm.ptr
  gpu.return
}

// A block-strided loop (j from the thread index to n by 64) runs in lockstep: a loop over
// k outside, as many trips as thread 0 makes, and the threads inside it with j = tid + k*64
// under j < n; the carried sum lives in a slot per thread.
// CHECK-LABEL: gpu.func @strided_sum
// CHECK: %[[LOW:.*]] = arith.index_cast %c0 : index to i32
// CHECK: %[[SPAN:.*]] = arith.subi %arg2, %[[LOW]]
// CHECK: %[[CEIL:.*]] = arith.ceildivsi %[[SPAN]], %c64
// CHECK: %[[TRIPS:.*]] = arith.maxsi %{{.*}}, %[[CEIL]] : i32
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[TRIPS]] step %{{.*}} : i32 {
// CHECK: %[[STEP:.*]] = arith.muli %[[K]], %c64
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for %[[X:.*]] =
// CHECK: %[[TID:.*]] = arith.index_cast %[[X]] : index to i32
// CHECK: %[[J:.*]] = arith.addi %[[TID]], %[[STEP]]
// CHECK: arith.cmpi slt, %[[J]], %arg2
// CHECK: scf.if
// CHECK: } {fly.lockstep}
gpu.func @strided_sum(%x: !llvm.ptr, %out: !llvm.ptr, %n: i32) kernel {
  %c64 = arith.constant 64 : i32
  %zero = arith.constant 0.0 : f32
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i32
  %sum = scf.for %j = %ti to %n step %c64 iter_args(%acc = %zero) -> (f32) : i32 {
    %j64 = arith.extsi %j : i32 to i64
    %p = llvm.getelementptr %x[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %p : !llvm.ptr -> f32
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  gpu.barrier
  %t64 = arith.extsi %ti : i32 to i64
  %q = llvm.getelementptr %out[%t64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %sum, %q : f32, !llvm.ptr
  gpu.return
}

// Atomics show their order, and a lower bound that falls as the thread index grows has no
// lowest thread at 0: both loops stay inside the threads' loop, as each thread's own.
// CHECK-LABEL: gpu.func @strided_kept
// CHECK-NOT: fly.lockstep
// CHECK: gpu.return
gpu.func @strided_kept(%x: !llvm.ptr, %n: i32) kernel {
  %c64 = arith.constant 64 : i32
  %one = arith.constant 1.0 : f32
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i32
  scf.for %j = %ti to %n step %c64 : i32 {
    %r = llvm.atomicrmw fadd %x, %one monotonic : !llvm.ptr, f32
  }
  %down = arith.subi %n, %ti : i32
  scf.for %j = %down to %n step %c64 : i32 {
    %j64 = arith.extsi %j : i32 to i64
    %p = llvm.getelementptr %x[%j64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %one, %p : f32, !llvm.ptr
  }
  gpu.barrier
  gpu.return
}

// The block's shared memory has one address for all threads: its call moves above the thread
// loops, so no region loads it from a slot.
// CHECK-LABEL: gpu.func @shared_base
// CHECK: %[[BASE:.*]] = func.call @__fly_shared_base()
// CHECK-NOT: llvm.alloca {{.*}} x !llvm.ptr<3>
// CHECK: scf.for
// CHECK: llvm.getelementptr %[[BASE]]
// CHECK: scf.for
// CHECK: llvm.getelementptr %[[BASE]]
gpu.func @shared_base(%x: !llvm.ptr) kernel {
  %s = func.call @__fly_shared_base() : () -> !llvm.ptr<3>
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i64
  %p = llvm.getelementptr %s[%ti] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
  %v = llvm.load %x : !llvm.ptr -> f32
  llvm.store %v, %p : f32, !llvm.ptr<3>
  gpu.barrier
  %w = llvm.load %p : !llvm.ptr<3> -> f32
  llvm.store %w, %x : f32, !llvm.ptr
  gpu.return
}

// A pointer into a thread's registers (an element of its slab), made before a barrier and
// used after it, is made again from the later region's own part of the slab: no slots of
// pointers, and what the second region stores goes to the same thread's register.
// CHECK-LABEL: gpu.func @register_pointer_across_barrier
// CHECK-NOT: x !llvm.ptr :
// CHECK: %[[SLAB:.*]] = llvm.alloca {{.*}} x f32 {alignment = 16 : i64}
// CHECK: scf.for
// CHECK: llvm.getelementptr %[[SLAB]]
// CHECK: scf.for
// CHECK: %[[MINE:.*]] = llvm.getelementptr %[[SLAB]]
// CHECK: %[[ELEM:.*]] = llvm.getelementptr %[[MINE]][2]
// CHECK: llvm.load %[[ELEM]] : !llvm.ptr -> f32
gpu.func @register_pointer_across_barrier(%x: !llvm.ptr) kernel {
  %c4 = arith.constant 4 : i64
  %frag = llvm.alloca %c4 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %e = llvm.getelementptr %frag[2] : (!llvm.ptr) -> !llvm.ptr, f32
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i64
  %p = llvm.getelementptr %x[%ti] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p : !llvm.ptr -> f32
  llvm.store %v, %e : f32, !llvm.ptr
  gpu.barrier
  %w = llvm.load %e : !llvm.ptr -> f32
  %y = arith.addf %w, %w : f32
  llvm.store %y, %p : f32, !llvm.ptr
  gpu.return
}

// CHECK-LABEL: gpu.func @divergent_barrier
// CHECK-SAME: fly.cpu_fibers = "a barrier or shuffle under a condition that differs between threads"
// CHECK: gpu.barrier
gpu.func @divergent_barrier(%n: index) kernel {
  %t = gpu.thread_id x
  %c = arith.cmpi ult, %t, %n : index
  scf.if %c {
    gpu.barrier
  }
  gpu.return
}

// A barrier under a condition every thread shares: the scf.if stays between the thread loops,
// each branch cut at its barriers, and its result lives in a slot per thread.
// CHECK-LABEL: gpu.func @uniform_branch
// CHECK-SAME: fly.work_item_loops
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// CHECK: scf.if %arg1 {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: llvm.load
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: } else {
// CHECK: scf.for
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: }
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.func @uniform_branch(%x: !llvm.ptr, %c: i1) kernel {
  %zero = arith.constant 0.0 : f32
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i64
  %p = llvm.getelementptr %x[%ti] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %r = scf.if %c -> (f32) {
    %v = llvm.load %p : !llvm.ptr -> f32
    gpu.barrier
    %w = arith.addf %v, %v : f32
    scf.yield %w : f32
  } else {
    scf.yield %zero : f32
  }
  llvm.store %r, %p : f32, !llvm.ptr
  gpu.return
}

// Barriers in a loop whose bounds every thread shares: the loop stays, and its body is cut
// into loops over the threads (two here, one per barrier).
// CHECK-LABEL: gpu.func @barriers_in_uniform_loop
// CHECK-SAME: fly.work_item_loops
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %arg1
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: llvm.load
// CHECK: scf.for
// CHECK: arith.addf
// CHECK-NOT: gpu.barrier
gpu.func @barriers_in_uniform_loop(%x: !llvm.ptr, %n: index) kernel {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i64
  %p = llvm.getelementptr %x[%ti] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  scf.for %k = %c0 to %n step %c1 {
    %v = llvm.load %p : !llvm.ptr -> f32
    gpu.barrier
    %w = arith.addf %v, %v : f32
    llvm.store %w, %p : f32, !llvm.ptr
    gpu.barrier
  }
  gpu.return
}

// A value the loop carries lives in a slot per thread: stored before the loop and at the end
// of each step, loaded at the top of each step and after the loop.
// CHECK-LABEL: gpu.func @carried_value
// CHECK-SAME: fly.work_item_loops
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} {
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: arith.mulf
// CHECK: llvm.store
// CHECK-NOT: iter_args
// CHECK: gpu.return
gpu.func @carried_value(%x: !llvm.ptr, %n: index) kernel {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = gpu.thread_id x
  %ti = arith.index_cast %t : index to i64
  %p = llvm.getelementptr %x[%ti] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v0 = llvm.load %p : !llvm.ptr -> f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%v = %v0) -> (f32) {
    gpu.barrier
    %w = arith.mulf %v, %v : f32
    scf.yield %w : f32
  }
  llvm.store %r, %p : f32, !llvm.ptr
  gpu.return
}

// CHECK-LABEL: gpu.func @barrier_in_per_thread_loop
// CHECK-SAME: fly.cpu_fibers = "a barrier or shuffle inside a loop whose bounds differ between threads"
gpu.func @barrier_in_per_thread_loop() kernel {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = gpu.thread_id x
  scf.for %k = %c0 to %t step %c1 {
    gpu.barrier
  }
  gpu.return
}

// A kernel without collectives is left as it is: the block entry loops over its threads.
// CHECK-LABEL: gpu.func @no_collectives
// CHECK-NOT: fly.
// CHECK: gpu.thread_id x
gpu.func @no_collectives(%x: !llvm.ptr) kernel {
  %t = gpu.thread_id x
  gpu.return
}
}
}
