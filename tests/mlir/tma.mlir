// RUN: fly-opt %s --fly-lower-to-llvm | FileCheck %s
// RUN: fly-opt %s --fly-layout-lowering | FileCheck %s --check-prefix=KEPT
// RUN: fly-opt %s | fly-opt | FileCheck %s --check-prefix=ROUND
// FlyNVVM's mbarriers and bulk tensor copies (TMA): a barrier is an i64 in shared memory and a
// box a place in shared memory, each named by a Fly pointer; each op becomes NVVM's at the
// pointer's address (fly-lower-to-llvm), after the layout passes leave it alone.

!bar = !fly.ptr<i64, shared>

// ROUND-LABEL: func.func @producer_and_consumer
// ROUND: fly_nvvm.mbarrier_init(%{{.*}}) {arrivals = 128 : i32} : !fly.ptr<i64, shared>
// ROUND: fly_nvvm.mbarrier_arrive_expect_tx(%{{.*}}) {txBytes = 8192 : i32} : !fly.ptr<i64, shared>
// ROUND: fly_nvvm.mbarrier_try_wait_parity(%{{.*}}, %{{.*}}) : !fly.ptr<i64, shared>, i32
// KEPT-LABEL: func.func @producer_and_consumer
// KEPT: fly_nvvm.mbarrier_init
// KEPT: fly_nvvm.mbarrier_arrive_expect_tx
// KEPT: fly_nvvm.mbarrier_try_wait_parity
// CHECK-LABEL: func.func @producer_and_consumer
// CHECK-SAME: (%[[RAW:.*]]: !llvm.ptr<3>, %[[PARITY:.*]]: i32)
// CHECK: %[[N:.*]] = arith.constant 128 : i32
// CHECK: nvvm.mbarrier.init %[[RAW]], %[[N]] : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: %[[TX:.*]] = arith.constant 8192 : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[RAW]], %[[TX]] : !llvm.ptr<3>, i32
// CHECK: %[[HINT:.*]] = arith.constant 10000000 : i32
// CHECK: nvvm.mbarrier.try_wait.parity %[[RAW]], %[[PARITY]], %[[HINT]] : !llvm.ptr<3>, i32, i32
// CHECK-NOT: fly
func.func @producer_and_consumer(%raw: !llvm.ptr<3>, %parity: i32) {
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !bar
  fly_nvvm.mbarrier_init(%bar) {arrivals = 128 : i32} : !bar
  fly_nvvm.mbarrier_arrive_expect_tx(%bar) {txBytes = 8192 : i32} : !bar
  fly_nvvm.mbarrier_try_wait_parity(%bar, %parity) : !bar, i32
  return
}

// The second of an array of barriers: the address moves by one i64.
// CHECK-LABEL: func.func @second_barrier
// CHECK: %[[AT:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i{{32|64}}) -> !llvm.ptr<3>, i64
// CHECK: nvvm.mbarrier.try_wait.parity %[[AT]]
func.func @second_barrier(%raw: !llvm.ptr<3>, %parity: i32) {
  %bars = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !bar
  %one = fly.static : !fly.int_tuple<1>
  %bar = fly.add_offset(%bars, %one) : (!bar, !fly.int_tuple<1>) -> !bar
  fly_nvvm.mbarrier_try_wait_parity(%bar, %parity) : !bar, i32
  return
}

// A box loads into the cluster's shared window, completing on the barrier; a store is a bulk
// group of its own, and the wait counts those groups (reading shared memory only).
// ROUND-LABEL: func.func @boxes
// ROUND: fly_nvvm.tma_load(%{{.*}}, %{{.*}}, %{{.*}})[%{{.*}}, %{{.*}}] : !llvm.ptr, !fly.ptr<f16, shared>, !fly.ptr<i64, shared>
// ROUND: fly_nvvm.tma_store(%{{.*}}, %{{.*}})[%{{.*}}, %{{.*}}] : !llvm.ptr, !fly.ptr<f16, shared>
// ROUND: fly_nvvm.tma_store_wait {pending = 1 : i32}
// KEPT-LABEL: func.func @boxes
// KEPT: fly_nvvm.tma_load
// KEPT: fly_nvvm.tma_store
// KEPT: fly_nvvm.tma_store_wait
// CHECK-LABEL: func.func @boxes
// CHECK-SAME: (%[[DESC:.*]]: !llvm.ptr, %[[TILE:.*]]: !llvm.ptr<3>, %[[BAR:.*]]: !llvm.ptr<3>, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[CLUSTER:.*]] = llvm.addrspacecast %[[TILE]] : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[CLUSTER]], %[[DESC]], %[[BAR]], box[%[[X]], %[[Y]]]
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[TILE]], box[%[[X]], %[[Y]]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1 {read}
func.func @boxes(%desc: !llvm.ptr, %tile: !llvm.ptr<3>, %raw: !llvm.ptr<3>, %x: i32, %y: i32) {
  %dst = fly.make_ptr(%tile) : (!llvm.ptr<3>) -> !fly.ptr<f16, shared>
  %bar = fly.make_ptr(%raw) : (!llvm.ptr<3>) -> !bar
  fly_nvvm.tma_load(%desc, %dst, %bar)[%x, %y] : !llvm.ptr, !fly.ptr<f16, shared>, !bar
  fly_nvvm.tma_store(%desc, %dst)[%x, %y] : !llvm.ptr, !fly.ptr<f16, shared>
  fly_nvvm.tma_store_wait {pending = 1 : i32}
  return
}
