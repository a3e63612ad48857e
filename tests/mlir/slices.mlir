// RUN: fly-opt %s --fly-canonicalize --fly-layout-lowering --fly-lower-to-llvm --canonicalize | FileCheck %s
// idx2crd (and the flat and 1-D coordinates), slice, dice, get, take, select, recast_layout and
// tile_to_shape: result types from the host algebra (the
// generic form's declared types must equal the inferred ones, or the parser refuses them),
// static answers folded, dynamic ones computed from the SSA leaves.

// A constant index: each leaf is (i / stride) % extent, all static, so the coordinate is in
// the result type and its leaves fold: 17 by (2,(3,4)):(12,(1,3)) is (1,(2,1)).
// CHECK-LABEL: func.func @idx2crd_static
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: return %[[C1]], %[[C2]], %[[C1]]
func.func @idx2crd_static() -> (index, index, index) {
  %l = fly.static : !fly.layout<(2,(3,4)):(12,(1,3))>
  %i = fly.static : !fly.int_tuple<17>
  %c = fly.idx2crd(%i, %l) : (!fly.int_tuple<17>, !fly.layout<(2,(3,4)):(12,(1,3))>)
       -> !fly.int_tuple<(1,(2,1))>
  %a:3 = fly.get_leaves(%c) : (!fly.int_tuple<(1,(2,1))>) -> (index, index, index)
  return %a#0, %a#1, %a#2 : index, index, index
}

// A run-time index in a column-major static layout: division and remainder by constants only
// (each leaf is reduced by its extent, the last one too), in the index's own i32.
// CHECK-LABEL: func.func @idx2crd_index
// CHECK-SAME: (%[[I:.*]]: i32)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[R:.*]] = arith.remsi %[[I]], %[[C4]] : i32
// CHECK-DAG: %[[Q:.*]] = arith.divsi %[[I]], %[[C4]] : i32
// CHECK-DAG: %[[Q8:.*]] = arith.remsi %[[Q]], %[[C8]] : i32
// CHECK-DAG: %[[RI:.*]] = arith.index_cast %[[R]] : i32 to index
// CHECK-DAG: %[[Q8I:.*]] = arith.index_cast %[[Q8]] : i32 to index
// CHECK: return %[[RI]], %[[Q8I]]
func.func @idx2crd_index(%i: i32) -> (index, index) {
  %l = fly.static : !fly.layout<(4,8):(1,4)>
  %t = fly.make_int_tuple(%i) : (i32) -> !fly.int_tuple<?>
  %c = fly.idx2crd(%t, %l) : (!fly.int_tuple<?>, !fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<(?,?)>
  %a:2 = fly.get_leaves(%c) : (!fly.int_tuple<(?,?)>) -> (index, index)
  return %a#0, %a#1 : index, index
}

// A dynamic extent divides by its SSA leaf; only the dynamic leaves are asked for.
// CHECK-LABEL: func.func @idx2crd_dynamic
// CHECK-SAME: (%[[M:.*]]: index, %[[I:.*]]: index)
// CHECK-DAG: %[[R:.*]] = arith.remsi %[[I]], %[[M]]
// CHECK-DAG: %[[Q:.*]] = arith.divsi %[[I]], %[[M]]
// CHECK-DAG: %[[Q8:.*]] = arith.remsi %[[Q]], %{{.*}}
// CHECK: return %[[R]], %[[Q8]]
func.func @idx2crd_dynamic(%m: index, %i: index) -> (index, index) {
  %shape = fly.make_shape(%m) : (index) -> !fly.int_tuple<(?,8)>
  %stride = fly.make_stride(%m) : (index) -> !fly.int_tuple<(1,?)>
  %l = fly.make_layout(%shape, %stride) : (!fly.int_tuple<(?,8)>, !fly.int_tuple<(1,?)>)
       -> !fly.layout<(?,8):(1,?)>
  %t = fly.make_int_tuple(%i) : (index) -> !fly.int_tuple<?>
  %c = fly.idx2crd(%t, %l) : (!fly.int_tuple<?>, !fly.layout<(?,8):(1,?)>) -> !fly.int_tuple<(?,?)>
  %a:2 = fly.get_leaves(%c) {dynamicOnly = true} : (!fly.int_tuple<(?,?)>) -> (index, index)
  return %a#0, %a#1 : index, index
}

// The flat coordinate reads each top-level mode as one index, the 1-D coordinate the whole
// shape: 5 by ((2,4),8):((1,2),8) is ((1,2),0), flat (5,0), and 5 in one dimension.
// CHECK-LABEL: func.func @flat_coordinates
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: return %[[C5]], %[[C0]], %[[C5]]
func.func @flat_coordinates() -> (index, index, index) {
  %l = fly.static : !fly.layout<((2,4),8):((1,2),8)>
  %i = fly.static : !fly.int_tuple<5>
  %f = fly.get_flat_coord(%i, %l) : (!fly.int_tuple<5>, !fly.layout<((2,4),8):((1,2),8)>)
       -> !fly.int_tuple<(5,0)>
  %o = fly.get_1d_coord(%i, %l) : (!fly.int_tuple<5>, !fly.layout<((2,4),8):((1,2),8)>)
       -> !fly.int_tuple<5>
  %a:2 = fly.get_leaves(%f) : (!fly.int_tuple<(5,0)>) -> (index, index)
  %b = fly.get_scalar(%o) : (!fly.int_tuple<5>) -> index
  return %a#0, %a#1, %b : index, index, index
}

// CuTe's answers for slice and dice of (4,(8,2)):(16,(1,8)) at (*,(3,*)) (the dice keeps one
// mode, CuTe's (8):(1), which FlyDSL unwraps to 8:1), the f16 layout read
// as f32, and a 2x2 block tiled to (4,8) column-major and row-major; then the same structure
// ops on int tuples: get, take, select, slice.
// CHECK-LABEL: func.func @transforms
// CHECK-SAME: -> (!fly.layout<(4,2):(16,8)>, !fly.layout<8:1>, !fly.layout<(4,(4,2)):(8,(1,4))>, !fly.layout<((2,2),(2,4)):((2,4),(1,8))>, !fly.layout<((2,2),(2,4)):((2,16),(1,4))>)
// CHECK-NOT: fly.slice
// CHECK-NOT: fly.tile_to_shape
func.func @transforms() -> (!fly.layout<(4,2):(16,8)>, !fly.layout<8:1>,
                            !fly.layout<(4,(4,2)):(8,(1,4))>,
                            !fly.layout<((2,2),(2,4)):((2,4),(1,8))>,
                            !fly.layout<((2,2),(2,4)):((2,16),(1,4))>) {
  %l = fly.static : !fly.layout<(4,(8,2)):(16,(1,8))>
  %c = fly.static : !fly.int_tuple<(*,(3,*))>
  %s = fly.slice(%l, %c) : (!fly.layout<(4,(8,2)):(16,(1,8))>, !fly.int_tuple<(*,(3,*))>)
       -> !fly.layout<(4,2):(16,8)>
  %d = fly.dice(%l, %c) : (!fly.layout<(4,(8,2)):(16,(1,8))>, !fly.int_tuple<(*,(3,*))>)
       -> !fly.layout<8:1>
  %r = fly.recast_layout(%l) {new_type_bits = 32 : i32, old_type_bits = 16 : i32}
       : (!fly.layout<(4,(8,2)):(16,(1,8))>) -> !fly.layout<(4,(4,2)):(8,(1,4))>
  %b = fly.static : !fly.layout<(2,2):(2,1)>
  %shape = fly.static : !fly.int_tuple<(4,8)>
  %col = fly.static : !fly.int_tuple<(0,1)>
  %row = fly.static : !fly.int_tuple<(1,0)>
  %t = fly.tile_to_shape(%b, %shape, %col)
       : (!fly.layout<(2,2):(2,1)>, !fly.int_tuple<(4,8)>, !fly.int_tuple<(0,1)>)
       -> !fly.layout<((2,2),(2,4)):((2,4),(1,8))>
  %u = fly.tile_to_shape(%b, %shape, %row)
       : (!fly.layout<(2,2):(2,1)>, !fly.int_tuple<(4,8)>, !fly.int_tuple<(1,0)>)
       -> !fly.layout<((2,2),(2,4)):((2,16),(1,4))>
  return %s, %d, %r, %t, %u : !fly.layout<(4,2):(16,8)>, !fly.layout<8:1>,
                              !fly.layout<(4,(4,2)):(8,(1,4))>,
                              !fly.layout<((2,2),(2,4)):((2,4),(1,8))>,
                              !fly.layout<((2,2),(2,4)):((2,16),(1,4))>
}

// Structure ops on int tuples with dynamic leaves carry the SSA leaves: mode (1,0) of
// (2,(?,3)) is the leaf itself, the last two modes of (4,?,?) are the operands.
// CHECK-LABEL: func.func @tuple_structure
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[S:.*]] = arith.addi %[[B]], %[[A]]
// CHECK: return %[[A]], %[[S]]
func.func @tuple_structure(%a: index, %b: index) -> (index, index) {
  %t = fly.make_int_tuple(%a) : (index) -> !fly.int_tuple<(2,(?,3))>
  %g = fly.get(%t) {mode = array<i32: 1, 0>} : (!fly.int_tuple<(2,(?,3))>) -> !fly.int_tuple<?>
  %x = fly.get_scalar(%g) : (!fly.int_tuple<?>) -> index
  %u = fly.make_int_tuple(%a, %b) : (index, index) -> !fly.int_tuple<(4,?,?)>
  %k = fly.take(%u) {begin = 1 : i32, end = 3 : i32} : (!fly.int_tuple<(4,?,?)>) -> !fly.int_tuple<(?,?)>
  // As in FlyDSL: a take of one mode is that mode, and end -1 takes to the last mode.
  %one = fly.take(%u) {begin = 0 : i32, end = 1 : i32} : (!fly.int_tuple<(4,?,?)>) -> !fly.int_tuple<4>
  %rest = fly.take(%u) {begin = 1 : i32, end = -1 : i32} : (!fly.int_tuple<(4,?,?)>) -> !fly.int_tuple<(?,?)>
  %p = fly.select(%rest) {indices = array<i32: 1>} : (!fly.int_tuple<(?,?)>) -> !fly.int_tuple<?>
  %q = fly.select(%k) {indices = array<i32: 0>} : (!fly.int_tuple<(?,?)>) -> !fly.int_tuple<?>
  %sum = fly.int_tuple_add(%p, %q) : (!fly.int_tuple<?>, !fly.int_tuple<?>) -> !fly.int_tuple<?>
  %y = fly.get_scalar(%sum) : (!fly.int_tuple<?>) -> index
  return %x, %y : index, index
}

// A column of a dynamic layout: the slice keeps the dynamic stride's SSA leaf, and the
// column's origin is crd2idx at the coordinate with `*` read as 0.
// CHECK-LABEL: func.func @column
// CHECK-SAME: (%[[M:.*]]: index, %[[S:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[A:.*]] = arith.muli %[[S]], %[[I]]
// CHECK: %[[B:.*]] = arith.addi %[[J]], %[[A]]
// CHECK: return %[[B]]
func.func @column(%m: index, %s: index, %i: index, %j: index) -> index {
  %c0 = arith.constant 0 : index
  %l = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>
  %c = fly.make_coord(%c0, %j) : (index, index) -> !fly.int_tuple<(?,?)>
  %origin = fly.crd2idx(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(?,8):(?,1)>) -> !fly.int_tuple<?>
  %keep = fly.static : !fly.int_tuple<(*,5)>
  %column = fly.slice(%l, %keep) : (!fly.layout<(?,8):(?,1)>, !fly.int_tuple<(*,5)>) -> !fly.layout<?:?>
  %ci = fly.make_coord(%i) : (index) -> !fly.int_tuple<?>
  %in = fly.crd2idx(%ci, %column) : (!fly.int_tuple<?>, !fly.layout<?:?>) -> !fly.int_tuple<?>
  %a = fly.get_scalar(%origin) : (!fly.int_tuple<?>) -> index
  %b = fly.get_scalar(%in) : (!fly.int_tuple<?>) -> index
  %o = arith.addi %a, %b : index
  return %o : index
}

// A tensor's slice is a tensor: its pointer moved to the slice's origin (row i: 8 i elements),
// its layout the sliced one, 8:1 (FlyDSL's: CuTe's (8):(1) with its one mode unwrapped); a
// multiple of 8 f32 keeps the base's 16 bytes.
// CHECK-LABEL: func.func @tensor_row
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[I:.*]]: i32)
// CHECK: %[[OFF:.*]] = arith.muli %[[I]], %{{.*}} : i32
// CHECK: %[[ROW:.*]] = llvm.getelementptr %[[P]][%[[OFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[ROW]][3] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK: llvm.load %[[AT]] {alignment = 4 : i64}
func.func @tensor_row(%p: !llvm.ptr<1>, %i: i32) -> f32 {
  %ptr = fly.make_ptr(%p) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align<16>>
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %t = fly.make_view(%ptr, %l) : (!fly.ptr<f32, global, align<16>>, !fly.layout<(4,8):(8,1)>)
       -> !fly.memref<f32, global, (4,8):(8,1), align<16>>
  %c = fly.make_int_tuple(%i) : (i32) -> !fly.int_tuple<(?,*)>
  %row = fly.slice(%t, %c) : (!fly.memref<f32, global, (4,8):(8,1), align<16>>, !fly.int_tuple<(?,*)>)
         -> !fly.memref<f32, global, 8:1, align<16>>
  %k = fly.make_int_tuple() : () -> !fly.int_tuple<3>
  %x = fly.memref.load(%row, %k) : (!fly.memref<f32, global, 8:1, align<16>>, !fly.int_tuple<3>)
       -> f32
  return %x : f32
}

// A column's origin moves by one element: the slice keeps 4 bytes of alignment.
// CHECK-LABEL: func.func @tensor_column
func.func @tensor_column(%p: !llvm.ptr<1>) -> !fly.memref<f32, global, 4:8, align<4>> {
  %ptr = fly.make_ptr(%p) : (!llvm.ptr<1>) -> !fly.ptr<f32, global, align<16>>
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %t = fly.make_view(%ptr, %l) : (!fly.ptr<f32, global, align<16>>, !fly.layout<(4,8):(8,1)>)
       -> !fly.memref<f32, global, (4,8):(8,1), align<16>>
  %c = fly.make_int_tuple() : () -> !fly.int_tuple<(*,1)>
  %col = fly.slice(%t, %c) : (!fly.memref<f32, global, (4,8):(8,1), align<16>>, !fly.int_tuple<(*,1)>)
         -> !fly.memref<f32, global, 4:8, align<4>>
  return %col : !fly.memref<f32, global, 4:8, align<4>>
}

// A slice that keeps one hierarchical mode is that mode, as FlyDSL's slice gives it: tile b of
// a zipped divide ((2,4),(2,2)) is the (2,4) tile itself, of a layout, an int tuple and a
// tensor alike (the declared types are the inferred ones); element (1,3) of tile (1,0) is at the
// tile's origin, 16, and 8 + 3 from there.
// CHECK-LABEL: func.func @one_mode_tile
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>)
// CHECK: %[[T:.*]] = llvm.getelementptr %[[P]][16]
// CHECK: %[[E:.*]] = llvm.getelementptr %[[T]][11]
// CHECK: llvm.load %[[E]]
func.func @one_mode_tile(%p: !llvm.ptr<1>) -> f32 {
  %l = fly.static : !fly.layout<((2,4),(2,2)):((8,1),(16,4))>
  %b = fly.static : !fly.int_tuple<(*,(1,0))>
  %tile = fly.slice(%l, %b) : (!fly.layout<((2,4),(2,2)):((8,1),(16,4))>, !fly.int_tuple<(*,(1,0))>)
          -> !fly.layout<(2,4):(8,1)>
  %shape = fly.static : !fly.int_tuple<((2,4),(2,2))>
  %ts = fly.slice(%shape, %b) : (!fly.int_tuple<((2,4),(2,2))>, !fly.int_tuple<(*,(1,0))>)
        -> !fly.int_tuple<(2,4)>
  %ptr = fly.make_ptr(%p) : (!llvm.ptr<1>) -> !fly.ptr<f32, global>
  %t = fly.make_view(%ptr, %l) : (!fly.ptr<f32, global>, !fly.layout<((2,4),(2,2)):((8,1),(16,4))>)
       -> !fly.memref<f32, global, ((2,4),(2,2)):((8,1),(16,4))>
  %s = fly.slice(%t, %b) : (!fly.memref<f32, global, ((2,4),(2,2)):((8,1),(16,4))>, !fly.int_tuple<(*,(1,0))>)
       -> !fly.memref<f32, global, (2,4):(8,1), align<4>>
  %c = fly.static : !fly.int_tuple<(1,3)>
  %x = fly.memref.load(%s, %c) : (!fly.memref<f32, global, (2,4):(8,1), align<4>>, !fly.int_tuple<(1,3)>) -> f32
  return %x : f32
}
