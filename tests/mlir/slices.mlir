// RUN: fly-opt %s --fly-canonicalize --fly-layout-lowering --canonicalize | FileCheck %s
// idx2crd, slice, dice, recast and tile_to_shape: result types from the host algebra (the
// generic form's declared types must equal the inferred ones, or the parser refuses them),
// static answers folded, dynamic ones computed from the SSA leaves.

// A constant index in a static shape folds to its coordinate: 17 in (2,(3,4)) is (1,2,2).
// CHECK-LABEL: func.func @idx2crd_static
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[C1]], %[[C2]], %[[C2]]
func.func @idx2crd_static() -> (index, index, index) {
  %l = fly.layout : !fly.layout<(2,(3,4)):(12,(1,3))>
  %i = arith.constant 17 : index
  %c:3 = fly.idx2crd %l[%i] : !fly.layout<(2,(3,4)):(12,(1,3))>
  return %c#0, %c#1, %c#2 : index, index, index
}

// A run-time index in a static shape: division and remainder by constants only.
// CHECK-LABEL: func.func @idx2crd_index
// CHECK-SAME: (%[[I:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[R:.*]] = arith.remsi %[[I]], %[[C4]]
// CHECK-DAG: %[[Q:.*]] = arith.divsi %[[I]], %[[C4]]
// CHECK: return %[[R]], %[[Q]]
func.func @idx2crd_index(%i: index) -> (index, index) {
  %l = fly.layout : !fly.layout<(4,8):(8,1)>
  %c:2 = fly.idx2crd %l[%i] : !fly.layout<(4,8):(8,1)>
  return %c#0, %c#1 : index, index
}

// A dynamic extent divides by its SSA leaf.
// CHECK-LABEL: func.func @idx2crd_dynamic
// CHECK-SAME: (%[[M:.*]]: index, %[[S:.*]]: index, %[[I:.*]]: index)
// CHECK-DAG: %[[R:.*]] = arith.remsi %[[I]], %[[M]]
// CHECK-DAG: %[[Q:.*]] = arith.divsi %[[I]], %[[M]]
// CHECK: return %[[R]], %[[Q]]
func.func @idx2crd_dynamic(%m: index, %s: index, %i: index) -> (index, index) {
  %l = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>
  %c:2 = fly.idx2crd %l[%i] : !fly.layout<(?,8):(?,1)>
  return %c#0, %c#1 : index, index
}

// CuTe's answers for slice and dice of (4,(8,2)):(16,(1,8)) at (_,(3,_)), the f16 layout read
// as f32, and a 2x2 block tiled to (4,8) column-major and row-major.
// CHECK-LABEL: func.func @transforms
// CHECK-SAME: -> (!fly.layout<(4,2):(16,8)>, !fly.layout<(8):(1)>, !fly.layout<(4,(4,2)):(8,(1,4))>, !fly.layout<((2,2),(2,4)):((2,4),(1,8))>, !fly.layout<((2,2),(2,4)):((2,16),(1,4))>)
// CHECK-NOT: fly.slice
// CHECK-NOT: fly.tile_to_shape
func.func @transforms() -> (!fly.layout<(4,2):(16,8)>, !fly.layout<(8):(1)>,
                            !fly.layout<(4,(4,2)):(8,(1,4))>,
                            !fly.layout<((2,2),(2,4)):((2,4),(1,8))>,
                            !fly.layout<((2,2),(2,4)):((2,16),(1,4))>) {
  %l = fly.layout : !fly.layout<(4,(8,2)):(16,(1,8))>
  %s = "fly.slice"(%l) <{coord = "(_,(3,_))"}> : (!fly.layout<(4,(8,2)):(16,(1,8))>) -> !fly.layout<(4,2):(16,8)>
  %d = "fly.dice"(%l) <{coord = "(_,(3,_))"}> : (!fly.layout<(4,(8,2)):(16,(1,8))>) -> !fly.layout<(8):(1)>
  %r = "fly.recast"(%l) <{from = f16, to = f32}> : (!fly.layout<(4,(8,2)):(16,(1,8))>) -> !fly.layout<(4,(4,2)):(8,(1,4))>
  %b = fly.layout : !fly.layout<(2,2):(2,1)>
  %t = fly.tile_to_shape %b "(4,8)" : !fly.layout<(2,2):(2,1)>
  %u = fly.tile_to_shape %b "(4,8)" order "(1,0)" : !fly.layout<(2,2):(2,1)>
  return %s, %d, %r, %t, %u : !fly.layout<(4,2):(16,8)>, !fly.layout<(8):(1)>,
                              !fly.layout<(4,(4,2)):(8,(1,4))>,
                              !fly.layout<((2,2),(2,4)):((2,4),(1,8))>,
                              !fly.layout<((2,2),(2,4)):((2,16),(1,4))>
}

// A column of a dynamic layout: the slice keeps the dynamic stride's SSA leaf, and the
// column's origin is crd2idx at the coordinate with `_` read as 0.
// CHECK-LABEL: func.func @column
// CHECK-SAME: (%[[M:.*]]: index, %[[S:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[A:.*]] = arith.muli %[[S]], %[[I]]
// CHECK: %[[B:.*]] = arith.addi %[[J]], %[[A]]
// CHECK: return %[[B]]
func.func @column(%m: index, %s: index, %i: index, %j: index) -> index {
  %c0 = arith.constant 0 : index
  %l = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>
  %origin = fly.crd2idx %l[%c0, %j] : !fly.layout<(?,8):(?,1)>
  %column = fly.slice %l "(_,5)" : !fly.layout<(?,8):(?,1)>
  %in = fly.crd2idx %column[%i] : !fly.layout<(?):(?)>
  %o = arith.addi %origin, %in : index
  return %o : index
}
