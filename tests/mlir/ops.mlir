// RUN: fly-opt %s | fly-opt | FileCheck %s
// Layout types print and parse back; result types are inferred with the host algebra, so a
// declared type that differed from CuTe's answer would fail to verify.

// CHECK-LABEL: func.func @algebra
// CHECK-SAME: -> (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>, !fly.layout<(15,2):(1,15)>, !fly.layout<(2,4):(0,1)>)
func.func @algebra() -> (!fly.layout<((8,2),(1,8)):((16,1),(0,2))>, !fly.layout<(15,2):(1,15)>,
                         !fly.layout<(2,4):(0,1)>) {
  // CHECK: fly.raked_product
  %a = fly.static : !fly.layout<(2,8):(1,2)>
  %t = fly.static : !fly.layout<(8):(1)>
  %r = fly.raked_product(%a, %t) : (!fly.layout<(2,8):(1,2)>, !fly.layout<(8):(1)>)
       -> !fly.layout<((8,2),(1,8)):((16,1),(0,2))>
  // CHECK: fly.logical_divide
  %b = fly.static : !fly.layout<(8,1,2):(1,1,8)>
  %u = fly.static : !fly.layout<15:1>
  %d = fly.logical_divide(%b, %u) : (!fly.layout<(8,1,2):(1,1,8)>, !fly.layout<15:1>)
       -> !fly.layout<(15,2):(1,15)>
  // CHECK: fly.left_inverse
  %c = fly.static : !fly.layout<4:2>
  %li = fly.left_inverse(%c) : (!fly.layout<4:2>) -> !fly.layout<(2,4):(0,1)>
  return %r, %d, %li : !fly.layout<((8,2),(1,8)):((16,1),(0,2))>, !fly.layout<(15,2):(1,15)>,
                       !fly.layout<(2,4):(0,1)>
}

// A layout as the tiler divides the layout's function, not mode by mode.
// CHECK-LABEL: func.func @zipped
// CHECK-SAME: -> (!fly.layout<((2,(2,2)),4):((8,(16,1)),2)>, !fly.layout<(4,8):(8,1)>)
func.func @zipped() -> (!fly.layout<((2,(2,2)),4):((8,(16,1)),2)>, !fly.layout<(4,8):(8,1)>) {
  %l = fly.static : !fly.layout<(4,8):(8,1)>
  %t = fly.static : !fly.layout<(2,4):(1,2)>
  %z = fly.zipped_divide(%l, %t) : (!fly.layout<(4,8):(8,1)>, !fly.layout<(2,4):(1,2)>)
       -> !fly.layout<((2,(2,2)),4):((8,(16,1)),2)>
  %c = fly.coalesce(%l) : (!fly.layout<(4,8):(8,1)>) -> !fly.layout<(4,8):(8,1)>
  return %z, %c : !fly.layout<((2,(2,2)),4):((8,(16,1)),2)>, !fly.layout<(4,8):(8,1)>
}

// Pointers, tensors, copy atoms and tiled copies print and parse back; the default alignment
// (the element's size) is not printed.
// CHECK-LABEL: func.func @memory_types
// CHECK-SAME: !fly.ptr<f16, shared>
// CHECK-SAME: !fly.memref<f32, global, (4,?):(?,1), align<16>>
// CHECK-SAME: !fly.memref<bf16, shared, (8,64):(64,1), align<16>, swizzle<3,3,3>>
// CHECK-SAME: !fly.copy_atom<!fly_nvvm.cp_async<64>, 16>
// CHECK-SAME: !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>
func.func @memory_types(%p: !fly.ptr<f16, shared, align 2>,
                        %t: !fly.memref<f32, global, (4,?):(?,1), align 16>,
                        %s: !fly.memref<bf16, shared, (8,64):(64,1), align 16, swizzle<3,3,3>>,
                        %a: !fly.copy_atom<!fly_nvvm.cp_async<64>, 16>,
                        %c: !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>) {
  return
}

// The partition's type comes from the algebra: with a declared result type that differed, the
// generic form below would not verify.
// CHECK-LABEL: func.func @partition
// CHECK: fly.tiled_copy.partition_src
func.func @partition(%t: !fly.memref<f32, global, (32,16):(16,1), align 16>, %tid: !fly.int_tuple<?>) {
  %a = fly.make_copy_atom {valBits = 32 : i32} : !fly.copy_atom<!fly.universal_copy<128>, 32>
  %tc_tv = fly.static : !fly.layout<((4,32),4):((128,1),32)>
  %tc_tile = fly.static : !fly.tile<[32|16]>
  %tc = "fly.make_tiled_copy"(%a, %tc_tv, %tc_tile) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>) -> !fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>
  %p = "fly.tiled_copy.partition_src"(%tc, %t, %tid) : (!fly.tiled_copy<!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.layout<((4,32),4):((128,1),32)>, !fly.tile<[32|16]>>, !fly.memref<f32, global, (32,16):(16,1), align 16>, !fly.int_tuple<?>) -> !fly.memref<f32, global, ((4,1),1,1):((1,0),0,0), align 16>
  return
}

// Compositions, divides and products come in FlyDSL's canonical form: a tuple of one mode is
// that mode and an extent-1 leaf has stride 0 (CuTe would write ((8),(4)):((1),(8))). A
// !fly.tile tiles mode by mode; `*` keeps a mode.
// CHECK-LABEL: func.func @tiles
// CHECK: fly.logical_product(%{{.*}}, %{{.*}}) : (!fly.layout<(8):(1)>, !fly.layout<(4):(1)>) -> !fly.layout<(8,4):(1,8)>
// CHECK: fly.static : !fly.tile<[2:7|*]>
// CHECK: fly.logical_divide(%{{.*}}, %{{.*}}) : (!fly.layout<(14,6):(19,69)>, !fly.tile<[2:7|*]>) -> !fly.layout<((2,7),6):((133,19),69)>
func.func @tiles() {
  %a = fly.static : !fly.layout<(8):(1)>
  %b = fly.static : !fly.layout<(4):(1)>
  %p = fly.logical_product(%a, %b) : (!fly.layout<(8):(1)>, !fly.layout<(4):(1)>) -> !fly.layout<(8,4):(1,8)>
  %l = fly.static : !fly.layout<(14,6):(19,69)>
  %t = fly.static : !fly.tile<[2 : 7 | *]>
  %z = fly.logical_divide(%l, %t) : (!fly.layout<(14,6):(19,69)>, !fly.tile<[2:7|*]>)
       -> !fly.layout<((2,7),6):((133,19),69)>
  return
}

// Constructors: a shape in a given order of modes, a shape onto its own coordinates (basis
// strides, written 1E0 as FlyDSL writes CuTe's 1@0), and a compact layout with another
// layout's order of strides (a stride of 0 stays 0).
// CHECK-LABEL: func.func @constructors
// CHECK: -> !fly.layout<(4,(2,8)):(2,(1,8))>
// CHECK: -> !fly.layout<(4,8):(1E0,1E1)>
// CHECK: -> !fly.layout<(4,2,8):(8,0,1)>
func.func @constructors() {
  %s = fly.static : !fly.int_tuple<(4,(2,8))>
  %o = fly.static : !fly.int_tuple<(1,(0,2))>
  %a = fly.make_ordered_layout(%s, %o) : (!fly.int_tuple<(4,(2,8))>, !fly.int_tuple<(1,(0,2))>)
       -> !fly.layout<(4,(2,8)):(2,(1,8))>
  %t = fly.static : !fly.int_tuple<(4,8)>
  %i = fly.make_identity_layout(%t) : (!fly.int_tuple<(4,8)>) -> !fly.layout<(4,8):(1E0,1E1)>
  %r = fly.static : !fly.layout<(4,2,8):(16,0,2)>
  %l = fly.make_layout_like(%r) : (!fly.layout<(4,2,8):(16,0,2)>) -> !fly.layout<(4,2,8):(8,0,1)>
  return
}
