// RUN: fly-opt %s --fly-layout-lowering --fly-lower-to-llvm | FileCheck %s --check-prefix=OWN
// RUN: fly-opt %s '--fly-layout-lowering=no-wrap=true' '--fly-lower-to-llvm=no-wrap=true' | FileCheck %s --check-prefix=NOWRAP
// The width leaves are combined in. By default each op computes in the wider of its operands'
// types, as FlyDSL does, so i32 leaves give an i32 offset that wraps past 2^31. With no-wrap
// (what the kernel pipeline asks for) an offset that may pass 2^31 is computed in i64, and one
// whose leaves are i32 and that provably fits stays in i32.

// OWN-LABEL: func.func @far
// OWN: %[[A:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// OWN: arith.addi %[[A]], %{{.*}} : i32
// NOWRAP-LABEL: func.func @far
// NOWRAP-SAME: (%[[I:.*]]: i32, %[[S:.*]]: i32)
// NOWRAP-DAG: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// NOWRAP-DAG: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
// NOWRAP: %[[A:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// NOWRAP: %[[B:.*]] = arith.addi %[[A]], %{{.*}} : i64
// NOWRAP: return %[[B]] : i64
func.func @far(%i: i32, %s: i32) -> i64 {
  %shape = fly.make_shape() : () -> !fly.int_tuple<(4,8)>
  %stride = fly.make_stride(%s) : (i32) -> !fly.int_tuple<(?,1)>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(4,8)>, !fly.int_tuple<(?,1)>)
       -> !fly.layout<(4,8):(?,1)>
  %c = fly.make_coord(%i) : (i32) -> !fly.int_tuple<(?,3)>
  %o = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,3)>, !fly.layout<(4,8):(?,1)>) -> !fly.int_tuple<?>
  %r = fly.get_scalar(%o) : (!fly.int_tuple<?>) -> i64
  return %r : i64
}

// The thread index is below 1024 and the strides are constants: i32 with no-wrap.
// NOWRAP-LABEL: func.func @near
// NOWRAP: arith.muli %{{.*}}, %{{.*}} : i32
// NOWRAP-NOT: arith.muli {{.*}} : i64
// NOWRAP: return
func.func @near() -> i32 {
  %x = gpu.thread_id x
  %t = arith.index_cast %x : index to i32
  %l = fly.static : !fly.layout<(32,32):(64,1)>
  %c = fly.make_coord(%t) : (i32) -> !fly.int_tuple<(?,5)>
  %o = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,5)>, !fly.layout<(32,32):(64,1)>)
       -> !fly.int_tuple<?>
  %r = fly.get_scalar(%o) : (!fly.int_tuple<?>) -> i32
  return %r : i32
}
